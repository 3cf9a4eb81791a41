/* server.h -- the HTTP server's inside, shared by http.c and conn.c only.
 *
 * Owns the three structures of the server and who may touch what:
 *   http_server  one per process: the listening socket, the limits, the
 *                workers, the shared counters (atomics), the answers made
 *                once at start (shedding must not allocate);
 *   worker       one per thread: its epoll set, its connections (a list
 *                no other thread touches), scratch buffers, a cached Date;
 *   conn         one per client connection, owned by the worker that
 *                accepted it for its whole life.
 *
 * Events are edge-triggered (EPOLLIN | EPOLLOUT | EPOLLET, registered once:
 * no epoll_ctl per request). So that no work is ever left without an event
 * to wake it (the lost wake-up that stalled libmicrohttpd with one thread),
 * a connection returns to epoll only in one of these waits:
 *   reading    no complete request is buffered and the socket is empty
 *              (a read returned less than it asked, or EAGAIN): the next
 *              byte that arrives is an edge
 *   writing    an answer is partly sent and the socket is full: the room
 *              that frees is an edge; then the buffered requests are
 *              served and the socket read again (input edges that came
 *              meanwhile were not acted on)
 *   lingering  the answer said "close": what the client still sends is
 *              read and dropped until it closes or LINGER_MS pass, so it
 *              sees the answer, not a reset
 * An answer made while the worker goes through the events of one
 * epoll_wait is sent when it has gone through them all (or after
 * DEFER_MAX_NS), before it waits again; the connection waits in none of
 * the above meanwhile, and goes on once its answer is sent.
 *
 * Balance: as few workers awake as the work needs. Whichever worker
 * accepts a connection hands it (through the inbox and a wake-up) to the
 * first worker that was not busy over the last sweep interval, else to
 * the one serving the fewest; a worker busy most of an interval gives
 * half the difference of its idle keep-alive connections to an idle
 * worker, on trial: at the next sweep, if all workers together do not
 * serve clearly more requests a second than before, the other worker
 * gives them back (its recall_to) and the busy one does not spread again
 * for a while (balance.h says why and decides).
 *
 * A heavy request (a picture, a whole game: heavy.h) is answered by the
 * heavy pool, not by the worker: meanwhile its connection waits in none of
 * the above but on its job (conn->job), and the worker is woken (through
 * its eventfd) when the answer comes back to its done list.
 *
 * Table of contents:
 *   conn_*   (conn.c)  admit, run on an event, deadlines, close
 *   server_* (http.c)  what conn.c asks of the server
 *   heavy_*  (heavy.c) the pool that answers heavy requests
 */
#ifndef HTTP_SERVER_H
#define HTTP_SERVER_H

#include <pthread.h>
#include <stdatomic.h>
#include <stdbool.h>
#include <stdint.h>
#include <time.h>

#include "../service.h"
#include "balance.h"
#include "http.h"
#include "heavy.h"
#include "http1.h"
#include "metrics.h"
#include "peers.h"

#define LINGER_MS 2000            /* after an answer that closes */
#define SCRATCH_SIZE 16384        /* per worker: response heads, dropped input */
#define RBUF_SIZE 32768           /* per worker: reads (a head and a typical body) */
#ifndef HEADS_SIZE                /* (a test build may make it small) */
#define HEADS_SIZE 16384          /* per worker: heads of the answers a pass defers */
#endif
/* An answer waits for the end of its pass at most about this long. */
#define DEFER_MAX_NS 1000000
#define INBOX_SIZE 256            /* connections handed to a worker, not yet taken */
/* Access-log lines a worker holds until its loop pass ends: PIPE_BUF, so
 * that one write(2) of them is atomic on a pipe as well as on a file. */
#define LOG_BUF_SIZE 4096

typedef struct worker worker;

typedef enum { CONN_HEAD, CONN_BODY, CONN_LINGER } conn_state;

typedef struct conn {
    struct conn *prev, *next;    /* the worker's list */
    int fd;
    conn_state state;
    peer_key peer;
    bool counted;                /* in the server's open count and the peer table */
    bool served;                 /* has answered a request (drain closes it when idle) */
    bool close_after;            /* close once the answer is sent */
    bool want_out;               /* epoll interest is EPOLLOUT */
    bool continue_sent;          /* 100 Continue already sent for this request */
    bool too_large;              /* chunked body past the limit: dropping it */
    bool borrowed;               /* in is the worker's read buffer (conn.c) */
    /* Input: the request being read, then any pipelined bytes after it. */
    char *in;
    size_t in_len, in_cap;
    size_t scanned;              /* h1_parse_head progress */
    h1_head head;
    h1_chunked chunk;
    size_t chunk_in, chunk_out;  /* raw and decoded ends of a chunked body */
    /* Output: an answer that did not fit the socket at once. */
    char *out_head;              /* malloc'ed copy of the head's unsent rest */
    size_t out_head_len, out_head_sent;
    const char *out_body;        /* the body, by reference */
    char *out_body_owned;        /* out_body when the connection must free it */
    size_t out_body_len, out_body_sent;
    /* Time, in ms of CLOCK_MONOTONIC. */
    uint64_t last_io_ms;         /* last byte read or written */
    uint64_t head_ms;            /* first byte of the current head, 0: none yet */
    uint64_t body_ms;            /* the head complete: the request deadline runs */
    uint64_t linger_ms;          /* lingering since */
    struct timespec started;     /* the head complete (latency, access log) */
    int route;                   /* metrics_route() of the request dispatched */
    heavy_job *job;              /* a request with the heavy pool: wait for it */
    /* An answer made during the worker's pass, sent when the pass ends:
     * its head in w->heads, its body in out_body (conn.c, defer_answer). */
    struct conn *deferred_next;  /* w->deferred's next */
    bool deferred;
    bool more_input;             /* the socket may hold more: read after the answer */
    uint32_t deferred_at, deferred_len;
} conn;

/* A connection accepted by one worker for another (balance), or an idle
 * one a busy worker gives to an idle one (moved: counted already in
 * /metrics; served: it has answered a request; last_io_ms: its idle time
 * runs on, so that moving never extends a keep-alive connection's life). */
typedef struct {
    int fd;
    peer_key peer;
    bool moved, served;
    uint64_t last_io_ms;
} handed_conn;

struct worker {
    http_server *s;
    pthread_t thread;
    int epfd;
    int wake_fd;                 /* eventfd: drain, stop, connections handed over */
    atomic_uint load;            /* admitted connections this worker serves */
    atomic_uint busy_pct;        /* % of the last sweep interval spent working */
    uint64_t busy_ns;            /* working since the last sweep */
    uint64_t sweep_ns;           /* CLOCK_MONOTONIC of the last sweep, in ns */
    atomic_uint_fast64_t served; /* requests answered, ever (written by this worker) */
    uint64_t served_seen;        /* every worker's served at the last sweep */
    uint64_t mine_seen;          /* this worker's served at the last sweep */
    _Atomic(worker *) recall_to; /* give your idle connections back to it */
    balance_trial trial;         /* this worker's spreads (balance.h) */
    worker *trial_to;            /* where the spread on trial went */
    pthread_mutex_t inbox_lock;
    unsigned inbox_len;
    handed_conn inbox[INBOX_SIZE];
    heavy_job *heavy_done;       /* answered by the heavy pool (under inbox_lock) */
    bool listening;              /* the listening socket is in epfd */
    uint64_t accept_resume_ms;   /* out of descriptors: accept again then */
    conn *conns;                 /* every connection of this worker */
    uint64_t next_sweep_ms;
    bool drain_seen;             /* idle connections closed for the drain */
    uint64_t now_ms;             /* CLOCK_MONOTONIC, read once per loop */
    /* Answers made during a pass over epoll's events, sent when it ends
     * (conn_send_deferred), in the order they were made. */
    bool deferring;              /* in a pass: answers wait in the list */
    conn *deferred, **deferred_tail;
    uint64_t deferred_since_ns;  /* when the first of them was made */
    size_t heads_len;
    char heads[HEADS_SIZE];      /* their heads */
    time_t date_sec;
    char date[40];               /* "Date: ...\r\n" */
    size_t date_len;
    time_t log_sec;
    char log_stamp[40];          /* an access-log line's start up to log_sec's second */
    size_t log_stamp_len, log_len;
    char log[LOG_BUF_SIZE];      /* access-log lines not yet written (conn_flush_log) */
    char scratch[SCRATCH_SIZE];
    char rbuf[RBUF_SIZE];        /* where a connection with nothing buffered reads */
};

struct http_server {
    const svc_context *ctx;
    int listen_fd;
    int port;
    unsigned nworkers;
    worker *workers;
    metrics *metrics;
    peers *peers;
    heavy_pool *heavy;           /* heavy requests (heavy.h) */
    bool access_log;
    unsigned max_conns;          /* open connections past which new ones get 503 */
    unsigned max_per_peer;
    unsigned max_lingering;      /* shed connections lingering at once */
    uint64_t idle_ms, header_ms, request_ms;
    atomic_uint open;            /* admitted connections open now */
    atomic_uint lingering;       /* shed connections not yet closed */
    atomic_bool draining;        /* after http_stop() began */
    atomic_bool stopping;        /* the drain is over: workers exit */
    atomic_uint released;        /* workers that let go of the listening socket */
    /* Answers made at start, so shedding never allocates. */
    svc_response busy, crowded, no_memory;
    char *prepared_bodies[3];    /* their bodies, freed at the end */
    svc_response preflight;      /* headers only: the CORS answer to OPTIONS */
    int metrics_route;           /* metrics_route("/metrics") */
};

uint64_t now_ms(void);
uint64_t now_ns(void);

/* conn.c */
/* Serve h->fd in w (already counted in the server's open count, the peer
 * table and w->load): a new connection, or one another worker released
 * (h->moved: conn_release), which keeps what it had; on failure it is shed
 * with a 503 and uncounted. */
void conn_admit(worker *w, const handed_conn *h);
/* Take c, idle between requests, out of w (its epoll set, its list and
 * w->load) into *h for another worker, without closing it; false (and c
 * untouched) when it is not idle. */
bool conn_release(worker *w, conn *c, handed_conn *h);
void conn_shed(worker *w, int fd, metrics_shed_reason why);
void conn_run(worker *w, conn *c, uint32_t events);
/* Send the answers deferred during this pass (w->deferred; conn.c says
 * why), each connection going on after its answer. */
void conn_send_deferred(worker *w);
void conn_check_deadlines(worker *w, conn *c, uint64_t now);
void conn_drain(worker *w, conn *c);
void conn_close(worker *w, conn *c);
/* The heavy pool answered c's request (c->job): send it and go on. */
void conn_heavy_done(worker *w, conn *c);
/* Write the access-log lines w holds: at the end of each pass of its loop,
 * before it waits, so a line is out a few microseconds after its answer. */
void conn_flush_log(worker *w);

#endif
