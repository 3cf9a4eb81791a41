/* test_route_problems.c -- GET /problems and GET /problems/{slug}: the
 * documentation a problem's `type` URI points to (RFC 9457 section 3.1.1:
 * a type URI, dereferenced, should document the problem type).
 *
 * Checked: every problem the service answers in these tests has its section
 * at the path of its type URI; the section is that type's and no other's;
 * hostile slugs are 404 problems, never a crash or another section. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <json-c/json.h>

#include "../../../service/assets.h"
#include "../../../service/service.h"
#include "../../support/testutil.h"

CC_SUITE(route_problems);

static svc_response get(const char *path)
{
    svc_context ctx = { .cat = tu_catalog() };
    svc_response res;
    svc_dispatch(&ctx, "GET", path, NULL, 0, &res);
    return res;
}

/* The body as a NUL-terminated copy (static bodies are not terminated). */
static char *text_of(const svc_response *res)
{
    const char *b = res->body ? res->body : res->static_body;
    char *s = malloc(res->len + 1);
    cr_assert_not_null(s);
    memcpy(s, b, res->len);
    s[res->len] = '\0';
    return s;
}

Test(route_problems, the_whole_page_is_served_at_problems)
{
    svc_response res = get("/problems");
    cr_assert_eq(res.status, 200);
    cr_assert_str_eq(res.content_type, "text/plain; charset=utf-8");
    cr_assert_eq(res.len, problems_md_len);
    svc_response_free(&res);
}

/* The problem a request gets names a type whose path the service serves,
 * and the section served there is that type's heading. */
static void served_for(const char *method, const char *path, const char *body)
{
    svc_context ctx = { .cat = tu_catalog() };
    svc_response res;
    svc_dispatch(&ctx, method, path, body, body ? strlen(body) : 0, &res);
    cr_assert_geq(res.status, 400);
    char *answer = text_of(&res);
    json_object *p = json_tokener_parse(answer);
    cr_assert_not_null(p, "%s", answer);
    json_object *type = NULL;
    cr_assert(json_object_object_get_ex(p, "type", &type));
    const char *uri = json_object_get_string(type);
    cr_assert_eq(strncmp(uri, SVC_PROBLEM_BASE, strlen(SVC_PROBLEM_BASE)), 0, "%s", uri);
    const char *slug = uri + strlen(SVC_PROBLEM_BASE);
    char doc_path[160];
    snprintf(doc_path, sizeof doc_path, "/problems/%s", slug);
    svc_response doc = get(doc_path);
    cr_assert_eq(doc.status, 200, "%s is documented at %s", uri, doc_path);
    char *section = text_of(&doc);
    char heading[120];
    snprintf(heading, sizeof heading, "### %s\n", slug);
    cr_assert_eq(strncmp(section, heading, strlen(heading)), 0, "%.200s", section);
    cr_assert_null(strstr(section + strlen(heading), "\n### "), "one section only");
    cr_assert_not_null(strstr(section, uri), "the section names its type URI");
    free(section);
    svc_response_free(&doc);
    json_object_put(p);
    free(answer);
    svc_response_free(&res);
}

Test(route_problems, the_type_uri_of_a_problem_resolves_to_its_section)
{
    served_for("POST", "/v1/validate", "{");
    served_for("POST", "/v1/validate", "{\"position\": 1}");
    served_for("GET", "/v1/nothing", NULL);
    served_for("DELETE", "/v1/rules", NULL);
    served_for("GET", "/v1/tiles/base.Z", NULL);
    served_for("POST", "/v1/validate",
               "{\"position\": {\"players\": [\"red\", \"blue\"], \"tiles\": ["
               "{\"tile\": \"base.D\", \"x\": 0, \"y\": 0, \"rot\": 0},"
               "{\"tile\": \"base.E\", \"x\": 0, \"y\": -1, \"rot\": 0}], \"figures\": []}}");
    served_for("GET", "/problems/no-such-type", NULL);
}

Test(route_problems, hostile_slugs_are_404_problems)
{
    static const char *const paths[] = {
        "/problems/", "/problems/../etc/passwd", "/problems/%2e%2e", "/problems/EDGES-DO-NOT-MATCH",
        "/problems/edges-do-not", "/problems/edges-do-not-match-", "/problems/%23%23%23",
        "/problems/malformed-json%0a", "/problems/%c3%a9",
        "/problems/aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa",
    };
    for (size_t i = 0; i < sizeof paths / sizeof paths[0]; i++) {
        svc_response res = get(paths[i]);
        cr_assert(res.status == 404 || res.status == 400, "%s: %d", paths[i], res.status);
        cr_assert_str_eq(res.content_type, "application/problem+json", "%s", paths[i]);
        svc_response_free(&res);
    }
}
