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
    tu_expect_placeholders_are_arguments(e, n);
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
    cr_expect_eq(txt_plural("sk", 4, 3), 1, "Slovak: as Czech");
    cr_expect_eq(txt_plural("ru", 21, 3), 0, "Russian: 21 takes the one form");
    cr_expect_eq(txt_plural("ru", 11, 3), 2, "Russian: 11 the many form");
    cr_expect_eq(txt_plural("ru", 24, 3), 1);
    cr_expect_eq(txt_plural("lt", 9, 3), 1, "Lithuanian: 2-9 the few form");
    cr_expect_eq(txt_plural("lt", 10, 3), 2, "Lithuanian: 10-20 the other form");
    cr_expect_eq(txt_plural("lt", 21, 3), 0);
    cr_expect_eq(txt_plural("ro", 0, 3), 1, "Romanian: 0 and 2-19 the few form");
    cr_expect_eq(txt_plural("ro", 19, 3), 1);
    cr_expect_eq(txt_plural("ro", 20, 3), 2);
    cr_expect_eq(txt_plural("ro", 101, 3), 1);
    cr_expect_eq(txt_plural("sl", 101, 4), 0, "Slovenian: 1, 101 the one form");
    cr_expect_eq(txt_plural("sl", 2, 4), 1, "Slovenian: the dual");
    cr_expect_eq(txt_plural("sl", 4, 4), 2);
    cr_expect_eq(txt_plural("sl", 5, 4), 3);
    cr_expect_eq(txt_plural("es", 0, 2), 1, "Spanish: 0 takes the plural");
    cr_expect_eq(txt_plural("nl", 1, 2), 0);
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

/* A text of message m whose every placeholder has a number argument
 * (values 0 to 4, so every plural form is taken), or none with bare. */
static cc_text numbered_text(int m, int seed, bool bare)
{
    cc_text t = { .msg = (uint16_t)m, .nargs = 0 };
    for (const char *p = txt_english_message(m); !bare && (p = strchr(p, '{')) != NULL;) {
        if (p[1] == '{') {
            p += 2;
            continue;
        }
        size_t len = strcspn(p + 1, ":}");
        for (int id = 0; id < CC_ARG_NAME_COUNT && t.nargs < CC_TEXT_ARGS; id++) {
            bool named = strlen(cc_arg_name(id)) == len && memcmp(cc_arg_name(id), p + 1, len) == 0;
            bool had = false;
            for (int k = 0; k < t.nargs; k++)
                had |= t.args[k].name == id;
            if (named && !had)
                t.args[t.nargs++] = (cc_arg){ .i = (seed + t.nargs) % 5, .name = (uint8_t)id,
                                              .type = CC_ARG_INT };
        }
        p += 1 + len;
    }
    return t;
}

/* A language's templates are read once into pieces (format.c); a language
 * the table lacks reads the English as it goes. Both must word every
 * message alike: with its arguments, without them (the placeholders stay
 * as they are), and cut short by every buffer size. */
Test(messages_en, every_template_read_once_words_what_reading_it_as_it_goes_words)
{
    for (int m = 0; m < CC_MSG_COUNT; m++)
        for (int v = 0; v < 3; v++) {
            cc_text t = numbered_text(m, v, v == 2);
            char once[CC_DETAIL_MAX * 2], as_it_goes[CC_DETAIL_MAX * 2];
            txt_format("en", &t, NULL, once, sizeof once);
            txt_format("zz", &t, NULL, as_it_goes, sizeof as_it_goes);
            cr_assert_str_eq(once, as_it_goes, "%s", cc_msg_id(m));
            for (size_t n = 1; n <= strlen(once) + 1; n++) {
                txt_format("en", &t, NULL, once, n);
                txt_format("zz", &t, NULL, as_it_goes, n);
                cr_assert_str_eq(once, as_it_goes, "%s cut at %zu", cc_msg_id(m), n);
            }
        }
}

/* The arguments a score's sentences hold by the hundred (numbers,
 * players, locations, figure kinds, feature types, sides, edges,
 * strengths) are
 * written from what the templates read once keep, without a check per
 * piece, when the sentence has room: every template with its arguments
 * given each of those types in turn (and values off the tables' ends: an
 * unknown player, a kind past the last) words what reading it as it goes
 * words, whole and cut at every size. */
Test(messages_en, simple_arguments_written_in_place_word_what_the_checked_writers_word)
{
    static const struct {
        uint8_t type;
        int32_t values[4];
    } kinds[] = {
        { CC_ARG_INT, { 0, 7, 42, -1234567 } },
        { CC_ARG_PLAYER, { 0, 1, 2, 9 } },
        { CC_ARG_LOC, { 0x0000, 0x0105, 0x0212, 0x0303 } },
        { CC_ARG_KIND, { 0, 1, 3, 40 } },
        { CC_ARG_FEATURE, { 0, 2, 5, 17 } },
        { CC_ARG_SIDE, { 0, 1, 2, 7 } },
        { CC_ARG_EDGE, { 'C', 'R', 'F', 0 } },
        { CC_ARG_STRENGTHS, { 1, 6, 0x3F, 0x41 } },
    };
    cc_position pos;
    cc_position_init(&pos);
    pos.nplayers = 3;
    strcpy(pos.players[0], "Zoë");
    strcpy(pos.players[1], "a player whose name is 32 bytes.");
    strcpy(pos.players[2], "b");
    int strength[CC_MAX_PLAYERS] = { 2, 0, 11, 5, 123, -7 };
    txt_args a = { .pos = &pos, .strength = strength };
    for (int m = 0; m < CC_MSG_COUNT; m++)
        for (size_t k = 0; k < sizeof kinds / sizeof kinds[0]; k++) {
            cc_text t = numbered_text(m, (int)k, false);
            for (int i = 0; i < t.nargs; i++) {
                t.args[i].type = kinds[k].type;
                t.args[i].i = kinds[k].values[(i + k) % 4];
            }
            char once[CC_DETAIL_MAX * 2], as_it_goes[CC_DETAIL_MAX * 2];
            txt_format("en", &t, &a, once, sizeof once);
            txt_format("zz", &t, &a, as_it_goes, sizeof as_it_goes);
            cr_assert_str_eq(once, as_it_goes, "%s", cc_msg_id(m));
            for (size_t n = 1; n <= strlen(once) + 1; n++) {
                txt_format("en", &t, &a, once, n);
                txt_format("zz", &t, &a, as_it_goes, n);
                cr_assert_str_eq(once, as_it_goes, "%s cut at %zu", cc_msg_id(m), n);
            }
        }
}

/* s appended to out (n bytes, *used so far) as txt_format_all() appended
 * each sentence before it wrote them in place: cut when it does not fit,
 * never inside a UTF-8 character; false once out is full. */
static bool append_cut(char *out, size_t n, size_t *used, bool *full, const char *s)
{
    size_t len = strlen(s);
    if (*full || *used + 1 >= n) {
        *full = *full || len > 0;
        return false;
    }
    size_t room = n - 1 - *used;
    if (len > room) {
        *full = true;
        len = room;
        while (len > 0 && ((unsigned char)s[len] & 0xC0) == 0x80)
            len--;
    }
    memcpy(out + *used, s, len);
    *used += len;
    out[*used] = '\0';
    return true;
}

/* txt_format_all() words each sentence straight into the joined text: the
 * same bytes as wording each apart and appending it with a space, for
 * every length of the output, in a language with accented letters. */
Test(messages_en, sentences_joined_in_place_match_sentences_worded_apart)
{
    cc_text ts[4];
    int msgs[4] = { CC_MSG_S_ROAD_END, CC_MSG_S_STRENGTH, CC_MSG_S_MAJORITY, CC_MSG_S_RETURN_ONE };
    for (int i = 0; i < 4; i++)
        ts[i] = numbered_text(msgs[i], i + 1, false);
    const char *langs[] = { "en", "fr", "cs" };
    for (size_t l = 0; l < sizeof langs / sizeof langs[0]; l++) {
        char whole[CC_EXPLAIN_TEXTS * CC_DETAIL_MAX];
        size_t total = strlen(txt_format_all(langs[l], ts, 4, NULL, whole, sizeof whole));
        for (size_t n = 1; n <= total + 1; n++) {
            char got[CC_EXPLAIN_TEXTS * CC_DETAIL_MAX], want[CC_EXPLAIN_TEXTS * CC_DETAIL_MAX];
            size_t used = 0;
            bool full = false;
            want[0] = '\0';
            for (int i = 0; i < 4; i++) {
                char one[CC_DETAIL_MAX * 2];
                if (i > 0)
                    append_cut(want, n, &used, &full, " ");
                append_cut(want, n, &used, &full, txt_format(langs[l], &ts[i], NULL, one, sizeof one));
            }
            txt_format_all(langs[l], ts, 4, NULL, got, n);
            cr_assert_str_eq(got, want, "%s cut at %zu", langs[l], n);
        }
    }
}
