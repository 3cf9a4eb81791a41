/* jcz_roundtrip.h -- a random whole game saved as .jcz and read back.
 *
 * Owns the round trip both the unit tests (tests/service/jcz/
 * test_jcz_roundtrip.c) and the fuzz target (fuzz/fuzz_jcz_roundtrip.c)
 * check: a game played by the engine's random player (engine/random_game.h)
 * is written with the exporter (service/jcz/jcz_write.h) as it is played,
 * serialised, parsed again by the service's strict parser and replayed by
 * the importer (jcz_read + jcz_replay). The importer must see every turn's
 * position exactly as the game had it before that turn, and end where the
 * game ended. Positions are compared in their JSON form
 * (encode_position.h), which is what a client sees. No Criterion here: a
 * difference is a message, for the caller to report.
 */
#ifndef JCZ_ROUNDTRIP_H
#define JCZ_ROUNDTRIP_H

#include "../../engine/random_game.h"

/* Play the game of setup, writing it as it goes. Returns the .jcz text
 * (malloc'ed, the caller frees it) and sets *moves to the moves played and
 * *over to whether the game ended; NULL with a message in why when the
 * game or the exporter failed. */
char *rt_play_and_write(const cc_catalog *cat, const cc_game_setup *setup, int *moves,
                        bool *over, char *why, size_t size);

/* The whole round trip of setup's game: true when every position imported
 * is the one played; false with where they differ (or what failed) in why. */
bool rt_round_trip(const cc_catalog *cat, const cc_game_setup *setup, char *why, size_t size);

#endif
