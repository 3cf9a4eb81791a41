/* json_reader.c -- see json_reader.h.
 *
 * Two halves. The strict pass (jr_parse) is one loop over three places (a
 * value is expected, a member name is expected, a value just ended) with an
 * explicit stack of open containers; it decodes nothing, it checks, and
 * writes one span (jr_token) per value and name. The common cases (short
 * plain strings, small integers, compact text) stay in the loop; anything
 * else, and every error, goes to a function of its own. A small compact
 * object of scalars (a tile, a figure: most of a request) is read by
 * flat_object() in one straight walk that writes the same spans, or
 * leaves it to the loop at the first thing it does not take. Its errors,
 * pointers and details are those of the tree-building parser the service
 * used before (kept as the oracle of the differential tests: tests/support/
 * oracle_json.c), byte for byte. A caller's lane (json_reader.h) may take
 * an array it knows whole instead: the pass then writes one span for it.
 *
 * The walk (jr_iter, jr_obj, jr_string ...) then trusts the spans: every
 * string terminated and well-formed, every number valid, every container's
 * end known, so stepping over a value is one token, or one jump. */
#include "json_reader.h"

#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../text/problems.h"

#define JR_TITLE_SYNTAX SVC_P_MALFORMED_JSON
#define JR_TITLE_STRING SVC_P_INVALID_STRING
#define JR_TITLE_NUMBER SVC_P_NUMBER_OUT_OF_RANGE
#define JR_TITLE_DUPLICATE SVC_P_DUPLICATE_MEMBER
#define JR_TITLE_DEPTH SVC_P_NESTING_TOO_DEEP

/* ---- the pass's state ---------------------------------------------------- */

typedef struct {
    bool is_object;
    bool hashed;           /* objects: names also in the hash (past JR_LINEAR_NAMES) */
    uint32_t token;        /* the container's span */
    uint32_t count;        /* members or elements so far */
    const char *key;       /* objects: raw text of the current member name */
    uint32_t key_len;      /* (after the opening quote, escapes undecoded) */
    bool any_escaped;      /* objects: a name so far holds an escape */
    uint64_t seen;         /* objects: a bit per (length, first, last byte) of each name */
} jr_frame;

/* Names of objects with many members: open addressing over (object, name). */
typedef struct {
    uint32_t node;         /* the object's span; UINT32_MAX: empty slot */
    uint32_t hash;
    jr_str name;
} jr_name_slot;

typedef struct {
    size_t cap, used;
    jr_name_slot slots[];
} jr_name_table;

typedef struct {
    jr_doc *doc;
    const unsigned char *start, *end;
    int depth, max_depth;
    jr_name_table *names;  /* large objects' names, or NULL */
    jr_lane *lane;         /* or NULL */
    cc_error *err;
    jr_frame frames[JR_MAX_DEPTH];
} jr_parser;

#define META_TYPE_SHIFT JR_META_TYPE_SHIFT
#define META_ESCAPED JR_META_ESCAPED
#define META_LEN_MASK JR_META_LEN_MASK

/* Where an error points: see the header. */
typedef enum { AT_ROOT, AT_VALUE, AT_OBJECT } jr_where;

/* ---- JSON Pointers and excerpts ---------------------------------------- */

bool jr_pointer_member(char *out, const char *base, const char *name, size_t name_len)
{
    char tmp[CC_POINTER_MAX];
    size_t n = strlen(base);
    if (n + 1 >= sizeof tmp)
        goto too_long;
    memcpy(tmp, base, n);
    tmp[n++] = '/';
    for (size_t i = 0; i < name_len; i++) {
        const char *piece = name[i] == '~' ? "~0" : name[i] == '/' ? "~1" : NULL;
        size_t w = piece ? 2 : 1;
        if (n + w >= sizeof tmp)
            goto too_long;
        if (piece)
            memcpy(tmp + n, piece, 2);
        else
            tmp[n] = name[i];
        n += w;
    }
    tmp[n] = '\0';
    memcpy(out, tmp, n + 1);
    return true;
too_long:
    if (out != base)
        snprintf(out, CC_POINTER_MAX, "%s", base);
    return false;
}

bool jr_pointer_index(char *out, const char *base, size_t index)
{
    /* Called for every array element a decoder visits: no snprintf, and
     * digits need no RFC 6901 escape. */
    char digits[24];
    size_t n = sizeof digits;
    do {
        digits[--n] = (char)('0' + index % 10);
        index /= 10;
    } while (index > 0);
    size_t nd = sizeof digits - n, nb = strlen(base);
    if (nb + 1 + nd >= CC_POINTER_MAX) {
        if (out != base)
            snprintf(out, CC_POINTER_MAX, "%s", base);
        return false;
    }
    if (out != base)
        memcpy(out, base, nb);
    out[nb] = '/';
    memcpy(out + nb + 1, digits + n, nd);
    out[nb + 1 + nd] = '\0';
    return true;
}

/* Length of the UTF-8 sequence at p (Unicode table 3-7: no overlong forms,
 * no encoded surrogates, nothing over U+10FFFF), or 0 if invalid. */
static size_t utf8_sequence(const unsigned char *p, const unsigned char *end)
{
    size_t avail = (size_t)(end - p);
    unsigned c = p[0];
    if (c < 0x80)
        return 1;
    unsigned lo = 0x80, hi = 0xBF;
    size_t n;
    if (c >= 0xC2 && c <= 0xDF) n = 2;
    else if (c == 0xE0) { n = 3; lo = 0xA0; }
    else if (c >= 0xE1 && c <= 0xEC) n = 3;   /* NOLINT(bugprone-branch-clone): RFC 3629's rows */
    else if (c == 0xED) { n = 3; hi = 0x9F; }
    else if (c >= 0xEE && c <= 0xEF) n = 3;
    else if (c == 0xF0) { n = 4; lo = 0x90; }
    else if (c >= 0xF1 && c <= 0xF3) n = 4;
    else if (c == 0xF4) { n = 4; hi = 0x8F; }
    else return 0;
    if (avail < n || p[1] < lo || p[1] > hi)
        return 0;
    for (size_t i = 2; i < n; i++)
        if (p[i] < 0x80 || p[i] > 0xBF)
            return 0;
    return n;
}

void jr_quote_excerpt(char *buf, size_t cap, const char *s, size_t len, size_t max)
{
    const unsigned char *p = (const unsigned char *)s, *end = p + len;
    size_t take = 0;
    /* Whole characters only, so the detail stays valid UTF-8. */
    while (take < len) {
        size_t n = utf8_sequence(p + take, end);
        if (n == 0)
            n = 1;           /* never happens on validated text; be safe */
        if (take + n > max)
            break;
        take += n;
    }
    snprintf(buf, cap, "\"%.*s%s\"", (int)take, s, take < len ? "..." : "");
}

/* ---- decoding validated strings ------------------------------------------ */

static int hex_value(unsigned c)
{
    if (c >= '0' && c <= '9') return (int)(c - '0');
    if (c >= 'a' && c <= 'f') return (int)(c - 'a' + 10);
    if (c >= 'A' && c <= 'F') return (int)(c - 'A' + 10);
    return -1;
}

/* The 4 hex digits at p (p + 4 <= end checked by the caller), or -1. */
static long hex4(const unsigned char *p)
{
    long v = 0;
    for (int i = 0; i < 4; i++) {
        int h = hex_value(p[i]);
        if (h < 0)
            return -1;
        v = v * 16 + h;
    }
    return v;
}

static size_t utf8_encode(unsigned long cp, char *out)
{
    if (cp < 0x80) { out[0] = (char)cp; return 1; }
    if (cp < 0x800) {
        out[0] = (char)(0xC0 | (cp >> 6));
        out[1] = (char)(0x80 | (cp & 0x3F));
        return 2;
    }
    if (cp < 0x10000) {
        out[0] = (char)(0xE0 | (cp >> 12));
        out[1] = (char)(0x80 | ((cp >> 6) & 0x3F));
        out[2] = (char)(0x80 | (cp & 0x3F));
        return 3;
    }
    out[0] = (char)(0xF0 | (cp >> 18));
    out[1] = (char)(0x80 | ((cp >> 12) & 0x3F));
    out[2] = (char)(0x80 | ((cp >> 6) & 0x3F));
    out[3] = (char)(0x80 | (cp & 0x3F));
    return 4;
}

/* The decoded bytes of a validated raw string, one piece at a time: a run
 * of plain bytes, or one escape's UTF-8. */
typedef struct {
    const char *p, *end;
    char esc[4];
} jr_cursor;

/* The next piece (*piece, returns its length), or 0 at the end. */
static size_t cursor_next(jr_cursor *c, const char **piece)
{
    if (c->p >= c->end)
        return 0;
    if (*c->p != '\\') {
        const char *run = c->p;
        const char *bs = memchr(run, '\\', (size_t)(c->end - run));
        c->p = bs ? bs : c->end;
        *piece = run;
        return (size_t)(c->p - run);
    }
    char e = c->p[1];
    *piece = c->esc;
    if (e != 'u') {
        static const char from[] = "\"\\/bfnrt", to[] = "\"\\/\b\f\n\r\t";
        c->esc[0] = to[strchr(from, e) - from];
        c->p += 2;
        return 1;
    }
    /* Validated already: a BMP character or a surrogate pair. */
    unsigned long cp = (unsigned long)hex4((const unsigned char *)c->p + 2);
    c->p += 6;
    if (cp >= 0xD800 && cp <= 0xDBFF) {
        unsigned long low = (unsigned long)hex4((const unsigned char *)c->p + 2);
        cp = 0x10000 + ((cp - 0xD800) << 10) + (low - 0xDC00);
        c->p += 6;
    }
    return utf8_encode(cp, c->esc);
}

/* Decode raw[0..raw_len) into buf (cap - 1 bytes at most, NUL-terminated
 * when cap > 0); returns the whole decoded length; *nul says whether a
 * U+0000 was decoded. */
static size_t decode_raw(const char *raw, size_t raw_len, bool escaped, char *buf, size_t cap,
                         bool *nul)
{
    size_t n = 0;
    bool has_nul = false;
    if (!escaped) {
        n = raw_len;
        if (cap > 0) {
            size_t k = n < cap - 1 ? n : cap - 1;
            memcpy(buf, raw, k);
            buf[k] = '\0';
        }
    } else {
        jr_cursor c = { raw, raw + raw_len, { 0 } };
        const char *piece;
        size_t k;
        while ((k = cursor_next(&c, &piece)) > 0) {
            if (piece == c.esc && k == 1 && c.esc[0] == '\0')
                has_nul = true;
            if (n + 1 < cap) {
                size_t room = cap - 1 - n;
                memcpy(buf + n, piece, k < room ? k : room);
            }
            n += k;
        }
        if (cap > 0)
            buf[n < cap - 1 ? n : cap - 1] = '\0';
    }
    if (nul)
        *nul = has_nul;
    return n;
}

/* Are two validated raw names the same once decoded? */
static bool names_equal(jr_str a, jr_str b)
{
    if (!a.escaped && !b.escaped)
        return a.len == b.len && memcmp(a.raw, b.raw, a.len) == 0;
    jr_cursor ca = { a.raw, a.raw + a.len, { 0 } }, cb = { b.raw, b.raw + b.len, { 0 } };
    const char *pa = NULL, *pb = NULL;
    size_t na = 0, nb = 0;
    for (;;) {
        if (na == 0)
            na = cursor_next(&ca, &pa);
        if (nb == 0)
            nb = cursor_next(&cb, &pb);
        if (na == 0 || nb == 0)
            return na == nb;
        size_t k = na < nb ? na : nb;
        if (memcmp(pa, pb, k) != 0)
            return false;
        pa += k;
        pb += k;
        na -= k;
        nb -= k;
    }
}

static uint32_t name_hash(jr_str s)
{
    uint32_t h = 2166136261u;                 /* FNV-1a over the decoded bytes */
    jr_cursor c = { s.raw, s.raw + s.len, { 0 } };
    const char *piece;
    size_t k;
    while ((k = cursor_next(&c, &piece)) > 0)
        for (size_t i = 0; i < k; i++)
            h = (h ^ (unsigned char)piece[i]) * 16777619u;
    return h;
}

/* ---- errors ------------------------------------------------------------- */

/* The pointer of the value being read (AT_VALUE), of the object whose member
 * name is being read (AT_OBJECT), or "" (AT_ROOT). */
static void current_pointer(const jr_parser *ps, jr_where where, char *out)
{
    out[0] = '\0';
    if (where == AT_ROOT)
        return;
    int frames = where == AT_VALUE ? ps->depth : ps->depth - 1;
    for (int i = 0; i < frames; i++) {
        const jr_frame *f = &ps->frames[i];
        bool fits;
        if (f->is_object) {
            char name[CC_POINTER_MAX * 2];
            size_t n = decode_raw(f->key, f->key_len, memchr(f->key, '\\', f->key_len) != NULL,
                                  name, sizeof name, NULL);
            fits = n < sizeof name && jr_pointer_member(out, out, name, n);
        } else {
            fits = jr_pointer_index(out, out, f->count);
        }
        if (!fits)
            return;          /* out names the deepest ancestor that fits */
    }
}

/* Fail with problem and the detail msg with its arguments (service/text/
 * problems.h; CC_ARGS(...) or CC_NO_ARGS), at the pointer `where` says. */
static CC_COLD bool fail_at(jr_parser *ps, jr_where where, int status, int problem, int msg,
                            const cc_arg *args, size_t n)
{
    char pointer[CC_POINTER_MAX];
    current_pointer(ps, where, pointer);
    return cc_fail_text(ps->err, (cc_status)status, pointer, problem, msg, args, n);
}

#ifdef __clang_analyzer__
#define fail_at(...) ({ fail_at(__VA_ARGS__); false; })
#endif

static size_t offset(const jr_parser *ps, const unsigned char *p)
{
    return (size_t)(p - ps->start);
}

static CC_COLD bool fail_memory(jr_parser *ps)
{
    return fail_at(ps, AT_ROOT, 500, CC_MSG_P_OUT_OF_MEMORY, SVC_D_JSON_NO_MEMORY, CC_NO_ARGS);
}

/* Describe the byte at p for a person, as the arguments {found} and
 * {code}: the end of the body, 'x' when printable ASCII, else the byte
 * 0x{code} (terms of problems.def; the text in quote slot 2). */
typedef struct {
    cc_arg found, code;
} jr_found;

static jr_found describe_byte(const jr_parser *ps, const unsigned char *p)
{
    char buf[8];
    if (p >= ps->end)
        return (jr_found){ CC_TERM(FOUND, "json.end-of-body"), CC_STR(CODE, "") };
    if (*p >= 0x20 && *p < 0x7F) {
        snprintf(buf, sizeof buf, "'%c'", *p);
        return (jr_found){ CC_QUOTE(FOUND, cc_error_quote(ps->err, 2, buf)), CC_STR(CODE, "") };
    }
    snprintf(buf, sizeof buf, "%02X", *p);
    return (jr_found){ CC_TERM(FOUND, "json.byte"), CC_QUOTE(CODE, cc_error_quote(ps->err, 2, buf)) };
}

/* A structure error at p: "A member name ... was expected at byte N, but found X." */
static CC_COLD bool fail_expected(jr_parser *ps, const unsigned char *p)
{
    jr_found f = describe_byte(ps, p);
    return fail_at(ps, AT_ROOT, 400, JR_TITLE_SYNTAX, SVC_D_JSON_NAME_EXPECTED,
                   CC_ARGS(CC_INT(BYTE, offset(ps, p)), f.found, f.code));
}

/* ---- bytes ------------------------------------------------------------------ */

static inline const unsigned char *skip_ws(const unsigned char *p, const unsigned char *end)
{
    return (const unsigned char *)jr_skip_ws((const char *)p, (const char *)end);
}

static bool starts_with(const unsigned char *p, const unsigned char *end, const char *word)
{
    size_t n = strlen(word);
    return (size_t)(end - p) >= n && memcmp(p, word, n) == 0;
}

/* Bytes that may stand for themselves in a string: printable ASCII other
 * than '"' and '\'. Everything else takes the slow path. */
const bool jr_plain_byte[256] = {
#define R16(v) v, v, v, v, v, v, v, v, v, v, v, v, v, v, v, v
    R16(false), R16(false),                               /* 0x00-0x1F */
    true, true, false, true, true, true, true, true,      /* 0x20-0x27: not '"' */
    true, true, true, true, true, true, true, true,
    R16(true), R16(true),                                 /* 0x30-0x4F */
    true, true, true, true, true, true, true, true,       /* 0x50-0x5F: not '\' */
    true, true, true, true, false, true, true, true,
    R16(true), R16(true),                                 /* 0x60-0x7F */
#undef R16
};

/* The first byte at or after q that is not plain (jr_plain_byte), or end.
 * fence is one past the text's last byte that is not plain (jr_parse finds
 * it once): a run that starts before it ends by itself, so most runs -- every
 * string but one at the very end of a text -- need no bound checked. */
static inline const unsigned char *plain_run(const unsigned char *q, const unsigned char *end,
                                             const unsigned char *fence)
{
    if (q < fence) {
        while (jr_plain_byte[*q])
            q++;
        return q;
    }
    while (q < end && jr_plain_byte[*q])
        q++;
    return q;
}

/* One past the last byte of text[0..len) that is not plain (text if none). */
static const unsigned char *plain_fence(const unsigned char *text, size_t len)
{
    const unsigned char *q = text + len;
    while (q > text && jr_plain_byte[q[-1]])
        q--;
    return q;
}

/* ---- spans ---------------------------------------------------------------- */

static bool grow_tokens(jr_parser *ps)
{
    jr_doc *d = ps->doc;
    if (d->cap > UINT32_MAX / 2 / sizeof *d->tokens)
        return fail_memory(ps);
    uint32_t cap = d->cap > 0 ? d->cap * 2 : JR_INLINE_TOKENS;
    jr_token *tokens = d->tokens == d->inline_tokens ? malloc(sizeof *tokens * cap)
                                                     : realloc(d->tokens, sizeof *tokens * cap);
    if (tokens == NULL)
        return fail_memory(ps);
    if (d->tokens == d->inline_tokens)
        memcpy(tokens, d->inline_tokens, sizeof d->inline_tokens);
    d->tokens = tokens;
    d->cap = cap;
    return true;
}

static inline uint32_t meta_of(jr_type type, bool escaped, uint32_t len)
{
    return ((uint32_t)type << META_TYPE_SHIFT) | (escaped ? META_ESCAPED : 0) | len;
}

/* ---- strings ------------------------------------------------------------ */

/* Check the \u escape at *pp (pointing at the 'u'); one code point, a
 * surrogate pair counted as one. Returns the code point or -1 after
 * reporting the error. */
static long check_unicode_escape(jr_parser *ps, const unsigned char **pp, jr_where where)
{
    const unsigned char *p = *pp, *esc = p - 1;
    if (ps->end - p < 5 || hex4(p + 1) < 0) {
        fail_at(ps, where, 400, JR_TITLE_STRING, SVC_D_JSON_HEX_DIGITS,
                CC_ARGS(CC_INT(BYTE, offset(ps, esc))));
        return -1;
    }
    long cp = hex4(p + 1);
    p += 5;
    char code[24];
    if (cp >= 0xDC00 && cp <= 0xDFFF) {
        snprintf(code, sizeof code, "%04lx", cp);
        fail_at(ps, where, 400, JR_TITLE_STRING, SVC_D_JSON_LOW_SURROGATE,
                CC_ARGS(CC_QUOTE(CODE, cc_error_quote(ps->err, 0, code)),
                        CC_INT(BYTE, offset(ps, esc))));
        return -1;
    }
    if (cp >= 0xD800 && cp <= 0xDBFF) {
        long low = ps->end - p >= 6 && p[0] == '\\' && p[1] == 'u' ? hex4(p + 2) : -1;
        if (low < 0xDC00 || low > 0xDFFF) {
            snprintf(code, sizeof code, "%04lx", cp);
            fail_at(ps, where, 400, JR_TITLE_STRING, SVC_D_JSON_HIGH_SURROGATE,
                    CC_ARGS(CC_QUOTE(CODE, cc_error_quote(ps->err, 0, code)),
                            CC_INT(BYTE, offset(ps, esc))));
            return -1;
        }
        p += 6;
    }
    *pp = p;
    return cp;
}

/* The rest of the string that opens at `open`, from p, where the plain
 * bytes end: escapes, UTF-8, the end. Returns the byte after the closing
 * quote, or NULL after reporting the error. */
static const unsigned char *string_rest(jr_parser *ps, const unsigned char *open,
                                        const unsigned char *p, bool is_key, bool *escaped)
{
    jr_where where = is_key ? AT_OBJECT : AT_VALUE;
    const unsigned char *end = ps->end;
    for (;;) {
        while (p < end && jr_plain_byte[*p])
            p++;
        if (p == end) {
            fail_at(ps, where, 400, JR_TITLE_SYNTAX, SVC_D_JSON_STRING_OPEN,
                    CC_ARGS(CC_INT(BYTE, offset(ps, open))));
            return NULL;
        }
        if (*p == '"')
            return p + 1;
        if (*p < 0x20) {
            char code[8];
            snprintf(code, sizeof code, "%02X", *p);
            fail_at(ps, where, 400, JR_TITLE_STRING, SVC_D_JSON_CONTROL,
                    CC_ARGS(CC_QUOTE(CODE, cc_error_quote(ps->err, 0, code)),
                            CC_INT(BYTE, offset(ps, p))));
            return NULL;
        }
        if (*p >= 0x80) {
            size_t n = utf8_sequence(p, end);
            if (n == 0) {
                fail_at(ps, where, 400, JR_TITLE_STRING, SVC_D_JSON_UTF8,
                        CC_ARGS(CC_INT(BYTE, offset(ps, p))));
                return NULL;
            }
            p += n;
            continue;
        }
        /* A backslash. */
        *escaped = true;
        if (p + 1 >= end) {
            fail_at(ps, where, 400, JR_TITLE_SYNTAX, SVC_D_JSON_STRING_OPEN,
                    CC_ARGS(CC_INT(BYTE, offset(ps, open))));
            return NULL;
        }
        switch (p[1]) {
        case '"': case '\\': case '/': case 'b': case 'f': case 'n': case 'r': case 't':
            p += 2;
            continue;
        case 'u': {
            const unsigned char *q = p + 1;
            long cp = check_unicode_escape(ps, &q, where);
            if (cp < 0)
                return NULL;
            if (cp == 0 && is_key) {
                fail_at(ps, where, 400, JR_TITLE_STRING, SVC_D_JSON_NAME_NUL,
                        CC_ARGS(CC_INT(BYTE, offset(ps, p))));
                return NULL;
            }
            p = q;
            continue;
        }
        default: {
            jr_found f = describe_byte(ps, p + 1);
            fail_at(ps, where, 400, JR_TITLE_SYNTAX, SVC_D_JSON_BAD_ESCAPE,
                    CC_ARGS(CC_INT(BYTE, offset(ps, p)), f.found, f.code));
            return NULL;
        }
        }
    }
}

size_t jr_string_end(const char *text, size_t len, size_t open, size_t from, bool *escaped)
{
    /* The pass's own routine, on a parser of its own whose report nobody
     * reads: a lane declines where the pass would fail, and the pass then
     * reports the error itself, with its pointer. */
    cc_error scratch;
    jr_parser ps;
    ps.doc = NULL;
    ps.start = (const unsigned char *)text;
    ps.end = ps.start + len;
    ps.depth = 0;
    ps.max_depth = 1;
    ps.names = NULL;
    ps.lane = NULL;
    ps.err = &scratch;
    *escaped = false;
    const unsigned char *q = string_rest(&ps, ps.start + open, ps.start + from, false, escaped);
    return q == NULL ? 0 : (size_t)(q - ps.start);
}

/* ---- numbers ------------------------------------------------------------ */

static bool is_digit(const jr_parser *ps, const unsigned char *p)
{
    return p < ps->end && *p >= '0' && *p <= '9';
}

/* Does an integer text (digits without leading zeros) fit int64? */
static bool integer_fits(const unsigned char *digits, size_t n, bool negative)
{
    static const char max_digits[] = "9223372036854775807";
    if (n < 19)
        return true;
    if (n > 19)
        return false;
    int cmp = memcmp(digits, max_digits, 19);
    /* INT64_MIN has one more unit of magnitude than INT64_MAX. */
    return cmp <= 0 || (negative && memcmp(digits, "9223372036854775808", 19) == 0);
}

/* strtod of the number text[0..len). */
static bool number_value(jr_parser *ps, const unsigned char *text, size_t len, double *out)
{
    char small[64];
    if (len < sizeof small) {
        memcpy(small, text, len);
        small[len] = '\0';
        *out = strtod(small, NULL);
        return true;
    }
    if (text + len < ps->end) {
        /* The byte after a number stops strtod: the number's grammar ended
         * there, and it is not a digit, nor a second '.' or exponent that
         * strtod would take. */
        *out = strtod((const char *)text, NULL);
        return true;
    }
    char *copy = malloc(len + 1);
    if (copy == NULL)
        return fail_memory(ps);
    memcpy(copy, text, len);
    copy[len] = '\0';
    *out = strtod(copy, NULL);
    free(copy);
    return true;
}

/* The number at p: the byte after it (*integral: no fraction, no
 * exponent), or NULL after reporting the error. */
static const unsigned char *scan_number(jr_parser *ps, const unsigned char *p, bool *integral_out)
{
    const unsigned char *start = p;
    bool negative = *p == '-';
    if (negative)
        p++;
    if (!is_digit(ps, p)) {
        if (starts_with(p, ps->end, "Infinity"))
            fail_at(ps, AT_VALUE, 400, JR_TITLE_SYNTAX, SVC_D_JSON_MINUS_INFINITY,
                    CC_ARGS(CC_INT(BYTE, offset(ps, start))));
        else
            fail_at(ps, AT_VALUE, 400, JR_TITLE_SYNTAX, SVC_D_JSON_MINUS,
                    CC_ARGS(CC_INT(BYTE, offset(ps, start))));
        return NULL;
    }
    const unsigned char *digits = p;
    if (*p == '0') {
        p++;
        if (is_digit(ps, p)) {
            fail_at(ps, AT_VALUE, 400, JR_TITLE_SYNTAX, SVC_D_JSON_LEADING_ZERO,
                    CC_ARGS(CC_INT(BYTE, offset(ps, start))));
            return NULL;
        }
    } else {
        while (is_digit(ps, p))
            p++;
    }
    size_t ndigits = (size_t)(p - digits);
    bool integral = true;
    if (p < ps->end && *p == '.') {
        p++;
        if (!is_digit(ps, p)) {
            fail_at(ps, AT_VALUE, 400, JR_TITLE_SYNTAX, SVC_D_JSON_FRACTION_DIGIT,
                    CC_ARGS(CC_INT(BYTE, offset(ps, start))));
            return NULL;
        }
        while (is_digit(ps, p))
            p++;
        integral = false;
    }
    if (p < ps->end && (*p == 'e' || *p == 'E')) {
        p++;
        if (p < ps->end && (*p == '+' || *p == '-'))
            p++;
        if (!is_digit(ps, p)) {
            fail_at(ps, AT_VALUE, 400, JR_TITLE_SYNTAX, SVC_D_JSON_EXPONENT_DIGIT,
                    CC_ARGS(CC_INT(BYTE, offset(ps, start))));
            return NULL;
        }
        while (is_digit(ps, p))
            p++;
        integral = false;
    }
    size_t len = (size_t)(p - start);
    char excerpt[64];
    if (integral) {
        if (!integer_fits(digits, ndigits, negative)) {
            jr_quote_excerpt(excerpt, sizeof excerpt, (const char *)start, len, 40);
            fail_at(ps, AT_VALUE, 400, JR_TITLE_NUMBER, SVC_D_JSON_INTEGER_RANGE,
                    CC_ARGS(CC_QUOTE(VALUE, cc_error_quote(ps->err, 0, excerpt)),
                            CC_INT(BYTE, offset(ps, start))));
            return NULL;
        }
    } else {
        double d;
        if (!number_value(ps, start, len, &d))
            return NULL;
        if (isinf(d)) {
            jr_quote_excerpt(excerpt, sizeof excerpt, (const char *)start, len, 40);
            fail_at(ps, AT_VALUE, 400, JR_TITLE_NUMBER, SVC_D_JSON_DOUBLE_RANGE,
                    CC_ARGS(CC_QUOTE(VALUE, cc_error_quote(ps->err, 0, excerpt)),
                            CC_INT(BYTE, offset(ps, start))));
            return NULL;
        }
    }
    *integral_out = integral;
    return p;
}

/* A value that starts with none of '"', '{', '[', a digit or '-', nor is
 * true, false or null: say what it is. */
static CC_COLD bool fail_value(jr_parser *ps, const unsigned char *p)
{
    cc_arg at = CC_INT(BYTE, offset(ps, p));
    if (starts_with(p, ps->end, "NaN") || starts_with(p, ps->end, "Infinity"))
        return fail_at(ps, AT_VALUE, 400, JR_TITLE_SYNTAX, SVC_D_JSON_NOT_A_NUMBER,
                       CC_ARGS(CC_STR(VALUE, *p == 'N' ? "NaN" : "Infinity"), at));
    if (*p == '\'')
        return fail_at(ps, AT_VALUE, 400, JR_TITLE_SYNTAX, SVC_D_JSON_SINGLE_QUOTES, CC_ARGS(at));
    jr_found f = describe_byte(ps, p);
    return fail_at(ps, AT_VALUE, 400, JR_TITLE_SYNTAX, SVC_D_JSON_VALUE_EXPECTED,
                   CC_ARGS(at, f.found, f.code));
}

/* ---- duplicate member names ------------------------------------------------ */

/* Are two raw names the same once decoded? Short plain names (most) are
 * compared here byte by byte. */
static inline bool same_name(jr_str a, jr_str b)
{
    if (a.escaped || b.escaped)
        return names_equal(a, b);
    if (a.len != b.len)
        return false;
    for (uint32_t i = 0; i < a.len; i++)
        if (a.raw[i] != b.raw[i])
            return false;
    return true;
}

static bool table_grow(jr_parser *ps)
{
    jr_name_table *old = ps->names;
    size_t cap = old ? old->cap * 2 : 64;
    jr_name_table *t = malloc(sizeof *t + sizeof t->slots[0] * cap);
    if (t == NULL)
        return fail_memory(ps);
    t->cap = cap;
    t->used = 0;
    memset(t->slots, 0xFF, sizeof t->slots[0] * cap);   /* every node UINT32_MAX: empty */
    for (size_t i = 0; old && i < old->cap; i++) {
        const jr_name_slot *s = &old->slots[i];
        if (s->node == UINT32_MAX)
            continue;
        size_t j = s->hash & (cap - 1);
        while (t->slots[j].node != UINT32_MAX)
            j = (j + 1) & (cap - 1);
        t->slots[j] = *s;
        t->used++;
    }
    free(old);
    ps->names = t;
    return true;
}

/* Add name to object node's names; *repeat if it was there already. */
static bool table_insert(jr_parser *ps, uint32_t node, jr_str name, bool *repeat)
{
    if ((ps->names == NULL || (ps->names->used + 1) * 2 > ps->names->cap) && !table_grow(ps))
        return false;
    jr_name_table *t = ps->names;
    uint32_t h = name_hash(name) ^ (node * 2654435761u);
    size_t j = h & (t->cap - 1);
    for (; t->slots[j].node != UINT32_MAX; j = (j + 1) & (t->cap - 1)) {
        const jr_name_slot *s = &t->slots[j];
        if (s->node == node && s->hash == h && names_equal(s->name, name)) {
            *repeat = true;
            return true;
        }
    }
    t->slots[j] = (jr_name_slot){ node, h, name };
    t->used++;
    *repeat = false;
    return true;
}

/* The names of frame f's object so far, from its spans: name, value, ...
 * (the values before the current member are complete, containers closed). */
static jr_str name_span(const jr_parser *ps, const jr_token *tok, uint32_t i)
{
    jr_str s = { ps->doc->text + tok[i].pos, tok[i].meta & META_LEN_MASK,
                 (tok[i].meta & META_ESCAPED) != 0 };
    return s;
}

static uint32_t next_member(const jr_token *tok, uint32_t name)
{
    uint32_t v = name + 1;
    jr_type type = (jr_type)(tok[v].meta >> META_TYPE_SHIFT);
    return type == JR_ARRAY || type == JR_OBJECT ? tok[v].meta & META_LEN_MASK : v + 1;
}

/* The member name just read in frame f's object (tok[0..ntok) the spans so
 * far, count the names before it). *repeat if the object has it already. */
static inline bool add_name(jr_parser *ps, jr_frame *f, const jr_token *tok, uint32_t ntok,
                            uint32_t count, jr_str name, bool *repeat)
{
    if (!f->hashed) {
        /* A plain name whose (length, first byte) bit is new, in an object
         * whose names so far are all plain, is a new name: most are, and
         * need no comparison. Escapes decode to other bytes, so once one
         * is seen every name is compared. */
        uint64_t bit = 0;
        if (!name.escaped && name.len > 0)
            bit = (uint64_t)1 << ((name.len + (unsigned char)name.raw[0]) & 63);
        f->any_escaped |= name.escaped;
        if (bit == 0 || f->any_escaped || (f->seen & bit) != 0)
            for (uint32_t i = f->token + 1; i < ntok; i = next_member(tok, i))
                if (same_name(name_span(ps, tok, i), name)) {
                    *repeat = true;
                    return true;
                }
        f->seen |= bit;
        *repeat = false;
        if (count < JR_LINEAR_NAMES)
            return true;
        /* From here on a hash: the object is large. */
        for (uint32_t i = f->token + 1; i < ntok; i = next_member(tok, i)) {
            bool seen;
            if (!table_insert(ps, f->token, name_span(ps, tok, i), &seen))
                return false;
        }
        f->hashed = true;
    }
    return table_insert(ps, f->token, name, repeat);
}

static CC_COLD bool fail_duplicate(jr_parser *ps, jr_str name, const unsigned char *quote)
{
    char decoded[48], excerpt[64];
    size_t n = decode_raw(name.raw, name.len, name.escaped, decoded, sizeof decoded, NULL);
    jr_quote_excerpt(excerpt, sizeof excerpt, decoded, n, 40);
    return fail_at(ps, AT_VALUE, 400, JR_TITLE_DUPLICATE, SVC_D_JSON_DUPLICATE,
                   CC_ARGS(CC_QUOTE(MEMBER, cc_error_quote(ps->err, 0, excerpt)),
                           CC_INT(BYTE, offset(ps, quote))));
}

/* ---- flat objects ----------------------------------------------------------- */

/* Most objects of a request are small, flat and compact: a tile
 * {"tile":"base.D","x":0,"y":0,"rot":0}, a figure, a feature's address.
 * The general loop pays its bookkeeping (a frame, three places, whitespace
 * looked for at each of them, a name's bit) for each of their spans;
 * flat_object() reads such an object in one straight walk and writes
 * exactly the spans the general loop would write.
 *
 * It takes only what it can judge alone: members of plain names (printable
 * ASCII but '"' and '\\'), each a plain string or an integer of at most
 * FLAT_DIGITS digits, no whitespace, at most FLAT_MAX members, no name
 * twice. At anything else -- whitespace, an escape, UTF-8, a literal, a
 * nested container, another number, a repeated name, a syntax error -- it
 * returns NULL having changed nothing the general loop reads (tok[ntok..]
 * is scratch until ntok moves), and the general loop reads the object
 * again from its '{'. So every error, with its pointer and its detail, is
 * still the general loop's, and an object is read at most twice.
 *
 * Preconditions: p is at a '{' whose object the general loop could enter
 * (depth below max_depth), and tok has room for 1 + 2 * FLAT_MAX spans from
 * *ntok. On success *ntok is past the object's spans and the result is the
 * byte after its '}'. */
#define FLAT_MAX 8        /* a figure has 5 members, a tile 4 */
#define FLAT_DIGITS 9     /* far inside the general loop's 18 */

/* The names of the last flat object read, as the bytes '"name":' packed in
 * two little-endian words each: the elements of an array have the same
 * members in the same order, so the next object's names are first matched
 * against these, a word compare each, before they are scanned. */
typedef struct {
    uint32_t members;                 /* 0: no model yet */
    uint32_t len[FLAT_MAX];           /* the name's length */
    uint64_t word[FLAT_MAX][2];       /* '"name":' (up to 16 bytes), zero-padded */
    uint64_t mask[FLAT_MAX][2];       /* which of those bytes count */
} flat_model;

#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
#define FLAT_MODEL 1
#else
#define FLAT_MODEL 0                  /* the words assume little-endian */
#endif

/* Does the text at p begin with the model's member i (p[0..16) inside it)? */
static inline bool model_matches(const flat_model *m, uint32_t i, const unsigned char *p)
{
    uint64_t w0, w1;
    memcpy(&w0, p, 8);
    memcpy(&w1, p + 8, 8);
    return (((w0 & m->mask[i][0]) ^ m->word[i][0]) | ((w1 & m->mask[i][1]) ^ m->word[i][1])) == 0;
}

/* Remember the names of the object whose spans start at tok[first] (a flat
 * object: compact, so each name is followed by '":'). Names too long for
 * two words end the model there. */
static void model_keep(flat_model *m, const unsigned char *start, const jr_token *tok,
                       uint32_t first, uint32_t members)
{
    m->members = 0;
    for (uint32_t i = 0; i < members; i++) {
        const jr_token *t = &tok[first + 1 + 2 * i];
        uint32_t len = t->meta & META_LEN_MASK;
        size_t n = (size_t)len + 3;
        if (n > 16)
            break;
        unsigned char bytes[16] = { 0 }, ones[16] = { 0 };
        memcpy(bytes, start + t->pos - 1, n);
        memset(ones, 0xff, n);
        memcpy(m->word[i], bytes, 16);
        memcpy(m->mask[i], ones, 16);
        m->len[i] = len;
        m->members = i + 1;
    }
}

static inline const unsigned char *flat_object(const unsigned char *start, const unsigned char *p,
                                               const unsigned char *end,
                                               const unsigned char *fence, jr_token *tok,
                                               uint32_t *ntok, flat_model *model)
{
    const uint32_t first = *ntok;
    uint32_t n = first + 1, members = 0;
    /* While every name so far was the model's, the model's count; then 0.
     * A name matched against it needs 16 bytes of text from p. */
    uint32_t modelled = FLAT_MODEL ? model->members : 0;
    p++;
    for (;;) {
        const unsigned char *name;
        uint32_t len;
        if (members < modelled && end - p >= 16 && model_matches(model, members, p)) {
            /* The model's name at this place: all different so far, as the
             * model's names were. */
            name = p + 1;
            len = model->len[members];
            p = name + len;
        } else {
            if (p >= end || *p != '"')
                return NULL;
            name = ++p;
            p = plain_run(p, end, fence);
            if (p >= end || *p != '"')
                return NULL;
            len = (uint32_t)(p - name);
            if (end - p < 2 || p[1] != ':')
                return NULL;
            /* At most FLAT_MAX names: compare with each earlier one of the
             * same length (the model's names were all different, so a
             * matched name needs none of this). */
            for (uint32_t k = first + 1; k < n; k += 2)
                if ((tok[k].meta & META_LEN_MASK) == len && memcmp(start + tok[k].pos, name, len) == 0)
                    return NULL;
            modelled = 0;
        }
        tok[n].pos = (uint32_t)(name - start);
        tok[n].meta = meta_of(JR_NAME, false, len);
        n++;
        p += 2;                            /* past '":' */
        if (p >= end)
            return NULL;
        const unsigned char *value = p;
        if (*p == '"') {
            p = plain_run(p + 1, end, fence);
            if (p >= end || *p != '"')
                return NULL;
            tok[n].pos = (uint32_t)(value + 1 - start);
            tok[n].meta = meta_of(JR_STRING, false, (uint32_t)(p - value - 1));
            p++;
        } else {
            p += *p == '-';
            if (p < end && *p == '0') {
                p++;
            } else if (p < end && *p >= '1' && *p <= '9') {
                /* Digits are plain: a run of them starting before the
                 * fence ends by itself too. */
                const unsigned char *digits = p;
                if (p < fence)
                    while ((unsigned)(*p - '0') < 10)
                        p++;
                else
                    while (p < end && (unsigned)(*p - '0') < 10)
                        p++;
                if (p - digits > FLAT_DIGITS)
                    return NULL;
            } else {
                return NULL;
            }
            tok[n].pos = (uint32_t)(value - start);
            tok[n].meta = meta_of(JR_INT, false, (uint32_t)(p - value));
        }
        n++;
        members++;
        if (p >= end)
            return NULL;
        if (*p == '}')
            break;
        if (*p != ',' || members == FLAT_MAX)
            return NULL;
        p++;
    }
    tok[first].pos = members;
    tok[first].meta = meta_of(JR_OBJECT, false, n);
    *ntok = n;
    /* All names matched: the model holds (this object had its first
     * members, or all). Otherwise this object is the new model. */
    if (FLAT_MODEL && modelled == 0)
        model_keep(model, start, tok, first, members);
    return p + 1;
}

/* ---- lanes ------------------------------------------------------------------ */

/* Is the raw name key[0..len) (escapes undecoded) exactly s? An escaped
 * name holds a '\\', so it is never one of a lane's plain names. */
static bool key_is(const char *key, uint32_t len, const char *s)
{
    return key != NULL && strlen(s) == len && memcmp(key, s, len) == 0;
}

/* The lane's index of the array about to be read at depth `depth` (its
 * member's object open in f), or -1 when it is not one the lane reads:
 * the member of an object that is member lane->outer of the top-level
 * object, room for the lane's nesting within max_depth. */
static int lane_member(const jr_parser *ps, int depth, const jr_frame *f)
{
    const jr_lane *lane = ps->lane;
    if (lane == NULL || depth != 2 || depth + lane->nesting > ps->max_depth || !f->is_object
        || !ps->frames[0].is_object
        || !key_is(ps->frames[0].key, ps->frames[0].key_len, lane->outer))
        return -1;
    for (int k = 0; lane->members[k] != NULL; k++)
        if (key_is(f->key, f->key_len, lane->members[k]))
            return k;
    return -1;
}

/* ---- the pass ------------------------------------------------------------- */

/* The whole pass: three places, a value, a member name, after a value.
 * The hot state lives in locals (the position, the spans written so far,
 * the open container's count and kind), written back to ps before any
 * call that reports an error or reads ps (SYNC). */
static bool parse_text(jr_parser *ps)
{
    const unsigned char *const end = ps->end;
    const unsigned char *const fence = plain_fence(ps->start, (size_t)(end - ps->start));
    const unsigned char *p = ps->start;
    jr_doc *doc = ps->doc;
    jr_token *tok = doc->tokens;
    uint32_t ntok = 0, cap = doc->cap;
    int depth = 0;
    jr_frame *f = NULL;          /* the open container: ps->frames[depth - 1] */
    uint32_t count = 0;          /* its members or elements so far */
    bool in_object = false;
    flat_model model;                /* the last flat object's names */
    model.members = 0;

#define SYNC() (ps->depth = depth, doc->ntokens = ntok, f ? (void)(f->count = count) : (void)0)
#define EMIT(pos_, meta_)                                                       \
    do {                                                                        \
        if (ntok == cap) {                                                      \
            SYNC();                                                             \
            if (!grow_tokens(ps))                                               \
                return false;                                                   \
            tok = doc->tokens;                                                  \
            cap = doc->cap;                                                     \
        }                                                                       \
        tok[ntok].pos = (pos_);                                                 \
        tok[ntok].meta = (meta_);                                               \
        ntok++;                                                                 \
    } while (0)
#define OFFSET(q) ((uint32_t)((q) - ps->start))

value:
    if (p >= end || *p <= ' ')
        p = skip_ws(p, end);
    if (p >= end) {
        SYNC();
        return fail_at(ps, AT_ROOT, 400, JR_TITLE_SYNTAX, SVC_D_JSON_BODY_ENDS,
                       CC_ARGS(CC_INT(BYTE, offset(ps, p))));
    }
    switch (*p) {
    case '"': {
        const unsigned char *q = plain_run(p + 1, end, fence);
        uint32_t esc = 0;
        if (q < end && *q == '"') {
            q++;
        } else {
            bool escaped = false;
            SYNC();
            q = string_rest(ps, p, q, false, &escaped);
            if (q == NULL)
                return false;
            esc = escaped ? META_ESCAPED : 0;
        }
        EMIT(OFFSET(p + 1), ((uint32_t)JR_STRING << META_TYPE_SHIFT) | esc | (uint32_t)(q - p - 2));
        p = q;
        goto after;
    }
    case '{':
    case '[': {
        if (*p == '[' && ps->lane != NULL) {
            int k = lane_member(ps, depth, f);
            uint32_t elements;
            size_t stop = k < 0 ? 0 : ps->lane->read(ps->lane, k, (const char *)ps->start,
                                                     OFFSET(p), (size_t)(end - ps->start),
                                                     &elements);
            if (stop != 0) {
                uint32_t after_array = ntok + 1;
                EMIT(elements, meta_of(JR_ARRAY, true, after_array));
                p = ps->start + stop;
                goto after;
            }
        }
        if (*p == '{' && depth < ps->max_depth && cap - ntok > 2 * FLAT_MAX) {
            const unsigned char *q = flat_object(ps->start, p, end, fence, tok, &ntok, &model);
            if (q != NULL) {
                p = q;
                goto after;
            }
        }
        if (depth >= ps->max_depth) {
            SYNC();
            return fail_at(ps, AT_VALUE, 400, JR_TITLE_DEPTH, SVC_D_JSON_TOO_DEEP,
                           CC_ARGS(CC_INT(MAX, ps->max_depth), CC_INT(BYTE, offset(ps, p))));
        }
        if (f != NULL)
            f->count = count;
        f = &ps->frames[depth++];
        in_object = *p == '{';
        f->is_object = in_object;
        f->hashed = false;
        f->seen = 0;
        f->any_escaped = false;
        f->token = ntok;
        f->key = NULL;
        f->key_len = 0;
        count = 0;
        EMIT(0, 0);             /* learns its count and end when it closes */
        p = skip_ws(p + 1, end);
        if (p < end && *p == (in_object ? '}' : ']')) {
            p++;
            goto close;
        }
        if (in_object)
            goto name;
        goto value;
    }
    case 't':
    case 'f':
    case 'n': {
        static const char *const words[] = { "true", "false", "null" };
        static const jr_type types[] = { JR_TRUE, JR_FALSE, JR_NULL };
        int w = *p == 't' ? 0 : *p == 'f' ? 1 : 2;
        size_t n = w == 1 ? 5 : 4;
        if ((size_t)(end - p) < n || memcmp(p, words[w], n) != 0) {
            SYNC();
            return fail_value(ps, p);
        }
        EMIT(OFFSET(p), meta_of(types[w], false, (uint32_t)n));
        p += n;
        goto after;
    }
    default: {
        if (*p != '-' && (*p < '0' || *p > '9')) {
            SYNC();
            return fail_value(ps, p);
        }
        /* A small integer (a coordinate, a rotation, a score): the common
         * case, in the loop. Anything else goes to scan_number(). */
        const unsigned char *q = p + (*p == '-'), *digits = q;
        if (q < end && *q >= '1' && *q <= '9') {
            while (q < end && *q >= '0' && *q <= '9')
                q++;
        } else if (q < end && *q == '0') {
            q++;
        } else {
            q = NULL;
        }
        if (q != NULL && q - digits < 19 &&
            (q >= end || (*q != '.' && *q != 'e' && *q != 'E' && (*q < '0' || *q > '9')))) {
            EMIT(OFFSET(p), meta_of(JR_INT, false, (uint32_t)(q - p)));
            p = q;
            goto after;
        }
        bool integral;
        SYNC();
        q = scan_number(ps, p, &integral);
        if (q == NULL)
            return false;
        EMIT(OFFSET(p), meta_of(integral ? JR_INT : JR_NUMBER, false, (uint32_t)(q - p)));
        p = q;
        goto after;
    }
    }

name: {
    if (p >= end || *p != '"')
        p = skip_ws(p, end);
    if (p >= end || *p != '"') {
        SYNC();
        return fail_expected(ps, p);
    }
    const unsigned char *q = plain_run(p + 1, end, fence);
    bool key_escaped = false;
    if (q < end && *q == '"') {
        q++;
    } else {
        bool escaped = false;
        SYNC();
        q = string_rest(ps, p, q, true, &escaped);
        if (q == NULL)
            return false;
        key_escaped = escaped;
    }
    jr_str key = { (const char *)p + 1, (uint32_t)(q - p - 2), key_escaped };
    f->key = key.raw;
    f->key_len = key.len;
    bool repeat;
    if (!add_name(ps, f, tok, ntok, count, key, &repeat)) {
        SYNC();
        return false;
    }
    if (repeat) {
        SYNC();
        return fail_duplicate(ps, key, p);
    }
    EMIT(OFFSET(p + 1), meta_of(JR_NAME, key_escaped, key.len));
    p = q;
    if (p >= end || *p != ':')
        p = skip_ws(p, end);
    if (p >= end || *p != ':') {
        SYNC();
        jr_found f = describe_byte(ps, p);
        return fail_at(ps, AT_ROOT, 400, JR_TITLE_SYNTAX, SVC_D_JSON_COLON_EXPECTED,
                       CC_ARGS(CC_INT(BYTE, offset(ps, p)), f.found, f.code));
    }
    p++;
    goto value;
}

after:
    if (depth == 0)
        goto done;
    if (p >= end || *p <= ' ')
        p = skip_ws(p, end);
    if (p < end && *p == ',') {
        p++;
        count++;
        if (in_object)
            goto name;
        goto value;
    }
    if (p < end && *p == (in_object ? '}' : ']')) {
        p++;
        count++;
        goto close;
    }
    {
        SYNC();
        jr_found f = describe_byte(ps, p);
        return fail_at(ps, AT_ROOT, 400, JR_TITLE_SYNTAX, SVC_D_JSON_COMMA_EXPECTED,
                       CC_ARGS(CC_STR(EXPECTED, in_object ? "}" : "]"),
                               CC_INT(BYTE, offset(ps, p)), f.found, f.code));
    }

close:
    /* The open container ends: its span learns its count and its end. */
    tok[f->token].pos = count;
    tok[f->token].meta = meta_of(in_object ? JR_OBJECT : JR_ARRAY, false, ntok);
    depth--;
    if (depth > 0) {
        f = &ps->frames[depth - 1];
        count = f->count;
        in_object = f->is_object;
    } else {
        f = NULL;
    }
    goto after;

done:
    doc->ntokens = ntok;
    ps->depth = 0;
    p = skip_ws(p, end);
    if (p < end) {
        jr_found f = describe_byte(ps, p);
        return fail_at(ps, AT_ROOT, 400, JR_TITLE_SYNTAX, SVC_D_JSON_TRAILING,
                       CC_ARGS(CC_INT(BYTE, offset(ps, p)), f.found, f.code));
    }
    return true;
#undef SYNC
#undef EMIT
#undef OFFSET
}

bool jr_parse(jr_doc *doc, const char *text, size_t len, int max_depth, cc_error *err)
{
    return jr_parse_lane(doc, text, len, max_depth, NULL, err);
}

bool jr_parse_lane(jr_doc *doc, const char *text, size_t len, int max_depth, jr_lane *lane,
                   cc_error *err)
{
    doc->text = text;
    doc->len = len;
    doc->lane = lane;
    doc->tokens = doc->inline_tokens;
    doc->ntokens = 0;
    doc->cap = JR_INLINE_TOKENS;
    jr_parser ps;
    ps.doc = doc;
    ps.start = (const unsigned char *)text;
    ps.end = ps.start + len;
    ps.depth = 0;
    ps.max_depth = max_depth < 1 ? 1 : max_depth > JR_MAX_DEPTH ? JR_MAX_DEPTH : max_depth;
    ps.names = NULL;
    ps.lane = lane;
    ps.err = err;
    if (len >= JR_MAX_TEXT) {
        char bytes[24];
        snprintf(bytes, sizeof bytes, "%zu", len);
        return fail_at(&ps, AT_ROOT, 413, SVC_P_BODY_TOO_LARGE, SVC_D_JSON_TOO_LARGE,
                       CC_ARGS(CC_QUOTE(BYTES, cc_error_quote(err, 0, bytes)),
                               CC_INT(MAX, JR_MAX_TEXT - 1)));
    }
    bool ok = parse_text(&ps);
    free(ps.names);            /* the names' hash served the duplicate check only */
    return ok;
}

void jr_doc_free(jr_doc *doc)
{
    if (doc->tokens != doc->inline_tokens)
        free(doc->tokens);
    doc->tokens = doc->inline_tokens;
    doc->ntokens = 0;
}

/* ---- the walk: values from spans ------------------------------------------------ */

jr_val jr_root(const jr_doc *doc)
{
    return jr__val_at(doc, 0);
}

/* ---- objects by name ------------------------------------------------------------- */

bool jr_obj_open(jr_val v, jr_obj *o)
{
    o->known = NULL;
    if (v.type == JR_OBJECT) {
        o->val = v;
        return true;
    }
    memset(&o->val, 0, sizeof o->val);
    o->val.doc = v.doc;
    return false;
}

/* Is name (decoded) the C string s? Inline for the look-ups' loops. */
static inline bool name_is(jr_str name, const char *s)
{
    if (!name.escaped) {
        for (uint32_t i = 0; i < name.len; i++)
            if (name.raw[i] != s[i])
                return false;
        return s[name.len] == '\0';
    }
    jr_str other = { s, (uint32_t)strlen(s), false };
    return names_equal(name, other);
}

bool jr_str_is(jr_str name, const char *s)
{
    if (!name.escaped) {
        /* A mismatch (most calls) ends at the first byte; s's NUL never
         * matches a byte of the name, which holds none. */
        for (uint32_t i = 0; i < name.len; i++)
            if (name.raw[i] != s[i])
                return false;
        return s[name.len] == '\0';
    }
    jr_str other = { s, (uint32_t)strlen(s), false };
    return names_equal(name, other);
}

/* The slot of name among o->known (the same pointer first: callers
 * usually pass the very literal of their list), or -1. */
static int known_slot(const jr_obj *o, const char *name)
{
    for (int k = 0; o->known[k] != NULL; k++)
        if (o->known[k] == name)
            return k;
    for (int k = 0; o->known[k] != NULL; k++)
        if (strcmp(o->known[k], name) == 0)
            return k;
    return -1;
}

bool jr_obj_get(const jr_obj *o, const char *name, jr_val *v)
{
    if (o->known != NULL) {
        /* Every member is one of o->known: any other name is absent. */
        int k = known_slot(o, name);
        if (k >= 0 && o->slot[k] != 0) {
            *v = jr__val_at(o->val.doc, o->slot[k]);
            return true;
        }
    } else if (o->val.type == JR_OBJECT) {
        const jr_doc *d = o->val.doc;
        uint32_t end = d->tokens[o->val.index].meta & META_LEN_MASK;
        for (uint32_t i = o->val.index + 1; i < end; i = jr__after(d, i + 1))
            if (name_is(jr__str_at(d, i), name)) {
                *v = jr__val_at(d, i + 1);
                return true;
            }
    }
    memset(v, 0, sizeof *v);
    v->doc = o->val.doc;
    return false;
}

bool jr_obj_match(jr_obj *o, const char *const *names, jr_str *unknown)
{
    int n = 0;
    while (names[n] != NULL)
        n++;
    bool remember = n <= JR_OBJ_SLOTS;
    uint32_t slot[JR_OBJ_SLOTS] = { 0 };
    if (o->val.type == JR_OBJECT) {
        const jr_doc *d = o->val.doc;
        uint32_t end = d->tokens[o->val.index].meta & META_LEN_MASK;
        for (uint32_t i = o->val.index + 1; i < end; i = jr__after(d, i + 1)) {
            jr_str name = jr__str_at(d, i);
            int k = 0;
            while (k < n && !name_is(name, names[k]))
                k++;
            if (k == n) {
                *unknown = name;
                return false;
            }
            if (remember)
                slot[k] = i + 1;
        }
    }
    if (remember) {
        memcpy(o->slot, slot, sizeof slot);
        o->known = names;
    }
    return true;
}

jr_members jr_members_start(const jr_obj *o)
{
    jr_members m = { jr_iter_start(o->val) };
    return m;
}

bool jr_members_next(jr_members *m, jr_str *name, jr_val *value)
{
    return jr_next_member(&m->it, name, value);
}

size_t jr_str_copy(jr_str name, char *buf, size_t cap)
{
    return decode_raw(name.raw, name.len, name.escaped, buf, cap, NULL);
}

/* ---- scalars ------------------------------------------------------------------- */

size_t jr_string(jr_val v, char *buf, size_t cap, bool *has_nul)
{
    return decode_raw(v.doc->text + v.at, v.len, v.escaped, buf, cap, has_nul);
}

double jr_double(jr_val v)
{
    if (v.type == JR_INT)
        return (double)jr_int64(v);
    /* Inside an array or object a number is followed by a byte that ends
     * it (at least the closing bracket), which stops strtod there. */
    if (v.at + v.len < v.doc->len)
        return strtod(v.doc->text + v.at, NULL);
    char copy[64];
    size_t n = v.len < sizeof copy ? v.len : sizeof copy - 1;
    memcpy(copy, v.doc->text + v.at, n);
    copy[n] = '\0';
    return strtod(copy, NULL);
}

bool jr_underflow(jr_val v)
{
    if (v.type != JR_NUMBER || jr_double(v) != 0)
        return false;
    const char *t = v.doc->text + v.at;
    for (uint32_t i = 0; i < v.len && t[i] != 'e' && t[i] != 'E'; i++)
        if (t[i] >= '1' && t[i] <= '9')
            return true;
    return false;
}
