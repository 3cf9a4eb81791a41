/* key.h -- the key of a picture: what each symbol it draws means.
 *
 * Owns: the list of symbols a picture may show besides the tiles' plain
 * ground (the tiles' buildings and marks, the figures, the highlights'
 * frames, rings and arrows; the trade goods a city shows and a player
 * holds), the words that explain each (phrases
 * render.key-*, the game's terms for the figures, in the picture's
 * language) and a small swatch of each, drawn as the board draws it. The
 * picture (render.c) works out which symbols it draws and lays out a key
 * of those only, below the caption: a symbol nobody sees is not
 * explained, and none that is drawn goes unexplained.
 *
 *   rd_key_symbol         one symbol
 *   rd_key_name()         its stable name (the SVG's data-symbol)
 *   rd_key_words()        what it means, in lang, into a buffer
 *   rd_key_swatch()       the symbol drawn in the square (x, y, size)
 */
#ifndef RD_KEY_H
#define RD_KEY_H

#include <stdbool.h>
#include <stddef.h>

#include "canvas.h"

typedef enum {
    /* the tiles' symbols, as tile_art.h's ta_symbol (same order) */
    RD_KEY_HOUSE,
    RD_KEY_PENNANT,
    RD_KEY_CLOISTER,
    RD_KEY_SHRINE,
    RD_KEY_ABBEY,
    RD_KEY_HILL,
    RD_KEY_VINEYARD,
    RD_KEY_COURT,
    RD_KEY_RIVER,
    RD_KEY_VOLCANO,
    RD_KEY_INN,        /* Inns & Cathedrals: an inn beside a road */
    RD_KEY_CATHEDRAL,  /* a cathedral in a city */
    RD_KEY_WINE,       /* Traders & Builders' goods: on a city, in the legend */
    RD_KEY_GRAIN,
    RD_KEY_CLOTH,
    /* the figures */
    RD_KEY_MEEPLE,
    RD_KEY_BIG,        /* the large meeple (Inns & Cathedrals) */
    RD_KEY_FARMER,
    RD_KEY_MAYOR,
    RD_KEY_WAGON,
    RD_KEY_BARN,
    RD_KEY_SHEPHERD,
    RD_KEY_FLOCK,
    RD_KEY_BUILDER,    /* Traders & Builders */
    RD_KEY_PIG,
    /* the highlights */
    RD_KEY_FITS,       /* a ghost tile in a dashed frame */
    RD_KEY_AREA,       /* the dashed 3x3 frame round a cloister */
    RD_KEY_OPEN,       /* a city's open edge, dashed */
    RD_KEY_SPOT,       /* a ring on a spot */
    RD_KEY_REFUSED,    /* a crossed ring: the spot asked about, refused */
    RD_KEY_ARROW,      /* a wagon's way */
    RD_KEY_FRAME,      /* a cell framed */
    RD_NKEYS
} rd_key_symbol;

const char *rd_key_name(rd_key_symbol s);

/* What s means, in lang (NULL: English), into out (n bytes). *failed is
 * set when a phrase ran out of memory. Returns out. */
char *rd_key_words(rd_key_symbol s, const char *lang, bool *failed, char *out, size_t n);

/* s drawn in the square of side size whose top-left corner is (x, y),
 * units. accent: the highlight colour the picture gives that mark. */
void rd_key_swatch(rd_canvas *cv, rd_key_symbol s, double x, double y, double size, rd_rgba accent);

#endif
