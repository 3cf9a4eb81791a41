/* asktest.h -- asking the dispatcher from a test, and reading the answer.
 *
 * Owns: the few helpers the route tests share, so each test file keeps only
 * what is particular to its routes. Requests go through svc_dispatch() with
 * the test catalog (tests/support/testutil.h), no socket.
 *
 *   tu_post(path, body, status)  POST body to path; asserts the status; the
 *                                parsed answer, which the caller releases
 *                                with json_object_put()
 *   tu_member(o, name)           member name of o; asserts it exists
 *   tu_str(o, name), tu_int(o, name)   the same, as a string or an integer
 *   tu_cites(o, id)              does o's "rules" list hold the rule id
 *   tu_mcp_tool(name, args)      call MCP tool name with the JSON arguments
 *                                args; asserts an answer that is no error;
 *                                its structuredContent, which the caller
 *                                releases with json_object_put()
 */
#ifndef ASKTEST_H
#define ASKTEST_H

#include <stdbool.h>

#include <json-c/json.h>

json_object *tu_post(const char *path, const char *body, int status);
json_object *tu_member(json_object *o, const char *name);
const char *tu_str(json_object *o, const char *name);
int tu_int(json_object *o, const char *name);
bool tu_cites(json_object *o, const char *id);
json_object *tu_mcp_tool(const char *name, const char *args);

#endif
