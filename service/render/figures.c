/* figures.c -- see figures.h. Every silhouette is drawn in a box one unit
 * high centred on the figure's point (cairo scales it to `size`): first the
 * outline (a wide stroke of the same path), then the fill over it, so the
 * outline shows only outside the shape. */
#include "figures.h"

#include <math.h>
#include <stdio.h>

#include "colours.h"

static rd_rgba outline_for(rd_rgba c)
{
    rd_rgba ink = rd_ink_on(c);
    /* Dark figures get a light rim, light ones a dark rim. */
    return ink.r > 0.5 ? rd_hex(0xf7f3ea, 1) : rd_hex(0x1a1a1a, 1);
}

/* Outline, then fill, of the current path. */
static void paint(rd_canvas *cv, rd_rgba colour, double rim)
{
    rd_fill_outlined(cv, colour, &(rd_pen){ outline_for(colour), rim, true, 0 });
}

static void meeple_path(cairo_t *cr)
{
    static const double body[][2] = {
        { -0.10, -0.16 }, { -0.44, -0.06 }, { -0.46, 0.06 }, { -0.18, 0.04 }, { -0.34, 0.46 },
        { -0.07, 0.46 },  { 0, 0.26 },      { 0.07, 0.46 },  { 0.34, 0.46 },  { 0.18, 0.04 },
        { 0.46, 0.06 },   { 0.44, -0.06 },  { 0.10, -0.16 },
    };
    rd_circle(cr, 0, -0.3, 0.165);
    cairo_close_path(cr);
    cairo_move_to(cr, body[0][0], body[0][1]);
    for (size_t i = 1; i < sizeof body / sizeof body[0]; i++)
        cairo_line_to(cr, body[i][0], body[i][1]);
    cairo_close_path(cr);
}

static void meeple(rd_canvas *cv, rd_rgba colour, double rim)
{
    meeple_path(rd_cairo(cv));
    paint(cv, colour, rim);
}

static void crown(rd_canvas *cv)
{
    cairo_t *cr = rd_cairo(cv);
    cairo_move_to(cr, -0.15, -0.42);
    cairo_line_to(cr, -0.17, -0.6);
    cairo_line_to(cr, -0.07, -0.5);
    cairo_line_to(cr, 0, -0.63);
    cairo_line_to(cr, 0.07, -0.5);
    cairo_line_to(cr, 0.17, -0.6);
    cairo_line_to(cr, 0.15, -0.42);
    cairo_close_path(cr);
    paint(cv, rd_hex(0xf2c230, 1), 0.05);
}

static void wagon(rd_canvas *cv, rd_rgba colour, double rim)
{
    cairo_t *cr = rd_cairo(cv);
    /* the cover (an arch) over the cart's box */
    cairo_move_to(cr, -0.42, 0.1);
    cairo_line_to(cr, -0.42, -0.1);
    cairo_curve_to(cr, -0.42, -0.42, 0.42, -0.42, 0.42, -0.1);
    cairo_line_to(cr, 0.42, 0.1);
    cairo_close_path(cr);
    cairo_rectangle(cr, -0.5, 0.05, 1.0, 0.2);
    paint(cv, colour, rim);
    for (int i = 0; i < 2; i++) {
        rd_circle(cr, i ? 0.28 : -0.28, 0.3, 0.14);
    }
    paint(cv, rd_hex(0x4a3a2a, 1), rim * 0.6);
}

static void barn(rd_canvas *cv, rd_rgba colour, double rim)
{
    cairo_t *cr = rd_cairo(cv);
    cairo_move_to(cr, -0.45, 0.42);
    cairo_line_to(cr, -0.45, -0.1);
    cairo_line_to(cr, -0.3, -0.38);
    cairo_line_to(cr, 0, -0.5);
    cairo_line_to(cr, 0.3, -0.38);
    cairo_line_to(cr, 0.45, -0.1);
    cairo_line_to(cr, 0.45, 0.42);
    cairo_close_path(cr);
    paint(cv, colour, rim);
    cairo_rectangle(cr, -0.14, 0.06, 0.28, 0.36);   /* the door, crossed */
    cairo_move_to(cr, -0.14, 0.06);
    cairo_line_to(cr, 0.14, 0.42);
    cairo_move_to(cr, 0.14, 0.06);
    cairo_line_to(cr, -0.14, 0.42);
    rd_stroke(cv, &(rd_pen){ outline_for(colour), rim * 0.5, true, 0 });
}

static void crook(rd_canvas *cv, rd_rgba colour)
{
    cairo_t *cr = rd_cairo(cv);
    cairo_move_to(cr, 0.5, 0.48);
    cairo_line_to(cr, 0.5, -0.42);
    cairo_arc_negative(cr, 0.4, -0.42, 0.1, 0, M_PI);
    rd_stroke(cv, &(rd_pen){ outline_for(colour), 0.13, true, 0 });
    cairo_move_to(cr, 0.5, 0.48);
    cairo_line_to(cr, 0.5, -0.42);
    cairo_arc_negative(cr, 0.4, -0.42, 0.1, 0, M_PI);
    rd_stroke(cv, &(rd_pen){ rd_hex(0x8a6a3a, 1), 0.06, true, 0 });
}

/* The builder (Traders & Builders): a slimmer meeple in an orange hard
 * hat, holding up a hammer, so it is told from a meeple by its outline and
 * by its hat even when small. */
static void builder(rd_canvas *cv, rd_rgba colour, double rim)
{
    cairo_t *cr = rd_cairo(cv);
    for (int pass = 0; pass < 2; pass++) {   /* the hammer's handle: outline, then wood */
        cairo_move_to(cr, 0.26, 0.08);
        cairo_line_to(cr, 0.42, -0.38);
        rd_stroke(cv, &(rd_pen){ pass ? rd_hex(0x8a6a3a, 1) : outline_for(colour), pass ? 0.08 : 0.17, true, 0 });
    }
    cairo_rectangle(cr, 0.27, -0.53, 0.3, 0.16);   /* its head */
    paint(cv, rd_hex(0x8d939b, 1), rim * 0.6);
    cairo_save(cr);
    cairo_scale(cr, 0.72, 1.08);
    meeple_path(cr);
    cairo_restore(cr);
    paint(cv, colour, rim);
    cairo_move_to(cr, -0.2, -0.37);   /* the hard hat: a brim and a dome */
    cairo_line_to(cr, -0.14, -0.37);
    cairo_curve_to(cr, -0.14, -0.56, 0.14, -0.56, 0.14, -0.37);
    cairo_line_to(cr, 0.2, -0.37);
    cairo_line_to(cr, 0.2, -0.32);
    cairo_line_to(cr, -0.2, -0.32);
    cairo_close_path(cr);
    paint(cv, rd_hex(0xf08c00, 1), rim * 0.6);
}

/* The pig (Traders & Builders): a body on four legs, its head with an ear
 * and a snout, a curled tail; wider than high, unlike every follower. */
static void pig(rd_canvas *cv, rd_rgba colour, double rim)
{
    cairo_t *cr = rd_cairo(cv);
    for (int i = 0; i < 4; i++) {   /* the legs, under the body */
        static const double x[4] = { -0.3, -0.14, 0.1, 0.26 };
        cairo_rectangle(cr, x[i] - 0.06, 0.08, 0.12, 0.28);
    }
    cairo_move_to(cr, -0.4, -0.06);   /* the tail */
    cairo_curve_to(cr, -0.56, -0.12, -0.52, -0.3, -0.44, -0.22);
    paint(cv, colour, rim);
    cairo_save(cr);
    cairo_translate(cr, -0.04, 0.02);
    cairo_scale(cr, 0.4, 0.24);
    rd_circle(cr, 0, 0, 1);
    cairo_restore(cr);
    rd_circle(cr, 0.32, -0.1, 0.17);     /* the head */
    cairo_move_to(cr, 0.22, -0.2);       /* an ear */
    cairo_line_to(cr, 0.26, -0.38);
    cairo_line_to(cr, 0.36, -0.24);
    cairo_close_path(cr);
    paint(cv, colour, rim);
    cairo_save(cr);   /* the snout */
    cairo_translate(cr, 0.48, -0.06);
    cairo_scale(cr, 0.05, 0.08);
    rd_circle(cr, 0, 0, 1);
    cairo_restore(cr);
    paint(cv, rd_hex(0xf0a3b0, 1), rim * 0.5);
}

/* A sheep with the flock's size on it, beside the shepherd. */
void rd_draw_flock(rd_canvas *cv, double x, double y, double size, int sheep)
{
    cairo_t *cr = rd_cairo(cv);
    double r = size * 0.3;
    for (int i = 0; i < 5; i++) {
        double a = i * 2 * M_PI / 5;
        rd_circle(cr, x + cos(a) * r * 0.45, y + sin(a) * r * 0.35, r * 0.6);
    }
    rd_fill_outlined(cv, rd_hex(0xfbfaf5, 1), &(rd_pen){ rd_hex(0x333333, 1), size * 0.06, true, 0 });
    char n[16];
    snprintf(n, sizeof n, "%d", sheep);
    rd_text(cv, x, y + size * 0.11, n, size * 0.34, RD_CENTRE, true, rd_hex(0x222222, 1));
}

void rd_draw_meeple(rd_canvas *cv, double x, double y, double size, rd_rgba colour)
{
    cairo_t *cr = rd_cairo(cv);
    cairo_save(cr);
    cairo_translate(cr, x, y);
    cairo_scale(cr, size, size);
    meeple(cv, colour, 0.09);
    cairo_restore(cr);
}

void rd_draw_figure(rd_canvas *cv, cc_figure_kind kind, double x, double y, double size,
                    rd_rgba colour, bool lying, int sheep)
{
    cairo_t *cr = rd_cairo(cv);
    cairo_save(cr);
    cairo_translate(cr, x, y);
    /* The large meeple is drawn half as large again as a meeple, so it is
     * told apart at a glance as in the box. */
    double s = kind == CC_FIG_MAYOR ? size * 1.2
             : kind == CC_FIG_BARN  ? size * 1.1
             : kind == CC_FIG_BIG   ? size * 1.5
                                    : size;
    cairo_scale(cr, s, s);
    const double rim = 0.09;
    switch (kind) {
    case CC_FIG_MAYOR:
        meeple(cv, colour, rim);
        crown(cv);
        break;
    case CC_FIG_WAGON:
        wagon(cv, colour, rim);
        break;
    case CC_FIG_BARN:
        barn(cv, colour, rim);
        break;
    case CC_FIG_SHEPHERD:
        meeple(cv, colour, rim);
        crook(cv, colour);
        break;
    case CC_FIG_BUILDER:
        builder(cv, colour, rim);
        break;
    case CC_FIG_PIG:
        pig(cv, colour, rim);
        break;
    case CC_FIG_MEEPLE:
    case CC_FIG_BIG:
    default:
        if (lying)
            cairo_rotate(cr, -M_PI / 2);
        meeple(cv, colour, rim);
        break;
    }
    cairo_restore(cr);
    if (kind == CC_FIG_SHEPHERD && sheep > 0)
        rd_draw_flock(cv, x + size * 0.62, y + size * 0.3, size, sheep);
}
