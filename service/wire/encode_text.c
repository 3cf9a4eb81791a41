/* encode_text.c -- see encode_text.h. */
#include "encode_text.h"

#include <stdio.h>
#include <string.h>

#include "../../engine/catalog.h"
#include "../../engine/loc.h"
#include "../../engine/scoring.h"
#include "encode.h"

/* Every argument's member name, quoted with its ':', and its length: an
 * answer's sentences name some 400 arguments (names need no escape). In
 * arrays of one size, so one is copied whole with a fixed-size memcpy (a
 * few moves, no call) and the output advanced by its length. */
#define ARG_KEY_SIZE 24

static const struct {
    char text[ARG_KEY_SIZE];
    size_t len;
} arg_keys[CC_ARG_NAME_COUNT] = {
#define ARG_KEY(e, s) [CC_AN_##e] = { "\"" s "\":", sizeof("\"" s "\":") - 1 },
    CC_ARG_NAMES(ARG_KEY)
#undef ARG_KEY
};

/* Every message id quoted, and its length (the "explain_id" arrays): in
 * arrays of one size, copied whole (an answer lists some 140 ids). */
#define MSG_QUOTED_SIZE 64

static const struct {
    char text[MSG_QUOTED_SIZE];
    size_t len;
} msg_quoted[CC_MSG_COUNT] = {
#define MSG_QUOTED(e, s) [CC_MSG_##e] = { "\"" s "\"", sizeof("\"" s "\"") - 1 },
    CC_MESSAGES(MSG_QUOTED)
#undef MSG_QUOTED
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

static void arg_value(jw *w, const cc_arg *arg, const txt_args *a, const enc_player_keys *keys)
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
            if (keys != NULL)   /* the names escaped once per answer */
                enc_player_ints_keyed(w, keys, a->strength, (unsigned)arg->i);
            else
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

/* Is arg one of the types a score's sentences hold by the hundred
 * (numbers, players, names of the service's tables), which
 * put_simple_arg() writes in place? */
static bool simple_arg(const cc_arg *arg)
{
    switch ((cc_arg_type)arg->type) {
    case CC_ARG_INT:
    case CC_ARG_PLAYER:
    case CC_ARG_LOC:
    case CC_ARG_KIND:
    case CC_ARG_FEATURE:
    case CC_ARG_SIDE:
    case CC_ARG_EDGE:
        /* A name too long for its array would lack its ':' (not one is). */
        return arg->name < CC_ARG_NAME_COUNT && arg_keys[arg->name].len < ARG_KEY_SIZE;
    default: return false;
    }
}

/* The most bytes put_simple_arg() writes: the longest member name, an
 * escaped player's name or a number. */
#define SIMPLE_ARG_MAX (ARG_KEY_SIZE + JW_ESCAPED_MAX(CC_NAME_MAX) + JW_INT_MAX)

#define PLAYER_COPY 32   /* a quoted player's name this short: one fixed-size copy */

/* A simple_arg()'s member and value at o; returns the byte after them.
 * keys (may be NULL): the players' names escaped once per answer. */
static char *put_simple_arg(char *o, const cc_arg *arg, const txt_args *a,
                            const enc_player_keys *keys)
{
    static const char *const sides[4] = { "north", "east", "south", "west" };
    memcpy(o, arg_keys[arg->name].text, ARG_KEY_SIZE);   /* the room is there */
    o += arg_keys[arg->name].len;
    const char *s;
    char loc[8];
    switch ((cc_arg_type)arg->type) {
    case CC_ARG_PLAYER:
        if (keys != NULL && a && a->pos && arg->i >= 0 && arg->i < keys->n &&
            arg->i < a->pos->nplayers) {
            /* "name": as a key less its ':' is "name" as a value; a short
             * one copied as a whole 32 bytes (the room is there) */
            size_t n = keys->len[arg->i] - 1u;
            if (n <= PLAYER_COPY)
                memcpy(o, keys->key[arg->i], PLAYER_COPY);
            else
                memcpy(o, keys->key[arg->i], n);
            return o + n;
        }
        s = player_name(a, arg->i);
        *o++ = '"';
        o = jw_escape_at(o, s, strlen(s));
        *o++ = '"';
        return o;
    case CC_ARG_LOC: s = cc_loc_name(cc_loc_unpack(arg->i), loc); break;
    case CC_ARG_KIND: s = cc_figure_kind_name((cc_figure_kind)arg->i); break;
    case CC_ARG_FEATURE: s = cc_feature_type_name((cc_feature_type)arg->i); break;
    case CC_ARG_SIDE: s = sides[arg->i & 3]; break;
    case CC_ARG_EDGE: s = arg->i == 'C' ? "city" : arg->i == 'R' ? "road" : "field"; break;
    default: return jw_int_at(o, arg->i);
    }
    *o++ = '"';
    while (*s != '\0')   /* a name of the service's tables: short, no escape */
        *o++ = *s++;
    *o++ = '"';
    return o;
}

/* The whole {...} in place when every argument is simple_arg(); false
 * (nothing written) otherwise. */
static bool args_in_place(jw *w, const cc_text *t, const txt_args *a,
                          const enc_player_keys *keys)
{
    for (int i = 0; i < t->nargs; i++)
        if (!simple_arg(&t->args[i]))
            return false;
    char *o = jw_raw_begin(w, 2 + (size_t)t->nargs * (SIMPLE_ARG_MAX + 1));
    if (o == NULL)
        return true;
    *o++ = '{';
    for (int i = 0; i < t->nargs; i++) {
        if (i > 0)
            *o++ = ',';
        o = put_simple_arg(o, &t->args[i], a, keys);
    }
    *o++ = '}';
    jw_raw_end(w, o, true);
    return true;
}

static void text_args(jw *w, const cc_text *t, const txt_args *a, const enc_player_keys *keys)
{
    if (args_in_place(w, t, a, keys))
        return;
    jw_object(w);
    for (int i = 0; i < t->nargs; i++) {
        int name = t->args[i].name;
        if (name < CC_ARG_NAME_COUNT)
            jw_key_quoted(w, arg_keys[name].text, arg_keys[name].len);
        else
            jw_key(w, cc_arg_name(name));
        arg_value(w, &t->args[i], a, keys);
    }
    jw_object_end(w);
}

void enc_text_args(jw *w, const cc_text *t, const txt_args *a)
{
    text_args(w, t, a, NULL);
}


/* "<member><suffix>": as a key, written in place (suffix: "", "_id",
 * "_args"); member and suffix need no escape (json_writer.h). */
static void member_key(jw *w, const char *member, size_t n, const char *suffix, size_t sn)
{
#ifdef __SANITIZE_ADDRESS__
    jw_check_plain(member, n);
    jw_check_plain(suffix, sn);
#endif
    char *o = jw_raw_begin(w, n + sn + 3);
    if (o == NULL)
        return;
    *o++ = '"';
    memcpy(o, member, n);
    memcpy(o + n, suffix, sn);
    o += n + sn;
    *o++ = '"';
    *o++ = ':';
    jw_raw_end(w, o, false);
}

#define MEMBER_KEY(w, member, n, suffix) member_key((w), (member), (n), suffix, sizeof(suffix) - 1)

/* ["score.road.end", ...]: each sentence's message id, in place. */
static void explain_ids(jw *w, const cc_text *ts, int k)
{
    size_t max = 2 + MSG_QUOTED_SIZE;   /* the last id's whole array */
    for (int i = 0; i < k; i++)
        max += 1 + (ts[i].msg < CC_MSG_COUNT ? msg_quoted[ts[i].msg].len : 2);
    char *o = jw_raw_begin(w, max);
    if (o == NULL)
        return;
    *o++ = '[';
    for (int i = 0; i < k; i++) {
        if (i > 0)
            *o++ = ',';
        if (ts[i].msg < CC_MSG_COUNT) {
            memcpy(o, msg_quoted[ts[i].msg].text, MSG_QUOTED_SIZE);   /* the room is there */
            o += msg_quoted[ts[i].msg].len;
        } else {
            *o++ = '"';   /* cc_msg_id(): "" past the engine's ids */
            *o++ = '"';
        }
    }
    *o++ = ']';
    jw_raw_end(w, o, true);
}

/* The sentences as a string value, worded straight into the writer and
 * escaped there only when one needs it (a player's name with a quote):
 * the bytes jw_string() writes of them, without the copy. */
#define TEXTS_MAX (CC_EXPLAIN_TEXTS * CC_DETAIL_MAX)

static void explain_text(jw *w, const char *lang, const cc_text *ts, int k, const txt_args *a)
{
    char *o = jw_raw_begin(w, JW_ESCAPED_MAX(TEXTS_MAX) + 2);
    if (o == NULL)
        return;
    *o++ = '"';
    size_t n = txt_format_all_len(lang, ts, k, a, o, TEXTS_MAX);
    if (jw_plain_len(o, n) == n) {
        o += n;
    } else {
        char text[TEXTS_MAX];
        memcpy(text, o, n);
        o = jw_escape_at(o, text, n);
    }
    *o++ = '"';
    jw_raw_end(w, o, true);
}

void enc_explain_members(jw *w, const char *lang, const cc_text *ts, int k, const txt_args *a,
                         const enc_player_keys *keys)
{
    jw_key_lit(w, "explain");
    explain_text(w, lang, ts, k, a);
    jw_key_lit(w, "explain_id");
    explain_ids(w, ts, k);
    jw_key_lit(w, "explain_args");
    jw_array(w);
    for (int i = 0; i < k; i++)
        text_args(w, &ts[i], a, keys);
    jw_array_end(w);
}

void enc_text_members(jw *w, const char *member, const char *lang, const cc_text *ts, int k,
                      const txt_args *a)
{
    /* member and the message ids need no escape (json_writer.h). */
    char text[TEXTS_MAX];
    const char *sentences = txt_format_all(lang, ts, k, a, text, sizeof text);
    size_t n = strlen(member);
    MEMBER_KEY(w, member, n, "");
    jw_string(w, sentences);
    MEMBER_KEY(w, member, n, "_id");
    explain_ids(w, ts, k);
    MEMBER_KEY(w, member, n, "_args");
    jw_array(w);
    for (int i = 0; i < k; i++)
        text_args(w, &ts[i], a, NULL);
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
