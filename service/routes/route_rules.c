/* route_rules.c -- GET /v1/rules: the rule catalog (engine/rules.h), so a
 * client can look up every rule id an answer cites: its id, expansion,
 * edition, short title, statement, source and the address of its public
 * page (source_url; cc_rule_source_url() gives the translated page's
 * address for a language once answers carry one). */
#include "routes.h"

#include "../../engine/rules.h"

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
    for (size_t i = 0; i < n; i++) {
        jw_object(&w);
        jw_member_string(&w, "id", rules[i].id);
        jw_member_string(&w, "expansion", rules[i].expansion);
        jw_member_string(&w, "edition", rules[i].edition);
        jw_member_string(&w, "title", rules[i].title);
        jw_member_string(&w, "statement", rules[i].statement);
        jw_member_string(&w, "source", rules[i].source);
        jw_member_string(&w, "source_url", rules[i].source_url);
        jw_object_end(&w);
    }
    jw_array_end(&w);
    jw_object_end(&w);
    svc_reply_jw(res, 200, &w);
}
