/* key.c -- see key.h. */
#include "key.h"

#include <math.h>
#include <stdio.h>

#include "../../engine/position.h"
#include "../text/format.h"
#include "figures.h"
#include "render.h"
#include "tile_art.h"

/* The tiles' symbols are ta_symbol's, in the same order: the swatch hands
 * them to ta_draw_symbol() as they are. */
_Static_assert((int)RD_KEY_CATHEDRAL == (int)TA_SYM_CATHEDRAL && (int)RD_KEY_MEEPLE == (int)TA_NSYMS,
               "rd_key_symbol starts with ta_symbol");

static const char *const names[RD_NKEYS] = {
    [RD_KEY_HOUSE] = "house",     [RD_KEY_PENNANT] = "pennant", [RD_KEY_CLOISTER] = "cloister",
    [RD_KEY_SHRINE] = "shrine",   [RD_KEY_ABBEY] = "abbey",     [RD_KEY_HILL] = "hill",
    [RD_KEY_VINEYARD] = "vineyard", [RD_KEY_COURT] = "court",   [RD_KEY_RIVER] = "river",
    [RD_KEY_VOLCANO] = "volcano", [RD_KEY_INN] = "inn",         [RD_KEY_CATHEDRAL] = "cathedral",
                                  [RD_KEY_WINE] = "wine",       [RD_KEY_GRAIN] = "grain",
    [RD_KEY_CLOTH] = "cloth",     [RD_KEY_BUILDER] = "builder", [RD_KEY_PIG] = "pig",
    [RD_KEY_MEEPLE] = "meeple",   [RD_KEY_BIG] = "big",
    [RD_KEY_FARMER] = "farmer",
    [RD_KEY_MAYOR] = "mayor",     [RD_KEY_WAGON] = "wagon",     [RD_KEY_BARN] = "barn",
    [RD_KEY_SHEPHERD] = "shepherd", [RD_KEY_FLOCK] = "flock",   [RD_KEY_FITS] = "fits",
    [RD_KEY_AREA] = "cloister-area", [RD_KEY_OPEN] = "open-edge", [RD_KEY_SPOT] = "spot",
    [RD_KEY_REFUSED] = "refused", [RD_KEY_ARROW] = "wagon-way", [RD_KEY_FRAME] = "frame",
};

const char *rd_key_name(rd_key_symbol s)
{
    return (unsigned)s < RD_NKEYS ? names[s] : "";
}

char *rd_key_words(rd_key_symbol s, const char *lang, bool *failed, char *out, size_t n)
{
    /* the figures and two buildings are the game's own terms */
    static const char *const terms[RD_NKEYS] = {
        [RD_KEY_CLOISTER] = "cloister", [RD_KEY_SHRINE] = "shrine", [RD_KEY_MEEPLE] = "meeple",
        [RD_KEY_MAYOR] = "mayor",       [RD_KEY_WAGON] = "wagon",   [RD_KEY_BARN] = "barn",
        [RD_KEY_SHEPHERD] = "shepherd", [RD_KEY_BIG] = "big",       [RD_KEY_BUILDER] = "builder",
        [RD_KEY_PIG] = "pig",
    };
    static const tx_id phrases[RD_NKEYS] = {
        [RD_KEY_HOUSE] = TX_RD_KEY_HOUSE,   [RD_KEY_PENNANT] = TX_RD_KEY_PENNANT,
        [RD_KEY_ABBEY] = TX_RD_KEY_ABBEY,   [RD_KEY_HILL] = TX_RD_KEY_HILL,
        [RD_KEY_VINEYARD] = TX_RD_KEY_VINEYARD, [RD_KEY_COURT] = TX_RD_KEY_COURT,
        [RD_KEY_RIVER] = TX_RD_KEY_RIVER,   [RD_KEY_VOLCANO] = TX_RD_KEY_VOLCANO,
        [RD_KEY_INN] = TX_RD_KEY_INN,       [RD_KEY_CATHEDRAL] = TX_RD_KEY_CATHEDRAL,
        [RD_KEY_FARMER] = TX_RD_FARMER,     [RD_KEY_FLOCK] = TX_RD_KEY_FLOCK,
        [RD_KEY_FITS] = TX_RD_KEY_FITS,     [RD_KEY_AREA] = TX_RD_KEY_AREA,
        [RD_KEY_OPEN] = TX_RD_KEY_OPEN,     [RD_KEY_SPOT] = TX_RD_KEY_SPOT,
        [RD_KEY_REFUSED] = TX_RD_KEY_REFUSED, [RD_KEY_ARROW] = TX_RD_KEY_ARROW,
        [RD_KEY_FRAME] = TX_RD_KEY_FRAME,
    };
    if (s >= RD_KEY_WINE && s <= RD_KEY_CLOTH)   /* "wine (trade goods)" */
        rd_say(out, n, lang, failed, TX_RD_KEY_GOODS, txt_term(lang, cc_goods_name((cc_goods)(s - RD_KEY_WINE))));
    else if ((unsigned)s < RD_NKEYS && terms[s] != NULL)
        snprintf(out, n, "%s", txt_term(lang, terms[s]));
    else if ((unsigned)s < RD_NKEYS)
        rd_say(out, n, lang, failed, phrases[s]);
    else if (n > 0)
        out[0] = '\0';
    return out;
}

/* A dashed square inset in the swatch, as ghosts and areas are framed. */
static void dashed(rd_canvas *cv, double x, double y, double size, rd_rgba c, double inset)
{
    cairo_rectangle(rd_cairo(cv), x + inset, y + inset, size - 2 * inset, size - 2 * inset);
    rd_stroke(cv, &(rd_pen){ c, size * 0.09, true, size * 0.2 });
}

static void ring(rd_canvas *cv, double x, double y, double size, rd_rgba c)
{
    rd_circle(rd_cairo(cv), x + size / 2, y + size / 2, size * 0.36);
    rd_rgba fill = c;
    fill.a = 0.25;
    rd_fill_stroke(cv, fill, &(rd_pen){ c, size * 0.12, true, 0 });
}

void rd_key_swatch(rd_canvas *cv, rd_key_symbol s, double x, double y, double size, rd_rgba accent)
{
    cairo_t *cr = rd_cairo(cv);
    rd_rgba grey = rd_hex(0x9a9a9a, 1);
    if ((int)s < (int)TA_NSYMS) {
        cairo_save(cr);
        cairo_translate(cr, x, y);
        cairo_scale(cr, size, size);
        ta_draw_symbol(cv, (ta_symbol)s);
        cairo_restore(cr);
        return;
    }
    double cx = x + size / 2, cy = y + size / 2;
    switch (s) {
    case RD_KEY_MEEPLE:
    case RD_KEY_FARMER:
        rd_draw_figure(cv, CC_FIG_MEEPLE, cx, cy, size * 0.9, grey, s == RD_KEY_FARMER, 0);
        break;
    case RD_KEY_BIG:   /* drawn 1.5 times a meeple's size: the swatch's 0.9 */
        rd_draw_figure(cv, CC_FIG_BIG, cx, cy, size * 0.6, grey, false, 0);
        break;
    case RD_KEY_MAYOR:
        rd_draw_figure(cv, CC_FIG_MAYOR, cx, cy, size * 0.75, grey, false, 0);
        break;
    case RD_KEY_WAGON:
        rd_draw_figure(cv, CC_FIG_WAGON, cx, cy, size * 0.9, grey, false, 0);
        break;
    case RD_KEY_BARN:
        rd_draw_figure(cv, CC_FIG_BARN, cx, cy, size * 0.8, grey, false, 0);
        break;
    case RD_KEY_SHEPHERD:
        rd_draw_figure(cv, CC_FIG_SHEPHERD, cx, cy, size * 0.9, grey, false, 0);
        break;
    case RD_KEY_FLOCK:
        rd_draw_flock(cv, cx, cy, size * 1.3, 3);
        break;
    case RD_KEY_BUILDER:
        rd_draw_figure(cv, CC_FIG_BUILDER, cx, cy, size * 0.8, grey, false, 0);
        break;
    case RD_KEY_PIG:
        rd_draw_figure(cv, CC_FIG_PIG, cx, cy, size * 0.8, grey, false, 0);
        break;
    case RD_KEY_FITS:
        cairo_rectangle(cr, x, y, size, size);
        rd_fill(cv, rd_hex(0x9cc95f, 0.45));
        dashed(cv, x, y, size, accent, size * 0.06);
        break;
    case RD_KEY_AREA:
        dashed(cv, x, y, size, accent, size * 0.06);
        cairo_rectangle(cr, cx - size * 0.14, cy - size * 0.14, size * 0.28, size * 0.28);
        rd_fill(cv, accent);
        break;
    case RD_KEY_OPEN:
        cairo_rectangle(cr, x, y, size, size * 0.55);
        rd_fill(cv, rd_hex(0xcfa56a, 1));
        cairo_move_to(cr, x, y + size * 0.55);
        cairo_line_to(cr, x + size, y + size * 0.55);
        rd_stroke(cv, &(rd_pen){ accent, size * 0.12, false, size * 0.15 });
        break;
    case RD_KEY_SPOT:
        ring(cv, x, y, size, accent);
        break;
    case RD_KEY_REFUSED:
        ring(cv, x, y, size, accent);
        cairo_move_to(cr, cx - size * 0.2, cy - size * 0.2);
        cairo_line_to(cr, cx + size * 0.2, cy + size * 0.2);
        cairo_move_to(cr, cx + size * 0.2, cy - size * 0.2);
        cairo_line_to(cr, cx - size * 0.2, cy + size * 0.2);
        rd_stroke(cv, &(rd_pen){ accent, size * 0.12, true, 0 });
        break;
    case RD_KEY_ARROW:
        cairo_move_to(cr, x, y + size * 0.8);
        cairo_curve_to(cr, x + size * 0.3, y + size * 0.2, x + size * 0.5, y + size * 0.3, x + size * 0.75,
                       y + size * 0.35);
        rd_stroke(cv, &(rd_pen){ accent, size * 0.1, true, size * 0.18 });
        cairo_move_to(cr, x + size, y + size * 0.35);
        cairo_line_to(cr, x + size * 0.7, y + size * 0.15);
        cairo_line_to(cr, x + size * 0.7, y + size * 0.55);
        cairo_close_path(cr);
        rd_fill(cv, accent);
        break;
    case RD_KEY_FRAME:
        cairo_rectangle(cr, x + size * 0.08, y + size * 0.08, size * 0.84, size * 0.84);
        rd_stroke(cv, &(rd_pen){ accent, size * 0.14, true, 0 });
        break;
    default:
        break;
    }
}
