/* prompts.c -- prompts/list and prompts/get.
 *
 * Owns: the prompt templates this server offers, each a user message that
 * tells the model how to use the tools for a common task:
 *   explain_ruling   a question in words + a position: answer it with the
 *                    tools, citing the rules
 *   check_position   a board in words or notation: read it back to the
 *                    player before asking anything
 *   explain_rule     a rule id: explain it, with an example
 *   explain_tile     a tile, a location on it (and its expansion): what
 *                    stands there
 * Titles, descriptions and messages are in the call's language.
 * mcp_prompt_completes() says which arguments completion/complete fills
 * (complete.c).
 * The words are phrases (service/text/phrases.def). Arguments are strings,
 * as MCP defines them; a missing required one, an unknown one or a
 * non-string is -32602.
 */
#include <string.h>

#include "../text/text.h"
#include "../wire/json_reader.h"
#include "call.h"
#include "complete.h"

#define MAX_ARGS 3

typedef struct {
    const char *name;
    tx_id arg;          /* description */
    bool required;
    mcp_completion completes;   /* what completion/complete offers for it */
} prompt_arg;

static const struct {
    const char *name;
    tx_id title;
    tx_id description;
    tx_id text;         /* the message: a template of the arguments, in order */
    int nargs;
    prompt_arg args[MAX_ARGS];
} prompts[] = {
    { "explain_ruling", TX_PROMPT_EXPLAIN_TITLE, TX_PROMPT_EXPLAIN_DESCRIPTION, TX_PROMPT_EXPLAIN, 2,
      { { "question", TX_PROMPT_ARG_QUESTION, true, MCP_COMPLETE_NOTHING },
        { "position", TX_PROMPT_ARG_POSITION, true, MCP_COMPLETE_NOTHING } } },
    { "check_position", TX_PROMPT_CHECK_TITLE, TX_PROMPT_CHECK_DESCRIPTION, TX_PROMPT_CHECK, 1,
      { { "position", TX_PROMPT_ARG_POSITION, true, MCP_COMPLETE_NOTHING } } },
    { "explain_rule", TX_PROMPT_RULE_TITLE, TX_PROMPT_RULE_DESCRIPTION, TX_PROMPT_RULE, 1,
      { { "rule", TX_PROMPT_ARG_RULE, true, MCP_COMPLETE_RULE } } },
    { "explain_tile", TX_PROMPT_TILE_TITLE, TX_PROMPT_TILE_DESCRIPTION, TX_PROMPT_TILE, 3,
      { { "tile", TX_PROMPT_ARG_TILE, true, MCP_COMPLETE_TILE },
        { "location", TX_PROMPT_ARG_LOCATION, true, MCP_COMPLETE_LOCATION },
        { "expansion", TX_PROMPT_ARG_EXPANSION, false, MCP_COMPLETE_EXPANSION } } },
};
#define NPROMPTS (sizeof prompts / sizeof prompts[0])

mcp_completion mcp_prompt_completes(const char *prompt, const char *argument, bool *known)
{
    for (size_t i = 0; i < NPROMPTS; i++) {
        if (strcmp(prompts[i].name, prompt) != 0)
            continue;
        *known = true;
        for (int a = 0; a < prompts[i].nargs && a < MAX_ARGS; a++)
            if (strcmp(prompts[i].args[a].name, argument) == 0)
                return prompts[i].args[a].completes;
        return MCP_COMPLETE_NOTHING;
    }
    *known = false;
    return MCP_COMPLETE_NOTHING;
}

bool mcp_prompts_list(const mcp_call *call, mcp_outcome *out)
{
    json_object *cursor;
    if (!mcp_param(call, "cursor", json_type_string, false, &cursor, out))
        return false;
    if (cursor)
        return mcp_error(out, MCP_INVALID_PARAMS, "Invalid params", "/params/cursor",
                         "this server lists every prompt on one page and gives no cursors");
    jw w;
    jw_init(&w);
    jw_object(&w);
    jw_key(&w, "prompts");
    jw_array(&w);
    for (size_t i = 0; i < NPROMPTS; i++) {
        jw_object(&w);
        jw_member_string(&w, "name", prompts[i].name);
        jw_member_string(&w, "title", tx_word(call->ctx->lang, prompts[i].title));
        jw_member_string(&w, "description", tx_word(call->ctx->lang, prompts[i].description));
        jw_key(&w, "arguments");
        jw_array(&w);
        for (int a = 0; a < prompts[i].nargs && a < MAX_ARGS; a++) {
            jw_object(&w);
            jw_member_string(&w, "name", prompts[i].args[a].name);
            jw_member_string(&w, "description", tx_word(call->ctx->lang, prompts[i].args[a].arg));
            jw_member_bool(&w, "required", prompts[i].args[a].required);
            jw_object_end(&w);
        }
        jw_array_end(&w);
        jw_object_end(&w);
    }
    jw_array_end(&w);
    jw_object_end(&w);
    return mcp_result(out, &w);
}

static bool check_arguments(size_t i, json_object *args, const char *values[MAX_ARGS],
                            mcp_outcome *out)
{
    char pointer[CC_POINTER_MAX];
    if (args) {
        json_object_object_foreach(args, key, value) {
            int a = 0;
            while (a < prompts[i].nargs && a < MAX_ARGS && strcmp(prompts[i].args[a].name, key) != 0)
                a++;
            jr_pointer_member(pointer, "/params/arguments", key, strlen(key));
            if (a == prompts[i].nargs || a == MAX_ARGS)
                return mcp_error(out, MCP_INVALID_PARAMS, "Invalid params", pointer,
                                 "the prompt %s takes no argument of that name", prompts[i].name);
            if (!json_object_is_type(value, json_type_string))
                return mcp_error(out, MCP_INVALID_PARAMS, "Invalid params", pointer,
                                 "prompt arguments are strings");
            values[a] = json_object_get_string(value);
        }
    }
    for (int a = 0; a < prompts[i].nargs && a < MAX_ARGS; a++)
        if (values[a] == NULL && prompts[i].args[a].required) {
            jr_pointer_member(pointer, "/params/arguments", prompts[i].args[a].name,
                              strlen(prompts[i].args[a].name));
            return mcp_error(out, MCP_INVALID_PARAMS, "Invalid params", pointer,
                             "the prompt %s requires the argument %s", prompts[i].name,
                             prompts[i].args[a].name);
        }
    return true;
}

bool mcp_prompts_get(const mcp_call *call, mcp_outcome *out)
{
    json_object *name, *args;
    if (!mcp_param(call, "name", json_type_string, true, &name, out) ||
        !mcp_param(call, "arguments", json_type_object, false, &args, out))
        return false;
    size_t i = 0;
    while (i < NPROMPTS && strcmp(prompts[i].name, json_object_get_string(name)) != 0)
        i++;
    if (i == NPROMPTS) {
        char shown[80];
        return mcp_error(out, MCP_INVALID_PARAMS, "Invalid params", "/params/name",
                         "unknown prompt \"%s\" (prompts/list names them)",
                         svc_printable(shown, sizeof shown, json_object_get_string(name)));
    }
    const char *values[MAX_ARGS] = { NULL, NULL, NULL };
    if (!check_arguments(i, args, values, out))
        return false;
    for (int a = 0; a < MAX_ARGS; a++)   /* an optional argument not given */
        if (values[a] == NULL)
            values[a] = tx_word(call->ctx->lang, TX_PROMPT_ANY);
    txbuf text;
    tx_init_in(&text, call->ctx->lang);
    tx_add(&text, prompts[i].text, values[0], values[1], values[2]);
    if (tx_failed(&text)) {
        tx_free(&text);
        return mcp_out_of_memory(out, "the prompt");
    }
    jw w;
    jw_init(&w);
    jw_object(&w);
    jw_member_string(&w, "description", tx_word(call->ctx->lang, prompts[i].description));
    jw_key(&w, "messages");
    jw_array(&w);
    jw_object(&w);
    jw_member_string(&w, "role", "user");
    jw_key(&w, "content");
    jw_object(&w);
    jw_member_string(&w, "type", "text");
    jw_key(&w, "text");
    jw_string_len(&w, tx_cstr(&text), tx_len(&text));
    jw_object_end(&w);
    jw_object_end(&w);
    jw_array_end(&w);
    jw_object_end(&w);
    tx_free(&text);
    return mcp_result(out, &w);
}
