/* jcz_roundtrip.c -- see jcz_roundtrip.h. */
#include "jcz_roundtrip.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../../service/jcz/jcz_replay.h"
#include "../../service/jcz/jcz_write.h"
#include "../../service/text/format.h"
#include "../../service/wire/decode.h"
#include "../../service/wire/encode_position.h"

/* What the game showed: the position before each move, and at the end. */
typedef struct {
    int nmoves;
    cc_position before[CC_MAX_TILES];   /* one per tile laid (a game with the
                                           rivers has more than CC_GAME_MAX_TURNS
                                           moves: fuzz_jcz_roundtrip found it) */
    cc_position end;
    bool over;
} record;

typedef struct {
    const cc_catalog *cat;
    const record *rec;
    int seen;
    char *why;
    size_t size;
} checker;

/* err's detail in English, in buf. */
static const char *detail(const cc_error *err, char *buf, size_t size)
{
    if (err->problem < 0)
        return err->detail;
    txt_args a = { .err = err };
    return txt_format("en", &err->text, &a, buf, size);
}

/* The position as a client reads it; the caller frees the string. */
static char *position_text(const cc_position *pos, const cc_catalog *cat)
{
    jw w;
    jw_init(&w);
    enc_position(&w, pos, cat);
    size_t len;
    return jw_take(&w, &len);
}

static bool same_position(const cc_position *played, const cc_position *imported,
                          const cc_catalog *cat, const char *what, int turn, char *why,
                          size_t size)
{
    char *a = position_text(played, cat), *b = position_text(imported, cat);
    bool same = a != NULL && b != NULL && strcmp(a, b) == 0;
    if (!same)
        snprintf(why, size, "%s turn %d:\n played   %s\n imported %s", what, turn,
                 a ? a : "?", b ? b : "?");
    free(a);
    free(b);
    return same;
}

static bool each_turn(void *arg, const jcz_turn *t, cc_error *err)
{
    (void)err;
    checker *c = arg;
    if (t->ran_out)
        return true;
    if (t->turn != c->seen + 1 || c->seen >= c->rec->nmoves) {
        snprintf(c->why, c->size, "the import's turn %d after %d of %d moves", t->turn, c->seen,
                 c->rec->nmoves);
        return false;
    }
    if (!same_position(&c->rec->before[c->seen], t->before, c->cat, "before", t->turn, c->why,
                       c->size))
        return false;
    c->seen++;
    return true;
}

static char *play(const cc_catalog *cat, const cc_game_setup *setup, record *rec, char *why,
                  size_t size)
{
    cc_error err;
    memset(&err, 0, sizeof err);
    cc_game *game = cc_game_new(cat, setup, &err);
    if (game == NULL) {
        char d[CC_DETAIL_MAX];
        snprintf(why, size, "the game: %s", detail(&err, d, sizeof d));
        return NULL;
    }
    jcz_writer *w = jcz_writer_new(cc_game_position(game), cat, "round trip", NULL, &err);
    const cc_game_turn *t;
    int step = w == NULL ? -1 : 0;
    bool ok = w != NULL;
    rec->nmoves = 0;
    while (ok && (step = cc_game_step(game, &t, &err)) == 1) {
        for (int i = 0; ok && i < t->ndiscarded; i++)
            ok = jcz_writer_discard(w, t->discarded[i], &err);
        if (ok && !t->moved)
            ok = jcz_writer_pass(w, &err);
        else if (ok) {   /* each move lays a tile: at most CC_MAX_TILES */
            ok = jcz_writer_play(w, &t->move, &err);
            rec->before[rec->nmoves++] = t->before;
        }
    }
    char *text = NULL;
    if (!ok || step != 0) {
        char d[CC_DETAIL_MAX];
        snprintf(why, size, "move %d: %s %s", rec->nmoves, err.pointer, detail(&err, d, sizeof d));
    } else {
        rec->over = cc_game_over(game);
        rec->end = *jcz_writer_position(w);
        jw out;
        jw_init(&out);
        jcz_writer_finish(w, &out);
        size_t len;
        text = jw_failed(&out) ? NULL : jw_take(&out, &len);
        if (text == NULL)
            snprintf(why, size, "the writer ran out of memory");
        jw_free(&out);
    }
    jcz_writer_free(w);
    cc_game_free(game);
    return text;
}

char *rt_play_and_write(const cc_catalog *cat, const cc_game_setup *setup, int *moves,
                        bool *over, char *why, size_t size)
{
    record *rec = malloc(sizeof *rec);
    if (rec == NULL) {
        snprintf(why, size, "out of memory");
        return NULL;
    }
    char *text = play(cat, setup, rec, why, size);
    *moves = rec->nmoves;
    *over = rec->over;
    free(rec);
    return text;
}

/* Read text as the import does and replay it against rec. */
static bool import_and_compare(const cc_catalog *cat, const char *text, const record *rec,
                               char *why, size_t size)
{
    cc_error err;
    memset(&err, 0, sizeof err);
    jr_doc *doc = malloc(sizeof *doc);   /* the text stays: the reader reads it in place */
    jcz_replay_result *out = malloc(sizeof *out);
    jr_obj root;
    jcz_game g;
    memset(&g, 0, sizeof g);
    checker c = { cat, rec, 0, why, size };
    why[0] = '\0';
    bool ok = doc != NULL && out != NULL;
    if (!ok)
        snprintf(why, size, "out of memory");
    else if (!dec_parse(text, strlen(text), NULL, doc, &root, &err) ||
             !jcz_read(&root, cat, &g, &err) ||
             !jcz_replay(&g, cat, -1, each_turn, &c, NULL, out, &err)) {
        char d[CC_DETAIL_MAX];
        if (why[0] == '\0')
            snprintf(why, size, "the import: %s %s", err.pointer, detail(&err, d, sizeof d));
        ok = false;
    } else if (c.seen != rec->nmoves || out->turns != rec->nmoves) {
        snprintf(why, size, "the import replayed %d turns of %d", out->turns, rec->nmoves);
        ok = false;
    } else if (out->game_over != rec->over) {
        snprintf(why, size, "the import's game %s", rec->over ? "goes on" : "is over");
        ok = false;
    } else {
        ok = same_position(&rec->end, &out->position, cat, "after the last", rec->nmoves, why,
                           size);
    }
    jcz_game_free(&g);
    if (doc != NULL)
        jr_doc_free(doc);
    free(doc);
    free(out);
    return ok;
}

bool rt_round_trip(const cc_catalog *cat, const cc_game_setup *setup, char *why, size_t size)
{
    record *rec = malloc(sizeof *rec);
    if (rec == NULL) {
        snprintf(why, size, "out of memory");
        return false;
    }
    char *text = play(cat, setup, rec, why, size);
    bool ok = text != NULL && import_and_compare(cat, text, rec, why, size);
    free(text);
    free(rec);
    return ok;
}
