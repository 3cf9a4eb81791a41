/* balance.c -- see balance.h. */
#include "balance.h"

void balance_trial_init(balance_trial *t)
{
    *t = (balance_trial){ .hold_ms = BALANCE_HOLD_MIN_MS };
}

/* The work changed since the last spread: its cost per request is another
 * by more than BALANCE_WORK_CHANGE (0: not measured, no change). */
static bool work_changed(const balance_trial *t, uint64_t ns_per_request)
{
    return t->ns_per_request > 0 && ns_per_request > 0 &&
           (ns_per_request > t->ns_per_request * BALANCE_WORK_CHANGE ||
            ns_per_request * BALANCE_WORK_CHANGE < t->ns_per_request);
}

bool balance_may_spread(const balance_trial *t, unsigned busy_pct, uint64_t now_ms,
                        uint64_t ns_per_request)
{
    if (t->on_trial || busy_pct < BALANCE_BUSY_PCT)
        return false;
    return now_ms >= t->hold_until_ms || work_changed(t, ns_per_request);
}

/* Judged after the interval that follows the next: the next one moves the
 * connections, the one after serves with them moved. */
void balance_spread(balance_trial *t, uint64_t rate, uint64_t now_ms, uint64_t ns_per_request,
                    uint64_t interval_ms)
{
    t->on_trial = true;
    t->rate = rate;
    t->judge_ms = now_ms + interval_ms + interval_ms / 2;
    t->ns_per_request = ns_per_request;
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
