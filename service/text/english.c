/* english.c -- the walk over every English message (english.h).
 *
 * Sources, in template order:
 *   rule-title.<id>, rule.<id>   each rule's short title and statement
 *                                (engine/rules.c, cc_rules())
 *   msg.<id>, term.<name>        the engine's sentences, problem titles and
 *                                details, and the terms they insert
 *                                (service/text/messages_en.c)
 * A new table of English adds one function here and one call in
 * txt_english_each(). */
#include "english.h"

#include <stdio.h>

#include "../../engine/rules.h"
#include "messages_en.h"

static void each_rule(txt_english_fn *fn, void *arg)
{
    size_t n;
    const cc_rule *rules = cc_rules(&n);
    for (size_t i = 0; i < n; i++) {
        char ctxt[160], comment[1024];
        snprintf(ctxt, sizeof ctxt, "rule-title.%s", rules[i].id);
        snprintf(comment, sizeof comment,
                 "The short title of rule %s (a few words naming it, like a heading). "
                 "Its statement: %s", rules[i].id, rules[i].statement);
        fn(&(txt_english){ ctxt, rules[i].title, comment }, arg);
        snprintf(ctxt, sizeof ctxt, "rule.%s", rules[i].id);
        snprintf(comment, sizeof comment,
                 "The statement of rule %s (expansion %s, edition %s): one sentence. Rule page: %s",
                 rules[i].id, rules[i].expansion, rules[i].edition, rules[i].source_url);
        fn(&(txt_english){ ctxt, rules[i].statement, comment }, arg);
    }
}

/* The engine's sentences, problems and terms (msg.*, term.*): the table of
 * messages_en.c. */
static void each_message(txt_english_fn *fn, void *arg)
{
    size_t n;
    const txt_english *e = txt_english_messages(&n);
    for (size_t i = 0; i < n; i++)
        fn(&e[i], arg);
}

void txt_english_each(txt_english_fn *fn, void *arg)
{
    each_rule(fn, arg);
    each_message(fn, arg);
}

static void count_one(const txt_english *e, void *arg)
{
    (void)e;
    (*(size_t *)arg)++;
}

size_t txt_english_count(void)
{
    size_t n = 0;
    txt_english_each(count_one, &n);
    return n;
}
