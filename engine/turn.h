/* turn.h -- a whole move: is it legal, what happens, and the next position.
 *
 * Owns: the order of a turn and its bookkeeping. It judges each part of the
 * move with the module that owns that rule and lets the scoring engine say
 * what the turn yields:
 *   1. the tile (placement.h), or the abbey instead of drawing
 *      (abbey.abbey.in-hand, abbey.placement.hole);
 *   2. the deployment, at most one figure (deploy.h);
 *   3. the shepherd's grow or guide when the tile extends the active
 *      player's shepherd's field (hills-sheep.shepherd.expand);
 *   4. the scoring phase (scoring.h: shepherd draws, completed features,
 *      challenges, barns);
 *   5. the wagons returned by that scoring, in seat order (wagon.h);
 *   6. who plays next: the next seat, or, once no land tile is left
 *      (move.pile_empty), the next player who holds an abbey and has a
 *      hole to fill (abbey.abbey.end-of-game, abbey.abbey.mandatory); when
 *      there is none the game is over and the end-game scoring follows
 *      (base.game.end). cc_turn_pass() is the same end reached by a
 *      player whose draws all fit nowhere.
 * The next position is the position with the tile added (an abbey with its
 * owner, one abbey fewer in hand), the figure deployed, flocks grown,
 * returned figures taken off, wagons moved, points added (to the first
 * counting figure with Messages) and the next player active.
 *
 * A move that breaks a rule is not an error: the result says legal = false,
 * which rule forbids it, which member of the move is at fault, and why.
 * Errors (422) are for what cannot be a move at all: an invalid position, a
 * tile whose copies are all on the board or whose expansion is not in play,
 * a wagon that is not there, a token missing for a draw.
 *
 * Ownership: a cc_turn_result is large (several hundred KB): allocate it
 * on the heap. cc_turn() fills it; nothing in it needs freeing. The events
 * refer to result->scored (figure indices, the turn's events) and
 * result->before_final (the end-game events), both read with
 * result->features.
 */
#ifndef CC_TURN_H
#define CC_TURN_H

#include <stdbool.h>

#include "board.h"
#include "error.h"
#include "features.h"
#include "position.h"
#include "scoring.h"
#include "wagon.h"

typedef struct {
    int type;                   /* catalog tile type; the abbey's type for an abbey */
    int x, y, rot;              /* rot in quarter turns (ignored for the abbey) */
    bool deploy;                /* a figure is deployed */
    cc_figure_kind deploy_kind;
    cc_loc deploy_at;
    int first_token;            /* a shepherd deployed: its draw, else CC_TOKEN_NONE */
    cc_shepherd_action shepherd;
    int grow_token;             /* CC_SHEPHERD_GROW: the draw */
    int nwagons;
    cc_move_wagon wagons[CC_MAX_PLAYERS];
    bool pile_empty;            /* no land tile is left to draw after this move */
} cc_move;

/* An empty move of tile type `type` at (x, y) turned rot quarter turns. */
cc_move cc_move_make(int type, int x, int y, int rot);

typedef struct {
    int player;
    int figure;                 /* index in result->scored.figures */
    int from_x, from_y;
    cc_loc from_at;
    int to_x, to_y;
    cc_loc to_at;
} cc_wagon_move_event;

typedef struct {
    bool legal;
    const char *rule;                   /* !legal: the rule that forbids the move */
    char pointer[CC_POINTER_MAX];       /* !legal: the move's member at fault ("/deploy/at") */
    cc_text reason;                     /* !legal: why, as a message id and arguments
                                           (engine/text.h); the players are res->scored's */

    cc_score_result turn;               /* the scoring phase */
    int nwagon_moves;
    cc_wagon_move_event wagon_moves[CC_MAX_PLAYERS];
    bool game_over;
    cc_score_result final;              /* game_over: the end-game scoring */
    int totals[CC_MAX_PLAYERS];         /* turn + final points */
    int nrules;
    const char *rules[CC_RESULT_RULES]; /* every rule the answer applied, once */

    cc_position scored;                 /* tile and deployment added: what
                                           result->turn's figure indices mean */
    cc_position before_final;           /* after the turn, before the end-game
                                           scoring: what result->final means */
    cc_board board;                     /* the board after the move */
    cc_features features;               /* its features (same for both) */
    cc_position next;                   /* the position after the move */
} cc_turn_result;

/* Play move mv on pos. Returns true with *res filled (legal or not); false
 * with err (422, pointers into the request: "/position/...", "/tile",
 * "/deploy/token", "/shepherd/token", "/wagons/i") when the move cannot be
 * judged. */
bool cc_turn(const cc_position *pos, const cc_catalog *cat, const cc_move *mv,
             cc_turn_result *res, cc_error *err);

/* A turn without a move: the active player draws only tiles that fit
 * nowhere (base.placement.discard) and the pile runs out. What follows is
 * what follows a move with pile_empty: the next player in seat order (the
 * active one last) holding an abbey with a hole plays next, or the game is
 * over and res->final holds the end-game scoring. res->scored and
 * res->before_final are pos; no event, no wagon. False with err (422) when
 * pos is not a valid position. */
bool cc_turn_pass(const cc_position *pos, const cc_catalog *cat, cc_turn_result *res,
                  cc_error *err);

/* One wagon of a turn's wagon phase: a wagon the scoring sent back that
 * moved (move: its index in res->wagon_moves) or could have moved and
 * stayed (move -1: its owner passed). */
typedef struct {
    int figure;                 /* index in res->scored.figures */
    int player;
    int move;
} cc_wagon_step;

/* The wagon phase of legal turn res as the saved games record it: each
 * wagon the scoring sent back, in seat order from the active player, that
 * moved or could have moved (cc_wagon_may_move() and a destination, with the
 * earlier wagons' moves made): the step's wagon either moves or its owner
 * passes. A wagon that may not move (its feature is not complete: it lost
 * a challenge) or has nowhere to go has no step. *work is scratch (the
 * scored position with the moves made, at the end). Writes at most
 * CC_MAX_FIGURES steps; returns how many. One copy of the rule for the
 * .jcz writer and reader (service/jcz/). */
int cc_turn_wagon_steps(const cc_turn_result *res, cc_position *work, cc_wagon_step *out);

#endif
