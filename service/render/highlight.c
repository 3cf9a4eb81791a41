/* highlight.c -- see highlight.h. Words: the engine's own (feature names
 * from the features' names, event kinds, explanations), so the picture says
 * what the JSON answers say, in the highlight's language (hl->lang: the
 * phrases render.* of service/text/phrases.def, the game's terms). */
#include "highlight.h"

#include "../text/format.h"

#include <stdio.h>
#include <string.h>

#include "../../engine/score_event.h"

enum { COLOUR_MAIN = 0, COLOUR_GHOST = 0, COLOUR_REFUSED = 1, COLOUR_SPOT = 2, COLOUR_LAST = 2,
       COLOUR_FIELD = 4 };

/* "red +4, blue +4", or "no points"; only players who score. */
static void points_text(const char *lang, bool *failed, const cc_position *pos, const int *points,
                        char *buf, size_t n)
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
        rd_say(buf, n, lang, failed, TX_RD_NO_POINTS);
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
    rd_say(hl->title, sizeof hl->title, hl->lang, &hl->failed, TX_RD_PLACEMENTS_TITLE, t->id);
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
        rd_say(m->title, sizeof m->title, hl->lang, &hl->failed, TX_RD_PLACEMENT, t->id, m->x, m->y, rots);
    }
    if (n == 0) {
        char line[RD_CAPTION_MAX];
        rd_highlight_caption(hl, "%s", rd_say(line, sizeof line, hl->lang, &hl->failed,
                                              t->is_abbey ? TX_RD_NOWHERE_ABBEY : TX_RD_NOWHERE, t->id));
        return !hl->failed;
    }
    char line[RD_CAPTION_MAX];
    rd_highlight_caption(hl, "%s", rd_say(line, sizeof line, hl->lang, &hl->failed, TX_RD_FITS, t->id, cells, n));
    for (int i = 0; i < hl->nmarks; i++)
        if (hl->marks[i].kind == RD_MARK_GHOST) {
            char one[48];
            snprintf(one, sizeof one, "(%d, %d) %d", hl->marks[i].x, hl->marks[i].y,
                     __builtin_popcount(hl->marks[i].rots));
            append(where, sizeof where, "; ", one);
        }
    rd_highlight_caption(hl, "%s", where);
    return !hl->failed;
}

/* "the city at (0, -1) N" (TX_RD_WHERE) or "The city ..." (TX_RD_WHERE_TITLE):
 * feature id of f, in lang. */
static char *feature_where(const char *lang, bool *failed, tx_id phrase, const cc_features *f,
                           int id, char *buf, size_t n)
{
    const cc_feature *feat = &f->features[id];
    const cc_board_tile *bt = &f->board->tiles[feat->name_tile];
    char at[8];
    return rd_say(buf, n, lang, failed, phrase, txt_term(lang, cc_feature_type_name(feat->type)), bt->x,
                  bt->y, cc_loc_name(feat->name_at, at));
}

bool rd_show_feature(rd_highlight *hl, const cc_position *pos, const cc_features *f, int id,
                     const cc_value *v)
{
    const cc_feature *feat = &f->features[id];
    rd_mark *m = rd_highlight_add(hl, RD_MARK_FEATURE);
    if (m == NULL)
        return false;
    m->role = "feature";
    m->colour = COLOUR_MAIN;
    m->feature = id;
    rd_say(m->label, sizeof m->label, hl->lang, &hl->failed, TX_RD_WORTH, v->value);
    feature_where(hl->lang, &hl->failed, TX_RD_WHERE_TITLE, f, id, m->title, sizeof m->title);
    snprintf(hl->title, sizeof hl->title, "%s", m->title);
    char line[RD_CAPTION_MAX];
    rd_highlight_caption(hl, "%s", rd_say(line, sizeof line, hl->lang, &hl->failed,
                                          feat->complete ? TX_RD_FEATURE_COMPLETE : TX_RD_FEATURE_OPEN,
                                          m->title, feat->ncells, v->value));
    char owners[RD_CAPTION_MAX] = "";
    for (int p = 0; p < pos->nplayers; p++)
        if (v->strength[p] > 0) {
            char one[64];
            snprintf(one, sizeof one, "%s %d", pos->players[p], v->strength[p]);
            append(owners, sizeof owners, ", ", one);
        }
    if (!v->occupied) {
        rd_highlight_caption(hl, "%s", tx_word(hl->lang, TX_RD_NOBODY_ON));
        return !hl->failed;
    }
    char points[RD_CAPTION_MAX];
    points_text(hl->lang, &hl->failed, pos, v->points, points, sizeof points);
    rd_highlight_caption(hl, "%s", rd_say(line, sizeof line, hl->lang, &hl->failed, TX_RD_STRENGTH,
                                          owners[0] ? owners : tx_word(hl->lang, TX_ANS_NONE), points));
    return !hl->failed;
}

static const char *kind_name(const char *lang, cc_figure_kind k)
{
    return txt_term(lang, cc_figure_kind_name(k));
}

bool rd_show_deployments(rd_highlight *hl, const cc_position *pos, const cc_features *f,
                         int x, int y, const cc_deploy_option *opts, int n)
{
    const char *who = pos->players[pos->active];
    rd_say(hl->title, sizeof hl->title, hl->lang, &hl->failed, TX_RD_DEPLOY_TITLE, who, x, y);
    rd_mark *frame = rd_highlight_add(hl, RD_MARK_FRAME);
    if (frame == NULL)
        return false;
    frame->role = "tile";
    frame->colour = COLOUR_LAST;
    frame->x = x;
    frame->y = y;
    rd_say(frame->title, sizeof frame->title, hl->lang, &hl->failed, TX_RD_THE_TILE, x, y);
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
        }
        append(m->label, sizeof m->label, ", ", kind_name(hl->lang, o->kind));
        char where[96];
        feature_where(hl->lang, &hl->failed, TX_RD_WHERE, f, o->feature, where, sizeof where);
        rd_say(m->title, sizeof m->title, hl->lang, &hl->failed, TX_RD_SPOT, who, at, where, m->label);
    }
    /* On the board each spot wears its number; the caption says what it
     * offers ("1: meeple, wagon (S)"), so close spots never crowd their
     * labels. */
    list[0] = '\0';
    for (int j = first_spot, k = 1; j < hl->nmarks; j++, k++) {
        char at[8], one[RD_LABEL_MAX + 24];
        cc_loc_name(hl->marks[j].at, at);
        snprintf(one, sizeof one, "%d: %s (%s)", k, hl->marks[j].label, at);
        append(list, sizeof list, "; ", one);
        snprintf(hl->marks[j].label, sizeof hl->marks[j].label, "%d", k);
    }
    char line[RD_CAPTION_MAX];
    if (n == 0)
        rd_say(line, sizeof line, hl->lang, &hl->failed, TX_RD_DEPLOY_NONE, who, x, y);
    else
        rd_say(line, sizeof line, hl->lang, &hl->failed, TX_RD_DEPLOY_LIST, who, x, y, list);
    rd_highlight_caption(hl, "%s", line);
    if (n > 0 && hl->ncaption <= RD_CAPTION_LINES)
        hl->caption_mark[hl->ncaption - 1] = (signed char)(1 + COLOUR_SPOT);
    return !hl->failed;
}

bool rd_show_wagon(rd_highlight *hl, const cc_position *pos, const cc_features *f, int wagon,
                   const cc_wagon_dest *d, int n)
{
    const cc_figure *w = &pos->figures[wagon];
    char at[8];
    cc_loc_name(w->at, at);
    const char *who = pos->players[w->player];
    rd_say(hl->title, sizeof hl->title, hl->lang, &hl->failed, TX_RD_WAGON_TITLE, who, w->x, w->y, at);
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
        feature_where(hl->lang, &hl->failed, TX_RD_WHERE, f, d[i].feature, where, sizeof where);
        rd_say(m->title, sizeof m->title, hl->lang, &hl->failed, TX_RD_WAGON_DEST, where);
        append(list, sizeof list, "; ", where);
    }
    char line[RD_CAPTION_MAX];
    if (n == 0)
        rd_say(line, sizeof line, hl->lang, &hl->failed, TX_RD_WAGON_NONE, who);
    else
        rd_say(line, sizeof line, hl->lang, &hl->failed, TX_RD_WAGON_LIST, list);
    rd_highlight_caption(hl, "%s", line);
    return !hl->failed;
}

bool rd_show_score(rd_highlight *hl, const cc_position *pos, const cc_features *f,
                   const cc_score_result *r, bool final)
{
    static const tx_id kinds[] = { TX_RD_EV_COMPLETED,   TX_RD_EV_FINAL,       TX_RD_EV_CHALLENGE_LOST,
                                   TX_RD_EV_BARN_PLACED, TX_RD_EV_BARN_JOINED, TX_RD_EV_BARN_FINAL,
                                   TX_RD_EV_SHEEP,       TX_RD_EV_WOLF,        TX_RD_EV_GUIDE };
    rd_say(hl->title, sizeof hl->title, hl->lang, &hl->failed, final ? TX_RD_FINAL_TITLE : TX_RD_SCORE_TITLE,
           r->nevents);
    for (int e = 0; e < r->nevents; e++) {
        const cc_score_event *ev = &r->events[e];
        char points[RD_CAPTION_MAX / 2], where[96] = "";
        points_text(hl->lang, &hl->failed, pos, ev->points, points, sizeof points);
        if (ev->feature >= 0 && ev->feature < f->nfeatures) {
            rd_mark *m = rd_highlight_add(hl, RD_MARK_FEATURE);
            if (m == NULL)
                return false;
            m->role = "event";
            m->colour = e % RD_NCOLOURS;
            m->feature = ev->feature;
            /* the number on the board, the points in the caption's line of
             * the same colour */
            snprintf(m->label, sizeof m->label, "%d", (e + 1) % 10000);
            {
                txt_args ta = { .pos = pos, .strength = ev->strength };
                txt_format_all(hl->lang, ev->explain, ev->nexplain, &ta, m->title, sizeof m->title);
            }
            feature_where(hl->lang, &hl->failed, TX_RD_WHERE, f, ev->feature, where, sizeof where);
        }
        const char *kind = (unsigned)ev->kind < sizeof kinds / sizeof kinds[0]
                               ? tx_word(hl->lang, kinds[ev->kind]) : cc_event_kind_name(ev->kind);
        char line[RD_CAPTION_MAX];
        if (where[0])
            rd_say(line, sizeof line, hl->lang, &hl->failed, TX_RD_EVENT_AT, e + 1, kind, where, points);
        else
            rd_say(line, sizeof line, hl->lang, &hl->failed, TX_RD_EVENT, e + 1, kind, points);
        rd_highlight_caption(hl, "%s", line);
        if (where[0] && hl->ncaption <= RD_CAPTION_LINES)
            hl->caption_mark[hl->ncaption - 1] = (signed char)(1 + e % RD_NCOLOURS);
    }
    if (r->nevents == 0)
        rd_highlight_caption(hl, "%s", tx_word(hl->lang, TX_ANS_NO_EVENTS));
    char totals[RD_CAPTION_MAX], line[RD_CAPTION_MAX];
    points_text(hl->lang, &hl->failed, pos, r->totals, totals, sizeof totals);
    rd_highlight_caption(hl, "%s", rd_say(line, sizeof line, hl->lang, &hl->failed, TX_RD_TOTALS, totals));
    hl->has_delta = true;
    for (int p = 0; p < pos->nplayers; p++)
        hl->delta[p] = r->totals[p];
    return !hl->failed;
}

bool rd_show_barn(rd_highlight *hl, const cc_position *pos, const cc_features *f, int x, int y,
                  cc_loc at, const cc_barn_verdict *v)
{
    char corner[8], line[RD_CAPTION_MAX];
    cc_loc_name(at, corner);
    const char *who = pos->nplayers > 0 ? pos->players[pos->active] : "";
    rd_say(hl->title, sizeof hl->title, hl->lang, &hl->failed, TX_RD_BARN_TITLE, who, x, y, corner);
    if (v->legal && v->field >= 0 && v->field < f->nfeatures) {   /* the field it would stand in */
        rd_mark *field = rd_highlight_add(hl, RD_MARK_FEATURE);
        if (field == NULL)
            return false;
        field->role = "field";
        field->colour = COLOUR_FIELD;
        field->feature = v->field;
        feature_where(hl->lang, &hl->failed, TX_RD_WHERE_TITLE, f, v->field, field->title, sizeof field->title);
    }
    rd_mark *m = rd_highlight_add(hl, RD_MARK_SPOT);
    if (m == NULL)
        return false;
    m->role = v->legal ? "barn" : "barn-refused";
    m->colour = v->legal ? COLOUR_SPOT : COLOUR_REFUSED;
    m->refused = !v->legal;
    m->x = x;
    m->y = y;
    m->at = at;
    if (v->legal) {
        char where[96] = "";
        if (v->field >= 0 && v->field < f->nfeatures)
            feature_where(hl->lang, &hl->failed, TX_RD_WHERE, f, v->field, where, sizeof where);
        rd_say(line, sizeof line, hl->lang, &hl->failed, TX_RD_BARN_YES, corner, x, y, where);
    } else {
        char reason[RD_CAPTION_MAX];
        txt_args ta = { .pos = pos };
        txt_format_all(hl->lang, &v->reason, 1, &ta, reason, sizeof reason);
        rd_say(line, sizeof line, hl->lang, &hl->failed, TX_RD_BARN_NO, corner, x, y, reason);
    }
    size_t len = strnlen(line, sizeof m->title - 1);   /* the title: the line, cut on a character */
    memcpy(m->title, line, len);
    m->title[len] = '\0';
    cc_utf8_trim(m->title);
    rd_highlight_caption(hl, "%s", line);
    if (hl->ncaption <= RD_CAPTION_LINES)
        hl->caption_mark[hl->ncaption - 1] = (signed char)(1 + m->colour);
    return !hl->failed;
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
    rd_say(m->title, sizeof m->title, hl->lang, &hl->failed, TX_RD_LAST, x, y);
    return !hl->failed;
}
