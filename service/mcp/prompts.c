/* prompts.c -- prompts/list and prompts/get.
 *
 * Owns: the prompt templates this server offers, each a user message that
 * tells the model how to use the tools for a common task:
 *   explain_ruling   a question in words + a position: answer it with the
 *                    tools, citing the rules
 *   check_position   a board in words or notation: read it back to the
 *                    player before asking anything
 * The words are phrases (service/text/phrases.def). Arguments are strings,
 * as MCP defines them; a missing required one, an unknown one or a
 * non-string is -32602.
 */
#include <string.h>

#include "../text/text.h"
#include "../wire/json_strict.h"
#include "call.h"

#define MAX_ARGS 2

typedef struct {
    const char *name;
    tx_id arg;          /* description */
} prompt_arg;

static const struct {
    const char *name;
    const char *title;
    tx_id description;
    tx_id text;         /* the message: a template of the arguments, in order */
    int nargs;
    prompt_arg args[MAX_ARGS];
} prompts[] = {
    { "explain_ruling", "Explain a ruling", TX_PROMPT_EXPLAIN_DESCRIPTION, TX_PROMPT_EXPLAIN, 2,
      { { "question", TX_PROMPT_ARG_QUESTION }, { "position", TX_PROMPT_ARG_POSITION } } },
    { "check_position", "Check a position", TX_PROMPT_CHECK_DESCRIPTION, TX_PROMPT_CHECK, 1,
      { { "position", TX_PROMPT_ARG_POSITION } } },
};
#define NPROMPTS (sizeof prompts / sizeof prompts[0])

bool mcp_prompts_list(const mcp_call *call, mcp_outcome *out)
{
    json_object *cursor;
    if (!mcp_param(call, "cursor", json_type_string, false, &cursor, out))
        return false;
    if (cursor)
        return mcp_error(out, MCP_INVALID_PARAMS, "Invalid params", "/params/cursor",
                         "this server lists every prompt on one page and gives no cursors");
    json_object *list = json_object_new_array();
    for (size_t i = 0; i < NPROMPTS; i++) {
        json_object *p = json_object_new_object();
        json_object_object_add(p, "name", json_object_new_string(prompts[i].name));
        json_object_object_add(p, "title", json_object_new_string(prompts[i].title));
        json_object_object_add(p, "description",
                               json_object_new_string(tx_phrase(prompts[i].description)));
        json_object *args = json_object_new_array();
        for (int a = 0; a < prompts[i].nargs; a++) {
            json_object *arg = json_object_new_object();
            json_object_object_add(arg, "name", json_object_new_string(prompts[i].args[a].name));
            json_object_object_add(arg, "description",
                                   json_object_new_string(tx_phrase(prompts[i].args[a].arg)));
            json_object_object_add(arg, "required", json_object_new_boolean(1));
            json_object_array_add(args, arg);
        }
        json_object_object_add(p, "arguments", args);
        json_object_array_add(list, p);
    }
    json_object *result = json_object_new_object();
    json_object_object_add(result, "prompts", list);
    return mcp_result(out, result);
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
            js_pointer_member(pointer, "/params/arguments", key, strlen(key));
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
        if (values[a] == NULL) {
            js_pointer_member(pointer, "/params/arguments", prompts[i].args[a].name,
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
    const char *values[MAX_ARGS] = { NULL, NULL };
    if (!check_arguments(i, args, values, out))
        return false;
    txbuf text;
    tx_init(&text);
    tx_add(&text, prompts[i].text, values[0], values[1]);
    if (tx_failed(&text)) {
        tx_free(&text);
        return mcp_error(out, MCP_INTERNAL_ERROR, "Internal error", "", "no memory for the prompt");
    }
    json_object *content = json_object_new_object();
    json_object_object_add(content, "type", json_object_new_string("text"));
    json_object_object_add(content, "text",
                           json_object_new_string_len(tx_cstr(&text), (int)tx_len(&text)));
    tx_free(&text);
    json_object *message = json_object_new_object();
    json_object_object_add(message, "role", json_object_new_string("user"));
    json_object_object_add(message, "content", content);
    json_object *messages = json_object_new_array();
    json_object_array_add(messages, message);
    json_object *result = json_object_new_object();
    json_object_object_add(result, "description",
                           json_object_new_string(tx_phrase(prompts[i].description)));
    json_object_object_add(result, "messages", messages);
    return mcp_result(out, result);
}
