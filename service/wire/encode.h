/* encode.h -- engine structs out as the contract's JSON.
 *
 * Owns: the JSON shapes that more than one route answers with, so every
 * route names a feature, a cell, a figure or a rule list the same way.
 * Every function returns a new json_object the caller owns (usually by
 * adding it to a larger object). Features and figures must come from a
 * position that cc_validate() accepted.
 *
 *   enc_loc(loc)                  "N", "NNE", "C", "#2", "SE"
 *   enc_xy(x, y)                  {"x", "y"}
 *   enc_xyat(x, y, at)            {"x", "y", "at"}
 *   enc_feature_ref(f, id)        {"x", "y", "at"}: the feature's canonical name
 *   enc_cells(f, id)              [{"x", "y"}] sorted by y, then x
 *   enc_figure_spot(f)            {"kind", "x", "y", "at"[, "flock"]}
 *   enc_figure(pos, f)            the same plus "player": position form
 *   enc_occupants(pos, fs, id)    {"<player>": [figure spot...]}: who stands on it
 *   enc_feature(pos, fs, id)      {feature, type, cells, complete, pennants |
 *                                 cities, occupants}: one feature, described
 *   enc_feature_rules(r, fs, id)  add the rule ids that define that feature
 *   enc_rules(ids, n)             ["rule.id", ...] without duplicates
 *   enc_rules_add(rules, id)      append id to a rule array unless present
 */
#ifndef ENCODE_H
#define ENCODE_H

#include <json-c/json.h>
#include <stddef.h>

#include "../../engine/features.h"
#include "../../engine/loc.h"
#include "../../engine/position.h"

json_object *enc_loc(cc_loc loc);
json_object *enc_xy(int x, int y);
json_object *enc_xyat(int x, int y, cc_loc at);

/* The canonical name of feature id: its first tile by (y, x) and that
 * tile's first location in canonical order (contract section 1). */
json_object *enc_feature_ref(const cc_features *f, int id);

json_object *enc_cells(const cc_features *f, int id);

/* A figure without its player ("flock" only for shepherds). */
json_object *enc_figure_spot(const cc_figure *fig);

/* A figure as in position.figures. */
json_object *enc_figure(const cc_position *pos, const cc_figure *fig);

/* The figures of pos standing on feature id (barns count on the field of
 * their corner), grouped by player name; players with none are left out,
 * so an empty feature gives {}. pos must have been validated into f. */
json_object *enc_occupants(const cc_position *pos, const cc_features *f, int id);

/* The feature id of a figure of pos: what it stands on, or, for a barn,
 * the field of its corner; -1 if none. */
int enc_figure_feature(const cc_features *f, const cc_figure *fig);

/* One feature: {"feature": ref, "type", "cells", "complete", "pennants"
 * (cities), "cities": [ref...] (fields: the cities they border),
 * "occupants"}. */
json_object *enc_feature(const cc_position *pos, const cc_features *f, int id);

/* Append to the array `rules` the ids of the rules that make feature id
 * what it is: its type's rule, the abbey rule if an abbey closes it, the
 * split-edge rule if it spans a split edge. */
void enc_feature_rules(json_object *rules, const cc_features *f, int id);

json_object *enc_rules(const char *const *ids, size_t n);
void enc_rules_add(json_object *rules, const char *id);

#endif
