/* test_render.c -- the drawing module (service/render/) without HTTP: the
 * SVG's structure (one group per tile and per figure with the data
 * attributes render.h promises, one per highlight, titles, nothing outside
 * itself, hostile names escaped), the PNG (a PNG, of the asked width, its
 * height capped), both formats painting the same colours at the same
 * places, the players' colours, text clean-up, and the tile geometry of
 * every catalog tile (each figure spot inside its feature and apart from
 * the others). */
#include <math.h>
#include <png.h>
#include <stdlib.h>
#include <string.h>

#include "../../../engine/placement.h"
#include "../../../service/render/colours.h"
#include "../../../service/render/render.h"
#include "../../../service/render/tile_art.h"
#include "../../support/testutil.h"

CC_SUITE(render);

typedef struct {
    cc_position pos;
    cc_board board;
    cc_features features;
} scene;

static scene *scene_new(int nplayers, unsigned exps)
{
    scene *s = calloc(1, sizeof *s);
    cr_assert_not_null(s);
    tu_pos(&s->pos, nplayers, exps);
    return s;
}

/* The README's example: the start tile, base.E north of it turned 180°,
 * red's meeple on the city it completes. */
static scene *readme_scene(void)
{
    scene *s = scene_new(2, 0);
    snprintf(s->pos.players[0], CC_NAME_MAX, "red");
    snprintf(s->pos.players[1], CC_NAME_MAX, "blue");
    tu_tile(&s->pos, "base.D", 0, 0, 0);
    tu_tile(&s->pos, "base.E", 0, -1, 180);
    tu_fig(&s->pos, 0, "meeple", 0, -1, "S");
    tu_build(&s->pos, &s->board, &s->features);
    return s;
}

static char *svg_of(const scene *s, const rd_highlight *hl)
{
    rd_image img;
    cr_assert(rd_render(&s->pos, &s->features, hl, NULL, RD_SVG, 0, &img));
    char *text = malloc(img.len + 1);
    cr_assert_not_null(text);
    memcpy(text, img.data, img.len);
    text[img.len] = '\0';
    cr_assert_eq(strlen(text), img.len, "the SVG holds a NUL byte");
    rd_image_free(&img);
    return text;
}

static int count(const char *hay, const char *needle)
{
    int n = 0;
    for (const char *p = strstr(hay, needle); p; p = strstr(p + 1, needle))
        n++;
    return n;
}

Test(render, svg_has_one_tile_group_per_tile_with_its_data_and_a_title)
{
    scene *s = readme_scene();
    char *svg = svg_of(s, NULL);
    cr_assert_eq(strncmp(svg, "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<svg ", 44), 0);
    cr_assert_eq(count(svg, "<g class=\"tile\""), 2);
    cr_assert_not_null(strstr(svg, "<g class=\"tile\" data-x=\"0\" data-y=\"-1\" data-tile=\"base.E\" "
                                   "data-rot=\"180\"><title>base.E at (0, -1), turned 180°</title>"));
    cr_assert_not_null(strstr(svg, "data-x=\"0\" data-y=\"0\" data-tile=\"base.D\" data-rot=\"0\"><title>"));
    cr_assert_eq(count(svg, "<g"), count(svg, "</g>"), "groups balance");
    cr_assert_eq(count(svg, "<title"), count(svg, "</title>"));
    cr_assert_not_null(strstr(svg, "<title id=\"picture-title\">Carcassonne: 2 tiles, 1 figure; red to play</title>"));
    free(svg);
    free(s);
}

Test(render, svg_has_one_figure_group_per_figure_with_player_kind_and_spot)
{
    scene *s = readme_scene();
    char *svg = svg_of(s, NULL);
    cr_assert_eq(count(svg, "<g class=\"figure\""), 1);
    cr_assert_not_null(strstr(svg, "<g class=\"figure\" data-player=\"red\" data-kind=\"meeple\" "
                                   "data-x=\"0\" data-y=\"-1\" data-at=\"S\" data-box=\""));
    cr_assert_not_null(strstr(svg, "\"><title>red's meeple at (0, -1) S</title>"));
    free(svg);
    free(s);
}

/* render.h: "refers to nothing outside itself". */
Test(render, svg_refers_to_nothing_outside_itself)
{
    scene *s = readme_scene();
    char *svg = svg_of(s, NULL);
    cr_assert_null(strstr(svg, "href"));
    cr_assert_null(strstr(svg, "url("));
    cr_assert_null(strstr(svg, "@import"));
    cr_assert_null(strstr(svg, "<image"));
    cr_assert_null(strstr(svg, "<script"));
    cr_assert_null(strstr(svg, "<style"));
    /* the only URI is the SVG namespace name, which nothing fetches */
    cr_assert_eq(count(svg, "http"), 1);
    cr_assert_not_null(strstr(svg, "xmlns=\"http://www.w3.org/2000/svg\""));
    cr_assert_not_null(strstr(svg, "font-family=\"sans-serif\""));
    free(svg);
    free(s);
}

Test(render, svg_escapes_what_a_player_name_may_hold)
{
    scene *s = readme_scene();
    snprintf(s->pos.players[0], CC_NAME_MAX, "<b>&\"'\x01x");
    char *svg = svg_of(s, NULL);
    cr_assert_null(strstr(svg, "<b>"));
    cr_assert_null(strchr(svg, '\x01'));
    cr_assert_not_null(strstr(svg, "data-player=\"&lt;b&gt;&amp;&quot;'?x\""));
    free(svg);
    free(s);
}

/* Every mark is one <g class="highlight" data-kind=...>; a label is drawn
 * for each mark that has one. */
Test(render, svg_has_one_highlight_group_per_mark)
{
    scene *s = readme_scene();
    rd_highlight hl;
    rd_highlight_init(&hl);
    rd_mark *m = rd_highlight_add(&hl, RD_MARK_FEATURE);
    m->feature = tu_feature(&s->features, 0, -1, "S");
    m->role = "event";
    snprintf(m->label, sizeof m->label, "+4 red");
    m = rd_highlight_add(&hl, RD_MARK_GHOST);
    m->role = "placement";
    m->x = 1;
    m->y = 0;
    m->type = cc_catalog_find(tu_catalog(), "base.E");
    m->rots = 1u << 3;
    m = rd_highlight_add(&hl, RD_MARK_SPOT);
    m->role = "deployment";
    m->x = 0;
    m->y = 0;
    m->at = cc_loc_make(CC_LOC_RING, CC_RING_E);
    m = rd_highlight_add(&hl, RD_MARK_FRAME);
    m->role = "last";
    m->x = 0;
    m->y = -1;
    rd_highlight_caption(&hl, "The city at (0, -1) S is complete: red scores 4.");
    char *svg = svg_of(s, &hl);
    cr_assert_eq(count(svg, "class=\"highlight\""), 4);
    cr_assert_not_null(strstr(svg, "<g class=\"highlight\" data-kind=\"event\" data-type=\"city\" "
                                   "data-x=\"0\" data-y=\"-1\" data-at=\"S\">"));
    cr_assert_not_null(strstr(svg, "data-kind=\"placement\" data-x=\"1\" data-y=\"0\" "
                                   "data-tile=\"base.E\" data-rot=\"270\""));
    cr_assert_not_null(strstr(svg, "data-kind=\"deployment\" data-x=\"0\" data-y=\"0\" data-at=\"E\""));
    cr_assert_not_null(strstr(svg, "data-kind=\"last\" data-x=\"0\" data-y=\"-1\""));
    cr_assert_eq(count(svg, "<g class=\"label\" data-box=\""), 1);
    cr_assert_not_null(strstr(svg, ">+4 red</text>"));
    cr_assert_not_null(strstr(svg, "<desc>The city at (0, -1) S is complete: red scores 4.</desc>"));
    cr_assert_not_null(strstr(svg, ">The city at (0, -1) S is complete: red scores 4.</text>"));
    /* the ghost cell widens the board: x runs to 1 on the axis */
    cr_assert_not_null(strstr(svg, ">1</text>"));
    free(svg);
    rd_highlight_free(&hl);
    free(s);
}

/* The atlas (every tile type worked out once, as the service keeps it) and
 * per-picture geometry give the same picture, byte for byte. */
Test(render, an_atlas_changes_nothing_but_the_cost)
{
    scene *s = readme_scene();
    rd_atlas *atlas = rd_atlas_new(tu_catalog());
    cr_assert_not_null(atlas);
    rd_image a, b;
    cr_assert(rd_render(&s->pos, &s->features, NULL, NULL, RD_SVG, 0, &a));
    cr_assert(rd_render(&s->pos, &s->features, NULL, atlas, RD_SVG, 0, &b));
    cr_assert_eq(a.len, b.len);
    cr_assert_eq(memcmp(a.data, b.data, a.len), 0);
    rd_image_free(&a);
    rd_image_free(&b);
    rd_atlas_free(atlas);
    free(s);
}

/* Marks naming what does not exist are skipped, not followed. */
Test(render, marks_out_of_range_are_skipped)
{
    scene *s = readme_scene();
    rd_highlight hl;
    rd_highlight_init(&hl);
    rd_highlight_add(&hl, RD_MARK_FEATURE)->feature = 9999;
    rd_highlight_add(&hl, RD_MARK_FEATURE)->feature = -5;
    rd_mark *g = rd_highlight_add(&hl, RD_MARK_GHOST);
    g->type = 100000;
    g->colour = -7;
    for (int i = 0; i < RD_CAPTION_LINES + 5; i++)
        rd_highlight_caption(&hl, "line %d", i);
    char *svg = svg_of(s, &hl);
    cr_assert_eq(count(svg, "class=\"highlight\""), 0);
    cr_assert_not_null(strstr(svg, "... and more"));
    free(svg);
    rd_highlight_free(&hl);
    free(s);
}

/* ---- PNG ------------------------------------------------------------------ */

typedef struct {
    png_uint_32 w, h;
    unsigned char *rgb;
} decoded;

static decoded png_of(const scene *s, const rd_highlight *hl, int width)
{
    rd_image img;
    cr_assert(rd_render(&s->pos, &s->features, hl, NULL, RD_PNG, width, &img));
    cr_assert_gt(img.len, 8);
    cr_assert_eq(memcmp(img.data, "\x89PNG\r\n\x1a\n", 8), 0, "a PNG signature");
    png_image pi;
    memset(&pi, 0, sizeof pi);
    pi.version = PNG_IMAGE_VERSION;
    cr_assert(png_image_begin_read_from_memory(&pi, img.data, img.len), "%s", pi.message);
    pi.format = PNG_FORMAT_RGB;
    decoded d = { pi.width, pi.height, malloc(PNG_IMAGE_SIZE(pi)) };
    cr_assert_not_null(d.rgb);
    cr_assert(png_image_finish_read(&pi, NULL, d.rgb, 0, NULL), "%s", pi.message);
    rd_image_free(&img);
    return d;
}

Test(render, png_is_the_asked_width)
{
    scene *s = readme_scene();
    decoded d = png_of(s, NULL, 500);
    cr_assert_eq(d.w, 500);
    cr_assert_gt(d.h, 100);
    free(d.rgb);
    free(s);
}

Test(render, png_taller_than_the_cap_is_scaled_to_fit)
{
    scene *s = scene_new(2, 0);
    tu_tile(&s->pos, "base.D", 0, 0, 90);   /* a road running north-south */
    for (int i = 1; i <= 8; i++)
        tu_tile(&s->pos, "base.U", 0, i, 90);
    tu_build(&s->pos, &s->board, &s->features);
    decoded d = png_of(s, NULL, RD_PNG_MAX_WIDTH);
    cr_assert_leq(d.h, RD_PNG_MAX_HEIGHT);
    cr_assert_geq(d.h, RD_PNG_MAX_HEIGHT - 1);
    cr_assert_lt(d.w, RD_PNG_MAX_WIDTH);
    free(d.rgb);
    free(s);
}

static bool near_rgb(const unsigned char *px, unsigned rgb, int tol)
{
    int r = (int)(rgb >> 16) & 255, g = (int)(rgb >> 8) & 255, b = (int)rgb & 255;
    return abs(px[0] - r) <= tol && abs(px[1] - g) <= tol && abs(px[2] - b) <= tol;
}

/* The same drawing in both formats: the SVG fills base.C (a city on all
 * four edges) and base.B's field with the colours the PNG shows there. */
Test(render, png_and_svg_paint_the_same_colours_in_the_same_places)
{
    scene *s = scene_new(2, 0);
    tu_tile(&s->pos, "base.C", 0, 0, 0);
    tu_tile(&s->pos, "base.B", 3, 0, 0);   /* not connected: validation is not needed here */
    cc_error err;
    cr_assert(cc_board_build(&s->board, tu_catalog(), &s->pos, &err));
    cc_features_build(&s->features, &s->board);
    char *svg = svg_of(s, NULL);
    const unsigned city = 0xcfa56a, field = 0x9cc95f;
    cr_assert_not_null(strstr(svg, "fill=\"#cfa56a\""));
    cr_assert_not_null(strstr(svg, "fill=\"#9cc95f\""));
    decoded d = png_of(s, NULL, 640);
    /* Count the pixels of each colour: wherever the layout puts the tiles,
     * each fills about a cell's worth of them. */
    int city_px = 0, field_px = 0;
    for (png_uint_32 y = 0; y < d.h; y++)
        for (png_uint_32 x = 0; x < d.w; x++) {
            const unsigned char *px = d.rgb + ((size_t)y * d.w + x) * 3;
            city_px += near_rgb(px, city, 2);
            field_px += near_rgb(px, field, 2);
        }
    /* A cell is about 640 / 632 * 100 px wide: a whole tile is ~10,000 px. */
    cr_assert_gt(city_px, 6000, "city pixels: %d", city_px);
    cr_assert_gt(field_px, 5000, "field pixels: %d", field_px);
    free(d.rgb);
    free(svg);
    free(s);
}

/* ---- colours and text -------------------------------------------------------- */

Test(render, a_player_named_after_a_css_colour_wears_it)
{
    cr_assert_eq(rd_css_colour("red"), 0xff0000);
    cr_assert_eq(rd_css_colour("RebeccaPurple"), 0x663399);
    cr_assert_eq(rd_css_colour(" teal "), 0x008080);
    cr_assert_eq(rd_css_colour("Alice"), -1);
    cr_assert_eq(rd_css_colour(""), -1);
    cc_position pos;
    tu_pos(&pos, 3, 0);
    snprintf(pos.players[1], CC_NAME_MAX, "Teal");
    rd_rgba c[CC_MAX_PLAYERS];
    rd_player_colours(&pos, c);
    cr_assert_float_eq(c[1].g, 128 / 255.0, 1e-6);
    cr_assert_float_eq(c[1].r, 0, 1e-6);
}

static bool same_colour(rd_rgba a, rd_rgba b)
{
    return a.r == b.r && a.g == b.g && a.b == b.b;
}

/* Unnamed players take the seat palette, never a colour another player
 * wears: "red" named at seat 2 pushes the seat-0 player off red. */
Test(render, players_without_a_colour_name_get_distinct_seat_colours)
{
    cc_position pos;
    tu_pos(&pos, 6, 0);
    snprintf(pos.players[2], CC_NAME_MAX, "red");
    rd_rgba c[CC_MAX_PLAYERS];
    rd_player_colours(&pos, c);
    for (int i = 0; i < 6; i++)
        for (int j = i + 1; j < 6; j++)
            cr_assert(!same_colour(c[i], c[j]), "players %d and %d share a colour", i, j);
    cr_assert(!(c[0].r > 0.8 && c[0].g < 0.3), "seat 0 is not red when a player is named red");
}

Test(render, text_is_cleaned_of_what_xml_and_cairo_refuse)
{
    char out[32];
    cr_assert_str_eq(rd_text_clean(out, sizeof out, "a\x01" "b\tc"), "a?b\tc");
    cr_assert_str_eq(rd_text_clean(out, sizeof out, "\xff\xc3\xa9t\xc3\xa9"), "?\xc3\xa9t\xc3\xa9");
    cr_assert_str_eq(rd_text_clean(out, sizeof out, "\xed\xa0\x80"), "???");   /* a surrogate */
    cr_assert_str_eq(rd_text_clean(out, sizeof out, "\xef\xbf\xbe"), "?");     /* U+FFFE */
    cr_assert_str_eq(rd_text_clean(out, 4, "\xc3\xa9\xc3\xa9"), "\xc3\xa9");   /* cut whole */
}

/* ---- the tile geometry of the whole catalog --------------------------------- */

static bool in_city_of(cairo_t *cr, const ta_part *p, rd_pt q)
{
    ta_city_path(cr, p);
    bool in = cairo_in_fill(cr, q.x, q.y);
    cairo_new_path(cr);
    return in;
}

/* A context for the tiles' hit tests at the drawing's precision and room
 * for one tile's geometry. */
typedef struct {
    cairo_surface_t *surf;
    cairo_t *cr;
    ta_tile *art;
} geometry;

static geometry geometry_new(void)
{
    geometry g = { cairo_image_surface_create(CAIRO_FORMAT_A8, 1, 1), NULL, malloc(sizeof *g.art) };
    g.cr = cairo_create(g.surf);
    cairo_scale(g.cr, 100, 100);
    cr_assert_not_null(g.art);
    return g;
}

static void geometry_free(geometry *g)
{
    free(g->art);
    cairo_destroy(g->cr);
    cairo_surface_destroy(g->surf);
}

/* Every feature of every tile type has a figure spot inside the square,
 * inside its own shape when it is a city, outside every city when it is a
 * field that touches an edge, and at least a tenth of a tile from every
 * other feature's spot: a figure is never drawn on the wrong feature. */
Test(render, every_catalog_tile_places_each_figure_on_its_own_feature)
{
    const cc_catalog *cat = tu_catalog();
    geometry g = geometry_new();
    cairo_t *cr = g.cr;
    ta_tile *art = g.art;
    for (int t = 0; t < cat->ntypes; t++) {
        const cc_tile_type *tt = &cat->types[t];
        ta_build(art, tt, cr);
        cr_assert_eq(art->nparts, tt->nfeatures);
        for (int k = 0; k < art->nparts; k++) {
            const ta_part *p = &art->part[k];
            rd_pt a = p->anchor;
            cr_assert(a.x > 0 && a.x < 1 && a.y > 0 && a.y < 1, "%s #%d: spot outside", tt->id, k);
            if (p->type == CC_FEAT_CITY && p->nruns > 0)
                cr_assert(in_city_of(cr, p, a), "%s #%d: city spot outside its city", tt->id, k);
            if (p->type == CC_FEAT_FIELD && !p->inner)
                for (int j = 0; j < art->nparts; j++)
                    if (art->part[j].type == CC_FEAT_CITY)
                        cr_assert(!in_city_of(cr, &art->part[j], a), "%s #%d: field spot in city #%d",
                                  tt->id, k, j);
            for (int j = 0; j < k; j++) {
                double d = hypot(a.x - art->part[j].anchor.x, a.y - art->part[j].anchor.y);
                cr_assert_geq(d, 0.1, "%s: spots of #%d and #%d %.3f apart", tt->id, j, k, d);
            }
        }
    }
    geometry_free(&g);
}

/* Traders & Builders: every city that shows trade goods has one badge per
 * kind it shows, inside that city and clear of the figure's spot (a badge
 * is 0.15 across: its centre 0.13 from the spot's keeps a standing figure
 * off most of it), so a city's goods never read as another feature's. */
Test(render, every_catalog_city_with_goods_shows_each_kind_inside_itself)
{
    const cc_catalog *cat = tu_catalog();
    geometry g = geometry_new();
    cairo_t *cr = g.cr;
    ta_tile *art = g.art;
    int badges = 0;
    for (int t = 0; t < cat->ntypes; t++) {
        const cc_tile_type *tt = &cat->types[t];
        ta_build(art, tt, cr);
        for (int k = 0; k < art->nparts; k++) {
            const ta_part *p = &art->part[k];
            int kinds = 0;
            for (int g = 0; g < CC_NGOODS; g++)
                kinds += tt->features[k].goods[g] > 0;
            cr_assert_eq(p->ngoods, kinds, "%s #%d: %d badges for %d kinds", tt->id, k, p->ngoods, kinds);
            for (int i = 0; i < p->ngoods; i++) {
                cr_assert_gt(tt->features[k].goods[p->goods_kind[i]], 0, "%s #%d: a kind it lacks", tt->id, k);
                cr_assert(in_city_of(cr, p, p->goods_at[i]), "%s #%d: goods outside its city", tt->id, k);
                double d = hypot(p->goods_at[i].x - p->anchor.x, p->goods_at[i].y - p->anchor.y);
                cr_assert_geq(d, 0.13, "%s #%d: goods %.3f from the figure's spot", tt->id, k, d);
                badges++;
            }
        }
    }
    cr_assert_geq(badges, 20, "the Traders & Builders cities show their goods");
    geometry_free(&g);
}

/* Turning a point a quarter turn four times gives it back; N's midpoint
 * turned once is E's. */
Test(render, rotation_of_spots_matches_the_board_orientation)
{
    rd_pt n = ta_perimeter(1), e = ta_perimeter(3);
    rd_pt r = ta_rotate(n, 1);
    cr_assert_float_eq(r.x, e.x, 1e-9);
    cr_assert_float_eq(r.y, e.y, 1e-9);
    rd_pt q = { 0.2, 0.7 };
    rd_pt back = ta_rotate(q, 4);
    cr_assert_float_eq(back.x, q.x, 1e-9);
    cr_assert_float_eq(back.y, q.y, 1e-9);
}
