/* monastery.c -- see monastery.h. */
#include "monastery.h"

#include <stdio.h>

#include "validate.h"

int cc_monastery_tile(const cc_features *f, int id)
{
    return f->parts[f->features[id].first_part].tile;
}

int cc_monastery_vineyards(const cc_board *b, int t)
{
    int n = 0;
    if (b->no_vineyards)
        return 0;         /* the vineyard element off: vineyards are plain land */
    for (int i = 0; i < 8; i++) {
        int u = cc_board_at(b, b->tiles[t].x + cc_ring8_dx[i], b->tiles[t].y + cc_ring8_dy[i]);
        if (u >= 0 && b->tiles[u].type->vineyard)
            n++;
    }
    return n;
}

int cc_monastery_value(const cc_features *f, int id, bool with_vineyards)
{
    const cc_feature *feat = &f->features[id];
    if (!feat->complete)
        return CC_MONASTERY_COMPLETE - feat->open;   /* 1 + filled neighbours */
    int bonus = with_vineyards
                    ? CC_VINEYARD_BONUS * cc_monastery_vineyards(f->board, cc_monastery_tile(f, id))
                    : 0;
    return CC_MONASTERY_COMPLETE + bonus;
}

static bool occupied(const cc_position *pos, const cc_features *f, int id, const bool *gone)
{
    for (int i = 0; i < pos->nfigures; i++)
        if (!(gone && gone[i]) && cc_is_follower(pos->figures[i].kind) &&
            cc_figure_feature(f, &pos->figures[i]) == id)
            return true;
    return false;
}

int cc_monastery_rival(const cc_position *pos, const cc_features *f, int id, const bool *gone)
{
    const cc_board *b = f->board;
    int t = cc_monastery_tile(f, id);
    bool shrine = f->features[id].type == CC_FEAT_SHRINE;
    for (int i = 0; i < 8; i++) {
        int u = cc_board_at(b, b->tiles[t].x + cc_ring8_dx[i], b->tiles[t].y + cc_ring8_dy[i]);
        if (u < 0 || b->tiles[u].centre_feature < 0)
            continue;
        int other = cc_features_of(f, u, b->tiles[u].centre_feature);
        if ((f->features[other].type == CC_FEAT_SHRINE) != shrine &&
            occupied(pos, f, other, gone))
            return other;
    }
    return -1;
}

/* The rule that makes this kind of building score like a cloister. */
static void cite_kind(cc_score_ctx *c, cc_score_event *ev)
{
    if (ev->type == CC_FEAT_SHRINE)
        cc_event_rule(c, ev, "shrines.feature.shrine");
    else if (ev->type == CC_FEAT_ABBEY)
        cc_event_rule(c, ev, "abbey.score.monastery");
}

/* ---- the scoring phase ------------------------------------------------------ */

static void explain_completed(cc_score_ctx *c, cc_score_event *ev, int vineyards)
{
    if (vineyards > 0)
        cc_explain(ev, CC_MSG_S_MONASTERY_VINEYARDS, CC_WHERE(c->f, ev->feature),
                   CC_INT(VINEYARDS, vineyards), CC_INT(POINTS, ev->value));
    else
        cc_explain(ev, CC_MSG_S_MONASTERY_COMPLETE, CC_WHERE(c->f, ev->feature));
}

static void score_loser(cc_score_ctx *c, int winner, int loser)
{
    cc_majority m;
    cc_majority_of(c->pos, c->f, loser, c->gone, &m);
    cc_score_event *ev = cc_event_add(c, CC_EV_CHALLENGE_LOST, loser);
    if (ev == NULL)
        return;
    for (int p = 0; p < c->pos->nplayers; p++)
        ev->strength[p] = m.strength[p];
    cite_kind(c, ev);
    cc_event_rule(c, ev, "shrines.challenge.lost");
    cc_explain(ev, CC_MSG_S_CHALLENGE_LOST, CC_WHERE(c->f, loser), CC_OTHER_WHERE(c->f, winner));
    cc_event_return_followers(c, ev);
}

/* Score completed monastery id; rival is its challenger as the scoring
 * phase began (-1 if none). */
static void score_completed(cc_score_ctx *c, int id, int rival)
{
    cc_majority m;
    cc_majority_of(c->pos, c->f, id, c->gone, &m);
    if (m.nfollowers == 0)
        return;   /* nobody to score it */
    int vineyards = cc_monastery_vineyards(c->f->board, cc_monastery_tile(c->f, id));
    cc_score_event *ev = cc_event_add(c, CC_EV_COMPLETED, id);
    if (ev == NULL)
        return;
    ev->value = cc_monastery_value(c->f, id, true);
    cc_event_rule(c, ev, "base.score.cloister.complete");
    cite_kind(c, ev);
    if (vineyards > 0)
        cc_event_rule(c, ev, "hills-sheep.vineyard.bonus");
    explain_completed(c, ev, vineyards);
    if (rival >= 0) {
        bool both = c->f->features[rival].complete;
        cc_event_rule(c, ev, both ? "shrines.challenge.both" : "shrines.challenge.win");
        cc_explain(ev, both ? CC_MSG_S_CHALLENGE_BOTH : CC_MSG_S_CHALLENGE_WON,
                   CC_OTHER_WHERE(c->f, rival));
    }
    cc_event_award(c, ev, &m, ev->value);
    cc_event_return_followers(c, ev);
    if (rival >= 0 && !c->f->features[rival].complete)
        score_loser(c, id, rival);
}

void cc_monastery_score_turn(cc_score_ctx *c)
{
    const cc_board *b = c->f->board;
    const cc_board_tile *placed = &b->tiles[c->placed];
    int ids[9], rivals[9], n = 0;
    /* Challenges as the phase begins: once one side of a challenge that a
     * single tile completes is scored, its follower is gone, but the other
     * side still won by "both completed" (note 14), not by default. */
    for (int dy = -1; dy <= 1; dy++)
        for (int dx = -1; dx <= 1; dx++) {
            int t = cc_board_at(b, placed->x + dx, placed->y + dy);
            if (t < 0 || b->tiles[t].centre_feature < 0)
                continue;
            int id = cc_features_of(c->f, t, b->tiles[t].centre_feature);
            if (!c->f->features[id].complete)
                continue;
            ids[n] = id;
            rivals[n++] = cc_monastery_rival(c->pos, c->f, id, c->gone);
        }
    for (int i = 0; i < n; i++)
        score_completed(c, ids[i], rivals[i]);
}

/* ---- the end of the game --------------------------------------------------- */

void cc_monastery_score_final(cc_score_ctx *c, int id)
{
    cc_majority m;
    cc_majority_of(c->pos, c->f, id, c->gone, &m);
    if (m.nfollowers == 0)
        return;
    cc_score_event *ev = cc_event_add(c, CC_EV_FINAL, id);
    if (ev == NULL)
        return;
    const cc_feature *feat = &c->f->features[id];
    int t = cc_monastery_tile(c->f, id);
    ev->value = cc_monastery_value(c->f, id, false);
    if (feat->complete) {
        cc_event_rule(c, ev, "base.score.cloister.complete");
        cc_explain(ev, CC_MSG_S_MONASTERY_COMPLETE_AT_END, CC_WHERE(c->f, id));
    } else {
        cc_event_rule(c, ev, "base.score.cloister.end");
        cc_explain(ev, CC_MSG_S_MONASTERY_END, CC_WHERE(c->f, id), CC_INT(NEIGHBOURS, 8 - feat->open),
                   CC_INT(POINTS, ev->value));
    }
    cite_kind(c, ev);
    if (cc_monastery_vineyards(c->f->board, t) > 0) {
        cc_event_rule(c, ev, "hills-sheep.vineyard.final-none");
        cc_explain0(ev, CC_MSG_S_VINEYARDS_AT_END);
    }
    /* The rival may already have been scored (and its follower returned)
     * earlier in this final scoring: look at the board as it stood. */
    if (!feat->complete && cc_monastery_rival(c->pos, c->f, id, NULL) >= 0) {
        cc_event_rule(c, ev, "shrines.challenge.final");
        cc_explain0(ev, CC_MSG_S_CHALLENGE_UNRESOLVED);
    }
    cc_event_award(c, ev, &m, ev->value);
    cc_event_return_followers(c, ev);
}
