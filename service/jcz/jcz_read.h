/* jcz_read.h -- a JCloisterZone / FanCloisterZone saved game, read.
 *
 * Owns: the .jcz file's shape and what of it is in scope. jcz_read() walks
 * the parsed JSON once and fills a jcz_game: the setup turned into a
 * starting position (expansions, options, players, start tiles, abbeys in
 * hand), the pile's size, the forced draw order if the file has one, and
 * the replay's messages with their payloads decoded (tile ids resolved by
 * the catalog's reference aliases, locations parsed, figure kinds read from
 * the meeple ids). It judges nothing about the moves: that is the replay's
 * job (jcz_replay.h), with the engine.
 *
 * The file, as the apps write it (members not named here are ignored):
 *   setup.sets      {"basic:1": 1, "abbey-and-mayor:1": 1, "hills-and-sheep:1": 1,
 *                    "cult/5": 1} (":2" printings too: same tiles, gardens)
 *   setup.elements  figures by count ("small-follower": 7, "mayor", "wagon",
 *                    "barn", "shepherd", "abbey": 0 or 1), the rest by
 *                    presence ("farmers", "hill", "vineyard", "shrine", "garden")
 *   setup.rules     "wagon-move", "hill-tiebreaker", "barn-placement",
 *                    "tiny-city-scoring" (string values); the app's other
 *                    rule keys belong to expansions out of scope and are ignored
 *   setup.start     [{tile, x, y, rotation (degrees)}]
 *   players         [{name, slot, ...}] in turn order
 *   replay          [{type, payload, player?}]: PLACE_TILE {tileId, rotation
 *                    "R0".."R270", position [x, y]}, DEPLOY_MEEPLE {pointer
 *                    {position, feature, location}, meepleId "<p>.<kind>.<n>"},
 *                    PASS, COMMIT {random}, SHEPHERD_CONFIRM {random},
 *                    FLOCK_EXPAND_OR_SCORE {value: EXPAND | SCORE, random}
 *   gameAnnotations.drawOrder  tile ids in the order drawn (discarded tiles
 *                    included), optionally ending "#END" (no tile after)
 *   gameAnnotations.endTurn    how many tiles may be drawn in all
 *
 * Errors: 400 for a member of the wrong type or shape; 422 for anything
 * out of scope (a set, element, rule, tile, message type or figure the
 * service does not model), each with the JSON Pointer of the member; a
 * JCloisterZone 4 file (setup.expansions instead of setup.sets: another
 * format, docs/jcz.md) is a 422 at /setup/expansions.
 *
 * Ownership: jcz_read() fills *g, which the caller releases with
 * jcz_game_free() (also after a failed read). root (the request body, read
 * in place: service/wire/json_reader.h) is only read.
 */
#ifndef JCZ_READ_H
#define JCZ_READ_H

#include <stdbool.h>

#include "../../engine/catalog.h"
#include "../../engine/error.h"
#include "../../engine/position.h"
#include "../wire/json_reader.h"
#include "jcz_loc.h"

typedef enum {
    JCZ_PLACE_TILE,
    JCZ_DEPLOY_MEEPLE,
    JCZ_PASS,
    JCZ_COMMIT,
    JCZ_SHEPHERD_CONFIRM,
    JCZ_FLOCK
} jcz_msg_type;

typedef struct {
    jcz_msg_type type;
    int player;              /* the message's "player", or -1 when absent */
    /* PLACE_TILE */
    int tile;                /* catalog type */
    int x, y, rot;           /* rot in quarter turns */
    /* DEPLOY_MEEPLE */
    cc_figure_kind kind;
    int owner;               /* player index written in the meeple id */
    int number;              /* the figure's number in the meeple id */
    int px, py;              /* pointer.position */
    unsigned classes;        /* pointer.feature (jcz_feature_class) */
    jcz_loc loc;             /* pointer.location */
    /* FLOCK_EXPAND_OR_SCORE */
    bool expand;
    /* COMMIT, SHEPHERD_CONFIRM, FLOCK_EXPAND_OR_SCORE */
    bool has_random;
    double random;
} jcz_msg;

typedef struct {
    cc_position start;       /* players, expansions, options, start tiles, abbeys */
    unsigned sets;           /* expansions whose tiles are in the pile */
    int pile;                /* land tiles left in the pile after the start tiles */
    int nmsgs;
    jcz_msg *msgs;           /* malloc'ed, one per replay element */
    int ndraw;
    int *draw;               /* malloc'ed drawOrder as catalog types, or NULL */
    bool draw_end;           /* drawOrder ends with "#END" */
    int draw_limit;          /* endTurn, or -1 */
} jcz_game;

bool jcz_read(const jr_obj *root, const cc_catalog *cat, jcz_game *g, cc_error *err);
void jcz_game_free(jcz_game *g);

/* The catalog type of a reference tile id as saved games write it (the
 * catalog's aliases, and the garden printings of the 2nd edition, which
 * are the same tiles), or -1. */
int jcz_tile_type(const cc_catalog *cat, const char *id);

/* Append JSON Pointer token `key` to pointer (RFC 6901: '~' -> "~0",
 * '/' -> "~1"). When the whole token does not fit size, pointer stays as
 * it was: its ancestor, still a true pointer, never one cut inside a
 * token (or a character). */
void jcz_pointer_add(char *pointer, size_t size, const char *key);

#endif
