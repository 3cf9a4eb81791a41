/* jcz_write.h -- a game played through the service, as a saved game the
 * apps open.
 *
 * Owns: writing a .jcz file that FanCloisterZone (and JCloisterZone)
 * replays into the same game: a starting position and the moves played from
 * it (each a /v1/turn move), played again here through the engine so that
 * every message the app expects is written in the order its phases ask for
 * them (jcz_replay.h lists the grammar):
 *   - PASS + COMMIT before a land tile when the player could place the
 *     abbey instead (holds it, and a hole exists) but does not;
 *   - PLACE_TILE; then DEPLOY_MEEPLE, or PASS when the player could have
 *     deployed something and did not (nothing when there was no option);
 *   - SHEPHERD_CONFIRM for a shepherd deployed, FLOCK_EXPAND_OR_SCORE for a
 *     grow or guide, each grow or first draw carrying the random number
 *     that draws that token from the app's bag (jcz_sheep.h);
 *   - COMMIT; then, for each wagon the scoring sent back that could move,
 *     in seat order, DEPLOY_MEEPLE + COMMIT for a move or PASS;
 *   - gameAnnotations.drawOrder lists the land tiles in the order placed,
 *     so the app draws exactly those; it ends with "#END" once a move said
 *     the pile is empty (pile_empty), so the app ends the game there too.
 *     Without "#END" the app goes on drawing at random after the last move.
 *     Tiles drawn and discarded (they fit nowhere) are listed where they
 *     were drawn, so the app discards them too; when the pile runs out on a
 *     player's draws (jcz_writer_pass) "#END" follows them, and the app
 *     starts the abbey round after that player, as the engine does.
 * Figures get the app's ids ("<player>.small.<n>", "<player>.wagon.1" ...),
 * a meeple the lowest number its owner has in the supply.
 *
 * What a .jcz cannot say is refused (422): figures or points already on
 * the board at the start, a placed abbey among the start tiles, Messages,
 * players holding different numbers of abbeys. The player to move first
 * becomes the file's first player (the apps always start with the first);
 * the turn order is kept.
 *
 * Ownership: jcz_writer_new() returns a writer the caller releases with
 * jcz_writer_free(); jcz_writer_finish() writes the document into the
 * caller's JSON writer (service/wire/json_writer.h).
 *
 *   jcz_writer_new()       start from a position
 *   jcz_writer_position()  the position the next move is played on
 *   jcz_writer_play()      play one move and write its messages
 *   jcz_writer_discard()   a tile drawn that fits nowhere (drawOrder only)
 *   jcz_writer_pass()      the pile ran out on the active player's draws
 *   jcz_writer_finish()    the .jcz document
 *   jcz_writer_free()
 */
#ifndef JCZ_WRITE_H
#define JCZ_WRITE_H

#include <stdbool.h>

#include "../../engine/catalog.h"
#include "../../engine/error.h"
#include "../../engine/position.h"
#include "../../engine/turn.h"
#include "../wire/json_writer.h"

typedef struct jcz_writer jcz_writer;

/* A writer starting from pos (validated here; pointers "/position/..."),
 * the game named name; an illegal move's reason is worded in lang (the
 * request's language; NULL: English), which must outlive the writer.
 * NULL with err on a position a .jcz cannot hold. */
jcz_writer *jcz_writer_new(const cc_position *pos, const cc_catalog *cat, const char *name,
                           const char *lang, cc_error *err);

const cc_position *jcz_writer_position(const jcz_writer *w);

/* The engine's answer to the last move tried (NULL before the first). */
const cc_turn_result *jcz_writer_result(const jcz_writer *w);

/* Play mv and write its messages. False with err when the move cannot be
 * played: pointers are the move's ("/deploy/at"); an illegal move is 422
 * with the rule in the detail. After a failure the document and the
 * position are unchanged. */
bool jcz_writer_play(jcz_writer *w, const cc_move *mv, cc_error *err);

/* The active player draws tile type `type`, which fits nowhere on the
 * board: it is discarded (listed in drawOrder). False with err (422 at
 * "", the caller's pointer to the tile) when it fits somewhere, is not a
 * land tile in play, or no tile is left. */
bool jcz_writer_discard(jcz_writer *w, int type, cc_error *err);

/* The active player's draws (jcz_writer_discard) emptied the pile: no
 * move; what follows the last tile follows now (cc_turn_pass). False with
 * err (422 at "") when the pile was already empty or the game is over. */
bool jcz_writer_pass(jcz_writer *w, cc_error *err);

/* Write the .jcz document so far into out, as one JSON value (out fails
 * when memory runs out, here or while the moves were written). */
void jcz_writer_finish(const jcz_writer *w, jw *out);

void jcz_writer_free(jcz_writer *w);

#endif
