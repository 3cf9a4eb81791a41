/* oracle_json.c -- the strict tree-building parser the service used until
 * it read requests in place (service/wire/json_reader.c), kept unchanged
 * as the oracle of the differential tests (fuzz/fuzz_reader_diff.c,
 * tests/service/wire/test_reader_diff.c): the new reader must accept and
 * reject the same texts with the same errors. Names carry an o (ojs_, odec_)
 * so both link into one program. One change, made in both on purpose: a
 * number that underflows a double is no longer the integer 0.
 *
 * Was service/wire/json_strict.c; see oracle_json.h.
 *
 * The parser is a loop over three states (a value is expected, a member name
 * is expected, a value just ended) with an explicit stack of open
 * containers. Each value is attached to its parent as soon as it exists, so
 * on any error one json_object_put() of the root frees everything. */
#include "oracle_json.h"

#include <math.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define JS_TITLE_SYNTAX "Malformed JSON"
#define JS_TITLE_STRING "Invalid string"
#define JS_TITLE_NUMBER "Number out of range"
#define JS_TITLE_DUPLICATE "Duplicate member"
#define JS_TITLE_DEPTH "Nesting too deep"

/* A growable byte buffer: decoded strings and number texts land here. */
typedef struct {
    char *data;
    size_t len, cap;
} js_buf;

typedef struct {
    json_object *obj;      /* the container, already attached to its parent */
    uint64_t interned_seen; /* objects: bit i = interned name i is a member */
    bool is_object;
    size_t index;          /* arrays: index of the current element */
    const char *key;       /* objects: raw text of the current member name */
    size_t key_len;        /* (after the opening quote, escapes undecoded) */
} js_frame;

/* Interned member names: a name found here is added to its object as a
 * constant key, so json-c neither copies nor frees it. Open addressing,
 * built once per parse from the caller's list. */
#define JS_INTERN_SLOTS 128

typedef struct {
    const char *name;
    size_t len;
    int index;             /* 0..63: its bit in js_frame.interned_seen */
} js_intern;

typedef struct {
    const unsigned char *start, *p, *end;
    int depth, max_depth;
    js_intern interned[JS_INTERN_SLOTS];
    js_frame frames[OJS_MAX_DEPTH];
    js_buf value;          /* the string or number being read */
    js_buf key;            /* the member name waiting for its value */
    const char *key_constant; /* its interned copy, or NULL */
    cc_error *err;
} js_parser;

/* Where an error points: see the header. */
typedef enum { AT_ROOT, AT_VALUE, AT_OBJECT } js_where;

/* ---- buffers ------------------------------------------------------------ */

static bool buf_reserve(js_buf *b, size_t extra)
{
    if (b->cap - b->len > extra)      /* keep room for a NUL */
        return true;
    size_t cap = b->cap ? b->cap : 256;
    while (cap - b->len <= extra) {
        if (cap > SIZE_MAX / 2)
            return false;
        cap *= 2;
    }
    char *data = realloc(b->data, cap);
    if (data == NULL)
        return false;
    b->data = data;
    b->cap = cap;
    return true;
}

static bool buf_append(js_buf *b, const void *bytes, size_t n)
{
    if (!buf_reserve(b, n))
        return false;
    memcpy(b->data + b->len, bytes, n);
    b->len += n;
    return true;
}

/* ---- JSON Pointers and excerpts ---------------------------------------- */

bool ojs_pointer_member(char *out, const char *base, const char *name, size_t name_len)
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

bool ojs_pointer_index(char *out, const char *base, size_t index)
{
    /* Called for every array element a decoder visits: no snprintf. */
    char digits[24];
    size_t n = sizeof digits;
    do {
        digits[--n] = (char)('0' + index % 10);
        index /= 10;
    } while (index > 0);
    return ojs_pointer_member(out, base, digits + n, sizeof digits - n);
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

void ojs_quote_excerpt(char *buf, size_t cap, const char *s, size_t len, size_t max)
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

/* ---- errors ------------------------------------------------------------- */

/* Decode a validated raw string (escapes intact) into dst, at most cap bytes;
 * returns the decoded length or SIZE_MAX if it does not fit. Used only to
 * name a member in an error pointer. */
static size_t decode_for_pointer(const char *raw, size_t raw_len, char *dst, size_t cap);

/* The pointer of the value being read (AT_VALUE), of the object whose member
 * name is being read (AT_OBJECT), or "" (AT_ROOT). */
static void current_pointer(const js_parser *ps, js_where where, char *out)
{
    out[0] = '\0';
    if (where == AT_ROOT)
        return;
    int frames = where == AT_VALUE ? ps->depth : ps->depth - 1;
    for (int i = 0; i < frames; i++) {
        const js_frame *f = &ps->frames[i];
        bool fits;
        if (f->is_object) {
            char name[CC_POINTER_MAX * 2];
            size_t n = decode_for_pointer(f->key, f->key_len, name, sizeof name);
            fits = n != SIZE_MAX && ojs_pointer_member(out, out, name, n);
        } else {
            fits = ojs_pointer_index(out, out, f->index);
        }
        if (!fits)
            return;          /* out names the deepest ancestor that fits */
    }
}

static bool fail_at(js_parser *ps, js_where where, int status, const char *title,
                    const char *detail_fmt, ...) __attribute__((format(printf, 5, 6)));

static bool fail_at(js_parser *ps, js_where where, int status, const char *title,
                    const char *detail_fmt, ...)
{
    if (ps->err == NULL)
        return false;
    char pointer[CC_POINTER_MAX], detail[CC_DETAIL_MAX];
    current_pointer(ps, where, pointer);
    va_list ap;
    va_start(ap, detail_fmt);
    vsnprintf(detail, sizeof detail, detail_fmt, ap);
    va_end(ap);
    return cc_fail(ps->err, (cc_status)status, pointer, title, "%s", detail);
}

static size_t offset(const js_parser *ps, const unsigned char *p)
{
    return (size_t)(p - ps->start);
}

static bool fail_memory(js_parser *ps)
{
    return fail_at(ps, AT_ROOT, 500, "Out of memory",
                   "The server ran out of memory while reading the request body.");
}

/* Describe the byte at p for a person: 'x' when printable ASCII. */
static void describe_byte(const js_parser *ps, const unsigned char *p, char *buf, size_t cap)
{
    if (p >= ps->end)
        snprintf(buf, cap, "the end of the body");
    else if (*p >= 0x20 && *p < 0x7F)
        snprintf(buf, cap, "'%c'", *p);
    else
        snprintf(buf, cap, "the byte 0x%02X", *p);
}

/* ---- interned names ------------------------------------------------------ */

static size_t intern_slot(const char *name, size_t len)
{
    /* Names differ in length and ends; this spreads the contract's well. */
    unsigned char first = (unsigned char)name[0], last = (unsigned char)name[len - 1];
    return (len * 31u + first * 7u + last) % JS_INTERN_SLOTS;
}

static void intern_init(js_parser *ps, const char *const *names)
{
    for (int n = 0; names && names[n] && n < JS_INTERN_SLOTS / 2; n++) {
        size_t len = strlen(names[n]);
        if (len == 0)
            continue;
        size_t i = intern_slot(names[n], len);
        while (ps->interned[i].name != NULL)
            i = (i + 1) % JS_INTERN_SLOTS;
        ps->interned[i].name = names[n];
        ps->interned[i].len = len;
        ps->interned[i].index = n;
    }
}

/* The interned entry for key[0..len), or NULL. */
static const js_intern *intern_find(const js_parser *ps, const char *key, size_t len)
{
    if (len == 0)
        return NULL;
    for (size_t i = intern_slot(key, len); ps->interned[i].name != NULL;
         i = (i + 1) % JS_INTERN_SLOTS)
        if (ps->interned[i].len == len && memcmp(ps->interned[i].name, key, len) == 0)
            return &ps->interned[i];
    return NULL;
}

/* ---- whitespace and literals -------------------------------------------- */

static void skip_ws(js_parser *ps)
{
    const unsigned char *p = ps->p;
    while (p < ps->end && (*p == ' ' || *p == '\n' || *p == '\r' || *p == '\t'))
        p++;
    ps->p = p;
}

static bool starts_with(const js_parser *ps, const char *word)
{
    size_t n = strlen(word);
    return (size_t)(ps->end - ps->p) >= n && memcmp(ps->p, word, n) == 0;
}

/* ---- strings ------------------------------------------------------------ */

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

/* Bytes that may stand for themselves in a string: printable ASCII other
 * than '"' and '\'. Everything else takes the slow path. */
static bool plain_byte(unsigned c)
{
    return c >= 0x20 && c < 0x80 && c != '"' && c != '\\';
}

/* Read the \u escape at *pp (pointing at the 'u'); one code point, a
 * surrogate pair counted as one. Returns the code point or -1 after
 * reporting the error. */
static long read_unicode_escape(js_parser *ps, const unsigned char **pp, js_where where)
{
    const unsigned char *p = *pp, *esc = p - 1;
    if (ps->end - p < 5 || hex4(p + 1) < 0) {
        fail_at(ps, where, 400, JS_TITLE_STRING,
                "A \\u escape needs four hexadecimal digits (byte %zu).", offset(ps, esc));
        return -1;
    }
    long cp = hex4(p + 1);
    p += 5;
    if (cp >= 0xDC00 && cp <= 0xDFFF) {
        fail_at(ps, where, 400, JS_TITLE_STRING,
                "The escape \\u%04lx at byte %zu is a lone UTF-16 low surrogate, which is not a character.",
                cp, offset(ps, esc));
        return -1;
    }
    if (cp >= 0xD800 && cp <= 0xDBFF) {
        long low = ps->end - p >= 6 && p[0] == '\\' && p[1] == 'u' ? hex4(p + 2) : -1;
        if (low < 0xDC00 || low > 0xDFFF) {
            fail_at(ps, where, 400, JS_TITLE_STRING,
                    "The escape \\u%04lx at byte %zu is a UTF-16 high surrogate without the low surrogate that must follow it.",
                    cp, offset(ps, esc));
            return -1;
        }
        cp = 0x10000 + ((cp - 0xD800) << 10) + (low - 0xDC00);
        p += 6;
    }
    *pp = p;
    return cp;
}

/* Read the string whose opening quote is at ps->p into out (decoded,
 * NUL-terminated); ps->p ends after the closing quote. */
static bool read_string(js_parser *ps, js_buf *out, bool is_key)
{
    js_where where = is_key ? AT_OBJECT : AT_VALUE;
    const unsigned char *open = ps->p, *p = open + 1, *end = ps->end;
    out->len = 0;
    for (;;) {
        const unsigned char *run = p;
        while (p < end && plain_byte(*p))
            p++;
        if (p > run && !buf_append(out, run, (size_t)(p - run)))
            return fail_memory(ps);
        if (p == end)
            return fail_at(ps, where, 400, JS_TITLE_SYNTAX,
                           "The string that starts at byte %zu never ends.", offset(ps, open));
        if (*p == '"') {
            p++;
            break;
        }
        if (*p < 0x20)
            return fail_at(ps, where, 400, JS_TITLE_STRING,
                           "A string holds the raw control character 0x%02X at byte %zu; write it as an escape.",
                           *p, offset(ps, p));
        if (*p >= 0x80) {
            size_t n = utf8_sequence(p, end);
            if (n == 0)
                return fail_at(ps, where, 400, JS_TITLE_STRING,
                               "The string holds bytes that are not valid UTF-8 at byte %zu.", offset(ps, p));
            if (!buf_append(out, p, n))
                return fail_memory(ps);
            p += n;
            continue;
        }
        /* A backslash. */
        if (p + 1 >= end)
            return fail_at(ps, where, 400, JS_TITLE_SYNTAX,
                           "The string that starts at byte %zu never ends.", offset(ps, open));
        char c;
        switch (p[1]) {
        case '"': c = '"'; break;
        case '\\': c = '\\'; break;
        case '/': c = '/'; break;
        case 'b': c = '\b'; break;
        case 'f': c = '\f'; break;
        case 'n': c = '\n'; break;
        case 'r': c = '\r'; break;
        case 't': c = '\t'; break;
        case 'u': {
            const unsigned char *q = p + 1;
            long cp = read_unicode_escape(ps, &q, where);
            if (cp < 0)
                return false;
            if (cp == 0 && is_key)
                return fail_at(ps, where, 400, JS_TITLE_STRING,
                               "A member name contains the character U+0000 (byte %zu), which member names may not hold.",
                               offset(ps, p));
            char enc[4];
            size_t nenc = utf8_encode((unsigned long)cp, enc);
            if (!buf_append(out, enc, nenc))
                return fail_memory(ps);
            p = q;
            continue;
        }
        default: {
            char what[32];
            describe_byte(ps, p + 1, what, sizeof what);
            return fail_at(ps, where, 400, JS_TITLE_SYNTAX,
                           "A backslash in a string must start an escape such as \\n or \\u00e9; at byte %zu it is followed by %s.",
                           offset(ps, p), what);
        }
        }
        if (!buf_append(out, &c, 1))
            return fail_memory(ps);
        p += 2;
    }
    if (!buf_reserve(out, 1))
        return fail_memory(ps);
    out->data[out->len] = '\0';
    ps->p = p;
    return true;
}

static size_t decode_for_pointer(const char *raw, size_t raw_len, char *dst, size_t cap)
{
    size_t n = 0;
    for (size_t i = 0; i < raw_len; ) {
        char one[4];
        size_t w;
        if (raw[i] != '\\') {
            one[0] = raw[i++];
            w = 1;
        } else if (raw[i + 1] != 'u') {
            static const char from[] = "\"\\/bfnrt", to[] = "\"\\/\b\f\n\r\t";
            one[0] = to[strchr(from, raw[i + 1]) - from];
            w = 1;
            i += 2;
        } else {
            /* Validated already: a BMP character or a surrogate pair. */
            unsigned long cp = (unsigned long)hex4((const unsigned char *)raw + i + 2);
            i += 6;
            if (cp >= 0xD800 && cp <= 0xDBFF) {
                unsigned long low = (unsigned long)hex4((const unsigned char *)raw + i + 2);
                cp = 0x10000 + ((cp - 0xD800) << 10) + (low - 0xDC00);
                i += 6;
            }
            w = utf8_encode(cp, one);
        }
        if (n + w > cap)
            return SIZE_MAX;
        memcpy(dst + n, one, w);
        n += w;
    }
    return n;
}

/* ---- numbers ------------------------------------------------------------ */

static bool is_digit(const js_parser *ps, const unsigned char *p)
{
    return p < ps->end && *p >= '0' && *p <= '9';
}

/* An integer text (optional '-', digits without leading zeros) within int64. */
static bool integer_value(const unsigned char *digits, size_t n, bool negative, int64_t *out)
{
    static const char max_digits[] = "9223372036854775807";
    if (n > 19)
        return false;
    if (n == 19) {
        int cmp = memcmp(digits, max_digits, 19);
        /* INT64_MIN has one more unit of magnitude than INT64_MAX. */
        if (cmp > 0 && !(negative && memcmp(digits, "9223372036854775808", 19) == 0))
            return false;
    }
    uint64_t u = 0;
    for (size_t i = 0; i < n; i++)
        u = u * 10 + (uint64_t)(digits[i] - '0');
    if (negative)
        *out = u == (uint64_t)1 << 63 ? INT64_MIN : -(int64_t)u;
    else
        *out = (int64_t)u;
    return true;
}

/* Does the number text hold a digit 1-9 before its exponent? */
static bool nonzero_significand(const unsigned char *text, size_t len)
{
    for (size_t i = 0; i < len && text[i] != 'e' && text[i] != 'E'; i++)
        if (text[i] >= '1' && text[i] <= '9')
            return true;
    return false;
}

static bool read_number(js_parser *ps, json_object **out)
{
    const unsigned char *start = ps->p, *p = start;
    bool negative = *p == '-';
    if (negative)
        p++;
    if (!is_digit(ps, p)) {
        ps->p = p;
        if (starts_with(ps, "Infinity"))
            return fail_at(ps, AT_VALUE, 400, JS_TITLE_SYNTAX,
                           "-Infinity at byte %zu is not a JSON number.", offset(ps, start));
        return fail_at(ps, AT_VALUE, 400, JS_TITLE_SYNTAX,
                       "A '-' at byte %zu must be followed by a digit.", offset(ps, start));
    }
    const unsigned char *digits = p;
    if (*p == '0') {
        p++;
        if (is_digit(ps, p))
            return fail_at(ps, AT_VALUE, 400, JS_TITLE_SYNTAX,
                           "The number at byte %zu has a leading zero, which JSON does not allow.",
                           offset(ps, start));
    } else {
        while (is_digit(ps, p))
            p++;
    }
    size_t ndigits = (size_t)(p - digits);
    bool integral = true;
    if (p < ps->end && *p == '.') {
        p++;
        if (!is_digit(ps, p))
            return fail_at(ps, AT_VALUE, 400, JS_TITLE_SYNTAX,
                           "The number at byte %zu needs a digit after its decimal point.", offset(ps, start));
        while (is_digit(ps, p))
            p++;
        integral = false;
    }
    if (p < ps->end && (*p == 'e' || *p == 'E')) {
        p++;
        if (p < ps->end && (*p == '+' || *p == '-'))
            p++;
        if (!is_digit(ps, p))
            return fail_at(ps, AT_VALUE, 400, JS_TITLE_SYNTAX,
                           "The number at byte %zu needs a digit in its exponent.", offset(ps, start));
        while (is_digit(ps, p))
            p++;
        integral = false;
    }
    size_t len = (size_t)(p - start);
    char excerpt[64];
    if (integral) {
        int64_t v;
        if (!integer_value(digits, ndigits, negative, &v)) {
            ojs_quote_excerpt(excerpt, sizeof excerpt, (const char *)start, len, 40);
            return fail_at(ps, AT_VALUE, 400, JS_TITLE_NUMBER,
                           "The integer %s at byte %zu is outside the 64-bit range this service reads.",
                           excerpt, offset(ps, start));
        }
        *out = json_object_new_int64(v);
    } else {
        /* strtod needs a NUL-terminated copy: the body is not terminated. */
        ps->value.len = 0;
        if (!buf_append(&ps->value, start, len) || !buf_append(&ps->value, "", 1))
            return fail_memory(ps);
        double d = strtod(ps->value.data, NULL);
        /* A number too small for a double (1e-330) is not the integer 0:
         * keep it apart from zero as the smallest number of its sign, which
         * has a fraction (the decoders then call it one). */
        if (d == 0 && nonzero_significand(start, len))
            d = *start == '-' ? -nextafter(0, 1) : nextafter(0, 1);
        if (isinf(d)) {
            ojs_quote_excerpt(excerpt, sizeof excerpt, (const char *)start, len, 40);
            return fail_at(ps, AT_VALUE, 400, JS_TITLE_NUMBER,
                           "The number %s at byte %zu is too large for a double.", excerpt, offset(ps, start));
        }
        *out = json_object_new_double(d);
    }
    ps->p = p;
    return *out != NULL || fail_memory(ps);
}

/* ---- values ------------------------------------------------------------- */

/* A scalar value at ps->p into *out (NULL for null). */
static bool read_scalar(js_parser *ps, json_object **out)
{
    unsigned c = *ps->p;
    *out = NULL;
    if (c == '"') {
        if (!read_string(ps, &ps->value, false))
            return false;
        if (ps->value.len > (size_t)INT32_MAX)
            return fail_at(ps, AT_VALUE, 400, JS_TITLE_STRING, "The string is longer than 2 GiB.");
        *out = json_object_new_string_len(ps->value.data, (int)ps->value.len);
        return *out != NULL || fail_memory(ps);
    }
    if (c == '-' || (c >= '0' && c <= '9'))
        return read_number(ps, out);
    static const struct { const char *word; int value; } literals[] = {
        { "true", 1 }, { "false", 0 }, { "null", -1 }
    };
    for (size_t i = 0; i < sizeof literals / sizeof literals[0]; i++)
        if (starts_with(ps, literals[i].word)) {
            ps->p += strlen(literals[i].word);
            if (literals[i].value < 0)
                return true;
            *out = json_object_new_boolean(literals[i].value);
            return *out != NULL || fail_memory(ps);
        }
    size_t at = offset(ps, ps->p);
    if (starts_with(ps, "NaN") || starts_with(ps, "Infinity"))
        return fail_at(ps, AT_VALUE, 400, JS_TITLE_SYNTAX,
                       "%s at byte %zu is not a JSON number.", c == 'N' ? "NaN" : "Infinity", at);
    if (c == '\'')
        return fail_at(ps, AT_VALUE, 400, JS_TITLE_SYNTAX,
                       "JSON strings take double quotes; byte %zu starts a single-quoted one.", at);
    char what[32];
    describe_byte(ps, ps->p, what, sizeof what);
    return fail_at(ps, AT_VALUE, 400, JS_TITLE_SYNTAX,
                   "A value was expected at byte %zu, but found %s.", at, what);
}

/* Attach v to the open container (or make it the root). On failure v is
 * released. */
static bool attach(js_parser *ps, json_object **root, json_object *v)
{
    if (ps->depth == 0) {
        *root = v;
        return true;
    }
    js_frame *f = &ps->frames[ps->depth - 1];
    int rc;
    if (f->is_object) {
        /* The name is known new (read_member_name checked); an interned
         * name is not even copied. */
        const char *constant = ps->key_constant;
        rc = json_object_object_add_ex(f->obj, constant ? constant : ps->key.data, v,
                                       JSON_C_OBJECT_ADD_KEY_IS_NEW
                                       | (constant ? JSON_C_OBJECT_ADD_CONSTANT_KEY : 0));
    } else {
        rc = json_object_array_add(f->obj, v);
    }
    if (rc != 0) {
        json_object_put(v);
        return fail_memory(ps);
    }
    return true;
}

/* Open the container at ps->p ('{' or '['): build it, attach it, push it. */
static bool open_container(js_parser *ps, json_object **root)
{
    if (ps->depth >= ps->max_depth)
        return fail_at(ps, AT_VALUE, 400, JS_TITLE_DEPTH,
                       "The body nests arrays and objects more than %d deep (byte %zu).",
                       ps->max_depth, offset(ps, ps->p));
    bool is_object = *ps->p == '{';
    json_object *c = is_object ? json_object_new_object() : json_object_new_array();
    if (c == NULL)
        return fail_memory(ps);
    if (!attach(ps, root, c))
        return false;
    js_frame *f = &ps->frames[ps->depth++];
    memset(f, 0, sizeof *f);
    f->obj = c;
    f->is_object = is_object;
    ps->p++;
    return true;
}

/* Read a member name and its ':' into ps->key; reject a repeated name. */
static bool read_member_name(js_parser *ps)
{
    skip_ws(ps);
    if (ps->p >= ps->end || *ps->p != '"') {
        char what[32];
        describe_byte(ps, ps->p, what, sizeof what);
        return fail_at(ps, AT_ROOT, 400, JS_TITLE_SYNTAX,
                       "A member name in double quotes was expected at byte %zu, but found %s.",
                       offset(ps, ps->p), what);
    }
    const unsigned char *name = ps->p;
    if (!read_string(ps, &ps->key, true))
        return false;
    js_frame *f = &ps->frames[ps->depth - 1];
    f->key = (const char *)name + 1;
    f->key_len = (size_t)(ps->p - name) - 2;
    /* A repeat of an interned name is one bit test; any other name is
     * looked up in json-c's own table (O(1)). Either way attach() then adds
     * with KEY_IS_NEW, skipping json-c's own look-up. */
    const js_intern *in = intern_find(ps, ps->key.data, ps->key.len);
    ps->key_constant = in ? in->name : NULL;
    bool repeat;
    if (in) {
        repeat = f->interned_seen & ((uint64_t)1 << in->index);
        f->interned_seen |= (uint64_t)1 << in->index;
    } else {
        repeat = json_object_object_get_ex(f->obj, ps->key.data, NULL);
    }
    if (repeat) {
        char excerpt[64];
        ojs_quote_excerpt(excerpt, sizeof excerpt, ps->key.data, ps->key.len, 40);
        return fail_at(ps, AT_VALUE, 400, JS_TITLE_DUPLICATE,
                       "The member %s appears twice in one object (the second time at byte %zu); each name may appear once.",
                       excerpt, offset(ps, name));
    }
    skip_ws(ps);
    if (ps->p >= ps->end || *ps->p != ':') {
        char what[32];
        describe_byte(ps, ps->p, what, sizeof what);
        return fail_at(ps, AT_ROOT, 400, JS_TITLE_SYNTAX,
                       "A ':' was expected after the member name at byte %zu, but found %s.",
                       offset(ps, ps->p), what);
    }
    ps->p++;
    return true;
}

/* After a value: ',' or the closing bracket of the open container. Sets
 * *want to 'v' (a value next), 'k' (a member name next), 'e' (done). */
static bool after_value(js_parser *ps, char *want)
{
    while (ps->depth > 0) {
        skip_ws(ps);
        js_frame *f = &ps->frames[ps->depth - 1];
        char close = f->is_object ? '}' : ']';
        if (ps->p < ps->end && *ps->p == ',') {
            ps->p++;
            if (f->is_object) {
                *want = 'k';
            } else {
                f->index++;
                *want = 'v';
            }
            return true;
        }
        if (ps->p < ps->end && *ps->p == close) {
            ps->p++;
            ps->depth--;
            continue;
        }
        char what[32];
        describe_byte(ps, ps->p, what, sizeof what);
        return fail_at(ps, AT_ROOT, 400, JS_TITLE_SYNTAX,
                       "A ',' or '%c' was expected at byte %zu, but found %s.",
                       close, offset(ps, ps->p), what);
    }
    skip_ws(ps);
    if (ps->p < ps->end) {
        char what[32];
        describe_byte(ps, ps->p, what, sizeof what);
        return fail_at(ps, AT_ROOT, 400, JS_TITLE_SYNTAX,
                       "The JSON value ends before byte %zu, but the body goes on with %s.",
                       offset(ps, ps->p), what);
    }
    *want = 'e';
    return true;
}

/* One step from "a value starts here": a scalar, or a container opened
 * (and closed at once when empty). */
static bool read_value(js_parser *ps, json_object **root, char *want)
{
    skip_ws(ps);
    if (ps->p >= ps->end)
        return fail_at(ps, AT_ROOT, 400, JS_TITLE_SYNTAX,
                       "The body ends at byte %zu, where a value was expected.", offset(ps, ps->p));
    if (*ps->p == '{' || *ps->p == '[') {
        if (!open_container(ps, root))
            return false;
        skip_ws(ps);
        js_frame *f = &ps->frames[ps->depth - 1];
        if (ps->p < ps->end && *ps->p == (f->is_object ? '}' : ']')) {
            ps->p++;
            ps->depth--;
            return after_value(ps, want);
        }
        *want = f->is_object ? 'k' : 'v';
        return true;
    }
    json_object *v;
    if (!read_scalar(ps, &v) || !attach(ps, root, v))
        return false;
    return after_value(ps, want);
}

bool ojs_parse(const char *text, size_t len, int max_depth, const char *const *interned,
              json_object **out, cc_error *err)
{
    js_parser ps;
    memset(&ps, 0, sizeof ps);
    intern_init(&ps, interned);
    ps.start = ps.p = (const unsigned char *)text;
    ps.end = ps.start + len;
    ps.max_depth = max_depth < 1 ? 1 : max_depth > OJS_MAX_DEPTH ? OJS_MAX_DEPTH : max_depth;
    ps.err = err;
    json_object *root = NULL;
    char want = 'v';
    bool ok = true;
    while (ok && want != 'e') {
        if (want == 'k') {
            ok = read_member_name(&ps);
            want = 'v';
        } else {
            ok = read_value(&ps, &root, &want);
        }
    }
    free(ps.value.data);
    free(ps.key.data);
    if (!ok) {
        json_object_put(root);
        return false;
    }
    *out = root;
    return true;
}
