/* testutil.c -- see testutil.h. */
#include "testutil.h"

#include <sanitizer/lsan_interface.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../../engine/deploy.h"
#include "../../service/catalog/catalog_db.h"
#include "../../service/render/render.h"
#include "../../service/text/format.h"
#include "../../service/text/messages_en.h"

/* One catalog per test process: Criterion forks a process per test, so this
 * static is never shared between tests. */
static cc_catalog test_catalog;

void tu_init(void)
{
    char err[256];
    if (!catalog_load_default(&test_catalog, err, sizeof err))
        cr_assert_fail("cannot load the embedded catalog: %s", err);
}

void tu_fini(void)
{
    catalog_free(&test_catalog);
    rd_release_caches();   /* fonts a picture loaded are process-wide caches, not leaks */
    /* Criterion would pass a leaking test; make leaks fail it. */
    cr_assert_eq(__lsan_do_recoverable_leak_check(), 0, "LeakSanitizer found a leak");
}

const cc_catalog *tu_catalog(void)
{
    return &test_catalog;
}

void tu_pos(cc_position *pos, int nplayers, unsigned expansions)
{
    cc_position_init(pos);
    pos->expansions = expansions | CC_EXP_BASE;
    pos->nplayers = nplayers;
    for (int i = 0; i < nplayers; i++)
        snprintf(pos->players[i], CC_NAME_MAX, "p%d", i);
    if (expansions & CC_EXP_ABBEY_MAYOR)
        for (int i = 0; i < nplayers; i++)
            pos->abbeys[i] = 1;
}

int tu_tile(cc_position *pos, const char *id, int x, int y, int degrees)
{
    int type = cc_catalog_find(&test_catalog, id);
    cr_assert_geq(type, 0, "unknown tile %s", id);
    cr_assert_lt(pos->ntiles, CC_MAX_TILES);
    cc_placed_tile *t = &pos->tiles[pos->ntiles];
    t->type = type;
    t->x = x;
    t->y = y;
    t->rot = degrees / 90;
    t->owner = -1;
    return pos->ntiles++;
}

int tu_abbey(cc_position *pos, int x, int y, int player)
{
    int i = tu_tile(pos, "abbey-mayor.abbey", x, y, 0);
    pos->tiles[i].owner = player;
    if (player >= 0 && pos->abbeys[player] > 0)
        pos->abbeys[player]--;
    return i;
}

int tu_fig(cc_position *pos, int player, const char *kind, int x, int y, const char *at)
{
    cr_assert_lt(pos->nfigures, CC_MAX_FIGURES);
    cc_figure *f = &pos->figures[pos->nfigures];
    memset(f, 0, sizeof *f);
    f->player = player;
    int k = cc_figure_kind_parse(kind);
    cr_assert_geq(k, 0, "unknown figure kind %s", kind);
    f->kind = (cc_figure_kind)k;
    f->x = x;
    f->y = y;
    cr_assert(cc_loc_parse(at, &f->at), "bad location %s", at);
    return pos->nfigures++;
}

void tu_flock(cc_position *pos, int n, const int *tokens)
{
    cc_figure *f = &pos->figures[pos->nfigures - 1];
    f->nflock = n;
    for (int i = 0; i < n; i++)
        f->flock[i] = tokens[i];
}

void tu_build(const cc_position *pos, cc_board *b, cc_features *f)
{
    cc_error err;
    memset(&err, 0, sizeof err);
    cr_assert(cc_validate(pos, &test_catalog, b, f, &err),
              "position invalid: %s at %s: %s", err.title, err.pointer, err.detail);
}

int tu_feature(const cc_features *f, int x, int y, const char *at)
{
    cc_loc loc;
    cr_assert(cc_loc_parse(at, &loc), "bad location %s", at);
    int id = cc_features_locate(f, x, y, loc);
    cr_assert_geq(id, 0, "no feature at (%d, %d) %s", x, y, at);
    return id;
}

cc_board *tu_board_new(void)
{
    cc_board *b = calloc(1, sizeof *b);
    cr_assert_not_null(b);
    return b;
}

cc_features *tu_features_new(void)
{
    cc_features *f = calloc(1, sizeof *f);
    cr_assert_not_null(f);
    return f;
}

const char *tu_say(const cc_text *t, const cc_position *pos)
{
    static char buf[CC_DETAIL_MAX * 2];
    txt_args a = { .pos = pos };
    return txt_format("en", t, &a, buf, sizeof buf);
}

const char *tu_explain(const cc_score_event *ev, const cc_position *pos)
{
    static char buf[CC_EXPLAIN_TEXTS * CC_DETAIL_MAX];
    txt_args a = { .pos = pos, .strength = ev->strength };
    return txt_format_all("en", ev->explain, ev->nexplain, &a, buf, sizeof buf);
}

const char *tu_title(const cc_error *err)
{
    if (err->problem >= 0)
        return txt_english_message(err->problem);
    return err->title ? err->title : "";
}

const char *tu_detail(const cc_error *err)
{
    static char buf[CC_DETAIL_MAX];
    if (err->problem < 0)
        return err->detail;
    txt_args a = { .err = err };
    return txt_format("en", &err->text, &a, buf, sizeof buf);
}

char *tu_read_file(const char *path, size_t *len)
{
    FILE *fp = fopen(path, "rb");
    cr_assert_not_null(fp, "cannot open %s (tests run from the repository root)", path);
    cr_assert_eq(fseek(fp, 0, SEEK_END), 0, "%s", path);
    long n = ftell(fp);
    cr_assert_geq(n, 0, "%s", path);
    rewind(fp);
    char *buf = malloc((size_t)n + 1);
    cr_assert_not_null(buf);
    cr_assert_eq(fread(buf, 1, (size_t)n, fp), (size_t)n, "%s", path);
    buf[n] = '\0';
    fclose(fp);
    if (len != NULL)
        *len = (size_t)n;
    return buf;
}

static bool is_arg_name(const char *s, size_t n)
{
    for (int i = 0; i < CC_ARG_NAME_COUNT; i++)
        if (strlen(cc_arg_name(i)) == n && memcmp(cc_arg_name(i), s, n) == 0)
            return true;
    return false;
}

void tu_expect_placeholders_are_arguments(const txt_english *e, size_t n)
{
    for (size_t i = 0; i < n; i++) {
        cr_assert_not_null(e[i].ctxt, "entry %zu is empty", i);
        for (const char *p = e[i].msgid; (p = strchr(p, '{')) != NULL;) {
            if (p[1] == '{') {
                p += 2;
                continue;
            }
            size_t len = strcspn(p + 1, ":}");
            cr_expect(is_arg_name(p + 1, len), "%s: {%.*s} is no argument name", e[i].ctxt,
                      (int)len, p + 1);
            p += 1 + len;
        }
    }
}

size_t tu_languages(const char **codes, bool skip_english)
{
    size_t n, k = 0;
    const txt_language *rows = txt_languages(&n);
    for (size_t i = skip_english ? 1 : 0; i < n && k < TXT_LANGUAGES_MAX; i++)
        codes[k++] = rows[i].code;
    return k;
}

char *tu_replaced(char *text, const char *from, const char *to)
{
    char *at = strstr(text, from);
    cr_assert_not_null(at, "no %s in %.200s", from, text);
    size_t head = (size_t)(at - text), fl = strlen(from), tl = strlen(to);
    char *out = malloc(strlen(text) - fl + tl + 1);
    cr_assert_not_null(out);
    memcpy(out, text, head);
    memcpy(out + head, to, tl);
    strcpy(out + head + tl, at + fl);
    free(text);
    return out;
}

void tu_deploy_text(const cc_position *pos, int tile, char *out, size_t size)
{
    cc_board *b = tu_board_new();
    cc_features *f = tu_features_new();
    tu_build(pos, b, f);
    cc_deploy_option opts[CC_MAX_DEPLOY_OPTIONS];
    int n = cc_deployments(pos, f, tile, opts);
    size_t len = 0;
    out[0] = '\0';
    for (int i = 0; i < n; i++) {
        char at[8];
        len += (size_t)snprintf(out + len, size - len, "%s%s %s", i ? ", " : "",
                                cc_figure_kind_name(opts[i].kind), cc_loc_name(opts[i].at, at));
        if (opts[i].challenge >= 0)
            len += (size_t)snprintf(out + len, size - len, "!%d", opts[i].challenge);
    }
    free(b);
    free(f);
}
