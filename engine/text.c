/* text.c -- see text.h: the names of message ids and argument names. */
#include "text.h"

#include <string.h>

static const char *const arg_names[CC_ARG_NAME_COUNT] = {
#define CC_ARG_NAME_STR(e, s) s,
    CC_ARG_NAMES(CC_ARG_NAME_STR)
#undef CC_ARG_NAME_STR
};

static const char *const msg_ids[CC_MSG_COUNT] = {
#define CC_MSG_STR(e, s) s,
    CC_MESSAGES(CC_MSG_STR)
#undef CC_MSG_STR
};

const char *cc_arg_name(int name)
{
    return name >= 0 && name < CC_ARG_NAME_COUNT ? arg_names[name] : "";
}

const char *cc_msg_id(int msg)
{
    return msg >= 0 && msg < CC_MSG_COUNT ? msg_ids[msg] : "";
}

void cc_text_set(cc_text *t, int msg, const cc_arg *args, size_t n)
{
    t->msg = (uint16_t)msg;
    t->nargs = (uint8_t)(n < CC_TEXT_ARGS ? n : CC_TEXT_ARGS);
    if (t->nargs > 0)
        memcpy(t->args, args, t->nargs * sizeof *args);
}
