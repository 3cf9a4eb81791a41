/* decode_lane.c -- see decode_lane.h.
 *
 * One cursor walks the array: literals (the member names with their
 * quotes, colons and commas, as one compare each), plain strings, small
 * integers. Every step either moves the cursor or fails, and a failure
 * anywhere declines the array: the records written so far are then never
 * read (dec_position reads them only for an array the lane took). */
#include "decode_lane.h"

#include <string.h>

#include "decode.h"
#include "decode_raw.h"

enum { LANE_TILES, LANE_FIGURES };

typedef struct {
    const char *text;       /* the body */
    const char *p, *end;
} cursor;

/* The n bytes of s (a literal) stand at the cursor: step over them. */
static inline bool literal(cursor *c, const char *s, size_t n)
{
    if ((size_t)(c->end - c->p) < n || memcmp(c->p, s, n) != 0)
        return false;
    c->p += n;
    return true;
}
#define LITERAL(c, s) literal(c, s, sizeof(s) - 1)

/* The rest of a string whose opening quote is behind the cursor, all of
 * it plain: where it stands and how long it is; the cursor steps past the
 * closing quote. */
static inline bool plain_string(cursor *c, uint32_t *at, uint32_t *len)
{
    const char *s = c->p;
    while (c->p < c->end && jr_plain_byte[(unsigned char)*c->p])
        c->p++;
    if (c->p >= c->end || *c->p != '"')
        return false;
    *at = (uint32_t)(s - c->text);
    *len = (uint32_t)(c->p - s);
    c->p++;
    return true;
}

/* A JSON integer of at most four digits (the strict pass's grammar: no
 * leading zero, "-0" is 0) in [min, max]. What follows it is the next
 * literal's to check: a fifth digit, a fraction or an exponent fails
 * there. */
static inline bool small_int(cursor *c, int min, int max, int *out)
{
    const char *p = c->p;
    bool negative = p < c->end && *p == '-';
    p += negative;
    if (p >= c->end || (unsigned)(*p - '0') > 9)
        return false;
    int value = *p++ - '0';
    if (value != 0)
        for (int digits = 1; digits < 4 && p < c->end && (unsigned)(*p - '0') <= 9; digits++)
            value = value * 10 + (*p++ - '0');
    if (negative)
        value = -value;
    if (value < min || value > max)
        return false;
    c->p = p;
    *out = value;
    return true;
}

static inline void skip_ws(cursor *c)
{
    while (c->p < c->end && jr_is_ws((unsigned char)*c->p))
        c->p++;
}

/* {"tile":"<id>","x":<x>,"y":<y>,"rot":<rot>} or, on an abbey, with
 * ,"player":"<name>" before the '}'. */
static bool lane_tile(cursor *c, const cc_catalog *cat, cc_placed_tile *out, uint32_t *owner_at,
                      uint32_t *owner_len)
{
    uint32_t id_at, id_len;
    int type, x, y, rot;
    if (!LITERAL(c, "{\"tile\":\"") || !plain_string(c, &id_at, &id_len) || id_len >= DEC_TEXT_MAX
        || (type = cc_catalog_find_n(cat, c->text + id_at, id_len)) < 0
        || !LITERAL(c, ",\"x\":") || !small_int(c, -CC_COORD_LIMIT, CC_COORD_LIMIT, &x)
        || !LITERAL(c, ",\"y\":") || !small_int(c, -CC_COORD_LIMIT, CC_COORD_LIMIT, &y)
        || !LITERAL(c, ",\"rot\":") || !small_int(c, 0, 270, &rot) || rot % 90 != 0)
        return false;
    *out = placed_tile(type, x, y, rot, -1);
    *owner_at = *owner_len = 0;
    if (LITERAL(c, "}"))
        return true;
    /* Only an abbey names its placer. */
    return cat->types[type].is_abbey && LITERAL(c, ",\"player\":\"")
        && plain_string(c, owner_at, owner_len) && LITERAL(c, "}");
}

/* A shepherd's ,"flock":[<sheep>,...] (CC_MAX_FLOCK tokens at most, each
 * of 1 to 4 sheep) into fig. */
static bool lane_flock(cursor *c, cc_figure *fig)
{
    if (!LITERAL(c, ",\"flock\":["))
        return false;
    if (LITERAL(c, "]"))
        return true;
    for (;;) {
        int sheep;
        if (fig->nflock == CC_MAX_FLOCK || !small_int(c, 1, 4, &sheep))
            return false;
        fig->flock[fig->nflock++] = (int8_t)sheep;
        if (LITERAL(c, "]"))
            return true;
        if (!LITERAL(c, ","))
            return false;
    }
}

/* {"player":"<name>","kind":"<kind>","x":<x>,"y":<y>,"at":"<location>"},
 * a shepherd's with its "flock" before the '}'. */
static bool lane_figure(cursor *c, loc_memo *locs, cc_figure *out, uint32_t *player_at,
                        uint32_t *player_len)
{
    uint32_t kind_at, kind_len, at_at, at_len;
    int kind, x, y;
    cc_loc at;
    if (!LITERAL(c, "{\"player\":\"") || !plain_string(c, player_at, player_len)
        || !LITERAL(c, ",\"kind\":\"") || !plain_string(c, &kind_at, &kind_len)
        || (kind = raw_kind(c->text + kind_at, kind_len)) < 0
        || !LITERAL(c, ",\"x\":") || !small_int(c, -CC_COORD_LIMIT, CC_COORD_LIMIT, &x)
        || !LITERAL(c, ",\"y\":") || !small_int(c, -CC_COORD_LIMIT, CC_COORD_LIMIT, &y)
        || !LITERAL(c, ",\"at\":\"") || !plain_string(c, &at_at, &at_len)
        || !raw_loc((const unsigned char *)c->text + at_at, at_len, locs, &at))
        return false;
    placed_figure(out, -1, (cc_figure_kind)kind, x, y, at);
    if (LITERAL(c, "}"))
        return true;
    return kind == CC_FIG_SHEPHERD && lane_flock(c, out) && LITERAL(c, "}");
}

/* jr_lane.read: the array at text[at] ('['), element by element. */
static size_t lane_read(jr_lane *lane, int member, const char *text, size_t at, size_t len,
                        uint32_t *count)
{
    dec_lanes *l = (dec_lanes *)lane;
    cursor c = { text, text + at + 1, text + len };
    uint32_t max = member == LANE_TILES ? CC_MAX_TILES : CC_MAX_FIGURES;
    loc_memo locs;
    memset(locs.key, 0, sizeof locs.key);
    uint32_t n = 0;
    skip_ws(&c);
    if (!LITERAL(&c, "]")) {
        for (;;) {
            if (n == max)
                return 0;       /* more than a position holds: the careful reader's 422 */
            bool read = member == LANE_TILES
                ? lane_tile(&c, l->cat, &l->tiles[n], &l->owner_at[n], &l->owner_len[n])
                : lane_figure(&c, &locs, &l->figures[n], &l->player_at[n], &l->player_len[n]);
            if (!read)
                return 0;
            n++;
            skip_ws(&c);
            if (LITERAL(&c, "]"))
                break;
            if (!LITERAL(&c, ","))
                return 0;
            skip_ws(&c);
        }
    }
    if (member == LANE_TILES)
        l->ntiles = n;
    else
        l->nfigures = n;
    *count = n;
    return (size_t)(c.p - text);
}

void dec_lanes_init(dec_lanes *l, const cc_catalog *cat)
{
    static const char *const members[] = { [LANE_TILES] = "tiles", [LANE_FIGURES] = "figures",
                                           NULL };
    l->lane.outer = "position";
    l->lane.members = members;
    l->lane.nesting = 3;        /* the array, its objects, a shepherd's flock */
    l->lane.read = lane_read;
    l->cat = cat;
    l->ntiles = l->nfigures = 0;
}

const dec_lanes *dec_lanes_of(const jr_doc *doc)
{
    if (doc->lane == NULL || doc->lane->read != lane_read)
        return NULL;
    return (const dec_lanes *)doc->lane;
}
