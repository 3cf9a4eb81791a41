/* score_event.h -- building one scoring's events (shared by the scoring
 * modules; callers outside engine/scoring*.c use scoring.h instead).
 *
 * Owns: cc_score_ctx, the working state of one scoring (which figures have
 * already gone back to their supplies, the sheep drawn this turn), and the
 * builders every scoring module uses so that all events read alike:
 *   cc_score_ctx_init()         start a scoring into a result
 *   cc_event_add()              append an event about a feature
 *   cc_event_rule()             cite a rule (event and result lists, once each)
 *   cc_score_majority()         the majority on a feature (its followers kept)
 *   cc_event_award()            points by majority, with its rules and sentence
 *   cc_event_give()             points to one player (barns, flocks)
 *   cc_event_return()           a figure goes back to its supply
 *   cc_event_return_followers() every follower left on the event's feature
 *   cc_explain(), cc_explain0() add a sentence (a message id and arguments)
 *   cc_players_mask()           a bool per player as a CC_ARG_PLAYERS set
 *   cc_touched_features()       the features the placed tile touches
 *   cc_sort_features()          canonical order of feature ids
 *
 * Events are appended to ctx->res; a full result (never reached within the
 * position's caps) drops further events rather than overflow.
 */
#ifndef CC_SCORE_EVENT_H
#define CC_SCORE_EVENT_H

#include <stdbool.h>
#include <stddef.h>

#include "majority.h"
#include "scoring.h"

typedef struct {
    const cc_position *pos;
    const cc_features *f;
    cc_score_result *res;
    bool final;                      /* end-game scoring */
    int placed;                      /* board tile placed this turn, -1 at the end */
    bool gone[CC_MAX_FIGURES];       /* returned earlier in this scoring */
    int drawn[CC_MAX_FIGURES];       /* sheep drawn this turn beside shepherd i */
    bool followers_known;            /* follower_feature[] is filled (lazily) */
    int follower_feature[CC_MAX_FIGURES];   /* each follower's feature (score_event.c) */
    bool counted_known;              /* the last cc_score_majority(): its feature ... */
    int counted_feature;
    int ncounted;                    /* ... and the followers it counted, ascending */
    int counted[CC_MAX_FIGURES];
} cc_score_ctx;

/* Reset *res and start a scoring of pos. */
void cc_score_ctx_init(cc_score_ctx *c, const cc_position *pos, const cc_features *f,
                       cc_score_result *res, int placed, bool final);

/* A new event about feature id (type and completeness filled in), or NULL
 * when the result is full. */
cc_score_event *cc_event_add(cc_score_ctx *c, cc_event_kind kind, int id);

void cc_event_rule(cc_score_ctx *c, cc_score_event *ev, const char *id);

/* Each figure's feature when it is a follower (NOT_A_FOLLOWER, no feature
 * id, otherwise), found once per scoring: for cc_majority_known(). */
const int *cc_score_follower_features(cc_score_ctx *c);

/* The majority on feature id among the followers not gone yet
 * (cc_majority_known() with the scoring's follower features); the
 * followers counted are kept for cc_event_return_followers(). */
void cc_score_majority(cc_score_ctx *c, int id, cc_majority *m);

/* Winners of m receive value each; strength is copied; the majority's
 * rules are cited and its sentence appended to the explanation. */
void cc_event_award(cc_score_ctx *c, cc_score_event *ev, const cc_majority *m, int value);

void cc_event_give(cc_score_ctx *c, cc_score_event *ev, int player, int points);

void cc_event_return(cc_score_ctx *c, cc_score_event *ev, int figure);

/* Return every follower (meeple, mayor, wagon) still on ev->feature, and
 * append "... return to their supplies." Returns how many. */
int cc_event_return_followers(cc_score_ctx *c, cc_score_event *ev);

/* Add a sentence to ev->explain: message msg with its arguments (engine/text.h);
 * a full explanation (never reached) drops it. */
void cc_explain_text(cc_score_event *ev, int msg, const cc_arg *args, size_t n);
#define cc_explain(ev, msg, ...)                                                      \
    cc_explain_text((ev), (msg), (const cc_arg[]){ __VA_ARGS__ },                      \
                    sizeof((const cc_arg[]){ __VA_ARGS__ }) / sizeof(cc_arg))
#define cc_explain0(ev, msg) cc_explain_text((ev), (msg), NULL, 0)

/* The arguments that name feature id of f in a sentence: its type, and
 * its name (x, y, at); CC_OTHER_WHERE the same as other_type, other_x... */
#define CC_WHERE(f, id)                                                                \
    CC_FEATURE(TYPE, (f)->features[id].type),                                         \
    CC_INT(X, (f)->board->tiles[(f)->features[id].name_tile].x),                      \
    CC_INT(Y, (f)->board->tiles[(f)->features[id].name_tile].y),                      \
    CC_LOC(AT, (f)->features[id].name_at)
#define CC_OTHER_WHERE(f, id)                                                          \
    CC_FEATURE(OTHER_TYPE, (f)->features[id].type),                                   \
    CC_INT(OTHER_X, (f)->board->tiles[(f)->features[id].name_tile].x),                \
    CC_INT(OTHER_Y, (f)->board->tiles[(f)->features[id].name_tile].y),                \
    CC_LOC(OTHER_AT, (f)->features[id].name_at)

/* The players which[p] is true for, as a CC_ARG_PLAYERS bit set. */
int cc_players_mask(const cc_position *pos, const bool *which);

/* The features the placed tile t touches: every feature with a part on t,
 * and for an abbey every feature of its four neighbours that reaches the
 * abbey's edges (the abbey closes them without joining them). Distinct ids,
 * canonical order. Returns how many; ids needs CC_MAX_TILE_FEATURES * 5. */
int cc_touched_features(const cc_features *f, int t, int *ids);

/* Sort feature ids canonically: first cell by y then x, then location. */
void cc_sort_features(const cc_features *f, int *ids, int n);

#endif
