/* random_game.h -- a whole legal game, played with seeded random choices.
 *
 * Owns: the generator of random games that client test suites commit as
 * golden files (POST /v1/games/random, `carcassonne-rules random-game`).
 * It plays every turn through the engine itself (placement.h for where
 * the tile may go, deploy.h for what may be deployed, wagon.h for where a
 * wagon may roll, turn.h for what the move yields), so every move it makes
 * is one /v1/turn judges legal and every position it reports is one
 * /v1/turn answers. It decides nothing about the rules; it only chooses,
 * with rng.h, among what the rules allow.
 *
 * The game:
 *   - the tiles are the real bag of the expansions in play: every land tile
 *     of those sets as often as the catalog counts it, the start tile
 *     (base.D) one fewer, as it starts on (0, 0) turned 0; the bag is
 *     shuffled once (Fisher-Yates, last to first) and drawn in order;
 *   - a drawn tile that fits nowhere is discarded and the player draws
 *     again (base.placement.discard); placing a tile with a hill sets the
 *     next tile of the bag face down under it (Hills & Sheep: it leaves the
 *     game; an unplaceable hill tile is discarded alone);
 *   - the sheep bag holds 4, 5, 5, 2 tokens of 1, 2, 3, 4 sheep and 2
 *     wolves, less the tokens beside shepherds on the board; a draw takes
 *     one token at random, listing the bag in that order (1..4, wolf);
 *   - the game ends as turn.h says (the last land tile placed, then the
 *     abbeys still in hand with a hole, abbey.abbey.end-of-game), or when
 *     the last tiles are all discarded and nobody holding an abbey has a
 *     hole; or earlier, after setup->max_turns turns.
 *
 * Every turn's random choices, in the order they consume the generator:
 *   1. a player holding an abbey with a hole, while land tiles are left,
 *      places it instead of drawing with probability 1/4 (once no land
 *      tile is left it must: abbey.abbey.mandatory);
 *   2. the placement: one of the legal placements, uniformly;
 *   3. the deployment: none with probability 1/4; otherwise a figure kind
 *      uniformly among the kinds with options, then one of that kind's
 *      options uniformly (so mayors, wagons, barns and shepherds appear as
 *      often as meeples); a shepherd draws its first token;
 *   4. the shepherd: when the tile extends the player's shepherd's field,
 *      grow (and draw) or guide, each with probability 1/2;
 *   5. the wagons returned by the scoring, in seat order from the active
 *      player: stay in the supply with probability 1/4, otherwise roll to
 *      one of the destinations left by the wagons before, uniformly.
 * The same seed, setup, catalog and version give the same game everywhere.
 *
 * With Messages, each turn's points move the counting figures as /v1/turn
 * does without a `counting` choice (engine/messages.h); the message cards a
 * player receives are not carried out (the service judges moves, not cards).
 *
 * Ownership: cc_game_new() allocates the game (a few MB: boards, features,
 * turn results); cc_game_free() releases it. What cc_game_step() and
 * cc_game_final() hand back is owned by the game and valid until the next
 * call on it. One game belongs to one thread; any number of games may run
 * at once over one const catalog.
 *
 * Table of contents:
 *   CC_GAME_MIN/MAX_TURNS, CC_GAME_RNG_STREAM   bounds and the PCG stream
 *   cc_game_setup          seed, players, expansions, options, turn cap
 *   cc_game_turn           one turn: the position before, the draws, the
 *                          placements, the deployment options, the move,
 *                          what it yields and the position after
 *   cc_game_new()          check the setup and lay out the start
 *   cc_game_step()         play the next turn
 *   cc_game_over()         did the game end by the rules?
 *   cc_game_end, cc_game_final()   the end-game scoring of the position
 *                          reached and the final scores
 *   cc_game_free()
 */
#ifndef CC_RANDOM_GAME_H
#define CC_RANDOM_GAME_H

#include <stdbool.h>
#include <stdint.h>

#include "catalog.h"
#include "deploy.h"
#include "error.h"
#include "placement.h"
#include "position.h"
#include "scoring.h"
#include "turn.h"

/* Turns a game may be capped at. A random game is played from the box's
 * setup (every set once: 107 land tiles and 6 abbeys at most), so a whole
 * game never has more turns than 128. */
#define CC_GAME_MIN_TURNS 1
#define CC_GAME_MAX_TURNS 128

/* The PCG stream of random games: "carcas" in ASCII. Part of what makes a
 * seed's game: changing it changes every game. */
#define CC_GAME_RNG_STREAM UINT64_C(0x636172636173)

/* Seeds are the integers 0 .. 2^53 - 1, which every JSON reader holds
 * exactly. */
#define CC_GAME_SEED_MAX ((UINT64_C(1) << 53) - 1)

typedef struct {
    uint64_t seed;                            /* 0 .. CC_GAME_SEED_MAX */
    unsigned expansions;                      /* cc_expansion bits; base is added */
    cc_options options;
    int nplayers;                             /* CC_MIN_PLAYERS .. CC_MAX_PLAYERS */
    char players[CC_MAX_PLAYERS][CC_NAME_MAX];  /* distinct, 1..32 bytes */
    int max_turns;                            /* 0: to the end; else 1..CC_GAME_MAX_TURNS */
} cc_game_setup;

typedef struct {
    int number;                   /* 0 for the first turn */
    int player;                   /* who plays: before.active */
    cc_position before;           /* the position the turn starts from */
    int ndiscarded;               /* tile types drawn and discarded, in order */
    int discarded[CC_MAX_TILES];
    bool moved;                   /* false: every tile drawn was discarded and the
                                     pile is empty; no move, nothing below but
                                     `next` is set */
    bool abbey;                   /* the move places the player's abbey */
    int under_hill;               /* tile type set under the hill, or -1 */
    int nplacements;              /* the legal placements of the tile (of the
                                     abbey: the holes), sorted as cc_placements() */
    cc_placement placements[CC_MAX_PLACEMENTS];
    int ndeployments;             /* what the player could deploy on the tile
                                     (cc_deployments(); feature ids and
                                     challenges refer to result->scored and
                                     result->features) */
    cc_deploy_option deployments[CC_MAX_DEPLOY_OPTIONS];
    cc_move move;                 /* the move, as /v1/turn takes it */
    const cc_turn_result *result; /* what the move yields (cc_turn()) */
    cc_position next;             /* the position after the turn: result->next
                                     with the points counted as /v1/turn counts
                                     them, or before with the next player (a
                                     turn without a move) */
    bool game_over;               /* the game ended with this turn */
} cc_game_turn;

typedef struct cc_game cc_game;

/* Check the setup (400 at "/seed", "/players", "/turns", ... with the
 * member at fault; 422 when the catalog has no start tile, or no abbey
 * tile while Abbey & Mayor is in play) and lay out the start: the start
 * tile, the shuffled bag, an abbey in every hand with Abbey & Mayor, the
 * first player to move. Returns the game, or NULL with err (a 500 when
 * memory runs out). */
cc_game *cc_game_new(const cc_catalog *cat, const cc_game_setup *setup, cc_error *err);

/* Play the next turn. Returns 1 with *turn set, 0 when the game is over or
 * the cap is reached (no turn), -1 with err when the engine refuses a move
 * it offered (a bug; status 500) or memory runs out. */
int cc_game_step(cc_game *g, const cc_game_turn **turn, cc_error *err);

/* Did the game end by the rules (rather than stop at the cap)? */
bool cc_game_over(const cc_game *g);

/* Turns played so far. */
int cc_game_turns(const cc_game *g);

/* The end of a game: the end-game scoring of the position reached, and
 * every player's total after it. */
typedef struct {
    const cc_score_result *scoring;   /* the end-game scoring */
    const cc_position *scored;        /* the position it scores: read the
                                         events' figure indices here */
    const cc_features *features;      /* its features */
    int scores[CC_MAX_PLAYERS];       /* each player's total (both counting
                                         figures with Messages) after it */
} cc_game_end;

/* Fill *end (call once cc_game_step() returned 0). For a game whose last
 * move ended it these are that move's end-game events (result->final, on
 * result->before_final), already counted in cc_game_position(); otherwise
 * (a capped game, or one ended by a pass) the end-game scoring of
 * cc_game_position(), added to its scores. Pointers stay valid until the
 * game is freed. Returns false with err when that position does not
 * validate (a bug) or memory runs out. */
bool cc_game_final(cc_game *g, cc_game_end *end, cc_error *err);

/* The position after the last turn played (the start before any). */
const cc_position *cc_game_position(const cc_game *g);

void cc_game_free(cc_game *g);

#endif
