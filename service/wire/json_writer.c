/* json_writer.c -- see json_writer.h.
 *
 * Every write first makes room through room() -> jw_reserve(), the one
 * place that allocates: a failed grow marks the writer failed and every
 * later write returns at once. */
#include "json_writer.h"

#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#if defined(__SSE2__)
#include <emmintrin.h>
#endif

#define JW_FIRST_CAP 1024

void jw_init(jw *w)
{
    memset(w, 0, sizeof *w);
}

void jw_free(jw *w)
{
    free(w->buf);
    jw_init(w);
}

char *jw_take(jw *w, size_t *len)
{
    char *text = NULL;
    if (!w->failed && jw_reserve(w, 0)) {   /* an empty writer still gives "" */
        w->buf[w->len] = '\0';
        text = w->buf;
        *len = w->len;
        w->buf = NULL;
    }
    jw_free(w);
    return text;
}

bool jw_reserve(jw *w, size_t n)
{
    if (w->failed)
        return false;
    if (w->cap - w->len > n)       /* keep room for the NUL */
        return true;
    size_t cap = w->cap ? w->cap : JW_FIRST_CAP;
    while (cap - w->len <= n) {
        if (cap > SIZE_MAX / 2)
            goto failed;
        cap *= 2;
    }
    char *buf = realloc(w->buf, cap);
    if (buf == NULL)
        goto failed;
    w->buf = buf;
    w->cap = cap;
    return true;
failed:
    /* No room left at all: the writers' inline check (room()) then always
     * comes here, and here says no. */
    w->failed = true;
    w->cap = w->len;
    return false;
}

/* Room for n more bytes and the NUL: the common case inline. */
static inline bool room(jw *w, size_t n)
{
    return w->cap - w->len > n || jw_reserve(w, n);
}

static inline void put_bytes(jw *w, const char *s, size_t n)
{
    if (!room(w, n))
        return;
    memcpy(w->buf + w->len, s, n);
    w->len += n;
    w->buf[w->len] = '\0';
}

static inline void put(jw *w, char c)
{
    if (!room(w, 1))
        return;
    w->buf[w->len++] = c;
    w->buf[w->len] = '\0';
}

/* The ',' a new value or key needs when its container holds one already. */
static inline void separate(jw *w)
{
    if (w->comma)
        put(w, ',');
}


/* Bytes that stand for themselves inside a string. */
static const bool plain_table[256] = {
#define R16(v) v, v, v, v, v, v, v, v, v, v, v, v, v, v, v, v
    R16(false), R16(false),                               /* 0x00-0x1F */
    true, true, false, true, true, true, true, true,      /* 0x20-0x27: not '"' */
    true, true, true, true, true, true, true, true,
    R16(true), R16(true),                                 /* 0x30-0x4F */
    true, true, true, true, true, true, true, true,       /* 0x50-0x5F: not '\\' */
    true, true, true, true, false, true, true, true,
    R16(true), R16(true),                                 /* 0x60-0x7F */
    R16(true), R16(true), R16(true), R16(true),           /* 0x80-0xFF: UTF-8 */
    R16(true), R16(true), R16(true), R16(true),
#undef R16
};

/* One look-up, not three comparisons: every byte of every key and string
 * of every answer passes here. */
static inline bool plain_byte(unsigned char c)
{
    return plain_table[c];
}

/* The escape of byte c (not plain) at o: \" \\ \b \f \n \r \t or \u00xx;
 * returns the byte after it. */
static char *put_escape(char *o, unsigned char c)
{
    static const char hex[] = "0123456789abcdef";
    *o++ = '\\';
    switch (c) {
    case '"': *o++ = '"'; break;
    case '\\': *o++ = '\\'; break;
    case '\b': *o++ = 'b'; break;
    case '\f': *o++ = 'f'; break;
    case '\n': *o++ = 'n'; break;
    case '\r': *o++ = 'r'; break;
    case '\t': *o++ = 't'; break;
    default:
        *o++ = 'u';
        *o++ = '0';
        *o++ = '0';
        *o++ = hex[c >> 4];
        *o++ = hex[c & 0xF];
        break;
    }
    return o;
}

char *jw_escape_at(char *o, const char *s, size_t n)
{
    for (size_t i = 0; i < n; i++) {
        unsigned char c = (unsigned char)s[i];
        if (plain_byte(c))       /* nearly every byte: copied as it is */
            *o++ = (char)c;
        else
            o = put_escape(o, c);
    }
    return o;
}

/* ',' if needed, then s quoted and escaped, then `after` (':' for a key,
 * or nothing). One reservation for the worst case (every byte a \u00xx),
 * then plain runs are copied as they are. */
static void put_quoted(jw *w, const char *s, size_t n, char after)
{
    if (n > (SIZE_MAX - 8) / 6 || !room(w, 6 * n + 4))
        return;
    char *o = w->buf + w->len;
    if (w->comma)
        *o++ = ',';
    *o++ = '"';
    o = jw_escape_at(o, s, n);
    *o++ = '"';
    if (after)
        *o++ = after;
    *o = '\0';
    w->len = (size_t)(o - w->buf);
}

void (jw_key)(jw *w, const char *name)
{
    jw_key_len(w, name, strlen(name));
}

void jw_key_len(jw *w, const char *name, size_t n)
{
    put_quoted(w, name, n, ':');
    w->comma = false;
}

/* How many bytes at the start of s[0..n) are plain, eight at a time: each
 * word's bytes that are not plain flagged in their high bit (a control
 * byte by the borrow test, which leaves bytes from 0x80 alone; '"' and
 * '\\' as a zero byte after the XOR). A borrow may flag bytes above a
 * true one, so only the lowest flag is exact, and only it is read: on a
 * little-endian machine, the first byte in memory. */
#define WORD_ONES UINT64_C(0x0101010101010101)
#define WORD_HIGHS UINT64_C(0x8080808080808080)

static inline uint64_t zero_bytes(uint64_t w)
{
    return (w - WORD_ONES) & ~w & WORD_HIGHS;
}

static size_t plain_prefix(const char *s, size_t n)
{
    size_t i = 0;
#if defined(__SSE2__)
    /* Sixteen at a time where the machine has SSE2 (every x86-64): a
     * control byte is one whose unsigned max with 0x1F is 0x1F. */
    const __m128i last_control = _mm_set1_epi8(0x1F);
    const __m128i quote = _mm_set1_epi8('"'), backslash = _mm_set1_epi8('\\');
    for (; n - i >= 16; i += 16) {
        __m128i x = _mm_loadu_si128((const __m128i *)(const void *)(s + i));
        __m128i stop = _mm_or_si128(_mm_cmpeq_epi8(_mm_max_epu8(x, last_control), last_control),
                                    _mm_or_si128(_mm_cmpeq_epi8(x, quote),
                                                 _mm_cmpeq_epi8(x, backslash)));
        unsigned mask = (unsigned)_mm_movemask_epi8(stop);
        if (mask != 0)
            return i + (size_t)__builtin_ctz(mask);
    }
#endif
#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
    for (; n - i >= 8; i += 8) {
        uint64_t w;
        memcpy(&w, s + i, sizeof w);
        uint64_t stop = ((w - WORD_ONES * 0x20) & ~w & WORD_HIGHS)
                        | zero_bytes(w ^ (WORD_ONES * '"')) | zero_bytes(w ^ (WORD_ONES * '\\'));
        if (stop != 0)
            return i + (size_t)(__builtin_ctzll(stop) >> 3);
    }
#endif
    while (i < n && plain_byte((unsigned char)s[i]))
        i++;
    return i;
}

size_t jw_plain_len(const char *s, size_t n)
{
    return plain_prefix(s, n);
}

/* put_quoted(w, s, n, 0) for a long string (an explanation's sentences):
 * plain runs found a word at a time and copied whole. The same bytes. */
static void put_quoted_long(jw *w, const char *s, size_t n)
{
    if (n > (SIZE_MAX - 8) / 6 || !room(w, 6 * n + 4))
        return;
    char *o = w->buf + w->len;
    if (w->comma)
        *o++ = ',';
    *o++ = '"';
    size_t i = 0;
    while (i < n) {
        size_t run = plain_prefix(s + i, n - i);
        memcpy(o, s + i, run);
        o += run;
        i += run;
        if (i < n)
            o = put_escape(o, (unsigned char)s[i++]);
    }
    *o++ = '"';
    *o = '\0';
    w->len = (size_t)(o - w->buf);
}

#define LONG_STRING 48   /* from here on words pay for their set-up */

void jw_string_len(jw *w, const char *s, size_t n)
{
    if (n >= LONG_STRING)
        put_quoted_long(w, s, n);
    else
        put_quoted(w, s, n, 0);
    w->comma = true;
}

void (jw_string)(jw *w, const char *s)
{
    jw_string_len(w, s, strlen(s));
}

char *jw_int_at_any(char *o, long long v)
{
    char digits[24];
    size_t n = sizeof digits;
    /* Work in unsigned so LLONG_MIN negates without overflow. */
    unsigned long long u = v < 0 ? 0ull - (unsigned long long)v : (unsigned long long)v;
    do {
        digits[--n] = (char)('0' + u % 10);
        u /= 10;
    } while (u > 0);
    if (v < 0)
        digits[--n] = '-';
    memcpy(o, digits + n, sizeof digits - n);
    return o + (sizeof digits - n);
}

void jw_int(jw *w, long long v)
{
    char *o = jw_raw_begin(w, JW_INT_MAX);
    if (o != NULL)
        jw_raw_end(w, jw_int_at(o, v), true);
}

void jw_bool(jw *w, bool v)
{
    separate(w);
    if (v)
        put_bytes(w, "true", 4);
    else
        put_bytes(w, "false", 5);
    w->comma = true;
}

void jw_null(jw *w)
{
    separate(w);
    put_bytes(w, "null", 4);
    w->comma = true;
}

void jw_value(jw *w, const jw *value)
{
    if (value->failed) {
        w->failed = true;
        return;
    }
    separate(w);
    put_bytes(w, value->buf ? value->buf : "null", value->buf ? value->len : 4);
    w->comma = true;
}

void jw_double(jw *w, double v)
{
    if (!isfinite(v)) {
        jw_null(w);
        return;
    }
    char text[32];
    int n = snprintf(text, sizeof text, "%.17g", v);
    separate(w);
    put_bytes(w, text, n > 0 && (size_t)n < sizeof text ? (size_t)n : 0);
    w->comma = true;
}

void jw_raw(jw *w, const char *json, size_t n)
{
    separate(w);
    put_bytes(w, json, n);
    w->comma = true;
}

void jw_check_plain(const char *s, size_t n)
{
    for (size_t i = 0; i < n; i++)
        if (!plain_byte((unsigned char)s[i])) {
            fprintf(stderr, "json_writer: an id or literal name needs escaping: %.*s\n", (int)n, s);
            abort();
        }
}

/* ids: the caller vouches that s needs no escape (json_writer.h). */
static void put_plain_quoted(jw *w, const char *s, size_t n, bool key)
{
#ifdef __SANITIZE_ADDRESS__
    jw_check_plain(s, n);
#endif
    char *o = jw_raw_begin(w, n + 3);
    if (o == NULL)
        return;
    *o++ = '"';
    memcpy(o, s, n);
    o += n;
    *o++ = '"';
    if (key)
        *o++ = ':';
    jw_raw_end(w, o, !key);
}

void jw_id_len(jw *w, const char *s, size_t n)
{
    put_plain_quoted(w, s, n, false);
}

void jw_id_key_len(jw *w, const char *s, size_t n)
{
    put_plain_quoted(w, s, n, true);
}
