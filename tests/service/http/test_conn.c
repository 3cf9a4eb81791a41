/* test_conn.c -- service/http/conn.c: the answers a worker holds to the end
 * of a pass over epoll's events (issue 37, round 6).
 *
 * A pass is played here by hand, without threads or epoll_wait: many
 * connections (socket pairs) each with three requests pipelined, run one
 * after the other as a worker's loop runs them, then conn_send_deferred()
 * as the loop does when the pass ends. Enough connections that the pass's
 * heads overflow the worker's buffer (HEADS_SIZE), so the answers past it
 * go at once while the first ones wait. Each client must then read its
 * three answers whole, in order, and the end of the stream after the one
 * that said close. (Over TCP, with real passes: the contract test "answers
 * held to the end of a pass ..." in tests/contract/framing.test.mjs.) */
#include <stdlib.h>
#include <string.h>
#include <sys/epoll.h>
#include <sys/socket.h>
#include <unistd.h>

#include "../../../service/http/server.h"
#include "../../support/testutil.h"

CC_SUITE(conn);

/* More connections than HEADS_SIZE holds the heads of (each about 200 bytes). */
#define PASS_CONNS (HEADS_SIZE / 100)

static const char pipelined[] =
    "GET /healthz HTTP/1.1\r\nHost: t\r\n\r\n"
    "GET /v1/tiles/base.D HTTP/1.1\r\nHost: t\r\nAccept: */*\r\n\r\n"
    "GET /v1/tiles/no.such HTTP/1.1\r\nHost: t\r\nConnection: close\r\n\r\n";

typedef struct {
    http_server s;
    svc_context ctx;
    worker *w;
    int client[PASS_CONNS];
} bench;

static void bench_open(bench *b)
{
    memset(b, 0, sizeof *b);
    b->ctx.cat = tu_catalog();
    b->s.ctx = &b->ctx;
    b->s.metrics = metrics_new();
    cr_assert_not_null(b->s.metrics);
    b->s.metrics_route = metrics_route("/metrics");
    b->s.idle_ms = b->s.header_ms = b->s.request_ms = 10000;
    b->w = calloc(1, sizeof *b->w);
    cr_assert_not_null(b->w);
    b->w->s = &b->s;
    b->w->deferred_tail = &b->w->deferred;
    b->w->epfd = epoll_create1(EPOLL_CLOEXEC);
    cr_assert_geq(b->w->epfd, 0);
    b->w->now_ms = now_ms();
    for (int i = 0; i < PASS_CONNS; i++) {
        int sv[2];
        cr_assert_eq(socketpair(AF_UNIX, SOCK_STREAM | SOCK_NONBLOCK, 0, sv), 0);
        b->client[i] = sv[0];
        atomic_fetch_add(&b->s.open, 1);
        atomic_fetch_add(&b->w->load, 1);
        conn_admit(b->w, &(handed_conn){ .fd = sv[1] });   /* peer family 0: no peer table */
    }
}

static void bench_close(bench *b)
{
    while (b->w->conns != NULL)
        conn_close(b->w, b->w->conns);
    for (int i = 0; i < PASS_CONNS; i++)
        close(b->client[i]);
    close(b->w->epfd);
    free(b->w);
    metrics_free(b->s.metrics);
}

/* Everything the server sent on fd, until the end of the stream; its length
 * in *len, and whether the stream ended. */
static char *read_all(int fd, size_t *len, bool *ended)
{
    size_t cap = 1 << 16;
    char *buf = malloc(cap);
    cr_assert_not_null(buf);
    *len = 0;
    *ended = false;
    for (;;) {
        ssize_t n = read(fd, buf + *len, cap - *len - 1);
        if (n <= 0) {
            *ended = n == 0;
            break;
        }
        *len += (size_t)n;
        cr_assert_lt(*len, cap - 1, "more bytes than three answers");
    }
    buf[*len] = '\0';
    return buf;
}

/* The statuses of the whole answers in buf, in order, each framed by its
 * Content-Length; -1 where an answer is cut or unframed. */
static int statuses(const char *buf, size_t len, int *out, int max)
{
    int n = 0;
    const char *p = buf, *end = buf + len;
    while (p < end && n < max) {
        const char *head_end = strstr(p, "\r\n\r\n");
        const char *cl = strstr(p, "\r\nContent-Length: ");
        if (strncmp(p, "HTTP/1.1 ", 9) != 0 || head_end == NULL || cl == NULL || cl > head_end)
            return -1;
        size_t body = strtoul(cl + 18, NULL, 10);
        const char *next = head_end + 4 + body;
        if (next > end)
            return -1;
        out[n++] = (int)strtol(p + 9, NULL, 10);
        p = next;
    }
    return p == end ? n : -1;
}

Test(conn, answers_held_to_the_end_of_a_pass_reach_each_connection_whole_and_in_order)
{
    bench b;
    bench_open(&b);
    for (int i = 0; i < PASS_CONNS; i++)
        cr_assert_eq(write(b.client[i], pipelined, sizeof pipelined - 1),
                     (ssize_t)(sizeof pipelined - 1));
    /* One pass, as worker_main() runs it. */
    b.w->deferring = true;
    int held = 0;
    for (conn *c = b.w->conns, *next; c != NULL; c = next) {
        next = c->next;
        conn_run(b.w, c, EPOLLIN);
    }
    for (conn *c = b.w->deferred; c != NULL; c = c->deferred_next)
        held++;
    b.w->deferring = false;
    /* The first answers wait; once the heads fill the buffer the rest went
     * at once. */
    cr_assert_gt(held, 0);
    cr_assert_lt(held, PASS_CONNS, "the heads never filled the buffer: %d held", held);
    cr_assert_leq(b.w->heads_len, sizeof b.w->heads);
    conn_send_deferred(b.w);
    cr_assert_null(b.w->deferred);
    cr_assert_eq(b.w->heads_len, 0);
    for (int i = 0; i < PASS_CONNS; i++) {
        size_t len;
        bool ended;
        char *got = read_all(b.client[i], &len, &ended);
        int st[4];
        int n = statuses(got, len, st, 4);
        cr_expect_eq(n, 3, "connection %d: %zu bytes: %.300s", i, len, got);
        if (n == 3) {
            cr_expect_eq(st[0], 200, "connection %d", i);
            cr_expect_eq(st[1], 200, "connection %d", i);
            cr_expect_eq(st[2], 404, "connection %d", i);
        }
        cr_expect(strstr(got, "\"id\":\"base.D\"") != NULL, "connection %d: %.300s", i, got);
        cr_expect(ended, "connection %d: not closed after the answer that said close", i);
        free(got);
    }
    bench_close(&b);
}

/* A connection closed while its answer waits (its client gone, or the
 * server stopping) leaves the list; the others are still sent. */
Test(conn, a_connection_closed_while_its_answer_waits_leaves_the_others_whole)
{
    bench b;
    bench_open(&b);
    static const char one[] = "GET /healthz HTTP/1.1\r\nHost: t\r\nConnection: close\r\n\r\n";
    for (int i = 0; i < 3; i++)
        cr_assert_eq(write(b.client[i], one, sizeof one - 1), (ssize_t)(sizeof one - 1));
    b.w->deferring = true;
    for (conn *c = b.w->conns; c != NULL; c = c->next)
        conn_run(b.w, c, EPOLLIN);
    b.w->deferring = false;
    int held = 0;
    for (conn *c = b.w->deferred; c != NULL; c = c->deferred_next)
        held++;
    cr_assert_eq(held, 3);
    conn *first = b.w->deferred, *middle = first->deferred_next, *last = middle->deferred_next;
    conn_close(b.w, middle);
    conn_close(b.w, last);
    cr_assert_eq(b.w->deferred, first);
    cr_assert_null(first->deferred_next);
    cr_assert_eq(b.w->deferred_tail, &first->deferred_next);
    conn_send_deferred(b.w);
    int answered = 0;
    for (int i = 0; i < 3; i++) {
        size_t len;
        bool ended;
        char *got = read_all(b.client[i], &len, &ended);
        int st[2];
        if (len > 0) {
            cr_expect_eq(statuses(got, len, st, 2), 1, "%.300s", got);
            cr_expect_eq(st[0], 200);
            answered++;
        }
        cr_expect(ended, "connection %d still open", i);
        free(got);
    }
    cr_expect_eq(answered, 1);
    bench_close(&b);
}
