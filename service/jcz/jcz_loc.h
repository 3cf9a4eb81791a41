/* jcz_loc.h -- JCloisterZone's names for places on a tile, and ours.
 *
 * Owns: the translation between the location vocabulary of JCloisterZone
 * saved games and the catalog's features. A saved game names a figure's
 * spot by a "feature pointer": the tile's position, a feature class
 * ("City", "Road", "Field", "Monastery") and a location in board
 * orientation:
 *   - edges N, E, S, W and their unions, each union with one fixed name:
 *     NE NS NW SE SW WE (two edges), _N _E _S _W (every edge but that one),
 *     NWSE (all four). A city or road part is named by all its edges.
 *   - field half-edges NL NR EL ER SL SR WL WR (L/R: the half on the left
 *     or right seen from the tile's centre looking out; our NNW NNE ENE
 *     ESE SSE SSW WSW WNW), a field part being the union of its halves
 *     written with dots in the order just given ("NL.NR.EL.WR");
 *   - I, II, III, IV: what touches no edge: the monastery is "I", inner
 *     fields are "I", "II", ... in the order the tile lists them.
 * A union of halves or edges is kept here as a ring mask (bit r: ring
 * position r of engine/loc.h), so rotating it is the engine's rotation.
 *
 * Pure functions over the catalog, no state.
 *
 *   jcz_loc                    a parsed location: ring mask or inner index
 *   jcz_loc_parse()            "NL.NR.EL" / "NE" / "II" -> jcz_loc
 *   jcz_feature_class()        "City" ... -> our feature types
 *   jcz_feature_k()            (tile type, rotation, class, location) -> k
 *   jcz_feature_class_name()   our feature type -> "City" ...
 *   jcz_feature_location()     (tile type, rotation, k) -> the location name
 */
#ifndef JCZ_LOC_H
#define JCZ_LOC_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "../../engine/catalog.h"

typedef struct {
    uint16_t ring;     /* board ring mask (edges or halves), 0 for an inner name */
    int inner;         /* 1 for "I", 2 for "II" ...; 0 for a ring mask */
    bool field;        /* the mask is made of field halves (not edges) */
} jcz_loc;

/* Parse a location name as saved games write it. False for anything else
 * (an unknown part, halves mixed with edges, an inner name in a union). */
bool jcz_loc_parse(const char *name, jcz_loc *out);

/* Feature class name -> bit set of cc_feature_type (1u << type); 0 if the
 * class is not one of City, Road, Field, Monastery. */
unsigned jcz_feature_class(const char *name);

/* The catalog feature k of tile type t, turned rot quarter turns on the
 * board, that a pointer of class `types` (jcz_feature_class) and location
 * loc names; -1 if none. A ring location names the feature of that class
 * owning every position of the mask; an inner one the monastery ("I") or
 * the n-th inner field. */
int jcz_feature_k(const cc_tile_type *t, int rot, unsigned types, const jcz_loc *loc);

/* "City", "Road", "Field" or "Monastery" (cloisters, shrines, abbeys). */
const char *jcz_feature_class_name(cc_feature_type type);

/* The saved-game location of feature k of tile type t turned rot quarter
 * turns, into out (size bytes; 40 are always enough). Returns out. */
char *jcz_feature_location(const cc_tile_type *t, int rot, int k, char *out, size_t size);

#endif
