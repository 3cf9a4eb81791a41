/* jcz_read.c -- see jcz_read.h.
 *
 * One function per part of the file, in the order jcz_read() calls them:
 * sets, elements, rules, players, start tiles, annotations, replay. Every
 * failure names the member at fault by its JSON Pointer. */
#include "jcz_read.h"

#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../../engine/river.h"
#include "../service.h"
#include "../text/problems.h"
#include "../wire/decode.h"

#define PTR_MAX CC_POINTER_MAX

/* ---- small helpers ------------------------------------------------------- */

void jcz_pointer_add(char *pointer, size_t size, const char *key)
{
    /* The whole token or nothing: a token cut short would point at a
     * member that is not there, and could end inside a character, which
     * no JSON client reads (issue 35); the ancestor is still true. */
    size_t len = strlen(pointer), need = len + 1;
    for (const char *s = key; *s != '\0'; s++)
        need += *s == '~' || *s == '/' ? 2 : 1;
    if (need >= size)
        return;
    pointer[len++] = '/';
    for (const char *s = key; *s != '\0'; s++) {
        if (*s == '~' || *s == '/') {
            pointer[len++] = '~';
            pointer[len++] = *s == '~' ? '0' : '1';
        } else {
            pointer[len++] = *s;
        }
    }
    pointer[len] = '\0';
}

/* pointer + "/" + key, into out. */
static const char *member_ptr(char *out, const char *pointer, const char *key)
{
    snprintf(out, PTR_MAX, "%s", pointer);
    jcz_pointer_add(out, PTR_MAX, key);
    return out;
}

/* Fail with problem and the detail msg with its arguments (service/text/
 * problems.h; CC_ARGS(...) or CC_NO_ARGS). */
static bool fail(cc_error *err, int status, const char *pointer, int problem, int msg,
                 const cc_arg *args, size_t n)
{
    return cc_fail_text(err, (cc_status)status, pointer, problem, msg, args, n);
}

#ifdef __clang_analyzer__
#define fail(...) ({ fail(__VA_ARGS__); false; })
#endif

/* A quoted excerpt of client text s, kept in quote slot i of err, as the
 * argument {value} of a detail. */
static cc_arg quoted(cc_error *err, int i, const char *s)
{
    char safe[64], q[80];
    snprintf(q, sizeof q, "\"%s\"", svc_printable(safe, sizeof safe, s));
    return CC_QUOTE(VALUE, cc_error_quote(err, i, q));
}

/* what: a term of problems.def ("jcz.the-tile"). */
static bool out_of_scope(cc_error *err, const char *pointer, const char *what, const char *name)
{
    return fail(err, 422, pointer, SVC_P_OUT_OF_SCOPE, SVC_D_JCZ_OUT_OF_SCOPE,
                CC_ARGS(CC_TERM(WHAT, what), quoted(err, 0, name)));
}

/* A JSON number as a double; false if v is not a number. */
static bool number(jr_val v, double *out)
{
    if (v.type != JR_INT && v.type != JR_NUMBER)
        return false;
    *out = jr_double(v);
    return isfinite(*out);
}

/* A JSON integer (or a number without fraction) within [min, max]; a
 * number too small for a double (1e-330) has a fraction, like 1e-5. */
static bool integer(jr_val v, int min, int max, int *out)
{
    double d;
    if (!number(v, &d) || d != floor(d) || jr_underflow(v) || d < min || d > max)
        return false;
    *out = (int)d;
    return true;
}

/* The text of string v, or of member name k, decoded into a malloc'ed C
 * string (the file is read on a cold path, once per import). NULL when out
 * of memory. An escaped U+0000 would end it as a C string and so change
 * the value: *nul says the text holds one, for the caller to refuse. */
static char *text_of_nul(jr_val v, bool *nul)
{
    char *s = malloc((size_t)v.len + 1);     /* decoding never lengthens */
    if (s != NULL)
        jr_string(v, s, (size_t)v.len + 1, nul);
    return s;
}

static char *text_of(jr_val v)
{
    bool nul;
    return text_of_nul(v, &nul);
}

/* 400 at ptr: the text holds U+0000 (what: the member's name). */
static bool has_nul(cc_error *err, const char *ptr, const char *what)
{
    return fail(err, 400, ptr, SVC_P_VALUE_OUT_OF_RANGE, SVC_D_NO_NUL,
                CC_ARGS(CC_STR(WHAT, what)));
}

static char *name_of(jr_str k)
{
    char *s = malloc((size_t)k.len + 1);
    if (s != NULL)
        jr_str_copy(k, s, (size_t)k.len + 1);
    return s;
}

static bool no_memory(cc_error *err)
{
    return fail(err, 500, "", CC_MSG_P_OUT_OF_MEMORY, SVC_D_JCZ_NO_MEMORY, CC_NO_ARGS);
}

/* ---- tiles --------------------------------------------------------------- */

/* The 2nd-edition printings add a garden to some tiles under another id;
 * gardens matter only with the abbot, which is out of scope, so those are
 * the same tiles here. */
static const char *const garden_printings[][2] = {
    { "BA/CcG", "BA/Cc.1" }, { "BA/Cc+G", "BA/Cc+" },  { "BA/CccG", "BA/Ccc" },
    { "BA/CG", "BA/C" },     { "BA/CFCG", "BA/CFC.2" }, { "BA/CCG", "BA/CC.2" },
    { "BA/RrG", "BA/Rr" },   { "BA/RFrG", "BA/RFr" },  { "AM/RG", "AM/R" },
    { "HS/RR.hG", "HS/RR.h" }, { "RI.1/IIG", "RI.1/II" }, { "RI.2/IIG", "RI.2/II" },
};

int jcz_tile_type(const cc_catalog *cat, const char *id)
{
    int t = cc_catalog_find(cat, id);
    if (t >= 0)
        return t;
    for (size_t i = 0; i < sizeof garden_printings / sizeof garden_printings[0]; i++)
        if (strcmp(id, garden_printings[i][0]) == 0)
            return cc_catalog_find(cat, garden_printings[i][1]);
    return -1;
}

/* A land tile id at v (pointer ptr), in play (its set is in setup.sets). */
static bool land_tile(jr_val v, const char *ptr, const cc_catalog *cat, unsigned sets,
                      int *type, cc_error *err)
{
    if (v.type != JR_STRING)
        return fail(err, 400, ptr, SVC_P_WRONG_TYPE, SVC_D_JCZ_TILE_ID_STRING, CC_NO_ARGS);
    bool nul = false;
    char *id = text_of_nul(v, &nul);
    if (id == NULL)
        return no_memory(err);
    int t = jcz_tile_type(cat, id);
    bool ok = false;
    if (nul)
        has_nul(err, ptr, "tileId");
    else if (t < 0)
        out_of_scope(err, ptr, "jcz.the-tile", id);
    else if (cat->types[t].is_abbey)
        fail(err, 422, ptr, SVC_P_ABBEY_NOT_LAND, SVC_D_JCZ_ABBEY_FROM_HAND,
             CC_ARGS(quoted(err, 0, id)));
    else if (!cc_tile_in_play(&cat->types[t], sets))
        fail(err, 422, ptr, SVC_P_TILE_SET_NOT_IN_PLAY, SVC_D_JCZ_SET_NOT_LISTED,
             CC_ARGS(quoted(err, 0, id)));
    else
        ok = true;
    free(id);
    if (ok)
        *type = t;
    return ok;
}

/* ---- setup.sets ----------------------------------------------------------- */

/* JCloisterZone 4 saved its setup as an expansions map ({"BASIC": 1,
 * "INNS_AND_CATHEDRALS": 1}) and left out what the current apps write:
 * the start tile, the figures (elements), each pointer's feature; its
 * players are "slots", its draw order sits elsewhere and its replay ends
 * with GAME_OVER. That is another format (docs/jcz.md), which the current
 * apps do not open either: named as such rather than as a missing
 * setup.sets. */
static bool not_version_4(const jr_obj *setup, cc_error *err)
{
    jr_val v;
    if (!jr_obj_get(setup, "sets", &v) && jr_obj_get(setup, "expansions", &v))
        return fail(err, 422, "/setup/expansions", SVC_P_OUT_OF_SCOPE, SVC_D_JCZ_VERSION_4,
                    CC_NO_ARGS);
    return true;
}

/* The apps' set ids: both printings of a set are its tiles (the second adds
 * gardens, which matter only with the abbot), so each copy of either is one
 * copy in the bag; a set's ids are its row of cc_tile_sets[] and these. */
static const struct {
    const char *id;
    cc_tile_set set;
} set_ids[] = {
    { "basic:1", CC_SET_BASE },                 { "basic:2", CC_SET_BASE },
    { "abbey-and-mayor:1", CC_SET_ABBEY_MAYOR }, { "abbey-and-mayor:2", CC_SET_ABBEY_MAYOR },
    { "hills-and-sheep:1", CC_SET_HILLS_SHEEP }, { "hills-and-sheep:2", CC_SET_HILLS_SHEEP },
    { "cult/5", CC_SET_SHRINES },                { "cult/6", CC_SET_SHRINES_6 },
    { "inns-and-cathedrals:1", CC_SET_INNS_CATHEDRALS },
};

/* The river sets, outside cc_tile_sets[]: a game has one river of each at
 * most (the spring shared, engine/river.h), so their bag is the box's. The
 * apps write a printing after the colon (the second adds a garden); the
 * bare family id is read too. */
static const struct {
    const char *id;
    unsigned expansion;
} river_set_ids[] = {
    { "river/1", CC_EXP_RIVER },      { "river/1:1", CC_EXP_RIVER },
    { "river/1:2", CC_EXP_RIVER },    { "river/2", CC_EXP_RIVER_II },
    { "river/2:1", CC_EXP_RIVER_II }, { "river/2:2", CC_EXP_RIVER_II },
};

/* The river expansion the apps' set id key names, or 0: not a river set. */
static unsigned river_set_of(const char *key)
{
    for (size_t i = 0; i < sizeof river_set_ids / sizeof river_set_ids[0]; i++)
        if (strcmp(key, river_set_ids[i].id) == 0)
            return river_set_ids[i].expansion;
    return 0;
}

/* A river set's member: 0 or 1 copy of the river expansion, added to
 * *rivers. */
static bool read_river_set(unsigned expansion, const char *ptr, jr_val val, unsigned *rivers,
                           cc_error *err)
{
    int copies;
    if (!integer(val, 0, 1000, &copies))
        return fail(err, 400, ptr, SVC_P_WRONG_TYPE, SVC_D_JCZ_SET_VALUE, CC_NO_ARGS);
    if (copies > 1 || (copies == 1 && (*rivers & expansion)))
        return fail(err, 422, ptr, SVC_P_OUT_OF_SCOPE, SVC_D_JCZ_SET_COPIES,
                    CC_ARGS(CC_INT(COUNT, copies + ((*rivers & expansion) ? 1 : 0)),
                            CC_STR(SET, expansion == CC_EXP_RIVER ? "river" : "river-ii"),
                            CC_INT(MAX, 1)));
    if (copies == 1)
        *rivers |= expansion;
    return true;
}

/* One member of setup.sets, its copies added to the bag's (a river set's
 * to *rivers). */
static bool read_set(const char *key, jr_val val, cc_position *pos, unsigned *rivers,
                     cc_error *err)
{
    char ptr[PTR_MAX];
    member_ptr(ptr, "/setup/sets", key);
    unsigned river = river_set_of(key);
    if (river != 0)
        return read_river_set(river, ptr, val, rivers, err);
    int set = -1;
    for (size_t i = 0; i < sizeof set_ids / sizeof set_ids[0]; i++)
        if (strcmp(key, set_ids[i].id) == 0)
            set = set_ids[i].set;
    if (set < 0)
        return out_of_scope(err, ptr, "jcz.the-tile-set", key);
    int copies, max = cc_tile_sets[set].max;
    if (!integer(val, 0, 1000, &copies))
        return fail(err, 400, ptr, SVC_P_WRONG_TYPE, SVC_D_JCZ_SET_VALUE, CC_NO_ARGS);
    if (copies > max - pos->copies[set])
        return fail(err, 422, ptr, SVC_P_OUT_OF_SCOPE, SVC_D_JCZ_SET_COPIES,
                    CC_ARGS(CC_INT(COUNT, pos->copies[set] + copies),
                            CC_STR(SET, cc_tile_sets[set].name), CC_INT(MAX, max)));
    pos->copies[set] += copies;
    return true;
}

/* The bag (pos->copies), the expansions whose tiles it holds (*sets) and
 * their land tiles (*pile). */
static bool read_sets(const jr_obj *setup, const cc_catalog *cat, cc_position *pos,
                      unsigned *sets, int *pile, cc_error *err)
{
    jr_obj obj;
    if (!dec_object(setup, "sets", "/setup", true, &obj, err))
        return false;
    pos->sets_given = true;
    jr_members m = jr_members_start(&obj);
    jr_str k;
    jr_val val;
    unsigned rivers = 0;
    while (jr_members_next(&m, &k, &val)) {
        char *key = name_of(k);
        if (key == NULL)
            return no_memory(err);
        bool ok = read_set(key, val, pos, &rivers, err);
        free(key);
        if (!ok)
            return false;
    }
    *sets = rivers;
    for (int s = 0; s < CC_NSETS; s++)
        if (pos->copies[s] > 0)
            *sets |= cc_tile_sets[s].expansion;
    pos->expansions |= rivers;   /* the bag's river tiles (cc_position_bag_count) */
    *pile = 0;
    for (int t = 0; t < cat->ntypes; t++)
        if (!cat->types[t].is_abbey)
            *pile += cc_position_bag_count(pos, cat, t);
    return true;
}

/* ---- setup.elements -------------------------------------------------------- */

typedef struct {
    bool farmers, hill, vineyard, shrine, inn, cathedral;
    int supply[CC_FIG_NKINDS];  /* the figures' counts (cc_figure_kinds[].jcz_element) */
    int abbey;
} elements;

/* A counted element: a figure kind's row, or the abbey (-1 with *abbey). */
static int counted_element(const char *key, bool *abbey)
{
    *abbey = strcmp(key, "abbey") == 0;
    for (int k = 0; k < CC_FIG_NKINDS; k++)
        if (strcmp(key, cc_figure_kinds[k].jcz_element) == 0)
            return k;
    return -1;
}

/* One member of setup.elements. */
static bool read_element(const char *key, jr_val val, elements *el, cc_error *err)
{
    /* "river": the river sets' own element (FanCloisterZone adds it when a
     * river set is on; a file may lack it): the sets alone decide. */
    static const char *const presence[] = { "farmers", "hill", "vineyard", "shrine", "garden",
                                            "river",   "inn",  "cathedral" };
    char ptr[PTR_MAX];
    member_ptr(ptr, "/setup/elements", key);
    bool known = false;
    for (size_t i = 0; i < sizeof presence / sizeof presence[0]; i++)
        known |= strcmp(key, presence[i]) == 0;
    if (known) {
        /* The reference engine switches these on by presence alone,
         * whatever the value (even false). */
        el->farmers |= strcmp(key, "farmers") == 0;
        el->hill |= strcmp(key, "hill") == 0;
        el->vineyard |= strcmp(key, "vineyard") == 0;
        el->shrine |= strcmp(key, "shrine") == 0;
        el->inn |= strcmp(key, "inn") == 0;
        el->cathedral |= strcmp(key, "cathedral") == 0;
        return true;
    }
    bool abbey;
    int kind = counted_element(key, &abbey), max = abbey ? 1 : 0, n;
    if (kind < 0 && !abbey)
        return out_of_scope(err, ptr, "jcz.the-game-element", key);
    if (kind >= 0)
        max = cc_figure_kinds[kind].max;
    if (!integer(val, 0, 1000, &n))
        return fail(err, 400, ptr, SVC_P_WRONG_TYPE, SVC_D_JCZ_ELEMENT_INTEGER,
                    CC_ARGS(CC_QUOTE(WHAT, cc_error_quote(err, 0, key))));
    if (n > max)
        return fail(err, 422, ptr, SVC_P_OUT_OF_SCOPE, SVC_D_JCZ_ELEMENT_COUNT,
                    CC_ARGS(CC_QUOTE(WHAT, cc_error_quote(err, 0, key)), CC_INT(MAX, max),
                            CC_INT(COUNT, n)));
    if (abbey)
        el->abbey = n;
    else
        el->supply[kind] = n;
    return true;
}

static bool read_elements(const jr_obj *setup, elements *el, cc_error *err)
{
    jr_obj obj;
    if (!dec_object(setup, "elements", "/setup", true, &obj, err))
        return false;
    memset(el, 0, sizeof *el);
    jr_members m = jr_members_start(&obj);
    jr_str k;
    jr_val val;
    while (jr_members_next(&m, &k, &val)) {
        char *key = name_of(k);
        if (key == NULL)
            return no_memory(err);
        bool ok = read_element(key, val, el, err);
        free(key);
        if (!ok)
            return false;
    }
    return true;
}

/* Expansions from the sets and from figures enabled without their tiles;
 * each kind's supply as the file counts it (an absent figure element is
 * none: a game without small followers has no meeples); the hill and
 * vineyard elements as options. */
static bool apply_elements(const elements *el, unsigned sets, cc_position *pos, cc_error *err)
{
    pos->expansions = CC_EXP_BASE | sets;
    if (el->abbey)
        pos->expansions |= CC_EXP_ABBEY_MAYOR;
    for (int k = 0; k < CC_FIG_NKINDS; k++)
        if (el->supply[k] > 0)
            pos->expansions |= cc_figure_kinds[k].expansion;
    for (int k = 0; k < CC_FIG_NKINDS; k++)
        if (pos->expansions & cc_figure_kinds[k].expansion) {
            pos->supply[k] = el->supply[k];
            pos->supply_given |= 1u << k;
        }
    if ((sets & CC_EXP_SHRINES) && !el->shrine)
        return fail(err, 422, "/setup/elements/shrine", SVC_P_OUT_OF_SCOPE,
                    SVC_D_JCZ_NO_CHALLENGES, CC_NO_ARGS);
    /* The apps score inns and cathedrals only with these elements; here
     * the expansion always does. */
    if ((sets & CC_EXP_INNS_CATHEDRALS) && !(el->inn && el->cathedral))
        return fail(err, 422, el->inn ? "/setup/elements/cathedral" : "/setup/elements/inn",
                    SVC_P_OUT_OF_SCOPE, SVC_D_JCZ_NO_INNS, CC_NO_ARGS);
    pos->options.farmers = el->farmers ? CC_FARMERS_ON : CC_FARMERS_OFF;
    if (pos->expansions & CC_EXP_HILLS_SHEEP) {
        /* Without Hills & Sheep there is no hill nor vineyard to switch off. */
        pos->options.hills = el->hill ? CC_ELEMENT_ON : CC_ELEMENT_OFF;
        pos->options.vineyards = el->vineyard ? CC_ELEMENT_ON : CC_ELEMENT_OFF;
    }
    return true;
}

/* ---- setup.rules -------------------------------------------------------- */

/* Rule keys of the apps that belong to expansions out of scope: with none
 * of those expansions in play they change nothing, so they are ignored. */
static const char *const idle_rules[] = {
    "princess-action", "fairy-placement", "dragon-move",
    "bazaar-no-auction", "vineyards-for-garden", "espace-variant", "tunnelize-other-expansions",
    "more-tunnel-tokens", "festival-return", "keep-monasteries", "labyrinth-variant",
    "coc-final-scoring", "count-move", "little-buildings-scoring", "king-and-robber-scoring",
    "robbers-son-action", "meteorite-impact",
};

/* Rule `key` with string value v: the index of v among values[0..1]. */
static bool rule_choice(jr_val v, const char *ptr, const char *key, const char *a,
                        const char *b, int *out, cc_error *err)
{
    if (v.type == JR_NULL) {
        *out = 0;
        return true;
    }
    if (v.type != JR_STRING)
        return fail(err, 400, ptr, SVC_P_WRONG_TYPE, SVC_D_JCZ_RULE_STRING,
                    CC_ARGS(CC_QUOTE(RULE, cc_error_quote(err, 1, key)), CC_STR(FIRST, a),
                            CC_STR(SECOND, b)));
    char *s = text_of(v);
    if (s == NULL)
        return no_memory(err);
    bool ok = strcmp(s, a) == 0 || strcmp(s, b) == 0;
    if (ok) {
        *out = strcmp(s, b) == 0;
    } else {
        fail(err, 422, ptr, SVC_P_UNKNOWN_RULE_VALUE, SVC_D_JCZ_RULE_VALUE,
             CC_ARGS(CC_QUOTE(RULE, cc_error_quote(err, 1, key)), CC_STR(FIRST, a), CC_STR(SECOND, b),
                     quoted(err, 0, s)));
    }
    free(s);
    return ok;
}

/* One member of setup.rules. */
static bool read_rule(const char *key, jr_val val, cc_options *opt, cc_error *err)
{
    char ptr[PTR_MAX];
    {
        member_ptr(ptr, "/setup/rules", key);
        int v = 0;
        if (strcmp(key, "wagon-move") == 0) {
            if (!rule_choice(val, ptr, key, "C2", "C1", &v, err))
                return false;
            opt->wagon_rules = v ? CC_WAGON_RULES_C1 : CC_WAGON_RULES_C2;
        } else if (strcmp(key, "hill-tiebreaker") == 0) {
            if (!rule_choice(val, ptr, key, "at-least-one-follower", "number-of-followers", &v, err))
                return false;
            opt->hill_tiebreak = v ? CC_HILL_TIEBREAK_COUNT : CC_HILL_TIEBREAK_OFFICIAL;
        } else if (strcmp(key, "barn-placement") == 0) {
            if (!rule_choice(val, ptr, key, "not-occupied", "occupied", &v, err))
                return false;
            opt->barn_placement = v ? CC_BARN_PLACEMENT_OCCUPIED : CC_BARN_PLACEMENT_UNOCCUPIED;
        } else if (strcmp(key, "tiny-city-scoring") == 0) {
            if (!rule_choice(val, ptr, key, "4", "2", &v, err))
                return false;
            opt->tiny_city_scoring = v ? CC_TINY_CITY_2 : CC_TINY_CITY_4;
        } else if (strcmp(key, "inn-and-cathedral-final-scoring") == 0) {
            /* Kept only with Inns & Cathedrals in play (jcz_read): without
             * it the rule changes nothing, as before. */
            if (!rule_choice(val, ptr, key, "zero", "ignore", &v, err))
                return false;
            opt->inn_cathedral_final = v ? CC_INN_CATHEDRAL_FINAL_IGNORE : CC_INN_CATHEDRAL_FINAL_ZERO;
        } else {
            bool idle = false;
            for (size_t i = 0; i < sizeof idle_rules / sizeof idle_rules[0]; i++)
                idle |= strcmp(key, idle_rules[i]) == 0;
            if (!idle)
                return fail(err, 422, ptr, SVC_P_UNKNOWN_RULE, SVC_D_JCZ_RULE_UNKNOWN,
                            CC_ARGS(CC_QUOTE(RULE, cc_error_quote(err, 0, key))));
        }
    }
    return true;
}

static bool read_rules(const jr_obj *setup, cc_options *opt, cc_error *err)
{
    jr_obj obj;
    if (!dec_object(setup, "rules", "/setup", false, &obj, err))
        return false;
    jr_members m = jr_members_start(&obj);
    jr_str k;
    jr_val val;
    while (jr_members_next(&m, &k, &val)) {
        char *key = name_of(k);
        if (key == NULL)
            return no_memory(err);
        bool ok = read_rule(key, val, opt, err);
        free(key);
        if (!ok)
            return false;
    }
    return true;
}

/* ---- players ----------------------------------------------------------------- */

/* Copy a player's name: 1..32 bytes (cut on a character boundary), or
 * "Player <i+1>" when it has none; a name already taken gets " 2", " 3"... */
static void player_name(cc_position *pos, int i, const char *name)
{
    char base[CC_NAME_MAX];
    size_t n = name ? strlen(name) : 0;
    if (n >= CC_NAME_MAX) {
        n = CC_NAME_MAX - 1;
        while (n > 0 && ((unsigned char)name[n] & 0xC0) == 0x80)
            n--;
    }
    if (n == 0)
        snprintf(base, sizeof base, "Player %d", i + 1);
    else
        snprintf(base, sizeof base, "%.*s", (int)n, name);
    snprintf(pos->players[i], CC_NAME_MAX, "%s", base);
    for (int suffix = 2; cc_position_player(pos, pos->players[i]) != i; suffix++) {
        char tail[8];
        int len = snprintf(tail, sizeof tail, " %d", suffix);
        size_t keep = strlen(base);
        if (keep + (size_t)len >= CC_NAME_MAX) {
            keep = CC_NAME_MAX - 1 - (size_t)len;
            while (keep > 0 && ((unsigned char)base[keep] & 0xC0) == 0x80)
                keep--;
        }
        snprintf(pos->players[i], CC_NAME_MAX, "%.*s%s", (int)keep, base, tail);
    }
}

/* The players' slots, when they seat the file's turn order around the
 * table as a rotation of it (slot i + k mod n for the i-th; the export
 * writes the position's own order so): k, the seat of the first to move.
 * 0 otherwise -- no slots, or slots that say nothing about order. */
static int seat_shift(jr_val list, int n)
{
    jr_iter it = jr_iter_start(list);
    jr_val v, slot;
    int k = -1;
    for (int i = 0; jr_next_element(&it, &v); i++) {
        jr_obj p;
        if (!jr_obj_open(v, &p) || !jr_obj_get(&p, "slot", &slot) || slot.type != JR_INT ||
            jr_int64(slot) < 0 || jr_int64(slot) >= n)
            return 0;
        if (k < 0)
            k = (int)jr_int64(slot);
        if (jr_int64(slot) != (k + i) % n)
            return 0;
    }
    return k < 0 ? 0 : k;
}

/* The players back in their seats (seat_shift: k), the first to move
 * active: the file lists them in turn order from him, and every player
 * index of its messages counts in that order. */
static void seat_players(jcz_game *g, int k)
{
    cc_position *pos = &g->start;
    int n = pos->nplayers;
    if (k == 0)
        return;
    char names[CC_MAX_PLAYERS][CC_NAME_MAX];
    memcpy(names, pos->players, sizeof names);
    for (int i = 0; i < n; i++)
        memcpy(pos->players[(i + k) % n], names[i], CC_NAME_MAX);
    pos->active = k;
    for (int m = 0; m < g->nmsgs; m++) {
        jcz_msg *msg = &g->msgs[m];
        if (msg->player >= 0)
            msg->player = (msg->player + k) % n;
        if (msg->type == JCZ_DEPLOY_MEEPLE && msg->owner >= 0)
            msg->owner = (msg->owner + k) % n;
    }
}

static bool read_players(const jr_obj *root, cc_position *pos, int *shift, cc_error *err)
{
    jr_val list;
    if (!dec_array(root, "players", "", true, &list, err))
        return false;
    size_t n = jr_count(list);
    if (n < CC_MIN_PLAYERS || n > CC_MAX_PLAYERS)
        return fail(err, 422, "/players", SVC_P_OUT_OF_SCOPE, SVC_D_JCZ_PLAYER_COUNT,
                    CC_ARGS(CC_INT(MIN, CC_MIN_PLAYERS), CC_INT(MAX, CC_MAX_PLAYERS),
                            CC_INT(COUNT, n)));
    pos->nplayers = (int)n;
    jr_iter it = jr_iter_start(list);
    jr_val v;
    for (size_t i = 0; jr_next_element(&it, &v); i++) {
        jr_obj p;
        jr_val name;
        char ptr[PTR_MAX];
        snprintf(ptr, sizeof ptr, "/players/%zu", i);
        if (!jr_obj_open(v, &p))
            return fail(err, 400, ptr, SVC_P_WRONG_TYPE, SVC_D_JCZ_PLAYER_OBJECT, CC_NO_ARGS);
        char *text = NULL;
        bool nul = false;
        if (jr_obj_get(&p, "name", &name) && name.type == JR_STRING &&
            (text = text_of_nul(name, &nul)) == NULL)
            return no_memory(err);
        if (nul) {
            char nptr[PTR_MAX];
            free(text);
            return has_nul(err, member_ptr(nptr, ptr, "name"), "name");
        }
        player_name(pos, (int)i, text);
        free(text);
    }
    *shift = seat_shift(list, (int)n);
    return true;
}

/* ---- setup.start ---------------------------------------------------------- */

static bool read_start(const jr_obj *setup, const cc_catalog *cat, unsigned sets,
                       cc_position *pos, int *pile, cc_error *err)
{
    jr_val list;
    if (!dec_array(setup, "start", "/setup", true, &list, err))
        return false;
    size_t n = jr_count(list);
    if (n == 0)
        return fail(err, 422, "/setup/start", CC_MSG_P_NO_START_TILE, SVC_D_JCZ_NO_START, CC_NO_ARGS);
    if (n > CC_MAX_TILES)
        return fail(err, 422, "/setup/start", CC_MSG_P_MORE_TILES, SVC_D_JCZ_START_TILES,
                    CC_ARGS(CC_INT(COUNT, n), CC_INT(MAX, CC_MAX_TILES)));
    jr_iter it = jr_iter_start(list);
    jr_val v;
    for (size_t i = 0; jr_next_element(&it, &v); i++) {
        jr_obj s;
        jr_val tile;
        char ptr[PTR_MAX], tptr[PTR_MAX];
        snprintf(ptr, sizeof ptr, "/setup/start/%zu", i);
        snprintf(tptr, sizeof tptr, "/setup/start/%zu/tile", i);
        if (!jr_obj_open(v, &s))
            return fail(err, 400, ptr, SVC_P_WRONG_TYPE, SVC_D_JCZ_START_OBJECT, CC_NO_ARGS);
        cc_placed_tile *t = &pos->tiles[pos->ntiles];
        int deg = 0;
        if (!jr_obj_get(&s, "tile", &tile))
            return fail(err, 400, tptr, SVC_P_MISSING_MEMBER, SVC_D_JCZ_START_NAMES_TILE, CC_NO_ARGS);
        if (!land_tile(tile, tptr, cat, sets, &t->type, err) ||
            !dec_int(&s, "x", ptr, -CC_COORD_LIMIT, CC_COORD_LIMIT, true, &t->x, NULL, err) ||
            !dec_int(&s, "y", ptr, -CC_COORD_LIMIT, CC_COORD_LIMIT, true, &t->y, NULL, err) ||
            !dec_int(&s, "rotation", ptr, 0, 270, false, &deg, NULL, err))
            return false;
        if (deg % 90 != 0)
            return fail(err, 400, member_ptr(tptr, ptr, "rotation"), SVC_P_VALUE_OUT_OF_RANGE,
                        SVC_D_JCZ_ROTATION_DEGREES, CC_ARGS(CC_INT(VALUE, deg)));
        t->rot = deg / 90;
        t->owner = -1;
        pos->ntiles++;
        (*pile)--;
    }
    return true;
}

/* ---- gameAnnotations ---------------------------------------------------- */

/* Every tile of drawOrder comes out of the bag, after the start tiles: a
 * tile drawn more often than the sets hold it is a game that cannot be. */
static bool draws_in_bag(const jcz_game *g, const cc_catalog *cat, cc_error *err)
{
    int used[256] = { 0 };
    for (int i = 0; i < g->start.ntiles; i++)
        if (g->start.tiles[i].type < 256)
            used[g->start.tiles[i].type]++;
    for (int i = 0; i < g->ndraw; i++) {
        int t = g->draw[i], bag = cc_position_bag_count(&g->start, cat, t);
        if (t < 256 && ++used[t] > bag) {
            char ptr[PTR_MAX];
            snprintf(ptr, sizeof ptr, "/gameAnnotations/drawOrder/%d", i);
            return fail(err, 422, ptr, CC_MSG_P_MORE_TILES, CC_MSG_D_MORE_TILES,
                        CC_ARGS(CC_INT(COUNT, bag), CC_STR(TILE, cat->types[t].reference_id),
                                CC_INT(INDEX, used[t])));
        }
    }
    return true;
}

static bool read_annotations(const jr_obj *root, const cc_catalog *cat, unsigned sets,
                             jcz_game *g, cc_error *err)
{
    jr_obj ann;
    jr_val order, limit;
    if (!dec_object(root, "gameAnnotations", "", false, &ann, err))
        return false;
    if (!jr_obj_given(&ann))
        return true;
    if (jr_obj_get(&ann, "endTurn", &limit) && limit.type != JR_NULL &&
        !integer(limit, 0, 100000, &g->draw_limit))
        return fail(err, 400, "/gameAnnotations/endTurn", SVC_P_WRONG_TYPE, SVC_D_JCZ_END_TURN,
                    CC_NO_ARGS);
    if (!dec_array(&ann, "drawOrder", "/gameAnnotations", false, &order, err))
        return false;
    if (order.type == JR_ABSENT)
        return true;
    size_t n = jr_count(order);
    g->draw = calloc(n ? n : 1, sizeof *g->draw);   /* zeroed: the analyzer reads past ndraw */
    if (g->draw == NULL)
        return fail(err, 500, "", CC_MSG_P_OUT_OF_MEMORY, SVC_D_JCZ_NO_MEMORY_DRAW_ORDER, CC_NO_ARGS);
    jr_iter it = jr_iter_start(order);
    jr_val v;
    for (size_t i = 0; jr_next_element(&it, &v); i++) {
        char ptr[PTR_MAX], end[8] = "";
        snprintf(ptr, sizeof ptr, "/gameAnnotations/drawOrder/%zu", i);
        if (v.type == JR_STRING)
            jr_string(v, end, sizeof end, NULL);     /* as a C string, like strcmp */
        if (v.type == JR_STRING && strcmp(end, "#END") == 0) {
            if (i + 1 != n)
                return fail(err, 422, ptr, SVC_P_MISPLACED_END, SVC_D_JCZ_END_LAST, CC_NO_ARGS);
            g->draw_end = true;
            break;
        }
        if (!land_tile(v, ptr, cat, sets, &g->draw[g->ndraw], err))
            return false;
        g->ndraw++;
    }
    return draws_in_bag(g, cat, err);
}

/* ---- replay ------------------------------------------------------------ */

static bool read_random(const jr_obj *payload, const char *ptr, bool needed, jcz_msg *m,
                        cc_error *err)
{
    jr_val v;
    char rptr[PTR_MAX];
    member_ptr(rptr, ptr, "random");
    if (!jr_obj_get(payload, "random", &v) || v.type == JR_NULL) {
        if (needed)
            return fail(err, 422, rptr, SVC_P_RANDOM_MISSING, SVC_D_JCZ_RANDOM_NEEDED, CC_NO_ARGS);
        return true;
    }
    if (!number(v, &m->random))
        return fail(err, 400, rptr, SVC_P_WRONG_TYPE, SVC_D_JCZ_RANDOM_NUMBER, CC_NO_ARGS);
    if (needed && !(m->random >= 0.0 && m->random < 1.0))
        return fail(err, 400, rptr, SVC_P_VALUE_OUT_OF_RANGE, SVC_D_JCZ_RANDOM_RANGE, CC_NO_ARGS);
    m->has_random = true;
    return true;
}

/* payload.position: [x, y]. */
static bool read_xy(const jr_obj *obj, const char *ptr, int *x, int *y, cc_error *err)
{
    jr_val v, vx, vy;
    char pptr[PTR_MAX];
    member_ptr(pptr, ptr, "position");
    if (!jr_obj_get(obj, "position", &v))
        return fail(err, 400, pptr, SVC_P_MISSING_MEMBER, SVC_D_JCZ_XY, CC_NO_ARGS);
    jr_iter it = jr_iter_start(v);
    if (v.type != JR_ARRAY || jr_count(v) != 2 || !jr_next_element(&it, &vx) ||
        !jr_next_element(&it, &vy) ||
        !integer(vx, -CC_COORD_LIMIT, CC_COORD_LIMIT, x) ||
        !integer(vy, -CC_COORD_LIMIT, CC_COORD_LIMIT, y))
        return fail(err, 400, pptr, SVC_P_VALUE_OUT_OF_RANGE, SVC_D_JCZ_XY_RANGE,
                    CC_ARGS(CC_INT(MAX, CC_COORD_LIMIT)));
    return true;
}

static bool read_place_tile(const jr_obj *payload, const char *ptr, const cc_catalog *cat,
                            const jcz_game *g, jcz_msg *m, cc_error *err)
{
    jr_val v;
    char tptr[PTR_MAX];
    dec_text rot;
    bool has_rot = false;
    member_ptr(tptr, ptr, "tileId");
    if (!jr_obj_get(payload, "tileId", &v))
        return fail(err, 400, tptr, SVC_P_MISSING_MEMBER, SVC_D_JCZ_PLACE_NAMES_TILE, CC_NO_ARGS);
    if (v.type != JR_STRING)
        return fail(err, 400, tptr, SVC_P_WRONG_TYPE, SVC_D_JCZ_TILE_ID_STRING, CC_NO_ARGS);
    char *id = text_of(v);
    if (id == NULL)
        return no_memory(err);
    m->tile = jcz_tile_type(cat, id);
    if (m->tile < 0) {
        out_of_scope(err, tptr, "jcz.the-tile", id);
        free(id);
        return false;
    }
    /* A land tile comes from the pile; the abbey from a hand, which the
     * abbey element (Abbey & Mayor) gives. */
    unsigned from = cat->types[m->tile].is_abbey ? g->start.expansions : g->sets;
    if (!(from & cat->types[m->tile].expansion)) {
        fail(err, 422, tptr, SVC_P_TILE_SET_NOT_IN_PLAY, SVC_D_JCZ_SET_NOT_IN_SETUP,
             CC_ARGS(quoted(err, 0, id)));
        free(id);
        return false;
    }
    free(id);
    if (!dec_string(payload, "rotation", ptr, !cat->types[m->tile].is_abbey, &rot, &has_rot, err) ||
        !read_xy(payload, ptr, &m->x, &m->y, err))
        return false;
    m->rot = 0;
    if (has_rot) {
        static const char *const names[] = { "R0", "R90", "R180", "R270" };
        m->rot = -1;
        for (int q = 0; q < 4; q++)
            if (strcmp(rot.s, names[q]) == 0)
                m->rot = q;
        if (m->rot < 0)
            return fail(err, 400, member_ptr(tptr, ptr, "rotation"), SVC_P_VALUE_OUT_OF_RANGE,
                        SVC_D_JCZ_ROTATION_NAMES, CC_NO_ARGS);
    }
    return true;
}

/* meepleId "<player>.<kind>.<n>": exactly three parts, each number plain
 * (svc_decimal); anything else (a fourth part, leading zeros) would be read
 * as another text's figure. */
static bool meeple_id(const char *id, const char *iptr, int nplayers, jcz_msg *m,
                      cc_error *err)
{
    const char *end = NULL, *kind_end = NULL;
    long owner = -1, n = 0;
    bool ok = svc_decimal(id, CC_MAX_PLAYERS, &owner, &end) && *end == '.' &&
              owner < nplayers && (kind_end = strchr(end + 1, '.')) != NULL &&
              svc_decimal(kind_end + 1, CC_PLAYER_FIGURES_MAX, &n, &end) && *end == '\0';
    if (!ok)
        return fail(err, 400, iptr, SVC_P_VALUE_OUT_OF_RANGE, SVC_D_JCZ_MEEPLE_ID, CC_NO_ARGS);
    m->owner = (int)owner;
    m->number = (int)n;
    const char *kind = strchr(id, '.') + 1;
    size_t len = (size_t)(kind_end - kind);
    for (int k = 0; k < CC_FIG_NKINDS; k++)
        if (strlen(cc_figure_kinds[k].jcz_meeple) == len &&
            memcmp(kind, cc_figure_kinds[k].jcz_meeple, len) == 0) {
            m->kind = (cc_figure_kind)k;
            return true;
        }
    char name[40];
    snprintf(name, sizeof name, "%.*s", (int)(len < 39 ? len : 39), kind);
    cc_utf8_trim(name);
    return out_of_scope(err, iptr, "jcz.the-figure", name);
}

static bool read_meeple_id(const jr_obj *payload, const char *ptr, int nplayers, jcz_msg *m,
                           cc_error *err)
{
    dec_text checked;
    char iptr[PTR_MAX];
    member_ptr(iptr, ptr, "meepleId");
    if (!dec_string(payload, "meepleId", ptr, true, &checked, NULL, err))
        return false;
    jr_val v;
    jr_obj_get(payload, "meepleId", &v);
    bool nul = false;
    char *id = text_of_nul(v, &nul);         /* whole: the index may be long */
    if (id == NULL)
        return no_memory(err);
    bool ok = nul ? has_nul(err, iptr, "meepleId") : meeple_id(id, iptr, nplayers, m, err);
    free(id);
    return ok;
}

static bool read_deploy(const jr_obj *payload, const char *ptr, int nplayers, jcz_msg *m,
                        cc_error *err)
{
    jr_obj pointer;
    char pptr[PTR_MAX], fptr[PTR_MAX];
    dec_text feature_text, loc_text;
    member_ptr(pptr, ptr, "pointer");
    if (!read_meeple_id(payload, ptr, nplayers, m, err) ||
        !dec_object(payload, "pointer", ptr, true, &pointer, err) ||
        !read_xy(&pointer, pptr, &m->px, &m->py, err) ||
        !dec_string(&pointer, "feature", pptr, true, &feature_text, NULL, err) ||
        !dec_string(&pointer, "location", pptr, true, &loc_text, NULL, err))
        return false;
    const char *feature = feature_text.s, *loc = loc_text.s;
    m->classes = jcz_feature_class(feature);
    if (m->classes == 0)
        return out_of_scope(err, member_ptr(fptr, pptr, "feature"), "jcz.the-feature", feature);
    if (!jcz_loc_parse(loc, &m->loc))
        return fail(err, 422, member_ptr(fptr, pptr, "location"), SVC_P_UNKNOWN_LOCATION,
                    SVC_D_JCZ_NOT_A_LOCATION, CC_ARGS(quoted(err, 0, loc)));
    return true;
}

static bool read_flock(const jr_obj *payload, const char *ptr, jcz_msg *m, cc_error *err)
{
    dec_text value_text;
    if (!dec_string(payload, "value", ptr, true, &value_text, NULL, err))
        return false;
    const char *value = value_text.s;
    if (strcmp(value, "EXPAND") != 0 && strcmp(value, "SCORE") != 0) {
        char vptr[PTR_MAX];
        return fail(err, 400, member_ptr(vptr, ptr, "value"), SVC_P_VALUE_OUT_OF_RANGE,
                    SVC_D_JCZ_FLOCK_VALUE, CC_NO_ARGS);
    }
    m->expand = strcmp(value, "EXPAND") == 0;
    return read_random(payload, ptr, m->expand, m, err);
}

static const struct {
    const char *name;
    jcz_msg_type type;
} msg_types[] = {
    { "PLACE_TILE", JCZ_PLACE_TILE }, { "DEPLOY_MEEPLE", JCZ_DEPLOY_MEEPLE },
    { "PASS", JCZ_PASS },             { "COMMIT", JCZ_COMMIT },
    { "SHEPHERD_CONFIRM", JCZ_SHEPHERD_CONFIRM }, { "FLOCK_EXPAND_OR_SCORE", JCZ_FLOCK },
};

static bool read_message(jr_val v, int i, const cc_catalog *cat, const jcz_game *g,
                         jcz_msg *m, cc_error *err)
{
    const cc_position *pos = &g->start;
    char ptr[PTR_MAX], pptr[PTR_MAX];
    jr_obj msg, payload;
    jr_val player;
    dec_text type_text;
    snprintf(ptr, sizeof ptr, "/replay/%d", i);
    snprintf(pptr, sizeof pptr, "/replay/%d/payload", i);
    memset(m, 0, sizeof *m);
    m->player = -1;
    if (!jr_obj_open(v, &msg))
        return fail(err, 400, ptr, SVC_P_WRONG_TYPE, SVC_D_JCZ_MESSAGE_OBJECT, CC_NO_ARGS);
    if (!dec_string(&msg, "type", ptr, true, &type_text, NULL, err) ||
        !dec_object(&msg, "payload", ptr, false, &payload, err))
        return false;
    const char *type = type_text.s;
    if (jr_obj_get(&msg, "player", &player) && player.type != JR_NULL &&
        !integer(player, 0, pos->nplayers - 1, &m->player))
        return fail(err, 400, member_ptr(pptr, ptr, "player"), SVC_P_VALUE_OUT_OF_RANGE,
                    SVC_D_JCZ_PLAYER_INDEX, CC_ARGS(CC_INT(MAX, pos->nplayers - 1)));
    int known = -1;
    for (size_t k = 0; k < sizeof msg_types / sizeof msg_types[0]; k++)
        if (strcmp(type, msg_types[k].name) == 0)
            known = (int)k;
    if (known < 0)
        return out_of_scope(err, member_ptr(pptr, ptr, "type"), "jcz.the-message", type);
    m->type = msg_types[known].type;
    if (!jr_obj_given(&payload)) {
        if (m->type == JCZ_PLACE_TILE || m->type == JCZ_DEPLOY_MEEPLE || m->type == JCZ_FLOCK ||
            m->type == JCZ_SHEPHERD_CONFIRM)
            return fail(err, 400, member_ptr(pptr, ptr, "payload"), SVC_P_MISSING_MEMBER,
                        SVC_D_JCZ_MESSAGE_PAYLOAD, CC_ARGS(CC_QUOTE(VALUE, cc_error_quote(err, 0, type))));
        return true;
    }
    snprintf(pptr, sizeof pptr, "/replay/%d/payload", i);
    switch (m->type) {
    case JCZ_PLACE_TILE:
        return read_place_tile(&payload, pptr, cat, g, m, err);
    case JCZ_DEPLOY_MEEPLE:
        return read_deploy(&payload, pptr, pos->nplayers, m, err);
    case JCZ_FLOCK:
        return read_flock(&payload, pptr, m, err);
    case JCZ_SHEPHERD_CONFIRM:
        return read_random(&payload, pptr, true, m, err);
    case JCZ_COMMIT:
        return read_random(&payload, pptr, false, m, err);
    case JCZ_PASS:
        return true;
    }
    return true;
}

static bool read_replay(const jr_obj *root, const cc_catalog *cat, jcz_game *g, cc_error *err)
{
    jr_val list;
    if (!dec_array(root, "replay", "", true, &list, err))
        return false;
    size_t n = jr_count(list);
    g->msgs = malloc((n ? n : 1) * sizeof *g->msgs);
    if (g->msgs == NULL)
        return fail(err, 500, "", CC_MSG_P_OUT_OF_MEMORY, SVC_D_JCZ_NO_MEMORY_REPLAY, CC_NO_ARGS);
    jr_iter it = jr_iter_start(list);
    jr_val v;
    for (size_t i = 0; jr_next_element(&it, &v); i++) {
        if (!read_message(v, (int)i, cat, g, &g->msgs[i], err))
            return false;
        g->nmsgs++;
    }
    return true;
}

/* ---- the file ------------------------------------------------------------ */

bool jcz_read(const jr_obj *root, const cc_catalog *cat, jcz_game *g, cc_error *err)
{
    memset(g, 0, sizeof *g);
    g->draw_limit = -1;
    cc_position_init(&g->start);
    jr_obj setup;
    unsigned sets = 0;
    elements el;
    int shift = 0;
    if (root->val.type != JR_OBJECT)
        return fail(err, 400, "", SVC_P_WRONG_TYPE, SVC_D_JCZ_SAVED_GAME_OBJECT, CC_NO_ARGS);
    if (!dec_object(root, "setup", "", true, &setup, err) || !not_version_4(&setup, err) ||
        !read_sets(&setup, cat, &g->start, &sets, &g->pile, err) ||
        !read_elements(&setup, &el, err) ||
        !apply_elements(&el, sets, &g->start, err) ||
        !read_rules(&setup, &g->start.options, err) ||
        !read_players(root, &g->start, &shift, err) ||
        !read_start(&setup, cat, sets, &g->start, &g->pile, err))
        return false;
    g->sets = sets;
    if (!(g->start.expansions & CC_EXP_INNS_CATHEDRALS))
        g->start.options.inn_cathedral_final = CC_INN_CATHEDRAL_FINAL_ZERO;
    if (g->start.expansions & CC_EXP_ABBEY_MAYOR)
        for (int p = 0; p < g->start.nplayers; p++)
            g->start.abbeys[p] = el.abbey > 0 ? 1 : 0;
    if (!read_annotations(root, cat, sets, g, err) || !read_replay(root, cat, g, err))
        return false;
    seat_players(g, shift);
    return true;
}

void jcz_game_free(jcz_game *g)
{
    free(g->msgs);
    free(g->draw);
    g->msgs = NULL;
    g->draw = NULL;
}
