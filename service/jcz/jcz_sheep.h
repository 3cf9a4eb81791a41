/* jcz_sheep.h -- the sheep bag as JCloisterZone draws from it.
 *
 * Owns: which token a saved game's random number stands for, and the
 * random number that stands for a token. The saved game does not record
 * the token a shepherd drew, only the number in [0, 1) the app rolled; the
 * app turns it into a token the way this file does, and so must we to
 * replay the same game.
 *
 * The algorithm (our own description of the reference engine's draw):
 *   1. The bag holds 18 tokens: 4 with one sheep, 5 with two, 5 with three,
 *      2 with four, and 2 wolves, less every sheep token lying beside a
 *      shepherd on the board at the moment of the draw (the wolf never
 *      stays on the board).
 *   2. Lay the bag's tokens out in a row by kind: all one-sheep tokens,
 *      then two, three, four, then the wolves. With n tokens in the row,
 *      the draw for the number u is the token at index floor(u * n).
 *   3. The moment of the draw: a shepherd deployed this turn draws before
 *      anything else is scored; a grow chosen on extending a shepherd's
 *      field draws after every OTHER field with a flock that this tile
 *      closed has been guided home (their tokens are back in the bag).
 * Conversely the number (i + 0.5) / n, where i is the index of the first
 * token of that kind in the row, draws that kind, and is what the export
 * writes.
 *
 *   jcz_bag             the bag's content, counted by kind
 *   jcz_bag_fill()      the bag when the tokens of pos's flocks are out
 *   jcz_bag_put_back()  return a flock's tokens to the bag
 *   jcz_bag_for_grow()  the bag at the moment a grow draws (step 3)
 *   jcz_bag_draw()      u -> token (CC_TOKEN_WOLF or 1..4)
 *   jcz_bag_number()    token -> a u that draws it, or -1 if none is left
 */
#ifndef JCZ_SHEEP_H
#define JCZ_SHEEP_H

#include "../../engine/catalog.h"
#include "../../engine/position.h"
#include "../../engine/turn.h"

#define JCZ_BAG_KINDS 5   /* 1, 2, 3, 4 sheep, the wolf */

typedef struct {
    int count[JCZ_BAG_KINDS];
} jcz_bag;

/* The full bag less the sheep of every flock in pos. */
void jcz_bag_fill(jcz_bag *bag, const cc_position *pos);

/* Put the tokens of a flock (1..4 each) back. */
void jcz_bag_put_back(jcz_bag *bag, const int8_t *flock, int n);

/* The bag when the active player grows a flock on move mv played on pos:
 * the full bag less pos's flocks, plus the flocks of every field other
 * than the growing shepherd's that the tile closes. When mv cannot be
 * placed the plain bag of pos (the engine will refuse the move). Uses a
 * scratch it allocates and frees; on no memory, the plain bag too. */
void jcz_bag_for_grow(const cc_position *pos, const cc_catalog *cat, const cc_move *mv,
                      jcz_bag *bag);

/* The token number u (0 <= u < 1) draws: CC_TOKEN_WOLF or 1..4; -1 when
 * the bag is empty or u is out of range. */
int jcz_bag_draw(const jcz_bag *bag, double u);

/* A number that draws token (CC_TOKEN_WOLF or 1..4), or -1 when no such
 * token is in the bag. */
double jcz_bag_number(const jcz_bag *bag, int token);

#endif
