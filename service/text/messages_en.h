/* messages_en.h -- the English of every sentence the engine says (as a
 * message id, engine/text.h) and of every term a sentence inserts.
 *
 * Owns: the English templates, the one place English is written for the
 * engine's sentences. Each is the `msgid` of the PO template (po/carcassonne-rules.pot,
 * written by `make pot` from txt_english_messages()), and the text a
 * language falls back to when its catalog lacks the id.
 *
 * Table of contents:
 *   txt_english_message(msg)     the English template of a cc_msg
 *   txt_msg_ctxt(msg)            its PO msgctxt ("msg.score.city.complete")
 *   txt_english_term(name)       the English of a term ("city", "north")
 *   txt_english / txt_english_messages(n)   every entry, for tools/pot.c
 *
 * Template syntax (the same in every language, python-brace-format):
 *   {name}             the argument `name` (engine/text.h's argument names),
 *                      worded by its type (a number, a player, a term...)
 *   {name:one|other}   a word chosen by the number `name` and the language's
 *                      plural rule (English: one for 1, other otherwise;
 *                      Czech and Polish take three forms: one|few|many)
 *   {{ and }}          a literal brace
 */
#ifndef TXT_MESSAGES_EN_H
#define TXT_MESSAGES_EN_H

#include <stddef.h>

/* The English template of message msg ("" for an unknown id); an id past
 * the engine's is one of the service's problems (problems.h). */
const char *txt_english_message(int msg);

/* The PO msgctxt of message msg: "msg." + its id ("msg.score.city.complete",
 * "msg.problem.edges-do-not-match", "msg.detail.edges-do-not-match"); "" for
 * an unknown id. */
const char *txt_msg_ctxt(int msg);

/* The English of term name ("city", "meeple", "north", "and"), or of one
 * of the service's terms ("value.a-string"), or NULL. */
const char *txt_english_term(const char *name);

/* One entry of the PO template: txt_english of english.h (ctxt the full
 * msgctxt, "msg.score.road.complete", "term.city"; msgid the English). */
#include "english.h"

/* Every English entry (messages, then terms), in a static table; *n its size. */
const txt_english *txt_english_messages(size_t *n);

#endif
