/* test_fuzz_regressions.c -- every input the fuzzers ever broke us with.
 *
 * Each file under fuzz/regressions/<harness>/ is an input that once crashed,
 * hung, leaked or broke the contract in fuzz/fuzz_<harness>.c, or a hostile
 * input kept on purpose (contract section 4: "never crashes, hangs or leaks
 * on any input"). They are replayed exactly as the harness runs them, in the
 * sanitizer build: a crash, a sanitizer report or a leak (CC_SUITE) fails
 * the test, and so does an answer the contract does not allow.
 *
 * The directory is fuzz/regressions relative to the repository root (where
 * `make unit` runs), or $CC_FUZZ_REGRESSIONS. */
#include <dirent.h>
#include <json-c/json.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../../../fuzz/fuzz_http1.h"
#include "../../../fuzz/fuzz_lang.h"
#include "../../../fuzz/fuzz_routes.h"
#include "../../../service/wire/decode.h"
#include "../../../service/mcp/mcp.h"
#include "../../../service/service.h"
#include "../../support/testutil.h"

CC_SUITE(fuzz_regressions);

typedef void replay_fn(const char *name, const uint8_t *data, size_t size);

static const char *regressions_root(void)
{
    const char *dir = getenv("CC_FUZZ_REGRESSIONS");
    return dir ? dir : "fuzz/regressions";
}

static uint8_t *read_whole(const char *path, size_t *size)
{
    FILE *fp = fopen(path, "rb");
    cr_assert_not_null(fp, "cannot open %s", path);
    cr_assert_eq(fseek(fp, 0, SEEK_END), 0);
    long n = ftell(fp);
    cr_assert_geq(n, 0);
    rewind(fp);
    uint8_t *buf = malloc((size_t)n + 1);   /* +1: malloc(0) may be NULL */
    cr_assert_not_null(buf);
    cr_assert_eq(fread(buf, 1, (size_t)n, fp), (size_t)n, "short read of %s", path);
    fclose(fp);
    *size = (size_t)n;
    return buf;
}

/* Replay every regular file of fuzz/regressions/<harness>; returns how many. */
static int replay_dir(const char *harness, replay_fn *replay)
{
    char dir[512];
    snprintf(dir, sizeof dir, "%s/%s", regressions_root(), harness);
    DIR *d = opendir(dir);
    cr_assert_not_null(d, "no regression directory %s (run from the repository root)", dir);
    int n = 0;
    struct dirent *e;
    while ((e = readdir(d)) != NULL) {
        if (e->d_name[0] == '.')
            continue;
        char path[1024];
        snprintf(path, sizeof path, "%s/%s", dir, e->d_name);
        size_t size;
        uint8_t *data = read_whole(path, &size);
        replay(e->d_name, data, size);
        free(data);
        n++;
    }
    closedir(d);
    return n;
}

/* fuzz_decode: parse, decode the position, validate it. A rejection must be
 * a 400 or a 422 with a JSON Pointer (contract section 4). */
static void replay_decode(const char *name, const uint8_t *data, size_t size)
{
    static cc_board board;
    static cc_features features;
    static cc_position pos;
    static dec_lanes lanes;
    jr_doc doc;
    jr_obj root;
    cc_error err;
    memset(&err, 0, sizeof err);
    dec_lanes_init(&lanes, tu_catalog());
    bool ok = dec_parse((const char *)data, size, &lanes, &doc, &root, &err)
              && dec_position(&root, tu_catalog(), &pos, &err)
              && cc_validate(&pos, tu_catalog(), &board, &features, &err);
    jr_doc_free(&doc);
    if (!ok) {
        cr_expect(err.status == CC_ERR_BAD_REQUEST || err.status == CC_ERR_IMPOSSIBLE,
                  "%s: rejected with status %d", name, (int)err.status);
        cr_expect(err.pointer[0] == '\0' || err.pointer[0] == '/',
                  "%s: pointer \"%s\" is not a JSON Pointer", name, err.pointer);
    }
}

/* fuzz_dispatch: the first byte picks the route (fuzz/fuzz_routes.h). */
static void replay_dispatch(const char *name, const uint8_t *data, size_t size)
{
    static const char yaml[] = "openapi: 3.1.0\n";
    static const char html[] = "<!doctype html><title>docs</title>";
    svc_context ctx = {
        .cat = tu_catalog(),
        .openapi_yaml = yaml, .openapi_len = sizeof yaml - 1,
        .docs_html = html, .docs_len = sizeof html - 1,
    };
    if (size == 0)
        return;
    svc_response res;
    fuzz_dispatch_input(&ctx, data, size, &res);
    cr_expect(fuzz_status_allowed(res.status), "%s: status %d", name, res.status);
    cr_expect(res.len == 0 || res.body != NULL || res.static_body != NULL,
              "%s: %zu bytes claimed, no body", name, res.len);
    const char *bad = fuzz_not_utf8(&res);
    cr_expect(bad == NULL, "%s: %s is not valid UTF-8", name, bad);
    svc_response_free(&res);
}

/* fuzz_random_game: the input is the body of POST /v1/games/random. */
static void replay_random_game(const char *name, const uint8_t *data, size_t size)
{
    svc_context ctx = { .cat = tu_catalog() };
    svc_response res;
    svc_dispatch(&ctx, "POST", "/v1/games/random", (const char *)data, size, &res);
    cr_expect(fuzz_status_allowed(res.status), "%s: status %d", name, res.status);
    cr_expect(res.len == 0 || res.body != NULL, "%s: %zu bytes claimed, no body", name, res.len);
    svc_response_free(&res);
}

/* Contract section 4: no input crashes, hangs or leaks the decoder. */
Test(fuzz_regressions, decoder_survives_every_saved_input)
{
    cr_assert_gt(replay_dir("decode", replay_decode), 0, "no saved decoder inputs");
}

/* Contract section 4: every route answers every saved input with a status
 * the contract names, and the next request is served normally. */
Test(fuzz_regressions, every_route_survives_every_saved_input)
{
    cr_assert_gt(replay_dir("dispatch", replay_dispatch), 0, "no saved dispatch inputs");
}

/* Contract section 4: the random-game route answers every saved input with
 * a status the contract names (a bad setup is a 400, never a 500). */
Test(fuzz_regressions, random_games_survive_every_saved_input)
{
    cr_assert_gt(replay_dir("random_game", replay_random_game), 0, "no saved random-game inputs");
}

static void replay_http1(const char *name, const uint8_t *data, size_t size)
{
    cr_expect(fuzz_http1_input(data, size), "%s: a framing invariant broke", name);
}

/* Issue 16: the request framing survives every saved byte stream (the
 * smuggling and malformed-framing cases among them), cut into reads of any
 * size, with its invariants intact. */
Test(fuzz_regressions, http_framing_survives_every_saved_input)
{
    cr_assert_gt(replay_dir("http1", replay_http1), 0, "no saved http1 inputs");
}

/* fuzz_mcp: one MCP message (fuzz/fuzz_mcp.c); the statuses mcp.h names,
 * and a JSON-RPC response exactly when the status is not 202. */
static void replay_mcp(const char *name, const uint8_t *data, size_t size)
{
    svc_context ctx = { .cat = tu_catalog() };
    mcp_reply r;
    mcp_handle(&ctx, (const char *)data, size, &r);
    cr_expect(r.status == 200 || r.status == 202 || r.status == 400, "%s: status %d", name,
              r.status);
    cr_expect((r.status == 202) == (r.body == NULL), "%s: status %d and body", name, r.status);
    if (r.body) {
        json_object *o = json_tokener_parse(r.body);
        cr_expect(o != NULL && json_object_object_get_ex(o, "jsonrpc", NULL), "%s: %.200s", name,
                  r.body);
        json_object_put(o);
    }
    mcp_reply_free(&r);
}

/* Every hostile body, as a whole MCP message and as a tool's arguments, is
 * a JSON-RPC error or a tool result, never a crash or a leak. */
Test(fuzz_regressions, the_mcp_server_survives_every_saved_input)
{
    cr_assert_gt(replay_dir("mcp", replay_mcp), 0, "no saved MCP inputs");
}

/* fuzz_lang: the Accept-Language line, then the lang= value (fuzz/fuzz_lang.h);
 * the hostile headers and values of issue 15 among them (10 kB, 1,000
 * ranges, malformed q, NUL, invalid UTF-8, ../../etc). */
static void replay_lang(const char *name, const uint8_t *data, size_t size)
{
    (void)name;
    fuzz_lang_one(data, size);   /* aborts, failing the test, on a broken invariant */
}

Test(fuzz_regressions, language_negotiation_survives_every_saved_input)
{
    cr_assert_gt(replay_dir("lang", replay_lang), 0, "no saved lang inputs");
}
