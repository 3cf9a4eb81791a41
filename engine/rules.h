/* rules.h -- the rule catalog: every rule the engine can cite.
 *
 * Owns: the table behind GET /v1/rules. Every answer that applies a rule
 * lists its id, so a chatbot can look the rule up and read its statement.
 * Ids are "<family>.<topic>[.<detail>]"; statements are the team's own
 * words, one sentence; `source` names the public rule page it comes from
 * (a page of Wikicarpedia, https://wikicarpedia.com/car/: "Base game",
 * "Abbey & Mayor", "Hills & Sheep", "Heretics & Shrines (1st edition)",
 * "The Messages (1st edition)") with the section and notes, and, where the
 * service chose a reading the page leaves open, the clarification that
 * states it ("docs/clarifications.md#<anchor>", an anchor of that
 * document; tests/service/routes/test_messages_readings.c checks each one
 * exists, tests/service/routes/test_route_rules.c that every source starts
 * with a public page's name and names no file outside the repository).
 * Each rule also has a short English `title` ("Mayor's strength") and a
 * `source_url`: the English page of Wikicarpedia it comes from, with the
 * section's anchor where the page has one heading per figure (Abbey &
 * Mayor). Wikicarpedia keeps its translations of a page at the English
 * page's path plus "/<lang>"; cc_rule_source_url() gives that address for
 * a language the wiki is known to have translated the page into (rules.c
 * lists them, page by page, with where each was seen), else the English.
 * The table is static const data: no state.
 */
#ifndef CC_RULES_H
#define CC_RULES_H

#include <stddef.h>

typedef struct {
    const char *id;
    const char *expansion;   /* "base", "abbey-mayor", "hills-sheep", "messages", "shrines",
                                "inns-cathedrals" */
    const char *edition;     /* "C2" or "C1" */
    const char *statement;   /* one sentence */
    const char *source;      /* public rule page, section, notes; readings: docs/clarifications.md#anchor */
    const char *title;       /* a few English words naming the rule */
    const char *source_url;  /* the English Wikicarpedia page, https://wikicarpedia.com/car/... */
} cc_rule;

/* All rules, in catalog order; *n receives the count. */
const cc_rule *cc_rules(size_t *n);

/* The rule with this id, or NULL. */
const cc_rule *cc_rule_find(const char *id);

/* The address of the rule's page in language `lang` ("de", "cs", ...):
 * the page's translation (the English path, without anchor, plus "/lang")
 * when the wiki is known to have one, else rule->source_url. Writes at most
 * size bytes, NUL-terminated, into out (size > 0) and returns the length of
 * the whole address, as snprintf does; lang may be NULL (English). */
size_t cc_rule_source_url(const cc_rule *rule, const char *lang, char *out, size_t size);

/* Whether Wikicarpedia is known to have the rule's page in language lang. */
int cc_rule_page_translated(const cc_rule *rule, const char *lang);

#endif
