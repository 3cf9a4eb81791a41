/* test_answers.c -- a route's answer in sentences (the text content of an
 * MCP tool result): exact wording for the shapes each writer handles, and
 * the rules paragraph with each cited rule's statement (engine/rules.h);
 * in every language served every writer's sentences keep the English
 * numbers, cells, ids and names and leave no English sentence frame. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <json-c/json.h>

#include "../../../engine/rules.h"
#include "../../../service/text/answers.h"
#include "../../../service/text/catalog.h"
#include "../../support/testutil.h"

CC_SUITE(answers);

/* The sentences for `answer` (JSON text) of the route at path; the caller
 * frees the result. */
static char *words_in(const char *lang, const char *path, const char *answer)
{
    json_object *a = json_tokener_parse(answer);
    cr_assert_not_null(a, "test answer is not JSON");
    txbuf t;
    tx_init_in(&t, lang);
    answers_write(&t, path, a);
    json_object_put(a);
    char *s = tx_take(&t);
    cr_assert_not_null(s);
    return s;
}

static char *words(const char *path, const char *answer)
{
    return words_in(NULL, path, answer);
}

/* README: base.E next to the start tile. Rotations of one cell are told
 * together; the rules follow with their statements. */
Test(answers, placements_are_grouped_by_cell_and_the_rules_are_stated)
{
    char *s = words("/v1/placements",
                    "{\"tile\":\"base.E\",\"placements\":[{\"x\":0,\"y\":-1,\"rot\":180},"
                    "{\"x\":0,\"y\":1,\"rot\":90},{\"x\":0,\"y\":1,\"rot\":180},{\"x\":0,\"y\":1,\"rot\":270}],"
                    "\"rules\":[\"base.placement.edges\"]}");
    const cc_rule *edges = cc_rule_find("base.placement.edges");
    cr_assert_not_null(edges);
    char expected[512];
    snprintf(expected, sizeof expected,
             "base.E fits in 4 ways: at (0, -1) turned 180° and at (0, 1) turned 90°, 180° and 270°."
             "\n\nRules applied:\n- base.placement.edges: %s", edges->statement);
    cr_expect_str_eq(s, expected);
    free(s);
}

Test(answers, a_tile_that_fits_nowhere_is_discarded)
{
    char *s = words("/v1/placements", "{\"tile\":\"base.B\",\"placements\":[],\"rules\":[]}");
    cr_expect_str_eq(s, "base.B cannot be placed anywhere: a land tile that fits nowhere is "
                        "discarded and another is drawn.");
    free(s);
}

Test(answers, an_illegal_turn_names_its_rule_and_the_member_at_fault)
{
    char *s = words("/v1/turn",
                    "{\"legal\":false,\"rule\":\"base.placement.edges\",\"reason\":\"The edges do not match.\","
                    "\"pointer\":\"/rot\",\"events\":[],\"totals\":{},\"rules\":[]}");
    cr_expect_str_eq(s, "The move is not legal: The edges do not match. (rule base.placement.edges; "
                        "the member at fault: /rot).");
    free(s);
}

/* Score events speak for themselves (`explain`); totals follow. */
Test(answers, score_events_are_told_by_their_own_explanations)
{
    char *s = words("/v1/score",
                    "{\"events\":[{\"kind\":\"completed\",\"explain\":\"The city is complete.\"}],"
                    "\"totals\":{\"red\":4,\"blue\":0},\"rules\":[\"no.such.rule\"]}");
    cr_expect_str_eq(s, "What happens, in order:\n- The city is complete.\n"
                        "Points scored: red 4 and blue 0.\n\nRules applied:\n- no.such.rule");
    free(s);
}

/* The title, the detail and the pointer; not the HTTP status, which a
 * model cannot use (issue 32). */
Test(answers, a_problem_gives_its_title_detail_and_pointer)
{
    txbuf t;
    tx_init(&t);
    answers_problem(&t, 422, "Edges do not match", "The south edge is field.", "/position/tiles/1");
    char *s = tx_take(&t);
    cr_expect_str_eq(s, "Edges do not match. The south edge is field. At fault: the argument "
                        "/position/tiles/1.");
    free(s);
    tx_init(&t);
    answers_problem(&t, 400, "Malformed JSON", "Bad.", "");
    s = tx_take(&t);
    cr_expect_str_eq(s, "Malformed JSON. Bad.");
    free(s);
}

/* A writer meets an answer it does not expect (members missing): it says
 * less, never fails. */
Test(answers, missing_members_are_left_out_not_fatal)
{
    static const char *const paths[] = { "/v1/validate", "/v1/describe", "/v1/placements",
        "/v1/features", "/v1/deployments", "/v1/wagon-moves", "/v1/barn-check", "/v1/score",
        "/v1/turn", "/v1/messages/{n}", "/v1/tiles/{id}", "/v1/rules/{id}", "/unknown" };
    for (size_t i = 0; i < sizeof paths / sizeof paths[0]; i++) {
        char *s = words(paths[i], "{}");
        free(s);
    }
}

/* ---- in the players' languages -------------------------------------------------- */


/* One answer of each shape every writer handles, and the data its
 * sentences must carry in any language: cells with their locations, tile
 * ids, player names (the numbers are compared separately). An event's
 * explanation and a reason are the route's own sentences (already in the
 * language when the route is asked in it): here neutral text. */
static const struct {
    const char *path, *answer, *data[6];
} shapes[] = {
    { "/v1/validate",
      "{\"valid\":true,\"summary\":{\"tiles\":3,\"features\":{\"city\":{\"count\":2,\"complete\":1},"
      "\"road\":{\"count\":4,\"complete\":0},\"field\":{\"count\":5,\"complete\":0}},"
      "\"figures\":{\"red\":{\"meeple\":2,\"mayor\":1},\"blue\":{\"meeple\":0}}},\"rules\":[]}",
      { "red", "blue" } },
    { "/v1/validate", "{\"valid\":true,\"summary\":{\"tiles\":1},\"rules\":[]}", { NULL } },
    { "/v1/placements",
      "{\"tile\":\"base.E\",\"placements\":[{\"x\":0,\"y\":-1,\"rot\":180},"
      "{\"x\":0,\"y\":1,\"rot\":90},{\"x\":0,\"y\":1,\"rot\":180},{\"x\":0,\"y\":1,\"rot\":270}],\"rules\":[]}",
      { "base.E", "(0, -1)", "(0, 1)" } },
    { "/v1/placements", "{\"tile\":\"base.B\",\"placements\":[{\"x\":3,\"y\":7,\"rot\":0}],\"rules\":[]}",
      { "base.B", "(3, 7)" } },
    { "/v1/placements", "{\"tile\":\"base.B\",\"placements\":[],\"rules\":[]}", { "base.B" } },
    { "/v1/features",
      "{\"features\":[{\"feature\":{\"x\":0,\"y\":-1,\"at\":\"S\"},\"type\":\"city\",\"cells\":[[0,-1],[0,0]],"
      "\"complete\":true,\"occupants\":{\"red\":[{\"kind\":\"meeple\",\"x\":0,\"y\":-1,\"at\":\"S\"}]},"
      "\"value\":4,\"points\":{\"red\":4}},{\"feature\":{\"x\":1,\"y\":0,\"at\":\"E\"},\"type\":\"road\","
      "\"cells\":[[1,0]],\"complete\":false,\"value\":1}],\"rules\":[]}",
      { "(0, -1) S", "(1, 0) E", "red" } },
    { "/v1/features", "{\"features\":[],\"rules\":[]}", { NULL } },
    { "/v1/deployments",
      "{\"tile\":{\"x\":1,\"y\":0},\"options\":[{\"kind\":\"meeple\",\"at\":\"N\",\"feature\":{\"x\":1,\"y\":0,"
      "\"at\":\"N\"}},{\"kind\":\"meeple\",\"at\":\"C\",\"feature\":{\"x\":1,\"y\":0,\"at\":\"C\"},"
      "\"challenge\":{\"player\":\"blue\",\"kind\":\"meeple\",\"x\":2,\"y\":1,\"at\":\"C\"}}],\"rules\":[]}",
      { "(1, 0)", "(1, 0) N", "(1, 0) C", "(2, 1) C", "blue" } },
    { "/v1/deployments", "{\"tile\":{\"x\":1,\"y\":0},\"options\":[],\"rules\":[]}", { "(1, 0)" } },
    { "/v1/wagon-moves",
      "{\"wagon\":{\"player\":\"red\",\"kind\":\"wagon\",\"x\":0,\"y\":0,\"at\":\"N\"},\"destinations\":"
      "[{\"x\":1,\"y\":0,\"at\":\"W\",\"feature\":{\"x\":1,\"y\":0,\"at\":\"W\"}}],\"rules\":[]}",
      { "(0, 0) N", "(1, 0) W", "red" } },
    { "/v1/wagon-moves",
      "{\"wagon\":{\"player\":\"red\",\"kind\":\"wagon\",\"x\":0,\"y\":0,\"at\":\"N\"},\"destinations\":[],"
      "\"rules\":[]}", { "(0, 0) N", "red" } },
    { "/v1/barn-check",
      "{\"legal\":true,\"field\":{\"x\":0,\"y\":0,\"at\":\"SE\"},\"scoring\":{\"events\":[{\"kind\":"
      "\"barn\",\"explain\":\"<explain 9>\"}],\"totals\":{\"red\":9}},\"rules\":[]}",
      { "(0, 0) SE", "<explain 9>", "red" } },
    { "/v1/barn-check",
      "{\"legal\":false,\"reason\":{\"explain\":\"<reason>\",\"rule\":\"abbey.barn.junction\"},\"rules\":[]}",
      { "<reason>", "abbey.barn.junction" } },
    { "/v1/score",
      "{\"events\":[{\"kind\":\"completed\",\"explain\":\"<explain 8>\"},{\"kind\":\"wagon-move\","
      "\"player\":\"blue\",\"from\":{\"x\":0,\"y\":-1,\"at\":\"S\"},\"to\":{\"x\":2,\"y\":0,\"at\":\"E\"}}],"
      "\"totals\":{\"red\":8,\"blue\":0},\"message\":{\"player\":\"red\",\"received\":2},\"rules\":[]}",
      { "<explain 8>", "(0, -1) S", "(2, 0) E", "red", "blue" } },
    { "/v1/score", "{\"events\":[],\"totals\":{},\"message\":{\"player\":\"red\",\"received\":1},\"rules\":[]}",
      { "red" } },
    { "/v1/score", "{\"events\":[],\"totals\":{},\"message\":{\"player\":\"red\",\"received\":0},\"rules\":[]}",
      { "red" } },
    { "/v1/turn",
      "{\"legal\":true,\"events\":[{\"kind\":\"completed\",\"explain\":\"<explain 3>\"}],\"totals\":"
      "{\"red\":3},\"game_over\":false,\"position\":{\"active\":\"blue\"},\"rules\":[]}",
      { "<explain 3>", "red", "blue" } },
    { "/v1/turn", "{\"legal\":true,\"events\":[],\"totals\":{},\"game_over\":true,\"rules\":[]}", { NULL } },
    { "/v1/turn",
      "{\"legal\":false,\"rule\":\"base.placement.edges\",\"reason\":\"<reason>\",\"pointer\":\"/rot\","
      "\"rules\":[]}", { "<reason>", "base.placement.edges", "/rot" } },
    { "/v1/messages/{n}",
      "{\"card\":4,\"name\":\"<name>\",\"player\":\"red\",\"points\":6,\"alternative\":2,"
      "\"explain\":\"<explain 6>\",\"rules\":[]}", { "<name>", "red", "<explain 6>" } },
    { "/v1/tiles/{id}",
      "{\"id\":\"base.D\",\"set\":\"base\",\"reference_id\":\"D\",\"count\":4,\"edges\":\"CRFR\","
      "\"start\":true,\"aliases\":[\"BA/RCr\"],\"hill\":true,\"features\":[{\"index\":0,\"type\":\"city\","
      "\"locations\":[\"N\"],\"pennants\":1},{\"index\":1,\"type\":\"road\",\"locations\":[\"E\",\"W\"],"
      "\"pennants\":2}]}", { "base.D", "BA/RCr" } },
    { "/v1/rules/{id}",
      "{\"id\":\"base.placement.edges\",\"expansion\":\"base\",\"edition\":\"2\",\"statement\":"
      "\"<statement>\",\"source\":\"<source>\"}", { "base.placement.edges", "<statement>", "<source>" } },
};

/* Sentence frames of the English answers: if one is left in another
 * language, a phrase was not translated. */
static const char *const english_frames[] = {
    "The position is possible", "on the board", "Features by type", " complete)", "Figures on",
    "cannot be placed", "fits in", " way", "turned", "The ", "No feature", "may be deployed",
    "may deploy", "on the feature", "challenging", "may move to", "has no feature", "A barn may",
    "(rule ", "Nothing scores", "What happens", "Points scored", "With Messages", "receives",
    "The move is", "at fault", " moves from ", "game is over", "Next to play", "Message card",
    "instead", "of the set", "in the game", "catalog orientation", "its edges", "north ", "south ",
    "west ", "start tile", "Also called", "Its features", "coat of arms", "coats of arms",
    ", edition ", "Source:", "Rules applied", "At fault", "anything", " tile", "'s ", " and ",
    "none",
};

/* The numbers of a text, in order of size (a translation may reorder). */
static size_t numbers(const char *s, long out[], size_t max)
{
    size_t n = 0;
    for (const char *p = s; *p;) {
        bool minus = *p == '-' && p[1] >= '0' && p[1] <= '9';
        if ((*p >= '0' && *p <= '9') || minus) {
            char *end;
            long v = strtol(p, &end, 10);
            cr_assert_lt(n, max);
            size_t i = n++;
            for (; i > 0 && out[i - 1] > v; i--)
                out[i] = out[i - 1];
            out[i] = v;
            p = end;
        } else {
            p++;
        }
    }
    return n;
}

Test(answers, every_writer_in_each_language_keeps_the_numbers_and_data_and_no_english_frame)
{
    const char *languages[TXT_LANGUAGES_MAX];
    size_t nlanguages = tu_languages(languages, true);
    for (size_t k = 0; k < sizeof shapes / sizeof shapes[0]; k++) {
        char *en = words(shapes[k].path, shapes[k].answer);
        long want[64], got[64];
        size_t nwant = numbers(en, want, 64);
        for (size_t l = 0; l < nlanguages; l++) {
            char *s = words_in(languages[l], shapes[k].path, shapes[k].answer);
            for (size_t f = 0; f < sizeof english_frames / sizeof english_frames[0]; f++)
                cr_expect_null(strstr(s, english_frames[f]), "%s %s: \"%s\" left in: %s",
                               languages[l], shapes[k].path, english_frames[f], s);
            for (size_t d = 0; d < 6 && shapes[k].data[d]; d++)
                cr_expect_not_null(strstr(s, shapes[k].data[d]), "%s %s: %s missing from: %s",
                                   languages[l], shapes[k].path, shapes[k].data[d], s);
            size_t ngot = numbers(s, got, 64);
            cr_expect_eq(ngot, nwant, "%s %s: %zu numbers, English %zu: %s | %s", languages[l],
                         shapes[k].path, ngot, nwant, s, en);
            for (size_t i = 0; i < ngot && i < nwant; i++)
                cr_expect_eq(got[i], want[i], "%s %s: the numbers differ: %s | %s", languages[l],
                             shapes[k].path, s, en);
            free(s);
        }
        free(en);
    }
}

/* The rules paragraph states each rule in the answer's language, as
 * GET /v1/rules does (rule.<id>), under a heading of that language. */
Test(answers, the_rules_applied_are_stated_in_the_answer_s_language)
{
    const char *languages[TXT_LANGUAGES_MAX];
    size_t nlanguages = tu_languages(languages, true);
    for (size_t l = 0; l < nlanguages; l++) {
        char *s = words_in(languages[l], "/v1/placements",
                           "{\"tile\":\"base.B\",\"placements\":[],\"rules\":[\"base.placement.edges\"]}");
        const char *statement = txt_lookup(languages[l], "rule.base.placement.edges");
        cr_assert_not_null(statement, "%s", languages[l]);
        char item[1024];
        snprintf(item, sizeof item, "\n- base.placement.edges: %s", statement);
        cr_expect_not_null(strstr(s, item), "%s: %s", languages[l], s);
        cr_expect_null(strstr(s, "Rules applied"), "%s: %s", languages[l], s);
        free(s);
    }
}

/* A problem of a tool call in German: the route's title and detail (in
 * German already when the route is asked in it), the status and pointer
 * unchanged, the frame German. */
/* Without the HTTP status: a model cannot use it (issue 32). */
Test(answers, a_problem_is_framed_in_the_answer_s_language)
{
    txbuf t;
    tx_init_in(&t, "de");
    answers_problem(&t, 422, "<title>", "<detail>", "/position/tiles/1");
    char *s = tx_take(&t);
    cr_expect_str_eq(s, "<title>. <detail> Fehlerhaft ist das Argument /position/tiles/1.");
    free(s);
}

/* Czech and Polish choose the word by the number (1, 2-4, 5+). */
Test(answers, counts_take_the_language_s_plural_forms)
{
    char *s = words_in("cs", "/v1/validate", "{\"summary\":{\"tiles\":3},\"rules\":[]}");
    cr_expect_str_eq(s, "Pozice je možná: na herní ploše jsou 3 kartičky.");
    free(s);
    s = words_in("cs", "/v1/validate", "{\"summary\":{\"tiles\":12},\"rules\":[]}");
    cr_expect_str_eq(s, "Pozice je možná: na herní ploše je 12 kartiček.");
    free(s);
    s = words_in("pl", "/v1/score",
                 "{\"events\":[],\"totals\":{},\"message\":{\"player\":\"red\",\"received\":5},\"rules\":[]}");
    cr_expect_str_eq(s, "Nic nie jest punktowane. Z Wiadomościami red otrzymuje 5 wiadomości.");
    free(s);
}
