/* answers.c -- a route's answer in sentences; see answers.h.
 *
 * One writer per route, chosen by the route table's path. Each reads only
 * members its route's schema (openapi/openapi.yaml) promises, and skips
 * what is absent, so a writer never fails on an answer it does not expect:
 * it says less. The rules paragraph comes last.
 *
 * Every sentence is written in the buffer's language (t->lang), and so is
 * every sub-phrase: each one's own buffer is opened in that language, and
 * the game's words are looked up in it (tx_word). The route's own
 * sentences (an event's explain, a reason) arrive in that language already,
 * since the MCP call asked the route in it; the numbers, cells, locations,
 * ids and player names are the route's, never translated.
 */
#include "answers.h"

#include <stdio.h>
#include <string.h>

#include "../../engine/rules.h"
#include "catalog.h"

/* ---- reading the answer ----------------------------------------------------------- */

static json_object *member(json_object *o, const char *name)
{
    json_object *v = NULL;
    return o && json_object_is_type(o, json_type_object) && json_object_object_get_ex(o, name, &v)
               ? v : NULL;
}

static const char *str(json_object *o, const char *name)
{
    json_object *v = member(o, name);
    return json_object_is_type(v, json_type_string) ? json_object_get_string(v) : "";
}

static int num(json_object *o, const char *name)
{
    return json_object_get_int(member(o, name));
}

static size_t count(json_object *array)
{
    return json_object_is_type(array, json_type_array) ? json_object_array_length(array) : 0;
}

static json_object *item(json_object *array, size_t i)
{
    return json_object_array_get_idx(array, i);
}

/* ---- shared phrases ---------------------------------------------------------------- */

/* "(0, -1) S" from {x, y, at}; "(0, -1)" from {x, y}. */
static void spot(txbuf *t, json_object *o)
{
    if (member(o, "at"))
        tx_add(t, TX_SPOT, num(o, "x"), num(o, "y"), str(o, "at"));
    else
        tx_add(t, TX_CELL, num(o, "x"), num(o, "y"));
}

/* The words of the game (term.*), in the answer's language. */
static const char *type_word(const char *lang, const char *type)
{
    static const struct { const char *name; tx_id word; } words[] = {
        { "city", TX_TYPE_CITY },         { "road", TX_TYPE_ROAD },
        { "field", TX_TYPE_FIELD },       { "cloister", TX_TYPE_CLOISTER },
        { "shrine", TX_TYPE_SHRINE },     { "abbey", TX_TYPE_ABBEY },
        { "river", TX_TYPE_RIVER },
    };
    for (size_t i = 0; i < sizeof words / sizeof words[0]; i++)
        if (strcmp(words[i].name, type) == 0)
            return tx_word(lang, words[i].word);
    return type;
}

static const char *kind_word(const char *lang, const char *kind)
{
    static const struct { const char *name; tx_id word; } words[] = {
        { "meeple", TX_KIND_MEEPLE }, { "mayor", TX_KIND_MAYOR },   { "wagon", TX_KIND_WAGON },
        { "barn", TX_KIND_BARN },     { "shepherd", TX_KIND_SHEPHERD }, { "big", TX_KIND_BIG },
        { "builder", TX_KIND_BUILDER }, { "pig", TX_KIND_PIG },
    };
    for (size_t i = 0; i < sizeof words / sizeof words[0]; i++)
        if (strcmp(words[i].name, kind) == 0)
            return tx_word(lang, words[i].word);
    return kind;
}

/* A sub-phrase written into its own buffer p, passed to a phrase of
 * `into` as one %s argument: its text, and its failure carried over. */
static const char *done(txbuf *into, const txbuf *p)
{
    into->failed |= p->failed;
    return tx_cstr(p);
}

/* "red's meeple" from a figure {player, kind}; "a meeple" has no player. */
static void owner(txbuf *t, json_object *fig)
{
    tx_add(t, TX_POSSESSIVE, str(fig, "player"), kind_word(t->lang, str(fig, "kind")));
}

/* "red 4 and blue 0" from {"red": 4, "blue": 0}. */
static void totals(txbuf *t, json_object *o)
{
    int n = json_object_is_type(o, json_type_object) ? json_object_object_length(o) : 0, i = 0;
    if (n == 0)
        return;
    json_object_object_foreach(o, name, value) {
        tx_sep(t, i++, n);
        tx_add(t, TX_PLAYER_POINTS, name, json_object_get_int(value));
    }
}

static void points(txbuf *t, int n)
{
    tx_add(t, n == 1 ? TX_POINTS_ONE : TX_POINTS_MANY, n);
}

/* Each event's own explanation (score events), or the wagon's move. */
static void events(txbuf *t, json_object *list)
{
    size_t n = count(list);
    if (n == 0) {
        tx_add(t, TX_ANS_NO_EVENTS);
        return;
    }
    tx_add(t, TX_ANS_EVENTS);
    for (size_t i = 0; i < n; i++) {
        json_object *e = item(list, i);
        txbuf line;
        tx_init_in(&line, t->lang);
        if (strcmp(str(e, "kind"), "wagon-move") == 0) {
            txbuf who, from, to;
            tx_init_in(&who, t->lang);
            tx_init_in(&from, t->lang);
            tx_init_in(&to, t->lang);
            tx_add(&who, TX_POSSESSIVE, str(e, "player"), tx_word(t->lang, TX_KIND_WAGON));
            spot(&from, member(e, "from"));
            spot(&to, member(e, "to"));
            tx_add(&line, TX_ANS_WAGON_MOVE, done(&line, &who), done(&line, &from),
                   done(&line, &to));
            tx_free(&to);
            tx_free(&from);
            tx_free(&who);
        } else {
            tx_str(&line, str(e, "explain"));
        }
        tx_add(t, TX_ITEM, done(t, &line));
        tx_free(&line);
    }
}

/* The rule's statement in lang ("rule.<id>" of the catalog), else its
 * English, as GET /v1/rules gives it. */
static const char *statement(const char *lang, const cc_rule *r)
{
    char ctxt[160];
    snprintf(ctxt, sizeof ctxt, "rule.%s", r->id);
    const char *translated = txt_lookup(lang, ctxt);
    return translated ? translated : r->statement;
}

/* "\n\nRules applied:\n- id: statement" for each id of the array. */
void answers_rules(txbuf *t, json_object *rules)
{
    size_t n = count(rules);
    if (n == 0)
        return;
    tx_add(t, TX_ANS_RULES_HEAD);
    for (size_t i = 0; i < n; i++) {
        const char *id = json_object_get_string(item(rules, i));
        const cc_rule *r = id ? cc_rule_find(id) : NULL;
        txbuf line;
        tx_init_in(&line, t->lang);
        if (r)
            tx_add(&line, TX_ANS_RULE_ITEM, r->id, statement(t->lang, r));
        else
            tx_str(&line, id ? id : "");
        tx_add(t, TX_ITEM, done(t, &line));
        tx_free(&line);
    }
}

void answers_problem(txbuf *t, int status, const char *title, const char *detail,
                     const char *pointer)
{
    (void)status;   /* the HTTP side's: a model cannot use it */
    if (pointer[0])
        tx_add(t, TX_ANS_PROBLEM, title, detail, pointer);
    else
        tx_add(t, TX_ANS_PROBLEM_WHOLE, title, detail);
}

/* ---- one writer per route ---------------------------------------------------------- */

static void validate(txbuf *t, json_object *a)
{
    json_object *summary = member(a, "summary");
    int tiles = num(summary, "tiles");
    if (tiles == 1)
        tx_add(t, TX_ANS_VALID_ONE);
    else
        tx_add(t, TX_ANS_VALID_MANY, tiles);
    static const char *const types[] = { "city", "road", "field", "cloister", "shrine", "abbey" };
    txbuf list;
    tx_init_in(&list, t->lang);
    int k = 0;
    for (size_t i = 0; i < sizeof types / sizeof types[0]; i++) {
        json_object *c = member(member(summary, "features"), types[i]);
        if (num(c, "count") == 0)
            continue;
        if (k++ > 0)
            tx_add(&list, TX_ITEM_SEP);
        tx_add(&list, TX_ANS_TYPE_COUNT, type_word(t->lang, types[i]), num(c, "count"), num(c, "complete"));
    }
    if (k > 0)
        tx_add(t, TX_ANS_FEATURE_COUNTS, done(t, &list));
    tx_free(&list);
    json_object *figures = member(summary, "figures");
    tx_init_in(&list, t->lang);
    k = 0;
    if (json_object_is_type(figures, json_type_object)) {
        json_object_object_foreach(figures, player, kinds) {
            txbuf have;
            tx_init_in(&have, t->lang);
            int j = 0;
            if (json_object_is_type(kinds, json_type_object)) {
                json_object_object_foreach(kinds, kind, n) {
                    if (json_object_get_int(n) == 0)
                        continue;
                    if (j++ > 0)
                        tx_add(&have, TX_LIST_SEP);
                    tx_add(&have, TX_ANS_KIND_COUNT, kind_word(t->lang, kind), json_object_get_int(n));
                }
            }
            if (j == 0)
                tx_add(&have, TX_ANS_NONE);
            if (k++ > 0)
                tx_add(&list, TX_ITEM_SEP);
            tx_add(&list, TX_ANS_PLAYER_FIGURES, player, done(&list, &have));
            tx_free(&have);
        }
    }
    if (k > 0)
        tx_add(t, TX_ANS_FIGURES, done(t, &list));
    tx_free(&list);
}

static void describe(txbuf *t, json_object *a)
{
    tx_str(t, str(a, "text"));
}

/* Placements come sorted by y, x, rot: one phrase per cell with all its
 * rotations. */
static void placements(txbuf *t, json_object *a)
{
    json_object *list = member(a, "placements");
    size_t n = count(list);
    if (n == 0) {
        tx_add(t, TX_ANS_NO_PLACEMENT, str(a, "tile"));
        return;
    }
    int cells = 0;
    for (size_t i = 0; i < n; i++)
        cells += i == 0 || num(item(list, i), "x") != num(item(list, i - 1), "x") ||
                 num(item(list, i), "y") != num(item(list, i - 1), "y");
    txbuf all;
    tx_init_in(&all, t->lang);
    int c = 0;
    for (size_t i = 0; i < n;) {
        json_object *p = item(list, i);
        size_t j = i;
        while (j < n && num(item(list, j), "x") == num(p, "x") && num(item(list, j), "y") == num(p, "y"))
            j++;
        txbuf cell, rots;
        tx_init_in(&cell, t->lang);
        tx_init_in(&rots, t->lang);
        spot(&cell, p);
        for (size_t r = i; r < j; r++) {
            tx_sep(&rots, (int)(r - i), (int)(j - i));
            tx_add(&rots, TX_DEGREES, num(item(list, r), "rot"));
        }
        tx_sep(&all, c++, cells);
        tx_add(&all, TX_ANS_PLACEMENT_AT, done(&all, &cell), done(&all, &rots));
        tx_free(&rots);
        tx_free(&cell);
        i = j;
    }
    if (n == 1)
        tx_add(t, TX_ANS_PLACEMENTS_ONE, str(a, "tile"), done(t, &all));
    else
        tx_add(t, TX_ANS_PLACEMENTS, str(a, "tile"), (int)n, done(t, &all));
    tx_free(&all);
}

/* "The city (0, -1) S: 2 tiles, complete. On it: ... Scored now ..." */
static void feature(txbuf *t, json_object *f)
{
    txbuf name, tiles, on, worth;
    tx_init_in(&name, t->lang);
    tx_init_in(&tiles, t->lang);
    tx_init_in(&on, t->lang);
    tx_init_in(&worth, t->lang);
    spot(&name, member(f, "feature"));
    int ncells = (int)count(member(f, "cells"));
    tx_add(&tiles, ncells == 1 ? TX_TILES_ONE : TX_TILES_MANY, ncells);
    tx_add(t, TX_ANS_FEATURE_HEAD, type_word(t->lang, str(f, "type")), done(t, &name), done(t, &tiles),
           tx_word(t->lang, json_object_get_boolean(member(f, "complete")) ? TX_WORD_COMPLETE
                                                                            : TX_WORD_OPEN));
    json_object *occupants = member(f, "occupants");
    int k = 0, n = 0;
    if (json_object_is_type(occupants, json_type_object)) {
        json_object_object_foreach(occupants, p0, figs0) {
            (void)p0;
            n += (int)count(figs0);
        }
        json_object_object_foreach(occupants, player, figs) {
            for (size_t i = 0; i < count(figs); i++) {
                json_object *fig = item(figs, i);
                txbuf who, where;
                tx_init_in(&who, t->lang);
                tx_init_in(&where, t->lang);
                tx_add(&who, TX_POSSESSIVE, player, kind_word(t->lang, str(fig, "kind")));
                spot(&where, fig);
                tx_sep(&on, k++, n);
                tx_add(&on, TX_FIGURE_AT, done(&on, &who), done(&on, &where));
                tx_free(&where);
                tx_free(&who);
            }
        }
    }
    if (n == 0)
        tx_add(t, TX_FEATURE_EMPTY);
    else
        tx_add(t, TX_FEATURE_ON_IT, done(t, &on));
    json_object *pts = member(f, "points");
    int scorers = json_object_is_type(pts, json_type_object) ? json_object_object_length(pts) : 0;
    txbuf value;
    tx_init_in(&value, t->lang);
    points(&value, num(f, "value"));
    k = 0;
    if (scorers > 0) {
        json_object_object_foreach(pts, player, v) {
            (void)v;
            tx_sep(&worth, k++, scorers);
            tx_str(&worth, player);
        }
    }
    if (scorers == 0)
        tx_add(t, TX_FEATURE_WORTH_NOBODY, done(t, &value));
    else
        tx_add(t, scorers == 1 ? TX_FEATURE_WORTH : TX_FEATURE_WORTH_EACH, done(t, &value),
               done(t, &worth));
    tx_free(&value);
    tx_free(&worth);
    tx_free(&on);
    tx_free(&tiles);
    tx_free(&name);
}

static void features(txbuf *t, json_object *a)
{
    json_object *list = member(a, "features");
    size_t n = count(list);
    if (n == 0)
        tx_add(t, TX_ANS_NO_FEATURE);
    for (size_t i = 0; i < n; i++) {
        if (i > 0)
            tx_str(t, "\n");
        feature(t, item(list, i));
    }
}

static void deployments(txbuf *t, json_object *a)
{
    txbuf cell;
    tx_init_in(&cell, t->lang);
    spot(&cell, member(a, "tile"));
    json_object *options = member(a, "options");
    size_t n = count(options);
    tx_add(t, n == 0 ? TX_ANS_NO_DEPLOYMENT : TX_ANS_DEPLOYMENTS, done(t, &cell));
    tx_free(&cell);
    for (size_t i = 0; i < n; i++) {
        json_object *o = item(options, i);
        txbuf line, feat;
        tx_init_in(&line, t->lang);
        tx_init_in(&feat, t->lang);
        spot(&feat, member(o, "feature"));
        tx_add(&line, TX_ANS_DEPLOY_OPTION, kind_word(t->lang, str(o, "kind")), str(o, "at"),
               done(&line, &feat));
        json_object *challenge = member(o, "challenge");
        if (challenge) {
            txbuf who, where;
            tx_init_in(&who, t->lang);
            tx_init_in(&where, t->lang);
            owner(&who, challenge);
            spot(&where, challenge);
            tx_add(&line, TX_ANS_DEPLOY_CHALLENGE, done(&line, &who), done(&line, &where));
            tx_free(&where);
            tx_free(&who);
        }
        tx_add(t, TX_ITEM, done(t, &line));
        tx_free(&feat);
        tx_free(&line);
    }
}

static void wagon_moves(txbuf *t, json_object *a)
{
    json_object *wagon = member(a, "wagon");
    json_object *list = member(a, "destinations");
    size_t n = count(list);
    txbuf who, where;
    tx_init_in(&who, t->lang);
    tx_init_in(&where, t->lang);
    owner(&who, wagon);
    spot(&where, wagon);
    tx_add(t, n == 0 ? TX_ANS_WAGON_NONE : TX_ANS_WAGON, done(t, &who), done(t, &where));
    tx_free(&where);
    tx_free(&who);
    for (size_t i = 0; i < n; i++) {
        json_object *d = item(list, i);
        txbuf line, to, feat;
        tx_init_in(&line, t->lang);
        tx_init_in(&to, t->lang);
        tx_init_in(&feat, t->lang);
        spot(&to, d);
        spot(&feat, member(d, "feature"));
        tx_add(&line, TX_ANS_WAGON_DEST, done(&line, &to), done(&line, &feat));
        tx_add(t, TX_ITEM, done(t, &line));
        tx_free(&feat);
        tx_free(&to);
        tx_free(&line);
    }
}

static void score_totals(txbuf *t, json_object *sum)
{
    txbuf list;
    tx_init_in(&list, t->lang);
    totals(&list, sum);
    if (tx_len(&list) > 0) {
        tx_str(t, "\n");
        tx_add(t, TX_ANS_TOTALS, done(t, &list));
    }
    tx_free(&list);
}

/* With Messages: how many messages the active player receives. */
static void message_outcome(txbuf *t, json_object *m)
{
    if (m == NULL)
        return;
    int received = num(m, "received");
    if (received == 0)
        tx_add(t, TX_ANS_MESSAGE_NONE, str(m, "player"));
    else if (received == 1)
        tx_add(t, TX_ANS_MESSAGE_ONE, str(m, "player"));
    else
        tx_add(t, TX_ANS_MESSAGE_MANY, str(m, "player"), received);
}

static void barn_check(txbuf *t, json_object *a)
{
    if (!json_object_get_boolean(member(a, "legal"))) {
        json_object *reason = member(a, "reason");
        tx_add(t, TX_ANS_BARN_ILLEGAL, str(reason, "explain"), str(reason, "rule"));
        return;
    }
    txbuf field;
    tx_init_in(&field, t->lang);
    spot(&field, member(a, "field"));
    tx_add(t, TX_ANS_BARN_LEGAL, done(t, &field));
    tx_free(&field);
    json_object *scoring = member(a, "scoring");
    if (scoring) {
        tx_str(t, "\n");
        events(t, member(scoring, "events"));
        score_totals(t, member(scoring, "totals"));
    }
}

/* The end of the game (score with final, a turn that ends the game): the
 * standings best first, then the winner or the tied winners. */
static void standings(txbuf *t, json_object *a)
{
    json_object *list = member(a, "standings");
    size_t n = count(list);
    if (n == 0)
        return;
    txbuf ranks;
    tx_init_in(&ranks, t->lang);
    for (size_t i = 0; i < n; i++) {
        json_object *s = item(list, i);
        tx_sep(&ranks, (int)i, (int)n);
        tx_add(&ranks, TX_ANS_STANDING, num(s, "rank"), str(s, "player"), num(s, "score"));
    }
    tx_str(t, "\n");
    tx_add(t, TX_ANS_STANDINGS, done(t, &ranks));
    tx_free(&ranks);
    json_object *winners = member(a, "winners");
    size_t w = count(winners);
    if (w == 0)
        return;
    txbuf names;
    tx_init_in(&names, t->lang);
    for (size_t i = 0; i < w; i++) {
        tx_sep(&names, (int)i, (int)w);
        tx_str(&names, json_object_get_string(item(winners, i)));
    }
    tx_str(t, " ");
    if (w == 1)
        tx_add(t, TX_ANS_WINNER, done(t, &names));
    else
        tx_add(t, TX_ANS_WINNERS, done(t, &names));
    tx_free(&names);
}

static void score(txbuf *t, json_object *a)
{
    events(t, member(a, "events"));
    score_totals(t, member(a, "totals"));
    standings(t, a);
    message_outcome(t, member(a, "message"));
}

static void turn(txbuf *t, json_object *a)
{
    if (!json_object_get_boolean(member(a, "legal"))) {
        tx_add(t, TX_ANS_TURN_ILLEGAL, str(a, "reason"), str(a, "rule"), str(a, "pointer"));
        return;
    }
    tx_add(t, TX_ANS_TURN_LEGAL);
    tx_str(t, "\n");
    events(t, member(a, "events"));
    score_totals(t, member(a, "totals"));
    message_outcome(t, member(a, "message"));
    tx_str(t, "\n");
    if (json_object_get_boolean(member(a, "game_over"))) {
        tx_add(t, TX_ANS_GAME_OVER);
        standings(t, a);
    }
    else
        tx_add(t, TX_ANS_NEXT, str(member(a, "position"), "active"));
}

static void message(txbuf *t, json_object *a)
{
    txbuf pts, alt;
    tx_init_in(&pts, t->lang);
    tx_init_in(&alt, t->lang);
    points(&pts, num(a, "points"));
    points(&alt, num(a, "alternative"));
    tx_add(t, TX_ANS_MESSAGE_CARD, num(a, "card"), str(a, "name"), str(a, "player"),
           done(t, &pts), done(t, &alt));
    tx_free(&alt);
    tx_free(&pts);
    if (str(a, "explain")[0]) {
        tx_str(t, " ");
        tx_str(t, str(a, "explain"));
    }
}

/* An edge of the tile's "edges" string: the feature type's term. */
static const char *edge_word(const char *lang, char c)
{
    switch (c) {
    case 'C': return tx_word(lang, TX_TYPE_CITY);
    case 'R': return tx_word(lang, TX_TYPE_ROAD);
    case 'F': return tx_word(lang, TX_TYPE_FIELD);
    default: return tx_word(lang, TX_EDGE_ANY);
    }
}

static void tile(txbuf *t, json_object *a)
{
    const char *edges = str(a, "edges");
    char e[4] = { '?', '?', '?', '?' };
    for (int d = 0; d < 4 && edges[d]; d++)
        e[d] = edges[d];
    tx_add(t, TX_ANS_TILE, str(a, "id"), str(a, "set"), str(a, "reference_id"), num(a, "count"),
           edge_word(t->lang, e[0]), edge_word(t->lang, e[1]), edge_word(t->lang, e[2]),
           edge_word(t->lang, e[3]));
    if (json_object_get_boolean(member(a, "start")))
        tx_add(t, TX_ANS_TILE_START);
    json_object *aliases = member(a, "aliases");
    if (count(aliases) > 0) {
        txbuf list;
        tx_init_in(&list, t->lang);
        for (size_t i = 0; i < count(aliases); i++) {
            tx_sep(&list, (int)i, (int)count(aliases));
            tx_str(&list, json_object_get_string(item(aliases, i)));
        }
        tx_add(t, TX_ANS_TILE_ALIASES, done(t, &list));
        tx_free(&list);
    }
    if (json_object_get_boolean(member(a, "hill")))
        tx_add(t, TX_TILE_HILL);
    if (json_object_get_boolean(member(a, "vineyard")))
        tx_add(t, TX_TILE_VINEYARD);
    if (json_object_get_boolean(member(a, "garden")))
        tx_add(t, TX_TILE_GARDEN);
    json_object *list = member(a, "features");
    if (count(list) > 0)
        tx_add(t, TX_ANS_TILE_FEATURES);
    for (size_t i = 0; i < count(list); i++) {
        json_object *f = item(list, i);
        json_object *locs = member(f, "locations");
        txbuf where, line;
        tx_init_in(&where, t->lang);
        tx_init_in(&line, t->lang);
        for (size_t j = 0; j < count(locs); j++) {
            tx_sep(&where, (int)j, (int)count(locs));
            tx_str(&where, json_object_get_string(item(locs, j)));
        }
        tx_add(&line, TX_ANS_TILE_FEATURE, num(f, "index"), type_word(t->lang, str(f, "type")),
               done(&line, &where));
        int pennants = num(f, "pennants");
        if (pennants == 1)
            tx_add(&line, TX_ANS_TILE_PENNANT);
        else if (pennants > 1)
            tx_add(&line, TX_ANS_TILE_PENNANTS, pennants);
        tx_add(t, TX_ITEM, done(t, &line));
        tx_free(&line);
        tx_free(&where);
    }
    if (str(a, "notes")[0])
        tx_add(t, TX_ANS_TILE_NOTES, str(a, "notes"));
}

static void rule(txbuf *t, json_object *a)
{
    tx_add(t, TX_ANS_RULE, str(a, "id"), str(a, "expansion"), str(a, "edition"),
           str(a, "statement"), str(a, "source"));
}

typedef void writer(txbuf *t, json_object *answer);

static const struct {
    const char *path;
    writer *fn;
    bool rules;     /* end with the answer's rules */
} writers[] = {
    { "/v1/validate", validate, true },
    { "/v1/describe", describe, true },
    { "/v1/placements", placements, true },
    { "/v1/features", features, true },
    { "/v1/deployments", deployments, true },
    { "/v1/wagon-moves", wagon_moves, true },
    { "/v1/barn-check", barn_check, true },
    { "/v1/score", score, true },
    { "/v1/turn", turn, true },
    { "/v1/messages/{n}", message, true },
    { "/v1/tiles/{id}", tile, false },
    { "/v1/rules/{id}", rule, false },
};

void answers_write(txbuf *t, const char *path, json_object *answer)
{
    for (size_t i = 0; i < sizeof writers / sizeof writers[0]; i++)
        if (strcmp(writers[i].path, path) == 0) {
            writers[i].fn(t, answer);
            if (writers[i].rules)
                answers_rules(t, member(answer, "rules"));
            return;
        }
    answers_rules(t, member(answer, "rules"));
}
