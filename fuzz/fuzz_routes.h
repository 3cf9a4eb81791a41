/* fuzz_routes.h -- how a fuzz input picks its route (shared by the
 * dispatch harness and tests/service/wire/test_fuzz_regressions.c, so a saved crash
 * replays exactly as it was found).
 *
 * Input format: byte 0 selects.
 *   - FUZZ_EXTRA_BASE + i (0xF0, 0xF1) is fuzz_extra_routes[i] (POST, the
 *     rest is the body).
 *   - FUZZ_RENDER_FIRST..FUZZ_RENDER_LAST (0xE0..0xEF): POST /v1/render with
 *     the request headers and query fuzzed too: the rest of the input is
 *     "Accept\nquery\nbody" (a line that is missing is empty; a NUL in the
 *     Accept line or the query cuts it, as the HTTP layer would).
 *   - Otherwise, modulo FUZZ_NSELECT: an index into fuzz_post_routes (POST,
 *     the rest is the body) or FUZZ_NPOST, which means GET with the rest of
 *     the input as the path (cut at the first NUL and at FUZZ_PATH_MAX - 1
 *     bytes).
 * (Routes added later take byte values no saved input started with, so
 * every input replays as it was found.) */
#ifndef FUZZ_ROUTES_H
#define FUZZ_ROUTES_H

#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include "../service/service.h"
#include "../tests/support/utf8.h"

static const char *const fuzz_post_routes[] = {
    "/v1/validate",   "/v1/placements", "/v1/deployments", "/v1/wagon-moves",
    "/v1/barn-check", "/v1/score",      "/v1/features",    "/v1/turn",
    "/v1/messages/1", "/v1/messages/2", "/v1/messages/3",  "/v1/messages/4",
    "/v1/messages/5", "/v1/messages/6", "/v1/messages/7",  "/v1/messages/8",
};
#define FUZZ_NPOST (sizeof fuzz_post_routes / sizeof fuzz_post_routes[0])
#define FUZZ_NSELECT (FUZZ_NPOST + 1)

/* POST routes added after the corpus was first collected: byte 0 is
 * FUZZ_EXTRA_BASE + i for route i, so every input saved before keeps the
 * route it was found on (no saved input starts with those bytes). */
static const char *const fuzz_extra_routes[] = {
    "/v1/import/jcz", "/v1/export/jcz",
};
#define FUZZ_NEXTRA (sizeof fuzz_extra_routes / sizeof fuzz_extra_routes[0])
#define FUZZ_EXTRA_BASE 0xF0
#define FUZZ_PATH_MAX 512
#define FUZZ_RENDER_FIRST 0xE0
#define FUZZ_RENDER_LAST 0xEF
#define FUZZ_LINE_MAX 512

/* Statuses the contract (and the OpenAPI document) allow any route. */
static inline int fuzz_status_allowed(int s)
{
    return s == 200 || s == 204 || s == 400 || s == 404 || s == 405 || s == 406 || s == 413
        || s == 422;
}

/* Every answer is valid UTF-8 (issue 35): its body, unless it is a PNG,
 * and every header value. Returns NULL, or what is not. */
static inline const char *fuzz_not_utf8(const svc_response *res)
{
    const char *body = res->body ? res->body : res->static_body;
    bool binary = res->content_type && strcmp(res->content_type, "image/png") == 0;
    if (body != NULL && !binary && !tu_utf8_valid(body, res->len))
        return "the body";
    for (int i = 0; i < res->nheaders; i++)
        if (!tu_utf8_valid(res->headers[i].value, strlen(res->headers[i].value)))
            return res->headers[i].name;
    return NULL;
}

/* The next line of [*p, end) into out (NUL-terminated, cut at a NUL byte
 * and at size - 1 bytes); *p moves past the line's '\n' (or to end). */
static inline void fuzz_line(const uint8_t **p, const uint8_t *end, char *out, size_t size)
{
    const uint8_t *nl = memchr(*p, '\n', (size_t)(end - *p));
    const uint8_t *stop = nl ? nl : end;
    size_t n = (size_t)(stop - *p);
    if (n > size - 1)
        n = size - 1;
    memcpy(out, *p, n);
    out[n] = '\0';
    *p = nl ? nl + 1 : end;
}

/* Dispatch one fuzz input (size >= 1) as described above; res is filled by
 * svc_dispatch() and the caller frees it with svc_response_free(). */
static inline void fuzz_dispatch_input(const svc_context *ctx, const uint8_t *data,
                                       size_t size, svc_response *res)
{
    memset(res, 0, sizeof *res);
    if (data[0] >= FUZZ_EXTRA_BASE && data[0] < FUZZ_EXTRA_BASE + FUZZ_NEXTRA) {
        svc_dispatch(ctx, "POST", fuzz_extra_routes[data[0] - FUZZ_EXTRA_BASE],
                     (const char *)data + 1, size - 1, res);
        return;
    }
    if (data[0] >= FUZZ_RENDER_FIRST && data[0] <= FUZZ_RENDER_LAST) {
        const uint8_t *p = data + 1, *end = data + size;
        char accept[FUZZ_LINE_MAX], query[FUZZ_LINE_MAX];
        fuzz_line(&p, end, accept, sizeof accept);
        fuzz_line(&p, end, query, sizeof query);
        svc_request req = { .method = "POST", .path = "/v1/render", .query = query,
                            .body = (const char *)p, .len = (size_t)(end - p),
                            .accept = accept, .content_type = "application/json" };
        svc_handle(ctx, &req, res);
        return;
    }
    size_t pick = data[0] % FUZZ_NSELECT;
    if (pick < FUZZ_NPOST) {
        svc_dispatch(ctx, "POST", fuzz_post_routes[pick], (const char *)data + 1,
                     size - 1, res);
        return;
    }
    /* A path is a C string: cut at the first NUL, as the HTTP layer would. */
    char path[FUZZ_PATH_MAX];
    size_t n = size - 1 < sizeof path - 1 ? size - 1 : sizeof path - 1;
    memcpy(path, data + 1, n);
    path[n] = '\0';
    svc_dispatch(ctx, "GET", path, NULL, 0, res);
}

#endif
