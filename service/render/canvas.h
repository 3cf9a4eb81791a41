/* canvas.h -- one drawing, two outputs: SVG text and PNG bytes.
 *
 * Owns: the surface the board drawing (render.c) paints on. The drawing
 * code builds every shape as a cairo path (cairo_move_to, cairo_arc,
 * cairo_curve_to ... under cairo's transforms) and then says what to do
 * with it: fill, stroke, both. What happens next depends on the format:
 *   PNG  cairo fills and strokes on an image surface (antialiased), and
 *        cairo_surface_write_to_png_stream() writes the bytes to memory;
 *   SVG  the canvas reads the same path back from cairo (cairo_copy_path,
 *        in device space, arcs already turned into Bezier curves) and
 *        writes it as a <path> element itself, inside the groups the
 *        drawing opens (<g class="tile" data-x ...><title>...</title>).
 * So both formats come from the same drawing code and the same geometry,
 * computed once by cairo; only the last step differs.
 *
 * Why the canvas writes the SVG instead of cairo's SVG surface. The picture
 * must carry per-tile and per-figure groups with data attributes and a
 * <title>, and no reference to anything outside it. Measured with Debian
 * 12's cairo 1.16.0:
 *   - cairo_tag_begin() (the tag API) writes nothing on an SVG surface (a
 *     CAIRO_TAG_LINK around a shape leaves the output unchanged): it serves
 *     PDF only;
 *   - the SVG surface buffers the page and writes it at finish as one
 *     <g id="surface1"> of anonymous paths: there is no point in the stream
 *     where our own <g> could be put around one tile's paths;
 *   - one SVG surface per tile, spliced into our document, costs 365 µs per
 *     surface (12 paths), 47 ms for a 128-tile board, against a budget of a
 *     few milliseconds for the whole picture, and each surface restarts its
 *     ids (surface1, glyph0-1) so splicing means rewriting them;
 *   - its text is glyph outlines referenced with xlink:href: a screen reader
 *     and a test see no words.
 * Writing the elements here keeps the structure ours (groups, titles, data
 * attributes, real <text> in a generic font family that readers and tests
 * can read), costs one cairo_copy_path per shape, and keeps cairo as the
 * single source of geometry and the only rasteriser.
 *
 * Coordinates: the drawing works in "units" (render.c: 100 per cell). An
 * SVG's viewBox is in units; a PNG is scaled by `scale` pixels per unit.
 * Text is only drawn untransformed (rd_text's x, y are units).
 *
 * Errors: out of memory, an SVG larger than RD_SVG_LIMIT, or a cairo error
 * marks the canvas failed; later calls do nothing and rd_canvas_finish()
 * returns false.
 *
 * Table of contents:
 *   rd_format, rd_image       SVG or PNG; the bytes out (malloc'ed)
 *   rd_rgba, rd_pen, rd_attr  a colour, a line style, one SVG attribute
 *   rd_canvas_new()           a blank canvas
 *   rd_canvas_set_size()      an SVG's size, when known after measuring text on it,
 *                             and the size it is shown at
 *   rd_canvas_paint()         cover the whole canvas with a colour (the background)
 *   rd_cairo()                the cairo context to build paths with
 *   rd_fill/stroke/fill_stroke()  paint the current path, then clear it
 *   rd_fill_outlined()        the stroke under the fill: an outline outside only
 *   rd_text(), rd_text_width()    a line of text, its advance
 *   rd_group_begin/end()      an SVG group with class, attributes, title,
 *                             opacity (PNG: only the opacity matters)
 *   rd_canvas_finish()        the bytes; frees the canvas
 *   rd_canvas_free()          drop a canvas without output
 *   rd_text_clean()           text made safe for XML and cairo
 *   rd_circle()               a circle as four Bezier curves (cheaper than cairo_arc)
 *   rd_fonts_load/release()   at start: make the text faces while memory is
 *                             plentiful; at exit: let them go
 */
#ifndef RD_CANVAS_H
#define RD_CANVAS_H

#include <cairo/cairo.h>
#include <stdbool.h>
#include <stddef.h>

#define RD_SVG_LIMIT (32u * 1024 * 1024)   /* no legal board comes near */

typedef enum { RD_SVG, RD_PNG } rd_format;

/* Output bytes; release with rd_image_free() (free(data) is the same). */
typedef struct {
    unsigned char *data;
    size_t len;
} rd_image;

void rd_image_free(rd_image *img);

/* At start, before any thread draws: load fontconfig's configuration and
 * make the faces text is drawn in, kept until rd_fonts_release() (at exit,
 * when nothing is drawn; rd_release_caches() calls it). Without it the
 * first picture does this, and fontconfig crashes if memory runs out then.
 * False if it failed (pictures then try again on their own). */
bool rd_fonts_load(void);
void rd_fonts_release(void);

typedef struct {
    double r, g, b, a;   /* 0..1 */
} rd_rgba;

/* 0xRRGGBB with alpha a. */
static inline rd_rgba rd_hex(unsigned rgb, double a)
{
    rd_rgba c = { ((rgb >> 16) & 0xff) / 255.0, ((rgb >> 8) & 0xff) / 255.0,
                  (rgb & 0xff) / 255.0, a };
    return c;
}

typedef struct {
    rd_rgba colour;
    double width;     /* in the user space current when stroking */
    bool round;       /* round caps and joins (roads, outlines), else butt/miter */
    double dash;      /* on/off length in the same space, 0 = solid */
} rd_pen;

typedef struct {
    const char *name;    /* an attribute name: trusted, written as is */
    const char *value;   /* escaped on output */
} rd_attr;

typedef enum { RD_LEFT, RD_CENTRE, RD_RIGHT } rd_anchor;

typedef struct rd_canvas rd_canvas;

/* A width x height units canvas, nothing painted. PNG: the image is
 * round(width * scale) x round(height * scale) pixels. SVG: scale is
 * ignored, and the size may be given later (rd_canvas_set_size) since the
 * document's header is written at the end. NULL when out of memory (or a
 * PNG larger than cairo allows). */
rd_canvas *rd_canvas_new(rd_format fmt, double width, double height, double scale);
/* An SVG's size in units, and the scale of its width and height
 * attributes (the size it is shown at; its viewBox stays in units). */
void rd_canvas_set_size(rd_canvas *cv, double width, double height, double display);
void rd_canvas_paint(rd_canvas *cv, rd_rgba colour);

cairo_t *rd_cairo(rd_canvas *cv);

void rd_fill(rd_canvas *cv, rd_rgba fill);
void rd_stroke(rd_canvas *cv, const rd_pen *pen);
void rd_fill_stroke(rd_canvas *cv, rd_rgba fill, const rd_pen *pen);
/* Stroke first, fill over it (half the stroke shows, outside the shape):
 * figures' rims. One SVG element (paint-order="stroke"). */
void rd_fill_outlined(rd_canvas *cv, rd_rgba fill, const rd_pen *pen);

/* One line of UTF-8 text, baseline at (x, y) in units, sans-serif. */
void rd_text(rd_canvas *cv, double x, double y, const char *text, double size,
             rd_anchor anchor, bool bold, rd_rgba colour);
/* Its advance in units (cairo's metrics of the font fontconfig picks for
 * sans-serif; a browser's may differ by a few per cent). */
double rd_text_width(rd_canvas *cv, const char *text, double size, bool bold);

/* Open a group: SVG <g class="cls" name="value"... opacity><title>. title
 * may be NULL, attrs may be NULL with nattrs 0; opacity 1 writes none.
 * Groups nest up to 8 deep. */
void rd_group_begin(rd_canvas *cv, const char *cls, const rd_attr *attrs, int nattrs,
                    const char *title, double opacity);
/* A group drawn at opacity < 1 whose drawing stays inside the rectangle
 * (x, y, w, h) of the current user space: PNG composes only that area
 * (a whole-picture group per ghost tile cost 5 ms each). */
void rd_group_begin_within(rd_canvas *cv, double opacity, double x, double y, double w, double h);
void rd_group_end(rd_canvas *cv);

/* Finish: title and desc become the SVG's <title> and <desc> (ignored for
 * PNG). On success *out owns the bytes. The canvas is freed either way. */
bool rd_canvas_finish(rd_canvas *cv, const char *title, const char *desc, rd_image *out);
void rd_canvas_free(rd_canvas *cv);

/* Copy UTF-8 text into out (size bytes), replacing what XML 1.0 and cairo
 * refuse (C0 controls but tab, invalid UTF-8, U+FFFE/U+FFFF) by '?'. Cut at a
 * character boundary. Returns out. */
char *rd_text_clean(char *out, size_t size, const char *text);

/* A new closed sub-path: the circle of radius r round (x, y). */
void rd_circle(cairo_t *cr, double x, double y, double r);

#endif
