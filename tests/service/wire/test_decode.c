/* test_decode.c -- strict JSON in (service/wire/decode.c, service/wire/json_reader.c).
 *
 * The rules come from the contract: section 3 (the position: members,
 * defaults, caps) and section 4 (errors: 400 for not JSON, wrong types,
 * unknown members, out-of-range values; 422 for well-formed but impossible;
 * a JSON Pointer to the offending member; never crash or leak), plus the
 * json-c traps of engineering-notes.md (NaN, 1e400, saturating integers,
 * single quotes, lone surrogates, duplicate keys).
 *
 * Most cases are rows of one table (model: jq's tests/jq.test): a body, the
 * status expected (0 = decodes), and the pointer expected. In bodies, ' is
 * written for " so the JSON stays readable; rows marked RAW are taken as
 * they are (for single quotes and bytes that are not UTF-8). Every row runs
 * dec_parse and then dec_position, as a route does. Leaks fail the test
 * (CC_SUITE). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include <json-c/json.h>

#include "../../../service/wire/decode.h"
#include "../../../service/wire/json_reader.h"
#include "../../support/lanes.h"
#include "../../support/testutil.h"

CC_SUITE(decode);

/* ---- the table ---------------------------------------------------------- */

typedef struct {
    const char *body;
    int status;            /* 0: decodes */
    const char *pointer;   /* expected pointer when status != 0 */
    bool raw;              /* body taken literally (no ' -> ") */
    bool parse_only;       /* a JSON text, not a request: dec_parse alone */
} row;

#define OK(body) { body, 0, NULL, false, false }
#define PARSES(body) { body, 0, NULL, false, true }
#define BAD(status, pointer, body) { body, status, pointer, false, false }
#define RAW(status, pointer, body) { body, status, pointer, true, false }

/* A body with a position: P("...members...").  BASE: the smallest valid
 * position members: two players, the start tile, no figures. */
#define P(members) "{'position':{" members "}}"
#define PLAYERS "'players':['red','blue']"
#define START "{'tile':'base.D','x':0,'y':0,'rot':0}"
#define BASE PLAYERS ",'tiles':[" START "],'figures':[]"
#define MEEPLE(extra) "{'player':'red','kind':'meeple','x':0,'y':0,'at':'N'" extra "}"
#define TILE1(extra) P(PLAYERS ",'figures':[],'tiles':[{'tile':'base.D','x':0,'y':0,'rot':0" extra "}]")
#define FIG1(fig) P(PLAYERS ",'tiles':[" START "],'figures':[" fig "]")

static char *unquote(const row *r)
{
    char *body = strdup(r->body);
    cr_assert_not_null(body);
    if (!r->raw)
        for (char *c = body; *c; c++)
            if (*c == '\'')
                *c = '"';
    return body;
}

/* Run body through dec_parse + dec_position (or dec_parse alone) as the
 * service does, with the lanes, and check that without them it comes out
 * the same (tests/support/lanes.h); true if they succeed. */
static bool decode_text(const char *body, size_t len, bool parse_only, cc_position *pos,
                        cc_error *err)
{
    return tu_decode_both(body, len, parse_only, pos, err);
}

static bool decode_body(const char *body, size_t len, cc_position *pos, cc_error *err)
{
    return decode_text(body, len, false, pos, err);
}

/* Every error: the status and pointer expected, a title, and a detail that
 * is a sentence (ends with a full stop). */
static void expect_error(const char *what, const cc_error *err, int status, const char *pointer)
{
    cr_expect_eq((int)err->status, status, "%s: status %d, expected %d (%s: %s)", what,
                 (int)err->status, status, tu_title(err), tu_detail(err));
    cr_expect_str_eq(err->pointer, pointer, "%s: pointer \"%s\", expected \"%s\" (%s)", what,
                     err->pointer, pointer, tu_detail(err));
    cr_expect_gt(strlen(tu_title(err)), 0, "%s: no title", what);
    size_t n = strlen(tu_detail(err));
    cr_expect(n > 0 && tu_detail(err)[n - 1] == '.', "%s: detail not a sentence: \"%s\"", what, tu_detail(err));
}

static void run_rows(const row *rows, size_t n)
{
    for (size_t i = 0; i < n; i++) {
        char *body = unquote(&rows[i]);
        cc_position pos;
        cc_error err;
        bool ok = decode_text(body, strlen(body), rows[i].parse_only, &pos, &err);
        if (rows[i].status == 0)
            cr_expect(ok, "row %zu should decode: %s\n  got %d at \"%s\": %s", i, body,
                      (int)err.status, err.pointer, tu_detail(&err));
        else if (ok)
            cr_expect(false, "row %zu should fail with %d at \"%s\": %s", i, rows[i].status,
                      rows[i].pointer, body);
        else {
            char what[64];
            snprintf(what, sizeof what, "row %zu", i);
            expect_error(what, &err, rows[i].status, rows[i].pointer);
        }
        free(body);
    }
}

#define RUN(rows) run_rows(rows, sizeof rows / sizeof rows[0])

/* Contract section 4 "400: not JSON", and the json-c traps of
 * engineering-notes.md: json-c 0.16 takes all of these; we must not. */
Test(decode, text_that_is_not_strict_json_is_400)
{
    static const row rows[] = {
        BAD(400, "", ""),
        BAD(400, "", "   \n "),
        BAD(400, "", "[]"),                               /* not an object */
        BAD(400, "", "'position'"),
        BAD(400, "", "{"),
        BAD(400, "", "{'position'"),
        BAD(400, "", "{'position':"),
        BAD(400, "", "{'position':{}"),
        BAD(400, "", "{} x"),                             /* trailing garbage */
        BAD(400, "", "{}{}"),
        BAD(400, "", "{},"),
        BAD(400, "", "{'a':1,}"),                         /* trailing comma */
        BAD(400, "", "{'a':1 'b':2}"),                    /* missing comma */
        BAD(400, "", "{'a' 1}"),                          /* missing colon */
        BAD(400, "", "{/*c*/'a':1}"),                     /* comments */
        BAD(400, "", "{a:1}"),                            /* bare names */
        RAW(400, "", "\xEF\xBB\xBF{}"),                   /* byte-order mark */
        RAW(400, "", "{'a':1}"),                          /* single-quoted name */
        RAW(400, "/a", "{\"a\":'x'}"),                    /* single-quoted value */
        BAD(400, "/a", "{'a':NaN}"),
        BAD(400, "/a", "{'a':Infinity}"),
        BAD(400, "/a/1", "{'a':[1,-Infinity]}"),
        BAD(400, "/a", "{'a':01}"),                       /* leading zero */
        BAD(400, "/a", "{'a':+1}"),
        BAD(400, "/a", "{'a':.5}"),
        BAD(400, "/a", "{'a':1.}"),
        BAD(400, "/a", "{'a':1e}"),
        BAD(400, "/a", "{'a':-}"),
        BAD(400, "/a", "{'a':tru}"),
        BAD(400, "/a", "{'a':undefined}"),
        BAD(400, "/a/0", "{'a':[,1]}"),
        BAD(400, "/a", "{'a':'never ends}"),
        RAW(400, "/a", "{\"a\":\"x\\q\"}"),               /* unknown escape */
        RAW(400, "/a", "{\"a\":\"\\u12\"}"),              /* short \u escape */
        RAW(400, "/a", "{\"a\":\"tab\there\"}"),          /* raw control character */
    };
    RUN(rows);
}

/* engineering-notes.md: "1e400" and "99999999999999999999" pass json-c
 * (one as inf, one saturated); contract section 4: out of range is 400. */
Test(decode, numbers_beyond_int64_or_double_are_400_at_their_member)
{
    static const row rows[] = {
        BAD(400, "/a", "{'a':1e400}"),
        BAD(400, "/a", "{'a':-1e400}"),
        BAD(400, "/a", "{'a':1.5e99999999999999999999}"),
        BAD(400, "/a", "{'a':99999999999999999999}"),
        BAD(400, "/a", "{'a':9223372036854775808}"),
        BAD(400, "/a", "{'a':-9223372036854775809}"),
        PARSES("{'a':9223372036854775807,'b':-9223372036854775808}"),
        PARSES("{'a':1e-400,'b':0e99999,'c':-0,'d':1E5,'e':1.5e308,'f':-0.0}"),
        BAD(400, "/position/tiles/0/x", "{'position':{'tiles':[{'x':1e400}]}}"),
    };
    RUN(rows);
}

/* RFC 8259 section 8.1 (UTF-8) and 8.2 (unpaired surrogates); json-c takes
 * lone surrogates (engineering-notes.md). */
Test(decode, strings_that_are_not_unicode_are_400_at_their_member)
{
    static const row rows[] = {
        BAD(400, "/a", "{'a':'\\ud800'}"),                /* lone high surrogate */
        BAD(400, "/a", "{'a':'\\udc00'}"),                /* lone low surrogate */
        BAD(400, "/a", "{'a':'\\ud800\\u0041'}"),         /* high + not low */
        BAD(400, "/a", "{'a':'\\ud800x'}"),
        PARSES("{'a':'\\ud83d\\ude00 \\u00e9 \\u0000 \\/'}"), /* pair, BMP, NUL value */
        RAW(400, "/a", "{\"a\":\"\xFF\"}"),
        RAW(400, "/a", "{\"a\":\"\xC0\xAF\"}"),           /* overlong '/' */
        RAW(400, "/a", "{\"a\":\"\xED\xA0\x80\"}"),       /* encoded surrogate */
        RAW(400, "/a", "{\"a\":\"\xF4\x90\x80\x80\"}"),   /* over U+10FFFF */
        RAW(400, "/a", "{\"a\":\"\xE2\x82\"}"),           /* cut sequence */
        RAW(400, "/a", "{\"a\":\"\x80\"}"),               /* lone continuation */
        { "{\"a\":\"\xC3\xA9\xE2\x82\xAC\xF0\x9F\x98\x80\"}", 0, NULL, true, true },
        RAW(400, "", "{\"\xFF\":1}"),                     /* in a name: the object */
        RAW(400, "/a", "{\"a\":{\"\xFF\":1}}"),
        BAD(400, "/a", "{'a':{'x\\u0000':1}}"),           /* NUL in a name */
        RAW(400, "", "\xFF"),
    };
    RUN(rows);
}

/* json-c keeps the last of two equal names (engineering-notes.md); we
 * reject the second, pointing at the member that is duplicated. Names are
 * compared after decoding escapes. */
Test(decode, duplicate_member_names_are_400_at_the_duplicated_member)
{
    static const row rows[] = {
        BAD(400, "/position", "{'position':{},'position':{}}"),
        BAD(400, "/position/tiles/0/x",
            P(PLAYERS ",'figures':[],'tiles':[{'tile':'base.D','x':0,'x':1,'y':0,'rot':0}]")),
        BAD(400, "/position/players", P(BASE ",'players':['a','b']")),
        BAD(400, "/a", "{'a':1,'\\u0061':2}"),
        BAD(400, "/a~1b~0c", "{'a/b~c':1,'a/b~c':2}"),    /* RFC 6901 escapes */
        PARSES("{'a':{'x':1},'b':{'x':1},'x':[{'x':1},{'x':2}]}"),   /* same name, other objects */
        PARSES("{'a':1,'A':2,'a ':3}"),
    };
    RUN(rows);
}

/* Contract section 3: the members of a position, which are required, and
 * their types. Section 4: unknown members and wrong types are 400. */
Test(decode, position_members_types_and_presence)
{
    static const row rows[] = {
        OK(P(BASE)),
        BAD(400, "/position", "{}"),
        BAD(400, "/position", "{'position':[]}"),
        BAD(400, "/position", "{'position':null}"),
        BAD(400, "/position/players", P("'tiles':[" START "],'figures':[]")),
        BAD(400, "/position/tiles", P(PLAYERS ",'figures':[]")),
        BAD(400, "/position/figures", P(PLAYERS ",'tiles':[" START "]")),
        BAD(400, "/position/color", P(BASE ",'color':'red'")),
        BAD(400, "/position/tiles", P(PLAYERS ",'tiles':{},'figures':[]")),
        BAD(400, "/position/figures", P(PLAYERS ",'tiles':[],'figures':null")),
        OK(P(PLAYERS ",'tiles':[],'figures':[]")),  /* empty board: validation's 422 */
    };
    RUN(rows);
}

/* Contract section 3: expansions defaults to []; ids from section 2. */
Test(decode, expansions_are_known_distinct_ids)
{
    static const row rows[] = {
        OK(P(BASE ",'expansions':[]")),
        OK(P(BASE ",'expansions':['base']")),
        OK(P(BASE ",'expansions':['abbey-mayor','hills-sheep','messages','shrines']")),
        BAD(400, "/position/expansions/1", P(BASE ",'expansions':['shrines','inns']")),
        BAD(400, "/position/expansions/1", P(BASE ",'expansions':['messages','messages']")),
        BAD(400, "/position/expansions/0", P(BASE ",'expansions':[1]")),
        BAD(400, "/position/expansions", P(BASE ",'expansions':'base'")),
    };
    RUN(rows);
}

/* Contract section 3: options hill_tiebreak "count" and wagon_rules "c1",
 * off by default; anything else is 400. */
Test(decode, options_take_only_the_documented_values)
{
    static const row rows[] = {
        OK(P(BASE ",'options':{}")),
        OK(P(BASE ",'options':{'hill_tiebreak':'count','wagon_rules':'c1'}")),
        OK(P(BASE ",'options':{'hill_tiebreak':'official','wagon_rules':'c2'}")),
        BAD(400, "/position/options/farmers", P(BASE ",'options':{'farmers':'c1'}")),
        BAD(400, "/position/options/hill_tiebreak", P(BASE ",'options':{'hill_tiebreak':'most'}")),
        BAD(400, "/position/options/wagon_rules", P(BASE ",'options':{'wagon_rules':true}")),
        BAD(400, "/position/options", P(BASE ",'options':[]")),
    };
    RUN(rows);
}

/* Contract (expansions), position members: `goods` maps a player to
 * {"wine", "grain", "cloth"} counts (omitted: none), `builder_turn` is a
 * boolean. Every other shape is refused at the member at fault; whether
 * the tiles could give those goods is validation's (engine/goods.h). */
Test(decode, goods_and_builder_turn_take_only_their_documented_shapes)
{
#define TB BASE ",'expansions':['traders-builders']"
    static const row rows[] = {
        OK(P(TB ",'goods':{},'builder_turn':false")),
        OK(P(TB ",'goods':{'red':{'wine':0,'grain':0,'cloth':0}},'builder_turn':true")),
        OK(P(TB ",'goods':{'blue':{'cloth':0}}")),
        BAD(400, "/position/goods", P(TB ",'goods':[]")),
        BAD(400, "/position/goods/green", P(TB ",'goods':{'green':{'wine':1}}")),
        BAD(400, "/position/goods/red/gold", P(TB ",'goods':{'red':{'gold':1}}")),
        BAD(400, "/position/goods/red", P(TB ",'goods':{'red':3}")),
        BAD(400, "/position/goods/red/wine", P(TB ",'goods':{'red':{'wine':21}}")),
        BAD(400, "/position/goods/red/wine", P(TB ",'goods':{'red':{'wine':-1}}")),
        BAD(400, "/position/goods/red/grain", P(TB ",'goods':{'red':{'grain':'1'}}")),
        BAD(400, "/position/builder_turn", P(TB ",'builder_turn':'yes'")),
        BAD(400, "/position/builder_turn", P(TB ",'builder_turn':1")),
    };
#undef TB
    RUN(rows);
}

/* Contract section 3: 2 to 6 distinct names; active defaults to the first
 * and must be one of them (an unknown player is well-formed: 422). */
Test(decode, players_and_active)
{
    static const row rows[] = {
        OK(P("'players':['a','b','c','d','e','f'],'tiles':[" START "],'figures':[]")),
        BAD(400, "/position/players", P("'players':[],'tiles':[],'figures':[]")),
        BAD(400, "/position/players", P("'players':[],'tiles':[],'figures':[]")),
        BAD(400, "/position/players",
            P("'players':['a','b','c','d','e','f','g'],'tiles':[],'figures':[]")),
        BAD(400, "/position/players/1", P("'players':['a','a'],'tiles':[],'figures':[]")),
        BAD(400, "/position/players/1", P("'players':['a',2],'tiles':[],'figures':[]")),
        BAD(400, "/position/players/0", P("'players':['','b'],'tiles':[],'figures':[]")),
        BAD(400, "/position/players/0",
            P("'players':['123456789012345678901234567890123','b'],'tiles':[],'figures':[]")),
        OK(P("'players':['12345678901234567890123456789012','b'],'tiles':[],'figures':[]")),
        BAD(400, "/position/players/0", P("'players':['a\\u0000b','b'],'tiles':[],'figures':[]")),
        OK(P(BASE ",'active':'blue'")),
        BAD(422, "/position/active", P(BASE ",'active':'green'")),
        BAD(400, "/position/active", P(BASE ",'active':1")),
    };
    RUN(rows);
}

/* Contract sections 1-3: a tile is {tile, x, y, rot}, rot one of 0, 90,
 * 180, 270; an unknown tile id is 422 (section 4); the abbey alone may say
 * who placed it. */
Test(decode, tiles_ids_coordinates_rotations_and_placers)
{
    static const row rows[] = {
        OK(TILE1("")),
        BAD(422, "/position/tiles/0/tile",
            P(PLAYERS ",'figures':[],'tiles':[{'tile':'base.Z','x':0,'y':0,'rot':0}]")),
        BAD(400, "/position/tiles/0/tile",
            P(PLAYERS ",'figures':[],'tiles':[{'tile':7,'x':0,'y':0,'rot':0}]")),
        BAD(400, "/position/tiles/0/tile", P(PLAYERS ",'figures':[],'tiles':[{'x':0,'y':0,'rot':0}]")),
        OK(P(PLAYERS ",'figures':[],'tiles':[{'tile':'BA/RCr','x':0,'y':0,'rot':270}]")),
        BAD(400, "/position/tiles/0/z", TILE1(",'z':0")),
        BAD(400, "/position/tiles/0", P(PLAYERS ",'figures':[],'tiles':['base.D']")),
        BAD(400, "/position/tiles/0/x",
            P(PLAYERS ",'figures':[],'tiles':[{'tile':'base.D','x':1001,'y':0,'rot':0}]")),
        BAD(400, "/position/tiles/0/y",
            P(PLAYERS ",'figures':[],'tiles':[{'tile':'base.D','x':0,'y':-1001,'rot':0}]")),
        OK(P(PLAYERS ",'figures':[],'tiles':[{'tile':'base.D','x':-1000,'y':1000,'rot':0}]")),
        BAD(400, "/position/tiles/0/x",
            P(PLAYERS ",'figures':[],'tiles':[{'tile':'base.D','x':0.5,'y':0,'rot':0}]")),
        OK(P(PLAYERS ",'figures':[],'tiles':[{'tile':'base.D','x':1.0,'y':0,'rot':0}]")),
        BAD(400, "/position/tiles/0/x",
            P(PLAYERS ",'figures':[],'tiles':[{'tile':'base.D','x':'0','y':0,'rot':0}]")),
        BAD(400, "/position/tiles/0/x",
            P(PLAYERS ",'figures':[],'tiles':[{'tile':'base.D','x':-9223372036854775808,'y':0,'rot':0}]")),
        BAD(400, "/position/tiles/0/rot",
            P(PLAYERS ",'figures':[],'tiles':[{'tile':'base.D','x':0,'y':0,'rot':45}]")),
        BAD(400, "/position/tiles/0/rot",
            P(PLAYERS ",'figures':[],'tiles':[{'tile':'base.D','x':0,'y':0,'rot':360}]")),
        BAD(400, "/position/tiles/0/rot",
            P(PLAYERS ",'figures':[],'tiles':[{'tile':'base.D','x':0,'y':0,'rot':-90}]")),
        BAD(400, "/position/tiles/0/rot", P(PLAYERS ",'figures':[],'tiles':[{'tile':'base.D','x':0,'y':0}]")),
        BAD(400, "/position/tiles/0/player", TILE1(",'player':'red'")),
        OK(P("'expansions':['abbey-mayor']," PLAYERS ",'figures':[],'tiles':[" START
             ",{'tile':'abbey-mayor.abbey','x':1,'y':0,'rot':0,'player':'blue'}]")),
        BAD(422, "/position/tiles/1/player",
            P("'expansions':['abbey-mayor']," PLAYERS ",'figures':[],'tiles':[" START
              ",{'tile':'abbey-mayor.abbey','x':1,'y':0,'rot':0,'player':'green'}]")),
        BAD(400, "/position/tiles/1/player",
            P("'expansions':['abbey-mayor']," PLAYERS ",'figures':[],'tiles':[" START
              ",{'tile':'abbey-mayor.abbey','x':1,'y':0,'rot':0,'player':null}]")),
    };
    RUN(rows);
}

/* Contract section 3: a figure is {player, kind, x, y, at[, flock]}; kinds
 * and flock tokens 1 to 4 from that section. */
Test(decode, figures_kinds_locations_and_flocks)
{
    static const row rows[] = {
        OK(FIG1(MEEPLE(""))),
        OK(FIG1("{'player':'blue','kind':'barn','x':0,'y':0,'at':'SE'}")),
        OK(FIG1("{'player':'blue','kind':'wagon','x':0,'y':0,'at':'#1'}")),
        OK(FIG1("{'player':'red','kind':'shepherd','x':0,'y':0,'at':'SSW','flock':[3,2]}")),
        OK(FIG1("{'player':'red','kind':'shepherd','x':0,'y':0,'at':'SSW','flock':[]}")),
        BAD(422, "/position/figures/0/player",
            FIG1("{'player':'green','kind':'meeple','x':0,'y':0,'at':'N'}")),
        BAD(400, "/position/figures/0/player", FIG1("{'kind':'meeple','x':0,'y':0,'at':'N'}")),
        BAD(400, "/position/figures/0/kind",
            FIG1("{'player':'red','kind':'knight','x':0,'y':0,'at':'N'}")),
        BAD(400, "/position/figures/0/at",
            FIG1("{'player':'red','kind':'meeple','x':0,'y':0,'at':'NORTH'}")),
        BAD(400, "/position/figures/0/at",
            FIG1("{'player':'red','kind':'meeple','x':0,'y':0,'at':'#01'}")),
        BAD(400, "/position/figures/0/at", FIG1("{'player':'red','kind':'meeple','x':0,'y':0}")),
        BAD(400, "/position/figures/0/x", FIG1("{'player':'red','kind':'meeple','x':[],'y':0,'at':'N'}")),
        BAD(400, "/position/figures/0/hat", FIG1(MEEPLE(",'hat':1"))),
        BAD(400, "/position/figures/0/flock", FIG1(MEEPLE(",'flock':[]"))),
        BAD(400, "/position/figures/0/flock/1",
            FIG1("{'player':'red','kind':'shepherd','x':0,'y':0,'at':'SSW','flock':[3,5]}")),
        BAD(400, "/position/figures/0/flock/0",
            FIG1("{'player':'red','kind':'shepherd','x':0,'y':0,'at':'SSW','flock':['wolf']}")),
        BAD(400, "/position/figures/0/flock",
            FIG1("{'player':'red','kind':'shepherd','x':0,'y':0,'at':'SSW','flock':3}")),
        BAD(422, "/position/figures/0/flock/20",
            FIG1("{'player':'red','kind':'shepherd','x':0,'y':0,'at':'SSW','flock':"
                 "[1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1]}")),
        BAD(400, "/position/figures/1", FIG1(MEEPLE("") ",7")),
    };
    RUN(rows);
}

/* Contract section 3: scores optional, per player; with Messages a pair
 * (one number per counting figure). Decision (decode.h): a plain integer
 * with Messages reads as [n, 0]; a pair without Messages is 400. */
Test(decode, scores_are_per_player_integers_or_messages_pairs)
{
    static const row rows[] = {
        OK(P(BASE ",'scores':{}")),
        OK(P(BASE ",'scores':{'red':12,'blue':0}")),
        OK(P(BASE ",'expansions':['messages'],'scores':{'red':[12,5],'blue':7}")),
        BAD(400, "/position/scores/red", P(BASE ",'scores':{'red':[12,5]}")),
        BAD(400, "/position/scores/green", P(BASE ",'scores':{'green':1}")),
        BAD(400, "/position/scores/red", P(BASE ",'scores':{'red':-1}")),
        BAD(400, "/position/scores/red", P(BASE ",'scores':{'red':1.5}")),
        BAD(400, "/position/scores/red", P(BASE ",'scores':{'red':'12'}")),
        BAD(400, "/position/scores/red", P(BASE ",'scores':{'red':100001}")),
        BAD(400, "/position/scores/red", P(BASE ",'expansions':['messages'],'scores':{'red':[1]}")),
        BAD(400, "/position/scores/red/1", P(BASE ",'expansions':['messages'],'scores':{'red':[1,-2]}")),
        BAD(400, "/position/scores", P(BASE ",'scores':[1,2]")),
    };
    RUN(rows);
}

/* Contract section 3: abbeys optional, abbey tiles still in hand, with
 * Abbey & Mayor; without it the member describes a tile not in play (422). */
Test(decode, abbeys_only_with_abbey_mayor_and_0_or_1_each)
{
    static const row rows[] = {
        OK(P(BASE ",'expansions':['abbey-mayor'],'abbeys':{'red':1,'blue':0}")),
        OK(P(BASE ",'expansions':['abbey-mayor'],'abbeys':{}")),
        BAD(422, "/position/abbeys", P(BASE ",'abbeys':{'red':1}")),
        BAD(400, "/position/abbeys/red", P(BASE ",'expansions':['abbey-mayor'],'abbeys':{'red':2}")),
        BAD(400, "/position/abbeys/green", P(BASE ",'expansions':['abbey-mayor'],'abbeys':{'green':0}")),
        BAD(400, "/position/abbeys", P(BASE ",'expansions':['abbey-mayor'],'abbeys':1")),
    };
    RUN(rows);
}

/* A player's name may hold any character, a line break too: the list of
 * players in "Unknown player" names it whole, as one item (found by
 * fuzz_reader_diff: the list's items were once parted by '\n'). */
Test(decode, unknown_player_detail_lists_a_name_holding_a_line_break_as_one_player)
{
    static const char body[] =
        "{\"position\":{\"players\":[\"red\",\"gre\\n\",\"blue\"],"
        "\"tiles\":[{\"tile\":\"base.D\",\"x\":0,\"y\":0,\"rot\":0}],"
        "\"figures\":[{\"player\":\"green\",\"kind\":\"meeple\",\"x\":0,\"y\":0,\"at\":\"E\"}]}}";
    cc_position pos;
    cc_error err;
    cr_assert_not(decode_body(body, sizeof body - 1, &pos, &err));
    expect_error("unknown player", &err, 422, "/position/figures/0/player");
    cr_expect_str_eq(tu_detail(&err),
                     "The name \"green\" is not one of the players (red, gre\n and blue).");
}

/* Contract: a position's `expansions` are ids of the expansions the service
 * rules, and a figure's `kind` one of the figure kinds. The details that
 * refuse another name list the valid ones from the engine's own tables, so
 * the expansion and kinds added last (Traders & Builders: traders-builders,
 * builder, pig) are named there too, in the order the contract lists them. */
Test(decode, unknown_expansion_and_kind_details_list_every_valid_name)
{
    static const char expansion[] =
        "{\"position\":{\"players\":[\"red\",\"blue\"],\"expansions\":[\"traders\"],"
        "\"tiles\":[{\"tile\":\"base.D\",\"x\":0,\"y\":0,\"rot\":0}],\"figures\":[]}}";
    static const char kind[] =
        "{\"position\":{\"players\":[\"red\",\"blue\"],"
        "\"tiles\":[{\"tile\":\"base.D\",\"x\":0,\"y\":0,\"rot\":0}],"
        "\"figures\":[{\"player\":\"red\",\"kind\":\"piglet\",\"x\":0,\"y\":0,\"at\":\"E\"}]}}";
    cc_position pos;
    cc_error err;
    cr_assert_not(decode_body(expansion, sizeof expansion - 1, &pos, &err));
    expect_error("unknown expansion", &err, 400, "/position/expansions/0");
    cr_expect_str_eq(tu_detail(&err),
                     "The name \"traders\" is not an expansion id; the ids are base, abbey-mayor, "
                     "hills-sheep, messages, shrines, river, river-ii, inns-cathedrals and "
                     "traders-builders.");
    cr_assert_not(decode_body(kind, sizeof kind - 1, &pos, &err));
    expect_error("unknown kind", &err, 400, "/position/figures/0/kind");
    cr_expect_str_eq(tu_detail(&err),
                     "kind must be meeple, mayor, wagon, barn, shepherd, big, builder or pig; "
                     "it is \"piglet\".");
}

/* ---- the decoded struct ------------------------------------------------- */

static void decode_ok(const char *text, cc_position *pos)
{
    row r = { text, 0, NULL, false, false };
    char *body = unquote(&r);
    cc_error err;
    cr_assert(decode_body(body, strlen(body), pos, &err), "%s at %s: %s", tu_title(&err), err.pointer,
              tu_detail(&err));
    free(body);
}

static int type_of(const char *id)
{
    int t = cc_catalog_find(tu_catalog(), id);
    cr_assert_geq(t, 0, "%s not in the catalog", id);
    return t;
}

static void expect_loc(cc_loc got, const char *name)
{
    cc_loc want;
    cr_assert(cc_loc_parse(name, &want));
    cr_expect(cc_loc_equal(got, want), "location: expected %s", name);
}

/* The contract's own example position (section 3), member by member. */
Test(decode, contract_example_position_decodes_to_the_struct)
{
    cc_position pos;
    decode_ok("{'position':{"
              "'expansions':['abbey-mayor','hills-sheep','messages','shrines'],"
              "'options':{},'players':['red','blue'],'active':'red',"
              "'tiles':[{'tile':'base.D','x':0,'y':0,'rot':0},"
              "{'tile':'abbey-mayor.abbey','x':1,'y':1,'rot':0,'player':'blue'}],"
              "'figures':["
              "{'player':'red','kind':'meeple','x':0,'y':0,'at':'N'},"
              "{'player':'blue','kind':'mayor','x':2,'y':0,'at':'W'},"
              "{'player':'red','kind':'wagon','x':0,'y':0,'at':'E'},"
              "{'player':'blue','kind':'barn','x':0,'y':0,'at':'SE'},"
              "{'player':'red','kind':'shepherd','x':0,'y':0,'at':'SSW','flock':[3,2]}],"
              "'scores':{'red':[12,5],'blue':[7,0]},"
              "'abbeys':{'red':1,'blue':0}}}", &pos);
    cr_expect_eq(pos.expansions, TU_ALL_EXPANSIONS);
    cr_expect_eq(pos.options.hill_tiebreak, CC_HILL_TIEBREAK_OFFICIAL);
    cr_expect_eq(pos.options.wagon_rules, CC_WAGON_RULES_C2);
    cr_assert_eq(pos.nplayers, 2);
    cr_expect_str_eq(pos.players[0], "red");
    cr_expect_str_eq(pos.players[1], "blue");
    cr_expect_eq(pos.active, 0);
    cr_assert_eq(pos.ntiles, 2);
    cr_expect_eq(pos.tiles[0].type, type_of("base.D"));
    cr_expect_eq(pos.tiles[0].owner, -1);
    cr_expect_eq(pos.tiles[1].type, type_of("abbey-mayor.abbey"));
    cr_expect_eq(pos.tiles[1].x, 1);
    cr_expect_eq(pos.tiles[1].y, 1);
    cr_expect_eq(pos.tiles[1].owner, 1);
    cr_assert_eq(pos.nfigures, 5);
    static const cc_figure_kind kinds[] = {
        CC_FIG_MEEPLE, CC_FIG_MAYOR, CC_FIG_WAGON, CC_FIG_BARN, CC_FIG_SHEPHERD
    };
    static const char *const at[] = { "N", "W", "E", "SE", "SSW" };
    for (int i = 0; i < 5; i++) {
        cr_expect_eq(pos.figures[i].kind, kinds[i], "figure %d", i);
        cr_expect_eq(pos.figures[i].player, i % 2, "figure %d", i);
        expect_loc(pos.figures[i].at, at[i]);
    }
    cr_expect_eq(pos.figures[1].x, 2);
    cr_expect_eq(pos.figures[0].nflock, 0);
    cr_assert_eq(pos.figures[4].nflock, 2);
    cr_expect_eq(pos.figures[4].flock[0], 3);
    cr_expect_eq(pos.figures[4].flock[1], 2);
    cr_expect_eq(pos.scores[0][0], 12);
    cr_expect_eq(pos.scores[0][1], 5);
    cr_expect_eq(pos.scores[1][0], 7);
    cr_expect_eq(cc_position_score(&pos, 0), 17);
    cr_expect_eq(pos.abbeys[0], 1);
    cr_expect_eq(pos.abbeys[1], 0);
}

/* Contract section 3 defaults: expansions [] (base), options off, active
 * the first player, scores 0, no abbeys without Abbey & Mayor. */
Test(decode, omitted_members_take_the_contract_defaults)
{
    cc_position pos;
    decode_ok(P(BASE), &pos);
    cr_expect_eq(pos.expansions, (unsigned)CC_EXP_BASE);
    cr_expect_eq(pos.options.hill_tiebreak, CC_HILL_TIEBREAK_OFFICIAL);
    cr_expect_eq(pos.options.wagon_rules, CC_WAGON_RULES_C2);
    cr_expect_eq(pos.active, 0);
    cr_expect_eq(pos.nfigures, 0);
    for (int p = 0; p < 2; p++) {
        cr_expect_eq(pos.scores[p][0], 0);
        cr_expect_eq(pos.scores[p][1], 0);
        cr_expect_eq(pos.abbeys[p], 0);
    }
}

/* Contract section 1: rot is clockwise degrees; the struct keeps quarter
 * turns. Section 2: an alias names the same tile type as the id. Options
 * (section 3) switch their variants on. */
Test(decode, rotations_become_quarter_turns_and_aliases_resolve)
{
    cc_position pos;
    decode_ok(P(PLAYERS ",'active':'blue','figures':[],"
                "'options':{'hill_tiebreak':'count','wagon_rules':'c1'},'tiles':["
                "{'tile':'base.D','x':0,'y':0,'rot':0},{'tile':'BA/RCr','x':1,'y':0,'rot':90},"
                "{'tile':'base.D','x':2,'y':0,'rot':180},{'tile':'base.D','x':3,'y':-7,'rot':270}]"),
              &pos);
    cr_assert_eq(pos.ntiles, 4);
    for (int i = 0; i < 4; i++) {
        cr_expect_eq(pos.tiles[i].rot, i);
        cr_expect_eq(pos.tiles[i].type, type_of("base.D"));
    }
    cr_expect_eq(pos.tiles[3].y, -7);
    cr_expect_eq(pos.active, 1);
    cr_expect_eq(pos.options.hill_tiebreak, CC_HILL_TIEBREAK_COUNT);
    cr_expect_eq(pos.options.wagon_rules, CC_WAGON_RULES_C1);
}

/* Contract section 3: "abbeys ... omitted means every player still holds
 * one when Abbey & Mayor is on". Decision (decode.h): a player whose abbey
 * is on the board (tiles[].player) holds none, or validation's abbey count
 * would reject every such position. */
Test(decode, omitted_abbeys_mean_one_in_hand_unless_placed)
{
    cc_position pos;
    decode_ok(P("'expansions':['abbey-mayor'],'players':['red','blue','green'],'figures':[],"
                "'tiles':[" START ",{'tile':'abbey-mayor.abbey','x':1,'y':0,'rot':0,'player':'blue'}]"),
              &pos);
    cr_expect_eq(pos.abbeys[0], 1);
    cr_expect_eq(pos.abbeys[1], 0);
    cr_expect_eq(pos.abbeys[2], 1);
    decode_ok(P("'expansions':['abbey-mayor'],'players':['red','blue','green'],'figures':[],"
                "'tiles':[" START "],'abbeys':{'green':0}"), &pos);
    cr_expect_eq(pos.abbeys[0], 1, "a player abbeys does not list keeps the default");
    cr_expect_eq(pos.abbeys[2], 0);
}

/* Decision (decode.h): with Messages a plain integer score is [n, 0]. */
Test(decode, messages_plain_score_reads_as_pair_with_zero)
{
    cc_position pos;
    decode_ok(P(BASE ",'expansions':['messages'],'scores':{'blue':9,'red':[1,2]}"), &pos);
    cr_expect_eq(pos.scores[1][0], 9);
    cr_expect_eq(pos.scores[1][1], 0);
    cr_expect_eq(pos.scores[0][0], 1);
    cr_expect_eq(pos.scores[0][1], 2);
}

/* ---- large and hostile bodies (contract section 4: never crash, hang or
 * leak) ------------------------------------------------------------------- */

/* A malloc'ed body built with printf-like appends. */
typedef struct {
    char *data;
    size_t len;
    FILE *f;
} body_buf;

static void bb_open(body_buf *b)
{
    b->data = NULL;
    b->len = 0;
    b->f = open_memstream(&b->data, &b->len);
    cr_assert_not_null(b->f);
}

static void bb_close(body_buf *b)
{
    cr_assert_eq(fclose(b->f), 0);
}

static void bb_repeat(body_buf *b, const char *s, int n)
{
    for (int i = 0; i < n; i++)
        fputs(s, b->f);
}

static double seconds_since(const struct timespec *t0)
{
    struct timespec t1;
    clock_gettime(CLOCK_MONOTONIC, &t1);
    return (double)(t1.tv_sec - t0->tv_sec) + (double)(t1.tv_nsec - t0->tv_nsec) / 1e9;
}

static void expect_body_error(const char *what, const char *body, size_t len, int status,
                              const char *pointer)
{
    cc_position pos;
    cc_error err;
    cr_expect_not(decode_body(body, len, &pos, &err), "%s should fail", what);
    expect_error(what, &err, status, pointer);
}

/* 10,000 open brackets must be refused at depth DEC_MAX_DEPTH + 1, before
 * any recursion, quickly. The pointer names the container that is one too
 * deep: /position then 31 array indices. */
Test(decode, ten_thousand_deep_nesting_is_400_nesting_too_deep_and_fast)
{
    body_buf b;
    bb_open(&b);
    fputs("{\"position\":", b.f);
    bb_repeat(&b, "[", 10000);
    bb_repeat(&b, "]", 10000);
    fputs("}", b.f);
    bb_close(&b);
    char pointer[CC_POINTER_MAX] = "/position";
    for (int i = 0; i < DEC_MAX_DEPTH - 1; i++)
        strcat(pointer, "/0");
    struct timespec t0;
    clock_gettime(CLOCK_MONOTONIC, &t0);
    expect_body_error("10,000 arrays", b.data, b.len, 400, pointer);
    cr_expect_lt(seconds_since(&t0), 0.5, "deep nesting must be refused at once");
    free(b.data);

    bb_open(&b);
    bb_repeat(&b, "{\"a\":", 10000);
    fputs("1", b.f);
    bb_repeat(&b, "}", 10000);
    bb_close(&b);
    pointer[0] = '\0';
    for (int i = 0; i < DEC_MAX_DEPTH; i++)
        strcat(pointer, "/a");
    expect_body_error("10,000 objects", b.data, b.len, 400, pointer);
    free(b.data);
}

/* DEC_MAX_DEPTH levels are fine; one more is not. */
Test(decode, nesting_up_to_the_limit_parses_one_more_does_not)
{
    for (int containers = DEC_MAX_DEPTH; containers <= DEC_MAX_DEPTH + 1; containers++) {
        body_buf b;
        bb_open(&b);
        bb_repeat(&b, "{\"a\":", containers - 1);
        fputs("[]", b.f);            /* the innermost container is an array */
        bb_repeat(&b, "}", containers - 1);
        bb_close(&b);
        jr_doc doc;
        jr_obj root;
        cc_error err;
        bool ok = dec_parse(b.data, b.len, NULL, &doc, &root, &err);
        if (containers <= DEC_MAX_DEPTH)
            cr_expect(ok, "%d levels should parse: %s", containers, tu_detail(&err));
        else
            cr_expect(!ok && strcmp(tu_title(&err), "Nesting too deep") == 0,
                      "%d levels should be too deep", containers);
        jr_doc_free(&doc);
        free(b.data);
    }
}

/* A 1 MB string (under the 1 MiB body limit of service.h) parses; as a
 * player name it is out of range at its element, as a member name the
 * pointer would not fit, so it names the object that holds it; the detail
 * quotes only an excerpt. */
Test(decode, one_megabyte_strings_are_read_and_refused_at_their_member)
{
    size_t big = 1000 * 1000;
    char *name = malloc(big + 1);
    cr_assert_not_null(name);
    memset(name, 'x', big);
    name[big] = '\0';

    body_buf b;
    bb_open(&b);
    fprintf(b.f, "{\"position\":{\"players\":[\"%s\",\"b\"],\"tiles\":[],\"figures\":[]}}", name);
    bb_close(&b);
    expect_body_error("1 MB player name", b.data, b.len, 400, "/position/players/0");
    free(b.data);

    bb_open(&b);
    fprintf(b.f, "{\"position\":{\"%s\":1,\"players\":[\"a\",\"b\"],\"tiles\":[],\"figures\":[]}}", name);
    bb_close(&b);
    cc_position pos;
    cc_error err;
    cr_expect_not(decode_body(b.data, b.len, &pos, &err));
    expect_error("1 MB member name", &err, 400, "/position");
    cr_expect_str_eq(tu_title(&err), "Unknown member");
    cr_expect_lt(strlen(tu_detail(&err)), 300);
    free(b.data);

    bb_open(&b);
    fprintf(b.f, "{\"a\":\"%s\",\"a\":1}", name);
    bb_close(&b);
    expect_body_error("1 MB value then a duplicate", b.data, b.len, 400, "/a");
    free(b.data);
    free(name);
}

/* A number too small for a double (1e-330) is read as 0 by strtod; it is
 * still a number with a fraction, like 1e-5, so where an integer is asked
 * it is the same "Wrong type" -- never the integer 0 (rot 0 would pass). A
 * zero written with an exponent (0e-999) is the integer 0. */
Test(decode, numbers_that_underflow_are_fractions_not_zero)
{
    static const char *const fractions[] = { "1e-330", "-1e-330", "1e-5", "0.5e-400", "9e-999999" };
    for (size_t i = 0; i < sizeof fractions / sizeof fractions[0]; i++) {
        char body[256];
        snprintf(body, sizeof body,
                 "{\"position\":{\"players\":[\"a\",\"b\"],\"figures\":[],"
                 "\"tiles\":[{\"tile\":\"base.D\",\"x\":0,\"y\":0,\"rot\":%s}]}}", fractions[i]);
        cc_position pos;
        cc_error err;
        cr_expect_not(decode_body(body, strlen(body), &pos, &err), "rot %s", fractions[i]);
        expect_error(fractions[i], &err, 400, "/position/tiles/0/rot");
        cr_expect_str_eq(tu_title(&err), "Wrong type", "rot %s", fractions[i]);
        cr_expect_str_eq(tu_detail(&err), "rot must be an integer; it is a number with a fraction.",
                         "rot %s", fractions[i]);
    }
    static const row rows[] = {
        OK(P(PLAYERS ",'figures':[],'tiles':[{'tile':'base.D','x':0e-999,'y':-0.0,'rot':0.0e-400}]")),
        BAD(400, "/position/scores/red", P(BASE ",'scores':{'red':1e-330}")),
        BAD(400, "/position/figures/0/x", FIG1("{'player':'red','kind':'meeple','x':-2e-400,'y':0,'at':'N'}")),
    };
    RUN(rows);
}

/* Contract section 4 names the trap list of engineering-notes.md one by
 * one: each gets 400 at the member that holds it. */
Test(decode, json_c_traps_each_get_400_at_their_member)
{
    static const row rows[] = {
        BAD(400, "/position/tiles/0/x",
            P(PLAYERS ",'figures':[],'tiles':[{'tile':'base.D','x':NaN,'y':0,'rot':0}]")),
        BAD(400, "/position/tiles/0/x",
            P(PLAYERS ",'figures':[],'tiles':[{'tile':'base.D','x':1e400,'y':0,'rot':0}]")),
        BAD(400, "/position/tiles/0/x",
            P(PLAYERS ",'figures':[],'tiles':[{'tile':'base.D','x':99999999999999999999,'y':0,'rot':0}]")),
        BAD(400, "/position/players/0", P("'players':['\\ud800','b'],'tiles':[],'figures':[]")),
        RAW(400, "/position/players/1",
            "{\"position\":{\"players\":[\"a\",\"b\xC3\"],\"tiles\":[],\"figures\":[]}}"),
        BAD(400, "/position/tiles/0/x",
            P(PLAYERS ",'figures':[],'tiles':[{'tile':'base.D','x':0,'x':0,'y':0,'rot':0}]")),
        BAD(400, "", P(BASE) " garbage"),
        RAW(400, "/position/players/0",
            "{\"position\":{\"players\":['a','b'],\"tiles\":[],\"figures\":[]}}"),
    };
    RUN(rows);
}

/* More tiles or figures than the game has is impossible (422), at the first
 * excess element, and the elements are not read at all. */
Test(decode, more_tiles_or_figures_than_the_game_has_is_422_at_the_first_excess)
{
    body_buf b;
    bb_open(&b);
    fputs("{\"position\":{\"players\":[\"red\",\"blue\"],\"figures\":[],\"tiles\":[", b.f);
    for (int i = 0; i <= CC_MAX_TILES; i++)
        fprintf(b.f, "%s{\"tile\":\"base.Z\",\"x\":%d,\"y\":0,\"rot\":0}", i ? "," : "", i);
    fputs("]}}", b.f);
    bb_close(&b);
    char pointer[64];
    snprintf(pointer, sizeof pointer, "/position/tiles/%d", CC_MAX_TILES);
    expect_body_error("too many tiles", b.data, b.len, 422, pointer);
    free(b.data);

    /* Six players' largest supplies: 24 figures each, 27 with the large
     * meeple of Inns & Cathedrals (issue 28), 30 with the builder and pig of
     * Traders & Builders (issue 29), 33 with both: the cap follows the
     * expansions, and stays 144 without them. */
    static const char *const exps[] = { "", "\"expansions\":[\"inns-cathedrals\"],",
                                        "\"expansions\":[\"traders-builders\"],",
                                        "\"expansions\":[\"inns-cathedrals\",\"traders-builders\"]," };
    static const int caps[] = { 144, 162, 180, CC_MAX_FIGURES };
    for (int e = 0; e < 4; e++) {
        int cap = caps[e];
        bb_open(&b);
        fprintf(b.f, "{\"position\":{%s\"players\":[\"red\",\"blue\"],\"tiles\":[], \"figures\":[",
                exps[e]);
        for (int i = 0; i <= cap; i++)
            fprintf(b.f, "%s{\"player\":\"red\",\"kind\":\"meeple\",\"x\":%d,\"y\":0,\"at\":\"N\"}", i ? "," : "", i);
        fputs("]}}", b.f);
        bb_close(&b);
        snprintf(pointer, sizeof pointer, "/position/figures/%d", cap);
        expect_body_error("too many figures", b.data, b.len, 422, pointer);
        free(b.data);
    }
}

/* Duplicate detection is a hash look-up, not a scan of earlier names: an
 * object of 100,000 members with the repeat at the end is answered in time
 * proportional to its size (a quadratic check would take minutes). */
Test(decode, duplicate_check_stays_linear_in_huge_objects)
{
    body_buf b;
    bb_open(&b);
    fputs("{", b.f);
    for (int i = 0; i < 100000; i++)
        fprintf(b.f, "\"k%d\":%d,", i, i);
    fputs("\"k0\":0}", b.f);
    bb_close(&b);
    struct timespec t0;
    clock_gettime(CLOCK_MONOTONIC, &t0);
    jr_doc doc;
    jr_obj root;
    cc_error err;
    cr_expect_not(dec_parse(b.data, b.len, NULL, &doc, &root, &err));
    jr_doc_free(&doc);
    expect_error("repeat after 100,000 members", &err, 400, "/k0");
    cr_expect_lt(seconds_since(&t0), 2.0);
    free(b.data);
}

/* What the reader accepts it must read exactly as json-c would: the same
 * values, members in the same order, for the same text. */
static void expect_same_value(jr_val v, json_object *j, const char *where)
{
    switch (json_object_get_type(j)) {
    case json_type_null:
        cr_expect_eq(v.type, JR_NULL, "%s: not null", where);
        break;
    case json_type_boolean:
        cr_expect_eq(v.type, json_object_get_boolean(j) ? JR_TRUE : JR_FALSE, "%s", where);
        break;
    case json_type_int:
        cr_assert_eq(v.type, JR_INT, "%s: not an integer", where);
        cr_expect_eq(jr_int64(v), json_object_get_int64(j), "%s", where);
        break;
    case json_type_double:
        cr_assert_eq(v.type, JR_NUMBER, "%s: not a number", where);
        cr_expect_eq(jr_double(v), json_object_get_double(j), "%s", where);
        break;
    case json_type_string: {
        cr_assert_eq(v.type, JR_STRING, "%s: not a string", where);
        char buf[256];
        size_t n = jr_string(v, buf, sizeof buf, NULL);
        cr_expect_eq(n, (size_t)json_object_get_string_len(j), "%s", where);
        cr_expect_eq(memcmp(buf, json_object_get_string(j), n), 0, "%s", where);
        break;
    }
    case json_type_array: {
        cr_assert_eq(v.type, JR_ARRAY, "%s: not an array", where);
        cr_expect_eq(jr_count(v), json_object_array_length(j), "%s", where);
        jr_iter it = jr_iter_start(v);
        jr_val e;
        size_t i = 0;
        for (; jr_next_element(&it, &e); i++)
            expect_same_value(e, json_object_array_get_idx(j, i), where);
        cr_expect_eq(i, json_object_array_length(j), "%s", where);
        break;
    }
    case json_type_object: {
        cr_assert_eq(v.type, JR_OBJECT, "%s: not an object", where);
        cr_expect_eq(jr_count(v), (size_t)json_object_object_length(j), "%s", where);
        jr_iter it = jr_iter_start(v);
        struct json_object_iterator ji = json_object_iter_begin(j);
        jr_str name;
        jr_val e;
        while (jr_next_member(&it, &name, &e)) {
            char buf[256];
            size_t n = jr_str_copy(name, buf, sizeof buf);
            cr_expect_eq(n, strlen(json_object_iter_peek_name(&ji)), "%s", where);
            cr_expect_str_eq(buf, json_object_iter_peek_name(&ji), "%s", where);
            expect_same_value(e, json_object_iter_peek_value(&ji), where);
            json_object_iter_next(&ji);
        }
        break;
    }
    }
}

Test(decode, accepted_text_reads_the_same_values_as_json_c)
{
    static const char *const texts[] = {
        "{}",
        "{\"a\":[],\"b\":{},\"c\":[[],[{}]],\"d\":null,\"e\":true,\"f\":false}",
        " \t\r\n{ \"n\" : [ 0 , -0 , 1 , -17 , 9223372036854775807 , -9223372036854775808 ] } \n",
        "{\"x\":[1.5,-2.25e-3,6.02E23,1e308,1E-300,0.1]}",
        "{\"s\":\"plain\",\"e\":\"\\\"\\\\\\/\\b\\f\\n\\r\\t\",\"u\":\"\\u00e9\\u20AC\\ud83d\\ude00\","
        "\"utf8\":\"\xC3\xA9\xE2\x82\xAC\xF0\x9F\x98\x80\",\"\\u00e9\":1}",
        "{\"position\":{\"players\":[\"red\",\"blue\"],\"tiles\":[{\"tile\":\"base.D\",\"x\":0,\"y\":0,\"rot\":0}]}}",
        "{\"deep\":[[[{\"a\":[1,{\"b\":[]}]}],[]],{}],\"after\":[{\"x\":{}},2]}",
    };
    for (size_t i = 0; i < sizeof texts / sizeof texts[0]; i++) {
        json_object *theirs = json_tokener_parse(texts[i]);
        jr_doc doc;
        jr_obj root;
        cc_error err;
        cr_assert_not_null(theirs, "json-c rejects text %zu", i);
        cr_expect(dec_parse(texts[i], strlen(texts[i]), NULL, &doc, &root, &err), "text %zu: %s", i,
                  tu_detail(&err));
        char where[32];
        snprintf(where, sizeof where, "text %zu", i);
        expect_same_value(jr_root(&doc), theirs, where);
        jr_doc_free(&doc);
        json_object_put(theirs);
    }
}

/* The body need not be NUL-terminated: the parser reads len bytes only
 * (ASan would report a read past the end). */
Test(decode, parse_reads_exactly_len_bytes)
{
    static const char *const texts[] = { "{\"a\":1.5}", "{\"a\":12", "{\"a\":\"x", "{\"a\":tru", "{\"a\":\"\\u00" };
    for (size_t i = 0; i < sizeof texts / sizeof texts[0]; i++) {
        size_t n = strlen(texts[i]);
        char *exact = malloc(n);
        cr_assert_not_null(exact);
        memcpy(exact, texts[i], n);
        jr_doc doc;
        jr_obj root;
        cc_error err;
        bool ok = dec_parse(exact, n, NULL, &doc, &root, &err);
        cr_expect_eq(ok, i == 0, "text %zu", i);
        jr_doc_free(&doc);
        free(exact);
    }
}

/* ---- the small readers (decode.h) ---------------------------------------- */

/* A body parsed for the readers' tests: the text, its document and the
 * body object, alive together. */
typedef struct {
    char *body;
    jr_doc doc;
    jr_obj root;
} parsed;

static parsed *parse(const char *text)
{
    row r = { text, 0, NULL, false, true };
    parsed *p = malloc(sizeof *p);
    cr_assert_not_null(p);
    p->body = unquote(&r);
    cc_error err;
    cr_assert(dec_parse(p->body, strlen(p->body), NULL, &p->doc, &p->root, &err), "%s", tu_detail(&err));
    return p;
}

static void parsed_free(parsed *p)
{
    jr_doc_free(&p->doc);
    free(p->body);
    free(p);
}

/* decode.h: absent optional members leave outputs unaltered and say so;
 * absent required ones are 400 where the member should be. */
Test(decode, readers_report_absence_and_presence)
{
    parsed *ps = parse("{'n':5,'b':true,'s':'hi','at':'NNE','c':'SW','t':'BA/RCr','p':'blue'}");
    jr_obj *o = &ps->root;
    int n = -1;
    bool present = true, b = false;
    cc_error err;
    cr_expect(dec_int(o, "missing", "/q", 0, 9, false, &n, &present, &err));
    cr_expect_not(present);
    cr_expect_eq(n, -1);
    cr_expect(dec_int(o, "n", "/q", 0, 9, true, &n, &present, &err));
    cr_expect(present);
    cr_expect_eq(n, 5);
    cr_expect_not(dec_int(o, "n", "/q", 6, 9, true, &n, NULL, &err));
    expect_error("n out of range", &err, 400, "/q/n");
    cr_expect_not(dec_int(o, "missing", "/q", 0, 9, true, &n, NULL, &err));
    expect_error("missing int", &err, 400, "/q/missing");
    cr_expect(dec_bool(o, "b", "", true, &b, &present, &err));
    cr_expect(b);
    cr_expect_not(dec_bool(o, "n", "", true, &b, &present, &err));
    expect_error("int as bool", &err, 400, "/n");
    dec_text s = { "unaltered", 9 };
    cr_expect(dec_string(o, "s", "", true, &s, &present, &err));
    cr_expect(present);
    cr_expect_str_eq(s.s, "hi");
    cr_expect_eq(s.len, 2);
    strcpy(s.s, "unaltered");
    cr_expect(dec_string(o, "missing", "", false, &s, &present, &err));
    cr_expect_not(present);
    cr_expect_str_eq(s.s, "unaltered");
    cr_expect_not(dec_string(o, "b", "", false, &s, NULL, &err));
    expect_error("bool as string", &err, 400, "/b");
    parsed_free(ps);
}

/* decode.h: locations, tile ids (422 when unknown), players (422). */
Test(decode, readers_for_locations_tiles_and_players)
{
    parsed *ps = parse("{'at':'NNE','c':'SW','k':'#3','bad':'X','t':'BA/RCr','u':'base.Q9','p':'blue','q':'pink'}");
    jr_obj *o = &ps->root;
    cc_loc loc;
    bool present;
    cc_error err;
    cr_expect(dec_loc(o, "at", "", false, true, &loc, &present, &err));
    expect_loc(loc, "NNE");
    cr_expect(dec_loc(o, "k", "", false, true, &loc, &present, &err));
    expect_loc(loc, "#3");
    cr_expect(dec_loc(o, "c", "", true, true, &loc, &present, &err));
    expect_loc(loc, "SW");
    cr_expect_not(dec_loc(o, "c", "", false, true, &loc, &present, &err));
    expect_error("corner where none is allowed", &err, 400, "/c");
    cr_expect_not(dec_loc(o, "bad", "", true, true, &loc, &present, &err));
    expect_error("not a location", &err, 400, "/bad");
    cr_expect(dec_loc(o, "missing", "", true, false, &loc, &present, &err));
    cr_expect_not(present);

    int type = -1;
    cr_expect(dec_tile_id(o, "t", "", tu_catalog(), &type, &err));
    cr_expect_eq(type, type_of("base.D"));
    cr_expect_not(dec_tile_id(o, "u", "", tu_catalog(), &type, &err));
    expect_error("unknown tile", &err, 422, "/u");
    cr_expect_not(dec_tile_id(o, "missing", "", tu_catalog(), &type, &err));
    expect_error("missing tile", &err, 400, "/missing");

    cc_position pos;
    tu_pos(&pos, 2, CC_EXP_BASE);
    strcpy(pos.players[1], "blue");
    int player = -7;
    cr_expect(dec_player(o, "missing", "", &pos, false, &player, &err));
    cr_expect_eq(player, -7);
    cr_expect(dec_player(o, "p", "", &pos, true, &player, &err));
    cr_expect_eq(player, 1);
    cr_expect_not(dec_player(o, "q", "", &pos, true, &player, &err));
    expect_error("unknown player", &err, 422, "/q");
    parsed_free(ps);
}

/* decode.h: dec_figure reads the position form; dec_figure_with lets a
 * route add its own members (/v1/score's deployed.token, contract section 5). */
Test(decode, figure_reader_and_extra_members)
{
    parsed *ps = parse("{'player':'p1','kind':'shepherd','x':2,'y':-3,'at':'WSW','flock':[4],'token':'wolf'}");
    jr_val o = ps->root.val;
    cc_position pos;
    tu_pos(&pos, 2, CC_EXP_HILLS_SHEEP);
    cc_figure fig;
    cc_error err;
    cr_expect_not(dec_figure(o, "/deployed", &pos, &fig, &err));
    expect_error("token not allowed by dec_figure", &err, 400, "/deployed/token");
    static const char *const extra[] = { "token", NULL };
    cr_assert(dec_figure_with(o, "/deployed", &pos, extra, &fig, &err), "%s", tu_detail(&err));
    cr_expect_eq(fig.player, 1);
    cr_expect_eq(fig.kind, CC_FIG_SHEPHERD);
    cr_expect_eq(fig.x, 2);
    cr_expect_eq(fig.y, -3);
    expect_loc(fig.at, "WSW");
    cr_expect_eq(fig.nflock, 1);
    cr_expect_eq(fig.flock[0], 4);
    parsed_free(ps);

    ps = parse("{'a':[1]}");
    jr_val a;
    cr_expect(dec_array(&ps->root, "a", "", true, &a, &err));
    cr_expect_not(dec_figure(a, "/a", &pos, &fig, &err));
    expect_error("figure not an object", &err, 400, "/a");
    parsed_free(ps);
}

/* decode.h: dec_only_members names the first unknown member and lists the
 * allowed ones; "~" and "/" in names are escaped in the pointer (RFC 6901). */
Test(decode, only_members_points_at_the_first_unknown_member)
{
    static const char *const allowed[] = { "x", "y", NULL };
    parsed *ps = parse("{'x':1,'a/b':2,'z':3}");
    jr_obj *o = &ps->root;
    cc_error err;
    cr_expect_not(dec_only_members(o, allowed, "/q", &err));
    expect_error("unknown member", &err, 400, "/q/a~1b");
    cr_expect(strstr(tu_detail(&err), "x, y") != NULL, "detail lists the allowed members: %s", tu_detail(&err));
    static const char *const all[] = { "x", "a/b", "z", NULL };
    cr_expect(dec_only_members(o, all, "/q", &err));
    parsed_free(ps);
}
