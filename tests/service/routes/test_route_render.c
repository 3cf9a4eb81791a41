/* test_route_render.c -- POST /v1/render through svc_handle(): the format
 * (Accept, with q-values; 406), the width (?width=, its range), every show
 * member and its problems (each pointing below /show), and, for each
 * question the picture mirrors, that the picture shows exactly what the
 * JSON route answers (one decoder, one engine call: service/routes/
 * questions.h). The drawing itself is tested in tests/service/render/. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <json-c/json.h>
#include <png.h>

#include "../../../service/service.h"
#include "../../support/asktest.h"
#include "../../support/testutil.h"

CC_SUITE(route_render);

/* The README's example position: red has placed base.E north of the start
 * tile, with a meeple on the city it completes. */
#define README_POS                                                                          \
    "{\"players\": [\"red\", \"blue\"], \"tiles\": [{\"tile\": \"base.D\", \"x\": 0, \"y\": 0, " \
    "\"rot\": 0}, {\"tile\": \"base.E\", \"x\": 0, \"y\": -1, \"rot\": 180}], \"figures\": "     \
    "[{\"player\": \"red\", \"kind\": \"meeple\", \"x\": 0, \"y\": -1, \"at\": \"S\"}]}"
#define DEPLOYED "{\"player\": \"red\", \"kind\": \"meeple\", \"x\": 0, \"y\": -1, \"at\": \"S\"}"
/* The same with Abbey & Mayor and red's wagon on that city: it may roll on. */
#define WAGON_POS                                                                           \
    "{\"expansions\": [\"abbey-mayor\"], \"players\": [\"red\", \"blue\"], \"tiles\": "        \
    "[{\"tile\": \"base.D\", \"x\": 0, \"y\": 0, \"rot\": 0}, {\"tile\": \"base.E\", \"x\": 0, " \
    "\"y\": -1, \"rot\": 180}], \"figures\": [{\"player\": \"red\", \"kind\": \"wagon\", "       \
    "\"x\": 0, \"y\": -1, \"at\": \"S\"}]}"

typedef struct {
    int status;
    char type[64];
    char vary[64];
    char *body;   /* NUL-terminated copy */
    size_t len;
} answer;

static answer render(const char *accept, const char *query, const char *body)
{
    svc_context ctx = { .cat = tu_catalog() };
    svc_request req = { .method = "POST", .path = "/v1/render", .query = query, .body = body,
                        .len = strlen(body), .accept = accept,
                        .content_type = "application/json" };
    svc_response res;
    svc_handle(&ctx, &req, &res);
    const char *text = res.body ? res.body : res.static_body;
    answer a = { .status = res.status, .len = res.len };
    snprintf(a.type, sizeof a.type, "%s", res.content_type ? res.content_type : "");
    for (int i = 0; i < res.nheaders; i++)
        if (strcmp(res.headers[i].name, "Vary") == 0)
            snprintf(a.vary, sizeof a.vary, "%s", res.headers[i].value);
    a.body = malloc(res.len + 1);
    cr_assert_not_null(a.body);
    memcpy(a.body, text, res.len);
    a.body[res.len] = '\0';
    svc_response_free(&res);
    return a;
}

static int count(const char *hay, const char *needle)
{
    int n = 0;
    for (const char *p = strstr(hay, needle); p; p = strstr(p + 1, needle))
        n++;
    return n;
}

/* needle's occurrences in hay before the first `end` after hay. */
static int count_until(const char *hay, const char *needle, const char *end)
{
    const char *stop = strstr(hay, end);
    int n = 0;
    for (const char *p = strstr(hay, needle); p && (!stop || p < stop); p = strstr(p + 1, needle))
        n++;
    return n;
}

/* A problem answer: its status and pointer. */
static void expect_problem(const answer *a, int status, const char *pointer)
{
    cr_assert_eq(a->status, status, "status %d, expected %d: %s", a->status, status, a->body);
    cr_assert_str_eq(a->type, "application/problem+json");
    json_object *p = json_tokener_parse(a->body);
    cr_assert_not_null(p);
    cr_assert_str_eq(tu_str(p, "pointer"), pointer, "%s", a->body);
    json_object_put(p);
}

static void problem(const char *accept, const char *query, const char *body, int status,
                    const char *pointer)
{
    answer a = render(accept, query, body);
    expect_problem(&a, status, pointer);
    free(a.body);
}

static void svg_ok(const answer *a)
{
    cr_assert_eq(a->status, 200, "%s", a->body);
    cr_assert_str_eq(a->type, "image/svg+xml");
    cr_assert_str_eq(a->vary, "Accept, Accept-Language");   /* one Vary: the dispatcher adds the language */
    cr_assert_eq(strncmp(a->body, "<?xml", 5), 0);
}

static bool is_png(const answer *a)
{
    return a->status == 200 && strcmp(a->type, "image/png") == 0 && a->len > 24 &&
           memcmp(a->body, "\x89PNG\r\n\x1a\n", 8) == 0;
}

static unsigned png_width(const answer *a)
{
    const unsigned char *b = (const unsigned char *)a->body;   /* IHDR, big-endian */
    return (unsigned)b[16] << 24 | (unsigned)b[17] << 16 | (unsigned)b[18] << 8 | b[19];
}

/* ---- format ------------------------------------------------------------------ */

Test(route_render, svg_without_an_accept_header_with_a_tile_group_per_tile)
{
    answer a = render(NULL, NULL, "{\"position\": " README_POS "}");
    svg_ok(&a);
    cr_assert_eq(count(a.body, "<g class=\"tile\""), 2);
    cr_assert_eq(count(a.body, "<g class=\"figure\""), 1);
    free(a.body);
}

/* Issue 27: the river is drawn as a river, a band of water (tile_art.c's
 * WATER, 0x4a90c8) from the spring's pond along its river edges; a board
 * without a river has no water. */
#define WATER_SVG "\"#4a90c8\""
Test(route_render, the_river_is_drawn_as_water)
{
    answer a = render(NULL, NULL,
                      "{\"position\": {\"expansions\": [\"river-ii\"], \"players\": [\"red\", \"blue\"],"
                      " \"tiles\": [{\"tile\": \"river.s\", \"x\": 0, \"y\": 0, \"rot\": 0},"
                      " {\"tile\": \"river-ii.III\", \"x\": 1, \"y\": 0, \"rot\": 0}], \"figures\": []}}");
    svg_ok(&a);
    cr_assert_eq(count(a.body, "<g class=\"tile\""), 2);
    cr_assert_geq(count(a.body, WATER_SVG), 2, "%.2000s", a.body);
    free(a.body);
    a = render(NULL, NULL, "{\"position\": " README_POS "}");
    svg_ok(&a);
    cr_assert_eq(count(a.body, WATER_SVG), 0);
    free(a.body);
}

static void format_for(const char *accept, bool png)
{
    answer a = render(accept, NULL, "{\"position\": " README_POS "}");
    if (png)
        cr_assert(is_png(&a), "Accept %s: %d %s", accept, a.status, a.type);
    else
        svg_ok(&a);
    free(a.body);
}

/* RFC 9110 12.5.1: the most specific range sets a type's q; the route
 * prefers SVG on a tie. */
Test(route_render, accept_picks_the_format_by_quality)
{
    format_for("image/png", true);
    format_for("image/svg+xml", false);
    format_for("*/*", false);
    format_for("image/*", false);
    format_for("", false);
    format_for("IMAGE/PNG", true);
    format_for("image/svg+xml;q=0.4, image/png;q=0.5", true);
    format_for("image/png;q=0.5, image/svg+xml", false);
    format_for("image/*;q=0.9, image/png", true);
    format_for("image/svg+xml;q=0, */*", true);
    format_for("text/html, image/png;q=0.001", true);
    format_for("image/png; charset=x; q=1.000", true);
    format_for("image/png;q=2, image/svg+xml;q=0.1", false);   /* a bad q: that range is ignored */
}

Test(route_render, accept_that_allows_neither_is_406)
{
    const char *body = "{\"position\": " README_POS "}";
    answer a = render("application/json", NULL, body);
    cr_assert_str_eq(a.vary, "Accept, Accept-Language", "a 406 depends on Accept too");
    free(a.body);
    problem("application/json", NULL, body, 406, "");
    problem("image/png;q=0, image/svg+xml;q=0", NULL, body, 406, "");
    problem("*/*;q=0", NULL, body, 406, "");
    problem("image/jpeg, text/*", NULL, body, 406, "");
    problem(",,;q=,/,*/,/*, image/;q=1", NULL, body, 406, "");
    problem("image/png;q=0.1234", NULL, body, 406, "");
}

Test(route_render, width_sets_the_png_width)
{
    answer a = render("image/png", "width=640", "{\"position\": " README_POS "}");
    cr_assert(is_png(&a));
    cr_assert_eq(png_width(&a), 640);
    free(a.body);
    a = render("image/png", NULL, "{\"position\": " README_POS "}");
    cr_assert_eq(png_width(&a), 960, "the default width");
    free(a.body);
    a = render(NULL, "width=300", "{\"position\": " README_POS "}");
    svg_ok(&a);
    cr_assert_not_null(strstr(a.body, "width=\"300\""), "an SVG's width attribute");
    free(a.body);
}

Test(route_render, width_outside_its_range_or_not_a_number_is_400)
{
    const char *body = "{\"position\": " README_POS "}";
    static const char *const bad[] = {
        "width=63", "width=2049", "width=0", "width=-640", "width=+640", "width=abc", "width=",
        "width=640px", "width=99999999999", "width=%00", "width=%zz", "width=1e3", "width=64.0",
    };
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        answer a = render("image/png", bad[i], body);
        cr_assert_eq(a.status, 400, "%s: %d", bad[i], a.status);
        free(a.body);
    }
    answer a = render("image/png", "width=2048&width=1", body);   /* the first wins */
    cr_assert_eq(png_width(&a), 2048);
    free(a.body);
}

/* ---- show: problems point below /show ------------------------------------------------ */

Test(route_render, show_members_and_their_problems)
{
    problem(NULL, NULL, "{\"position\": " README_POS ", \"show\": []}", 400, "/show");
    problem(NULL, NULL, "{\"position\": " README_POS ", \"show\": {\"nope\": 1}}", 400, "/show/nope");
    problem(NULL, NULL, "{\"position\": " README_POS ", \"extra\": 1}", 400, "/extra");
    problem(NULL, NULL, "{\"show\": {}}", 400, "/position");
    problem(NULL, NULL, "{\"position\": " README_POS ", \"show\": {\"placements\": 5}}", 400,
            "/show/placements");
    problem(NULL, NULL, "{\"position\": " README_POS ", \"show\": {\"placements\": \"zz\"}}", 422,
            "/show/placements");
    problem(NULL, NULL, "{\"position\": " README_POS ", \"show\": {\"placements\": \"hills-sheep.RR.h\"}}",
            422, "/show/placements");   /* expansion not in play */
    problem(NULL, NULL, "{\"position\": " README_POS ", \"show\": {\"feature\": {\"x\": 0, \"y\": 0}}}",
            400, "/show/feature/at");
    problem(NULL, NULL,
            "{\"position\": " README_POS ", \"show\": {\"feature\": {\"x\": 0, \"y\": 0, \"at\": \"N\", \"z\": 1}}}",
            400, "/show/feature/z");
    problem(NULL, NULL,
            "{\"position\": " README_POS ", \"show\": {\"feature\": {\"x\": 5, \"y\": 0, \"at\": \"N\"}}}",
            422, "/show/feature/x");
    problem(NULL, NULL,
            "{\"position\": " README_POS ", \"show\": {\"feature\": {\"x\": 0, \"y\": 0, \"at\": \"#9\"}}}",
            422, "/show/feature/at");
    problem(NULL, NULL, "{\"position\": " README_POS ", \"show\": {\"deployments\": {\"x\": 0}}}", 400,
            "/show/deployments/y");
    problem(NULL, NULL,
            "{\"position\": " README_POS ", \"show\": {\"deployments\": {\"x\": 0, \"y\": 1e400}}}",
            400, "/show/deployments/y");
    problem(NULL, NULL,
            "{\"position\": " README_POS ", \"show\": {\"wagon\": {\"x\": 0, \"y\": -1, \"at\": \"S\"}}}",
            422, "/show/wagon/at");   /* a meeple, no wagon */
    problem(NULL, NULL,
            "{\"position\": " README_POS ", \"show\": {\"score\": {\"final\": true, \"x\": 0}}}", 400,
            "/show/score/x");
    problem(NULL, NULL, "{\"position\": " README_POS ", \"show\": {\"score\": {\"final\": true, \"counting\": {}}}}",
            400, "/show/score/counting");
    problem(NULL, NULL,
            "{\"position\": " README_POS ", \"show\": {\"score\": {\"x\": 0, \"y\": -1, \"deployed\": "
            "{\"player\": \"blue\", \"kind\": \"meeple\", \"x\": 0, \"y\": -1, \"at\": \"S\"}}}}",
            422, "/show/score/deployed");
    problem(NULL, NULL, "{\"position\": " README_POS ", \"show\": {\"last\": {\"x\": 3, \"y\": 3}}}", 422,
            "/show/last/x");
    problem(NULL, NULL, "{\"position\": " README_POS ", \"show\": {\"last\": \"0,0\"}}", 400, "/show/last");
}

/* ---- show: the picture holds exactly the JSON route's answer ------------------------- */

Test(route_render, placements_are_the_cells_of_v1_placements_with_their_rotations)
{
    json_object *j = tu_post("/v1/placements", "{\"position\": " README_POS ", \"tile\": \"base.V\"}", 200);
    json_object *list = tu_member(j, "placements");
    answer a = render(NULL, NULL, "{\"position\": " README_POS ", \"show\": {\"placements\": \"base.V\"}}");
    svg_ok(&a);
    int cells = 0;
    for (size_t i = 0; i < json_object_array_length(list); i++) {
        json_object *p = json_object_array_get_idx(list, i);
        int x = tu_int(p, "x"), y = tu_int(p, "y");
        if (i > 0) {
            json_object *q = json_object_array_get_idx(list, i - 1);
            if (tu_int(q, "x") == x && tu_int(q, "y") == y)
                continue;
        }
        cells++;
        /* the ghost on this cell lists every rotation the route lists for it */
        char rots[32] = "";
        for (size_t k = i; k < json_object_array_length(list); k++) {
            json_object *r = json_object_array_get_idx(list, k);
            if (tu_int(r, "x") != x || tu_int(r, "y") != y)
                break;
            size_t n = strlen(rots);
            snprintf(rots + n, sizeof rots - n, "%s%d", n ? " " : "", tu_int(r, "rot"));
        }
        char want[160];
        snprintf(want, sizeof want, "data-kind=\"placement\" data-x=\"%d\" data-y=\"%d\" "
                 "data-tile=\"base.V\" data-rot=\"%s\"", x, y, rots);
        cr_assert_not_null(strstr(a.body, want), "%s", want);
    }
    cr_assert_gt(cells, 0);
    cr_assert_eq(count(a.body, "data-kind=\"placement\""), cells);
    json_object_put(j);
    free(a.body);
}

Test(route_render, a_feature_is_the_one_v1_features_names_with_its_value)
{
    json_object *j = tu_post("/v1/features", "{\"position\": " README_POS ", \"x\": 0, \"y\": 0, \"at\": \"N\"}", 200);
    json_object *f = json_object_array_get_idx(tu_member(j, "features"), 0);
    json_object *name = tu_member(f, "feature");
    answer a = render(NULL, NULL, "{\"position\": " README_POS ", \"show\": {\"feature\": {\"x\": 0, \"y\": 0, \"at\": \"N\"}}}");
    svg_ok(&a);
    char want[160];
    snprintf(want, sizeof want, "data-kind=\"feature\" data-type=\"%s\" data-x=\"%d\" data-y=\"%d\" data-at=\"%s\"",
             tu_str(f, "type"), tu_int(name, "x"), tu_int(name, "y"), tu_str(name, "at"));
    cr_assert_not_null(strstr(a.body, want), "%s", want);
    snprintf(want, sizeof want, "worth %d point", tu_int(f, "value"));
    cr_assert_not_null(strstr(a.body, want), "%s", want);
    cr_assert_eq(count(a.body, "class=\"highlight\""), 1);
    json_object_put(j);
    free(a.body);
}

Test(route_render, deployments_are_the_locations_of_v1_deployments)
{
    json_object *j = tu_post("/v1/deployments", "{\"position\": " README_POS ", \"x\": 0, \"y\": 0}", 200);
    json_object *opts = tu_member(j, "options");
    answer a = render(NULL, NULL, "{\"position\": " README_POS ", \"show\": {\"deployments\": {\"x\": 0, \"y\": 0}}}");
    svg_ok(&a);
    int spots = 0;
    for (size_t i = 0; i < json_object_array_length(opts); i++) {
        const char *at = tu_str(json_object_array_get_idx(opts, i), "at");
        char want[96];
        snprintf(want, sizeof want, "data-kind=\"deployment\" data-x=\"0\" data-y=\"0\" data-at=\"%s\"", at);
        cr_assert_not_null(strstr(a.body, want), "%s", want);
        bool seen = false;
        for (size_t k = 0; k < i; k++)
            seen |= strcmp(tu_str(json_object_array_get_idx(opts, k), "at"), at) == 0;
        spots += !seen;
    }
    cr_assert_gt(spots, 0);
    cr_assert_eq(count(a.body, "data-kind=\"deployment\""), spots);
    cr_assert_eq(count(a.body, "data-kind=\"tile\""), 1, "the asked tile is framed");
    /* each spot wears its number; the caption says what each offers */
    for (int k = 1; k <= spots; k++) {
        char want[32];
        snprintf(want, sizeof want, ">%d</text>", k);
        cr_assert_not_null(strstr(a.body, want), "%s", want);
    }
    cr_assert_not_null(strstr(a.body, "may deploy on (0, 0): 1: meeple ("), "%s", a.body);
    json_object_put(j);
    free(a.body);
}

/* Issue 31: the picture's words follow the request's language (lang= or
 * Accept-Language): the title, the caption, the tiles' titles. */
Test(route_render, words_are_in_the_request_language)
{
    answer a = render(NULL, "lang=de", "{\"position\": " README_POS ", \"show\": {\"score\": {\"x\": 0, \"y\": -1, "
                                       "\"deployed\": " DEPLOYED "}, \"last\": {\"x\": 0, \"y\": -1}}}");
    svg_ok(&a);
    cr_assert_not_null(strstr(a.body, "<title id=\"picture-title\">Wertung: 1 Ereignis</title>"), "%s", a.body);
    cr_assert_not_null(strstr(a.body, ">1. abgeschlossen, Stadt auf (0, -1) S: red +4.</text>"), "%s", a.body);
    cr_assert_not_null(strstr(a.body, "base.E auf (0, -1), um 180° gedreht"), "%s", a.body);
    cr_assert_null(strstr(a.body, "Scoring"), "no English title");
    cr_assert_null(strstr(a.body, "completed"), "no English event kind");
    free(a.body);
    a = render(NULL, "lang=fr", "{\"position\": " README_POS "}");
    svg_ok(&a);
    cr_assert_not_null(strstr(a.body, "à red de jouer"), "%s", a.body);
    free(a.body);
}

Test(route_render, wagon_destinations_are_those_of_v1_wagon_moves)
{
    json_object *j = tu_post("/v1/wagon-moves", "{\"position\": " WAGON_POS ", \"x\": 0, \"y\": -1, \"at\": \"S\"}", 200);
    json_object *dests = tu_member(j, "destinations");
    answer a = render(NULL, NULL, "{\"position\": " WAGON_POS ", \"show\": {\"wagon\": {\"x\": 0, \"y\": -1, \"at\": \"S\"}}}");
    svg_ok(&a);
    int n = (int)json_object_array_length(dests);
    cr_assert_gt(n, 0);
    cr_assert_eq(count(a.body, "data-kind=\"wagon-destination\""), n);
    for (int i = 0; i < n; i++) {
        json_object *d = json_object_array_get_idx(dests, (size_t)i);
        char want[128];
        snprintf(want, sizeof want, "data-kind=\"wagon-destination\" data-x=\"%d\" data-y=\"%d\" data-at=\"%s\"",
                 tu_int(d, "x"), tu_int(d, "y"), tu_str(d, "at"));
        cr_assert_not_null(strstr(a.body, want), "%s", want);
    }
    json_object_put(j);
    free(a.body);
}

/* The README's scoring: one event, the city, red +4; the legend adds it. */
Test(route_render, score_outlines_each_event_of_v1_score_with_its_points)
{
    json_object *j = tu_post("/v1/score", "{\"position\": " README_POS ", \"x\": 0, \"y\": -1, \"deployed\": " DEPLOYED "}", 200);
    json_object *events = tu_member(j, "events");
    answer a = render(NULL, NULL, "{\"position\": " README_POS ", \"show\": {\"score\": {\"x\": 0, \"y\": -1, "
                                  "\"deployed\": " DEPLOYED "}, \"last\": {\"x\": 0, \"y\": -1}}}");
    svg_ok(&a);
    cr_assert_eq(count(a.body, "data-kind=\"event\""), (int)json_object_array_length(events));
    json_object *name = tu_member(json_object_array_get_idx(events, 0), "feature");
    char want[128];
    snprintf(want, sizeof want, "data-kind=\"event\" data-type=\"city\" data-x=\"%d\" data-y=\"%d\" data-at=\"%s\"",
             tu_int(name, "x"), tu_int(name, "y"), tu_str(name, "at"));
    cr_assert_not_null(strstr(a.body, want), "%s", want);
    /* on the board the event's number; its points in the caption's line 1 */
    cr_assert_not_null(strstr(a.body, ">1</text>"));
    cr_assert_not_null(strstr(a.body, ">1. completed, the city at (0, -1) S: red +4.</text>"), "%s", a.body);
    cr_assert_not_null(strstr(a.body, ">0 +4</text>"), "the legend: red's score and what the turn adds");
    cr_assert_eq(count(a.body, "data-kind=\"last\" data-x=\"0\" data-y=\"-1\""), 1);
    json_object_put(j);
    free(a.body);
    /* the end-game scoring, as /v1/score answers it */
    j = tu_post("/v1/score", "{\"position\": " README_POS ", \"final\": true}", 200);
    a = render(NULL, NULL, "{\"position\": " README_POS ", \"show\": {\"score\": {\"final\": true}}}");
    svg_ok(&a);
    cr_assert_eq(count(a.body, "data-kind=\"event\""), (int)json_object_array_length(tu_member(j, "events")));
    cr_assert_not_null(strstr(a.body, "<title id=\"picture-title\">End-game scoring"));
    json_object_put(j);
    free(a.body);
}

/* A position problem is the usual 422 at the member at fault. */
Test(route_render, a_broken_position_is_the_usual_problem)
{
    problem(NULL, NULL,
            "{\"position\": {\"players\": [\"red\", \"blue\"], \"tiles\": [{\"tile\": \"base.D\", \"x\": 0, "
            "\"y\": 0, \"rot\": 0}, {\"tile\": \"base.E\", \"x\": 0, \"y\": -1, \"rot\": 0}], \"figures\": []}}",
            422, "/position/tiles/1");
    problem("image/png", "width=64", "{\"position\": 1}", 400, "/position");
}

/* ---- Inns & Cathedrals: the large meeple ------------------------------------- */

/* The width of the drawing of the figure group that starts at g: the
 * spread of the x coordinates of its path (every number pair of a path's
 * M, L and C commands is a point). */
static double figure_width(const char *g)
{
    const char *end = strstr(g, "</g>");
    const char *d = strstr(g, " d=\"");
    cr_assert(d != NULL && end != NULL && d < end);
    double lo = 1e9, hi = -1e9;
    int k = 0;
    for (const char *p = d + 4; *p != '"';) {
        if ((*p >= '0' && *p <= '9') || *p == '-' || *p == '.') {
            char *next;
            double v = strtod(p, &next);
            if (k++ % 2 == 0) {
                lo = v < lo ? v : lo;
                hi = v > hi ? v : hi;
            }
            p = next;
        } else {
            p++;
        }
    }
    return hi - lo;
}

/* Issue 28: the large meeple is drawn as a visibly larger meeple, titled
 * as such, its kind in data-kind. */
Test(route_render, big_drawn_half_as_large_again_as_a_meeple)
{
    answer a = render(NULL, NULL,
                      "{\"position\": {\"expansions\": [\"inns-cathedrals\"], \"players\": [\"red\", "
                      "\"blue\"], \"tiles\": [{\"tile\": \"base.U\", \"x\": 0, \"y\": 0, \"rot\": 0}, "
                      "{\"tile\": \"base.U\", \"x\": 1, \"y\": 0, \"rot\": 0}], \"figures\": ["
                      "{\"player\": \"red\", \"kind\": \"big\", \"x\": 0, \"y\": 0, \"at\": \"E\"}, "
                      "{\"player\": \"blue\", \"kind\": \"meeple\", \"x\": 1, \"y\": 0, \"at\": \"E\"}]}}");
    svg_ok(&a);
    const char *big = strstr(a.body, "<g class=\"figure\" data-player=\"red\" data-kind=\"big\"");
    const char *meeple = strstr(a.body, "<g class=\"figure\" data-player=\"blue\" data-kind=\"meeple\"");
    cr_assert(big != NULL && meeple != NULL, "%s", a.body);
    cr_assert(strstr(big, "<title>red's large meeple at (0, 0) E</title>") == strchr(big, '>') + 1);
    double wb = figure_width(big), wm = figure_width(meeple);
    cr_assert(wb > 1.4 * wm && wb < 1.6 * wm, "large %.1f, meeple %.1f", wb, wm);
    /* issue 31: the key explains each figure drawn, the large meeple too */
    cr_assert_not_null(strstr(a.body, "data-symbol=\"big\""), "the key names the large meeple");
    cr_assert_not_null(strstr(a.body, "data-symbol=\"meeple\""));
    free(a.body);
}

/* ---- issue 31: the barn, the labels, the key -------------------------------------- */

/* The barn-check example of the OpenAPI document: four tiles meet at the
 * south-east corner of (0, 0); none at its north-west corner. */
#define BARN_POS                                                                              \
    "{\"expansions\": [\"abbey-mayor\"], \"players\": [\"red\", \"blue\"], \"tiles\": [{\"tile\": " \
    "\"base.D\", \"x\": 0, \"y\": 0, \"rot\": 0}, {\"tile\": \"base.U\", \"x\": 1, \"y\": 0, "      \
    "\"rot\": 0}, {\"tile\": \"base.E\", \"x\": 0, \"y\": -1, \"rot\": 180}, {\"tile\": \"base.B\", " \
    "\"x\": 0, \"y\": 1, \"rot\": 0}, {\"tile\": \"base.B\", \"x\": 1, \"y\": 1, \"rot\": 0}], "       \
    "\"figures\": [{\"player\": \"red\", \"kind\": \"wagon\", \"x\": 0, \"y\": 0, \"at\": \"N\"}]}"

/* Issue 31: every show answer marks what it is about -- a barn asked about
 * on a corner is ringed there whether /v1/barn-check allows it or not; a
 * refused one is crossed out with /v1/barn-check's reason, an allowed one
 * tints the field /v1/barn-check names. */
Test(route_render, a_barn_asked_about_is_marked_on_its_corner_allowed_or_refused)
{
    static const char *const corners[] = { "SE", "NW" };
    int refused = 0, allowed = 0;
    for (int i = 0; i < 2; i++) {
        char body[2048], want[160];
        snprintf(body, sizeof body, "{\"position\": " BARN_POS ", \"x\": 0, \"y\": 0, \"at\": \"%s\"}", corners[i]);
        json_object *check = tu_post("/v1/barn-check", body, 200);
        bool legal = json_object_get_boolean(tu_member(check, "legal"));
        snprintf(body, sizeof body, "{\"position\": " BARN_POS ", \"show\": {\"barn\": {\"x\": 0, \"y\": 0, \"at\": \"%s\"}}}",
                 corners[i]);
        answer a = render(NULL, NULL, body);
        svg_ok(&a);
        snprintf(want, sizeof want, "data-kind=\"%s\" data-x=\"0\" data-y=\"0\" data-at=\"%s\"",
                 legal ? "barn" : "barn-refused", corners[i]);
        cr_assert_eq(count(a.body, want), 1, "%s in %s", want, a.body);
        if (legal) {
            json_object *field = tu_member(check, "field");
            snprintf(want, sizeof want, "data-kind=\"field\" data-type=\"field\" data-x=\"%d\" data-y=\"%d\" data-at=\"%s\"",
                     tu_int(field, "x"), tu_int(field, "y"), tu_str(field, "at"));
            cr_assert_not_null(strstr(a.body, want), "%s", want);
            cr_assert_not_null(strstr(a.body, "data-symbol=\"spot\""), "the key explains the ring");
            allowed++;
        } else {
            const char *explain = tu_str(tu_member(check, "reason"), "explain");
            cr_assert_not_null(strstr(a.body, explain), "the caption gives /v1/barn-check's reason: %s", explain);
            cr_assert_not_null(strstr(a.body, "data-symbol=\"refused\""), "the key explains the crossed ring");
            refused++;
        }
        json_object_put(check);
        free(a.body);
    }
    cr_assert_eq(allowed, 1);
    cr_assert_eq(refused, 1);
    problem(NULL, NULL, "{\"position\": " BARN_POS ", \"show\": {\"barn\": {\"x\": 0, \"y\": 0, \"at\": \"N\"}}}",
            400, "/show/barn/at");
    problem(NULL, NULL, "{\"position\": " BARN_POS ", \"show\": {\"barn\": {\"x\": 7, \"y\": 0, \"at\": \"NE\"}}}",
            422, "/show/barn/x");
}

typedef struct {
    double x, y, w, h;
} rbox;

/* The data-box of every group of class cls ("label", "figure"). */
static int boxes_of(const char *svg, const char *cls, rbox *out, int max)
{
    char open[48];
    snprintf(open, sizeof open, "<g class=\"%s\"", cls);
    int n = 0;
    for (const char *p = strstr(svg, open); p && n < max; p = strstr(p + 1, open)) {
        const char *end = strchr(p, '>'), *b = strstr(p, "data-box=\"");
        cr_assert(b != NULL && b < end, "a %s without its box", cls);
        cr_assert_eq(sscanf(b + 10, "%lf %lf %lf %lf", &out[n].x, &out[n].y, &out[n].w, &out[n].h), 4);
        n++;
    }
    return n;
}

static bool overlap(rbox a, rbox b)
{
    return a.x < b.x + b.w && b.x < a.x + a.w && a.y < b.y + b.h && b.y < a.y + a.h;
}

/* Labels: none overlaps another or a figure, all inside the picture, and
 * at least min_px pixels high when the picture is 960 pixels wide. */
static int check_labels(const char *svg, const char *what, double min_px)
{
    static rbox labels[2048], figs[512];
    int nl = boxes_of(svg, "label", labels, 2048), nf = boxes_of(svg, "figure", figs, 512);
    double vw = 0, vh = 0;
    const char *vb = strstr(svg, "viewBox=\"");
    cr_assert_not_null(vb);
    cr_assert_eq(sscanf(vb + 9, "0 0 %lf %lf", &vw, &vh), 2);
    for (int i = 0; i < nl; i++) {
        rbox a = labels[i];
        cr_assert(a.x >= 0 && a.y >= 0 && a.x + a.w <= vw && a.y + a.h <= vh,
                  "%s: label %d (%.1f %.1f %.1f %.1f) leaves the picture (%.0f x %.0f)", what, i, a.x, a.y, a.w, a.h, vw, vh);
        cr_assert_geq(a.h * 960 / vw, min_px, "%s: label %d is %.1f px high at 960 px", what, i, a.h * 960 / vw);
        for (int j = 0; j < i; j++)
            cr_assert(!overlap(a, labels[j]), "%s: labels %d and %d overlap", what, j, i);
        for (int j = 0; j < nf; j++)
            cr_assert(!overlap(a, figs[j]), "%s: label %d covers figure %d", what, i, j);
    }
    return nl;
}

/* The body of POST /v1/render: position (JSON text) and show (JSON text). */
static char *render_body(const char *position, const char *show)
{
    size_t n = strlen(position) + strlen(show) + 64;
    char *body = malloc(n);
    cr_assert_not_null(body);
    snprintf(body, n, "{\"position\": %s, \"show\": %s}", position, show);
    return body;
}

/* Issue 31: no two labels overlap at any size, none covers a figure, all
 * stay inside the picture, and they are readable (labels 17 px high or
 * more) when a crowded picture is 960 pixels wide: the final scoring, the
 * placements of a tile and the deployments of the last tile on boards of
 * whole random games of 2 to 6 players (over 30 events each with 5 or 6
 * players). Checked from each label's and figure's data-box, at the widths
 * 64, 480, 960 and 2048. */
Test(route_render, labels_never_overlap_each_other_or_figures_on_crowded_boards_at_any_width)
{
    static const char *const widths[] = { "width=64", "width=480", "width=960", "width=2048" };
    int most_events = 0, labels = 0;
    for (int players = 2; players <= 6; players += 2) {
        char req[160];
        snprintf(req, sizeof req, "{\"seed\": %d, \"players\": %d, \"expansions\": [\"abbey-mayor\", \"hills-sheep\"]}",
                 40 + players, players);
        json_object *game = tu_post("/v1/games/random", req, 200);
        json_object *final = tu_member(game, "final");
        const char *position = json_object_to_json_string_ext(tu_member(final, "position"), JSON_C_TO_STRING_PLAIN);
        int events = (int)json_object_array_length(tu_member(final, "events"));
        most_events = events > most_events ? events : most_events;
        json_object *turns = tu_member(game, "turns");
        json_object *last = NULL;   /* the last turn that placed a tile (a turn may pass) */
        for (size_t t = json_object_array_length(turns); t > 0 && last == NULL; t--)
            json_object_object_get_ex(json_object_array_get_idx(turns, t - 1), "move", &last);
        cr_assert_not_null(last);
        char deploy[96], placements[96];
        snprintf(deploy, sizeof deploy, "{\"deployments\": {\"x\": %d, \"y\": %d}}", tu_int(last, "x"), tu_int(last, "y"));
        /* the placements of the tile drawn three quarters into the game, on its board */
        json_object *late = json_object_array_get_idx(turns, json_object_array_length(turns) * 3 / 4);
        snprintf(placements, sizeof placements, "{\"placements\": \"%s\"}", tu_str(late, "tile"));
        const char *late_position = json_object_to_json_string_ext(tu_member(late, "position"), JSON_C_TO_STRING_PLAIN);
        const char *shows[] = { "{\"score\": {\"final\": true}}", placements, deploy };
        for (int s = 0; s < 3; s++) {
            char *body = render_body(s == 1 ? late_position : position, shows[s]);
            for (int w = 0; w < 4; w++) {
                answer a = render(NULL, widths[w], body);
                svg_ok(&a);
                char what[160];
                snprintf(what, sizeof what, "%d players, show %s, %s", players, shows[s], widths[w]);
                labels += check_labels(a.body, what, 17);
                free(a.body);
            }
            free(body);
        }
        json_object_put(game);
    }
    cr_assert_gt(most_events, 30, "a crowded final scoring: %d events", most_events);
    cr_assert_gt(labels, 400);
}

/* Issue 31: a key explains every symbol the picture draws and only those,
 * in the request's language. */
Test(route_render, the_key_explains_the_symbols_drawn_and_only_those_in_the_request_language)
{
    answer a = render(NULL, NULL, "{\"position\": " README_POS "}");
    svg_ok(&a);
    cr_assert_eq(count(a.body, "class=\"key-entry\""), 1, "%s", a.body);   /* base.D, base.E: a meeple */
    cr_assert_not_null(strstr(a.body, "data-symbol=\"meeple\""));
    cr_assert_not_null(strstr(a.body, ">Key:</text>"));
    free(a.body);
    /* a cloister (base.B), houses where roads end (base.W's village), a coat of
     * arms (base.F), a farmer, the placements of a tile, in German */
    a = render(NULL, "lang=de",
               "{\"position\": {\"players\": [\"red\", \"blue\"], \"tiles\": [{\"tile\": \"base.D\", \"x\": 0, "
               "\"y\": 0, \"rot\": 0}, {\"tile\": \"base.B\", \"x\": 0, \"y\": 1, \"rot\": 0}, {\"tile\": \"base.W\", "
               "\"x\": -1, \"y\": 0, \"rot\": 0}, {\"tile\": \"base.F\", \"x\": 0, \"y\": -1, \"rot\": 90}], \"figures\": "
               "[{\"player\": \"blue\", \"kind\": \"meeple\", \"x\": 0, \"y\": 0, \"at\": \"SSW\"}]}, "
               "\"show\": {\"placements\": \"base.V\"}}");
    svg_ok(&a);
    static const char *const drawn[] = { "cloister", "house", "pennant", "farmer", "fits" };
    for (size_t i = 0; i < sizeof drawn / sizeof drawn[0]; i++) {
        char want[64];
        snprintf(want, sizeof want, "data-symbol=\"%s\"", drawn[i]);
        cr_assert_not_null(strstr(a.body, want), "%s", want);
    }
    static const char *const absent[] = { "meeple", "abbey", "shrine", "hill", "wagon", "spot", "frame",
                                          "inn", "cathedral" };
    for (size_t i = 0; i < sizeof absent / sizeof absent[0]; i++) {
        char want[64];
        snprintf(want, sizeof want, "data-symbol=\"%s\"", absent[i]);
        cr_assert_null(strstr(a.body, want), "%s is not drawn", want);
    }
    cr_assert_not_null(strstr(a.body, ">Legende:</text>"));
    cr_assert_not_null(strstr(a.body, ">eine Straße endet an einem Haus</text>"));
    cr_assert_null(strstr(a.body, "a road ends"), "no English in the key");
    free(a.body);
}

/* Issue 28: the inn beside its road and the cathedral in its city are
 * drawn on the tiles, so the key explains each, in the request's language,
 * with its own swatch; only the one drawn: a cathedral alone brings no
 * inn into the key. */
Test(route_render, the_key_explains_the_inn_and_the_cathedral_when_drawn)
{
    answer a = render(NULL, "lang=fr",
                      "{\"position\": {\"expansions\": [\"inns-cathedrals\"], \"players\": [\"red\", \"blue\"], "
                      "\"tiles\": [{\"tile\": \"base.D\", \"x\": 0, \"y\": 0, \"rot\": 0}, "
                      "{\"tile\": \"inns-cathedrals.RFr.i\", \"x\": 1, \"y\": 0, \"rot\": 0}, "
                      "{\"tile\": \"inns-cathedrals.Cccc.c\", \"x\": 0, \"y\": -1, \"rot\": 0}], \"figures\": []}}");
    svg_ok(&a);
    cr_assert_eq(count(a.body, "class=\"key-entry\""), 2, "%s", a.body);
    const char *inn = strstr(a.body, "<g class=\"key-entry\" data-symbol=\"inn\">");
    const char *cathedral = strstr(a.body, "<g class=\"key-entry\" data-symbol=\"cathedral\">");
    cr_assert(inn != NULL && cathedral != NULL && inn < cathedral, "%s", a.body);
    cr_assert_gt(count_until(inn, "<path", "</g>"), 3, "the inn's swatch: road, house, roof, sign");
    cr_assert_gt(count_until(cathedral, "<path", "</g>"), 3, "the cathedral's swatch: nave, roofs, tower");
    cr_assert_not_null(strstr(a.body, ">auberge au bord d'une route</text>"), "%s", a.body);
    cr_assert_not_null(strstr(a.body, ">cathédrale dans une ville</text>"), "%s", a.body);
    cr_assert_null(strstr(a.body, "beside a road"), "no English in the key");
    free(a.body);
    a = render(NULL, NULL,
               "{\"position\": {\"expansions\": [\"inns-cathedrals\"], \"players\": [\"red\", \"blue\"], "
               "\"tiles\": [{\"tile\": \"base.D\", \"x\": 0, \"y\": 0, \"rot\": 0}, "
               "{\"tile\": \"inns-cathedrals.Cccc.c\", \"x\": 0, \"y\": -1, \"rot\": 0}], \"figures\": []}}");
    svg_ok(&a);
    cr_assert_not_null(strstr(a.body, "data-symbol=\"cathedral\""));
    cr_assert_not_null(strstr(a.body, ">cathedral in a city</text>"));
    cr_assert_null(strstr(a.body, "data-symbol=\"inn\""), "no inn is drawn");
    free(a.body);
}

/* Issue 31: a cloister's frame (itself and the 8 cells round it) stays
 * inside the board, over no axis and no caption, when the cloister lies on
 * the board's edge: every point of the cloister's outline is within the
 * board's cells (g.board's data-left, data-top, data-cell). */
Test(route_render, a_cloisters_frame_stays_inside_the_board)
{
    answer a = render(NULL, NULL,
                      "{\"position\": {\"players\": [\"red\", \"blue\"], \"tiles\": [{\"tile\": \"base.D\", \"x\": 0, "
                      "\"y\": 0, \"rot\": 0}, {\"tile\": \"base.B\", \"x\": 0, \"y\": 1, \"rot\": 0}], \"figures\": []}, "
                      "\"show\": {\"feature\": {\"x\": 0, \"y\": 1, \"at\": \"C\"}}}");
    svg_ok(&a);
    double left, top, cell;
    const char *b = strstr(a.body, "data-left=\"");
    cr_assert_not_null(b);
    cr_assert_eq(sscanf(b, "data-left=\"%lf\" data-top=\"%lf\" data-cell=\"%lf\"", &left, &top, &cell), 3);
    double right = left + cell, bottom = top + 2 * cell;   /* one column, two rows */
    const char *g = strstr(a.body, "data-type=\"cloister\"");
    cr_assert_not_null(g);
    const char *end = strstr(g, "</g>");
    int points = 0;
    for (const char *d = strstr(g, " d=\""); d && d < end; d = strstr(d + 1, " d=\"")) {
        const char *p = d + 4;
        while (*p != '"') {
            while (*p && *p != '"' && !(*p >= '0' && *p <= '9') && *p != '-' && *p != '.')
                p++;
            if (*p == '"')
                break;
            char *after;
            double x = strtod(p, &after), y;
            while (*after == ' ' || *after == ',')
                after++;
            y = strtod(after, (char **)&p);
            cr_assert(x >= left && x <= right && y >= top && y <= bottom,
                      "(%.1f, %.1f) is off the board [%.0f, %.0f] x [%.0f, %.0f]", x, y, left, right, top, bottom);
            points++;
        }
    }
    cr_assert_gt(points, 8);
    free(a.body);
}

/* ---- Traders & Builders: the builder, the pig, trade goods ---------------------- */

/* A completed city of one wine (traders-builders.Cc.w closed by two
 * base.E) and, south of it, a road from base.D turned half round to
 * base.U: red's meeple on the road at (0, 1), red's builder on it at
 * (1, 1); blue's farmer in the field north of the road at (0, 1), blue's
 * pig in that field at (1, 1); red holds the wine token. */
#define TRADERS_POS                                                                                  \
    "{\"expansions\": [\"traders-builders\"], \"players\": [\"red\", \"blue\"], \"tiles\": ["          \
    "{\"tile\": \"traders-builders.Cc.w\", \"x\": 0, \"y\": 0, \"rot\": 0}, "                         \
    "{\"tile\": \"base.E\", \"x\": 0, \"y\": -1, \"rot\": 180}, "                                     \
    "{\"tile\": \"base.E\", \"x\": -1, \"y\": 0, \"rot\": 90}, "                                      \
    "{\"tile\": \"base.D\", \"x\": 0, \"y\": 1, \"rot\": 180}, "                                      \
    "{\"tile\": \"base.U\", \"x\": 1, \"y\": 1, \"rot\": 0}], \"figures\": ["                           \
    "{\"player\": \"red\", \"kind\": \"meeple\", \"x\": 0, \"y\": 1, \"at\": \"E\"}, "                \
    "{\"player\": \"red\", \"kind\": \"builder\", \"x\": 1, \"y\": 1, \"at\": \"W\"}, "               \
    "{\"player\": \"blue\", \"kind\": \"meeple\", \"x\": 0, \"y\": 1, \"at\": \"NNW\"}, "             \
    "{\"player\": \"blue\", \"kind\": \"pig\", \"x\": 1, \"y\": 1, \"at\": \"NNE\"}], "               \
    "\"goods\": {\"red\": {\"wine\": 1, \"grain\": 0, \"cloth\": 0}}}"

/* The group of class figure of that player and kind, or NULL. */
static const char *figure_group(const char *svg, const char *player, const char *kind)
{
    char open[128];
    snprintf(open, sizeof open, "<g class=\"figure\" data-player=\"%s\" data-kind=\"%s\"", player, kind);
    return strstr(svg, open);
}

/* The spread of every path of the group that starts at g: its width and
 * height, and how many paths it draws. */
static int figure_extent(const char *g, double *w, double *h)
{
    const char *end = strstr(g, "</g>");
    double lo[2] = { 1e9, 1e9 }, hi[2] = { -1e9, -1e9 };
    int paths = 0;
    for (const char *d = strstr(g, " d=\""); d && d < end; d = strstr(d + 1, " d=\"")) {
        int k = 0;
        paths++;
        for (const char *p = d + 4; *p != '"';) {
            if ((*p >= '0' && *p <= '9') || *p == '-' || *p == '.') {
                char *next;
                double v = strtod(p, &next);
                lo[k % 2] = v < lo[k % 2] ? v : lo[k % 2];
                hi[k % 2] = v > hi[k % 2] ? v : hi[k % 2];
                k++;
                p = next;
            } else {
                p++;
            }
        }
    }
    *w = hi[0] - lo[0];
    *h = hi[1] - lo[1];
    return paths;
}

/* The fill colours of the group that starts at g, as one string. */
static void fills_of(const char *g, char *out, size_t n)
{
    const char *end = strstr(g, "</g>");
    out[0] = '\0';
    for (const char *f = strstr(g, "fill=\""); f && f < end; f = strstr(f + 1, "fill=\"")) {
        size_t len = strlen(out);
        snprintf(out + len, n - len, "%.*s;", (int)strcspn(f + 6, "\""), f + 6);
    }
}

/* Issue 29: the builder and the pig are drawn in their player's colour, each
 * with a silhouette of its own: the builder a taller meeple with a hammer
 * (more paths than a meeple), the pig wider than high (a meeple is higher
 * than wide); each titled with its kind, its box on its group, and no label
 * covers either at any width. */
Test(route_render, builder_and_pig_in_their_players_colour_each_unlike_a_meeple)
{
    answer a = render(NULL, NULL, "{\"position\": " TRADERS_POS "}");
    svg_ok(&a);
    const char *builder = figure_group(a.body, "red", "builder"), *pig = figure_group(a.body, "blue", "pig");
    const char *red = figure_group(a.body, "red", "meeple"), *blue = figure_group(a.body, "blue", "meeple");
    cr_assert(builder && pig && red && blue, "%s", a.body);
    cr_assert(strstr(builder, "<title>red's builder at (1, 1) W</title>") == strchr(builder, '>') + 1);
    cr_assert(strstr(pig, "<title>blue's pig at (1, 1) NNE</title>") == strchr(pig, '>') + 1);
    char colours[2][256], own[2][256];
    fills_of(red, colours[0], sizeof colours[0]);
    fills_of(blue, colours[1], sizeof colours[1]);
    fills_of(builder, own[0], sizeof own[0]);
    fills_of(pig, own[1], sizeof own[1]);
    for (int i = 0; i < 2; i++) {   /* the meeple's body colour is the player's */
        char body[64];
        snprintf(body, sizeof body, "%.*s", (int)strcspn(colours[i], ";"), colours[i]);
        cr_assert_not_null(strstr(own[i], body), "%s in %s", body, own[i]);
    }
    double mw, mh, bw, bh, pw, ph;
    int mp = figure_extent(red, &mw, &mh), bp = figure_extent(builder, &bw, &bh);
    figure_extent(pig, &pw, &ph);
    cr_assert_gt(mh, mw * 0.9, "a meeple %.1f x %.1f", mw, mh);
    cr_assert_gt(pw, ph * 1.3, "the pig %.1f x %.1f is wider than high", pw, ph);
    cr_assert_gt(bh, mh * 1.05, "the builder %.1f high, a meeple %.1f", bh, mh);
    cr_assert_gt(bp, mp, "the builder's hammer: %d paths, a meeple %d", bp, mp);
    free(a.body);
    static const char *const widths[] = { "width=64", "width=480", "width=960", "width=2048" };
    static const char *const shows[] = { "{\"deployments\": {\"x\": 0, \"y\": 1}}",
                                         "{\"score\": {\"final\": true}}" };
    for (int s = 0; s < 2; s++) {
        char *body = render_body(TRADERS_POS, shows[s]);
        for (int w = 0; w < 4; w++) {
            a = render(NULL, widths[w], body);
            svg_ok(&a);
            rbox figs[16];
            cr_assert_eq(boxes_of(a.body, "figure", figs, 16), 4, "every figure has its box");
            check_labels(a.body, shows[s], 17);
            free(a.body);
        }
        free(body);
    }
}

/* Issue 29: a city's goods symbols are drawn on its tile, each player's
 * tokens in the legend (a group per player with the counts, titled in
 * words), and the key explains the goods, the builder and the pig drawn,
 * in the request's language; a picture without the expansion and without
 * goods has none of it. */
Test(route_render, goods_on_the_tiles_and_in_the_legend_and_the_key_names_them)
{
    answer a = render(NULL, NULL, "{\"position\": " TRADERS_POS "}");
    svg_ok(&a);
    cr_assert_not_null(strstr(a.body, "<g class=\"goods\" data-player=\"red\" data-wine=\"1\" data-grain=\"0\" "
                                      "data-cloth=\"0\"><title>red's trade goods: wine 1, grain 0, cloth 0</title>"),
                       "%s", a.body);
    cr_assert_not_null(strstr(a.body, "<g class=\"goods\" data-player=\"blue\" data-wine=\"0\" data-grain=\"0\" "
                                      "data-cloth=\"0\">"));
    static const char *const drawn[] = { "wine", "grain", "cloth", "builder", "pig", "meeple", "farmer" };
    for (size_t i = 0; i < sizeof drawn / sizeof drawn[0]; i++) {
        char want[64];
        snprintf(want, sizeof want, "data-symbol=\"%s\"", drawn[i]);
        cr_assert_eq(count(a.body, want), 1, "%s", want);
    }
    cr_assert_not_null(strstr(a.body, ">wine (trade goods)</text>"));
    free(a.body);
    a = render(NULL, "lang=de", "{\"position\": " TRADERS_POS "}");
    svg_ok(&a);
    static const char *const german[] = { ">Wein (Handelsware)</text>", ">Getreide (Handelsware)</text>",
                                          ">Stoff (Handelsware)</text>", ">Baumeister</text>", ">Schwein</text>",
                                          "<title>Handelswaren von red: Wein 1, Getreide 0, Stoff 0</title>" };
    for (size_t i = 0; i < sizeof german / sizeof german[0]; i++)
        cr_assert_not_null(strstr(a.body, german[i]), "%s", german[i]);
    cr_assert_null(strstr(a.body, "trade goods"), "no English");
    free(a.body);
    a = render(NULL, NULL, "{\"position\": " README_POS "}");
    svg_ok(&a);
    cr_assert_null(strstr(a.body, "class=\"goods\""));
    cr_assert_null(strstr(a.body, "data-symbol=\"wine\""));
    free(a.body);
}

/* Issue 29: on the boards of whole random games with Traders & Builders
 * (builders and pigs standing, cities with goods), no label covers a
 * figure or another label at any width, and every figure has its box. */
Test(route_render, labels_stay_clear_of_builders_and_pigs_in_random_games)
{
    static const char *const widths[] = { "width=64", "width=960", "width=2048" };
    int special = 0;
    for (int seed = 1; seed <= 3; seed++) {
        char req[160];
        snprintf(req, sizeof req, "{\"seed\": %d, \"players\": 4, \"expansions\": [\"traders-builders\"]}", seed);
        json_object *game = tu_post("/v1/games/random", req, 200);
        const char *position = json_object_to_json_string_ext(tu_member(tu_member(game, "final"), "position"),
                                                              JSON_C_TO_STRING_PLAIN);
        char *body = render_body(position, "{\"score\": {\"final\": true}}");
        for (int w = 0; w < 3; w++) {
            answer a = render(NULL, widths[w], body);
            svg_ok(&a);
            special += count(a.body, "data-kind=\"builder\"") + count(a.body, "data-kind=\"pig\"");
            check_labels(a.body, "traders-builders final scoring", 17);
            free(a.body);
        }
        free(body);
        json_object_put(game);
    }
    cr_assert_gt(special, 0, "builders or pigs stand on the final boards");
}

/* The pixels of PNG answer a, RGB, into *w x *h (malloc'ed). */
static unsigned char *pixels_of(const answer *a, unsigned *w, unsigned *h)
{
    cr_assert(is_png(a), "%s", a->type);
    png_image pi;
    memset(&pi, 0, sizeof pi);
    pi.version = PNG_IMAGE_VERSION;
    cr_assert(png_image_begin_read_from_memory(&pi, a->body, a->len), "%s", pi.message);
    pi.format = PNG_FORMAT_RGB;
    unsigned char *rgb = malloc(PNG_IMAGE_SIZE(pi));
    cr_assert_not_null(rgb);
    cr_assert(png_image_finish_read(&pi, NULL, rgb, 0, NULL), "%s", pi.message);
    *w = pi.width;
    *h = pi.height;
    return rgb;
}

/* In box b (units) of a picture scale pixels a unit: how many pixels are
 * within tol of rgb, and the width and height of the box they fill. */
static int colour_in(const unsigned char *px, unsigned w, unsigned h, rbox b, double scale, unsigned rgb,
                     int tol, int *spread_x, int *spread_y)
{
    int n = 0, lo[2] = { 1 << 30, 1 << 30 }, hi[2] = { -1, -1 };
    int r = (int)(rgb >> 16) & 255, g = (int)(rgb >> 8) & 255, bl = (int)rgb & 255;
    for (int y = (int)(b.y * scale); y < (int)((b.y + b.h) * scale) && y < (int)h; y++)
        for (int x = (int)(b.x * scale); x < (int)((b.x + b.w) * scale) && x < (int)w; x++) {
            const unsigned char *p = px + ((size_t)y * w + (size_t)x) * 3;
            if (abs(p[0] - r) > tol || abs(p[1] - g) > tol || abs(p[2] - bl) > tol)
                continue;
            n++;
            lo[0] = x < lo[0] ? x : lo[0];
            hi[0] = x > hi[0] ? x : hi[0];
            lo[1] = y < lo[1] ? y : lo[1];
            hi[1] = y > hi[1] ? y : hi[1];
        }
    *spread_x = n ? hi[0] - lo[0] + 1 : 0;
    *spread_y = n ? hi[1] - lo[1] + 1 : 0;
    return n;
}

/* The data-box of the figure group of that player and kind. */
static rbox figure_box_of(const char *svg, const char *player, const char *kind)
{
    const char *g = figure_group(svg, player, kind);
    cr_assert_not_null(g, "%s's %s", player, kind);
    rbox b;
    boxes_of(g, "figure", &b, 1);
    return b;
}

/* Issue 29, in the pixels of the PNG at 480, 960 and 2048 pixels wide:
 * the builder's box shows its orange hard hat, which no meeple's box
 * shows (though its red does); the pig's colour fills a box well wider
 * than high, as no follower standing does. (At 64 pixels a figure is two pixels
 * high: there the SVG's shapes are what tell them apart.) */
Test(route_render, the_png_tells_the_builder_and_the_pig_from_a_meeple_at_every_readable_width)
{
    static const int widths[] = { 480, 960, 2048 };
    char *body = render_body(TRADERS_POS, "{}");
    for (size_t i = 0; i < sizeof widths / sizeof widths[0]; i++) {
        char query[32];
        snprintf(query, sizeof query, "width=%d", widths[i]);
        answer svg = render(NULL, NULL, body), png = render("image/png", query, body);
        svg_ok(&svg);
        double vw;
        cr_assert_eq(sscanf(strstr(svg.body, "viewBox=\"") + 9, "0 0 %lf", &vw), 1);   // NOLINT(cert-err34-c): the test's own SVG
        unsigned w, h;
        unsigned char *px = pixels_of(&png, &w, &h);
        double scale = w / vw;
        int sx, sy;
        const unsigned hat = 0xf08c00;
        cr_assert_gt(colour_in(px, w, h, figure_box_of(svg.body, "red", "builder"), scale, hat, 24, &sx, &sy), 0,
                     "%d px: the builder's hard hat", widths[i]);
        cr_assert_eq(colour_in(px, w, h, figure_box_of(svg.body, "red", "meeple"), scale, hat, 24, &sx, &sy), 0,
                     "%d px: no hat on a meeple", widths[i]);
        cr_assert_gt(colour_in(px, w, h, figure_box_of(svg.body, "red", "meeple"), scale, 0xff0000, 24, &sx, &sy), 0);
        cr_assert_gt(colour_in(px, w, h, figure_box_of(svg.body, "blue", "pig"), scale, 0x0000ff, 24, &sx, &sy), 0);
        cr_assert_gt(sx, sy * 1.3, "%d px: the pig %d x %d", widths[i], sx, sy);
        free(px);
        free(svg.body);
        free(png.body);
    }
    free(body);
}
