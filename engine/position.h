/* position.h -- a whole game position, as the contract's section 3 states it.
 *
 * Owns: cc_position and its parts. A position is plain data with fixed-size
 * arrays, so it needs no allocation and no free: whoever declares one owns
 * all of it. The service decodes JSON into it (service/wire/decode.c); the engine
 * only reads it. Array indices are the JSON array indices, so an error about
 * tiles[i] can name "/position/tiles/i".
 *
 * The caps are physical: the boxes have 72 + 12 + 18 + 5 + 18 + 24 land
 * tiles and at most 6 abbeys, and a player owns 14 figures (7 meeples, the
 * large meeple, mayor, wagon, barn, shepherd, builder, pig).
 * A table may play with more (issue 30): tile sets in several copies (the
 * bag, `sets`) and house supplies (`supply`); the caps hold the largest bag
 * (CC_MAX_BAG) and supply (CC_PLAYER_FIGURES_MAX) a position may state, so
 * a position over a cap is still impossible, not merely large.
 */
#ifndef CC_POSITION_H
#define CC_POSITION_H

#include <stdbool.h>

#include "catalog.h"
#include "loc.h"

#define CC_MAX_PLAYERS 6
#define CC_MIN_PLAYERS 1        /* solo and test games (the apps allow them) */
#define CC_MAX_TILES 280        /* the largest bag (below) and an abbey per player */
#define CC_MAX_BAG (CC_MAX_TILES - CC_MAX_PLAYERS)   /* land tiles in all the sets' copies */
#define CC_PLAYER_FIGURES_MAX 33 /* figures one player owns, every kind together */
#define CC_MAX_FIGURES (CC_MAX_PLAYERS * CC_PLAYER_FIGURES_MAX)
#define CC_MAX_FLOCK 20
#define CC_NAME_MAX 33          /* player names: 1..32 bytes */
#define CC_COORD_LIMIT 1000     /* |x|, |y| <= this */

/* Supplies per player in the box (contract section 3). */
#define CC_SUPPLY_MEEPLES 7
#define CC_SUPPLY_MAYOR 1
#define CC_SUPPLY_WAGON 1
#define CC_SUPPLY_BARN 1
#define CC_SUPPLY_SHEPHERD 1
#define CC_SUPPLY_BIG 1
#define CC_SUPPLY_BUILDER 1
#define CC_SUPPLY_PIG 1

/* The kinds, in the order their options are listed. Each expansion's kinds
 * come after the older ones (the large meeple of Inns & Cathedrals, then
 * the builder and pig of Traders & Builders) so that every older kind keeps
 * its number and every older answer its order. */
typedef enum {
    CC_FIG_MEEPLE,
    CC_FIG_MAYOR,
    CC_FIG_WAGON,
    CC_FIG_BARN,
    CC_FIG_SHEPHERD,
    CC_FIG_BIG,         /* the large meeple: a follower of strength 2 */
    CC_FIG_BUILDER,     /* Traders & Builders: on a road or city with its owner's
                           follower; a tile extending it gives a second tile */
    CC_FIG_PIG,         /* Traders & Builders: on a field with its owner's farmer;
                           +1 per completed city when the owner wins the field */
    CC_FIG_NKINDS
} cc_figure_kind;

/* What a figure kind is, one row per kind in cc_figure_kinds[] (position.c):
 * a new kind (the large meeple "big", then the builder and the pig) is one
 * value of cc_figure_kind and one row there, and the supply, its checks, the
 * position member `supply` and the .jcz setup follow from the row. */
typedef struct {
    const char *name;         /* in a position: "meeple" */
    int box;                  /* each player's supply in the box */
    int max;                  /* the largest supply a position may state; the
                                 rows' sum is CC_PLAYER_FIGURES_MAX */
    unsigned expansion;       /* the cc_expansion that brings it */
    const char *jcz_element;  /* the apps' setup element: "small-follower" */
    const char *jcz_meeple;   /* the apps' meeple ids: "<player>.small.<n>" */
} cc_figure_kind_info;

extern const cc_figure_kind_info cc_figure_kinds[CC_FIG_NKINDS];

/* "meeple" ... "shepherd", "big", "builder", "pig" <-> kind; parse returns -1 if unknown. */
int cc_figure_kind_parse(const char *name);
const char *cc_figure_kind_name(cc_figure_kind k);

/* Whether answers about a position with these expansions count kind k:
 * the kinds before the large meeple always (as they always did, whatever
 * the expansions), a later kind only with its expansion, so that every
 * answer without it stays as it was. */
bool cc_figure_kind_counted(unsigned expansions, cc_figure_kind k);

/* The most figures a position with these expansions may list: every
 * player's largest supply of each counted kind (144 without Inns &
 * Cathedrals, CC_MAX_FIGURES with it). The decoder refuses a longer list
 * before reading it. */
int cc_figures_cap(unsigned expansions);

/* The tile sets a bag is made of, one row each in cc_tile_sets[]
 * (position.c): the catalog's set (the tiles whose `set` it is) and the id
 * the apps give its printing. A set's tiles are in the bag `copies` times. */
typedef enum {
    CC_SET_BASE,
    CC_SET_ABBEY_MAYOR,
    CC_SET_HILLS_SHEEP,
    CC_SET_SHRINES,
    CC_SET_SHRINES_6,         /* Heretics & Shrines with its 6th tile (the
                                 apps' cult/6): a variant of shrines */
    CC_SET_INNS_CATHEDRALS,
    CC_SET_TRADERS_BUILDERS,
    CC_NSETS
} cc_tile_set;

typedef struct {
    const char *name;         /* in a position: "base" (the expansion id) */
    int max;                  /* the most copies a position may state; all
                                 sets at their most fit in CC_MAX_BAG */
    unsigned expansion;       /* the cc_expansion its tiles belong to */
    const char *jcz_id;       /* the apps' set id: "basic:1" */
} cc_tile_set_info;

extern const cc_tile_set_info cc_tile_sets[CC_NSETS];

/* The set named name, or -1. */
int cc_tile_set_parse(const char *name);
/* The set of expansion bit, or -1 (Messages has no tiles): its first row,
 * the box's (a later row of the same expansion is a variant). */
int cc_tile_set_of(unsigned expansion);
/* Copies of set s in a position with these expansions that states no
 * `sets`: 1 for each listed expansion's box, 0 for a variant. */
int cc_tile_set_box_copies(unsigned expansions, int s);

typedef enum { CC_HILL_TIEBREAK_OFFICIAL, CC_HILL_TIEBREAK_COUNT } cc_hill_tiebreak;
typedef enum { CC_WAGON_RULES_C2, CC_WAGON_RULES_C1 } cc_wagon_rules;
typedef enum { CC_BARN_PLACEMENT_UNOCCUPIED, CC_BARN_PLACEMENT_OCCUPIED } cc_barn_placement;
typedef enum { CC_TINY_CITY_4, CC_TINY_CITY_2 } cc_tiny_city;
typedef enum { CC_FARMERS_ON, CC_FARMERS_OFF } cc_farmers;
typedef enum { CC_ELEMENT_ON, CC_ELEMENT_OFF } cc_element;
typedef enum { CC_INN_CATHEDRAL_FINAL_ZERO, CC_INN_CATHEDRAL_FINAL_IGNORE } cc_inn_cathedral_final;

/* House rules and edition variants (contract section 3), all off by
 * default; the zero value of each member is the default. */
typedef struct {
    cc_hill_tiebreak hill_tiebreak;   /* "official" (default) or "count" */
    cc_wagon_rules wagon_rules;       /* "c2" (default) or "c1" */
    cc_barn_placement barn_placement; /* "unoccupied" (default) or "occupied":
                                         a barn may join a field with a barn */
    cc_tiny_city tiny_city_scoring;   /* "4" (default) or "2": what a completed
                                         two-tile city scores (1st edition) */
    cc_farmers farmers;               /* "on" (default) or "off": no follower
                                         may stand on a field */
    cc_element hills;                 /* "on" (default) or "off": a hill breaks
                                         no tie and no tile goes under it (the
                                         apps' element "hill") */
    cc_element vineyards;             /* "on" (default) or "off": a vineyard
                                         adds nothing to a cloister (the apps'
                                         element "vineyard") */
    cc_inn_cathedral_final inn_cathedral_final; /* "zero" (default, official) or
                                         "ignore": at the end an incomplete road
                                         with an inn or city with a cathedral
                                         scores as a normal one */
} cc_options;

typedef struct {
    int type;       /* index into the catalog */
    int x, y;
    int rot;        /* clockwise quarter turns, 0..3 */
    int owner;      /* abbeys: the player who placed it, or -1 if not given */
} cc_placed_tile;

typedef struct {
    int player;     /* index into players */
    cc_figure_kind kind;
    int x, y;
    cc_loc at;      /* board orientation; a corner for barns */
    int nflock;     /* shepherds: sheep tokens beside it */
    int8_t flock[CC_MAX_FLOCK]; /* a token is 1 to 4 sheep: a byte keeps figures small */
} cc_figure;

typedef struct {
    unsigned expansions;                  /* cc_expansion bits, base always set */
    cc_options options;
    int nplayers;
    char players[CC_MAX_PLAYERS][CC_NAME_MAX];
    int active;
    int ntiles;
    cc_placed_tile tiles[CC_MAX_TILES];
    int nfigures;
    cc_figure figures[CC_MAX_FIGURES];
    int scores[CC_MAX_PLAYERS][2];        /* [1] only with Messages */
    int abbeys[CC_MAX_PLAYERS];           /* abbey tiles still in hand */
    /* The setup, each with the zero value the default (read them with the
     * functions below): each player's supply of a kind where bit k of
     * supply_given is set, the box's otherwise; the copies of each set in
     * the bag when sets_given, once each expansion listed otherwise. */
    unsigned supply_given;
    int supply[CC_FIG_NKINDS];
    bool sets_given;
    int copies[CC_NSETS];
    /* Traders & Builders (engine/goods.c, engine/builder.c): the trade goods
     * tokens each player holds, and whether the active player is placing
     * the second tile of a builder's double turn. */
    int goods[CC_MAX_PLAYERS][CC_NGOODS];
    bool builder_turn;
} cc_position;

/* A position with no players, tiles or figures, base game, default options.
 * Every member is set but the records past the counts (tiles[ntiles..],
 * figures[nfigures..]), which hold whatever was there: whoever appends a
 * tile or a figure writes all of its record. */
void cc_position_init(cc_position *pos);

/* Index of the player called name, or -1. */
int cc_position_player(const cc_position *pos, const char *name);

/* A player's total score (both counting figures with Messages). */
int cc_position_score(const cc_position *pos, int player);

/* Each player's supply of kind k: the figures of that kind a player owns,
 * on the board or not (0 when its expansion is not in play). */
int cc_position_supply(const cc_position *pos, cc_figure_kind k);

/* How many copies of tile set s are in the bag. */
int cc_position_copies(const cc_position *pos, int s);

/* How many tiles of catalog type t the bag holds (abbeys: one per player). */
int cc_position_bag_count(const cc_position *pos, const cc_catalog *cat, int t);

#endif
