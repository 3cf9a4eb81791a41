/* balance.c -- see balance.h. */
#include "balance.h"

void balance_trial_init(balance_trial *t)
{
    *t = (balance_trial){ .hold_ms = BALANCE_HOLD_MIN_MS };
}

/* Costs per request a and b are of other work: one more than
 * BALANCE_WORK_CHANGE times the other (0: not measured, no change). */
static bool other_work(uint64_t a, uint64_t b)
{
    return a > 0 && b > 0 && (a > b * BALANCE_WORK_CHANGE || b > a * BALANCE_WORK_CHANGE);
}

void balance_observe(balance_trial *t, uint64_t ns_per_request)
{
    t->ns_before = t->ns_per_request;
    t->ns_per_request = ns_per_request;
}

bool balance_may_spread(const balance_trial *t, unsigned busy_pct, uint64_t now_ms)
{
    /* Steady: this interval and the one before served requests alike (a
     * first interval may have begun idle: its rate is not the work's). */
    if (t->on_trial || busy_pct < BALANCE_BUSY_PCT || t->ns_per_request == 0 ||
        t->ns_before == 0 || other_work(t->ns_per_request, t->ns_before))
        return false;
    return now_ms >= t->hold_until_ms || other_work(t->ns_per_request, t->ns_spread);
}

/* Judged at the next sweep, on the interval served with the connections
 * moved (they move at once: the other worker is woken). */
void balance_spread(balance_trial *t, uint64_t rate, uint64_t now_ms, uint64_t interval_ms)
{
    t->on_trial = true;
    t->rate = rate;
    t->judge_ms = now_ms + interval_ms / 2;
    t->ns_spread = t->ns_per_request;
}

bool balance_due(const balance_trial *t, uint64_t now_ms)
{
    return t->on_trial && now_ms >= t->judge_ms;
}

bool balance_judge(balance_trial *t, uint64_t rate, uint64_t now_ms)
{
    t->on_trial = false;
    if (rate * 100 >= t->rate * (100 + BALANCE_GAIN_PCT)) {
        t->hold_until_ms = 0;
        t->hold_ms = BALANCE_HOLD_MIN_MS;
        return true;
    }
    t->hold_until_ms = now_ms + t->hold_ms;
    t->hold_ms = t->hold_ms * 2 < BALANCE_HOLD_MAX_MS ? t->hold_ms * 2 : BALANCE_HOLD_MAX_MS;
    return false;
}
