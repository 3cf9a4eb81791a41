/* heavy.c -- see heavy.h: which requests are heavy, the pool that answers
 * them, its queue and its bound.
 *
 * The queue is one FIFO list per replica under one mutex (a heavy request
 * costs milliseconds: a lock per request is nothing beside it); the pool's
 * threads wait on a condition variable. A finished job goes to the done
 * list of the worker that owns its connection (under that worker's inbox
 * lock) and the worker is woken through its eventfd, as when a connection
 * is handed to it.
 *
 * Contents: what is heavy; the pool's threads; submit and deliver; start
 * and stop.
 */
#include "heavy.h"

#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/syscall.h>
#include <unistd.h>

#include "server.h"

struct heavy_pool {
    const svc_context *ctx;
    metrics *m;
    pthread_mutex_t lock;
    pthread_cond_t ready;
    heavy_job *head, *tail;      /* waiting, oldest first */
    unsigned waiting, running;   /* jobs in the queue; jobs a thread holds */
    unsigned queue_max;
    bool stopping;
    bool joined;                 /* heavy_stop() has run */
    unsigned nthreads, started;
    pthread_t *threads;
    svc_response busy;           /* the 503 past the bound, made at start */
    char *busy_body;
};

/* ---- what is heavy ------------------------------------------------------------------ */

/* Does the request target (a query may follow) name path exactly? */
static bool target_is(const char *target, const char *path)
{
    size_t n = strlen(path);
    return strncmp(target, path, n) == 0 && (target[n] == '\0' || target[n] == '?');
}

/* An MCP message whose method is tools/call. Read with the service's
 * strict reader, so no spelling of the name ("tools\/call") slips past;
 * a body that does not parse is answered cheaply by the worker. */
static bool mcp_tool_call(const char *body, size_t len)
{
    if (body == NULL || len == 0)
        return false;
    jr_doc doc;
    cc_error err;
    bool call = false;
    if (jr_parse(&doc, body, len, JR_MAX_DEPTH, &err)) {
        jr_obj root;
        jr_val method;
        char name[16];
        bool nul;
        if (jr_obj_open(jr_root(&doc), &root) && jr_obj_get(&root, "method", &method) &&
            method.type == JR_STRING && jr_string(method, name, sizeof name, &nul) == 10 &&
            !nul)
            call = strcmp(name, "tools/call") == 0;
    }
    jr_doc_free(&doc);
    return call;
}

bool heavy_is(const svc_request *req)
{
    if (strcmp(req->method, "POST") != 0)
        return false;
    const char *t = req->path;
    if (target_is(t, "/v1/render") || target_is(t, "/v1/import/jcz") ||
        target_is(t, "/v1/games/random"))
        return true;
    return target_is(t, "/mcp") && mcp_tool_call(req->body, req->len);
}

/* ---- the pool's threads ------------------------------------------------------------- */

static void wake_worker(worker *w)
{
    uint64_t one = 1;
    ssize_t n = write(w->wake_fd, &one, sizeof one);
    (void)n;                      /* a full counter wakes the worker as well */
}

/* The answer goes back to the worker that owns the connection. */
static void hand_back(heavy_job *job)
{
    worker *w = job->w;
    pthread_mutex_lock(&w->inbox_lock);
    job->next = w->heavy_done;
    w->heavy_done = job;
    pthread_mutex_unlock(&w->inbox_lock);
    wake_worker(w);
}

static void *pool_main(void *arg)
{
    heavy_pool *p = arg;
    /* Below the workers: with every core drawing, a cheap question still
     * gets the processor first. Linux gives each thread its own nice
     * value; where that fails the pool simply runs at the workers' (the
     * bound on threads still holds). */
    (void)setpriority(PRIO_PROCESS, (id_t)syscall(SYS_gettid), HEAVY_NICE);
    pthread_mutex_lock(&p->lock);
    for (;;) {
        while (p->head == NULL && !p->stopping)
            pthread_cond_wait(&p->ready, &p->lock);
        if (p->stopping)
            break;
        heavy_job *job = p->head;
        p->head = job->next;
        if (p->head == NULL)
            p->tail = NULL;
        p->waiting--;
        p->running++;
        pthread_mutex_unlock(&p->lock);
        metrics_heavy(p->m, METRICS_HEAVY_STARTED);
        svc_handle(p->ctx, &job->req, &job->res);
        metrics_heavy(p->m, METRICS_HEAVY_FINISHED);
        hand_back(job);
        pthread_mutex_lock(&p->lock);
        p->running--;
    }
    pthread_mutex_unlock(&p->lock);
    return NULL;
}

/* ---- submit and deliver ------------------------------------------------------------ */

bool heavy_submit(heavy_pool *p, heavy_job *job)
{
    job->next = NULL;
    pthread_mutex_lock(&p->lock);
    /* At most nthreads run and queue_max wait: a job submitted while a
     * thread is idle waits only until that thread takes it. */
    bool room = p->waiting + p->running < p->nthreads + p->queue_max && !p->stopping;
    if (room) {
        if (p->tail)
            p->tail->next = job;
        else
            p->head = job;
        p->tail = job;
        p->waiting++;
        pthread_cond_signal(&p->ready);
    }
    pthread_mutex_unlock(&p->lock);
    metrics_heavy(p->m, room ? METRICS_HEAVY_QUEUED : METRICS_HEAVY_REFUSED);
    return room;
}

const svc_response *heavy_refusal(const heavy_pool *p)
{
    return &p->busy;
}

void heavy_deliver(worker *w)
{
    pthread_mutex_lock(&w->inbox_lock);
    heavy_job *done = w->heavy_done;
    w->heavy_done = NULL;
    pthread_mutex_unlock(&w->inbox_lock);
    /* The list is newest first: answer in the order they finished. */
    heavy_job *ordered = NULL;
    while (done != NULL) {
        heavy_job *next = done->next;
        done->next = ordered;
        ordered = done;
        done = next;
    }
    while (ordered != NULL) {
        heavy_job *next = ordered->next;
        conn_heavy_done(w, ordered->c);
        ordered = next;
    }
}

/* ---- start and stop ----------------------------------------------------------------- */

heavy_pool *heavy_new(const svc_context *ctx, metrics *m, unsigned threads, unsigned queue)
{
    heavy_pool *p = calloc(1, sizeof *p);
    if (p == NULL)
        return NULL;
    p->ctx = ctx;
    p->m = m;
    p->nthreads = threads ? threads : 1;
    p->queue_max = queue;
    pthread_mutex_init(&p->lock, NULL);
    pthread_cond_init(&p->ready, NULL);
    svc_fail(&p->busy, 503, "", "Server busy",
             "the server is answering as many pictures, whole games and tool calls as it "
             "holds (%u at once, %u waiting); retry in a second, or on another replica",
             p->nthreads, p->queue_max);
    p->busy_body = p->busy.body;
    p->busy.static_body = p->busy.body;
    p->busy.body = NULL;
    p->threads = calloc(p->nthreads, sizeof *p->threads);
    if (p->busy_body == NULL || p->threads == NULL ||
        !svc_add_header(&p->busy, "Retry-After", "%d", SVC_RETRY_AFTER)) {
        heavy_free(p);
        return NULL;
    }
    for (; p->started < p->nthreads; p->started++)
        if (pthread_create(&p->threads[p->started], NULL, pool_main, p) != 0) {
            heavy_free(p);
            return NULL;
        }
    metrics_heavy_limits(m, p->nthreads, p->queue_max);
    return p;
}

void heavy_stop(heavy_pool *p)
{
    if (p == NULL || p->joined)
        return;
    /* What still waits is dropped: each job belongs to its connection,
     * which is closed (and frees it) when its worker stops. What runs
     * finishes and is handed back. */
    pthread_mutex_lock(&p->lock);
    p->stopping = true;
    p->head = p->tail = NULL;
    pthread_cond_broadcast(&p->ready);
    pthread_mutex_unlock(&p->lock);
    for (unsigned i = 0; i < p->started; i++)
        pthread_join(p->threads[i], NULL);
    p->joined = true;
}

void heavy_free(heavy_pool *p)
{
    if (p == NULL)
        return;
    heavy_stop(p);
    pthread_cond_destroy(&p->ready);
    pthread_mutex_destroy(&p->lock);
    free(p->threads);
    free(p->busy_body);
    free(p);
}
