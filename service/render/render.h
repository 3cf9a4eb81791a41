/* render.h -- a picture of a position, with an answer about it highlighted.
 *
 * Owns: the C API every caller that wants a picture uses (POST /v1/render,
 * and any other adapter: an MCP tool result, a CLI). Input is engine data
 * only -- a validated position, its board and feature graph (engine/
 * validate.h) -- plus a highlight: a list of marks (features to outline,
 * ghost tiles, spots, frames) and caption lines, built by the caller or by
 * the builders of highlight.h from the engine's answers. Output is SVG or
 * PNG bytes in memory. Nothing here reads JSON or HTTP.
 *
 * What is drawn: every tile from the catalog's feature geometry
 * (tile_art.h), every figure by kind in its player's colour (colours.h,
 * figures.h), the cell coordinates along the axes, a legend of the players
 * (active player marked, scores, the points a highlighted scoring adds,
 * and with Traders & Builders each player's trade goods)
 * and the caption. The SVG is structured for tests and assistive
 * technology (canvas.h says how it is written):
 *   <g class="tile" data-x data-y data-tile data-rot><title>
 *   <g class="figure" data-player data-kind data-x data-y data-at data-box [data-flock]><title>
 *   <g class="highlight" data-kind ...><title>  one per mark
 *   <g class="label" data-box>                 a mark's label; data-box: its pill
 *                                              (left top width height, units)
 *   <g class="goods" data-player data-wine data-grain data-cloth><title>
 *                                              a player's trade goods in the legend
 *                                              (with Traders & Builders)
 *   <g class="board" data-min-x data-min-y data-max-x data-max-y data-left
 *      data-top data-cell>                     where the cells are (a page
 *                                              turns a click into a cell)
 *   <g class="key"><g class="key-entry" data-symbol>  the key: each symbol
 *                                              the picture draws (key.h), explained
 * and refers to nothing outside itself (no href, no url(), fonts are the
 * generic sans-serif family).
 *
 * Cost: a few milliseconds for the largest legal position (bench/:
 * make bench-render). Thread-safe: no state but the caller's.
 *
 * Table of contents:
 *   RD_CELL, RD_PNG_*          units per cell; PNG width default and limits
 *   rd_mark_kind, rd_mark      one thing to highlight
 *   rd_highlight               the marks, caption, title, legend deltas
 *   rd_highlight_init/free()   an empty highlight; release its marks
 *   rd_highlight_add()         append a mark (NULL when out of memory)
 *   rd_highlight_caption()     append a caption line (printf)
 *   rd_say()                   a phrase in the highlight's language, into a buffer
 *   rd_atlas_new/free()        every tile type's geometry, worked out once
 *   rd_render()                position + highlight -> SVG or PNG bytes
 *   RD_NCOLOURS                highlight colours (mark.colour cycles them)
 *   rd_release_caches()        at exit: free cairo's and fontconfig's caches
 */
#ifndef RD_RENDER_H
#define RD_RENDER_H

#include <stdbool.h>

#include "../../engine/features.h"
#include "../../engine/position.h"
#include "../text/text.h"
#include "canvas.h"

#define RD_CELL 100                  /* SVG units per cell */
#define RD_PNG_DEFAULT_WIDTH 960     /* pixels */
#define RD_PNG_MIN_WIDTH 64
#define RD_PNG_MAX_WIDTH 2048
#define RD_PNG_MAX_HEIGHT 2048       /* a taller picture is scaled down to fit */

#define RD_NCOLOURS 6
#define RD_LABEL_MAX 48
#define RD_TITLE_MAX 160
#define RD_CAPTION_LINES 48          /* a whole final scoring, one line an event */
#define RD_CAPTION_MAX 200

typedef enum {
    RD_MARK_FEATURE,   /* a feature outlined (a field tinted), label at its name */
    RD_MARK_GHOST,     /* a tile type drawn faintly on an empty cell */
    RD_MARK_SPOT,      /* a ring at (x, y, at), optionally an arrow from (fx, fy, fat) */
    RD_MARK_FRAME      /* a frame round the cell (x, y) */
} rd_mark_kind;

typedef struct {
    rd_mark_kind kind;
    const char *role;        /* the SVG's data-kind: "feature", "placement", "deployment",
                                "wagon-destination", "event", "last" (static string) */
    int colour;              /* highlight colour, 0..RD_NCOLOURS-1 */
    int feature;             /* FEATURE: feature id in the cc_features */
    int x, y;                /* GHOST, SPOT, FRAME: the cell */
    cc_loc at;               /* SPOT: the location (a corner for a barn) */
    int type;                /* GHOST: catalog tile type */
    unsigned rots;           /* GHOST: bit q set = fits turned q quarter turns (drawn: the first) */
    bool arrow;              /* SPOT: an arrow from (fx, fy, fat) */
    int fx, fy;
    cc_loc fat;
    bool refused;            /* SPOT: the spot asked about is refused (a crossed ring) */
    char label[RD_LABEL_MAX];   /* drawn beside the mark ("" for none): a short one (a number
                                   the caption explains, a value); placed where it
                                   overlaps no other label, with a leader line when moved */
    char title[RD_TITLE_MAX];   /* the mark's <title>: what it shows, in words */
} rd_mark;

typedef struct {
    int nmarks, cap;
    rd_mark *marks;          /* malloc'ed; rd_highlight_free() */
    char title[RD_TITLE_MAX];   /* the picture's title ("" = a default) */
    int ncaption;
    char caption[RD_CAPTION_LINES][RD_CAPTION_MAX];
    signed char caption_mark[RD_CAPTION_LINES];   /* a line's swatch: 1 + the colour of the
                                                     mark it explains, 0 for none */
    const char *lang;        /* the language of every word drawn (lang.h code; NULL: English) */
    bool failed;             /* a phrase ran out of memory (the builders then answer false) */
    bool has_delta;          /* legend: points this answer gives each player */
    int delta[CC_MAX_PLAYERS];
} rd_highlight;

void rd_highlight_init(rd_highlight *hl);
void rd_highlight_free(rd_highlight *hl);

/* A new zeroed mark of that kind (colour 0, role "feature"), or NULL when out
 * of memory (the highlight is unaltered). */
rd_mark *rd_highlight_add(rd_highlight *hl, rd_mark_kind kind);

/* Append a caption line; past RD_CAPTION_LINES the last line says that
 * more were left out. */
void rd_highlight_caption(rd_highlight *hl, const char *fmt, ...)
    __attribute__((format(printf, 2, 3)));

/* Phrase id of service/text/phrases.def in lang (NULL: English), its
 * arguments filled, into out (n bytes), cut on a whole UTF-8 character.
 * Out of memory: out is "" and *failed is set. Returns out. */
char *rd_say(char *out, size_t n, const char *lang, bool *failed, tx_id id, ...);

/* The geometry of every tile type of cat (tile_art.h), worked out once:
 * about a third of a picture's cost when done per picture. Read-only once
 * made: share one between threads. The catalog must outlive it. NULL when
 * out of memory; rd_atlas_free(NULL) is fine. */
typedef struct rd_atlas rd_atlas;
rd_atlas *rd_atlas_new(const cc_catalog *cat);
void rd_atlas_free(rd_atlas *atlas);

/* Draw pos (validated into f, whose board f->board carries the catalog)
 * with hl (NULL: nothing highlighted). atlas: made from that catalog, or
 * NULL (the tile types drawn are then worked out for this picture alone).
 * width: the picture's width in pixels (RD_PNG_MIN_WIDTH..RD_PNG_MAX_WIDTH;
 * the caller checks it), the height in proportion, scaled down to fit
 * RD_PNG_MAX_HEIGHT; for an SVG, its width and height attributes (0: its
 * natural size, one unit a pixel; a PNG needs a width). On success *out
 * owns the bytes (rd_image_free); false only when out of memory. */
bool rd_render(const cc_position *pos, const cc_features *f, const rd_highlight *hl,
               const rd_atlas *atlas, rd_format fmt, int width, rd_image *out);

/* At exit only, when no picture is being drawn: release the process-wide
 * caches text drawing fills (cairo's font faces, fontconfig's
 * configuration), so a leak checker sees a clean exit. */
void rd_release_caches(void);

#endif
