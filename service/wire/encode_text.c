/* encode_text.c -- see encode_text.h. */
#include "encode_text.h"

#include <stdio.h>
#include <string.h>

#include "../../engine/catalog.h"
#include "../../engine/loc.h"
#include "../../engine/scoring.h"
#include "encode.h"

/* Every argument's member name, quoted with its ':', and its length: an
 * answer's sentences name some 150 arguments (names need no escape). */
static const struct {
    const char *text;
    size_t len;
} arg_keys[CC_ARG_NAME_COUNT] = {
#define ARG_KEY(e, s) [CC_AN_##e] = { "\"" s "\":", sizeof("\"" s "\":") - 1 },
    CC_ARG_NAMES(ARG_KEY)
#undef ARG_KEY
};

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
    /* Names from the service's own tables: no escape (json_writer.h). */
    case CC_ARG_LOC: jw_id(w, cc_loc_name(cc_loc_unpack(arg->i), loc)); break;
    case CC_ARG_KIND: jw_id(w, cc_figure_kind_name((cc_figure_kind)arg->i)); break;
    case CC_ARG_FEATURE: jw_id(w, cc_feature_type_name((cc_feature_type)arg->i)); break;
    case CC_ARG_SIDE: jw_id(w, sides[arg->i & 3]); break;
    case CC_ARG_EDGE: jw_id(w, arg->i == 'C' ? "city" : arg->i == 'R' ? "road" : "field"); break;
    case CC_ARG_RULE:
    case CC_ARG_STR: jw_string(w, arg->s ? arg->s : ""); break;
    case CC_ARG_QUOTE:
        jw_string(w, a && a->err && arg->i >= 0 && arg->i < CC_QUOTES ? a->err->quote[arg->i] : "");
        break;
    case CC_ARG_STRENGTHS:
        if (a && a->pos && a->strength && (unsigned)arg->i < (1u << a->pos->nplayers)) {
            enc_player_ints(w, a->pos, a->strength, (unsigned)arg->i);   /* in place */
            break;
        }
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
        int name = t->args[i].name;
        if (name < CC_ARG_NAME_COUNT)
            jw_key_quoted(w, arg_keys[name].text, arg_keys[name].len);
        else
            jw_key(w, cc_arg_name(name));
        arg_value(w, &t->args[i], a);
    }
    jw_object_end(w);
}


void enc_text_members(jw *w, const char *member, const char *lang, const cc_text *ts, int k,
                      const txt_args *a)
{
    /* member and the message ids need no escape (json_writer.h). */
    char name[48], text[CC_EXPLAIN_TEXTS * CC_DETAIL_MAX];
    const char *sentences = txt_format_all(lang, ts, k, a, text, sizeof text);
    jw_id_key(w, member);
    jw_string(w, sentences);
    jw_id_key(w, txt_join(name, sizeof name, member, "_id"));
    jw_array(w);
    for (int i = 0; i < k; i++)
        jw_id(w, cc_msg_id(ts[i].msg));
    jw_array_end(w);
    jw_id_key(w, txt_join(name, sizeof name, member, "_args"));
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
