/* test_metrics.c -- service/http/metrics.c: labels, counters, histogram, text.
 *
 * What GET /metrics must show (issue 6, observability): requests by route
 * and status and a latency histogram, in the Prometheus text format
 * (exposition format 0.0.4: cumulative buckets ending in le="+Inf", whose
 * count equals _count), exact under concurrent updates. */
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../../../service/http/metrics.h"
#include "../../support/testutil.h"

CC_SUITE(metrics);

static char *render(const metrics *m)
{
    char *text = NULL;
    size_t len = 0;
    cr_assert(metrics_render(m, &text, &len));
    cr_assert_eq(strlen(text), len, "length and text disagree");
    return text;
}

/* Labels come from the route table, so clients cannot create series. */
Test(metrics, routes_are_labelled_by_the_route_table_not_by_the_raw_path)
{
    cr_expect_str_eq(metrics_route_name(metrics_route("/v1/validate")), "/v1/validate");
    cr_expect_str_eq(metrics_route_name(metrics_route("/v1/validate?x=1")), "/v1/validate");
    cr_expect_str_eq(metrics_route_name(metrics_route("/v1/tiles/base.D")), "/v1/tiles/");
    cr_expect_str_eq(metrics_route_name(metrics_route("/v1/tiles/BA%2FRCr")), "/v1/tiles/");
    cr_expect_str_eq(metrics_route_name(metrics_route("/v1/tiles")), "/v1/tiles");
    cr_expect_str_eq(metrics_route_name(metrics_route("/metrics")), "/metrics");
    cr_expect_str_eq(metrics_route_name(metrics_route("/v1/validatex")), "other");
    cr_expect_str_eq(metrics_route_name(metrics_route("/anything/else")), "other");
    cr_expect_str_eq(metrics_route_name(metrics_route("")), "other");
}

Test(metrics, counts_requests_by_route_and_status_code)
{
    metrics *m = metrics_new();
    cr_assert_not_null(m);
    int v = metrics_route("/v1/validate");
    metrics_record(m, v, 200, 120);
    metrics_record(m, v, 200, 90);
    metrics_record(m, v, 422, 50);
    metrics_record(m, metrics_route("/nope"), 404, 5);
    metrics_record(m, v, 418, 5);                       /* not one we send */
    char *t = render(m);
    cr_expect_not_null(strstr(t, "carcassonne_http_requests_total{route=\"/v1/validate\",code=\"200\"} 2\n"), "%s", t);
    cr_expect_not_null(strstr(t, "carcassonne_http_requests_total{route=\"/v1/validate\",code=\"422\"} 1\n"));
    cr_expect_not_null(strstr(t, "carcassonne_http_requests_total{route=\"other\",code=\"404\"} 1\n"));
    cr_expect_not_null(strstr(t, "carcassonne_http_requests_total{route=\"/v1/validate\",code=\"other\"} 1\n"));
    cr_expect_null(strstr(t, "route=\"/healthz\""), "routes never asked are not listed");
    free(t);
    metrics_free(m);
}

/* Buckets are cumulative, le="+Inf" equals _count, _sum is in seconds. */
Test(metrics, latency_histogram_is_cumulative_and_sums_in_seconds)
{
    metrics *m = metrics_new();
    int h = metrics_route("/healthz");
    metrics_record(m, h, 200, 50);        /* <= 100 µs */
    metrics_record(m, h, 200, 100);       /* <= 100 µs: bounds are inclusive */
    metrics_record(m, h, 200, 101);       /* <= 250 µs */
    metrics_record(m, h, 200, 5000000);   /* over every bound: +Inf only */
    char *t = render(m);
    cr_expect_not_null(strstr(t, "{route=\"/healthz\",le=\"0.0001\"} 2\n"), "%s", t);
    cr_expect_not_null(strstr(t, "{route=\"/healthz\",le=\"0.00025\"} 3\n"));
    cr_expect_not_null(strstr(t, "{route=\"/healthz\",le=\"1\"} 3\n"));
    cr_expect_not_null(strstr(t, "{route=\"/healthz\",le=\"+Inf\"} 4\n"));
    cr_expect_not_null(strstr(t, "carcassonne_http_request_duration_seconds_count{route=\"/healthz\"} 4\n"));
    cr_expect_not_null(strstr(t, "carcassonne_http_request_duration_seconds_sum{route=\"/healthz\"} 5.000251\n"));
    cr_expect_not_null(strstr(t, "# TYPE carcassonne_http_request_duration_seconds histogram\n"));
    free(t);
    metrics_free(m);
}

Test(metrics, in_flight_gauge_follows_increments_and_decrements)
{
    metrics *m = metrics_new();
    metrics_in_flight(m, 1);
    metrics_in_flight(m, 1);
    metrics_in_flight(m, -1);
    char *t = render(m);
    cr_expect_not_null(strstr(t, "carcassonne_http_requests_in_flight 1\n"), "%s", t);
    cr_expect_not_null(strstr(t, "process_resident_memory_bytes "));
    free(t);
    metrics_free(m);
}

/* Balance (service/http/server.h): each spread judged is counted by its
 * outcome, and every connection moved, spread or given back, once. */
Test(metrics, spreads_are_counted_by_outcome_and_moved_connections_one_by_one)
{
    metrics *m = metrics_new();
    char *t = render(m);
    cr_expect_not_null(strstr(t, "carcassonne_http_spreads_total{outcome=\"kept\"} 0\n"), "%s", t);
    cr_expect_not_null(strstr(t, "carcassonne_http_spreads_total{outcome=\"given_back\"} 0\n"));
    cr_expect_not_null(strstr(t, "carcassonne_http_connections_moved_total 0\n"));
    free(t);
    metrics_moved(m, 8);                            /* a spread of 8 */
    metrics_spread(m, METRICS_SPREAD_GIVEN_BACK);
    metrics_moved(m, 8);                            /* ... given back */
    metrics_moved(m, 5);
    metrics_spread(m, METRICS_SPREAD_KEPT);
    metrics_spread(m, METRICS_NSPREAD);             /* no such outcome: ignored */
    t = render(m);
    cr_expect_not_null(strstr(t, "carcassonne_http_spreads_total{outcome=\"kept\"} 1\n"), "%s", t);
    cr_expect_not_null(strstr(t, "carcassonne_http_spreads_total{outcome=\"given_back\"} 1\n"));
    cr_expect_not_null(strstr(t, "carcassonne_http_connections_moved_total 21\n"));
    free(t);
    metrics_free(m);
}

#define THREADS 4
#define PER_THREAD 20000

static void *hammer(void *arg)
{
    metrics *m = arg;
    int v = metrics_route("/v1/placements");
    for (int i = 0; i < PER_THREAD; i++)
        metrics_record(m, v, 200, (uint64_t)(i % 3000));
    return NULL;
}

/* Worker threads record at once: no update may be lost. */
Test(metrics, concurrent_records_are_all_counted)
{
    metrics *m = metrics_new();
    pthread_t th[THREADS];
    for (int i = 0; i < THREADS; i++)
        cr_assert_eq(pthread_create(&th[i], NULL, hammer, m), 0);
    for (int i = 0; i < THREADS; i++)
        pthread_join(th[i], NULL);
    char *t = render(m);
    char want[160];
    snprintf(want, sizeof want,
             "carcassonne_http_requests_total{route=\"/v1/placements\",code=\"200\"} %d\n",
             THREADS * PER_THREAD);
    cr_expect_not_null(strstr(t, want), "%s", t);
    snprintf(want, sizeof want, "{route=\"/v1/placements\",le=\"+Inf\"} %d\n", THREADS * PER_THREAD);
    cr_expect_not_null(strstr(t, want));
    free(t);
    metrics_free(m);
}
