/* decode_lane.h -- a position's tiles and figures read in one go.
 *
 * Owns: the lane (json_reader.h) through which the strict pass hands the
 * two long arrays of a request's position, /position/tiles and
 * /position/figures, to the decoder, and the records it keeps of them.
 * They are most of a request's bytes. The lane reads them in every layout
 * clients send (issue 37): members in any order, matched by name, JSON's
 * whitespace wherever the grammar allows it (Python's ", " and ": ",
 * pretty-printing), strings holding UTF-8 or escapes, read by the strict
 * pass's own routine (jr_string_end), so that they are judged exactly as
 * the pass judges them. Since a serializer lays out every element of an
 * array alike, each element is first expected to be laid out as the one
 * before it (the same text before each value: names, order, whitespace),
 * and read by name from where it is not (decode_lane.c). It checks each
 * value as dec_position() would: a
 * tile id or alias the catalog knows, x and y within CC_COORD_LIMIT, rot
 * 0, 90, 180 or 270, a "player" only on an abbey tile, a figure kind, a
 * location, a "flock" only beside a shepherd, of at most CC_MAX_FLOCK
 * tokens of 1 to 4 sheep; tile, x, y, rot and player, kind, x, y, at
 * present, no member twice. At anything else (another member, a member
 * name or an id, kind or location holding an escape -- no serializer
 * writes one --, another number, more elements than a position holds, a
 * syntax error) it declines the whole array; the strict pass then reads
 * it as usual, and dec_position() decodes it with its exact errors. So
 * the lane changes how fast an answer comes, never the answer.
 *
 * What the lane cannot check when it reads -- a player's name, since the
 * players are decoded later -- it keeps as text (where it stands in the
 * body, and whether it holds an escape), each distinct text once: the
 * elements hold its index. dec_position() resolves each text once and
 * reports an unknown name, in document order, exactly as the careful
 * reader would.
 *
 * Ownership: the caller holds a dec_lanes (about 15 KB, on its stack) for as
 * long as the jr_doc parsed with it (dec_parse); dec_lanes_init() sets it
 * up. Nothing is allocated.
 *
 *   dec_lanes, dec_lanes_init(l, cat)   the lane and its records
 *   dec_lanes_of(doc)                   the dec_lanes a document was parsed with
 */
#ifndef DECODE_LANE_H
#define DECODE_LANE_H

#include <stdbool.h>
#include <stdint.h>

#include "../../engine/catalog.h"
#include "../../engine/position.h"
#include "json_reader.h"

/* A string as it stands in the body: where its text starts (after the
 * quote), its length up to the closing quote, and whether it holds an
 * escape (then its text is not its value). */
typedef struct {
    uint32_t at, len;
    bool escaped;
} dec_lane_text;

/* The distinct texts of "player" values the lane keeps: more than a
 * position has players, since one name may be written two ways ("red",
 * "r\u0065d"). Past this many the lane declines (an unknown name is among
 * them, or a spelling no serializer writes). */
#define DEC_LANE_NAMES (2 * CC_MAX_PLAYERS)
#define DEC_LANE_NO_NAME 0xFF   /* a tile without "player" */

/* What the lane took, in arrays of the position's own structs (so that
 * dec_position() copies each array in one go): tiles with owner -1 and
 * figures with player -1, the names as indices into names[]. */
typedef struct {
    jr_lane lane;           /* first, so that the pass's jr_lane is the dec_lanes */
    const cc_catalog *cat;
    uint32_t ntiles, nfigures;   /* of the arrays the lane took */
    uint32_t nnames;
    dec_lane_text names[DEC_LANE_NAMES];   /* each distinct "player" text, as first met */
    cc_placed_tile tiles[CC_MAX_TILES];
    uint8_t owner[CC_MAX_TILES];           /* an abbey's "player", or DEC_LANE_NO_NAME */
    cc_figure figures[CC_MAX_FIGURES];
    uint8_t player[CC_MAX_FIGURES];        /* each figure's "player" */
} dec_lanes;

void dec_lanes_init(dec_lanes *l, const cc_catalog *cat);

/* The dec_lanes doc was parsed with (dec_parse with lanes), or NULL. */
const dec_lanes *dec_lanes_of(const jr_doc *doc);

#endif
