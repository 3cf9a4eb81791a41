/* encode_events.c -- see encode_events.h. */
#include "encode_events.h"

#include "../../engine/wagon.h"
#include "encode.h"
#include "encode_text.h"

#define ALL_PLAYERS(pos) ((1u << (pos)->nplayers) - 1)

void enc_totals(jw *w, const cc_position *pos, const int totals[CC_MAX_PLAYERS])
{
    enc_player_ints(w, pos, totals, ALL_PLAYERS(pos));
}

/* Trade goods: a completed city's tokens and who takes them ("player",
 * "goods": {"wine": 1, ...}), or the kind a final majority is about
 * ("goods": "wine"; strength holds the tokens each player has). */
static void goods_members(jw *w, const cc_position *pos, const cc_score_event *ev)
{
    if (ev->kind == CC_EV_GOODS_FINAL) {
        for (int g = 0; g < CC_NGOODS; g++)
            if (ev->goods[g] > 0)
                jw_member_string(w, "goods", cc_goods_name((cc_goods)g));
        return;
    }
    if (ev->goods_player >= 0 && ev->goods_player < pos->nplayers)
        jw_member_string(w, "player", pos->players[ev->goods_player]);
    jw_key(w, "goods");
    jw_object(w);
    for (int g = 0; g < CC_NGOODS; g++)
        jw_member_int(w, cc_goods_name((cc_goods)g), ev->goods[g]);
    jw_object_end(w);
}

/* One event; keys: pos's players as member names (enc_player_keys). */
static void score_event(jw *w, const cc_position *pos, const enc_player_keys *keys,
                        const cc_features *f, const cc_score_event *ev, const char *lang)
{
    /* Member names as literals, ids and kinds unescaped (json_writer.h):
     * a final scoring answers some 36 of these. */
    jw_object(w);
    jw_key_lit(w, "kind");
    jw_id(w, cc_event_kind_name(ev->kind));
    jw_key_lit(w, "feature");
    if (ev->feature >= 0 && ev->feature < f->nfeatures) {
        enc_feature_ref(w, f, ev->feature);
        jw_key_lit(w, "type");
        jw_id(w, cc_feature_type_name(ev->type));
        jw_key_lit(w, "cells");
        enc_cells(w, f, ev->feature);
    } else {
        jw_null(w);   /* a figure action about no feature */
    }
    jw_key_lit(w, "complete");
    jw_bool(w, ev->complete);
    jw_key_lit(w, "value");
    jw_int(w, ev->value);
    jw_key_lit(w, "points");
    enc_player_ints_keyed(w, keys, ev->points, ALL_PLAYERS(pos));
    jw_key_lit(w, "returned");
    jw_array(w);
    for (int i = 0; i < ev->nreturned; i++)
        enc_figure(w, pos, &pos->figures[ev->returned[i]]);
    jw_array_end(w);
    if (ev->kind == CC_EV_SHEEP || ev->kind == CC_EV_WOLF) {
        jw_key_lit(w, "token");
        if (ev->token == CC_TOKEN_WOLF)
            jw_string(w, "wolf");
        else
            jw_int(w, ev->token);
        if (ev->figure >= 0 && ev->figure < pos->nfigures) {
            jw_key_lit(w, "figure");
            enc_figure(w, pos, &pos->figures[ev->figure]);
        }
    }
    if (ev->kind == CC_EV_GOODS || ev->kind == CC_EV_GOODS_FINAL)
        goods_members(w, pos, ev);
    jw_key_lit(w, "rules");
    enc_rule_ids(w, ev->rules, (size_t)ev->nrules);
    txt_args ta = { .pos = pos, .strength = ev->strength };
    enc_explain_members(w, lang, ev->explain, ev->nexplain, &ta, keys);
    jw_key_lit(w, "strength");
    enc_player_ints_keyed(w, keys, ev->strength, ALL_PLAYERS(pos));
    jw_object_end(w);
}

void enc_score_event(jw *w, const cc_position *pos, const cc_features *f,
                     const cc_score_event *ev, const char *lang)
{
    enc_player_keys keys;
    enc_player_keys_init(&keys, pos);
    score_event(w, pos, &keys, f, ev, lang);
}

void enc_score_events(jw *w, const cc_position *pos, const cc_features *f,
                      const cc_score_result *r, const char *lang)
{
    enc_player_keys keys;   /* escaped once for every event's points and strength */
    enc_player_keys_init(&keys, pos);
    for (int e = 0; e < r->nevents; e++)
        score_event(w, pos, &keys, f, &r->events[e], lang);
}

void enc_wagon_move_event(jw *w, const cc_turn_result *r, const cc_wagon_move_event *m)
{
    jw_object(w);
    jw_member_string(w, "kind", "wagon-move");
    jw_member_string(w, "player", r->scored.players[m->player]);
    jw_key(w, "from");
    enc_xyat(w, m->from_x, m->from_y, m->from_at);
    jw_key(w, "to");
    enc_xyat(w, m->to_x, m->to_y, m->to_at);
    int id = cc_features_locate(&r->features, m->to_x, m->to_y, m->to_at);
    if (id >= 0) {
        jw_key(w, "feature");
        enc_feature_ref(w, &r->features, id);
    }
    jw_key(w, "rules");
    jw_array(w);
    jw_string(w, cc_wagon_rule(&r->scored));
    jw_array_end(w);
    jw_object_end(w);
}

void enc_turn_events(jw *w, const cc_turn_result *r, const char *lang)
{
    enc_score_events(w, &r->scored, &r->features, &r->turn, lang);
    for (int i = 0; i < r->nwagon_moves; i++)
        enc_wagon_move_event(w, r, &r->wagon_moves[i]);
    if (r->game_over)
        enc_score_events(w, &r->before_final, &r->features, &r->final, lang);
}

void enc_standings_members(jw *w, const cc_position *pos, const int score[CC_MAX_PLAYERS])
{
    /* Best first; equal scores in seat order. A player's rank is one more
     * than the number of players with a higher score. */
    int order[CC_MAX_PLAYERS], n = pos->nplayers;
    for (int p = 0; p < n; p++)
        order[p] = p;
    for (int i = 1; i < n; i++)
        for (int j = i; j > 0 && score[order[j]] > score[order[j - 1]]; j--) {
            int t = order[j];
            order[j] = order[j - 1];
            order[j - 1] = t;
        }
    jw_key(w, "standings");
    jw_array(w);
    for (int i = 0; i < n; i++) {
        int p = order[i], rank = 1;
        for (int q = 0; q < n; q++)
            rank += score[q] > score[p];
        jw_object(w);
        jw_member_string(w, "player", pos->players[p]);
        jw_member_int(w, "score", score[p]);
        jw_member_int(w, "rank", rank);
        jw_object_end(w);
    }
    jw_array_end(w);
    jw_key(w, "winners");
    jw_array(w);
    for (int i = 0; i < n && score[order[i]] == score[order[0]]; i++)
        jw_string(w, pos->players[order[i]]);
    jw_array_end(w);
}
