/* route_rules.c -- GET /v1/rules and GET /v1/rules/{id}: the rule catalog
 * (engine/rules.h), so a client can look up every rule id an answer cites,
 * all at once or one by one: its id, expansion, edition, short title,
 * statement, source and the address of its public page (source_url;
 * cc_rule_source_url() gives the translated page's address for a language
 * once answers carry one). An unknown id is 404. */
#include "routes.h"

#include "../../engine/rules.h"
#include "../wire/json_writer.h"

static void write_rule(jw *w, const cc_rule *rule)
{
    jw_object(w);
    jw_member_string(w, "id", rule->id);
    jw_member_string(w, "expansion", rule->expansion);
    jw_member_string(w, "edition", rule->edition);
    jw_member_string(w, "title", rule->title);
    jw_member_string(w, "statement", rule->statement);
    jw_member_string(w, "source", rule->source);
    jw_member_string(w, "source_url", rule->source_url);
    jw_object_end(w);
}

void route_rules(const svc_context *ctx, const char *param, svc_response *res)
{
    (void)ctx;
    (void)param;
    size_t n;
    const cc_rule *rules = cc_rules(&n);
    jw w;
    jw_init(&w);
    jw_object(&w);
    jw_key(&w, "rules");
    jw_array(&w);
    for (size_t i = 0; i < n; i++)
        write_rule(&w, &rules[i]);
    jw_array_end(&w);
    jw_object_end(&w);
    svc_reply_jw(res, 200, &w);
}

void route_rule(const svc_context *ctx, const char *param, svc_response *res)
{
    (void)ctx;
    const cc_rule *rule = cc_rule_find(param);
    if (rule == NULL) {
        char shown[80];
        svc_fail(res, 404, "", "Unknown rule", "no rule has the id \"%s\" (see /v1/rules)",
                 svc_printable(shown, sizeof shown, param));
        return;
    }
    jw w;
    jw_init(&w);
    write_rule(&w, rule);
    svc_reply_jw(res, 200, &w);
}
