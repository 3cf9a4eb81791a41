/* decode_lane.h -- a position's tiles and figures read in one go.
 *
 * Owns: the lane (json_reader.h) through which the strict pass hands the
 * two long arrays of a request's position, /position/tiles and
 * /position/figures, to the decoder, and the records it keeps of them.
 * They are most of a request's bytes, and clients and the service itself
 * write their elements in one compact form:
 *     {"tile":"base.D","x":0,"y":0,"rot":0}     an abbey: ,"player":"red" last
 *     {"player":"red","kind":"meeple","x":0,"y":1,"at":"N"}   a shepherd's: ,"flock":[3,1] last
 * The lane reads exactly that form -- these members in this order, no
 * whitespace inside an element (between elements and inside the brackets
 * it may stand), plain strings (no escape, ASCII only), integers of at most
 * four digits -- and checks each value as dec_position() would: a tile id
 * or alias the catalog knows, x and y within CC_COORD_LIMIT, rot 0, 90, 180
 * or 270, a "player" only on an abbey tile, a figure kind, a location, a
 * "flock" only beside a shepherd, of at most CC_MAX_FLOCK tokens of 1 to 4
 * sheep. At anything else (another order, an escape, another number, more
 * elements than a position holds, a syntax error) it declines the whole
 * array; the strict pass then reads it as before, and
 * dec_position() decodes it with its exact errors. So the lane changes how
 * fast an answer comes, never the answer.
 *
 * What the lane cannot check when it reads -- a player's name, since the
 * players are decoded later -- it keeps as text (where it stands in the
 * body): dec_position() resolves the names in document order and reports
 * an unknown one exactly as the careful reader would.
 *
 * Ownership: the caller holds a dec_lanes (about 8 KB, on its stack) for as
 * long as the jr_doc parsed with it (dec_parse); dec_lanes_init() sets it
 * up. Nothing is allocated.
 *
 *   dec_lanes, dec_lanes_init(l, cat)   the lane and its records
 *   dec_lanes_of(doc)                   the dec_lanes a document was parsed with
 */
#ifndef DECODE_LANE_H
#define DECODE_LANE_H

#include <stdint.h>

#include "../../engine/catalog.h"
#include "../../engine/position.h"
#include "json_reader.h"

/* What the lane took, in arrays of the position's own structs (so that
 * dec_position() copies each array in one go): tiles with owner -1 and
 * figures with player -1, the names as text where they stand in the body. */
typedef struct {
    jr_lane lane;           /* first, so that the pass's jr_lane is the dec_lanes */
    const cc_catalog *cat;
    uint32_t ntiles, nfigures;   /* of the arrays the lane took */
    cc_placed_tile tiles[CC_MAX_TILES];
    uint32_t owner_at[CC_MAX_TILES];     /* an abbey's "player": its first byte; 0: none */
    uint32_t owner_len[CC_MAX_TILES];
    cc_figure figures[CC_MAX_FIGURES];
    uint32_t player_at[CC_MAX_FIGURES];  /* each figure's "player" */
    uint32_t player_len[CC_MAX_FIGURES];
} dec_lanes;

void dec_lanes_init(dec_lanes *l, const cc_catalog *cat);

/* The dec_lanes doc was parsed with (dec_parse with lanes), or NULL. */
const dec_lanes *dec_lanes_of(const jr_doc *doc);

#endif
