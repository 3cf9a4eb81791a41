/* test_lang_golden.c -- one golden answer per language (issue 15): a score
 * event's explanation, a barn-check reason and an engine problem, in en,
 * de, fr, cs, pl and ca.
 *
 * tests/service/text/golden/lang/<case>.json is the request and
 * <case>.<lang>.txt the exact sentence it must answer in that language
 * (for the problem: its title, a newline, its detail). The translations
 * were read against the English and the rule when recorded. Beside the
 * words, each translation must carry exactly the numbers of the English
 * one, in any order: a translation may reorder, never invent or drop.
 * Files are read relative to the repository root, where `make unit` runs. */
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <json-c/json.h>

#include "../../support/asktest.h"
#include "../../support/testutil.h"

CC_SUITE(lang_golden);

#define DIR "tests/service/text/golden/lang/"

static const char *const languages[] = { "en", "de", "fr", "cs", "pl", "ca" };

/* A golden file's text, without the newline that ends its last line. */
static char *read_text(const char *path)
{
    size_t n;
    char *text = tu_read_file(path, &n);
    if (n > 0 && text[n - 1] == '\n')
        text[n - 1] = '\0';
    return text;
}


/* The sentence of a case's answer, as the golden files hold it; the
 * caller frees it. */
static char *sentence(const char *kind, json_object *answer)
{
    char buf[2048];
    if (strcmp(kind, "score") == 0) {
        json_object *events = tu_member(answer, "events");
        snprintf(buf, sizeof buf, "%s", tu_str(json_object_array_get_idx(events, 0), "explain"));
    } else if (strcmp(kind, "barn") == 0) {
        snprintf(buf, sizeof buf, "%s", tu_str(tu_member(answer, "reason"), "explain"));
    } else {
        snprintf(buf, sizeof buf, "%s\n%s", tu_str(answer, "title"), tu_str(answer, "detail"));
    }
    return strdup(buf);
}

/* The numbers of s, sorted, one string ("-1 0 0 2 2 4 4 ..."). */
static void numbers(const char *s, char *out, size_t size)
{
    long v[64];
    int n = 0;
    for (const char *p = s; *p && n < 64; p++) {
        if (isdigit((unsigned char)*p) && (p == s || !isdigit((unsigned char)p[-1]))) {
            long x = strtol(p, NULL, 10);
            v[n++] = (p > s && p[-1] == '-') ? -x : x;
        }
    }
    for (int i = 1; i < n; i++)
        for (int j = i; j > 0 && v[j - 1] > v[j]; j--) {
            long t = v[j];
            v[j] = v[j - 1];
            v[j - 1] = t;
        }
    size_t used = 0;
    out[0] = '\0';
    for (int i = 0; i < n && used < size; i++)
        used += (size_t)snprintf(out + used, size - used, "%ld ", v[i]);
}

static void check_case(const char *kind, const char *route, int status)
{
    char path[256];
    snprintf(path, sizeof path, DIR "%s.json", kind);
    char *request = read_text(path);
    char english_numbers[256] = "";
    for (size_t i = 0; i < sizeof languages / sizeof *languages; i++) {
        char url[128];
        snprintf(url, sizeof url, "%s?lang=%s", route, languages[i]);
        json_object *answer = tu_post(url, request, status);
        char *got = sentence(kind, answer);
        snprintf(path, sizeof path, DIR "%s.%s.txt", kind, languages[i]);
        char *golden = read_text(path);
        cr_expect_str_eq(got, golden, "%s in %s", kind, languages[i]);
        char nums[256];
        numbers(got, nums, sizeof nums);
        if (i == 0)
            snprintf(english_numbers, sizeof english_numbers, "%s", nums);
        else
            cr_expect_str_eq(nums, english_numbers, "%s in %s: the numbers of the English", kind,
                             languages[i]);
        free(golden);
        free(got);
        json_object_put(answer);
    }
    free(request);
}

Test(lang_golden, a_final_city_scoring_explained_in_six_languages_base_game_cities)
{
    check_case("score", "/v1/score", 200);
}

Test(lang_golden, a_barn_off_a_four_tile_junction_refused_in_six_languages_abbey_mayor_barn)
{
    check_case("barn", "/v1/barn-check", 200);
}

Test(lang_golden, edges_that_do_not_match_are_one_problem_in_six_languages_base_placement)
{
    check_case("problem", "/v1/validate", 422);
}
