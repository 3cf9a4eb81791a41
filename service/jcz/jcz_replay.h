/* jcz_replay.h -- a saved game's moves played again through the engine.
 *
 * Owns: turning the replay's messages into the moves /v1/turn plays, and
 * playing them with the engine's own turn logic (engine/turn.h), one turn
 * at a time, so an imported game scores exactly as a game played through
 * the service would. What this file adds to the engine is only what the
 * saved game knows and a position does not:
 *   - which messages make one turn. A turn is
 *       [PASS COMMIT]      the player declines to place the abbey
 *       PLACE_TILE         the tile, or the abbey
 *       [DEPLOY_MEEPLE | PASS]  the deployment, or none
 *       [SHEPHERD_CONFIRM] a shepherd deployed: its first draw
 *       [FLOCK_EXPAND_OR_SCORE] grow or guide the flock
 *       COMMIT
 *       (DEPLOY_MEEPLE [COMMIT] | PASS)*  the returning wagons, in seat order
 *     and a turn without its COMMIT is not played (the game was saved in
 *     the middle of it; its tile is the `next` one);
 *   - which token a shepherd drew (jcz_sheep.h: the bag and the number);
 *   - when the pile runs out: after the land tile that empties it the
 *     engine is told pile_empty, so it runs the end-game abbey round and
 *     the final scoring. The pile is the sets' tiles less the start tiles,
 *     less every tile drawn (placed, or discarded as unplaceable: known
 *     only from drawOrder) and, in Hills & Sheep, one tile hidden under
 *     each hill placed while the pile still had tiles; gameAnnotations may
 *     cut it short ("#END" ending drawOrder, or endTurn: how many tiles may
 *     be drawn). A later land tile in the replay always means it was not
 *     empty.
 * A move the engine finds illegal is a 422 naming the replay message at
 * fault and the rule; so is a message the turn cannot hold.
 *
 * Ownership: jcz_replay() allocates its work space and frees it before it
 * returns; *out is the caller's (it is large: put it on the heap).
 *
 *   jcz_turn            one turn just played, for the caller's callback
 *   jcz_turn_fn         the callback
 *   jcz_replay_result   where the replay stopped, and what comes next
 *   jcz_replay()        play turns 1..upto (or all)
 */
#ifndef JCZ_REPLAY_H
#define JCZ_REPLAY_H

#include <stdbool.h>

#include "../../engine/turn.h"
#include "jcz_read.h"

typedef struct {
    int turn;                       /* 1, 2, ... (abbeys included) */
    int msg;                        /* replay index of its PLACE_TILE */
    const cc_move *move;            /* the move, as /v1/turn takes it; NULL
                                       for the pile running out */
    const cc_position *before;      /* the position it was played on */
    const cc_turn_result *result;   /* what the engine answered */
    bool ran_out;                   /* after turn `turn` the next player drew
                                       only tiles that fit nowhere and the pile
                                       ran out (cc_turn_pass): no move */
    int ndiscarded;                 /* tiles drawn before the move's tile (or,
                                       ran_out, by that player) that fit
                                       nowhere: known from drawOrder */
    const int *discarded;           /* their catalog types */
} jcz_turn;

/* Called after each turn; returning false stops the replay with err
 * (which the callback fills). */
typedef bool jcz_turn_fn(void *arg, const jcz_turn *t, cc_error *err);

typedef struct {
    int turns;              /* complete turns in the file */
    int played;             /* turns played: the position is before turn played + 1 */
    bool game_over;         /* the game ended (final scoring in the position) */
    int next_tile;          /* catalog type of the tile turn played + 1 places, or -1
                               when the file does not say */
    cc_position position;
} jcz_replay_result;

/* Play turns 1..upto of g (upto < 0: all of them). fn (may be NULL) hears
 * each. False with err (422 for a move the rules forbid, with the pointer
 * of the replay message at fault, and the engine's reason worded in lang,
 * NULL: English) when the replay cannot go on. */
bool jcz_replay(const jcz_game *g, const cc_catalog *cat, int upto, jcz_turn_fn *fn, void *arg,
                const char *lang, jcz_replay_result *out, cc_error *err);

#endif
