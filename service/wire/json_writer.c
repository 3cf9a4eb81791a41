/* json_writer.c -- see json_writer.h.
 *
 * Every byte goes through put() or put_bytes(), which go through
 * jw_reserve(), the one place that allocates: a failed grow marks the
 * writer failed and every later write returns at once. */
#include "json_writer.h"

#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

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
        if (cap > SIZE_MAX / 2) {
            w->failed = true;
            return false;
        }
        cap *= 2;
    }
    char *buf = realloc(w->buf, cap);
    if (buf == NULL) {
        w->failed = true;
        return false;
    }
    w->buf = buf;
    w->cap = cap;
    return true;
}

static void put_bytes(jw *w, const char *s, size_t n)
{
    if (!jw_reserve(w, n))
        return;
    memcpy(w->buf + w->len, s, n);
    w->len += n;
    w->buf[w->len] = '\0';
}

static void put(jw *w, char c)
{
    if (!jw_reserve(w, 1))
        return;
    w->buf[w->len++] = c;
    w->buf[w->len] = '\0';
}

/* The ',' a new value or key needs when its container holds one already. */
static void separate(jw *w)
{
    if (w->comma)
        put(w, ',');
}

void jw_object(jw *w)
{
    separate(w);
    put(w, '{');
    w->comma = false;
}

void jw_object_end(jw *w)
{
    put(w, '}');
    w->comma = true;
}

void jw_array(jw *w)
{
    separate(w);
    put(w, '[');
    w->comma = false;
}

void jw_array_end(jw *w)
{
    put(w, ']');
    w->comma = true;
}

/* Bytes that stand for themselves inside a string. */
static bool plain_byte(unsigned char c)
{
    return c >= 0x20 && c != '"' && c != '\\';
}

static void put_quoted(jw *w, const char *s, size_t n)
{
    static const char hex[] = "0123456789abcdef";
    put(w, '"');
    size_t i = 0;
    while (i < n) {
        size_t run = i;
        while (run < n && plain_byte((unsigned char)s[run]))
            run++;
        if (run > i)
            put_bytes(w, s + i, run - i);
        if (run == n)
            break;
        unsigned char c = (unsigned char)s[run];
        char esc[6] = { '\\', 0, 0, 0, 0, 0 };
        size_t len = 2;
        switch (c) {
        case '"': esc[1] = '"'; break;
        case '\\': esc[1] = '\\'; break;
        case '\b': esc[1] = 'b'; break;
        case '\f': esc[1] = 'f'; break;
        case '\n': esc[1] = 'n'; break;
        case '\r': esc[1] = 'r'; break;
        case '\t': esc[1] = 't'; break;
        default:
            esc[1] = 'u';
            esc[2] = '0';
            esc[3] = '0';
            esc[4] = hex[c >> 4];
            esc[5] = hex[c & 0xF];
            len = 6;
            break;
        }
        put_bytes(w, esc, len);
        i = run + 1;
    }
    put(w, '"');
}

void jw_key(jw *w, const char *name)
{
    separate(w);
    put_quoted(w, name, strlen(name));
    put(w, ':');
    w->comma = false;
}

void jw_string_len(jw *w, const char *s, size_t n)
{
    separate(w);
    put_quoted(w, s, n);
    w->comma = true;
}

void jw_string(jw *w, const char *s)
{
    jw_string_len(w, s, strlen(s));
}

void jw_int(jw *w, long long v)
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
    separate(w);
    put_bytes(w, digits + n, sizeof digits - n);
    w->comma = true;
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
