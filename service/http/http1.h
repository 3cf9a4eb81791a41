/* http1.h -- HTTP/1.1 request framing (RFC 9112), strict, without sockets.
 *
 * Owns: deciding where a request starts and ends in a stream of bytes, and
 * refusing every request whose framing two HTTP implementations could read
 * differently (the root of request smuggling). A pure function of the
 * bytes, so the unit tests and the fuzzer drive it without a server.
 *
 * Why here and not in an HTTP library: the libraries Debian ships answer
 * framing errors themselves, as HTML or with no Content-Type, and
 * libmicrohttpd 0.9.75 reads a request with both Content-Length and
 * Transfer-Encoding as two (see service/http/http.c for the measurements).
 *
 * What it refuses, and with which status (each error says so in `detail`):
 *   400  a request line that is not `method SP target SP HTTP/x.y`, a
 *        target with a fragment (#) or an encoded control byte (%00, %0D...)
 *        in its path, a bare CR or LF, whitespace before a header's colon, obsolete line
 *        folding, control bytes in a field, no Host (HTTP/1.1), two of them
 *        or an empty one, Content-Length that is not a plain decimal number,
 *        is over H1_LENGTH_MAX or is given twice, Content-Length with
 *        Transfer-Encoding, Transfer-Encoding in HTTP/1.0, chunked not the
 *        final coding or given twice, a malformed chunk (a size that is not
 *        hex or is over H1_LENGTH_MAX, extensions outside RFC 9112 7.1.1's
 *        grammar, a missing CRLF); 413 a declared length or a chunk that is
 *        a valid length but over the body limit; 414 a request line over
 *        H1_LINE_LIMIT; 417 an Expect other than 100-continue; 431 a head
 *        over H1_HEAD_LIMIT or H1_MAX_FIELDS fields; 501 a transfer coding
 *        other than chunked; 505 an HTTP major version other than 1.
 *
 * 400 or 413 for a big length: a number over H1_LENGTH_MAX is no length
 * this server (or most others: off_t) can hold, so two implementations
 * would read it differently, and RFC 9112 section 6.3 makes an invalid
 * Content-Length a 400; a length it can hold but will not take is what
 * RFC 9110 section 15.5.14 names 413 (Content Too Large), answered as soon
 * as the length is known, before the body.
 *
 * Table of contents:
 *   H1_LINE_LIMIT, H1_HEAD_LIMIT, H1_MAX_FIELDS   the limits
 *   h1_error             status, title and detail of a refusal
 *   h1_head              what the server needs of a parsed head
 *   h1_parse_head()      find and parse one request head (incremental)
 *   h1_chunked_decode()  decode a chunked body in place (incremental)
 *   h1_str()             a string of the head, from its offset
 *   h1_reason()          the reason phrase of a status code
 *
 * Ownership: nothing is allocated. Parsing writes NUL bytes into the head
 * it parsed (so method, target and field values are C strings in place);
 * h1_head keeps offsets, not pointers, so the buffer may move (realloc)
 * between calls.
 */
#ifndef HTTP1_H
#define HTTP1_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#define H1_LINE_LIMIT (8 * 1024)    /* request line: 414 past it */
#define H1_HEAD_LIMIT (16 * 1024)   /* request line + fields: 431 past it */
#define H1_MAX_FIELDS 100           /* header fields: 431 past it */
#define H1_TRAILER_LIMIT 4096       /* trailer section of a chunked body */
#define H1_EXT_LIMIT 1024           /* one chunk's size line, extensions included */
/* The largest Content-Length or chunk size that is a length at all (400
 * past it, 413 past the body limit below it): 2^63 - 1, what off_t holds. */
#define H1_LENGTH_MAX ((uint64_t)INT64_MAX)

typedef enum { H1_INCOMPLETE, H1_DONE, H1_ERROR } h1_result;

typedef struct {
    int status;            /* 400, 413, 414, 417, 431, 501, 505 */
    const char *title;     /* static, e.g. "Malformed request" */
    char detail[160];      /* a sentence of our own (never client bytes) */
    bool head_read;        /* the whole head was parsed: *head is filled (its
                              method, target and Accept-Language may word the
                              answer), though the request is refused */
} h1_error;

typedef enum { H1_BODY_NONE, H1_BODY_LENGTH, H1_BODY_CHUNKED } h1_body_kind;

/* A parsed head. Offsets point into the buffer given to h1_parse_head();
 * 0 means "absent" for the optional fields (offset 0 is the request line). */
typedef struct {
    size_t head_len;          /* bytes of the head, blank line included */
    uint32_t method;          /* "GET" */
    uint32_t target;          /* "/v1/tiles?x=1" (origin form; an absolute
                                 form is reduced to its path and query) */
    int minor;                /* HTTP/1.minor: 0 or 1 (1.2 and up read as 1) */
    h1_body_kind body;
    uint64_t content_length;  /* H1_BODY_LENGTH */
    bool keep_alive;          /* the client's wish (version and Connection) */
    bool expect_continue;     /* Expect: 100-continue */
    uint32_t content_type, accept, accept_language;   /* 0: not sent */
    uint32_t origin, mcp_protocol_version;            /* POST /mcp checks them */
} h1_head;

/* Look for a complete head in buf[0..len). *scanned keeps the progress
 * between calls on the same request (set it to 0 for a new request; it
 * is only ever a hint). body_limit is the largest body accepted (413
 * past it). Returns H1_INCOMPLETE (more bytes needed; the limits were
 * checked on what is there), H1_DONE (*head filled, the head parsed in
 * place), or H1_ERROR (*err filled; the server answers and closes; when
 * err->head_read, *head is filled too: the 413 of a declared length, and
 * the refusals of framing the fields disagree on, come after the last
 * field, so the answer knows the request's language). */
h1_result h1_parse_head(char *buf, size_t len, size_t *scanned, uint64_t body_limit,
                        h1_head *head, h1_error *err);

/* The state of one chunked body between calls: zero it for a new body. */
typedef struct {
    int state;
    uint64_t left;        /* bytes of the current chunk still to come */
    int digits;           /* hex digits of the current size so far */
    bool ext_ws;          /* whitespace after the size or an extension: only
                             ';' (or '=' after a name) may follow it */
    bool ext_named;       /* an extension name just ended: '=' may follow */
    size_t line;          /* bytes of the current size or trailer line */
    size_t trailer;       /* bytes of the trailer section so far */
    uint64_t decoded;     /* data bytes so far, kept or dropped */
} h1_chunked;

/* Decode the chunked body in buf[*in..len) in place: chunk data moves down
 * to buf[*out...], *in and *out advance. Past body_limit decoded bytes,
 * *too_large is set and further data is read but dropped (the client is
 * answered 413 once its body ends). Returns H1_DONE when the last chunk
 * and the trailers are read (*in is then the end of the message),
 * H1_INCOMPLETE when buf ends first, H1_ERROR on bad framing (*err; a
 * 413 for a single chunk over body_limit, refused once its size line
 * ends: st->decoded + st->left is then the least the body would hold). */
h1_result h1_chunked_decode(h1_chunked *st, char *buf, size_t *in, size_t len, size_t *out,
                            uint64_t body_limit, bool *too_large, h1_error *err);

static inline const char *h1_str(const char *buf, uint32_t offset)
{
    return offset ? buf + offset : NULL;
}

/* "OK", "Bad Request", ...; "Unknown" for a code this server never sends. */
const char *h1_reason(int status);

#endif
