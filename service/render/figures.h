/* figures.h -- the players' figures, drawn by kind.
 *
 * Owns: the silhouettes: a meeple (standing; lying down when it is a farmer
 * in a field), the mayor (a larger meeple with a crown), the wagon (a
 * covered cart), the barn (a barn, drawn on the tile corner it stands on),
 * the shepherd (a meeple with a crook) and its flock (a sheep with the
 * number of sheep), the builder (a slim meeple with a hammer) and the pig. Each is outlined in black or white, whichever stands
 * out from the player's colour, so every colour reads on green fields and
 * sand cities alike.
 *
 *   rd_draw_figure()   one figure at a point (units), size = its height
 *   rd_draw_meeple()   the plain silhouette (the legend's swatch, ghosts)
 *   rd_draw_flock()    the flock's badge alone (the key's swatch)
 */
#ifndef RD_FIGURES_H
#define RD_FIGURES_H

#include <stdbool.h>

#include "../../engine/position.h"
#include "canvas.h"

/* lying: a follower in a field (a farmer). sheep: a shepherd's flock size
 * (sum of its tokens), shown beside it; ignored for other kinds. */
void rd_draw_figure(rd_canvas *cv, cc_figure_kind kind, double x, double y, double size,
                    rd_rgba colour, bool lying, int sheep);

void rd_draw_meeple(rd_canvas *cv, double x, double y, double size, rd_rgba colour);

/* A sheep with the number on it, centred at (x, y), for a figure of that size. */
void rd_draw_flock(rd_canvas *cv, double x, double y, double size, int sheep);

#endif
