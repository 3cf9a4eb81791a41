/* encode_messages.c -- see encode_messages.h. */
#include "encode_messages.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../../engine/validate.h"
#include "decode.h"
#include "encode.h"
#include "json_strict.h"

/* ---- "counting" in ------------------------------------------------------- */

static bool decode_choice(json_object *item, const char *ptr, const cc_position *pos,
                          int nevents, cc_turn_counting *tc, cc_error *err)
{
    static const char *const members[] = { "event", "figure", "player", NULL };
    if (json_object_get_type(item) != json_type_object)
        return cc_fail(err, CC_ERR_BAD_REQUEST, ptr, "Wrong type",
                       "Each element of counting must be an object {event, figure[, player]}.");
    if (!dec_only_members(item, members, ptr, err))
        return false;
    int event = 0, figure = 0, player = pos->active;
    if (!dec_int(item, "event", ptr, 0, CC_MAX_EVENTS, true, &event, NULL, err) ||
        !dec_int(item, "figure", ptr, 0, 1, true, &figure, NULL, err) ||
        !dec_player(item, "player", ptr, pos, false, &player, err))
        return false;
    char eptr[CC_POINTER_MAX];
    js_pointer_member(eptr, ptr, "event", 5);
    if (event >= nevents)
        return cc_fail(err, CC_ERR_IMPOSSIBLE, eptr, "No such event",
                       "The answer has %d event%s (0 to %d); counting names event %d.",
                       nevents, nevents == 1 ? "" : "s", nevents - 1, event);
    if (tc->figure[player][event] != CC_COUNT_DEFAULT)
        return cc_fail(err, CC_ERR_BAD_REQUEST, eptr, "Duplicate choice",
                       "counting already chooses a counting figure for %s in event %d.",
                       pos->players[player], event);
    tc->figure[player][event] = figure;
    return true;
}

bool msg_decode_counting(json_object *root, const cc_position *pos, int nevents,
                         cc_turn_counting *tc, cc_error *err)
{
    json_object *list;
    if (!dec_array(root, "counting", "", false, &list, err))
        return false;
    if (list == NULL)
        return true;
    if (!(pos->expansions & CC_EXP_MESSAGES))
        return cc_fail(err, CC_ERR_IMPOSSIBLE, "/counting", "Expansion not in play",
                       "counting chooses between the two counting figures of the expansion \"messages\", which is not in position.expansions.");
    size_t n = json_object_array_length(list);
    for (size_t k = 0; k < n; k++) {
        char ptr[CC_POINTER_MAX];
        js_pointer_index(ptr, "/counting", k);
        if (!decode_choice(json_object_array_get_idx(list, k), ptr, pos, nevents, tc, err))
            return false;
    }
    return true;
}

/* ---- "message" out --------------------------------------------------------- */

static json_object *enc_pair(const int v[2])
{
    json_object *a = json_object_new_array_ext(2);
    json_object_array_add(a, json_object_new_int(v[0]));
    json_object_array_add(a, json_object_new_int(v[1]));
    return a;
}

/* One scoring counted into the summary: res's event i is the answer's
 * events[first_event + i] (a game-ending turn's end-game events come after
 * its scoring phase and wagon moves). */
typedef struct {
    const cc_score_result *res;
    const cc_turn_counting *tc;
    int first_event;
} counted_part;

static json_object *enc_round_counting(const counted_part *part, int player,
                                       const cc_round_result *r)
{
    json_object *a = json_object_new_array();
    for (int i = r->first; i < r->first + r->n; i++) {
        int points = part->res->events[i].points[player];
        if (points <= 0)
            continue;
        json_object *c = json_object_new_object();
        json_object_object_add(c, "event", json_object_new_int(part->first_event + i));
        json_object_object_add(c, "points", json_object_new_int(points));
        json_object_object_add(c, "figure", json_object_new_int(part->tc->figure[player][i]));
        json_object_object_add(c, "chosen", json_object_new_boolean(part->tc->chosen[player][i]));
        json_object_array_add(a, c);
    }
    return a;
}

static json_object *enc_round(const counted_part *part, int player, const cc_round_result *r)
{
    json_object *o = json_object_new_object();
    json_object_object_add(o, "round", json_object_new_string(cc_round_name((cc_round)r->round)));
    json_object_object_add(o, "points", json_object_new_int(r->points));
    json_object_object_add(o, "before", enc_pair(r->before));
    json_object_object_add(o, "after", enc_pair(r->after));
    json_object_object_add(o, "message", json_object_new_boolean(r->message));
    if (r->message) {
        json_object_object_add(o, "figure", json_object_new_int(r->dark_figure));
        json_object_object_add(o, "space",
                               json_object_new_int(cc_track_space(r->after[r->dark_figure])));
    }
    json_object_object_add(o, "counting", enc_round_counting(part, player, r));
    return o;
}

/* `turn`: the summary counts a turn's scoring phase (messages may come);
 * `final`: it ends with the end-game scoring. */
static json_object *counting_rules(int received, bool turn, bool final)
{
    json_object *rules = json_object_new_array();
    enc_rules_add(rules, "messages.counting.two-figures");
    enc_rules_add(rules, "messages.counting.one-figure-per-feature");
    if (turn) {
        enc_rules_add(rules, "messages.dark-space");
        enc_rules_add(rules, "messages.active-only");
        enc_rules_add(rules, "messages.rounds");
        enc_rules_add(rules, "messages.one-per-round");
        if (received > 0)
            enc_rules_add(rules, "messages.card.choice");
    }
    if (final)
        enc_rules_add(rules, "messages.final");
    return rules;
}

/* The active player's summary over parts[0..n) in order: before from the
 * first, after and total from the last, every round in which they scored. */
static json_object *enc_summary(const cc_position *pos, const counted_part *parts, int n,
                                bool turn, bool final)
{
    int p = pos->active;
    int received = 0;
    json_object *rounds = json_object_new_array();
    for (int k = 0; k < n; k++) {
        const cc_counting *c = &parts[k].tc->counting[p];
        received += c->messages;
        for (int i = 0; i < c->nrounds; i++)
            if (c->rounds[i].points > 0)
                json_object_array_add(rounds, enc_round(&parts[k], p, &c->rounds[i]));
    }
    const cc_counting *first = &parts[0].tc->counting[p], *last = &parts[n - 1].tc->counting[p];
    json_object *o = json_object_new_object();
    json_object_object_add(o, "player", json_object_new_string(pos->players[p]));
    json_object_object_add(o, "final", json_object_new_boolean(final));
    json_object_object_add(o, "received", json_object_new_int(received));
    json_object_object_add(o, "before", enc_pair(first->before));
    json_object_object_add(o, "after", enc_pair(last->after));
    json_object_object_add(o, "total", json_object_new_int(last->after[0] + last->after[1]));
    json_object_object_add(o, "rounds", rounds);
    json_object_object_add(o, "rules", counting_rules(received, turn, final));
    return o;
}

json_object *enc_message(const cc_position *pos, const cc_score_result *res,
                         const cc_turn_counting *tc, bool final)
{
    counted_part part = { res, tc, 0 };
    return enc_summary(pos, &part, 1, !final, final);
}

/* Count turn (the scoring phase, or with final_only the end-game scoring)
 * and, when game_end is given, the end-game scoring after it; add
 * "message" and fill next. */
static bool count_and_answer(json_object *root, const cc_position *pos,
                             const cc_score_result *turn, bool final_only,
                             const cc_score_result *game_end, int game_end_first,
                             json_object *body, int next[CC_MAX_PLAYERS][2], cc_error *err)
{
    int nparts = game_end != NULL ? 2 : 1;
    cc_turn_counting *tc = malloc(sizeof *tc * (size_t)nparts);
    if (tc == NULL)
        return cc_fail(err, 500, "", "Out of memory", "no memory to count the scores");
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
    if (pos->expansions & CC_EXP_MESSAGES)
        json_object_object_add(body, "message",
                               enc_summary(pos, parts, nparts, !final_only,
                                           final_only || game_end != NULL));
    if (next != NULL)
        for (int p = 0; p < pos->nplayers; p++) {
            next[p][0] = tc[nparts - 1].counting[p].after[0];
            next[p][1] = tc[nparts - 1].counting[p].after[1];
        }
    free(tc);
    return true;
}

bool msg_score_answer(json_object *root, const cc_position *pos, const cc_score_result *res,
                      bool final, json_object *body, int next[CC_MAX_PLAYERS][2], cc_error *err)
{
    return count_and_answer(root, pos, res, final, NULL, 0, body, next, err);
}

bool msg_turn_answer(json_object *root, const cc_position *pos, const cc_score_result *turn,
                     const cc_score_result *game_end, int game_end_first, json_object *body,
                     int next[CC_MAX_PLAYERS][2], cc_error *err)
{
    return count_and_answer(root, pos, turn, false, game_end, game_end_first, body, next, err);
}

/* ---- /v1/messages/{n} out ---------------------------------------------------- */

static const char *const card_names[CC_MESSAGE_CARDS + 1] = {
    NULL, "shortest road", "smallest city", "smallest cloister", "2 points per coat of arms",
    "2 points per knight", "2 points per farmer", "one extra tile",
    "score a follower and return it",
};

/* "the road at (1, 0) E" */
static void feature_phrase(const cc_features *f, int id, char *buf, size_t n)
{
    const cc_feature *feat = &f->features[id];
    const cc_board_tile *t = &f->board->tiles[feat->name_tile];
    char at[8];
    snprintf(buf, n, "the %s at (%d, %d) %s", cc_feature_type_name(feat->type), t->x, t->y,
             cc_loc_name(feat->name_at, at));
}

static json_object *enc_item(const cc_position *pos, const cc_features *f,
                             const cc_message_item *it, int card)
{
    json_object *o = json_object_new_object();
    if (it->figure >= 0)
        json_object_object_add(o, "figure", enc_figure_spot(&pos->figures[it->figure]));
    if (it->feature >= 0) {
        json_object_object_add(o, "feature", enc_feature_ref(f, it->feature));
        json_object_object_add(o, "type", json_object_new_string(
                                   cc_feature_type_name(f->features[it->feature].type)));
        if (it->figure < 0)
            json_object_object_add(o, "cells", enc_cells(f, it->feature));
        if (card == 4)
            json_object_object_add(o, "pennants",
                                   json_object_new_int(f->features[it->feature].pennants));
    }
    json_object_object_add(o, "points", json_object_new_int(it->points));
    return o;
}

static json_object *enc_items(const cc_position *pos, const cc_features *f,
                              const cc_message_item *items, int n, int card)
{
    json_object *a = json_object_new_array_ext(n);
    for (int i = 0; i < n; i++)
        json_object_array_add(a, enc_item(pos, f, &items[i], card));
    return a;
}

/* Where the counting figure lands when the player takes these points. */
static json_object *enc_chain(const cc_counting *c)
{
    json_object *o = json_object_new_object();
    const cc_round_result *r = c->nrounds > 0 ? &c->rounds[0] : NULL;
    if (r != NULL && r->points > 0)
        json_object_object_add(o, "figure",
                               json_object_new_int(r->after[0] != r->before[0] ? 0 : 1));
    json_object_object_add(o, "points", json_object_new_int(r ? r->points : 0));
    json_object_object_add(o, "scores", enc_pair(c->after));
    json_object_object_add(o, "message", json_object_new_boolean(c->messages > 0));
    return o;
}

static void explain_add(char *buf, size_t n, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));

static void explain_add(char *buf, size_t n, const char *fmt, ...)
{
    size_t len = strlen(buf);
    if (len + 1 >= n)
        return;
    va_list ap;
    va_start(ap, fmt);
    /* NOLINTNEXTLINE(clang-analyzer-valist.Uninitialized): ap is started above (clang 14 false positive) */
    vsnprintf(buf + len, n - len, fmt, ap);
    va_end(ap);
}

static void explain_smallest(const cc_position *pos, const cc_features *f,
                             const cc_message_value *v, char *buf, size_t n)
{
    static const char *const kind[] = { NULL, "road", "city", "cloister, shrine or abbey" };
    static const char *const kinds[] = { NULL, "roads", "cities", "monasteries" };
    const char *who = pos->players[v->player];
    if (v->ncounted == 0) {
        explain_add(buf, n, "%s has no follower on a %s, so message %d gives 0 points.", who,
                    kind[v->card], v->card);
        return;
    }
    char where[96];
    feature_phrase(f, v->counted[0].feature, where, sizeof where);
    if (v->ncandidates == 1)
        explain_add(buf, n, "%s is the only %s holding a follower of %s; it gives %d point%s at final scoring now.",
                    where, kind[v->card], who, v->points, v->points == 1 ? "" : "s");
    else
        explain_add(buf, n, "Of the %d %s holding a follower of %s, %s gives the fewest points at final scoring now: %d.",
                    v->ncandidates, kinds[v->card], who, where, v->points);
    explain_add(buf, n, " They score for %s alone; the followers stay.", who);
}

static void explain_follower(const cc_position *pos, const cc_features *f,
                             const cc_message_value *v, char *buf, size_t n)
{
    const char *who = pos->players[v->player];
    const cc_figure *fig = &pos->figures[v->returned];
    char where[96], at[8];
    feature_phrase(f, v->counted[0].feature, where, sizeof where);
    if (v->majority)
        explain_add(buf, n, "%s has the majority on %s, which scores %d points for %s alone as at the end of the game.",
                    who, where, v->points, who);
    else
        explain_add(buf, n, "%s does not have the majority on %s: 0 points.", who, where);
    explain_add(buf, n, " The %s at (%d, %d) %s returns to the supply; other followers stay.",
                cc_figure_kind_name(fig->kind), fig->x, fig->y, cc_loc_name(fig->at, at));
}

static void explain_card(const cc_position *pos, const cc_features *f,
                         const cc_message_value *v, char *buf, size_t n)
{
    const char *who = pos->players[v->player];
    buf[0] = '\0';
    explain_add(buf, n, "Message %d (%s): ", v->card, card_names[v->card]);
    switch (v->card) {
    case 4:
        explain_add(buf, n, "2 points per coat of arms in each of the %d cit%s holding a follower of %s: %d points.",
                    v->ncounted, v->ncounted == 1 ? "y" : "ies", who, v->points);
        break;
    case 5:
    case 6:
        explain_add(buf, n, "2 points for each of %s's %d %s: %d points; they stay.", who,
                    v->ncounted, v->card == 5 ? "knights (followers in cities)"
                                              : "farmers (followers in fields)", v->points);
        break;
    case 7:
        explain_add(buf, n, "%s plays one extra tile, a whole turn: place it, deploy a follower by the normal rules, score; its rounds of scoring can bring further messages, and it comes before a builder's extra turn.",
                    who);
        break;
    case 8:
        explain_follower(pos, f, v, buf, n);
        break;
    default:
        explain_smallest(pos, f, v, buf, n);
        break;
    }
    explain_add(buf, n, " Or take the %d points in the seal instead.", v->alternative);
}

json_object *enc_message_card(const cc_position *pos, const cc_features *f,
                              const cc_message_value *v, const cc_counting *chain_card,
                              const cc_counting *chain_alternative)
{
    json_object *o = json_object_new_object();
    json_object_object_add(o, "card", json_object_new_int(v->card));
    json_object_object_add(o, "name", json_object_new_string(card_names[v->card]));
    json_object_object_add(o, "player", json_object_new_string(pos->players[v->player]));
    json_object_object_add(o, "points", json_object_new_int(v->points));
    json_object_object_add(o, "alternative", json_object_new_int(v->alternative));
    json_object_object_add(o, "counted", enc_items(pos, f, v->counted, v->ncounted, v->card));
    if (v->card <= 3)
        json_object_object_add(o, "candidates",
                               enc_items(pos, f, v->candidates, v->ncandidates, v->card));
    if (v->card == 7)
        json_object_object_add(o, "allows", json_object_new_string("one extra tile"));
    if (v->card == 8) {
        json_object_object_add(o, "majority", json_object_new_boolean(v->majority));
        json_object_object_add(o, "returned", enc_figure_spot(&pos->figures[v->returned]));
    }
    json_object *chain = json_object_new_object();
    json_object_object_add(chain, "card", enc_chain(chain_card));
    json_object_object_add(chain, "alternative", enc_chain(chain_alternative));
    json_object_object_add(o, "chain", chain);
    json_object *rules = enc_rules(v->rules, (size_t)v->nrules);
    enc_rules_add(rules, "messages.chain");
    json_object_object_add(o, "rules", rules);
    char explain[640];
    explain_card(pos, f, v, explain, sizeof explain);
    json_object_object_add(o, "explain", json_object_new_string(explain));
    return o;
}
