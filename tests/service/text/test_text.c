/* test_text.c -- the phrase table and tx_add() (service/text/text.h): a
 * phrase's named arguments fill its template in the buffer's language, a
 * word is chosen by a number with that language's plural rule, a brace
 * that names no argument stays as it is, and every phrase's template names
 * exactly the arguments phrases.def declares for it. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../../../service/text/catalog.h"
#include "../../../service/text/text.h"
#include "../../support/testutil.h"

CC_SUITE(text);

/* tx_add(id, ...) into a fresh buffer in lang; the caller frees. */
#define WORDS(lang, ...)                                                                            \
    ({                                                                                              \
        txbuf t_;                                                                                   \
        tx_init_in(&t_, (lang));                                                                    \
        tx_add(&t_, __VA_ARGS__);                                                                   \
        char *s_ = tx_take(&t_);                                                                    \
        cr_assert_not_null(s_);                                                                     \
        s_;                                                                                         \
    })

Test(text, english_fills_the_named_arguments_in_the_order_phrases_def_declares)
{
    char *s = WORDS(NULL, TX_FIGURE, "red's meeple", "(0, -1) S", "city", "(0, -1) S");
    cr_expect_str_eq(s, "red's meeple stands at (0, -1) S, on the city (0, -1) S.");
    free(s);
    s = WORDS("en", TX_SCORE_PAIR, "red", 12, 7, 55);
    cr_expect_str_eq(s, "red 12 (counting figures on 7 and 55)");
    free(s);
}

/* German words the possessive the other way round: the arguments follow
 * their names, not their order. */
Test(text, a_translation_may_reorder_the_arguments)
{
    char *s = WORDS("de", TX_POSSESSIVE, "red", "Meeple");
    cr_expect_str_eq(s, "Meeple von red");
    free(s);
}

/* Czech: 1 bod, 2-4 body, 5+ bodů; English says "points" for every
 * number but 1 with the same phrase. */
Test(text, a_word_chosen_by_a_number_follows_the_language_s_plural_rule)
{
    static const struct { const char *lang; int n; const char *want; } cases[] = {
        { "cs", 2, "2 body" },   { "cs", 4, "4 body" },   { "cs", 5, "5 bodů" },
        { "pl", 22, "22 punkty" }, { "pl", 12, "12 punktów" }, { "fr", 0, "0 point" },
        { "en", 0, "0 points" }, { "en", 7, "7 points" },
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        char *s = WORDS(cases[i].lang, TX_POINTS_MANY, cases[i].n);
        cr_expect_str_eq(s, cases[i].want, "%s %d", cases[i].lang, cases[i].n);
        free(s);
    }
}

/* "GET /v1/rules/{id}" in a description names no argument: it is text. */
Test(text, a_brace_that_names_no_argument_stays_as_it_is)
{
    char *s = WORDS("de", TX_RESOURCE_RULE_TEMPLATE_DESCRIPTION);
    cr_expect_str_eq(s, "Eine Regel nach ihrer {id}: Titel, Erweiterung, Edition, Aussage, Quelle.");
    free(s);
    s = WORDS(NULL, TX_RESOURCE_RULE_TEMPLATE_DESCRIPTION);
    cr_expect_str_eq(s, tx_phrase(TX_RESOURCE_RULE_TEMPLATE_DESCRIPTION));
    free(s);
}

/* A language the service lacks reads the English; a frame without a
 * message id (numbers and punctuation only) is the same in every
 * language. */
Test(text, without_a_translation_the_english_is_written)
{
    char *s = WORDS("it", TX_FIGURES_NONE);
    cr_expect_str_eq(s, "No figure stands on the board.");
    free(s);
    s = WORDS("it", TX_ANS_NO_EVENTS);
    cr_expect_str_eq(s, "Nothing scores.");
    free(s);
    cr_expect_null(tx_ctxt(TX_ANS_PROBLEM_WHOLE));
    s = WORDS("de", TX_ANS_PROBLEM_WHOLE, "Falscher Typ", "Erwartet wird eine Zahl.");
    cr_expect_str_eq(s, "Falscher Typ. Erwartet wird eine Zahl.");
    free(s);
}

/* The MCP tools' answers are translated phrases too (answer.*). */
Test(text, the_answers_phrases_are_written_in_the_buffer_s_language)
{
    cr_expect_str_eq(tx_ctxt(TX_ANS_NO_EVENTS), "answer.no-events");
    char *s = WORDS("de", TX_ANS_NO_EVENTS);
    cr_expect_str_eq(s, "Nichts wird gewertet.");
    free(s);
    s = WORDS("fr", TX_ANS_PLACEMENTS, "base.E", 4, "<where>");
    cr_expect_str_eq(s, "base.E se pose de 4 façons : <where>.");
    free(s);
}

/* The buffer keeps its language when its text is taken or freed: a
 * describing function reuses one line buffer for every sentence. */
Test(text, a_buffer_keeps_its_language_after_take_and_free)
{
    txbuf t;
    tx_init_in(&t, "fr");
    tx_add(&t, TX_HEAD_BOARD);
    char *first = tx_take(&t);
    tx_add(&t, TX_HEAD_PLAYERS);
    char *second = tx_take(&t);
    tx_add(&t, TX_NOBODY);
    tx_free(&t);
    tx_add(&t, TX_HEAD_FEATURES);
    cr_expect_str_eq(first, "Plateau");
    cr_expect_str_eq(second, "Joueurs");
    cr_expect_str_eq(tx_cstr(&t), "Zones");
    tx_free(&t);
    free(second);
    free(first);
}

/* Is name[0..len) one of the names of the argument list? */
static bool declared(const char *args, const char *name, size_t len)
{
    for (const char *p = args; *p;) {
        while (*p == ' ')
            p++;
        const char *colon = strchr(p, ':');
        if (colon == NULL)
            return false;
        if ((size_t)(colon - p) == len && memcmp(p, name, len) == 0)
            return true;
        p = colon + 2;
    }
    return false;
}

/* Each phrase's English names only declared arguments, and each declared
 * argument appears, so no argument is dropped or left unfilled. Phrases
 * written as they stand (tx_word: descriptions holding "{id}") declare
 * none and are skipped. */
Test(text, every_template_names_exactly_its_declared_arguments)
{
    for (int id = 0; id < TX_COUNT; id++) {
        const char *args = tx_args((tx_id)id), *en = tx_phrase((tx_id)id);
        if (*args == '\0')
            continue;
        for (const char *p = strchr(en, '{'); p; p = strchr(p + 1, '{')) {
            size_t len = strcspn(p + 1, ":}");
            cr_expect(declared(args, p + 1, len), "phrase %d: {%.*s} is not one of \"%s\"", id,
                      (int)len, p + 1, args);
        }
        int count = 0;
        for (const char *p = args; *p; count++) {
            while (*p == ' ')
                p++;
            const char *colon = strchr(p, ':');
            cr_assert_not_null(colon, "phrase %d: bad argument list \"%s\"", id, args);
            char want[40];
            snprintf(want, sizeof want, "{%.*s", (int)(colon - p), p);
            cr_expect_not_null(strstr(en, want), "phrase %d: argument %s unused", id, want + 1);
            cr_expect(colon[1] == 's' || colon[1] == 'd', "phrase %d: type %c", id, colon[1]);
            p = colon + 2;
        }
        cr_expect_leq(count, TX_MAX_ARGS, "phrase %d: %d arguments", id, count);
    }
}
