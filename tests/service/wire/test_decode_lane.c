/* test_decode_lane.c -- a position's tiles and figures read on the way
 * (service/wire/decode_lane.c), against the careful reader.
 *
 * The lane is a faster road to the same answer: every body here is decoded
 * with the lanes and without (tests/support/lanes.h), and the two must give
 * the same verdict, the same error word for word and the same position
 * byte for byte. The rows also say whether the lane took each array, so a
 * lane that declined everything (still correct, never faster) fails too.
 * The contract's rules checked through it: section 3 (tiles: id, x, y, rot
 * in quarter turns, "player" on an abbey only; figures: player, kind, x,
 * y, at, a shepherd's flock of 1-4 sheep tokens) and section 4 (errors and
 * their pointers). In bodies, ' is written for ". */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../../../engine/loc.h"
#include "../../../service/wire/decode.h"
#include "../../../service/wire/decode_raw.h"
#include "../../../service/wire/json_reader.h"
#include "../../support/lanes.h"
#include "../../support/testutil.h"

CC_SUITE(decode_lane);

typedef struct {
    const char *body;
    bool tiles, figures;   /* the lane takes /position/tiles, /position/figures */
    int status;            /* 0: decodes */
    const char *pointer;   /* expected pointer when status != 0 */
} row;

#define TAKES(t, f, body) { body, t, f, 0, NULL }
#define FAILS(t, f, status, pointer, body) { body, t, f, status, pointer }

#define P(members) "{'position':{" members "}}"
#define PLAYERS "'players':['red','blue']"
#define START "{'tile':'base.D','x':0,'y':0,'rot':0}"
#define ABBEY(player) "{'tile':'abbey-mayor.abbey','x':1,'y':0,'rot':0,'player':" player "}"
#define MEEPLE "{'player':'red','kind':'meeple','x':0,'y':0,'at':'N'}"
#define SHEPHERD(flock) "{'player':'blue','kind':'shepherd','x':0,'y':0,'at':'W'" flock "}"
#define TILES(list) P(PLAYERS ",'tiles':[" list "],'figures':[]")
#define FIGURES(list) P(PLAYERS ",'tiles':[" START "],'figures':[" list "]")

static char *unquote(const char *text)
{
    char *body = strdup(text);
    cr_assert_not_null(body);
    for (char *c = body; *c; c++)
        if (*c == '\'')
            *c = '"';
    return body;
}

static void run_rows(const row *rows, size_t n)
{
    for (size_t i = 0; i < n; i++) {
        char *body = unquote(rows[i].body);
        cc_position pos;
        cc_error err;
        bool ok = tu_decode_both(body, strlen(body), false, &pos, &err);
        cr_expect_eq(tu_lane_took(body, "tiles"), rows[i].tiles, "row %zu: the lane %s the tiles: %s",
                     i, rows[i].tiles ? "declines" : "takes", body);
        cr_expect_eq(tu_lane_took(body, "figures"), rows[i].figures,
                     "row %zu: the lane %s the figures: %s", i,
                     rows[i].figures ? "declines" : "takes", body);
        if (rows[i].status == 0) {
            cr_expect(ok, "row %zu should decode: %s\n  got %d at \"%s\": %s", i, body,
                      (int)err.status, err.pointer, tu_detail(&err));
        } else {
            cr_expect_not(ok, "row %zu should fail: %s", i, body);
            cr_expect_eq((int)err.status, rows[i].status, "row %zu: status %d (%s)", i,
                         (int)err.status, tu_detail(&err));
            cr_expect_str_eq(err.pointer, rows[i].pointer, "row %zu: pointer (%s)", i,
                             tu_detail(&err));
        }
        free(body);
    }
}

#define RUN(rows) run_rows(rows, sizeof rows / sizeof rows[0])

/* The compact form clients and the service write (contract section 3):
 * the lane takes it, and its values are the careful reader's. */
Test(decode_lane, takes_the_compact_form_of_tiles_and_figures_section_3)
{
    static const row rows[] = {
        TAKES(true, true, TILES(START)),
        TAKES(true, true, TILES(START "," "{'tile':'base.E','x':0,'y':-1,'rot':270}")),
        /* An alias (tiles.md section 9), negative zero, the coordinate limit. */
        TAKES(true, true, TILES("{'tile':'BA/RCr','x':-0,'y':1000,'rot':90}")),
        TAKES(true, true, TILES("{'tile':'base.D','x':-1000,'y':-0,'rot':180}")),
        /* The abbey names its placer. */
        TAKES(true, true, TILES(START "," ABBEY("'blue'"))),
        TAKES(true, true, FIGURES(MEEPLE)),
        TAKES(true, true, FIGURES(MEEPLE "," MEEPLE)),
        /* A shepherd with a flock, an empty flock, none (hills-sheep). */
        TAKES(true, true, FIGURES(SHEPHERD(",'flock':[1,2,4]"))),
        TAKES(true, true, FIGURES(SHEPHERD(",'flock':[]"))),
        TAKES(true, true, FIGURES(SHEPHERD(""))),
        TAKES(true, true, FIGURES(SHEPHERD(",'flock':[1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,4]"))),
        /* Whitespace between elements and inside the brackets. */
        TAKES(true, true, P(PLAYERS ",'tiles':[ \n" START " ,\r\n\t" START "\n ],'figures':[ ]")),
        /* Corners for every kind (validation judges them, not decoding). */
        TAKES(true, true, FIGURES("{'player':'red','kind':'barn','x':0,'y':0,'at':'NE'}")),
    };
    RUN(rows);
}

/* Issue 37: the layouts clients send -- Python's spacing, pretty-printed,
 * members in any order, players named in UTF-8 or as \\u escapes -- are
 * taken as the compact form is (contract section 3: an object's members
 * are unordered, whitespace is JSON's), with the careful reader's values. */
Test(decode_lane, takes_every_layout_clients_send_section_3)
{
    static const row rows[] = {
        /* Members in any order. */
        TAKES(true, true, TILES("{'x':0,'tile':'base.D','y':0,'rot':0}")),
        TAKES(true, true, TILES("{'rot':90,'y':-1,'x':0,'tile':'base.E'}")),
        TAKES(true, true, TILES(START ",{'player':'red','rot':0,'y':0,'x':1,'tile':'abbey-mayor.abbey'}")),
        TAKES(true, true, FIGURES("{'kind':'meeple','player':'red','x':0,'y':0,'at':'N'}")),
        TAKES(true, true, FIGURES("{'at':'N','y':0,'x':0,'kind':'meeple','player':'red'}")),
        TAKES(true, true, FIGURES("{'flock':[1,2],'player':'blue','kind':'shepherd','x':0,'y':0,'at':'W'}")),
        /* Python's json.dumps: a space after each ',' and ':'. */
        TAKES(true, true, TILES("{'tile': 'base.D', 'x': 0, 'y': -1, 'rot': 270}")),
        TAKES(true, true, FIGURES("{'player': 'blue', 'kind': 'shepherd', 'x': 0, 'y': 0, "
                                  "'at': 'W', 'flock': [3, 1]}")),
        /* Pretty-printed: whitespace of every kind wherever JSON allows it. */
        TAKES(true, true, TILES("\n  {\n    'tile' : 'base.D',\n    'x':\t0,\r\n    'y' :0,"
                                "\n    'rot': 0\n  }\n")),
        TAKES(true, true, FIGURES("{ 'player':'blue' , 'kind':'shepherd','x':0,'y':0,'at':'W',"
                                  "'flock': [ 1 , 4 ] }")),
        /* Players named in UTF-8, and as Python escapes them. */
        TAKES(true, true, P("'players':['Ji\xc5\x99\xc3\xad','\xc5\x81ucja'],'tiles':[" START "],"
                            "'figures':[{'player':'\xc5\x81ucja','kind':'meeple','x':0,'y':0,'at':'N'},"
                            "{'player':'Ji\\u0159\\u00ed','kind':'meeple','x':0,'y':0,'at':'S'}]")),
        TAKES(true, true, P("'players':['Ji\\u0159\\u00ed','blue'],'tiles':[" START ","
                            "{'tile':'abbey-mayor.abbey','x':1,'y':0,'rot':0,'player':'Ji\xc5\x99\xc3\xad'}],"
                            "'figures':[]")),
        /* A name that is a player's only once its escape is decoded, and a
         * raw backslash that a name holds. */
        TAKES(true, true, P("'players':['\\\\u0041','A'],'tiles':[" START "],'figures':["
                            "{'player':'\\u0041','kind':'meeple','x':0,'y':0,'at':'N'},"
                            "{'player':'\\\\u0041','kind':'meeple','x':0,'y':0,'at':'S'}]")),
        /* ... and what the careful reader refuses in them, with its error. */
        FAILS(true, true, 422, "/position/figures/0/player",
              P("'players':['red'],'tiles':[" START "],'figures':["
                "{'player':'r\\u00e9d','kind':'meeple','x':0,'y':0,'at':'N'}]")),
        FAILS(true, true, 400, "/position/figures/0/player",
              P("'players':['red'],'tiles':[" START "],'figures':["
                "{'player':'red\\u0000','kind':'meeple','x':0,'y':0,'at':'N'}]")),
        FAILS(true, true, 422, "/position/tiles/1/player",
              P("'players':['red'],'tiles':[" START ","
                "{ 'player' : 'Jo\xc3\xabl', 'tile':'abbey-mayor.abbey','x':1,'y':0,'rot':0}],"
                "'figures':[]")),
        FAILS(true, false, 400, "/position/figures/0/at",
              FIGURES("{ 'kind':'meeple', 'player':'red', 'x':0, 'y':0 }")),
        FAILS(true, false, 400, "/position/figures/0/flock",
              FIGURES("{'flock': [1], 'player':'red','kind':'meeple','x':0,'y':0,'at':'N'}")),
        FAILS(false, true, 400, "/position/tiles/0/player",
              TILES("{'player':'red', 'tile':'base.D','x':0,'y':0,'rot':0}")),
        FAILS(false, true, 400, "/position/tiles/0/z",
              TILES("{'rot': 0, 'y': 0, 'x': 0, 'tile': 'base.D', 'z': 0}")),
        /* The strict pass's own errors, wherever the lane stood. */
        FAILS(false, false, 400, "/position/figures/0/player",
              FIGURES("{'kind':'meeple','player':'r\xc3','x':0,'y':0,'at':'N'}")),
        FAILS(false, false, 400, "/position/figures/0/player",
              FIGURES("{'kind':'meeple','player':'r\\x','x':0,'y':0,'at':'N'}")),
        FAILS(false, false, 400, "/position/figures/0/player",
              FIGURES("{'kind':'meeple','player':'\\ud800','x':0,'y':0,'at':'N'}")),
        FAILS(false, false, 400, "/position/figures/0/at",
              FIGURES("{'kind':'meeple','player':'red','x':0,'y':0,'at':'N','at':'S'}")),
        FAILS(false, false, 400, "", TILES("{'rot': 0, 'y': 0 0, 'x': 0, 'tile': 'base.D'}")),
        FAILS(true, false, 400, "/position/figures/0/player", FIGURES("{ }")),
        FAILS(false, false, 400, "", TILES("{'rot': 0, 'y': 0, 'x': 0 'tile': 'base.D'}")),
        FAILS(false, false, 400, "/position/tiles/0",
              TILES("{'rot': 0, 'y': 0, 'x': 0, 'ti\\u0000le': 'base.D'}")),
        FAILS(false, false, 400, "/position/tiles/0/tile",
              TILES("{'rot': 0, 'y': 0, 'x': 0, 'tile': 'base.D\x01'}")),
    };
    RUN(rows);
}

/* A learned text is compared by its first and last eight bytes, kept as
 * words, and any bytes between with the text where it was learned
 * (decode_lane.c, same_text). Texts of 9 to 45 bytes, the member's name
 * standing between spaces so that an element whose "x" and "y" trade
 * places differs from the one before only there (in the last word, in
 * the word after the first, or further in): each element is read with
 * its own names, as the careful reader reads it (contract section 3). */
Test(decode_lane, a_long_text_differing_only_inside_is_read_by_name_section_3)
{
    static const int pads[][2] = { { 4, 4 }, { 8, 3 }, { 7, 7 }, { 7, 12 }, { 10, 10 },
                                   { 16, 7 }, { 7, 20 }, { 20, 20 } };
    for (size_t i = 0; i < sizeof pads / sizeof pads[0]; i++) {
        int before = pads[i][0], after = pads[i][1];
        char body[512];
        /* ,<before spaces>'x'<after spaces>: -- 5 + before + after bytes */
#define NAMED(name) ",%*s'" name "'%*s:"
#define TILE(a, b) "{'tile':'base.D'" NAMED(a) "%d" NAMED(b) "%d,'rot':0}"
        int n = snprintf(body, sizeof body,
                         P(PLAYERS ",'tiles':[" TILE("x", "y") "," TILE("y", "x") "," TILE("x", "y")
                               "],'figures':[]"),
                         before, "", after, "", 1, before, "", after, "", 2,       /* x 1, y 2 */
                         before, "", after, "", 3, before, "", after, "", 4,       /* y 3, x 4 */
                         before, "", after, "", 5, before, "", after, "", 6);      /* x 5, y 6 */
#undef TILE
#undef NAMED
        cr_assert(n > 0 && (size_t)n < sizeof body);
        const row rows[] = { TAKES(true, true, body) };
        RUN(rows);
    }
}

/* Issue 37: the lane expects each element laid out as the one before it
 * (decode_lane.c: the text before each value learned, then compared), and
 * reads by name from the first text that differs. Every way an element can
 * differ from the one before -- members in another order, one more or one
 * fewer, one twice after the expected ones, more or less whitespace at any
 * place -- is read as the careful reader reads it (contract section 3), or
 * refused with its error (section 4). */
Test(decode_lane, an_element_laid_out_unlike_the_one_before_is_read_by_name_section_3)
{
#define T2 "{'tile':'base.E','x':0,'y':-1,'rot':270}"
    static const row rows[] = {
        /* Another order, then the first order again. */
        TAKES(true, true, TILES(START ",{'x':0,'tile':'base.E','y':-1,'rot':270}," T2)),
        TAKES(true, true, TILES(START "," START "," "{'rot':90,'y':1,'x':0,'tile':'base.U'}," T2)),
        /* One member more (an abbey's player), then one fewer again. */
        TAKES(true, true, TILES(START "," ABBEY("'blue'") "," T2 "," ABBEY("'red'"))),
        TAKES(true, true, FIGURES(SHEPHERD("") "," SHEPHERD(",'flock':[1]") "," SHEPHERD("")
                                  "," MEEPLE)),
        /* More whitespace before a value than the element before had, less,
         * and elsewhere: before a name, before a ':', before the '}'. */
        TAKES(true, true, TILES("{'tile': 'base.D','x': 0,'y': 0,'rot': 0},"
                                "{'tile':  'base.E','x':\t0,'y':\n-1,'rot':  270},"
                                "{'tile':'base.U','x':0,'y':1,'rot':90},"
                                "{ 'tile' : 'base.D' , 'x' : 1 , 'y' : 1 , 'rot' : 0 },"
                                "{'tile':'base.D','x':2,'y':1,'rot':0 }")),
        /* Whitespace before an element's '{' (learned with its first
         * member): the same, more, less, none, then a stray byte. */
        TAKES(true, true, TILES("\n  " START ",\n  " T2 ",\n   " START ",\n " T2 "," START
                                ",\n  " T2 "\n")),
        FAILS(false, false, 400, "/position/tiles/2", TILES("\n  " START ",\n  " T2 ",\n  x" START)),
        /* A member missing where it was expected. */
        FAILS(false, true, 400, "/position/tiles/1/rot", TILES(START ",{'tile':'base.E','x':0,'y':-1}")),
        FAILS(true, false, 400, "/position/figures/1/at",
              FIGURES(MEEPLE ",{'player':'red','kind':'meeple','x':0,'y':0}")),
        /* A member twice, after the expected ones were read. */
        FAILS(false, false, 400, "/position/tiles/1/x",
              TILES(START ",{'tile':'base.E','x':0,'y':-1,'rot':270,'x':1}")),
        FAILS(false, false, 400, "/position/tiles/1/tile",
              TILES(START ",{'tile':'base.E','tile':'base.D','y':-1,'rot':270}")),
        FAILS(false, false, 400, "/position/figures/1/player",
              FIGURES(MEEPLE ",{'player':'red','kind':'meeple','x':0,'y':0,'at':'N','player':'red'}")),
        /* A member the element before did not have, and no element may. */
        FAILS(false, true, 400, "/position/tiles/1/z",
              TILES(START ",{'tile':'base.E','x':0,'y':-1,'rot':270,'z':0}")),
        /* A value the element before read, wrong here. */
        FAILS(false, true, 400, "/position/tiles/1/x", TILES(START ",{'tile':'base.E','x':1001,'y':-1,'rot':270}")),
        FAILS(false, false, 400, "/position/tiles/1/x", TILES(START ",{'tile':'base.E','x':01,'y':-1,'rot':270}")),
        FAILS(false, false, 400, "", TILES(START ",{'tile':'base.E','x':0 'y':-1,'rot':270}")),
    };
#undef T2
    RUN(rows);
}

/* The lane keeps the last two layouts of an array's elements, and reads an
 * element that differs from the one before as the other layout from
 * where they part (decode_lane.c). Elements alternating between two
 * layouts (a "flock" or a "player" more, at the end or first), between
 * three (the oldest forgotten), and an element that follows the other
 * layout and then differs from both -- a member twice, one more, one
 * fewer, a wrong value after the switch -- are read as the careful reader
 * reads them (contract section 3), or refused with its error (section 4). */
Test(decode_lane, elements_alternating_between_layouts_read_as_the_careful_reader_section_3)
{
#define T2 "{'tile':'base.E','x':0,'y':-1,'rot':270}"
#define FLOCKED "{'player':'blue','kind':'shepherd','x':0,'y':0,'at':'W','flock':[1,2]}"
#define FLOCK_FIRST "{'flock':[3],'at':'W','y':0,'x':0,'kind':'shepherd','player':'blue'}"
#define REVERSED "{'at':'N','y':0,'x':0,'kind':'meeple','player':'red'}"
    static const row rows[] = {
        TAKES(true, true, TILES(START "," ABBEY("'blue'") "," T2 "," ABBEY("'red'") "," T2 ","
                                ABBEY("'blue'") "," START)),
        TAKES(true, true, FIGURES(MEEPLE "," FLOCKED "," MEEPLE "," FLOCKED "," FLOCKED ","
                                  MEEPLE "," MEEPLE "," FLOCKED)),
        TAKES(true, true, FIGURES(REVERSED "," FLOCK_FIRST "," REVERSED "," FLOCK_FIRST ","
                                  REVERSED)),
        /* Three layouts in turn. */
        TAKES(true, true, FIGURES(MEEPLE "," FLOCKED "," REVERSED "," MEEPLE "," FLOCKED ","
                                  REVERSED "," FLOCK_FIRST "," MEEPLE)),
        TAKES(true, true, TILES(START "," ABBEY("'blue'") ",{'x':0,'tile':'base.E','y':-1,'rot':270},"
                                T2 "," ABBEY("'red'") "," START)),
        /* The other layout followed, then a member twice, one more, one
         * fewer, a wrong value. */
        FAILS(false, false, 400, "/position/figures/3/flock",
              FIGURES(MEEPLE "," FLOCKED "," MEEPLE
                      ",{'player':'blue','kind':'shepherd','x':0,'y':0,'at':'W','flock':[1],'flock':[2]}")),
        FAILS(true, false, 400, "/position/figures/3/z",
              FIGURES(MEEPLE "," FLOCKED "," MEEPLE
                      ",{'player':'blue','kind':'shepherd','x':0,'y':0,'at':'W','flock':[1],'z':0}")),
        FAILS(true, false, 400, "/position/figures/3/flock/0",
              FIGURES(MEEPLE "," FLOCKED "," MEEPLE
                      ",{'player':'blue','kind':'shepherd','x':0,'y':0,'at':'W','flock':[5]}")),
        FAILS(true, false, 400, "/position/figures/3/flock",
              FIGURES(MEEPLE "," FLOCKED "," MEEPLE
                      ",{'player':'blue','kind':'meeple','x':0,'y':0,'at':'W','flock':[1]}")),
        FAILS(false, false, 400, "/position/tiles/3/player",
              TILES(START "," ABBEY("'blue'") "," T2
                    ",{'tile':'abbey-mayor.abbey','x':1,'y':0,'rot':0,'player':'red','player':'red'}")),
        FAILS(true, false, 400, "/position/figures/3/at",
              FIGURES(REVERSED "," FLOCK_FIRST "," REVERSED
                      ",{'flock':[3],'y':0,'x':0,'kind':'shepherd','player':'blue'}")),
    };
#undef T2
#undef FLOCKED
#undef FLOCK_FIRST
#undef REVERSED
    RUN(rows);
}

/* body[0..len) in a block of its own, so that ASan sees a read past its
 * end; decoded with the lanes and without (tu_decode_both). */
static bool decode_exactly(const char *body, size_t len)
{
    char *copy = malloc(len > 0 ? len : 1);   /* ends at len: ASan sees a read past it */
    cr_assert_not_null(copy);
    memcpy(copy, body, len);
    cc_position *pos = malloc(sizeof *pos);
    cr_assert_not_null(pos);
    cc_error err;
    bool ok = tu_decode_both(copy, len, false, pos, &err);
    free(pos);
    free(copy);
    return ok;
}

/* An element (tile: a tile, else a figure) read as the careful reader
 * reads it in a later element of its array, far from the end of the body,
 * and as the last element of a body that ends there, cut at every byte of
 * its last 48 (each cut in a block that ends there). taken: the lane takes
 * the array far from the end if the careful reader does. */
static void far_and_near(const char *element, bool tile, bool taken)
{
    char text[512];
    if (tile)
        snprintf(text, sizeof text, TILES(START "," START ",%s"), element);
    else
        snprintf(text, sizeof text, FIGURES(MEEPLE "," MEEPLE ",%s"), element);
    char *far = unquote(text);
    bool ok = decode_exactly(far, strlen(far));
    if (ok && taken)
        cr_expect(tu_lane_took(far, tile ? "tiles" : "figures"), "the lane declines %s", far);
    if (tile)
        snprintf(text, sizeof text, P(PLAYERS ",'figures':[],'tiles':[" START "," START ",%s]"),
                 element);
    else
        snprintf(text, sizeof text, P(PLAYERS ",'tiles':[" START "],'figures':[" MEEPLE "," MEEPLE
                                      ",%s]"), element);
    char *near = unquote(text);
    size_t len = strlen(near);
    cr_expect_eq(decode_exactly(near, len), ok, "%s and %s read apart", far, near);
    for (size_t cut = len > 48 ? len - 48 : 0; cut < len; cut++)
        cr_expect_not(decode_exactly(near, cut), "%.*s decodes", (int)cut, near);
    free(near);
    free(far);
}

/* far_and_near for each value in each form (one "%s" each; the first
 * ntiles forms are tiles, the rest figures). A value holding a byte of
 * careful is one the lane leaves to the careful reader. */
static void every_form(const char *const *values, size_t nvalues, const char *const *forms,
                       size_t nforms, size_t ntiles, const char *careful)
{
    for (size_t i = 0; i < nvalues; i++)
        for (size_t f = 0; f < nforms; f++) {
            char element[128];
            snprintf(element, sizeof element, forms[f], values[i]);
            far_and_near(element, f < ntiles, strpbrk(values[i], careful) == NULL);
        }
}

/* The lane reads an integer of one to four digits (contract section 3: x
 * and y within the coordinate limit, rot in quarter turns) without a bound
 * where five bytes stand before the end of the body, and a learned text
 * without one where the longest and eight bytes more stand (decode_lane.c).
 * Every form of a number -- each count of digits, a sign, "-0", a leading
 * zero, a fraction or an exponent after it, a digit too many, and for rot
 * the texts of quarter turns it compares in place and numbers that begin
 * as they do -- reads as the careful reader reads it, far from the end and
 * near it. */
Test(decode_lane, every_form_of_a_number_far_from_and_near_the_end_reads_as_the_careful_reader_section_3)
{
    static const char *const numbers[] = {
        "0", "7", "12", "123", "999", "1000", "-0", "-7", "-12", "-123", "-999", "-1000",
        "90", "180", "270", "1001", "-1001", "9999", "-9999", "10000", "12345", "-10000",
        "00", "01", "-01", "0.0", "1.5", "12e1", "1E2", "-", "--1", "+1", "1.", "-a", "0x1",
        "270.0", "2700", "360", "45",
        /* Quarter turns' texts (read in place) and numbers that begin alike. */
        "9", "18", "27", "900", "1800", "2701", "180e0", "-90", "-270", "90.0",
    };
    static const char *const forms[] = {
        "{'tile':'base.E','x':%s,'y':-1,'rot':0}", "{'tile':'base.E','x':0,'y':%s,'rot':0}",
        "{'tile':'base.E','x':0,'y':-1,'rot':%s}",
        "{'player':'blue','kind':'meeple','x':%s,'y':0,'at':'S'}",
        "{'player':'blue','kind':'meeple','x':0,'y':%s,'at':'S'}",
    };
    /* 1.0 for 1 is the careful reader's to take. */
    every_form(numbers, sizeof numbers / sizeof numbers[0], forms, sizeof forms / sizeof forms[0],
               3, ".eE");
}

/* The same for a figure's location (read in place when it is of three
 * bytes at most), kind and player, the last members of a body: every
 * location of one to four bytes, none, escaped, cut short. */
Test(decode_lane, every_form_of_a_location_far_from_and_near_the_end_reads_as_the_careful_reader_section_3)
{
    static const char *const locations[] = {
        "'N'", "'NE'", "'NNE'", "'WSW'", "'C'", "''", "'NNNE'", "'n'", "'N ", "'N", "N",
        "'\\u004e'", "'N\\u0000'", "'#0'", "'N'.", "'NE'x",
    };
    static const char *const forms[] = {
        "{'player':'blue','kind':'meeple','x':0,'y':0,'at':%s}",
        "{'player':'blue','kind':'meeple','at':%s,'x':0,'y':0}",
        "{'x':0,'y':0,'at':%s,'player':'blue','kind':'meeple'}",
        "{'x':0,'y':0,'at':%s,'kind':'meeple','player':'blue'}",
    };
    every_form(locations, sizeof locations / sizeof locations[0], forms,
               sizeof forms / sizeof forms[0], 0, "\\");
}

/* What the lane remembers is compared, never trusted: a tile id in a slot
 * of its memo that another id filled (two ids of the same length whose last
 * eight bytes hash alike, with decode_lane.c's hash when this was written),
 * and a player's name written two ways (escaped or not, upper- or
 * lower-case hex digits) are each read as the careful reader reads them. */
Test(decode_lane, a_remembered_id_or_name_is_compared_not_trusted_section_3)
{
    static const row rows[] = {
        TAKES(true, true, TILES("{'tile':'hills-sheep.E','x':0,'y':0,'rot':0},"
                                "{'tile':'river-ii.RrII','x':1,'y':0,'rot':0},"
                                "{'tile':'hills-sheep.E','x':2,'y':0,'rot':0},"
                                "{'tile':'river-ii.RrII','x':3,'y':0,'rot':0}")),
        TAKES(true, true, P("'players':['Ji\\u0159\\u00ed','blue'],'tiles':[" START "],'figures':["
                            "{'player':'Ji\\u0159\\u00ed','kind':'meeple','x':0,'y':0,'at':'N'},"
                            "{'player':'Ji\\u0159\\u00ED','kind':'meeple','x':0,'y':0,'at':'S'},"
                            "{'player':'Ji\xc5\x99\xc3\xad','kind':'meeple','x':0,'y':0,'at':'E'},"
                            "{'player':'blue','kind':'meeple','x':0,'y':0,'at':'W'},"
                            "{'player':'Ji\\u0159\\u00ed','kind':'mayor','x':0,'y':0,'at':'NNE'}]")),
        /* Names that share their first bytes with a remembered one. */
        FAILS(true, true, 422, "/position/figures/2/player",
              P("'players':['red','blue'],'tiles':[" START "],'figures':["
                "{'player':'red','kind':'meeple','x':0,'y':0,'at':'N'},"
                "{'player':'blue','kind':'meeple','x':0,'y':0,'at':'S'},"
                "{'player':'re','kind':'meeple','x':0,'y':0,'at':'E'}]")),
        FAILS(true, true, 422, "/position/figures/1/player",
              P("'players':['red','blue'],'tiles':[" START "],'figures':["
                "{'player':'red','kind':'meeple','x':0,'y':0,'at':'N'},"
                "{'player':'redd','kind':'meeple','x':0,'y':0,'at':'S'}]")),
        /* An escaped name that is no player's, met twice: the first is the error. */
        FAILS(true, true, 422, "/position/figures/0/player",
              P("'players':['red','blue'],'tiles':[" START "],'figures':["
                "{'player':'r\\u00e9d','kind':'meeple','x':0,'y':0,'at':'N'},"
                "{'player':'r\\u00e9d','kind':'meeple','x':0,'y':0,'at':'S'}]")),
    };
    RUN(rows);
}

/* A name or kind met before is compared with the text where it was met,
 * closing quote included: a text that differs in its last byte, is one
 * byte shorter or longer, or is another name's first bytes is not that
 * name (short names and long ones alike). */
Test(decode_lane, a_remembered_short_or_long_name_or_kind_is_the_same_text_quotes_and_all_section_3)
{
#define SIX "'players':['yellow','magenta','yello'],'tiles':[" START "],'figures':["
    static const row rows[] = {
        TAKES(true, true, P(SIX "{'player':'yellow','kind':'shepherd','x':0,'y':0,'at':'N'},"
                                "{'player':'magenta','kind':'meeple','x':0,'y':0,'at':'S'},"
                                "{'player':'yello','kind':'shepherd','x':0,'y':0,'at':'E'},"
                                "{'player':'yellow','kind':'meeple','x':0,'y':0,'at':'W'},"
                                "{'player':'magenta','kind':'shepherd','x':0,'y':0,'at':'C'},"
                                "{'player':'yello','kind':'meeple','x':1,'y':0,'at':'N'}]")),
        FAILS(true, true, 422, "/position/figures/1/player",
              P(SIX "{'player':'yellow','kind':'meeple','x':0,'y':0,'at':'N'},"
                    "{'player':'yellowy','kind':'meeple','x':0,'y':0,'at':'S'}]")),
        FAILS(true, true, 422, "/position/figures/1/player",
              P(SIX "{'player':'yellow','kind':'meeple','x':0,'y':0,'at':'N'},"
                    "{'player':'yellox','kind':'meeple','x':0,'y':0,'at':'S'}]")),
        FAILS(true, true, 422, "/position/figures/1/player",
              P(SIX "{'player':'magenta','kind':'meeple','x':0,'y':0,'at':'N'},"
                    "{'player':'magent','kind':'meeple','x':0,'y':0,'at':'S'}]")),
        FAILS(true, false, 400, "/position/figures/1/kind",
              P(SIX "{'player':'yellow','kind':'meeple','x':0,'y':0,'at':'N'},"
                    "{'player':'yellow','kind':'meepl','x':0,'y':0,'at':'S'}]")),
        FAILS(true, false, 400, "/position/figures/1/kind",
              P(SIX "{'player':'yellow','kind':'shepherd','x':0,'y':0,'at':'N'},"
                    "{'player':'yellow','kind':'shepherds','x':0,'y':0,'at':'S'}]")),
        /* Every name and kind short. */
        FAILS(true, true, 422, "/position/figures/2/player",
              P("'players':['yellow','red'],'tiles':[" START "],'figures':["
                "{'player':'yellow','kind':'meeple','x':0,'y':0,'at':'N'},"
                "{'player':'red','kind':'mayor','x':0,'y':0,'at':'S'},"
                "{'player':'yellox','kind':'meeple','x':0,'y':0,'at':'E'}]")),
        TAKES(true, true, P("'players':['yellow','red'],'tiles':[" START "],'figures':["
                            "{'player':'yellow','kind':'meeple','x':0,'y':0,'at':'N'},"
                            "{'player':'red','kind':'mayor','x':0,'y':0,'at':'S'},"
                            "{'player':'red','kind':'meeple','x':0,'y':0,'at':'E'},"
                            "{'player':'yellow','kind':'mayor','x':1,'y':0,'at':'W'}]")),
    };
#undef SIX
    RUN(rows);
}

/* The bench's positions in each layout of their folders (issue 37: the
 * 67-tile late game it measured, the 100-tile one): the lane takes both
 * arrays of every one, and the positions decoded are the same but for the
 * players' names. */
Test(decode_lane, takes_the_bench_positions_in_every_layout)
{
    static const char *const layouts[] = { "compact", "python", "pretty", "reversed", "utf8",
                                           "python-utf8" };
    static const struct {
        const char *dir;
        int ntiles, nfigures;
    } positions[] = {
        { "bench/bodies/layouts-67", 67, 27 },
        { "bench/bodies/layouts", 100, 40 },
    };
    cc_position *first = malloc(sizeof *first), *pos = malloc(sizeof *pos);
    cr_assert(first && pos);
    for (size_t k = 0; k < sizeof positions / sizeof positions[0]; k++)
        for (size_t i = 0; i < sizeof layouts / sizeof layouts[0]; i++) {
            char path[128];
            snprintf(path, sizeof path, "%s/%s.json", positions[k].dir, layouts[i]);
            size_t len;
            char *body = tu_read_file(path, &len);
            cr_assert_not_null(body, "cannot read %s", path);
            cc_error err;
            cr_expect(tu_decode_both(body, len, false, pos, &err), "%s: %s", path,
                      tu_detail(&err));
            cr_expect(tu_lane_took(body, "tiles") && tu_lane_took(body, "figures"),
                      "the lane declines %s", path);
            cr_expect_eq(pos->ntiles, positions[k].ntiles, "%s", path);
            cr_expect_eq(pos->nfigures, positions[k].nfigures, "%s", path);
            if (i == 0)
                memcpy(first, pos, sizeof *pos);
            cr_expect(memcmp(pos->tiles, first->tiles, sizeof pos->tiles) == 0,
                      "%s: other tiles", path);
            cr_expect(memcmp(pos->figures, first->figures, sizeof pos->figures) == 0,
                      "%s: other figures", path);
            free(body);
        }
    free(first);
    free(pos);
}

/* Traders & Builders (issue 29) in every layout of issue 37: the lane
 * takes the tiles and the figures (a builder and a pig among them), and
 * the members it leaves to the careful reader, position.goods and
 * builder_turn, are read the same wherever they stand and however they
 * are spaced (contract section 3: goods per player and kind, builder_turn
 * a boolean). */
Test(decode_lane, takes_a_traders_position_and_reads_goods_and_builder_turn_in_every_layout_section_3)
{
    static const char *const layouts[] = {
        /* compact */
        "{'position':{'expansions':['traders-builders'],'players':['red','blue'],"
        "'tiles':[{'tile':'base.D','x':0,'y':0,'rot':0},{'tile':'base.U','x':1,'y':0,'rot':90}],"
        "'figures':[{'player':'red','kind':'meeple','x':0,'y':0,'at':'E'},"
        "{'player':'red','kind':'builder','x':1,'y':0,'at':'E'},"
        "{'player':'blue','kind':'meeple','x':1,'y':0,'at':'N'},"
        "{'player':'blue','kind':'pig','x':1,'y':0,'at':'N'}],"
        "'goods':{'red':{'wine':1},'blue':{'grain':2,'cloth':1}},'builder_turn':true}}",
        /* Python's json.dumps */
        "{'position': {'expansions': ['traders-builders'], 'players': ['red', 'blue'], "
        "'tiles': [{'tile': 'base.D', 'x': 0, 'y': 0, 'rot': 0}, {'tile': 'base.U', 'x': 1, 'y': 0, 'rot': 90}], "
        "'figures': [{'player': 'red', 'kind': 'meeple', 'x': 0, 'y': 0, 'at': 'E'}, "
        "{'player': 'red', 'kind': 'builder', 'x': 1, 'y': 0, 'at': 'E'}, "
        "{'player': 'blue', 'kind': 'meeple', 'x': 1, 'y': 0, 'at': 'N'}, "
        "{'player': 'blue', 'kind': 'pig', 'x': 1, 'y': 0, 'at': 'N'}], "
        "'goods': {'red': {'wine': 1}, 'blue': {'grain': 2, 'cloth': 1}}, 'builder_turn': true}}",
        /* pretty-printed */
        "{\n  'position': {\n    'expansions': [\n      'traders-builders'\n    ],\n"
        "    'players': [\n      'red',\n      'blue'\n    ],\n    'tiles': [\n"
        "      {\n        'tile': 'base.D',\n        'x': 0,\n        'y': 0,\n        'rot': 0\n      },\n"
        "      {\n        'tile': 'base.U',\n        'x': 1,\n        'y': 0,\n        'rot': 90\n      }\n"
        "    ],\n    'figures': [\n"
        "      {\n        'player': 'red',\n        'kind': 'meeple',\n        'x': 0,\n        'y': 0,\n        'at': 'E'\n      },\n"
        "      {\n        'player': 'red',\n        'kind': 'builder',\n        'x': 1,\n        'y': 0,\n        'at': 'E'\n      },\n"
        "      {\n        'player': 'blue',\n        'kind': 'meeple',\n        'x': 1,\n        'y': 0,\n        'at': 'N'\n      },\n"
        "      {\n        'player': 'blue',\n        'kind': 'pig',\n        'x': 1,\n        'y': 0,\n        'at': 'N'\n      }\n"
        "    ],\n    'goods': {\n      'red': {\n        'wine': 1\n      },\n"
        "      'blue': {\n        'grain': 2,\n        'cloth': 1\n      }\n    },\n"
        "    'builder_turn': true\n  }\n}\n",
        /* every member in reversed order, goods and builder_turn first */
        "{'position':{'builder_turn':true,'goods':{'blue':{'cloth':1,'grain':2},'red':{'wine':1}},"
        "'figures':[{'at':'E','y':0,'x':0,'kind':'meeple','player':'red'},"
        "{'at':'E','y':0,'x':1,'kind':'builder','player':'red'},"
        "{'at':'N','y':0,'x':1,'kind':'meeple','player':'blue'},"
        "{'at':'N','y':0,'x':1,'kind':'pig','player':'blue'}],"
        "'tiles':[{'rot':0,'y':0,'x':0,'tile':'base.D'},{'rot':90,'y':0,'x':1,'tile':'base.U'}],"
        "'players':['red','blue'],'expansions':['traders-builders']}}",
    };
    cc_position *first = malloc(sizeof *first), *pos = malloc(sizeof *pos);
    cr_assert(first && pos);
    for (size_t i = 0; i < sizeof layouts / sizeof layouts[0]; i++) {
        char *body = unquote(layouts[i]);
        cc_error err;
        cr_expect(tu_decode_both(body, strlen(body), false, pos, &err), "layout %zu: %s", i,
                  tu_detail(&err));
        cr_expect(tu_lane_took(body, "tiles") && tu_lane_took(body, "figures"),
                  "the lane declines layout %zu", i);
        cr_expect(pos->expansions & CC_EXP_TRADERS_BUILDERS, "layout %zu", i);
        cr_expect_eq(pos->ntiles, 2, "layout %zu", i);
        cr_expect_eq(pos->nfigures, 4, "layout %zu", i);
        cr_expect_eq(pos->figures[1].kind, CC_FIG_BUILDER, "layout %zu", i);
        cr_expect_eq(pos->figures[3].kind, CC_FIG_PIG, "layout %zu", i);
        cr_expect(pos->builder_turn, "layout %zu: builder_turn", i);
        cr_expect_eq(pos->goods[0][CC_GOODS_WINE], 1, "layout %zu: red's wine", i);
        cr_expect_eq(pos->goods[0][CC_GOODS_GRAIN] + pos->goods[0][CC_GOODS_CLOTH], 0,
                     "layout %zu: red's grain and cloth", i);
        cr_expect_eq(pos->goods[1][CC_GOODS_WINE], 0, "layout %zu: blue's wine", i);
        cr_expect_eq(pos->goods[1][CC_GOODS_GRAIN], 2, "layout %zu: blue's grain", i);
        cr_expect_eq(pos->goods[1][CC_GOODS_CLOTH], 1, "layout %zu: blue's cloth", i);
        if (i == 0)
            memcpy(first, pos, sizeof *pos);
        cr_expect(memcmp(pos->tiles, first->tiles, sizeof pos->tiles) == 0, "layout %zu: other tiles", i);
        cr_expect(memcmp(pos->figures, first->figures, sizeof pos->figures) == 0,
                  "layout %zu: other figures", i);
        free(body);
    }
    free(first);
    free(pos);
}

/* Anything else is left to the careful reader, which answers it as it
 * always has: accepted the same, or refused with the same error. */
Test(decode_lane, declines_every_other_form_and_the_careful_reader_answers_section_4)
{
    static const row rows[] = {
        /* Accepted by the careful reader: an escape in an id, a kind or a
         * location or a member name (no serializer writes one), 1.0 for an
         * integer. */
        TAKES(false, true, TILES("{'tile':'base.\\u0044','x':0,'y':0,'rot':0}")),
        TAKES(false, true, TILES("{'\\u0074ile':'base.D','x':0,'y':0,'rot':0}")),
        TAKES(false, true, TILES("{'tile':'base.D','x':1.0,'y':0,'rot':0}")),
        TAKES(false, true, TILES("{'tile':'base.D','x':0,'y':1e1,'rot':0}")),
        TAKES(true, false, FIGURES("{'player':'red','kind':'meepl\\u0065','x':0,'y':0,'at':'N'}")),
        TAKES(true, false, FIGURES("{'player':'red','kind':'meeple','x':0,'y':0,'at':'\\u004e'}")),
        /* Refused by the careful reader, each with its error. */
        /* Refused by the strict pass (so no array is taken at all). */
        FAILS(false, false, 400, "/position/tiles/0/x", TILES("{'tile':'base.D','x':01,'y':0,'rot':0}")),
        FAILS(false, false, 400, "/position/tiles/0/x",
              TILES("{'tile':'base.D','x':0,'x':0,'y':0,'rot':0}")),
        FAILS(false, false, 400, "", "{'position':{'tiles':[" START),
        /* A second "tiles" after one the lane took: the pass still sees it. */
        FAILS(false, false, 400, "/position/tiles",
              P(PLAYERS ",'tiles':[" START "],'tiles':[" START "],'figures':[]")),
        FAILS(false, true, 400, "/position/tiles/0/x",
              TILES("{'tile':'base.D','x':1001,'y':0,'rot':0}")),
        FAILS(false, true, 400, "/position/tiles/0/rot",
              TILES("{'tile':'base.D','x':0,'y':0,'rot':45}")),
        FAILS(false, true, 422, "/position/tiles/0/tile",
              TILES("{'tile':'base.DD','x':0,'y':0,'rot':0}")),
        FAILS(false, true, 400, "/position/tiles/1/player", TILES(START ","
              "{'tile':'base.E','x':0,'y':-1,'rot':0,'player':'red'}")),
        FAILS(true, false, 400, "/position/figures/0/kind",
              FIGURES("{'player':'red','kind':'wizard','x':0,'y':0,'at':'N'}")),
        FAILS(true, false, 400, "/position/figures/0/at",
              FIGURES("{'player':'red','kind':'meeple','x':0,'y':0,'at':'Q'}")),
        FAILS(true, false, 400, "/position/figures/0/flock",
              FIGURES("{'player':'red','kind':'meeple','x':0,'y':0,'at':'N','flock':[1]}")),
        FAILS(true, false, 400, "/position/figures/0/flock/0", FIGURES(SHEPHERD(",'flock':[5]"))),
        FAILS(true, false, 400, "/position/figures/0/flock/1", FIGURES(SHEPHERD(",'flock':[1,0]"))),
        FAILS(true, false, 422, "/position/figures/0/flock/20",
              FIGURES(SHEPHERD(",'flock':[1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1]"))),
    };
    RUN(rows);
}

static bool plain_text(const char *s)
{
    for (; *s != '\0'; s++)
        if (!jr_plain_byte[(unsigned char)*s])
            return false;
    return true;
}

/* The lane reads a tile id as plain bytes only (decode_lane.c, tile_id)
 * and declines any other string: an id in UTF-8, escaped or holding a
 * control byte goes to the careful reader, which names the error or
 * reads the escape. That loses no tile while every id and alias of the
 * catalog is plain ASCII (tiles.md section 9: ids as "base.D", aliases as
 * "BA/RCr"). */
Test(decode_lane, a_tile_id_other_than_plain_text_goes_to_the_careful_reader_section_3)
{
    const cc_catalog *cat = tu_catalog();
    for (int i = 0; i < cat->ntypes; i++) {
        const cc_tile_type *t = &cat->types[i];
        cr_expect(plain_text(t->id), "id %s", t->id);
        for (int a = 0; a < t->naliases; a++)
            cr_expect(plain_text(t->aliases[a]), "alias %s of %s", t->aliases[a], t->id);
    }
    static const row rows[] = {
        TAKES(false, true, TILES(START ",{'tile':'base.\\u0045','x':0,'y':-1,'rot':0}")),
        FAILS(false, true, 422, "/position/tiles/1/tile",
              TILES(START ",{'tile':'b\xc3\xa4se.E','x':0,'y':-1,'rot':0}")),
        FAILS(false, true, 422, "/position/tiles/1/tile",
              TILES(START ",{'tile':'base.E\xc3\xa4','x':0,'y':-1,'rot':0}")),
        FAILS(false, false, 400, "/position/tiles/1/tile",
              TILES(START ",{'tile':'base.E\x01','x':0,'y':-1,'rot':0}")),
        FAILS(false, false, 400, "/position/tiles/1/tile",
              TILES(START ",{'tile':'base.E\\q','x':0,'y':-1,'rot':0}")),
    };
    RUN(rows);
}

/* A player's name cannot be checked while the lane reads (the players come
 * later in decoding): an unknown one is the careful reader's 422, at the
 * element's "player", in document order. */
Test(decode_lane, an_unknown_player_is_the_careful_readers_422_section_4)
{
    static const row rows[] = {
        FAILS(true, true, 422, "/position/figures/1/player",
              FIGURES(MEEPLE ",{'player':'green','kind':'meeple','x':0,'y':0,'at':'S'}")),
        FAILS(true, true, 422, "/position/tiles/1/player", TILES(START "," ABBEY("'green'"))),
        FAILS(true, true, 422, "/position/tiles/1/player", TILES(START "," ABBEY("''"))),
        /* The tiles are decoded before the figures. */
        FAILS(true, true, 422, "/position/tiles/1/player",
              P(PLAYERS ",'tiles':[" START "," ABBEY("'green'") "],'figures':["
                "{'player':'green','kind':'meeple','x':0,'y':0,'at':'S'}]")),
        /* A name longer than any player's (CC_NAME_MAX). */
        FAILS(true, true, 422, "/position/figures/0/player",
              FIGURES("{'player':'abcdefghijklmnopqrstuvwxyz0123456789','kind':'meeple',"
                      "'x':0,'y':0,'at':'N'}")),
    };
    RUN(rows);
}

/* A position holds CC_MAX_TILES tiles and CC_MAX_FIGURES figures: the lane
 * takes as many, and leaves one more to the careful reader's 422. */
Test(decode_lane, takes_up_to_the_caps_and_leaves_one_more_to_the_422_section_3)
{
    for (int extra = 0; extra <= 1; extra++) {
        char *text = malloc(64 * 1024);
        cr_assert_not_null(text);
        /* With Inns & Cathedrals and Traders & Builders, whose large meeple,
         * builder and pig make the most figures CC_MAX_FIGURES
         * (cc_figures_cap). */
        int n = sprintf(text, "{\"position\":{\"expansions\":[\"inns-cathedrals\",\"traders-builders\"],"
                              "\"players\":[\"red\",\"blue\"],\"tiles\":[");
        for (int i = 0; i < CC_MAX_TILES + extra; i++)
            n += sprintf(text + n, "%s{\"tile\":\"base.D\",\"x\":%d,\"y\":0,\"rot\":0}",
                         i ? "," : "", i);
        n += sprintf(text + n, "],\"figures\":[");
        for (int i = 0; i < CC_MAX_FIGURES + extra; i++)
            n += sprintf(text + n, "%s{\"player\":\"red\",\"kind\":\"meeple\",\"x\":0,\"y\":%d,"
                         "\"at\":\"N\"}", i ? "," : "", i);
        sprintf(text + n, "]}}");
        cc_position pos;
        cc_error err;
        bool ok = tu_decode_both(text, strlen(text), false, &pos, &err);
        cr_expect_eq(tu_lane_took(text, "tiles"), extra == 0, "%d more tiles than the cap", extra);
        cr_expect_eq(tu_lane_took(text, "figures"), extra == 0, "%d more figures", extra);
        if (extra == 0) {
            cr_expect(ok, "%s", tu_detail(&err));
            cr_expect_eq(pos.ntiles, CC_MAX_TILES);
            cr_expect_eq(pos.nfigures, CC_MAX_FIGURES);
        } else {
            cr_expect_not(ok);
            cr_expect_eq((int)err.status, 422);
            char ptr[32];
            snprintf(ptr, sizeof ptr, "/position/tiles/%d", CC_MAX_TILES);
            cr_expect_str_eq(err.pointer, ptr);
        }
        free(text);
    }
}

/* Only /position/tiles and /position/figures are offered to the lane: the
 * same array elsewhere is read as any other (a "tiles" of another object
 * keeps its element spans). */
Test(decode_lane, only_the_positions_own_arrays_go_to_the_lane)
{
    static const char *const bodies[] = {
        "{\"setup\":{\"tiles\":[{\"tile\":\"base.D\",\"x\":0,\"y\":0,\"rot\":0}]}}",
        "{\"position\":{\"options\":{\"tiles\":[{\"tile\":\"base.D\",\"x\":0,\"y\":0,\"rot\":0}]}}}",
        "[{\"position\":{\"tiles\":[{\"tile\":\"base.D\",\"x\":0,\"y\":0,\"rot\":0}]}}]",
    };
    for (size_t b = 0; b < sizeof bodies / sizeof bodies[0]; b++) {
        jr_doc doc;
        dec_lanes lanes;
        cc_error err;
        dec_lanes_init(&lanes, tu_catalog());
        cr_assert(jr_parse_lane(&doc, bodies[b], strlen(bodies[b]), DEC_MAX_DEPTH, &lanes.lane,
                                &err), "body %zu: %s", b, tu_detail(&err));
        for (uint32_t i = 0; i < doc.ntokens; i++) {
            uint32_t meta = doc.tokens[i].meta;
            cr_expect(meta >> JR_META_TYPE_SHIFT != JR_ARRAY || !(meta & JR_META_ESCAPED),
                      "body %zu: span %u was taken by the lane", b, i);
        }
        jr_doc_free(&doc);
    }
}

/* Nesting: the lane is offered an array only where all it may hold (a
 * figure's flock is three levels below the position) is within the depth
 * allowed, so a body too deep for max_depth is refused as the pass refuses
 * it, with its pointer, and one within it is taken. */
Test(decode_lane, a_body_too_deep_is_refused_as_without_the_lane)
{
    static const struct {
        const char *body;
        int fits;          /* the smallest max_depth that accepts it */
    } bodies[] = {
        { "{\"position\":{\"tiles\":[{\"tile\":\"base.D\",\"x\":0,\"y\":0,\"rot\":0}]}}", 4 },
        { "{\"position\":{\"figures\":[{\"player\":\"red\",\"kind\":\"shepherd\",\"x\":0,"
          "\"y\":0,\"at\":\"N\",\"flock\":[2]}]}}", 5 },
    };
    for (size_t b = 0; b < sizeof bodies / sizeof bodies[0]; b++)
        for (int depth = 1; depth <= 6; depth++) {
            const char *body = bodies[b].body;
            jr_doc with, without;
            dec_lanes lanes;
            cc_error e1, e2;
            memset(&e1, 0, sizeof e1);
            memset(&e2, 0, sizeof e2);
            dec_lanes_init(&lanes, tu_catalog());
            bool ok1 = jr_parse_lane(&with, body, strlen(body), depth, &lanes.lane, &e1);
            bool ok2 = jr_parse(&without, body, strlen(body), depth, &e2);
            cr_expect_eq(ok1, depth >= bodies[b].fits, "body %zu, max depth %d", b, depth);
            cr_expect_eq(ok1, ok2, "body %zu, max depth %d", b, depth);
            if (!ok1 && !ok2) {
                cr_expect_str_eq(e1.pointer, e2.pointer, "body %zu, max depth %d", b, depth);
                cr_expect_str_eq(tu_detail(&e1), tu_detail(&e2), "body %zu, max depth %d", b,
                                 depth);
            }
            jr_doc_free(&with);
            jr_doc_free(&without);
        }
}

/* The bench's 100-tile position (bench/bodies/, a random game's with
 * abbeys and shepherds): both arrays taken, the same position. */
Test(decode_lane, takes_a_whole_game_position_of_the_bench)
{
    FILE *f = fopen("bench/bodies/placements.json", "rb");
    cr_assert_not_null(f, "bench/bodies/placements.json (tests run from the repository)");
    char *text = malloc(1 << 16);
    cr_assert_not_null(text);
    size_t n = fread(text, 1, (1 << 16) - 1, f);
    fclose(f);
    text[n] = '\0';
    cc_position pos;
    cc_error err;
    cr_expect(tu_decode_both(text, n, false, &pos, &err), "%s", tu_detail(&err));
    cr_expect(tu_lane_took(text, "tiles"));
    cr_expect(tu_lane_took(text, "figures"));
    cr_expect_eq(pos.ntiles, 100);
    cr_expect_eq(pos.nfigures, 40);
    free(text);
}
