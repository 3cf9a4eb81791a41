/* conn.c -- one client connection: read, frame, dispatch, answer, close.
 *
 * Owns the life of a connection once accepted (server.h says which wait
 * it is in at any moment): reading into its buffer, framing requests with
 * http1.c, the 100 Continue interim answer, calling svc_handle() (or
 * answering /metrics and CORS preflights here), writing the answer with
 * every header the HTTP layer adds, keep-alive and pipelining, the
 * deadlines (idle, header block, whole request, linger), and the answers
 * this layer makes itself: framing errors, 408, and the 503 of shedding,
 * each an RFC 9457 problem like every other error of the service. They
 * are in English and say so (Content-Language: en), except the 413 of a
 * body over the limit: the head is read by then, so it is worded as the
 * dispatcher words its own, in the request's language.
 *
 * Every answer carries X-Content-Type-Options: nosniff and
 * Access-Control-Allow-Origin: * (stateless and credential-free: any web
 * page may ask; the dispatcher's 415 keeps cross-site form posts out).
 *
 * Memory: a connection holds an input buffer only while a request is
 * arriving (idle keep-alive connections hold none), and an output copy
 * only while an answer waits for the socket; a constant body (the docs
 * page) is sent by reference, never copied. A failed allocation answers
 * 503 with Retry-After (made at start, so it needs no memory) and closes.
 *
 * Contents: epoll interest; open and close; sending; the answers; the
 * access log; reading; framing and dispatch; deadlines and drain.
 */
#include "server.h"

#include <errno.h>
#include <netinet/in.h>
#include <netinet/tcp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/epoll.h>
#include <sys/socket.h>
#include <sys/uio.h>
#include <unistd.h>

#include "../mcp/mcp.h"

#define IN_FIRST 4096                                    /* first input buffer */
#define IN_MAX (H1_HEAD_LIMIT + SVC_BODY_LIMIT + 65536)  /* head, body, pipelined bytes */
#define LOG_PATH_MAX 200                                 /* longer paths are cut in the log */
#define LOG_LINE_MAX (3 * LOG_PATH_MAX + 255)            /* longer lines are cut */

/* What a step of the connection's work leaves it waiting for. */
typedef enum {
    STEP_MORE,      /* progress made: look again at the buffer */
    STEP_INPUT,     /* no complete request buffered: read */
    STEP_WAIT,      /* writing or lingering: wait for epoll */
    STEP_CLOSED,    /* closed and freed: do not touch it again */
} step;

/* ---- open and close ---------------------------------------------------------------- */

/* A connection in this worker's list and epoll set; NULL if out of memory
 * (the caller still owns fd). */
static conn *conn_new(worker *w, int fd, const peer_key *peer, bool counted)
{
    conn *c = calloc(1, sizeof *c);
    if (c == NULL)
        return NULL;
    c->fd = fd;
    c->peer = *peer;
    c->counted = counted;
    c->state = CONN_HEAD;
    c->last_io_ms = w->now_ms;
    /* Edge-triggered, for input and output at once: no epoll_ctl per
     * request (see server.h for why no event is ever missed). */
    struct epoll_event ev = { .events = EPOLLIN | EPOLLOUT | EPOLLRDHUP | EPOLLET, .data.ptr = c };
    if (epoll_ctl(w->epfd, EPOLL_CTL_ADD, fd, &ev) != 0) {
        free(c);
        return NULL;
    }
    c->next = w->conns;
    if (w->conns)
        w->conns->prev = c;
    w->conns = c;
    return c;
}

static void forget_count(http_server *s, conn *c)
{
    if (c->counted) {
        peers_remove(s->peers, &c->peer);
        atomic_fetch_sub(&s->open, 1);
        metrics_connections(s->metrics, -1);
    } else {
        atomic_fetch_sub(&s->lingering, 1);
    }
}

/* c out of w's list of connections. */
static void unlink_conn(worker *w, conn *c)
{
    if (c->prev)
        c->prev->next = c->next;
    else
        w->conns = c->next;
    if (c->next)
        c->next->prev = c->prev;
}

/* c out of w's deferred answers: the first when they are sent, any when
 * c closes before the pass ended. */
static void undefer(worker *w, conn *c)
{
    conn **at = &w->deferred;
    while (*at != c)
        at = &(*at)->deferred_next;
    *at = c->deferred_next;
    if (*at == NULL)
        w->deferred_tail = at;
    c->deferred = false;
}

void conn_close(worker *w, conn *c)
{
    if (c->deferred)
        undefer(w, c);
    if (c->counted)
        atomic_fetch_sub(&w->load, 1);
    unlink_conn(w, c);
    close(c->fd);                 /* also leaves the epoll set */
    forget_count(w->s, c);
    if (c->job != NULL) {         /* only when the server stops: the pool has let go */
        svc_response_free(&c->job->res);
        free(c->job);
        metrics_in_flight(w->s->metrics, -1);
    }
    if (!c->borrowed)
        free(c->in);
    free(c->out_head);
    free(c->out_body_owned);
    free(c);
}

/* ---- sending ------------------------------------------------------------------------- */

/* Send head and body; what the socket does not take now waits in c (the
 * rest of the head copied, the body by reference: owned is a malloc'ed
 * body whose ownership passes to c, else body must outlive the send).
 * Returns STEP_MORE when all is sent, STEP_WAIT, or STEP_CLOSED. */
static step send_answer(worker *w, conn *c, const char *head, size_t head_len,
                        const char *body, size_t body_len, char *owned)
{
    struct iovec iov[2] = { { (void *)head, head_len }, { (void *)body, body_len } };
    struct msghdr msg = { .msg_iov = iov, .msg_iovlen = body_len ? 2 : 1 };
    ssize_t n;
    do
        n = sendmsg(c->fd, &msg, MSG_NOSIGNAL | MSG_DONTWAIT);
    while (n < 0 && errno == EINTR);
    if (n < 0 && errno != EAGAIN && errno != EWOULDBLOCK) {
        free(owned);
        conn_close(w, c);
        return STEP_CLOSED;
    }
    size_t sent = n > 0 ? (size_t)n : 0;
    c->last_io_ms = w->now_ms;
    if (sent == head_len + body_len) {
        free(owned);
        return STEP_MORE;
    }
    /* The socket is full: keep the rest for EPOLLOUT. */
    size_t head_rest = sent < head_len ? head_len - sent : 0;
    size_t body_done = sent > head_len ? sent - head_len : 0;
    c->out_head = head_rest ? malloc(head_rest) : NULL;
    if (head_rest && c->out_head == NULL) {
        free(owned);
        conn_close(w, c);
        return STEP_CLOSED;
    }
    if (head_rest)
        memcpy(c->out_head, head + sent, head_rest);
    c->out_head_len = head_rest;
    c->out_head_sent = 0;
    c->out_body = body;
    c->out_body_owned = owned;
    c->out_body_len = body_len;
    c->out_body_sent = body_done;
    c->want_out = true;
    return STEP_WAIT;
}

/* EPOLLOUT: send more of the waiting answer. STEP_MORE once it is all sent. */
static step flush(worker *w, conn *c)
{
    struct iovec iov[2] = {
        { c->out_head + c->out_head_sent, c->out_head_len - c->out_head_sent },
        { (void *)(c->out_body + c->out_body_sent), c->out_body_len - c->out_body_sent },
    };
    struct msghdr msg = { .msg_iov = iov[0].iov_len ? iov : iov + 1,
                          .msg_iovlen = iov[0].iov_len ? 2 : 1 };
    ssize_t n = sendmsg(c->fd, &msg, MSG_NOSIGNAL | MSG_DONTWAIT);
    if (n < 0) {
        if (errno == EAGAIN || errno == EWOULDBLOCK || errno == EINTR)
            return STEP_WAIT;
        conn_close(w, c);
        return STEP_CLOSED;
    }
    size_t sent = (size_t)n;
    size_t from_head = sent < iov[0].iov_len ? sent : iov[0].iov_len;
    c->out_head_sent += from_head;
    c->out_body_sent += sent - from_head;
    c->last_io_ms = w->now_ms;
    if (c->out_head_sent < c->out_head_len || c->out_body_sent < c->out_body_len)
        return STEP_WAIT;
    free(c->out_head);
    free(c->out_body_owned);
    c->out_head = c->out_body_owned = NULL;
    c->out_body = NULL;
    c->out_head_len = c->out_head_sent = c->out_body_len = c->out_body_sent = 0;
    c->want_out = false;
    return STEP_MORE;
}

/* After an answer that said "Connection: close": stop sending, read and
 * drop what the client still sends, close at its end or LINGER_MS. */
static step start_linger(worker *w, conn *c)
{
    shutdown(c->fd, SHUT_WR);
    c->state = CONN_LINGER;
    c->linger_ms = w->now_ms;
    if (!c->borrowed)
        free(c->in);
    c->in = NULL;
    c->in_len = c->in_cap = 0;
    c->borrowed = false;
    return STEP_WAIT;
}

/* ---- answers sent when the pass ends ---------------------------------------------- */

/* An answer made during a pass over epoll's events waits until the pass
 * ends (conn_send_deferred), or until the pass has run DEFER_MAX_NS: its
 * head in the worker's heads buffer (once that is full, answers go at
 * once), its body in c. Why: when the clients share the server's cores
 * (the benchmark's wrk and two workers on two cores, issue 37), an answer
 * sent the moment it is made wakes the client for that answer alone, and
 * the client and the worker take turns on a core, each evicting the
 * other's caches; the answers of a pass sent one after the other find the
 * client awake. Measured (bench/README.md, issue
 * 37, round 6): placements 8% less CPU a request, server and wrk together.
 * Redis sends its replies the same way, before it sleeps
 * (handleClientsWithPendingWrites). */
static step defer_answer(worker *w, conn *c, const char *head, size_t head_len,
                         const char *body, size_t body_len, char *owned)
{
    /* The pass's heads fill the buffer: this answer goes at once. (Not
     * the others first: sending them serves their pipelined requests,
     * whose heads are composed where this one still is.) */
    if (head_len > sizeof w->heads - w->heads_len)
        return send_answer(w, c, head, head_len, body, body_len, owned);
    memcpy(w->heads + w->heads_len, head, head_len);
    c->deferred_at = w->heads_len;
    c->deferred_len = head_len;
    w->heads_len += head_len;
    c->out_body = body;
    c->out_body_owned = owned;
    c->out_body_len = body_len;
    c->out_body_sent = 0;
    c->deferred = true;
    c->more_input = true;         /* until serve_events() knows better */
    c->deferred_next = NULL;
    if (w->deferred == NULL)
        w->deferred_since_ns = now_ns();
    *w->deferred_tail = c;
    w->deferred_tail = &c->deferred_next;
    return STEP_WAIT;
}

/* Send c's deferred answer and go on as after any answer: close, or its
 * pipelined requests, then its socket. */
static void send_deferred(worker *w, conn *c)
{
    const char *body = c->out_body;
    char *owned = c->out_body_owned;
    size_t len = c->out_body_len;
    c->out_body = c->out_body_owned = NULL;
    c->out_body_len = 0;
    step r = send_answer(w, c, w->heads + c->deferred_at, c->deferred_len, body, len, owned);
    if (r == STEP_MORE && c->close_after)
        start_linger(w, c);
    else if (r == STEP_MORE)
        conn_run(w, c, c->more_input ? EPOLLIN : 0);
}

void conn_send_deferred(worker *w)
{
    bool deferring = w->deferring;
    w->deferring = false;         /* pipelined requests served now are answered at once */
    conn *c;
    while ((c = w->deferred) != NULL) {
        undefer(w, c);
        send_deferred(w, c);
    }
    w->heads_len = 0;
    w->deferring = deferring;
}

/* Read until the socket is empty (edge-triggered), at most 1 MiB per event:
 * past that the linger deadline closes it anyway. */
static bool linger_read(worker *w, conn *c)
{
    for (int i = 0; i < 64; i++) {
        ssize_t n = recv(c->fd, w->scratch, sizeof w->scratch, MSG_DONTWAIT);
        if (n > 0)
            continue;
        if (n < 0 && (errno == EAGAIN || errno == EWOULDBLOCK || errno == EINTR))
            return true;
        conn_close(w, c);         /* the client's end, or an error */
        return false;
    }
    return true;
}

/* ---- composing an answer ------------------------------------------------------------- */

/* Text appended to a buffer, cut at its room. Every answer's head and
 * access-log line is made here: memcpy and digits, no printf (whose
 * format parsing cost more than the rest of a healthz answer together). */
typedef struct {
    char *buf;
    size_t room, len;
} head_text;

/* What fits of s, when not all of it does. */
static void add_cut(head_text *h, const char *s, size_t n)
{
    memcpy(h->buf + h->len, s, h->room - h->len < n ? h->room - h->len : n);
    h->len = h->room - h->len < n ? h->room : h->len + n;
}

/* The copy of a whole piece on its own, so that a literal's (ADD) is a few
 * moves: cut to the room, its length is unknown and it is copied a byte
 * at a time (66 iterations for the two fixed headers). */
static inline void add(head_text *h, const char *s, size_t n)
{
    if (n > h->room - h->len) {
        add_cut(h, s, n);
        return;
    }
    memcpy(h->buf + h->len, s, n);
    h->len += n;
}
#define ADD(h, lit) add(h, lit, sizeof(lit) - 1)

static void add_str(head_text *h, const char *s)
{
    add(h, s, strlen(s));
}

static void add_uint(head_text *h, uint64_t v)
{
    char digits[20];
    size_t i = sizeof digits;
    do
        digits[--i] = (char)('0' + v % 10);
    while ((v /= 10) != 0);
    add(h, digits + i, sizeof digits - i);
}

/* The length of a header's name or value, or SIZE_MAX when it holds a
 * control byte (a header a handler added must not split the head). */
static size_t header_len(const char *s)
{
    size_t n = 0;
    for (; s[n]; n++)
        if ((unsigned char)s[n] < 0x20 || s[n] == 0x7f)
            return SIZE_MAX;
    return n;
}

static void refresh_date(worker *w)
{
    struct timespec now;
    clock_gettime(CLOCK_REALTIME, &now);
    if (now.tv_sec == w->date_sec)
        return;
    struct tm tm;
    gmtime_r(&now.tv_sec, &tm);
    w->date_len = strftime(w->date, sizeof w->date, "Date: %a, %d %b %Y %H:%M:%S GMT\r\n", &tm);
    w->date_sec = now.tv_sec;
}

/* "name: value" and its line end, of the given lengths. */
static void add_header(head_text *h, const char *name, size_t n, const char *value, size_t v)
{
    add(h, name, n);
    ADD(h, ": ");
    add(h, value, v);
    ADD(h, "\r\n");
}

/* A handler's header, left out when either part is unsafe: each scanned
 * once, for its safety and its length together. */
static void add_checked_header(head_text *h, const char *name, const char *value)
{
    size_t n = header_len(name), v = header_len(value);
    if (n != SIZE_MAX && v != SIZE_MAX)
        add_header(h, name, n, value, v);
}

/* The status line and headers of res into w->scratch; returns the length. */
static size_t compose(worker *w, const svc_response *res, size_t body_len, bool close,
                      bool keep_alive_10)
{
    refresh_date(w);
    head_text h = { w->scratch, sizeof w->scratch - 1, 0 };
    ADD(&h, "HTTP/1.1 ");
    add_uint(&h, (unsigned)res->status);
    ADD(&h, " ");
    add_str(&h, h1_reason(res->status));
    ADD(&h, "\r\n");
    add(&h, w->date, w->date_len);
    if (res->status != 204) {
        const char *type = res->content_type ? res->content_type : "application/octet-stream";
        add_header(&h, "Content-Type", sizeof "Content-Type" - 1, type, strlen(type));
        ADD(&h, "Content-Length: ");
        add_uint(&h, body_len);
        ADD(&h, "\r\n");
    }
    ADD(&h, "X-Content-Type-Options: nosniff\r\nAccess-Control-Allow-Origin: *\r\n");
    if (res->allow[0])
        add_checked_header(&h, "Allow", res->allow);
    for (int i = 0; i < res->nheaders; i++)
        add_checked_header(&h, res->headers[i].name, res->headers[i].value);
    if (close)
        ADD(&h, "Connection: close\r\n");
    else if (keep_alive_10)
        ADD(&h, "Connection: keep-alive\r\n");
    ADD(&h, "\r\n");
    return h.len;
}

/* Send res (its body taken) and settle what follows: STEP_MORE to go on
 * with the next request, STEP_WAIT, or STEP_CLOSED. */
static step respond(worker *w, conn *c, svc_response *res, bool close, bool head_only,
                    bool keep_alive_10)
{
    const char *body = res->body ? res->body : res->static_body;
    size_t len = body ? res->len : 0;
    size_t head_len = compose(w, res, len, close, keep_alive_10);
    char *owned = res->body;
    res->body = NULL;
    if (head_only || res->status == 204) {
        free(owned);
        owned = NULL;
        len = 0;
    }
    c->close_after = close;
    step r = (w->deferring ? defer_answer : send_answer)(w, c, w->scratch, head_len,
                                                        len ? body : NULL, len, owned);
    if (r == STEP_MORE && close)
        return start_linger(w, c);
    return r;
}

/* ---- what operators see: metrics and the access log -------------------------- */

static uint64_t elapsed_us(const struct timespec *start)
{
    struct timespec now;
    clock_gettime(CLOCK_MONOTONIC, &now);
    int64_t ns = (int64_t)(now.tv_sec - start->tv_sec) * 1000000000 + (now.tv_nsec - start->tv_nsec);
    return ns > 0 ? (uint64_t)ns / 1000 : 0;
}

static bool json_plain(unsigned char c)
{
    return c >= 0x20 && c != 0x7f && c != '"' && c != '\\';
}

/* Append s, at most max bytes of it, as the inside of a JSON string (the
 * client chose them: quotes and control bytes are escaped). Runs of plain
 * bytes (a whole method or path, nearly always) go in one copy. */
static void add_json(head_text *h, const char *s, size_t max)
{
    static const char hex[] = "0123456789abcdef";
    size_t i = 0;
    while (i < max && s[i] != '\0') {
        size_t run = i;
        while (run < max && s[run] != '\0' && json_plain((unsigned char)s[run]))
            run++;
        add(h, s + i, run - i);
        if (run == max || s[run] == '\0')
            return;
        unsigned char c = (unsigned char)s[run];
        if (c == '"' || c == '\\') {
            char esc[2] = { '\\', (char)c };
            add(h, esc, 2);
        } else {
            char esc[6] = { '\\', 'u', '0', '0', hex[c >> 4], hex[c & 15] };
            add(h, esc, 6);
        }
        i = run + 1;
    }
}

/* The start of a line up to the current second:
 * {"ts":"2026-11-27T16:22:09. -- made once a second. */
static void refresh_stamp(worker *w, const struct timespec *now)
{
    if (now->tv_sec == w->log_sec && w->log_stamp_len > 0)
        return;
    struct tm tm;
    gmtime_r(&now->tv_sec, &tm);
    int n = snprintf(w->log_stamp, sizeof w->log_stamp,
                     "{\"ts\":\"%04d-%02d-%02dT%02d:%02d:%02d.", tm.tm_year + 1900,
                     tm.tm_mon + 1, tm.tm_mday, tm.tm_hour, tm.tm_min, tm.tm_sec);
    w->log_stamp_len = n > 0 && (size_t)n < sizeof w->log_stamp ? (size_t)n : 0;
    w->log_sec = now->tv_sec;
}

void conn_flush_log(worker *w)
{
    if (w->log_len == 0)
        return;
    ssize_t wr = write(STDERR_FILENO, w->log, w->log_len);
    (void)wr;                                       /* nowhere to report a failed log write */
    w->log_len = 0;
}

/* One JSON line per request, kept in w->log until the worker's loop pass
 * ends (conn_flush_log): one write(2) for every request of the pass, where
 * a write per request cost as much as the rest of a healthz answer. Lines
 * are whole in each write, at most LOG_BUF_SIZE (PIPE_BUF) bytes, so lines
 * from different threads never interleave, on a file or a pipe. */
static void access_log(worker *w, const char *method, const char *url, int status,
                       size_t bytes, uint64_t us)
{
    if (sizeof w->log - w->log_len < LOG_LINE_MAX)
        conn_flush_log(w);
    struct timespec now;
    clock_gettime(CLOCK_REALTIME, &now);
    refresh_stamp(w, &now);
    head_text h = { w->log + w->log_len, LOG_LINE_MAX, 0 };
    add(&h, w->log_stamp, w->log_stamp_len);
    char ms[3] = { (char)('0' + now.tv_nsec / 100000000), (char)('0' + now.tv_nsec / 10000000 % 10),
                   (char)('0' + now.tv_nsec / 1000000 % 10) };
    add(&h, ms, 3);
    ADD(&h, "Z\",\"method\":\"");
    add_json(&h, method, 16);
    ADD(&h, "\",\"path\":\"");
    add_json(&h, url, LOG_PATH_MAX);
    ADD(&h, "\",\"status\":");
    add_uint(&h, (unsigned)status);
    ADD(&h, ",\"bytes\":");
    add_uint(&h, bytes);
    ADD(&h, ",\"us\":");
    add_uint(&h, us);
    ADD(&h, "}\n");
    h.buf[h.len - 1] = '\n';                        /* a cut line still ends */
    w->log_len += h.len;
}

/* Count and log one answered request (route: its metrics_route()). */
static void observe(worker *w, const conn *c, int route, const char *method, const char *url,
                    int status, size_t bytes)
{
    uint64_t us = elapsed_us(&c->started);
    metrics_record(w->s->metrics, route, status, us);
    /* Only this worker writes it; others read it (balance). */
    atomic_store_explicit(&w->served, atomic_load_explicit(&w->served, memory_order_relaxed) + 1,
                          memory_order_relaxed);
    if (w->s->access_log)
        access_log(w, method, url, status, bytes, us);
}

/* ---- the answers this layer makes ---------------------------------------------- */

/* A 413 for POST /mcp? With the head parsed, its target says; a head
 * refused for its Content-Length was not kept, but its request line was
 * read in place ("POST\0/mcp\0..." after any leading CRLF). */
static bool mcp_body_refused(const conn *c, bool parsed)
{
    if (parsed)
        return mcp_http_target(c->in + c->head.target, strlen(c->in + c->head.target));
    size_t i = 0;
    while (i < c->in_len && (c->in[i] == '\r' || c->in[i] == '\n'))
        i++;
    return c->in_len - i > 9 && memcmp(c->in + i, "POST", 4) == 0 &&
           (c->in[i + 4] == '\0' || c->in[i + 4] == ' ') &&
           mcp_http_target(c->in + i + 5, c->in_len - i - 5);
}

/* A problem answer in English, then close. The head may not have been
 * parsed: the log then says "-" for method and path. */
static step refuse(worker *w, conn *c, int status, const char *title, const char *detail,
                   bool parsed)
{
    svc_response res;
    memset(&res, 0, sizeof res);
    svc_fail(&res, status, "", title, "%s", detail);
    svc_add_header(&res, "Content-Language", "en");
    if (status == 503)
        svc_add_header(&res, "Retry-After", "1");
    if (status == 413 && mcp_body_refused(c, parsed))
        mcp_http_refusal(&res);   /* POST /mcp's clients read JSON-RPC */
    const char *method = parsed ? c->in + c->head.method : "-";
    const char *url = parsed ? c->in + c->head.target : "-";
    observe(w, c, metrics_route(url), method, url, res.status, res.len);
    step r = respond(w, c, &res, true, false, false);
    svc_response_free(&res);
    return r;
}

/* 413 for a body over the limit, refused before it was read whole (its
 * head is): worded by the dispatcher as its own 413, in the request's
 * language (lang=, else Accept-Language) and labelled with it. Then close. */
static step refuse_too_large(worker *w, conn *c)
{
    const char *method = c->in + c->head.method;
    const char *target = c->in + c->head.target;
    svc_request req = {
        .method = method,
        .path = target,
        .accept_language = h1_str(c->in, c->head.accept_language),
    };
    svc_response res;
    svc_refuse_too_large(w->s->ctx, &req, &res);
    observe(w, c, metrics_route(target), method, target, res.status, res.len);
    step r = respond(w, c, &res, true, false, false);
    svc_response_free(&res);
    return r;
}

/* One of the answers made at start (no memory needed), then close. */
static step refuse_prepared(worker *w, conn *c, const svc_response *prepared)
{
    svc_response res = *prepared;   /* static body: nothing to free */
    return respond(w, c, &res, true, false, false);
}

/* GET /metrics: the exposition text, or 503 if memory runs out; another
 * method gets 405 like any known path. */
static void answer_metrics(http_server *s, const char *method, svc_response *res)
{
    memset(res, 0, sizeof *res);
    if (strcmp(method, "GET") != 0 && strcmp(method, "HEAD") != 0) {
        svc_fail(res, 405, "", "Method not allowed", "/metrics answers GET, HEAD, not %.16s",
                 method);
        snprintf(res->allow, sizeof res->allow, "GET, HEAD");
        return;
    }
    res->content_type = "text/plain; version=0.0.4; charset=utf-8";
    if (metrics_render(s->metrics, &res->body, &res->len))
        res->status = 200;
    else
        *res = s->no_memory;
}

/* ---- shedding ------------------------------------------------------------------------ */

/* A connection over a limit: answer 503 at once, without reading its
 * request, then linger so the client reads the answer rather than a reset.
 * Only max_lingering such connections are kept at once; past that the
 * answer is written once and the socket closed. */
void conn_shed(worker *w, int fd, metrics_shed_reason why)
{
    http_server *s = w->s;
    metrics_shed(s->metrics, why);
    const svc_response *ans = why == METRICS_SHED_LIMIT ? &s->busy
                            : why == METRICS_SHED_ADDRESS ? &s->crowded : &s->no_memory;
    peer_key none;
    memset(&none, 0, sizeof none);
    conn *c = NULL;
    if (atomic_fetch_add(&s->lingering, 1) < s->max_lingering)
        c = conn_new(w, fd, &none, false);
    if (c != NULL) {
        clock_gettime(CLOCK_MONOTONIC, &c->started);
        refuse_prepared(w, c, ans);
        return;
    }
    atomic_fetch_sub(&s->lingering, 1);
    ssize_t got = recv(fd, w->scratch, sizeof w->scratch, MSG_DONTWAIT);
    (void)got;                    /* what it sent is dropped */
    svc_response res = *ans;
    size_t head_len = compose(w, &res, res.len, true, false);
    struct iovec iov[2] = { { w->scratch, head_len }, { (void *)res.static_body, res.len } };
    struct msghdr msg = { .msg_iov = iov, .msg_iovlen = 2 };
    ssize_t sent = sendmsg(fd, &msg, MSG_NOSIGNAL | MSG_DONTWAIT);
    (void)sent;
    shutdown(fd, SHUT_WR);
    close(fd);
}

void conn_admit(worker *w, const handed_conn *h)
{
    http_server *s = w->s;
    conn *c = conn_new(w, h->fd, &h->peer, true);
    if (c == NULL) {
        if (h->moved)
            metrics_connections(s->metrics, -1);   /* counted where it was first admitted */
        peers_remove(s->peers, &h->peer);
        atomic_fetch_sub(&s->open, 1);
        atomic_fetch_sub(&w->load, 1);
        conn_shed(w, h->fd, METRICS_SHED_MEMORY);
        return;
    }
    if (h->moved) {                 /* already counted, its socket set up */
        c->served = h->served;
        c->last_io_ms = h->last_io_ms;
        return;
    }
    metrics_connections(s->metrics, 1);
    int one = 1;
    setsockopt(h->fd, IPPROTO_TCP, TCP_NODELAY, &one, sizeof one);
}

bool conn_release(worker *w, conn *c, handed_conn *h)
{
    if (!c->counted || c->job != NULL || c->state != CONN_HEAD || c->in_len != 0 ||
        c->in != NULL || c->want_out || c->deferred ||
        epoll_ctl(w->epfd, EPOLL_CTL_DEL, c->fd, NULL) != 0)
        return false;
    unlink_conn(w, c);
    atomic_fetch_sub(&w->load, 1);
    *h = (handed_conn){ .fd = c->fd, .peer = c->peer, .moved = true, .served = c->served,
                        .last_io_ms = c->last_io_ms };
    free(c);
    return true;
}

/* ---- reading ------------------------------------------------------------------------- */

/* Room for at least need bytes in c->in (never past IN_MAX); a borrowed
 * buffer becomes the connection's own. */
static bool reserve(conn *c, size_t need)
{
    if (need <= c->in_cap)
        return true;
    if (need > IN_MAX)
        return false;
    size_t cap = IN_FIRST;
    while (cap < need)
        cap *= 2;
    if (cap > IN_MAX)
        cap = IN_MAX;
    char *grown = c->borrowed ? malloc(cap) : realloc(c->in, cap);
    if (grown == NULL)
        return false;
    if (c->borrowed && c->in_len > 0)
        memcpy(grown, c->in, c->in_len);
    c->in = grown;
    c->in_cap = cap;
    c->borrowed = false;
    return true;
}

/* Before the worker turns to another connection: bytes still in the
 * worker's read buffer (a request not yet whole) move to the
 * connection's own. False if out of memory (then answered 503). */
static bool settle(worker *w, conn *c)
{
    if (!c->borrowed)
        return true;
    if (c->in_len == 0) {
        c->in = NULL;
        c->in_cap = 0;
        c->borrowed = false;
        return true;
    }
    /* Room for the whole body when its length is known, else twice what
     * has come. */
    size_t want = c->state == CONN_BODY && c->head.body == H1_BODY_LENGTH
                ? c->head.head_len + (size_t)c->head.content_length + 1 : 2 * c->in_len;
    if (want < IN_FIRST)
        want = IN_FIRST;
    char *own = malloc(want);
    if (own != NULL) {
        memcpy(own, c->in, c->in_len);
        c->in = own;
        c->in_cap = want;
        c->borrowed = false;
        return true;
    }
    c->in = NULL;
    c->in_len = c->in_cap = 0;
    c->borrowed = false;
    if (c->deferred || c->want_out) {
        /* An answer is on its way and another cannot overtake it: the
         * connection closes after it (the pipelined bytes are lost). */
        c->close_after = true;
        return false;
    }
    refuse_prepared(w, c, &w->s->no_memory);
    return false;
}

/* c->in becomes the connection's own if it is the worker's read buffer
 * (a request that outlives this turn of the loop); false if out of memory. */
static bool own_input(conn *c)
{
    if (!c->borrowed)
        return true;
    char *own = malloc(c->in_cap);
    if (own == NULL)
        return false;
    memcpy(own, c->in, c->in_len + 1 <= c->in_cap ? c->in_len + 1 : c->in_len);
    c->in = own;
    c->borrowed = false;
    return true;
}

typedef enum { READ_GOT, READ_NONE, READ_FAILED, READ_NO_MEMORY } read_result;

/* One recv into c->in: the worker's read buffer when the connection has
 * nothing buffered (most requests are read, answered and dropped there,
 * without an allocation), else its own. *more is left true when the read
 * filled all the room (the socket may hold more); a shorter read emptied
 * the socket, and edge-triggered epoll reports the next byte. */
static read_result conn_read(worker *w, conn *c, bool *more)
{
    if (c->in == NULL) {
        c->in = w->rbuf;
        c->in_cap = sizeof w->rbuf;
        c->borrowed = true;
    }
    if (!reserve(c, c->in_len + 1))
        return c->in_len + 1 > IN_MAX ? READ_FAILED : READ_NO_MEMORY;
    size_t room = c->in_cap - c->in_len;
    ssize_t n;
    do
        n = recv(c->fd, c->in + c->in_len, room, 0);
    while (n < 0 && errno == EINTR);
    if (n > 0) {
        if (c->state == CONN_HEAD && c->in_len == 0)
            c->head_ms = w->now_ms;
        c->in_len += (size_t)n;
        c->last_io_ms = w->now_ms;
        *more = (size_t)n == room;
        return READ_GOT;
    }
    *more = false;
    if (n < 0 && (errno == EAGAIN || errno == EWOULDBLOCK))
        return READ_NONE;
    return READ_FAILED;           /* 0: the client closed; or an error */
}

/* ---- framing and dispatch -------------------------------------------------------- */

/* Drop the request that ends at `end` from the buffer; pipelined bytes move
 * to the front. An empty buffer is released (idle connections hold none). */
static void consume(worker *w, conn *c, size_t end)
{
    c->in_len -= end;
    if (c->in_len > 0) {
        memmove(c->in, c->in + end, c->in_len);
        c->head_ms = w->now_ms;
    } else {
        if (!c->borrowed)
            free(c->in);
        c->in = NULL;
        c->in_cap = 0;
        c->borrowed = false;
        c->head_ms = 0;
    }
    c->scanned = 0;
    c->state = CONN_HEAD;
}

/* The request of c->in as the dispatcher reads it. */
static svc_request request_of(const conn *c, size_t body_len)
{
    return (svc_request){
        .method = c->in + c->head.method,
        .path = c->in + c->head.target,
        .body = body_len ? c->in + c->head.head_len : NULL,
        .len = body_len,
        .content_type = h1_str(c->in, c->head.content_type),
        .accept = h1_str(c->in, c->head.accept),
        .accept_language = h1_str(c->in, c->head.accept_language),
        .origin = h1_str(c->in, c->head.origin),
        .mcp_protocol_version = h1_str(c->in, c->head.mcp_protocol_version),
    };
}

/* res answers the request that ends at `end` (whose byte there, `saved`,
 * was replaced by a NUL): count it, log it, send it. */
static step answered(worker *w, conn *c, svc_response *res, size_t end, char saved)
{
    http_server *s = w->s;
    const char *method = c->in + c->head.method;
    const char *target = c->in + c->head.target;
    metrics_in_flight(s->metrics, -1);
    c->in[end] = saved;
    if (res->status == 503)
        svc_add_header(res, "Retry-After", "1");
    observe(w, c, c->route, method, target, res->status, res->len);
    bool head_only = strcmp(method, "HEAD") == 0;
    consume(w, c, end);
    /* Draining: requests already received (pipelined) are answered too;
     * the last answer says close. */
    bool close = !c->head.keep_alive || (atomic_load(&s->draining) && c->in_len == 0);
    bool keep_alive_10 = c->head.minor == 0 && !close;
    c->served = true;
    step r = respond(w, c, res, close, head_only, keep_alive_10);
    svc_response_free(res);
    return r;
}

/* A heavy request goes to the heavy pool (heavy.h); its connection waits
 * for the answer (STEP_WAIT; conn_heavy_done() goes on). The pool reads
 * the request from c->in, so a borrowed buffer becomes the connection's
 * own first. False, with *res the answer, when the pool is full or memory
 * ran out. */
static bool to_heavy_pool(worker *w, conn *c, size_t body_len, size_t end, char saved,
                          svc_response *res)
{
    heavy_job *job = calloc(1, sizeof *job);
    if (job == NULL || !own_input(c)) {
        free(job);
        *res = w->s->no_memory;
        return false;
    }
    *job = (heavy_job){ .w = w, .c = c, .req = request_of(c, body_len),
                        .body_len = body_len, .end = end, .saved = saved };
    c->job = job;
    if (heavy_submit(w->s->heavy, job))
        return true;
    c->job = NULL;
    free(job);
    *res = *heavy_refusal(w->s->heavy);
    return false;
}

/* The request in c->in[0..end) is whole: answer it, or hand it to the
 * heavy pool. */
static step dispatch(worker *w, conn *c, size_t body_len, size_t end)
{
    http_server *s = w->s;
    const char *method = c->in + c->head.method;
    const char *target = c->in + c->head.target;
    /* The body as a C string for the JSON reader; the byte after it may be
     * the next pipelined request, so it is put back afterwards. */
    char saved = c->in[end];
    c->in[end] = '\0';
    svc_response res;
    metrics_in_flight(s->metrics, 1);
    c->route = metrics_route(target);
    if (strcmp(method, "OPTIONS") == 0) {
        res = s->preflight;
    } else if (c->route == s->metrics_route) {
        answer_metrics(s, method, &res);
    } else {
        svc_request req = request_of(c, body_len);
        if (!heavy_is(&req))
            svc_handle(s->ctx, &req, &res);
        else if (to_heavy_pool(w, c, body_len, end, saved, &res))
            return STEP_WAIT;
    }
    return answered(w, c, &res, end, saved);
}

/* A body is still to come: a client that sent Expect: 100-continue waits
 * for the interim answer before sending it. */
static step await_body(worker *w, conn *c)
{
    if (!c->head.expect_continue || c->head.minor == 0 || c->continue_sent)
        return STEP_INPUT;
    static const char go_on[] = "HTTP/1.1 100 Continue\r\n\r\n";
    c->continue_sent = true;
    step r = send_answer(w, c, go_on, sizeof go_on - 1, NULL, 0, NULL);
    return r == STEP_MORE ? STEP_INPUT : r;
}

static step read_chunked(worker *w, conn *c)
{
    h1_error err;
    h1_result r = h1_chunked_decode(&c->chunk, c->in, &c->chunk_in, c->in_len, &c->chunk_out,
                                    SVC_BODY_LIMIT, &c->too_large, &err);
    /* Close the gap between the decoded data and the raw bytes not yet read. */
    size_t tail = c->in_len - c->chunk_in;
    memmove(c->in + c->chunk_out, c->in + c->chunk_in, tail);
    c->in_len = c->chunk_out + tail;
    c->chunk_in = c->chunk_out;
    if (r == H1_ERROR && err.status == 413)
        return refuse_too_large(w, c);
    if (r == H1_ERROR)
        return refuse(w, c, err.status, err.title, err.detail, true);
    if (r == H1_INCOMPLETE)
        return await_body(w, c);
    if (c->too_large)
        return refuse_too_large(w, c);
    if (!reserve(c, c->chunk_out + 1))
        return refuse_prepared(w, c, &w->s->no_memory);
    return dispatch(w, c, c->chunk_out - c->head.head_len, c->chunk_out);
}

/* Make what progress the buffered bytes allow. */
static step advance(worker *w, conn *c)
{
    if (c->state == CONN_HEAD) {
        if (c->in_len == 0)
            return STEP_INPUT;
        h1_error err;
        h1_result r = h1_parse_head(c->in, c->in_len, &c->scanned, SVC_BODY_LIMIT, &c->head, &err);
        if (r == H1_INCOMPLETE)
            return STEP_INPUT;
        clock_gettime(CLOCK_MONOTONIC, &c->started);
        if (r == H1_ERROR && err.head_read && err.status == 413)
            return refuse_too_large(w, c);
        if (r == H1_ERROR)
            return refuse(w, c, err.status, err.title, err.detail, err.head_read);
        c->state = CONN_BODY;
        c->body_ms = w->now_ms;
        c->continue_sent = false;
        c->too_large = false;
        memset(&c->chunk, 0, sizeof c->chunk);
        c->chunk_in = c->chunk_out = c->head.head_len;
        size_t need = c->head.head_len + (size_t)c->head.content_length + 1;
        if (!reserve(c, need))
            return refuse_prepared(w, c, &w->s->no_memory);
        return STEP_MORE;
    }
    switch (c->head.body) {
    case H1_BODY_LENGTH: {
        size_t end = c->head.head_len + (size_t)c->head.content_length;
        if (c->in_len < end)
            return await_body(w, c);
        return dispatch(w, c, (size_t)c->head.content_length, end);
    }
    case H1_BODY_CHUNKED:
        return read_chunked(w, c);
    default:
        return dispatch(w, c, 0, c->head.head_len);
    }
}

/* The work an event allows; false once the connection is closed. */
static bool serve_events(worker *w, conn *c, uint32_t events)
{
    if (c->job != NULL)
        return true;              /* the heavy pool holds its buffer: after the answer */
    if (c->deferred)
        return true;              /* its answer goes first (conn_send_deferred) */
    if (events & EPOLLERR) {
        conn_close(w, c);
        return false;
    }
    bool more = (events & (EPOLLIN | EPOLLRDHUP | EPOLLHUP)) != 0;
    if (c->want_out) {
        step r = flush(w, c);
        if (r != STEP_MORE)
            return r != STEP_CLOSED;
        if (c->close_after) {
            start_linger(w, c);
            return true;
        }
        more = true;              /* an input edge may have come while writing */
    }
    for (;;) {
        if (c->state == CONN_LINGER)
            return !more || linger_read(w, c);
        step r = advance(w, c);
        if (r == STEP_CLOSED)
            return false;
        if (r == STEP_WAIT) {
            c->more_input = more;
            return true;
        }
        if (r == STEP_MORE)
            continue;
        if (!more)
            return true;          /* the socket is empty: its next byte is an event */
        read_result got = conn_read(w, c, &more);
        if (got == READ_NONE)
            return true;
        if (got == READ_NO_MEMORY)
            return refuse_prepared(w, c, &w->s->no_memory) != STEP_CLOSED;
        if (got == READ_FAILED) {
            conn_close(w, c);
            return false;
        }
    }
}

void conn_run(worker *w, conn *c, uint32_t events)
{
    if (serve_events(w, c, events))
        settle(w, c);
}

void conn_heavy_done(worker *w, conn *c)
{
    heavy_job *job = c->job;
    c->job = NULL;
    svc_response res = job->res;
    size_t end = job->end;
    char saved = job->saved;
    free(job);
    w->now_ms = now_ms();
    step r = answered(w, c, &res, end, saved);
    /* Input that came meanwhile was not read (its edge is gone): go on as
     * after a write. */
    if (r == STEP_MORE)
        conn_run(w, c, EPOLLIN);
}

/* ---- deadlines and drain ---------------------------------------------------------- */

static void time_out(worker *w, conn *c, metrics_timeout_phase phase)
{
    metrics_timed_out(w->s->metrics, phase);
    bool parsed = c->state == CONN_BODY;
    if (!parsed)
        clock_gettime(CLOCK_MONOTONIC, &c->started);
    refuse(w, c, 408, "Request timeout",
           phase == METRICS_TIMEOUT_HEADER ? "the request's header block did not arrive in time"
                                           : "the request's body did not arrive in time",
           parsed);
}

void conn_check_deadlines(worker *w, conn *c, uint64_t now)
{
    http_server *s = w->s;
    if (c->job != NULL)
        return;                   /* its request came whole: the pool answers it */
    if (c->state == CONN_LINGER) {
        if (now - c->linger_ms >= LINGER_MS)
            conn_close(w, c);
    } else if (c->want_out || (c->state == CONN_HEAD && c->in_len == 0)) {
        /* A client that stopped reading its answer, or idle between requests. */
        if (now - c->last_io_ms >= s->idle_ms)
            conn_close(w, c);
    } else if (c->state == CONN_HEAD) {
        if (now - c->head_ms >= s->header_ms || now - c->last_io_ms >= s->idle_ms)
            time_out(w, c, METRICS_TIMEOUT_HEADER);
    } else if (now - c->body_ms >= s->request_ms || now - c->last_io_ms >= s->idle_ms) {
        time_out(w, c, METRICS_TIMEOUT_REQUEST);
    }
}

/* The drain began: a connection idle after answering closes now; one that
 * has a request under way, or has not sent its first, is answered (with
 * Connection: close) before the drain deadline. */
void conn_drain(worker *w, conn *c)
{
    if (c->served && c->state == CONN_HEAD && c->in_len == 0 && !c->want_out)
        conn_close(w, c);
}
