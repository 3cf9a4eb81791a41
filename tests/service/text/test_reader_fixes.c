/* test_reader_fixes.c -- what a reader found in the translated texts
 * (issue 34), each checked where the service words it:
 *   - Czech and Polish name an edge with an adjective ("jižní hrana",
 *     "południowa krawędź"), never a bare noun after it ("Hrana jih",
 *     "Krawędź południe"): a choice {side:north|east|south|west} picks the
 *     language's own word for each side (service/text/format.c);
 *   - Polish describes an open or complete feature without an adjective
 *     that agrees with one gender only ("droga ... otwarte");
 *   - German says "Stand" once in the standing, and calls a JSON member a
 *     "Schlüssel" (not "Unbekanntes Member");
 *   - French puts a space before the colon after a heading ("Classement :"),
 *     as French typography and the other French sentences do;
 *   - a detail starts with a capital in Cyrillic too ("Северная сторона").
 * The English of every case stays as it was (the golden digests check it). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <json-c/json.h>

#include "../../support/asktest.h"
#include "../../support/testutil.h"

CC_SUITE(reader_fixes);

/* base.D at (0, 1), unturned: its city (north) touches the start tile's
 * field (south). */
static const char *const MISMATCH =
    "{\"position\":{\"tiles\":[{\"tile\":\"base.D\",\"x\":0,\"y\":0,\"rot\":0},"
    "{\"tile\":\"base.D\",\"x\":0,\"y\":1,\"rot\":0}],\"players\":[\"red\",\"blue\"],\"figures\":[]}}";

static char *detail_in(const char *lang)
{
    char path[64];
    snprintf(path, sizeof path, "/v1/validate?lang=%s", lang);
    json_object *answer = tu_post(path, MISMATCH, 422);
    char *detail = strdup(tu_str(answer, "detail"));
    json_object_put(answer);
    return detail;
}

Test(reader_fixes, an_edge_is_named_with_an_adjective_in_czech_and_polish)
{
    char *en = detail_in("en");
    cr_expect(strncmp(en, "The north edge of tiles/1", 25) == 0 ||
              strncmp(en, "The south edge of tiles/0", 25) == 0, "English: %s", en);
    bool north = strncmp(en, "The north", 9) == 0;
    char *cs = detail_in("cs");
    const char *cs_want = north ? "Severní hrana" : "Jižní hrana";
    cr_expect(strncmp(cs, cs_want, strlen(cs_want)) == 0, "Czech: %s", cs);
    cr_expect_null(strstr(cs, "rana sever"), "%s", cs);
    cr_expect_null(strstr(cs, "rana jih"), "%s", cs);
    char *pl = detail_in("pl");
    const char *pl_want = north ? "Północna krawędź" : "Południowa krawędź";
    cr_expect(strncmp(pl, pl_want, strlen(pl_want)) == 0, "Polish: %s", pl);
    cr_expect_null(strstr(pl, "rawędź północ"), "%s", pl);
    cr_expect_null(strstr(pl, "rawędź południe"), "%s", pl);
    free(en);
    free(cs);
    free(pl);
}

/* The text of POST /v1/describe of a golden position in lang. */
static char *describe_in(const char *name, const char *lang)
{
    char path[128];
    snprintf(path, sizeof path, "tests/service/text/golden/%s.json", name);
    char *request = tu_read_file(path, NULL);
    snprintf(path, sizeof path, "/v1/describe?lang=%s", lang);
    json_object *answer = tu_post(path, request, 200);
    char *text = strdup(tu_str(answer, "text"));
    json_object_put(answer);
    free(request);
    return text;
}

static int count(const char *s, const char *what)
{
    int n = 0;
    for (const char *p = strstr(s, what); p; p = strstr(p + 1, what))
        n++;
    return n;
}

Test(reader_fixes, polish_open_and_complete_features_agree_with_every_gender)
{
    char *pl = describe_in("expansions", "pl");
    cr_expect_gt(count(pl, "obszar otwarty"), 0, "%s", pl);
    cr_expect_eq(count(pl, "; otwarte"), 0, "%s", pl);
    cr_expect_eq(count(pl, "; ukończone"), 0, "%s", pl);
    free(pl);
}

Test(reader_fixes, german_standing_says_stand_once_and_a_member_is_a_schluessel)
{
    static const char *const names[] = { "closed-city", "expansions" };
    for (size_t i = 0; i < 2; i++) {
        char *de = describe_in(names[i], "de");
        cr_expect_eq(count(de, "Stand:"), 1, "%s", de);
        free(de);
    }
    json_object *p = tu_post("/v1/validate?lang=de",
                             "{\"position\":{\"tiles\":[],\"players\":[\"red\"],\"figures\":[]},\"bogus\":1}",
                             400);
    cr_expect_str_eq(tu_str(p, "title"), "Unbekannter Schlüssel");
    cr_expect_null(strstr(tu_str(p, "detail"), "Member"), "%s", tu_str(p, "detail"));
    json_object_put(p);
}

Test(reader_fixes, french_headings_take_a_space_before_the_colon)
{
    char *fr = describe_in("closed-city", "fr");
    cr_expect_gt(count(fr, "Classement :"), 0, "%s", fr);
    cr_expect_eq(count(fr, "Classement:"), 0, "%s", fr);
    cr_expect_eq(count(fr, "Joueurs:"), 0, "%s", fr);
    free(fr);
    char *en = describe_in("closed-city", "en");
    cr_expect_gt(count(en, "Standing: "), 0, "English keeps its colon: %s", en);
    free(en);
}

/* A detail starts with a capital letter in every script the service
 * writes: the Russian one begins with a Cyrillic adjective (dispatch.c,
 * capitalise), the Czech one with a Latin letter that has a hook. */
Test(reader_fixes, a_detail_starts_with_a_capital_in_cyrillic_too)
{
    char *ru = detail_in("ru");
    cr_expect(strncmp(ru, "Северная сторона", strlen("Северная сторона")) == 0, "Russian: %s", ru);
    free(ru);
    json_object *p = tu_post("/v1/validate?lang=cs", MISMATCH, 422);
    cr_expect(strncmp(tu_str(p, "detail"), "Severní", strlen("Severní")) == 0, "%s", tu_str(p, "detail"));
    json_object_put(p);
}
