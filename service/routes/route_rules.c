/* route_rules.c -- GET /v1/rules and GET /v1/rules/{id}: the rule catalog
 * (engine/rules.h), so a client can look up every rule id an answer cites,
 * all at once or one by one: its id, expansion, edition, short title,
 * statement, source and the address of its public page. Title and
 * statement are in the request's language (ctx->lang) where the catalog
 * has them (service/text/catalog.h, message ids "rule-title.<id>" and
 * "rule.<id>"), else in English; source_url is the wiki's page in that
 * language where it has one (cc_rule_source_url()), else the English
 * page. An unknown id is 404. */
#include "routes.h"

#include <stdio.h>

#include "../../engine/rules.h"
#include "../text/catalog.h"
#include "../wire/json_writer.h"

/* The translation of message prefix + id, or the English. */
static const char *in_language(const svc_context *ctx, const char *prefix, const char *id,
                               const char *english)
{
    char ctxt[160];
    snprintf(ctxt, sizeof ctxt, "%s%s", prefix, id);
    const char *t = txt_lookup(ctx->lang, ctxt);
    return t ? t : english;
}

static void write_rule(const svc_context *ctx, jw *w, const cc_rule *rule)
{
    char url[256];
    cc_rule_source_url(rule, ctx->lang ? ctx->lang : "en", url, sizeof url);
    jw_object(w);
    jw_member_string(w, "id", rule->id);
    jw_member_string(w, "expansion", rule->expansion);
    jw_member_string(w, "edition", rule->edition);
    jw_member_string(w, "title", in_language(ctx, "rule-title.", rule->id, rule->title));
    jw_member_string(w, "statement", in_language(ctx, "rule.", rule->id, rule->statement));
    jw_member_string(w, "source", rule->source);
    jw_member_string(w, "source_url", url);
    jw_object_end(w);
}

void route_rules(const svc_context *ctx, const char *param, svc_response *res)
{
    (void)param;
    size_t n;
    const cc_rule *rules = cc_rules(&n);
    jw w;
    jw_init(&w);
    jw_object(&w);
    jw_key(&w, "rules");
    jw_array(&w);
    for (size_t i = 0; i < n; i++)
        write_rule(ctx, &w, &rules[i]);
    jw_array_end(&w);
    jw_object_end(&w);
    svc_reply_jw(res, 200, &w);
}

void route_rule(const svc_context *ctx, const char *param, svc_response *res)
{
    const cc_rule *rule = cc_rule_find(param);
    if (rule == NULL) {
        char shown[80];
        cc_error err;
        CC_FAIL(&err, 404, "", SVC_P_UNKNOWN_RULE, SVC_D_NO_SUCH_RULE,
                CC_QUOTE(ID, cc_error_quote(&err, 0, svc_printable(shown, sizeof shown, param))));
        svc_reply_problem(res, &err);
        return;
    }
    jw w;
    jw_init(&w);
    write_rule(ctx, &w, rule);
    svc_reply_jw(res, 200, &w);
}
