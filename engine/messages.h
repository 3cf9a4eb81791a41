/* messages.h -- Messages (1st edition): two counting figures, dark spaces,
 * and what each of the eight message cards is worth.
 *
 * Owns three things (rule ids in rules.c, section "messages (issue 5)"):
 *
 *   1. The score track. Each player has two counting figures; a figure's
 *      total is what position.scores holds. The track has 50 spaces
 *      (0..49) that a figure laps, so its space is total mod 50; the dark
 *      spaces are 0, 5, 10, ..., 45. Since 50 is a multiple of 5, a total
 *      is on a dark space iff it is a multiple of 5; a figure that reaches
 *      exactly 50 (100, ...) stands on space 0 and that is dark too (page
 *      note 1). Only a figure that moved forward can "end on" a dark space:
 *      a figure standing on 0 (or on 10) that did not move gives nothing.
 *
 *   2. Counting a turn's points. The points a player wins come as awards
 *      (one per scored feature or figure action, page note 15: all points
 *      of one feature move one counting figure), grouped in rounds of
 *      scoring (notes 17, 18, 22). At the end of each round the active
 *      player, and only they, receives one message if a counting figure
 *      that moved in that round ends on a dark space -- at most one per
 *      round, whatever both figures do. The final scoring gives none.
 *      The player chooses which figure each award moves; when the request
 *      does not say, the default (cc_messages_count) is deterministic:
 *      for the active player, the first assignment in award order (figure 0
 *      before figure 1) that receives the round's message, if any does
 *      (a message is never worse than none: its alternative is 2 points);
 *      otherwise, and for everyone else, figure 0.
 *
 *   3. The cards, for the active player: 1 shortest road, 2 smallest city,
 *      3 smallest cloister (cloister, shrine or abbey), 4 two points per
 *      coat of arms, 5 two per knight, 6 two per farmer, 7 one extra tile,
 *      8 score one follower's feature and return it; each card's
 *      alternative is 2 points.
 *
 * Followers (the cards' word): meeples, mayors and wagons. Barns and
 * shepherds are special figures, not followers (Abbey & Mayor note 3,
 * hills-and-sheep: "The shepherd is a special figure, not a meeple").
 *
 * Plain data, no allocation: every struct here is owned by its caller.
 * On error the outputs are unaltered unless stated. Like the rest of the
 * engine, this file says what a card yields and what is wrong as message
 * ids and arguments (engine/text.h), never as words.
 *
 * Table of contents:
 *   cc_track_space()          total -> space 0..49
 *   cc_track_is_dark()        is a total on a dark space
 *   cc_track_lands_dark()     did a move from -> to end on a dark space
 *   cc_round                  the rounds of scoring in scope
 *   cc_round_name()           "move-wood", "scoring", "message", "final"
 *   cc_award                  points to one player moving one counting figure
 *   cc_messages_count()       awards -> figures moved, rounds, messages received
 *   cc_messages_round_of()    which round a scoring event belongs to
 *   cc_messages_after_scoring()  a whole cc_score_result, every player
 *   cc_messages_after_final()    a game-ending turn's final scoring, counted
 *                                on from where its scoring phase left them
 *   cc_message_value          what a card yields and what it counted
 *   cc_messages_card()        the value of card n for the active player
 *   cc_messages_find_follower()  card 8: resolve {x, y, at} to a figure
 */
#ifndef CC_MESSAGES_H
#define CC_MESSAGES_H

#include <stdbool.h>

#include "error.h"
#include "features.h"
#include "position.h"
#include "scoring.h"

#define CC_TRACK_SPACES 50
#define CC_DARK_EVERY 5
#define CC_MESSAGE_CARDS 8
#define CC_MESSAGE_ALTERNATIVE 2     /* the seal on every card */
#define CC_MESSAGE_POINTS_PER 2      /* cards 4, 5, 6: per coat of arms, knight, farmer */

/* ---- 1. the score track ------------------------------------------------ */

static inline int cc_track_space(int total) { return total % CC_TRACK_SPACES; }
static inline bool cc_track_is_dark(int total) { return total % CC_DARK_EVERY == 0; }

/* A figure that moved from `from` to `to` ends on a dark space. Not moving
 * (to == from) never does; backward moves do not occur in scope (note 16). */
static inline bool cc_track_lands_dark(int from, int to)
{
    return to > from && cc_track_is_dark(to);
}

/* ---- 2. counting a turn's points -------------------------------------- */

/* Rounds of scoring in scope, numbered as on the page ("Rounds of Scoring";
 * note 22: numbered to match the order of play). Rounds 1A-1C and 4 hold
 * nothing in scope (wheel of fortune, wind rose, catapult are out), but an
 * award may name them. Every CC_ROUND_MESSAGE award is a round by itself:
 * the points of one message ("Variable"). */
typedef enum {
    CC_ROUND_TILE = 1,        /* 1A-1C: beginning of turn, drawing, placing */
    CC_ROUND_MOVE_WOOD = 2,   /* end of "move wood": shepherd guides a flock */
    CC_ROUND_SCORING = 3,     /* scoring phase: features, barns, challenges */
    CC_ROUND_END = 4,         /* end of turn */
    CC_ROUND_MESSAGE = 5,     /* points from one message (action or 2 points) */
    CC_ROUND_FINAL = 6        /* end-game scoring: never a message */
} cc_round;

/* "tile", "move-wood", "scoring", "end", "message", "final"; "?" otherwise. */
const char *cc_round_name(cc_round r);

#define CC_COUNT_DEFAULT (-1)     /* cc_award.figure: let cc_messages_count choose */
#define CC_MAX_AWARDS 256   /* >= CC_MAX_EVENTS: one award per scoring event */

/* Points won by one player from one scored feature or figure action. */
typedef struct {
    int round;      /* cc_round; awards are given in nondecreasing round order */
    int points;     /* >= 0; 0 moves nothing */
    int figure;     /* in: 0, 1 or CC_COUNT_DEFAULT; out: the figure moved */
    bool chosen;    /* out: figure was given by the request, not defaulted */
} cc_award;

typedef struct {
    int round;            /* cc_round */
    int first, n;         /* its awards: [first, first + n) */
    int points;           /* sum of its awards */
    int before[2];        /* the counting figures' totals before it ... */
    int after[2];         /* ... and after it */
    bool message;         /* the player receives a message after it */
    int dark_figure;      /* a moved figure on a dark space (0 first), or -1 */
} cc_round_result;

typedef struct {
    int before[2], after[2];   /* the player's counting figures */
    int nrounds;
    cc_round_result rounds[CC_MAX_AWARDS];   /* [0, nrounds) set; the rest unset */
    int messages;              /* messages received (at most one per round) */
} cc_counting;

/* Move the counting figures of a player standing at start[0], start[1]
 * through n awards, round by round. awards[i].figure is resolved in place
 * (defaults as in the header comment; `active` says whether this player may
 * receive messages). With `two_figures` false (Messages not in the game)
 * every award moves figure 0 and no message is received; choosing figure 1
 * then fails.
 * Fails (400, pointer "") on: n outside 0..CC_MAX_AWARDS, negative points
 * or start, a figure other than 0, 1, CC_COUNT_DEFAULT, rounds out of
 * order or outside cc_round; 422 for figure 1 without two figures. */
bool cc_messages_count(const int start[2], bool two_figures, bool active,
                       cc_award *awards, int n, cc_counting *out, cc_error *err);

/* The round of scoring a scoring event belongs to: shepherd draws and
 * flocks guided to the stable end the move-wood phase (round 2; the page
 * lists "Shepherd after 'Herd flock into stable' action" there, and a
 * closed field's flock is guided by the same action); completed features,
 * challenges and barn scorings are the scoring phase (round 3); end-game
 * events are the final scoring. */
cc_round cc_messages_round_of(cc_event_kind kind);

/* Counting a whole scoring result (cc_score_turn or cc_score_final) for
 * every player: event i is award i of each player, worth the points that
 * event gives that player. Owned by the caller; about 40 KB: use the heap. */
typedef struct {
    int figure[CC_MAX_PLAYERS][CC_MAX_EVENTS];  /* in: choice or CC_COUNT_DEFAULT;
                                                   out: the figure moved */
    bool chosen[CC_MAX_PLAYERS][CC_MAX_EVENTS]; /* out: the request chose it */
    cc_counting counting[CC_MAX_PLAYERS];       /* out: per player */
} cc_turn_counting;

/* Every choice CC_COUNT_DEFAULT, nothing chosen, nothing counted yet. */
void cc_messages_counting_init(cc_turn_counting *tc);

/* Count res for every player of pos, starting from pos->scores. Only
 * pos->active may receive messages, only with Messages in play, and never
 * in the final scoring. Fails (422) only when a choice names figure 1
 * without Messages; err->pointer is then "". */
bool cc_messages_after_scoring(const cc_position *pos, const cc_score_result *res,
                               cc_turn_counting *tc, cc_error *err);

/* The end-game scoring that follows a game-ending turn (/v1/turn): count
 * `final` for every player of pos, each player's figures starting where
 * `turn` (cc_messages_after_scoring of that turn's scoring phase) left
 * them, so one summary runs from the turn's first round to the final
 * score. No message is received (CC_ROUND_FINAL); defaults put each award
 * on figure 0. Fails (422) as cc_messages_after_scoring. */
bool cc_messages_after_final(const cc_position *pos, const cc_turn_counting *turn,
                             const cc_score_result *final, cc_turn_counting *tc,
                             cc_error *err);

/* ---- 3. the cards ------------------------------------------------------ */
/* Which figures are followers: cc_is_follower() in majority.h. */

#define CC_MESSAGE_MAX_RULES 16
#define CC_MESSAGE_TEXTS 4        /* a card's explanation: heading, what it yields,
                                     what stays or returns, the seal */

/* One thing a card counted: a feature (cards 1-4, 8) or a figure (5, 6, 8). */
typedef struct {
    int feature;     /* feature id, or -1 */
    int figure;      /* index into pos->figures, or -1 */
    int points;      /* what it is worth to the active player under this card */
} cc_message_item;

typedef struct {
    int card;                     /* 1..8 */
    int player;                   /* the active player */
    int points;                   /* what carrying out the card yields */
    int alternative;              /* CC_MESSAGE_ALTERNATIVE */
    int ncounted;                 /* what the points come from */
    cc_message_item counted[CC_MAX_FIGURES];
    int ncandidates;              /* cards 1-3: every feature the player
                                     could score, with its value; the card
                                     takes the one of least value */
    cc_message_item candidates[CC_MAX_FIGURES];
    int returned;                 /* card 8: figure index returned, or -1 */
    bool majority;                /* card 8: the player has the majority */
    int nrules;
    const char *rules[CC_MESSAGE_MAX_RULES];
    int nexplain;                 /* the sentences that explain it, as message
                                     ids (card.*, engine/text.h): the service
                                     words them (`explain`, `explain_id`) */
    cc_text explain[CC_MESSAGE_TEXTS];
} cc_message_value;

/* The value of card `card` (1..8) for pos->active. f is pos's validated
 * feature graph. Card 8 needs `figure`, an index into pos->figures naming
 * one of the active player's followers (cc_messages_find_follower); other
 * cards ignore it. Card 7 yields 0 points: what it allows is a whole extra
 * turn (the service lists where a given tile could go).
 * Fails: 404 for a card outside 1..8; 422 (pointer "/figure") when card 8's
 * figure is not one of the active player's followers. */
bool cc_messages_card(const cc_position *pos, const cc_features *f, int card,
                      int figure, cc_message_value *out, cc_error *err);

/* The figure of pos at (x, y, at) for card 8: a figure standing exactly
 * there, else one standing on that tile in the feature `at` names.
 * Returns its index in pos->figures, or -1 (err: 422 at /figure) when no
 * figure of the active player stands there or it is not a follower. */
int cc_messages_find_follower(const cc_position *pos, const cc_features *f,
                              int x, int y, cc_loc at, cc_error *err);

#endif
