/* fuzz_http1.h -- a stream of bytes framed as a connection frames it
 * (shared by fuzz/fuzz_http1.c and tests/service/wire/test_fuzz_regressions.c,
 * so a saved finding replays exactly as it was found).
 *
 * Input format: byte 0 + 1 is the size of each read (1..256 bytes), the
 * rest is what the client sends. Request after request: the head is
 * parsed (service/http/http1.h), the body read by Content-Length or
 * decoded chunked in place, the buffer compacted, the next request framed
 * from the bytes after it; a refusal ends the stream (the server closes).
 * The body limit is small (FUZZ_BODY_LIMIT) so 413 paths are reached.
 *
 * fuzz_http1_input() returns false when an invariant breaks: offsets
 * outside the head, strings not terminated inside it, a refusal with a
 * status this layer never sends or without a detail, more decoded bytes
 * than the body limit. */
#ifndef FUZZ_HTTP1_H
#define FUZZ_HTTP1_H

#include <stdbool.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "../service/http/http1.h"

#define FUZZ_BODY_LIMIT 4096

static inline bool fuzz_http1_refusal_ok(const h1_error *e)
{
    static const int sent[] = { 400, 413, 414, 417, 431, 501, 505 };
    bool known = false;
    for (size_t i = 0; i < sizeof sent / sizeof sent[0]; i++)
        known |= e->status == sent[i];
    return known && e->title != NULL && e->detail[0] != '\0';
}

static inline bool fuzz_http1_head_ok(const char *buf, const h1_head *h)
{
    uint32_t offsets[] = { h->method, h->target, h->content_type, h->accept, h->accept_language };
    for (size_t i = 0; i < sizeof offsets / sizeof offsets[0]; i++) {
        if ((i >= 2 && offsets[i] == 0))
            continue;
        if (offsets[i] >= h->head_len || memchr(buf + offsets[i], '\0', h->head_len - offsets[i]) == NULL)
            return false;
    }
    return buf[h->target] == '/' || buf[h->target] == '*';
}

static inline bool fuzz_http1_input(const uint8_t *data, size_t size)
{
    if (size == 0)
        return true;
    size_t step = (size_t)data[0] + 1;
    data++;
    size--;
    char *buf = malloc(size + 1);
    if (buf == NULL)
        return true;
    size_t len = 0, fed = 0, scanned = 0, in = 0, out = 0;
    bool ok = true, body = false, big = false, more = true;
    h1_head h;
    h1_chunked st;
    h1_error e;
    while (ok) {
        if (more) {
            if (fed == size)
                break;
            size_t n = size - fed < step ? size - fed : step;
            memcpy(buf + len, data + fed, n);
            len += n;
            fed += n;
        }
        more = true;
        size_t end = 0;
        if (!body) {
            h1_result r = h1_parse_head(buf, len, &scanned, FUZZ_BODY_LIMIT, &h, &e);
            if (r == H1_ERROR) {
                ok = fuzz_http1_refusal_ok(&e);
                break;
            }
            if (r == H1_INCOMPLETE)
                continue;
            if (h.head_len > len || !fuzz_http1_head_ok(buf, &h)) {
                ok = false;
                break;
            }
            body = true;
            big = false;
            memset(&st, 0, sizeof st);
            in = out = h.head_len;
            more = false;
            continue;
        }
        if (h.body == H1_BODY_CHUNKED) {
            h1_result r = h1_chunked_decode(&st, buf, &in, len, &out, FUZZ_BODY_LIMIT, &big, &e);
            memmove(buf + out, buf + in, len - in);
            len = out + (len - in);
            in = out;
            if (r == H1_ERROR) {
                ok = fuzz_http1_refusal_ok(&e);
                break;
            }
            if (r == H1_INCOMPLETE)
                continue;
            if (out - h.head_len > FUZZ_BODY_LIMIT) {
                ok = false;
                break;
            }
            end = out;
        } else {
            end = h.head_len + (size_t)(h.body == H1_BODY_LENGTH ? h.content_length : 0);
            if (h.content_length > FUZZ_BODY_LIMIT) {
                ok = false;
                break;
            }
            if (len < end)
                continue;
        }
        /* The request is whole: the next starts right after it. */
        memmove(buf, buf + end, len - end);
        len -= end;
        scanned = 0;
        body = false;
        more = false;
    }
    free(buf);
    return ok;
}

#endif
