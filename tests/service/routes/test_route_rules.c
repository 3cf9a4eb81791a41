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
