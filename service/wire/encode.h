/* encode.h -- engine structs out as the contract's JSON.
 *
 * Owns: the JSON shapes that more than one route answers with, so every
 * route names a feature, a cell, a figure or a rule list the same way.
 * Every function writes one JSON value into the writer w (service/wire/
 * json_writer.h) where the caller stands: after jw_key() inside an object,
 * or as an element of an array. enc_feature_members() writes members only,
 * so the caller may add its own before closing the object. Features and
 * figures must come from a position that cc_validate() accepted.
 *
 * Speed (issue 13): the small shapes answers hold by the hundred (cells,
 * names, figures, player-keyed numbers, a feature's members) are written
 * in place (jw_raw_begin()), their member names as literals, the names of
 * the service's own tables unescaped; a player's name is always escaped.
 *
 *   enc_loc(w, loc)                  "N", "NNE", "C", "#2", "SE"
 *   enc_xy(w, x, y)                  {"x", "y"}
 *   enc_xyat(w, x, y, at)            {"x", "y", "at"}
 *   enc_feature_ref(w, f, id)        {"x", "y", "at"}: the feature's canonical name
 *   enc_cells(w, f, id)              [{"x", "y"}] sorted by y, then x
 *   enc_figure_spot(w, fig)          {"kind", "x", "y", "at"[, "flock"]}
 *   enc_figure(w, pos, fig)          the same plus "player": position form
 *   enc_figure_feature(f, fig)       the feature a figure stands on (barns: field)
 *   enc_figure_features(pos, f, stands)  the same for every figure, once
 *   enc_occupants(w, pos, stands, id)  {"<player>": [figure spot...]}: who stands on it
 *   enc_feature_members(w, pos, f, stands, id)  "feature", "type", "cells",
 *                                    "complete", "pennants" | "cities",
 *                                    "occupants": one feature described
 *                                    (members, no braces)
 *   enc_player_ints(w, pos, v, mask) {"<player>": v[p]} of the players in mask
 *   enc_player_keys_init(k, pos), enc_player_ints_keyed(w, k, v, mask)
 *                                    the same with the names escaped once,
 *                                    for an answer that writes many
 *   enc_placements(w, list, n)       [{"x", "y", "rot"}], rot in degrees
 *   enc_placements_max(n)            the most bytes that writes (to reserve
 *                                    an answer's room at once)
 *   enc_deploy_option(w, pos, f, o)  {"kind", "at", "feature", "challenge"?}:
 *                                    one option as /v1/deployments lists it
 *
 * Rule lists ("rules": [ids], each once, first citation first) are built
 * in an enc_rules before they are written, because an answer often learns
 * its last rule after writing what comes before the list:
 *   enc_rules_init(r), enc_rules_add(r, id), enc_rules_add_all(r, ids, n)
 *   enc_feature_rules(r, f, id)      the rules that make feature id what it is
 *   enc_tile_facts_init(t, b), enc_feature_rules_known(r, f, t, id)
 *                                    the same, what it asks of each tile
 *                                    found once (an answer about every feature)
 *   enc_rules_write(w, r)            the array
 *   enc_rule_ids(w, ids, n)          an array of ids already at hand, distinct
 *                                    as text (a scoring's), in place
 */
#ifndef ENCODE_H
#define ENCODE_H

#include <stddef.h>
#include <stdint.h>

#include "../../engine/deploy.h"
#include "../../engine/features.h"
#include "../../engine/loc.h"
#include "../../engine/placement.h"
#include "../../engine/position.h"
#include "json_writer.h"

void enc_loc(jw *w, cc_loc loc);
void enc_xy(jw *w, int x, int y);
void enc_xyat(jw *w, int x, int y, cc_loc at);

/* The canonical name of feature id: its first tile by (y, x) and that
 * tile's first location in canonical order (contract section 1). */
void enc_feature_ref(jw *w, const cc_features *f, int id);

void enc_cells(jw *w, const cc_features *f, int id);

/* A figure without its player ("flock" only for shepherds). */
void enc_figure_spot(jw *w, const cc_figure *fig);

/* A figure as in position.figures. */
void enc_figure(jw *w, const cc_position *pos, const cc_figure *fig);

/* The feature id of a figure of pos: what it stands on, or, for a barn,
 * the field of its corner; -1 if none. */
int enc_figure_feature(const cc_features *f, const cc_figure *fig);

/* stands[i] = enc_figure_feature() of figure i of pos: computed once for
 * an answer that describes many features. */
void enc_figure_features(const cc_position *pos, const cc_features *f,
                         int stands[CC_MAX_FIGURES]);

/* The figures of pos standing on feature id (stands from
 * enc_figure_features(); barns count on the field of their corner),
 * grouped by player name in the order the players first appear among the
 * figures; players with none are left out, so an empty feature gives {}
 * (and so does stands NULL). pos must have been validated into f. */
void enc_occupants(jw *w, const cc_position *pos, const int *stands, int id);

/* One feature's members: "feature": ref, "type", "cells", "complete",
 * "pennants" (cities), "cities": [ref...] (fields: the cities they
 * border), "occupants". The caller opens and closes the object. stands as
 * for enc_occupants(), or NULL when the caller knows that nobody stands on
 * feature id. */
void enc_feature_members(jw *w, const cc_position *pos, const cc_features *f,
                         const int *stands, int id);

/* {"<player>": values[p], ...} for each player p of pos whose bit is set
 * in mask, in seat order (scores, points, strengths). */
void enc_player_ints(jw *w, const cc_position *pos, const int *values, unsigned mask);

/* The players' names as member names ("red":), escaped once for an answer
 * that writes many player-keyed objects (a score: two per event). */
typedef struct {
    int n;
    uint8_t len[CC_MAX_PLAYERS];
    char key[CC_MAX_PLAYERS][JW_ESCAPED_MAX(CC_NAME_MAX) + 4];
} enc_player_keys;

void enc_player_keys_init(enc_player_keys *k, const cc_position *pos);

/* enc_player_ints() with the names escaped beforehand. */
void enc_player_ints_keyed(jw *w, const enc_player_keys *k, const int *values, unsigned mask);

/* Legal placements as /v1/placements answers them. */
void enc_placements(jw *w, const cc_placement *list, int n);
size_t enc_placements_max(int n);
/* A deployment option (engine/deploy.h): its kind, where on the tile
 * ("at", a corner for a barn), the whole feature's canonical name (a
 * barn's field), and, when a monk or heretic would lay down a challenge,
 * the challenged follower in position form. pos holds the tile placed,
 * validated into f. */
void enc_deploy_option(jw *w, const cc_position *pos, const cc_features *f,
                       const cc_deploy_option *o);

/* A rule list: ids (static strings) without duplicates, in the order first
 * added. ENC_MAX_RULES is more than the rule catalog holds. */
#define ENC_MAX_RULES 256

#define ENC_RECENT_RULES 32

typedef struct {
    int n;
    const char *ids[ENC_MAX_RULES];
    const char *recent[ENC_RECENT_RULES];   /* ids in the list, by address (a hint) */
} enc_rules;

void enc_rules_init(enc_rules *r);
void enc_rules_add(enc_rules *r, const char *id);
void enc_rules_add_all(enc_rules *r, const char *const *ids, size_t n);
void enc_rules_write(jw *w, const enc_rules *r);
void enc_rule_ids(jw *w, const char *const *ids, size_t n);

/* Add the ids of the rules that make feature id what it is: its type's
 * rule, the abbey rule if an abbey closes it, the split-edge rule if it
 * spans a split edge. */
void enc_feature_rules(enc_rules *r, const cc_features *f, int id);

/* The same for an answer that lists many features: what the rules ask of
 * each tile (an abbey beside it, a split city edge) found once. */
typedef struct {
    const cc_board *board;
    uint8_t facts[CC_MAX_TILES];
} enc_tile_facts;

void enc_tile_facts_init(enc_tile_facts *t, const cc_board *b);
void enc_feature_rules_known(enc_rules *r, const cc_features *f, const enc_tile_facts *facts,
                             int id);

#endif
