/* test_balance.c -- service/http/balance.c: when a busy worker shares its
 * connections, and whether sharing them stays.
 *
 * The decisions are played over made-up sweep intervals of 100 ms (the
 * server's): a worker busy three quarters of an interval spreads once its
 * work is steady (two intervals of like cost per request); the spread is
 * judged at the next sweep and kept only if every worker together then
 * served at least 10% more requests a second; else the connections go
 * back and the worker holds them 1 s, then 2 s, then 4 s at most, unless
 * the work changes (its cost per request by more than twice). Measured
 * behind it (bench/README.md, issue 37): on two cores with the client on
 * one, health checks lost a quarter of their rate on two workers,
 * placements gained half again. */
#include "../../../service/http/balance.h"
#include "../../support/testutil.h"

CC_SUITE(balance);

#define SWEEP 100

/* Two intervals of work costing ns a request. */
static void steady(balance_trial *t, uint64_t ns)
{
    balance_observe(t, ns);
    balance_observe(t, ns);
}

/* Spread at now with rate; judged at the next sweep. */
static void spread_at(balance_trial *t, uint64_t rate, uint64_t now)
{
    cr_assert(balance_may_spread(t, 90, now));
    balance_spread(t, rate, now, SWEEP);
    cr_assert_not(balance_due(t, now), "not judged on the interval before it");
    cr_assert_not(balance_may_spread(t, 90, now + SWEEP), "one trial at a time");
    cr_assert(balance_due(t, now + SWEEP));
}

Test(balance, a_worker_spreads_when_busy_three_quarters_of_an_interval_of_steady_work)
{
    balance_trial t;
    balance_trial_init(&t);
    balance_observe(&t, 13000);
    cr_expect_not(balance_may_spread(&t, 95, 0), "a first interval may have begun idle");
    balance_observe(&t, 13000);
    cr_expect_not(balance_may_spread(&t, 74, 0));
    cr_expect(balance_may_spread(&t, 75, 0));
    balance_observe(&t, 45000);
    cr_expect_not(balance_may_spread(&t, 95, 0), "the work changed: its rate is not yet known");
    balance_observe(&t, 40000);
    cr_expect(balance_may_spread(&t, 95, 0), "steady again");
    balance_observe(&t, 0);
    cr_expect_not(balance_may_spread(&t, 95, 0), "nothing served");
}

Test(balance, a_spread_that_serves_ten_percent_more_stays_and_the_next_may_come_at_once)
{
    balance_trial t;
    balance_trial_init(&t);
    steady(&t, 45000);                             /* placements on one worker */
    spread_at(&t, 20000, 1000);
    cr_expect(balance_judge(&t, 22000, 1100), "exactly 10% more: kept");
    cr_expect(balance_may_spread(&t, 90, 1200), "no hold after a spread that paid");
}

Test(balance, a_spread_that_does_not_pay_goes_back_and_holds_one_then_two_then_four_seconds)
{
    balance_trial t;
    balance_trial_init(&t);
    steady(&t, 13000);                             /* health checks on one worker */
    uint64_t now = 1000;
    const uint64_t holds[] = { 1000, 2000, 4000, 4000 };
    for (int i = 0; i < 4; i++) {
        spread_at(&t, 70000, now);
        now += SWEEP;
        cr_expect_not(balance_judge(&t, 52000, now), "fewer a second on two: given back");
        cr_expect_not(balance_may_spread(&t, 95, now + holds[i] - 1), "hold %d", i);
        now += holds[i];
        cr_expect(balance_may_spread(&t, 95, now), "after hold %d", i);
    }
    /* Within 10% is no gain either: two workers awake for nothing. */
    spread_at(&t, 70000, now);
    cr_expect_not(balance_judge(&t, 76999, now + SWEEP));
}

Test(balance, other_work_ends_the_hold_and_a_kept_spread_shortens_the_next)
{
    balance_trial t;
    balance_trial_init(&t);
    steady(&t, 13000);
    spread_at(&t, 70000, 0);
    cr_expect_not(balance_judge(&t, 50000, 100));
    /* Within the hold: the same work waits, steady work of another cost
     * does not. */
    steady(&t, 20000);
    cr_expect_not(balance_may_spread(&t, 95, 500), "less than twice the cost");
    steady(&t, 45000);
    cr_expect(balance_may_spread(&t, 95, 500), "placements after health checks");
    steady(&t, 6000);
    cr_expect(balance_may_spread(&t, 95, 500), "cheaper than half the cost");
    steady(&t, 45000);
    spread_at(&t, 20000, 500);
    cr_expect(balance_judge(&t, 30000, 600));
    steady(&t, 13000);
    spread_at(&t, 30000, 700);
    cr_expect_not(balance_judge(&t, 25000, 800));
    cr_expect(balance_may_spread(&t, 95, 800 + 1000), "the hold starts again at 1 s");
}
