/* test_jcz_app_games.c -- the apps' own saved games with their own scores.
 *
 * JCloisterZone tests its Inns & Cathedrals scoring on two saved games,
 * src/test/resources/saved-games/inns_and_cathedrals/innsScoring.jcz and
 * cathedralsScoring.jcz (farin/JCloisterZone, added in commit 06bcfdb6d603;
 * their moves are unchanged through the last version, 34e4311b8046,
 * appVersion 4.4.0), and asserts each player's points in
 * src/test/java/com/jcloisterzone/integration/inns_and_cathedrals/
 * InnsAndCathedralsScoringTest.java, testInnsScoring and
 * testCathedralsScoring (06bcfdb6d603; the class went with the engine and
 * client split, 3c9385a864c5). Those files are in the app's 4.x format,
 * which the service does not read (docs/jcz.md); tests/service/jcz/games/
 * app-inns-scoring.jcz and app-cathedrals-scoring.jcz hold the same moves
 * in the format of the current apps: the same players (Alice first), the
 * base start tile at (0, 0), the same tiles, rotations, positions and
 * meeples, and the same draw order ending with #END.
 *
 * Each game is checked twice, as a client would ask:
 *   - the file as the app saved it: POST /v1/import/jcz answers the game
 *     over, with the app's totals;
 *   - the same file saved before the pile was known to be empty (no #END):
 *     the import answers the game still running, and POST /v1/score with
 *     final: true gives the end-game scoring; the position's scores plus
 *     its totals are the app's.
 * The app also asserts each player's points by category (ROAD, CITY,
 * CLOISTER, FARM): here, the points of every event of the feature types
 * road, city, cloister and field, summed per player. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <json-c/json.h>

#include "../../support/asktest.h"
#include "../../support/testutil.h"

CC_SUITE(jcz_app_games);

#define GAMES "tests/service/jcz/games/"

static char *game_text(const char *name, bool with_end)
{
    char path[256];
    snprintf(path, sizeof path, GAMES "%s", name);
    size_t len;
    char *text = tu_read_file(path, &len);
    cr_assert_not_null(text, "cannot read %s", path);
    if (!with_end) {
        char *end = strstr(text, ", \"#END\"");
        cr_assert_not_null(end, "%s has no #END", name);
        memmove(end, end + strlen(", \"#END\""), strlen(end + strlen(", \"#END\"")) + 1);
    }
    return text;
}

static json_object *import(const char *name, bool with_end)
{
    char *text = game_text(name, with_end);
    json_object *a = tu_post("/v1/import/jcz", text, 200);
    free(text);
    return a;
}

/* A player's points in o's member `member` (absent: 0, as totals may omit
 * players who score nothing). */
static int points(json_object *o, const char *member, const char *player)
{
    json_object *m = tu_member(o, member), *v;
    return json_object_object_get_ex(m, player, &v) ? json_object_get_int(v) : 0;
}

/* The events of every turn, in order, of kind `kind`: their count, and the
 * last one in *last. */
static int events_of_kind(json_object *a, const char *kind, json_object **last)
{
    json_object *turns = tu_member(a, "events");
    int n = 0;
    for (size_t t = 0; t < json_object_array_length(turns); t++) {
        json_object *evs = tu_member(json_object_array_get_idx(turns, t), "events");
        for (size_t e = 0; e < json_object_array_length(evs); e++) {
            json_object *ev = json_object_array_get_idx(evs, e);
            if (strcmp(tu_str(ev, "kind"), kind) == 0) {
                *last = ev;
                n++;
            }
        }
    }
    return n;
}

/* The app's categories: the feature types whose points each adds up. */
static const char *const categories[][2] = {
    { "ROAD", "road" }, { "CITY", "city" }, { "CLOISTER", "cloister" }, { "FARM", "field" },
};

/* player's points over the events of every turn of a whose feature is of
 * type `type`. */
static int category_points(json_object *a, const char *type, const char *player)
{
    json_object *turns = tu_member(a, "events");
    int sum = 0;
    for (size_t t = 0; t < json_object_array_length(turns); t++) {
        json_object *evs = tu_member(json_object_array_get_idx(turns, t), "events"), *ty;
        for (size_t e = 0; e < json_object_array_length(evs); e++) {
            json_object *ev = json_object_array_get_idx(evs, e);
            if (json_object_object_get_ex(ev, "type", &ty) &&
                strcmp(json_object_get_string(ty), type) == 0)
                sum += points(ev, "points", player);
        }
    }
    return sum;
}

/* The final scoring of position pos through POST /v1/score. */
static json_object *final_scoring(json_object *pos)
{
    json_object *body = json_object_new_object();
    json_object_object_add(body, "position", json_object_get(pos));
    json_object_object_add(body, "final", json_object_new_boolean(1));
    json_object *s = tu_post("/v1/score", json_object_to_json_string(body), 200);
    json_object_put(body);
    return s;
}

typedef struct {
    const char *file;
    const char *type;            /* the category the app counts the points in */
    const char *complete_rule;   /* the completed feature's rule */
    const char *final_rule;      /* the incomplete one's at the end */
    int alice, bob;              /* the app's totals, all in the category of `type` */
} app_game;

static void game_over_with_app_totals(const app_game *g)
{
    json_object *a = import(g->file, true);
    cr_assert(json_object_get_boolean(tu_member(a, "game_over")), "%s", g->file);
    json_object *pos = tu_member(a, "position");
    cr_assert_eq(points(pos, "scores", "Alice"), g->alice, "%s", g->file);
    cr_assert_eq(points(pos, "scores", "Bob"), g->bob, "%s", g->file);
    json_object *done = NULL, *final = NULL;
    cr_assert_eq(events_of_kind(a, "completed", &done), 1, "%s", g->file);
    cr_assert_str_eq(tu_str(done, "type"), g->type);
    cr_assert(tu_cites(done, g->complete_rule), "%s", json_object_to_json_string(done));
    cr_assert_eq(points(done, "points", "Alice"), g->alice);
    cr_assert_eq(events_of_kind(a, "final", &final), 1, "%s", g->file);
    cr_assert_str_eq(tu_str(final, "type"), g->type);
    cr_assert(tu_cites(final, g->final_rule), "%s", json_object_to_json_string(final));
    cr_assert_eq(points(final, "points", "Bob"), 0);
    cr_assert_eq(json_object_array_length(tu_member(pos, "figures")), 0);
    for (size_t c = 0; c < sizeof categories / sizeof categories[0]; c++) {
        bool counted = strcmp(categories[c][1], g->type) == 0;
        cr_assert_eq(category_points(a, categories[c][1], "Alice"), counted ? g->alice : 0,
                     "%s: Alice's %s", g->file, categories[c][0]);
        cr_assert_eq(category_points(a, categories[c][1], "Bob"), counted ? g->bob : 0,
                     "%s: Bob's %s", g->file, categories[c][0]);
    }
    json_object_put(a);
}

static void final_scoring_asked_after_the_import(const app_game *g)
{
    json_object *a = import(g->file, false);
    cr_assert_not(json_object_get_boolean(tu_member(a, "game_over")), "%s", g->file);
    json_object *pos = tu_member(a, "position");
    json_object *s = final_scoring(pos);
    cr_assert_eq(points(pos, "scores", "Alice") + points(s, "totals", "Alice"), g->alice,
                 "%s: %s", g->file, json_object_to_json_string(s));
    cr_assert_eq(points(pos, "scores", "Bob") + points(s, "totals", "Bob"), g->bob, "%s: %s",
                 g->file, json_object_to_json_string(s));
    json_object *evs = tu_member(s, "events");
    cr_assert_eq(json_object_array_length(evs), 1, "%s", json_object_to_json_string(s));
    json_object *ev = json_object_array_get_idx(evs, 0);
    cr_assert_str_eq(tu_str(ev, "type"), g->type);
    cr_assert(tu_cites(ev, g->final_rule), "%s", json_object_to_json_string(ev));
    json_object_put(s);
    json_object_put(a);
}

/* testInnsScoring: "completed inns scoring, unfinished inn final scoring
 * (0 points)". Alice's road from IC/CRCR over the start tile and IC/RFr.i
 * (its inn) to the junction IC/RRR.i is complete: 4 tiles x 2 = 8. Bob's
 * road east of the junction has the junction's inn and stays open: 0 at
 * the end (I&C, Inn: an incomplete road with an inn scores nothing).
 * App: Alice 8 (ROAD 8), Bob 0. */
static const app_game inns = {
    "app-inns-scoring.jcz", "road", "inn.score.complete", "inn.score.final", 8, 0,
};

/* testCathedralsScoring: "completed cathedral scoring". Alice's city of the
 * start tile, the cathedral IC/Cccc.c, two BA/C and the south half of
 * BA/CFC.2 is complete: 5 tiles x 3 = 15. Bob's city of the second
 * cathedral (BA/CFC.2's north half, one BA/C) stays open: 0 at the end
 * (I&C, Cathedral). App: Alice 15 (CITY 15), Bob 0. */
static const app_game cathedrals = {
    "app-cathedrals-scoring.jcz", "city", "cathedral.score.complete", "cathedral.score.final", 15, 0,
};

Test(jcz_app_games, inns_scoring_gives_the_apps_totals)
{
    game_over_with_app_totals(&inns);
    final_scoring_asked_after_the_import(&inns);
}

Test(jcz_app_games, cathedrals_scoring_gives_the_apps_totals)
{
    game_over_with_app_totals(&cathedrals);
    final_scoring_asked_after_the_import(&cathedrals);
}
