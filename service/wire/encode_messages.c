/* encode_messages.c -- see encode_messages.h. */
#include "encode_messages.h"

#include <stdio.h>
#include <stdlib.h>

#include "../../engine/validate.h"
#include "../text/problems.h"
#include "decode.h"
#include "encode.h"
#include "encode_text.h"
#include "json_reader.h"

/* ---- "counting" in ------------------------------------------------------- */

static bool decode_choice(jr_val v, const char *ptr, const cc_position *pos,
                          int nevents, cc_turn_counting *tc, cc_error *err)
{
    static const char *const members[] = { "event", "figure", "player", NULL };
    jr_obj item;
    if (!jr_obj_open(v, &item))
        return CC_FAIL0(err, CC_ERR_BAD_REQUEST, ptr, SVC_P_WRONG_TYPE, SVC_D_COUNTING_ELEMENT);
    if (!dec_only_members(&item, members, ptr, err))
        return false;
    int event = 0, figure = 0, player = pos->active;
    if (!dec_int(&item, "event", ptr, 0, CC_MAX_EVENTS, true, &event, NULL, err) ||
        !dec_int(&item, "figure", ptr, 0, 1, true, &figure, NULL, err) ||
        !dec_player(&item, "player", ptr, pos, false, &player, err))
        return false;
    char eptr[CC_POINTER_MAX];
    jr_pointer_member(eptr, ptr, "event", 5);
    if (event >= nevents)
        return CC_FAIL(err, CC_ERR_IMPOSSIBLE, eptr, SVC_P_NO_SUCH_EVENT, SVC_D_NO_SUCH_EVENT,
                       CC_INT(COUNT, nevents), CC_INT(MAX, nevents - 1), CC_INT(INDEX, event));
    if (tc->figure[player][event] != CC_COUNT_DEFAULT)
        return CC_FAIL(err, CC_ERR_BAD_REQUEST, eptr, SVC_P_DUPLICATE_CHOICE, SVC_D_CHOICE_TWICE,
                       CC_QUOTE(PLAYER, cc_error_quote(err, 0, pos->players[player])),
                       CC_INT(INDEX, event));
    tc->figure[player][event] = figure;
    return true;
}

bool msg_decode_counting(const jr_obj *root, const cc_position *pos, int nevents,
                         cc_turn_counting *tc, cc_error *err)
{
    jr_val list;
    if (!dec_array(root, "counting", "", false, &list, err))
        return false;
    if (list.type == JR_ABSENT)
        return true;
    if (!(pos->expansions & CC_EXP_MESSAGES))
        return CC_FAIL0(err, CC_ERR_IMPOSSIBLE, "/counting", CC_MSG_P_EXPANSION_NOT_IN_PLAY,
                        SVC_D_COUNTING_WITHOUT_MESSAGES);
    jr_iter it = jr_iter_start(list);
    jr_val item;
    for (size_t k = 0; jr_next_element(&it, &item); k++) {
        char ptr[CC_POINTER_MAX];
        jr_pointer_index(ptr, "/counting", k);
        if (!decode_choice(item, ptr, pos, nevents, tc, err))
            return false;
    }
    return true;
}

/* ---- "message" out --------------------------------------------------------- */

static void enc_pair(jw *w, const int v[2])
{
    jw_array(w);
    jw_int(w, v[0]);
    jw_int(w, v[1]);
    jw_array_end(w);
}

/* One scoring counted into the summary: res's event i is the answer's
 * events[first_event + i] (a game-ending turn's end-game events come after
 * its scoring phase and wagon moves). */
typedef struct {
    const cc_score_result *res;
    const cc_turn_counting *tc;
    int first_event;
} counted_part;

static void enc_round_counting(jw *w, const counted_part *part, int player,
                               const cc_round_result *r)
{
    jw_array(w);
    for (int i = r->first; i < r->first + r->n; i++) {
        int points = part->res->events[i].points[player];
        if (points <= 0)
            continue;
        jw_object(w);
        jw_member_int(w, "event", part->first_event + i);
        jw_member_int(w, "points", points);
        jw_member_int(w, "figure", part->tc->figure[player][i]);
        jw_member_bool(w, "chosen", part->tc->chosen[player][i]);
        jw_object_end(w);
    }
    jw_array_end(w);
}

static void enc_round(jw *w, const counted_part *part, int player, const cc_round_result *r)
{
    jw_object(w);
    jw_member_string(w, "round", cc_round_name((cc_round)r->round));
    jw_member_int(w, "points", r->points);
    jw_key(w, "before");
    enc_pair(w, r->before);
    jw_key(w, "after");
    enc_pair(w, r->after);
    jw_member_bool(w, "message", r->message);
    if (r->message) {
        jw_member_int(w, "figure", r->dark_figure);
        jw_member_int(w, "space", cc_track_space(r->after[r->dark_figure]));
    }
    jw_key(w, "counting");
    enc_round_counting(w, part, player, r);
    jw_object_end(w);
}

/* `turn`: the summary counts a turn's scoring phase (messages may come);
 * `final`: it ends with the end-game scoring. */
static void counting_rules(jw *w, int received, bool turn, bool final)
{
    enc_rules rules;
    enc_rules_init(&rules);
    enc_rules_add(&rules, "messages.counting.two-figures");
    enc_rules_add(&rules, "messages.counting.one-figure-per-feature");
    if (turn) {
        enc_rules_add(&rules, "messages.dark-space");
        enc_rules_add(&rules, "messages.active-only");
        enc_rules_add(&rules, "messages.rounds");
        enc_rules_add(&rules, "messages.one-per-round");
        if (received > 0)
            enc_rules_add(&rules, "messages.card.choice");
    }
    if (final)
        enc_rules_add(&rules, "messages.final");
    enc_rules_write(w, &rules);
}

/* The active player's summary over parts[0..n) in order: before from the
 * first, after and total from the last, every round in which they scored. */
static void enc_summary(jw *w, const cc_position *pos, const counted_part *parts, int n,
                        bool turn, bool final)
{
    int p = pos->active;
    int received = 0;
    for (int k = 0; k < n; k++)
        received += parts[k].tc->counting[p].messages;
    const cc_counting *first = &parts[0].tc->counting[p], *last = &parts[n - 1].tc->counting[p];
    jw_object(w);
    jw_member_string(w, "player", pos->players[p]);
    jw_member_bool(w, "final", final);
    jw_member_int(w, "received", received);
    jw_key(w, "before");
    enc_pair(w, first->before);
    jw_key(w, "after");
    enc_pair(w, last->after);
    jw_member_int(w, "total", last->after[0] + last->after[1]);
    jw_key(w, "rounds");
    jw_array(w);
    for (int k = 0; k < n; k++) {
        const cc_counting *c = &parts[k].tc->counting[p];
        for (int i = 0; i < c->nrounds; i++)
            if (c->rounds[i].points > 0)
                enc_round(w, &parts[k], p, &c->rounds[i]);
    }
    jw_array_end(w);
    jw_key(w, "rules");
    counting_rules(w, received, turn, final);
    jw_object_end(w);
}

void enc_message(jw *w, const cc_position *pos, const cc_score_result *res,
                 const cc_turn_counting *tc, bool final)
{
    counted_part part = { res, tc, 0 };
    enc_summary(w, pos, &part, 1, !final, final);
}

/* Count turn (the scoring phase, or with final_only the end-game scoring)
 * and, when game_end is given, the end-game scoring after it; write
 * "message" and fill next. */
static bool count_and_answer(const jr_obj *root, const cc_position *pos,
                             const cc_score_result *turn, bool final_only,
                             const cc_score_result *game_end, int game_end_first,
                             jw *w, int next[CC_MAX_PLAYERS][2], cc_error *err)
{
    if (!(pos->expansions & CC_EXP_MESSAGES) && next == NULL) {
        /* Nothing to write and nothing asked back: only "counting" is
         * checked (it needs Messages). Counting without a choice cannot
         * fail (cc_messages_after_scoring, messages.h), so the answer is
         * the same without it. */
        return msg_decode_counting(root, pos, 0, NULL, err);
    }
    int nparts = game_end != NULL ? 2 : 1;
    cc_turn_counting *tc = malloc(sizeof *tc * (size_t)nparts);
    if (tc == NULL)
        return CC_FAIL0(err, 500, "", CC_MSG_P_OUT_OF_MEMORY, SVC_D_NO_MEMORY_COUNTING);
    cc_messages_counting_init(&tc[0]);
    int nevents = turn->nevents < CC_MAX_EVENTS ? turn->nevents : CC_MAX_EVENTS;
    bool ok = msg_decode_counting(root, pos, nevents, &tc[0], err) &&
              cc_messages_after_scoring(pos, turn, &tc[0], err);
    if (ok && game_end != NULL) {
        cc_messages_counting_init(&tc[1]);
        ok = cc_messages_after_final(pos, &tc[0], game_end, &tc[1], err);
    }
    if (!ok) {
        free(tc);
        return false;
    }
    counted_part parts[2] = { { turn, &tc[0], 0 }, { game_end, &tc[nparts - 1], game_end_first } };
    if (pos->expansions & CC_EXP_MESSAGES) {
        jw_key(w, "message");
        enc_summary(w, pos, parts, nparts, !final_only, final_only || game_end != NULL);
    }
    if (next != NULL)
        for (int p = 0; p < pos->nplayers; p++) {
            next[p][0] = tc[nparts - 1].counting[p].after[0];
            next[p][1] = tc[nparts - 1].counting[p].after[1];
        }
    free(tc);
    return true;
}

bool msg_score_answer(const jr_obj *root, const cc_position *pos, const cc_score_result *res,
                      bool final, jw *w, int next[CC_MAX_PLAYERS][2], cc_error *err)
{
    return count_and_answer(root, pos, res, final, NULL, 0, w, next, err);
}

bool msg_turn_answer(const jr_obj *root, const cc_position *pos, const cc_score_result *turn,
                     const cc_score_result *game_end, int game_end_first, jw *w,
                     int next[CC_MAX_PLAYERS][2], cc_error *err)
{
    return count_and_answer(root, pos, turn, false, game_end, game_end_first, w, next, err);
}

/* ---- /v1/messages/{n} out ---------------------------------------------------- */

/* The cards' names, as the answer's "name" (a value, never translated; the
 * explanation's heading says it in the request's language). */
static const char *const card_names[CC_MESSAGE_CARDS + 1] = {
    NULL, "shortest road", "smallest city", "smallest cloister", "2 points per coat of arms",
    "2 points per knight", "2 points per farmer", "one extra tile",
    "score a follower and return it",
};

static void enc_item(jw *w, const cc_position *pos, const cc_features *f,
                     const cc_message_item *it, int card)
{
    jw_object(w);
    if (it->figure >= 0) {
        jw_key(w, "figure");
        enc_figure_spot(w, &pos->figures[it->figure]);
    }
    if (it->feature >= 0) {
        jw_key(w, "feature");
        enc_feature_ref(w, f, it->feature);
        jw_member_string(w, "type", cc_feature_type_name(f->features[it->feature].type));
        if (it->figure < 0) {
            jw_key(w, "cells");
            enc_cells(w, f, it->feature);
        }
        if (card == 4)
            jw_member_int(w, "pennants", f->features[it->feature].pennants);
    }
    jw_member_int(w, "points", it->points);
    jw_object_end(w);
}

static void enc_items(jw *w, const cc_position *pos, const cc_features *f,
                      const cc_message_item *items, int n, int card)
{
    jw_array(w);
    for (int i = 0; i < n; i++)
        enc_item(w, pos, f, &items[i], card);
    jw_array_end(w);
}

/* Where the counting figure lands when the player takes these points. */
static void enc_chain(jw *w, const cc_counting *c)
{
    const cc_round_result *r = c->nrounds > 0 ? &c->rounds[0] : NULL;
    jw_object(w);
    if (r != NULL && r->points > 0)
        jw_member_int(w, "figure", r->after[0] != r->before[0] ? 0 : 1);
    jw_member_int(w, "points", r ? r->points : 0);
    jw_key(w, "scores");
    enc_pair(w, c->after);
    jw_member_bool(w, "message", c->messages > 0);
    jw_object_end(w);
}

void enc_message_card_members(jw *w, const char *lang, const cc_position *pos,
                              const cc_features *f, const cc_message_value *v,
                              const cc_counting *chain_card, const cc_counting *chain_alternative,
                              const char *const *more_rules, size_t nmore)
{
    jw_member_int(w, "card", v->card);
    jw_member_string(w, "name", card_names[v->card]);
    jw_member_string(w, "player", pos->players[v->player]);
    jw_member_int(w, "points", v->points);
    jw_member_int(w, "alternative", v->alternative);
    jw_key(w, "counted");
    enc_items(w, pos, f, v->counted, v->ncounted, v->card);
    if (v->card <= 3) {
        jw_key(w, "candidates");
        enc_items(w, pos, f, v->candidates, v->ncandidates, v->card);
    }
    if (v->card == 7)
        jw_member_string(w, "allows", "one extra tile");
    if (v->card == 8) {
        jw_member_bool(w, "majority", v->majority);
        jw_key(w, "returned");
        enc_figure_spot(w, &pos->figures[v->returned]);
    }
    jw_key(w, "chain");
    jw_object(w);
    jw_key(w, "card");
    enc_chain(w, chain_card);
    jw_key(w, "alternative");
    enc_chain(w, chain_alternative);
    jw_object_end(w);
    enc_rules rules;
    enc_rules_init(&rules);
    enc_rules_add_all(&rules, v->rules, (size_t)v->nrules);
    enc_rules_add(&rules, "messages.chain");
    enc_rules_add_all(&rules, more_rules, nmore);
    jw_key(w, "rules");
    enc_rules_write(w, &rules);
    txt_args ta = { .pos = pos };
    enc_text_members(w, "explain", lang, v->explain, v->nexplain, &ta);
}
