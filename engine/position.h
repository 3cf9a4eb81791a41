/* position.h -- a whole game position, as the contract's section 3 states it.
 *
 * Owns: cc_position and its parts. A position is plain data with fixed-size
 * arrays, so it needs no allocation and no free: whoever declares one owns
 * all of it. The service decodes JSON into it (service/wire/decode.c); the engine
 * only reads it. Array indices are the JSON array indices, so an error about
 * tiles[i] can name "/position/tiles/i".
 *
 * The caps are physical: the game has 107 land tiles and at most 6 abbeys,
 * and a player owns 12 figures (7 meeples, the large meeple, mayor, wagon,
 * barn, shepherd), so a position over a cap is impossible, not merely large.
 */
#ifndef CC_POSITION_H
#define CC_POSITION_H

#include <stdbool.h>

#include "catalog.h"
#include "loc.h"

#define CC_MAX_PLAYERS 6
#define CC_MIN_PLAYERS 2
#define CC_MAX_TILES 128
#define CC_MAX_FIGURES (CC_MAX_PLAYERS * 12)
#define CC_MAX_FLOCK 20
#define CC_NAME_MAX 33          /* player names: 1..32 bytes */
#define CC_COORD_LIMIT 1000     /* |x|, |y| <= this */

/* Supplies per player (contract section 3). */
#define CC_SUPPLY_MEEPLES 7
#define CC_SUPPLY_MAYOR 1
#define CC_SUPPLY_WAGON 1
#define CC_SUPPLY_BARN 1
#define CC_SUPPLY_SHEPHERD 1
#define CC_SUPPLY_BIG 1

/* The kinds, in the order their options are listed. The large meeple
 * (Inns & Cathedrals) comes last so that every older kind keeps its
 * number and every older answer its order. */
typedef enum {
    CC_FIG_MEEPLE,
    CC_FIG_MAYOR,
    CC_FIG_WAGON,
    CC_FIG_BARN,
    CC_FIG_SHEPHERD,
    CC_FIG_BIG,         /* the large meeple: a follower of strength 2 */
    CC_FIG_NKINDS
} cc_figure_kind;

/* "meeple" ... "shepherd", "big" <-> kind; parse returns -1 if unknown. */
int cc_figure_kind_parse(const char *name);
const char *cc_figure_kind_name(cc_figure_kind k);

/* The expansion (cc_expansion bit) a figure of kind k comes with:
 * CC_EXP_BASE for the meeple. */
unsigned cc_figure_kind_expansion(cc_figure_kind k);

/* How many figures of kind k one player owns (contract section 3). */
int cc_figure_kind_supply(cc_figure_kind k);

/* The most figures a position with these expansions may list: 6 players'
 * 11 figures, 12 with the large meeple of Inns & Cathedrals (at most
 * CC_MAX_FIGURES). The decoder refuses a longer list before reading it. */
int cc_figures_cap(unsigned expansions);

typedef enum { CC_HILL_TIEBREAK_OFFICIAL, CC_HILL_TIEBREAK_COUNT } cc_hill_tiebreak;
typedef enum { CC_WAGON_RULES_C2, CC_WAGON_RULES_C1 } cc_wagon_rules;
typedef enum { CC_BARN_PLACEMENT_UNOCCUPIED, CC_BARN_PLACEMENT_OCCUPIED } cc_barn_placement;
typedef enum { CC_TINY_CITY_4, CC_TINY_CITY_2 } cc_tiny_city;
typedef enum { CC_FARMERS_ON, CC_FARMERS_OFF } cc_farmers;
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
} cc_position;

/* A position with no players, tiles or figures, base game, default options. */
void cc_position_init(cc_position *pos);

/* Index of the player called name, or -1. */
int cc_position_player(const cc_position *pos, const char *name);

/* A player's total score (both counting figures with Messages). */
int cc_position_score(const cc_position *pos, int player);

#endif
