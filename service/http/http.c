/* http.c -- see http.h: the server's life (start, the worker loops,
 * accepting, stop). One connection's life is in conn.c.
 *
 * Why our own HTTP/1.1 layer rather than libmicrohttpd (measured with raw
 * sockets against Debian 12's 0.9.75 and Debian 13's 1.0.1, built from
 * its source package): both answer framing errors themselves, as HTML or
 * with no Content-Type, where the contract wants a problem+json; 0.9.75
 * serves the bytes after a chunked body sent with Content-Length as a
 * second request (smuggling), writes its 400 status line twice for a bad
 * Content-Length, serves a request with no Host and hangs on
 * "Transfer-Encoding: gzip, chunked"; 1.0.1 still accepts two different
 * Content-Length headers, two Host headers and obsolete line folding; and
 * both stall with one thread: their epoll loop, after a full batch of 128
 * events, calls epoll_wait again with the full timeout instead of 0, so
 * with 128 or 256 busy keep-alive connections the thread sleeps up to the
 * idle timeout with every request read into its event list and none
 * answered (daemon.c, MHD_epoll: `while (MAX_EVENTS == num_events)`).
 * Neither lets the application bound the header phase or decide what
 * happens past the connection limit.
 *
 * Threads: each worker has its own epoll set holding the listening socket
 * (level-triggered, EPOLLEXCLUSIVE, so one idle worker wakes per new
 * connection) and the connections it serves (edge-triggered; server.h says
 * why no event is missed). A worker that accepts a connection hands it to
 * the first worker not busy over the last sweep, else to the one serving
 * the fewest; a busy worker gives idle connections to an idle one (server.h:
 * balance). No work is ever kept aside for later: the
 * epoll timeout is the next deadline sweep (SWEEP_MS), never longer, and
 * an answer waits only for the end of the pass that made it (server.h).
 *
 * Limits: the soft RLIMIT_NOFILE is raised to the hard one by main(); the
 * connection limit is what it allows after a reserve for the server's own
 * descriptors (at most DEFAULT_CONNECTION_CAP unless --max-connections).
 * Past it a new connection is answered 503 with Retry-After at once and
 * closed; past the per-address cap likewise. Both are counted in /metrics.
 *
 * Drain: closing the listening socket at once would reset the connections
 * the kernel has accepted and still queues. So its backlog shrinks to
 * nothing (no new connection completes), the workers accept everything
 * queued and let go of it, http_stop() takes the last few and closes it;
 * every connection taken is answered with Connection: close, idle
 * keep-alive connections close at once. The drain ends when nothing is
 * open, or at its deadline.
 */
/* glibc declares accept4() only with it. */
#define _GNU_SOURCE /* NOLINT(bugprone-reserved-identifier,cert-dcl37-c,cert-dcl51-cpp) */
#include "server.h"

#include <errno.h>
#include <limits.h>
#include <netdb.h>
#include <netinet/in.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/epoll.h>
#include <sys/eventfd.h>
#include <sys/resource.h>
#include <sys/socket.h>
#include <unistd.h>

#define DEFAULT_IDLE_TIMEOUT_S 10
/* The idle timeout restarts with every byte, so a client trickling its body
 * a byte at a time would hold a connection for days; a whole-request
 * deadline bounds it. 30 s lets a full 1 MiB body through at 35 KB/s. */
#define DEFAULT_REQUEST_TIMEOUT_S 30
/* The same for the header block (slowloris): 10 s is ample for any client
 * that means to send a request. */
#define DEFAULT_HEADER_TIMEOUT_S 10
#define DEFAULT_CONNECTION_CAP 100000
#define LISTEN_BACKLOG 4096
#define MAX_LINGERING 256          /* shed connections lingering at once */
#define FD_RESERVE 64              /* stdio, the catalog, the listening socket, ... */
#define SWEEP_MS 100               /* deadline checks */
#define ACCEPT_BATCH 64            /* accepts per wake-up, so serving goes on */
#define ACCEPT_PAUSE_MS 100        /* out of descriptors: try again then */
#define EVENTS 256
#define BALANCE_SLACK 4            /* connections: below this, no hand-over */

uint64_t now_ns(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (uint64_t)t.tv_sec * 1000000000 + (uint64_t)t.tv_nsec;
}

uint64_t now_ms(void)
{
    return now_ns() / 1000000;
}

/* ---- accepting --------------------------------------------------------------------- */

static void wake(worker *w)
{
    uint64_t one = 1;
    ssize_t n = write(w->wake_fd, &one, sizeof one);
    (void)n;                      /* a full counter wakes the worker as well */
}


static bool watch_listener(worker *w, bool on)
{
    if (w->listening == on)
        return true;
    struct epoll_event ev = { .events = EPOLLIN | EPOLLEXCLUSIVE, .data.ptr = &w->s->listen_fd };
    if (epoll_ctl(w->epfd, on ? EPOLL_CTL_ADD : EPOLL_CTL_DEL, w->s->listen_fd, on ? &ev : NULL) != 0)
        return false;
    w->listening = on;
    return true;
}

/* The worker serving the fewest connections, w itself unless another
 * serves clearly fewer (a hand-over costs a wake-up). */
static worker *least_loaded(worker *w)
{
    http_server *s = w->s;
    worker *best = w;
    unsigned least = atomic_load(&w->load);
    for (unsigned i = 0; i < s->nworkers; i++) {
        unsigned n = atomic_load(&s->workers[i].load);
        if (n + BALANCE_SLACK < least) {
            best = &s->workers[i];
            least = n + BALANCE_SLACK;
        }
    }
    return best;
}

/* The worker a new connection goes to: the first that was not busy over
 * the last sweep interval (so light work keeps one thread awake), else
 * the least loaded. */
static worker *admit_to(worker *w)
{
    http_server *s = w->s;
    for (unsigned i = 0; i < s->nworkers; i++)
        if (atomic_load(&s->workers[i].busy_pct) < BALANCE_BUSY_PCT)
            return &s->workers[i];
    return least_loaded(w);
}

/* Give fd to worker to; false if its inbox is full. */
static bool hand_over(worker *to, int fd, const peer_key *peer)
{
    pthread_mutex_lock(&to->inbox_lock);
    bool room = to->inbox_len < INBOX_SIZE;
    if (room)
        to->inbox[to->inbox_len++] = (handed_conn){ .fd = fd, .peer = *peer };
    pthread_mutex_unlock(&to->inbox_lock);
    if (room)
        wake(to);
    return room;
}

/* Up to `want` of w's idle connections go to worker to; how many went.
 * Run between passes of w's loop, so no event of theirs is still to
 * serve. */
static unsigned give_idle(worker *w, worker *to, unsigned want)
{
    unsigned moved = 0;
    pthread_mutex_lock(&to->inbox_lock);
    for (conn *c = w->conns, *next; c != NULL && moved < want && to->inbox_len < INBOX_SIZE;
         c = next) {
        next = c->next;
        handed_conn h;
        if (!conn_release(w, c, &h))
            continue;
        atomic_fetch_add(&to->load, 1);
        to->inbox[to->inbox_len++] = h;
        moved++;
    }
    pthread_mutex_unlock(&to->inbox_lock);
    if (moved > 0) {
        metrics_moved(w->s->metrics, moved);
        wake(to);
    }
    return moved;
}

/* w was busy most of the last interval: half the difference of its idle
 * connections goes to the idlest other worker, if that one is idle; that
 * worker, or NULL if none went. */
static worker *spread(worker *w)
{
    http_server *s = w->s;
    worker *to = NULL;
    for (unsigned i = 0; i < s->nworkers; i++) {
        worker *o = &s->workers[i];
        if (o != w && atomic_load(&o->busy_pct) <= BALANCE_IDLE_PCT &&
            (to == NULL || atomic_load(&o->busy_pct) < atomic_load(&to->busy_pct)))
            to = o;
    }
    unsigned mine = atomic_load(&w->load), theirs = to ? atomic_load(&to->load) : 0;
    if (to == NULL || mine <= theirs + 1)
        return NULL;
    return give_idle(w, to, (mine - theirs) / 2) > 0 ? to : NULL;
}

/* Requests every worker answered per second over w's last interval of
 * span ns, and w's own busy ns per request answered (0: none). */
static uint64_t served_rate(worker *w, uint64_t span, uint64_t *ns_per_request)
{
    http_server *s = w->s;
    uint64_t all = 0;
    for (unsigned i = 0; i < s->nworkers; i++)
        all += atomic_load_explicit(&s->workers[i].served, memory_order_relaxed);
    uint64_t mine = atomic_load_explicit(&w->served, memory_order_relaxed);
    uint64_t rate = span > 0 ? (all - w->served_seen) * 1000000000 / span : 0;
    *ns_per_request = mine > w->mine_seen ? w->busy_ns / (mine - w->mine_seen) : 0;
    w->served_seen = all;
    w->mine_seen = mine;
    return rate;
}

/* After a sweep's interval of span ns, busy pct: judge the spread on
 * trial (not kept: its connections come back, given at the end of the
 * other worker's pass), or spread if balance.h says so. */
static void balance(worker *w, unsigned pct, uint64_t span, uint64_t now)
{
    uint64_t ns_per_request, rate = served_rate(w, span, &ns_per_request);
    balance_observe(&w->trial, ns_per_request);
    if (atomic_load(&w->s->draining))
        return;
    if (balance_due(&w->trial, now)) {
        bool kept = balance_judge(&w->trial, rate, now);
        metrics_spread(w->s->metrics, kept ? METRICS_SPREAD_KEPT : METRICS_SPREAD_GIVEN_BACK);
        if (!kept) {
            atomic_store(&w->trial_to->recall_to, w);
            wake(w->trial_to);
        }
    } else if (balance_may_spread(&w->trial, pct, now)) {
        if ((w->trial_to = spread(w)) != NULL)
            balance_spread(&w->trial, rate, now, SWEEP_MS);
    }
}

/* Another worker's spread did not pay: its connections go back to it. */
static void give_back(worker *w)
{
    worker *to = atomic_exchange(&w->recall_to, NULL);
    if (to != NULL && !atomic_load(&w->s->draining))
        give_idle(w, to, UINT_MAX);
}

/* The connections other workers handed to w: serve them (or, when the
 * server stops, close them). */
static void take_inbox(worker *w, bool serve)
{
    handed_conn taken[INBOX_SIZE];
    pthread_mutex_lock(&w->inbox_lock);
    unsigned n = w->inbox_len;
    memcpy(taken, w->inbox, n * sizeof taken[0]);
    w->inbox_len = 0;
    pthread_mutex_unlock(&w->inbox_lock);
    for (unsigned i = 0; i < n; i++) {
        if (serve) {
            conn_admit(w, &taken[i]);
        } else {
            if (taken[i].moved)
                metrics_connections(w->s->metrics, -1);
            close(taken[i].fd);
            peers_remove(w->s->peers, &taken[i].peer);
            atomic_fetch_sub(&w->s->open, 1);
            atomic_fetch_sub(&w->load, 1);
        }
    }
}

/* Admit a new connection, or shed it with a 503 if it is over a limit. */
static void admit(worker *w, int fd, const struct sockaddr *sa)
{
    http_server *s = w->s;
    if (atomic_fetch_add(&s->open, 1) >= s->max_conns) {
        atomic_fetch_sub(&s->open, 1);
        conn_shed(w, fd, METRICS_SHED_LIMIT);
        return;
    }
    peer_key key = peer_key_of(sa);
    if (!peers_add(s->peers, &key, s->max_per_peer)) {
        atomic_fetch_sub(&s->open, 1);
        conn_shed(w, fd, METRICS_SHED_ADDRESS);
        return;
    }
    worker *to = admit_to(w);
    atomic_fetch_add(&to->load, 1);
    if (to != w && hand_over(to, fd, &key))
        return;
    if (to != w) {
        atomic_fetch_sub(&to->load, 1);
        atomic_fetch_add(&w->load, 1);
    }
    conn_admit(w, &(handed_conn){ .fd = fd, .peer = key });
}

/* Accept up to `batch` queued connections. */
static void accept_some(worker *w, unsigned batch)
{
    for (unsigned i = 0; i < batch; i++) {
        struct sockaddr_storage ss;
        socklen_t len = sizeof ss;
        int fd = accept4(w->s->listen_fd, (struct sockaddr *)&ss, &len, SOCK_NONBLOCK | SOCK_CLOEXEC);
        if (fd >= 0) {
            admit(w, fd, (struct sockaddr *)&ss);
            continue;
        }
        if (errno == EINTR || errno == ECONNABORTED)
            continue;
        if (errno == EMFILE || errno == ENFILE || errno == ENOBUFS || errno == ENOMEM) {
            /* Out of descriptors or memory: leave the clients in the
             * backlog for a moment rather than spin on a ready listener. */
            watch_listener(w, false);
            w->accept_resume_ms = now_ms() + ACCEPT_PAUSE_MS;
        }
        return;
    }
}

/* ---- the worker loop ------------------------------------------------------------------- */

static void sweep(worker *w, uint64_t now)
{
    for (conn *c = w->conns, *next; c != NULL; c = next) {
        next = c->next;
        conn_check_deadlines(w, c, now);
    }
    /* How busy the interval was; a busy worker shares its connections. */
    uint64_t ns = now_ns(), span = ns - w->sweep_ns;
    unsigned pct = span > 0 ? (unsigned)(w->busy_ns * 100 / span) : 0;
    atomic_store(&w->busy_pct, pct);
    balance(w, pct, span, now);
    w->busy_ns = 0;
    w->sweep_ns = ns;
}

static void *worker_main(void *arg)
{
    worker *w = arg;
    http_server *s = w->s;
    struct epoll_event ev[EVENTS];
    w->now_ms = now_ms();
    w->next_sweep_ms = w->now_ms + SWEEP_MS;
    w->sweep_ns = now_ns();
    while (!atomic_load(&s->stopping)) {
        uint64_t now = now_ms();
        int timeout = w->next_sweep_ms > now ? (int)(w->next_sweep_ms - now) : 0;
        conn_flush_log(w);
        int n = epoll_wait(w->epfd, ev, EVENTS, timeout);
        uint64_t woke_ns = now_ns();
        w->now_ms = woke_ns / 1000000;
        w->deferring = true;          /* answers made in the pass wait for its end */
        for (int i = 0; i < n; i++) {
            void *p = ev[i].data.ptr;
            if (p == &s->listen_fd) {
                accept_some(w, ACCEPT_BATCH);
            } else if (p == &w->wake_fd) {
                uint64_t v;
                ssize_t got = read(w->wake_fd, &v, sizeof v);
                (void)got;
                take_inbox(w, true);
                heavy_deliver(w);
            } else {
                conn_run(w, p, ev[i].events);
            }
            if (w->deferred != NULL && now_ns() - w->deferred_since_ns >= DEFER_MAX_NS)
                conn_send_deferred(w);
        }
        w->deferring = false;
        conn_send_deferred(w);
        if (atomic_load_explicit(&w->recall_to, memory_order_relaxed) != NULL)
            give_back(w);
        if (n > 0)
            w->busy_ns += now_ns() - woke_ns;
        if (atomic_load(&s->draining) && !w->drain_seen) {
            /* Take every connection the kernel has queued, then let go of
             * the listening socket (http_stop closes it). */
            w->drain_seen = true;
            accept_some(w, UINT_MAX);
            watch_listener(w, false);
            atomic_fetch_add(&s->released, 1);
            for (conn *c = w->conns, *next; c != NULL; c = next) {
                next = c->next;
                conn_drain(w, c);
            }
        }
        now = w->now_ms = now_ms();
        if (now >= w->next_sweep_ms) {
            sweep(w, now);
            w->next_sweep_ms = now + SWEEP_MS;
            if (!w->listening && now >= w->accept_resume_ms && !w->drain_seen)
                watch_listener(w, true);
        }
    }
    take_inbox(w, false);
    while (w->conns != NULL)
        conn_close(w, w->conns);
    conn_flush_log(w);
    return NULL;
}

/* ---- the answers made at start ---------------------------------------------------------- */

/* A 503 problem with Retry-After whose body the server keeps. */
static bool prepare(http_server *s, int slot, svc_response *res, const char *title,
                    const char *detail)
{
    memset(res, 0, sizeof *res);
    svc_fail(res, 503, "", title, "%s", detail);
    if (res->body == NULL)
        return false;
    s->prepared_bodies[slot] = res->body;
    res->static_body = res->body;
    res->body = NULL;
    return svc_add_header(res, "Content-Language", "en")
        && svc_add_header(res, "Retry-After", "1");
}

static bool prepare_answers(http_server *s)
{
    char busy[160], crowded[160];
    snprintf(busy, sizeof busy, "the server holds its limit of %u connections; retry in "
             "a second, or on another replica", s->max_conns);
    snprintf(crowded, sizeof crowded, "your address holds its limit of %u connections to "
             "this server; reuse them, or retry in a second", s->max_per_peer);
    svc_response *p = &s->preflight;
    memset(p, 0, sizeof *p);
    p->status = 204;
    return prepare(s, 0, &s->busy, "Server busy", busy)
        && prepare(s, 1, &s->crowded, "Too many connections", crowded)
        && prepare(s, 2, &s->no_memory, "Out of memory",
                   "the server has no memory for this request now; retry in a second")
        && svc_add_header(p, "Access-Control-Allow-Methods", "GET, POST, OPTIONS")
        && svc_add_header(p, "Access-Control-Allow-Headers",
                          "Content-Type, MCP-Protocol-Version")
        && svc_add_header(p, "Access-Control-Max-Age", "86400");
}

/* ---- start and stop ------------------------------------------------------------------- */

static void free_server(http_server *s)
{
    if (s->listen_fd >= 0)
        close(s->listen_fd);
    for (unsigned i = 0; s->workers != NULL && i < s->nworkers; i++) {
        if (s->workers[i].epfd >= 0)
            close(s->workers[i].epfd);
        if (s->workers[i].wake_fd >= 0)
            close(s->workers[i].wake_fd);
        pthread_mutex_destroy(&s->workers[i].inbox_lock);
    }
    free(s->workers);
    heavy_free(s->heavy);
    for (int i = 0; i < 3; i++)
        free(s->prepared_bodies[i]);
    peers_free(s->peers);
    metrics_free(s->metrics);
    free(s);
}

static int open_listener(const http_config *cfg, char *errbuf, size_t errlen)
{
    char port[16];
    snprintf(port, sizeof port, "%d", cfg->port);
    struct addrinfo hints = { .ai_family = AF_UNSPEC, .ai_socktype = SOCK_STREAM,
                              .ai_flags = AI_NUMERICSERV | AI_PASSIVE };
    struct addrinfo *ai = NULL;
    int gai = getaddrinfo(cfg->host, port, &hints, &ai);
    if (gai != 0) {
        snprintf(errbuf, errlen, "cannot resolve host %s: %s", cfg->host, gai_strerror(gai));
        return -1;
    }
    int fd = socket(ai->ai_family, SOCK_STREAM | SOCK_NONBLOCK | SOCK_CLOEXEC, 0);
    int one = 1;
    /* SO_REUSEADDR only: SO_REUSEPORT would let a second instance share the
     * port silently instead of failing to start. */
    if (fd < 0 || setsockopt(fd, SOL_SOCKET, SO_REUSEADDR, &one, sizeof one) != 0 ||
        bind(fd, ai->ai_addr, ai->ai_addrlen) != 0 || listen(fd, LISTEN_BACKLOG) != 0) {
        int saved = errno;
        snprintf(errbuf, errlen, "cannot listen on %s:%d: %s", cfg->host, cfg->port,
                 strerror(saved));
        if (fd >= 0)
            close(fd);
        fd = -1;
    }
    freeaddrinfo(ai);
    return fd;
}

/* The connection limit RLIMIT_NOFILE allows, after the server's own
 * descriptors (two per worker, the lingering shed connections, a reserve). */
static unsigned descriptor_limit(unsigned workers)
{
    struct rlimit rl;
    if (getrlimit(RLIMIT_NOFILE, &rl) != 0 || rl.rlim_cur == RLIM_INFINITY)
        return DEFAULT_CONNECTION_CAP;
    rlim_t own = FD_RESERVE + 2 * (rlim_t)workers + MAX_LINGERING;
    if (rl.rlim_cur <= own + 16)
        return rl.rlim_cur > 32 ? (unsigned)(rl.rlim_cur / 2) : 16;
    rlim_t n = rl.rlim_cur - own;
    return n > DEFAULT_CONNECTION_CAP ? DEFAULT_CONNECTION_CAP : (unsigned)n;
}

static bool start_workers(http_server *s, char *errbuf, size_t errlen)
{
    for (unsigned i = 0; i < s->nworkers; i++) {
        worker *w = &s->workers[i];
        w->s = s;
        w->deferred_tail = &w->deferred;
        balance_trial_init(&w->trial);
        w->epfd = epoll_create1(EPOLL_CLOEXEC);
        w->wake_fd = eventfd(0, EFD_NONBLOCK | EFD_CLOEXEC);
        struct epoll_event ev = { .events = EPOLLIN, .data.ptr = &w->wake_fd };
        if (w->epfd < 0 || w->wake_fd < 0 || epoll_ctl(w->epfd, EPOLL_CTL_ADD, w->wake_fd, &ev) != 0 ||
            !watch_listener(w, true)) {
            snprintf(errbuf, errlen, "cannot set up worker %u: %s", i, strerror(errno));
            return false;
        }
    }
    for (unsigned i = 0; i < s->nworkers; i++) {
        int e = pthread_create(&s->workers[i].thread, NULL, worker_main, &s->workers[i]);
        if (e != 0) {
            snprintf(errbuf, errlen, "cannot start worker thread %u: %s", i, strerror(e));
            atomic_store(&s->stopping, true);
            for (unsigned j = 0; j < i; j++) {
                wake(&s->workers[j]);
                pthread_join(s->workers[j].thread, NULL);
            }
            return false;
        }
    }
    return true;
}

http_server *http_start(const svc_context *ctx, const http_config *cfg,
                        char *errbuf, size_t errlen)
{
    http_server *s = calloc(1, sizeof *s);
    if (s == NULL) {
        snprintf(errbuf, errlen, "out of memory");
        return NULL;
    }
    s->ctx = ctx;
    s->listen_fd = -1;
    s->access_log = !cfg->no_access_log;
    s->nworkers = cfg->threads ? cfg->threads : 1;
    s->idle_ms = 1000ull * DEFAULT_IDLE_TIMEOUT_S;
    if (cfg->idle_timeout_s)
        s->idle_ms = 1000ull * cfg->idle_timeout_s;
    s->header_ms = 1000ull * (cfg->header_timeout_s ? cfg->header_timeout_s : DEFAULT_HEADER_TIMEOUT_S);
    s->request_ms = 1000ull * (cfg->request_timeout_s ? cfg->request_timeout_s
                                                      : DEFAULT_REQUEST_TIMEOUT_S);
    s->max_conns = descriptor_limit(s->nworkers);
    if (cfg->max_connections && cfg->max_connections < s->max_conns)
        s->max_conns = cfg->max_connections;
    s->max_per_peer = s->max_conns - s->max_conns / 10;
    if (cfg->max_per_address)
        s->max_per_peer = cfg->max_per_address < s->max_conns ? cfg->max_per_address : s->max_conns;
    s->max_lingering = MAX_LINGERING;
    s->metrics_route = metrics_route("/metrics");
    atomic_init(&s->open, 0);
    atomic_init(&s->lingering, 0);
    atomic_init(&s->draining, false);
    atomic_init(&s->stopping, false);
    atomic_init(&s->released, 0);
    s->workers = calloc(s->nworkers, sizeof *s->workers);
    if (s->workers != NULL)
        for (unsigned i = 0; i < s->nworkers; i++) {
            s->workers[i].epfd = s->workers[i].wake_fd = -1;
            atomic_init(&s->workers[i].load, 0);
            pthread_mutex_init(&s->workers[i].inbox_lock, NULL);
        }
    s->metrics = metrics_new();
    s->peers = peers_new(s->max_conns);
    if (s->metrics != NULL)
        s->heavy = heavy_new(ctx, s->metrics, cfg->heavy_threads ? cfg->heavy_threads
                                                                 : (s->nworkers + 1) / 2,
                             cfg->heavy_queue ? cfg->heavy_queue : HTTP_HEAVY_QUEUE_DEFAULT);
    if (s->workers == NULL || s->metrics == NULL || s->peers == NULL || s->heavy == NULL ||
        !prepare_answers(s)) {
        free_server(s);
        snprintf(errbuf, errlen, "out of memory");
        return NULL;
    }
    metrics_connection_limit(s->metrics, s->max_conns);
    s->listen_fd = open_listener(cfg, errbuf, errlen);
    if (s->listen_fd < 0 || !start_workers(s, errbuf, errlen)) {
        free_server(s);
        return NULL;
    }
    struct sockaddr_storage ss;
    memset(&ss, 0, sizeof ss);
    socklen_t len = sizeof ss;
    if (getsockname(s->listen_fd, (struct sockaddr *)&ss, &len) == 0)
        s->port = ntohs(ss.ss_family == AF_INET6 ? ((struct sockaddr_in6 *)&ss)->sin6_port
                                                 : ((struct sockaddr_in *)&ss)->sin_port);
    return s;
}

int http_port(const http_server *s)
{
    return s->port;
}

unsigned http_connection_limit(const http_server *s)
{
    return s->max_conns;
}

/* The last connections queued after every worker let go of the listening
 * socket (the shrunk backlog still lets one in at a time): handed to the
 * least-loaded worker, over no limit (there are at most a few). */
static void take_last_connections(http_server *s)
{
    const struct timespec moment = { 0, 1000 * 1000 };
    for (;;) {
        struct sockaddr_storage ss;
        socklen_t len = sizeof ss;
        int fd = accept4(s->listen_fd, (struct sockaddr *)&ss, &len, SOCK_NONBLOCK | SOCK_CLOEXEC);
        if (fd < 0) {
            if (errno == EINTR || errno == ECONNABORTED)
                continue;
            return;
        }
        peer_key key = peer_key_of((struct sockaddr *)&ss);
        worker *to = least_loaded(&s->workers[0]);
        atomic_fetch_add(&s->open, 1);
        peers_add(s->peers, &key, UINT_MAX);
        atomic_fetch_add(&to->load, 1);
        while (!hand_over(to, fd, &key))
            nanosleep(&moment, NULL);     /* its inbox is full: it is taking them */
    }
}

void http_stop(http_server *s, unsigned drain_ms)
{
    if (s == NULL)
        return;
    uint64_t deadline = now_ms() + drain_ms;
    const struct timespec tick = { 0, 10 * 1000 * 1000 };
    /* Closing the listening socket now would reset the connections the
     * kernel has accepted and queued. So: no new connection completes (the
     * backlog shrinks to nothing), the workers take what is queued and let
     * go of the socket, the last few queued meanwhile are taken here, and
     * only then is it closed: from then on connecting is refused. */
    listen(s->listen_fd, 0);
    atomic_store(&s->draining, true);
    for (unsigned i = 0; i < s->nworkers; i++)
        wake(&s->workers[i]);
    while (now_ms() < deadline && atomic_load(&s->released) < s->nworkers)
        nanosleep(&tick, NULL);
    take_last_connections(s);
    close(s->listen_fd);
    s->listen_fd = -1;
    while (now_ms() < deadline && (atomic_load(&s->open) > 0 || atomic_load(&s->lingering) > 0))
        nanosleep(&tick, NULL);
    /* The heavy pool first: the workers free the connections whose
     * buffers its threads read. */
    heavy_stop(s->heavy);
    atomic_store(&s->stopping, true);
    for (unsigned i = 0; i < s->nworkers; i++) {
        wake(&s->workers[i]);
        pthread_join(s->workers[i].thread, NULL);
    }
    free_server(s);
}
