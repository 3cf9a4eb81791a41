/* lang.h -- the languages the service answers in, and how a request picks one.
 *
 * Owns: the serving of the language table (code, name in itself), the
 * reading of an Accept-Language header (RFC 9110 section 12.5.4 with the
 * "lookup" of RFC 4647 section 3.4: a range "cs-CZ" is served by "cs"), and
 * the check of a `lang=` query parameter. The dispatcher (service/routes/dispatch.c) calls
 * them once per request and keeps the answer in ctx->lang; nothing here has
 * state, so concurrent requests cannot cross (no global, no locale).
 *
 * A language is its code, a static string of the table ("en", "de", ...):
 * callers compare codes with strcmp and may keep the pointer forever.
 * English is the fallback: every function that cannot decide answers "en".
 *
 * The table is not written here: tools/po2c.py generates it at build time
 * from the po/<code>.po files (service/text/catalog.h, txt_po_languages), English first,
 * then one row per PO file, named by its translation of the message
 * language.name. Adding a language (es, nl, ... in issue 34) is adding the one file
 * po/<code>.po (po/README.md, "Adding a language").
 *
 * Table of contents:
 *   TXT_LANGUAGES_MAX       most rows the table may have
 *   txt_language            one row of the table: code, name in itself
 *   txt_languages()         the whole table, English first
 *   txt_language_find()     the row of a code ("de"), or NULL
 *   TXT_ACCEPT_LANGUAGE_MAX longest Accept-Language header read (longer: ignored)
 *   txt_negotiate()         Accept-Language header -> the code to answer in
 *   TXT_TAG_MAX             longest `lang=` value accepted
 *   txt_lang_param()        a `lang=` value -> the code, or "malformed"
 */
#ifndef TXT_LANG_H
#define TXT_LANG_H

#include <stdbool.h>
#include <stddef.h>

/* Most languages, English included (the negotiation keeps one record per
 * language on the stack; the MCP catalog one translation per language).
 * The generated table fails to compile beyond it. */
#define TXT_LANGUAGES_MAX 16

typedef struct {
    const char *code;   /* ISO 639-1, lower case: "de" */
    const char *name;   /* the language's name in itself: "Deutsch" */
} txt_language;

/* The table, English first, then the languages of po/ in their order
 * (tools/po2c.py: de, fr, cs, pl, ca, then any other by code); *n
 * receives the count. Static storage. */
const txt_language *txt_languages(size_t *n);

/* The row whose code is exactly `code` (lower case), or NULL. */
const txt_language *txt_language_find(const char *code);

#define TXT_ACCEPT_LANGUAGE_MAX 4096

/* The code to answer a request in, from its Accept-Language header (NULL:
 * none sent). The language with the highest weight wins; a range names a
 * language by its primary subtag ("de-AT" -> "de"); "*" stands for every
 * language the header does not name; q=0 excludes; equal weights go to the
 * range listed first. A malformed element (bad syntax, a q-value such as
 * "q=2" or "q=0.1234", bytes outside ASCII) is skipped; a header longer than
 * TXT_ACCEPT_LANGUAGE_MAX bytes is ignored as a whole. No acceptable
 * language, or no header: "en". Never fails. */
const char *txt_negotiate(const char *accept_language);

#define TXT_TAG_MAX 35

/* Check a decoded `lang=` value: a language tag (RFC 5646's syntax in
 * short: 1 to 8 letters, then subtags of 1 to 8 letters or digits joined
 * by '-', at most TXT_TAG_MAX bytes; case-insensitive). Returns true and
 * sets *code to the table's code for the primary subtag ("cs-CZ" -> "cs"),
 * "en" for a well-formed tag the table lacks ("it" today); returns false,
 * *code unaltered, for anything else (empty, "../../etc", "*", bytes
 * outside ASCII). */
bool txt_lang_param(const char *value, const char **code);

#endif
