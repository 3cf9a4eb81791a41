/* decode_lane.c -- see decode_lane.h.
 *
 * One cursor walks the array. A serializer writes every element of an
 * array alike: the same members in the same order, the same whitespace
 * between them. So the lane keeps the layout of the element before: its
 * members in order and the text before each value ("{\"tile\":" with any
 * whitespace before its '{', ",\"x\":", ... up to the '}'), and expects it
 * of the next element: a word or two compared per member, then the value
 * read by its member's routine, with no bound checked while the layout's
 * longest text and eight bytes more stand before the end. From the first
 * text that differs (a member in another order, one more or fewer, other
 * whitespace), or near the end, the element's members are matched by
 * name, every byte checked, and their layout is the one expected next.
 * The layout before that is kept too, since some elements recur with a
 * member more (a shepherd's "flock", an abbey's "player"): an element
 * that differs from the one before where the two layouts part is
 * expected as the other from there. Every way takes exactly the same
 * text: a layout's bytes were read once by name, and the same bytes read
 * the same.
 *
 * Plain strings are run over here; a string holding anything else is read
 * by the strict pass's own routine. A player's name or a tile id met
 * before is compared, not read again.
 *
 * Each step takes the cursor and returns it moved past what it read, or
 * NULL where it fails (the cursor in a register: kept in a struct that the
 * steps write through, it was reloaded at every store). A failure anywhere
 * declines the array: the records written so far are then never read
 * (dec_position reads them only for an array the lane took). */
#include "decode_lane.h"

#include <stddef.h>
#include <string.h>

#include "decode.h"
#include "decode_raw.h"

enum { LANE_TILES, LANE_FIGURES };

typedef struct id_memo id_memo;
typedef struct kind_memo kind_memo;

/* The body, the lane's records, and what one array's elements met before. */
typedef struct {
    const char *text, *end;
    dec_lanes *lanes;
    id_memo *ids;
    kind_memo *kinds;
} body;

/* The byte ch at p: the cursor past it. */
static inline const char *byte(const char *p, const char *end, char ch)
{
    return p < end && *p == ch ? p + 1 : NULL;
}

/* JSON's whitespace (the pass's own routine: eight spaces of indentation
 * at a time), then the byte ch. */
static inline const char *token(const char *p, const char *end, char ch)
{
    return byte(jr_skip_ws(p, end), end, ch);
}

/* A text learned from an element (the text before one of its values):
 * where it stands in the body, its length, its first eight bytes (as many
 * as it has), which most such texts fit in, and then either the mask of
 * those bytes (eight bytes or fewer) or its last eight (longer: a
 * pretty-printer's line and indentation are 9 to 25 bytes); the member
 * whose value follows it, and the members read before it. */
typedef struct {
    uint32_t at, len;
    uint64_t first;
    uint64_t tail;      /* len <= 8: the mask of first's bytes; else the last eight bytes */
    unsigned member, seen;
} learned;

static learned learn(const body *b, const char *from, const char *to, unsigned member,
                     unsigned seen)
{
    learned t = { (uint32_t)(from - b->text), (uint32_t)(to - from), 0, 0, member, seen };
    uint32_t n = t.len < 8 ? t.len : 8;
    memcpy(&t.first, from, n);
    if (t.len <= 8)
        memset(&t.tail, 0xff, n);
    else
        t.tail = cc_load64(to - 8);
    return t;
}

/* The learned text t at p, where its length and eight bytes more stand
 * before the end of the body (the caller's to know: no bound checked). Up
 * to eight bytes, compared as one word, masked; a longer one's first and
 * last eight bytes (overlapping up to 16) with the words kept, and any
 * bytes between a word at a time with the text where it was learned (the
 * first of those words unrolled: a text of up to 24 bytes, such as a
 * pretty-printer's indented "rot" or "kind", needs no other). */
static inline const char *same_text(const char *p, const body *b, const learned *t)
{
    uint32_t n = t->len;
    if (n <= 8)
        return ((cc_load64(p) ^ t->first) & t->tail) == 0 ? p + n : NULL;
    if (cc_load64(p) != t->first || cc_load64(p + n - 8) != t->tail)
        return NULL;
    if (n > 16) {
        const char *q = b->text + t->at;
        if (cc_load64(p + 8) != cc_load64(q + 8))
            return NULL;
        for (uint32_t i = 16; i + 8 < n; i += 8)
            if (cc_load64(p + i) != cc_load64(q + i))
                return NULL;
    }
    return p + n;
}

/* The string whose opening quote is at p: the cursor past its closing
 * quote. Plain bytes are run over by jr_plain_run(); anything else (UTF-8,
 * an escape, an error) is read by the strict pass's own routine. */
static inline const char *string(const char *p, const body *b, dec_lane_text *out)
{
    if (p >= b->end || *p != '"')
        return NULL;
    const char *open = p;
    p = jr_plain_run(p + 1, b->end);
    out->escaped = false;
    if (p < b->end && *p == '"') {
        p++;
    } else {
        size_t stop = jr_string_end(b->text, (size_t)(b->end - b->text), (size_t)(open - b->text),
                                    (size_t)(p - b->text), &out->escaped);
        if (stop == 0)
            return NULL;
        p = b->text + stop;
    }
    out->at = (uint32_t)(open + 1 - b->text);
    out->len = (uint32_t)(p - open - 2);
    return p;
}

/* Which of texts[0..n) (strings met before) the string at p holds: its
 * bytes, then the closing quote. -1: none. */
static inline int known_text(const char *p, const body *b, const dec_lane_text *texts, uint32_t n)
{
    if (p >= b->end || *p != '"')
        return -1;
    const char *s = p + 1;
    size_t room = (size_t)(b->end - s);
    for (uint32_t k = 0; k < n; k++) {
        uint32_t len = texts[k].len;
        if (room > len && s[len] == '"' && cc_same_bytes(s, b->text + texts[k].at, len))
            return (int)k;
    }
    return -1;
}

/* A player's name: the string at p, as the index of its text among the
 * names the lane keeps. A text met before is that name again, read once: a
 * name in UTF-8 or escaped is checked by the strict pass's routine the
 * first time only. */
static inline const char *player_name(const char *p, const body *b, uint8_t *name)
{
    dec_lanes *l = b->lanes;
    int k = known_text(p, b, l->names, l->nnames);
    if (k >= 0) {
        *name = (uint8_t)k;
        return p + l->names[k].len + 2;
    }
    if (l->nnames == DEC_LANE_NAMES || (p = string(p, b, &l->names[l->nnames])) == NULL)
        return NULL;
    *name = (uint8_t)l->nnames++;
    return p;
}

/* Plain text that names something (a tile id, a kind, a location): no
 * escape. Escaped, it is left to the careful reader; no serializer
 * escapes these ASCII names. */
#define PLAIN(t) (!(t).escaped)

/* Tile ids met before in one array, by a hash of their last eight bytes
 * (and of the bytes before a shorter one): the same text is the same tile
 * type. A request's ids repeat (base.E, base.J...): the catalog is asked
 * once per distinct id, and a repeated one is compared with the body's
 * text where it stood, which is in the cache, where the catalog's names
 * are not. */
#define ID_MEMO_SLOTS 64

struct id_memo {
    uint32_t at[ID_MEMO_SLOTS], len[ID_MEMO_SLOTS];   /* len 0: empty */
    int type[ID_MEMO_SLOTS];
};

/* The tile type the plain text s[0..len) of the body names, or -1. */
static inline int tile_type(const body *b, const char *s, uint32_t len)
{
    id_memo *memo = b->ids;
    uint32_t at = (uint32_t)(s - b->text);
    if (len == 0 || at < 8)
        return cc_catalog_find_n(b->lanes->cat, s, len);
    uint64_t tail = cc_load64(s + len - 8) ^ len;
    unsigned h = (unsigned)((tail * UINT64_C(0x9E3779B97F4A7C15)) >> 58);
    if (memo->len[h] == len && cc_same_bytes(s, b->text + memo->at[h], len))
        return memo->type[h];
    int type = cc_catalog_find_n(b->lanes->cat, s, len);
    if (type >= 0) {
        memo->at[h] = at;
        memo->len[h] = len;
        memo->type[h] = type;
    }
    return type;
}

/* "tile": a plain id or alias the catalog knows, as its type (roomy: a
 * byte stands at p). Its plain bytes are run over, and the string must
 * end there: ids and aliases are plain ASCII, so no string holding an
 * escape, UTF-8 or an error names one (the careful reader answers it). */
static inline const char *tile_id(const char *p, const body *b, bool roomy, int *type)
{
    if ((!roomy && p >= b->end) || *p != '"')
        return NULL;
    const char *s = p + 1, *q = jr_plain_run(s, b->end);
    if (q >= b->end || *q != '"' || q - s >= DEC_TEXT_MAX
        || (*type = tile_type(b, s, (uint32_t)(q - s))) < 0)
        return NULL;
    return q + 1;
}

/* The kinds' texts met before in one array, and the kind each names. */
struct kind_memo {
    uint32_t n;
    dec_lane_text text[CC_FIG_NKINDS];
    int kind[CC_FIG_NKINDS];
};

/* "kind": a plain figure kind; one met before is compared, not read. */
static inline const char *figure_kind(const char *p, const body *b, int *kind)
{
    kind_memo *m = b->kinds;
    int k = known_text(p, b, m->text, m->n);
    if (k >= 0) {
        *kind = m->kind[k];
        return p + m->text[k].len + 2;
    }
    dec_lane_text t;
    if ((p = string(p, b, &t)) == NULL || !PLAIN(t)
        || (*kind = raw_kind(b->text + t.at, t.len)) < 0)
        return NULL;
    if (m->n < CC_FIG_NKINDS) {
        m->text[m->n] = t;
        m->kind[m->n++] = *kind;
    }
    return p;
}

/* "at": a plain location. One of three bytes at most ("N", "WSW", "#12"),
 * its closing quote among the next four, is read in place (where five
 * bytes stand: roomy, or checked): a text cc_loc_parse_n() knows is plain, since
 * every location's name is. Anything else is a string first. Inlined
 * (the compiler called it): a call per figure cost more than its body. */
static inline __attribute__((always_inline)) const char *location(const char *p, const body *b,
                                                                   bool roomy, cc_loc *at)
{
    if ((roomy || b->end - p >= 5) && *p == '"') {
        const unsigned char *s = (const unsigned char *)p + 1;
        uint32_t n = s[0] == '"' ? 0 : s[1] == '"' ? 1 : s[2] == '"' ? 2 : s[3] == '"' ? 3 : 4;
        if (cc_loc_parse_n((const char *)s, n, at))
            return (const char *)s + n + 1;
    }
    dec_lane_text t;
    if ((p = string(p, b, &t)) == NULL || !PLAIN(t)
        || !cc_loc_parse_n(b->text + t.at, t.len, at))
        return NULL;
    return p;
}

/* A JSON integer of at most four digits (the strict pass's grammar: no
 * leading zero, "-0" is 0) in [min, max], where five bytes stand at p (a
 * sign and four digits): read without a bound, the digits after the first
 * unrolled. What follows it is the caller's to check: a fifth digit, a
 * fraction or an exponent is no ',', '}' or ']'. */
static inline const char *roomy_int(const char *p, int min, int max, int *out)
{
    bool negative = *p == '-';
    p += negative;
    unsigned digit = (unsigned char)*p - '0';
    if (digit > 9)
        return NULL;
    int value = (int)digit;
    p++;
    if (value != 0)
        for (int i = 0; i < 3 && (digit = (unsigned char)*p - '0') <= 9; i++) {
            value = value * 10 + (int)digit;
            p++;
        }
    if (negative)
        value = -value;
    if (value < min || value > max)
        return NULL;
    *out = value;
    return p;
}

/* roomy_int anywhere (roomy: five bytes are known to stand at p): within
 * five bytes of the end, on a copy of the bytes left followed by spaces
 * (which end a number as the end does). */
static inline const char *small_int(const char *p, const char *end, bool roomy, int min, int max,
                                    int *out)
{
    if (roomy || end - p >= 5)
        return roomy_int(p, min, max, out);
    char tail[5] = { ' ', ' ', ' ', ' ', ' ' };
    memcpy(tail, p, (size_t)(end - p));
    const char *q = roomy_int(tail, min, max, out);
    return q == NULL ? NULL : p + (q - tail);
}

/* "rot": 0, 90, 180 or 270 degrees, as quarter turns. The texts a
 * serializer writes are compared in place where five bytes stand (roomy,
 * or checked); any other number ("-0", 360, 45, 1.0) is read as a number,
 * and kept if it is a quarter turn in [0, 270]. What follows is the
 * caller's to check, as after small_int ("900": the '0' after "90"). */
static inline const char *quarter_turns(const char *p, const char *end, bool roomy, int *turns)
{
    if (roomy || end - p >= 5) {
        if (p[0] == '0') {
            *turns = 0;
            return p + 1;
        }
        if (p[0] == '9' && p[1] == '0') {
            *turns = 1;
            return p + 2;
        }
        if (p[2] == '0' && ((p[0] == '1' && p[1] == '8') || (p[0] == '2' && p[1] == '7'))) {
            *turns = p[0] == '1' ? 2 : 3;
            return p + 3;
        }
    }
    int degrees;
    if ((p = small_int(p, end, roomy, 0, 270, &degrees)) == NULL || degrees % 90 != 0)
        return NULL;
    *turns = degrees / 90;
    return p;
}

/* The members an element may have, a bit each. */
enum {
    M_TILE = 1 << 0, M_X = 1 << 1, M_Y = 1 << 2, M_ROT = 1 << 3,
    M_PLAYER = 1 << 4, M_KIND = 1 << 5, M_AT = 1 << 6, M_FLOCK = 1 << 7,
};
#define LANE_MEMBERS 8    /* one of each */
_Static_assert((M_X >> 2) == 0 && (M_Y >> 2) == 1, "element.xy is indexed by M_X, M_Y >> 2");

/* The member whose name, with its quotes, stands at *p: *p steps past it.
 * 0 for any other name, or a name holding an escape (which the careful
 * reader decodes; no serializer writes one). */
static inline unsigned member_name(const char **p, const char *end)
{
    static const struct { const char *name; unsigned len, bit; } members[] = {
        { "\"x\"", 3, M_X },           { "\"y\"", 3, M_Y },         { "\"at\"", 4, M_AT },
        { "\"rot\"", 5, M_ROT },       { "\"tile\"", 6, M_TILE },   { "\"kind\"", 6, M_KIND },
        { "\"flock\"", 7, M_FLOCK },   { "\"player\"", 8, M_PLAYER },
    };
    const char *s = *p;
    if (end - s < 3 || s[0] != '"')
        return 0;
    for (size_t i = 0; i < sizeof members / sizeof members[0]; i++)
        if (s[1] == members[i].name[1] && (size_t)(end - s) >= members[i].len
            && memcmp(s, members[i].name, members[i].len) == 0) {
            *p = s + members[i].len;
            return members[i].bit;
        }
    return 0;
}

/* One element of either array, its members in any order, before its
 * values are judged together. */
typedef struct {
    unsigned seen;             /* M_ bits of the members read */
    /* A tile's values in the order of cc_placed_tile's first four, so
     * that lane_tile() copies them at once (TILE_VALUES). */
    int type;                  /* the tile's type */
    int xy[2];                 /* x, y: at their member's bit >> 2 (no choice made) */
    int turns;                 /* "rot" in quarter turns */
    int kind;                  /* the figure's kind */
    cc_loc at;
    uint8_t player;            /* the name's index (player_name) */
    int nflock;
    int8_t flock[CC_MAX_FLOCK];
} element;

/* Where element holds a tile's type, x, y and quarter turns: as
 * cc_placed_tile holds type, x, y and rot. */
#define TILE_VALUES (offsetof(cc_placed_tile, owner))
_Static_assert(offsetof(cc_placed_tile, type) == 0 && offsetof(cc_placed_tile, x) == sizeof(int)
                   && offsetof(cc_placed_tile, y) == 2 * sizeof(int)
                   && offsetof(cc_placed_tile, rot) == 3 * sizeof(int)
                   && TILE_VALUES == 4 * sizeof(int),
               "cc_placed_tile begins with type, x, y, rot");
_Static_assert(offsetof(element, xy) == offsetof(element, type) + sizeof(int)
                   && offsetof(element, turns) == offsetof(element, type) + 3 * sizeof(int),
               "element holds type, x, y, turns as cc_placed_tile holds type, x, y, rot");

/* How the elements of one array are laid out, learned from the last one
 * read member by member: the text before each value (from after the '['
 * or ',' before the element, whitespace and '{' included, or from the end
 * of the value before) with its member, and the text after the last (up
 * to the '}', included). n == 0: nothing learned. Where the
 * longest of these texts and eight bytes more stand before the end of the
 * body (a cursor at or before fence), a text and an integer or a short
 * location after it are read with no bound checked; nearer the end, the
 * element is read by name, every byte checked. */
typedef struct {
    int n;
    learned before[LANE_MEMBERS + 1];
    uintptr_t fence;    /* a cursor up to it has the longest text and 8 bytes more before the end */
} layout;

/* The last two layouts an array's elements had. The one learned last
 * begins with copies of the texts of the other that its element followed
 * before it differed (`shared` of them, alike in every byte), so that an
 * element may follow one layout up to there and the other after it. With
 * one kept, elements alternating between two layouts (an abbey's
 * "player" among tiles, a shepherd's "flock" among meeples, either first
 * in reversed members) were read by name at every change. */
typedef struct {
    layout lay[2];
    layout *last;   /* the layout of the element before */
    int shared;
} layouts;

/* A "flock": [<sheep>, ...] of CC_MAX_FLOCK tokens at most, each of 1 to 4
 * sheep; p at its '['. */
static const char *read_flock(const char *p, const char *end, element *e)
{
    e->nflock = 0;
    if ((p = byte(p, end, '[')) == NULL)
        return NULL;
    const char *close = token(p, end, ']');
    if (close != NULL)
        return close;
    for (;;) {
        int sheep;
        p = jr_skip_ws(p, end);
        if (e->nflock == CC_MAX_FLOCK || (p = small_int(p, end, false, 1, 4, &sheep)) == NULL)
            return NULL;
        e->flock[e->nflock++] = (int8_t)sheep;
        p = jr_skip_ws(p, end);
        if ((close = byte(p, end, ']')) != NULL)
            return close;
        if ((p = byte(p, end, ',')) == NULL)
            return NULL;
    }
}

/* The value of member m at p (roomy: at least eight bytes stand there).
 * Chosen by tests on the member (branches a processor predicts from the
 * members before, where a jump through a table on the member was
 * mispredicted). */
static inline __attribute__((always_inline)) const char *read_value(const char *p, const body *b,
                                                                     unsigned m, bool roomy,
                                                                     element *e)
{
    if (m & (M_X | M_Y | M_ROT))
        return m == M_ROT ? quarter_turns(p, b->end, roomy, &e->turns)
                          : small_int(p, b->end, roomy, -CC_COORD_LIMIT, CC_COORD_LIMIT,
                                      &e->xy[m >> 2]);
    if (m == M_TILE)
        return tile_id(p, b, roomy, &e->type);
    if (m == M_KIND)
        return figure_kind(p, b, &e->kind);
    if (m == M_AT)
        return location(p, b, roomy, &e->at);
    if (m == M_PLAYER)
        return player_name(p, b, &e->player);
    return read_flock(p, b->end, e);
}

/* The members of an element from its text k on, matched by name, every
 * byte checked (any other name, or one holding an escape, declines: the
 * careful reader names it; a member twice too), p where text k starts
 * (k == 0: where the element may begin, after the '[' or the ',' before
 * it, so that the first text learned holds the whitespace before its '{',
 * a pretty-printer's line and indentation). lay learns the texts from k
 * on (those before are its already). Apart from the element read first,
 * only an element laid out unlike the one before comes here: out of line,
 * it leaves the registers of read_element()'s loop alone, and the loop's
 * code small. */
static __attribute__((noinline)) const char *read_by_name(const char *p, const body *b,
                                                          unsigned allowed, element *e,
                                                          layout *lay, int k)
{
    const char *end = b->end;
    const char *from = p;       /* where the text before the next value starts */
    if (k == 0 && (p = token(p, end, '{')) == NULL)
        return NULL;
    for (;;) {
        /* After the '{' or a value: the '}', or a ',' after a value. */
        const char *q = k > 0 ? byte(p, end, ',') : NULL;
        if (q == NULL) {
            if ((q = token(p, end, '}')) != NULL) {
                p = q;
                break;
            }
            if (k > 0 && (q = byte(jr_skip_ws(p, end), end, ',')) == NULL)
                return NULL;
            if (k == 0)
                q = p;
        }
        /* The compact form's next byte is tried before whitespace. */
        p = q < end && *q == '"' ? q : jr_skip_ws(q, end);
        unsigned m = member_name(&p, end);
        if ((m & allowed) == 0 || (e->seen & m) != 0)
            return NULL;        /* unknown, or twice: the careful reader's error */
        if ((q = byte(p, end, ':')) == NULL && (q = token(p, end, ':')) == NULL)
            return NULL;
        p = jr_skip_ws(q, end);
        lay->before[k++] = learn(b, from, p, m, e->seen);
        e->seen |= m;
        if ((p = read_value(p, b, m, false, e)) == NULL)
            return NULL;
        from = p;
    }
    lay->before[k] = learn(b, from, p, 0, e->seen);
    lay->n = k;
    uint32_t longest = 0;
    for (int i = 0; i <= k; i++)
        longest = lay->before[i].len > longest ? lay->before[i].len : longest;
    lay->fence = (size_t)(end - b->text) >= (size_t)longest + 8 ? (uintptr_t)end - longest - 8 : 0;
    return p;
}

/* Of the two layouts ls keeps, the one that is not lay. */
static inline layout *other_layout(layouts *ls, const layout *lay)
{
    return lay == &ls->lay[0] ? &ls->lay[1] : &ls->lay[0];
}

/* An object whose members are among `allowed`, each once, p where it may
 * begin. Its members are expected as the layout of the element before
 * says, while the text before each value is the one learned, and from
 * the first that differs as the other layout says, if both begin alike
 * up to there. From the first text neither has (or near the end of the
 * body, or at an error) they are read by name, into the other layout
 * after a copy of the texts followed: the layout just followed is kept. */
static inline const char *read_element(const char *p, const body *b, unsigned allowed,
                                       element *e, layouts *ls)
{
    e->nflock = 0;
    layout *lay = ls->last;
    const learned *t = lay->before;
    if (lay->n > 0)
        for (; (uintptr_t)p <= lay->fence; t++) {
            const char *q = same_text(p, b, t);
            if (q == NULL) {
                int k = (int)(t - lay->before);
                layout *other = other_layout(ls, lay);
                if (k > ls->shared || k > other->n || other->n == 0
                    || (uintptr_t)p > other->fence
                    || (q = same_text(p, b, &other->before[k])) == NULL)
                    break;
                ls->last = lay = other;
                t = &other->before[k];
            }
            if (t->member == 0) {   /* the text after the last value, to the '}' */
                e->seen = t->seen;
                return q;           /* laid out as an element before */
            }
            if ((q = read_value(q, b, t->member, true, e)) == NULL)
                break;
            p = q;
        }
    int k = (int)(t - lay->before);
    layout *into = other_layout(ls, lay);
    for (int i = 0; i < k; i++)
        into->before[i] = lay->before[i];
    ls->shared = k;
    ls->last = into;
    e->seen = t->seen;          /* the members read: those before t */
    return read_by_name(p, b, allowed, e, into, k);
}

/* A tile: "tile", "x", "y", "rot", and "player" on an abbey only. */
static bool lane_tile(const body *b, const element *e, cc_placed_tile *out, uint8_t *owner)
{
    if ((e->seen & (M_TILE | M_X | M_Y | M_ROT)) != (M_TILE | M_X | M_Y | M_ROT))
        return false;
    /* Only an abbey names its placer. */
    bool named = (e->seen & M_PLAYER) != 0;
    if (named && !b->lanes->cat->types[e->type].is_abbey)
        return false;
    /* placed_tile(e->type, e->xy[0], e->xy[1], e->turns * 90, -1), its four
     * values copied as one block (five loads and stores were). */
    memcpy(out, (const char *)e + offsetof(element, type), TILE_VALUES);
    out->owner = -1;
    *owner = named ? e->player : DEC_LANE_NO_NAME;
    return true;
}

/* A figure: "player", "kind", "x", "y", "at", and a shepherd's "flock". */
static bool lane_figure(const element *e, cc_figure *out, uint8_t *player)
{
    static const unsigned required = M_PLAYER | M_KIND | M_X | M_Y | M_AT;
    if ((e->seen & required) != required)
        return false;
    /* A flock belongs to a shepherd (a shepherd may stand without one). */
    if ((e->seen & M_FLOCK) != 0 && e->kind != CC_FIG_SHEPHERD)
        return false;
    placed_figure(out, -1, (cc_figure_kind)e->kind, e->xy[0], e->xy[1], e->at);
    out->nflock = e->nflock;
    if (e->nflock > 0)          /* most figures: no call for no bytes */
        memcpy(out->flock, e->flock, (size_t)e->nflock);
    *player = e->player;
    return true;
}

/* jr_lane.read: the array at text[at] ('['), element by element. */
static size_t lane_read(jr_lane *lane, int member, const char *text, size_t at, size_t len,
                        uint32_t *count)
{
    dec_lanes *l = (dec_lanes *)lane;
    id_memo ids;
    kind_memo kinds;
    const body b = { text, text + len, l, &ids, &kinds };
    bool tiles = member == LANE_TILES;
    uint32_t max = tiles ? CC_MAX_TILES : CC_MAX_FIGURES;
    unsigned allowed = tiles ? M_TILE | M_X | M_Y | M_ROT | M_PLAYER
                             : M_PLAYER | M_KIND | M_X | M_Y | M_AT | M_FLOCK;
    memset(ids.len, 0, sizeof ids.len);
    kinds.n = 0;
    layouts lay;
    for (int i = 0; i < 2; i++) {
        lay.lay[i].n = 0;
        lay.lay[i].before[0].seen = 0;
        lay.lay[i].fence = 0;
    }
    lay.last = &lay.lay[0];
    lay.shared = 0;
    uint32_t n = 0;
    const char *p = text + at + 1, *q = token(p, b.end, ']');
    if (q != NULL) {
        p = q;
    } else {
        for (;;) {
            if (n == max)
                return 0;       /* more than a position holds: the careful reader's 422 */
            element e;
            if ((p = read_element(p, &b, allowed, &e, &lay)) == NULL)
                return 0;
            bool read = tiles ? lane_tile(&b, &e, &l->tiles[n], &l->owner[n])
                              : lane_figure(&e, &l->figures[n], &l->player[n]);
            if (!read)
                return 0;
            n++;
            if (p < b.end && *p == ',') {   /* the compact form's next byte */
                p++;
                continue;
            }
            p = jr_skip_ws(p, b.end);
            if ((q = byte(p, b.end, ']')) != NULL) {
                p = q;
                break;
            }
            if ((p = byte(p, b.end, ',')) == NULL)
                return 0;
        }
    }
    if (tiles)
        l->ntiles = n;
    else
        l->nfigures = n;
    *count = n;
    return (size_t)(p - text);
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
