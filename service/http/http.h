/* http.h -- the HTTP/1.1 server: the only module that sees a socket.
 *
 * Owns: the listening socket, one epoll loop per worker thread (each
 * accepts and serves its own connections), the connection limit and what
 * happens past it (an immediate 503 problem with Retry-After, never a
 * queue nobody serves), the per-address cap, the deadlines (idle, header
 * block, whole request), where each request runs (a heavy one -- a
 * picture, a whole game -- on the bounded heavy pool, service/http/
 * heavy.h, the others on the worker that read it), and the graceful stop
 * (drain). Requests are
 * framed strictly by service/http/http1.h and answered by svc_handle();
 * around it: GET /metrics (service/http/metrics.h), one JSON access-log
 * line per request on stderr ({"ts","method","path","status","bytes","us"}),
 * CORS (any origin; OPTIONS preflights answered 204). The connection
 * itself lives in service/http/conn.c; the structures in server.h.
 *
 * Signals are the caller's: block SIGTERM/SIGINT/SIGHUP in main *before*
 * http_start() so that no worker thread ever receives them, then sigwait()
 * and call http_stop().
 *
 *   http_start(ctx, cfg, errbuf, n)  bind and serve; NULL + errbuf on failure
 *   http_port(s)                     the bound port (useful with port 0)
 *   http_connection_limit(s)         the limit in force (after RLIMIT_NOFILE)
 *   http_stop(s, drain_ms)           drain, then stop and free: every
 *                                    connection the kernel has accepted is
 *                                    answered (Connection: close) within
 *                                    drain_ms; idle ones close at once
 */
#ifndef HTTP_H
#define HTTP_H

#include <stdbool.h>
#include <stddef.h>

#include "../service.h"

#define HTTP_HEAVY_QUEUE_DEFAULT 16   /* heavy requests that may wait, per replica */

typedef struct {
    const char *host;          /* numeric address or name, e.g. "127.0.0.1", "::" */
    int port;                  /* 0..65535; 0 lets the system pick */
    unsigned threads;          /* worker threads (>= 1) */
    unsigned idle_timeout_s;   /* close idle connections after this; 0 = 10 s */
    unsigned request_timeout_s; /* close a request whose body is still arriving
                                  this long after its headers; 0 = 30 s */
    unsigned header_timeout_s; /* close a connection whose header block is still
                                  arriving this long after its first byte; 0 = 10 s */
    unsigned max_connections;  /* open connections past which new ones get 503;
                                  0 = what RLIMIT_NOFILE allows (at most 100,000) */
    unsigned max_per_address;  /* open connections from one client address;
                                  0 = 90% of the connection limit */
    unsigned heavy_threads;    /* threads answering heavy requests (pictures, whole
                                  games: heavy.h); 0 = half the worker threads,
                                  at least 1 */
    unsigned heavy_queue;      /* heavy requests that may wait for one; past it
                                  503; 0 = HTTP_HEAVY_QUEUE_DEFAULT */
    bool no_access_log;        /* true: no access-log lines on stderr */
} http_config;

typedef struct http_server http_server;

/* ctx must outlive the server. */
http_server *http_start(const svc_context *ctx, const http_config *cfg,
                        char *errbuf, size_t errlen);

int http_port(const http_server *s);

unsigned http_connection_limit(const http_server *s);

void http_stop(http_server *s, unsigned drain_ms);

#endif
