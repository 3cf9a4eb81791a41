/* test_route_rules.c -- where each rule of GET /v1/rules says it comes from.
 *
 * A rule's `source` is for a reader of the answer, who has the public rule
 * pages (Wikicarpedia) and this repository, nothing else: it starts with the
 * name of a public page, and names no file, folder or note a clone does not
 * have (the readings it cites are anchors of docs/clarifications.md, which
 * test_messages_readings.c checks exist). */
#include <string.h>

#include "../../../engine/rules.h"
#include "../../support/testutil.h"

CC_SUITE(route_rules);

/* The public pages (https://wikicarpedia.com/car/...) the rules come from. */
static const char *const pages[] = {
    "Base game (1st edition), ", "Base game, ",
    "Abbey & Mayor (1st edition), ", "Abbey & Mayor, ",
    "Hills & Sheep, ", "Heretics & Shrines (1st edition), ", "The Messages (1st edition), ",
    "River (1st edition), ", "River, ",
    "Inns & Cathedrals, ", "Traders and Builders, ",
};

Test(route_rules, every_source_starts_with_a_public_rule_page)
{
    size_t n;
    const cc_rule *rules = cc_rules(&n);
    for (size_t i = 0; i < n; i++) {
        bool known = false;
        for (size_t p = 0; p < sizeof pages / sizeof pages[0]; p++)
            known |= strncmp(rules[i].source, pages[p], strlen(pages[p])) == 0;
        cr_assert(known, "rule %s: source \"%s\" names no public page", rules[i].id, rules[i].source);
    }
}

/* What the sources said before the repository stood alone: rule files of a
 * folder outside it, the issue that added a rule, the tile reference. */
Test(route_rules, no_source_names_a_file_or_note_outside_the_repository)
{
    static const char *const outside[] = { ".txt", "issue", "tiles.md", "tiles.json",
                                           "shared", "contract", "pages," };
    size_t n;
    const cc_rule *rules = cc_rules(&n);
    for (size_t i = 0; i < n; i++)
        for (size_t k = 0; k < sizeof outside / sizeof outside[0]; k++)
            cr_assert_null(strstr(rules[i].source, outside[k]), "rule %s: source \"%s\" names %s",
                           rules[i].id, rules[i].source, outside[k]);
}

/* A path in a source (a '/' before a letter: "5/2014" is a date) is one of
 * the repository's documents. */
Test(route_rules, every_path_a_source_names_is_a_document_of_the_repository)
{
    size_t n;
    const cc_rule *rules = cc_rules(&n);
    for (size_t i = 0; i < n; i++)
        for (const char *s = strchr(rules[i].source, '/'); s != NULL; s = strchr(s + 1, '/')) {
            if (!(s[1] >= 'a' && s[1] <= 'z'))
                continue;
            const char *word = s;
            while (word > rules[i].source && word[-1] != ' ')
                word--;
            static const char doc[] = "docs/clarifications.md#";
            cr_assert_eq(strncmp(word, doc, sizeof doc - 1), 0,
                         "rule %s: source \"%s\" names a path other than the clarifications",
                         rules[i].id, rules[i].source);
        }
}

/* ---- title and source_url (issue 15: each rule links its public page) ---- */

/* A title names the rule in a few words: not a sentence, not the statement. */
Test(route_rules, every_rule_has_a_short_title)
{
    size_t n;
    const cc_rule *rules = cc_rules(&n);
    for (size_t i = 0; i < n; i++) {
        size_t len = strlen(rules[i].title);
        cr_assert(len > 0 && len <= 40, "rule %s: title \"%s\" is not a few words", rules[i].id, rules[i].title);
        cr_assert_neq(rules[i].title[len - 1], '.', "rule %s: title ends in a full stop", rules[i].id);
        for (size_t j = 0; j < i; j++)
            cr_assert_str_neq(rules[i].title, rules[j].title, "rules %s and %s share a title",
                              rules[i].id, rules[j].id);
    }
}

/* The page of source_url is the page the source text names first. */
Test(route_rules, every_source_url_is_the_page_the_source_names)
{
    static const struct { const char *name, *url; } page_urls[] = {
        { "Base game (1st edition), ", "https://wikicarpedia.com/car/Base_game_(1st_edition)" },
        { "Base game, ", "https://wikicarpedia.com/car/Base_game" },
        { "Abbey & Mayor (1st edition), ", "https://wikicarpedia.com/car/Abbey_and_the_Mayor_(1st_edition)" },
        { "Abbey & Mayor, ", "https://wikicarpedia.com/car/Abbey_%26_Mayor" },
        { "Hills & Sheep, ", "https://wikicarpedia.com/car/Hills_%26_Sheep" },
        { "Heretics & Shrines (1st edition), ", "https://wikicarpedia.com/car/Heretics_and_Shrines_(1st_edition)" },
        { "The Messages (1st edition), ", "https://wikicarpedia.com/car/The_Messages_(1st_edition)" },
        { "River (1st edition), ", "https://wikicarpedia.com/car/River_(1st_edition)" },
        { "River, ", "https://wikicarpedia.com/car/River" },
        { "Inns & Cathedrals, ", "https://wikicarpedia.com/car/Inns_and_Cathedrals" },
        { "Traders and Builders, ", "https://wikicarpedia.com/car/Traders_and_Builders" },
    };
    size_t n;
    const cc_rule *rules = cc_rules(&n);
    for (size_t i = 0; i < n; i++) {
        const char *url = NULL;
        for (size_t p = 0; p < sizeof page_urls / sizeof page_urls[0] && url == NULL; p++)
            if (strncmp(rules[i].source, page_urls[p].name, strlen(page_urls[p].name)) == 0)
                url = page_urls[p].url;
        cr_assert_not_null(url, "rule %s", rules[i].id);
        size_t len = strlen(url);
        cr_assert(strncmp(rules[i].source_url, url, len) == 0 &&
                      (rules[i].source_url[len] == '\0' || rules[i].source_url[len] == '#'),
                  "rule %s: source_url %s is not %s", rules[i].id, rules[i].source_url, url);
    }
}

/* Abbey & Mayor's page has a Polish translation (the page this project read
 * the rules from), at the English path plus "/pl": the anchor of the English
 * heading is dropped, as the translated page's headings differ. */
Test(route_rules, source_url_in_a_language_the_wiki_translated_the_page_into)
{
    const cc_rule *mayor = cc_rule_find("mayor.strength");
    cr_assert_not_null(mayor);
    cr_assert_str_eq(mayor->source_url, "https://wikicarpedia.com/car/Abbey_%26_Mayor#Mayor");
    char url[200];
    size_t len = cc_rule_source_url(mayor, "pl", url, sizeof url);
    cr_assert_str_eq(url, "https://wikicarpedia.com/car/Abbey_%26_Mayor/pl");
    cr_assert_eq(len, strlen(url));
    cc_rule_source_url(cc_rule_find("shrines.challenge.win"), "ca", url, sizeof url);
    cr_assert_str_eq(url, "https://wikicarpedia.com/car/Heretics_and_Shrines_(1st_edition)/ca");
    cc_rule_source_url(cc_rule_find("messages.final"), "cs", url, sizeof url);
    cr_assert_str_eq(url, "https://wikicarpedia.com/car/The_Messages_(1st_edition)/cs");
    cc_rule_source_url(cc_rule_find("hills-sheep.shepherd.wolf"), "fr", url, sizeof url);
    cr_assert_str_eq(url, "https://wikicarpedia.com/car/Hills_%26_Sheep/fr");
}

/* No translation known, no language, an unknown or empty code, a code that
 * is only a prefix of a known one: the English page, anchor kept. */
Test(route_rules, source_url_falls_back_to_the_english_page)
{
    const cc_rule *mayor = cc_rule_find("mayor.strength");
    static const char *const langs[] = { "de", "fr", "cs", "ca", "en", "", "p", "pl ", "xx", NULL };
    char url[200];
    for (size_t i = 0; i < sizeof langs / sizeof langs[0]; i++) {
        cc_rule_source_url(mayor, langs[i], url, sizeof url);
        cr_assert_str_eq(url, mayor->source_url, "lang \"%s\"", langs[i] ? langs[i] : "(null)");
    }
}

/* A buffer too small gets a NUL-terminated prefix and the full length back. */
Test(route_rules, source_url_truncates_like_snprintf)
{
    const cc_rule *mayor = cc_rule_find("mayor.strength");
    char url[10];
    size_t len = cc_rule_source_url(mayor, "pl", url, sizeof url);
    cr_assert_eq(len, strlen("https://wikicarpedia.com/car/Abbey_%26_Mayor/pl"));
    cr_assert_str_eq(url, "https://w");
}
