/* test_answers.c -- a route's answer in sentences (the text content of an
 * MCP tool result): exact wording for the shapes each writer handles, and
 * the rules paragraph with each cited rule's statement (engine/rules.h). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <json-c/json.h>

#include "../../../engine/rules.h"
#include "../../../service/text/answers.h"
#include "../../support/testutil.h"

CC_SUITE(answers);

/* The sentences for `answer` (JSON text) of the route at path; the caller
 * frees the result. */
static char *words(const char *path, const char *answer)
{
    json_object *a = json_tokener_parse(answer);
    cr_assert_not_null(a, "test answer is not JSON");
    txbuf t;
    tx_init(&t);
    answers_write(&t, path, a);
    json_object_put(a);
    char *s = tx_take(&t);
    cr_assert_not_null(s);
    return s;
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

Test(answers, a_problem_gives_its_title_status_detail_and_pointer)
{
    txbuf t;
    tx_init(&t);
    answers_problem(&t, 422, "Edges do not match", "The south edge is field.", "/position/tiles/1");
    char *s = tx_take(&t);
    cr_expect_str_eq(s, "Edges do not match (422). The south edge is field. At fault: the argument "
                        "/position/tiles/1.");
    free(s);
    tx_init(&t);
    answers_problem(&t, 400, "Malformed JSON", "Bad.", "");
    s = tx_take(&t);
    cr_expect_str_eq(s, "Malformed JSON (400). Bad.");
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
