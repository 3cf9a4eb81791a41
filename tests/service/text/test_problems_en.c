/* test_problems_en.c -- the service's own problems as message ids
 * (service/text/problems.def): every id has its English, its msgctxt is
 * "msg." + the id, no id repeats an engine id or another service id, no
 * two problems share an English title (the title names the `type`), and
 * every placeholder of a detail or term is an argument name of
 * engine/text.h. */
#include <criterion/criterion.h>
#include <stdio.h>
#include <string.h>

#include "../../../service/text/format.h"
#include "../../../service/text/messages_en.h"
#include "../../../service/text/problems.h"
#include "../../support/testutil.h"

Test(problems_en, every_service_id_has_english_and_its_msgctxt)
{
    cr_assert_gt(SVC_MSG_END, SVC_MSG_FIRST);
    for (int m = SVC_MSG_FIRST; m < SVC_MSG_END; m++) {
        char ctxt[96];
        snprintf(ctxt, sizeof ctxt, "msg.%s", svc_msg_id(m));
        cr_expect_str_eq(txt_msg_ctxt(m), ctxt, "message %d", m);
        cr_expect_gt(strlen(txt_english_message(m)), 0, "%s has no English", svc_msg_id(m));
    }
}

Test(problems_en, no_service_id_repeats_an_engine_id_or_another_service_id)
{
    for (int m = SVC_MSG_FIRST; m < SVC_MSG_END; m++) {
        for (int e = 0; e < CC_MSG_COUNT; e++)
            cr_expect_str_neq(svc_msg_id(m), cc_msg_id(e), "%s is an engine id", svc_msg_id(m));
        for (int o = SVC_MSG_FIRST; o < m; o++)
            cr_expect_str_neq(svc_msg_id(m), svc_msg_id(o), "%s twice", svc_msg_id(m));
    }
}

/* A problem's type is its English title, slugged: two ids with one title
 * would be one type; the engine's title is reused by id instead. */
Test(problems_en, no_two_problems_share_a_title)
{
    for (int m = SVC_MSG_FIRST; m < SVC_MSG_END; m++) {
        if (strncmp(svc_msg_id(m), "problem.", 8) != 0)
            continue;
        for (int e = 0; e < CC_MSG_COUNT; e++)
            if (strncmp(cc_msg_id(e), "problem.", 8) == 0)
                cr_expect_str_neq(txt_english_message(m), txt_english_message(e),
                                  "%s: use the engine's %s", svc_msg_id(m), cc_msg_id(e));
        for (int o = SVC_MSG_FIRST; o < m; o++)
            if (strncmp(svc_msg_id(o), "problem.", 8) == 0)
                cr_expect_str_neq(txt_english_message(m), txt_english_message(o), "%s and %s",
                                  svc_msg_id(m), svc_msg_id(o));
    }
}

Test(problems_en, every_placeholder_is_an_argument_name_of_engine_text_h)
{
    size_t n;
    const txt_english *e = svc_english_entries(&n);
    cr_assert_gt(n, (size_t)(SVC_MSG_END - SVC_MSG_FIRST));
    tu_expect_placeholders_are_arguments(e, n);
}

/* A term may name its sentence's other arguments: "the byte 0x{code}". */
Test(problems_en, a_term_argument_is_worded_with_the_sentences_other_arguments)
{
    cc_error err;
    CC_FAIL(&err, 400, "", SVC_P_MALFORMED_JSON, SVC_D_JSON_VALUE_EXPECTED, CC_INT(BYTE, 3),
            CC_TERM(FOUND, "json.byte"), CC_QUOTE(CODE, cc_error_quote(&err, 0, "1F")));
    txt_args a = { .err = &err };
    char out[200];
    cr_expect_str_eq(txt_format("en", &err.text, &a, out, sizeof out),
                     "A value was expected at byte 3, but found the byte 0x1F.");
    cr_expect_str_eq(txt_format("de", &err.text, &a, out, sizeof out),
                     "Bei Byte 3 wurde ein Wert erwartet, gefunden wurde das Byte 0x1F.");
}

Test(problems_en, a_quoted_list_joins_with_the_languages_conjunction)
{
    cc_error err;
    CC_FAIL(&err, 422, "", SVC_P_UNKNOWN_PLAYER, SVC_D_NOT_A_PLAYER,
            CC_QUOTE(VALUE, cc_error_quote(&err, 0, "\"x\"")),
            CC_LIST(PLAYERS, "and", cc_error_quote(&err, 1, "a" CC_LIST_SEP "b" CC_LIST_SEP "c")));
    txt_args a = { .err = &err };
    char out[200];
    cr_expect_str_eq(txt_format("en", &err.text, &a, out, sizeof out),
                     "The name \"x\" is not one of the players (a, b and c).");
    cr_expect_str_eq(txt_format("cs", &err.text, &a, out, sizeof out),
                     "Jméno \"x\" nepatří žádnému z hráčů (a, b a c).");
    cc_error_quote(&err, 1, "a");
    cr_expect_str_eq(txt_format("en", &err.text, &a, out, sizeof out),
                     "The name \"x\" is not one of the players (a).");
}

Test(problems_en, out_of_memory_is_known_by_its_id_whoever_words_the_detail)
{
    cc_error err;
    CC_FAIL0(&err, 500, "", CC_MSG_P_OUT_OF_MEMORY, SVC_D_JSON_NO_MEMORY);
    cr_expect(cc_error_out_of_memory(&err));
    CC_FAIL0(&err, 400, "", SVC_P_MALFORMED_JSON, SVC_D_BODY_EMPTY);
    cr_expect(!cc_error_out_of_memory(&err));
}
