/* lenient.c -- a message the strict reader refused, read again for its id.
 *
 * Why: the strict reader (service/wire/json_reader.h) refuses JSON that
 * RFC 8259 allows but this service does not take: a number outside the
 * 64-bit range (1e400, 2^63, thirty digits), nesting deeper than 64, two
 * members of one name, a \u escape of a lone surrogate. Such a message is
 * still valid JSON, so its id is known, and a client waits for the answer
 * to that id: a JSON-RPC error with id null cannot be matched over stdio,
 * and the call hangs until the client's timeout. This reading checks only
 * RFC 8259's grammar (any depth, any number, duplicate names allowed; the
 * text valid UTF-8, as a JSON text must be) and keeps the raw text of the
 * top-level "id" (a string or a number) and the top-level "method", so
 * mcp.c can answer that id with the strict reader's own detail and
 * pointer.
 *
 * Contents: mcp_lenient_read(); scan_string, scan_number, scan_literal;
 * the walk (a loop over a bit stack of open containers, one bit a level,
 * so no depth is too deep and no recursion is needed).
 *
 * Allocation: the bit stack is inline up to 8,192 levels, then one block of
 * len / 8 bytes (a 1 MiB message: 128 KB); when that fails, the message is
 * taken as not JSON (it is then answered with id null, as before).
 */
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>

#include "../wire/json_reader.h"
#include "lenient.h"

/* Past the '"' at *p: to just after the closing quote. Escapes must be
 * JSON's, control characters escaped, the bytes UTF-8 (RFC 3629: no
 * overlong form, no encoded surrogate, nothing past U+10FFFF). */
static bool scan_string(const char *t, size_t n, size_t *p)
{
    size_t i = *p;
    while (i < n) {
        unsigned char c = (unsigned char)t[i];
        if (c == '"') {
            *p = i + 1;
            return true;
        }
        if (c < 0x20)
            return false;
        if (c == '\\') {
            if (i + 1 >= n)
                return false;
            char e = t[i + 1];
            if (e == 'u') {
                if (i + 6 > n)
                    return false;
                for (size_t k = i + 2; k < i + 6; k++)
                    if (!strchr("0123456789abcdefABCDEF", t[k]) || t[k] == '\0')
                        return false;
                i += 6;
            } else if (e != '\0' && strchr("\"\\/bfnrt", e)) {
                i += 2;
            } else {
                return false;
            }
            continue;
        }
        if (c < 0x80) {
            i++;
            continue;
        }
        /* A UTF-8 sequence: its length and the range of its second byte. */
        size_t len;
        unsigned char lo = 0x80, hi = 0xBF;
        if (c >= 0xC2 && c <= 0xDF) {
            len = 2;
        } else if (c >= 0xE0 && c <= 0xEF) {
            len = 3;
            if (c == 0xE0)
                lo = 0xA0;
            else if (c == 0xED)
                hi = 0x9F;
        } else if (c >= 0xF0 && c <= 0xF4) {
            len = 4;
            if (c == 0xF0)
                lo = 0x90;
            else if (c == 0xF4)
                hi = 0x8F;
        } else {
            return false;
        }
        if (i + len > n)
            return false;
        for (size_t k = 1; k < len; k++) {
            unsigned char b = (unsigned char)t[i + k];
            if (k == 1 ? (b < lo || b > hi) : (b < 0x80 || b > 0xBF))
                return false;
        }
        i += len;
    }
    return false;
}

static bool digit(const char *t, size_t n, size_t i)
{
    return i < n && t[i] >= '0' && t[i] <= '9';
}

/* A number's grammar, any size: -?(0|[1-9][0-9]*)(\.[0-9]+)?([eE][+-]?[0-9]+)? */
static bool scan_number(const char *t, size_t n, size_t *p)
{
    size_t i = *p;
    if (i < n && t[i] == '-')
        i++;
    if (!digit(t, n, i))
        return false;
    if (t[i] == '0')
        i++;
    else
        while (digit(t, n, i))
            i++;
    if (i < n && t[i] == '.') {
        i++;
        if (!digit(t, n, i))
            return false;
        while (digit(t, n, i))
            i++;
    }
    if (i < n && (t[i] == 'e' || t[i] == 'E')) {
        i++;
        if (i < n && (t[i] == '+' || t[i] == '-'))
            i++;
        if (!digit(t, n, i))
            return false;
        while (digit(t, n, i))
            i++;
    }
    *p = i;
    return true;
}

static bool scan_literal(const char *t, size_t n, size_t *p)
{
    static const char *const words[] = { "true", "false", "null" };
    for (size_t k = 0; k < 3; k++) {
        size_t w = strlen(words[k]);
        if (n - *p >= w && memcmp(t + *p, words[k], w) == 0) {
            *p += w;
            return true;
        }
    }
    return false;
}

static size_t skip_ws(const char *t, size_t n, size_t p)
{
    while (p < n && jr_is_ws((unsigned char)t[p]))
        p++;
    return p;
}

/* One level of the bit stack: 1 an object, 0 an array. */
static void set_bit(unsigned char *bits, size_t depth, bool object)
{
    if (object)
        bits[depth / 8] = (unsigned char)(bits[depth / 8] | (1u << (depth % 8)));
    else
        bits[depth / 8] = (unsigned char)(bits[depth / 8] & ~(1u << (depth % 8)));
}

static bool get_bit(const unsigned char *bits, size_t depth)
{
    return (bits[depth / 8] >> (depth % 8)) & 1u;
}

/* The name at *p (a string), then ':' after it; *name_at and *name_len
 * hold its raw text between the quotes. */
static bool scan_name(const char *t, size_t n, size_t *p, size_t *name_at, size_t *name_len)
{
    *p = skip_ws(t, n, *p);
    if (*p >= n || t[*p] != '"')
        return false;
    size_t start = ++*p;
    if (!scan_string(t, n, p))
        return false;
    *name_at = start;
    *name_len = *p - 1 - start;
    *p = skip_ws(t, n, *p);
    if (*p >= n || t[*p] != ':')
        return false;
    (*p)++;
    return true;
}

/* The walk proper; bits has room for n levels. */
static bool walk(const char *t, size_t n, unsigned char *bits, mcp_lenient *out)
{
    size_t depth = 0, p = 0;
    bool want_value = true;
    const char *key = NULL;   /* the top-level member being read */
    size_t key_len = 0;
    for (;;) {
        p = skip_ws(t, n, p);
        if (!want_value) {
            if (depth == 0)
                return p == n;
            if (p >= n)
                return false;
            bool object = get_bit(bits, depth - 1);
            if (t[p] == (object ? '}' : ']')) {
                p++;
                depth--;
                continue;
            }
            if (t[p] != ',')
                return false;
            p++;
            if (object) {
                size_t at, len;
                if (!scan_name(t, n, &p, &at, &len))
                    return false;
                key = t + at;
                key_len = len;
            }
            want_value = true;
            continue;
        }
        if (p >= n)
            return false;
        char c = t[p];
        if (c == '{' || c == '[') {
            if (depth == 0)
                out->object = c == '{';
            set_bit(bits, depth++, c == '{');
            p = skip_ws(t, n, p + 1);
            if (p < n && t[p] == (c == '{' ? '}' : ']')) {   /* empty */
                p++;
                depth--;
                want_value = false;
                continue;
            }
            if (c == '{') {
                size_t at, len;
                if (!scan_name(t, n, &p, &at, &len))
                    return false;
                key = t + at;
                key_len = len;
            }
            continue;
        }
        size_t start = p;
        bool ok = c == '"' ? (p++, scan_string(t, n, &p))
                : (c == '-' || (c >= '0' && c <= '9')) ? scan_number(t, n, &p)
                : scan_literal(t, n, &p);
        if (!ok)
            return false;
        if (depth == 1 && out->object && key) {
            if (key_len == 2 && memcmp(key, "id", 2) == 0) {
                bool id_kind = c != 't' && c != 'f' && c != 'n';
                out->id = id_kind ? t + start : NULL;
                out->id_len = id_kind ? p - start : 0;
            } else if (key_len == 6 && memcmp(key, "method", 6) == 0) {
                size_t len = p - start;   /* with its quotes */
                out->method[0] = '\0';
                if (c == '"' && len - 2 < sizeof out->method &&
                    memchr(t + start + 1, '\\', len - 2) == NULL) {
                    memcpy(out->method, t + start + 1, len - 2);
                    out->method[len - 2] = '\0';
                }
            }
        }
        want_value = false;
    }
}

bool mcp_lenient_read(const char *text, size_t len, mcp_lenient *out)
{
    memset(out, 0, sizeof *out);
    /* Zeroed: set_bit() changes one bit of a byte it reads whole. */
    unsigned char inline_bits[1024] = { 0 };
    unsigned char *bits = inline_bits;
    if (len / 8 + 1 > sizeof inline_bits && (bits = calloc(len / 8 + 1, 1)) == NULL)
        return false;
    bool ok = walk(text, len, bits, out);
    if (bits != inline_bits)
        free(bits);
    if (!ok) {
        out->id = NULL;
        out->id_len = 0;
        out->method[0] = '\0';
    }
    return ok;
}
