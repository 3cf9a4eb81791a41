/* test_messages_en.c -- the English table (service/text/messages_en.c) and
 * the formatter (service/text/format.c): every message id the engine can
 * say has an English template whose msgctxt is "msg." + the id, whose
 * placeholders are argument names of engine/text.h, and which words the
 * same sentence the engine wrote before it said ids (byte for byte: the
 * golden answers check the whole service; these check the formatter's
 * parts one by one). */
#include <criterion/criterion.h>
#include <stdio.h>
#include <string.h>

#include "../../../service/text/format.h"
#include "../../../service/text/messages_en.h"
#include "../../support/testutil.h"

static bool is_arg_name(const char *s, size_t n)
{
    for (int i = 0; i < CC_ARG_NAME_COUNT; i++)
        if (strlen(cc_arg_name(i)) == n && memcmp(cc_arg_name(i), s, n) == 0)
            return true;
    return false;
}

Test(messages_en, every_message_id_has_an_english_template_and_its_msgctxt)
{
    for (int m = 0; m < CC_MSG_COUNT; m++) {
        char ctxt[96];
        snprintf(ctxt, sizeof ctxt, "msg.%s", cc_msg_id(m));
        cr_expect_str_eq(txt_msg_ctxt(m), ctxt, "message %d", m);
        cr_expect_gt(strlen(txt_english_message(m)), 0, "%s has no English", cc_msg_id(m));
    }
}

Test(messages_en, every_placeholder_is_an_argument_name_of_engine_text_h)
{
    size_t n;
    const txt_english *e = txt_english_messages(&n);
    cr_assert_geq(n, (size_t)CC_MSG_COUNT);
    for (size_t i = 0; i < n; i++) {
        cr_assert_not_null(e[i].ctxt, "entry %zu is empty", i);
        for (const char *p = e[i].msgid; (p = strchr(p, '{')) != NULL;) {
            if (p[1] == '{') {
                p += 2;
                continue;
            }
            size_t len = strcspn(p + 1, ":}");
            cr_expect(is_arg_name(p + 1, len), "%s: {%.*s} is no argument name", e[i].ctxt,
                      (int)len, p + 1);
            p += 1 + len;
        }
    }
}

Test(messages_en, plural_forms_follow_each_languages_rule)
{
    cr_expect_eq(txt_plural("en", 1, 2), 0);
    cr_expect_eq(txt_plural("en", 0, 2), 1);
    cr_expect_eq(txt_plural("fr", 0, 2), 0, "French: 0 takes the singular");
    cr_expect_eq(txt_plural("cs", 3, 3), 1);
    cr_expect_eq(txt_plural("cs", 5, 3), 2);
    cr_expect_eq(txt_plural("pl", 22, 3), 1);
    cr_expect_eq(txt_plural("pl", 12, 3), 2, "Polish: 12-14 take the many form");
    cr_expect_eq(txt_plural("en", 5, 1), 0, "never past the forms given");
}

Test(messages_en, a_road_sentence_words_numbers_plurals_and_the_location)
{
    cc_text t;
    cc_loc at = { CC_LOC_RING, 0 };
    CC_SAY(&t, CC_MSG_S_ROAD_COMPLETE, CC_INT(X, 0), CC_INT(Y, -1), CC_LOC(AT, at),
           CC_INT(TILES, 1), CC_INT(POINTS, 1));
    char out[200];
    cr_expect_str_eq(txt_format("en", &t, NULL, out, sizeof out),
                     "The road at (0, -1) N is complete: 1 tile x 1 = 1 point.");
}

Test(messages_en, player_lists_join_with_commas_and_and)
{
    cc_position pos;
    tu_pos(&pos, 3, CC_EXP_BASE);
    cc_text t;
    CC_SAY(&t, CC_MSG_S_TIE, CC_PLAYERS(PLAYERS, 7), CC_INT(POINTS, 4));
    txt_args a = { .pos = &pos };
    char out[200];
    char want[200];
    snprintf(want, sizeof want, "The tie between %s, %s and %s stands: each scores the full 4.",
             pos.players[0], pos.players[1], pos.players[2]);
    cr_expect_str_eq(txt_format("en", &t, &a, out, sizeof out), want);
}

Test(messages_en, double_braces_are_literal_and_a_full_buffer_cuts_cleanly)
{
    cc_error err;
    CC_FAIL(&err, CC_ERR_IMPOSSIBLE, "/shepherd", CC_MSG_P_SHEPHERD_ACTION_MISSING,
            CC_MSG_D_SHEPHERD_ACTION_MISSING, CC_QUOTE(PLAYER, cc_error_quote(&err, 0, "Zoë")),
            CC_INT(X, 1), CC_INT(Y, 2));
    txt_args a = { .err = &err };
    char out[300];
    txt_format("en", &err.text, &a, out, sizeof out);
    cr_expect(strstr(out, "({\"action\": \"grow\"") != NULL, "%s", out);
    cr_expect(strncmp(out, "the tile extends the field of Zoë's shepherd at (1, 2)", 53) == 0, "%s", out);
    char small[34];
    txt_format("en", &err.text, &a, small, sizeof small);   /* "...of Zo" + half of ë */
    cr_expect_eq(strlen(small), 32, "the cut drops the half character: %s", small);
}
