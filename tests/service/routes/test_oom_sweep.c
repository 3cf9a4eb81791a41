/* test_oom_sweep.c -- running out of memory anywhere on a request's path
 * answers 503 (issue 16): SQLite's fault-injection sweep over every route.
 *
 * For one representative request per route of the table (service/routes/
 * routes.h; the first test checks that none is missing), the request is
 * asked once normally, then again with allocation N failing, for N = 1, 2,
 * 3, ... until a run makes fewer than N allocations (so every allocation
 * the request makes has failed once): first with the Nth allocation alone
 * failing (memory comes back at once), then with the Nth and every later one
 * failing (memory stays exhausted, so the error path itself gets none).
 * Every answer must be either the normal answer, byte for byte, or the
 * out-of-memory problem: status 503, application/problem+json, a JSON body
 * whose type is .../problems/out-of-memory and status 503, and Retry-After.
 * Never a crash (ASan/UBSan abort the test), never another status, never a
 * leak (the suite's fini runs LeakSanitizer after each test, so a leak on
 * any error path fails the route's test).
 *
 * What fails: every malloc, calloc, realloc, strdup and strndup made by our
 * own objects -- the engine, the dispatcher, the decoders, the encoders, the
 * JSON writer, the renderer's own structures, the saved-game reader and
 * writer (tests/support/failalloc.h). Not failed: allocations made inside
 * shared libraries (libc's own, json-c's, cairo's, libpng's, fontconfig's),
 * which the linker cannot redirect; the HTTP layer (service/http/) is not on
 * this path and answers its own running out of memory with a prepared 503.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include <criterion/criterion.h>
#include <criterion/parameterized.h>
#include <json-c/json.h>

#include "../../../service/routes/routes.h"
#include "../../../service/service.h"
#include "../../../service/wire/json_reader.h"
#include "../../support/failalloc.h"
#include "../../support/testutil.h"

CC_SUITE(oom_sweep);

#define JCZ_GAME "tests/service/jcz/games/wagon.jcz"
#define MAX_ALLOCATIONS 200000     /* a request that makes more is a runaway */

static const char pos_score[] =
    "{\"players\":[\"red\",\"blue\"],"
    "\"tiles\":[{\"tile\":\"base.D\",\"x\":0,\"y\":0,\"rot\":0},"
    "{\"tile\":\"base.E\",\"x\":0,\"y\":-1,\"rot\":180}],"
    "\"figures\":[{\"player\":\"red\",\"kind\":\"meeple\",\"x\":0,\"y\":-1,\"at\":\"S\"}]}";

#define POS3 "{\"position\":{\"expansions\":[\"messages\"],\"players\":[\"red\",\"blue\"]," \
    "\"tiles\":[{\"tile\":\"base.D\",\"x\":0,\"y\":0,\"rot\":0},{\"tile\":\"base.U\",\"x\":1,\"y\":0,\"rot\":0}," \
    "{\"tile\":\"base.E\",\"x\":0,\"y\":-1,\"rot\":180}],\"figures\":[{\"player\":\"red\",\"kind\":\"meeple\"," \
    "\"x\":0,\"y\":0,\"at\":\"N\"},{\"player\":\"blue\",\"kind\":\"meeple\",\"x\":1,\"y\":0,\"at\":\"E\"}]}"

/* One representative request. body NULL: a GET; body "@file": read it. */
typedef struct {
    const char *method;
    const char *path;
    const char *accept;
    const char *body;
    int status;           /* the normal answer's status */
} sweep_case;

static const sweep_case cases[] = {
    { "GET", "/healthz", NULL, NULL, 200 },
    { "GET", "/openapi.yaml", NULL, NULL, 200 },
    { "GET", "/docs", NULL, NULL, 200 },
    { "GET", "/explore", NULL, NULL, 200 },
    { "GET", "/problems", NULL, NULL, 200 },
    { "GET", "/problems/edges-do-not-match", NULL, NULL, 200 },
    { "GET", "/v1/rules", NULL, NULL, 200 },
    { "GET", "/v1/rules/base.placement.edges", NULL, NULL, 200 },
    { "GET", "/v1/tiles", NULL, NULL, 200 },
    { "GET", "/v1/languages", NULL, NULL, 200 },
    { "GET", "/v1/tiles/BA%2FRCr", NULL, NULL, 200 },
    { "POST", "/v1/validate", NULL,
      "{\"position\":{\"players\":[\"red\",\"blue\"],\"tiles\":[{\"tile\":\"base.D\",\"x\":0,\"y\":0,\"rot\":0},"
      "{\"tile\":\"base.E\",\"x\":0,\"y\":-1,\"rot\":180},{\"tile\":\"base.U\",\"x\":1,\"y\":0,\"rot\":0}],"
      "\"figures\":[{\"player\":\"red\",\"kind\":\"meeple\",\"x\":0,\"y\":0,\"at\":\"N\"},"
      "{\"player\":\"blue\",\"kind\":\"meeple\",\"x\":1,\"y\":0,\"at\":\"E\"}]}}", 200 },
    { "POST", "/v1/describe", NULL, POS3 "}", 200 },
    { "POST", "/mcp", NULL, "{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"tools/list\"}", 200 },
    { "POST", "/mcp", NULL, "{\"jsonrpc\":\"2.0\",\"id\":2,\"method\":\"tools/call\",\"params\":"
      "{\"name\":\"validate_position\",\"arguments\":" POS3 "}}}", 200 },
    /* The same in another language (issue 15): the page with its label table
     * translated, a description in Czech, the tools listed in German, a tool's
     * answer in German sentences. */
    { "GET", "/explore?lang=de", NULL, NULL, 200 },
    { "POST", "/v1/describe?lang=cs", NULL, POS3 "}", 200 },
    { "POST", "/mcp?lang=de", NULL, "{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"tools/list\"}", 200 },
    { "POST", "/mcp?lang=de", NULL, "{\"jsonrpc\":\"2.0\",\"id\":2,\"method\":\"tools/call\",\"params\":"
      "{\"name\":\"validate_position\",\"arguments\":" POS3 "}}}", 200 },
    { "POST", "/v1/placements", NULL,
      "{\"position\":{\"players\":[\"red\",\"blue\"],\"tiles\":[{\"tile\":\"base.D\",\"x\":0,\"y\":0,\"rot\":0}],"
      "\"figures\":[]},\"tile\":\"base.A\"}", 200 },
    { "POST", "/v1/features", NULL, POS3 "}", 200 },
    { "POST", "/v1/deployments", NULL,
      "{\"position\":{\"expansions\":[\"hills-sheep\"],\"players\":[\"red\",\"blue\"],\"tiles\":["
      "{\"tile\":\"base.D\",\"x\":0,\"y\":0,\"rot\":0},{\"tile\":\"base.E\",\"x\":0,\"y\":-1,\"rot\":180}],"
      "\"figures\":[]},\"x\":0,\"y\":-1}", 200 },
    { "POST", "/v1/wagon-moves", NULL,
      "{\"position\":{\"expansions\":[\"abbey-mayor\"],\"players\":[\"red\",\"blue\"],\"tiles\":["
      "{\"tile\":\"base.T\",\"x\":0,\"y\":0,\"rot\":0},{\"tile\":\"base.U\",\"x\":0,\"y\":1,\"rot\":90},"
      "{\"tile\":\"base.V\",\"x\":0,\"y\":2,\"rot\":180},{\"tile\":\"base.W\",\"x\":1,\"y\":2,\"rot\":0},"
      "{\"tile\":\"base.U\",\"x\":-1,\"y\":2,\"rot\":90}],\"figures\":[{\"player\":\"red\",\"kind\":\"wagon\","
      "\"x\":0,\"y\":2,\"at\":\"N\"}]},\"x\":0,\"y\":2,\"at\":\"E\"}", 200 },
    { "POST", "/v1/barn-check", NULL,
      "{\"position\":{\"expansions\":[\"abbey-mayor\"],\"players\":[\"red\",\"blue\"],\"tiles\":["
      "{\"tile\":\"base.E\",\"x\":0,\"y\":-2,\"rot\":180},{\"tile\":\"base.E\",\"x\":0,\"y\":-1,\"rot\":0},"
      "{\"tile\":\"base.B\",\"x\":0,\"y\":0,\"rot\":0},{\"tile\":\"base.B\",\"x\":1,\"y\":0,\"rot\":0},"
      "{\"tile\":\"base.B\",\"x\":0,\"y\":1,\"rot\":0},{\"tile\":\"base.B\",\"x\":1,\"y\":1,\"rot\":0}],"
      "\"figures\":[{\"player\":\"blue\",\"kind\":\"barn\",\"x\":0,\"y\":0,\"at\":\"SE\"}]},"
      "\"x\":1,\"y\":1,\"at\":\"NW\"}", 200 },
    { "POST", "/v1/score", NULL,
      "{\"position\":{\"expansions\":[\"messages\"],\"players\":[\"red\",\"blue\"],\"tiles\":["
      "{\"tile\":\"base.D\",\"x\":0,\"y\":0,\"rot\":0},{\"tile\":\"base.E\",\"x\":0,\"y\":-1,\"rot\":180}],"
      "\"figures\":[{\"player\":\"red\",\"kind\":\"meeple\",\"x\":0,\"y\":-1,\"at\":\"S\"}],"
      "\"scores\":{\"red\":[1,0]}},\"x\":0,\"y\":-1,"
      "\"deployed\":{\"player\":\"red\",\"kind\":\"meeple\",\"x\":0,\"y\":-1,\"at\":\"S\"}}", 200 },
    { "POST", "/v1/score", NULL,   /* the final scoring */
      "{\"position\":{\"expansions\":[\"messages\"],\"players\":[\"red\",\"blue\"],\"tiles\":["
      "{\"tile\":\"base.D\",\"x\":0,\"y\":0,\"rot\":0},{\"tile\":\"base.E\",\"x\":0,\"y\":-1,\"rot\":180}],"
      "\"figures\":[{\"player\":\"red\",\"kind\":\"meeple\",\"x\":0,\"y\":0,\"at\":\"N\"}],"
      "\"scores\":{\"red\":[1,0]}},\"final\":true}", 200 },
    { "POST", "/v1/turn", NULL,
      "{\"position\":{\"expansions\":[\"abbey-mayor\"],\"players\":[\"red\",\"blue\"],"
      "\"tiles\":[{\"tile\":\"base.D\",\"x\":0,\"y\":0,\"rot\":0}],\"figures\":[]},"
      "\"tile\":\"base.E\",\"x\":0,\"y\":-1,\"rot\":180,\"deploy\":{\"kind\":\"wagon\",\"at\":\"S\"},"
      "\"wagons\":[{\"x\":0,\"y\":-1,\"at\":\"S\",\"to\":{\"x\":0,\"y\":0,\"at\":\"E\"}}]}", 200 },
    { "POST", "/v1/messages/1", NULL, POS3 "}", 200 },
    { "POST", "/v1/messages/2", NULL, POS3 "}", 200 },
    { "POST", "/v1/messages/3", NULL, POS3 "}", 200 },
    { "POST", "/v1/messages/4", NULL, POS3 "}", 200 },
    { "POST", "/v1/messages/5", NULL, POS3 "}", 200 },
    { "POST", "/v1/messages/6", NULL, POS3 "}", 200 },
    { "POST", "/v1/messages/7", NULL, POS3 "}", 200 },
    { "POST", "/v1/messages/8", NULL, POS3 ",\"figure\":{\"x\":0,\"y\":0,\"at\":\"N\"}}", 200 },
    { "POST", "/v1/import/jcz", NULL, "@" JCZ_GAME, 200 },
    { "POST", "/v1/export/jcz", NULL,
      "{\"position\":{\"players\":[\"red\",\"blue\"],\"tiles\":[{\"tile\":\"base.D\",\"x\":0,\"y\":0,\"rot\":0}],"
      "\"figures\":[]},\"moves\":[{\"tile\":\"base.E\",\"x\":0,\"y\":-1,\"rot\":180,"
      "\"deploy\":{\"kind\":\"meeple\",\"at\":\"S\"},\"pile_empty\":true}],\"name\":\"sweep\"}", 200 },
    { "POST", "/v1/render", "image/svg+xml", "score", 200 },
    { "POST", "/v1/render", "image/png", "score", 200 },
    /* The JSON reader allocates only past what a valid request holds
     * (service/wire/json_reader.h): these three make it, and are refused. */
    { "POST", "/v1/validate", NULL, "many values", 400 },
    { "POST", "/v1/validate", NULL, "many members", 400 },
    { "POST", "/v1/validate", NULL, "long number", 400 },
    { "POST", "/v1/games/random", NULL, "{\"seed\":7,\"players\":[\"ann\",\"bob\",\"cy\"],"
      "\"expansions\":[\"abbey-mayor\",\"hills-sheep\",\"messages\",\"shrines\"],\"turns\":6}", 200 },
};
#define NCASES (sizeof cases / sizeof cases[0])

/* ---- asking ----------------------------------------------------------------- */

/* The body of a case, malloc'ed. */
static char *case_body(const sweep_case *c, size_t *len)
{
    if (c->body == NULL) {
        *len = 0;
        return NULL;
    }
    if (c->body[0] == '@')
        return tu_read_file(c->body + 1, len);
    char *body;
    if (strcmp(c->body, "score") == 0) {   /* the README's picture */
        size_t size = 1024;
        body = malloc(size);
        cr_assert_not_null(body);
        snprintf(body, size,
                 "{\"position\":%s,\"show\":{\"score\":{\"x\":0,\"y\":-1,\"deployed\":{\"player\":"
                 "\"red\",\"kind\":\"meeple\",\"x\":0,\"y\":-1,\"at\":\"S\"}},"
                 "\"last\":{\"x\":0,\"y\":-1}}}", pos_score);
    } else if (strcmp(c->body, "many values") == 0) {   /* over JR_INLINE_TOKENS */
        size_t n = 3 * (JR_INLINE_TOKENS + 100) + 64;
        body = malloc(n);
        cr_assert_not_null(body);
        size_t len = (size_t)snprintf(body, n, "{\"pad\":[");
        for (int i = 0; i < JR_INLINE_TOKENS + 100; i++)
            len += (size_t)snprintf(body + len, n - len, "%s[]", i ? "," : "");
        snprintf(body + len, n - len, "]}");
    } else if (strcmp(c->body, "many members") == 0) {    /* over JR_LINEAR_NAMES */
        size_t n = 16 * (JR_LINEAR_NAMES + 20) + 64;
        body = malloc(n);
        cr_assert_not_null(body);
        size_t len = (size_t)snprintf(body, n, "{\"pad\":{");
        for (int i = 0; i < JR_LINEAR_NAMES + 20; i++)
            len += (size_t)snprintf(body + len, n - len, "%s\"k%d\":%d", i ? "," : "", i, i);
        snprintf(body + len, n - len, "}}");
    } else if (strcmp(c->body, "long number") == 0) {     /* 64 bytes or more, at the end */
        body = strdup("0.12345678901234567890123456789012345678901234567890123456789012345678901234567890");
        cr_assert_not_null(body);
    } else {
        body = strdup(c->body);
        cr_assert_not_null(body);
    }
    *len = strlen(body);
    return body;
}

static svc_context context(void)
{
    static const char yaml[] = "openapi: 3.1.0\n";
    static const char html[] = "<!DOCTYPE html><html></html>";
    svc_context ctx = {
        .cat = tu_catalog(),
        .openapi_yaml = yaml, .openapi_len = sizeof yaml - 1,
        .docs_html = html, .docs_len = sizeof html - 1,
        .explore_html = html, .explore_len = sizeof html - 1,
    };
    return ctx;
}

static void ask(const sweep_case *c, const char *body, size_t len, svc_response *res)
{
    svc_context ctx = context();
    svc_request req = { .method = c->method, .path = c->path, .body = body, .len = len,
                        .accept = c->accept,
                        .content_type = body ? "application/json" : NULL };
    svc_handle(&ctx, &req, res);
}

static const char *body_of(const svc_response *res)
{
    return res->body ? res->body : res->static_body;
}

static const char *header_of(const svc_response *res, const char *name)
{
    for (int i = 0; i < res->nheaders; i++)
        if (strcasecmp(res->headers[i].name, name) == 0)
            return res->headers[i].value;
    return NULL;
}

/* ---- judging an answer ---------------------------------------------------------- */

/* The out-of-memory problem, exactly as docs/problems.md promises it. */
static void assert_out_of_memory(const sweep_case *c, const svc_response *res, long n,
                                 const char *mode)
{
    const char *text = body_of(res);
    cr_assert_eq(res->status, 503, "%s %s, allocation %ld failing (%s): status %d, not the "
                 "normal answer nor 503: %.300s", c->method, c->path, n, mode, res->status,
                 text ? text : "(no body)");
    cr_assert_str_eq(res->content_type, "application/problem+json", "%s %s, allocation %ld (%s)",
                     c->method, c->path, n, mode);
    const char *retry = header_of(res, "Retry-After");
    cr_assert(retry != NULL && strcmp(retry, "1") == 0, "%s %s, allocation %ld (%s): no "
              "Retry-After: 1", c->method, c->path, n, mode);
    cr_assert_not_null(text);
    char *copy = strndup(text, res->len);   /* the body need not be NUL-terminated */
    json_object *p = json_tokener_parse(copy);
    cr_assert_not_null(p, "%s %s, allocation %ld (%s): the 503 body is not JSON: %s", c->method,
                       c->path, n, mode, copy);
    json_object *v;
    cr_assert(json_object_object_get_ex(p, "type", &v));
    cr_assert_str_eq(json_object_get_string(v), SVC_PROBLEM_BASE "out-of-memory");
    cr_assert(json_object_object_get_ex(p, "status", &v));
    cr_assert_eq(json_object_get_int(v), 503);
    cr_assert_eq(json_object_object_length(p), 5, "exactly type, title, status, detail, pointer: %s",
                 copy);
    json_object_put(p);
    free(copy);
}

static void assert_same(const sweep_case *c, const svc_response *res, const svc_response *normal,
                        long n, const char *mode)
{
    cr_assert_eq(res->len, normal->len, "%s %s, allocation %ld failing (%s): a %d answer of %zu "
                 "bytes instead of %zu: %.300s", c->method, c->path, n, mode, res->status, res->len,
                 normal->len, body_of(res) ? body_of(res) : "");
    cr_assert(memcmp(body_of(res), body_of(normal), res->len) == 0,
              "%s %s, allocation %ld failing (%s): another answer: %.300s", c->method, c->path, n,
              mode, body_of(res));
}

/* Ask with allocation n failing (and every later one if persistent); judge
 * the answer. Returns how many allocations failed (0: the request made
 * fewer than n, so the sweep is complete). */
static long ask_failing(const sweep_case *c, const char *body, size_t len,
                        const svc_response *normal, long n, bool persistent)
{
    const char *mode = persistent ? "and every later one" : "alone";
    svc_response res;
    fa_arm(n, persistent);
    ask(c, body, len, &res);
    fa_disarm();
    long failed = fa_failed();
    if (res.status == normal->status && res.status != 503)
        assert_same(c, &res, normal, n, mode);
    else
        assert_out_of_memory(c, &res, n, mode);
    cr_assert(failed > 0 || res.status == normal->status,
              "%s %s: no allocation failed, yet the answer changed", c->method, c->path);
    svc_response_free(&res);
    return failed;
}

/* ---- the tests ---------------------------------------------------------------- */

/* Every route of the table has a case (a new route must add one). */
#define COVERED(route_path, fn) \
    { bool found = false; \
      for (size_t i = 0; i < NCASES; i++) \
          found |= strncmp(cases[i].path, route_path, strlen(route_path)) == 0; \
      cr_assert(found, "route %s has no case in the allocation sweep", route_path); }
Test(oom_sweep, every_route_of_the_table_has_a_representative_request)
{
    SVC_ROUTES(COVERED, COVERED, COVERED, COVERED, COVERED)
}

static void sweep(const sweep_case *c)
{
    size_t len;
    char *body = case_body(c, &len);
    svc_response normal;
    fa_arm(0, false);
    ask(c, body, len, &normal);
    fa_disarm();
    long allocations = fa_count();
    cr_assert_eq(normal.status, c->status, "%s %s: the normal answer is %d: %.300s", c->method,
                 c->path, normal.status, body_of(&normal) ? body_of(&normal) : "");
    long n = 1;
    for (; n <= MAX_ALLOCATIONS; n++) {
        long once = ask_failing(c, body, len, &normal, n, false);
        long all = ask_failing(c, body, len, &normal, n, true);
        if (once == 0 && all == 0)
            break;
    }
    cr_assert(n <= MAX_ALLOCATIONS, "%s %s: more than %d allocations", c->method, c->path,
              MAX_ALLOCATIONS);
    cr_log_info("%s %s: %ld allocations, each failed in turn", c->method, c->path, allocations);
    svc_response_free(&normal);
    free(body);
}

ParameterizedTestParameters(oom_sweep, every_allocation_failure_answers_503_and_leaks_nothing)
{
    static size_t index[NCASES];
    for (size_t i = 0; i < NCASES; i++)
        index[i] = i;
    return cr_make_param_array(size_t, index, NCASES);
}

ParameterizedTest(size_t *i, oom_sweep, every_allocation_failure_answers_503_and_leaks_nothing)
{
    sweep(&cases[*i]);
}
