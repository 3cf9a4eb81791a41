/* lanes.h -- decoding with the lanes and without, for the tests.
 *
 * Owns: the check that the decoder's lanes (service/wire/decode_lane.h)
 * change no answer. tu_decode_both() reads a body as the service does
 * (dec_parse with the lanes, then dec_position) and again without them,
 * and expects (Criterion) the same verdict, the same error -- status,
 * pointer and detail -- and the same position byte for byte. Every row of
 * the decoder's tables goes through it, and so does every body of the
 * lane's own tests.
 *
 *   tu_decode_both(body, len, parse_only, pos, err)   the lanes' verdict
 *   tu_lane_took(body, member)   did the lanes take /position/<member>?
 */
#ifndef TESTS_LANES_H
#define TESTS_LANES_H

#include <stdbool.h>
#include <stddef.h>

#include "../../engine/error.h"
#include "../../engine/position.h"

/* dec_parse (and dec_position unless parse_only) with the lanes into
 * *pos and *err; checks that without the lanes everything comes out the
 * same. True if the body decodes. */
bool tu_decode_both(const char *body, size_t len, bool parse_only, cc_position *pos,
                    cc_error *err);

/* Parsed with the lanes, is the body's /position/<member> an array the
 * lane took? (False when the body does not parse.) */
bool tu_lane_took(const char *body, const char *member);

#endif
