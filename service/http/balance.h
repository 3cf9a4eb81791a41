/* balance.h -- whether a busy worker shares its connections, and whether
 * sharing them stays.
 *
 * Owns: the decisions of the server's balance (server.h), as arithmetic on
 * what the workers measured over their sweep intervals, with no clock and
 * no thread of its own, so that tests can play any sequence of intervals.
 * The connections themselves are moved by http.c.
 *
 * Why a trial: a second worker pays for heavy work, which gains a core;
 * for light work served as fast as a client on the same small machine
 * asks, it loses, as two workers then take turns on the core the client
 * leaves (bench/README.md, issue 37). Which one holds depends on the
 * machine and its neighbours, so the server measures it: after a spread,
 * every worker together must serve clearly more requests a second, or the
 * connections go back and the busy worker holds them for a while (longer
 * each time it did not pay, shorter again once it did). A change of work
 * (its cost per request, by more than a factor) ends the hold: what did
 * not pay for health checks may for placements. A spread waits for steady
 * work (an interval whose cost per request is like the one before), so
 * that the rate it is judged against is that work's.
 *
 *   balance_observe(trial, ns_per_request)
 *                                  each sweep: the interval's cost per request
 *   balance_may_spread(trial, busy_pct, now_ms)
 *                                  a busy worker, steady, not holding: spread now
 *   balance_spread(trial, rate, now_ms, interval_ms)
 *                                  a spread began; judge it then
 *   balance_due(trial, now_ms)     the spread on trial is to be judged
 *   balance_judge(trial, rate, now_ms)
 *                                  keep it (true) or give it back (false)
 */
#ifndef BALANCE_H
#define BALANCE_H

#include <stdbool.h>
#include <stdint.h>

#define BALANCE_BUSY_PCT 75        /* a worker this busy over a sweep spreads */
#define BALANCE_IDLE_PCT 50        /* ... to one at most this busy */
#define BALANCE_GAIN_PCT 10        /* a spread is kept if all served this much more */
#define BALANCE_HOLD_MIN_MS 1000   /* after a spread that did not pay: none for this long */
#define BALANCE_HOLD_MAX_MS 4000   /* ... doubling up to this */
#define BALANCE_WORK_CHANGE 2      /* a cost per request this many times other: new work */

/* One worker's spreads: the one on trial, and its hold after one that
 * did not pay. All zero but hold_ms (balance_trial_init) to begin. */
typedef struct {
    bool on_trial;
    uint64_t rate;               /* requests a second (every worker) before it */
    uint64_t judge_ms;           /* judged at the first sweep from then */
    uint64_t hold_until_ms, hold_ms;
    uint64_t ns_per_request;     /* the last interval's (0: none served) */
    uint64_t ns_before;          /* the interval's before it */
    uint64_t ns_spread;          /* the last spread's */
} balance_trial;

void balance_trial_init(balance_trial *t);
void balance_observe(balance_trial *t, uint64_t ns_per_request);
bool balance_may_spread(const balance_trial *t, unsigned busy_pct, uint64_t now_ms);
void balance_spread(balance_trial *t, uint64_t rate, uint64_t now_ms, uint64_t interval_ms);
bool balance_due(const balance_trial *t, uint64_t now_ms);
bool balance_judge(balance_trial *t, uint64_t rate, uint64_t now_ms);

#endif
