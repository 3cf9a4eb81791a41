/* dynbuf.h -- a byte buffer that grows up to a hard limit (model: curl's dynbuf).
 *
 * Owns: a body that arrives in pieces (the CLI reads standard input). The
 * limit (below SIZE_MAX) is part of the buffer, so no caller can forget it: an append that
 * would pass it fails, frees nothing the caller did not give, and leaves the
 * buffer as it was, so the caller can still answer 413 and release it.
 *
 *   dbuf_init(&b, limit)       empty buffer, nothing allocated
 *   dbuf_add(&b, data, n)      append; false past the limit or out of memory
 *   dbuf_ptr(&b), dbuf_len(&b) the bytes so far (NUL-terminated; NULL while empty)
 *   dbuf_free(&b)              release; the buffer is empty and usable again
 *
 * On error the buffer is unaltered.
 */
#ifndef DYNBUF_H
#define DYNBUF_H

#include <stdbool.h>
#include <stddef.h>

typedef struct {
    char *data;       /* malloc'ed, NUL-terminated when not NULL */
    size_t len;       /* bytes stored, excluding the NUL */
    size_t cap;       /* bytes allocated, including room for the NUL */
    size_t limit;     /* len never exceeds this */
} dbuf;

void dbuf_init(dbuf *b, size_t limit);

/* Append n bytes. Returns false (buffer unaltered) if len + n > limit or
 * memory runs out. */
bool dbuf_add(dbuf *b, const void *data, size_t n);

static inline const char *dbuf_ptr(const dbuf *b) { return b->data; }
static inline size_t dbuf_len(const dbuf *b) { return b->len; }

void dbuf_free(dbuf *b);

#endif
