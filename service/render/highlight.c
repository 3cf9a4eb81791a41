/* highlight.c -- see highlight.h. Words: the engine's own (feature names
 * from the features' names, event kinds, explanations), so the picture says
 * what the JSON answers say. */
#include "highlight.h"

#include "../text/format.h"

#include <stdio.h>
#include <string.h>

#include "../../engine/score_event.h"

enum { COLOUR_MAIN = 0, COLOUR_GHOST = 0, COLOUR_SPOT = 2, COLOUR_LAST = 2 };

/* "red +4, blue +4", or "no points"; only players who score. */
static void points_text(const cc_position *pos, const int *points, char *buf, size_t n)
{
    size_t len = 0;
    buf[0] = '\0';
    for (int p = 0; p < pos->nplayers && len + 1 < n; p++)
        if (points[p] != 0) {
            int w = snprintf(buf + len, n - len, "%s%s %+d", len ? ", " : "", pos->players[p], points[p]);
            if (w < 0)
                break;
            len += (size_t)w < n - len ? (size_t)w : n - len - 1;
        }
    if (len == 0)
        snprintf(buf, n, "no points");
}

/* A label's short form: "+4 red, blue" when every scorer gets the same,
 * else "red +4, blue +1"; "0" when nobody scores. */
static void points_label(const cc_position *pos, const int *points, char *buf, size_t n)
{
    int same = 0, scorers = 0;
    bool equal = true;
    for (int p = 0; p < pos->nplayers; p++)
        if (points[p] != 0) {
            equal &= scorers == 0 || points[p] == same;
            same = points[p];
            scorers++;
        }
    if (scorers == 0) {
        snprintf(buf, n, "0");
        return;
    }
    if (!equal) {
        points_text(pos, points, buf, n);
        return;
    }
    size_t len = (size_t)snprintf(buf, n, "%+d ", same);
    bool first = true;
    for (int p = 0; p < pos->nplayers && len + 1 < n; p++)
        if (points[p] != 0) {
            int w = snprintf(buf + len, n - len, "%s%s", first ? "" : ", ", pos->players[p]);
            first = false;
            if (w < 0)
                break;
            len += (size_t)w < n - len ? (size_t)w : n - len - 1;
        }
}

static void capitalised(char *s)
{
    if (s[0] >= 'a' && s[0] <= 'z')
        s[0] = (char)(s[0] - 'a' + 'A');
}

/* Append "text" to buf, separated by sep, as room allows. */
static void append(char *buf, size_t n, const char *sep, const char *text)
{
    size_t len = strlen(buf);
    if (len + 1 < n)
        snprintf(buf + len, n - len, "%s%s", len ? sep : "", text);
}

bool rd_show_placements(rd_highlight *hl, const cc_features *f, int type,
                        const cc_placement *list, int n)
{
    const cc_tile_type *t = &f->board->cat->types[type];
    snprintf(hl->title, sizeof hl->title, "Where %s fits", t->id);
    int cells = 0;
    char where[RD_CAPTION_MAX] = "";
    for (int i = 0; i < n; i++) {
        rd_mark *m = NULL;
        /* the list is sorted by y, x, rot: one cell's rotations are adjacent */
        if (hl->nmarks > 0) {
            rd_mark *last = &hl->marks[hl->nmarks - 1];
            if (last->kind == RD_MARK_GHOST && last->x == list[i].x && last->y == list[i].y)
                m = last;
        }
        if (m == NULL) {
            if ((m = rd_highlight_add(hl, RD_MARK_GHOST)) == NULL)
                return false;
            m->role = "placement";
            m->colour = COLOUR_GHOST;
            m->x = list[i].x;
            m->y = list[i].y;
            m->type = type;
            cells++;
        }
        m->rots |= 1u << (list[i].rot & 3);
        int count = __builtin_popcount(m->rots);
        snprintf(m->label, sizeof m->label, "\u21bb%d", count);
        char rots[32] = "";
        for (int q = 0; q < 4; q++)
            if (m->rots & (1u << q)) {
                char r[8];
                snprintf(r, sizeof r, "%d", q * 90);
                append(rots, sizeof rots, ", ", r);
            }
        snprintf(m->title, sizeof m->title, "%s fits on (%d, %d) turned %s degrees", t->id, m->x,
                 m->y, rots);
    }
    if (n == 0) {
        rd_highlight_caption(hl, "%s fits nowhere on this board%s", t->id,
                             t->is_abbey ? " (an abbey needs a hole)." : ": it is discarded.");
        return true;
    }
    rd_highlight_caption(hl, "%s fits on %d cell%s in %d placement%s (rotations on each cell: \u21bb).",
                         t->id, cells, cells == 1 ? "" : "s", n, n == 1 ? "" : "s");
    for (int i = 0; i < hl->nmarks; i++)
        if (hl->marks[i].kind == RD_MARK_GHOST) {
            char one[48];
            snprintf(one, sizeof one, "(%d, %d) %d", hl->marks[i].x, hl->marks[i].y,
                     __builtin_popcount(hl->marks[i].rots));
            append(where, sizeof where, "; ", one);
        }
    rd_highlight_caption(hl, "%s", where);
    return true;
}

/* "the city at (0, -1) N": feature id of f, for a caption. */
static char *feature_where(const cc_features *f, int id, char *buf, size_t n)
{
    const cc_feature *feat = &f->features[id];
    const cc_board_tile *bt = &f->board->tiles[feat->name_tile];
    char at[8];
    snprintf(buf, n, "the %s at (%d, %d) %s", cc_feature_type_name(feat->type), bt->x, bt->y,
             cc_loc_name(feat->name_at, at));
    return buf;
}

bool rd_show_feature(rd_highlight *hl, const cc_position *pos, const cc_features *f, int id,
                     const cc_value *v)
{
    const cc_feature *feat = &f->features[id];
    char where[96];
    feature_where(f, id, where, sizeof where);
    rd_mark *m = rd_highlight_add(hl, RD_MARK_FEATURE);
    if (m == NULL)
        return false;
    m->role = "feature";
    m->colour = COLOUR_MAIN;
    m->feature = id;
    snprintf(m->label, sizeof m->label, "worth %d", v->value);
    snprintf(m->title, sizeof m->title, "%s", where);
    capitalised(m->title);
    snprintf(hl->title, sizeof hl->title, "%s", m->title);
    rd_highlight_caption(hl, "%s: %d tile%s, %s; worth %d point%s if scored now.", m->title,
                         feat->ncells, feat->ncells == 1 ? "" : "s",
                         feat->complete ? "complete" : "not complete", v->value,
                         v->value == 1 ? "" : "s");
    char owners[RD_CAPTION_MAX] = "";
    for (int p = 0; p < pos->nplayers; p++)
        if (v->strength[p] > 0) {
            char one[64];
            snprintf(one, sizeof one, "%s %d", pos->players[p], v->strength[p]);
            append(owners, sizeof owners, ", ", one);
        }
    if (!v->occupied) {
        rd_highlight_caption(hl, "Nobody stands on it.");
        return true;
    }
    char points[RD_CAPTION_MAX];
    points_text(pos, v->points, points, sizeof points);
    rd_highlight_caption(hl, "Strength: %s. Scored now: %s.", owners[0] ? owners : "none", points);
    return true;
}

static const char *kind_name(cc_figure_kind k)
{
    return cc_figure_kind_name(k);
}

bool rd_show_deployments(rd_highlight *hl, const cc_position *pos, const cc_features *f,
                         int x, int y, const cc_deploy_option *opts, int n)
{
    const char *who = pos->players[pos->active];
    snprintf(hl->title, sizeof hl->title, "What %s may deploy on (%d, %d)", who, x, y);
    rd_mark *frame = rd_highlight_add(hl, RD_MARK_FRAME);
    if (frame == NULL)
        return false;
    frame->role = "tile";
    frame->colour = COLOUR_LAST;
    frame->x = x;
    frame->y = y;
    snprintf(frame->title, sizeof frame->title, "The tile at (%d, %d)", x, y);
    int first_spot = hl->nmarks;
    char list[RD_CAPTION_MAX] = "";
    for (int i = 0; i < n; i++) {
        const cc_deploy_option *o = &opts[i];
        rd_mark *m = NULL;
        for (int j = first_spot; j < hl->nmarks && m == NULL; j++)
            if (cc_loc_equal(hl->marks[j].at, o->at))
                m = &hl->marks[j];
        char at[8];
        cc_loc_name(o->at, at);
        if (m == NULL) {
            if ((m = rd_highlight_add(hl, RD_MARK_SPOT)) == NULL)
                return false;
            m->role = "deployment";
            m->colour = COLOUR_SPOT;
            m->x = x;
            m->y = y;
            m->at = o->at;
            char where[96];
            feature_where(f, o->feature, where, sizeof where);
            snprintf(m->title, sizeof m->title, "%s on %s (%s):", who, at, where);
        }
        append(m->label, sizeof m->label, ", ", kind_name(o->kind));
        append(m->title, sizeof m->title, " ", kind_name(o->kind));
        char one[64];
        snprintf(one, sizeof one, "%s on %s%s", kind_name(o->kind), at,
                 o->challenge >= 0 ? " (a challenge)" : "");
        append(list, sizeof list, "; ", one);
    }
    if (n == 0)
        rd_highlight_caption(hl, "%s may deploy nothing on (%d, %d).", who, x, y);
    else
        rd_highlight_caption(hl, "%s may deploy on (%d, %d): %s.", who, x, y, list);
    return true;
}

bool rd_show_wagon(rd_highlight *hl, const cc_position *pos, const cc_features *f, int wagon,
                   const cc_wagon_dest *d, int n)
{
    const cc_figure *w = &pos->figures[wagon];
    char at[8];
    cc_loc_name(w->at, at);
    const char *who = pos->players[w->player];
    snprintf(hl->title, sizeof hl->title, "Where %s's wagon at (%d, %d) %s may go", who, w->x,
             w->y, at);
    char list[RD_CAPTION_MAX] = "";
    for (int i = 0; i < n; i++) {
        rd_mark *m = rd_highlight_add(hl, RD_MARK_SPOT);
        if (m == NULL)
            return false;
        m->role = "wagon-destination";
        m->colour = COLOUR_SPOT;
        m->x = d[i].x;
        m->y = d[i].y;
        m->at = d[i].at;
        m->arrow = true;
        m->fx = w->x;
        m->fy = w->y;
        m->fat = w->at;
        char where[96];
        feature_where(f, d[i].feature, where, sizeof where);
        snprintf(m->title, sizeof m->title, "The wagon may move to %s", where);
        append(list, sizeof list, "; ", where);
    }
    if (n == 0)
        rd_highlight_caption(hl, "The wagon has nowhere to go: it returns to %s's supply.", who);
    else
        rd_highlight_caption(hl, "The wagon may move to %s.", list);
    return true;
}

bool rd_show_score(rd_highlight *hl, const cc_position *pos, const cc_features *f,
                   const cc_score_result *r, bool final)
{
    snprintf(hl->title, sizeof hl->title, "%s: %d event%s", final ? "End-game scoring" : "Scoring",
             r->nevents, r->nevents == 1 ? "" : "s");
    for (int e = 0; e < r->nevents; e++) {
        const cc_score_event *ev = &r->events[e];
        char points[RD_CAPTION_MAX / 2], label[RD_LABEL_MAX - 12], where[96] = "";
        points_text(pos, ev->points, points, sizeof points);
        points_label(pos, ev->points, label, sizeof label);
        if (ev->feature >= 0 && ev->feature < f->nfeatures) {
            rd_mark *m = rd_highlight_add(hl, RD_MARK_FEATURE);
            if (m == NULL)
                return false;
            m->role = "event";
            m->colour = e % RD_NCOLOURS;
            m->feature = ev->feature;
            snprintf(m->label, sizeof m->label, "%d: %s", (e + 1) % 10000, label);
            {
                txt_args ta = { .pos = pos, .strength = ev->strength };
                txt_format_all(NULL, ev->explain, ev->nexplain, &ta, m->title, sizeof m->title);
            }
            feature_where(f, ev->feature, where, sizeof where);
        }
        rd_highlight_caption(hl, "%d. %s%s%s: %s.", e + 1, cc_event_kind_name(ev->kind),
                             where[0] ? ", " : "", where, points);
    }
    if (r->nevents == 0)
        rd_highlight_caption(hl, "Nothing scores.");
    char totals[RD_CAPTION_MAX];
    points_text(pos, r->totals, totals, sizeof totals);
    rd_highlight_caption(hl, "Totals: %s.", totals);
    hl->has_delta = true;
    for (int p = 0; p < pos->nplayers; p++)
        hl->delta[p] = r->totals[p];
    return true;
}

bool rd_show_last(rd_highlight *hl, int x, int y)
{
    rd_mark *m = rd_highlight_add(hl, RD_MARK_FRAME);
    if (m == NULL)
        return false;
    m->role = "last";
    m->colour = COLOUR_LAST;
    m->x = x;
    m->y = y;
    snprintf(m->title, sizeof m->title, "The tile placed this turn, at (%d, %d)", x, y);
    return true;
}
