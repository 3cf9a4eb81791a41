/* render.c -- see render.h.
 *
 * Contents: the highlight list; the scene (what is drawn where: the
 * board's bounds, the layout of title, legend, board and caption, the tile
 * geometry of each tile type in use, built once per picture); then the
 * layers, bottom to top: board ground and grid, tiles (fields of
 * highlighted features tinted), ghost tiles, feature outlines, frames,
 * figures, spots and arrows, labels, axes, legend, caption, key.
 *
 * Text is sized for the picture at its default width (960 pixels): a board
 * wider than that is drawn with text as much larger in units (the scene's
 * text scale), so a final scoring of a 90-tile board stays readable at 960
 * pixels. Labels are placed when the layout is made, each where it meets
 * no other label, no figure and no spot ring; one that finds no such place
 * near its point goes to a row of its own under the board, with a leader
 * line. Each label's box is written on its group (data-box), so a test can
 * check that none overlap. */
#include "render.h"

#include <fontconfig/fontconfig.h>
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../../engine/board.h"
#include "../text/format.h"
#include "colours.h"
#include "figures.h"
#include "key.h"
#include "tile_art.h"

/* ---- the highlight -------------------------------------------------------- */

void rd_highlight_init(rd_highlight *hl)
{
    memset(hl, 0, sizeof *hl);
}

void rd_highlight_free(rd_highlight *hl)
{
    free(hl->marks);
    hl->marks = NULL;
    hl->nmarks = hl->cap = 0;
}

rd_mark *rd_highlight_add(rd_highlight *hl, rd_mark_kind kind)
{
    if (hl->nmarks == hl->cap) {
        int cap = hl->cap ? hl->cap * 2 : 16;
        rd_mark *m = realloc(hl->marks, (size_t)cap * sizeof *m);
        if (m == NULL)
            return NULL;
        hl->marks = m;
        hl->cap = cap;
    }
    rd_mark *m = &hl->marks[hl->nmarks++];
    memset(m, 0, sizeof *m);
    m->kind = kind;
    m->role = "feature";
    return m;
}

char *rd_say(char *out, size_t n, const char *lang, bool *failed, tx_id id, ...)
{
    txbuf t;
    tx_init_in(&t, lang);
    va_list ap;
    va_start(ap, id);
    tx_addv(&t, id, ap);
    va_end(ap);
    if (tx_failed(&t))
        *failed = true;
    size_t len = tx_failed(&t) ? 0 : tx_len(&t);
    if (len >= n) {   /* cut before the character that does not fit */
        len = n - 1;
        while (len > 0 && ((unsigned char)tx_cstr(&t)[len] & 0xc0) == 0x80)   // NOLINT(clang-analyzer-core.UndefinedBinaryOperatorResult): len < tx_len(&t)
            len--;
    }
    memcpy(out, tx_cstr(&t), len);
    out[len] = '\0';
    tx_free(&t);
    return out;
}

void rd_highlight_caption(rd_highlight *hl, const char *fmt, ...)
{
    if (hl->ncaption > RD_CAPTION_LINES)
        return;
    if (hl->ncaption == RD_CAPTION_LINES) {
        rd_say(hl->caption[RD_CAPTION_LINES - 1], RD_CAPTION_MAX, hl->lang, &hl->failed, TX_RD_MORE);
        hl->ncaption++;
        return;
    }
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(hl->caption[hl->ncaption++], RD_CAPTION_MAX, fmt, ap);
    va_end(ap);
}

/* ---- the scene --------------------------------------------------------------- */

#define PAD 16
#define AXIS 24
#define TITLE_H 30
#define LEGEND_ROW 30
#define LINE_H 18
#define MIN_CONTENT 600
#define FIG 31
#define MIN_BOARD 400.0
#define MAX_ZOOM 2.5
#define MAX_LINES 96
#define LEGEND_FONT 13
#define CAPTION_FONT 12.5
#define LABEL_FONT 12
#define LABEL_H 18
#define KEY_ROW 22
#define KEY_SWATCH 16
#define GOODS_BADGE 15       /* a goods symbol's diameter in the legend */
#define TEXT_WIDTH 960.0     /* text is sized for a picture this many pixels wide */
#define MAX_RINGS 24         /* how far a label looks for a free place */

static const unsigned mark_rgb[RD_NCOLOURS] = { 0xf59f00, 0xe8590c, 0x1c7ed6,
                                                0xae3ec9, 0x0ca678, 0xe64980 };

/* A label's box, centred at (x, y). */
typedef struct {
    double x, y, w, h;
} box;

typedef struct {
    int mark;          /* index in hl->marks */
    box b;
    rd_pt point;       /* what it labels */
    bool leader;       /* moved away from its point: a line joins them */
} placed_label;

typedef struct {
    rd_key_symbol symbol;
    char words[RD_CAPTION_MAX];
    double x, w;
    int row;
} key_entry;

typedef struct {
    const cc_position *pos;
    const cc_features *f;
    const cc_board *b;
    const cc_catalog *cat;
    const rd_highlight *hl;
    rd_canvas *cv;
    cairo_t *cr;
    bool failed;
    const rd_atlas *atlas;       /* the tile geometry, when the caller has it ... */
    ta_tile **art;               /* ... else per catalog type, built on first use */
    int8_t (*tint)[CC_MAX_TILE_FEATURES];
    rd_rgba player[CC_MAX_PLAYERS];
    int minx, miny, maxx, maxy;
    double ox, oy;               /* top-left corner of cell (minx, miny) */
    double cell, zoom;           /* units per cell: RD_CELL x zoom (small boards drawn larger) */
    double width, height, content;
    double legend_y, caption_y;
    int legend_rows;
    double entry_x[CC_MAX_PLAYERS];
    int entry_row[CC_MAX_PLAYERS];
    int nlines;
    char lines[MAX_LINES][RD_CAPTION_MAX];
    signed char line_mark[MAX_LINES];   /* a swatch before the line: 1 + colour, 0 none */
    double indent;                      /* room for the swatches, when any */
    char title[RD_TITLE_MAX];
    double ts;                          /* text scale: 1, or more for a wide board */
    rd_pt fig_pt[CC_MAX_FIGURES];       /* where each figure stands (fanned out) */
    placed_label *labels;               /* malloc'ed, nlabels */
    int nlabels;
    double overflow_y, overflow_h;      /* the row of labels under the board, if any */
    int nkey, key_rows;
    key_entry key[RD_NKEYS];
    double key_y;
} scene;

struct rd_atlas {
    const cc_catalog *cat;
    ta_tile *tiles;                 /* one per catalog type */
    cairo_font_face_t *faces[2];    /* sans-serif, normal and bold: see rd_atlas_new */
};

rd_atlas *rd_atlas_new(const cc_catalog *cat)
{
    rd_atlas *a = calloc(1, sizeof *a);
    cairo_surface_t *surface = cairo_image_surface_create(CAIRO_FORMAT_A8, 1, 1);
    cairo_t *cr = cairo_create(surface);
    if (a != NULL && cairo_status(cr) == CAIRO_STATUS_SUCCESS)
        a->tiles = calloc((size_t)(cat->ntypes > 0 ? cat->ntypes : 1), sizeof *a->tiles);
    if (a != NULL && a->tiles != NULL) {
        a->cat = cat;
        for (int t = 0; t < cat->ntypes; t++)
            ta_build(&a->tiles[t], &cat->types[t], cr);
        /* Holding the toy font faces keeps them in cairo's face table, so
         * every picture's canvas finds them there instead of asking
         * fontconfig again (a tenth of an SVG picture's cost). */
        for (int i = 0; i < 2; i++)
            a->faces[i] = cairo_toy_font_face_create("sans-serif", CAIRO_FONT_SLANT_NORMAL,
                                                     i ? CAIRO_FONT_WEIGHT_BOLD : CAIRO_FONT_WEIGHT_NORMAL);
    }
    cairo_destroy(cr);
    cairo_surface_destroy(surface);
    if (a != NULL && a->tiles == NULL) {
        free(a);
        a = NULL;
    }
    return a;
}

void rd_atlas_free(rd_atlas *atlas)
{
    if (atlas == NULL)
        return;
    for (int i = 0; i < 2; i++)
        if (atlas->faces[i])
            cairo_font_face_destroy(atlas->faces[i]);
    free(atlas->tiles);
    free(atlas);
}

static const ta_tile *art_of(scene *sc, int type)
{
    if (sc->atlas)
        return &sc->atlas->tiles[type];
    if (sc->art[type] == NULL) {
        sc->art[type] = malloc(sizeof *sc->art[type]);
        if (sc->art[type] == NULL) {
            sc->failed = true;
            return NULL;
        }
        ta_build(sc->art[type], &sc->cat->types[type], sc->cr);
    }
    return sc->art[type];
}

static double cell_x(const scene *sc, int x)
{
    return sc->ox + (x - sc->minx) * sc->cell;
}

static double cell_y(const scene *sc, int y)
{
    return sc->oy + (y - sc->miny) * sc->cell;
}

/* Transform to the unit square of cell (x, y), turned rot quarter turns. */
static void enter_cell(scene *sc, int x, int y, int rot)
{
    cairo_save(sc->cr);
    cairo_translate(sc->cr, cell_x(sc, x) + sc->cell / 2, cell_y(sc, y) + sc->cell / 2);
    cairo_rotate(sc->cr, rot * M_PI / 2);
    cairo_translate(sc->cr, -sc->cell / 2, -sc->cell / 2);
    cairo_scale(sc->cr, sc->cell, sc->cell);
}

static void leave_cell(scene *sc)
{
    cairo_restore(sc->cr);
}

/* Where part k of board tile t is drawn, in units. */
static rd_pt part_point(scene *sc, int t, int k)
{
    const cc_board_tile *bt = &sc->b->tiles[t];
    rd_pt p = { 0.5, 0.5 };
    const ta_tile *art = art_of(sc, bt->type_index);
    if (art && k >= 0 && k < art->nparts)
        p = ta_rotate(art->part[k].anchor, bt->rot);
    rd_pt u = { cell_x(sc, bt->x) + p.x * sc->cell, cell_y(sc, bt->y) + p.y * sc->cell };
    return u;
}

/* Where a location of cell (x, y) is drawn: a corner's point, a feature's
 * anchor, the cell's centre when nothing stands there. */
static rd_pt loc_point(scene *sc, int x, int y, cc_loc at)
{
    static const double cx[4] = { 1, 1, 0, 0 }, cy[4] = { 0, 1, 1, 0 };   /* NE SE SW NW */
    if (at.kind == CC_LOC_CORNER) {
        rd_pt u = { cell_x(sc, x) + cx[at.value & 3] * sc->cell, cell_y(sc, y) + cy[at.value & 3] * sc->cell };
        return u;
    }
    int t = cc_board_at(sc->b, x, y);
    int k = t >= 0 ? cc_board_feature_at(sc->b, t, at) : -1;
    if (t >= 0)
        return part_point(sc, t, k);
    rd_pt u = { cell_x(sc, x) + sc->cell / 2, cell_y(sc, y) + sc->cell / 2 };
    return u;
}

static void grow_bounds(scene *sc, int x, int y, bool *any)
{
    if (!*any) {
        sc->minx = sc->maxx = x;
        sc->miny = sc->maxy = y;
        *any = true;
        return;
    }
    if (x < sc->minx) sc->minx = x;
    if (x > sc->maxx) sc->maxx = x;
    if (y < sc->miny) sc->miny = y;
    if (y > sc->maxy) sc->maxy = y;
}

static void bounds(scene *sc)
{
    bool any = false;
    for (int i = 0; i < sc->b->ntiles; i++)
        grow_bounds(sc, sc->b->tiles[i].x, sc->b->tiles[i].y, &any);
    for (int i = 0; sc->hl && i < sc->hl->nmarks; i++) {
        const rd_mark *m = &sc->hl->marks[i];
        if (m->kind != RD_MARK_FEATURE)
            grow_bounds(sc, m->x, m->y, &any);
    }
    if (!any)
        sc->minx = sc->maxx = sc->miny = sc->maxy = 0;
}

static void default_title(scene *sc)
{
    const cc_position *pos = sc->pos;
    if (sc->hl && sc->hl->title[0]) {
        snprintf(sc->title, sizeof sc->title, "%s", sc->hl->title);
        return;
    }
    const char *lang = sc->hl ? sc->hl->lang : NULL;
    rd_say(sc->title, sizeof sc->title, lang, &sc->failed, TX_RD_TITLE, pos->ntiles, pos->nfigures,
           pos->nplayers > 0 ? pos->players[pos->active] : tx_word(lang, TX_NOBODY));
}

static void score_text(const scene *sc, int p, char *buf, size_t n)
{
    int total = cc_position_score(sc->pos, p);
    if (sc->hl && sc->hl->has_delta && sc->hl->delta[p] != 0)
        snprintf(buf, n, "%d %+d", total, sc->hl->delta[p]);
    else
        snprintf(buf, n, "%d", total);
}

/* Whether the legend counts each player's trade goods: with Traders &
 * Builders, or whenever a player holds some. */
static bool shows_goods(const scene *sc)
{
    if (sc->pos->expansions & CC_EXP_TRADERS_BUILDERS)
        return true;
    for (int p = 0; p < sc->pos->nplayers; p++)
        for (int g = 0; g < CC_NGOODS; g++)
            if (sc->pos->goods[p][g] > 0)
                return true;
    return false;
}

/* A player's goods in the legend: each kind's symbol and count, in turn. */
static double goods_width(scene *sc, int p)
{
    double w = 0;
    for (int g = 0; g < CC_NGOODS; g++) {
        char n[16];
        snprintf(n, sizeof n, "%d", sc->pos->goods[p][g]);
        w += GOODS_BADGE * sc->ts + 2 * sc->ts + rd_text_width(sc->cv, n, LEGEND_FONT * sc->ts, false) + 6 * sc->ts;
    }
    return w;
}

static double legend_entry_width(scene *sc, int p)
{
    char score[32];
    score_text(sc, p, score, sizeof score);
    double ts = sc->ts;
    return 40 * ts + rd_text_width(sc->cv, sc->pos->players[p], LEGEND_FONT * ts, p == sc->pos->active) +
           8 * ts + rd_text_width(sc->cv, score, LEGEND_FONT * ts, true) + 26 * ts +
           (shows_goods(sc) ? goods_width(sc, p) : 0);
}

static void emit_line(scene *sc, const char *line, size_t len, signed char mark)
{
    if (sc->nlines >= MAX_LINES || len == 0)
        return;
    memcpy(sc->lines[sc->nlines], line, len);
    sc->line_mark[sc->nlines] = mark;
    sc->lines[sc->nlines++][len] = '\0';
}

/* Greedy word wrap of the caption lines to the content width, each word
 * measured once (a line's width: its words' and spaces' advances). A
 * caption line is shorter than RD_CAPTION_MAX, so every piece fits a line. */
static void wrap_caption(scene *sc)
{
    sc->nlines = 0;
    sc->indent = 0;
    for (int i = 0; sc->hl && i < sc->hl->ncaption && i < RD_CAPTION_LINES; i++)
        if (sc->hl->caption_mark[i])
            sc->indent = 18 * sc->ts;
    double space = rd_text_width(sc->cv, " ", CAPTION_FONT * sc->ts, false);
    for (int i = 0; sc->hl && i < sc->hl->ncaption && i < RD_CAPTION_LINES; i++) {
        const char *s = sc->hl->caption[i];
        char line[RD_CAPTION_MAX] = "", word[RD_CAPTION_MAX];
        size_t len = 0;
        double w = 0;
        signed char mark = sc->hl->caption_mark[i];
        while (*s) {
            size_t wl = strcspn(s, " ");
            memcpy(word, s, wl);
            word[wl] = '\0';
            double ww = rd_text_width(sc->cv, word, CAPTION_FONT * sc->ts, false);
            if (len && w + space + ww > sc->content - sc->indent) {
                emit_line(sc, line, len, mark);
                mark = 0;   /* the swatch goes before an entry's first line */
                len = 0;
                w = 0;
            }
            if (len) {
                line[len++] = ' ';
                w += space;
            }
            memcpy(line + len, word, wl);
            len += wl;
            w += ww;
            s += wl;
            while (*s == ' ')
                s++;
        }
        emit_line(sc, line, len, mark);
    }
}

/* ---- labels and figures: where they go ------------------------------------------ */

static box pill_box(scene *sc, double x, double y, const char *text)
{
    box b = { x, y, rd_text_width(sc->cv, text, LABEL_FONT * sc->ts, true) + 12 * sc->ts, LABEL_H * sc->ts };
    if (b.x - b.w / 2 < 2)
        b.x = 2 + b.w / 2;
    if (b.x + b.w / 2 > sc->width - 2)
        b.x = sc->width - 2 - b.w / 2;
    return b;
}

/* Where a mark's label goes: above its feature's name, its spot or cell. */
static rd_pt label_point(scene *sc, const rd_mark *m)
{
    if (m->kind == RD_MARK_FEATURE && m->feature >= 0 && m->feature < sc->f->nfeatures) {
        const cc_feature *feat = &sc->f->features[m->feature];
        int k = cc_board_feature_at(sc->b, feat->name_tile, feat->name_at);
        rd_pt p = part_point(sc, feat->name_tile, k);
        p.y -= FIG * sc->zoom * 0.6 + 8;
        return p;
    }
    if (m->kind == RD_MARK_SPOT) {
        rd_pt p = loc_point(sc, m->x, m->y, m->at);
        p.y -= 17 * sc->zoom + 10;
        return p;
    }
    rd_pt p = { cell_x(sc, m->x) + sc->cell / 2, cell_y(sc, m->y) + 16 };
    return p;
}

static bool boxes_meet(box a, box b)
{
    return fabs(a.x - b.x) * 2 < a.w + b.w + 2 && fabs(a.y - b.y) * 2 < a.h + b.h + 2;
}

/* Where each figure stands: its spot, two on one spot fanned out. */
static void place_figures(scene *sc)
{
    for (int i = 0; i < sc->pos->nfigures; i++) {
        const cc_figure *fig = &sc->pos->figures[i];
        rd_pt p = loc_point(sc, fig->x, fig->y, fig->at);
        for (int j = 0; j < i; j++)
            if (fabs(sc->fig_pt[j].x - p.x) < 6 && fabs(sc->fig_pt[j].y - p.y) < 6) {
                p.x += 11;
                p.y += 5;
            }
        sc->fig_pt[i] = p;
    }
}

/* A figure's box, in figure sizes: its drawing (figures.c: the mayor 1.2,
 * the barn 1.1, a meeple 1, the builder's hammer and the pig's snout
 * reach 0.56 from its point) and its rim; a kind drawn larger than these
 * (the large meeple) gets a box as large as it may be. */
static double figure_box(cc_figure_kind kind)
{
    switch (kind) {
    case CC_FIG_MEEPLE:
    case CC_FIG_WAGON:
    case CC_FIG_SHEPHERD:
    case CC_FIG_BARN:
        return 1.1;
    case CC_FIG_MAYOR:
    case CC_FIG_BUILDER:
    case CC_FIG_PIG:
        return 1.25;
    default:
        return 1.6;
    }
}

/* What a label must not cover: every figure (with a shepherd's flock), and
 * every spot's ring. Returns the count written to out. */
static int obstacles(scene *sc, box *out)
{
    int n = 0;
    double size = FIG * sc->zoom;
    for (int i = 0; i < sc->pos->nfigures; i++) {
        double s = size * figure_box(sc->pos->figures[i].kind);
        out[n++] = (box){ sc->fig_pt[i].x, sc->fig_pt[i].y, s, s };
        if (sc->pos->figures[i].kind == CC_FIG_SHEPHERD && sc->pos->figures[i].nflock > 0)
            out[n++] = (box){ sc->fig_pt[i].x + size * 0.62, sc->fig_pt[i].y + size * 0.3, size * 0.7, size * 0.6 };
    }
    for (int i = 0; sc->hl && i < sc->hl->nmarks; i++)
        if (sc->hl->marks[i].kind == RD_MARK_SPOT) {
            const rd_mark *m = &sc->hl->marks[i];
            rd_pt p = loc_point(sc, m->x, m->y, m->at);
            double d = 2 * 17 * sc->zoom;
            out[n++] = (box){ p.x, p.y, d, d };
        }
    return n;
}

static bool free_at(box c, const box *taken, int n)
{
    for (int j = 0; j < n; j++)
        if (boxes_meet(c, taken[j]))
            return false;
    return true;
}

/* Every mark's label, each where it meets no label placed before it, no
 * figure and no ring: at its point, else the nearest free place on rings
 * around it (between the legend and the board's lower axis), joined to its
 * point by a leader line; else in the row under the board. Units, so the
 * layout is the same at any size. */
static void place_labels(scene *sc)
{
    int n = sc->hl ? sc->hl->nmarks : 0;
    sc->overflow_h = 0;
    if (n == 0)
        return;
    int cap = n + 2 * sc->pos->nfigures + n;
    box *taken = malloc((size_t)cap * sizeof *taken);
    sc->labels = malloc((size_t)n * sizeof *sc->labels);
    if (taken == NULL || sc->labels == NULL) {
        free(taken);
        sc->failed = true;
        return;
    }
    int ntaken = obstacles(sc, taken);
    double top = sc->legend_y + sc->legend_rows * LEGEND_ROW * sc->ts, bottom = sc->overflow_y;
    double row_x = PAD, row_h = (LABEL_H + 6) * sc->ts;
    for (int i = 0; i < n; i++) {
        const rd_mark *m = &sc->hl->marks[i];
        if (!m->label[0])
            continue;
        rd_pt p = label_point(sc, m);
        box b = pill_box(sc, p.x, p.y, m->label);
        bool found = false;
        for (int ring = 0; ring <= MAX_RINGS && !found; ring++) {
            int steps = ring == 0 ? 1 : 8 * ring;
            for (int k = 0; k < steps && !found; k++) {
                double a = 2 * M_PI * k / steps - M_PI / 2;   /* from straight up, clockwise */
                box c = pill_box(sc, p.x + cos(a) * ring * 14 * sc->ts, p.y + sin(a) * ring * 11 * sc->ts, m->label);
                if (c.y - c.h / 2 < top || c.y + c.h / 2 > bottom)
                    continue;
                if (free_at(c, taken, ntaken)) {
                    b = c;
                    found = true;
                }
            }
        }
        if (!found) {   /* the row under the board, left to right */
            if (row_x + b.w > sc->width - PAD) {
                row_x = PAD;
                sc->overflow_h += row_h;
            }
            if (sc->overflow_h == 0)
                sc->overflow_h = row_h;
            b.x = row_x + b.w / 2;
            b.y = sc->overflow_y + sc->overflow_h - row_h / 2;
            row_x += b.w + 6 * sc->ts;
        }
        taken[ntaken++] = b;
        placed_label *l = &sc->labels[sc->nlabels++];
        l->mark = i;
        l->b = b;
        l->point = p;
        l->leader = hypot(b.x - p.x, b.y - p.y) > b.h;
    }
    free(taken);
}

/* ---- the key ---------------------------------------------------------------------- */

static void key_add(bool *seen, rd_key_symbol s)
{
    seen[s] = true;
}

/* The key's symbol of a figure kind standing (a kind the key does not
 * know yet is explained as the meeple it is drawn like; the large meeple
 * is its own entry, standing or lying). */
static rd_key_symbol figure_symbol(cc_figure_kind kind)
{
    switch (kind) {
    case CC_FIG_MAYOR:
        return RD_KEY_MAYOR;
    case CC_FIG_WAGON:
        return RD_KEY_WAGON;
    case CC_FIG_BARN:
        return RD_KEY_BARN;
    case CC_FIG_SHEPHERD:
        return RD_KEY_SHEPHERD;
    case CC_FIG_BIG:
        return RD_KEY_BIG;
    case CC_FIG_BUILDER:
        return RD_KEY_BUILDER;
    case CC_FIG_PIG:
        return RD_KEY_PIG;
    case CC_FIG_MEEPLE:
    default:
        return RD_KEY_MEEPLE;
    }
}

/* Whether fig is drawn lying: a meeple or large meeple on a field (a
 * farmer). */
static bool figure_lies(const scene *sc, const cc_figure *fig)
{
    if (fig->kind != CC_FIG_MEEPLE && fig->kind != CC_FIG_BIG)
        return false;
    int t = cc_board_at(sc->b, fig->x, fig->y);
    int k = t >= 0 && fig->at.kind != CC_LOC_CORNER ? cc_board_feature_at(sc->b, t, fig->at) : -1;
    return k >= 0 && sc->b->tiles[t].type->features[k].type == CC_FEAT_FIELD;
}

/* Which symbols the picture draws. */
static void key_symbols(scene *sc, bool *seen)
{
    for (int t = 0; t < sc->b->ntiles; t++) {
        const cc_tile_type *type = sc->b->tiles[t].type;
        const ta_tile *art = art_of(sc, sc->b->tiles[t].type_index);
        if (art == NULL)
            return;
        if (art->nhouses > 0)
            key_add(seen, RD_KEY_HOUSE);
        for (int k = 0; k < art->nparts; k++) {
            const ta_part *p = &art->part[k];
            if (p->npennants > 0)
                key_add(seen, RD_KEY_PENNANT);
            if (p->type == CC_FEAT_FIELD && p->inner)
                key_add(seen, RD_KEY_COURT);
            if (p->type == CC_FEAT_RIVER)
                key_add(seen, RD_KEY_RIVER);
            if (p->has_landmark)   /* ta_draw: an inn on a road, else a cathedral */
                key_add(seen, p->type == CC_FEAT_ROAD ? RD_KEY_INN : RD_KEY_CATHEDRAL);
            for (int g = 0; g < p->ngoods; g++)
                key_add(seen, (rd_key_symbol)(RD_KEY_WINE + p->goods_kind[g]));
        }
        if (art->centre >= 0) {
            int c = art->part[art->centre].type;
            key_add(seen, type->is_abbey || c == CC_FEAT_ABBEY ? RD_KEY_ABBEY
                              : c == CC_FEAT_SHRINE ? RD_KEY_SHRINE : RD_KEY_CLOISTER);
        }
        if (type->hill)
            key_add(seen, RD_KEY_HILL);
        if (art->has_vine)
            key_add(seen, RD_KEY_VINEYARD);
        if (type->volcano)
            key_add(seen, RD_KEY_VOLCANO);
    }
    for (int i = 0; i < sc->pos->nfigures; i++) {
        const cc_figure *fig = &sc->pos->figures[i];
        bool farmer = fig->kind == CC_FIG_MEEPLE && figure_lies(sc, fig);
        key_add(seen, farmer ? RD_KEY_FARMER : figure_symbol(fig->kind));
        if (fig->kind == CC_FIG_SHEPHERD && fig->nflock > 0)
            key_add(seen, RD_KEY_FLOCK);
    }
    if (shows_goods(sc))   /* the legend counts every kind */
        for (int g = 0; g < CC_NGOODS; g++)
            key_add(seen, (rd_key_symbol)(RD_KEY_WINE + g));
    for (int i = 0; sc->hl && i < sc->hl->nmarks; i++) {
        const rd_mark *m = &sc->hl->marks[i];
        switch (m->kind) {
        case RD_MARK_GHOST:
            key_add(seen, RD_KEY_FITS);
            break;
        case RD_MARK_FRAME:
            key_add(seen, RD_KEY_FRAME);
            break;
        case RD_MARK_SPOT:
            key_add(seen, m->refused ? RD_KEY_REFUSED : RD_KEY_SPOT);
            if (m->arrow)
                key_add(seen, RD_KEY_ARROW);
            break;
        case RD_MARK_FEATURE:
            if (m->feature >= 0 && m->feature < sc->f->nfeatures) {
                const cc_feature *feat = &sc->f->features[m->feature];
                if (cc_feature_is_monastery(feat->type))
                    key_add(seen, RD_KEY_AREA);
                if (feat->type == CC_FEAT_CITY && !feat->complete)
                    key_add(seen, RD_KEY_OPEN);
            }
            break;
        }
    }
}

/* The key's entries, in the order of rd_key_symbol, in rows across the
 * content's width. */
static void key_layout(scene *sc)
{
    bool seen[RD_NKEYS] = { false };
    key_symbols(sc, seen);
    const char *lang = sc->hl ? sc->hl->lang : NULL;
    double ts = sc->ts, x = 0;
    sc->nkey = 0;
    sc->key_rows = 0;
    char title[64];
    rd_say(title, sizeof title, lang, &sc->failed, TX_RD_KEY);
    for (int s = 0; s < RD_NKEYS; s++) {
        if (!seen[s])
            continue;
        if (sc->nkey == 0) {
            sc->key_rows = 1;
            x = rd_text_width(sc->cv, title, CAPTION_FONT * ts, true) + 8 * ts;
        }
        key_entry *e = &sc->key[sc->nkey++];
        e->symbol = (rd_key_symbol)s;
        rd_key_words(e->symbol, lang, &sc->failed, e->words, sizeof e->words);
        e->w = (KEY_SWATCH + 5) * ts + rd_text_width(sc->cv, e->words, CAPTION_FONT * ts, false) + 14 * ts;
        if (x > 0 && x + e->w > sc->content) {
            sc->key_rows++;
            x = 0;
        }
        e->x = x;
        e->row = sc->key_rows - 1;
        x += e->w;
    }
}

/* Title, legend rows, board, caption: widths and heights in units. Text is
 * measured on cv (any canvas: metrics do not depend on the format). */
static void layout(scene *sc)
{
    int cols = sc->maxx - sc->minx + 1, rows = sc->maxy - sc->miny + 1;
    /* A small board is drawn larger: at least MIN_BOARD units across (up
     * to MAX_ZOOM times a cell), so two tiles are not lost in the margins. */
    double zoom = MIN_BOARD / (cols * (double)RD_CELL);
    double tall = MIN_BOARD / (rows * (double)RD_CELL);
    zoom = zoom < tall ? zoom : tall;
    sc->zoom = zoom < 1 ? 1 : zoom > MAX_ZOOM ? MAX_ZOOM : zoom;
    sc->cell = RD_CELL * sc->zoom;
    double board_w = cols * sc->cell;
    double board_h = rows * sc->cell;
    sc->content = board_w + 2 * AXIS > MIN_CONTENT ? board_w + 2 * AXIS : MIN_CONTENT;
    sc->ts = (sc->content + 2 * PAD) / TEXT_WIDTH < 1 ? 1 : (sc->content + 2 * PAD) / TEXT_WIDTH;
    double axis = AXIS * sc->ts;
    if (board_w + 2 * axis > sc->content)
        sc->content = board_w + 2 * axis;
    double x = 0;
    sc->legend_rows = 1;
    for (int p = 0; p < sc->pos->nplayers; p++) {
        double w = legend_entry_width(sc, p);
        if (x > 0 && x + w > sc->content) {
            sc->legend_rows++;
            x = 0;
        }
        sc->entry_x[p] = x;
        sc->entry_row[p] = sc->legend_rows - 1;
        x += w;
    }
    wrap_caption(sc);
    sc->width = sc->content + 2 * PAD;
    sc->legend_y = PAD + TITLE_H * sc->ts;
    sc->oy = sc->legend_y + sc->legend_rows * LEGEND_ROW * sc->ts + axis;
    sc->ox = PAD + (sc->content - board_w) / 2;
    sc->overflow_y = sc->oy + board_h + axis;
    place_figures(sc);
    place_labels(sc);
    sc->caption_y = sc->overflow_y + sc->overflow_h + 8;
    key_layout(sc);
    sc->key_y = sc->caption_y + sc->nlines * LINE_H * sc->ts + (sc->nkey ? 6 : 0);
    sc->height = sc->key_y + sc->key_rows * KEY_ROW * sc->ts + PAD;
}

/* ---- layers ------------------------------------------------------------------ */

/* The board's ground and grid, in a group that says where the cells are,
 * so a page can turn a click into a cell: cell (x, y) has its top-left
 * corner at (data-left + (x - data-min-x) * data-cell, data-top + ...). */
static void board_ground(scene *sc)
{
    cairo_t *cr = sc->cr;
    double w = (sc->maxx - sc->minx + 1) * sc->cell, h = (sc->maxy - sc->miny + 1) * sc->cell;
    char v[7][24];
    snprintf(v[0], sizeof v[0], "%d", sc->minx);
    snprintf(v[1], sizeof v[1], "%d", sc->miny);
    snprintf(v[2], sizeof v[2], "%d", sc->maxx);
    snprintf(v[3], sizeof v[3], "%d", sc->maxy);
    snprintf(v[4], sizeof v[4], "%.1f", sc->ox);
    snprintf(v[5], sizeof v[5], "%.1f", sc->oy);
    snprintf(v[6], sizeof v[6], "%.1f", sc->cell);
    rd_attr attrs[] = { { "data-min-x", v[0] }, { "data-min-y", v[1] }, { "data-max-x", v[2] },
                        { "data-max-y", v[3] }, { "data-left", v[4] },  { "data-top", v[5] },
                        { "data-cell", v[6] } };
    rd_group_begin(sc->cv, "board", attrs, 7, NULL, 1);
    cairo_rectangle(cr, sc->ox, sc->oy, w, h);
    rd_fill(sc->cv, rd_hex(0xe6dcc6, 1));
    for (int x = sc->minx + 1; x <= sc->maxx; x++) {
        cairo_move_to(cr, cell_x(sc, x), sc->oy);
        cairo_line_to(cr, cell_x(sc, x), sc->oy + h);
    }
    for (int y = sc->miny + 1; y <= sc->maxy; y++) {
        cairo_move_to(cr, sc->ox, cell_y(sc, y));
        cairo_line_to(cr, sc->ox + w, cell_y(sc, y));
    }
    cairo_rectangle(cr, sc->ox, sc->oy, w, h);
    rd_stroke(sc->cv, &(rd_pen){ rd_hex(0xcdbf9f, 1), 1, false, 0 });
    rd_group_end(sc->cv);
}

static void tile_title(scene *sc, int t, char *buf, size_t n)
{
    const cc_board_tile *bt = &sc->b->tiles[t];
    const char *lang = sc->hl ? sc->hl->lang : NULL;
    if (bt->owner >= 0 && bt->owner < sc->pos->nplayers)
        rd_say(buf, n, lang, &sc->failed, TX_RD_TILE_BY, bt->type->id, bt->x, bt->y, bt->rot * 90,
               sc->pos->players[bt->owner]);
    else
        rd_say(buf, n, lang, &sc->failed, TX_RD_TILE, bt->type->id, bt->x, bt->y, bt->rot * 90);
}

static void tiles(scene *sc)
{
    rd_rgba tints[RD_NCOLOURS];
    for (int i = 0; i < RD_NCOLOURS; i++)
        tints[i] = rd_hex(mark_rgb[i], 0.6);
    for (int t = 0; t < sc->b->ntiles; t++) {
        const cc_board_tile *bt = &sc->b->tiles[t];
        const ta_tile *art = art_of(sc, bt->type_index);
        if (art == NULL)
            return;
        char x[16], y[16], rot[8], title[RD_TITLE_MAX];
        snprintf(x, sizeof x, "%d", bt->x);
        snprintf(y, sizeof y, "%d", bt->y);
        snprintf(rot, sizeof rot, "%d", bt->rot * 90);
        tile_title(sc, t, title, sizeof title);
        rd_attr attrs[] = { { "data-x", x }, { "data-y", y }, { "data-tile", bt->type->id },
                            { "data-rot", rot } };
        rd_group_begin(sc->cv, "tile", attrs, 4, title, 1);
        enter_cell(sc, bt->x, bt->y, bt->rot);
        ta_draw(sc->cv, art, bt->type, sc->tint ? sc->tint[t] : NULL, tints);
        leave_cell(sc);
        rd_group_end(sc->cv);
    }
}

static rd_rgba mark_colour(const rd_mark *m, double a)
{
    return rd_hex(mark_rgb[(m->colour % RD_NCOLOURS + RD_NCOLOURS) % RD_NCOLOURS], a);
}

/* A pill with text in box b. */
static void pill(scene *sc, box b, const char *text, rd_rgba bg)
{
    cairo_t *cr = sc->cr;
    double r = b.h / 2;
    cairo_new_sub_path(cr);
    cairo_arc(cr, b.x - b.w / 2 + r, b.y, r, M_PI / 2, 3 * M_PI / 2);
    cairo_arc(cr, b.x + b.w / 2 - r, b.y, r, -M_PI / 2, M_PI / 2);
    cairo_close_path(cr);
    rd_fill_stroke(sc->cv, bg, &(rd_pen){ rd_hex(0xffffff, 0.9), 1.5, true, 0 });
    rd_text(sc->cv, b.x, b.y + 4.3 * sc->ts, text, LABEL_FONT * sc->ts, RD_CENTRE, true, rd_ink_on(bg));
}

static void ghost(scene *sc, const rd_mark *m)
{
    if (m->type < 0 || m->type >= sc->cat->ntypes)
        return;
    const ta_tile *art = art_of(sc, m->type);
    if (art == NULL)
        return;
    int first = 0;
    while (first < 4 && !(m->rots & (1u << first)))
        first++;
    char x[16], y[16], rots[24] = "";
    snprintf(x, sizeof x, "%d", m->x);
    snprintf(y, sizeof y, "%d", m->y);
    for (int q = 0; q < 4; q++)
        if (m->rots & (1u << q)) {
            size_t n = strlen(rots);
            snprintf(rots + n, sizeof rots - n, "%s%d", n ? " " : "", q * 90);
        }
    rd_attr attrs[] = { { "data-kind", m->role }, { "data-x", x }, { "data-y", y },
                        { "data-tile", sc->cat->types[m->type].id }, { "data-rot", rots } };
    rd_group_begin(sc->cv, "highlight", attrs, 5, m->title[0] ? m->title : NULL, 1);
    rd_group_begin_within(sc->cv, 0.45, cell_x(sc, m->x), cell_y(sc, m->y), sc->cell, sc->cell);
    enter_cell(sc, m->x, m->y, first < 4 ? first : 0);
    ta_draw(sc->cv, art, &sc->cat->types[m->type], NULL, NULL);
    leave_cell(sc);
    rd_group_end(sc->cv);
    cairo_rectangle(sc->cr, cell_x(sc, m->x) + 3, cell_y(sc, m->y) + 3, sc->cell - 6, sc->cell - 6);
    rd_stroke(sc->cv, &(rd_pen){ mark_colour(m, 1), 3, true, 7 });
    rd_group_end(sc->cv);
}

/* The open border of a city part: halves whose board edge has no neighbour. */
static void open_border_path(scene *sc, const ta_part *p, const cc_board_tile *bt)
{
    for (int h = 0; h < 8; h++) {
        if (!((p->halves >> h) & 1u))
            continue;
        int dir = cc_dir_rotate(h / 2, bt->rot);
        if (bt->neighbour[dir] >= 0)
            continue;
        rd_pt a = ta_perimeter(h), b = ta_perimeter(h + 1);
        cairo_move_to(sc->cr, a.x, a.y);
        cairo_line_to(sc->cr, b.x, b.y);
    }
}

static void outline_part(scene *sc, const rd_mark *m, int t, int k, bool *did_area)
{
    const cc_board_tile *bt = &sc->b->tiles[t];
    const ta_tile *art = art_of(sc, bt->type_index);
    if (art == NULL || k < 0 || k >= art->nparts)
        return;
    const ta_part *p = &art->part[k];
    rd_rgba solid = mark_colour(m, 1);
    if (cc_feature_is_monastery((cc_feature_type)p->type) && !*did_area) {
        /* the building, and the eight cells round it that it counts */
        *did_area = true;
        /* kept inside the board (the cells off it are empty anyway), so it
         * never runs over the axes or the caption */
        double x0 = cell_x(sc, bt->x > sc->minx ? bt->x - 1 : bt->x) + 4;
        double y0 = cell_y(sc, bt->y > sc->miny ? bt->y - 1 : bt->y) + 4;
        double x1 = cell_x(sc, (bt->x < sc->maxx ? bt->x + 1 : bt->x) + 1) - 4;
        double y1 = cell_y(sc, (bt->y < sc->maxy ? bt->y + 1 : bt->y) + 1) - 4;
        cairo_rectangle(sc->cr, x0, y0, x1 - x0, y1 - y0);
        rd_stroke(sc->cv, &(rd_pen){ solid, 3, true, 9 });
    }
    enter_cell(sc, bt->x, bt->y, bt->rot);
    switch ((cc_feature_type)p->type) {
    case CC_FEAT_CITY:
        ta_city_path(sc->cr, p);
        rd_fill(sc->cv, mark_colour(m, 0.3));
        ta_wall_path(sc->cr, p);
        rd_stroke(sc->cv, &(rd_pen){ solid, 0.05, true, 0 });
        open_border_path(sc, p, bt);
        rd_stroke(sc->cv, &(rd_pen){ solid, 0.05, false, 0.06 });
        break;
    case CC_FEAT_ROAD:
    case CC_FEAT_RIVER:
        ta_road_path(sc->cr, p);
        rd_stroke(sc->cv, &(rd_pen){ mark_colour(m, 0.75), 0.2, false, 0 });
        break;
    case CC_FEAT_FIELD:   /* tinted with its tile, under roads and cities */
        break;
    default:
        ta_building_path(sc->cr, bt->type);
        rd_fill_stroke(sc->cv, mark_colour(m, 0.25), &(rd_pen){ solid, 0.05, true, 0 });
        break;
    }
    leave_cell(sc);
}

static void feature_mark(scene *sc, const rd_mark *m)
{
    const cc_features *f = sc->f;
    if (m->feature < 0 || m->feature >= f->nfeatures)
        return;
    const cc_feature *feat = &f->features[m->feature];
    const cc_board_tile *nt = &sc->b->tiles[feat->name_tile];
    char x[16], y[16], at[8];
    snprintf(x, sizeof x, "%d", nt->x);
    snprintf(y, sizeof y, "%d", nt->y);
    cc_loc_name(feat->name_at, at);
    rd_attr attrs[] = { { "data-kind", m->role }, { "data-type", cc_feature_type_name(feat->type) },
                        { "data-x", x }, { "data-y", y }, { "data-at", at } };
    rd_group_begin(sc->cv, "highlight", attrs, 5, m->title[0] ? m->title : NULL, 1);
    bool did_area = false;
    for (int p = feat->first_part; p >= 0; p = f->parts[p].next)
        outline_part(sc, m, f->parts[p].tile, f->parts[p].k, &did_area);
    rd_group_end(sc->cv);
}

static void frame(scene *sc, const rd_mark *m)
{
    char x[16], y[16];
    snprintf(x, sizeof x, "%d", m->x);
    snprintf(y, sizeof y, "%d", m->y);
    rd_attr attrs[] = { { "data-kind", m->role }, { "data-x", x }, { "data-y", y } };
    rd_group_begin(sc->cv, "highlight", attrs, 3, m->title[0] ? m->title : NULL, 1);
    cairo_rectangle(sc->cr, cell_x(sc, m->x) + 2.5, cell_y(sc, m->y) + 2.5, sc->cell - 5, sc->cell - 5);
    rd_stroke(sc->cv, &(rd_pen){ mark_colour(m, 1), 5, true, 0 });
    rd_group_end(sc->cv);
}

static void arrow(scene *sc, rd_pt a, rd_pt b, rd_rgba c)
{
    double dx = b.x - a.x, dy = b.y - a.y, len = hypot(dx, dy);
    if (len < 20)
        return;
    double ux = dx / len, uy = dy / len;
    double stop = 17 * sc->zoom;   /* stop at the ring */
    rd_pt end = { b.x - ux * stop, b.y - uy * stop };
    rd_pt mid = { (a.x + end.x) / 2 - uy * len * 0.15, (a.y + end.y) / 2 + ux * len * 0.15 };
    cairo_move_to(sc->cr, a.x, a.y);
    cairo_curve_to(sc->cr, mid.x, mid.y, mid.x, mid.y, end.x, end.y);
    rd_stroke(sc->cv, &(rd_pen){ c, 3, true, 6 });
    double hx = end.x - mid.x, hy = end.y - mid.y, hl = hypot(hx, hy);
    if (hl < 1e-6)
        return;
    hx /= hl;
    hy /= hl;
    cairo_move_to(sc->cr, end.x + hx * 4, end.y + hy * 4);
    cairo_line_to(sc->cr, end.x - hx * 9 - hy * 6, end.y - hy * 9 + hx * 6);
    cairo_line_to(sc->cr, end.x - hx * 9 + hy * 6, end.y - hy * 9 - hx * 6);
    cairo_close_path(sc->cr);
    rd_fill(sc->cv, c);
}

static void spot(scene *sc, const rd_mark *m)
{
    char x[16], y[16], at[8];
    snprintf(x, sizeof x, "%d", m->x);
    snprintf(y, sizeof y, "%d", m->y);
    cc_loc_name(m->at, at);
    rd_attr attrs[] = { { "data-kind", m->role }, { "data-x", x }, { "data-y", y }, { "data-at", at } };
    rd_group_begin(sc->cv, "highlight", attrs, 4, m->title[0] ? m->title : NULL, 1);
    rd_pt p = loc_point(sc, m->x, m->y, m->at);
    if (m->arrow)
        arrow(sc, loc_point(sc, m->fx, m->fy, m->fat), p, mark_colour(m, 0.9));
    rd_circle(sc->cr, p.x, p.y, 15 * sc->zoom);
    rd_fill_stroke(sc->cv, mark_colour(m, 0.25), &(rd_pen){ mark_colour(m, 1), 4, true, 0 });
    if (m->refused) {   /* crossed out */
        double d = 8 * sc->zoom;
        cairo_move_to(sc->cr, p.x - d, p.y - d);
        cairo_line_to(sc->cr, p.x + d, p.y + d);
        cairo_move_to(sc->cr, p.x + d, p.y - d);
        cairo_line_to(sc->cr, p.x - d, p.y + d);
        rd_stroke(sc->cv, &(rd_pen){ mark_colour(m, 1), 4, true, 0 });
    }
    rd_group_end(sc->cv);
}

static void figures(scene *sc)
{
    for (int i = 0; i < sc->pos->nfigures; i++) {
        const cc_figure *fig = &sc->pos->figures[i];
        rd_pt p = sc->fig_pt[i];
        int sheep = 0;
        for (int s = 0; s < fig->nflock; s++)
            sheep += fig->flock[s];
        bool lying = figure_lies(sc, fig);
        const char *player = fig->player >= 0 && fig->player < sc->pos->nplayers
                                 ? sc->pos->players[fig->player] : "?";
        char x[16], y[16], at[8], flock[16], title[RD_TITLE_MAX];
        snprintf(x, sizeof x, "%d", fig->x);
        snprintf(y, sizeof y, "%d", fig->y);
        cc_loc_name(fig->at, at);
        snprintf(flock, sizeof flock, "%d", sheep);
        const char *kind = cc_figure_kind_name(fig->kind);
        const char *lang = sc->hl ? sc->hl->lang : NULL;
        rd_say(title, sizeof title, lang, &sc->failed, TX_RD_FIGURE, player,
               lying ? tx_word(lang, TX_RD_FARMER) : txt_term(lang, kind), fig->x, fig->y, at);
        if (fig->kind == CC_FIG_SHEPHERD) {
            size_t n = strlen(title);
            rd_say(title + n, sizeof title - n, lang, &sc->failed, TX_RD_FLOCK, sheep);
        }
        char where[96];   /* the box labels keep clear of (place_labels) */
        double size = FIG * sc->zoom * figure_box(fig->kind);
        snprintf(where, sizeof where, "%.1f %.1f %.1f %.1f", p.x - size / 2, p.y - size / 2, size, size);
        rd_attr attrs[] = { { "data-player", player }, { "data-kind", kind }, { "data-x", x },
                            { "data-y", y }, { "data-at", at }, { "data-box", where }, { "data-flock", flock } };
        rd_group_begin(sc->cv, "figure", attrs, fig->kind == CC_FIG_SHEPHERD ? 7 : 6, title, 1);
        rd_rgba c = fig->player >= 0 && fig->player < sc->pos->nplayers ? sc->player[fig->player]
                                                                          : rd_hex(0x888888, 1);
        rd_draw_figure(sc->cv, fig->kind, p.x, p.y, FIG * sc->zoom, c, lying, sheep);
        rd_group_end(sc->cv);
    }
}

/* The labels where place_labels put them; each group's data-box is its
 * pill (left, top, width, height in units). */
static void labels(scene *sc)
{
    for (int i = 0; sc->hl && i < sc->nlabels; i++) {   /* labels come from hl's marks */
        const placed_label *l = &sc->labels[i];
        const rd_mark *m = &sc->hl->marks[l->mark];
        char where[96];
        snprintf(where, sizeof where, "%.1f %.1f %.1f %.1f", l->b.x - l->b.w / 2, l->b.y - l->b.h / 2,
                 l->b.w, l->b.h);
        rd_attr attrs[] = { { "data-box", where } };
        rd_group_begin(sc->cv, "label", attrs, 1, NULL, 1);
        if (l->leader) {   /* moved away: a leader to its point */
            cairo_move_to(sc->cr, l->point.x, l->point.y + l->b.h / 2);
            cairo_line_to(sc->cr, l->b.x, l->b.y);
            rd_stroke(sc->cv, &(rd_pen){ mark_colour(m, 0.9), 1.5, false, 0 });
        }
        pill(sc, l->b, m->label, mark_colour(m, 1));
        rd_group_end(sc->cv);
    }
}

static void axes(scene *sc)
{
    double ts = sc->ts;
    rd_rgba ink = rd_hex(0x7a6e58, 1);
    double bottom = cell_y(sc, sc->maxy + 1), right = cell_x(sc, sc->maxx + 1);
    char n[16];
    rd_group_begin(sc->cv, "axes", NULL, 0, NULL, 1);
    for (int x = sc->minx; x <= sc->maxx; x++) {
        snprintf(n, sizeof n, "%d", x);
        double cx = cell_x(sc, x) + sc->cell / 2;
        rd_text(sc->cv, cx, sc->oy - 8 * ts, n, 12 * ts, RD_CENTRE, false, ink);
        rd_text(sc->cv, cx, bottom + 17 * ts, n, 12 * ts, RD_CENTRE, false, ink);
    }
    for (int y = sc->miny; y <= sc->maxy; y++) {
        snprintf(n, sizeof n, "%d", y);
        double cy = cell_y(sc, y) + sc->cell / 2 + 4 * ts;
        rd_text(sc->cv, sc->ox - 7, cy, n, 12 * ts, RD_RIGHT, false, ink);
        rd_text(sc->cv, right + 7, cy, n, 12 * ts, RD_LEFT, false, ink);
    }
    rd_text(sc->cv, sc->ox - 7, sc->oy - 8 * ts, "y\\x", 10 * ts, RD_RIGHT, false, ink);
    rd_group_end(sc->cv);
}

/* Player p's trade goods from x on the legend's line y: a group that
 * says them (data-wine, data-grain, data-cloth, its title in words), each
 * kind's symbol and count. */
static void legend_goods(scene *sc, int p, double x, double y)
{
    double ts = sc->ts;
    const int *held = sc->pos->goods[p];
    char n[CC_NGOODS][16], title[RD_TITLE_MAX];
    for (int g = 0; g < CC_NGOODS; g++)
        snprintf(n[g], sizeof n[g], "%d", held[g]);
    const char *lang = sc->hl ? sc->hl->lang : NULL;
    rd_say(title, sizeof title, lang, &sc->failed, TX_RD_GOODS, sc->pos->players[p], held[CC_GOODS_WINE],
           held[CC_GOODS_GRAIN], held[CC_GOODS_CLOTH]);
    rd_attr attrs[] = { { "data-player", sc->pos->players[p] }, { "data-wine", n[CC_GOODS_WINE] },
                        { "data-grain", n[CC_GOODS_GRAIN] }, { "data-cloth", n[CC_GOODS_CLOTH] } };
    rd_group_begin(sc->cv, "goods", attrs, 4, title, 1);
    for (int g = 0; g < CC_NGOODS; g++) {
        double r = GOODS_BADGE * ts / 2;
        ta_draw_goods(sc->cv, g, (rd_pt){ x + r, y }, r);
        x += 2 * r + 2 * ts;
        rd_text(sc->cv, x, y + 5 * ts, n[g], LEGEND_FONT * ts, RD_LEFT, false, rd_hex(0x2b2418, 1));
        x += rd_text_width(sc->cv, n[g], LEGEND_FONT * ts, false) + 6 * ts;
    }
    rd_group_end(sc->cv);
}

static void legend(scene *sc)
{
    rd_rgba ink = rd_hex(0x2b2418, 1);
    double ts = sc->ts;
    rd_text(sc->cv, PAD, PAD + 17 * ts, sc->title, 16 * ts, RD_LEFT, true, ink);
    rd_group_begin(sc->cv, "legend", NULL, 0, NULL, 1);
    for (int p = 0; p < sc->pos->nplayers; p++) {
        double x = PAD + sc->entry_x[p], y = sc->legend_y + (sc->entry_row[p] * LEGEND_ROW + 15) * ts;
        bool active = p == sc->pos->active;
        if (active) {
            cairo_move_to(sc->cr, x, y - 6 * ts);
            cairo_line_to(sc->cr, x + 8 * ts, y);
            cairo_line_to(sc->cr, x, y + 6 * ts);
            cairo_close_path(sc->cr);
            rd_fill(sc->cv, ink);
        }
        rd_draw_meeple(sc->cv, x + 22 * ts, y, 20 * ts, sc->player[p]);
        double tx = x + 38 * ts;
        rd_text(sc->cv, tx, y + 5 * ts, sc->pos->players[p], LEGEND_FONT * ts, RD_LEFT, active, ink);
        tx += rd_text_width(sc->cv, sc->pos->players[p], LEGEND_FONT * ts, active) + 8 * ts;
        char score[32];
        score_text(sc, p, score, sizeof score);
        rd_text(sc->cv, tx, y + 5 * ts, score, LEGEND_FONT * ts, RD_LEFT, true, rd_hex(0x5a4a2a, 1));
        if (shows_goods(sc))
            legend_goods(sc, p, tx + rd_text_width(sc->cv, score, LEGEND_FONT * ts, true) + 12 * ts, y);
    }
    rd_group_end(sc->cv);
}

static void caption(scene *sc)
{
    if (sc->nlines == 0)
        return;
    rd_group_begin(sc->cv, "caption", NULL, 0, NULL, 1);
    double ts = sc->ts;
    for (int i = 0; i < sc->nlines; i++) {
        double y = sc->caption_y + (13 + i * LINE_H) * ts;
        if (sc->line_mark[i] > 0) {   /* the colour of the mark this line explains */
            cairo_rectangle(sc->cr, PAD + 1, y - 10 * ts, 11 * ts, 11 * ts);
            rd_fill_stroke(sc->cv, rd_hex(mark_rgb[(sc->line_mark[i] - 1) % RD_NCOLOURS], 1),
                           &(rd_pen){ rd_hex(0x2b2418, 0.6), 1, false, 0 });
        }
        rd_text(sc->cv, PAD + sc->indent, y, sc->lines[i], CAPTION_FONT * ts, RD_LEFT, false,
                rd_hex(0x2b2418, 1));
    }
    rd_group_end(sc->cv);
}

/* The colour a highlight of that symbol wears (the builders' choice,
 * highlight.c: placements orange, spots and frames blue, refusals red). */
static rd_rgba key_accent(rd_key_symbol s)
{
    return rd_hex(mark_rgb[s == RD_KEY_FITS || s == RD_KEY_AREA || s == RD_KEY_OPEN ? 0
                           : s == RD_KEY_REFUSED ? 1 : 2], 1);
}

/* The key: "Key:", then each symbol drawn with its words, in rows. */
static void key(scene *sc)
{
    if (sc->nkey == 0)
        return;
    double ts = sc->ts;
    rd_rgba ink = rd_hex(0x2b2418, 1);
    const char *lang = sc->hl ? sc->hl->lang : NULL;
    char title[64];
    rd_say(title, sizeof title, lang, &sc->failed, TX_RD_KEY);
    rd_group_begin(sc->cv, "key", NULL, 0, NULL, 1);
    rd_text(sc->cv, PAD, sc->key_y + 15 * ts, title, CAPTION_FONT * ts, RD_LEFT, true, ink);
    for (int i = 0; i < sc->nkey; i++) {
        const key_entry *e = &sc->key[i];
        rd_attr attrs[] = { { "data-symbol", rd_key_name(e->symbol) } };
        rd_group_begin(sc->cv, "key-entry", attrs, 1, NULL, 1);
        double x = PAD + e->x, y = sc->key_y + e->row * KEY_ROW * ts;
        rd_key_swatch(sc->cv, e->symbol, x, y + 3 * ts, KEY_SWATCH * ts, key_accent(e->symbol));
        rd_text(sc->cv, x + (KEY_SWATCH + 5) * ts, y + 15 * ts, e->words, CAPTION_FONT * ts, RD_LEFT, false, ink);
        rd_group_end(sc->cv);
    }
    rd_group_end(sc->cv);
}

/* Tint the field parts of highlighted fields (drawn with their tiles, under
 * roads and cities). */
static bool tints(scene *sc)
{
    if (sc->hl == NULL)
        return true;
    for (int i = 0; i < sc->hl->nmarks; i++) {
        const rd_mark *m = &sc->hl->marks[i];
        if (m->kind != RD_MARK_FEATURE || m->feature < 0 || m->feature >= sc->f->nfeatures ||
            sc->f->features[m->feature].type != CC_FEAT_FIELD)
            continue;
        if (sc->tint == NULL) {
            sc->tint = malloc((size_t)(sc->b->ntiles > 0 ? sc->b->ntiles : 1) * sizeof *sc->tint);
            if (sc->tint == NULL)
                return false;
            memset(sc->tint, -1, (size_t)(sc->b->ntiles > 0 ? sc->b->ntiles : 1) * sizeof *sc->tint);
        }
        const cc_features *f = sc->f;
        for (int p = f->features[m->feature].first_part; p >= 0; p = f->parts[p].next)
            sc->tint[f->parts[p].tile][f->parts[p].k] = (int8_t)((m->colour % RD_NCOLOURS + RD_NCOLOURS) % RD_NCOLOURS);
    }
    return true;
}

static void draw(scene *sc)
{
    board_ground(sc);
    tiles(sc);
    for (int i = 0; sc->hl && i < sc->hl->nmarks; i++)
        if (sc->hl->marks[i].kind == RD_MARK_GHOST)
            ghost(sc, &sc->hl->marks[i]);
    for (int i = 0; sc->hl && i < sc->hl->nmarks; i++)
        if (sc->hl->marks[i].kind == RD_MARK_FEATURE)
            feature_mark(sc, &sc->hl->marks[i]);
    for (int i = 0; sc->hl && i < sc->hl->nmarks; i++)
        if (sc->hl->marks[i].kind == RD_MARK_FRAME)
            frame(sc, &sc->hl->marks[i]);
    figures(sc);
    for (int i = 0; sc->hl && i < sc->hl->nmarks; i++)
        if (sc->hl->marks[i].kind == RD_MARK_SPOT)
            spot(sc, &sc->hl->marks[i]);
    labels(sc);
    axes(sc);
    legend(sc);
    caption(sc);
    key(sc);
}

/* The caption as one paragraph, for the SVG's <desc>. */
static void description(const rd_highlight *hl, char *out, size_t n)
{
    out[0] = '\0';
    for (int i = 0; hl && i < hl->ncaption && i < RD_CAPTION_LINES; i++) {
        size_t len = strlen(out);
        snprintf(out + len, n - len, "%s%s", len ? " " : "", hl->caption[i]);
    }
}

bool rd_render(const cc_position *pos, const cc_features *f, const rd_highlight *hl,
               const rd_atlas *atlas, rd_format fmt, int width, rd_image *out)
{
    out->data = NULL;
    out->len = 0;
    scene sc;
    memset(&sc, 0, sizeof sc);
    sc.pos = pos;
    sc.f = f;
    sc.b = f->board;
    sc.cat = f->board->cat;
    sc.hl = hl;
    sc.atlas = atlas && atlas->cat == sc.cat ? atlas : NULL;
    rd_player_colours(pos, sc.player);
    sc.art = calloc((size_t)(sc.cat->ntypes > 0 ? sc.cat->ntypes : 1), sizeof(ta_tile *));
    /* Text is measured before the size is known: an SVG is sized at its
     * end, so it measures on itself; a PNG measures on a throw-away SVG. */
    rd_canvas *measure = rd_canvas_new(RD_SVG, 0, 0, 1);
    bool ok = sc.art != NULL && measure != NULL && tints(&sc);
    if (ok) {
        sc.cv = measure;
        sc.cr = rd_cairo(measure);
        bounds(&sc);
        default_title(&sc);
        layout(&sc);
        double scale = width > 0 ? width / sc.width : 1;
        if (width > 0 && sc.height * scale > RD_PNG_MAX_HEIGHT)
            scale = RD_PNG_MAX_HEIGHT / sc.height;
        if (fmt == RD_SVG) {
            rd_canvas_set_size(measure, sc.width, sc.height, scale);
            measure = NULL;   /* it is the picture's canvas now */
        } else {
            sc.cv = rd_canvas_new(fmt, sc.width, sc.height, scale);
            ok = sc.cv != NULL;
        }
    }
    rd_canvas_free(measure);
    if (ok) {
        sc.cr = rd_cairo(sc.cv);
        rd_canvas_paint(sc.cv, rd_hex(0xf6f1e6, 1));
        draw(&sc);
        char desc[RD_CAPTION_LINES * RD_CAPTION_MAX];
        description(hl, desc, sizeof desc);
        ok = !sc.failed && rd_canvas_finish(sc.cv, sc.title, desc, out);
        if (sc.failed)
            rd_canvas_free(sc.cv);
    }
    for (int i = 0; sc.art && i < sc.cat->ntypes; i++)
        free(sc.art[i]);
    free(sc.art);
    free(sc.tint);
    free(sc.labels);
    return ok;
}

void rd_release_caches(void)
{
    rd_fonts_release();
    cairo_debug_reset_static_data();
    FcFini();
}
