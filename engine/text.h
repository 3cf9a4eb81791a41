/* text.h -- what the engine says, as message ids and arguments, never words.
 *
 * Owns: the vocabulary the engine reports with: cc_msg (one id per kind of
 * sentence: a scoring's explanation, a reason a move is illegal, a problem's
 * title and detail), cc_arg (a typed, named value: a number, a player, a
 * location, a figure kind...), and cc_text (one sentence to be: an id and its
 * arguments). The engine decides and counts; the service words: it keeps the
 * English template of every id and its translations (service/text/, po/),
 * and a client may word the id itself from the arguments (`explain_id`,
 * `explain_args` in the answers). So the engine holds no sentence in any
 * language, and a sentence changes without touching a rule.
 *
 * Table of contents:
 *   CC_ARG_NAMES, cc_arg_name     the argument names (the members of
 *                                 explain_args): "x", "points", ...
 *   cc_arg_type                   how a value reads: a number, a player...
 *   cc_arg, CC_INT()...           one argument, and a literal per type
 *   CC_MESSAGES, cc_msg, cc_msg_id    every message id ("score.city.complete")
 *   cc_text, cc_text_set()        one sentence: an id and up to 10 arguments
 *   CC_SAY(t, ID, args...)        fill a cc_text in one statement
 *
 * Ownership: a cc_text is plain data and owns nothing; a CC_ARG_STR's
 * string must outlive it (a static string, or a catalog id: the catalog
 * outlives every answer). A CC_ARG_QUOTE names a string kept in the
 * cc_error that holds the text (client input a detail quotes).
 */
#ifndef CC_TEXT_H
#define CC_TEXT_H

#include <stddef.h>
#include <stdint.h>

#include "loc.h"

/* ---- argument names ---------------------------------------------------------- */

#define CC_ARG_NAMES(M)                                                   \
    M(X, "x") M(Y, "y") M(AT, "at") M(TO_X, "to_x") M(TO_Y, "to_y")        \
    M(TO_AT, "to_at") M(OTHER_X, "other_x") M(OTHER_Y, "other_y")        \
    M(OTHER_AT, "other_at") M(TILE, "tile") M(OTHER_TILE, "other_tile")   \
    M(INDEX, "index") M(OTHER_TYPE, "other_type") M(OTHER_INDEX, "other_index") M(SIDE, "side")       \
    M(EDGE, "edge") M(OTHER_EDGE, "other_edge") M(TYPE, "type")           \
    M(KIND, "kind") M(PLAYER, "player") M(PLAYERS, "players")             \
    M(TILES, "tiles") M(PER_TILE, "per_tile") M(PENNANTS, "pennants")     \
    M(PER_PENNANT, "per_pennant") M(POINTS, "points") M(VALUE, "value")   \
    M(VINEYARDS, "vineyards") M(NEIGHBOURS, "neighbours")                 \
    M(CITIES, "cities") M(PER_CITY, "per_city") M(SHEEP, "sheep")         \
    M(TOKEN, "token") M(COUNT, "count") M(LIMIT, "limit")                 \
    M(STRENGTHS, "strengths") M(TIED, "tied") M(RULE, "rule")             \
    M(EXPANSION, "expansion") M(SET, "set") M(ID, "id") M(CARD, "card")   \
    M(ROUND, "round") M(PREVIOUS, "previous") M(FIGURE, "figure")         \
    M(CORNER, "corner") M(SHOWS, "shows") M(HELD, "held")                 \
    M(PLACED, "placed") M(SEED, "seed") M(TURNS, "turns") M(WHAT, "what") \
    M(WHY, "why") M(OPTION, "option") M(MIN, "min") M(MAX, "max")         \
    M(LOCATIONS, "locations") M(ROT, "rot") M(RULE_TITLE, "rule_title")  \
    M(PER_FOLLOWER, "per_follower")                                       \
    M(BYTE, "byte") M(NAME, "name") M(MEMBER, "member") M(MEMBERS, "members") \
    M(FOUND, "found") M(EXPECTED, "expected") M(TEXT, "text") M(PATH, "path") \
    M(METHOD, "method") M(CODE, "code") M(BYTES, "bytes")                  \
    M(SUGGESTIONS, "suggestions") M(FIRST, "first") M(SECOND, "second")    \
    M(OTHER_PLAYER, "other_player") M(TURN, "turn")                       \
    M(WINE, "wine") M(GRAIN, "grain") M(CLOTH, "cloth")                   \
    M(IDS, "ids") M(KINDS, "kinds")

typedef enum {
#define CC_ARG_NAME_ENUM(e, s) CC_AN_##e,
    CC_ARG_NAMES(CC_ARG_NAME_ENUM)
#undef CC_ARG_NAME_ENUM
    CC_ARG_NAME_COUNT
} cc_arg_name_id;

/* "x", "points", ...: the member name of the argument in explain_args. */
const char *cc_arg_name(int name);

/* ---- arguments --------------------------------------------------------------- */

typedef enum {
    CC_ARG_INT,       /* i: a number, written as it is in every language */
    CC_ARG_PLAYER,    /* i: a player's index in the position: their name */
    CC_ARG_PLAYERS,   /* i: a bit set of player indices: their names, listed */
    CC_ARG_LOC,       /* i: a cc_loc packed by cc_loc_pack(): "S", "NNE", "#2", "NE" */
    CC_ARG_KIND,      /* i: a cc_figure_kind: "meeple", worded as a term */
    CC_ARG_FEATURE,   /* i: a cc_feature_type: "city", worded as a term */
    CC_ARG_SIDE,      /* i: a direction 0..3 (N, E, S, W), worded as a term */
    CC_ARG_EDGE,      /* i: an edge type 'C', 'R', 'F': city, road, field as terms */
    CC_ARG_STR,       /* s: an id or value kept as it is (a tile id, a rule id) */
    CC_ARG_QUOTE,     /* i: quote i of the cc_error (client text, kept as it is) */
    CC_ARG_STRENGTHS, /* i: a bit set of players: "name strength" pairs of the
                         event's strength array */
    CC_ARG_RULE,      /* s: a rule id, worded as its short title in the
                         language ("Deploy on the new tile") */
    CC_ARG_LOCATIONS, /* the places of the cc_error that holds the text
                         (cc_error.places): every location of a tile as
                         placed, by feature */
    CC_ARG_TERM,      /* s: a term's name ("value.a-string"), worded as that
                         term in the language (msgctxt term.<name>) */
    CC_ARG_LIST       /* i: quote i of the cc_error, a list of client strings
                         parted by CC_LIST_SEP; s: the term that joins the
                         last two ("and", "or"): "red, blue and green" */
} cc_arg_type;

typedef struct {
    const char *s;    /* CC_ARG_STR */
    int32_t i;        /* every other type */
    uint8_t name;     /* cc_arg_name_id */
    uint8_t type;     /* cc_arg_type */
} cc_arg;

#define CC_ARG_(n, t, v) ((cc_arg){ .s = NULL, .i = (int32_t)(v), .name = CC_AN_##n, .type = (t) })
#define CC_INT(n, v) CC_ARG_(n, CC_ARG_INT, v)
#define CC_PLAYER(n, v) CC_ARG_(n, CC_ARG_PLAYER, v)
#define CC_PLAYERS(n, mask) CC_ARG_(n, CC_ARG_PLAYERS, mask)
#define CC_LOC(n, loc) CC_ARG_(n, CC_ARG_LOC, cc_loc_pack(loc))
#define CC_KIND(n, v) CC_ARG_(n, CC_ARG_KIND, v)
#define CC_FEATURE(n, v) CC_ARG_(n, CC_ARG_FEATURE, v)
#define CC_SIDE(n, v) CC_ARG_(n, CC_ARG_SIDE, v)
#define CC_EDGE(n, v) CC_ARG_(n, CC_ARG_EDGE, v)
#define CC_QUOTE(n, i) CC_ARG_(n, CC_ARG_QUOTE, i)
#define CC_STRENGTHS(n, mask) CC_ARG_(n, CC_ARG_STRENGTHS, mask)
#define CC_LOCATIONS(n) CC_ARG_(n, CC_ARG_LOCATIONS, 0)
#define CC_RULE(n, id) ((cc_arg){ .s = (id), .i = 0, .name = CC_AN_##n, .type = CC_ARG_RULE })
#define CC_STR(n, str) ((cc_arg){ .s = (str), .i = 0, .name = CC_AN_##n, .type = CC_ARG_STR })
#define CC_TERM(n, term) ((cc_arg){ .s = (term), .i = 0, .name = CC_AN_##n, .type = CC_ARG_TERM })
/* What parts the items of a CC_ARG_LIST: a byte that no UTF-8 text holds,
 * so an item -- a player's name may hold any character, '\n' too -- is
 * never split. */
#define CC_LIST_SEP "\xff"
#define CC_LIST_SEP_BYTE 0xFF
#define CC_LIST(n, conj, q) ((cc_arg){ .s = (conj), .i = (q), .name = CC_AN_##n, .type = CC_ARG_LIST })

/* ---- message ids ---------------------------------------------------------------
 * Families: problem.* (a problem's kind: its title, and the slug of its
 * `type` URI), detail.* (a problem's detail), score.* (a scoring event's
 * sentences), reason.* (why a move, deployment or barn is illegal), card.*
 * (what a message card of Messages yields, engine/messages.c). The
 * English of each is in service/text/messages_en.c; its translations in po/.
 * The service's own problems continue these ids past CC_MSG_COUNT
 * (service/text/problems.h). */

#define CC_MESSAGES(X)                                                              \
    /* problems: titles */                                                          \
    X(P_TWO_TILES_ON_ONE_CELL, "problem.two-tiles-on-one-cell")                     \
    X(P_EXPANSION_NOT_IN_PLAY, "problem.expansion-not-in-play")                     \
    X(P_WRONG_NUMBER_OF_ABBEYS, "problem.wrong-number-of-abbeys")                   \
    X(P_TOO_MANY_ABBEYS, "problem.too-many-abbeys")                                 \
    X(P_MORE_TILES, "problem.more-tiles-than-the-game-has")                         \
    X(P_EDGES_DO_NOT_MATCH, "problem.edges-do-not-match")                           \
    X(P_EMPTY_BOARD, "problem.empty-board")                                         \
    X(P_TILES_NOT_CONNECTED, "problem.tiles-not-connected")                         \
    X(P_ABBEY_OUTSIDE_A_HOLE, "problem.abbey-outside-a-hole")                       \
    X(P_SHRINE_RULE_BROKEN, "problem.shrine-rule-broken")                           \
    X(P_RIVER_RULE_BROKEN, "problem.river-rule-broken")                             \
    X(P_GOODS_TOO_MANY, "problem.more-goods-than-the-cities-gave")                   \
    X(P_FIGURE_ALONE, "problem.figure-without-its-follower")                         \
    X(P_FIGURE_OFF_THE_BOARD, "problem.figure-off-the-board")                       \
    X(P_FIGURE_CANNOT_STAND, "problem.figure-where-it-cannot-stand")                \
    X(P_TWO_FIGURES_ON_ONE_SPOT, "problem.two-figures-on-one-spot")                 \
    X(P_MORE_FIGURES, "problem.more-figures-than-the-supply-holds")                 \
    X(P_TILE_NOT_ON_THE_BOARD, "problem.tile-not-on-the-board")                     \
    X(P_DEPLOYED_NOT_IN_POSITION, "problem.deployed-figure-not-in-the-position")    \
    X(P_DEPLOYED_NOT_ON_TILE, "problem.deployed-figure-not-on-the-placed-tile")     \
    X(P_SHEPHERD_FIRST_DRAW, "problem.shepherd-s-first-draw-missing")               \
    X(P_SHEPHERD_WITH_FLOCK, "problem.shepherd-deployed-with-a-flock")              \
    X(P_TOKEN_WITHOUT_SHEPHERD, "problem.token-without-a-shepherd")                 \
    X(P_SHEPHERD_ACTION_MISSING, "problem.shepherd-action-missing")                 \
    X(P_NO_SHEPHERD_TO_ACT, "problem.no-shepherd-to-act")                           \
    X(P_TOKEN_MISSING, "problem.token-missing")                                     \
    X(P_BOARD_FULL, "problem.board-full")                                           \
    X(P_TOO_MANY_FIGURES, "problem.too-many-figures")                               \
    X(P_NO_WAGON_THERE, "problem.no-wagon-there")                                   \
    X(P_UNKNOWN_TILE, "problem.unknown-tile")                                       \
    X(P_OUT_OF_MEMORY, "problem.out-of-memory")                                     \
    X(P_SETUP_OUT_OF_RANGE, "problem.game-setup-out-of-range")                      \
    X(P_TOO_MANY_AWARDS, "problem.too-many-scoring-events")                         \
    X(P_NEGATIVE_SCORE, "problem.negative-score")                                   \
    X(P_NEGATIVE_POINTS, "problem.negative-points")                                 \
    X(P_ROUNDS_OUT_OF_ORDER, "problem.rounds-out-of-order")                         \
    X(P_NO_SUCH_COUNTING_FIGURE, "problem.no-such-counting-figure")                 \
    X(P_NO_SECOND_COUNTING_FIGURE, "problem.no-second-counting-figure")             \
    X(P_NO_SUCH_MESSAGE, "problem.no-such-message")                                 \
    X(P_NOT_A_FOLLOWER, "problem.not-a-follower-of-the-active-player")              \
    X(P_NO_START_TILE, "problem.no-start-tile")                                     \
    X(P_NO_ABBEY_TILE, "problem.no-abbey-tile")                                     \
    X(P_RANDOM_GAME_FAILED, "problem.random-game-failed")                           \
    /* problems: details */                                                         \
    X(D_TWO_TILES_ON_ONE_CELL, "detail.two-tiles-on-one-cell")                      \
    X(D_TILE_EXPANSION, "detail.tile-of-an-expansion-not-in-play")                  \
    X(D_FIGURE_EXPANSION, "detail.figure-of-an-expansion-not-in-play")              \
    X(D_SET_EXPANSION, "detail.tile-set-of-an-expansion-not-in-play")               \
    X(D_DEPLOY_EXPANSION, "detail.deployed-kind-of-an-expansion-not-in-play")       \
    X(D_WRONG_NUMBER_OF_ABBEYS, "detail.more-abbeys-than-players")                  \
    X(D_ABBEY_WITHOUT_PLAYER, "detail.abbey-placed-by-nobody")                      \
    X(D_TWO_ABBEYS, "detail.two-abbeys-of-one-player")                              \
    X(D_MORE_TILES, "detail.more-copies-than-the-game-has")                         \
    X(D_EDGES_DO_NOT_MATCH, "detail.edges-do-not-match")                            \
    X(D_EMPTY_BOARD, "detail.empty-board")                                          \
    X(D_TILES_NOT_CONNECTED, "detail.tile-not-connected")                           \
    X(D_ABBEY_OUTSIDE_A_HOLE, "detail.abbey-outside-a-hole")                        \
    X(D_SHRINE_NEIGHBOURS_MONASTERIES, "detail.shrine-next-to-monasteries")          \
    X(D_RIVER_NO_SPRING, "detail.river-without-spring")                             \
    X(D_RIVER_TILE, "detail.river-tile-against-a-rule")                            \
    X(D_RIVER_DRAW, "detail.river-tile-not-in-hand")                               \
    X(D_GOODS_TOO_MANY, "detail.more-goods-than-the-cities-gave")                    \
    X(D_FIGURE_ALONE, "detail.figure-without-its-follower")                          \
    X(D_TRADERS_MEMBER, "detail.traders-member-without-the-expansion")               \
    X(D_ABBEY_NEIGHBOURS_SHRINES, "detail.abbey-next-to-shrines")                 \
    X(D_CLOISTER_NEIGHBOURS_SHRINES, "detail.cloister-next-to-shrines")             \
    X(D_FIGURE_OFF_THE_BOARD, "detail.figure-off-the-board")                        \
    X(D_BARN_NOT_ON_CORNER, "detail.barn-not-on-a-corner")                          \
    X(D_BARN_NOT_AT_JUNCTION, "detail.barn-not-at-a-field-junction")                \
    X(D_ONLY_BARN_ON_CORNER, "detail.only-a-barn-on-a-corner")                      \
    X(D_NO_SUCH_LOCATION, "detail.no-such-location-on-the-tile")                    \
    X(D_NO_FARMERS, "detail.no-meeple-on-a-field-without-farmers")                  \
    X(D_KIND_CANNOT_STAND, "detail.kind-cannot-stand-on-feature")                   \
    X(D_TWO_FIGURES_ON_ONE_SPOT, "detail.two-figures-on-one-spot")                  \
    X(D_TWO_BARNS_ON_ONE_CORNER, "detail.two-barns-on-one-corner")                  \
    X(D_MORE_FIGURES, "detail.more-figures-than-the-supply")                        \
    X(D_PLACED_TILE_MISSING, "detail.placed-tile-not-on-the-board")                 \
    X(D_DEPLOYED_NOT_IN_POSITION, "detail.deployed-figure-not-in-the-position")     \
    X(D_DEPLOYED_ALSO_IN_POSITION, "detail.deployed-figure-also-in-the-position")   \
    X(D_DEPLOYED_NOT_ON_TILE, "detail.deployed-figure-not-on-the-placed-tile")      \
    X(D_SHEPHERD_FIRST_DRAW, "detail.shepherd-first-draw-missing")                  \
    X(D_SHEPHERD_WITH_FLOCK, "detail.shepherd-deployed-with-a-flock")               \
    X(D_TOKEN_WITHOUT_SHEPHERD, "detail.token-without-a-shepherd")                  \
    X(D_SHEPHERD_ACTION_MISSING, "detail.shepherd-action-missing")                  \
    X(D_NO_SHEPHERD_TO_ACT, "detail.no-shepherd-to-act")                            \
    X(D_GROW_TOKEN_MISSING, "detail.grow-token-missing")                            \
    X(D_BOARD_FULL, "detail.board-full")                                            \
    X(D_TOO_MANY_FIGURES, "detail.too-many-figures")                                \
    X(D_NO_WAGON_THERE, "detail.no-wagon-there")                                    \
    X(D_UNKNOWN_TILE, "detail.unknown-tile-type")                                   \
    X(D_OUT_OF_MEMORY, "detail.out-of-memory")                                      \
    /* problems: details of Messages (engine/messages.c) */                         \
    X(D_TOO_MANY_AWARDS, "detail.messages.too-many-awards")                         \
    X(D_NEGATIVE_SCORE, "detail.messages.counting-figure-below-zero")               \
    X(D_NEGATIVE_POINTS, "detail.messages.negative-points")                         \
    X(D_ROUNDS_OUT_OF_ORDER, "detail.messages.rounds-out-of-order")                 \
    X(D_NO_SUCH_COUNTING_FIGURE, "detail.messages.no-such-counting-figure")         \
    X(D_NO_SECOND_COUNTING_FIGURE, "detail.messages.no-second-counting-figure")     \
    X(D_NO_SUCH_MESSAGE, "detail.messages.no-such-message")                         \
    X(D_NO_FIGURE_THERE, "detail.messages.no-figure-of-the-player-there")           \
    X(D_SPECIAL_FIGURE, "detail.messages.special-figure-not-a-follower")            \
    X(D_CARD_8_NEEDS_FOLLOWER, "detail.messages.card-8-needs-a-follower")           \
    /* problems: details of a random game (engine/random_game.c) */                 \
    X(D_SEED_RANGE, "detail.random-game.seed-out-of-range")                         \
    X(D_PLAYERS_RANGE, "detail.random-game.players-out-of-range")                   \
    X(D_NAME_LENGTH, "detail.random-game.player-name-length")                       \
    X(D_NAME_TWICE, "detail.random-game.player-name-twice")                         \
    X(D_TURNS_RANGE, "detail.random-game.turns-out-of-range")                       \
    X(D_NO_START_TILE, "detail.random-game.no-start-tile")                          \
    X(D_NO_MEMORY_FOR_A_GAME, "detail.random-game.out-of-memory")                   \
    X(D_NO_ABBEY_TILE, "detail.random-game.no-abbey-tile")                          \
    X(D_REFUSED_POSITION, "detail.random-game.refused-a-position")                  \
    X(D_REFUSED_MOVE, "detail.random-game.refused-a-move")                          \
    X(D_REFUSED_COUNTING, "detail.random-game.refused-the-counting")                \
    X(D_REFUSED_FINAL_COUNTING, "detail.random-game.refused-the-final-counting")    \
    /* scoring events */                                                            \
    X(S_ROAD_COMPLETE, "score.road.complete")                                       \
    X(S_ROAD_COMPLETE_AT_END, "score.road.complete-at-end")                         \
    X(S_ROAD_END, "score.road.end")                                                 \
    X(S_CITY_COMPLETE, "score.city.complete")                                       \
    X(S_CITY_COMPLETE_ARMS, "score.city.complete-with-arms")                        \
    X(S_CITY_COMPLETE_AT_END, "score.city.complete-at-end")                         \
    X(S_CITY_COMPLETE_AT_END_ARMS, "score.city.complete-at-end-with-arms")          \
    X(S_CITY_END, "score.city.end")                                                 \
    X(S_CITY_END_ARMS, "score.city.end-with-arms")                                  \
    X(S_CITY_TINY, "score.city.tiny")                                               \
    X(S_ROAD_INN_COMPLETE, "score.road.inn-complete")                               \
    X(S_ROAD_INN_COMPLETE_AT_END, "score.road.inn-complete-at-end")                 \
    X(S_ROAD_INN_END, "score.road.inn-end")                                         \
    X(S_CITY_CATHEDRAL, "score.city.cathedral")                                     \
    X(S_CITY_CATHEDRAL_END, "score.city.cathedral-end")                             \
    X(S_INN_CATHEDRAL_IGNORED, "score.inn-cathedral-ignored")                       \
    X(S_CLOSED_BY_ABBEY, "score.closed-by-abbey")                                   \
    X(S_MONASTERY_COMPLETE, "score.monastery.complete")                             \
    X(S_MONASTERY_VINEYARDS, "score.monastery.complete-with-vineyards")             \
    X(S_MONASTERY_COMPLETE_AT_END, "score.monastery.complete-at-end")               \
    X(S_MONASTERY_END, "score.monastery.end")                                       \
    X(S_VINEYARDS_AT_END, "score.monastery.vineyards-at-end")                       \
    X(S_CHALLENGE_UNRESOLVED, "score.challenge.unresolved")                         \
    X(S_CHALLENGE_LOST, "score.challenge.lost")                                     \
    X(S_CHALLENGE_WON, "score.challenge.won")                                       \
    X(S_CHALLENGE_BOTH, "score.challenge.both")                                     \
    X(S_STRENGTH, "score.strength")                                                 \
    X(S_BIG_STRENGTH, "score.big-strength")                                         \
    X(S_NOBODY, "score.nobody-has-strength")                                        \
    X(S_MAJORITY, "score.majority")                                                 \
    X(S_HILL_ONE, "score.hill.breaks-tie-one")                                      \
    X(S_HILL_SOME, "score.hill.breaks-tie-some")                                    \
    X(S_HILL_COUNT_ONE, "score.hill.count-breaks-tie-one")                          \
    X(S_HILL_COUNT_SOME, "score.hill.count-breaks-tie-some")                        \
    X(S_HILL_TIE_STANDS, "score.hill.tie-stands")                                   \
    X(S_HILL_COUNT_TIE_STANDS, "score.hill.count-tie-stands")                       \
    X(S_TIE, "score.tie")                                                           \
    X(S_RETURN_ONE, "score.return.one")                                             \
    X(S_RETURN_SOME, "score.return.some")                                           \
    X(S_FIELD_BARN_PLACED, "score.field.barn-placed")                               \
    X(S_FIELD_BARN_JOINED, "score.field.barn-joined")                               \
    X(S_FIELD_END, "score.field.end")                                               \
    X(S_SHEPHERD_NOT_FARMER, "score.field.shepherd-not-a-farmer")                   \
    X(S_BARN_ONE, "score.barn.one")                                                 \
    X(S_BARN_SOME, "score.barn.some")                                               \
    X(S_SHEEP_DEPLOYED, "score.sheep.deployed")                                     \
    X(S_SHEEP_GROWN, "score.sheep.grown")                                           \
    X(S_WOLF_AT_DEPLOY, "score.wolf.deployed")                                      \
    X(S_WOLF_ONE, "score.wolf.one-shepherd")                                        \
    X(S_WOLF_SOME, "score.wolf.shepherds")                                          \
    X(S_GUIDE_CHOSEN_ONE, "score.guide.chosen-one")                                 \
    X(S_GUIDE_CHOSEN_SOME, "score.guide.chosen-some")                               \
    X(S_GUIDE_CLOSED_ONE, "score.guide.closed-one")                                 \
    X(S_GUIDE_CLOSED_SOME, "score.guide.closed-some")                               \
    X(S_GUIDE_INNER_ONE, "score.guide.inner-one")                                   \
    X(S_GUIDE_INNER_SOME, "score.guide.inner-some")                                 \
    X(S_PIG, "score.field.pig")                                                      \
    X(S_PIG_HERD, "score.field.pig-herd")                                            \
    X(S_HELPERS_RETURN, "score.return.builders-and-pigs")                            \
    X(S_GOODS_COLLECT, "score.goods.collect")                                        \
    X(S_GOODS_HELD, "score.goods.held")                                              \
    X(S_GOODS_MOST, "score.goods.most")                                              \
    /* reasons: an illegal move, deployment or barn */                              \
    X(R_NO_ABBEY_IN_HAND, "reason.no-abbey-in-hand")                                \
    X(R_CELL_TAKEN, "reason.cell-taken")                                            \
    X(R_NOT_ADJACENT, "reason.not-adjacent")                                        \
    X(R_EDGES, "reason.edges")                                                      \
    X(R_NOT_A_HOLE, "reason.not-a-hole")                                            \
    X(R_SHRINE_NEIGHBOURS, "reason.shrine-neighbours")                              \
    X(R_RIVER, "reason.river")                                                      \
    X(R_RIVER_DRAW, "reason.river-draw")                                            \
    X(R_DEPLOY, "reason.deploy")                                                    \
    X(R_SHEPHERD_CHOICE_MISSING, "reason.shepherd-choice-missing")                  \
    X(R_NO_SHEPHERD_TO_ACT, "reason.no-shepherd-to-act")                            \
    X(R_WAGON_NOT_SCORED, "reason.wagon-not-scored")                                \
    X(R_WAGON_DESTINATION, "reason.wagon-destination")                              \
    X(R_WAGON_DESTINATION_ORDER, "reason.wagon-destination-in-order")               \
    X(R_BARN_NO_EXPANSION, "reason.barn-without-abbey-mayor")                       \
    X(R_BARN_PLACED, "reason.barn-already-placed")                                  \
    X(R_BARN_NO_TILE, "reason.barn-junction-missing-tile")                          \
    X(R_BARN_CORNER_ABBEY, "reason.barn-corner-shows-the-abbey")                    \
    X(R_BARN_CORNER_CITY, "reason.barn-corner-shows-a-city")                        \
    X(R_BARN_CORNER_PARTED, "reason.barn-corner-parted")                            \
    X(R_BARN_ONE_PER_FIELD, "reason.barn-field-has-a-barn")                         \
    /* Messages: the sentences that explain what a message card yields */          \
    X(C_HEADING_1, "card.1.heading")                                                \
    X(C_HEADING_2, "card.2.heading")                                                \
    X(C_HEADING_3, "card.3.heading")                                                \
    X(C_HEADING_4, "card.4.heading")                                                \
    X(C_HEADING_5, "card.5.heading")                                                \
    X(C_HEADING_6, "card.6.heading")                                                \
    X(C_HEADING_7, "card.7.heading")                                                \
    X(C_HEADING_8, "card.8.heading")                                                \
    X(C_NONE_1, "card.1.no-road")                                                   \
    X(C_NONE_2, "card.2.no-city")                                                   \
    X(C_NONE_3, "card.3.no-monastery")                                              \
    X(C_ONLY_1, "card.1.only-road")                                                 \
    X(C_ONLY_2, "card.2.only-city")                                                 \
    X(C_ONLY_3, "card.3.only-monastery")                                            \
    X(C_FEWEST_1, "card.1.fewest-points")                                           \
    X(C_FEWEST_2, "card.2.fewest-points")                                           \
    X(C_FEWEST_3, "card.3.fewest-points")                                           \
    X(C_SMALLEST_ALONE, "card.smallest.scores-alone")                               \
    X(C_PENNANTS, "card.4.pennants")                                                \
    X(C_KNIGHTS, "card.5.knights")                                                  \
    X(C_FARMERS, "card.6.farmers")                                                  \
    X(C_EXTRA_TILE, "card.7.extra-tile")                                            \
    X(C_MAJORITY, "card.8.majority")                                                \
    X(C_NO_MAJORITY, "card.8.no-majority")                                          \
    X(C_RETURNS, "card.8.follower-returns")                                         \
    X(C_ALTERNATIVE, "card.alternative")

typedef enum {
#define CC_MSG_ENUM(e, s) CC_MSG_##e,
    CC_MESSAGES(CC_MSG_ENUM)
#undef CC_MSG_ENUM
    CC_MSG_COUNT
} cc_msg;

/* "score.city.complete": the message's id (the `explain_id` of answers). */
const char *cc_msg_id(int msg);

/* ---- one sentence ---------------------------------------------------------------- */

#define CC_TEXT_ARGS 10

typedef struct {
    uint16_t msg;             /* cc_msg (or a service message id) */
    uint8_t nargs;
    cc_arg args[CC_TEXT_ARGS];
} cc_text;

/* Set *t to message msg with args (n of them; more than CC_TEXT_ARGS are
 * dropped, which the tests rule out). */
void cc_text_set(cc_text *t, int msg, const cc_arg *args, size_t n);

/* CC_SAY(&t, CC_MSG_SCORE_X, CC_INT(POINTS, 4), CC_PLAYER(PLAYER, p)) */
#define CC_SAY(t, msg, ...)                                                         \
    cc_text_set((t), (msg), (const cc_arg[]){ __VA_ARGS__ },                        \
                sizeof((const cc_arg[]){ __VA_ARGS__ }) / sizeof(cc_arg))
#define CC_SAY0(t, msg) cc_text_set((t), (msg), NULL, 0)

#endif
