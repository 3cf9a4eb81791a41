/* test_encode_messages.c -- service/wire/encode_messages.h: the "counting"
 * request member of /v1/score and /v1/turn, and their "message" member.
 *
 * Rule page: Messages (1st edition). The position: base.E
 * turned 180 at (0,-1) closes base.D's city, 4 points for p0's knight
 * (event 0); p1's thief on the open road scores nothing. */
#include <stdlib.h>
#include <string.h>

#include <json-c/json.h>

#include "../../../engine/rules.h"
#include "../../../service/wire/decode.h"
#include "../../../service/wire/encode_messages.h"
#include "../../support/testutil.h"

CC_SUITE(encode_messages);

typedef struct {
    cc_position pos;
    cc_board board;
    cc_features f;
    cc_score_result res;
} game_t;

static game_t *closed_city(unsigned exps, int s0, int s1)
{
    game_t *g = calloc(1, sizeof *g);
    cr_assert_not_null(g);
    tu_pos(&g->pos, 2, exps);
    tu_tile(&g->pos, "base.D", 0, 0, 0);
    tu_tile(&g->pos, "base.E", 0, -1, 180);
    tu_fig(&g->pos, 0, "meeple", 0, 0, "N");
    tu_fig(&g->pos, 1, "meeple", 0, 0, "E");
    g->pos.scores[0][0] = s0;
    g->pos.scores[0][1] = s1;
    tu_build(&g->pos, &g->board, &g->f);
    cc_turn_choices ch = cc_turn_choices_none();
    cc_error err;
    cr_assert(cc_score_turn(&g->pos, &g->f, 0, -1, &ch, &g->res, &err), "%s", tu_detail(&err));
    cr_assert_eq(g->res.nevents, 1);
    return g;
}

/* msg_score_answer on a body; returns the answer object it writes, parsed
 * (or NULL on failure, with err filled). */
static json_object *answer(game_t *g, const char *body, int next[CC_MAX_PLAYERS][2],
                           cc_error *err)
{
    jr_doc doc;
    jr_obj root;
    cc_error perr;
    cr_assert(dec_parse(body, strlen(body), NULL, &doc, &root, &perr), "%s", perr.detail);
    jw w;
    jw_init(&w);
    jw_object(&w);
    bool ok = msg_score_answer(&root, &g->pos, &g->res, false, &w, next, err);
    jw_object_end(&w);
    jr_doc_free(&doc);
    json_object *out = NULL;
    if (ok) {
        cr_assert_not(jw_failed(&w));
        out = json_tokener_parse(w.buf);
        cr_assert_not_null(out, "not JSON: %s", w.buf);
    }
    jw_free(&w);
    return out;
}

static json_object *get(json_object *o, const char *name)
{
    json_object *v = NULL;
    cr_assert(json_object_object_get_ex(o, name, &v), "no %s in %s", name,
              json_object_to_json_string(o));
    return v;
}

/* The page: 1 + 4 = 5 is a dark space: one message after the scoring
 * phase; the member says which figure and which space. */
Test(encode_messages, message_member_reports_the_round_and_the_dark_space)
{
    game_t *g = closed_city(CC_EXP_MESSAGES, 1, 0);
    int next[CC_MAX_PLAYERS][2];
    cc_error err;
    json_object *a = answer(g, "{}", next, &err);
    cr_assert_not_null(a, "%s", tu_detail(&err));
    json_object *m = get(a, "message");
    cr_assert_eq(json_object_get_int(get(m, "received")), 1);
    cr_assert_eq(json_object_get_int(get(m, "total")), 5);
    cr_assert_not(json_object_get_boolean(get(m, "final")));
    json_object *round = json_object_array_get_idx(get(m, "rounds"), 0);
    cr_assert_str_eq(json_object_get_string(get(round, "round")), "scoring");
    cr_assert(json_object_get_boolean(get(round, "message")));
    cr_assert_eq(json_object_get_int(get(round, "figure")), 0);
    cr_assert_eq(json_object_get_int(get(round, "space")), 5);
    json_object *rules = get(m, "rules");
    for (size_t i = 0; i < json_object_array_length(rules); i++)
        cr_assert_not_null(cc_rule_find(json_object_get_string(json_object_array_get_idx(rules, i))));
    cr_assert_eq(next[0][0], 5);
    cr_assert_eq(next[0][1], 0);
    json_object_put(a);
    free(g);
}

/* "counting" chooses figure 1: 0 + 4 = 4, no message; next scores follow. */
Test(encode_messages, counting_member_chooses_the_figure)
{
    game_t *g = closed_city(CC_EXP_MESSAGES, 1, 0);
    int next[CC_MAX_PLAYERS][2];
    cc_error err;
    json_object *a = answer(g, "{\"counting\": [{\"event\": 0, \"figure\": 1}]}", next, &err);
    cr_assert_not_null(a, "%s", tu_detail(&err));
    json_object *m = get(a, "message");
    cr_assert_eq(json_object_get_int(get(m, "received")), 0);
    json_object *c = json_object_array_get_idx(
        get(json_object_array_get_idx(get(m, "rounds"), 0), "counting"), 0);
    cr_assert_eq(json_object_get_int(get(c, "figure")), 1);
    cr_assert(json_object_get_boolean(get(c, "chosen")));
    cr_assert_eq(next[0][0], 1);
    cr_assert_eq(next[0][1], 4);
    json_object_put(a);
    free(g);
}

/* Without Messages: no "message" member, every point on figure 0, and a
 * "counting" member is refused. */
Test(encode_messages, without_messages_no_member_and_no_counting)
{
    game_t *g = closed_city(0, 1, 0);
    int next[CC_MAX_PLAYERS][2];
    cc_error err;
    json_object *a = answer(g, "{}", next, &err);
    cr_assert_not_null(a);
    cr_assert_not(json_object_object_get_ex(a, "message", NULL));
    cr_assert_eq(next[0][0], 5);
    json_object_put(a);
    cr_assert_null(answer(g, "{\"counting\": []}", next, &err));
    cr_assert_eq(err.status, CC_ERR_IMPOSSIBLE);
    cr_assert_str_eq(err.pointer, "/counting");
    free(g);
}

Test(encode_messages, malformed_counting_is_refused_at_its_member)
{
    game_t *g = closed_city(CC_EXP_MESSAGES, 1, 0);
    cc_error err;
    static const struct {
        const char *body;
        int status;
        const char *pointer;
    } cases[] = {
        { "{\"counting\": {}}", 400, "/counting" },
        { "{\"counting\": [3]}", 400, "/counting/0" },
        { "{\"counting\": [{\"event\": 1, \"figure\": 0}]}", 422, "/counting/0/event" },
        { "{\"counting\": [{\"event\": 0, \"figure\": 2}]}", 400, "/counting/0/figure" },
        { "{\"counting\": [{\"event\": 0}]}", 400, "/counting/0/figure" },
        { "{\"counting\": [{\"event\": 0, \"figure\": 0, \"who\": 1}]}", 400, "/counting/0/who" },
        { "{\"counting\": [{\"event\": 0, \"figure\": 0, \"player\": \"p9\"}]}", 422,
          "/counting/0/player" },
        { "{\"counting\": [{\"event\": 0, \"figure\": 0}, {\"event\": 0, \"figure\": 1}]}", 400,
          "/counting/1/event" },
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        memset(&err, 0, sizeof err);
        cr_assert_null(answer(g, cases[i].body, NULL, &err), "%s accepted", cases[i].body);
        cr_assert_eq((int)err.status, cases[i].status, "%s: %d %s", cases[i].body, err.status,
                     tu_detail(&err));
        cr_assert_str_eq(err.pointer, cases[i].pointer, "%s", cases[i].body);
    }
    free(g);
}

/* A choice for another player moves their figure; they receive nothing. */
Test(encode_messages, counting_for_another_player)
{
    game_t *g = closed_city(CC_EXP_MESSAGES, 1, 0);
    g->pos.active = 1;   /* p0 scores the city on p1's turn */
    int next[CC_MAX_PLAYERS][2];
    cc_error err;
    json_object *a = answer(g, "{\"counting\": [{\"event\": 0, \"figure\": 1, \"player\": \"p0\"}]}",
                            next, &err);
    cr_assert_not_null(a, "%s", tu_detail(&err));
    cr_assert_eq(next[0][1], 4);
    json_object *m = get(a, "message");
    cr_assert_str_eq(json_object_get_string(get(m, "player")), "p1");
    cr_assert_eq(json_object_array_length(get(m, "rounds")), 0);
    json_object_put(a);
    free(g);
}
