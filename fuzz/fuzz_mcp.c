/* fuzz_mcp.c -- libFuzzer harness: one MCP message through mcp_handle().
 *
 * Owns nothing but the harness. The input is the bytes of one JSON-RPC
 * message, as POST /mcp's body or one line of `carcassonne-rules mcp`; the
 * seeds (tools/fuzz-seed.py) are every method, and every request body of
 * the tests as the arguments of its route's tool, so the fuzzer reaches the
 * envelope, the tool adapter (path parameters, the route call, the answer
 * in sentences), the resources and the prompts.
 *
 * Besides "does not crash or leak" it checks what mcp.h promises: status
 * 200, 202 or 400; a body exactly when the status is not 202, of the stated
 * length, on one line, valid UTF-8 (issue 35), and JSON-RPC 2.0 (jsonrpc
 * "2.0", an id, a result or an error). */
#include <json-c/json.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "fuzz_catalog.h"
#include "../service/mcp/mcp.h"
#include "../service/render/render.h"
#include "../tests/support/utf8.h"

static cc_catalog catalog;
static svc_context ctx;

int LLVMFuzzerInitialize(int *argc, char ***argv)
{
    (void)argc;
    (void)argv;
    fuzz_load_catalog(&catalog, "fuzz_mcp");
    ctx.cat = &catalog;
    /* Tool results carry pictures: the fonts cairo loads are process-wide
     * caches, released before the exit's leak check (not leaks). */
    atexit(rd_release_caches);
    return 0;
}

static void check(const mcp_reply *r)
{
    if (r->status != 200 && r->status != 202 && r->status != 400) {
        fprintf(stderr, "status %d is not one mcp.h names\n", r->status);
        abort();
    }
    if ((r->status == 202) != (r->body == NULL)) {
        fprintf(stderr, "status %d with%s a body\n", r->status, r->body ? "" : "out");
        abort();
    }
    if (r->body == NULL)
        return;
    if (strlen(r->body) != r->len || memchr(r->body, '\n', r->len) != NULL) {
        fprintf(stderr, "the reply is not one line of %zu bytes\n", r->len);
        abort();
    }
    if (!tu_utf8_valid(r->body, r->len)) {
        fprintf(stderr, "the reply is not valid UTF-8 at byte %zu\n", tu_utf8_bad_at(r->body, r->len));
        abort();
    }
    json_object *o = json_tokener_parse(r->body), *v;
    bool ok = o && json_object_object_get_ex(o, "jsonrpc", &v) &&
              strcmp(json_object_get_string(v), "2.0") == 0 &&
              json_object_object_get_ex(o, "id", NULL) &&
              (json_object_object_get_ex(o, "result", NULL) != json_object_object_get_ex(o, "error", NULL));
    json_object_put(o);
    if (!ok) {
        fprintf(stderr, "not a JSON-RPC response: %.300s\n", r->body);
        abort();
    }
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    mcp_reply r;
    mcp_handle(&ctx, (const char *)data, size, &r);
    check(&r);
    mcp_reply_free(&r);
    return 0;
}
