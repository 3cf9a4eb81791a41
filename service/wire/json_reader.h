/* json_reader.h -- request bodies read in place: one strict pass, then spans.
 *
 * Owns: the grammar of request bodies and the way decoders walk them, with
 * no tree. jr_parse() reads the whole text once, strictly (RFC 8259 and the
 * rules below), and records where each value stands: one 8-byte jr_token
 * per value and member name (its offset and length in the text; for an
 * array or object, where it ends and how many it holds). That flat list of
 * spans is all there is: no node is allocated, no string is copied, no
 * number converted until a decoder asks for that one value. Decoders then
 * walk the spans (jr_iter) or look members up by name (jr_obj_get), and
 * read a string or a number from the bytes where it stands. Because the
 * first pass reads everything before any decoder looks, a syntax error
 * anywhere in the body is reported before any semantic error, wherever
 * each stands.
 *
 * Rejected by jr_parse(), each a 400 cc_error:
 *   - anything outside RFC 8259: NaN, Infinity, single quotes, comments,
 *     leading zeros, "+1", ".5", "1.", a byte-order mark, trailing text;
 *   - strings that are not valid UTF-8 (overlong forms, encoded surrogates,
 *     code points over U+10FFFF), raw control characters, unknown escapes,
 *     a \u escape of a lone UTF-16 surrogate;
 *   - a member name containing U+0000;
 *   - integers (no fraction, no exponent) outside the int64 range, and
 *     numbers whose value overflows a double (1e400);
 *   - two members of one object with the same name (compared after escapes
 *     are decoded, so "a" and "\u0061" are the same name);
 *   - containers nested deeper than max_depth (checked before the container
 *     is entered, so 10,000 '[' cost 33 steps, not a stack).
 * Titles: "Malformed JSON", "Invalid string", "Number out of range",
 * "Duplicate member", "Nesting too deep". Which pointer an error carries:
 * problems with one value (a number, a string, a literal such as NaN, a
 * duplicate name, nesting) point at that value's member (e.g.
 * "/position/tiles/0/x"); problems inside a member name point at the
 * object holding it; problems of structure (a missing comma, unbalanced
 * brackets, trailing text, end of input) point at "". Every detail names
 * the 0-based byte offset of the problem.
 *
 * Allocation (all of it, for fault injection): jr_parse() allocates only
 * past what a request usually holds -- more than JR_INLINE_TOKENS spans
 * (doc->tokens grows, doubling), an object with more than JR_LINEAR_NAMES
 * members (its duplicate check moves to a hash table, freed before
 * jr_parse returns), a number of 64 bytes or more at the very end of the
 * body (strtod needs a terminated copy) -- and reports running out as
 * status 500 "Out of memory". Nothing after jr_parse() allocates.
 *
 * Lanes (jr_parse_lane): a decoder that knows the usual form of some arrays
 * may read them itself, which is faster than writing spans and reading
 * them back. The pass offers such a lane each array that is the value of
 * member lane->members[k] of the object that is the value of member
 * lane->outer of the top-level object (the service's: /position/tiles and
 * /position/figures), when all it may hold (lane->nesting levels, the
 * array's own included) is within max_depth. The lane reads the array from its '[' and either takes
 * it whole -- the pass then writes one span for it (JR_ARRAY, the lane's
 * count of elements, no spans for the elements: jr_by_lane() tells it) and
 * goes on after its ']' -- or declines, and the pass reads the array as
 * usual. A lane must take only text the pass would accept there without
 * an error (so every error is still the pass's, with its pointer), and
 * only a lane's owner reads what the lane took.
 *
 * Ownership: the body must outlive the jr_doc and every value taken from
 * it, and so must the lane, if any; jr_doc_free() releases what jr_parse()
 * allocated (always call it, after a failure too). Values, names, iterators and jr_obj are small
 * plain copies.
 *
 * Table of contents:
 *   jr_parse(doc, text, len, max_depth, err)   the strict pass
 *   jr_parse_lane(..., lane, err)    the same, offering arrays to a lane
 *   jr_lane, jr_by_lane(v), jr_plain_byte[]   lanes (see above)
 *   jr_plain_run(p, end)             the plain bytes of a string, many at a time
 *   jr_string_end()                  a string read as the pass reads it
 *   jr_is_ws(c), jr_skip_ws(p, end)  JSON's whitespace
 *   jr_doc_free(doc)
 *   jr_root(doc)                     the top-level value
 *   jr_val, jr_type                  a value: its type and where it stands
 *   jr_count(v)                      members or elements of a container
 *   jr_iter, jr_iter_start()         walk a container in document order:
 *   jr_next_member(), jr_next_element()
 *   jr_obj, jr_obj_open()            an object, for look-ups by name:
 *   jr_obj_get(o, name, &v)          member name's value
 *   jr_obj_match(o, names, &unknown) no member outside names (and index them)
 *   jr_members_start/next()          every member of a jr_obj in order
 *   jr_str, jr_str_is(), jr_str_copy()   member names
 *   jr_string(v, buf, cap, &nul)     a string value decoded (UTF-8)
 *   jr_int64(v), jr_double(v), jr_underflow(v)   numbers
 *   jr_pointer_member(), jr_pointer_index()   JSON Pointers (RFC 6901)
 *   jr_quote_excerpt()               client text quoted for a detail
 */
#ifndef JSON_READER_H
#define JSON_READER_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>
#if defined(__SSE2__)
#include <emmintrin.h>
#endif

#include "../../engine/error.h"

#define JR_MAX_DEPTH 64          /* the largest max_depth jr_parse accepts */
#define JR_INLINE_TOKENS 2048    /* spans held without allocating (16 KB) */
#define JR_LINEAR_NAMES 16       /* members per object checked without a hash */
#define JR_MAX_TEXT ((size_t)1 << 27)   /* 128 MiB: the largest text jr_parse reads */

typedef enum {
    JR_ABSENT = 0,   /* no value: a member that is not there */
    JR_NULL,
    JR_FALSE,
    JR_TRUE,
    JR_INT,          /* a number without fraction or exponent (int64 range) */
    JR_NUMBER,       /* any other number (a double, never infinite) */
    JR_STRING,
    JR_ARRAY,
    JR_OBJECT,
    JR_NAME,         /* a member name (tokens only) */
} jr_type;

/* One span of the text. pos: the offset of a scalar's first byte (a
 * string's: after the quote), or a container's count of members or
 * elements. meta: the type (bits 28-31), an escape in the string or an
 * array a lane took (bit 27), and a scalar's length in bytes (a string's: up to the closing quote) or
 * the index of the token after a container (bits 0-26). */
typedef struct {
    uint32_t pos;
    uint32_t meta;
} jr_token;

typedef struct jr_lane jr_lane;

typedef struct {
    const char *text;
    size_t len;
    jr_lane *lane;             /* the lane it was parsed with, or NULL */
    jr_token *tokens;          /* inline_tokens, or malloc'ed past it */
    uint32_t ntokens, cap;
    jr_token inline_tokens[JR_INLINE_TOKENS];
} jr_doc;

/* A value, as a decoder holds it. */
typedef struct {
    const jr_doc *doc;
    jr_type type;
    bool escaped;      /* a string holding a backslash escape; an array a lane took */
    uint32_t at;       /* strings: first byte after the quote; numbers: first byte */
    uint32_t len;      /* strings, numbers: bytes of text; literals: 0 */
    uint32_t index;    /* its token */
} jr_val;

/* A member name as it stands in the text (escapes undecoded). */
typedef struct {
    const char *raw;
    uint32_t len;
    bool escaped;
} jr_str;

typedef struct {
    const jr_doc *doc;
    uint32_t i;          /* the next member's (or element's) token */
    uint32_t end;        /* the token after the container */
} jr_iter;

/* An object, for look-ups by name (or JR_ABSENT: no object). Once
 * jr_obj_match() has found every member among a list of names, it knows
 * where each of them stands, and a look-up of one of them is a few
 * comparisons of pointers, not a walk. */
#define JR_OBJ_SLOTS 16

typedef struct {
    jr_val val;
    const char *const *known;     /* the list jr_obj_match() accepted, or NULL */
    uint32_t slot[JR_OBJ_SLOTS];  /* known[k]'s value token; 0: absent */
} jr_obj;

typedef struct {
    jr_iter it;
} jr_members;

/* Parse text[0..len) (need not be NUL-terminated; len < JR_MAX_TEXT) as one JSON
 * value with optional whitespace around it, containers nested at most
 * max_depth deep (the outermost is depth 1; clamped to 1..JR_MAX_DEPTH).
 * On failure err says why (see above); call jr_doc_free() either way. */
bool jr_parse(jr_doc *doc, const char *text, size_t len, int max_depth, cc_error *err);
void jr_doc_free(jr_doc *doc);

/* A lane (see the top of this file). read() gets the whole text and the
 * offset of the array's '['; it returns the offset just past the array's
 * ']' and sets *count to its elements, or returns 0 to decline. */
struct jr_lane {
    const char *outer;                /* a member of the top-level object */
    const char *const *members;       /* members of that one's object; NULL-terminated */
    int nesting;                      /* levels the arrays it takes hold, their own included */
    size_t (*read)(jr_lane *lane, int member, const char *text, size_t at, size_t len,
                   uint32_t *count);
};

/* jr_parse(), offering lane (NULL: none) the arrays it reads itself. */
bool jr_parse_lane(jr_doc *doc, const char *text, size_t len, int max_depth, jr_lane *lane,
                   cc_error *err);

/* Bytes that stand for themselves inside a JSON string: printable ASCII
 * other than '"' and '\\' (what a lane may take unchecked). */
extern const bool jr_plain_byte[256];

/* The first byte at or after p (p <= end) that is not plain (jr_plain_byte),
 * or end: sixteen bytes at a time where the machine has SSE2 (every
 * x86-64) while sixteen stand before end, then eight at a time while eight
 * stand (a byte is not plain if its top bit is set, it is below ' ', or it
 * is '"' or '\\': each test made on every byte of a word at once, without a
 * carry from one byte into the next), then one at a time. */
static inline const char *jr_plain_run(const char *p, const char *end)
{
#if defined(__SSE2__)
    /* Compared as signed bytes, one whose top bit is set is below ' ' too. */
    const __m128i space = _mm_set1_epi8(' '), quote16 = _mm_set1_epi8('"');
    const __m128i backslash16 = _mm_set1_epi8('\\');
    for (; end - p >= 16; p += 16) {
        __m128i x = _mm_loadu_si128((const __m128i *)(const void *)p);
        __m128i stop = _mm_or_si128(_mm_cmplt_epi8(x, space),
                                    _mm_or_si128(_mm_cmpeq_epi8(x, quote16),
                                                 _mm_cmpeq_epi8(x, backslash16)));
        unsigned mask = (unsigned)_mm_movemask_epi8(stop);
        if (mask != 0)
            return p + __builtin_ctz(mask);
    }
#endif
    const uint64_t ones = UINT64_C(0x0101010101010101), low7 = ones * 0x7F, top = ones * 0x80;
    for (; end - p >= 8; p += 8) {
        uint64_t v;
        memcpy(&v, p, 8);
        uint64_t quote = v ^ (ones * '"'), backslash = v ^ (ones * '\\');
        uint64_t control = ~((v & low7) + ones * (0x80 - 0x20));   /* top bit: below ' ' */
        uint64_t is_quote = ~(((quote & low7) + low7) | quote);     /* top bit: zero byte */
        uint64_t is_backslash = ~(((backslash & low7) + low7) | backslash);
        uint64_t stop = (v | control | is_quote | is_backslash) & top;
        if (stop != 0) {
#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_BIG_ENDIAN__
            return p + (__builtin_clzll(stop) >> 3);
#else
            return p + (__builtin_ctzll(stop) >> 3);
#endif
        }
    }
    while (p < end && jr_plain_byte[(unsigned char)*p])
        p++;
    return p;
}

/* For a lane: the string value whose opening quote is text[open], read by
 * the pass's own routine from text[from] (open < from; the bytes between
 * are plain): the offset just past its closing quote, *escaped if it holds
 * a backslash escape; or 0 where the pass would report an error (an
 * unterminated string, a raw control byte, invalid UTF-8, a bad escape, a
 * lone surrogate). */
size_t jr_string_end(const char *text, size_t len, size_t open, size_t from, bool *escaped);

/* JSON's whitespace (RFC 8259): space, tab, line feed, carriage return.
 * (One compare first: in compact text no byte here is whitespace.) */
static inline bool jr_is_ws(unsigned char c)
{
    return c <= ' ' && (c == ' ' || c == '\n' || c == '\r' || c == '\t');
}

/* The first byte at or after p (p <= end) that is not JSON's whitespace,
 * or end. The pass and the lane step over whitespace here alike, so that
 * every layout is read at nearly the cost of compact text (issue 37): a
 * byte that is not whitespace costs one compare, as in compact text; a
 * single space (Python's ", " and ": ") a few more; a run of spaces (a
 * pretty-printer's indentation) is stepped over eight bytes at a time. */
static inline const char *jr_skip_ws(const char *p, const char *end)
{
    while (p < end && (unsigned char)*p <= ' ') {
        char c = *p++;
        if (c == ' ' || c == '\n') {
            if (p < end && (unsigned char)*p > ' ')
                return p;                           /* Python's ", " and ": " */
            /* The spaces that follow: eight at a time. */
            while (end - p >= 8) {
                uint64_t v;
                memcpy(&v, p, 8);
                v ^= UINT64_C(0x2020202020202020);   /* a space becomes a zero byte */
                if (v != 0) {                       /* the first byte that is not a space */
#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_BIG_ENDIAN__
                    p += __builtin_clzll(v) >> 3;
#else
                    p += __builtin_ctzll(v) >> 3;
#endif
                    break;
                }
                p += 8;
            }
        } else if (c != '\r' && c != '\t') {
            return p - 1;
        }
    }
    return p;
}

/* The top-level value of a parsed document. */
jr_val jr_root(const jr_doc *doc);

static inline uint32_t jr_count(jr_val container);
static inline jr_iter jr_iter_start(jr_val container);
static inline bool jr_next_member(jr_iter *it, jr_str *name, jr_val *value);
static inline bool jr_next_element(jr_iter *it, jr_val *value);

/* Take object v for look-ups (false, and o->val JR_ABSENT, when v is not
 * an object). */
bool jr_obj_open(jr_val v, jr_obj *o);
static inline bool jr_obj_given(const jr_obj *o) { return o->val.type == JR_OBJECT; }
/* Member name (NUL-terminated, compared with decoded names): true and *v,
 * or false and v->type == JR_ABSENT. */
bool jr_obj_get(const jr_obj *o, const char *name, jr_val *v);
/* Are all of o's members among names (NULL-terminated)? If not, *unknown
 * is the first member, in document order, that is not. If so, and names
 * holds at most JR_OBJ_SLOTS names, o remembers where each stands. */
bool jr_obj_match(jr_obj *o, const char *const *names, jr_str *unknown);

jr_members jr_members_start(const jr_obj *o);
bool jr_members_next(jr_members *m, jr_str *name, jr_val *value);

/* Is name, decoded, exactly the C string s? */
bool jr_str_is(jr_str name, const char *s);
/* Decode name into buf (at most cap - 1 bytes, then NUL); returns the
 * decoded length, which may exceed what was copied. */
size_t jr_str_copy(jr_str name, char *buf, size_t cap);

/* Decode string value v into buf as jr_str_copy() does; *has_nul (if not
 * NULL) says whether the string holds U+0000. */
size_t jr_string(jr_val v, char *buf, size_t cap, bool *has_nul);

/* A JR_INT's value. */
static inline int64_t jr_int64(jr_val v);
/* A number's value (JR_INT or JR_NUMBER). A number too small for a double
 * is 0 here: jr_underflow() tells it from a true zero. Exact for any number
 * inside an array or object; a document that is one bare number of 64
 * bytes or more reads only its first 63. */
double jr_double(jr_val v);
/* A JR_NUMBER whose digits are not all zero but whose value is 0 as a
 * double (1e-330): a fraction, never the integer 0. */
bool jr_underflow(jr_val v);

/* Write base + "/" + name, escaped per RFC 6901 (~ as ~0, / as ~1), into
 * out (CC_POINTER_MAX bytes). If the result would not fit, out is base
 * (an ancestor, still a true pointer) and the function returns false.
 * out and base may be the same buffer. */
bool jr_pointer_member(char *out, const char *base, const char *name, size_t name_len);
/* Write base + "/" + index into out; same contract. */
bool jr_pointer_index(char *out, const char *base, size_t index);

/* Quote s for an error detail: up to max bytes of it (never cutting a UTF-8
 * sequence), "..." appended when cut. Writes at most cap bytes. s holds at
 * least min(len, max + 4) bytes. */
void jr_quote_excerpt(char *buf, size_t cap, const char *s, size_t len, size_t max);

/* ---- the walk, inline: a decoder's inner loops ------------------------------ */

#define JR_META_TYPE_SHIFT 28
#define JR_META_ESCAPED ((uint32_t)1 << 27)
#define JR_META_LEN_MASK (((uint32_t)1 << 27) - 1)

static inline jr_val jr__val_at(const jr_doc *d, uint32_t i)
{
    const jr_token *t = &d->tokens[i];
    jr_val v = { d, (jr_type)(t->meta >> JR_META_TYPE_SHIFT), (t->meta & JR_META_ESCAPED) != 0,
                 0, 0, i };
    if (v.type != JR_ARRAY && v.type != JR_OBJECT) {
        v.at = t->pos;
        v.len = t->meta & JR_META_LEN_MASK;
    }
    return v;
}

static inline jr_str jr__str_at(const jr_doc *d, uint32_t i)
{
    const jr_token *t = &d->tokens[i];
    jr_str s = { d->text + t->pos, t->meta & JR_META_LEN_MASK, (t->meta & JR_META_ESCAPED) != 0 };
    return s;
}

/* The token after value i (past its end, for a container). */
static inline uint32_t jr__after(const jr_doc *d, uint32_t i)
{
    const jr_token *t = &d->tokens[i];
    jr_type type = (jr_type)(t->meta >> JR_META_TYPE_SHIFT);
    return type == JR_ARRAY || type == JR_OBJECT ? t->meta & JR_META_LEN_MASK : i + 1;
}

/* Did the document's lane take array v (so it has no element spans)? */
static inline bool jr_by_lane(jr_val v)
{
    return v.type == JR_ARRAY && v.escaped;
}

static inline uint32_t jr_count(jr_val v)
{
    return v.type == JR_ARRAY || v.type == JR_OBJECT ? v.doc->tokens[v.index].pos : 0;
}

static inline jr_iter jr_iter_start(jr_val v)
{
    jr_iter it = { v.doc, 0, 0 };
    if (v.type == JR_ARRAY || v.type == JR_OBJECT) {
        it.i = v.index + 1;
        it.end = v.doc->tokens[v.index].meta & JR_META_LEN_MASK;
    }
    return it;
}

static inline bool jr_next_member(jr_iter *it, jr_str *name, jr_val *value)
{
    if (it->i >= it->end)
        return false;
    *name = jr__str_at(it->doc, it->i);
    *value = jr__val_at(it->doc, it->i + 1);
    it->i = jr__after(it->doc, it->i + 1);
    return true;
}

static inline bool jr_next_element(jr_iter *it, jr_val *value)
{
    if (it->i >= it->end)
        return false;
    *value = jr__val_at(it->doc, it->i);
    it->i = jr__after(it->doc, it->i);
    return true;
}

static inline int64_t jr_int64(jr_val v)
{
    const char *t = v.doc->text + v.at;
    bool negative = t[0] == '-';
    uint64_t u = 0;
    for (uint32_t i = negative; i < v.len; i++)
        u = u * 10 + (uint64_t)(t[i] - '0');
    if (!negative)
        return (int64_t)u;
    return u == (uint64_t)1 << 63 ? INT64_MIN : -(int64_t)u;
}

#endif
