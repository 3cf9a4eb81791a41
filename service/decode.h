/* decode.h -- strict JSON in: request bodies into engine structs.
 *
 * Owns: everything between the request body's bytes and the engine's
 * input structs. json-c is lenient (it accepts NaN, Infinity, 1e400,
 * single quotes, lone surrogates, duplicate keys, saturating big integers:
 * engineering-notes.md), so this module checks every type and range itself
 * and rejects what the contract calls bad input, each error a cc_error with
 * the JSON Pointer of the offending member:
 *   400 not JSON, wrong type, unknown member, out-of-range value
 *   422 well-formed but impossible (unknown tile id, unknown player, ...)
 *
 * Ownership: dec_parse() returns a json_object the caller releases with
 * json_object_put(); the dec_* readers borrow it and own nothing.
 * On error every output is unaltered or partially filled: do not use it.
 */
#ifndef DECODE_H
#define DECODE_H

#include <json-c/json.h>
#include <stdbool.h>
#include <stddef.h>

#include "../engine/catalog.h"
#include "../engine/error.h"
#include "../engine/loc.h"
#include "../engine/position.h"

#define DEC_MAX_DEPTH 32

/* Parse a request body: valid UTF-8 JSON text, an object at the top, no
 * duplicate keys, no NaN/Infinity, numbers in range, nesting <= DEC_MAX_DEPTH.
 * On success *root is a new reference. */
bool dec_parse(const char *body, size_t len, json_object **root, cc_error *err);

/* Reject members of obj not named in allowed (NULL-terminated).
 * `pointer` is the object's own JSON Pointer ("" for the body). */
bool dec_only_members(json_object *obj, const char *const *allowed,
                      const char *pointer, cc_error *err);

/* Decode body member "position" (required) into *pos, resolving tile ids
 * and aliases against cat and player names. Pointers start "/position". */
bool dec_position(json_object *root, const cc_catalog *cat, cc_position *pos,
                  cc_error *err);

/* Required/optional scalar members of obj (pointer = obj's pointer).
 * Integers must be JSON integers within [min, max]. */
bool dec_int(json_object *obj, const char *name, const char *pointer,
             int min, int max, bool required, int *out, bool *present, cc_error *err);
bool dec_bool(json_object *obj, const char *name, const char *pointer,
              bool required, bool *out, bool *present, cc_error *err);
/* A string member; *out borrows obj's storage. */
bool dec_string(json_object *obj, const char *name, const char *pointer,
                bool required, const char **out, cc_error *err);
/* A location member ("N", "NNE", "C", "#2", corners when allow_corner). */
bool dec_loc(json_object *obj, const char *name, const char *pointer,
             bool allow_corner, bool required, cc_loc *out, bool *present, cc_error *err);
/* A tile id or alias member: 422 if unknown. */
bool dec_tile_id(json_object *obj, const char *name, const char *pointer,
                 const cc_catalog *cat, int *type, cc_error *err);
/* A player name member: 422 if not one of pos's players. */
bool dec_player(json_object *obj, const char *name, const char *pointer,
                const cc_position *pos, bool required, int *player, cc_error *err);
/* A figure object in position form ({player, kind, x, y, at[, flock]}). */
bool dec_figure(json_object *obj, const char *pointer, const cc_position *pos,
                cc_figure *out, cc_error *err);

#endif
