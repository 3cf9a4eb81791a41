/* test_jcz_roundtrip.c -- random whole games saved as .jcz and read back.
 *
 * A game played by the engine's random player (engine/random_game.h: the
 * real pile with its discards and the tiles under hills, every figure
 * kind, shepherds' draws, wagons, abbeys, the end-game abbey round, the
 * house-rule options) is written with the exporter
 * (service/jcz/jcz_write.h), serialised, parsed again by the service's
 * strict parser and replayed by the importer (jcz_read + jcz_replay). The
 * importer must see every turn's position exactly as the game had it
 * before that turn, and end where the game ended (issue 11: "import of an
 * export gives back the same positions"). Positions are compared in their
 * JSON form (encode_position.h), which is what a client sees. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "../../../engine/random_game.h"
#include "../../../service/jcz/jcz_replay.h"
#include "../../../service/jcz/jcz_write.h"
#include "../../../service/service.h"
#include "../../../service/wire/decode.h"
#include "../../../service/wire/encode_position.h"
#include "../../support/testutil.h"

CC_SUITE(jcz_roundtrip);

/* The position as a client reads it; the caller frees the string. */
static char *position_text(const cc_position *pos)
{
    jw w;
    jw_init(&w);
    enc_position(&w, pos, tu_catalog());
    size_t len;
    return jw_take(&w, &len);
}

/* Under the 1st-edition wagon rule the apps offer a returning wagon the
 * part of each connected feature that is linked to the scored one, so a
 * saved game has the wagon on that part, which may be another tile of the
 * feature the move named: the same feature, the same position for every
 * rule. Name such wagons by their feature. */
static void wagons_by_feature(cc_position *pos)
{
    if (pos->options.wagon_rules != CC_WAGON_RULES_C1)
        return;
    cc_board *b = tu_board_new();
    cc_features *f = tu_features_new();
    tu_build(pos, b, f);
    for (int i = 0; i < pos->nfigures; i++) {
        cc_figure *fig = &pos->figures[i];
        if (fig->kind != CC_FIG_WAGON)
            continue;
        const cc_feature *feat = &f->features[cc_figure_feature(f, fig)];
        fig->x = b->tiles[feat->name_tile].x;
        fig->y = b->tiles[feat->name_tile].y;
        fig->at = feat->name_at;
    }
    free(f);
    free(b);
}

static void assert_same_position(const cc_position *pa, const cc_position *pb, const char *what,
                                 int turn, uint64_t seed)
{
    cc_position *a = malloc(sizeof *a), *b = malloc(sizeof *b);
    *a = *pa;
    *b = *pb;
    wagons_by_feature(a);
    wagons_by_feature(b);
    char *sa = position_text(a), *sb = position_text(b);
    free(a);
    free(b);
    cr_assert_str_eq(sa, sb, "seed %llu, %s turn %d:\n played   %s\n imported %s",
                     (unsigned long long)seed, what, turn, sa, sb);
    free(sa);
    free(sb);
}

/* What the game showed: the position before each move, and at the end. */
typedef struct {
    int nmoves;
    cc_position before[CC_GAME_MAX_TURNS];
    cc_position end;
    bool over;
} record;

typedef struct {
    const record *rec;
    uint64_t seed;
    int seen;
} checker;

static bool each_turn(void *arg, const jcz_turn *t, cc_error *err)
{
    (void)err;
    checker *c = arg;
    if (t->ran_out)
        return true;
    cr_assert_eq(t->turn, c->seen + 1);
    cr_assert_lt(c->seen, c->rec->nmoves);
    assert_same_position(&c->rec->before[c->seen], t->before, "before", t->turn, c->seed);
    c->seen++;
    return true;
}

/* Play the game of setup, writing it as it goes; the .jcz text, which the
 * caller frees. */
static char *play_and_write(const cc_game_setup *setup, record *rec)
{
    const cc_catalog *cat = tu_catalog();
    cc_error err;
    memset(&err, 0, sizeof err);
    cc_game *game = cc_game_new(cat, setup, &err);
    cr_assert_not_null(game, "%s", tu_detail(&err));
    jcz_writer *w = jcz_writer_new(cc_game_position(game), cat, "round trip", NULL, &err);
    cr_assert_not_null(w, "%s: %s", err.pointer, tu_detail(&err));
    const cc_game_turn *t;
    int step;
    rec->nmoves = 0;
    while ((step = cc_game_step(game, &t, &err)) == 1) {
        for (int i = 0; i < t->ndiscarded; i++)
            cr_assert(jcz_writer_discard(w, t->discarded[i], &err), "seed %llu: %s",
                      (unsigned long long)setup->seed, tu_detail(&err));
        if (!t->moved) {
            cr_assert(jcz_writer_pass(w, &err), "%s", tu_detail(&err));
            continue;
        }
        cr_assert(jcz_writer_play(w, &t->move, &err), "seed %llu, move %d: %s %s",
                  (unsigned long long)setup->seed, rec->nmoves, err.pointer, tu_detail(&err));
        rec->before[rec->nmoves++] = t->before;
    }
    cr_assert_eq(step, 0, "%s", tu_detail(&err));
    rec->over = cc_game_over(game);
    rec->end = *jcz_writer_position(w);
    jw out;
    jw_init(&out);
    jcz_writer_finish(w, &out);
    cr_assert_not(jw_failed(&out));
    size_t len;
    char *text = jw_take(&out, &len);
    jcz_writer_free(w);
    cc_game_free(game);
    return text;
}

static void round_trip(unsigned expansions, const cc_options *options, int players, uint64_t seed)
{
    const cc_catalog *cat = tu_catalog();
    cc_game_setup setup;
    memset(&setup, 0, sizeof setup);
    setup.seed = seed;
    setup.expansions = expansions;
    setup.options = *options;
    setup.nplayers = players;
    for (int p = 0; p < players; p++)
        snprintf(setup.players[p], CC_NAME_MAX, "player %d", p + 1);
    record *rec = malloc(sizeof *rec);
    cr_assert_not_null(rec);
    char *text = play_and_write(&setup, rec);
    cr_assert(rec->over, "seed %llu: the game did not end", (unsigned long long)seed);

    cc_error err;
    jr_doc *doc = malloc(sizeof *doc);      /* the text stays: the reader reads it in place */
    jr_obj root;
    cr_assert_not_null(doc);
    cr_assert(dec_parse(text, strlen(text), NULL, doc, &root, &err), "%s", tu_detail(&err));
    jcz_game g;
    jcz_replay_result *out = malloc(sizeof *out);
    checker c = { rec, seed, 0 };
    cr_assert(jcz_read(&root, cat, &g, &err), "seed %llu: %s %s", (unsigned long long)seed,
              err.pointer, tu_detail(&err));
    cr_assert(jcz_replay(&g, cat, -1, each_turn, &c, NULL, out, &err), "seed %llu: %s %s",
              (unsigned long long)seed, err.pointer, tu_detail(&err));
    cr_assert_eq(c.seen, rec->nmoves);
    cr_assert_eq(out->turns, rec->nmoves);
    cr_assert(out->game_over, "seed %llu", (unsigned long long)seed);
    assert_same_position(&rec->end, &out->position, "after the last", rec->nmoves, seed);
    jcz_game_free(&g);
    jr_doc_free(doc);
    free(doc);
    free(text);
    free(out);
    free(rec);
}

static cc_options options(int wagon_c1, int hill_count, int barn_occupied, int tiny, int no_farmers)
{
    cc_options o;
    memset(&o, 0, sizeof o);
    o.wagon_rules = wagon_c1 ? CC_WAGON_RULES_C1 : CC_WAGON_RULES_C2;
    o.hill_tiebreak = hill_count ? CC_HILL_TIEBREAK_COUNT : CC_HILL_TIEBREAK_OFFICIAL;
    o.barn_placement = barn_occupied ? CC_BARN_PLACEMENT_OCCUPIED : CC_BARN_PLACEMENT_UNOCCUPIED;
    o.tiny_city_scoring = tiny ? CC_TINY_CITY_2 : CC_TINY_CITY_4;
    o.farmers = no_farmers ? CC_FARMERS_OFF : CC_FARMERS_ON;
    return o;
}

Test(jcz_roundtrip, base_games)
{
    cc_options o = options(0, 0, 0, 0, 0);
    round_trip(CC_EXP_BASE, &o, 2, 1);
    o = options(0, 0, 0, 1, 1);
    round_trip(CC_EXP_BASE, &o, 3, 2);
}

Test(jcz_roundtrip, abbey_and_mayor_games)
{
    cc_options o = options(0, 0, 0, 0, 0);
    round_trip(CC_EXP_ABBEY_MAYOR, &o, 4, 3);
    o = options(1, 0, 1, 0, 0);
    round_trip(CC_EXP_ABBEY_MAYOR, &o, 2, 4);
}

Test(jcz_roundtrip, hills_sheep_and_shrines_games)
{
    cc_options o = options(0, 0, 0, 0, 0);
    round_trip(CC_EXP_HILLS_SHEEP | CC_EXP_SHRINES, &o, 2, 5);
    o = options(0, 1, 0, 0, 1);
    round_trip(CC_EXP_HILLS_SHEEP, &o, 5, 6);
}

Test(jcz_roundtrip, every_expansion_games)
{
    unsigned all = CC_EXP_ABBEY_MAYOR | CC_EXP_HILLS_SHEEP | CC_EXP_SHRINES;
    cc_options o = options(0, 0, 0, 0, 0);
    round_trip(all, &o, 3, 7);
    o = options(1, 1, 1, 1, 0);
    round_trip(all, &o, 6, 8);
}

/* Inns & Cathedrals: the large meeple is deployed by the random player,
 * written as the apps' "<player>.big.1" with element big-follower, and read
 * back (issue 28). With Abbey & Mayor too, so wagons roll past it. */
Test(jcz_roundtrip, inns_cathedrals_large_meeple_games)
{
    cc_options o = options(0, 0, 0, 0, 0);
    round_trip(CC_EXP_INNS_CATHEDRALS, &o, 6, 9);
    o = options(0, 0, 0, 0, 0);
    round_trip(CC_EXP_INNS_CATHEDRALS | CC_EXP_ABBEY_MAYOR, &o, 3, 10);
}

/* Issue 11: a .jcz of a whole 72-tile game imports in well under 50 ms
 * (make bench measures it: engine import72). Here, under the sanitizers on
 * a shared machine, the whole route (parse, replay, answer) must stay
 * under a generous second. */
Test(jcz_roundtrip, a_whole_base_game_imports_quickly)
{
    cc_game_setup setup;
    memset(&setup, 0, sizeof setup);
    setup.seed = 1;
    setup.nplayers = 2;
    snprintf(setup.players[0], CC_NAME_MAX, "Ann");
    snprintf(setup.players[1], CC_NAME_MAX, "Bob");
    record *rec = malloc(sizeof *rec);
    char *text = play_and_write(&setup, rec);
    cr_assert_geq(rec->nmoves, 60, "a whole base game");
    svc_context ctx = { .cat = tu_catalog() };
    svc_response res;
    struct timespec t0, t1;
    clock_gettime(CLOCK_MONOTONIC, &t0);
    svc_dispatch(&ctx, "POST", "/v1/import/jcz", text, strlen(text), &res);
    clock_gettime(CLOCK_MONOTONIC, &t1);
    double ms = (double)(t1.tv_sec - t0.tv_sec) * 1e3 + (double)(t1.tv_nsec - t0.tv_nsec) / 1e6;
    cr_assert_eq(res.status, 200);
    cr_log_info("a %d-turn game imported in %.1f ms (sanitizer build)", rec->nmoves, ms);
    cr_assert_lt(ms, 1000.0, "%.1f ms", ms);
    svc_response_free(&res);
    free(text);
    free(rec);
}
