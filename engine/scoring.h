/* scoring.h -- the scoring phase of a turn, the end-game scoring, and what
 * one feature is worth now.
 *
 * Owns: the public face of scoring (contract section 5, /v1/score, and the
 * events /v1/turn reports). The work is split by idea, one file each:
 *   scoring.c     this API; roads and cities; the order of events
 *   score_event.c building events: awards, returned figures, rules, explain
 *   majority.c    strength (meeple 1, wagon 1, mayor = coats of arms),
 *                 ties, the hill tie-break
 *   monastery.c   cloisters, shrines, abbeys, vineyards, the challenge
 *   farm.c        farmers and barns
 *   shepherd.c    shepherd draws, grow, guide, the wolf
 *
 * Input is the moment just before a scoring phase: the tile placed this turn
 * already stands in pos->tiles and the figure deployed this turn already
 * stands in pos->figures. pos must have been validated into f (validate.h);
 * nothing here changes pos or f. Results are plain data in caller-owned
 * structs (a cc_score_result is about 90 KB: put it on the heap).
 *
 * Events come in the order of the turn (Abbey & Mayor note 18,
 * The Messages (1st edition) "Rounds of Scoring"):
 *   1. shepherds, after "placing a meeple": the deployed shepherd's first
 *      draw, then the active player's grow or guide, then the automatic
 *      guide of every closed field with a flock;
 *   2. the scoring phase: completed roads, cities, then monasteries (each
 *      challenge loser right after its winner), then barn scorings
 *      (a barn placed over farmers, then farmers joined to a barn's field);
 * and at the end of the game: roads, cities, monasteries, fields (farmers),
 * barns. Within a group, features come in canonical order (first cell by
 * y then x, then location).
 *
 * Table of contents:
 *   cc_event_kind, cc_event_kind_name()  what happened
 *   cc_score_event                       one scored feature or figure action
 *   cc_score_result                      the events, in order, and totals
 *   cc_turn_choices                      what the turn's player chose/drew
 *   cc_score_match_deployed()            request's `deployed` -> figure index
 *   cc_score_turn()                      the scoring phase of one turn
 *   cc_score_final()                     the end-game scoring
 *   cc_score_returned()                  which figures a scoring returned
 *   cc_value, cc_feature_value()         what a feature gives if scored now
 */
#ifndef CC_SCORING_H
#define CC_SCORING_H

#include <stdbool.h>

#include "error.h"
#include "text.h"
#include "features.h"
#include "position.h"

/* Sheep and wolf tokens (hills-and-sheep: 1..4 sheep, or the wolf). */
enum { CC_TOKEN_NONE = -1, CC_TOKEN_WOLF = 0, CC_TOKEN_MAX_SHEEP = 4 };

#define CC_MAX_EVENTS (CC_MAX_FIGURES + 32)
#define CC_EVENT_RULES 12
#define CC_RESULT_RULES 64
#define CC_EXPLAIN_TEXTS 8

typedef enum {
    CC_EV_COMPLETED,       /* a feature completed this turn and scored */
    CC_EV_FINAL,           /* a feature scored at the end of the game */
    CC_EV_CHALLENGE_LOST,  /* the monastery that lost a challenge: follower back, 0 points */
    CC_EV_BARN_PLACED,     /* farmers scored because a barn was placed in their field (3/city) */
    CC_EV_BARN_JOINED,     /* farmers joined to a barn's field this turn (1/city) */
    CC_EV_BARN_FINAL,      /* barns at the end (4/city for each barn's owner) */
    CC_EV_SHEEP,           /* a shepherd drew a sheep token: the flock grows */
    CC_EV_WOLF,            /* a shepherd drew the wolf: flocks scatter, shepherds return */
    CC_EV_GUIDE,           /* a flock guided to the stable: every shepherd there scores */
    CC_EV_GOODS,           /* a completed city's trade goods go to the player who
                              completed it (Traders & Builders; no points) */
    CC_EV_GOODS_FINAL,     /* the end: one kind of goods, 10 to each who holds the most */
    CC_EV_NKINDS
} cc_event_kind;

/* "completed", "final", "challenge-lost", "barn-placed", "barn-joined",
 * "barn-final", "sheep", "wolf", "guide", "goods", "goods-final". */
const char *cc_event_kind_name(cc_event_kind k);

typedef struct {
    cc_event_kind kind;
    int feature;              /* feature id in f (the field, for shepherds); -1 never
                                 happens today but readers should allow it */
    cc_feature_type type;
    bool complete;            /* the feature's completeness as it is scored */
    int value;                /* points one scoring player receives (a flock: its
                                 sheep; a barn: per barn) */
    int strength[CC_MAX_PLAYERS];  /* followers' strength (barns: barns owned;
                                      shepherd events: shepherds owned) */
    int points[CC_MAX_PLAYERS];    /* what each player scores from this event */
    int figure;               /* sheep/wolf: the shepherd that drew, else -1 */
    int token;                /* sheep/wolf: CC_TOKEN_WOLF or 1..4, else CC_TOKEN_NONE */
    int goods_player;         /* goods: who takes them; goods-final: -1 */
    int goods[CC_NGOODS];     /* goods: the tokens taken; goods-final: 1 for its kind */
    /* The lists below are valid up to their counts only (cc_event_add()
     * clears the counts, not the lists). */
    int nreturned;
    int returned[CC_MAX_FIGURES];  /* indices into pos->figures, ascending */
    int nrules;
    const char *rules[CC_EVENT_RULES];  /* ids in rules.c, static strings */
    int nexplain;
    cc_text explain[CC_EXPLAIN_TEXTS];  /* the sentences that explain it, as message ids
                                           and arguments (engine/text.h); the service
                                           words them (`explain`, `explain_id`) */
} cc_score_event;

typedef struct {
    int nevents;
    cc_score_event events[CC_MAX_EVENTS];
    int totals[CC_MAX_PLAYERS];          /* sum of every event's points */
    int nrules;
    const char *rules[CC_RESULT_RULES];  /* every cited id once, first citation first */
} cc_score_result;

typedef enum { CC_SHEPHERD_NONE, CC_SHEPHERD_GROW, CC_SHEPHERD_GUIDE } cc_shepherd_action;

/* What the turn's player did or drew, beyond the tile. */
typedef struct {
    int deployed;             /* index into pos->figures deployed this turn, or -1 */
    int first_token;          /* a shepherd deployed this turn: its first draw;
                                 otherwise CC_TOKEN_NONE */
    cc_shepherd_action shepherd;  /* when the tile extends the active player's
                                     shepherd's field: grow or guide */
    int grow_token;           /* CC_SHEPHERD_GROW: the token drawn */
} cc_turn_choices;

/* No deployment, no token, no shepherd action. */
static inline cc_turn_choices cc_turn_choices_none(void)
{
    cc_turn_choices c = { -1, CC_TOKEN_NONE, CC_SHEPHERD_NONE, CC_TOKEN_NONE };
    return c;
}

/* The figure of pos that the request's `deployed` repeats: same player and
 * kind, standing on the same spot (the same feature of the tile at (x, y);
 * for a barn, the same junction, which must be a corner of that tile).
 * Returns true and sets *index; otherwise fails with 422 at "/deployed".
 * pos must have been validated into f. */
bool cc_score_match_deployed(const cc_position *pos, const cc_features *f, int x, int y,
                             const cc_figure *deployed, int *index, cc_error *err);

/* The scoring phase of the turn in which the tile at (x, y) was placed.
 * Scores what that tile completes (an abbey: everything its edges close),
 * the monasteries round it, challenges, barn triggers and shepherd actions.
 * Fails (422), leaving *res unaltered, when no tile stands at (x, y)
 * ("/x"), in->deployed is not a figure on that tile ("/deployed"), a
 * deployed shepherd lacks its first draw or another figure has one
 * ("/deployed/token"), or the shepherd choice is missing although the tile
 * extends the active player's shepherd's field, given although it does not,
 * or a grow lacks its token ("/shepherd"). */
bool cc_score_turn(const cc_position *pos, const cc_features *f, int x, int y,
                   const cc_turn_choices *in, cc_score_result *res, cc_error *err);

/* The end-game scoring: every occupied road, city and monastery at its
 * current value (incomplete ones at the end-game rates, no vineyards), every
 * field's farmers, every barn; shepherds score nothing. Followers of scored
 * features are listed as returned; barns and shepherds stay. Cannot fail. */
void cc_score_final(const cc_position *pos, const cc_features *f, cc_score_result *res);

/* Flag gone[i] for every figure i that an event of s returns (indices of
 * the position s scored); other flags are left as they are. What a turn's
 * wagons may do is judged on exactly this set (wagon.h), so /v1/turn and
 * /v1/wagon-moves read it here, once. */
void cc_score_returned(const cc_score_result *s, bool *gone);
/* The Inns & Cathedrals rule a road or city's value follows (engine/rules.c):
 * "inn.score.complete", "inn.score.final", "cathedral.score.complete",
 * "cathedral.score.final" or "inns-cathedrals.final.ignore"; NULL without
 * an inn or cathedral (or without the expansion). */
const char *cc_inn_cathedral_rule(const cc_position *pos, const cc_feature *feat);

/* What one feature gives if it is scored now. */
typedef struct {
    int value;                      /* points one scoring player receives */
    int strength[CC_MAX_PLAYERS];   /* followers' strength per player */
    int points[CC_MAX_PLAYERS];     /* each player's points (final: barns included) */
    bool occupied;                  /* any follower (or, final, a barn) on it */
    bool big;                       /* a large meeple counted (rule big.strength) */
} cc_value;

/* The worth of feature id if scored now, and who would get it (the majority
 * and hill rules applied; out may be NULL). final == false: as in a turn's
 * scoring phase (a complete monastery with its vineyards; incomplete
 * features, which a turn never scores, at the end-game rates; a field at
 * 3 per completed city for its farmers). final == true: as in the end-game
 * scoring (no vineyards; a field's barns add 4 per completed city each).
 * Challenges are not resolved here: a feature is valued alone.
 * Returns out->value. */
int cc_feature_value(const cc_features *f, const cc_position *pos, int id, bool final,
                     cc_value *out);

#endif
