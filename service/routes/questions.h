/* questions.h -- the questions that more than one route asks, each read and
 * answered by one function.
 *
 * Owns: the declarations of the "ask" functions of the routes /v1/render
 * draws (each defined in its route's file, beside the code that encodes its
 * answer as JSON). An ask function reads the question's members from a JSON
 * object -- the request body for the JSON route, or the matching member of
 * "show" for POST /v1/render -- and asks the engine. So the JSON answer and
 * the picture come from the same decoder and the same engine call: one
 * source of truth.
 *
 * Pointers: every error an ask function reports points into the object it
 * was given ("/x", "/deployed/token"), which for the JSON routes is the
 * body. The render route prefixes them with the show member's own pointer
 * ("/x" -> "/show/deployments/x").
 *
 * The position itself is decoded and validated by game_load (game.h) from
 * the body's "position" before any question is asked.
 *
 *   Q_*_MEMBERS         the members of each question, without "position"
 *   q_placements()      tile id in member `name` -> legal placements (/v1/placements)
 *   q_feature_at()      x, y, at -> the feature there and its value now (/v1/features)
 *   q_deployments()     x, y -> the deployment options (/v1/deployments)
 *   q_wagon_moves()     x, y, at, placed, wagons -> the wagon's destinations (/v1/wagon-moves)
 *   q_score()           x, y, deployed, shepherd | final -> events (/v1/score)
 *   q_barn_spot()       x, y, at -> the corner a barn is asked about (/v1/barn-check)
 */
#ifndef QUESTIONS_H
#define QUESTIONS_H

#include "../../engine/deploy.h"
#include "../../engine/placement.h"
#include "../../engine/scoring.h"
#include "../../engine/wagon.h"
#include "game.h"

/* NULL-terminated member lists (the JSON routes add "position"). */
#define Q_FEATURE_MEMBERS "x", "y", "at"
#define Q_DEPLOYMENTS_MEMBERS "x", "y"
#define Q_WAGON_MEMBERS "x", "y", "at", "placed", "wagons"
#define Q_SCORE_MEMBERS "x", "y", "deployed", "shepherd", "final"
#define Q_BARN_MEMBERS "x", "y", "at"

/* The tile named by member `name` of obj, which the active player must be
 * able to hold (422 at /name otherwise), and every legal placement of it.
 * *list is malloc'ed (CC_MAX_PLACEMENTS entries; the caller frees it); *n
 * entries are filled. */
bool q_placements(const game *g, const cc_catalog *cat, const jr_obj *obj, const char *name,
                  int *type, cc_placement **list, int *n, cc_error *err);

/* Members x, y, at of obj: the feature there (*id) and its value if scored
 * now (cc_feature_value, as in a turn). Without `required`, all three may
 * be absent (*id = -1); otherwise all three are asked together. */
bool q_feature_at(const game *g, const jr_obj *obj, bool required, int *id, cc_value *value,
                  cc_error *err);

/* Members x, y of obj: the options on the tile there (*t its board index). */
bool q_deployments(const game *g, const jr_obj *obj, int *x, int *y, int *t,
                   cc_deploy_option opts[CC_MAX_DEPLOY_OPTIONS], int *n, cc_error *err);

/* Members x, y, at[, placed][, wagons] of obj: the wagon there (*w, index into
 * g->pos.figures) and its destinations; *d is malloc'ed
 * (CC_MAX_WAGON_DESTS entries; the caller frees it). */
bool q_wagon_moves(const game *g, const jr_obj *obj, int *w, cc_wagon_dest **d, int *n,
                   cc_error *err);

/* Members x, y, deployed, shepherd or final of obj: the scoring phase of
 * that turn, or the end-game scoring (*final). r must be on the heap (about
 * 90 KB). */
bool q_score(const game *g, const jr_obj *obj, cc_score_result *r, bool *final, cc_error *err);

/* Members x, y, at of obj: the cell and the corner (400 at /at when `at`
 * is no corner). The caller finds the tile (game_tile) and asks
 * cc_barn_check (engine/barn.h), after loading the position. */
bool q_barn_spot(const jr_obj *obj, int *x, int *y, cc_loc *at, cc_error *err);

#endif
