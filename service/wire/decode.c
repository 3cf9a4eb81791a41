/* decode.c -- see decode.h.
 *
 * Layout: error helpers, member look-up, the scalar readers (dec_int ...),
 * dec_figure, then dec_position one section at a time in the contract's
 * order, then the members a turn shares. Every check and every sentence is
 * the one the service made when it decoded json-c trees (that decoder is
 * kept as the oracle of the differential tests, tests/support/
 * oracle_decode.c); values are read from the text where they stand
 * (json_reader.h). Member pointers are built only when an error needs one:
 * on the success path the only pointer work is one per array element.
 * position.tiles and position.figures in their compact form are usually
 * read by the lane (decode_lane.c) during the strict pass: decode_tiles()
 * and decode_figures() then copy its records and resolve the players'
 * names; the helpers both share (raw_player ...) are in decode_raw.h. */
#include "decode.h"

#include <inttypes.h>
#include <math.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include "../text/problems.h"
#include "decode_lane.h"
#include "decode_raw.h"

#define TITLE_TYPE SVC_P_WRONG_TYPE
#define TITLE_RANGE SVC_P_VALUE_OUT_OF_RANGE
#define TITLE_UNKNOWN_MEMBER SVC_P_UNKNOWN_MEMBER
#define TITLE_MISSING SVC_P_MISSING_MEMBER

/* ---- errors ------------------------------------------------------------- */

/* Fail at `pointer` with problem and the detail msg with its arguments
 * (service/text/problems.h; CC_ARGS(...) or CC_NO_ARGS). */
static CC_COLD bool fail_at(cc_error *err, int status, const char *pointer, int problem,
                            int msg, const cc_arg *args, size_t n)
{
    return cc_fail_text(err, (cc_status)status, pointer, problem, msg, args, n);
}

/* Fail at member `name` of the object at `pointer`. */
static CC_COLD bool fail_member(cc_error *err, int status, const char *pointer,
                                const char *name, int problem, int msg, const cc_arg *args,
                                size_t n)
{
    char ptr[CC_POINTER_MAX];
    jr_pointer_member(ptr, pointer, name, strlen(name));
    return fail_at(err, status, ptr, problem, msg, args, n);
}

/* The static analyzer does not follow calls into other files: tell it that
 * these two always return false (see engine/error.h). */
#ifdef __clang_analyzer__
#define fail_at(...) ({ fail_at(__VA_ARGS__); false; })
#define fail_member(...) ({ fail_member(__VA_ARGS__); false; })
#endif

/* The pointer of member `name` (as it stands in the text) of the object at
 * `pointer`. */
static void member_pointer(char *out, const char *pointer, jr_str name)
{
    char decoded[CC_POINTER_MAX * 2];
    size_t n = jr_str_copy(name, decoded, sizeof decoded);
    if (n >= sizeof decoded || !jr_pointer_member(out, pointer, decoded, n))
        snprintf(out, CC_POINTER_MAX, "%s", pointer);   /* too long: the object */
}

/* What a value is, for "it is {found}": the JSON literal (null, true,
 * false, kept as it is) or a term ("a string", "an array", ...). */
static cc_arg found_arg(jr_val v)
{
    switch (v.type) {
    case JR_NULL: return CC_STR(FOUND, "null");
    case JR_TRUE: return CC_STR(FOUND, "true");
    case JR_FALSE: return CC_STR(FOUND, "false");
    case JR_INT: return CC_TERM(FOUND, "value.an-integer");
    case JR_NUMBER: return CC_TERM(FOUND, "value.a-number-with-a-fraction");
    case JR_STRING: return CC_TERM(FOUND, "value.a-string");
    case JR_ARRAY: return CC_TERM(FOUND, "value.an-array");
    case JR_OBJECT: return CC_TERM(FOUND, "value.an-object");
    case JR_ABSENT:
    case JR_NAME:
        break;
    }
    return CC_TERM(FOUND, "value.of-unknown-type");
}

/* {what}: a member name, kept as it is (a static string), or a term
 * naming the value ("subject.a-tile"). */
#define WHAT_MEMBER(name) CC_STR(WHAT, name)
#define WHAT_TERM(term) CC_TERM(WHAT, term)

/* A double as JSON text the way json-c wrote it: "%.17g", and ".0" added
 * to what would read as an integer. */
static void double_text(double d, char *buf, size_t cap)
{
    int n = snprintf(buf, cap, "%.17g", d);
    bool numeric = (buf[0] >= '0' && buf[0] <= '9') ||
                   (n > 1 && buf[0] == '-' && buf[1] >= '0' && buf[1] <= '9');
    if (numeric && n >= 0 && (size_t)n + 2 < cap && !strchr(buf, '.') && !strchr(buf, 'e'))
        memcpy(buf + n, ".0", 3);
}

/* An integral number value as JSON text, cut to about 40 bytes, for "it is
 * %s" (the value as the service read it: "-0" is 0, 1e3 is 1000.0). */
static void value_excerpt(jr_val v, char *buf, size_t cap)
{
    char text[64];
    if (v.type == JR_INT)
        snprintf(text, sizeof text, "%" PRId64, jr_int64(v));
    else
        double_text(jr_double(v), text, sizeof text);
    size_t n = strlen(text);
    snprintf(buf, cap, "%.*s%s", (int)(n > 40 ? 40 : n), text, n > 40 ? "..." : "");
}

/* ---- members ------------------------------------------------------------ */

static bool need_object(jr_val v, const char *pointer, cc_arg what, cc_error *err)
{
    if (v.type == JR_OBJECT)
        return true;
    return fail_at(err, 400, pointer, TITLE_TYPE, SVC_D_MUST_BE_OBJECT,
                   CC_ARGS(what, found_arg(v)));
}

/* Look up member name of obj. *found says whether it is there; absent and
 * required is an error pointing where it should be. */
static bool member(const jr_obj *obj, const char *name, const char *pointer, bool required,
                   jr_val *val, bool *found, cc_error *err)
{
    *found = jr_obj_get(obj, name, val);
    if (*found || !required)
        return true;
    return fail_member(err, 400, pointer, name, TITLE_MISSING, SVC_D_MEMBER_REQUIRED,
                       CC_ARGS(CC_STR(MEMBER, name)));
}

bool dec_has(const jr_obj *obj, const char *name)
{
    jr_val v;
    return jr_obj_get(obj, name, &v);
}

bool dec_only_members(jr_obj *obj, const char *const *allowed, const char *pointer,
                      cc_error *err)
{
    jr_str key;
    if (!jr_obj_match(obj, allowed, &key)) {
        char names[CC_DETAIL_MAX / 2] = "", excerpt[64], decoded[64], ptr[CC_POINTER_MAX];
        size_t n = 0;
        for (const char *const *a = allowed; *a && n < sizeof names; a++)
            n += (size_t)snprintf(names + n, sizeof names - n, "%s%s", n ? ", " : "", *a);
        size_t len = jr_str_copy(key, decoded, sizeof decoded);
        jr_quote_excerpt(excerpt, sizeof excerpt, decoded, len, 40);
        member_pointer(ptr, pointer, key);
        cc_arg members = allowed[0] ? CC_QUOTE(MEMBERS, cc_error_quote(err, 1, names))
                                    : CC_TERM(MEMBERS, "none");
        cc_arg member = CC_QUOTE(MEMBER, cc_error_quote(err, 0, excerpt));
        if (!pointer[0])
            return fail_at(err, 400, ptr, TITLE_UNKNOWN_MEMBER, SVC_D_BODY_HAS_NO_MEMBER,
                           CC_ARGS(member, members));
        return fail_at(err, 400, ptr, TITLE_UNKNOWN_MEMBER, SVC_D_OBJECT_HAS_NO_MEMBER,
                       CC_ARGS(CC_QUOTE(PATH, cc_error_quote(err, 2, pointer)), member, members));
    }
    return true;
}

/* A member that must be a container of one JSON type (object or array). */
static bool container_member(const jr_obj *obj, const char *name, const char *pointer,
                             bool required, jr_type type, jr_val *out, cc_error *err)
{
    jr_val v;
    bool found;
    memset(out, 0, sizeof *out);
    out->doc = obj->val.doc;
    if (!member(obj, name, pointer, required, &v, &found, err))
        return false;
    if (!found)
        return true;
    if (v.type != type)
        return fail_member(err, 400, pointer, name, TITLE_TYPE,
                           type == JR_OBJECT ? SVC_D_MUST_BE_OBJECT : SVC_D_MUST_BE_ARRAY,
                           CC_ARGS(WHAT_MEMBER(name), found_arg(v)));
    *out = v;
    return true;
}

bool dec_object(const jr_obj *obj, const char *name, const char *pointer, bool required,
                jr_obj *out, cc_error *err)
{
    jr_val v;
    bool ok = container_member(obj, name, pointer, required, JR_OBJECT, &v, err);
    jr_obj_open(v, out);
    return ok;
}

bool dec_array(const jr_obj *obj, const char *name, const char *pointer, bool required,
               jr_val *out, cc_error *err)
{
    return container_member(obj, name, pointer, required, JR_ARRAY, out, err);
}

/* ---- scalars ------------------------------------------------------------ */

/* An integer value: a JSON integer, or a number with no fraction (JSON
 * Schema counts 1.0 as an integer; 1e-330, too small for a double, has a
 * fraction). Returns false for anything else. */
static bool as_integer(jr_val v, int64_t *out)
{
    if (v.type == JR_INT) {
        *out = jr_int64(v);
        return true;
    }
    if (v.type == JR_NUMBER) {
        double d = jr_double(v);
        if (d != floor(d) || jr_underflow(v))
            return false;
        /* Integral but beyond int64: clamp; the caller's range rejects it. */
        *out = d >= 9.2e18 ? INT64_MAX : d <= -9.2e18 ? INT64_MIN : (int64_t)d;
        return true;
    }
    return false;
}

/* Read an integer value v in [min, max]; `what` names it in the detail. */
static bool read_int(jr_val v, cc_arg what, const char *ptr, int min, int max,
                     int *out, cc_error *err)
{
    int64_t i;
    if (!as_integer(v, &i))
        return fail_at(err, 400, ptr, TITLE_TYPE, SVC_D_MUST_BE_INTEGER,
                       CC_ARGS(what, found_arg(v)));
    if (i < min || i > max) {
        char text[64];
        value_excerpt(v, text, sizeof text);
        return fail_at(err, 400, ptr, TITLE_RANGE, SVC_D_INTEGER_OUT_OF_RANGE,
                       CC_ARGS(what, CC_INT(MIN, min), CC_INT(MAX, max),
                               CC_QUOTE(VALUE, cc_error_quote(err, 0, text))));
    }
    *out = (int)i;
    return true;
}

/* Read a string value v with no U+0000 (callers use it as a C string). */
static bool read_text(jr_val v, cc_arg what, const char *ptr, dec_text *out,
                      cc_error *err)
{
    if (v.type != JR_STRING)
        return fail_at(err, 400, ptr, TITLE_TYPE, SVC_D_MUST_BE_STRING,
                       CC_ARGS(what, found_arg(v)));
    bool nul;
    out->len = jr_string(v, out->s, sizeof out->s, &nul);
    if (nul)
        return fail_at(err, 400, ptr, TITLE_RANGE, SVC_D_NO_NUL, CC_ARGS(what));
    return true;
}

bool dec_int(const jr_obj *obj, const char *name, const char *pointer, int min, int max,
             bool required, int *out, bool *present, cc_error *err)
{
    jr_val v;
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
    jr_pointer_member(ptr, pointer, name, strlen(name));
    return read_int(v, WHAT_MEMBER(name), ptr, min, max, &unused, err);
}

bool dec_bool(const jr_obj *obj, const char *name, const char *pointer, bool required,
              bool *out, bool *present, cc_error *err)
{
    jr_val v;
    bool found;
    if (!member(obj, name, pointer, required, &v, &found, err))
        return false;
    if (present)
        *present = found;
    if (!found)
        return true;
    if (v.type != JR_TRUE && v.type != JR_FALSE)
        return fail_member(err, 400, pointer, name, TITLE_TYPE, SVC_D_MUST_BE_BOOLEAN,
                           CC_ARGS(WHAT_MEMBER(name), found_arg(v)));
    *out = v.type == JR_TRUE;
    return true;
}

bool dec_string(const jr_obj *obj, const char *name, const char *pointer, bool required,
                dec_text *out, bool *present, cc_error *err)
{
    jr_val v;
    bool found;
    if (!member(obj, name, pointer, required, &v, &found, err))
        return false;
    if (present)
        *present = found;
    if (!found)
        return true;
    char ptr[CC_POINTER_MAX];
    if (v.type == JR_STRING && !v.escaped) {     /* no escape: no U+0000 */
        out->len = jr_string(v, out->s, sizeof out->s, NULL);
        return true;
    }
    jr_pointer_member(ptr, pointer, name, strlen(name));
    return read_text(v, WHAT_MEMBER(name), ptr, out, err);
}

bool dec_loc(const jr_obj *obj, const char *name, const char *pointer, bool allow_corner,
             bool required, cc_loc *out, bool *present, cc_error *err)
{
    dec_text s;
    bool found = false;
    if (!dec_string(obj, name, pointer, required, &s, &found, err))
        return false;
    if (present)
        *present = found;
    if (!found)
        return true;
    cc_loc loc;
    char excerpt[64];
    if (s.len >= sizeof s.s || !cc_loc_parse(s.s, &loc)) {
        jr_quote_excerpt(excerpt, sizeof excerpt, s.s, s.len, 40);
        return fail_member(err, 400, pointer, name, TITLE_RANGE,
                           allow_corner ? SVC_D_NOT_A_LOCATION_OR_CORNER : SVC_D_NOT_A_LOCATION,
                           CC_ARGS(WHAT_MEMBER(name),
                                   CC_QUOTE(VALUE, cc_error_quote(err, 0, excerpt))));
    }
    if (loc.kind == CC_LOC_CORNER && !allow_corner)
        return fail_member(err, 400, pointer, name, TITLE_RANGE, SVC_D_CORNER_NOT_A_PLACE,
                           CC_ARGS(WHAT_MEMBER(name), CC_QUOTE(VALUE, cc_error_quote(err, 0, s.s))));
    *out = loc;
    return true;
}

/* The tile type a decoded id or alias names, or -1. */
static int find_tile(const cc_catalog *cat, const dec_text *s)
{
    if (s->len >= sizeof s->s)
        return -1;              /* longer than any id or alias */
    return cc_catalog_find_n(cat, s->s, s->len);
}

/* 422 "Unknown tile id" for s, with the ids it probably means ("base.d",
 * "D" and JCloisterZone's "RCr" all mean base.D) in the detail and in the
 * problem's "suggestions". */
static bool unknown_tile_id(cc_error *err, const char *pointer, const char *name,
                            const cc_catalog *cat, const char *s)
{
    char excerpt[64];
    jr_quote_excerpt(excerpt, sizeof excerpt, s, strlen(s), 40);
    int idx[CC_SUGGESTIONS];
    int n = cc_catalog_suggest(cat, s, idx, CC_SUGGESTIONS);
    if (n == 0)
        return fail_member(err, 422, pointer, name, SVC_P_UNKNOWN_TILE_ID, SVC_D_NO_SUCH_TILE_ID,
                           CC_ARGS(CC_QUOTE(VALUE, cc_error_quote(err, 0, excerpt))));
    char list[CC_SUGGESTIONS * (CC_ID_MAX + 4)] = "";
    for (int i = 0; i < n; i++) {
        size_t used = strlen(list);
        snprintf(list + used, sizeof list - used, "%s%s", i == 0 ? "" : CC_LIST_SEP,
                 cat->types[idx[i]].id);
    }
    fail_member(err, 422, pointer, name, SVC_P_UNKNOWN_TILE_ID, SVC_D_NO_SUCH_TILE_ID_SUGGEST,
                CC_ARGS(CC_QUOTE(VALUE, cc_error_quote(err, 0, excerpt)),
                        CC_LIST(SUGGESTIONS, "or", cc_error_quote(err, 1, list))));
    err->nsuggestions = n;
    for (int i = 0; i < n; i++)
        err->suggestions[i] = cat->types[idx[i]].id;
    return false;
}

static bool read_tile_id(const jr_obj *obj, const char *name, const char *pointer,
                         const cc_catalog *cat, int *type, cc_error *err)
{
    dec_text s;
    s.len = 0;
    s.s[0] = '\0';
    if (!dec_string(obj, name, pointer, true, &s, NULL, err))
        return false;
    int t = find_tile(cat, &s);
    if (t < 0)
        return unknown_tile_id(err, pointer, name, cat, s.s);
    *type = t;
    return true;
}

bool dec_tile_id(const jr_obj *obj, const char *name, const char *pointer,
                 const cc_catalog *cat, int *type, cc_error *err)
{
    return read_tile_id(obj, name, pointer, cat, type, err);
}

/* Item `item` appended to buf, a CC_LIST argument's items parted by
 * CC_LIST_SEP ("red, blue and green" once worded); *n is buf's length, past
 * cap once full, and then nothing more is written. */
static void list_add(char *buf, size_t cap, size_t *n, const char *item)
{
    if (*n < cap)
        *n += (size_t)snprintf(buf + *n, cap - *n, "%s%s", *n == 0 ? "" : CC_LIST_SEP, item);
}

/* The players' names, for a CC_LIST argument. */
static void player_list(const cc_position *pos, char *buf, size_t cap)
{
    size_t n = 0;
    buf[0] = '\0';
    for (int i = 0; i < pos->nplayers; i++)
        list_add(buf, cap, &n, pos->players[i]);
}

/* Every figure kind's name, for a CC_LIST argument: a detail that lists them
 * names a kind added later without a new sentence to translate. */
static void figure_kind_list(char *buf, size_t cap)
{
    size_t n = 0;
    buf[0] = '\0';
    for (int k = 0; k < CC_FIG_NKINDS; k++)
        list_add(buf, cap, &n, cc_figure_kind_name((cc_figure_kind)k));
}

/* Every expansion id a position may name (CC_EXP_RULED), for a CC_LIST
 * argument, oldest first. */
static void expansion_id_list(char *buf, size_t cap)
{
    size_t n = 0;
    buf[0] = '\0';
    for (unsigned bit = 1; bit != 0 && bit <= CC_EXP_RULED; bit <<= 1)
        if (CC_EXP_RULED & bit)
            list_add(buf, cap, &n, cc_expansion_name(bit));
}

/* The player a decoded name names, or -1 (a name too long is no player). */
static int player_named(const cc_position *pos, const dec_text *s)
{
    return s->len < sizeof s->s ? cc_position_player(pos, s->s) : -1;
}

/* The player named by string value v (at ptr), or a 422. */
static bool resolve_player(jr_val v, cc_arg what, const char *ptr,
                           const cc_position *pos, int *player, cc_error *err)
{
    dec_text s;
    if (!read_text(v, what, ptr, &s, err))
        return false;
    int p = player_named(pos, &s);
    if (p < 0) {
        char excerpt[64], players[CC_MAX_PLAYERS * (CC_NAME_MAX + 5)];
        jr_quote_excerpt(excerpt, sizeof excerpt, s.s, s.len, 40);
        player_list(pos, players, sizeof players);
        return fail_at(err, 422, ptr, SVC_P_UNKNOWN_PLAYER, SVC_D_NOT_A_PLAYER,
                       CC_ARGS(CC_QUOTE(VALUE, cc_error_quote(err, 0, excerpt)),
                               CC_LIST(PLAYERS, "and", cc_error_quote(err, 1, players))));
    }
    *player = p;
    return true;
}

bool dec_player(const jr_obj *obj, const char *name, const char *pointer,
                const cc_position *pos, bool required, int *player, cc_error *err)
{
    jr_val v;
    bool found;
    if (!member(obj, name, pointer, required, &v, &found, err))
        return false;
    if (!found)
        return true;
    if (v.type == JR_STRING && !v.escaped && v.len < CC_NAME_MAX) {
        /* The common case: a short name without escapes, compared in place. */
        const char *raw = v.doc->text + v.at;
        for (int p = 0; p < pos->nplayers; p++)
            if (strncmp(pos->players[p], raw, v.len) == 0 && pos->players[p][v.len] == '\0') {
                *player = p;
                return true;
            }
    }
    char ptr[CC_POINTER_MAX];
    jr_pointer_member(ptr, pointer, name, strlen(name));
    return resolve_player(v, WHAT_MEMBER(name), ptr, pos, player, err);
}

/* ---- figures ------------------------------------------------------------ */

static bool decode_flock(const jr_obj *obj, const char *pointer, cc_figure *out, cc_error *err)
{
    jr_val flock;
    if (!dec_array(obj, "flock", pointer, false, &flock, err))
        return false;
    if (flock.type == JR_ABSENT)
        return true;
    if (out->kind != CC_FIG_SHEPHERD)
        return fail_member(err, 400, pointer, "flock", TITLE_UNKNOWN_MEMBER,
                           SVC_D_FLOCK_NOT_SHEPHERD, CC_ARGS(CC_KIND(KIND, out->kind)));
    char ptr[CC_POINTER_MAX];
    jr_pointer_member(ptr, pointer, "flock", 5);
    size_t n = jr_count(flock);
    if (n > CC_MAX_FLOCK) {
        jr_pointer_index(ptr, ptr, CC_MAX_FLOCK);
        return fail_at(err, 422, ptr, SVC_P_MORE_SHEEP, SVC_D_FLOCK_TOO_LARGE,
                       CC_ARGS(CC_INT(MAX, CC_MAX_FLOCK), CC_INT(COUNT, n)));
    }
    jr_iter it = jr_iter_start(flock);
    jr_val token;
    for (size_t i = 0; jr_next_element(&it, &token); i++) {
        char eptr[CC_POINTER_MAX];
        jr_pointer_index(eptr, ptr, i);
        int sheep;
        if (!read_int(token, WHAT_TERM("subject.a-sheep-token"), eptr, 1, 4, &sheep, err))
            return false;
        out->flock[i] = (int8_t)sheep;
    }
    out->nflock = (int)n;
    return true;
}

bool dec_figure_with(jr_val v, const char *pointer, const cc_position *pos,
                     const char *const *extra, cc_figure *out, cc_error *err)
{
    const char *allowed[16] = { "player", "kind", "x", "y", "at", "flock" };
    size_t n = 6;
    for (; extra && *extra && n + 1 < sizeof allowed / sizeof allowed[0]; extra++)
        allowed[n++] = *extra;
    allowed[n] = NULL;
    jr_obj obj;
    if (!need_object(v, pointer, WHAT_TERM("subject.a-figure"), err))
        return false;
    jr_obj_open(v, &obj);
    if (!dec_only_members(&obj, allowed, pointer, err))
        return false;
    memset(out, 0, sizeof *out);
    dec_text kind;
    if (!dec_player(&obj, "player", pointer, pos, true, &out->player, err)
        || !dec_string(&obj, "kind", pointer, true, &kind, NULL, err))
        return false;
    int k = kind.len < sizeof kind.s ? cc_figure_kind_parse(kind.s) : -1;
    if (k < 0) {
        char excerpt[64], kinds[CC_FIG_NKINDS * 16];
        jr_quote_excerpt(excerpt, sizeof excerpt, kind.s, kind.len, 40);
        figure_kind_list(kinds, sizeof kinds);
        return fail_member(err, 400, pointer, "kind", TITLE_RANGE, SVC_D_NOT_A_KIND,
                           CC_ARGS(CC_QUOTE(VALUE, cc_error_quote(err, 0, excerpt)),
                                   CC_LIST(KINDS, "or", cc_error_quote(err, 1, kinds))));
    }
    out->kind = (cc_figure_kind)k;
    /* Corners are parsed for every kind: whether this kind may stand there
     * is a fact of the board, so validation reports it (422). */
    return dec_int(&obj, "x", pointer, -CC_COORD_LIMIT, CC_COORD_LIMIT, true, &out->x, NULL, err)
        && dec_int(&obj, "y", pointer, -CC_COORD_LIMIT, CC_COORD_LIMIT, true, &out->y, NULL, err)
        && dec_loc(&obj, "at", pointer, true, true, &out->at, NULL, err)
        && decode_flock(&obj, pointer, out, err);
}

bool dec_figure(jr_val v, const char *pointer, const cc_position *pos, cc_figure *out,
                cc_error *err)
{
    return dec_figure_with(v, pointer, pos, NULL, out, err);
}

/* ---- the position, member by member ------------------------------------ */

#define POS "/position"

static bool decode_expansions(const jr_obj *p, const char *base, cc_position *pos,
                              cc_error *err)
{
    jr_val list;
    char list_ptr[CC_POINTER_MAX];
    jr_pointer_member(list_ptr, base, "expansions", 10);
    if (!dec_array(p, "expansions", base, false, &list, err))
        return false;
    unsigned seen = 0;
    jr_iter it = jr_iter_start(list);
    jr_val v;
    for (size_t i = 0; jr_next_element(&it, &v); i++) {
        char ptr[CC_POINTER_MAX];
        dec_text name;
        jr_pointer_index(ptr, list_ptr, i);
        if (!read_text(v, WHAT_TERM("subject.each-expansion"), ptr, &name, err))
            return false;
        unsigned bit = name.len < sizeof name.s ? cc_expansion_parse(name.s) : 0;
        if (bit != 0 && !(seen & bit)) {
            seen |= bit;
            pos->expansions |= bit;   /* "base" is always on: listing it changes nothing */
            continue;
        }
        char excerpt[64];
        jr_quote_excerpt(excerpt, sizeof excerpt, name.s, name.len, 40);
        if (bit == 0) {
            char ids[32 * 20];
            expansion_id_list(ids, sizeof ids);
            return fail_at(err, 400, ptr, SVC_P_UNKNOWN_EXPANSION, SVC_D_NOT_AN_EXPANSION,
                           CC_ARGS(CC_QUOTE(VALUE, cc_error_quote(err, 0, excerpt)),
                                   CC_LIST(IDS, "and", cc_error_quote(err, 1, ids))));
        }
        return fail_at(err, 400, ptr, SVC_P_DUPLICATE_EXPANSION, SVC_D_EXPANSION_TWICE,
                       CC_ARGS(CC_QUOTE(VALUE, cc_error_quote(err, 0, excerpt))));
    }
    return true;
}

/* Read optional string member `name` of opts as one of two choices. */
static bool decode_choice(const jr_obj *opts, const char *opts_ptr, const char *name,
                          const char *first, const char *second, int *out, cc_error *err)
{
    dec_text s;
    bool found = false;
    if (!dec_string(opts, name, opts_ptr, false, &s, &found, err))
        return false;
    if (!found)
        return true;
    if (strcmp(s.s, first) == 0 || strcmp(s.s, second) == 0) {
        *out = strcmp(s.s, second) == 0;
        return true;
    }
    char excerpt[64];
    jr_quote_excerpt(excerpt, sizeof excerpt, s.s, s.len, 40);
    return fail_member(err, 400, opts_ptr, name, TITLE_RANGE, SVC_D_NOT_ONE_OF_TWO,
                       CC_ARGS(WHAT_MEMBER(name), CC_STR(FIRST, first), CC_STR(SECOND, second),
                               CC_QUOTE(VALUE, cc_error_quote(err, 0, excerpt))));
}

static bool decode_options(const jr_obj *p, const char *base, cc_position *pos, cc_error *err)
{
    static const char *const allowed[] = {
        "hill_tiebreak", "wagon_rules", "barn_placement", "tiny_city_scoring", "farmers",
        "hills", "vineyards", "inn_cathedral_final", NULL
    };
    jr_obj opts;
    if (!dec_object(p, "options", base, false, &opts, err))
        return false;
    if (!jr_obj_given(&opts))
        return true;
    char ptr[CC_POINTER_MAX];
    jr_pointer_member(ptr, base, "options", 7);
    int hill = 0, wagon = 0, barn = 0, tiny = 0, farmers = 0, hills = 0, vineyards = 0;
    int inn_final = 0;
    if (!dec_only_members(&opts, allowed, ptr, err)
        || !decode_choice(&opts, ptr, "hill_tiebreak", "official", "count", &hill, err)
        || !decode_choice(&opts, ptr, "wagon_rules", "c2", "c1", &wagon, err)
        || !decode_choice(&opts, ptr, "barn_placement", "unoccupied", "occupied", &barn, err)
        || !decode_choice(&opts, ptr, "tiny_city_scoring", "4", "2", &tiny, err)
        || !decode_choice(&opts, ptr, "farmers", "on", "off", &farmers, err)
        || !decode_choice(&opts, ptr, "hills", "on", "off", &hills, err)
        || !decode_choice(&opts, ptr, "vineyards", "on", "off", &vineyards, err)
        || !decode_choice(&opts, ptr, "inn_cathedral_final", "zero", "ignore", &inn_final, err))
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

/* Member `name` of p, an object of counts named names[0..n) (the rows of
 * a table in engine/position.h), count i within 0..max[i]: into out[i],
 * with bit i of *given set for each count present. false when absent. */
static bool decode_counts(const jr_obj *p, const char *base, const char *name,
                          const char *const *names, const int *max, int n, int *out,
                          unsigned *given, bool *present, cc_error *err)
{
    const char *allowed[CC_FIG_NKINDS + CC_NSETS + 1];
    jr_obj obj;
    char ptr[CC_POINTER_MAX];
    *present = false;
    if (!dec_object(p, name, base, false, &obj, err))
        return false;
    if (!jr_obj_given(&obj))
        return true;
    *present = true;
    jr_pointer_member(ptr, base, name, strlen(name));
    for (int i = 0; i < n; i++)
        allowed[i] = names[i];
    allowed[n] = NULL;
    if (!dec_only_members(&obj, allowed, ptr, err))
        return false;
    for (int i = 0; i < n; i++) {
        bool found = false;
        if (!dec_int(&obj, names[i], ptr, 0, max[i], false, &out[i], &found, err))
            return false;
        if (found)
            *given |= 1u << i;
    }
    return true;
}

/* "supply": {kind: count}, each player's figures of a kind (a kind left out
 * keeps the box's), and "sets": {set: copies}, the bag the tile counts are
 * checked against (given, a set left out is not in the bag). Whether their
 * expansions are in play is the engine's check (engine/validate.c). */
static bool decode_setup_members(const jr_obj *p, const char *base, cc_position *pos,
                                 cc_error *err)
{
    const char *kinds[CC_FIG_NKINDS], *sets[CC_NSETS];
    int kind_max[CC_FIG_NKINDS], set_max[CC_NSETS];
    unsigned bag = 0;
    bool present;
    for (int k = 0; k < CC_FIG_NKINDS; k++) {
        kinds[k] = cc_figure_kinds[k].name;
        kind_max[k] = cc_figure_kinds[k].max;
    }
    for (int s = 0; s < CC_NSETS; s++) {
        sets[s] = cc_tile_sets[s].name;
        set_max[s] = cc_tile_sets[s].max;
    }
    if (!decode_counts(p, base, "supply", kinds, kind_max, CC_FIG_NKINDS, pos->supply,
                       &pos->supply_given, &present, err) ||
        !decode_counts(p, base, "sets", sets, set_max, CC_NSETS, pos->copies, &bag, &present,
                       err))
        return false;
    pos->sets_given = present;
    return true;
}

static bool decode_players(const jr_obj *p, const char *base, cc_position *pos, cc_error *err)
{
    jr_val list;
    char list_ptr[CC_POINTER_MAX];
    jr_pointer_member(list_ptr, base, "players", 7);
    if (!dec_array(p, "players", base, true, &list, err))
        return false;
    size_t n = jr_count(list);
    if (n < CC_MIN_PLAYERS || n > CC_MAX_PLAYERS)
        return fail_at(err, 400, list_ptr, TITLE_RANGE, SVC_D_PLAYER_COUNT,
                       CC_ARGS(CC_INT(MIN, CC_MIN_PLAYERS), CC_INT(MAX, CC_MAX_PLAYERS),
                               CC_INT(COUNT, n)));
    jr_iter it = jr_iter_start(list);
    jr_val v;
    for (size_t i = 0; jr_next_element(&it, &v); i++) {
        char ptr[CC_POINTER_MAX];
        dec_text name;
        jr_pointer_index(ptr, list_ptr, i);
        if (!read_text(v, WHAT_TERM("subject.a-player-name"), ptr, &name, err))
            return false;
        if (name.len == 0 || name.len >= CC_NAME_MAX)
            return fail_at(err, 400, ptr, TITLE_RANGE, SVC_D_PLAYER_NAME_LENGTH,
                           CC_ARGS(CC_INT(MAX, CC_NAME_MAX - 1), CC_INT(BYTES, name.len)));
        if (cc_position_player(pos, name.s) >= 0)
            return fail_at(err, 400, ptr, SVC_P_DUPLICATE_PLAYER, SVC_D_PLAYER_TWICE,
                           CC_ARGS(CC_QUOTE(PLAYER, cc_error_quote(err, 0, name.s))));
        memcpy(pos->players[i], name.s, name.len + 1);
        pos->nplayers = (int)i + 1;
    }
    return true;
}

/* Where each player's name stands in "players" (read by decode_players(),
 * in order). A name written elsewhere in the position with the very bytes
 * of a player's (escapes and all: Python writes a name the same way each
 * time) names that player: compared where both stand, not decoded again.
 * Any other text is decoded and looked up as before. */
typedef struct {
    int n;
    const char *raw[CC_MAX_PLAYERS];
    uint32_t len[CC_MAX_PLAYERS];
} player_texts;

static void player_texts_of(const jr_obj *p, const cc_position *pos, player_texts *out)
{
    jr_val list, v;
    out->n = 0;
    if (!jr_obj_get(p, "players", &list))
        return;
    jr_iter it = jr_iter_start(list);
    while (out->n < pos->nplayers && jr_next_element(&it, &v) && v.type == JR_STRING) {
        out->raw[out->n] = v.doc->text + v.at;
        out->len[out->n++] = v.len;
    }
}

/* The player whose name in "players" is the text raw[0..len), or -1. */
static int texts_player(const player_texts *t, const char *raw, uint32_t len)
{
    for (int i = 0; i < t->n; i++)
        if (t->len[i] == len && cc_same_bytes(t->raw[i], raw, len))
            return i;
    return -1;
}

/* "active": a name written as in "players" is that player; anything else
 * is dec_player()'s. */
static bool decode_active(const jr_obj *p, cc_position *pos, const player_texts *names,
                          cc_error *err)
{
    jr_val v;
    if (jr_obj_get(p, "active", &v) && v.type == JR_STRING) {
        int player = texts_player(names, v.doc->text + v.at, v.len);
        if (player >= 0) {
            pos->active = player;
            return true;
        }
    }
    return dec_player(p, "active", POS, pos, false, &pos->active, err);
}

/* ---- the fast path ------------------------------------------------------
 *
 * Nearly every tile and figure a client sends has the plain shape: the
 * usual members, plain strings, small integers in range. Those are read in
 * one walk over their members (no look-up by name, no pointer built), and
 * accepted only when the careful readers below would accept them with the
 * same result; anything else -- an unusual member, a wrong type, a value
 * out of range, an escape, a name not found -- returns false, and the
 * careful reader decodes the element again and reports the exact error in
 * its exact order. So the fast path changes speed, never an answer (the
 * differential tests and the golden answers hold both to that). */

/* An integer member value in [min, max], read only when it is a plain JSON
 * integer. */
static bool fast_int(jr_val v, int min, int max, int *out)
{
    if (v.type != JR_INT || v.len > 6)
        return false;
    int64_t i = jr_int64(v);
    if (i < min || i > max)
        return false;
    *out = (int)i;
    return true;
}

/* A plain string value copied into buf (cap > v.len); false for an
 * escaped or too long one. */
static bool fast_text(jr_val v, char *buf, size_t cap)
{
    if (v.type != JR_STRING || v.escaped || v.len >= cap)
        return false;
    memcpy(buf, v.doc->text + v.at, v.len);
    buf[v.len] = '\0';
    return true;
}

/* A member name (plain) is exactly the literal s of n bytes. */
#define NAME_IS(name, s) ((name).len == sizeof(s) - 1 && !(name).escaped && \
                          memcmp((name).raw, s, sizeof(s) - 1) == 0)

/* {"tile", "x", "y", "rot"}: the shape decode_tile() gives these values. */
static bool tile_fast(jr_val v, const cc_catalog *cat, cc_placed_tile *out)
{
    if (v.type != JR_OBJECT)
        return false;
    jr_iter it = jr_iter_start(v);
    jr_str name;
    jr_val val;
    int type = -1, x = 0, y = 0, rot = -1;
    unsigned seen = 0;
    while (jr_next_member(&it, &name, &val)) {
        if (NAME_IS(name, "tile")) {
            dec_text s;
            if (!fast_text(val, s.s, sizeof s.s))
                return false;
            s.len = val.len;
            type = find_tile(cat, &s);
            if (type < 0)
                return false;
            seen |= 1;
        } else if (NAME_IS(name, "x")) {
            if (!fast_int(val, -CC_COORD_LIMIT, CC_COORD_LIMIT, &x))
                return false;
            seen |= 2;
        } else if (NAME_IS(name, "y")) {
            if (!fast_int(val, -CC_COORD_LIMIT, CC_COORD_LIMIT, &y))
                return false;
            seen |= 4;
        } else if (NAME_IS(name, "rot")) {
            if (!fast_int(val, 0, 270, &rot) || rot % 90 != 0)
                return false;
            seen |= 8;
        } else {
            return false;       /* "player", or a member to refuse */
        }
    }
    if (seen != 15)
        return false;
    *out = placed_tile(type, x, y, rot, -1);
    return true;
}

/* The tile element as clients and the service itself write it, members in
 * the order of the contract: {"tile": id, "x": n, "y": n, "rot": n}, read
 * straight from its nine spans (the object, then a name and a scalar four
 * times) without walking them one by one. It accepts exactly what
 * tile_fast() accepts in that order, with the same result; any other
 * element (members in another order, a "player", anything unusual) goes to
 * tile_fast(), then to the careful reader. */
#define SPAN_META(type, len) (((uint32_t)(type) << JR_META_TYPE_SHIFT) | (uint32_t)(len))

#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
/* The bytes of s[0..n) and a quote as a little-endian word: with s and n
 * literals the compiler folds it to a constant. (Not memcpy into a zeroed
 * word: GCC stores such bytes and reads the word back, and a word read
 * from narrower stores waits for them.) */
static inline uint64_t quoted_word(const char *s, uint32_t n)
{
    uint64_t w = 0;
    for (uint32_t i = 0; i < n; i++)
        w |= (uint64_t)(unsigned char)s[i] << (8 * i);
    return w | (uint64_t)'"' << (8 * n);
}
#endif

/* Token t is the plain member name s of n bytes (literals, n at most 7).
 * The name and its closing quote are one word compare: a member name is
 * followed in the text by its quote, a ':', a value and a '}' at least, so
 * the 4 bytes (n up to 3) or 8 bytes read from its first byte are inside
 * the text. */
static inline bool span_name_is(const jr_doc *d, const jr_token *t, const char *s, uint32_t n)
{
    if (t->meta != SPAN_META(JR_NAME, n))
        return false;
    const char *raw = d->text + t->pos;
#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
    if (n <= 3) {
        uint32_t w;
        memcpy(&w, raw, 4);
        return (w & (uint32_t)(~0ull >> (8 * (7 - n)))) == (uint32_t)quoted_word(s, n);
    }
    uint64_t w;
    memcpy(&w, raw, 8);
    return (w & (~0ull >> (8 * (7 - n)))) == quoted_word(s, n);
#else
    return raw_is(raw, n, s);
#endif
}

/* Token t is a plain integer of at most six bytes (fast_int()'s limit) in
 * [min, max]. */
static inline bool span_int(const jr_doc *d, const jr_token *t, int min, int max, int *out)
{
    uint32_t len = t->meta & JR_META_LEN_MASK;
    if ((t->meta >> JR_META_TYPE_SHIFT) != JR_INT || len > 6)
        return false;
    const char *digits = d->text + t->pos;
    bool negative = digits[0] == '-';
    int value = 0;
    for (uint32_t i = negative; i < len; i++)
        value = value * 10 + (digits[i] - '0');
    if (negative)
        value = -value;
    if (value < min || value > max)
        return false;
    *out = value;
    return true;
}

/* Token t is a string without escapes (its text is its value). */
static inline bool span_plain_string(const jr_token *t)
{
    return (t->meta & ~JR_META_LEN_MASK) == SPAN_META(JR_STRING, 0);
}

/* The player whose name the plain string at token t is, or -1 (the first
 * of that name, as cc_position_player() finds it). */
static int span_player(const jr_doc *d, const jr_token *t, const cc_position *pos)
{
    if (!span_plain_string(t))
        return -1;              /* not a string, or escaped */
    return raw_player(d->text + t->pos, t->meta & JR_META_LEN_MASK, pos);
}

static bool tile_packed(jr_val v, const cc_catalog *cat, const cc_position *pos,
                        cc_placed_tile *out)
{
    if (v.type != JR_OBJECT)
        return false;
    const jr_doc *d = v.doc;
    const jr_token *t = &d->tokens[v.index];
    /* Four members whose values are all scalars (the object ends nine
     * spans on), or an abbey's five with its "player" last. */
    uint32_t members = t[0].pos;
    if ((members != 4 && members != 5)
        || (t[0].meta & JR_META_LEN_MASK) != v.index + 1 + 2 * members)
        return false;
    int x, y, rot;
    if (!span_name_is(d, &t[1], "tile", 4) || !span_name_is(d, &t[3], "x", 1)
        || !span_name_is(d, &t[5], "y", 1) || !span_name_is(d, &t[7], "rot", 3)
        || !span_int(d, &t[4], -CC_COORD_LIMIT, CC_COORD_LIMIT, &x)
        || !span_int(d, &t[6], -CC_COORD_LIMIT, CC_COORD_LIMIT, &y)
        || !span_int(d, &t[8], 0, 270, &rot) || rot % 90 != 0)
        return false;
    uint32_t id_len = t[2].meta & JR_META_LEN_MASK;
    if (!span_plain_string(&t[2]) || id_len >= DEC_TEXT_MAX)
        return false;           /* not a string, escaped, or longer than any id */
    int type = cc_catalog_find_n(cat, d->text + t[2].pos, id_len);
    if (type < 0)
        return false;
    int owner = -1;
    if (members == 5) {
        /* Only an abbey names its placer, and only one of the players. */
        if (!span_name_is(d, &t[9], "player", 6) || !cat->types[type].is_abbey)
            return false;
        owner = span_player(d, &t[10], pos);
        if (owner < 0)
            return false;
    }
    *out = placed_tile(type, x, y, rot, owner);
    return true;
}

/* A member of "scores" or "abbeys" in its plain form: a name that is a
 * player's (plain, or written as in "players"), and a plain integer in
 * [0, max]. Anything else is read by player_member() and the value's
 * reader, which say what is wrong. */
static bool fast_player_int(jr_str key, jr_val val, const cc_position *pos,
                            const player_texts *names, int max, int *player, int *value)
{
    if (!fast_int(val, 0, max, value))
        return false;
    *player = key.escaped ? texts_player(names, key.raw, key.len)
                          : raw_player(key.raw, key.len, pos);
    return *player >= 0;
}

static bool fast_loc(jr_val v, cc_loc *out)
{
    if (v.type != JR_STRING || v.escaped)
        return false;
    return cc_loc_parse_n(v.doc->text + v.at, v.len, out);
}

/* A shepherd's "flock": at most CC_MAX_FLOCK plain integers, each a sheep
 * token of 1 to 4 (decode_flock()'s rule for the plain case). */
static bool fast_flock(jr_val v, cc_figure *fig)
{
    if (v.type != JR_ARRAY || jr_count(v) > CC_MAX_FLOCK)
        return false;
    jr_iter it = jr_iter_start(v);
    jr_val token;
    int n = 0, sheep;
    while (jr_next_element(&it, &token)) {
        if (!fast_int(token, 1, 4, &sheep))
            return false;
        fig->flock[n++] = (int8_t)sheep;
    }
    fig->nflock = n;
    return true;
}

/* {"player", "kind", "x", "y", "at"} and a shepherd's "flock": the shape
 * dec_figure() gives these values. */
static bool figure_fast(jr_val v, const cc_position *pos, cc_figure *out)
{
    if (v.type != JR_OBJECT)
        return false;
    jr_iter it = jr_iter_start(v);
    jr_str name;
    jr_val val;
    cc_figure fig;
    memset(&fig, 0, sizeof fig);
    unsigned seen = 0;
    while (jr_next_member(&it, &name, &val)) {
        if (NAME_IS(name, "player")) {
            if (val.type != JR_STRING || val.escaped)
                return false;
            fig.player = raw_player(val.doc->text + val.at, val.len, pos);
            if (fig.player < 0)
                return false;
            seen |= 1;
        } else if (NAME_IS(name, "kind")) {
            if (val.type != JR_STRING || val.escaped)
                return false;
            int k = raw_kind(val.doc->text + val.at, val.len);
            if (k < 0)
                return false;
            fig.kind = (cc_figure_kind)k;
            seen |= 2;
        } else if (NAME_IS(name, "x")) {
            if (!fast_int(val, -CC_COORD_LIMIT, CC_COORD_LIMIT, &fig.x))
                return false;
            seen |= 4;
        } else if (NAME_IS(name, "y")) {
            if (!fast_int(val, -CC_COORD_LIMIT, CC_COORD_LIMIT, &fig.y))
                return false;
            seen |= 8;
        } else if (NAME_IS(name, "at")) {
            if (!fast_loc(val, &fig.at))
                return false;
            seen |= 16;
        } else if (NAME_IS(name, "flock")) {
            if (!fast_flock(val, &fig))
                return false;
            seen |= 32;
        } else {
            return false;       /* a member to refuse */
        }
    }
    /* A flock belongs to a shepherd (a shepherd may stand without one). */
    if ((seen & 31) != 31 || ((seen & 32) && fig.kind != CC_FIG_SHEPHERD))
        return false;
    *out = fig;
    return true;
}

/* The figure element as clients and the service itself write it, members
 * in the order of the contract: {"player", "kind", "x", "y", "at"}, read
 * straight from its eleven spans as tile_packed() reads a tile. It accepts
 * exactly what figure_fast() accepts in that order, with the same result;
 * any other element (another order, a "flock", anything unusual) goes to
 * figure_fast(), then to the careful reader. (Walking the members with
 * jr_next_member() made the compiler test a value's type and escape as
 * one word read back from two narrower stores, a stall at every member.) */
static bool figure_packed(jr_val v, const cc_position *pos, cc_figure *out)
{
    if (v.type != JR_OBJECT)
        return false;
    const jr_doc *d = v.doc;
    const jr_token *t = &d->tokens[v.index];
    /* Five members whose values are all scalars: the object ends eleven
     * spans on. */
    if (t[0].pos != 5 || (t[0].meta & JR_META_LEN_MASK) != v.index + 11)
        return false;
    int x, y;
    if (!span_name_is(d, &t[1], "player", 6) || !span_name_is(d, &t[3], "kind", 4)
        || !span_name_is(d, &t[5], "x", 1) || !span_name_is(d, &t[7], "y", 1)
        || !span_name_is(d, &t[9], "at", 2)
        || !span_int(d, &t[6], -CC_COORD_LIMIT, CC_COORD_LIMIT, &x)
        || !span_int(d, &t[8], -CC_COORD_LIMIT, CC_COORD_LIMIT, &y))
        return false;
    int player = span_player(d, &t[2], pos);
    if (player < 0 || !span_plain_string(&t[4]) || !span_plain_string(&t[10]))
        return false;           /* not a player, or kind or at not a plain string */
    int k = raw_kind(d->text + t[4].pos, t[4].meta & JR_META_LEN_MASK);
    cc_loc at;
    if (k < 0 ||
        !cc_loc_parse_n(d->text + t[10].pos, t[10].meta & JR_META_LEN_MASK, &at))
        return false;
    placed_figure(out, player, (cc_figure_kind)k, x, y, at);
    return true;
}

/* One element of position.tiles, at ptr. */
static bool decode_tile(jr_val v, const char *ptr, const cc_catalog *cat,
                        const cc_position *pos, cc_placed_tile *out, cc_error *err)
{
    static const char *const allowed[] = { "tile", "x", "y", "rot", "player", NULL };
    if (!need_object(v, ptr, WHAT_TERM("subject.a-tile"), err))
        return false;
    jr_obj obj;
    jr_obj_open(v, &obj);
    if (!dec_only_members(&obj, allowed, ptr, err))
        return false;
    int rot = 0;
    if (!read_tile_id(&obj, "tile", ptr, cat, &out->type, err)
        || !dec_int(&obj, "x", ptr, -CC_COORD_LIMIT, CC_COORD_LIMIT, true, &out->x, NULL, err)
        || !dec_int(&obj, "y", ptr, -CC_COORD_LIMIT, CC_COORD_LIMIT, true, &out->y, NULL, err)
        || !dec_int(&obj, "rot", ptr, 0, 270, true, &rot, NULL, err))
        return false;
    if (rot % 90 != 0)
        return fail_member(err, 400, ptr, "rot", TITLE_RANGE, SVC_D_ROT_VALUES,
                           CC_ARGS(CC_INT(VALUE, rot)));
    out->rot = rot / 90;
    out->owner = -1;
    if (!dec_has(&obj, "player"))
        return true;
    const cc_tile_type *t = &cat->types[out->type];
    if (!t->is_abbey)
        return fail_member(err, 400, ptr, "player", TITLE_UNKNOWN_MEMBER, SVC_D_OWNER_NOT_ABBEY,
                           CC_ARGS(CC_STR(TILE, t->id)));
    return dec_player(&obj, "player", ptr, pos, true, &out->owner, err);
}

/* The players the lane's names (decode_lane.h) name, each resolved the
 * first time an element holds it: -2 until then, -1 for no player. */
typedef struct {
    int player[DEC_LANE_NAMES];
    const player_texts *texts;
} lane_names;

static void lane_names_init(lane_names *r, const player_texts *texts)
{
    for (int k = 0; k < DEC_LANE_NAMES; k++)
        r->player[k] = -2;
    r->texts = texts;
}

/* The player the lane's name text names, as dec_player() finds it, or -1. */
static int name_player(const jr_doc *doc, dec_lane_text name, const cc_position *pos,
                       const player_texts *names)
{
    const char *raw = doc->text + name.at;
    int p = texts_player(names, raw, name.len);
    if (p >= 0)
        return p;
    if (!name.escaped)
        return raw_player(raw, name.len, pos);
    char s[CC_NAME_MAX];
    bool nul;
    jr_val v = { doc, JR_STRING, true, name.at, name.len, 0 };
    size_t n = jr_string(v, s, sizeof s, &nul);
    return nul || n >= sizeof s ? -1 : cc_position_player(pos, s);
}

/* The player of the lane's name k, for element i of the list at list_ptr:
 * what dec_player() finds for that element's "player", or its error. */
static bool lane_player(const dec_lanes *l, const jr_doc *doc, unsigned k, const char *list_ptr,
                        size_t i, const cc_position *pos, lane_names *names, int *player,
                        cc_error *err)
{
    if (names->player[k] == -2)
        names->player[k] = name_player(doc, l->names[k], pos, names->texts);
    *player = names->player[k];
    if (*player >= 0)
        return true;
    char ptr[CC_POINTER_MAX];
    jr_pointer_index(ptr, list_ptr, i);
    jr_pointer_member(ptr, ptr, "player", 6);
    jr_val v = { doc, JR_STRING, l->names[k].escaped, l->names[k].at, l->names[k].len, 0 };
    return resolve_player(v, WHAT_MEMBER("player"), ptr, pos, player, err);
}

/* position.tiles as the lane took it (decode_lane.h). */
static bool tiles_from_lane(const dec_lanes *l, const jr_doc *doc, cc_position *pos,
                            const player_texts *texts, cc_error *err)
{
    lane_names names;
    lane_names_init(&names, texts);
    memcpy(pos->tiles, l->tiles, l->ntiles * sizeof pos->tiles[0]);
    pos->ntiles = (int)l->ntiles;
    for (uint32_t i = 0; i < l->ntiles; i++)
        if (l->owner[i] != DEC_LANE_NO_NAME
            && !lane_player(l, doc, l->owner[i], POS "/tiles", i, pos, &names,
                            &pos->tiles[i].owner, err)) {
            pos->ntiles = (int)i;
            return false;
        }
    return true;
}

/* position.figures as the lane took it. */
static bool figures_from_lane(const dec_lanes *l, const jr_doc *doc, cc_position *pos,
                              const player_texts *texts, cc_error *err)
{
    lane_names names;
    lane_names_init(&names, texts);
    memcpy(pos->figures, l->figures, l->nfigures * sizeof pos->figures[0]);
    pos->nfigures = (int)l->nfigures;
    for (uint32_t i = 0; i < l->nfigures; i++)
        if (!lane_player(l, doc, l->player[i], POS "/figures", i, pos, &names,
                         &pos->figures[i].player, err)) {
            pos->nfigures = (int)i;
            return false;
        }
    return true;
}

static bool decode_tiles(const jr_obj *p, const cc_catalog *cat, cc_position *pos,
                         const player_texts *names, cc_error *err)
{
    jr_val list;
    if (!dec_array(p, "tiles", POS, true, &list, err))
        return false;
    size_t n = jr_count(list);
    char ptr[CC_POINTER_MAX];
    if (n > CC_MAX_TILES) {
        jr_pointer_index(ptr, POS "/tiles", CC_MAX_TILES);
        return fail_at(err, 422, ptr, CC_MSG_P_MORE_TILES, SVC_D_TOO_MANY_TILES,
                       CC_ARGS(CC_INT(MAX, CC_MAX_TILES), CC_INT(COUNT, n)));
    }
    const dec_lanes *lanes = jr_by_lane(list) ? dec_lanes_of(list.doc) : NULL;
    if (lanes != NULL)
        return tiles_from_lane(lanes, list.doc, pos, names, err);
    jr_iter it = jr_iter_start(list);
    jr_val v;
    for (size_t i = 0; jr_next_element(&it, &v); i++) {
        if (!tile_packed(v, cat, pos, &pos->tiles[i]) && !tile_fast(v, cat, &pos->tiles[i])) {
            jr_pointer_index(ptr, POS "/tiles", i);
            if (!decode_tile(v, ptr, cat, pos, &pos->tiles[i], err))
                return false;
        }
        pos->ntiles = (int)i + 1;
    }
    return true;
}

static bool decode_figures(const jr_obj *p, cc_position *pos, const player_texts *names,
                           cc_error *err)
{
    jr_val list;
    if (!dec_array(p, "figures", POS, true, &list, err))
        return false;
    size_t n = jr_count(list);
    size_t cap = (size_t)cc_figures_cap(pos->expansions);   /* expansions are read first */
    char ptr[CC_POINTER_MAX];
    if (n > cap) {
        jr_pointer_index(ptr, POS "/figures", cap);
        return fail_at(err, 422, ptr, CC_MSG_P_MORE_FIGURES, SVC_D_TOO_MANY_FIGURES,
                       CC_ARGS(CC_INT(MAX, (int)cap), CC_INT(COUNT, n)));
    }
    const dec_lanes *lanes = jr_by_lane(list) ? dec_lanes_of(list.doc) : NULL;
    if (lanes != NULL)
        return figures_from_lane(lanes, list.doc, pos, names, err);
    jr_iter it = jr_iter_start(list);
    jr_val v;
    for (size_t i = 0; jr_next_element(&it, &v); i++) {
        if (!figure_packed(v, pos, &pos->figures[i]) && !figure_fast(v, pos, &pos->figures[i])) {
            jr_pointer_index(ptr, POS "/figures", i);
            if (!dec_figure(v, ptr, pos, &pos->figures[i], err))
                return false;
        }
        pos->nfigures = (int)i + 1;
    }
    return true;
}

/* The player a member name of scores or abbeys names, or a 400: these
 * objects' members are the players' names. *ptr: the member's pointer. */
static bool player_member(jr_str key, const char *what, const char *pointer,
                          const cc_position *pos, int *player, char *ptr, cc_error *err)
{
    dec_text name;
    name.len = jr_str_copy(key, name.s, sizeof name.s);
    member_pointer(ptr, pointer, key);
    *player = player_named(pos, &name);
    if (*player >= 0)
        return true;
    char excerpt[64], players[CC_MAX_PLAYERS * (CC_NAME_MAX + 5)];
    jr_quote_excerpt(excerpt, sizeof excerpt, name.s, name.len, 40);
    player_list(pos, players, sizeof players);
    return fail_at(err, 400, ptr, TITLE_UNKNOWN_MEMBER, SVC_D_NOT_A_PLAYERS_NAME,
                   CC_ARGS(CC_STR(WHAT, what), CC_QUOTE(MEMBER, cc_error_quote(err, 0, excerpt)),
                           CC_LIST(PLAYERS, "and", cc_error_quote(err, 1, players))));
}

/* One player's score at ptr: an integer, or with Messages a pair. */
static bool decode_score(jr_val v, const char *ptr, const cc_position *pos, int score[2],
                         cc_error *err)
{
    bool messages = pos->expansions & CC_EXP_MESSAGES;
    if (v.type != JR_ARRAY) {
        /* With Messages a plain integer is read as [n, 0]: the sum is what
         * most questions need, and clients without the pair need not invent one. */
        score[1] = 0;
        return read_int(v, WHAT_TERM("subject.a-score"), ptr, 0, DEC_SCORE_MAX, &score[0], err);
    }
    if (!messages)
        return fail_at(err, 400, ptr, TITLE_TYPE, SVC_D_SCORE_NOT_PAIR, CC_NO_ARGS);
    if (jr_count(v) != 2)
        return fail_at(err, 400, ptr, TITLE_RANGE, SVC_D_SCORE_PAIR,
                       CC_ARGS(CC_INT(COUNT, jr_count(v))));
    jr_iter it = jr_iter_start(v);
    jr_val e;
    for (size_t i = 0; jr_next_element(&it, &e); i++) {
        char eptr[CC_POINTER_MAX];
        jr_pointer_index(eptr, ptr, i);
        if (!read_int(e, WHAT_TERM("subject.a-score"), eptr, 0, DEC_SCORE_MAX, &score[i], err))
            return false;
    }
    return true;
}

static bool decode_scores(const jr_obj *p, cc_position *pos, const player_texts *names,
                          cc_error *err)
{
    jr_obj scores;
    if (!dec_object(p, "scores", POS, false, &scores, err))
        return false;
    if (!jr_obj_given(&scores))
        return true;
    jr_members m = jr_members_start(&scores);
    jr_str key;
    jr_val val;
    while (jr_members_next(&m, &key, &val)) {
        int player, score;
        if (fast_player_int(key, val, pos, names, DEC_SCORE_MAX, &player, &score)) {
            pos->scores[player][0] = score;     /* a plain integer is [n, 0] */
            pos->scores[player][1] = 0;
            continue;
        }
        char ptr[CC_POINTER_MAX];
        if (!player_member(key, "scores", POS "/scores", pos, &player, ptr, err) ||
            !decode_score(val, ptr, pos, pos->scores[player], err))
            return false;
    }
    return true;
}

static bool decode_abbeys(const jr_obj *p, cc_position *pos, const player_texts *names,
                          cc_error *err)
{
    jr_obj abbeys;
    if (!dec_object(p, "abbeys", POS, false, &abbeys, err))
        return false;
    bool in_play = pos->expansions & CC_EXP_ABBEY_MAYOR;
    if (jr_obj_given(&abbeys) && !in_play)
        return fail_at(err, 422, POS "/abbeys", CC_MSG_P_EXPANSION_NOT_IN_PLAY,
                       SVC_D_ABBEYS_WITHOUT_EXPANSION, CC_NO_ARGS);
    if (!in_play)
        return true;
    /* Default: each player's one abbey is in hand unless the board shows it
     * placed by that player (tiles carry their placer). */
    for (int i = 0; i < pos->nplayers; i++)
        pos->abbeys[i] = 1;
    for (int t = 0; t < pos->ntiles; t++)
        if (pos->tiles[t].owner >= 0)
            pos->abbeys[pos->tiles[t].owner] = 0;
    if (!jr_obj_given(&abbeys))
        return true;
    jr_members m = jr_members_start(&abbeys);
    jr_str key;
    jr_val val;
    while (jr_members_next(&m, &key, &val)) {
        int player, count;
        if (fast_player_int(key, val, pos, names, 1, &player, &count)) {
            pos->abbeys[player] = count;
            continue;
        }
        char ptr[CC_POINTER_MAX];
        if (!player_member(key, "abbeys", POS "/abbeys", pos, &player, ptr, err) ||
            !read_int(val, WHAT_TERM("subject.an-abbey-count"), ptr, 0, 1, &pos->abbeys[player], err))
            return false;
    }
    return true;
}

/* "goods": {player: {"wine": n, "grain": n, "cloth": n}}, the trade goods
 * tokens each player holds (Traders & Builders; a kind or a player left out
 * holds none). Each count is read within the box's 20 tokens; whether the
 * expansion is in play and the board's completed cities gave that many is
 * the engine's check (engine/goods.h), with this member's pointer. */
#define DEC_GOODS_MAX 20
static bool decode_goods(const jr_obj *p, cc_position *pos, cc_error *err)
{
    const char *kinds[CC_NGOODS + 1];
    for (int g = 0; g < CC_NGOODS; g++)
        kinds[g] = cc_goods_name((cc_goods)g);
    kinds[CC_NGOODS] = NULL;
    jr_obj goods;
    if (!dec_object(p, "goods", POS, false, &goods, err))
        return false;
    if (!jr_obj_given(&goods))
        return true;
    jr_members m = jr_members_start(&goods);
    jr_str key;
    jr_val val;
    while (jr_members_next(&m, &key, &val)) {
        int player;
        char ptr[CC_POINTER_MAX];
        if (!player_member(key, "goods", POS "/goods", pos, &player, ptr, err))
            return false;
        jr_obj one;
        if (val.type != JR_OBJECT || !jr_obj_open(val, &one))
            return fail_at(err, 400, ptr, TITLE_TYPE, SVC_D_MUST_BE_OBJECT,
                           CC_ARGS(WHAT_MEMBER(pos->players[player]), found_arg(val)));
        if (!dec_only_members(&one, kinds, ptr, err))
            return false;
        for (int g = 0; g < CC_NGOODS; g++)
            if (!dec_int(&one, kinds[g], ptr, 0, DEC_GOODS_MAX, false, &pos->goods[player][g], NULL,
                         err))
                return false;
    }
    return true;
}

bool dec_position(const jr_obj *root, const cc_catalog *cat, cc_position *pos, cc_error *err)
{
    static const char *const allowed[] = {
        "expansions", "options", "players", "active", "tiles", "figures", "scores", "abbeys",
        "supply", "sets", "goods", "builder_turn", NULL
    };
    cc_position_init(pos);
    jr_obj p;
    if (!dec_object(root, "position", "", true, &p, err) || !dec_only_members(&p, allowed, POS, err))
        return false;
    if (!decode_expansions(&p, POS, pos, err) || !decode_options(&p, POS, pos, err)
        || !decode_setup_members(&p, POS, pos, err) || !decode_players(&p, POS, pos, err))
        return false;
    player_texts names;
    player_texts_of(&p, pos, &names);
    return decode_active(&p, pos, &names, err)
        && decode_tiles(&p, cat, pos, &names, err)
        && decode_figures(&p, pos, &names, err)
        && decode_scores(&p, pos, &names, err)
        && decode_abbeys(&p, pos, &names, err)
        && decode_goods(&p, pos, err)
        && dec_bool(&p, "builder_turn", POS, false, &pos->builder_turn, NULL, err);
}

bool dec_setup(const jr_obj *obj, const char *pointer, const char *const *names, int nnames,
               cc_position *pos, cc_error *err)
{
    cc_position_init(pos);
    if (!decode_expansions(obj, pointer, pos, err) || !decode_options(obj, pointer, pos, err))
        return false;
    if (names == NULL)
        return decode_players(obj, pointer, pos, err);
    for (int i = 0; i < nnames && i < CC_MAX_PLAYERS; i++) {
        snprintf(pos->players[i], CC_NAME_MAX, "%s", names[i]);
        pos->nplayers = i + 1;
    }
    return true;
}

/* ---- the body ----------------------------------------------------------- */

bool dec_parse(const char *body, size_t len, dec_lanes *lanes, jr_doc *doc, jr_obj *root,
               cc_error *err)
{
    /* Say "must be an object" before anything else: a body that is an array
     * nested 10,000 deep is first of all not an object. */
    doc->tokens = doc->inline_tokens;
    doc->ntokens = 0;
    doc->lane = NULL;
    size_t i = 0;
    while (i < len && jr_is_ws((unsigned char)body[i]))
        i++;
    if (i == len)
        return CC_FAIL0(err, CC_ERR_BAD_REQUEST, "", SVC_P_MALFORMED_JSON, SVC_D_BODY_EMPTY);
    if (body[i] != '{')
        return CC_FAIL(err, CC_ERR_BAD_REQUEST, "", SVC_P_MALFORMED_JSON, SVC_D_BODY_NOT_OBJECT,
                       CC_INT(BYTE, i));
    if (!jr_parse_lane(doc, body, len, DEC_MAX_DEPTH, lanes ? &lanes->lane : NULL, err))
        return false;
    jr_obj_open(jr_root(doc), root);
    return true;
}

/* ---- the members a turn's question shares ----------------------------------- */

bool dec_token(const jr_obj *obj, const char *pointer, bool required, int *out,
               cc_error *err)
{
    jr_val v;
    char ptr[CC_POINTER_MAX];
    snprintf(ptr, sizeof ptr, "%s/token", pointer);
    if (!jr_obj_get(obj, "token", &v)) {
        if (required)
            return CC_FAIL0(err, CC_ERR_BAD_REQUEST, ptr, SVC_P_MISSING_MEMBER, SVC_D_TOKEN_REQUIRED);
        return true;
    }
    if (v.type == JR_STRING) {
        /* As a C string: "wolf" followed by an escaped U+0000 reads as "wolf". */
        char s[8];
        jr_string(v, s, sizeof s, NULL);
        if (strcmp(s, "wolf") == 0) {
            *out = CC_TOKEN_WOLF;
            return true;
        }
    }
    return dec_int(obj, "token", pointer, 1, CC_TOKEN_MAX_SHEEP, true, out, NULL, err);
}

bool dec_shepherd_choice(const jr_obj *root, cc_shepherd_action *action,
                         int *grow_token, cc_error *err)
{
    static const char *const members[] = { "action", "token", NULL };
    jr_obj s;
    dec_text name;
    if (!dec_object(root, "shepherd", "", false, &s, err))
        return false;
    if (!jr_obj_given(&s))
        return true;
    if (!dec_only_members(&s, members, "/shepherd", err) ||
        !dec_string(&s, "action", "/shepherd", true, &name, NULL, err))
        return false;
    if (strcmp(name.s, "guide") == 0) {
        *action = CC_SHEPHERD_GUIDE;
        if (dec_has(&s, "token"))
            return CC_FAIL0(err, CC_ERR_BAD_REQUEST, "/shepherd/token", SVC_P_UNKNOWN_MEMBER,
                            SVC_D_GUIDE_NO_TOKEN);
        return true;
    }
    if (strcmp(name.s, "grow") != 0)
        return CC_FAIL0(err, CC_ERR_BAD_REQUEST, "/shepherd/action", SVC_P_VALUE_OUT_OF_RANGE,
                        SVC_D_ACTION_VALUES);
    *action = CC_SHEPHERD_GROW;
    return dec_token(&s, "/shepherd", true, grow_token, err);
}

bool dec_deployed(const jr_obj *root, const cc_position *pos, cc_figure *fig,
                  int *token, bool *present, cc_error *err)
{
    static const char *const extra[] = { "token", NULL };
    jr_obj d;
    *present = false;
    if (!dec_object(root, "deployed", "", false, &d, err))
        return false;
    if (!jr_obj_given(&d))
        return true;
    if (!dec_figure_with(d.val, "/deployed", pos, extra, fig, err))
        return false;
    bool shepherd = fig->kind == CC_FIG_SHEPHERD;
    if (!shepherd && dec_has(&d, "token"))
        return CC_FAIL0(err, CC_ERR_BAD_REQUEST, "/deployed/token", SVC_P_UNKNOWN_MEMBER,
                        SVC_D_TOKEN_NOT_SHEPHERD);
    *present = true;
    return dec_token(&d, "/deployed", shepherd, token, err);
}
