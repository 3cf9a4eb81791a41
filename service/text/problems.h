/* problems.h -- the service's own problems as message ids: what its
 * decoder, routes, .jcz reader and HTTP layer say when a request is wrong.
 *
 * Owns: the ids of the service's problems (titles SVC_P_*, details
 * SVC_D_*) and the terms their details insert, listed in problems.def with
 * their English. The ids continue the engine's (engine/text.h) past
 * CC_MSG_COUNT, so a cc_error carries either kind the same way:
 *   CC_FAIL(err, 400, "/x", SVC_P_WRONG_TYPE, SVC_D_MUST_BE_INTEGER,
 *           CC_STR(WHAT, "x"), CC_TERM(FOUND, "value.a-string"))
 * and the service words both in the request's language (format.h); the
 * English title names the problem's `type`, in every language.
 *
 * Table of contents:
 *   svc_msg, SVC_MSG_FIRST, SVC_MSG_END   the ids
 *   svc_msg_id(msg)                 "problem.wrong-type", "detail.must-be-an-integer"
 *   svc_english_message(msg)        its English template ("" if msg is no service id)
 *   svc_msg_ctxt(msg)               its PO msgctxt: "msg." + the id
 *   svc_english_term(name)          the English of a service term, or NULL
 *   svc_english_entries(n)          every entry (messages, then terms), for the template
 */
#ifndef SVC_PROBLEMS_H
#define SVC_PROBLEMS_H

#include <stddef.h>

#include "../../engine/text.h"
#include "english.h"

#define SVC_MSG_FIRST CC_MSG_COUNT

typedef enum {
    SVC_MSG_BEFORE_FIRST_ = SVC_MSG_FIRST - 1,
#define SVC_P(e, slug, english) SVC_P_##e,
#define SVC_D(e, slug, english, note) SVC_D_##e,
#define SVC_T(name, english, note)
#include "problems.def"
#undef SVC_P
#undef SVC_D
#undef SVC_T
    SVC_MSG_END
} svc_msg;

/* Titles the engine has already (one title, one type): its ids. The
 * service's decoder says "Value out of range" as a random game's setup
 * does (engine/random_game.c). */
#define SVC_P_VALUE_OUT_OF_RANGE CC_MSG_P_SETUP_OUT_OF_RANGE

const char *svc_msg_id(int msg);
const char *svc_english_message(int msg);
const char *svc_msg_ctxt(int msg);
const char *svc_english_term(const char *name);
const txt_english *svc_english_entries(size_t *n);

#endif
