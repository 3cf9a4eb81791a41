/* metrics.c -- see metrics.h. */
#include "metrics.h"

#include <stdarg.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "../routes/routes.h"

/* ---- route labels: the rows of routes.h ----------------------------------- */

typedef struct {
    const char *path;
    bool prefix;
} route_label;

#define LABEL_EXACT(p, fn) { p, false },
#define LABEL_PREFIX(p, fn) { p, true },
static const route_label table[] = {
    SVC_ROUTES(LABEL_EXACT, LABEL_PREFIX, LABEL_EXACT, LABEL_PREFIX, LABEL_EXACT)
};
#undef LABEL_EXACT
#undef LABEL_PREFIX

/* A path may appear twice in the table (GET and POST rows): one label. */
#define NTABLE ((int)(sizeof table / sizeof table[0]))
#define ROUTE_METRICS NTABLE
#define ROUTE_OTHER (NTABLE + 1)
#define NROUTES (NTABLE + 2)

static bool path_is(const char *path, size_t n, const char *want)
{
    return strlen(want) == n && memcmp(path, want, n) == 0;
}

int metrics_route(const char *path)
{
    size_t n = strcspn(path, "?");
    for (int i = 0; i < NTABLE; i++) {
        const route_label *r = &table[i];
        size_t plen = strlen(r->path);
        if (r->prefix ? (n > plen && memcmp(path, r->path, plen) == 0)
                      : path_is(path, n, r->path)) {
            for (int j = 0; j < i; j++)          /* the first row of that path */
                if (strcmp(table[j].path, r->path) == 0)
                    return j;
            return i;
        }
    }
    return path_is(path, n, "/metrics") ? ROUTE_METRICS : ROUTE_OTHER;
}

const char *metrics_route_name(int route)
{
    if (route >= 0 && route < NTABLE)
        return table[route].path;
    return route == ROUTE_METRICS ? "/metrics" : "other";
}

/* ---- counters ------------------------------------------------------------- */

/* Statuses the service sends; anything else is counted as "other". */
static const int statuses[] = { 200, 202, 204, 400, 403, 404, 405, 406, 408, 413, 414, 415, 417,
                                422, 431, 500, 501, 503, 505 };
#define NSTATUS ((int)(sizeof statuses / sizeof statuses[0]) + 1)

/* Upper bounds in microseconds; the last bucket is +Inf. */
static const uint64_t bounds_us[] = { 100, 250, 500, 1000, 2500, 5000, 10000,
                                      25000, 50000, 100000, 250000, 1000000 };
#define NBOUNDS ((int)(sizeof bounds_us / sizeof bounds_us[0]))

typedef struct {
    atomic_uint_fast64_t requests[NSTATUS];
    atomic_uint_fast64_t bucket[NBOUNDS + 1];   /* not cumulative; [NBOUNDS] = over the last bound */
    atomic_uint_fast64_t sum_us;
    atomic_uint_fast64_t count;
} route_counters;

struct metrics {
    route_counters route[NROUTES];
    atomic_int_fast64_t in_flight;
    atomic_int_fast64_t connections;
    atomic_uint_fast64_t connection_limit;
    atomic_uint_fast64_t shed[METRICS_NSHED];
    atomic_uint_fast64_t timed_out[METRICS_NTIMEOUT];
    atomic_uint_fast64_t spread[METRICS_NSPREAD], moved;
    atomic_uint_fast64_t heavy_queued, heavy_refused;
    atomic_int_fast64_t heavy_waiting, heavy_running;
    atomic_uint_fast64_t heavy_threads, heavy_queue;
};

metrics *metrics_new(void)
{
    /* calloc: all-zero bytes are a valid zero for lock-free atomics (C11 7.17.8
     * leaves it to the implementation; GCC and Clang on Linux comply). */
    return calloc(1, sizeof(metrics));
}

void metrics_free(metrics *m)
{
    free(m);
}

static int status_slot(int status)
{
    for (int i = 0; i < NSTATUS - 1; i++)
        if (statuses[i] == status)
            return i;
    return NSTATUS - 1;
}

void metrics_record(metrics *m, int route, int status, uint64_t us)
{
    if (route < 0 || route >= NROUTES)
        route = ROUTE_OTHER;
    route_counters *r = &m->route[route];
    int b = 0;
    while (b < NBOUNDS && us > bounds_us[b])
        b++;
    atomic_fetch_add_explicit(&r->requests[status_slot(status)], 1, memory_order_relaxed);
    atomic_fetch_add_explicit(&r->bucket[b], 1, memory_order_relaxed);
    atomic_fetch_add_explicit(&r->sum_us, us, memory_order_relaxed);
    atomic_fetch_add_explicit(&r->count, 1, memory_order_relaxed);
}

void metrics_in_flight(metrics *m, int delta)
{
    atomic_fetch_add_explicit(&m->in_flight, delta, memory_order_relaxed);
}

void metrics_connections(metrics *m, int delta)
{
    atomic_fetch_add_explicit(&m->connections, delta, memory_order_relaxed);
}

void metrics_connection_limit(metrics *m, unsigned limit)
{
    atomic_store_explicit(&m->connection_limit, limit, memory_order_relaxed);
}

void metrics_shed(metrics *m, metrics_shed_reason why)
{
    if (why >= 0 && why < METRICS_NSHED)
        atomic_fetch_add_explicit(&m->shed[why], 1, memory_order_relaxed);
}

void metrics_timed_out(metrics *m, metrics_timeout_phase phase)
{
    if (phase >= 0 && phase < METRICS_NTIMEOUT)
        atomic_fetch_add_explicit(&m->timed_out[phase], 1, memory_order_relaxed);
}

void metrics_spread(metrics *m, metrics_spread_outcome outcome)
{
    if (outcome >= 0 && outcome < METRICS_NSPREAD)
        atomic_fetch_add_explicit(&m->spread[outcome], 1, memory_order_relaxed);
}

void metrics_moved(metrics *m, unsigned connections)
{
    atomic_fetch_add_explicit(&m->moved, connections, memory_order_relaxed);
}

void metrics_heavy(metrics *m, metrics_heavy_event e)
{
    switch (e) {
    case METRICS_HEAVY_QUEUED:
        atomic_fetch_add_explicit(&m->heavy_queued, 1, memory_order_relaxed);
        atomic_fetch_add_explicit(&m->heavy_waiting, 1, memory_order_relaxed);
        break;
    case METRICS_HEAVY_REFUSED:
        atomic_fetch_add_explicit(&m->heavy_refused, 1, memory_order_relaxed);
        break;
    case METRICS_HEAVY_STARTED:
        atomic_fetch_sub_explicit(&m->heavy_waiting, 1, memory_order_relaxed);
        atomic_fetch_add_explicit(&m->heavy_running, 1, memory_order_relaxed);
        break;
    case METRICS_HEAVY_FINISHED:
        atomic_fetch_sub_explicit(&m->heavy_running, 1, memory_order_relaxed);
        break;
    }
}

void metrics_heavy_limits(metrics *m, unsigned threads, unsigned queue)
{
    atomic_store_explicit(&m->heavy_threads, threads, memory_order_relaxed);
    atomic_store_explicit(&m->heavy_queue, queue, memory_order_relaxed);
}

/* ---- rendering -------------------------------------------------------------- */

typedef struct {
    char *data;
    size_t len, cap;
    bool failed;
} text;

static void emit(text *t, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
static void emit(text *t, const char *fmt, ...)
{
    for (int attempt = 0; attempt < 2 && !t->failed; attempt++) {
        va_list ap;
        va_start(ap, fmt);
        int n = vsnprintf(t->data + t->len, t->cap - t->len, fmt, ap);
        va_end(ap);
        if (n < 0) {
            t->failed = true;
            return;
        }
        if ((size_t)n < t->cap - t->len) {
            t->len += (size_t)n;
            return;
        }
        size_t cap = 2 * t->cap + (size_t)n + 1;
        char *grown = realloc(t->data, cap);
        if (grown == NULL) {
            t->failed = true;
            return;
        }
        t->data = grown;
        t->cap = cap;
    }
}

static uint64_t load(const atomic_uint_fast64_t *v)
{
    return atomic_load_explicit(v, memory_order_relaxed);
}

static void render_requests(const metrics *m, text *t)
{
    emit(t, "# HELP carcassonne_http_requests_total Requests answered, by route and status code.\n"
            "# TYPE carcassonne_http_requests_total counter\n");
    for (int r = 0; r < NROUTES; r++)
        for (int s = 0; s < NSTATUS; s++) {
            uint64_t n = load(&m->route[r].requests[s]);
            if (n == 0)
                continue;
            char code[8];
            if (s < NSTATUS - 1)
                snprintf(code, sizeof code, "%d", statuses[s]);
            else
                snprintf(code, sizeof code, "other");
            emit(t, "carcassonne_http_requests_total{route=\"%s\",code=\"%s\"} %llu\n",
                 metrics_route_name(r), code, (unsigned long long)n);
        }
}

static void render_latency(const metrics *m, text *t)
{
    emit(t, "# HELP carcassonne_http_request_duration_seconds Time from a request's headers "
            "to its answer being queued.\n"
            "# TYPE carcassonne_http_request_duration_seconds histogram\n");
    for (int r = 0; r < NROUTES; r++) {
        const route_counters *c = &m->route[r];
        uint64_t count = load(&c->count);
        if (count == 0)
            continue;
        const char *name = metrics_route_name(r);
        uint64_t cumulative = 0;
        for (int b = 0; b < NBOUNDS; b++) {
            cumulative += load(&c->bucket[b]);
            emit(t, "carcassonne_http_request_duration_seconds_bucket{route=\"%s\",le=\"%g\"} %llu\n",
                 name, (double)bounds_us[b] / 1e6, (unsigned long long)cumulative);
        }
        cumulative += load(&c->bucket[NBOUNDS]);
        /* +Inf is the sum of the buckets, so the series stays monotonic even
         * while other threads record (count may run a request ahead). */
        emit(t, "carcassonne_http_request_duration_seconds_bucket{route=\"%s\",le=\"+Inf\"} %llu\n",
             name, (unsigned long long)cumulative);
        emit(t, "carcassonne_http_request_duration_seconds_sum{route=\"%s\"} %.6f\n", name,
             (double)load(&c->sum_us) / 1e6);
        emit(t, "carcassonne_http_request_duration_seconds_count{route=\"%s\"} %llu\n", name,
             (unsigned long long)cumulative);
    }
}

/* A counter by one label: its HELP and TYPE lines, then one line per
 * value of the label. */
static void counters(text *t, const char *name, const char *help, const char *label,
                     const char *const *values, const atomic_uint_fast64_t *counts, int n)
{
    emit(t, "# HELP %s %s\n# TYPE %s counter\n", name, help, name);
    for (int i = 0; i < n; i++)
        emit(t, "%s{%s=\"%s\"} %llu\n", name, label, values[i], (unsigned long long)load(&counts[i]));
}

static void render_connections(const metrics *m, text *t)
{
    static const char *const shed[METRICS_NSHED] = { "limit", "address", "memory" };
    static const char *const phase[METRICS_NTIMEOUT] = { "header", "request" };
    emit(t, "# HELP carcassonne_http_connections_open Client connections open now.\n"
            "# TYPE carcassonne_http_connections_open gauge\n"
            "carcassonne_http_connections_open %lld\n"
            "# HELP carcassonne_http_connections_limit Open connections past which new ones are "
            "refused with 503.\n"
            "# TYPE carcassonne_http_connections_limit gauge\n"
            "carcassonne_http_connections_limit %llu\n",
         (long long)atomic_load_explicit(&m->connections, memory_order_relaxed),
         (unsigned long long)load(&m->connection_limit));
    counters(t, "carcassonne_http_connections_shed_total",
             "Connections refused with a 503 (and Retry-After), by reason.", "reason", shed,
             m->shed, METRICS_NSHED);
    counters(t, "carcassonne_http_connections_timed_out_total",
             "Connections closed with a 408 because a request did not arrive in time, by phase.",
             "phase", phase, m->timed_out, METRICS_NTIMEOUT);
}

static void render_balance(const metrics *m, text *t)
{
    static const char *const outcome[METRICS_NSPREAD] = { "kept", "given_back" };
    counters(t, "carcassonne_http_spreads_total",
             "A busy worker's idle connections shared with an idle worker, by outcome: kept "
             "(all workers then served clearly more), given_back.", "outcome", outcome,
             m->spread, METRICS_NSPREAD);
    emit(t, "# HELP carcassonne_http_connections_moved_total Idle keep-alive connections moved "
            "from one worker to another (spread or given back).\n"
            "# TYPE carcassonne_http_connections_moved_total counter\n"
            "carcassonne_http_connections_moved_total %llu\n",
         (unsigned long long)load(&m->moved));
}

static void render_heavy(const metrics *m, text *t)
{
    emit(t, "# HELP carcassonne_heavy_requests_queued_total Heavy requests (pictures, whole "
            "games, tool calls) handed to the heavy pool.\n"
            "# TYPE carcassonne_heavy_requests_queued_total counter\n"
            "carcassonne_heavy_requests_queued_total %llu\n"
            "# HELP carcassonne_heavy_requests_refused_total Heavy requests refused with a 503 "
            "(and Retry-After) because the pool's queue was full.\n"
            "# TYPE carcassonne_heavy_requests_refused_total counter\n"
            "carcassonne_heavy_requests_refused_total %llu\n"
            "# HELP carcassonne_heavy_requests_waiting Heavy requests waiting for a thread now.\n"
            "# TYPE carcassonne_heavy_requests_waiting gauge\n"
            "carcassonne_heavy_requests_waiting %lld\n"
            "# HELP carcassonne_heavy_requests_running Heavy requests being answered now.\n"
            "# TYPE carcassonne_heavy_requests_running gauge\n"
            "carcassonne_heavy_requests_running %lld\n"
            "# HELP carcassonne_heavy_threads Threads of the heavy pool.\n"
            "# TYPE carcassonne_heavy_threads gauge\n"
            "carcassonne_heavy_threads %llu\n"
            "# HELP carcassonne_heavy_queue_limit Heavy requests that may wait; one more is "
            "refused with 503.\n"
            "# TYPE carcassonne_heavy_queue_limit gauge\n"
            "carcassonne_heavy_queue_limit %llu\n",
         (unsigned long long)load(&m->heavy_queued), (unsigned long long)load(&m->heavy_refused),
         (long long)atomic_load_explicit(&m->heavy_waiting, memory_order_relaxed),
         (long long)atomic_load_explicit(&m->heavy_running, memory_order_relaxed),
         (unsigned long long)load(&m->heavy_threads), (unsigned long long)load(&m->heavy_queue));
}

/* Resident memory from /proc/self/statm (its second field, in pages), 0
 * where there is none. */
static unsigned long long resident_bytes(void)
{
    FILE *fp = fopen("/proc/self/statm", "r");
    if (fp == NULL)
        return 0;
    char line[128];
    bool got = fgets(line, sizeof line, fp) != NULL;
    fclose(fp);
    if (!got)
        return 0;
    char *end;
    strtoull(line, &end, 10);                   /* total size: skipped */
    unsigned long long resident = strtoull(end, &end, 10);
    long page = sysconf(_SC_PAGESIZE);
    return page > 0 ? resident * (unsigned long long)page : 0;
}

bool metrics_render(const metrics *m, char **out, size_t *len)
{
    text t = { malloc(4096), 0, 4096, false };
    if (t.data == NULL)
        return false;
    render_requests(m, &t);
    render_latency(m, &t);
    emit(&t, "# HELP carcassonne_http_requests_in_flight Requests being answered now.\n"
             "# TYPE carcassonne_http_requests_in_flight gauge\n"
             "carcassonne_http_requests_in_flight %lld\n",
         (long long)atomic_load_explicit(&m->in_flight, memory_order_relaxed));
    render_connections(m, &t);
    render_balance(m, &t);
    render_heavy(m, &t);
    emit(&t, "# HELP process_resident_memory_bytes Resident memory size in bytes.\n"
             "# TYPE process_resident_memory_bytes gauge\n"
             "process_resident_memory_bytes %llu\n", resident_bytes());
    if (t.failed) {
        free(t.data);
        return false;
    }
    *out = t.data;
    *len = t.len;
    return true;
}
