/* metrics.h -- what the server has answered: counters, latency, Prometheus text.
 *
 * Owns: per-route request counters by status and per-route latency
 * histograms, updated by every worker thread at once (relaxed atomics: each
 * counter is exact, a scrape is not a snapshot across counters), and their
 * rendering in the Prometheus text exposition format 0.0.4 for GET /metrics.
 * Routes are the rows of service/routes/routes.h (a prefix row is one label, its
 * prefix, e.g. "/v1/tiles/"), plus "/metrics" and "other" for unknown paths, so the
 * number of series is fixed whatever clients send.
 *
 * The HTTP layer (service/http/http.c) records around svc_dispatch(): the
 * dispatcher itself stays a pure function.
 *
 *   metrics_new()                   zeroed counters; NULL if out of memory
 *   metrics_free(m)
 *   metrics_route(path)             label index of a path (query ignored)
 *   metrics_route_name(i)           "/v1/validate", "/metrics", "other"
 *   metrics_record(m, route, status, us)   one answered request
 *   metrics_in_flight(m, delta)     requests being answered now (+1 / -1)
 *   metrics_connections(m, delta)   connections open now (+1 / -1)
 *   metrics_connection_limit(m, n)  the limit past which connections are shed
 *   metrics_shed(m, why)            one connection refused with a 503
 *   metrics_timed_out(m, phase)     one connection closed at a deadline
 *   metrics_heavy(m, event)         a heavy request queued, refused, started,
 *                                   finished (service/http/heavy.h)
 *   metrics_heavy_limits(m, t, q)   the heavy pool's threads and queue bound
 *   metrics_render(m, &text, &len)  malloc'ed text; false if out of memory
 */
#ifndef METRICS_H
#define METRICS_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

typedef struct metrics metrics;

metrics *metrics_new(void);
void metrics_free(metrics *m);

int metrics_route(const char *path);
const char *metrics_route_name(int route);

/* status: the HTTP status sent; us: microseconds from the request's
 * headers to its answer being queued. */
void metrics_record(metrics *m, int route, int status, uint64_t us);
void metrics_in_flight(metrics *m, int delta);

/* Connections, as the HTTP layer sees them. */
typedef enum {
    METRICS_SHED_LIMIT,      /* the connection limit was reached */
    METRICS_SHED_ADDRESS,    /* the client's address holds its cap */
    METRICS_SHED_MEMORY,     /* no memory for one more connection */
    METRICS_NSHED
} metrics_shed_reason;

typedef enum {
    METRICS_TIMEOUT_HEADER,  /* the header block did not arrive in time */
    METRICS_TIMEOUT_REQUEST, /* the body did not arrive in time */
    METRICS_NTIMEOUT
} metrics_timeout_phase;

void metrics_connections(metrics *m, int delta);
void metrics_connection_limit(metrics *m, unsigned limit);
void metrics_shed(metrics *m, metrics_shed_reason why);
void metrics_timed_out(metrics *m, metrics_timeout_phase phase);

/* Balance (service/http/server.h): a busy worker's spread, judged kept or
 * given back, and the idle connections moved between workers either way. */
typedef enum {
    METRICS_SPREAD_KEPT,       /* every worker together served clearly more */
    METRICS_SPREAD_GIVEN_BACK, /* it did not pay: the connections went back */
    METRICS_NSPREAD
} metrics_spread_outcome;

void metrics_spread(metrics *m, metrics_spread_outcome outcome);
void metrics_moved(metrics *m, unsigned connections);

/* Heavy requests (service/http/heavy.h), as the pool sees them. */
typedef enum {
    METRICS_HEAVY_QUEUED,    /* handed to the pool */
    METRICS_HEAVY_REFUSED,   /* the pool was full: answered 503 */
    METRICS_HEAVY_STARTED,   /* a pool thread took it */
    METRICS_HEAVY_FINISHED,  /* answered */
} metrics_heavy_event;

void metrics_heavy(metrics *m, metrics_heavy_event e);
void metrics_heavy_limits(metrics *m, unsigned threads, unsigned queue);

/* The exposition text; *text is malloc'ed, the caller frees it. */
bool metrics_render(const metrics *m, char **text, size_t *len);

#endif
