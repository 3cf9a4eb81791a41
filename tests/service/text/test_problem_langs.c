/* test_problem_langs.c -- the service's own problems (decoder, JSON reader,
 * routing, query parameters, the .jcz reader, the message cards' route,
 * the .jcz export) answer in the request's language (issue 15), like the
 * engine's.
 *
 * For each case of the table, the answer in every language of the service's
 * table but English must
 * have the English answer's status, type, pointer and "parameter", a title
 * and a detail that are not the English ones, exactly the numbers of the
 * English detail (in any order), and Content-Language naming the language.
 * The English answer itself is checked word for word: English stays
 * byte-identical (the golden digest checks every other request). */
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include <json-c/json.h>

#include "../../../service/service.h"
#include "../../support/testutil.h"

#define POSITION "\"position\":{\"tiles\":[{\"tile\":\"base.D\",\"x\":0,\"y\":0,\"rot\":0}]," \
                 "\"players\":[\"red\",\"blue\"],\"figures\":[]}"

typedef struct {
    const char *what;
    const char *method, *path, *body;
    int status;
    const char *title, *detail;     /* the English answer */
} problem_case;

static const problem_case cases[] = {
    { "wrong type", "POST", "/v1/validate", "{\"position\":7}", 400, "Wrong type",
      "Position must be an object; it is an integer." },
    { "out of range", "POST", "/v1/validate",
      "{\"position\":{\"tiles\":[{\"tile\":\"base.D\",\"x\":0,\"y\":0,\"rot\":45}],"
      "\"players\":[\"red\",\"blue\"],\"figures\":[]}}",
      400, "Value out of range", "Rot must be 0, 90, 180 or 270; it is 45." },
    { "unknown member", "POST", "/v1/validate", "{" POSITION ",\"bogus\":1}", 400,
      "Unknown member",
      "The request body has no member \"bogus\"; the members it may have are: position." },
    { "malformed JSON", "POST", "/v1/validate", "{\"position\": [1, 2", 400, "Malformed JSON",
      "A ',' or ']' was expected at byte 18, but found the end of the body." },
    { "unknown tile, with suggestions joined by 'or'", "POST", "/v1/validate",
      "{\"position\":{\"tiles\":[{\"tile\":\"base.Z\",\"x\":0,\"y\":0,\"rot\":0}],"
      "\"players\":[\"red\",\"blue\"],\"figures\":[]}}",
      422, "Unknown tile id", NULL },
    { "unknown player, the players joined by 'and'", "POST", "/v1/validate",
      "{\"position\":{\"tiles\":[{\"tile\":\"base.D\",\"x\":0,\"y\":0,\"rot\":0}],"
      "\"players\":[\"red\",\"blue\",\"green\"],\"figures\":[],\"active\":\"pink\"}}",
      422, "Unknown player", "The name \"pink\" is not one of the players (red, blue and green)." },
    { "unknown route", "GET", "/v1/nowhere", NULL, 404, "Unknown route",
      "No route answers GET /v1/nowhere (see /openapi.yaml)." },
    { "method not allowed", "DELETE", "/v1/rules", NULL, 405, "Method not allowed",
      "/v1/rules answers GET, HEAD, not DELETE." },
    { "bad query parameter", "POST", "/v1/import/jcz?turn=0", "{}", 400, "Value out of range",
      "The query parameter turn is a turn number, 1 or more (turns count from 1)." },
    { "a .jcz reader problem", "POST", "/v1/import/jcz", "{\"setup\":{\"sets\":{\"XYZ\":1}}}", 422,
      "Out of scope", NULL },
    { "a message card without Messages in play", "POST", "/v1/messages/3", "{" POSITION "}", 422,
      "Expansion not in play",
      "Message cards belong to the expansion \"messages\", which is not in position.expansions." },
    { "a message card that does not exist", "POST", "/v1/messages/9", "{" POSITION "}", 404,
      "Unknown route", "There are messages 1 to 8: POST /v1/messages/1 ... /v1/messages/8." },
    { "a .jcz export from a position with points", "POST", "/v1/export/jcz",
      "{\"position\":{\"tiles\":[{\"tile\":\"base.D\",\"x\":0,\"y\":0,\"rot\":0}],"
      "\"players\":[\"red\",\"blue\"],\"figures\":[],\"scores\":{\"red\":0,\"blue\":7}},\"moves\":[]}",
      422, "Not in a saved game", "A saved game starts with no points: blue has 7." },
    { "a .jcz export discarding a tile that fits", "POST", "/v1/export/jcz",
      "{" POSITION ",\"moves\":[{\"discarded\":[\"base.E\"]}]}", 422, "Move against the rules",
      NULL },
};

CC_SUITE(problem_langs);

static const char *header(const svc_response *res, const char *name)
{
    for (int i = 0; i < res->nheaders; i++)
        if (strcasecmp(res->headers[i].name, name) == 0)
            return res->headers[i].value;
    return NULL;
}

/* The answer to c in lang (NULL: English, no lang= at all), as JSON. */
static json_object *ask(const problem_case *c, const char *lang, char *content_language, size_t n)
{
    char path[256];
    if (lang)
        snprintf(path, sizeof path, "%s%slang=%s", c->path, strchr(c->path, '?') ? "&" : "?", lang);
    else
        snprintf(path, sizeof path, "%s", c->path);
    svc_context ctx = { .cat = tu_catalog() };
    svc_request req = { .method = c->method, .path = path, .body = c->body,
                        .len = c->body ? strlen(c->body) : 0,
                        .content_type = c->body ? "application/json" : NULL };
    svc_response res;
    svc_handle(&ctx, &req, &res);
    cr_assert_eq(res.status, c->status, "%s in %s: status %d", c->what, lang ? lang : "en",
                 res.status);
    const char *body = res.body ? res.body : res.static_body;
    json_object *o = json_tokener_parse(body);
    cr_assert_not_null(o, "%s: %s", c->what, body);
    const char *cl = header(&res, "Content-Language");
    snprintf(content_language, n, "%s", cl ? cl : "");
    svc_response_free(&res);
    return o;
}

static const char *member(json_object *o, const char *name)
{
    json_object *v;
    return json_object_object_get_ex(o, name, &v) ? json_object_get_string(v) : "";
}

/* The numbers of s, sorted, as one string ("0 45 90 180 270 "). */
static void numbers(const char *s, char *out, size_t size)
{
    long v[64];
    int n = 0;
    for (const char *p = s; *p && n < 64; p++)
        if (isdigit((unsigned char)*p) && (p == s || !isdigit((unsigned char)p[-1])))
            v[n++] = strtol(p, NULL, 10);
    for (int i = 1; i < n; i++)
        for (int j = i; j > 0 && v[j - 1] > v[j]; j--) {
            long t = v[j];
            v[j] = v[j - 1];
            v[j - 1] = t;
        }
    size_t used = 0;
    out[0] = '\0';
    for (int i = 0; i < n && used < size; i++)
        used += (size_t)snprintf(out + used, size - used, "%ld ", v[i]);
}

static void check(const problem_case *c)
{
    char cl[16];
    json_object *en = ask(c, NULL, cl, sizeof cl);
    cr_expect_str_eq(member(en, "title"), c->title, "%s", c->what);
    if (c->detail)
        cr_expect_str_eq(member(en, "detail"), c->detail, "%s", c->what);
    cr_expect_str_eq(cl, "en", "%s", c->what);
    char en_numbers[256];
    numbers(member(en, "detail"), en_numbers, sizeof en_numbers);
    const char *languages[TXT_LANGUAGES_MAX];
    size_t nlanguages = tu_languages(languages, true);
    for (size_t i = 0; i < nlanguages; i++) {
        const char *lang = languages[i];
        json_object *got = ask(c, lang, cl, sizeof cl);
        cr_expect_str_eq(cl, lang, "%s: Content-Language", c->what);
        cr_expect_str_eq(member(got, "type"), member(en, "type"), "%s in %s: the type", c->what, lang);
        cr_expect_str_eq(member(got, "pointer"), member(en, "pointer"), "%s in %s", c->what, lang);
        cr_expect_str_eq(member(got, "parameter"), member(en, "parameter"), "%s in %s", c->what,
                         lang);
        cr_expect_str_neq(member(got, "title"), member(en, "title"), "%s in %s: an English title",
                          c->what, lang);
        cr_expect_str_neq(member(got, "detail"), member(en, "detail"),
                          "%s in %s: an English detail", c->what, lang);
        char nums[256];
        numbers(member(got, "detail"), nums, sizeof nums);
        cr_expect_str_eq(nums, en_numbers, "%s in %s: the numbers of the English (%s)", c->what,
                         lang, member(got, "detail"));
        json_object_put(got);
    }
    json_object_put(en);
}

Test(problem_langs, the_services_own_problems_answer_in_the_requests_language)
{
    for (size_t i = 0; i < sizeof cases / sizeof *cases; i++)
        check(&cases[i]);
}

/* A list of client names is joined with the language's word for "and";
 * suggested ids with its word for "or". */
Test(problem_langs, lists_join_with_the_languages_and_and_or)
{
    char cl[16];
    json_object *de = ask(&cases[5], "de", cl, sizeof cl);
    cr_expect(strstr(member(de, "detail"), "(red, blue und green)") != NULL, "%s",
              member(de, "detail"));
    json_object_put(de);
    json_object *fr = ask(&cases[4], "fr", cl, sizeof cl);
    cr_expect(strstr(member(fr, "detail"), " ou ") != NULL, "%s", member(fr, "detail"));
    json_object_put(fr);
}
