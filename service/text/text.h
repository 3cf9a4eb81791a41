/* text.h -- every English sentence the service writes about a position or
 * an answer, in one table, and a buffer to write them into.
 *
 * Owns: the phrase catalog (phrases.def: one line per phrase, an id and its
 * English printf template) and txbuf, a growing text buffer that the
 * describing (describe.h) and the answer sentences of the MCP tools
 * (answers.h) write with those ids. Nothing else in the service writes
 * sentences for these two surfaces, so translating them (the phrase ids are
 * the message ids) touches phrases.def and tx_phrase() alone.
 *
 * Conventions of the templates: printf conversions (%s, %d) in the order
 * given by the phrase's comment; data (player names, tile ids, locations,
 * rule ids and statements) is passed as %s arguments, never concatenated
 * into a template.
 *
 * Ownership: a txbuf owns its bytes; tx_take() hands them to the caller
 * (free()), tx_free() releases them. Out of memory or past TX_LIMIT bytes a
 * txbuf stops growing and remembers it (tx_failed()); callers check once at
 * the end, never after each append.
 *
 * Table of contents:
 *   tx_id, tx_phrase()          the phrase catalog
 *   txbuf, tx_init/free/take    the buffer
 *   tx_add()                    append a phrase, formatted
 *   tx_str(), tx_int()          append data
 *   tx_sep()                    the separator before a list's item
 *   tx_len(), tx_cstr(), tx_failed()
 */
#ifndef SVC_TEXT_H
#define SVC_TEXT_H

#include <stdbool.h>
#include <stddef.h>

#include "../wire/dynbuf.h"

typedef enum {
#define TX(id, english) id,
#include "phrases.def"
#undef TX
    TX_COUNT
} tx_id;

/* The English template of a phrase. */
const char *tx_phrase(tx_id id);

#define TX_LIMIT (4u * 1024 * 1024)   /* no description or answer text is longer */

typedef struct {
    dbuf b;
    bool failed;
} txbuf;

void tx_init(txbuf *t);
void tx_free(txbuf *t);

/* The text so far as a malloc'ed string (the caller frees it), "" when
 * empty; the buffer is empty again. NULL when the buffer failed or memory
 * runs out. */
char *tx_take(txbuf *t);

/* Append phrase id formatted with the arguments its template takes. */
void tx_add(txbuf *t, tx_id id, ...);

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
