/* text.c -- the phrase table and the text buffer; see text.h. */
#include "text.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const char *const english[TX_COUNT] = {
#define TX(id, en) [id] = (en),
#include "phrases.def"
#undef TX
};

const char *tx_phrase(tx_id id)
{
    return (unsigned)id < TX_COUNT ? english[id] : "";
}

void tx_init(txbuf *t)
{
    dbuf_init(&t->b, TX_LIMIT);
    t->failed = false;
}

void tx_free(txbuf *t)
{
    dbuf_free(&t->b);
    t->failed = false;
}

char *tx_take(txbuf *t)
{
    char *out = NULL;
    if (!t->failed)
        out = t->b.data ? t->b.data : strdup("");
    if (out == t->b.data)
        dbuf_init(&t->b, TX_LIMIT);   /* the bytes are the caller's now */
    tx_free(t);
    return out;
}

static void append(txbuf *t, const char *s, size_t n)
{
    if (!t->failed && n > 0 && !dbuf_add(&t->b, s, n))
        t->failed = true;
}

void tx_str(txbuf *t, const char *s)
{
    append(t, s, strlen(s));
}

void tx_int(txbuf *t, long v)
{
    char num[24];
    int n = snprintf(num, sizeof num, "%ld", v);
    append(t, num, (size_t)n);
}

void tx_add(txbuf *t, tx_id id, ...)
{
    char small[512];
    va_list ap;
    va_start(ap, id);
    /* The templates are the table's literals; the arguments follow their
     * comments in phrases.def. */
    int n = vsnprintf(small, sizeof small, tx_phrase(id), ap);   /* NOLINT(clang-diagnostic-format-nonliteral) */
    va_end(ap);
    if (n < 0) {
        t->failed = true;
        return;
    }
    if ((size_t)n < sizeof small) {
        append(t, small, (size_t)n);
        return;
    }
    char *big = malloc((size_t)n + 1);
    if (big == NULL) {
        t->failed = true;
        return;
    }
    va_start(ap, id);
    vsnprintf(big, (size_t)n + 1, tx_phrase(id), ap);   /* NOLINT(clang-diagnostic-format-nonliteral) */
    va_end(ap);
    append(t, big, (size_t)n);
    free(big);
}

void tx_sep(txbuf *t, int i, int n)
{
    if (i > 0)
        tx_add(t, i == n - 1 ? TX_LIST_LAST : TX_LIST_SEP);
}
