/* decode_lane.c -- see decode_lane.h.
 *
 * One cursor walks the array. A serializer writes every element of an
 * array alike: the same members in the same order, the same whitespace
 * between them. So the lane reads an element member by member, matching
 * each name (read_element), and keeps its layout: the text before each
 * value ("{\"tile\":", ",\"x\":", ... up to the '}'), which it then
 * expects of the next elements (read_as_before): a few 8-byte compares per
 * member, and the value read by its member's own routine. An element that
 * differs (members in another order, one more or fewer, other whitespace)
 * is read again from its '{' member by member, and its layout is the one
 * expected next. Both ways take exactly the same text: the layout's bytes
 * were read once by name, and the same bytes read the same.
 *
 * Plain strings are run over here; a string holding anything else is read
 * by the strict pass's own routine. A player's name equal to one met
 * before is that name again: compared, not read. Every step either moves
 * the cursor or fails, and a failure anywhere declines the array: the
 * records written so far are then never read (dec_position reads them only
 * for an array the lane took). */
#include "decode_lane.h"

#include <string.h>

#include "decode.h"
#include "decode_raw.h"

enum { LANE_TILES, LANE_FIGURES };

typedef struct {
    const char *text;       /* the body */
    const char *p, *end;
    dec_lanes *lanes;
} cursor;

/* A text learned from an element (the text before one of its values):
 * where it stands in the body, its length, and its first eight bytes (as
 * many as it has, the rest masked off), which most such texts fit in. */
typedef struct {
    uint32_t at, len;
    uint64_t first, mask;
} learned;

static learned learn(const cursor *c, const char *from, const char *to)
{
    learned t = { (uint32_t)(from - c->text), (uint32_t)(to - from), 0, 0 };
    uint32_t n = t.len < 8 ? t.len : 8;
    memcpy(&t.first, from, n);
    memset(&t.mask, 0xff, n);
    return t;
}

/* The learned text t stands at the cursor: step over it. Its first eight
 * bytes compared as one word, any more a word at a time with the text
 * where it was learned (the last word overlapping the one before). */
static inline bool same_text(cursor *c, const learned *t)
{
    const char *p = c->p;
    uint32_t n = t->len;
    if ((size_t)(c->end - p) < (size_t)n + 8) {
        if ((size_t)(c->end - p) < n || memcmp(p, c->text + t->at, n) != 0)
            return false;
    } else {
        if (((raw_load64(p) ^ t->first) & t->mask) != 0)
            return false;
        if (n > 8) {
            const char *q = c->text + t->at;
            for (uint32_t i = 8; i + 8 < n; i += 8)
                if (raw_load64(p + i) != raw_load64(q + i))
                    return false;
            if (raw_load64(p + n - 8) != raw_load64(q + n - 8))
                return false;
        }
    }
    c->p = p + n;
    return true;
}

/* The n bytes of s (a literal) stand at the cursor: step over them. */
static inline bool literal(cursor *c, const char *s, size_t n)
{
    if ((size_t)(c->end - c->p) < n || memcmp(c->p, s, n) != 0)
        return false;
    c->p += n;
    return true;
}
#define LITERAL(c, s) literal(c, s, sizeof(s) - 1)

/* JSON's whitespace, wherever the grammar allows it (the pass's own
 * routine: eight spaces of indentation at a time). */
static inline void skip_ws(cursor *c)
{
    c->p = jr_skip_ws(c->p, c->end);
}

/* skip_ws, then the one byte ch: step over both. */
static inline bool token(cursor *c, char ch)
{
    skip_ws(c);
    if (c->p >= c->end || *c->p != ch)
        return false;
    c->p++;
    return true;
}

/* The string whose opening quote is at the cursor; the cursor steps past
 * its closing quote. Plain bytes are run over here; anything else (UTF-8,
 * an escape, an error) is read by the strict pass's own routine. */
static inline bool string(cursor *c, dec_lane_text *out)
{
    if (c->p >= c->end || *c->p != '"')
        return false;
    const char *open = c->p;
    c->p = jr_plain_run(open + 1, c->end);
    out->escaped = false;
    if (c->p < c->end && *c->p == '"') {
        c->p++;
    } else {
        size_t len = (size_t)(c->end - c->text);
        size_t stop = jr_string_end(c->text, len, (size_t)(open - c->text),
                                    (size_t)(c->p - c->text), &out->escaped);
        if (stop == 0)
            return false;
        c->p = c->text + stop;
    }
    out->at = (uint32_t)(open + 1 - c->text);
    out->len = (uint32_t)(c->p - open - 2);
    return true;
}

/* A player's name: the string at the cursor, as the index of its text
 * among the names the lane keeps. A text met before (its bytes, then the
 * closing quote) is that name again, read once: a name in UTF-8 or
 * escaped is checked by the strict pass's routine the first time only. */
static inline bool player_name(cursor *c, uint8_t *name)
{
    dec_lanes *l = c->lanes;
    if (c->p >= c->end || *c->p != '"')
        return false;
    const char *p = c->p + 1;
    size_t room = (size_t)(c->end - p);
    for (uint32_t k = 0; k < l->nnames; k++) {
        uint32_t n = l->names[k].len;
        if (room > n && p[n] == '"' && raw_same(p, c->text + l->names[k].at, n)) {
            c->p = p + n + 1;
            *name = (uint8_t)k;
            return true;
        }
    }
    if (l->nnames == DEC_LANE_NAMES || !string(c, &l->names[l->nnames]))
        return false;
    *name = (uint8_t)l->nnames++;
    return true;
}

/* A JSON integer of at most four digits (the strict pass's grammar: no
 * leading zero, "-0" is 0) in [min, max]. What follows it is the caller's
 * to check: a fifth digit, a fraction or an exponent is no ',', '}' or
 * ']'. */
static inline bool small_int(cursor *c, int min, int max, int *out)
{
    const char *p = c->p;
    const char *stop = c->end - p > 5 ? p + 5 : c->end;   /* a sign and four digits */
    bool negative = p < stop && *p == '-';
    p += negative;
    unsigned digit;
    if (p >= stop || (digit = (unsigned char)*p - '0') > 9)
        return false;
    int value = (int)digit;
    p++;
    if (value != 0)
        while (p < stop && (digit = (unsigned char)*p - '0') <= 9) {
            value = value * 10 + (int)digit;
            p++;
        }
    if (negative)
        value = -value;
    if (value < min || value > max)
        return false;
    c->p = p;
    *out = value;
    return true;
}

/* The members an element may have, a bit each. */
enum {
    M_TILE = 1 << 0, M_X = 1 << 1, M_Y = 1 << 2, M_ROT = 1 << 3,
    M_PLAYER = 1 << 4, M_KIND = 1 << 5, M_AT = 1 << 6, M_FLOCK = 1 << 7,
};
#define LANE_MEMBERS 8    /* one of each */

/* The member whose name, with its quotes, stands at the cursor: the
 * cursor steps past it. 0 for any other name, or a name holding an escape
 * (which the careful reader decodes; no serializer writes one). */
static inline unsigned member_name(cursor *c)
{
#define NAME(s, bit)                                                        \
    if ((size_t)(c->end - c->p) >= sizeof(s) - 1 && memcmp(c->p, s, sizeof(s) - 1) == 0) { \
        c->p += sizeof(s) - 1;                                              \
        return bit;                                                         \
    }                                                                       \
    return 0
    if (c->end - c->p < 3 || c->p[0] != '"')
        return 0;
    switch (c->p[1]) {
    case 'x': NAME("\"x\"", M_X);
    case 'y': NAME("\"y\"", M_Y);
    case 'a': NAME("\"at\"", M_AT);
    case 'r': NAME("\"rot\"", M_ROT);
    case 't': NAME("\"tile\"", M_TILE);
    case 'k': NAME("\"kind\"", M_KIND);
    case 'f': NAME("\"flock\"", M_FLOCK);
    case 'p': NAME("\"player\"", M_PLAYER);
    default: return 0;
    }
#undef NAME
}

/* One element of either array, its members in any order, before its
 * values are judged together. */
typedef struct {
    unsigned seen;             /* M_ bits of the members read */
    dec_lane_text tile, kind, at;
    uint8_t player;            /* the name's index (player_name) */
    int x, y, rot;
    int nflock;
    int8_t flock[CC_MAX_FLOCK];
} element;

/* How the elements of one array are laid out, learned from the last one
 * read member by member: its members in order, the text before each value
 * (from the '{', or from the end of the value before) and after the last
 * (up to the '}', included). n == 0: nothing learned. */
typedef struct {
    int n;
    unsigned seen;
    unsigned member[LANE_MEMBERS];
    learned before[LANE_MEMBERS + 1];
} layout;

/* A "flock": [<sheep>, ...] of CC_MAX_FLOCK tokens at most, each of 1 to 4
 * sheep; the cursor is at its '['. */
static bool read_flock(cursor *c, element *e)
{
    e->nflock = 0;
    if (!LITERAL(c, "["))
        return false;
    if (token(c, ']'))
        return true;
    for (;;) {
        int sheep;
        skip_ws(c);
        if (e->nflock == CC_MAX_FLOCK || !small_int(c, 1, 4, &sheep))
            return false;
        e->flock[e->nflock++] = (int8_t)sheep;
        if (token(c, ']'))
            return true;
        if (!LITERAL(c, ","))
            return false;
    }
}

/* The value of member m, the cursor at its first byte. Tested by the
 * value's kind (branches a processor predicts from the members before,
 * where a jump through a table on the member was mispredicted). */
static inline bool read_value(cursor *c, unsigned m, element *e)
{
    if (m & (M_X | M_Y | M_ROT))
        return m == M_ROT ? small_int(c, 0, 270, &e->rot)
                          : small_int(c, -CC_COORD_LIMIT, CC_COORD_LIMIT, m == M_X ? &e->x : &e->y);
    if (m & (M_TILE | M_KIND | M_AT))
        return string(c, m == M_TILE ? &e->tile : m == M_KIND ? &e->kind : &e->at);
    if (m == M_PLAYER)
        return player_name(c, &e->player);
    return read_flock(c, e);
}

/* An object whose members are among `allowed`, each once (any other
 * name, or one holding an escape, declines: the careful reader names it).
 * The cursor is at its '{' (whitespace skipped). Its members are expected
 * as lay says, while the text before each value is the one learned; from
 * the first that differs, they are matched by name, and lay learns them. */
static bool read_element(cursor *c, unsigned allowed, element *e, layout *lay)
{
    e->seen = 0;
    e->nflock = 0;
    int k = 0;
    for (; k < lay->n; k++) {
        const char *at = c->p;
        if (!same_text(c, &lay->before[k]))
            break;
        if (!read_value(c, lay->member[k], e)) {
            c->p = at;          /* read by name: more whitespace, or an error */
            break;
        }
        e->seen |= lay->member[k];
    }
    if (k > 0 && k == lay->n && same_text(c, &lay->before[k]))
        return true;            /* laid out as the element before */
    const char *from = c->p;    /* where the text before the next value starts */
    if (k == 0 && !LITERAL(c, "{"))
        return false;
    for (;;) {
        /* After the '{' or a value: the '}', or a ',' after a value. */
        if (k == 0 || !LITERAL(c, ",")) {
            if (token(c, '}'))
                break;
            if (k > 0 && !LITERAL(c, ","))
                return false;
        }
        /* Each step tries the compact form's next byte before whitespace. */
        if (c->p < c->end && *c->p != '"')
            skip_ws(c);
        unsigned m = member_name(c);
        if ((m & allowed) == 0 || (e->seen & m) != 0)
            return false;       /* unknown, or twice: the careful reader's error */
        e->seen |= m;
        if (!LITERAL(c, ":") && !token(c, ':'))
            return false;
        skip_ws(c);
        lay->member[k] = m;
        lay->before[k++] = learn(c, from, c->p);
        if (!read_value(c, m, e))
            return false;
        from = c->p;
    }
    lay->before[k] = learn(c, from, c->p);
    lay->n = k;
    return true;
}

/* Tile ids met before in one array, by a hash of their last eight bytes
 * (and of the bytes before a shorter one): the same text is the same tile
 * type. A request's ids repeat (base.E, base.J...): the catalog is asked
 * once per distinct id, and a repeated one is compared with the body's
 * text where it stood, which is in the cache, where the catalog's names
 * are not. */
#define ID_MEMO_SLOTS 64

typedef struct {
    uint32_t at[ID_MEMO_SLOTS], len[ID_MEMO_SLOTS];   /* len 0: empty */
    int type[ID_MEMO_SLOTS];
} id_memo;

/* The tile type the plain text of `id` names, or -1. */
static inline int tile_type(const cursor *c, dec_lane_text id, id_memo *memo)
{
    const char *s = c->text + id.at;
    if (id.len == 0 || id.at < 8)
        return cc_catalog_find_n(c->lanes->cat, s, id.len);
    uint64_t tail = raw_load64(s + id.len - 8) ^ id.len;
    unsigned h = (unsigned)((tail * UINT64_C(0x9E3779B97F4A7C15)) >> 58);
    if (memo->len[h] == id.len && raw_same(s, c->text + memo->at[h], id.len))
        return memo->type[h];
    int type = cc_catalog_find_n(c->lanes->cat, s, id.len);
    if (type >= 0) {
        memo->at[h] = id.at;
        memo->len[h] = id.len;
        memo->type[h] = type;
    }
    return type;
}

/* Plain text that names something (a tile id, a kind, a location): no
 * escape. Escaped, it is left to the careful reader; no serializer
 * escapes these ASCII names. */
#define PLAIN(t) (!(t).escaped)

/* A tile: "tile", "x", "y", "rot", and "player" on an abbey only. */
static bool lane_tile(const cursor *c, const element *e, id_memo *ids, cc_placed_tile *out,
                      uint8_t *owner)
{
    const cc_catalog *cat = c->lanes->cat;
    int type;
    if ((e->seen & (M_TILE | M_X | M_Y | M_ROT)) != (M_TILE | M_X | M_Y | M_ROT)
        || !PLAIN(e->tile) || e->tile.len >= DEC_TEXT_MAX
        || (type = tile_type(c, e->tile, ids)) < 0
        || e->rot % 90 != 0)
        return false;
    /* Only an abbey names its placer. */
    bool named = (e->seen & M_PLAYER) != 0;
    if (named && !cat->types[type].is_abbey)
        return false;
    *out = placed_tile(type, e->x, e->y, e->rot, -1);
    *owner = named ? e->player : DEC_LANE_NO_NAME;
    return true;
}

/* A figure: "player", "kind", "x", "y", "at", and a shepherd's "flock". */
static bool lane_figure(const cursor *c, const element *e, loc_memo *locs, cc_figure *out,
                        uint8_t *player)
{
    static const unsigned required = M_PLAYER | M_KIND | M_X | M_Y | M_AT;
    int kind;
    cc_loc at;
    if ((e->seen & required) != required
        || !PLAIN(e->kind) || (kind = raw_kind(c->text + e->kind.at, e->kind.len)) < 0
        || !PLAIN(e->at) || !raw_loc((const unsigned char *)c->text + e->at.at, e->at.len, locs, &at))
        return false;
    /* A flock belongs to a shepherd (a shepherd may stand without one). */
    if ((e->seen & M_FLOCK) != 0 && kind != CC_FIG_SHEPHERD)
        return false;
    placed_figure(out, -1, (cc_figure_kind)kind, e->x, e->y, at);
    out->nflock = e->nflock;
    memcpy(out->flock, e->flock, (size_t)e->nflock);
    *player = e->player;
    return true;
}

/* jr_lane.read: the array at text[at] ('['), element by element. */
static size_t lane_read(jr_lane *lane, int member, const char *text, size_t at, size_t len,
                        uint32_t *count)
{
    dec_lanes *l = (dec_lanes *)lane;
    cursor c = { text, text + at + 1, text + len, l };
    bool tiles = member == LANE_TILES;
    uint32_t max = tiles ? CC_MAX_TILES : CC_MAX_FIGURES;
    unsigned allowed = tiles ? M_TILE | M_X | M_Y | M_ROT | M_PLAYER
                             : M_PLAYER | M_KIND | M_X | M_Y | M_AT | M_FLOCK;
    loc_memo locs;
    id_memo ids;
    memset(locs.key, 0, sizeof locs.key);
    memset(ids.len, 0, sizeof ids.len);
    layout lay;
    lay.n = 0;
    uint32_t n = 0;
    if (!token(&c, ']')) {
        for (;;) {
            if (n == max)
                return 0;       /* more than a position holds: the careful reader's 422 */
            skip_ws(&c);
            element e;
            if (!read_element(&c, allowed, &e, &lay))
                return 0;
            bool read = tiles ? lane_tile(&c, &e, &ids, &l->tiles[n], &l->owner[n])
                              : lane_figure(&c, &e, &locs, &l->figures[n], &l->player[n]);
            if (!read)
                return 0;
            n++;
            if (token(&c, ']'))
                break;
            if (!LITERAL(&c, ","))
                return 0;
        }
    }
    if (tiles)
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
    l->ntiles = l->nfigures = l->nnames = 0;
}

const dec_lanes *dec_lanes_of(const jr_doc *doc)
{
    if (doc->lane == NULL || doc->lane->read != lane_read)
        return NULL;
    return (const dec_lanes *)doc->lane;
}
