/* fuzz_routes.h -- how a fuzz input picks its route (shared by the
 * dispatch harness and tests/service/wire/test_fuzz_regressions.c, so a saved crash
 * replays exactly as it was found).
 *
 * Input format: byte 0 selects; FUZZ_EXTRA_BASE + i is fuzz_extra_routes[i]
 * (POST); otherwise, modulo FUZZ_NSELECT, it is an index into
 * fuzz_post_routes (POST, the rest is the body) or FUZZ_NPOST, which means
 * GET with the rest of the input as the path (cut at the first NUL and at
 * FUZZ_PATH_MAX - 1 bytes). */
#ifndef FUZZ_ROUTES_H
#define FUZZ_ROUTES_H

#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include "../service/service.h"

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

/* Statuses the contract (and the OpenAPI document) allow any route. */
static inline int fuzz_status_allowed(int s)
{
    return s == 200 || s == 204 || s == 400 || s == 404 || s == 405 || s == 413
        || s == 422;
}

/* Dispatch one fuzz input (size >= 1) as described above; res is filled by
 * svc_dispatch() and the caller frees it with svc_response_free(). */
static inline void fuzz_dispatch_input(const svc_context *ctx, const uint8_t *data,
                                       size_t size, svc_response *res)
{
    size_t pick = data[0] % FUZZ_NSELECT;
    memset(res, 0, sizeof *res);
    if (data[0] >= FUZZ_EXTRA_BASE && data[0] < FUZZ_EXTRA_BASE + FUZZ_NEXTRA) {
        svc_dispatch(ctx, "POST", fuzz_extra_routes[data[0] - FUZZ_EXTRA_BASE],
                     (const char *)data + 1, size - 1, res);
        return;
    }
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
