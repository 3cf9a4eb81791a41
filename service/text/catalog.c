/* catalog.c -- txt_lookup() over the tables tools/po2c.py generates
 * (catalog.h). A language's table is found by its code (a dozen at most,
 * compared in turn), a string by binary search on its id. */
#include "catalog.h"

#include <string.h>

static const txt_po_table *table_of(const char *lang)
{
    for (size_t i = 0; i < txt_po_ntables; i++)
        if (strcmp(txt_po_tables[i].lang, lang) == 0)
            return &txt_po_tables[i];
    return NULL;
}

const char *txt_lookup(const char *lang, const char *ctxt)
{
    if (lang == NULL || ctxt == NULL)
        return NULL;
    const txt_po_table *t = table_of(lang);
    if (t == NULL)
        return NULL;
    size_t lo = 0, hi = t->n;
    while (lo < hi) {
        size_t mid = lo + (hi - lo) / 2;
        int c = strcmp(t->entries[mid].ctxt, ctxt);
        if (c == 0)
            return t->entries[mid].text;
        if (c < 0)
            lo = mid + 1;
        else
            hi = mid;
    }
    return NULL;
}
