/* dynbuf.c -- see dynbuf.h. */
#include "dynbuf.h"

#include <stdlib.h>
#include <string.h>

#define DBUF_MIN_ALLOC 1024

void dbuf_init(dbuf *b, size_t limit)
{
    b->data = NULL;
    b->len = 0;
    b->cap = 0;
    b->limit = limit;
}

bool dbuf_add(dbuf *b, const void *data, size_t n)
{
    /* Written so that no sum can overflow: len <= limit always holds. */
    if (n > b->limit - b->len)
        return false;
    if (n == 0)
        return true;
    size_t need = b->len + n + 1;
    if (need > b->cap) {
        /* Double, but never past what the limit can ever need. */
        size_t cap = b->cap ? b->cap : DBUF_MIN_ALLOC;
        while (cap < need)
            cap = cap > (b->limit + 1) / 2 ? b->limit + 1 : cap * 2;
        char *p = realloc(b->data, cap);
        if (p == NULL)
            return false;
        b->data = p;
        b->cap = cap;
    }
    memcpy(b->data + b->len, data, n);
    b->len += n;
    b->data[b->len] = '\0';
    return true;
}

void dbuf_free(dbuf *b)
{
    free(b->data);
    dbuf_init(b, b->limit);
}
