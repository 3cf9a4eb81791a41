/* highlight.h -- the engine's answers as highlights on the picture.
 *
 * Owns: turning what an engine call answered (the legal placements of a
 * tile, one feature and its value, the deployment options on a tile, a
 * wagon's destinations, the events of a scoring) into marks, labels and
 * caption lines of an rd_highlight (render.h). The callers -- the render
 * route, an MCP tool -- ask the engine exactly as the matching JSON route
 * does and hand the answer over here: these functions compute no rule.
 *
 * Each returns false when out of memory (the highlight then holds what was
 * added so far; free it as usual). Colours: one per mark kind, one per
 * scoring event (cycling through the RD_NCOLOURS).
 *
 *   rd_show_placements()   ghost tiles on every cell that fits, rotations counted
 *   rd_show_feature()      one feature outlined, its value and owners
 *   rd_show_deployments()  a spot per location an option names, kinds listed
 *   rd_show_wagon()        the wagon's destinations, arrows from the wagon
 *   rd_show_score()        each event's feature outlined with its points
 *   rd_show_barn()         the corner a barn is asked about: its field, or crossed out and why
 *   rd_show_last()         a frame round the tile placed this turn
 */
#ifndef RD_HIGHLIGHT_H
#define RD_HIGHLIGHT_H

#include <stdbool.h>

#include "../../engine/barn.h"
#include "../../engine/deploy.h"
#include "../../engine/placement.h"
#include "../../engine/scoring.h"
#include "../../engine/wagon.h"
#include "render.h"

/* list: cc_placements() of tile type `type` on f's board (n entries). */
bool rd_show_placements(rd_highlight *hl, const cc_features *f, int type,
                        const cc_placement *list, int n);

/* v: cc_feature_value() of feature id. */
bool rd_show_feature(rd_highlight *hl, const cc_position *pos, const cc_features *f, int id,
                     const cc_value *v);

/* opts: cc_deployments() on the tile at (x, y) for the active player. */
bool rd_show_deployments(rd_highlight *hl, const cc_position *pos, const cc_features *f,
                         int x, int y, const cc_deploy_option *opts, int n);

/* d: cc_wagon_destinations() of pos->figures[wagon]. */
bool rd_show_wagon(rd_highlight *hl, const cc_position *pos, const cc_features *f, int wagon,
                   const cc_wagon_dest *d, int n);

/* r: cc_score_turn() or cc_score_final(). */
bool rd_show_score(rd_highlight *hl, const cc_position *pos, const cc_features *f,
                   const cc_score_result *r, bool final);

/* v: cc_barn_check() of corner at (a corner) of the tile at (x, y). */
bool rd_show_barn(rd_highlight *hl, const cc_position *pos, const cc_features *f, int x, int y,
                  cc_loc at, const cc_barn_verdict *v);

bool rd_show_last(rd_highlight *hl, int x, int y);

#endif
