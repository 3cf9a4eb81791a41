/* explorer.h -- the explorer page's labels (GET /explore), in a language.
 *
 * Owns: reading the label table the page carries (explorer/explore.html:
 * <script id="labels" type="application/json">, an object of key ->
 * English label) and writing the page with that table in another language.
 * The English is written once, in the page: the PO template takes it from
 * there (msgctxt explore.<key>; a key term.<word> is the game's term, the
 * engine's entry), and the page reads whichever table it is served with.
 * Labels hold the PO placeholders ({tiles}, {count:one|other}), which the
 * page's script fills.
 *
 *   txt_explorer_each()   every English label of the embedded page
 *   txt_explorer_page()   the page with its labels and <html lang> in lang
 */
#ifndef TXT_EXPLORER_H
#define TXT_EXPLORER_H

#include <stdbool.h>
#include <stddef.h>

#include "english.h"

/* Call fn for every label of the embedded page that is the page's own
 * (term.* excluded: the engine's entries), in the page's order. */
void txt_explorer_each(txt_english_fn *fn, void *arg);

/* page[0..len) with its label table in lang (each label its translation,
 * else the English) and <html lang="lang">: *out a malloc'ed copy (the
 * caller frees it), *out_len its length; *out NULL when the page holds no
 * label table (serve it as it is). False when memory runs out. */
bool txt_explorer_page(const char *page, size_t len, const char *lang, char **out,
                       size_t *out_len);

#endif
