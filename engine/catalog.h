/* catalog.h -- the tile catalog as the engine sees it: immutable facts.
 *
 * Owns: the types that describe tile *types* (not placed tiles) in catalog
 * orientation, and look-ups over a catalog. It does not load anything: the
 * service reads the SQLite catalog once at start (service/catalog/catalog_db.c),
 * fills a cc_catalog, and hands the engine a const pointer to it. The engine
 * never writes to a catalog, so any number of threads may share one.
 *
 * Table of contents:
 *   cc_feature_type            city, road, field, cloister, shrine, abbey, river
 *   cc_goods                   wine, grain, cloth (trade goods on cities)
 *   cc_tile_feature            one feature #k of a tile type
 *   cc_tile_turn               a tile type's facts turned by a rotation
 *   cc_tile_type               one tile type: edges, features, flags, aliases
 *   cc_catalog                 all tile types
 *   cc_catalog_find(), _n()    id or alias -> tile type index (a hash
 *                              look-up when the loader indexed the names)
 *   cc_catalog_names()         that index, built once by the loader
 *   cc_catalog_suggest()       a mistaken id -> the tile types it probably means
 *   cc_catalog_abbey()         index of the abbey tile type, or -1
 *   cc_tile_type_turn()        fill a tile type's four cc_tile_turns (the loader)
 *   cc_tile_feature_at_ring()  which feature owns a ring position (catalog orientation)
 *   cc_feature_type_name()     "city", "road", ...
 *   cc_expansion_*             expansion ids and bits: the sets positions may
 *                              name (CC_EXP_RULED) and those the catalog holds
 *   cc_goods_name()            "wine", "grain", "cloth"
 */
#ifndef CC_CATALOG_H
#define CC_CATALOG_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "loc.h"

#define CC_MAX_TILE_FEATURES 12
#define CC_MAX_ALIASES 4
#define CC_MAX_WAGON_LINKS 4
#define CC_ID_MAX 40

typedef enum {
    CC_FEAT_CITY,
    CC_FEAT_ROAD,
    CC_FEAT_FIELD,
    CC_FEAT_CLOISTER,
    CC_FEAT_SHRINE,
    CC_FEAT_ABBEY,
    CC_FEAT_RIVER,         /* The River: owns edges ('I'), holds no figure,
                              never scores, separates fields like a road */
    CC_FEAT_NTYPES
} cc_feature_type;

/* Cloisters, shrines and abbeys score alike ("monasteries" in the rules). */
static inline bool cc_feature_is_monastery(cc_feature_type t)
{
    return t == CC_FEAT_CLOISTER || t == CC_FEAT_SHRINE || t == CC_FEAT_ABBEY;
}

/* Expansions, as bits of a position's set. Base is always on. */
typedef enum {
    CC_EXP_BASE = 1u << 0,
    CC_EXP_ABBEY_MAYOR = 1u << 1,
    CC_EXP_HILLS_SHEEP = 1u << 2,
    CC_EXP_MESSAGES = 1u << 3,
    CC_EXP_SHRINES = 1u << 4,
    CC_EXP_RIVER = 1u << 5,
    CC_EXP_RIVER_II = 1u << 6,
    CC_EXP_INNS_CATHEDRALS = 1u << 7,
    CC_EXP_TRADERS_BUILDERS = 1u << 8
} cc_expansion;

/* The expansions whose rules the engine applies: the only ones a position
 * may name. The catalog holds the tiles of more sets (their facts are
 * known before their rules are built); a position naming one of those is
 * refused like any unknown expansion. */
#define CC_EXP_RULED (CC_EXP_BASE | CC_EXP_ABBEY_MAYOR | CC_EXP_HILLS_SHEEP | \
                      CC_EXP_MESSAGES | CC_EXP_SHRINES | CC_EXP_RIVER | CC_EXP_RIVER_II | \
                      CC_EXP_INNS_CATHEDRALS | CC_EXP_TRADERS_BUILDERS)

/* A position's expansion id ("base", "abbey-mayor", ...) -> bit; 0 if
 * unknown or not in CC_EXP_RULED. */
unsigned cc_expansion_parse(const char *name);
/* A catalog set ("river", "traders-builders", ...) -> bit, ruled or not;
 * 0 if unknown. */
unsigned cc_expansion_of_set(const char *name);
const char *cc_expansion_name(unsigned bit);

/* Trade goods (Traders & Builders), the symbols a city segment shows. */
typedef enum {
    CC_GOODS_WINE,
    CC_GOODS_GRAIN,
    CC_GOODS_CLOTH,
    CC_NGOODS
} cc_goods;

/* "wine", "grain", "cloth"; "?" out of range. */
const char *cc_goods_name(cc_goods g);

/* One feature #k of a tile type, in catalog orientation. */
typedef struct {
    uint8_t type;          /* cc_feature_type */
    uint8_t index;         /* k */
    uint16_t ring_mask;    /* bit r: owns ring position r (edges for cities and
                              roads, halves for fields) */
    bool centre;           /* cloister, shrine, abbey: stands at C */
    bool inner;            /* a field that touches no edge */
    int8_t split_edge;     /* a city that also owns a second segment of this
                              edge direction (tiles.md section 6), or -1 */
    uint8_t pennants;      /* coats of arms on a city */
    uint16_t adjacent_cities; /* fields: bit j set = borders city feature #j */
    char ends_on[128];      /* roads ending on the tile: what they end at (prose) */
    bool inn;               /* a road with an inn beside it (Inns & Cathedrals,
                               The River II's bridge): the road scores 2 per
                               tile completed, 0 incomplete at the end */
    bool cathedral;         /* a city with a cathedral (Inns & Cathedrals): 3
                               per tile and coat of arms completed, 0 incomplete */
    bool pig_herd;          /* a field with a pig herd (The River II): each
                               farmer majority scores 1 more per city (with
                               Traders & Builders) */
    uint8_t goods[CC_NGOODS]; /* cities: trade goods symbols, per cc_goods */
} cc_tile_feature;

/* What a tile of one type shows when placed turned q quarter turns
 * clockwise, in board orientation: the facts the feature graph and the
 * placement checker read for every placed tile. They depend on the type and
 * the rotation only, so the loader derives them once per type
 * (cc_tile_type_turn) and placing a tile turns nothing (board.h). */
typedef struct {
    char edge[4];                       /* N E S W: 'C' 'R' 'F' 'I' '?' */
    int8_t ring_feature[CC_RING_SIZE];  /* ring position -> the lowest k owning it, or -1 */
    int8_t split_city[4];               /* direction -> the second city segment's k, or -1 */
    int8_t centre_feature;              /* k of the building at C, or -1 */
} cc_tile_turn;

/* The members every question reads of each tile come first, in the first
 * two cache lines of a record (at most three with the turn a tile lies
 * in): a record is 2.6 KB, and a position's 50 or so types were read at
 * five or six lines each, scattered (catalog reads were a sixth of a
 * placements question's cache misses with cold caches). A record starts a
 * cache line (the loader allocates them so), so its first line holds the
 * flags and the id's first 27 bytes: finding a tile by its id and
 * validating it read one line, not two. */
typedef struct {
    _Alignas(64) unsigned expansion;  /* cc_expansion bit of set */
    int count;                     /* copies in the game; 0 for the abbey (one per player) */
    char edges[4];                 /* N E S W: 'C' 'R' 'F', 'I' river (matches only
                                      'I'), '?' matches anything */
    bool hill, vineyard, garden;
    bool is_abbey;
    bool is_start;                 /* base.D: one copy starts at (0,0) */
    bool spring;                   /* river.s: the river's source, the start tile
                                      of a game with a river (one river edge) */
    bool lake;                     /* a river end placed last (one river edge) */
    bool fork;                     /* The River II's fork (three river edges),
                                      placed right after the spring */
    bool volcano;                  /* The River II's volcano lake: takes no
                                      figure; its player places a land tile */
    char variant[16];              /* "": in every printing of its set; else the
                                      only set variant that holds it
                                      (cc_tile_sets[]: "shrines-6") */
    char id[CC_ID_MAX];            /* "base.D" */
    cc_tile_turn turn[4];          /* turn[q]: placed turned q quarter turns
                                      (cc_tile_type_turn fills them) */
    int nfeatures;
    uint8_t feature_type[CC_MAX_TILE_FEATURES]; /* features[k].type, on the line of
                                      nfeatures (which a figure's check reads) and
                                      not each on a line of its own
                                      (cc_tile_type_turn fills them) */
    cc_tile_feature features[CC_MAX_TILE_FEATURES];
    int nwagon_links;              /* C1 wagon links: groups of feature bits */
    uint16_t wagon_links[CC_MAX_WAGON_LINKS];
    char set[24];                  /* "base"; also the expansion id */
    char reference_id[CC_ID_MAX];  /* "BA/RCr" */
    int naliases;
    char aliases[CC_MAX_ALIASES][CC_ID_MAX];
    char notes[512];
} cc_tile_type;

/* One id or alias and the tile type it names. The name is where the type's
 * record holds it (its first line, which validation reads anyway, for an
 * id), named by its offset, so a slot is 8 bytes and the table 4 KB, not
 * 12 (a request's 60 look-ups read some 35 lines of it with cold caches,
 * not 60). */
typedef struct {
    uint32_t at;           /* the name: its byte offset from the catalog's types */
    int16_t type;          /* the tile type it names; -1: an empty slot */
    uint8_t len;           /* the name's length: look-ups compare spans */
    uint8_t tag;           /* the hash's top byte: a probe compares it first */
} cc_catalog_name;

typedef struct {
    int ntypes;
    cc_tile_type *types;   /* owned by whoever built the catalog */
    /* Optional, for cc_catalog_find(): every id and alias in a hash table
     * of nnames slots (a power of two; an empty slot has type -1), filled
     * by the loader with cc_catalog_names(); nnames == 0 means a scan of
     * the types. Owned like types. */
    int nnames;
    cc_catalog_name *names;
} cc_catalog;

/* Index of the tile type whose id or alias is name, or -1 (the first such
 * type in catalog order). */
int cc_catalog_find(const cc_catalog *cat, const char *name);
/* The same for name[0..len), which need not end in a NUL (a span of a
 * request's text); a name holding a NUL byte is never found. */
int cc_catalog_find_n(const cc_catalog *cat, const char *name, size_t len);

/* The number of slots cc_catalog_names() needs for cat: a power of two at
 * least twice the number of its ids and aliases. */
int cc_catalog_count_names(const cc_catalog *cat);
/* Fill names[0..nslots) (nslots from cc_catalog_count_names) with a hash
 * table of every id and alias of cat's types (pointing into them: cat must
 * hold at most INT16_MAX types); a name two types share keeps the first
 * type, as the scan finds it. */
void cc_catalog_names(const cc_catalog *cat, cc_catalog_name *names, int nslots);
/* The tile types a name that is no id or alias probably means, best first,
 * at most max of them into out (indices): first the ids and aliases equal
 * to it but for case ("base.d"), then those whose part after the set's
 * prefix is the name ("D" -> base.D; JCloisterZone's short "RCr" -> base.D,
 * whose alias is "BA/RCr"), then, case aside, ids and aliases at most two
 * edits away ("base.DD"); only the best of these kinds that finds any.
 * Returns how many (0 when nothing is close). */
int cc_catalog_suggest(const cc_catalog *cat, const char *name, int *out, int max);

/* Index of the abbey tile type, or -1 if the catalog has none. */
int cc_catalog_abbey(const cc_catalog *cat);

/* Fill t->turn[0..3] and t->feature_type from t's edges and features.
 * The loader calls it once per type, after the type's features are
 * complete; a type whose features change afterwards must be turned again. */
void cc_tile_type_turn(cc_tile_type *t);

/* The feature k owning ring position r in catalog orientation, or -1. */
int cc_tile_feature_at_ring(const cc_tile_type *t, int r);

/* The monastery-like feature at C, or -1. */
int cc_tile_centre_feature(const cc_tile_type *t);

const char *cc_feature_type_name(cc_feature_type t);

#endif
