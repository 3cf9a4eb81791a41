/* test_heavy.c -- service/http/heavy.c: which requests go to the heavy pool,
 * and the pool's bound.
 *
 * Issue 35: six clients looping on 2048-pixel renders held both workers of
 * a replica and everyone else waited behind them. The heavy ones -- a
 * picture, a whole game imported or played, an MCP tool call (its result
 * carries a picture) -- are now answered by a bounded pool of their own,
 * the rest by the worker that read them. tests/contract/fairness.test.mjs
 * measures the outcome over sockets; this checks the choice and the bound
 * without them. */
#include <stdlib.h>
#include <string.h>

#include "../../../service/http/heavy.h"
#include "../../support/testutil.h"

CC_SUITE(heavy);

static bool heavy(const char *method, const char *path, const char *body)
{
    svc_request req = { .method = method, .path = path, .body = body,
                        .len = body ? strlen(body) : 0 };
    return heavy_is(&req);
}

Test(heavy, pictures_whole_games_and_tool_calls_are_heavy)
{
    cr_expect(heavy("POST", "/v1/render", "{}"));
    cr_expect(heavy("POST", "/v1/render?width=2048", "{}"));
    cr_expect(heavy("POST", "/v1/import/jcz", "{}"));
    cr_expect(heavy("POST", "/v1/import/jcz?turn=3", "{}"));
    cr_expect(heavy("POST", "/v1/games/random", "{}"));
    cr_expect(heavy("POST", "/mcp", "{\"jsonrpc\": \"2.0\", \"id\": 1, \"method\": \"tools/call\"}"));
    /* However the client spells the method's name. */
    cr_expect(heavy("POST", "/mcp", "{\"method\": \"tools\\/call\", \"id\": 1}"));
    cr_expect(heavy("POST", "/mcp", "{\"method\": \"tools\\u002fcall\"}"));
    /* With its arguments, a whole position nested inside. */
    cr_expect(heavy("POST", "/mcp", "{\"jsonrpc\": \"2.0\", \"id\": 1, \"method\": \"tools/call\", "
                                    "\"params\": {\"name\": \"score\", \"arguments\": {\"position\": "
                                    "{\"players\": [\"a\"], \"figures\": [{\"flock\": [1]}]}}}}"));
}

Test(heavy, every_other_question_is_answered_by_its_worker)
{
    cr_expect(!heavy("POST", "/v1/placements", "{}"));
    cr_expect(!heavy("POST", "/v1/score", "{}"));
    cr_expect(!heavy("POST", "/v1/export/jcz", "{}"));
    cr_expect(!heavy("GET", "/v1/render", NULL));
    cr_expect(!heavy("POST", "/v1/renderx", "{}"));
    cr_expect(!heavy("POST", "/v1/render/", "{}"));
    cr_expect(!heavy("POST", "/v1/games/random/", "{}"));
    cr_expect(!heavy("POST", "/mcp", "{\"jsonrpc\": \"2.0\", \"id\": 1, \"method\": \"tools/list\"}"));
    cr_expect(!heavy("POST", "/mcp", "{\"method\": \"tools/callx\"}"));
    cr_expect(!heavy("POST", "/mcp", "{\"params\": {\"method\": \"tools/call\"}}"));
    /* Not JSON, or no body: the worker answers its error at once. */
    cr_expect(!heavy("POST", "/mcp", "{\"method\": \"tools/call\""));
    cr_expect(!heavy("POST", "/mcp", NULL));
    cr_expect(!heavy("POST", "/mcp", "[{\"method\": \"tools/call\"}]"));
}

/* The answer past the bound is made at start (shedding must not allocate):
 * a 503 problem with Retry-After; a stopped pool refuses every job, and
 * /metrics counts it. (The bound itself, with threads busy drawing, is
 * measured over sockets: tests/contract/fairness.test.mjs.) */
Test(heavy, the_refusal_is_a_503_problem_with_retry_after_counted_in_metrics)
{
    metrics *m = metrics_new();
    svc_context ctx = { .cat = tu_catalog() };
    heavy_pool *p = heavy_new(&ctx, m, 1, 2);
    cr_assert_not_null(p);
    const svc_response *busy = heavy_refusal(p);
    cr_assert_eq(busy->status, 503);
    cr_assert_str_eq(busy->content_type, "application/problem+json");
    bool retry = false;
    for (int i = 0; i < busy->nheaders; i++)
        retry = retry || (strcmp(busy->headers[i].name, "Retry-After") == 0 &&
                          strcmp(busy->headers[i].value, "1") == 0);
    cr_assert(retry);
    cr_assert(strstr(busy->static_body, "\"status\":503") != NULL, "%s", busy->static_body);
    heavy_stop(p);
    /* Stopped: every submit is refused; nothing else needed. */
    heavy_job job;
    memset(&job, 0, sizeof job);
    cr_assert(!heavy_submit(p, &job));
    heavy_free(p);
    char *text;
    size_t len;
    cr_assert(metrics_render(m, &text, &len));
    cr_expect(strstr(text, "carcassonne_heavy_requests_refused_total 1\n") != NULL, "%s", text);
    cr_expect(strstr(text, "carcassonne_heavy_threads 1\n") != NULL);
    cr_expect(strstr(text, "carcassonne_heavy_queue_limit 2\n") != NULL);
    free(text);
    metrics_free(m);
}
