/* goods.h -- the trade goods of Traders & Builders: who takes them, and
 * what they are worth at the end.
 *
 * Owns: the goods' rules (ids in rules.c):
 *   traders.goods.collect  the player who completes a city (places the tile
 *                          that completes it) takes one token per goods
 *                          symbol in it, whoever occupies it, even nobody
 *   traders.goods.final    at the end, for each kind (wine, grain, cloth),
 *                          every player holding the most tokens of it (at
 *                          least one) scores 10
 * and the bound a position's `goods` must keep: no more tokens of a kind
 * than the completed cities on the board show (they are given out only on
 * completion). The tokens taken in a turn are an event of their own
 * (kind "goods", no points) so that /v1/turn's next position can add them.
 */
#ifndef CC_GOODS_H
#define CC_GOODS_H

#include "error.h"
#include "features.h"
#include "position.h"
#include "score_event.h"

#define CC_GOODS_MAJORITY_POINTS 10

/* The goods symbols of feature id (a city's segments, summed) into out. */
void cc_goods_of(const cc_features *f, int id, int out[CC_NGOODS]);

/* The turn: city id, just completed, gives its goods to the active player
 * (an event, when it shows any and Traders & Builders is in play). */
void cc_goods_collect(cc_score_ctx *c, int city);

/* The end: one event per kind that somebody holds. */
void cc_goods_score_final(cc_score_ctx *c);

/* Add the tokens a scoring's goods events give to pos->goods. */
void cc_goods_apply(const cc_score_result *s, cc_position *pos);

/* Is pos->goods within what the board's completed cities can have given?
 * False with err (422 at "/position/goods/<player>/<kind>") otherwise. */
bool cc_goods_check(const cc_position *pos, const cc_features *f, cc_error *err);

#endif
