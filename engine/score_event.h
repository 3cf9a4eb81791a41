/* score_event.h -- building one scoring's events (shared by the scoring
 * modules; callers outside engine/scoring*.c use scoring.h instead).
 *
 * Owns: cc_score_ctx, the working state of one scoring (which figures have
 * already gone back to their supplies, the sheep drawn this turn), and the
 * builders every scoring module uses so that all events read alike:
 *   cc_score_ctx_init()         start a scoring into a result
 *   cc_event_add()              append an event about a feature
 *   cc_event_rule()             cite a rule (event and result lists, once each)
 *   cc_event_award()            points by majority, with its rules and sentence
 *   cc_event_give()             points to one player (barns, flocks)
 *   cc_event_return()           a figure goes back to its supply
 *   cc_event_return_followers() every follower left on the event's feature
 *   cc_explain()                append to the event's sentence
 *   cc_feature_where()          "the city at (0, -1) N"
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
} cc_score_ctx;

/* Reset *res and start a scoring of pos. */
void cc_score_ctx_init(cc_score_ctx *c, const cc_position *pos, const cc_features *f,
                       cc_score_result *res, int placed, bool final);

/* A new event about feature id (type and completeness filled in), or NULL
 * when the result is full. */
cc_score_event *cc_event_add(cc_score_ctx *c, cc_event_kind kind, int id);

void cc_event_rule(cc_score_ctx *c, cc_score_event *ev, const char *id);

/* Winners of m receive value each; strength is copied; the majority's
 * rules are cited and its sentence appended to the explanation. */
void cc_event_award(cc_score_ctx *c, cc_score_event *ev, const cc_majority *m, int value);

void cc_event_give(cc_score_ctx *c, cc_score_event *ev, int player, int points);

void cc_event_return(cc_score_ctx *c, cc_score_event *ev, int figure);

/* Return every follower (meeple, mayor, wagon) still on ev->feature, and
 * append "... return to their supplies." Returns how many. */
int cc_event_return_followers(cc_score_ctx *c, cc_score_event *ev);

/* Append to ev->explain (printf format); never splits a UTF-8 character. */
void cc_explain(cc_score_event *ev, const char *fmt, ...) __attribute__((format(printf, 2, 3)));

/* "the city at (0, -1) N" into buf. */
char *cc_feature_where(const cc_features *f, int id, char *buf, size_t n);

/* Player names joined for a sentence: "red", "red and blue", "red, blue and green". */
char *cc_player_list(const cc_position *pos, const bool *which, char *buf, size_t n);

/* The features the placed tile t touches: every feature with a part on t,
 * and for an abbey every feature of its four neighbours that reaches the
 * abbey's edges (the abbey closes them without joining them). Distinct ids,
 * canonical order. Returns how many; ids needs CC_MAX_TILE_FEATURES * 5. */
int cc_touched_features(const cc_features *f, int t, int *ids);

/* Sort feature ids canonically: first cell by y then x, then location. */
void cc_sort_features(const cc_features *f, int *ids, int n);

#endif
