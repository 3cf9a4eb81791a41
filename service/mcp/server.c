/* server.c -- initialize: version negotiation and what this server offers.
 *
 * The client names the version it wants; this server answers with the
 * same when it speaks it (2025-06-18, 2025-11-25), else with its latest,
 * and the client decides whether to go on. Nothing is remembered: a
 * stateless server answers every later message the same whether or not
 * initialize came first on this connection.
 */
#include <string.h>

#include "../text/text.h"
#include "call.h"
#include "catalog.h"
#include "mcp.h"

/* "name": {"listChanged": false[, "subscribe": false]} */
static void capability(jw *w, const char *name, bool subscribe)
{
    jw_key(w, name);
    jw_object(w);
    jw_member_bool(w, "listChanged", false);
    if (subscribe)
        jw_member_bool(w, "subscribe", false);
    jw_object_end(w);
}

bool mcp_initialize(const mcp_call *call, mcp_outcome *out)
{
    json_object *version, *capabilities, *info, *v;
    if (!mcp_param(call, "protocolVersion", json_type_string, true, &version, out) ||
        !mcp_param(call, "capabilities", json_type_object, true, &capabilities, out) ||
        !mcp_param(call, "clientInfo", json_type_object, true, &info, out))
        return false;
    static const char *const info_members[] = { "name", "version" };
    for (size_t i = 0; i < 2; i++)
        if (!json_object_object_get_ex(info, info_members[i], &v) ||
            !json_object_is_type(v, json_type_string))
            return mcp_error(out, MCP_INVALID_PARAMS, "Invalid params",
                             i == 0 ? "/params/clientInfo/name" : "/params/clientInfo/version",
                             "clientInfo.%s must be a string", info_members[i]);
    const char *asked = json_object_get_string(version);

    jw w;
    jw_init(&w);
    jw_object(&w);
    jw_member_string(&w, "protocolVersion", mcp_version_supported(asked) ? asked : MCP_VERSION_LATEST);
    jw_key(&w, "capabilities");
    jw_object(&w);
    capability(&w, "tools", false);
    capability(&w, "resources", true);
    capability(&w, "prompts", false);
    jw_key(&w, "completions");
    jw_object(&w);
    jw_object_end(&w);
    jw_key(&w, "logging");
    jw_object(&w);
    jw_object_end(&w);
    jw_object_end(&w);
    jw_key(&w, "serverInfo");
    jw_object(&w);
    jw_member_string(&w, "name", "carcassonne-rules");
    jw_member_string(&w, "title", "Carcassonne rules");
    jw_member_string(&w, "version", mcp_server_version());
    jw_object_end(&w);
    jw_member_string(&w, "instructions", tx_word(call->ctx->lang, TX_MCP_INSTRUCTIONS));
    jw_object_end(&w);
    return mcp_result(out, &w);
}
