/* answers.h -- a route's answer in sentences, for the model that called
 * the MCP tool (service/mcp/tools.c).
 *
 * Owns: reading a route's JSON answer (exactly what the route sent) and
 * saying it in words a model can quote: the placements by cell, the
 * deployment options, each scoring event's own explanation, the totals, the
 * next player, a tile's facts, a rule's statement; then "Rules applied",
 * every rule id the answer cites with its statement (engine/rules.h). All
 * words come from phrases.def, in the txbuf's language (tx_init_in: the MCP
 * call's language; English by default), and so do the rule statements (the
 * catalog's rule.<id>); every number, cell, id and name is the answer's
 * own. Nothing is decided here: an answer member that is missing is left
 * out of the sentences.
 *
 *   answers_write(t, path, answer)   the answer of the route at path (the
 *                                    route table's path, "/v1/messages/{n}")
 *   answers_problem(t, status, title, detail, pointer)
 *                                    a problem, for a tool result with
 *                                    isError
 *   answers_rules(t, rules)          "Rules applied:" and each rule of a
 *                                    JSON array of ids
 */
#ifndef SVC_ANSWERS_H
#define SVC_ANSWERS_H

#include <json-c/json.h>

#include "text.h"

void answers_write(txbuf *t, const char *path, json_object *answer);
void answers_problem(txbuf *t, int status, const char *title, const char *detail,
                     const char *pointer);
void answers_rules(txbuf *t, json_object *rules);

#endif
