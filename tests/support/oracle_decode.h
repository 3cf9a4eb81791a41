/* oracle_decode.h -- the oracle's decoders (see oracle_decode.c): strict
 * JSON in, request bodies into engine structs.
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
 * Ownership: odec_parse() returns a json_object the caller releases with
 * json_object_put(); the dec_* readers borrow it and own nothing.
 * On error every output is unaltered or partially filled: do not use it.
 *
 * Table of contents:
 *   odec_parse()            body bytes -> json-c tree (service/wire/json_strict.c)
 *   odec_only_members()     unknown members -> 400
 *   odec_object/odec_array   a member of that type (*out NULL when absent)
 *   odec_int/bool/string    scalar members
 *   odec_loc, odec_tile_id, odec_player   members naming a location, tile, player
 *   odec_figure(_with)      a figure object
 *   odec_position()         body.position -> cc_position
 *
 * Conventions (all readers):
 *   - `pointer` is the JSON Pointer of the object that holds the member;
 *     errors about a member point at pointer + "/" + name, a missing
 *     required member too (where it should be). Pointers that would not fit
 *     CC_POINTER_MAX name the nearest ancestor that fits.
 *   - Integers: a JSON integer or a number without fraction (1.0: JSON
 *     Schema counts it an integer). Strings must not hold U+0000.
 *   - Titles: "Malformed JSON", "Invalid string", "Number out of range",
 *     "Duplicate member", "Nesting too deep" (odec_parse); "Wrong type",
 *     "Unknown member", "Missing member", "Value out of range" (400);
 *     "Unknown tile id", "Unknown player", "More tiles than the game has",
 *     "More figures than the supply holds", "More sheep than the game has",
 *     "Expansion not in play" (422). Details are whole English sentences.
 *   - Out of memory in odec_parse is status 500, title "Out of memory".
 *
 * Decisions odec_position takes where the contract leaves room:
 *   - "base" may be listed in expansions (a no-op); an id listed twice or an
 *     unknown id is 400 at its element.
 *   - options: hill_tiebreak "official" | "count", wagon_rules "c2" | "c1",
 *     barn_placement "unoccupied" | "occupied", tiny_city_scoring "4" | "2",
 *     farmers "on" | "off";
 *     any other member or value is 400.
 *   - players: 2..6 strings of 1..32 bytes, all different (400 otherwise).
 *     active: absent = the first player; a name not among players is 422.
 *   - tiles: more than CC_MAX_TILES is 422 at /position/tiles/128, before
 *     any element is read. rot is 0, 90, 180 or 270 (stored as quarter
 *     turns). "player" is allowed only on the abbey tile (400 elsewhere) and
 *     must name a player (422).
 *   - figures: more than CC_MAX_FIGURES is 422 at the first excess element.
 *     "at" may be any location including corners: whether that kind may
 *     stand there is validation's 422. "flock" only on shepherds (400 even
 *     when empty), integers 1..4, more than CC_MAX_FLOCK is 422.
 *   - scores: members are player names (another name is 400 Unknown
 *     member); a value is an integer 0..ODEC_SCORE_MAX, or with Messages a
 *     pair [a, b] of such. A pair without Messages is 400. With Messages a
 *     plain integer n is read as [n, 0].
 *   - abbeys: only with abbey-mayor (else 422 at /position/abbeys); members
 *     are player names (400 otherwise), values 0 or 1. Any player it does
 *     not list -- every player when it is omitted -- holds 1 abbey, or 0 if
 *     a tile in position.tiles is an abbey with that player as "player".
 *     (A literal "everyone holds one" would make every position with a
 *     placed, attributed abbey fail validation's abbey count.)
 */
#ifndef ORACLE_DECODE_H
#define ORACLE_DECODE_H

#include <json-c/json.h>
#include <stdbool.h>
#include <stddef.h>

#include "../../engine/catalog.h"
#include "../../engine/error.h"
#include "../../engine/loc.h"
#include "../../engine/position.h"
#include "../../engine/scoring.h"

#define ODEC_MAX_DEPTH 32        /* nesting of arrays and objects, the body's object is 1 */
#define ODEC_SCORE_MAX 100000    /* no game reaches it; keeps sums far from overflow */

/* Parse a request body: valid UTF-8 JSON text, an object at the top, no
 * duplicate keys, no NaN/Infinity, numbers in range, nesting <= ODEC_MAX_DEPTH.
 * On success *root is a new reference. One pass, O(len), no recursion.
 * Errors (400): structure problems point at "", problems with one value
 * (NaN, 1e400, a bad string, a duplicate name, nesting) at that value's
 * member, e.g. "/position/tiles/0/x"; the detail gives the byte offset. */
bool odec_parse(const char *body, size_t len, json_object **root, cc_error *err);

/* Reject members of obj not named in allowed (NULL-terminated).
 * `pointer` is the object's own JSON Pointer ("" for the body). */
bool odec_only_members(json_object *obj, const char *const *allowed,
                      const char *pointer, cc_error *err);

/* Decode body member "position" (required) into *pos, resolving tile ids
 * and aliases against cat and player names. Pointers start "/position". */
bool odec_position(json_object *root, const cc_catalog *cat, cc_position *pos,
                  cc_error *err);

/* Member `name` of obj that must be an object / an array. *out borrows it,
 * and is NULL when it is absent and not required. */
bool odec_object(json_object *obj, const char *name, const char *pointer, bool required,
                json_object **out, cc_error *err);
bool odec_array(json_object *obj, const char *name, const char *pointer, bool required,
               json_object **out, cc_error *err);

/* Required/optional scalar members of obj (pointer = obj's pointer).
 * Integers must be integers (see Conventions) within [min, max], else 400.
 * When the member is absent and optional, *out is unaltered and *present
 * (if not NULL) is false. */
bool odec_int(json_object *obj, const char *name, const char *pointer,
             int min, int max, bool required, int *out, bool *present, cc_error *err);
bool odec_bool(json_object *obj, const char *name, const char *pointer,
              bool required, bool *out, bool *present, cc_error *err);
/* A string member; *out borrows obj's storage and is unaltered when the
 * member is absent (preset it to NULL). */
bool odec_string(json_object *obj, const char *name, const char *pointer,
                bool required, const char **out, cc_error *err);
/* A location member ("N", "NNE", "C", "#2", corners when allow_corner):
 * 400 if it is not a location name, or a corner when !allow_corner. */
bool odec_loc(json_object *obj, const char *name, const char *pointer,
             bool allow_corner, bool required, cc_loc *out, bool *present, cc_error *err);
/* A tile id or alias member (always required): 400 if absent or not a
 * string, 422 if neither an id nor an alias. */
bool odec_tile_id(json_object *obj, const char *name, const char *pointer,
                 const cc_catalog *cat, int *type, cc_error *err);
/* A player name member: 422 if not one of pos's players; when absent and
 * optional, *player is unaltered. */
bool odec_player(json_object *obj, const char *name, const char *pointer,
                const cc_position *pos, bool required, int *player, cc_error *err);
/* A figure object in position form ({player, kind, x, y, at[, flock]}),
 * obj itself at `pointer` (e.g. "/deployed"). */
bool odec_figure(json_object *obj, const char *pointer, const cc_position *pos,
                cc_figure *out, cc_error *err);
/* The same, also allowing the members named in extra (NULL-terminated, or
 * NULL; at most 9), which the caller reads itself: e.g. "token" on
 * /score's "deployed". */
bool odec_figure_with(json_object *obj, const char *pointer, const cc_position *pos,
                     const char *const *extra, cc_figure *out, cc_error *err);

/* The members a turn's question shares (contract section 5, /v1/score and
 * /v1/turn), read once here for both routes. */

/* Member "token" of obj (pointer = obj's pointer): a sheep token 1..4 or
 * "wolf" (CC_TOKEN_WOLF); *out unaltered when absent and not required. */
bool odec_token(json_object *obj, const char *pointer, bool required, int *out,
               cc_error *err);

/* Member "shepherd" of the body: {"action": "grow", "token"} or
 * {"action": "guide"}. *action unaltered when absent. */
bool odec_shepherd_choice(json_object *root, cc_shepherd_action *action,
                         int *grow_token, cc_error *err);

/* Member "deployed" of the body: the figure deployed this turn in position
 * form, and a shepherd's first draw as "token" (required for a shepherd,
 * refused for any other kind). *present tells whether it was given. */
bool odec_deployed(json_object *root, const cc_position *pos, cc_figure *fig,
                  int *token, bool *present, cc_error *err);

#endif
