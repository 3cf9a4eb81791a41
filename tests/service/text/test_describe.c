/* test_describe.c -- POST /v1/describe: a position in words.
 *
 * Golden answers: tests/service/text/golden/<name>.json is a request, and
 * <name>.txt the exact text it must answer (read and checked by hand
 * against the position when written: each tile's edges after its
 * rotation, each figure's feature, each feature's cells, state, occupants
 * and value, the standing). The positions cover every sentence form:
 * the start tile alone (no figure, nobody leads); the README's closed city
 * (a complete city held by red, a leader only after the final scoring);
 * and three players with Abbey & Mayor, Hills & Sheep and Messages (an
 * abbey and its owner, a mayor, a barn on its corner, a shepherd and its
 * flock, a wagon, both house-rule options, score pairs, abbeys in hand).
 * In the other languages the same position keeps every number and every
 * sentence's place, and no sentence is left in English.
 * Files are read relative to the repository root, where `make unit` runs. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <json-c/json.h>

#include "../../support/asktest.h"
#include "../../support/testutil.h"

CC_SUITE(describe);


static void check_golden(const char *name)
{
    char path[256];
    snprintf(path, sizeof path, "tests/service/text/golden/%s.json", name);
    char *request = tu_read_file(path, NULL);
    snprintf(path, sizeof path, "tests/service/text/golden/%s.txt", name);
    size_t n;
    char *golden = tu_read_file(path, &n);
    if (n > 0 && golden[n - 1] == '\n')   /* the file ends its last line */
        golden[n - 1] = '\0';
    json_object *answer = tu_post("/v1/describe", request, 200);
    cr_expect_str_eq(tu_str(answer, "text"), golden, "%s", name);
    /* The text is the sections' sentences, in order. */
    json_object *sections = tu_member(answer, "sections");
    const char *text = tu_str(answer, "text");
    const char *at = text;
    json_object_object_foreach(sections, key, list) {
        for (size_t i = 0; i < json_object_array_length(list); i++) {
            const char *sentence = json_object_get_string(json_object_array_get_idx(list, i));
            const char *found = strstr(at, sentence);
            cr_expect_not_null(found, "%s: section %s sentence %zu not in the text in order", name,
                               key, i);
            if (found)
                at = found + strlen(sentence);
        }
    }
    json_object_put(answer);
    free(golden);
    free(request);
}

Test(describe, the_start_tile_alone_reads_back_word_for_word)
{
    check_golden("start-tile");
}

Test(describe, the_readme_closed_city_reads_back_word_for_word)
{
    check_golden("closed-city");
}

Test(describe, three_players_with_every_figure_kind_read_back_word_for_word)
{
    check_golden("expansions");
}

/* Deterministic wording: the board is told in reading order, whatever
 * order the position lists its tiles in. */
Test(describe, the_order_of_the_tiles_in_the_request_does_not_change_the_words)
{
    char *request = tu_read_file("tests/service/text/golden/expansions.json", NULL);
    json_object *root = json_tokener_parse(request);
    json_object *position = tu_member(root, "position");
    json_object *tiles = tu_member(position, "tiles");
    size_t n = json_object_array_length(tiles);
    json_object *reversed = json_object_new_array();
    for (size_t i = n; i-- > 0;)
        json_object_array_add(reversed, json_object_get(json_object_array_get_idx(tiles, i)));
    json_object_object_add(position, "tiles", reversed);
    json_object *a = tu_post("/v1/describe", request, 200);
    json_object *b = tu_post("/v1/describe", json_object_to_json_string(root), 200);
    cr_expect_str_eq(tu_str(a, "text"), tu_str(b, "text"));
    json_object_put(b);
    json_object_put(a);
    json_object_put(root);
    free(request);
}

/* Nobody has scored yet, so both lead now; red's complete city gives red
 * 4 points at the end (README example), so red alone leads after it. */
Test(describe, leaders_now_and_after_the_final_scoring)
{
    char *request = tu_read_file("tests/service/text/golden/closed-city.json", NULL);
    json_object *answer = tu_post("/v1/describe", request, 200);
    json_object *leaders = tu_member(answer, "leaders");
    json_object *now = tu_member(leaders, "now"), *final = tu_member(leaders, "final");
    cr_assert_eq(json_object_array_length(now), 2);
    cr_assert_eq(json_object_array_length(final), 1);
    cr_expect_str_eq(json_object_get_string(json_object_array_get_idx(final, 0)), "red");
    json_object *rules = tu_member(answer, "rules");
    bool city = false;
    for (size_t i = 0; i < json_object_array_length(rules); i++)
        city |= strcmp(json_object_get_string(json_object_array_get_idx(rules, i)),
                       "base.score.city.complete") == 0;
    cr_expect(city, "the final scoring's rules are cited");
    json_object_put(answer);
    free(request);
}

/* Bad positions get the same problems as every position route. */
Test(describe, a_bad_position_is_the_problem_every_position_route_gives)
{
    json_object *p = tu_post("/v1/describe",
                             "{\"position\":{\"players\":[\"red\",\"blue\"],\"tiles\":["
                             "{\"tile\":\"base.D\",\"x\":0,\"y\":0,\"rot\":0},"
                             "{\"tile\":\"base.E\",\"x\":0,\"y\":-1,\"rot\":0}],\"figures\":[]}}",
                             422);
    cr_expect_str_eq(tu_str(p, "pointer"), "/position/tiles/1");
    json_object_put(p);
    p = tu_post("/v1/describe",
                "{\"position\":{\"players\":[\"red\",\"blue\"],\"tiles\":[],\"figures\":[]},\"x\":1}", 400);
    cr_expect_str_eq(tu_str(p, "pointer"), "/x");
    json_object_put(p);
}

/* The runs of digits of text, sorted (at most 512): the numbers, cells and
 * scores a description carries, whatever the words around them. */
static size_t numbers(const char *text, long *out)
{
    size_t n = 0;
    for (const char *p = text; *p && n < 512;) {
        if (*p >= '0' && *p <= '9') {
            char *end;
            out[n++] = strtol(p, &end, 10);
            p = end;
        } else {
            p++;
        }
    }
    for (size_t i = 1; i < n; i++)
        for (size_t j = i; j > 0 && out[j - 1] > out[j]; j--) {
            long t = out[j];
            out[j] = out[j - 1];
            out[j - 1] = t;
        }
    return n;
}

/* Every sentence form (the expansions position) in every language served:
 * the English numbers, the same sections and leaders, every sentence
 * worded differently from the English one. */
Test(describe, every_language_keeps_the_english_numbers_and_leaves_no_english_sentence)
{
    char *request = tu_read_file("tests/service/text/golden/expansions.json", NULL);
    json_object *en = tu_post("/v1/describe", request, 200);
    static long want[512], got[512];
    size_t nwant = numbers(tu_str(en, "text"), want);
    const char *langs[TXT_LANGUAGES_MAX];
    size_t nlangs = tu_languages(langs, true);
    for (size_t l = 0; l < nlangs; l++) {
        char path[64];
        snprintf(path, sizeof path, "/v1/describe?lang=%s", langs[l]);
        json_object *tr = tu_post(path, request, 200);
        size_t ngot = numbers(tu_str(tr, "text"), got);
        cr_expect_eq(ngot, nwant, "%s: %zu numbers, English %zu", langs[l], ngot, nwant);
        for (size_t i = 0; i < ngot && i < nwant; i++)
            cr_expect_eq(got[i], want[i], "%s: number %zu", langs[l], i);
        cr_expect_str_eq(json_object_to_json_string(tu_member(tr, "leaders")),
                         json_object_to_json_string(tu_member(en, "leaders")), "%s", langs[l]);
        json_object *sections = tu_member(en, "sections");
        json_object_object_foreach(sections, key, list) {
            json_object *other = tu_member(tu_member(tr, "sections"), key);
            cr_assert_eq(json_object_array_length(other), json_object_array_length(list), "%s %s",
                         langs[l], key);
            for (size_t i = 0; i < json_object_array_length(list); i++)
                cr_expect_str_neq(json_object_get_string(json_object_array_get_idx(other, i)),
                                  json_object_get_string(json_object_array_get_idx(list, i)),
                                  "%s: %s sentence %zu is still English", langs[l], key, i);
        }
        json_object_put(tr);
    }
    json_object_put(en);
    free(request);
}
