/* english.c -- the walk over every English message (english.h).
 *
 * Sources, in template order:
 *   rule-title.<id>, rule.<id>   each rule's short title and statement
 *                                (engine/rules.c, cc_rules())
 *   msg.<id>, term.<name>        the engine's sentences, problem titles and
 *                                details, and the terms they insert
 *                                (service/text/messages_en.c)
 *   describe.<id>, answer.<id>, mcp.<id>   the phrases of /v1/describe, of
 *                                the MCP tools' answers in sentences and of
 *                                the MCP server (service/text/phrases.def; a
 *                                phrase that is a term is the term's entry)
 *   mcp.tool.<name>.title, .description   the MCP tools' words
 *                                (service/mcp/tools.json, from the OpenAPI
 *                                document)
 *   explore.<key>                the explorer page's labels
 *                                (explorer/explore.html, service/text/explorer.h)
 *   msg.problem.*, msg.detail.*, term.*   the service's own problems and
 *                                the terms they insert (problems.def)
 *   language.name                the language's name in itself, which
 *                                tools/po2c.py puts in the language table
 *                                (service/text/lang.h)
 * A new table of English adds one function here and one call in
 * txt_english_each(). */
#include "english.h"

#include <stdio.h>
#include <string.h>

#include "../../engine/rules.h"
#include "../mcp/catalog.h"
#include "explorer.h"
#include "messages_en.h"
#include "text.h"
#include "problems.h"

static void each_rule(txt_english_fn *fn, void *arg)
{
    size_t n;
    const cc_rule *rules = cc_rules(&n);
    for (size_t i = 0; i < n; i++) {
        char ctxt[160], comment[1024];
        snprintf(ctxt, sizeof ctxt, "rule-title.%s", rules[i].id);
        snprintf(comment, sizeof comment,
                 "The short title of rule %s (a few words naming it, like a heading). "
                 "Its statement: %s", rules[i].id, rules[i].statement);
        fn(&(txt_english){ ctxt, rules[i].title, comment }, arg);
        snprintf(ctxt, sizeof ctxt, "rule.%s", rules[i].id);
        snprintf(comment, sizeof comment,
                 "The statement of rule %s (expansion %s, edition %s): one sentence. Rule page: %s",
                 rules[i].id, rules[i].expansion, rules[i].edition, rules[i].source_url);
        fn(&(txt_english){ ctxt, rules[i].statement, comment }, arg);
    }
}

/* The engine's sentences, problems and terms (msg.*, term.*): the table of
 * messages_en.c. */
static void each_message(txt_english_fn *fn, void *arg)
{
    size_t n;
    const txt_english *e = txt_english_messages(&n);
    for (size_t i = 0; i < n; i++)
        fn(&e[i], arg);
}

/* What a phrase's placeholder holds, for the translator's note. */
static const struct {
    const char *name, *holds;
} placeholders[] = {
    { "player", "a player's name" }, { "active", "the name of the player to play" },
    { "players", "players' names, joined by \", \" and describe.list-last" },
    { "list", "a list of items, joined by \", \" and describe.list-last" },
    { "cell", "a cell, \"(0, -1)\"" }, { "spot", "a cell and a location, \"(0, -1) N\"" },
    { "who", "a figure and its owner (describe.possessive)" },
    { "kind", "a figure kind (term: meeple, mayor, wagon, barn, shepherd)" },
    { "type", "a feature type (term: city, road, field, cloister, shrine, abbey)" },
    { "name", "a feature's name, \"(0, -1) N\"" }, { "feature", "a feature's name, \"(0, -1) N\"" },
    { "count", "a number" }, { "cities", "a number of cities" },
    { "complete", "a number of complete cities" }, { "degrees", "a number of degrees" },
    { "points", "a number of points, or a number of points in words (describe.points-many)" },
    { "total", "a number of points" }, { "first", "a number of points" },
    { "second", "a number of points" }, { "tile_id", "a tile type's id, \"base.CRFR\"" },
    { "rotation", "describe.rot or describe.rot-none" }, { "edges", "describe.edges-one/many, joined by \"; \"" },
    { "direction", "a side (term: north, east, south, west)" },
    { "directions", "sides (terms), joined by \", \" and describe.list-last" },
    { "corner", "a corner (describe.corner-ne, ...)" },
    { "strengths", "each player's strength, \"red 1, blue 2\"" },
    { "gains", "points per player, \"red 4, blue 0\"" }, { "totals", "points per player, \"red 4, blue 0\"" },
    { "figures", "figures with their spots (describe.figure-at), joined as a list" },
    { "finished", "how many of them are complete" },
    { "tile", "a tile type's id, \"base.CRFR\"" },
    { "placements", "the cells with their rotations (answer.placement-at), joined as a list" },
    { "rotations", "numbers of degrees, \"90°, 180° and 270°\"" },
    { "tiles", "a number of tiles (answer.tiles-one/many)" },
    { "state", "answer.word-complete or answer.word-open" },
    { "location", "a location on a tile: \"N\", \"NNE\", \"C\", \"#2\" (kept as it is)" },
    { "field", "a field's name, \"(0, -1) N\"" }, { "rule", "a rule id" },
    { "explain", "the engine's sentence saying why (msg.reason.*), already in the language" },
    { "reason", "the engine's sentence saying why (msg.reason.*), already in the language" },
    { "pointer", "a JSON Pointer, \"/position/tiles/1\" (kept as it is)" },
    { "from", "a cell and a location, \"(0, -1) N\"" }, { "to", "a cell and a location, \"(0, -1) N\"" },
    { "card", "a Messages card's number, 1 to 8" },
    { "card_name", "the card's name, as the route gives it" },
    { "alternative", "a number of points in words (describe.points-one/many)" },
    { "set", "a tile set's id, \"base\"" }, { "reference", "the tile's letter in its rulebook" },
    { "north", "an edge: term.city, term.road, term.field or answer.edge-any" },
    { "east", "an edge: term.city, term.road, term.field or answer.edge-any" },
    { "south", "an edge: term.city, term.road, term.field or answer.edge-any" },
    { "west", "an edge: term.city, term.road, term.field or answer.edge-any" },
    { "aliases", "other ids of the tile type, joined as a list" },
    { "k", "a feature's index on the tile" },
    { "locations", "locations on a tile, \"N, NNE and C\" (kept as they are)" },
    { "notes", "the tile catalog's notes (English)" },
    { "expansion", "an expansion's id, \"abbey-mayor\"" }, { "edition", "an edition, \"1\" or \"2\"" },
    { "statement", "the rule's statement, already in the language (rule.<id>)" },
    { "source", "where the rule was taken from" },
    { "title", "a problem's title, already in the language" },
    { "status", "an HTTP status, 400" },
    { "detail", "a problem's detail, already in the language" },
    { "question", "the player's question, as they wrote it" },
    { "goods", "a kind of trade goods (term.wine, term.grain or term.cloth), already in the language" },
    { "wine", "a number of wine tokens" }, { "grain", "a number of grain tokens" },
    { "cloth", "a number of cloth tokens" },
    { "position", "the position, as the player gave it" },
};

/* "Placeholders: {who}: a figure and its owner; ..." for a phrase's notes. */
static void describe_placeholders(const char *args, char *out, size_t size)
{
    size_t used = (size_t)snprintf(out, size, "%s", *args ? " Placeholders:" : "");
    for (const char *p = args; *p && used < size;) {
        while (*p == ' ')
            p++;
        const char *colon = strchr(p, ':');
        if (colon == NULL)
            break;
        size_t len = (size_t)(colon - p);
        const char *holds = "a value";
        for (size_t i = 0; i < sizeof placeholders / sizeof placeholders[0]; i++)
            if (strlen(placeholders[i].name) == len && memcmp(placeholders[i].name, p, len) == 0)
                holds = placeholders[i].holds;
        used += (size_t)snprintf(out + used, size - used, " {%.*s}: %s.", (int)len, p, holds);
        p = colon + 2;
    }
}

/* What a phrase of phrases.def is, by its message id's kind. */
static const char *phrase_note(const char *ctxt)
{
    if (strncmp(ctxt, "describe.", 9) == 0)
        return "A piece of the description of a position (POST /v1/describe): a sentence, "
               "a sentence's part or a word; a leading space or \"; \" joins it to what "
               "comes before (keep it). The game's terms are inserted as term.* gives them.";
    if (strncmp(ctxt, "answer.", 7) == 0)
        return "A piece of an MCP tool's answer in sentences (the text content of a tool result, "
               "service/text/answers.c): a sentence, a sentence's part or a word; a leading space, "
               "\", \" or newline joins it to what comes before (keep it). The game's terms are "
               "inserted as term.* gives them; numbers, cells and ids are the answer's own.";
    return "The MCP server's words (service/mcp/): read by a model, shown by a chat client.";
}

/* The phrases of phrases.def that have a message id of their own (a term's
 * id is already the engine's entry). */
static void each_phrase(txt_english_fn *fn, void *arg)
{
    for (int id = 0; id < TX_COUNT; id++) {
        const char *ctxt = tx_ctxt((tx_id)id);
        if (ctxt == NULL || strncmp(ctxt, "term.", 5) == 0)
            continue;
        char comment[2048], holds[1280];
        describe_placeholders(tx_args((tx_id)id), holds, sizeof holds);
        snprintf(comment, sizeof comment, "%s%s", phrase_note(ctxt), holds);
        fn(&(txt_english){ ctxt, tx_phrase((tx_id)id), comment }, arg);
    }
}

typedef struct {
    txt_english_fn *fn;
    void *arg;
} tool_walk;

static void one_tool_text(const char *ctxt, const char *english, const char *comment, void *arg)
{
    const tool_walk *w = arg;
    w->fn(&(txt_english){ ctxt, english, comment }, w->arg);
}

/* The service's own problems and their terms (problems.def). */
static void each_problem(txt_english_fn *fn, void *arg)
{
    size_t n;
    const txt_english *e = svc_english_entries(&n);
    for (size_t i = 0; i < n; i++)
        fn(&e[i], arg);
}

/* The name of the language in itself: not a text of any answer but of the
 * language table GET /v1/languages lists. tools/po2c.py reads each PO
 * file's translation of it into the table, so a PO file names its own
 * language and adding a language is adding its file. */
static void each_language_name(txt_english_fn *fn, void *arg)
{
    fn(&(txt_english){ "language.name", "English",
                       "The name of this language in itself, as GET /v1/languages lists it "
                       "(\"Deutsch\", \"Fran\u00e7ais\", \"\u010ce\u0161tina\"): the "
                       "name of your language in your language, not the word for English." }, arg);
}

void txt_english_each(txt_english_fn *fn, void *arg)
{
    each_rule(fn, arg);
    each_message(fn, arg);
    each_phrase(fn, arg);
    mcp_tool_texts_each(one_tool_text, &(tool_walk){ fn, arg });
    txt_explorer_each(fn, arg);
    each_problem(fn, arg);
    each_language_name(fn, arg);
}

static void count_one(const txt_english *e, void *arg)
{
    (void)e;
    (*(size_t *)arg)++;
}

size_t txt_english_count(void)
{
    size_t n = 0;
    txt_english_each(count_one, &n);
    return n;
}
