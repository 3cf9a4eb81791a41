/* heavy.h -- the requests that cost milliseconds, answered on threads of
 * their own so that the cheap ones stay cheap.
 *
 * Owns: which requests are heavy, the pool of threads that answers them,
 * its bounded queue, and the answer past that bound. Heavy: a picture
 * (POST /v1/render: a 2048-pixel PNG of the largest position costs tens of
 * milliseconds, mostly zlib), a whole game (POST /v1/import/jcz replays
 * one, POST /v1/games/random plays one) and an MCP tool call (POST /mcp
 * with "method": "tools/call": its result carries a picture). Every other
 * request costs microseconds and is answered by the worker that framed it,
 * as before.
 *
 * Why: a worker thread serves all its connections in turn, so before this
 * six clients looping on 2048-pixel renders held both workers of a 2-core
 * replica and a placements question waited behind them (median 594 ms,
 * where it takes 0.9 ms alone; issue 35). Now the worker hands a heavy
 * request to the pool and goes back to its other connections at once; the
 * connection waits (nothing more is read from it, no deadline runs) until
 * a pool thread has answered and handed the answer back to the worker,
 * which sends it as it sends any other. The pool's threads run at a lower
 * priority (nice HEAVY_NICE), so even with every core busy drawing, the
 * workers get the processor first.
 *
 * Bound: at most `threads` heavy requests run at once per replica and at
 * most `queue` wait; one past that is answered at once 503 "Server busy"
 * with Retry-After (made at start: no allocation), like the connection
 * limit's -- never a queue without end. /metrics counts what was queued
 * and refused, and shows what runs and waits now.
 *
 * Threads: heavy_submit() is called by workers, heavy_deliver() by the
 * worker that owns the connection, from its loop; a job belongs to its
 * connection (conn.c frees it if the connection closes at exit), and the
 * pool only borrows it between submit and hand-back.
 *
 *   heavy_is(req)                  is this request heavy? (pure)
 *   heavy_new(ctx, m, threads, queue)  the pool, its threads started; NULL
 *                                  if out of memory or threads
 *   heavy_submit(pool, job)        queue a job; false: the queue is full
 *   heavy_refusal(pool)            the 503 answer past the bound
 *   heavy_deliver(w)               the worker's finished jobs, to conn.c
 *   heavy_stop(pool)               drop what waits, finish what runs; from
 *                                  then on every submit is refused
 *   heavy_free(pool)               stop if not yet, and free (after the
 *                                  workers, which may still submit, stopped)
 */
#ifndef HTTP_HEAVY_H
#define HTTP_HEAVY_H

#include <stdbool.h>
#include <stddef.h>

#include "../service.h"
#include "metrics.h"

#define HEAVY_NICE 5             /* the pool's threads, below the workers' 0 */

struct conn;
struct worker;

/* One heavy request on its way: made by conn.c, run by the pool, handed
 * back to the worker w that serves connection c. */
typedef struct heavy_job {
    struct heavy_job *next;      /* the queue, then the worker's done list */
    struct worker *w;
    struct conn *c;
    svc_request req;             /* pointers into c's input buffer */
    svc_response res;            /* the answer, filled by the pool */
    size_t body_len, end;        /* where the request ends in c's buffer */
    char saved;                  /* the byte at end, put back once answered */
} heavy_job;

typedef struct heavy_pool heavy_pool;

bool heavy_is(const svc_request *req);

/* threads >= 1; queue: how many may wait (0: none, only what runs). */
heavy_pool *heavy_new(const svc_context *ctx, metrics *m, unsigned threads, unsigned queue);

bool heavy_submit(heavy_pool *pool, heavy_job *job);

const svc_response *heavy_refusal(const heavy_pool *pool);

void heavy_deliver(struct worker *w);

void heavy_stop(heavy_pool *pool);

void heavy_free(heavy_pool *pool);

#endif
