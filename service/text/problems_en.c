/* problems_en.c -- see problems.h: the English of the service's problems
 * and terms, one table built from problems.def. */
#include "problems.h"

#include <string.h>

#define TITLE_NOTE "The title of a problem (a short noun phrase; also names its type, which stays English)."
#define DETAIL_NOTE "A problem's detail: what exactly is wrong (the service starts it with a capital letter and ends it with a full stop)."

static const char *const ids[SVC_MSG_END - SVC_MSG_FIRST] = {
#define SVC_P(e, slug, english) [SVC_P_##e - SVC_MSG_FIRST] = "problem." slug,
#define SVC_D(e, slug, english, note) [SVC_D_##e - SVC_MSG_FIRST] = "detail." slug,
#define SVC_T(name, english, note)
#include "problems.def"
#undef SVC_P
#undef SVC_D
#undef SVC_T
};

static const txt_english entries[] = {
#define SVC_P(e, slug, english) { "msg.problem." slug, english, TITLE_NOTE },
#define SVC_D(e, slug, english, note) { "msg.detail." slug, english, DETAIL_NOTE " " note },
#define SVC_T(name, english, note)
#include "problems.def"
#undef SVC_P
#undef SVC_D
#undef SVC_T
#define SVC_P(e, slug, english)
#define SVC_D(e, slug, english, note)
#define SVC_T(name, english, note) { "term." name, english, note },
#include "problems.def"
#undef SVC_P
#undef SVC_D
#undef SVC_T
};

#define NMESSAGES (SVC_MSG_END - SVC_MSG_FIRST)
#define NENTRIES (sizeof entries / sizeof entries[0])

static int index_of(int msg)
{
    return msg >= SVC_MSG_FIRST && msg < SVC_MSG_END ? msg - SVC_MSG_FIRST : -1;
}

const char *svc_msg_id(int msg)
{
    int i = index_of(msg);
    return i >= 0 ? ids[i] : "";
}

const char *svc_english_message(int msg)
{
    int i = index_of(msg);
    return i >= 0 ? entries[i].msgid : "";
}

const char *svc_msg_ctxt(int msg)
{
    int i = index_of(msg);
    return i >= 0 ? entries[i].ctxt : "";
}

const char *svc_english_term(const char *name)
{
    for (size_t i = NMESSAGES; i < NENTRIES; i++)
        if (strcmp(entries[i].ctxt + 5, name) == 0)
            return entries[i].msgid;
    return NULL;
}

const txt_english *svc_english_entries(size_t *n)
{
    *n = NENTRIES;
    return entries;
}
