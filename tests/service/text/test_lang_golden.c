/* test_lang_golden.c -- one golden answer per language (issue 15): a score
 * event's explanation, a barn-check reason, an engine problem, a message
 * card's explanation (Messages), a random game's problem and a .jcz
 * export's reason for an illegal move, in English and every language of the
 * service's table (each po/<code>.po: a new language needs its golden files).
 *
 * tests/service/text/golden/lang/<case>.json is the request and
 * <case>.<lang>.txt the exact sentence it must answer in that language
 * (for a problem: its title, a newline, its detail). The random game's
 * setup problems cannot reach the engine through /v1/games/random (the
 * route's decoder checks the same bounds first), so that case words the
 * engine's cc_error directly, as the dispatcher does (before it makes the
 * detail a sentence: capital letter, full stop). The translations
 * were read against the English and the rule when recorded. Beside the
 * words, each translation must carry exactly the numbers of the English
 * one, in any order: a translation may reorder, never invent or drop.
 * Files are read relative to the repository root, where `make unit` runs. */
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <json-c/json.h>

#include "../../../engine/random_game.h"
#include "../../../service/text/format.h"
#include "../../support/asktest.h"
#include "../../support/testutil.h"

CC_SUITE(lang_golden);

#define DIR "tests/service/text/golden/lang/"


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
    } else if (strcmp(kind, "message") == 0) {
        snprintf(buf, sizeof buf, "%s", tu_str(answer, "explain"));
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

/* How a case is asked in one language: the sentence it answers (the
 * caller frees it). */
typedef char *ask_fn(const char *lang, const void *arg);

/* Every language's sentence of case `kind` equals its golden file and
 * carries exactly the numbers of the English one. */
static void check_languages(const char *kind, ask_fn *ask, const void *arg)
{
    char english_numbers[256] = "";
    const char *languages[TXT_LANGUAGES_MAX];
    size_t nlanguages = tu_languages(languages, false);
    for (size_t i = 0; i < nlanguages; i++) {
        char *got = ask(languages[i], arg);
        char path[256];
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
    }
}

typedef struct {
    const char *kind, *route, *request;
    int status;
} http_case;

static char *ask_http(const char *lang, const void *arg)
{
    const http_case *c = arg;
    char url[128];
    snprintf(url, sizeof url, "%s?lang=%s", c->route, lang);
    json_object *answer = tu_post(url, c->request, c->status);
    char *got = sentence(c->kind, answer);
    json_object_put(answer);
    return got;
}

static void check_case(const char *kind, const char *route, int status)
{
    char path[256];
    snprintf(path, sizeof path, DIR "%s.json", kind);
    char *request = read_text(path);
    http_case c = { kind, route, request, status };
    check_languages(kind, ask_http, &c);
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

Test(lang_golden, message_8_scoring_a_follower_explained_in_six_languages_messages_card_8)
{
    check_case("message", "/v1/messages/8", 200);
}

Test(lang_golden, an_illegal_move_in_a_jcz_export_gives_its_reason_in_six_languages_base_placement)
{
    check_case("jcz", "/v1/export/jcz", 422);
}

/* The engine's problem, worded in lang as the dispatcher words it: the
 * title, a newline, the detail. */
static char *ask_engine(const char *lang, const void *arg)
{
    const cc_error *err = arg;
    char detail[CC_DETAIL_MAX * 2], buf[CC_DETAIL_MAX * 3];
    txt_args a = { .err = err };
    txt_format(lang, &err->text, &a, detail, sizeof detail);
    snprintf(buf, sizeof buf, "%s\n%s", txt_template(lang, err->problem), detail);
    return strdup(buf);
}

Test(lang_golden, a_random_game_of_seven_players_is_one_problem_in_six_languages_random_game)
{
    cc_game_setup setup;
    memset(&setup, 0, sizeof setup);
    setup.seed = 1;
    setup.nplayers = 7;
    for (int p = 0; p < CC_MAX_PLAYERS; p++)
        snprintf(setup.players[p], sizeof setup.players[p], "p%d", p);
    cc_error err;
    memset(&err, 0, sizeof err);
    cc_game *g = cc_game_new(tu_catalog(), &setup, &err);
    cr_assert_null(g, "the engine took a game of 7 players");
    cr_assert_eq(err.problem, CC_MSG_P_SETUP_OUT_OF_RANGE);
    cr_assert_str_eq(err.pointer, "/players");
    check_languages("random", ask_engine, &err);
}
