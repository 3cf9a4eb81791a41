/* decode_move.h -- a whole move in /v1/turn's form, decoded.
 *
 * Owns: the members that say what a turn does, read into a cc_move
 * (engine/turn.h): "tile", "x", "y", "rot" (required except for the
 * abbey), "deploy" {kind, at, token?} or "deployed" (the same figure in
 * the position's form), "shepherd" {action, token?}, "wagons" [{x, y, at,
 * to: {x, y, at}}], "pile_empty". POST /v1/turn reads one from its body;
 * POST /v1/export/jcz reads a list of them. Pointers are relative to the
 * object holding the move ("/deploy/at"): a caller reading a move nested
 * deeper prefixes them.
 *
 * The caller checks which members the object may have (dec_only_members):
 * the body of /v1/turn also holds "position" and "counting".
 *
 *   dec_move()           everything but "deployed" (which needs a position)
 *   dec_move_wagons()    "wagons" alone (/v1/wagon-moves reads the earlier
 *                        moves of the turn in this form too)
 *   dec_deployed_move()  "deployed", read once the position is known
 */
#ifndef DECODE_MOVE_H
#define DECODE_MOVE_H

#include <stdbool.h>

#include "../../engine/catalog.h"
#include "../../engine/error.h"
#include "../../engine/turn.h"
#include "json_reader.h"

/* Decode the move members of obj into *mv; false with err (400, 422 for
 * an unknown tile). */
bool dec_move(const cc_catalog *cat, const jr_obj *obj, cc_move *mv, cc_error *err);

/* Member "wagons" of obj, [{x, y, at, to: {x, y, at}}] (at most
 * CC_MAX_PLAYERS), into wagons[0..*n); absent: *n = 0. False with err
 * (400) otherwise. */
bool dec_move_wagons(const jr_obj *obj, cc_move_wagon wagons[CC_MAX_PLAYERS], int *n,
                     cc_error *err);

/* Member "deployed" (the contract's shared form of the deployment), read
 * against pos: its player must be the active one and x, y the tile's. Sets
 * mv's deployment; giving both "deploy" and "deployed" is 400. */
bool dec_deployed_move(const jr_obj *obj, const cc_position *pos, cc_move *mv, cc_error *err);

#endif
