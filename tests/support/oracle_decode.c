/* oracle_decode.c -- the decoders the service used over json-c trees until
 * it read requests in place (service/wire/decode.c), kept unchanged as the
 * oracle of the differential tests: same accept/reject, same pointer, same
 * struct. Names carry an o (odec_) so both link into one program.
 *
 * Was service/wire/decode.c; see oracle_decode.h.
 *
 * Layout: error helpers, member look-up, the scalar readers (odec_int ...),
 * odec_figure, then odec_position one section at a time in the contract's
 * order. Member pointers are built only when an error needs one: on the
 * success path the only pointer work is one per array element. */
#include "oracle_decode.h"

#include <assert.h>
#include <inttypes.h>
#include <math.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include "oracle_json.h"

#define TITLE_TYPE "Wrong type"
#define TITLE_RANGE "Value out of range"
#define TITLE_UNKNOWN_MEMBER "Unknown member"
#define TITLE_MISSING "Missing member"

/* ---- errors ------------------------------------------------------------- */

static bool vfail(cc_error *err, int status, const char *pointer, const char *title,
                  const char *fmt, va_list ap)
{
    char detail[CC_DETAIL_MAX];
    vsnprintf(detail, sizeof detail, fmt, ap);
    return cc_fail(err, (cc_status)status, pointer, title, "%s", detail);
}

/* Fail at member `name` of the object at `pointer`. */
static bool fail_member(cc_error *err, int status, const char *pointer, const char *name,
                        const char *title, const char *fmt, ...)
    __attribute__((format(printf, 6, 7)));

static bool fail_member(cc_error *err, int status, const char *pointer, const char *name,
                        const char *title, const char *fmt, ...)
{
    char ptr[CC_POINTER_MAX];
    ojs_pointer_member(ptr, pointer, name, strlen(name));
    va_list ap;
    va_start(ap, fmt);
    vfail(err, status, ptr, title, fmt, ap);
    va_end(ap);
    return false;
}

static bool fail_at(cc_error *err, int status, const char *pointer, const char *title,
                    const char *fmt, ...) __attribute__((format(printf, 5, 6)));

static bool fail_at(cc_error *err, int status, const char *pointer, const char *title,
                    const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    vfail(err, status, pointer, title, fmt, ap);
    va_end(ap);
    return false;
}

/* The static analyzer does not follow variadic functions: tell it that
 * these two always return false (see engine/error.h). */
#ifdef __clang_analyzer__
#define fail_at(...) ({ fail_at(__VA_ARGS__); false; })
#define fail_member(...) ({ fail_member(__VA_ARGS__); false; })
#endif

/* "a string", "an array", ...: what a value is, for "it is %s". */
static const char *type_phrase(json_object *v)
{
    switch (json_object_get_type(v)) {
    case json_type_null: return "null";
    case json_type_boolean: return json_object_get_boolean(v) ? "true" : "false";
    case json_type_int: return "an integer";
    case json_type_double: return "a number with a fraction";
    case json_type_string: return "a string";
    case json_type_array: return "an array";
    case json_type_object: return "an object";
    }
    return "a value of unknown type";
}

/* The value as JSON text, cut to about 40 bytes, for "it is %s". */
static void value_excerpt(json_object *v, char *buf, size_t cap)
{
    if (json_object_get_type(v) == json_type_string) {
        ojs_quote_excerpt(buf, cap, json_object_get_string(v),
                         (size_t)json_object_get_string_len(v), 40);
        return;
    }
    const char *text = json_object_to_json_string_ext(
        v, JSON_C_TO_STRING_PLAIN | JSON_C_TO_STRING_NOSLASHESCAPE);
    size_t n = strlen(text);
    snprintf(buf, cap, "%.*s%s", (int)(n > 40 ? 40 : n), text, n > 40 ? "..." : "");
}

/* ---- members ------------------------------------------------------------ */

static bool need_object(json_object *obj, const char *pointer, const char *what, cc_error *err)
{
    if (json_object_get_type(obj) == json_type_object)
        return true;
    return fail_at(err, 400, pointer, TITLE_TYPE, "%s must be an object; it is %s.",
                   what, type_phrase(obj));
}

/* Look up member name of obj (an object). *found says whether it is there;
 * absent and required is an error pointing where it should be. */
static bool member(json_object *obj, const char *name, const char *pointer, bool required,
                   json_object **val, bool *found, cc_error *err)
{
    if (!need_object(obj, pointer, pointer[0] ? pointer : "The request body", err))
        return false;
    *found = json_object_object_get_ex(obj, name, val);
    if (*found || !required)
        return true;
    return fail_member(err, 400, pointer, name, TITLE_MISSING,
                       "The member \"%s\" is required here and missing.", name);
}

bool odec_only_members(json_object *obj, const char *const *allowed, const char *pointer,
                      cc_error *err)
{
    if (!need_object(obj, pointer, pointer[0] ? pointer : "The request body", err))
        return false;
    json_object_object_foreach(obj, key, val) {
        (void)val;
        bool known = false;
        for (const char *const *a = allowed; *a && !known; a++)
            known = strcmp(key, *a) == 0;
        if (known)
            continue;
        char names[CC_DETAIL_MAX / 2] = "", excerpt[64];
        size_t n = 0;
        for (const char *const *a = allowed; *a && n < sizeof names; a++)
            n += (size_t)snprintf(names + n, sizeof names - n, "%s%s", n ? ", " : "", *a);
        ojs_quote_excerpt(excerpt, sizeof excerpt, key, strlen(key), 40);
        return fail_member(err, 400, pointer, key, TITLE_UNKNOWN_MEMBER,
                           "%s%s has no member %s; the members it may have are: %s.",
                           pointer[0] ? "The object at " : "The request body",
                           pointer, excerpt, allowed[0] ? names : "none");
    }
    return true;
}

/* A member that must be a container of one JSON type (object or array). */
static bool container_member(json_object *obj, const char *name, const char *pointer,
                             bool required, json_type type, json_object **out, cc_error *err)
{
    json_object *v;
    bool found;
    *out = NULL;
    if (!member(obj, name, pointer, required, &v, &found, err))
        return false;
    if (!found)
        return true;
    if (json_object_get_type(v) != type)
        return fail_member(err, 400, pointer, name, TITLE_TYPE, "%s must be %s; it is %s.", name,
                           type == json_type_object ? "an object" : "an array", type_phrase(v));
    *out = v;
    return true;
}

bool odec_object(json_object *obj, const char *name, const char *pointer, bool required,
                json_object **out, cc_error *err)
{
    return container_member(obj, name, pointer, required, json_type_object, out, err);
}

bool odec_array(json_object *obj, const char *name, const char *pointer, bool required,
               json_object **out, cc_error *err)
{
    return container_member(obj, name, pointer, required, json_type_array, out, err);
}

/* ---- scalars ------------------------------------------------------------ */

/* An integer value: a JSON integer, or a number with no fraction (JSON
 * Schema counts 1.0 as an integer). Returns false for anything else. */
static bool as_integer(json_object *v, int64_t *out)
{
    if (json_object_get_type(v) == json_type_int) {
        *out = json_object_get_int64(v);
        return true;
    }
    if (json_object_get_type(v) == json_type_double) {
        double d = json_object_get_double(v);
        if (d != floor(d))
            return false;
        /* Integral but beyond int64: clamp; the caller's range rejects it. */
        *out = d >= 9.2e18 ? INT64_MAX : d <= -9.2e18 ? INT64_MIN : (int64_t)d;
        return true;
    }
    return false;
}

/* Read an integer value v in [min, max]; `what` names it in the detail. */
static bool read_int(json_object *v, const char *what, const char *ptr, int min, int max,
                     int *out, cc_error *err)
{
    int64_t i;
    if (!as_integer(v, &i))
        return fail_at(err, 400, ptr, TITLE_TYPE, "%s must be an integer; it is %s.",
                       what, type_phrase(v));
    if (i < min || i > max) {
        char text[64];
        value_excerpt(v, text, sizeof text);
        return fail_at(err, 400, ptr, TITLE_RANGE, "%s must be between %d and %d; it is %s.",
                       what, min, max, text);
    }
    *out = (int)i;
    return true;
}

/* Read a string value v with no U+0000 (callers use it as a C string). */
static bool read_text(json_object *v, const char *what, const char *ptr, const char **out,
                      size_t *len, cc_error *err)
{
    if (json_object_get_type(v) != json_type_string)
        return fail_at(err, 400, ptr, TITLE_TYPE, "%s must be a string; it is %s.",
                       what, type_phrase(v));
    const char *s = json_object_get_string(v);
    size_t n = (size_t)json_object_get_string_len(v);
    if (strlen(s) != n)
        return fail_at(err, 400, ptr, TITLE_RANGE,
                       "%s must not contain the character U+0000.", what);
    *out = s;
    if (len)
        *len = n;
    return true;
}

bool odec_int(json_object *obj, const char *name, const char *pointer, int min, int max,
             bool required, int *out, bool *present, cc_error *err)
{
    json_object *v;
    bool found;
    if (!member(obj, name, pointer, required, &v, &found, err))
        return false;
    if (present)
        *present = found;
    if (!found)
        return true;
    int64_t i;
    if (as_integer(v, &i) && i >= min && i <= max) {
        *out = (int)i;
        return true;
    }
    /* Only a failure needs the member's pointer; read_int says what failed. */
    char ptr[CC_POINTER_MAX];
    int unused;
    ojs_pointer_member(ptr, pointer, name, strlen(name));
    return read_int(v, name, ptr, min, max, &unused, err);
}

bool odec_bool(json_object *obj, const char *name, const char *pointer, bool required,
              bool *out, bool *present, cc_error *err)
{
    json_object *v;
    bool found;
    if (!member(obj, name, pointer, required, &v, &found, err))
        return false;
    if (present)
        *present = found;
    if (!found)
        return true;
    if (json_object_get_type(v) != json_type_boolean)
        return fail_member(err, 400, pointer, name, TITLE_TYPE,
                           "%s must be true or false; it is %s.", name, type_phrase(v));
    *out = json_object_get_boolean(v);
    return true;
}

bool odec_string(json_object *obj, const char *name, const char *pointer, bool required,
                const char **out, cc_error *err)
{
    json_object *v;
    bool found;
    if (!member(obj, name, pointer, required, &v, &found, err))
        return false;
    assert(found || !required);   /* member() failed a missing required member */
    if (!found)
        return true;
    if (json_object_get_type(v) == json_type_string
        && strlen(json_object_get_string(v)) == (size_t)json_object_get_string_len(v)) {
        *out = json_object_get_string(v);
        return true;
    }
    char ptr[CC_POINTER_MAX];
    ojs_pointer_member(ptr, pointer, name, strlen(name));
    return read_text(v, name, ptr, out, NULL, err);
}

bool odec_loc(json_object *obj, const char *name, const char *pointer, bool allow_corner,
             bool required, cc_loc *out, bool *present, cc_error *err)
{
    const char *s = NULL;
    if (!odec_string(obj, name, pointer, required, &s, err))
        return false;
    if (present)
        *present = s != NULL;
    if (s == NULL)
        return true;
    cc_loc loc;
    char excerpt[64];
    if (!cc_loc_parse(s, &loc)) {
        ojs_quote_excerpt(excerpt, sizeof excerpt, s, strlen(s), 40);
        return fail_member(err, 400, pointer, name, TITLE_RANGE,
                           "%s must be a location: C, an edge (N, E, S, W), a field half (NNE, ENE, ESE, SSE, SSW, WSW, WNW, NNW), a feature #k%s; it is %s.",
                           name, allow_corner ? " or a corner (NE, SE, SW, NW)" : "", excerpt);
    }
    if (loc.kind == CC_LOC_CORNER && !allow_corner)
        return fail_member(err, 400, pointer, name, TITLE_RANGE,
                           "%s must name a place on a tile, not the corner %s; only barns stand on corners.",
                           name, s);
    *out = loc;
    return true;
}

/* Tile names already resolved in one position. A position names some 30
 * types among up to 128 tiles, and cc_catalog_find() scans the whole
 * catalog (ids and aliases) with strcmp: the memo makes repeats one hash
 * and one strcmp. Names borrow the json-c strings of the body. */
#define TILE_MEMO_SLOTS 256    /* > 2 * CC_MAX_TILES: load stays under 1/2 */

typedef struct {
    const char *name[TILE_MEMO_SLOTS];
    int type[TILE_MEMO_SLOTS];
} tile_memo;

static int find_tile(const cc_catalog *cat, tile_memo *memo, const char *name)
{
    if (memo == NULL)
        return cc_catalog_find(cat, name);
    uint32_t h = 2166136261u;                 /* FNV-1a */
    for (const unsigned char *c = (const unsigned char *)name; *c; c++)
        h = (h ^ *c) * 16777619u;
    size_t i = h % TILE_MEMO_SLOTS;
    while (memo->name[i] != NULL) {
        if (strcmp(memo->name[i], name) == 0)
            return memo->type[i];
        i = (i + 1) % TILE_MEMO_SLOTS;
    }
    int type = cc_catalog_find(cat, name);
    if (type >= 0) {            /* an unknown name ends the decode anyway */
        memo->name[i] = name;
        memo->type[i] = type;
    }
    return type;
}

static bool read_tile_id(json_object *obj, const char *name, const char *pointer,
                         const cc_catalog *cat, tile_memo *memo, int *type, cc_error *err)
{
    const char *s = NULL;
    if (!odec_string(obj, name, pointer, true, &s, err))
        return false;
    int t = find_tile(cat, memo, s);
    if (t < 0) {
        /* As service/wire/decode.c says it (issue 17: the ids it may mean). */
        char excerpt[64];
        ojs_quote_excerpt(excerpt, sizeof excerpt, s, strlen(s), 40);
        int idx[CC_SUGGESTIONS];
        int n = cc_catalog_suggest(cat, s, idx, CC_SUGGESTIONS);
        if (n == 0)
            return fail_member(err, 422, pointer, name, "Unknown tile id",
                               "The catalog has no tile id or alias %s; GET /v1/tiles lists every tile.",
                               excerpt);
        char list[CC_SUGGESTIONS * (CC_ID_MAX + 4)] = "";
        for (int i = 0; i < n; i++) {
            size_t used = strlen(list);
            snprintf(list + used, sizeof list - used, "%s%s",
                     i == 0 ? "" : i == n - 1 ? " or " : ", ", cat->types[idx[i]].id);
        }
        return fail_member(err, 422, pointer, name, "Unknown tile id",
                           "The catalog has no tile id or alias %s; did you mean %s? GET /v1/tiles lists every tile.",
                           excerpt, list);
    }
    *type = t;
    return true;
}

bool odec_tile_id(json_object *obj, const char *name, const char *pointer,
                 const cc_catalog *cat, int *type, cc_error *err)
{
    return read_tile_id(obj, name, pointer, cat, NULL, type, err);
}

/* "red, blue and green": the players, for details. */
static void player_list(const cc_position *pos, char *buf, size_t cap)
{
    size_t n = 0;
    buf[0] = '\0';
    for (int i = 0; i < pos->nplayers && n < cap; i++)
        n += (size_t)snprintf(buf + n, cap - n, "%s%s", i == 0 ? "" : i + 1 == pos->nplayers ? " and " : ", ",
                              pos->players[i]);
}

/* The player named by string value v (at ptr), or a 422. */
static bool resolve_player(json_object *v, const char *what, const char *ptr,
                           const cc_position *pos, int *player, cc_error *err)
{
    const char *s;
    if (!read_text(v, what, ptr, &s, NULL, err))
        return false;
    int p = cc_position_player(pos, s);
    if (p < 0) {
        char excerpt[64], players[CC_MAX_PLAYERS * (CC_NAME_MAX + 5)];
        ojs_quote_excerpt(excerpt, sizeof excerpt, s, strlen(s), 40);
        player_list(pos, players, sizeof players);
        return fail_at(err, 422, ptr, "Unknown player",
                       "The name %s is not one of the players (%s).", excerpt, players);
    }
    *player = p;
    return true;
}

bool odec_player(json_object *obj, const char *name, const char *pointer,
                const cc_position *pos, bool required, int *player, cc_error *err)
{
    json_object *v;
    bool found;
    if (!member(obj, name, pointer, required, &v, &found, err))
        return false;
    if (!found)
        return true;
    if (json_object_get_type(v) == json_type_string) {
        int p = cc_position_player(pos, json_object_get_string(v));
        /* A name with U+0000 could match a player's prefix: let the slow
         * path reject it. */
        if (p >= 0 && strlen(json_object_get_string(v)) == (size_t)json_object_get_string_len(v)) {
            *player = p;
            return true;
        }
    }
    char ptr[CC_POINTER_MAX];
    ojs_pointer_member(ptr, pointer, name, strlen(name));
    return resolve_player(v, name, ptr, pos, player, err);
}

/* ---- figures ------------------------------------------------------------ */

static bool decode_flock(json_object *obj, const char *pointer, cc_figure *out, cc_error *err)
{
    json_object *flock;
    if (!odec_array(obj, "flock", pointer, false, &flock, err))
        return false;
    if (flock == NULL)
        return true;
    if (out->kind != CC_FIG_SHEPHERD)
        return fail_member(err, 400, pointer, "flock", TITLE_UNKNOWN_MEMBER,
                           "Only a shepherd has a flock; this figure is a %s.",
                           cc_figure_kind_name(out->kind));
    char ptr[CC_POINTER_MAX];
    ojs_pointer_member(ptr, pointer, "flock", 5);
    size_t n = json_object_array_length(flock);
    if (n > CC_MAX_FLOCK) {
        ojs_pointer_index(ptr, ptr, CC_MAX_FLOCK);
        return fail_at(err, 422, ptr, "More sheep than the game has",
                       "A flock holds at most %d sheep tokens; this one lists %zu.", CC_MAX_FLOCK, n);
    }
    for (size_t i = 0; i < n; i++) {
        char eptr[CC_POINTER_MAX];
        ojs_pointer_index(eptr, ptr, i);
        int sheep;
        if (!read_int(json_object_array_get_idx(flock, i), "A sheep token", eptr, 1, 4,
                      &sheep, err))
            return false;
        out->flock[i] = (int8_t)sheep;
    }
    out->nflock = (int)n;
    return true;
}

bool odec_figure_with(json_object *obj, const char *pointer, const cc_position *pos,
                     const char *const *extra, cc_figure *out, cc_error *err)
{
    const char *allowed[16] = { "player", "kind", "x", "y", "at", "flock" };
    size_t n = 6;
    for (; extra && *extra && n + 1 < sizeof allowed / sizeof allowed[0]; extra++)
        allowed[n++] = *extra;
    allowed[n] = NULL;
    if (!need_object(obj, pointer, "A figure", err) || !odec_only_members(obj, allowed, pointer, err))
        return false;
    memset(out, 0, sizeof *out);
    const char *kind = NULL;
    if (!odec_player(obj, "player", pointer, pos, true, &out->player, err)
        || !odec_string(obj, "kind", pointer, true, &kind, err))
        return false;
    int k = cc_figure_kind_parse(kind);
    if (k < 0) {
        char excerpt[64];
        ojs_quote_excerpt(excerpt, sizeof excerpt, kind, strlen(kind), 40);
        return fail_member(err, 400, pointer, "kind", TITLE_RANGE,
                           "kind must be meeple, mayor, wagon, barn, shepherd, big, builder or pig; it is %s.", excerpt);
    }
    out->kind = (cc_figure_kind)k;
    /* Corners are parsed for every kind: whether this kind may stand there
     * is a fact of the board, so validation reports it (422). */
    return odec_int(obj, "x", pointer, -CC_COORD_LIMIT, CC_COORD_LIMIT, true, &out->x, NULL, err)
        && odec_int(obj, "y", pointer, -CC_COORD_LIMIT, CC_COORD_LIMIT, true, &out->y, NULL, err)
        && odec_loc(obj, "at", pointer, true, true, &out->at, NULL, err)
        && decode_flock(obj, pointer, out, err);
}

bool odec_figure(json_object *obj, const char *pointer, const cc_position *pos,
                cc_figure *out, cc_error *err)
{
    return odec_figure_with(obj, pointer, pos, NULL, out, err);
}

/* ---- the position, member by member ------------------------------------ */

#define POS "/position"

static bool decode_expansions(json_object *p, cc_position *pos, cc_error *err)
{
    json_object *list;
    if (!odec_array(p, "expansions", POS, false, &list, err))
        return false;
    size_t n = list ? json_object_array_length(list) : 0;
    unsigned seen = 0;
    for (size_t i = 0; i < n; i++) {
        char ptr[CC_POINTER_MAX];
        const char *name;
        ojs_pointer_index(ptr, POS "/expansions", i);
        if (!read_text(json_object_array_get_idx(list, i), "Each expansion", ptr, &name, NULL, err))
            return false;
        unsigned bit = cc_expansion_parse(name);
        if (bit != 0 && !(seen & bit)) {
            seen |= bit;
            pos->expansions |= bit;   /* "base" is always on: listing it changes nothing */
            continue;
        }
        char excerpt[64];
        ojs_quote_excerpt(excerpt, sizeof excerpt, name, strlen(name), 40);
        if (bit == 0)
            return fail_at(err, 400, ptr, "Unknown expansion",
                           "The name %s is not an expansion id; the ids are base, abbey-mayor, hills-sheep, messages, shrines, river, river-ii, inns-cathedrals and traders-builders.",
                           excerpt);
        return fail_at(err, 400, ptr, "Duplicate expansion",
                       "The expansion %s is listed twice.", excerpt);
    }
    return true;
}

/* Read optional string member `name` of opts as one of two choices. */
static bool decode_choice(json_object *opts, const char *name, const char *first,
                          const char *second, int *out, cc_error *err)
{
    const char *s = NULL;
    if (!odec_string(opts, name, POS "/options", false, &s, err))
        return false;
    if (s == NULL)
        return true;
    if (strcmp(s, first) == 0 || strcmp(s, second) == 0) {
        *out = strcmp(s, second) == 0;
        return true;
    }
    char excerpt[64];
    ojs_quote_excerpt(excerpt, sizeof excerpt, s, strlen(s), 40);
    return fail_member(err, 400, POS "/options", name, TITLE_RANGE,
                       "%s must be \"%s\" or \"%s\"; it is %s.", name, first, second, excerpt);
}

static bool decode_options(json_object *p, cc_position *pos, cc_error *err)
{
    static const char *const allowed[] = {
        "hill_tiebreak", "wagon_rules", "barn_placement", "tiny_city_scoring", "farmers",
        "hills", "vineyards", "inn_cathedral_final", NULL
    };
    json_object *opts;
    if (!odec_object(p, "options", POS, false, &opts, err))
        return false;
    if (opts == NULL)
        return true;
    int hill = 0, wagon = 0, barn = 0, tiny = 0, farmers = 0, hills = 0, vineyards = 0;
    int inn_final = 0;
    if (!odec_only_members(opts, allowed, POS "/options", err)
        || !decode_choice(opts, "hill_tiebreak", "official", "count", &hill, err)
        || !decode_choice(opts, "wagon_rules", "c2", "c1", &wagon, err)
        || !decode_choice(opts, "barn_placement", "unoccupied", "occupied", &barn, err)
        || !decode_choice(opts, "tiny_city_scoring", "4", "2", &tiny, err)
        || !decode_choice(opts, "farmers", "on", "off", &farmers, err)
        || !decode_choice(opts, "hills", "on", "off", &hills, err)
        || !decode_choice(opts, "vineyards", "on", "off", &vineyards, err)
        || !decode_choice(opts, "inn_cathedral_final", "zero", "ignore", &inn_final, err))
        return false;
    pos->options.hill_tiebreak = hill ? CC_HILL_TIEBREAK_COUNT : CC_HILL_TIEBREAK_OFFICIAL;
    pos->options.wagon_rules = wagon ? CC_WAGON_RULES_C1 : CC_WAGON_RULES_C2;
    pos->options.barn_placement = barn ? CC_BARN_PLACEMENT_OCCUPIED : CC_BARN_PLACEMENT_UNOCCUPIED;
    pos->options.tiny_city_scoring = tiny ? CC_TINY_CITY_2 : CC_TINY_CITY_4;
    pos->options.farmers = farmers ? CC_FARMERS_OFF : CC_FARMERS_ON;
    pos->options.hills = hills ? CC_ELEMENT_OFF : CC_ELEMENT_ON;
    pos->options.vineyards = vineyards ? CC_ELEMENT_OFF : CC_ELEMENT_ON;
    pos->options.inn_cathedral_final =
        inn_final ? CC_INN_CATHEDRAL_FINAL_IGNORE : CC_INN_CATHEDRAL_FINAL_ZERO;
    return true;
}

/* "supply" and "sets" (issue 30): an object of counts named by the rows of
 * a table (engine/position.h), each bounded by its row's max. */
static bool decode_counts(json_object *p, const char *name, const char *const *names,
                          const int *max, int n, int *out, unsigned *given, cc_error *err)
{
    json_object *obj;
    char ptr[64];
    snprintf(ptr, sizeof ptr, POS "/%s", name);
    if (!odec_object(p, name, POS, false, &obj, err))
        return false;
    if (obj == NULL)
        return true;
    const char *allowed[16];
    for (int i = 0; i < n; i++)
        allowed[i] = names[i];
    allowed[n] = NULL;
    if (!odec_only_members(obj, allowed, ptr, err))
        return false;
    *given |= 1u << 31;
    for (int i = 0; i < n; i++) {
        bool present = false;
        if (!odec_int(obj, names[i], ptr, 0, max[i], false, &out[i], &present, err))
            return false;
        if (present)
            *given |= 1u << i;
    }
    return true;
}

static bool decode_setup(json_object *p, cc_position *pos, cc_error *err)
{
    const char *kinds[CC_FIG_NKINDS], *sets[CC_NSETS];
    int kind_max[CC_FIG_NKINDS], set_max[CC_NSETS];
    unsigned supply = 0, bag = 0;
    for (int k = 0; k < CC_FIG_NKINDS; k++) {
        kinds[k] = cc_figure_kinds[k].name;
        kind_max[k] = cc_figure_kinds[k].max;
    }
    for (int s = 0; s < CC_NSETS; s++) {
        sets[s] = cc_tile_sets[s].name;
        set_max[s] = cc_tile_sets[s].max;
    }
    if (!decode_counts(p, "supply", kinds, kind_max, CC_FIG_NKINDS, pos->supply, &supply, err) ||
        !decode_counts(p, "sets", sets, set_max, CC_NSETS, pos->copies, &bag, err))
        return false;
    pos->supply_given = supply & ~(1u << 31);
    pos->sets_given = bag != 0;
    return true;
}

static bool decode_players(json_object *p, cc_position *pos, cc_error *err)
{
    json_object *list;
    if (!odec_array(p, "players", POS, true, &list, err))
        return false;
    size_t n = json_object_array_length(list);
    if (n < CC_MIN_PLAYERS || n > CC_MAX_PLAYERS)
        return fail_at(err, 400, POS "/players", TITLE_RANGE,
                       "players must list %d to %d players; it lists %zu.",
                       CC_MIN_PLAYERS, CC_MAX_PLAYERS, n);
    for (size_t i = 0; i < n; i++) {
        char ptr[CC_POINTER_MAX];
        const char *name;
        size_t len;
        ojs_pointer_index(ptr, POS "/players", i);
        if (!read_text(json_object_array_get_idx(list, i), "A player name", ptr, &name, &len, err))
            return false;
        if (len == 0 || len >= CC_NAME_MAX)
            return fail_at(err, 400, ptr, TITLE_RANGE,
                           "A player name is 1 to %d bytes long; this one is %zu bytes.",
                           CC_NAME_MAX - 1, len);
        if (cc_position_player(pos, name) >= 0)
            return fail_at(err, 400, ptr, "Duplicate player",
                           "The player \"%s\" is listed twice; player names must differ.", name);
        memcpy(pos->players[i], name, len + 1);
        pos->nplayers = (int)i + 1;
    }
    return true;
}

/* One element of position.tiles, at ptr. */
static bool decode_tile(json_object *v, const char *ptr, const cc_catalog *cat,
                        tile_memo *memo, const cc_position *pos, cc_placed_tile *out,
                        cc_error *err)
{
    static const char *const allowed[] = { "tile", "x", "y", "rot", "player", NULL };
    if (!need_object(v, ptr, "A tile", err) || !odec_only_members(v, allowed, ptr, err))
        return false;
    int rot = 0;
    if (!read_tile_id(v, "tile", ptr, cat, memo, &out->type, err)
        || !odec_int(v, "x", ptr, -CC_COORD_LIMIT, CC_COORD_LIMIT, true, &out->x, NULL, err)
        || !odec_int(v, "y", ptr, -CC_COORD_LIMIT, CC_COORD_LIMIT, true, &out->y, NULL, err)
        || !odec_int(v, "rot", ptr, 0, 270, true, &rot, NULL, err))
        return false;
    if (rot % 90 != 0)
        return fail_member(err, 400, ptr, "rot", TITLE_RANGE,
                           "rot must be 0, 90, 180 or 270; it is %d.", rot);
    out->rot = rot / 90;
    out->owner = -1;
    json_object *player;
    if (!json_object_object_get_ex(v, "player", &player))
        return true;
    const cc_tile_type *t = &cat->types[out->type];
    if (!t->is_abbey)
        return fail_member(err, 400, ptr, "player", TITLE_UNKNOWN_MEMBER,
                           "Only an abbey tile records the player who placed it; %s is not an abbey.",
                           t->id);
    return odec_player(v, "player", ptr, pos, true, &out->owner, err);
}

static bool decode_tiles(json_object *p, const cc_catalog *cat, cc_position *pos, cc_error *err)
{
    json_object *list;
    if (!odec_array(p, "tiles", POS, true, &list, err))
        return false;
    size_t n = json_object_array_length(list);
    char ptr[CC_POINTER_MAX];
    if (n > CC_MAX_TILES) {
        ojs_pointer_index(ptr, POS "/tiles", CC_MAX_TILES);
        return fail_at(err, 422, ptr, "More tiles than the game has",
                       "A position holds at most %d tiles (the game has 107 land tiles and up to 6 abbeys); this one lists %zu.",
                       CC_MAX_TILES, n);
    }
    tile_memo memo;
    memset(memo.name, 0, sizeof memo.name);
    for (size_t i = 0; i < n; i++) {
        ojs_pointer_index(ptr, POS "/tiles", i);
        if (!decode_tile(json_object_array_get_idx(list, i), ptr, cat, &memo, pos,
                         &pos->tiles[i], err))
            return false;
        pos->ntiles = (int)i + 1;
    }
    return true;
}

static bool decode_figures(json_object *p, cc_position *pos, cc_error *err)
{
    json_object *list;
    if (!odec_array(p, "figures", POS, true, &list, err))
        return false;
    size_t n = json_object_array_length(list);
    size_t cap = (size_t)cc_figures_cap(pos->expansions);   /* 162 with Inns & Cathedrals */
    char ptr[CC_POINTER_MAX];
    if (n > cap) {
        ojs_pointer_index(ptr, POS "/figures", cap);
        return fail_at(err, 422, ptr, "More figures than the supply holds",
                       "Six players own at most %d figures; this position lists %zu.",
                       (int)cap, n);
    }
    for (size_t i = 0; i < n; i++) {
        ojs_pointer_index(ptr, POS "/figures", i);
        if (!odec_figure(json_object_array_get_idx(list, i), ptr, pos, &pos->figures[i], err))
            return false;
        pos->nfigures = (int)i + 1;
    }
    return true;
}

/* The player a member name of scores or abbeys names, or a 400: these
 * objects' members are the players' names. */
static bool player_member(const char *key, const char *what, const char *pointer,
                          const cc_position *pos, int *player, cc_error *err)
{
    *player = cc_position_player(pos, key);
    if (*player >= 0)
        return true;
    char excerpt[64], players[CC_MAX_PLAYERS * (CC_NAME_MAX + 5)];
    ojs_quote_excerpt(excerpt, sizeof excerpt, key, strlen(key), 40);
    player_list(pos, players, sizeof players);
    return fail_member(err, 400, pointer, key, TITLE_UNKNOWN_MEMBER,
                       "%s has no member %s; its members are the players' names (%s).",
                       what, excerpt, players);
}

/* One player's score at ptr: an integer, or with Messages a pair. */
static bool decode_score(json_object *v, const char *ptr, const cc_position *pos,
                         int score[2], cc_error *err)
{
    bool messages = pos->expansions & CC_EXP_MESSAGES;
    if (json_object_get_type(v) != json_type_array) {
        /* With Messages a plain integer is read as [n, 0]: the sum is what
         * most questions need, and clients without the pair need not invent one. */
        score[1] = 0;
        return read_int(v, "A score", ptr, 0, ODEC_SCORE_MAX, &score[0], err);
    }
    if (!messages)
        return fail_at(err, 400, ptr, TITLE_TYPE,
                       "A score is one integer; a pair is for the two counting figures of the Messages expansion, which is not in play.");
    if (json_object_array_length(v) != 2)
        return fail_at(err, 400, ptr, TITLE_RANGE,
                       "A score with Messages is a pair [a, b], one number per counting figure; this array has %zu elements.",
                       json_object_array_length(v));
    for (size_t i = 0; i < 2; i++) {
        char eptr[CC_POINTER_MAX];
        ojs_pointer_index(eptr, ptr, i);
        if (!read_int(json_object_array_get_idx(v, i), "A score", eptr, 0, ODEC_SCORE_MAX,
                      &score[i], err))
            return false;
    }
    return true;
}

static bool decode_scores(json_object *p, cc_position *pos, cc_error *err)
{
    json_object *scores;
    if (!odec_object(p, "scores", POS, false, &scores, err))
        return false;
    if (scores == NULL)
        return true;
    json_object_object_foreach(scores, key, val) {
        int player;
        char ptr[CC_POINTER_MAX];
        if (!player_member(key, "scores", POS "/scores", pos, &player, err))
            return false;
        ojs_pointer_member(ptr, POS "/scores", key, strlen(key));
        if (!decode_score(val, ptr, pos, pos->scores[player], err))
            return false;
    }
    return true;
}

static bool decode_abbeys(json_object *p, cc_position *pos, cc_error *err)
{
    json_object *abbeys;
    if (!odec_object(p, "abbeys", POS, false, &abbeys, err))
        return false;
    bool in_play = pos->expansions & CC_EXP_ABBEY_MAYOR;
    if (abbeys != NULL && !in_play)
        return fail_at(err, 422, POS "/abbeys", "Expansion not in play",
                       "abbeys counts abbey tiles, which belong to the expansion \"abbey-mayor\"; it is not in position.expansions.");
    if (!in_play)
        return true;
    /* Default: each player's one abbey is in hand unless the board shows it
     * placed by that player (tiles carry their placer). */
    for (int i = 0; i < pos->nplayers; i++)
        pos->abbeys[i] = 1;
    for (int t = 0; t < pos->ntiles; t++)
        if (pos->tiles[t].owner >= 0)
            pos->abbeys[pos->tiles[t].owner] = 0;
    if (abbeys == NULL)
        return true;
    json_object_object_foreach(abbeys, key, val) {
        int player;
        char ptr[CC_POINTER_MAX];
        if (!player_member(key, "abbeys", POS "/abbeys", pos, &player, err))
            return false;
        ojs_pointer_member(ptr, POS "/abbeys", key, strlen(key));
        if (!read_int(val, "An abbey count", ptr, 0, 1, &pos->abbeys[player], err))
            return false;
    }
    return true;
}

/* "goods" (Traders & Builders): {player: {"wine": n, "grain": n, "cloth": n}},
 * each 0..20; the engine bounds them by the board. */
static bool decode_goods(json_object *p, cc_position *pos, cc_error *err)
{
    static const char *const kinds[] = { "wine", "grain", "cloth", NULL };
    json_object *goods;
    if (!odec_object(p, "goods", POS, false, &goods, err))
        return false;
    if (goods == NULL)
        return true;
    json_object_object_foreach(goods, key, val) {
        int player;
        char ptr[CC_POINTER_MAX];
        if (!player_member(key, "goods", POS "/goods", pos, &player, err))
            return false;
        ojs_pointer_member(ptr, POS "/goods", key, strlen(key));
        if (!json_object_is_type(val, json_type_object))
            return fail_at(err, 400, ptr, "Wrong type", "goods of a player must be an object.");
        if (!odec_only_members(val, kinds, ptr, err))
            return false;
        for (int g = 0; g < CC_NGOODS; g++)
            if (!odec_int(val, kinds[g], ptr, 0, 20, false, &pos->goods[player][g], NULL, err))
                return false;
    }
    return true;
}

bool odec_position(json_object *root, const cc_catalog *cat, cc_position *pos, cc_error *err)
{
    static const char *const allowed[] = {
        "expansions", "options", "players", "active", "tiles", "figures", "scores", "abbeys",
        "supply", "sets", "goods", "builder_turn", NULL
    };
    cc_position_init(pos);
    json_object *p;
    if (!odec_object(root, "position", "", true, &p, err) || !odec_only_members(p, allowed, POS, err))
        return false;
    return decode_expansions(p, pos, err)
        && decode_options(p, pos, err)
        && decode_setup(p, pos, err)
        && decode_players(p, pos, err)
        && odec_player(p, "active", POS, pos, false, &pos->active, err)
        && decode_tiles(p, cat, pos, err)
        && decode_figures(p, pos, err)
        && decode_scores(p, pos, err)
        && decode_abbeys(p, pos, err)
        && decode_goods(p, pos, err)
        && odec_bool(p, "builder_turn", POS, false, &pos->builder_turn, NULL, err);
}

/* ---- the body ----------------------------------------------------------- */

/* The contract's member names (sections 3 and 5): interned by the parser,
 * so a position's hundreds of members cost no key allocations. */
static const char *const member_names[] = {
    "position", "expansions", "options", "players", "active", "tiles", "figures",
    "scores", "abbeys", "hill_tiebreak", "wagon_rules", "barn_placement",
    "tiny_city_scoring", "farmers", "hills", "vineyards", "inn_cathedral_final", "supply", "sets",
    "tile", "x", "y", "rot", "player", "kind", "at", "flock",
    "deployed", "token", "shepherd", "action", "final", "figure", "wagons", "moves",
    NULL
};

bool odec_parse(const char *body, size_t len, json_object **root, cc_error *err)
{
    /* Say "must be an object" before anything else: a body that is an array
     * nested 10,000 deep is first of all not an object. */
    size_t i = 0;
    while (i < len && (body[i] == ' ' || body[i] == '\n' || body[i] == '\r' || body[i] == '\t'))
        i++;
    if (i == len)
        return cc_fail(err, CC_ERR_BAD_REQUEST, "", "Malformed JSON",
                       "The request body is empty; it must be a JSON object.");
    if (body[i] != '{')
        return cc_fail(err, CC_ERR_BAD_REQUEST, "", "Malformed JSON",
                       "The request body must be a JSON object, starting with '{' (byte %zu).", i);
    return ojs_parse(body, len, ODEC_MAX_DEPTH, member_names, root, err);
}

/* ---- the members a turn's question shares ----------------------------------- */

bool odec_token(json_object *obj, const char *pointer, bool required, int *out,
               cc_error *err)
{
    json_object *v;
    char ptr[CC_POINTER_MAX];
    snprintf(ptr, sizeof ptr, "%s/token", pointer);
    if (!json_object_object_get_ex(obj, "token", &v)) {
        if (required)
            return cc_fail(err, CC_ERR_BAD_REQUEST, ptr, "Missing member",
                           "token is required: the token drawn, 1 to 4 sheep or \"wolf\".");
        return true;
    }
    if (json_object_is_type(v, json_type_string) && strcmp(json_object_get_string(v), "wolf") == 0) {
        *out = CC_TOKEN_WOLF;
        return true;
    }
    return odec_int(obj, "token", pointer, 1, CC_TOKEN_MAX_SHEEP, true, out, NULL, err);
}

bool odec_shepherd_choice(json_object *root, cc_shepherd_action *action,
                         int *grow_token, cc_error *err)
{
    static const char *const members[] = { "action", "token", NULL };
    json_object *s = NULL;
    const char *name = NULL;
    if (!odec_object(root, "shepherd", "", false, &s, err))
        return false;
    if (s == NULL)
        return true;
    if (!odec_only_members(s, members, "/shepherd", err) ||
        !odec_string(s, "action", "/shepherd", true, &name, err))
        return false;
    if (strcmp(name, "guide") == 0) {
        *action = CC_SHEPHERD_GUIDE;
        if (json_object_object_get_ex(s, "token", NULL))
            return cc_fail(err, CC_ERR_BAD_REQUEST, "/shepherd/token", "Unknown member",
                           "Guiding the flock draws no token.");
        return true;
    }
    if (strcmp(name, "grow") != 0)
        return cc_fail(err, CC_ERR_BAD_REQUEST, "/shepherd/action", "Value out of range",
                       "action is \"grow\" or \"guide\".");
    *action = CC_SHEPHERD_GROW;
    return odec_token(s, "/shepherd", true, grow_token, err);
}

bool odec_deployed(json_object *root, const cc_position *pos, cc_figure *fig,
                  int *token, bool *present, cc_error *err)
{
    static const char *const extra[] = { "token", NULL };
    json_object *d = NULL;
    *present = false;
    if (!odec_object(root, "deployed", "", false, &d, err))
        return false;
    if (d == NULL)
        return true;
    if (!odec_figure_with(d, "/deployed", pos, extra, fig, err))
        return false;
    bool shepherd = fig->kind == CC_FIG_SHEPHERD;
    if (!shepherd && json_object_object_get_ex(d, "token", NULL))
        return cc_fail(err, CC_ERR_BAD_REQUEST, "/deployed/token", "Unknown member",
                       "Only a shepherd draws a token when it is deployed.");
    *present = true;
    return odec_token(d, "/deployed", shepherd, token, err);
}
