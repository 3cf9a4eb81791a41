/* route_rules.c -- GET /v1/rules: the rule catalog (engine/rules.h), so a
 * client can look up every rule id an answer cites. */
#include "routes.h"

#include "../../engine/rules.h"

void route_rules(const svc_context *ctx, const char *param, svc_response *res)
{
    (void)ctx;
    (void)param;
    size_t n;
    const cc_rule *rules = cc_rules(&n);
    json_object *list = json_object_new_array_ext((int)n);
    for (size_t i = 0; i < n; i++) {
        json_object *r = json_object_new_object();
        json_object_object_add(r, "id", json_object_new_string(rules[i].id));
        json_object_object_add(r, "expansion", json_object_new_string(rules[i].expansion));
        json_object_object_add(r, "edition", json_object_new_string(rules[i].edition));
        json_object_object_add(r, "statement", json_object_new_string(rules[i].statement));
        json_object_object_add(r, "source", json_object_new_string(rules[i].source));
        json_object_array_add(list, r);
    }
    json_object *body = json_object_new_object();
    json_object_object_add(body, "rules", list);
    svc_reply_json(res, 200, body);
}
