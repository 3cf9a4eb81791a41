/* fuzz_dispatch.c -- libFuzzer harness: every route through svc_dispatch().
 *
 * Owns nothing but the harness. The first input byte picks the route (modulo
 * fuzz_routes.h), the rest is the request body; the last entry instead
 * treats the rest as a GET path, so tile ids and unknown routes are fuzzed
 * too. svc_dispatch() is the pure (method, path, body) -> response function
 * that service/http/http.c calls, so this covers decoding, validation, every
 * question's engine code and the encoder, without sockets.
 *
 * Besides "does not crash or leak" it checks what the contract promises of
 * every answer: a status the contract names and a body of the stated length. */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../service/catalog/catalog_db.h"
#include "../service/service.h"
#include "fuzz_routes.h"

static cc_catalog catalog;
static svc_context ctx;

int LLVMFuzzerInitialize(int *argc, char ***argv)
{
    (void)argc;
    (void)argv;
    char why[256];
    if (!catalog_load_default(&catalog, why, sizeof why)) {
        fprintf(stderr, "fuzz_dispatch: cannot load the catalog: %s\n", why);
        abort();
    }
    /* The document and the page are only served, never parsed: stand-ins
     * keep the harness independent of the build's embedding step. */
    static const char yaml[] = "openapi: 3.1.0\n";
    static const char html[] = "<!doctype html><title>docs</title>";
    ctx.cat = &catalog;
    ctx.openapi_yaml = yaml;
    ctx.openapi_len = sizeof yaml - 1;
    ctx.docs_html = html;
    ctx.docs_len = sizeof html - 1;
    return 0;
}

/* Read the whole body so ASan proves len bytes really are there. */
static void touch_every_byte(const char *body, size_t len)
{
    volatile unsigned char sum = 0;
    for (size_t i = 0; i < len; i++)
        sum ^= (unsigned char)body[i];
    (void)sum;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (size == 0)
        return 0;
    svc_response res;
    fuzz_dispatch_input(&ctx, data, size, &res);

    if (!fuzz_status_allowed(res.status)) {
        fprintf(stderr, "status %d is not one the contract names\n", res.status);
        abort();
    }
    const char *body = res.body ? res.body : res.static_body;
    if (res.len > 0 && body == NULL) {
        fprintf(stderr, "response claims %zu bytes but has no body\n", res.len);
        abort();
    }
    touch_every_byte(body, res.len);
    svc_response_free(&res);
    return 0;
}
