/* http.c -- see http.h. The only file that includes microhttpd.h.
 *
 * A request reaches the access handler at least twice (libmicrohttpd
 * 0.9.75): once with the headers, then once per piece of body, then once
 * with no body left. The answer is queued on that last call: queueing a
 * normal answer on the first call makes the library drop keep-alive
 * (engineering-notes.md: 95k req/s against 11.9k). The one exception is a
 * body the Content-Length already declares too large: 413 at once, and the
 * connection closes, so the body is never read.
 *
 * Around svc_dispatch() this file also keeps what operators need and the
 * dispatcher must not: the metrics (service/http/metrics.h, served at GET
 * /metrics), one access-log line per request on stderr, and CORS (every
 * answer allows any origin; an OPTIONS preflight is answered 204 here).
 */
#include "http.h"

#include <errno.h>
#include <microhttpd.h>
#include <netdb.h>
#include <pthread.h>
#include <stdatomic.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <time.h>
#include <unistd.h>

#include "../wire/dynbuf.h"
#include "metrics.h"

#define CONNECTION_MEMORY_LIMIT (64 * 1024)   /* headers and read buffer per connection */
#define CONNECTION_LIMIT 1024
#define DEFAULT_IDLE_TIMEOUT_S 10
/* The idle timeout restarts with every byte, so a client trickling its body
 * a byte at a time would hold a connection for days; a whole-request
 * deadline bounds it. 30 s lets a full 1 MiB body through at 35 KB/s. */
#define DEFAULT_REQUEST_TIMEOUT_S 30
#define CACHE_SLOTS 16
#define LOG_PATH_MAX 200                      /* longer paths are cut in the log */

/* A response built once from a constant body and queued again and again. */
typedef struct {
    const char *body;
    int status;
    const char *content_type;
    struct MHD_Response *response;
} cached_response;

struct http_server {
    struct MHD_Daemon *daemon;
    const svc_context *ctx;
    atomic_bool draining;                  /* after http_stop() began */
    struct MHD_Response *too_large;        /* the early 413 */
    char too_large_body[320];
    struct MHD_Response *preflight;        /* the CORS answer to OPTIONS */
    metrics *metrics;
    bool access_log;
    uint64_t request_timeout_us;           /* whole-request deadline */
    pthread_mutex_t cache_lock;
    int ncached;
    cached_response cache[CACHE_SLOTS];
};

/* One request's state between calls of the access handler. */
typedef struct {
    dbuf body;
    bool too_large;
    struct timespec start;   /* headers received */
} request;

/* ---- responses ------------------------------------------------------------ */

static bool add_headers(struct MHD_Response *r, const svc_response *res, bool close)
{
    if (MHD_add_response_header(r, MHD_HTTP_HEADER_CONTENT_TYPE,
                                res->content_type ? res->content_type : "application/octet-stream") != MHD_YES)
        return false;
    if (res->allow[0] && MHD_add_response_header(r, MHD_HTTP_HEADER_ALLOW, res->allow) != MHD_YES)
        return false;
    /* Stateless and credential-free: any web page may ask. */
    if (MHD_add_response_header(r, MHD_HTTP_HEADER_ACCESS_CONTROL_ALLOW_ORIGIN, "*") != MHD_YES)
        return false;
    if (close && MHD_add_response_header(r, MHD_HTTP_HEADER_CONNECTION, "close") != MHD_YES)
        return false;
    for (int i = 0; i < res->nheaders; i++)
        if (MHD_add_response_header(r, res->headers[i].name, res->headers[i].value) != MHD_YES)
            return false;
    return true;
}

/* The persistent response for a constant body, built on first use. NULL if
 * the cache is full or memory runs out: the caller builds a fresh one. */
static struct MHD_Response *cached_for(http_server *s, const svc_response *res)
{
    struct MHD_Response *r = NULL;
    pthread_mutex_lock(&s->cache_lock);
    for (int i = 0; i < s->ncached && r == NULL; i++) {
        const cached_response *c = &s->cache[i];
        if (c->body == res->static_body && c->status == res->status &&
            c->content_type == res->content_type && res->nheaders == 0 && res->allow[0] == '\0')
            r = c->response;
    }
    if (r == NULL && s->ncached < CACHE_SLOTS && res->allow[0] == '\0' && res->nheaders == 0) {
        r = MHD_create_response_from_buffer(res->len, (void *)res->static_body,
                                            MHD_RESPMEM_PERSISTENT);
        if (r != NULL && !add_headers(r, res, false)) {
            MHD_destroy_response(r);
            r = NULL;
        }
        if (r != NULL)
            s->cache[s->ncached++] = (cached_response){ res->static_body, res->status,
                                                         res->content_type, r };
    }
    pthread_mutex_unlock(&s->cache_lock);
    return r;
}

/* Queue res; takes res->body. */
static enum MHD_Result queue(http_server *s, struct MHD_Connection *c, svc_response *res)
{
    bool draining = atomic_load(&s->draining);
    if (res->static_body != NULL && !draining) {
        struct MHD_Response *r = cached_for(s, res);
        if (r != NULL)
            return MHD_queue_response(c, (unsigned)res->status, r);
    }
    struct MHD_Response *r;
    if (res->static_body != NULL) {
        r = MHD_create_response_from_buffer(res->len, (void *)res->static_body,
                                            MHD_RESPMEM_PERSISTENT);
    } else {
        /* MHD frees the body with free() once sent. */
        r = MHD_create_response_from_buffer(res->len, res->body, MHD_RESPMEM_MUST_FREE);
        if (r != NULL)
            res->body = NULL;
    }
    if (r == NULL)
        return MHD_NO;   /* no memory: the library closes the connection */
    enum MHD_Result ok = add_headers(r, res, draining) ? MHD_queue_response(c, (unsigned)res->status, r)
                                                      : MHD_NO;
    MHD_destroy_response(r);
    return ok;
}

/* ---- what operators see: metrics and the access log -------------------------- */

static uint64_t elapsed_us(const struct timespec *start)
{
    struct timespec now;
    clock_gettime(CLOCK_MONOTONIC, &now);
    int64_t ns = (int64_t)(now.tv_sec - start->tv_sec) * 1000000000 + (now.tv_nsec - start->tv_nsec);
    return ns > 0 ? (uint64_t)ns / 1000 : 0;
}

/* Append s to buf as the inside of a JSON string, at most max bytes of s
 * (the client chose them: quotes and control bytes are escaped). */
static size_t json_escape(char *buf, size_t room, const char *s, size_t max)
{
    size_t n = 0;
    for (size_t i = 0; i < max && s[i] != '\0' && n + 7 < room; i++) {
        unsigned char c = (unsigned char)s[i];
        if (c == '"' || c == '\\') {
            buf[n++] = '\\';
            buf[n++] = (char)c;
        } else if (c < 0x20 || c == 0x7f) {
            n += (size_t)snprintf(buf + n, room - n, "\\u%04x", c);
        } else {
            buf[n++] = (char)c;
        }
    }
    buf[n] = '\0';
    return n;
}

/* One JSON line per request on stderr, written with a single write(2) so
 * lines from different threads never interleave. */
static void access_log(const char *method, const char *url, int status, size_t bytes,
                       uint64_t us)
{
    struct timespec now;
    clock_gettime(CLOCK_REALTIME, &now);
    struct tm tm;
    gmtime_r(&now.tv_sec, &tm);
    char line[3 * LOG_PATH_MAX + 256], m[64], p[6 * LOG_PATH_MAX + 8];
    json_escape(m, sizeof m, method, 16);
    json_escape(p, sizeof p, url, LOG_PATH_MAX);
    int n = snprintf(line, sizeof line,
                     "{\"ts\":\"%04d-%02d-%02dT%02d:%02d:%02d.%03ldZ\",\"method\":\"%s\","
                     "\"path\":\"%s\",\"status\":%d,\"bytes\":%zu,\"us\":%llu}\n",
                     tm.tm_year + 1900, tm.tm_mon + 1, tm.tm_mday, tm.tm_hour, tm.tm_min,
                     tm.tm_sec, now.tv_nsec / 1000000, m, p, status, bytes,
                     (unsigned long long)us);
    if (n > 0) {
        size_t len = (size_t)n < sizeof line ? (size_t)n : sizeof line - 1;
        line[len - 1] = '\n';                       /* a cut line still ends */
        ssize_t w = write(STDERR_FILENO, line, len);
        (void)w;                                    /* nowhere to report a failed log write */
    }
}

/* Count and log one answered request. */
static void observe(http_server *s, const request *rq, const char *method, const char *url,
                    int status, size_t bytes)
{
    uint64_t us = elapsed_us(&rq->start);
    metrics_record(s->metrics, metrics_route(url), status, us);
    if (s->access_log)
        access_log(method, url, status, bytes, us);
}

/* GET /metrics: the exposition text, or 500 if memory runs out; another
 * method gets 405 like any known path. */
static void answer_metrics(http_server *s, const char *method, svc_response *res)
{
    static const char oom[] = "out of memory\n";
    memset(res, 0, sizeof *res);
    if (strcmp(method, MHD_HTTP_METHOD_GET) != 0 && strcmp(method, MHD_HTTP_METHOD_HEAD) != 0) {
        svc_fail(res, MHD_HTTP_METHOD_NOT_ALLOWED, "", "Method not allowed",
                 "/metrics answers GET, HEAD, not %.16s", method);
        snprintf(res->allow, sizeof res->allow, "GET, HEAD");
        return;
    }
    res->content_type = "text/plain; version=0.0.4; charset=utf-8";
    if (metrics_render(s->metrics, &res->body, &res->len)) {
        res->status = 200;
    } else {
        res->status = 500;
        res->static_body = oom;
        res->len = sizeof oom - 1;
    }
}

/* ---- the access handler ---------------------------------------------------- */

static bool declared_too_large(struct MHD_Connection *c)
{
    const char *v = MHD_lookup_connection_value(c, MHD_HEADER_KIND,
                                                MHD_HTTP_HEADER_CONTENT_LENGTH);
    if (v == NULL)
        return false;
    errno = 0;
    char *end;
    unsigned long long n = strtoull(v, &end, 10);
    return errno == ERANGE || n > SVC_BODY_LIMIT;
}

/* The query string as the client sent it. libmicrohttpd splits it off the
 * URL into arguments (left escaped: keep_escapes); the dispatcher wants
 * the text, so join them again. */
typedef struct {
    char *out;
    size_t len;
} query_text;

static enum MHD_Result join_argument(void *cls, enum MHD_ValueKind kind, const char *key,
                                     const char *value)
{
    query_text *q = cls;
    (void)kind;
    size_t klen = strlen(key), vlen = value ? strlen(value) : 0;
    if (q->out != NULL) {
        size_t n = q->len;
        if (n > 0)
            q->out[n++] = '&';
        memcpy(q->out + n, key, klen);
        n += klen;
        if (value != NULL) {
            q->out[n++] = '=';
            memcpy(q->out + n, value, vlen);
            n += vlen;
        }
        q->out[n] = '\0';
        q->len = n;
    } else {
        q->len += (q->len > 0) + klen + (value != NULL) + vlen;
    }
    return MHD_YES;
}

/* A new string (the caller frees it), NULL when there is no query or no
 * memory. */
static char *request_query(struct MHD_Connection *c)
{
    query_text q = { NULL, 0 };
    if (MHD_get_connection_values(c, MHD_GET_ARGUMENT_KIND, join_argument, &q) <= 0)
        return NULL;
    size_t need = q.len + 1;
    q.out = malloc(need);
    if (q.out == NULL)
        return NULL;
    q.out[0] = '\0';
    q.len = 0;
    MHD_get_connection_values(c, MHD_GET_ARGUMENT_KIND, join_argument, &q);
    return q.out;
}

static enum MHD_Result on_request(void *cls, struct MHD_Connection *c, const char *url,
                                  const char *method, const char *version,
                                  const char *upload_data, size_t *upload_data_size,
                                  void **con_cls)
{
    http_server *s = cls;
    request *rq = *con_cls;
    (void)version;
    if (rq == NULL) {
        /* Headers only. */
        rq = malloc(sizeof *rq);
        if (rq == NULL)
            return MHD_NO;
        dbuf_init(&rq->body, SVC_BODY_LIMIT);
        rq->too_large = false;
        clock_gettime(CLOCK_MONOTONIC, &rq->start);
        *con_cls = rq;
        if (declared_too_large(c)) {
            observe(s, rq, method, url, MHD_HTTP_CONTENT_TOO_LARGE, strlen(s->too_large_body));
            return MHD_queue_response(c, MHD_HTTP_CONTENT_TOO_LARGE, s->too_large);
        }
        return MHD_YES;
    }
    if (*upload_data_size != 0) {
        /* Past the deadline: close (MHD_NO), logged as 408; a queued answer
         * would wait for the rest of a body that may never come. */
        if (elapsed_us(&rq->start) > s->request_timeout_us) {
            observe(s, rq, method, url, MHD_HTTP_REQUEST_TIMEOUT, 0);
            return MHD_NO;
        }
        /* A body without Content-Length (chunked) that grows past the limit:
         * keep reading and discarding it, then answer 413. */
        if (!rq->too_large && !dbuf_add(&rq->body, upload_data, *upload_data_size)) {
            rq->too_large = true;
            dbuf_free(&rq->body);
        }
        *upload_data_size = 0;
        return MHD_YES;
    }
    if (rq->too_large) {
        observe(s, rq, method, url, MHD_HTTP_CONTENT_TOO_LARGE, strlen(s->too_large_body));
        return MHD_queue_response(c, MHD_HTTP_CONTENT_TOO_LARGE, s->too_large);
    }
    if (strcmp(method, MHD_HTTP_METHOD_OPTIONS) == 0) {
        observe(s, rq, method, url, MHD_HTTP_NO_CONTENT, 0);
        return MHD_queue_response(c, MHD_HTTP_NO_CONTENT, s->preflight);
    }
    metrics_in_flight(s->metrics, 1);
    svc_response res;
    if (metrics_route(url) == metrics_route("/metrics"))
        answer_metrics(s, method, &res);
    else {
        char *query = request_query(c);
        svc_request req = {
            .method = method,
            .path = url,
            .query = query,
            .body = dbuf_ptr(&rq->body),
            .len = dbuf_len(&rq->body),
            .content_type = MHD_lookup_connection_value(c, MHD_HEADER_KIND,
                                                        MHD_HTTP_HEADER_CONTENT_TYPE),
            .accept = MHD_lookup_connection_value(c, MHD_HEADER_KIND, MHD_HTTP_HEADER_ACCEPT),
            .accept_language = MHD_lookup_connection_value(c, MHD_HEADER_KIND,
                                                           MHD_HTTP_HEADER_ACCEPT_LANGUAGE),
        };
        svc_handle(s->ctx, &req, &res);
        free(query);
    }
    int status = res.status;
    size_t bytes = res.len;
    enum MHD_Result ok = queue(s, c, &res);
    svc_response_free(&res);
    metrics_in_flight(s->metrics, -1);
    observe(s, rq, method, url, status, bytes);
    return ok;
}

static void on_completed(void *cls, struct MHD_Connection *c, void **con_cls,
                         enum MHD_RequestTerminationCode why)
{
    (void)cls;
    (void)c;
    (void)why;
    request *rq = *con_cls;
    if (rq != NULL) {
        dbuf_free(&rq->body);
        free(rq);
        *con_cls = NULL;
    }
}

/* Leave the path as it came: svc_dispatch() decodes a path parameter
 * itself, so an escaped '/' in a tile alias (BA%2FRCr) stays one segment
 * and tests see the same bytes as the server. */
static size_t keep_escapes(void *cls, struct MHD_Connection *c, char *s)
{
    (void)cls;
    (void)c;
    return strlen(s);
}

/* ---- start and stop ---------------------------------------------------------- */

static void free_server(http_server *s)
{
    for (int i = 0; i < s->ncached; i++)
        MHD_destroy_response(s->cache[i].response);
    if (s->too_large)
        MHD_destroy_response(s->too_large);
    if (s->preflight)
        MHD_destroy_response(s->preflight);
    metrics_free(s->metrics);
    pthread_mutex_destroy(&s->cache_lock);
    free(s);
}

static bool make_too_large(http_server *s)
{
    int n = snprintf(s->too_large_body, sizeof s->too_large_body,
                     "{\"type\":\"%sbody-too-large\",\"title\":\"Body too large\",\"status\":413,"
                     "\"detail\":\"the request body is over the limit of %d bytes\",\"pointer\":\"\"}",
                     SVC_PROBLEM_BASE, SVC_BODY_LIMIT);
    s->too_large = MHD_create_response_from_buffer((size_t)n, s->too_large_body,
                                                   MHD_RESPMEM_PERSISTENT);
    svc_response res = { .content_type = "application/problem+json" };
    /* Close: the client may still be sending the body we refused. */
    return s->too_large != NULL && add_headers(s->too_large, &res, true);
}

/* The answer to every CORS preflight: any origin may GET and POST JSON. */
static bool make_preflight(http_server *s)
{
    s->preflight = MHD_create_response_from_buffer(0, (void *)"", MHD_RESPMEM_PERSISTENT);
    return s->preflight != NULL
        && MHD_add_response_header(s->preflight, MHD_HTTP_HEADER_ACCESS_CONTROL_ALLOW_ORIGIN, "*") == MHD_YES
        && MHD_add_response_header(s->preflight, "Access-Control-Allow-Methods", "GET, POST, OPTIONS") == MHD_YES
        && MHD_add_response_header(s->preflight, "Access-Control-Allow-Headers", "Content-Type") == MHD_YES
        && MHD_add_response_header(s->preflight, "Access-Control-Max-Age", "86400") == MHD_YES;
}

http_server *http_start(const svc_context *ctx, const http_config *cfg,
                        char *errbuf, size_t errlen)
{
    char port[16];
    snprintf(port, sizeof port, "%d", cfg->port);
    struct addrinfo hints = { .ai_family = AF_UNSPEC, .ai_socktype = SOCK_STREAM,
                              .ai_flags = AI_NUMERICSERV };
    struct addrinfo *ai = NULL;
    int gai = getaddrinfo(cfg->host, port, &hints, &ai);
    if (gai != 0) {
        snprintf(errbuf, errlen, "cannot resolve host %s: %s", cfg->host, gai_strerror(gai));
        return NULL;
    }
    http_server *s = calloc(1, sizeof *s);
    if (s == NULL) {
        freeaddrinfo(ai);
        snprintf(errbuf, errlen, "out of memory");
        return NULL;
    }
    s->ctx = ctx;
    s->access_log = !cfg->no_access_log;
    s->request_timeout_us = 1000000ull * (cfg->request_timeout_s ? cfg->request_timeout_s
                                                                  : DEFAULT_REQUEST_TIMEOUT_S);
    atomic_init(&s->draining, false);
    pthread_mutex_init(&s->cache_lock, NULL);
    s->metrics = metrics_new();
    if (s->metrics == NULL || !make_too_large(s) || !make_preflight(s)) {
        freeaddrinfo(ai);
        free_server(s);
        snprintf(errbuf, errlen, "out of memory");
        return NULL;
    }
    unsigned flags = MHD_USE_EPOLL_INTERNAL_THREAD | MHD_USE_ITC | MHD_USE_ERROR_LOG;
    if (ai->ai_family == AF_INET6)
        flags |= MHD_USE_IPv6;
    unsigned threads = cfg->threads ? cfg->threads : 1;
    unsigned timeout = cfg->idle_timeout_s ? cfg->idle_timeout_s : DEFAULT_IDLE_TIMEOUT_S;
    /* No MHD_OPTION_LISTENING_ADDRESS_REUSE: it means SO_REUSEPORT, which
     * would let a second instance share the port silently instead of
     * failing to start (the library sets SO_REUSEADDR by itself). */
    errno = 0;
    s->daemon = MHD_start_daemon(
        flags, (uint16_t)cfg->port, NULL, NULL, on_request, s,
        MHD_OPTION_SOCK_ADDR, ai->ai_addr,
        MHD_OPTION_THREAD_POOL_SIZE, threads,
        MHD_OPTION_CONNECTION_TIMEOUT, timeout,
        MHD_OPTION_CONNECTION_MEMORY_LIMIT, (size_t)CONNECTION_MEMORY_LIMIT,
        MHD_OPTION_CONNECTION_LIMIT, (unsigned)CONNECTION_LIMIT,
        MHD_OPTION_NOTIFY_COMPLETED, on_completed, NULL,
        MHD_OPTION_UNESCAPE_CALLBACK, keep_escapes, NULL,
        MHD_OPTION_END);
    int saved = errno;
    freeaddrinfo(ai);
    if (s->daemon == NULL) {
        snprintf(errbuf, errlen, "cannot listen on %s:%d%s%s", cfg->host, cfg->port,
                 saved ? ": " : "", saved ? strerror(saved) : "");
        free_server(s);
        return NULL;
    }
    return s;
}

int http_port(const http_server *s)
{
    const union MHD_DaemonInfo *info =
        MHD_get_daemon_info(s->daemon, MHD_DAEMON_INFO_BIND_PORT);
    return info ? info->port : -1;
}

static unsigned connections(const http_server *s)
{
    const union MHD_DaemonInfo *info =
        MHD_get_daemon_info(s->daemon, MHD_DAEMON_INFO_CURRENT_CONNECTIONS);
    return info ? info->num_connections : 0;
}

void http_stop(http_server *s, unsigned drain_ms)
{
    if (s == NULL)
        return;
    /* New connections are refused from here on; requests in flight finish,
     * and their answers say "Connection: close" so clients let go. */
    MHD_socket listener = MHD_quiesce_daemon(s->daemon);
    atomic_store(&s->draining, true);
    const struct timespec tick = { 0, 20 * 1000 * 1000 };
    for (unsigned waited = 0; waited < drain_ms && connections(s) > 0; waited += 20)
        nanosleep(&tick, NULL);
    MHD_stop_daemon(s->daemon);
    if (listener != MHD_INVALID_SOCKET)
        close(listener);
    free_server(s);
}
