/* english.h -- every English string the service translates, in one walk.
 *
 * Owns: the list of message ids (PO msgctxt) with their English text, read
 * from the C tables that hold the English (the rules' statements of
 * engine/rules.c; the engine's message templates once they have a table).
 * tools/pot.c writes the PO template from it (make pot), and
 * GET /v1/languages counts, per language, how many of these the catalog
 * translates. One walk for both, so the template and the counts never
 * disagree about what there is to translate.
 *
 * Table of contents:
 *   txt_english          one message: id, English text, note for translators
 *   txt_english_each()   call a function on every message, in template order
 *   txt_english_count()  how many messages there are
 */
#ifndef TXT_ENGLISH_H
#define TXT_ENGLISH_H

#include <stddef.h>

typedef struct {
    const char *ctxt;      /* the message id: "rule.base.city.completed" */
    const char *msgid;     /* the English text */
    const char *comment;   /* for the translator: what it is, what each placeholder holds */
} txt_english;

/* Call fn(e, arg) for every message. *e and its strings are valid during
 * the call only (ids are built on the way). */
typedef void txt_english_fn(const txt_english *e, void *arg);
void txt_english_each(txt_english_fn *fn, void *arg);

size_t txt_english_count(void);

#endif
