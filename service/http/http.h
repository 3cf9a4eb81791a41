/* http.h -- the HTTP server: the only module that knows libmicrohttpd.
 *
 * Owns: the daemon (internal polling thread + epoll + a thread pool), the
 * per-request body buffer (bounded by SVC_BODY_LIMIT, 413 early when the
 * Content-Length says so), turning svc_dispatch()'s svc_response into a
 * queued MHD response (persistent responses for constant bodies), and the
 * graceful stop (quiesce, drain, stop). Around the dispatcher: GET /metrics
 * (service/http/metrics.h), one JSON access-log line per request on stderr
 * ({"ts","method","path","status","bytes","us"}), and CORS (any origin;
 * OPTIONS preflights answered 204).
 *
 * Signals are the caller's: block SIGTERM/SIGINT in main *before*
 * http_start() so that no worker thread ever receives them, then sigwait()
 * and call http_stop().
 *
 *   http_start(ctx, cfg, errbuf, n)  bind and serve; NULL + errbuf on failure
 *   http_port(s)                     the bound port (useful with port 0)
 *   http_stop(s, drain_ms)           stop accepting, let requests in flight
 *                                    finish for up to drain_ms, stop, free
 */
#ifndef HTTP_H
#define HTTP_H

#include <stdbool.h>
#include <stddef.h>

#include "../service.h"

typedef struct {
    const char *host;          /* numeric address or name, e.g. "127.0.0.1", "::" */
    int port;                  /* 0..65535; 0 lets the system pick */
    unsigned threads;          /* worker threads (>= 1) */
    unsigned idle_timeout_s;   /* close idle connections after this; 0 = 10 s */
    unsigned request_timeout_s; /* close a request whose body is still arriving
                                  this long after its headers; 0 = 30 s */
    bool no_access_log;        /* true: no access-log lines on stderr */
} http_config;

typedef struct http_server http_server;

/* ctx must outlive the server. */
http_server *http_start(const svc_context *ctx, const http_config *cfg,
                        char *errbuf, size_t errlen);

int http_port(const http_server *s);

void http_stop(http_server *s, unsigned drain_ms);

#endif
