/* json_writer.h -- JSON text written straight into one growing buffer.
 *
 * Owns: how every answer of the service becomes bytes. No tree: a handler
 * writes its answer member by member, in order, and the buffer becomes the
 * response body as it is (svc_reply_jw() in service/service.h). Output is
 * compact RFC 8259 text: no spaces; strings escape '"', '\' and the control
 * characters (\b \f \n \r \t by name, the others as \u00xx in lower-case
 * hex); '/' is not escaped (JSON Pointers stay readable) and UTF-8 passes
 * through as it is. Integers are written in decimal.
 *
 * Allocation failure (model: curl's dynbuf, SQLite's sqlite3_str): the
 * buffer grows in one place, jw_reserve(); when growing fails the writer is
 * failed for good: every later call does nothing, jw_failed() says so, and
 * the caller answers the out-of-memory problem instead (svc_reply_jw()
 * does it). So a handler writes its whole answer without checking each
 * call, and never sends half an answer.
 *
 * Commas are the writer's business: it remembers whether the current
 * container already holds something. The caller only nests correctly
 * (a key before every value inside an object, none inside an array).
 *
 * Ownership: jw_init() allocates nothing; the buffer is malloc'ed on the
 * first write and released by jw_free() or handed over by jw_take().
 *
 *   jw_init(&w)                      an empty writer
 *   jw_object(&w) / jw_object_end(&w)   '{' ... '}'
 *   jw_array(&w) / jw_array_end(&w)     '[' ... ']'
 *   jw_key(&w, name)                 "name": inside an object (name escaped)
 *   jw_string(&w, s), jw_string_len(&w, s, n)   a string value
 *   jw_int(&w, v), jw_bool(&w, b), jw_null(&w)  scalar values
 *   jw_double(&w, v)                 a number that reads back as the same
 *                                    double (%.17g); null if not finite
 *   jw_raw(&w, json, n)              a value that is JSON text already (an
 *                                    answer this service wrote), as it is
 *   jw_member_string/int/bool(&w, name, v)       jw_key + the value
 *   jw_value(&w, &v)                 the one complete value writer v holds
 *                                    (written apart, e.g. while a long job
 *                                    runs), as the next value; v failed:
 *                                    w fails too
 *   jw_failed(&w)                    an allocation failed: discard the text
 *   jw_take(&w, &len)                the text (malloc'ed, NUL-terminated) or
 *                                    NULL if failed; the writer is empty after
 *   jw_free(&w)                      release; the writer is empty after
 *   jw_reserve(&w, n)                room for n more bytes (false: failed)
 *
 * Fast paths for the text the service spells itself (an answer's member
 * names, ids and small fixed shapes are most of its bytes; issue 13):
 *   jw_key_lit(&w, "name")           "name": from a string literal, copied
 *                                    with its compile-time length, never
 *                                    scanned: the literal must need no
 *                                    escape (member names: letters, digits,
 *                                    '_', '-')
 *   jw_id(&w, s), jw_id_key(&w, s)   a string value / a key that needs no
 *                                    escape (ids and names from the
 *                                    service's own tables: rule and message
 *                                    ids, types, kinds, locations, argument
 *                                    names), copied, not scanned; never a
 *                                    player's name or other request text
 *   o = jw_raw_begin(&w, max) ... jw_raw_end(&w, o_end, complete)
 *                                    JSON text written in place: at most max
 *                                    bytes at o (the separator is written
 *                                    already; NULL: failed, write nothing),
 *                                    then where it ends and whether it ends
 *                                    a value (complete: true) or opens one
 *                                    ('{', '[', a key: false)
 *   o = jw_int_at(o, v)              v in decimal at o, as jw_int writes it
 *   jw_plain_len(s, n)               how many leading bytes need no escape
 *   o = jw_escape_at(o, s, n)        s[0..n) escaped as inside a string (no
 *                                    quotes) at o, which has room for 6 n
 *                                    bytes: request text (a player's name)
 *                                    in text written in place
 *
 * Example:
 *     jw w;
 *     jw_init(&w);
 *     jw_object(&w);
 *     jw_member_string(&w, "tile", "base.D");
 *     jw_key(&w, "placements");
 *     jw_array(&w);
 *     for (...) { jw_object(&w); jw_member_int(&w, "x", x); ... jw_object_end(&w); }
 *     jw_array_end(&w);
 *     jw_object_end(&w);
 *     svc_reply_jw(res, 200, &w);      // or jw_take() / jw_free()
 */
#ifndef JSON_WRITER_H
#define JSON_WRITER_H

#include <stdbool.h>
#include <stddef.h>
#include <string.h>

typedef struct {
    char *buf;        /* malloc'ed; NUL-terminated while not failed */
    size_t len;       /* bytes written, excluding the NUL */
    size_t cap;       /* bytes allocated */
    bool failed;      /* sticky: a grow failed, nothing more is written */
    bool comma;       /* the open container holds a value: ',' before the next */
} jw;

void jw_init(jw *w);
void jw_free(jw *w);
char *jw_take(jw *w, size_t *len);
bool jw_reserve(jw *w, size_t n);

static inline bool jw_failed(const jw *w) { return w->failed; }

void jw_key(jw *w, const char *name);
void jw_key_len(jw *w, const char *name, size_t n);
void jw_string(jw *w, const char *s);
void jw_string_len(jw *w, const char *s, size_t n);

/* Names and strings are usually literals: their length is then known at
 * compile time once inlined (the functions above stay callable, e.g. by
 * address). Inline functions, not macros of strlen(s): an argument that is
 * a call (a sentence formatted) is evaluated once. */
static inline void jw_key_cstr(jw *w, const char *name) { jw_key_len(w, name, strlen(name)); }
static inline void jw_string_cstr(jw *w, const char *s) { jw_string_len(w, s, strlen(s)); }
#define jw_key(w, name) jw_key_cstr((w), (name))
#define jw_string(w, s) jw_string_cstr((w), (s))
void jw_int(jw *w, long long v);
void jw_bool(jw *w, bool v);
void jw_null(jw *w);
void jw_double(jw *w, double v);
void jw_value(jw *w, const jw *value);
/* A value given as JSON text, written as it is (the MCP server wraps a
 * route's answer this way). Precondition: json[0..n) is one JSON value the
 * service wrote itself; it is not checked. */
void jw_raw(jw *w, const char *json, size_t n);

char *jw_escape_at(char *o, const char *s, size_t n);
/* v in decimal at o (room for JW_INT_MAX bytes); returns the byte after it.
 * Most numbers in answers are small (coordinates, points, counts): those
 * inline, without the division loop. */
char *jw_int_at_any(char *o, long long v);
#define JW_INT_MAX 20

static inline char *jw_int_at(char *o, long long v)
{
    if (v < 0 || v >= 100)
        return jw_int_at_any(o, v);
    if (v >= 10)
        *o++ = (char)('0' + v / 10);
    *o++ = (char)('0' + v % 10);
    return o;
}
/* How many bytes at the start of s[0..n) need no escape (all n: the text
 * can stand in a string as it is). */
size_t jw_plain_len(const char *s, size_t n);
/* The most bytes jw_escape_at() writes for n bytes. */
#define JW_ESCAPED_MAX(n) (6 * (size_t)(n))
void jw_id_len(jw *w, const char *s, size_t n);
void jw_id_key_len(jw *w, const char *s, size_t n);
static inline void jw_id(jw *w, const char *s) { jw_id_len(w, s, strlen(s)); }
static inline void jw_id_key(jw *w, const char *s) { jw_id_key_len(w, s, strlen(s)); }

/* Room for max bytes, a separator and the NUL, and the separator written:
 * where the text goes, or NULL when the writer has failed. */
static inline char *jw_raw_begin(jw *w, size_t max)
{
    if (w->cap - w->len <= max + 1 && !jw_reserve(w, max + 1))
        return NULL;
    char *o = w->buf + w->len;
    *o = ',';
    return o + w->comma;
}

/* The text written since jw_raw_begin() ends at end; complete: it ends a
 * value (a ',' goes before the next), else it opens one. */
static inline void jw_raw_end(jw *w, char *end, bool complete)
{
    *end = '\0';
    w->len = (size_t)(end - w->buf);
    w->comma = complete;
}

/* The test builds (ASan) check what jw_id() and jw_key_lit() are vouched:
 * text that needs an escape aborts there. Release builds trust it. */
void jw_check_plain(const char *s, size_t n);

/* "\"name\":" of a literal name, written with its known length. */
static inline void jw_key_quoted(jw *w, const char *quoted, size_t n)
{
#ifdef __SANITIZE_ADDRESS__
    jw_check_plain(quoted + 1, n - 3);
#endif
    char *o = jw_raw_begin(w, n);
    if (o == NULL)
        return;
    memcpy(o, quoted, n);
    jw_raw_end(w, o + n, false);
}

/* Brackets: inline, an answer opens and closes hundreds of containers. */
static inline void jw_open(jw *w, char bracket)
{
    char *o = jw_raw_begin(w, 1);
    if (o != NULL) {
        *o++ = bracket;
        jw_raw_end(w, o, false);
    }
}

static inline void jw_close(jw *w, char bracket)
{
    if (w->cap - w->len <= 1 && !jw_reserve(w, 1))
        return;
    w->buf[w->len++] = bracket;
    w->buf[w->len] = '\0';
    w->comma = true;
}

static inline void jw_object(jw *w) { jw_open(w, '{'); }
static inline void jw_object_end(jw *w) { jw_close(w, '}'); }
static inline void jw_array(jw *w) { jw_open(w, '['); }
static inline void jw_array_end(jw *w) { jw_close(w, ']'); }

#define jw_key_lit(w, name) jw_key_quoted((w), "\"" name "\":", sizeof("\"" name "\":") - 1)

static inline void jw_member_string(jw *w, const char *name, const char *s)
{
    jw_key(w, name);
    jw_string(w, s);
}

static inline void jw_member_int(jw *w, const char *name, long long v)
{
    jw_key(w, name);
    jw_int(w, v);
}

static inline void jw_member_bool(jw *w, const char *name, bool v)
{
    jw_key(w, name);
    jw_bool(w, v);
}

#endif
