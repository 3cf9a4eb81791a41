/* explorer.c -- the explorer page's labels; see explorer.h.
 *
 * The table is found by its opening tag and the next "</script>", read
 * with json-c (a flat object of strings), and written back by hand so that
 * a '<' in a translation is escaped (\u003c) and can never close the
 * script element. Everything else of the page is copied as it is. */
#include "explorer.h"

#include <json-c/json.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../assets.h"
#include "../wire/dynbuf.h"
#include "catalog.h"

#define TABLE_OPEN "<script id=\"labels\" type=\"application/json\">"
#define TABLE_CLOSE "</script>"
#define HTML_LANG "<html lang=\"en\">"

/* The first n2 bytes of needle in hay[0..n1), or NULL (memmem is a GNU
 * extension). */
static const char *find(const char *hay, size_t n1, const char *needle, size_t n2)
{
    for (size_t i = 0; n2 <= n1 && i <= n1 - n2; i++)
        if (memcmp(hay + i, needle, n2) == 0)
            return hay + i;
    return NULL;
}

/* Where the table's JSON text lies in page[0..len): [*start, *end). */
static int find_table(const char *page, size_t len, size_t *start, size_t *end)
{
    const char *open = find(page, len, TABLE_OPEN, strlen(TABLE_OPEN));
    if (open == NULL)
        return 0;
    *start = (size_t)(open - page) + strlen(TABLE_OPEN);
    const char *close = find(page + *start, len - *start, TABLE_CLOSE, strlen(TABLE_CLOSE));
    if (close == NULL)
        return 0;
    *end = (size_t)(close - page);
    return 1;
}

/* The table as a json-c object (the caller puts it), NULL if none. */
static json_object *read_table(const char *page, size_t len)
{
    size_t start, end;
    if (!find_table(page, len, &start, &end))
        return NULL;
    json_tokener *tok = json_tokener_new();
    if (tok == NULL)
        return NULL;
    json_object *table = json_tokener_parse_ex(tok, page + start, (int)(end - start));
    json_tokener_free(tok);
    if (table && !json_object_is_type(table, json_type_object)) {
        json_object_put(table);
        return NULL;
    }
    return table;
}

/* The msgctxt of a label: "explore.<key>", or the key itself for a term. */
static void label_ctxt(const char *key, char *ctxt, size_t size)
{
    snprintf(ctxt, size, strncmp(key, "term.", 5) == 0 ? "%s" : "explore.%s", key);
}

void txt_explorer_each(txt_english_fn *fn, void *arg)
{
    json_object *table = read_table((const char *)explore_html, explore_html_len);
    if (table == NULL)
        return;
    json_object_object_foreach(table, key, value) {
        if (strncmp(key, "term.", 5) == 0 || !json_object_is_type(value, json_type_string))
            continue;
        char ctxt[128], comment[256];
        label_ctxt(key, ctxt, sizeof ctxt);
        snprintf(comment, sizeof comment,
                 "A label of the explorer page (GET /explore), key %s: a heading, button, hint or "
                 "line a person reads beside the board.", key);
        fn(&(txt_english){ ctxt, json_object_get_string(value), comment }, arg);
    }
    json_object_put(table);
}

/* s as a JSON string literal, '<' escaped. */
static int add_json_string(dbuf *b, const char *s)
{
    int ok = dbuf_add(b, "\"", 1);
    for (const unsigned char *c = (const unsigned char *)s; ok && *c; c++) {
        char esc[8];
        if (*c == '"' || *c == '\\')
            ok = dbuf_add(b, (const char[]){ '\\', (char)*c }, 2);
        else if (*c < 0x20 || *c == '<')
            ok = dbuf_add(b, esc, (size_t)snprintf(esc, sizeof esc, "\\u%04x", *c));
        else
            ok = dbuf_add(b, (const char *)c, 1);
    }
    return ok && dbuf_add(b, "\"", 1);
}

/* The table in lang, as JSON text, into b. */
static int add_table(dbuf *b, json_object *table, const char *lang)
{
    int ok = dbuf_add(b, "\n{", 2), first = 1;
    json_object_object_foreach(table, key, value) {
        char ctxt[128];
        label_ctxt(key, ctxt, sizeof ctxt);
        const char *text = txt_lookup(lang, ctxt);
        if (text == NULL)
            text = json_object_is_type(value, json_type_string) ? json_object_get_string(value) : "";
        ok = ok && dbuf_add(b, first ? "\n  " : ",\n  ", first ? 3 : 4) && add_json_string(b, key) &&
             dbuf_add(b, ": ", 2) && add_json_string(b, text);
        first = 0;
    }
    return ok && dbuf_add(b, "\n}\n", 3);
}

bool txt_explorer_page(const char *page, size_t len, const char *lang, char **out,
                       size_t *out_len)
{
    *out = NULL;
    size_t start, end;
    if (!find_table(page, len, &start, &end))
        return true;
    json_object *table = read_table(page, len);
    if (table == NULL)
        return false;   /* the page's table is valid JSON: json-c ran out of memory */
    dbuf b;
    dbuf_init(&b, 4 * len + 4096);
    size_t head = 0;
    const char *html = find(page, start, HTML_LANG, strlen(HTML_LANG));
    int ok = 1;
    if (html != NULL) {
        char tag[48];
        int n = snprintf(tag, sizeof tag, "<html lang=\"%s\">", lang);
        head = (size_t)(html - page) + strlen(HTML_LANG);
        ok = dbuf_add(&b, page, (size_t)(html - page)) && dbuf_add(&b, tag, (size_t)n);
    }
    ok = ok && dbuf_add(&b, page + head, start - head) && add_table(&b, table, lang) &&
         dbuf_add(&b, page + end, len - end);
    json_object_put(table);
    if (!ok) {
        dbuf_free(&b);
        return false;
    }
    *out = b.data;
    *out_len = dbuf_len(&b);
    return true;
}
