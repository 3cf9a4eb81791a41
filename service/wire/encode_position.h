/* encode_position.h -- a whole position out as contract section 3 JSON.
 *
 * Owns: enc_position(), the inverse of dec_position(): what /v1/turn answers
 * as the next position, in the form a client sends back with its next
 * question. Decoding its output gives back the same cc_position (players,
 * active, tiles with rotations in degrees and abbey owners, figures with
 * flocks, scores, abbeys in hand, non-default options).
 *
 *   enc_position(w, pos, cat)   the position object, written into w (encode.h)
 *
 * Choices where the contract leaves room: "expansions" lists the expansions
 * in play other than base, in the catalog's order; "options" lists only the
 * options that differ from the defaults; "scores" gives every player, a
 * number, or a pair [a, b] with Messages; "abbeys" is given (every player)
 * only with Abbey & Mayor.
 */
#ifndef ENCODE_POSITION_H
#define ENCODE_POSITION_H

#include "../../engine/catalog.h"
#include "../../engine/position.h"
#include "json_writer.h"

void enc_position(jw *w, const cc_position *pos, const cc_catalog *cat);

#endif
