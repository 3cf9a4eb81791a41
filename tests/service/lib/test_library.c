/* test_library.c -- libcarcassonne-rules' JSON entry point (crl_ask) and
 * its catalog: the same answers as the dispatcher, owned by the caller,
 * from many threads at once.
 *
 * Source: include/carcassonne_rules.h (the contract of crl_ask, crl_free,
 * crl_catalog); the service's answers are the dispatcher's (svc_dispatch
 * with the test catalog). The build and link of the installed library are
 * tests/packaging/test_install.sh. */
#include <pthread.h>
#include <stdlib.h>
#include <string.h>

#include "../../../include/carcassonne_rules.h"
#include "../../../service/service.h"
#include "../../support/testutil.h"

CC_SUITE(library);

static const char placements_body[] =
    "{\"position\": {\"players\": [\"red\", \"blue\"], \"tiles\": "
    "[{\"tile\": \"base.D\", \"x\": 0, \"y\": 0, \"rot\": 0}], \"figures\": []}, \"tile\": \"base.E\"}";

/* The dispatcher's own answer, for comparison. */
static void dispatcher_answer(const char *method, const char *path, const char *body,
                              size_t len, int *status, char **text)
{
    svc_context ctx = { .cat = tu_catalog() };
    svc_response res;
    svc_dispatch(&ctx, method, path, body, len, &res);
    *status = res.status;
    const char *b = res.body ? res.body : res.static_body;
    *text = strndup(b ? b : "", res.len);
    svc_response_free(&res);
}

Test(library, crl_ask_answers_a_question_byte_for_byte_as_the_dispatcher)
{
    char *answer = NULL;
    size_t len = 0;
    const char *type = NULL;
    int status = crl_ask("POST", "/v1/placements", placements_body, strlen(placements_body),
                         &answer, &len, &type);
    int want_status;
    char *want;
    dispatcher_answer("POST", "/v1/placements", placements_body, strlen(placements_body),
                      &want_status, &want);
    cr_assert_eq(status, 200);
    cr_assert_eq(status, want_status);
    cr_assert_str_eq(type, "application/json");
    cr_assert_str_eq(answer, want);
    cr_assert_eq(len, strlen(want));
    crl_free(answer);
    free(want);
}

Test(library, crl_ask_answers_a_problem_with_its_status_and_problem_json)
{
    char *answer = NULL;
    const char *type = NULL;
    int status = crl_ask("POST", "/v1/placements", "{", 1, &answer, NULL, &type);
    cr_assert_eq(status, 400);
    cr_assert_str_eq(type, "application/problem+json");
    cr_assert(strstr(answer, "\"status\":400") != NULL, "%s", answer);
    crl_free(answer);
    status = crl_ask("GET", "/v1/nowhere", NULL, 0, &answer, NULL, NULL);
    cr_assert_eq(status, 404);
    crl_free(answer);
    status = crl_ask("DELETE", "/v1/placements", NULL, 0, &answer, NULL, NULL);
    cr_assert_eq(status, 405);
    crl_free(answer);
}

Test(library, a_static_answer_is_a_copy_the_caller_frees)
{
    char *answer = NULL;
    size_t len = 0;
    const char *type = NULL;
    int status = crl_ask("GET", "/openapi.yaml", NULL, 0, &answer, &len, &type);
    cr_assert_eq(status, 200);
    cr_assert(strncmp(answer, "openapi: 3.1", 12) == 0);
    cr_assert_eq(strlen(answer), len, "NUL-terminated at its length");
    crl_free(answer);
}

Test(library, hostile_requests_get_problems_not_crashes)
{
    static const struct { const char *method, *path, *body; size_t len; int status; } cases[] = {
        { "", "", NULL, 0, 404 },
        { "POST", "/v1/score", "\0\0\0", 3, 400 },
        { "GET", "/v1/tiles/%00", NULL, 0, 400 },
        { "GET", "/v1/tiles/%zz", NULL, 0, 400 },
        { "POST", "/v1/turn", "[]", 2, 400 },
        { "POST", "/v1/validate", "{\"position\": 1e400}", 19, 400 },
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        char *answer = NULL;
        int status = crl_ask(cases[i].method, cases[i].path, cases[i].body, cases[i].len,
                             &answer, NULL, NULL);
        cr_assert_eq(status, cases[i].status, "case %zu: %d %s", i, status, answer);
        crl_free(answer);
    }
    char *big = malloc(SVC_BODY_LIMIT + 2);
    memset(big, ' ', SVC_BODY_LIMIT + 1);
    char *answer = NULL;
    cr_assert_eq(crl_ask("POST", "/v1/validate", big, SVC_BODY_LIMIT + 1, &answer, NULL, NULL), 413);
    crl_free(answer);
    free(big);
    crl_free(NULL);
}

Test(library, crl_catalog_is_the_built_in_catalog_and_always_the_same)
{
    const cc_catalog *a = crl_catalog(), *b = crl_catalog();
    cr_assert_not_null(a);
    cr_assert_eq(a, b);
    cr_assert_eq(a->ntypes, tu_catalog()->ntypes);
    cr_assert_geq(cc_catalog_find(a, "base.D"), 0);
    cr_assert_str_eq(crl_version(), CRL_VERSION);
}

/* Many threads ask at once; each checks its answers. The first call of all
 * loads the catalog, so the threads also race the lazy start. */
static void *ask_many(void *arg)
{
    (void)arg;
    for (int i = 0; i < 40; i++) {
        char *answer = NULL;
        int status = crl_ask("POST", "/v1/placements", placements_body, strlen(placements_body),
                             &answer, NULL, NULL);
        bool good = status == 200 && answer && strstr(answer, "\"rot\":180") != NULL;
        crl_free(answer);
        if (!good)
            return (void *)1;
    }
    return NULL;
}

Test(library, crl_ask_from_eight_threads_at_once_gives_every_thread_its_answers)
{
    pthread_t threads[8];
    for (int i = 0; i < 8; i++)
        cr_assert_eq(pthread_create(&threads[i], NULL, ask_many, NULL), 0);
    for (int i = 0; i < 8; i++) {
        void *bad;
        pthread_join(threads[i], &bad);
        cr_assert_null(bad, "thread %d got a wrong answer", i);
    }
}
