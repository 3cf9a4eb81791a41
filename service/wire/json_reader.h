/* json_reader.h -- request bodies read in place: one strict pass, then spans.
 *
 * Owns: the grammar of request bodies and the way decoders walk them, with
 * no tree. jr_parse() reads the whole text once, strictly (RFC 8259 and the
 * rules below), allocating nothing for any request the service accepts; it
 * records only where each array and object ends (a jr_node per container).
 * Then decoders look values up where they stand in the text: a jr_val is a
 * span of the body, and a string or number is read from the bytes only
 * when a decoder asks for it. Because the first pass reads everything
 * before any decoder looks, a syntax error anywhere in the body is reported
 * before any semantic error, wherever each stands.
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
 * Allocation (all of it, for issue-16-style fault injection): jr_parse()
 * allocates only past what a request can hold -- more than JR_INLINE_NODES
 * containers (jr_doc.nodes grows), an object with more than
 * JR_LINEAR_NAMES members (its duplicate check moves to a hash table), a
 * number of 64 bytes or more at the very end of the body (strtod needs a
 * terminated copy) -- and reports running out as status 500 "Out of
 * memory". Nothing after jr_parse() allocates.
 *
 * Ownership: the body must outlive the jr_doc and every jr_val taken from
 * it; jr_doc_free() releases what jr_parse() allocated (always call it,
 * after a failure too). Values, iterators and jr_obj are plain copies.
 *
 * Table of contents:
 *   jr_parse(doc, text, len, max_depth, err)   the strict pass
 *   jr_doc_free(doc)
 *   jr_root(doc)                     the top-level value
 *   jr_val, jr_type                  a value: its type and where it stands
 *   jr_iter, jr_iter_start()         walk a container in document order:
 *   jr_next_member(), jr_next_element()
 *   jr_count(v)                      members or elements of a container
 *   jr_obj, jr_obj_open()            an object with its first members
 *                                    indexed, for look-ups by name:
 *   jr_obj_get(o, name, &v)          member name's value
 *   jr_members_start/next()          every member of a jr_obj in order
 *   jr_str, jr_str_eq(), jr_str_copy()   member names
 *   jr_string(v, buf, cap, &nul)     a string value decoded (UTF-8)
 *   jr_int64(v, &i), jr_double(v)    numbers
 *   jr_pointer_member(), jr_pointer_index()   JSON Pointers (RFC 6901)
 *   jr_quote_excerpt()               client text quoted for a detail
 */
#ifndef JSON_READER_H
#define JSON_READER_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "../../engine/error.h"

#define JR_MAX_DEPTH 64        /* the largest max_depth jr_parse accepts */
#define JR_INLINE_NODES 512    /* containers held without allocating */
#define JR_LINEAR_NAMES 16     /* members per object checked without a hash */

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
} jr_type;

/* Where a container ends, so a walk steps over it in one move. */
typedef struct {
    uint32_t end;     /* offset of the closing bracket */
    uint32_t next;    /* index of the first container after this one */
    uint32_t count;   /* members or elements */
} jr_node;

typedef struct {
    const char *text;
    size_t len;
    jr_node *nodes;            /* inline_nodes, or malloc'ed past it */
    uint32_t nnodes, cap;
    void *names;               /* the hash of large objects' member names */
    jr_node inline_nodes[JR_INLINE_NODES];
} jr_doc;

typedef struct {
    const jr_doc *doc;
    jr_type type;
    bool escaped;      /* a string holding a backslash escape */
    uint32_t at;       /* strings: first byte after the quote; others: first byte */
    uint32_t len;      /* strings: raw bytes before the closing quote; numbers,
                          literals: bytes of text; containers: the node index */
} jr_val;

/* A member name as it stands in the text (escapes undecoded). */
typedef struct {
    const char *raw;
    uint32_t len;
    bool escaped;
} jr_str;

typedef struct {
    const jr_doc *doc;
    uint32_t p;          /* the next member or element starts here (or the end) */
    uint32_t end;        /* the container's closing bracket */
    uint32_t next_node;  /* the next container the walk meets */
} jr_iter;

/* An object with up to JR_OBJ_INDEX members indexed. */
#define JR_OBJ_INDEX 16

typedef struct {
    jr_val val;          /* the object (JR_OBJECT), or JR_ABSENT: no object */
    int n;               /* members indexed */
    bool more;           /* members past the index (read from rest on demand) */
    jr_iter rest;
    jr_str names[JR_OBJ_INDEX];
    jr_val values[JR_OBJ_INDEX];
} jr_obj;

typedef struct {
    const jr_obj *obj;
    int i;
    jr_iter rest;
} jr_members;

/* Parse text[0..len) (need not be NUL-terminated; len < 4 GiB) as one JSON
 * value with optional whitespace around it, containers nested at most
 * max_depth deep (the outermost is depth 1; clamped to 1..JR_MAX_DEPTH).
 * On failure err says why (see above); call jr_doc_free() either way. */
bool jr_parse(jr_doc *doc, const char *text, size_t len, int max_depth, cc_error *err);
void jr_doc_free(jr_doc *doc);

/* The top-level value of a parsed document. */
jr_val jr_root(const jr_doc *doc);

uint32_t jr_count(jr_val container);
jr_iter jr_iter_start(jr_val container);
bool jr_next_member(jr_iter *it, jr_str *name, jr_val *value);
bool jr_next_element(jr_iter *it, jr_val *value);

/* Index object v (false, and o->val JR_ABSENT, when v is not an object). */
bool jr_obj_open(jr_val v, jr_obj *o);
static inline bool jr_obj_given(const jr_obj *o) { return o->val.type == JR_OBJECT; }
/* Member name (NUL-terminated, compared with decoded names): true and *v,
 * or false and v->type == JR_ABSENT. */
bool jr_obj_get(const jr_obj *o, const char *name, jr_val *v);

jr_members jr_members_start(const jr_obj *o);
bool jr_members_next(jr_members *m, jr_str *name, jr_val *value);

/* Is name, decoded, exactly the n bytes of s? */
bool jr_str_eq(jr_str name, const char *s, size_t n);
/* Decode name into buf (at most cap - 1 bytes, then NUL); returns the
 * decoded length, which may exceed what was copied. */
size_t jr_str_copy(jr_str name, char *buf, size_t cap);

/* Decode string value v into buf as jr_str_copy() does; *has_nul (if not
 * NULL) says whether the string holds U+0000. */
size_t jr_string(jr_val v, char *buf, size_t cap, bool *has_nul);

/* A JR_INT's value. */
int64_t jr_int64(jr_val v);
/* A number's value (JR_INT or JR_NUMBER). A number too small for a double
 * is 0 here: jr_underflow() tells it from a true zero. */
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

#endif
