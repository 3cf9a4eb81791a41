/* describe.c -- a position in words, in the request's language; see describe.h.
 *
 * One function per section (players, board, figures, features, standing),
 * each appending whole sentences to its list; describe_position() then
 * writes the text (the sections joined) and the lists with the JSON
 * writer. Words come from phrases.def through tx_add(); facts from the
 * engine. Out of memory is noticed once, at the end (a txbuf and a
 * sentence list remember a failed append).
 */
#include "describe.h"

#include <stdlib.h>
#include <string.h>

#include "../../engine/scoring.h"
#include "../wire/encode.h"
#include "text.h"

/* The sentences of one section, in order; each malloc'ed. */
typedef struct {
    char **items;
    size_t n, cap;
    bool failed;
} sentences;

static void sentences_free(sentences *s)
{
    for (size_t i = 0; i < s->n; i++)
        free(s->items[i]);
    free(s->items);
    s->items = NULL;
    s->n = s->cap = 0;
}

/* ---- words ------------------------------------------------------------------ */

static tx_id type_word(cc_feature_type t)
{
    static const tx_id words[CC_FEAT_NTYPES] = {
        [CC_FEAT_CITY] = TX_TYPE_CITY,         [CC_FEAT_ROAD] = TX_TYPE_ROAD,
        [CC_FEAT_FIELD] = TX_TYPE_FIELD,       [CC_FEAT_CLOISTER] = TX_TYPE_CLOISTER,
        [CC_FEAT_SHRINE] = TX_TYPE_SHRINE,     [CC_FEAT_ABBEY] = TX_TYPE_ABBEY,
        [CC_FEAT_RIVER] = TX_TYPE_RIVER,
    };
    return (unsigned)t < CC_FEAT_NTYPES ? words[t] : TX_TYPE_FIELD;
}

static tx_id kind_word(cc_figure_kind k)
{
    static const tx_id words[CC_FIG_NKINDS] = {
        [CC_FIG_MEEPLE] = TX_KIND_MEEPLE, [CC_FIG_MAYOR] = TX_KIND_MAYOR,
        [CC_FIG_WAGON] = TX_KIND_WAGON,   [CC_FIG_BARN] = TX_KIND_BARN,
        [CC_FIG_SHEPHERD] = TX_KIND_SHEPHERD, [CC_FIG_BIG] = TX_KIND_BIG,
        [CC_FIG_BUILDER] = TX_KIND_BUILDER,   [CC_FIG_PIG] = TX_KIND_PIG,
    };
    return (unsigned)k < CC_FIG_NKINDS ? words[k] : TX_KIND_MEEPLE;
}

static const tx_id dir_words[4] = { TX_DIR_N, TX_DIR_E, TX_DIR_S, TX_DIR_W };
static const tx_id corner_words[4] = { TX_CORNER_NE, TX_CORNER_SE, TX_CORNER_SW, TX_CORNER_NW };

/* "4 points" / "1 point" */
static void points(txbuf *t, int n)
{
    tx_add(t, n == 1 ? TX_POINTS_ONE : TX_POINTS_MANY, n);
}

/* "(0, -1) S": a feature's canonical name. */
static void feature_name(txbuf *t, const cc_features *f, int id)
{
    const cc_feature *feat = &f->features[id];
    const cc_board_tile *bt = &f->board->tiles[feat->name_tile];
    char at[8];
    tx_add(t, TX_SPOT, bt->x, bt->y, cc_loc_name(feat->name_at, at));
}

/* "red's meeple" */
static void figure_owner(txbuf *t, const cc_position *pos, const cc_figure *fig)
{
    tx_add(t, TX_POSSESSIVE, pos->players[fig->player], tx_word(t->lang, kind_word(fig->kind)));
}

/* Move a finished sentence into the section; the line is empty again. */
static void emit(sentences *section, txbuf *line)
{
    char *s = tx_take(line);
    if (s != NULL && section->n == section->cap) {
        size_t cap = section->cap ? 2 * section->cap : 16;
        char **items = realloc(section->items, cap * sizeof *items);
        if (items == NULL) {
            free(s);
            s = NULL;
        } else {
            section->items = items;
            section->cap = cap;
        }
    }
    if (s == NULL)
        section->failed = true;
    else
        section->items[section->n++] = s;
}

/* ---- players ------------------------------------------------------------------- */

/* Empty a list buffer for the next list, keeping in the section whether
 * the list (already worded into one of its sentences) failed: a failed
 * append must not be forgotten by starting over. */
static void list_restart(txbuf *list, sentences *section)
{
    section->failed |= list->failed;
    tx_free(list);   /* empty again, in the same language */
}

static void players_section(const cc_position *pos, sentences *sec, txbuf *line)
{
    txbuf list;
    tx_init_in(&list, line->lang);
    for (int p = 0; p < pos->nplayers; p++) {
        tx_sep(&list, p, pos->nplayers);
        tx_str(&list, pos->players[p]);
    }
    tx_add(line, TX_PLAYERS, tx_cstr(&list), pos->players[pos->active]);
    emit(sec, line);

    static const struct { unsigned bit; tx_id word; } expansions[] = {
        { CC_EXP_ABBEY_MAYOR, TX_EXP_ABBEY_MAYOR }, { CC_EXP_HILLS_SHEEP, TX_EXP_HILLS_SHEEP },
        { CC_EXP_MESSAGES, TX_EXP_MESSAGES },       { CC_EXP_SHRINES, TX_EXP_SHRINES },
        { CC_EXP_RIVER, TX_EXP_RIVER },             { CC_EXP_RIVER_II, TX_EXP_RIVER_II },
        { CC_EXP_INNS_CATHEDRALS, TX_EXP_INNS_CATHEDRALS },
        { CC_EXP_TRADERS_BUILDERS, TX_EXP_TRADERS_BUILDERS },
    };
    int nexp = 0, i = 0;
    for (size_t e = 0; e < sizeof expansions / sizeof expansions[0]; e++)
        nexp += (pos->expansions & expansions[e].bit) != 0;
    list_restart(&list, sec);
    for (size_t e = 0; e < sizeof expansions / sizeof expansions[0]; e++)
        if (pos->expansions & expansions[e].bit) {
            tx_sep(&list, i++, nexp);
            tx_str(&list, tx_word(line->lang, expansions[e].word));
        }
    if (nexp == 0)
        tx_add(line, TX_EXPANSIONS_NONE);
    else
        tx_add(line, TX_EXPANSIONS, tx_cstr(&list));
    emit(sec, line);

    if (pos->options.hill_tiebreak == CC_HILL_TIEBREAK_COUNT) {
        tx_add(line, TX_OPTION_HILL_COUNT);
        emit(sec, line);
    }
    if (pos->options.wagon_rules == CC_WAGON_RULES_C1) {
        tx_add(line, TX_OPTION_WAGON_C1);
        emit(sec, line);
    }
    if (pos->options.inn_cathedral_final == CC_INN_CATHEDRAL_FINAL_IGNORE) {
        tx_add(line, TX_OPTION_INN_CATHEDRAL_IGNORE);
        emit(sec, line);
    }

    list_restart(&list, sec);
    bool messages = (pos->expansions & CC_EXP_MESSAGES) != 0;
    for (int p = 0; p < pos->nplayers; p++) {
        tx_sep(&list, p, pos->nplayers);
        if (messages)
            tx_add(&list, TX_SCORE_PAIR, pos->players[p], cc_position_score(pos, p),
                   pos->scores[p][0], pos->scores[p][1]);
        else
            tx_add(&list, TX_PLAYER_POINTS, pos->players[p], cc_position_score(pos, p));
    }
    tx_add(line, TX_SCORES, tx_cstr(&list));
    emit(sec, line);

    if (pos->expansions & CC_EXP_ABBEY_MAYOR) {
        list_restart(&list, sec);
        for (int p = 0; p < pos->nplayers; p++) {
            tx_sep(&list, p, pos->nplayers);
            tx_add(&list, TX_PLAYER_POINTS, pos->players[p], pos->abbeys[p]);
        }
        tx_add(line, TX_ABBEYS, tx_cstr(&list));
        emit(sec, line);
    }
    sec->failed |= list.failed;
    tx_free(&list);
}

/* ---- board ----------------------------------------------------------------------- */

/* "city on the north edge; road on the east and west edges; field on the
 * south edge": each edge type present, in the order city, road, field,
 * river. */
static void edges(txbuf *t, const cc_board_tile *bt)
{
    static const struct { char letter; tx_id word; } types[] = {
        { 'C', TX_TYPE_CITY }, { 'R', TX_TYPE_ROAD }, { 'F', TX_TYPE_FIELD }, { 'I', TX_TYPE_RIVER },
    };
    int groups = 0;
    for (size_t i = 0; i < sizeof types / sizeof types[0]; i++) {
        int dirs[4], n = 0;
        for (int d = 0; d < 4; d++)
            if (bt->edge[d] == types[i].letter)
                dirs[n++] = d;
        if (n == 0)
            continue;
        txbuf names;
        tx_init_in(&names, t->lang);
        for (int j = 0; j < n; j++) {
            tx_sep(&names, j, n);
            tx_str(&names, tx_word(t->lang, dir_words[dirs[j]]));
        }
        if (groups++ > 0)
            tx_add(t, TX_EDGES_SEP);
        tx_add(t, n == 1 ? TX_EDGES_ONE : TX_EDGES_MANY, tx_word(t->lang, types[i].word), tx_cstr(&names));
        t->failed |= names.failed;
        tx_free(&names);
    }
}

/* What else a tile shows: a building, coats of arms, hill, vineyard, garden. */
static void tile_extras(txbuf *t, const cc_board_tile *bt)
{
    const cc_tile_type *type = bt->type;
    if (bt->centre_feature >= 0 && !type->is_abbey)
        tx_add(t, TX_TILE_CENTRE,
               tx_word(t->lang, type_word((cc_feature_type)type->features[bt->centre_feature].type)));
    int pennants = 0;
    for (int k = 0; k < type->nfeatures; k++)
        if (type->features[k].type == CC_FEAT_CITY)
            pennants += type->features[k].pennants;
    if (pennants == 1)
        tx_add(t, TX_TILE_PENNANTS_ONE);
    else if (pennants > 1)
        tx_add(t, TX_TILE_PENNANTS_MANY, pennants);
    if (type->hill)
        tx_add(t, TX_TILE_HILL);
    if (type->vineyard)
        tx_add(t, TX_TILE_VINEYARD);
    if (type->garden)
        tx_add(t, TX_TILE_GARDEN);
}

static void tile_sentence(txbuf *line, const cc_position *pos, const cc_board_tile *bt)
{
    txbuf cell, rot, sides;
    tx_init_in(&cell, line->lang);
    tx_init_in(&rot, line->lang);
    tx_init_in(&sides, line->lang);
    tx_add(&cell, TX_CELL, bt->x, bt->y);
    if (bt->type->is_abbey) {
        if (bt->owner >= 0)
            tx_add(line, TX_TILE_ABBEY, tx_cstr(&cell), pos->players[bt->owner]);
        else
            tx_add(line, TX_TILE_ABBEY_UNOWNED, tx_cstr(&cell));
    } else {
        if (bt->rot == 0)
            tx_add(&rot, TX_ROT_NONE);
        else
            tx_add(&rot, TX_ROT, bt->rot * 90);
        edges(&sides, bt);
        bool start = bt->type->is_start && bt->x == 0 && bt->y == 0;
        tx_add(line, start ? TX_TILE_START : TX_TILE, tx_cstr(&cell), bt->type->id,
               tx_cstr(&rot), tx_cstr(&sides));
    }
    tile_extras(line, bt);
    line->failed |= cell.failed || rot.failed || sides.failed;
    tx_free(&sides);
    tx_free(&rot);
    tx_free(&cell);
}

static void board_section(const cc_position *pos, const cc_board *b, sentences *sec,
                          txbuf *line)
{
    if (b->ntiles == 1)
        tx_add(line, TX_BOARD_ONE);
    else
        tx_add(line, TX_BOARD_MANY, b->ntiles);
    emit(sec, line);
    /* Reading order: by y (north first), then x. */
    int order[CC_MAX_TILES];
    for (int i = 0; i < b->ntiles; i++) {
        int j = i;
        const cc_board_tile *t = &b->tiles[i];
        while (j > 0 && (b->tiles[order[j - 1]].y > t->y ||
                         (b->tiles[order[j - 1]].y == t->y && b->tiles[order[j - 1]].x > t->x))) {
            order[j] = order[j - 1];
            j--;
        }
        order[j] = i;
    }
    for (int i = 0; i < b->ntiles; i++) {
        tile_sentence(line, pos, &b->tiles[order[i]]);
        emit(sec, line);
    }
}

/* ---- figures ------------------------------------------------------------------ */

static void figure_sentence(txbuf *line, const cc_position *pos, const cc_features *f,
                            const cc_figure *fig)
{
    int id = enc_figure_feature(f, fig);
    if (id < 0)
        return;   /* validated positions have none */
    txbuf who, where, name;
    tx_init_in(&who, line->lang);
    tx_init_in(&where, line->lang);
    tx_init_in(&name, line->lang);
    figure_owner(&who, pos, fig);
    feature_name(&name, f, id);
    if (fig->kind == CC_FIG_BARN) {
        tx_add(&where, TX_CELL, fig->x, fig->y);
        tx_add(line, TX_FIGURE_BARN, tx_cstr(&who), tx_word(line->lang, corner_words[fig->at.value & 3]),
               tx_cstr(&where), tx_cstr(&name));
    } else {
        char at[8];
        tx_add(&where, TX_SPOT, fig->x, fig->y, cc_loc_name(fig->at, at));
        tx_add(line, TX_FIGURE, tx_cstr(&who), tx_cstr(&where),
               tx_word(line->lang, type_word(f->features[id].type)), tx_cstr(&name));
    }
    if (fig->kind == CC_FIG_SHEPHERD) {
        int sheep = 0;
        for (int i = 0; i < fig->nflock; i++)
            sheep += fig->flock[i];
        if (fig->nflock == 0)
            tx_add(line, TX_FIGURE_NO_FLOCK);
        else
            tx_add(line, TX_FIGURE_FLOCK, sheep);
    }
    line->failed |= who.failed || where.failed || name.failed;
    tx_free(&name);
    tx_free(&where);
    tx_free(&who);
}

static void figures_section(const cc_position *pos, const cc_features *f, sentences *sec,
                            txbuf *line)
{
    if (pos->nfigures == 0) {
        tx_add(line, TX_FIGURES_NONE);
        emit(sec, line);
    }
    for (int i = 0; i < pos->nfigures; i++) {
        figure_sentence(line, pos, f, &pos->figures[i]);
        if (tx_len(line) > 0)
            emit(sec, line);
    }
}

/* ---- features --------------------------------------------------------------------- */

/* "; it is complete", "; 3 of the 8 cells around it are filled", ... */
static void feature_state(txbuf *t, const cc_features *f, int id)
{
    const cc_feature *feat = &f->features[id];
    if (cc_feature_is_monastery(feat->type)) {
        if (feat->complete)
            tx_add(t, TX_FEATURE_SURROUNDED);
        else
            tx_add(t, TX_FEATURE_NEIGHBOURS, 8 - feat->open);
    } else if (feat->type == CC_FEAT_FIELD) {
        int done = cc_features_completed_cities(f, id);
        if (feat->ncities == 0)
            tx_add(t, TX_FEATURE_FIELD_NO_CITY);
        else if (feat->ncities == 1)
            tx_add(t, done ? TX_FEATURE_FIELD_CITY_DONE : TX_FEATURE_FIELD_CITY_OPEN);
        else
            tx_add(t, TX_FEATURE_FIELD_CITIES, feat->ncities, done);
        if (feat->complete)
            tx_add(t, TX_FEATURE_CLOSED);
    } else if (feat->complete) {
        tx_add(t, TX_FEATURE_COMPLETE);
    } else if (feat->open == 1) {
        tx_add(t, TX_FEATURE_OPEN_ONE);
    } else {
        tx_add(t, TX_FEATURE_OPEN_MANY, feat->open);
    }
    if (feat->type == CC_FEAT_CITY && feat->pennants == 1)
        tx_add(t, TX_FEATURE_PENNANTS_ONE);
    else if (feat->type == CC_FEAT_CITY && feat->pennants > 1)
        tx_add(t, TX_FEATURE_PENNANTS_MANY, feat->pennants);
}

/* ". On it: red's meeple at (0, -1) S (strength: red 1)" or ". Nobody
 * stands on it". */
static void feature_occupants(txbuf *t, const cc_position *pos, const cc_features *f, int id,
                              const cc_value *v)
{
    int n = 0;
    for (int i = 0; i < pos->nfigures; i++)
        n += enc_figure_feature(f, &pos->figures[i]) == id;
    if (n == 0) {
        tx_add(t, TX_FEATURE_EMPTY);
        return;
    }
    txbuf list, who, spot, strength;
    tx_init_in(&list, t->lang);
    tx_init_in(&strength, t->lang);
    int j = 0;
    for (int i = 0; i < pos->nfigures; i++) {
        const cc_figure *fig = &pos->figures[i];
        if (enc_figure_feature(f, fig) != id)
            continue;
        char at[8];
        tx_init_in(&who, t->lang);
        tx_init_in(&spot, t->lang);
        figure_owner(&who, pos, fig);
        tx_add(&spot, TX_SPOT, fig->x, fig->y, cc_loc_name(fig->at, at));
        tx_sep(&list, j++, n);
        tx_add(&list, TX_FIGURE_AT, tx_cstr(&who), tx_cstr(&spot));
        list.failed |= who.failed || spot.failed;
        tx_free(&spot);
        tx_free(&who);
    }
    tx_add(t, TX_FEATURE_ON_IT, tx_cstr(&list));
    int strong = 0;
    for (int p = 0; p < pos->nplayers; p++)
        strong += v->strength[p] > 0;
    for (int p = 0, k = 0; p < pos->nplayers; p++)
        if (v->strength[p] > 0) {
            tx_sep(&strength, k++, strong);
            tx_add(&strength, TX_PLAYER_POINTS, pos->players[p], v->strength[p]);
        }
    if (strong > 0)
        tx_add(t, TX_FEATURE_STRENGTH, tx_cstr(&strength));
    t->failed |= list.failed || strength.failed;
    tx_free(&strength);
    tx_free(&list);
}

/* ". Scored now it would give 4 points to red." */
static void feature_worth(txbuf *t, const cc_position *pos, const cc_value *v)
{
    txbuf pts, players;
    tx_init_in(&pts, t->lang);
    tx_init_in(&players, t->lang);
    points(&pts, v->value);
    int n = 0;
    for (int p = 0; p < pos->nplayers; p++)
        n += v->points[p] > 0;
    for (int p = 0, k = 0; p < pos->nplayers; p++)
        if (v->points[p] > 0) {
            tx_sep(&players, k++, n);
            tx_str(&players, pos->players[p]);
        }
    if (n == 0)
        tx_add(t, TX_FEATURE_WORTH_NOBODY, tx_cstr(&pts));
    else
        tx_add(t, n == 1 ? TX_FEATURE_WORTH : TX_FEATURE_WORTH_EACH, tx_cstr(&pts),
               tx_cstr(&players));
    t->failed |= pts.failed || players.failed;
    tx_free(&players);
    tx_free(&pts);
}

static void feature_sentence(txbuf *line, const cc_position *pos, const cc_features *f, int id)
{
    const cc_feature *feat = &f->features[id];
    int tiles[CC_MAX_TILES];
    int n = cc_features_cells(f, id, tiles);
    txbuf name, cells;
    tx_init_in(&name, line->lang);
    tx_init_in(&cells, line->lang);
    feature_name(&name, f, id);
    for (int i = 0; i < n; i++) {
        tx_sep(&cells, i, n);
        tx_add(&cells, TX_CELL, f->board->tiles[tiles[i]].x, f->board->tiles[tiles[i]].y);
    }
    const char *type = tx_word(line->lang, type_word(feat->type));
    if (n == 1)
        tx_add(line, TX_FEATURE_ONE_CELL, type, tx_cstr(&name), tx_cstr(&cells));
    else
        tx_add(line, TX_FEATURE_CELLS, type, tx_cstr(&name), n, tx_cstr(&cells));
    feature_state(line, f, id);
    cc_value v;
    cc_feature_value(f, pos, id, false, &v);
    feature_occupants(line, pos, f, id, &v);
    feature_worth(line, pos, &v);
    line->failed |= name.failed || cells.failed;
    tx_free(&cells);
    tx_free(&name);
}

static void features_section(const cc_position *pos, const cc_features *f, sentences *sec,
                             enc_rules *rules, txbuf *line)
{
    int n = f->nfeatures;
    int *order = malloc(sizeof *order * (size_t)(n > 0 ? n : 1));
    if (order == NULL) {
        line->failed = true;
        return;
    }
    /* Canonical order of the names (insertion sort: stable, and n is at
     * most a few hundred on a full board). */
    for (int i = 0; i < n; i++) {
        int j = i;
        while (j > 0 && cc_feature_compare(f, order[j - 1], i) > 0) {
            order[j] = order[j - 1];
            j--;
        }
        order[j] = i;
    }
    if (n == 0) {
        tx_add(line, TX_FEATURES_NONE);
        emit(sec, line);
    }
    for (int i = 0; i < n; i++) {
        feature_sentence(line, pos, f, order[i]);
        emit(sec, line);
        enc_feature_rules(rules, f, order[i]);
    }
    free(order);
}

/* ---- standing ------------------------------------------------------------------- */

/* The players with the highest of totals[] (their indices in names[],
 * *count of them, and a list in words); returns the highest total. */
static int leaders(const cc_position *pos, const int *totals, int *names, txbuf *words,
                   int *count)
{
    int best = totals[0];
    for (int p = 1; p < pos->nplayers; p++)
        if (totals[p] > best)
            best = totals[p];
    int n = 0;
    for (int p = 0; p < pos->nplayers; p++)
        n += totals[p] == best;
    for (int p = 0, k = 0; p < pos->nplayers; p++)
        if (totals[p] == best) {
            names[k] = p;
            tx_sep(words, k++, n);
            tx_str(words, pos->players[p]);
        }
    *count = n;
    return best;
}

/* Who leads, now and after the end-game scoring: players' indices. */
typedef struct {
    int now[CC_MAX_PLAYERS], nnow;
    int final[CC_MAX_PLAYERS], nfinal;
} standing;

static void standing_section(const cc_position *pos, const cc_features *f, sentences *sec,
                             standing *lead, enc_rules *rules, txbuf *line)
{
    cc_score_result *res = malloc(sizeof *res);
    if (res == NULL) {
        line->failed = true;
        return;
    }
    cc_score_final(pos, f, res);
    for (int r = 0; r < res->nrules; r++)
        enc_rules_add(rules, res->rules[r]);

    int now[CC_MAX_PLAYERS] = { 0 }, final[CC_MAX_PLAYERS] = { 0 };
    for (int p = 0; p < pos->nplayers; p++) {
        now[p] = cc_position_score(pos, p);
        final[p] = now[p] + res->totals[p];
    }
    txbuf words, pts, gains, totals;
    tx_init_in(&words, line->lang);
    tx_init_in(&pts, line->lang);
    tx_init_in(&gains, line->lang);
    tx_init_in(&totals, line->lang);
    points(&pts, leaders(pos, now, lead->now, &words, &lead->nnow));
    tx_add(line, lead->nnow == 1 ? TX_STANDING_LEADS : TX_STANDING_TIED, tx_cstr(&words),
           tx_cstr(&pts));
    emit(sec, line);

    bool any = false;
    for (int p = 0; p < pos->nplayers; p++) {
        any |= res->totals[p] != 0;
        tx_sep(&gains, p, pos->nplayers);
        tx_add(&gains, TX_PLAYER_POINTS, pos->players[p], res->totals[p]);
        tx_sep(&totals, p, pos->nplayers);
        tx_add(&totals, TX_PLAYER_POINTS, pos->players[p], final[p]);
    }
    if (any)
        tx_add(line, TX_STANDING_FINAL, tx_cstr(&gains), tx_cstr(&totals));
    else
        tx_add(line, TX_STANDING_FINAL_NOTHING);
    list_restart(&words, sec);
    leaders(pos, final, lead->final, &words, &lead->nfinal);
    tx_add(line, lead->nfinal == 1 ? TX_STANDING_FINAL_WINS : TX_STANDING_FINAL_TIE,
           tx_cstr(&words));
    emit(sec, line);
    sec->failed |= words.failed || pts.failed || gains.failed || totals.failed;
    tx_free(&totals);
    tx_free(&gains);
    tx_free(&pts);
    tx_free(&words);
    free(res);
}

/* ---- the whole description -------------------------------------------------------- */

/* How a section reads in the text: a heading, then `inline_n` sentences
 * after it on the heading's line (-1: all), the rest as "- " items. */
typedef struct {
    const char *key;
    tx_id heading;
    int inline_n;
} section_form;

static const section_form forms[] = {
    { "players", TX_HEAD_PLAYERS, -1 },
    { "board", TX_HEAD_BOARD, 1 },
    { "figures", TX_HEAD_FIGURES, 0 },
    { "features", TX_HEAD_FEATURES, 0 },
    { "standing", TX_HEAD_STANDING, -1 },
};
#define NSECTIONS (sizeof forms / sizeof forms[0])

static void join_sections(txbuf *text, const sentences *sections)
{
    for (size_t s = 0; s < NSECTIONS; s++) {
        if (s > 0)
            tx_str(text, "\n\n");
        tx_str(text, tx_word(text->lang, forms[s].heading));
        tx_str(text, tx_word(text->lang, TX_HEAD_COLON));   /* French " :" */
        for (size_t i = 0; i < sections[s].n; i++) {
            bool inline_here = forms[s].inline_n < 0 || i < (size_t)forms[s].inline_n;
            tx_str(text, inline_here ? " " : "\n- ");
            tx_str(text, sections[s].items[i]);
        }
    }
}

static void write_names(jw *w, const cc_position *pos, const int *players, int n)
{
    jw_array(w);
    for (int i = 0; i < n; i++)
        jw_string(w, pos->players[players[i]]);
    jw_array_end(w);
}

bool describe_position(jw *w, const cc_position *pos, const cc_board *b, const cc_features *f,
                       const char *lang)
{
    sentences sections[NSECTIONS];
    memset(sections, 0, sizeof sections);
    enc_rules rules;
    enc_rules_init(&rules);
    standing lead;
    memset(&lead, 0, sizeof lead);
    txbuf line, text;
    tx_init_in(&line, lang);
    tx_init_in(&text, lang);

    players_section(pos, &sections[0], &line);
    board_section(pos, b, &sections[1], &line);
    figures_section(pos, f, &sections[2], &line);
    features_section(pos, f, &sections[3], &rules, &line);
    standing_section(pos, f, &sections[4], &lead, &rules, &line);
    join_sections(&text, sections);

    bool failed = line.failed || text.failed;
    jw_object(w);
    jw_key(w, "text");
    jw_string_len(w, tx_cstr(&text), tx_len(&text));
    jw_key(w, "sections");
    jw_object(w);
    for (size_t s = 0; s < NSECTIONS; s++) {
        failed |= sections[s].failed;
        jw_key(w, forms[s].key);
        jw_array(w);
        for (size_t i = 0; i < sections[s].n; i++)
            jw_string(w, sections[s].items[i]);
        jw_array_end(w);
        sentences_free(&sections[s]);
    }
    jw_object_end(w);
    jw_key(w, "leaders");
    jw_object(w);
    jw_key(w, "now");
    write_names(w, pos, lead.now, lead.nnow);
    jw_key(w, "final");
    write_names(w, pos, lead.final, lead.nfinal);
    jw_object_end(w);
    jw_key(w, "rules");
    enc_rules_write(w, &rules);
    jw_object_end(w);
    tx_free(&text);
    tx_free(&line);
    return !failed && !jw_failed(w);
}
