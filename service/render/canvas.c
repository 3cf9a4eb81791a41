/* canvas.c -- see canvas.h (why the SVG is written here, and how).
 *
 * Contents: the canvas and its two back ends; the SVG writer (a staging
 * buffer in front of a dbuf, numbers to one decimal without printf, XML
 * escaping); text clean-up. */
#include "canvas.h"

#include <math.h>
#include <png.h>
#include <setjmp.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../wire/dynbuf.h"

#define MAX_DEPTH 8
#define STAGE 4096
#define TEXT_MAX 512
#define FONTS 8

/* A scaled font per (size, weight) in use, made once per canvas: selecting
 * a toy font face for every measure cost a third of an SVG picture. */
typedef struct {
    double size;
    bool bold;
    cairo_scaled_font_t *font;
} font_slot;

struct rd_canvas {
    rd_format fmt;
    cairo_surface_t *surface;
    cairo_t *cr;
    bool failed;
    int depth;
    double opacity[MAX_DEPTH];   /* PNG: the groups pushed with cairo_push_group */
    bool clipped[MAX_DEPTH];     /* PNG: a cairo_save + clip to undo at the end */
    double width, height;        /* units */
    double display;              /* SVG: width/height attributes = units x display */
    cairo_matrix_t base;         /* the CTM text is drawn under (units -> device) */
    int nfonts;
    font_slot fonts[FONTS];
    /* SVG only */
    dbuf out;
    size_t nstage;
    char stage[STAGE];
};

void rd_image_free(rd_image *img)
{
    free(img->data);
    img->data = NULL;
    img->len = 0;
}

/* ---- the SVG writer ------------------------------------------------------ */

static void flush(rd_canvas *cv)
{
    if (cv->nstage > 0 && !cv->failed && !dbuf_add(&cv->out, cv->stage, cv->nstage))
        cv->failed = true;
    cv->nstage = 0;
}

static void put(rd_canvas *cv, const char *s, size_t n)
{
    if (cv->failed)
        return;
    if (cv->nstage + n > STAGE) {
        flush(cv);
        if (n > STAGE) {
            if (!cv->failed && !dbuf_add(&cv->out, s, n))
                cv->failed = true;
            return;
        }
    }
    memcpy(cv->stage + cv->nstage, s, n);
    cv->nstage += n;
}

static void puts_(rd_canvas *cv, const char *s)
{
    put(cv, s, strlen(s));
}

/* v to one decimal ("12.5", "-3", "0"): the SVG's precision is a tenth of a
 * unit, a thousandth of a cell. Hand-made: snprintf("%.1f") per coordinate
 * was most of the SVG's cost. */
static void num(rd_canvas *cv, double v)
{
    if (cv->nstage + 24 > STAGE)
        flush(cv);
    if (cv->failed)
        return;
    if (!(v > -1e9 && v < 1e9))   /* NaN or absurd: never from our geometry */
        v = 0;
    long t = (long)(v * 10 + (v < 0 ? -0.5 : 0.5));
    char digits[24], *p = digits + sizeof digits;
    bool neg = t < 0;
    unsigned long u = (unsigned long)(neg ? -t : t);
    unsigned long frac = u % 10, whole = u / 10;
    if (frac) {
        *--p = (char)('0' + frac);
        *--p = '.';
    }
    do {
        *--p = (char)('0' + whole % 10);
        whole /= 10;
    } while (whole);
    if (neg)
        *--p = '-';
    size_t n = (size_t)(digits + sizeof digits - p);
    memcpy(cv->stage + cv->nstage, p, n);
    cv->nstage += n;
}

static void colour_attr(rd_canvas *cv, const char *name, rd_rgba c)
{
    static const char hex[] = "0123456789abcdef";
    char buf[48];
    size_t n = 0;
    buf[n++] = ' ';
    for (const char *q = name; *q && n < 20; q++)
        buf[n++] = *q;
    buf[n++] = '=';
    buf[n++] = '"';
    buf[n++] = '#';
    const double ch[3] = { c.r, c.g, c.b };
    for (int i = 0; i < 3; i++) {
        int v = (int)(ch[i] * 255 + 0.5);
        v = v < 0 ? 0 : v > 255 ? 255 : v;
        buf[n++] = hex[v >> 4];
        buf[n++] = hex[v & 15];
    }
    buf[n++] = '"';
    put(cv, buf, n);
    if (c.a < 0.999) {
        int pct = (int)((c.a < 0 ? 0 : c.a) * 100 + 0.5);
        n = (size_t)snprintf(buf, sizeof buf, " %s-opacity=\"%d.%02d\"", name, pct / 100, pct % 100);
        put(cv, buf, n);
    }
}

/* Text for an attribute value or element content, cleaned then escaped. */
static void escaped(rd_canvas *cv, const char *text)
{
    char clean[TEXT_MAX];
    rd_text_clean(clean, sizeof clean, text);
    const char *run = clean;
    for (const char *p = clean;; p++) {
        const char *rep = NULL;
        switch (*p) {
        case '&': rep = "&amp;"; break;
        case '<': rep = "&lt;"; break;
        case '>': rep = "&gt;"; break;
        case '"': rep = "&quot;"; break;
        case '\t': rep = "&#9;"; break;
        default: break;
        }
        if (rep == NULL && *p != '\0')
            continue;
        put(cv, run, (size_t)(p - run));
        if (*p == '\0')
            return;
        puts_(cv, rep);
        run = p + 1;
    }
}

/* The current cairo path as d="..." in device space (= SVG units). */
static void path_data(rd_canvas *cv)
{
    cairo_save(cv->cr);
    cairo_identity_matrix(cv->cr);
    cairo_path_t *path = cairo_copy_path(cv->cr);
    cairo_restore(cv->cr);
    if (path == NULL || path->status != CAIRO_STATUS_SUCCESS) {
        cv->failed = true;
        cairo_path_destroy(path);
        return;
    }
    puts_(cv, " d=\"");
    for (int i = 0; i < path->num_data; i += path->data[i].header.length) {
        const cairo_path_data_t *d = &path->data[i];
        switch (d->header.type) {
        case CAIRO_PATH_MOVE_TO:
            put(cv, "M", 1);
            num(cv, d[1].point.x), put(cv, " ", 1), num(cv, d[1].point.y);
            break;
        case CAIRO_PATH_LINE_TO:
            put(cv, "L", 1);
            num(cv, d[1].point.x), put(cv, " ", 1), num(cv, d[1].point.y);
            break;
        case CAIRO_PATH_CURVE_TO:
            put(cv, "C", 1);
            for (int k = 1; k <= 3; k++) {
                if (k > 1)
                    put(cv, " ", 1);
                num(cv, d[k].point.x), put(cv, " ", 1), num(cv, d[k].point.y);
            }
            break;
        case CAIRO_PATH_CLOSE_PATH:
            put(cv, "Z", 1);
            break;
        }
    }
    put(cv, "\"", 1);
    cairo_path_destroy(path);
}

/* A length in the current user space, in device units (uniform scales). */
static double device_length(cairo_t *cr, double len)
{
    double dx = len, dy = 0;
    cairo_user_to_device_distance(cr, &dx, &dy);
    return hypot(dx, dy);
}

static void pen_attrs(rd_canvas *cv, const rd_pen *pen)
{
    colour_attr(cv, "stroke", pen->colour);
    puts_(cv, " stroke-width=\"");
    num(cv, device_length(cv->cr, pen->width));
    put(cv, "\"", 1);
    if (pen->round)
        puts_(cv, " stroke-linecap=\"round\" stroke-linejoin=\"round\"");
    if (pen->dash > 0) {
        puts_(cv, " stroke-dasharray=\"");
        num(cv, device_length(cv->cr, pen->dash));
        put(cv, "\"", 1);
    }
}

static void svg_shape_order(rd_canvas *cv, const rd_rgba *fill, const rd_pen *pen, bool stroke_first)
{
    puts_(cv, "<path");
    path_data(cv);
    if (fill)
        colour_attr(cv, "fill", *fill);
    else
        puts_(cv, " fill=\"none\"");
    if (pen)
        pen_attrs(cv, pen);
    if (stroke_first)
        puts_(cv, " paint-order=\"stroke\"");
    puts_(cv, "/>\n");
    cairo_new_path(cv->cr);
}

static void svg_shape(rd_canvas *cv, const rd_rgba *fill, const rd_pen *pen)
{
    svg_shape_order(cv, fill, pen, false);
}

/* ---- the PNG back end ------------------------------------------------------ */

static void set_pen(cairo_t *cr, const rd_pen *pen)
{
    cairo_set_source_rgba(cr, pen->colour.r, pen->colour.g, pen->colour.b, pen->colour.a);
    cairo_set_line_width(cr, pen->width);
    cairo_set_line_cap(cr, pen->round ? CAIRO_LINE_CAP_ROUND : CAIRO_LINE_CAP_BUTT);
    cairo_set_line_join(cr, pen->round ? CAIRO_LINE_JOIN_ROUND : CAIRO_LINE_JOIN_MITER);
    cairo_set_dash(cr, &pen->dash, pen->dash > 0 ? 1 : 0, 0);
}

/* ---- the canvas ------------------------------------------------------------- */

rd_canvas *rd_canvas_new(rd_format fmt, double width, double height, double scale)
{
    rd_canvas *cv = calloc(1, sizeof *cv);
    if (cv == NULL)
        return NULL;
    cv->fmt = fmt;
    cv->width = width;
    cv->height = height;
    cv->display = 1;
    dbuf_init(&cv->out, RD_SVG_LIMIT);
    if (fmt == RD_PNG) {
        int w = (int)lround(width * scale), h = (int)lround(height * scale);
        cv->surface = cairo_image_surface_create(CAIRO_FORMAT_RGB24, w < 1 ? 1 : w, h < 1 ? 1 : h);
    } else {
        /* Paths are built on a 1x1 image surface and read back: nothing is
         * ever rasterised there. */
        cv->surface = cairo_image_surface_create(CAIRO_FORMAT_A8, 1, 1);
    }
    cv->cr = cairo_create(cv->surface);
    if (cairo_status(cv->cr) != CAIRO_STATUS_SUCCESS) {
        rd_canvas_free(cv);
        return NULL;
    }
    if (fmt == RD_PNG)
        cairo_scale(cv->cr, scale, scale);
    cairo_get_matrix(cv->cr, &cv->base);
    return cv;
}

void rd_canvas_set_size(rd_canvas *cv, double width, double height, double display)
{
    if (cv->fmt == RD_SVG) {
        cv->width = width;
        cv->height = height;
        cv->display = display;
    }
}

void rd_canvas_paint(rd_canvas *cv, rd_rgba colour)
{
    if (cv->fmt == RD_PNG) {
        cairo_set_source_rgba(cv->cr, colour.r, colour.g, colour.b, colour.a);
        cairo_paint(cv->cr);
        return;
    }
    cairo_rectangle(cv->cr, 0, 0, cv->width, cv->height);
    svg_shape(cv, &colour, NULL);
}

cairo_t *rd_cairo(rd_canvas *cv)
{
    return cv->cr;
}

void rd_fill(rd_canvas *cv, rd_rgba fill)
{
    if (cv->fmt == RD_SVG) {
        svg_shape(cv, &fill, NULL);
        return;
    }
    cairo_set_source_rgba(cv->cr, fill.r, fill.g, fill.b, fill.a);
    cairo_fill(cv->cr);
}

void rd_stroke(rd_canvas *cv, const rd_pen *pen)
{
    if (cv->fmt == RD_SVG) {
        svg_shape(cv, NULL, pen);
        return;
    }
    set_pen(cv->cr, pen);
    cairo_stroke(cv->cr);
}

void rd_fill_stroke(rd_canvas *cv, rd_rgba fill, const rd_pen *pen)
{
    if (cv->fmt == RD_SVG) {
        svg_shape(cv, &fill, pen);
        return;
    }
    cairo_set_source_rgba(cv->cr, fill.r, fill.g, fill.b, fill.a);
    cairo_fill_preserve(cv->cr);
    set_pen(cv->cr, pen);
    cairo_stroke(cv->cr);
}

void rd_fill_outlined(rd_canvas *cv, rd_rgba fill, const rd_pen *pen)
{
    if (cv->fmt == RD_SVG) {
        svg_shape_order(cv, &fill, pen, true);
        return;
    }
    set_pen(cv->cr, pen);
    cairo_stroke_preserve(cv->cr);
    cairo_set_source_rgba(cv->cr, fill.r, fill.g, fill.b, fill.a);
    cairo_fill(cv->cr);
}

/* ---- fonts -------------------------------------------------------------------------- */

/* The two faces text is drawn in, made once at start and kept (a process-
 * wide cache, like cairo's and fontconfig's own; released by
 * rd_fonts_release()). Why: the first text drawn makes fontconfig load its
 * configuration and match "sans-serif" (megabytes of allocations), and
 * fontconfig does not survive running out of memory there: under an
 * address-space limit the first PNG crashed the process inside
 * FcConfigSubstitute (issue 16). Made while memory is plentiful and held,
 * the faces stay in cairo's table with their match resolved, so a picture
 * drawn later asks fontconfig nothing. Written once before any thread
 * starts, then only read. */
static cairo_font_face_t *held_faces[2];

static cairo_font_face_t *toy_face(bool bold)
{
    return cairo_toy_font_face_create("sans-serif", CAIRO_FONT_SLANT_NORMAL,
                                      bold ? CAIRO_FONT_WEIGHT_BOLD : CAIRO_FONT_WEIGHT_NORMAL);
}

bool rd_fonts_load(void)
{
    bool ok = true;
    for (int bold = 0; bold < 2; bold++) {
        if (held_faces[bold] == NULL)
            held_faces[bold] = toy_face(bold);
        /* A scaled font resolves the face's fontconfig match, which the
         * face then keeps (while the configuration stays the same). */
        cairo_matrix_t fm, ctm;
        cairo_matrix_init_scale(&fm, 13, 13);
        cairo_matrix_init_identity(&ctm);
        cairo_font_options_t *opts = cairo_font_options_create();
        cairo_scaled_font_t *sf = cairo_scaled_font_create(held_faces[bold], &fm, &ctm, opts);
        cairo_font_options_destroy(opts);
        ok = ok && cairo_font_face_status(held_faces[bold]) == CAIRO_STATUS_SUCCESS
             && cairo_scaled_font_status(sf) == CAIRO_STATUS_SUCCESS;
        cairo_scaled_font_destroy(sf);
    }
    return ok;
}

void rd_fonts_release(void)
{
    for (int bold = 0; bold < 2; bold++) {
        cairo_font_face_destroy(held_faces[bold]);   /* NULL is fine */
        held_faces[bold] = NULL;
    }
}

/* The scaled font for (size, bold) under the canvas's base CTM; NULL
 * marks the canvas failed. */
static cairo_scaled_font_t *font(rd_canvas *cv, double size, bool bold)
{
    for (int i = 0; i < cv->nfonts; i++)
        if (cv->fonts[i].size == size && cv->fonts[i].bold == bold)
            return cv->fonts[i].font;
    cairo_font_face_t *face = toy_face(bold);
    cairo_matrix_t fm;
    cairo_matrix_init_scale(&fm, size, size);
    cairo_font_options_t *opts = cairo_font_options_create();
    cairo_scaled_font_t *sf = cairo_scaled_font_create(face, &fm, &cv->base, opts);
    cairo_font_options_destroy(opts);
    cairo_font_face_destroy(face);   /* the scaled font keeps its own reference */
    if (cairo_scaled_font_status(sf) != CAIRO_STATUS_SUCCESS) {
        cairo_scaled_font_destroy(sf);
        cv->failed = true;
        return NULL;
    }
    if (cv->nfonts == FONTS) {   /* more sizes than slots: recycle the oldest */
        cairo_scaled_font_destroy(cv->fonts[0].font);
        memmove(cv->fonts, cv->fonts + 1, (FONTS - 1) * sizeof cv->fonts[0]);
        cv->nfonts--;
    }
    cv->fonts[cv->nfonts++] = (font_slot){ size, bold, sf };
    return sf;
}

double rd_text_width(rd_canvas *cv, const char *text, double size, bool bold)
{
    char clean[TEXT_MAX];
    cairo_text_extents_t ext;
    cairo_scaled_font_t *sf = font(cv, size, bold);
    if (sf == NULL)
        return 0;
    cairo_scaled_font_text_extents(sf, rd_text_clean(clean, sizeof clean, text), &ext);
    return ext.x_advance;
}

void rd_text(rd_canvas *cv, double x, double y, const char *text, double size,
             rd_anchor anchor, bool bold, rd_rgba colour)
{
    if (cv->fmt == RD_SVG) {
        static const char *const anchors[] = { "", " text-anchor=\"middle\"", " text-anchor=\"end\"" };
        double dx = x, dy = y;
        cairo_user_to_device(cv->cr, &dx, &dy);
        puts_(cv, "<text x=\"");
        num(cv, dx);
        puts_(cv, "\" y=\"");
        num(cv, dy);
        puts_(cv, "\" font-size=\"");
        num(cv, device_length(cv->cr, size));
        put(cv, "\"", 1);
        puts_(cv, anchors[anchor]);
        if (bold)
            puts_(cv, " font-weight=\"bold\"");
        colour_attr(cv, "fill", colour);
        put(cv, ">", 1);
        escaped(cv, text);
        puts_(cv, "</text>\n");
        return;
    }
    /* PNG: drawn under the base CTM (text is never drawn transformed) */
    char clean[TEXT_MAX];
    rd_text_clean(clean, sizeof clean, text);
    cairo_scaled_font_t *sf = font(cv, size, bold);
    if (sf == NULL)
        return;
    double w = 0;
    if (anchor != RD_LEFT) {
        cairo_text_extents_t ext;
        cairo_scaled_font_text_extents(sf, clean, &ext);
        w = anchor == RD_CENTRE ? ext.x_advance / 2 : ext.x_advance;
    }
    cairo_save(cv->cr);
    cairo_set_scaled_font(cv->cr, sf);
    cairo_set_source_rgba(cv->cr, colour.r, colour.g, colour.b, colour.a);
    cairo_move_to(cv->cr, x - w, y);
    cairo_show_text(cv->cr, clean);
    cairo_new_path(cv->cr);
    cairo_restore(cv->cr);
}

void rd_group_begin(rd_canvas *cv, const char *cls, const rd_attr *attrs, int nattrs,
                    const char *title, double opacity)
{
    if (cv->depth >= MAX_DEPTH) {
        cv->failed = true;
        return;
    }
    cv->clipped[cv->depth] = false;
    cv->opacity[cv->depth++] = opacity;
    if (cv->fmt == RD_PNG) {
        if (opacity < 0.999)
            cairo_push_group(cv->cr);
        return;
    }
    puts_(cv, "<g");
    if (cls) {
        puts_(cv, " class=\"");
        escaped(cv, cls);
        put(cv, "\"", 1);
    }
    for (int i = 0; i < nattrs; i++) {
        put(cv, " ", 1);
        puts_(cv, attrs[i].name);
        puts_(cv, "=\"");
        escaped(cv, attrs[i].value ? attrs[i].value : "");
        put(cv, "\"", 1);
    }
    if (opacity < 0.999) {
        char buf[32];
        int n = snprintf(buf, sizeof buf, " opacity=\"%.2f\"", opacity);
        put(cv, buf, (size_t)n);
    }
    put(cv, ">", 1);
    if (title) {
        puts_(cv, "<title>");
        escaped(cv, title);
        puts_(cv, "</title>");
    }
    put(cv, "\n", 1);
}

void rd_group_end(rd_canvas *cv)
{
    if (cv->depth <= 0) {
        cv->failed = true;
        return;
    }
    double opacity = cv->opacity[--cv->depth];
    if (cv->fmt == RD_SVG) {
        puts_(cv, "</g>\n");
        return;
    }
    if (opacity < 0.999) {
        cairo_pop_group_to_source(cv->cr);
        cairo_paint_with_alpha(cv->cr, opacity);
    }
    if (cv->clipped[cv->depth])
        cairo_restore(cv->cr);
}

void rd_group_begin_within(rd_canvas *cv, double opacity, double x, double y, double w, double h)
{
    if (cv->fmt == RD_PNG && cv->depth < MAX_DEPTH) {
        cairo_save(cv->cr);
        cairo_rectangle(cv->cr, x, y, w, h);
        cairo_clip(cv->cr);
    }
    rd_group_begin(cv, NULL, NULL, 0, NULL, opacity);
    if (cv->fmt == RD_PNG && !cv->failed)
        cv->clipped[cv->depth - 1] = true;
}

/* ---- PNG encoding ------------------------------------------------------------ */

static void png_to_dbuf(png_structp png, png_bytep data, png_size_t len)
{
    if (!dbuf_add(png_get_io_ptr(png), data, len))
        png_error(png, "out of memory");
}

static void png_flush_nothing(png_structp png)
{
    (void)png;
}

static void png_quiet(png_structp png, png_const_charp msg)
{
    (void)png;
    (void)msg;
}

/* libpng's error exit without its message: a handler that returns makes
 * libpng print "libpng error: ..." on stderr before jumping back; the
 * caller reports the failure itself (out of memory: a 503). */
static void png_fail(png_structp png, png_const_charp msg)
{
    (void)msg;
    png_longjmp(png, 1);
}

/* The image surface (CAIRO_FORMAT_RGB24: one native-endian 32-bit word
 * per pixel, the top byte unused) as an 8-bit RGB PNG into out. Written with
 * libpng directly, not cairo_surface_write_to_png_stream(): that one keeps
 * libpng's defaults (adaptive filtering, zlib level 6), measured at 80% of
 * a PNG picture's time (callgrind: 46% filter selection, 33% deflate);
 * the SUB filter and zlib level 1 (measured against levels 3 and 6, the
 * RLE strategy and the UP filter) make it about twice as fast for a
 * picture of flat colours, and the file 4% larger. */
static bool write_png(cairo_surface_t *surface, dbuf *out)
{
    int w = cairo_image_surface_get_width(surface), h = cairo_image_surface_get_height(surface);
    int stride = cairo_image_surface_get_stride(surface);
    unsigned char *pixels = cairo_image_surface_get_data(surface);
    if (pixels == NULL)
        return false;
    png_structp png = png_create_write_struct(PNG_LIBPNG_VER_STRING, NULL, png_fail, png_quiet);
    png_infop info = png ? png_create_info_struct(png) : NULL;
    if (info == NULL) {
        png_destroy_write_struct(&png, NULL);
        return false;
    }
    if (setjmp(png_jmpbuf(png))) {   /* libpng's error exit: nothing to undo but the structs */
        png_destroy_write_struct(&png, &info);
        return false;
    }
    png_set_write_fn(png, out, png_to_dbuf, png_flush_nothing);
    png_set_IHDR(png, info, (png_uint_32)w, (png_uint_32)h, 8, PNG_COLOR_TYPE_RGB,
                 PNG_INTERLACE_NONE, PNG_COMPRESSION_TYPE_DEFAULT, PNG_FILTER_TYPE_DEFAULT);
    png_set_filter(png, PNG_FILTER_TYPE_BASE, PNG_FILTER_SUB);
    png_set_compression_level(png, 1);
    png_write_info(png, info);
    const uint32_t probe = 1;
    if (*(const unsigned char *)&probe == 1) {   /* little-endian words: B G R x */
        png_set_bgr(png);
        png_set_filler(png, 0, PNG_FILLER_AFTER);
    } else {                                     /* big-endian words: x R G B */
        png_set_filler(png, 0, PNG_FILLER_BEFORE);
    }
    for (int y = 0; y < h; y++)
        png_write_row(png, pixels + (size_t)y * (size_t)stride);
    png_write_end(png, NULL);
    png_destroy_write_struct(&png, &info);
    return true;
}

/* The document: header line, title and desc, then everything drawn. The
 * body was written after the <svg> tag; title and desc go right after it,
 * where assistive technology looks for them. */
static bool finish_svg(rd_canvas *cv, const char *title, const char *desc, rd_image *out)
{
    puts_(cv, "</svg>\n");
    flush(cv);
    if (cv->failed || cv->depth != 0)
        return false;
    rd_canvas *tmp = calloc(1, sizeof *tmp);
    if (tmp == NULL)
        return false;
    tmp->fmt = RD_SVG;
    dbuf_init(&tmp->out, RD_SVG_LIMIT);
    char head[320];
    snprintf(head, sizeof head,
             "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
             "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"%.0f\" height=\"%.0f\""
             " viewBox=\"0 0 %.0f %.0f\" role=\"img\" aria-labelledby=\"picture-title\""
             " font-family=\"sans-serif\">\n",
             cv->width * cv->display, cv->height * cv->display, cv->width, cv->height);
    puts_(tmp, head);
    puts_(tmp, "<title id=\"picture-title\">");
    escaped(tmp, title ? title : "");
    puts_(tmp, "</title>\n");
    if (desc && desc[0]) {
        puts_(tmp, "<desc>");
        escaped(tmp, desc);
        puts_(tmp, "</desc>\n");
    }
    flush(tmp);
    if (!tmp->failed && !dbuf_add(&tmp->out, dbuf_ptr(&cv->out), dbuf_len(&cv->out)))
        tmp->failed = true;
    bool ok = !tmp->failed;
    if (ok) {
        out->len = dbuf_len(&tmp->out);
        out->data = (unsigned char *)tmp->out.data;   /* ownership moves to out */
    } else {
        dbuf_free(&tmp->out);
    }
    free(tmp);
    return ok;
}

bool rd_canvas_finish(rd_canvas *cv, const char *title, const char *desc, rd_image *out)
{
    bool ok = false;
    out->data = NULL;
    out->len = 0;
    if (cv->fmt == RD_SVG) {
        ok = finish_svg(cv, title, desc, out);
    } else if (!cv->failed && cv->depth == 0 && cairo_status(cv->cr) == CAIRO_STATUS_SUCCESS) {
        cairo_surface_flush(cv->surface);
        ok = write_png(cv->surface, &cv->out);
        if (ok) {
            out->len = dbuf_len(&cv->out);
            out->data = (unsigned char *)cv->out.data;
            dbuf_init(&cv->out, RD_SVG_LIMIT);   /* ownership moved to out */
        }
    }
    rd_canvas_free(cv);
    return ok;
}

void rd_canvas_free(rd_canvas *cv)
{
    if (cv == NULL)
        return;
    for (int i = 0; i < cv->nfonts; i++)
        cairo_scaled_font_destroy(cv->fonts[i].font);
    if (cv->cr)
        cairo_destroy(cv->cr);
    if (cv->surface)
        cairo_surface_destroy(cv->surface);
    dbuf_free(&cv->out);
    free(cv);
}

/* ---- text ------------------------------------------------------------------- */

/* Length of the valid UTF-8 sequence at s (1..4), or 0. */
static size_t utf8_len(const unsigned char *s, uint32_t *cp)
{
    if (s[0] < 0x80) {
        *cp = s[0];
        return 1;
    }
    size_t n = s[0] >= 0xf0 && s[0] <= 0xf4 ? 4 : s[0] >= 0xe0 ? 3 : s[0] >= 0xc2 && s[0] < 0xe0 ? 2 : 0;
    if (n == 0)
        return 0;
    uint32_t c = s[0] & (0x7f >> n);
    for (size_t i = 1; i < n; i++) {
        if ((s[i] & 0xc0) != 0x80)
            return 0;
        c = (c << 6) | (s[i] & 0x3f);
    }
    static const uint32_t min[5] = { 0, 0, 0x80, 0x800, 0x10000 };
    if (c < min[n] || c > 0x10ffff || (c >= 0xd800 && c <= 0xdfff))
        return 0;
    *cp = c;
    return n;
}

char *rd_text_clean(char *out, size_t size, const char *text)
{
    size_t o = 0;
    const unsigned char *s = (const unsigned char *)(text ? text : "");
    if (size == 0)
        return out;
    while (*s) {
        if (*s >= 0x20 && *s < 0x7f) {   /* printable ASCII: most text */
            if (o + 2 > size)
                break;
            out[o++] = (char)*s++;
            continue;
        }
        uint32_t cp = 0;
        size_t n = utf8_len(s, &cp);
        bool bad = n == 0 || (cp < 0x20 && cp != '\t') || cp == 0x7f || cp == 0xfffe || cp == 0xffff;
        size_t need = bad ? 1 : n;
        if (o + need + 1 > size)
            break;
        if (bad) {
            out[o++] = '?';
            s += n ? n : 1;
        } else {
            memcpy(out + o, s, n);
            o += n;
            s += n;
        }
    }
    out[o] = '\0';
    return out;
}

void rd_circle(cairo_t *cr, double x, double y, double r)
{
    const double k = 0.5522847498 * r;
    cairo_new_sub_path(cr);
    cairo_move_to(cr, x + r, y);
    cairo_curve_to(cr, x + r, y + k, x + k, y + r, x, y + r);
    cairo_curve_to(cr, x - k, y + r, x - r, y + k, x - r, y);
    cairo_curve_to(cr, x - r, y - k, x - k, y - r, x, y - r);
    cairo_curve_to(cr, x + k, y - r, x + r, y - k, x + r, y);
    cairo_close_path(cr);
}
