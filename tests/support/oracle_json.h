/* oracle_json.h -- the oracle's parser (see oracle_json.c): strict JSON
 * text into a json-c tree, in one pass.
 *
 * Owns: the grammar of request bodies. json-c's own tokener is lenient even
 * with JSON_TOKENER_STRICT (it takes NaN, Infinity, 1e400, single quotes,
 * lone surrogates, duplicate keys, and saturates 99999999999999999999:
 * engineering-notes.md), and it recurses as deep as the input nests. So this
 * module reads RFC 8259 text itself, iteratively, and builds the json-c
 * objects as it goes: one pass over the bytes, O(n) time, no recursion, no
 * second parse. Rejected, each a 400 cc_error:
 *   - anything outside RFC 8259: NaN, Infinity, single quotes, comments,
 *     leading zeros, "+1", ".5", "1.", a byte-order mark, trailing text;
 *   - strings that are not valid UTF-8 (overlong forms, encoded surrogates,
 *     code points over U+10FFFF), raw control characters, unknown escapes,
 *     a \u escape of a lone UTF-16 surrogate;
 *   - a member name containing U+0000 (json-c keys are C strings, so such a
 *     name would silently become another name);
 *   - integers (no fraction, no exponent) outside the int64 range, and
 *     numbers whose value overflows a double (1e400); a number that
 *     underflows becomes the smallest double of its sign (never 0);
 *   - two members of one object with the same name (compared after escapes
 *     are decoded, so "a" and "\u0061" are the same name);
 *   - containers nested deeper than max_depth (checked before the container
 *     is built, so 10,000 '[' cost 33 steps, not a stack).
 *
 * Which pointer an error carries: problems with one value (a number, a
 * string, a literal such as NaN, a duplicate name, nesting) point at that
 * value's member (e.g. "/position/tiles/0/x"); problems inside a member name
 * point at the object holding it; problems of structure (a missing comma,
 * unbalanced brackets, trailing text, end of input) point at "". Every
 * detail names the 0-based byte offset where the problem is.
 *
 * Integers become json_type_int (int64), other numbers json_type_double,
 * JSON null a NULL json_object (json-c's own convention).
 *
 * On error *out is unaltered and nothing is allocated; out of memory is
 * reported as status 500.
 */
#ifndef ORACLE_JSON_H
#define ORACLE_JSON_H

#include <json-c/json.h>
#include <stdbool.h>
#include <stddef.h>

#include "../../engine/error.h"

#define OJS_MAX_DEPTH 64   /* the largest max_depth js_parse accepts */

/* Parse text[0..len) (need not be NUL-terminated) as one JSON value with
 * optional whitespace around it, containers nested at most max_depth deep
 * (the outermost container is depth 1; max_depth is clamped to
 * 1..OJS_MAX_DEPTH). On success *out is a new reference (NULL for "null").
 *
 * interned (NULL-terminated, or NULL): member names that are common in the
 * caller's documents, each a string with static storage duration (at most
 * 64 are used). A member with one of these names gets the static string as
 * a constant json-c key instead of a malloc'ed copy: one allocation and one
 * free fewer per member, which is most of a request body's members. */
bool ojs_parse(const char *text, size_t len, int max_depth, const char *const *interned,
              json_object **out, cc_error *err);

/* Write base + "/" + name, escaped per RFC 6901 (~ as ~0, / as ~1), into
 * out (CC_POINTER_MAX bytes). If the result would not fit, out is base
 * (an ancestor, still a true pointer) and the function returns false.
 * out and base may be the same buffer. */
bool ojs_pointer_member(char *out, const char *base, const char *name, size_t name_len);

/* Write base + "/" + index into out; same contract as js_pointer_member. */
bool ojs_pointer_index(char *out, const char *base, size_t index);

/* Quote s for an error detail: up to max bytes of it (never cutting a UTF-8
 * sequence), "..." appended when cut. Writes at most cap bytes. */
void ojs_quote_excerpt(char *buf, size_t cap, const char *s, size_t len, size_t max);

#endif
