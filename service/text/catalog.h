/* catalog.h -- the translations, compiled into the binary from po/<code>.po.
 *
 * Owns: the look-up of one translated string by language and message id
 * (the PO file's msgctxt: "rule.base.city.completed", "msg.<id>", ...).
 * The strings come from build/gen/po_catalog.c, which tools/po2c.py writes
 * at build time from every po/<code>.po (through msgfmt, so only what
 * msgfmt would put in a .mo file: no fuzzy or untranslated entry). Nothing
 * is read at run time and nothing changes after start: the look-up is a
 * pure function, safe from any thread.
 *
 * The English lives in the C tables (engine/rules.c, service/text/), never
 * in the catalog: a NULL answer means "use your English".
 *
 * Table of contents:
 *   txt_lookup()          (language, id) -> translated string or NULL
 *   txt_po_entry          one translated string of the generated table
 *   txt_po_table          one language's strings, sorted by id (strcmp)
 *   txt_po_tables         the generated tables (build/gen/po_catalog.c)
 *   txt_po_languages      the generated language table lang.c serves
 */
#ifndef TXT_CATALOG_H
#define TXT_CATALOG_H

#include <stddef.h>

#include "lang.h"

/* The translation of message `ctxt` into language `lang` (a code of
 * lang.h: "de"), static UTF-8 with the English placeholders ("{points}");
 * NULL when the language has no translation of it, and for "en", an
 * unknown language or a NULL argument: the caller then uses the English.
 * Binary search, no allocation. */
const char *txt_lookup(const char *lang, const char *ctxt);

typedef struct {
    const char *ctxt;
    const char *text;
} txt_po_entry;

typedef struct {
    const char *lang;                /* "de": the file name po/de.po */
    const txt_po_entry *entries;     /* sorted by ctxt in strcmp order */
    size_t n;
} txt_po_table;

/* Written by tools/po2c.py: txt_po_ntables tables (0 without PO files). */
extern const txt_po_table txt_po_tables[];
extern const size_t txt_po_ntables;

/* Written by tools/po2c.py: the language table (lang.h's txt_languages()
 * answers it): English first, then one row per PO file with its code and
 * its translation of the message language.name; txt_po_nlanguages rows,
 * at most TXT_LANGUAGES_MAX (the generated file asserts it). */
extern const txt_language txt_po_languages[];
extern const size_t txt_po_nlanguages;

#endif
