/* messages.c -- see messages.h.
 *
 * Counting a round: the default choice of counting figures is a search over
 * 2^n assignments in principle, but whether a round ends with a moved figure
 * on a dark space depends only on each figure's total modulo 5 and on
 * whether it moved. That is 5 * 2 * 5 * 2 = 100 states, so a table
 * "from state s before award i, can the round still end with a message?"
 * filled backwards decides every choice greedily in O(n * 100): take
 * figure 0 whenever the message stays reachable, else figure 1. */
#include "messages.h"

#include <stdint.h>
#include <string.h>

#include "majority.h"
#include "scoring.h"
#include "validate.h"

_Static_assert(CC_MAX_AWARDS >= CC_MAX_EVENTS, "one award per scoring event must fit");

/* ---- the rounds --------------------------------------------------------- */

const char *cc_round_name(cc_round r)
{
    switch (r) {
    case CC_ROUND_TILE: return "tile";
    case CC_ROUND_MOVE_WOOD: return "move-wood";
    case CC_ROUND_SCORING: return "scoring";
    case CC_ROUND_END: return "end";
    case CC_ROUND_MESSAGE: return "message";
    case CC_ROUND_FINAL: return "final";
    }
    return "?";
}

/* ---- the 100 states of a round ------------------------------------------- */

#define NSTATES 100

typedef struct {
    uint64_t w[2];   /* bit s: state s */
} state_set;

static bool set_has(const state_set *s, int i) { return (s->w[i >> 6] >> (i & 63)) & 1u; }
static void set_add(state_set *s, int i) { s->w[i >> 6] |= (uint64_t)1 << (i & 63); }

/* state = residue of figure 0's total mod 5, whether it moved, and the
 * same for figure 1. */
static int state_make(int r0, int moved0, int r1, int moved1)
{
    return r0 + 5 * moved0 + 10 * r1 + 50 * moved1;
}

static int state_step(int s, int figure, int points)
{
    int r0 = s % 5, m0 = (s / 5) % 2, r1 = (s / 10) % 5, m1 = s / 50;
    if (points <= 0)
        return s;   /* nothing moves, so nothing "ends on" a space */
    if (figure == 0)
        return state_make((r0 + points) % 5, 1, r1, m1);
    return state_make(r0, m0, (r1 + points) % 5, 1);
}

static bool state_has_message(int s)
{
    int r0 = s % 5, m0 = (s / 5) % 2, r1 = (s / 10) % 5, m1 = s / 50;
    return (m0 && r0 == 0) || (m1 && r1 == 0);
}

/* The figures award a may move: the one chosen, or both when the default
 * may look for a message, or figure 0. Returns how many (1 or 2). */
static int figures_allowed(const cc_award *a, bool search, int figs[2])
{
    if (a->figure != CC_COUNT_DEFAULT) {
        figs[0] = a->figure;
        return 1;
    }
    figs[0] = 0;
    figs[1] = 1;
    return search ? 2 : 1;
}

/* reach[i]: the states before award i from which the round can still end
 * with a message. n <= CC_MAX_AWARDS. */
static void fill_reachable(const cc_award *a, int n, bool search,
                           state_set reach[CC_MAX_AWARDS + 1])
{
    memset(reach, 0, sizeof reach[0] * (size_t)(n + 1));
    for (int s = 0; s < NSTATES; s++)
        if (state_has_message(s))
            set_add(&reach[n], s);
    for (int i = n - 1; i >= 0; i--) {
        int figs[2];
        int k = figures_allowed(&a[i], search, figs);
        for (int s = 0; s < NSTATES; s++)
            for (int j = 0; j < k; j++)
                if (set_has(&reach[i + 1], state_step(s, figs[j], a[i].points))) {
                    set_add(&reach[i], s);
                    break;
                }
    }
}

/* Resolve the default figures of one round's awards in place. */
static void choose_figures(const int totals[2], cc_award *a, int n, bool search)
{
    state_set reach[CC_MAX_AWARDS + 1];
    int s = state_make(totals[0] % 5, 0, totals[1] % 5, 0);
    if (search)
        fill_reachable(a, n, search, reach);
    bool want = search && set_has(&reach[0], s);
    for (int i = 0; i < n; i++) {
        a[i].chosen = a[i].figure != CC_COUNT_DEFAULT;
        if (!a[i].chosen)
            a[i].figure = want && !set_has(&reach[i + 1], state_step(s, 0, a[i].points)) ? 1 : 0;
        s = state_step(s, a[i].figure, a[i].points);
    }
}

/* ---- counting ------------------------------------------------------------ */

static bool check_awards(const int start[2], bool two_figures, const cc_award *a, int n,
                         cc_error *err)
{
    if (n < 0 || n > CC_MAX_AWARDS)
        return CC_FAIL(err, CC_ERR_BAD_REQUEST, "", CC_MSG_P_TOO_MANY_AWARDS,
                       CC_MSG_D_TOO_MANY_AWARDS, CC_INT(COUNT, n), CC_INT(LIMIT, CC_MAX_AWARDS));
    if (start[0] < 0 || start[1] < 0)
        return CC_FAIL0(err, CC_ERR_BAD_REQUEST, "", CC_MSG_P_NEGATIVE_SCORE,
                        CC_MSG_D_NEGATIVE_SCORE);
    for (int i = 0; i < n; i++) {
        if (a[i].points < 0)
            return CC_FAIL(err, CC_ERR_BAD_REQUEST, "", CC_MSG_P_NEGATIVE_POINTS,
                           CC_MSG_D_NEGATIVE_POINTS, CC_INT(INDEX, i), CC_INT(POINTS, a[i].points));
        if (a[i].round < CC_ROUND_TILE || a[i].round > CC_ROUND_FINAL ||
            (i > 0 && a[i].round < a[i - 1].round))
            return CC_FAIL(err, CC_ERR_BAD_REQUEST, "", CC_MSG_P_ROUNDS_OUT_OF_ORDER,
                           CC_MSG_D_ROUNDS_OUT_OF_ORDER, CC_INT(INDEX, i), CC_INT(ROUND, a[i].round),
                           CC_INT(PREVIOUS, i > 0 ? a[i - 1].round : 0));
        if (a[i].figure != CC_COUNT_DEFAULT && a[i].figure != 0 && a[i].figure != 1)
            return CC_FAIL(err, CC_ERR_BAD_REQUEST, "", CC_MSG_P_NO_SUCH_COUNTING_FIGURE,
                           CC_MSG_D_NO_SUCH_COUNTING_FIGURE, CC_INT(INDEX, i),
                           CC_INT(FIGURE, a[i].figure));
        if (a[i].figure == 1 && !two_figures)
            return CC_FAIL(err, CC_ERR_IMPOSSIBLE, "", CC_MSG_P_NO_SECOND_COUNTING_FIGURE,
                           CC_MSG_D_NO_SECOND_COUNTING_FIGURE, CC_INT(INDEX, i),
                           CC_INT(FIGURE, 1));
    }
    return true;
}

/* Awards [first, end) of one round: same round number, and a message's
 * points are a round of their own. */
static int round_end(const cc_award *a, int n, int first)
{
    if (a[first].round == CC_ROUND_MESSAGE)
        return first + 1;
    int end = first + 1;
    while (end < n && a[end].round == a[first].round)
        end++;
    return end;
}

static void count_round(cc_round_result *r, const int totals[2], cc_award *a,
                        int first, int end, bool may_receive)
{
    bool search = may_receive && a[first].round != CC_ROUND_FINAL;
    choose_figures(totals, a + first, end - first, search);
    memset(r, 0, sizeof *r);
    r->round = a[first].round;
    r->first = first;
    r->n = end - first;
    r->before[0] = r->after[0] = totals[0];
    r->before[1] = r->after[1] = totals[1];
    for (int i = first; i < end; i++) {
        r->points += a[i].points;
        r->after[a[i].figure] += a[i].points;
    }
    r->dark_figure = -1;
    for (int k = 1; k >= 0; k--)
        if (cc_track_lands_dark(r->before[k], r->after[k]))
            r->dark_figure = k;
    r->message = search && r->dark_figure >= 0;
}

/* A counting with no rounds yet. Only what is read is set: rounds[0..
 * nrounds) are written as they are counted, and clearing all of them
 * (5.6 KB a player, 35 KB for a cc_turn_counting) cost more than the rest
 * of a /v1/score answer's counting. */
static void counting_clear(cc_counting *c)
{
    c->before[0] = c->before[1] = c->after[0] = c->after[1] = 0;
    c->nrounds = 0;
    c->messages = 0;
}

bool cc_messages_count(const int start[2], bool two_figures, bool active,
                       cc_award *awards, int n, cc_counting *out, cc_error *err)
{
    if (!check_awards(start, two_figures, awards, n, err))
        return false;
    int totals[2] = { start[0], start[1] };
    counting_clear(out);
    out->before[0] = start[0];
    out->before[1] = start[1];
    bool may_receive = two_figures && active;
    for (int first = 0; first < n;) {
        int end = round_end(awards, n, first);
        cc_round_result *r = &out->rounds[out->nrounds++];
        count_round(r, totals, awards, first, end, may_receive);
        totals[0] = r->after[0];
        totals[1] = r->after[1];
        out->messages += r->message;
        first = end;
    }
    out->after[0] = totals[0];
    out->after[1] = totals[1];
    return true;
}

/* ---- a whole scoring result ---------------------------------------------- */

cc_round cc_messages_round_of(cc_event_kind kind)
{
    switch (kind) {
    case CC_EV_SHEEP:
    case CC_EV_WOLF:
    case CC_EV_GUIDE:
        return CC_ROUND_MOVE_WOOD;
    case CC_EV_FINAL:
    case CC_EV_BARN_FINAL:
    case CC_EV_GOODS_FINAL:
        return CC_ROUND_FINAL;
    case CC_EV_COMPLETED:
    case CC_EV_GOODS:       /* no points: tokens only */
    case CC_EV_CHALLENGE_LOST:
    case CC_EV_BARN_PLACED:
    case CC_EV_BARN_JOINED:
    case CC_EV_NKINDS:
        break;
    }
    return CC_ROUND_SCORING;
}

void cc_messages_counting_init(cc_turn_counting *tc)
{
    for (int p = 0; p < CC_MAX_PLAYERS; p++) {
        for (int i = 0; i < CC_MAX_EVENTS; i++)
            tc->figure[p][i] = CC_COUNT_DEFAULT;
        counting_clear(&tc->counting[p]);
    }
    memset(tc->chosen, 0, sizeof tc->chosen);
}

/* Count res for every player of pos, player p's figures starting from
 * start[p]. */
static bool count_result(const cc_position *pos, const int (*start)[2],
                         const cc_score_result *res, cc_turn_counting *tc, cc_error *err)
{
    bool two = pos->expansions & CC_EXP_MESSAGES;
    int n = res->nevents < CC_MAX_EVENTS ? res->nevents : CC_MAX_EVENTS;
    cc_award awards[CC_MAX_EVENTS];
    for (int p = 0; p < pos->nplayers; p++) {
        for (int i = 0; i < n; i++) {
            awards[i].round = cc_messages_round_of(res->events[i].kind);
            awards[i].points = res->events[i].points[p];
            awards[i].figure = tc->figure[p][i];
            awards[i].chosen = false;
        }
        if (!cc_messages_count(start[p], two, p == pos->active, awards, n,
                               &tc->counting[p], err))
            return false;
        for (int i = 0; i < n; i++) {
            tc->figure[p][i] = awards[i].figure;
            tc->chosen[p][i] = awards[i].chosen;
        }
    }
    return true;
}

bool cc_messages_after_scoring(const cc_position *pos, const cc_score_result *res,
                               cc_turn_counting *tc, cc_error *err)
{
    return count_result(pos, (const int (*)[2])pos->scores, res, tc, err);
}

bool cc_messages_after_final(const cc_position *pos, const cc_turn_counting *turn,
                             const cc_score_result *final, cc_turn_counting *tc, cc_error *err)
{
    int start[CC_MAX_PLAYERS][2];
    for (int p = 0; p < pos->nplayers; p++) {
        start[p][0] = turn->counting[p].after[0];
        start[p][1] = turn->counting[p].after[1];
    }
    return count_result(pos, (const int (*)[2])start, final, tc, err);
}

/* ---- the cards: shared helpers ----------------------------------------- */

/* Not inlined: inlined into a card, GCC 12 at -O2 "proves" a strcmp of two
 * known rule ids nonzero and -Wstring-compare turns that into an error. */
__attribute__((noinline)) static void add_rule(cc_message_value *v, const char *id)
{
    for (int i = 0; i < v->nrules; i++)
        if (strcmp(v->rules[i], id) == 0)
            return;
    if (v->nrules < CC_MESSAGE_MAX_RULES)
        v->rules[v->nrules++] = id;
}

static void add_counted(cc_message_value *v, int feature, int figure, int points)
{
    if (v->ncounted >= CC_MAX_FIGURES)
        return;   /* cannot happen: one item per figure at most */
    cc_message_item *it = &v->counted[v->ncounted++];
    it->feature = feature;
    it->figure = figure;
    it->points = points;
    v->points += points;
}

/* The feature a follower of the active player stands on, or -1 for other
 * players' figures and for barns and shepherds. */
static int own_follower_feature(const cc_position *pos, const cc_features *f, int i)
{
    const cc_figure *fig = &pos->figures[i];
    if (fig->player != pos->active || !cc_is_follower(fig->kind))
        return -1;
    return cc_figure_feature(f, fig);
}

static cc_feature_type feature_type(const cc_features *f, int id)
{
    return f->features[id].type;
}

/* Card 4: 2 points per coat of arms in each city holding at least one of
 * the player's followers; the city counts once, majority is not needed. */
static void card_pennants(const cc_position *pos, const cc_features *f, cc_message_value *v)
{
    for (int i = 0; i < pos->nfigures; i++) {
        int id = own_follower_feature(pos, f, i);
        if (id < 0 || feature_type(f, id) != CC_FEAT_CITY)
            continue;
        bool seen = false;
        for (int j = 0; j < v->ncounted; j++)
            seen |= v->counted[j].feature == id;
        if (!seen)
            add_counted(v, id, -1, CC_MESSAGE_POINTS_PER * f->features[id].pennants);
    }
    add_rule(v, "messages.card.4-pennants");
}

/* Cards 5 and 6: 2 points per follower of the player standing in a
 * feature of `type` (knights in cities, farmers in fields). Strength is
 * irrelevant: a mayor is one knight whatever the coats of arms (note 8). */
static void card_per_follower(const cc_position *pos, const cc_features *f,
                              cc_feature_type type, cc_message_value *v)
{
    for (int i = 0; i < pos->nfigures; i++) {
        int id = own_follower_feature(pos, f, i);
        if (id >= 0 && feature_type(f, id) == type)
            add_counted(v, id, i, CC_MESSAGE_POINTS_PER);
    }
}

/* ---- the cards ----------------------------------------------------------- */

static bool card_feature_value(const cc_position *pos, const cc_features *f, int card,
                               int figure, cc_message_value *v, cc_error *err);
static void explain_card(const cc_position *pos, const cc_features *f, cc_message_value *v);

bool cc_messages_card(const cc_position *pos, const cc_features *f, int card,
                      int figure, cc_message_value *out, cc_error *err)
{
    if (card < 1 || card > CC_MESSAGE_CARDS)
        return CC_FAIL(err, CC_ERR_NOT_FOUND, "", CC_MSG_P_NO_SUCH_MESSAGE,
                       CC_MSG_D_NO_SUCH_MESSAGE, CC_INT(MIN, 1), CC_INT(MAX, CC_MESSAGE_CARDS),
                       CC_INT(CARD, card));
    cc_message_value v;
    memset(&v, 0, sizeof v);
    v.card = card;
    v.player = pos->active;
    v.alternative = CC_MESSAGE_ALTERNATIVE;
    v.returned = -1;
    add_rule(&v, "messages.card.choice");
    switch (card) {
    case 4:
        card_pennants(pos, f, &v);
        break;
    case 5:
        card_per_follower(pos, f, CC_FEAT_CITY, &v);
        add_rule(&v, "messages.card.5-knights");
        break;
    case 6:
        card_per_follower(pos, f, CC_FEAT_FIELD, &v);
        add_rule(&v, "messages.card.6-farmers");
        break;
    case 7:
        add_rule(&v, "messages.card.7-extra-tile");
        break;
    default:   /* 1, 2, 3, 8: the value of a feature at final scoring */
        if (!card_feature_value(pos, f, card, figure, &v, err))
            return false;
        break;
    }
    explain_card(pos, f, &v);
    *out = v;
    return true;
}

/* ---- card 8: which follower ---------------------------------------------- */

static int figure_at(const cc_position *pos, int x, int y, cc_loc at)
{
    for (int i = 0; i < pos->nfigures; i++) {
        const cc_figure *fig = &pos->figures[i];
        if (fig->player == pos->active && fig->x == x && fig->y == y &&
            cc_loc_equal(fig->at, at))
            return i;
    }
    return -1;
}

/* A figure of the active player on tile (x, y) in the feature `at` names:
 * the request may name the feature by any of its locations on that tile. */
static int figure_in_feature_at(const cc_position *pos, const cc_features *f,
                                int x, int y, cc_loc at)
{
    int id = cc_features_locate(f, x, y, at);
    if (id < 0)
        return -1;
    for (int i = 0; i < pos->nfigures; i++) {
        const cc_figure *fig = &pos->figures[i];
        if (fig->player == pos->active && fig->x == x && fig->y == y &&
            cc_figure_feature(f, fig) == id)
            return i;
    }
    return -1;
}

int cc_messages_find_follower(const cc_position *pos, const cc_features *f,
                              int x, int y, cc_loc at, cc_error *err)
{
    int i = figure_at(pos, x, y, at);
    if (i < 0)
        i = figure_in_feature_at(pos, f, x, y, at);
    if (i < 0) {
        /* The player's name is quoted: a problem is worded without the position. */
        int who = cc_error_quote(err, 0, pos->players[pos->active]);
        CC_FAIL(err, CC_ERR_IMPOSSIBLE, "/figure", CC_MSG_P_NOT_A_FOLLOWER, CC_MSG_D_NO_FIGURE_THERE,
                CC_QUOTE(PLAYER, who), CC_INT(X, x), CC_INT(Y, y), CC_LOC(AT, at));
        return -1;
    }
    if (!cc_is_follower(pos->figures[i].kind)) {
        CC_FAIL(err, CC_ERR_IMPOSSIBLE, "/figure", CC_MSG_P_NOT_A_FOLLOWER, CC_MSG_D_SPECIAL_FIGURE,
                CC_KIND(KIND, pos->figures[i].kind), CC_INT(X, x), CC_INT(Y, y), CC_LOC(AT, at));
        return -1;
    }
    return i;
}


/* ---- cards 1, 2, 3: the feature of least value ----------------------------- */

static bool card_takes(int card, cc_feature_type t)
{
    if (card == 1)
        return t == CC_FEAT_ROAD;
    if (card == 2)
        return t == CC_FEAT_CITY;
    return cc_feature_is_monastery(t);   /* note 6: cloisters, shrines, abbeys */
}

/* The rule that values feature id as at the end of the game. */
static const char *value_rule(const cc_features *f, int id)
{
    const cc_feature *feat = &f->features[id];
    switch (feat->type) {
    case CC_FEAT_ROAD:
        return "base.score.road";
    case CC_FEAT_CITY:
        return feat->complete ? "base.score.city.complete" : "base.score.city.end";
    case CC_FEAT_FIELD:
        return "base.score.field.end";
    default:
        return feat->complete ? "base.score.cloister.complete" : "base.score.cloister.end";
    }
}

/* The rules a feature's value follows: its base rule, and an inn's or a
 * cathedral's (scoring.h). */
static void add_value_rules(const cc_position *pos, const cc_features *f, cc_message_value *v,
                            int id)
{
    add_rule(v, value_rule(f, id));
    const char *special = cc_inn_cathedral_rule(pos, &f->features[id]);
    if (special != NULL)
        add_rule(v, special);
}

/* Fewer points first; equal points in canonical order. */
static bool item_before(const cc_features *f, const cc_message_item *a,
                        const cc_message_item *b)
{
    if (a->points != b->points)
        return a->points < b->points;
    return cc_feature_compare(f, a->feature, b->feature) < 0;
}

static void sort_items(const cc_features *f, cc_message_item *it, int n)
{
    for (int i = 1; i < n; i++) {   /* insertion sort: a handful of features */
        cc_message_item x = it[i];
        int j = i;
        for (; j > 0 && item_before(f, &x, &it[j - 1]); j--)
            it[j] = it[j - 1];
        it[j] = x;
    }
}

static bool has_candidate(const cc_message_value *v, int id)
{
    for (int i = 0; i < v->ncandidates; i++)
        if (v->candidates[i].feature == id)
            return true;
    return false;
}

/* Every feature of the card's type holding at least one follower of the
 * player (majority or not: the page, message 1), valued as at the end of
 * the game now (cc_feature_value, final): the card scores the least of
 * them, for the player alone, and the followers stay. Only the feature's
 * own points count (note 3); there may be none, and then the card gives 0. */
static void card_smallest(const cc_position *pos, const cc_features *f, int card,
                          cc_message_value *v)
{
    static const char *const rule[] = {
        NULL, "messages.card.1-shortest-road", "messages.card.2-smallest-city",
        "messages.card.3-smallest-cloister",
    };
    for (int i = 0; i < pos->nfigures; i++) {
        int id = own_follower_feature(pos, f, i);
        if (id < 0 || !card_takes(card, feature_type(f, id)) || has_candidate(v, id))
            continue;
        cc_message_item *it = &v->candidates[v->ncandidates++];
        it->feature = id;
        it->figure = -1;
        it->points = cc_feature_value(f, pos, id, true, NULL);
    }
    sort_items(f, v->candidates, v->ncandidates);
    add_rule(v, rule[card]);
    add_rule(v, "messages.card.feature-only");
    if (v->ncandidates > 0) {
        add_counted(v, v->candidates[0].feature, -1, v->candidates[0].points);
        add_value_rules(pos, f, v, v->candidates[0].feature);
    }
}

/* ---- card 8: score one follower's feature, then return it ----------------- */

/* The player's majority on the follower's feature decides (strength, mayors
 * by coats of arms, the hill tie-break: majority.h); a tie shares the
 * majority, as in any scoring. With it, the feature scores for the player
 * alone what one scoring player receives at the end of the game (for a
 * field: the farmers' points; a barn is not a follower). The follower goes
 * back to the supply either way; the others stay (note 14). */
static bool card_follower(const cc_position *pos, const cc_features *f, int figure,
                          cc_message_value *v, cc_error *err)
{
    if (figure < 0 || figure >= pos->nfigures || pos->figures[figure].player != pos->active ||
        !cc_is_follower(pos->figures[figure].kind))
        return CC_FAIL(err, CC_ERR_IMPOSSIBLE, "/figure", CC_MSG_P_NOT_A_FOLLOWER,
                       CC_MSG_D_CARD_8_NEEDS_FOLLOWER,
                       CC_QUOTE(PLAYER, cc_error_quote(err, 0, pos->players[pos->active])));
    int id = cc_figure_feature(f, &pos->figures[figure]);
    cc_majority m;
    cc_majority_of(pos, f, id, NULL, &m);
    int value = cc_feature_value(f, pos, id, true, NULL);
    v->majority = m.winner[pos->active];
    add_counted(v, id, figure, v->majority ? value : 0);
    v->returned = figure;
    add_rule(v, "messages.card.8-score-follower");
    add_value_rules(pos, f, v, id);
    const char *ids[8];
    int n = cc_majority_rules(pos, &m, ids);
    for (int i = 0; i < n; i++)
        add_rule(v, ids[i]);
    if (v->points == 0)
        add_rule(v, "messages.card.8-zero");
    return true;
}

static bool card_feature_value(const cc_position *pos, const cc_features *f, int card,
                               int figure, cc_message_value *v, cc_error *err)
{
    if (card == 8)
        return card_follower(pos, f, figure, v, err);
    card_smallest(pos, f, card, v);
    return true;
}

/* ---- what a card yields, said as message ids (card.*) ------------------------ */

/* The next sentence of v's explanation; at most CC_MESSAGE_TEXTS are said
 * (a heading, what the card yields, what stays or returns, the seal). */
static cc_text *next_text(cc_message_value *v)
{
    return &v->explain[v->nexplain++];
}

/* Where feature id is named: "the road at (1, 0) E" says its type, the
 * cell of its canonical tile and its location there. */
#define FEATURE_ARGS(f, id)                                                          \
    CC_FEATURE(TYPE, (f)->features[id].type),                                        \
        CC_INT(X, (f)->board->tiles[(f)->features[id].name_tile].x),                 \
        CC_INT(Y, (f)->board->tiles[(f)->features[id].name_tile].y),                 \
        CC_LOC(AT, (f)->features[id].name_at)

/* Cards 1-3: no feature, the only one, or the least of several; then who
 * scores and that the followers stay. */
static void explain_smallest(const cc_features *f, cc_message_value *v)
{
    static const int none[] = { 0, CC_MSG_C_NONE_1, CC_MSG_C_NONE_2, CC_MSG_C_NONE_3 };
    static const int only[] = { 0, CC_MSG_C_ONLY_1, CC_MSG_C_ONLY_2, CC_MSG_C_ONLY_3 };
    static const int fewest[] = { 0, CC_MSG_C_FEWEST_1, CC_MSG_C_FEWEST_2, CC_MSG_C_FEWEST_3 };
    int card = v->card;
    if (v->ncounted == 0) {
        CC_SAY(next_text(v), none[card], CC_PLAYER(PLAYER, v->player), CC_INT(CARD, card),
               CC_INT(POINTS, v->points));
        return;
    }
    int id = v->counted[0].feature;
    if (v->ncandidates == 1)
        CC_SAY(next_text(v), only[card], FEATURE_ARGS(f, id), CC_PLAYER(PLAYER, v->player),
               CC_INT(POINTS, v->points));
    else
        CC_SAY(next_text(v), fewest[card], CC_INT(COUNT, v->ncandidates),
               CC_PLAYER(PLAYER, v->player), FEATURE_ARGS(f, id), CC_INT(POINTS, v->points));
    CC_SAY(next_text(v), CC_MSG_C_SMALLEST_ALONE, CC_PLAYER(PLAYER, v->player));
}

/* Card 8: the feature scores (with the majority) or gives nothing; the
 * follower returns either way. */
static void explain_follower(const cc_position *pos, const cc_features *f, cc_message_value *v)
{
    int id = v->counted[0].feature;
    if (v->majority)
        CC_SAY(next_text(v), CC_MSG_C_MAJORITY, CC_PLAYER(PLAYER, v->player), FEATURE_ARGS(f, id),
               CC_INT(POINTS, v->points));
    else
        CC_SAY(next_text(v), CC_MSG_C_NO_MAJORITY, CC_PLAYER(PLAYER, v->player),
               FEATURE_ARGS(f, id), CC_INT(POINTS, v->points));
    const cc_figure *fig = &pos->figures[v->returned];
    CC_SAY(next_text(v), CC_MSG_C_RETURNS, CC_KIND(KIND, fig->kind), CC_INT(X, fig->x),
           CC_INT(Y, fig->y), CC_LOC(AT, fig->at));
}

/* The card's heading ("Message 4 (2 points per coat of arms):"), what it
 * yields for the active player, and the seal's alternative. */
static void explain_card(const cc_position *pos, const cc_features *f, cc_message_value *v)
{
    v->nexplain = 0;
    CC_SAY(next_text(v), CC_MSG_C_HEADING_1 + v->card - 1, CC_INT(CARD, v->card));
    switch (v->card) {
    case 4:
        CC_SAY(next_text(v), CC_MSG_C_PENNANTS, CC_INT(PER_PENNANT, CC_MESSAGE_POINTS_PER),
               CC_INT(CITIES, v->ncounted), CC_PLAYER(PLAYER, v->player), CC_INT(POINTS, v->points));
        break;
    case 5:
    case 6:
        CC_SAY(next_text(v), v->card == 5 ? CC_MSG_C_KNIGHTS : CC_MSG_C_FARMERS,
               CC_INT(PER_FOLLOWER, CC_MESSAGE_POINTS_PER), CC_PLAYER(PLAYER, v->player),
               CC_INT(COUNT, v->ncounted), CC_INT(POINTS, v->points));
        break;
    case 7:
        CC_SAY(next_text(v), CC_MSG_C_EXTRA_TILE, CC_PLAYER(PLAYER, v->player));
        break;
    case 8:
        explain_follower(pos, f, v);
        break;
    default:
        explain_smallest(f, v);
        break;
    }
    CC_SAY(next_text(v), CC_MSG_C_ALTERNATIVE, CC_INT(POINTS, v->alternative));
}
