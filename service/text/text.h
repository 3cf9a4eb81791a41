/* text.h -- every sentence the service writes about a position or an
 * answer, in one table, and a buffer to write them into, in a language.
 *
 * Owns: the phrase catalog (phrases.def: one line per phrase, an id, its
 * message id, its arguments and its English template) and txbuf, a growing
 * text buffer that the describing (describe.h), the answer sentences of the
 * MCP tools (answers.h) and the MCP server's descriptions write with those
 * ids. A txbuf carries its language: tx_add() takes the phrase's template
 * from that language's catalog (service/text/catalog.h, msgctxt = the
 * phrase's message id) and falls back to the English per phrase. The
 * language is an argument, never a global, so concurrent requests in
 * different languages cannot cross.
 *
 * Conventions of the templates: named placeholders ({player}, {count}) for
 * the arguments phrases.def declares; data (player names, tile ids,
 * locations, numbers, rule ids and statements) is passed as arguments,
 * never concatenated into a template.
 *
 * Ownership: a txbuf owns its bytes; tx_take() hands them to the caller
 * (free()), tx_free() releases them (the buffer is then empty, in the
 * same language). Out of memory or past TX_LIMIT bytes a
 * txbuf stops growing and remembers it (tx_failed()); callers check once at
 * the end, never after each append.
 *
 * Table of contents:
 *   tx_id, tx_phrase()          the phrase catalog (English)
 *   tx_word()                   a phrase without arguments, in a language
 *   tx_ctxt(), tx_args()        a phrase's message id and argument list
 *   txbuf, tx_init/free/take    the buffer; tx_init_in() in a language
 *   tx_add(), tx_addv()         append a phrase, formatted
 *   tx_str(), tx_int()          append data
 *   tx_sep()                    the separator before a list's item
 *   tx_len(), tx_cstr(), tx_failed()
 */
#ifndef SVC_TEXT_H
#define SVC_TEXT_H

#include <stdarg.h>
#include <stdbool.h>
#include <stddef.h>

#include "../wire/dynbuf.h"

typedef enum {
#define TX(id, ctxt, args, english) id,
#include "phrases.def"
#undef TX
    TX_COUNT
} tx_id;

/* The English template of a phrase. */
const char *tx_phrase(tx_id id);

/* A phrase taking no argument (a word, a heading, a description) in lang
 * (NULL or "en": English), as it stands: its translation when the
 * language's catalog has one, else the English. Static storage. */
const char *tx_word(const char *lang, tx_id id);

/* The phrase's message id (PO msgctxt), NULL for a phrase that stays
 * English; its argument list as phrases.def writes it ("who:s count:d"),
 * at most TX_MAX_ARGS arguments. */
#define TX_MAX_ARGS 8
const char *tx_ctxt(tx_id id);
const char *tx_args(tx_id id);

#define TX_LIMIT (4u * 1024 * 1024)   /* no description or answer text is longer */

typedef struct {
    dbuf b;
    bool failed;
    const char *lang;     /* the language tx_add() writes in; NULL: English */
} txbuf;

/* An empty buffer writing English / writing in lang (a code of lang.h,
 * static; NULL: English). */
void tx_init(txbuf *t);
void tx_init_in(txbuf *t, const char *lang);
void tx_free(txbuf *t);

/* The text so far as a malloc'ed string (the caller frees it), "" when
 * empty; the buffer is empty again. NULL when the buffer failed or memory
 * runs out. */
char *tx_take(txbuf *t);

/* Append phrase id in the buffer's language, its placeholders filled with
 * the arguments phrases.def declares for it, in that order (a string for
 * ":s", an int for ":d"). */
void tx_add(txbuf *t, tx_id id, ...);
/* The same, the arguments as a va_list (a caller's own variadic helper). */
void tx_addv(txbuf *t, tx_id id, va_list ap);

/* Append a string as it is / a decimal integer. */
void tx_str(txbuf *t, const char *s);
void tx_int(txbuf *t, long v);

/* Before item i of a list of n: nothing, ", " or " and " (TX_LIST_*). */
void tx_sep(txbuf *t, int i, int n);

static inline size_t tx_len(const txbuf *t) { return dbuf_len(&t->b); }
/* The text so far ("" when empty); valid until the next append. */
static inline const char *tx_cstr(const txbuf *t) { return t->b.data ? t->b.data : ""; }
static inline bool tx_failed(const txbuf *t) { return t->failed; }

#endif
