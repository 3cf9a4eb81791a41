/* decode.h -- strict JSON in: request bodies straight into engine structs.
 *
 * Owns: everything between the request body's bytes and the engine's
 * input structs, with no tree in between: dec_parse() checks the whole body
 * once (service/wire/json_reader.h: the grammar, UTF-8, duplicates, depth,
 * number ranges), then the readers below look each member up where it
 * stands in the text and check its type and range, each error a cc_error
 * with the JSON Pointer of the offending member:
 *   400 not JSON, wrong type, unknown member, out-of-range value
 *   422 well-formed but impossible (unknown tile id, unknown player, ...)
 * Because the body is checked whole first, a syntax error anywhere wins
 * over a semantic error anywhere; semantic errors come in the order the
 * readers are called (each route's order is part of its answers, and
 * tests/golden holds them).
 *
 * Ownership: dec_parse() fills a jr_doc the caller releases with
 * jr_doc_free() (after a failure too) and a jr_obj for the body; every
 * jr_obj and jr_val borrows the body's bytes, which must outlive them.
 * The readers allocate nothing. On error every output is unaltered or
 * partially filled: do not use it.
 *
 * Table of contents:
 *   dec_parse()            body bytes -> checked document, body object indexed
 *                          (with dec_lanes: tiles and figures read on the way)
 *   dec_only_members()     unknown members -> 400
 *   dec_object/dec_array   a member of that type (absent: JR_ABSENT)
 *   dec_int/bool/string    scalar members (strings into a dec_text)
 *   dec_loc, dec_tile_id, dec_player   members naming a location, tile, player
 *   dec_figure(_with)      a figure object
 *   dec_position()         body.position -> cc_position
 *   dec_setup()            expansions, options, players of any object
 *   dec_token, dec_shepherd_choice, dec_deployed   members a turn shares
 *   dec_has()              is a member there (any value)?
 *
 * A handler (service/routes/routes.h) gets the body as `const jr_obj *root`:
 *     if (!dec_only_members(root, members, "", &err) ||
 *         !dec_int(root, "x", "", -CC_COORD_LIMIT, CC_COORD_LIMIT, true, &x, NULL, &err))
 *         ... svc_reply_problem(res, &err) ...
 *     jr_obj placed;                          // a nested object
 *     if (!dec_object(root, "placed", "", false, &placed, &err)) ...
 *     if (jr_obj_given(&placed)) ... dec_int(&placed, "x", "/placed", ...)
 *     jr_val list;                            // an array
 *     if (!dec_array(root, "wagons", "", false, &list, &err)) ...
 *     jr_iter it = jr_iter_start(list);       // (an absent array walks empty)
 *     for (jr_val e; jr_next_element(&it, &e); ) ...
 *
 * Conventions (all readers):
 *   - `pointer` is the JSON Pointer of the object that holds the member;
 *     errors about a member point at pointer + "/" + name, a missing
 *     required member too (where it should be). Pointers that would not fit
 *     CC_POINTER_MAX name the nearest ancestor that fits.
 *   - Integers: a JSON integer or a number without fraction (1.0: JSON
 *     Schema counts it an integer); a number too small for a double
 *     (1e-330) has a fraction, like 1e-5. Strings must not hold U+0000.
 *   - Titles: "Malformed JSON", "Invalid string", "Number out of range",
 *     "Duplicate member", "Nesting too deep" (dec_parse); "Wrong type",
 *     "Unknown member", "Missing member", "Value out of range" (400);
 *     "Unknown tile id", "Unknown player", "More tiles than the game has",
 *     "More figures than the supply holds", "More sheep than the game has",
 *     "Expansion not in play" (422). Details are whole English sentences.
 *   - Out of memory in dec_parse is status 500, title "Out of memory".
 *
 * Decisions dec_position takes where the contract leaves room:
 *   - "base" may be listed in expansions (a no-op); an id listed twice or an
 *     unknown id is 400 at its element.
 *   - options: hill_tiebreak "official" | "count", wagon_rules "c2" | "c1",
 *     barn_placement "unoccupied" | "occupied", tiny_city_scoring "4" | "2",
 *     farmers "on" | "off";
 *     any other member or value is 400.
 *   - players: 2..6 strings of 1..32 bytes, all different (400 otherwise).
 *     active: absent = the first player; a name not among players is 422.
 *   - tiles: more than CC_MAX_TILES is 422 at /position/tiles/280, before
 *     any element is read. rot is 0, 90, 180 or 270 (stored as quarter
 *     turns). "player" is allowed only on the abbey tile (400 elsewhere) and
 *     must name a player (422).
 *   - figures: more than CC_MAX_FIGURES is 422 at the first excess element.
 *     "at" may be any location including corners: whether that kind may
 *     stand there is validation's 422. "flock" only on shepherds (400 even
 *     when empty), integers 1..4, more than CC_MAX_FLOCK is 422.
 *   - scores: members are player names (another name is 400 Unknown
 *     member); a value is an integer 0..DEC_SCORE_MAX, or with Messages a
 *     pair [a, b] of such. A pair without Messages is 400. With Messages a
 *     plain integer n is read as [n, 0].
 *   - abbeys: only with abbey-mayor (else 422 at /position/abbeys); members
 *     are player names (400 otherwise), values 0 or 1. Any player it does
 *     not list -- every player when it is omitted -- holds 1 abbey, or 0 if
 *     a tile in position.tiles is an abbey with that player as "player".
 *     (A literal "everyone holds one" would make every position with a
 *     placed, attributed abbey fail validation's abbey count.)
 */
#ifndef DECODE_H
#define DECODE_H

#include <stdbool.h>
#include <stddef.h>

#include "../../engine/catalog.h"
#include "../../engine/error.h"
#include "../../engine/loc.h"
#include "../../engine/position.h"
#include "../../engine/scoring.h"
#include "decode_lane.h"
#include "json_reader.h"

#define DEC_MAX_DEPTH 32        /* nesting of arrays and objects, the body's object is 1 */
#define DEC_SCORE_MAX 100000    /* no game reaches it; keeps sums far from overflow */

/* A string member, decoded: its first DEC_TEXT_MAX - 1 bytes (enough for
 * any name the contract knows, and for quoting it in a detail) and its
 * whole length. A longer string is never a valid name. */
#define DEC_TEXT_MAX 256

typedef struct {
    char s[DEC_TEXT_MAX];
    size_t len;
} dec_text;

/* Parse a request body: valid UTF-8 JSON text, an object at the top, no
 * duplicate keys, no NaN/Infinity, numbers in range, nesting <= DEC_MAX_DEPTH.
 * On success *root is the body object, indexed. One pass, O(len), no
 * recursion; call jr_doc_free(doc) afterwards in every case.
 * Errors (400): structure problems point at "", problems with one value
 * (NaN, 1e400, a bad string, a duplicate name, nesting) at that value's
 * member, e.g. "/position/tiles/0/x"; the detail gives the byte offset.
 * With lanes (dec_lanes_init'ed; NULL: none), position.tiles and
 * position.figures in their compact form are read as the pass meets them
 * (decode_lane.h), which is faster and answers the same; lanes must then
 * outlive doc. */
bool dec_parse(const char *body, size_t len, dec_lanes *lanes, jr_doc *doc, jr_obj *root,
               cc_error *err);

/* Reject members of obj not named in allowed (NULL-terminated), naming
 * the first in document order. `pointer` is the object's own JSON Pointer
 * ("" for the body). On success obj also knows where each allowed member
 * stands, so the readers that follow find them without a walk (allowed
 * must outlive obj: a static list). */
bool dec_only_members(jr_obj *obj, const char *const *allowed,
                      const char *pointer, cc_error *err);

/* Decode body member "position" (required) into *pos, resolving tile ids
 * and aliases against cat and player names. Pointers start "/position". */
bool dec_position(const jr_obj *root, const cc_catalog *cat, cc_position *pos,
                  cc_error *err);

/* The members of a position that set up a game rather than describe a
 * board -- "expansions", "options", "players" -- read from obj (pointer
 * = obj's pointer) exactly as dec_position() reads them, into *pos
 * (initialised first). With names (nnames of them, valid player names),
 * the players are those instead of obj's "players", which is not read. */
bool dec_setup(const jr_obj *obj, const char *pointer, const char *const *names, int nnames,
               cc_position *pos, cc_error *err);

/* Member `name` of obj that must be an object / an array. *out is it
 * (indexed, for an object), or JR_ABSENT when it is absent and not
 * required (jr_obj_given() is false then). */
bool dec_object(const jr_obj *obj, const char *name, const char *pointer, bool required,
                jr_obj *out, cc_error *err);
bool dec_array(const jr_obj *obj, const char *name, const char *pointer, bool required,
               jr_val *out, cc_error *err);

/* Required/optional scalar members of obj (pointer = obj's pointer).
 * Integers must be integers (see Conventions) within [min, max], else 400.
 * When the member is absent and optional, *out is unaltered and *present
 * (if not NULL) is false. */
bool dec_int(const jr_obj *obj, const char *name, const char *pointer,
             int min, int max, bool required, int *out, bool *present, cc_error *err);
bool dec_bool(const jr_obj *obj, const char *name, const char *pointer,
              bool required, bool *out, bool *present, cc_error *err);
/* A string member (no U+0000), decoded into *out; *out unaltered and
 * *present (if not NULL) false when absent and optional. */
bool dec_string(const jr_obj *obj, const char *name, const char *pointer,
                bool required, dec_text *out, bool *present, cc_error *err);
/* A location member ("N", "NNE", "C", "#2", corners when allow_corner):
 * 400 if it is not a location name, or a corner when !allow_corner. */
bool dec_loc(const jr_obj *obj, const char *name, const char *pointer,
             bool allow_corner, bool required, cc_loc *out, bool *present, cc_error *err);
/* A tile id or alias member (always required): 400 if absent or not a
 * string, 422 if neither an id nor an alias. */
bool dec_tile_id(const jr_obj *obj, const char *name, const char *pointer,
                 const cc_catalog *cat, int *type, cc_error *err);
/* A player name member: 422 if not one of pos's players; when absent and
 * optional, *player is unaltered. */
bool dec_player(const jr_obj *obj, const char *name, const char *pointer,
                const cc_position *pos, bool required, int *player, cc_error *err);
/* A figure object in position form ({player, kind, x, y, at[, flock]}),
 * the value v itself at `pointer` (e.g. "/deployed"); 400 if v is not an
 * object. */
bool dec_figure(jr_val v, const char *pointer, const cc_position *pos,
                cc_figure *out, cc_error *err);
/* The same, also allowing the members named in extra (NULL-terminated, or
 * NULL; at most 9), which the caller reads itself: e.g. "token" on
 * /score's "deployed". */
bool dec_figure_with(jr_val v, const char *pointer, const cc_position *pos,
                     const char *const *extra, cc_figure *out, cc_error *err);

/* The members a turn's question shares (contract section 5, /v1/score and
 * /v1/turn), read once here for both routes. */

/* Member "token" of obj (pointer = obj's pointer): a sheep token 1..4 or
 * "wolf" (CC_TOKEN_WOLF); *out unaltered when absent and not required. */
bool dec_token(const jr_obj *obj, const char *pointer, bool required, int *out,
               cc_error *err);

/* Member "shepherd" of the body: {"action": "grow", "token"} or
 * {"action": "guide"}. *action unaltered when absent. */
bool dec_shepherd_choice(const jr_obj *root, cc_shepherd_action *action,
                         int *grow_token, cc_error *err);

/* Member "deployed" of the body: the figure deployed this turn in position
 * form, and a shepherd's first draw as "token" (required for a shepherd,
 * refused for any other kind). *present tells whether it was given. */
bool dec_deployed(const jr_obj *root, const cc_position *pos, cc_figure *fig,
                  int *token, bool *present, cc_error *err);

/* Is member name of obj present (any value)? */
bool dec_has(const jr_obj *obj, const char *name);

#endif
