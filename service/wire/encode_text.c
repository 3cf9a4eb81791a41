/* encode_text.c -- see encode_text.h. */
#include "encode_text.h"

#include <stdio.h>
#include <string.h>

#include "../../engine/catalog.h"
#include "../../engine/loc.h"
#include "../../engine/scoring.h"

static const char *player_name(const txt_args *a, int p)
{
    return a && a->pos && p >= 0 && p < a->pos->nplayers ? a->pos->players[p] : "";
}

static void places(jw *w, const cc_error *err)
{
    jw_array(w);
    for (int i = 0; err && i < err->nplaces && i < CC_PLACES; i++) {
        const cc_place *pl = &err->places[i];
        char name[8];
        jw_object(w);
        snprintf(name, sizeof name, "#%u", (unsigned)pl->index);
        jw_member_string(w, "feature", name);
        jw_member_string(w, "type", cc_feature_type_name((cc_feature_type)pl->type));
        jw_key(w, "at");
        jw_array(w);
        if (pl->centre)
            jw_string(w, "C");
        for (int r = 0; r < CC_RING_SIZE; r++)
            if (pl->ring_mask & (1u << r))
                jw_string(w, cc_loc_name((cc_loc){ CC_LOC_RING, (uint8_t)r }, name));
        jw_array_end(w);
        jw_object_end(w);
    }
    jw_array_end(w);
}

void enc_text_places(jw *w, const cc_error *err)
{
    places(w, err);
}

static void arg_value(jw *w, const cc_arg *arg, const txt_args *a)
{
    static const char *const sides[4] = { "north", "east", "south", "west" };
    char loc[8];
    switch ((cc_arg_type)arg->type) {
    case CC_ARG_INT: jw_int(w, arg->i); break;
    case CC_ARG_PLAYER: jw_string(w, player_name(a, arg->i)); break;
    case CC_ARG_PLAYERS:
        jw_array(w);
        for (int p = 0; p < CC_MAX_PLAYERS; p++)
            if ((arg->i >> p) & 1)
                jw_string(w, player_name(a, p));
        jw_array_end(w);
        break;
    case CC_ARG_LOC: jw_string(w, cc_loc_name(cc_loc_unpack(arg->i), loc)); break;
    case CC_ARG_KIND: jw_string(w, cc_figure_kind_name((cc_figure_kind)arg->i)); break;
    case CC_ARG_FEATURE: jw_string(w, cc_feature_type_name((cc_feature_type)arg->i)); break;
    case CC_ARG_SIDE: jw_string(w, sides[arg->i & 3]); break;
    case CC_ARG_EDGE: jw_string(w, arg->i == 'C' ? "city" : arg->i == 'R' ? "road" : "field"); break;
    case CC_ARG_RULE:
    case CC_ARG_STR: jw_string(w, arg->s ? arg->s : ""); break;
    case CC_ARG_QUOTE:
        jw_string(w, a && a->err && arg->i >= 0 && arg->i < CC_QUOTES ? a->err->quote[arg->i] : "");
        break;
    case CC_ARG_STRENGTHS:
        jw_object(w);
        for (int p = 0; p < CC_MAX_PLAYERS; p++)
            if ((arg->i >> p) & 1)
                jw_member_int(w, player_name(a, p), a && a->strength ? a->strength[p] : 0);
        jw_object_end(w);
        break;
    case CC_ARG_LOCATIONS: places(w, a ? a->err : NULL); break;
    case CC_ARG_TERM: jw_string(w, arg->s ? arg->s : ""); break;
    case CC_ARG_LIST:
        jw_string(w, a && a->err && arg->i >= 0 && arg->i < CC_QUOTES ? a->err->quote[arg->i] : "");
        break;
    default: jw_null(w); break;
    }
}

void enc_text_args(jw *w, const cc_text *t, const txt_args *a)
{
    jw_object(w);
    for (int i = 0; i < t->nargs; i++) {
        jw_key(w, cc_arg_name(t->args[i].name));
        arg_value(w, &t->args[i], a);
    }
    jw_object_end(w);
}


void enc_text_members(jw *w, const char *member, const char *lang, const cc_text *ts, int k,
                      const txt_args *a)
{
    char name[48], text[CC_EXPLAIN_TEXTS * CC_DETAIL_MAX];
    jw_member_string(w, member, txt_format_all(lang, ts, k, a, text, sizeof text));
    txt_join(name, sizeof name, member, "_id");
    jw_key(w, name);
    jw_array(w);
    for (int i = 0; i < k; i++)
        jw_string(w, cc_msg_id(ts[i].msg));
    jw_array_end(w);
    txt_join(name, sizeof name, member, "_args");
    jw_key(w, name);
    jw_array(w);
    for (int i = 0; i < k; i++)
        enc_text_args(w, &ts[i], a);
    jw_array_end(w);
}

void enc_text_member1(jw *w, const char *member, const char *lang, const cc_text *t,
                      const txt_args *a)
{
    char name[48], text[CC_DETAIL_MAX * 2];
    jw_member_string(w, member, txt_format(lang, t, a, text, sizeof text));
    txt_join(name, sizeof name, member, "_id");
    jw_member_string(w, name, cc_msg_id(t->msg));
    txt_join(name, sizeof name, member, "_args");
    jw_key(w, name);
    enc_text_args(w, t, a);
}
