/* http1.c -- see http1.h.
 *
 * Two passes over a head: a scan that only looks for line ends (cheap, run
 * again as bytes trickle in, resumed from the start of the unfinished
 * line) and, once the blank line has come, one parse of the whole head.
 * Every line must end with CRLF: a lone CR or LF is refused rather than
 * guessed at, since a guess is exactly where two parsers part ways.
 *
 * Contents: character classes; the scan; the request line and its
 * target; the fields (Host, Content-Length, Transfer-Encoding, Connection,
 * Expect and the three the dispatcher reads); h1_parse_head();
 * h1_chunked_decode() and its size line; h1_reason().
 */
#include "http1.h"

#include <stdarg.h>
#include <stdio.h>
#include <string.h>
#include <strings.h>

/* ---- errors and character classes ------------------------------------------ */

static h1_result fail(h1_error *err, int status, const char *title, const char *fmt, ...)
    __attribute__((format(printf, 4, 5)));
static h1_result fail(h1_error *err, int status, const char *title, const char *fmt, ...)
{
    err->status = status;
    err->title = title;
    err->head_read = false;
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(err->detail, sizeof err->detail, fmt, ap);
    va_end(ap);
    return H1_ERROR;
}

#define MALFORMED "Malformed request"

/* RFC 9110 5.6.2 tchar. */
static bool is_tchar(unsigned char c)
{
    if ((c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9'))
        return true;
    return c != '\0' && strchr("!#$%&'*+-.^_`|~", c) != NULL;
}

/* A byte of a field value: VCHAR, obs-text, SP, HTAB (RFC 9110 5.5). */
static bool is_field_byte(unsigned char c)
{
    return c == '\t' || (c >= 0x20 && c != 0x7f);
}

static bool is_hex(unsigned char c, unsigned *v)
{
    if (c >= '0' && c <= '9') *v = c - '0';
    else if (c >= 'a' && c <= 'f') *v = c - 'a' + 10;
    else if (c >= 'A' && c <= 'F') *v = c - 'A' + 10;
    else return false;
    return true;
}

/* ---- the scan: where does the head end? ------------------------------------ */

/* Skip the empty lines a client may send before a request (RFC 9112 2.2). */
static size_t skip_leading_crlf(const char *buf, size_t len)
{
    size_t i = 0;
    while (i + 1 < len && buf[i] == '\r' && buf[i + 1] == '\n')
        i += 2;
    return i;
}

/* Is a partial request line (no LF yet) a request line that is merely
 * long (414), or not a request line at all (400)? */
static h1_result refuse_long_line(const char *line, size_t n, h1_error *err)
{
    size_t m = 0;
    while (m < n && is_tchar((unsigned char)line[m]))
        m++;
    if (m > 0 && m < n && line[m] == ' ')
        return fail(err, 414, "URI too long",
                    "the request line is over %d bytes", H1_LINE_LIMIT);
    return fail(err, 400, MALFORMED, "the request line is over %d bytes and is not "
                "an HTTP request line", H1_LINE_LIMIT);
}

/* Find the blank line that ends the head. Returns H1_DONE with *end just
 * past it, H1_INCOMPLETE (resume at *scanned), or H1_ERROR. */
static h1_result scan(const char *buf, size_t len, size_t *scanned, size_t *end, h1_error *err)
{
    size_t start = skip_leading_crlf(buf, len);
    size_t line = *scanned > start ? *scanned : start;
    for (;;) {
        const char *lf = memchr(buf + line, '\n', len - line);
        if (lf == NULL) {
            if (line == start && len - start > H1_LINE_LIMIT)
                return refuse_long_line(buf + start, len - start, err);
            if (len - start > H1_HEAD_LIMIT)
                return fail(err, 431, "Header fields too large",
                            "the request head is over %d bytes", H1_HEAD_LIMIT);
            *scanned = line;
            return H1_INCOMPLETE;
        }
        size_t at = (size_t)(lf - buf);
        if (at == line || buf[at - 1] != '\r')
            return fail(err, 400, MALFORMED, "a line ends with a bare LF; HTTP lines end with CRLF");
        if (line == start && at - start > H1_LINE_LIMIT)
            return refuse_long_line(buf + start, at - start, err);
        if (at + 1 - start > H1_HEAD_LIMIT)
            return fail(err, 431, "Header fields too large",
                        "the request head is over %d bytes", H1_HEAD_LIMIT);
        if (at - 1 == line && line != start) {   /* the blank line */
            *end = at + 1;
            return H1_DONE;
        }
        line = at + 1;
    }
}

/* ---- the request line --------------------------------------------------------- */

/* Reduce an absolute-form target (http://host/path?q) to its path and
 * query, in place. Returns the offset of the path, 0 if malformed. */
static size_t absolute_to_origin(char *buf, size_t target, size_t end)
{
    const char *t = buf + target;
    size_t skip = strncasecmp(t, "http://", 7) == 0 ? 7 : strncasecmp(t, "https://", 8) == 0 ? 8 : 0;
    if (skip == 0)
        return 0;
    size_t host = target + skip, p = host;
    while (p < end && buf[p] != '/' && buf[p] != '?')
        p++;
    if (p == host)
        return 0;           /* no authority */
    if (p < end && buf[p] == '/')
        return p;
    buf[p - 1] = '/';       /* "http://h?q": the path is "/"; the host is dropped */
    return p - 1;
}

/* Is p (after a '%') the escape of a control byte: %00-%1F or %7F? */
static bool escapes_control(const char *p)
{
    unsigned lo;
    if (!is_hex((unsigned char)p[1], &lo))
        return false;
    return p[0] == '0' || p[0] == '1' || (p[0] == '7' && lo == 0xf);
}

/* What the byte loop of the request line lets through but no target of
 * this server can be: a fragment, which RFC 9112 section 3.2 leaves out of
 * every request-target form (a client strips it: RFC 9110 section 7.1),
 * and an encoded control byte in the path: %00, a NUL once decoded, is the
 * classic way to cut a path short in C, %0D%0A a way to split a line
 * where the path is logged or passed on, and no resource here has one in
 * its name. RFC 3986 section 7.3: "%00" "should be rejected if the
 * application is not expecting to receive raw data within a component".
 * In the query, escapes are the parameter's business: lang=%00 gets its
 * own 400 naming the parameter. */
static h1_result check_target(const char *t, size_t n, h1_error *err)
{
    if (memchr(t, '#', n) != NULL)
        return fail(err, 400, MALFORMED, "the request target holds a fragment (#...), "
                    "which a request never carries");
    const char *q = memchr(t, '?', n);
    size_t path = q ? (size_t)(q - t) : n;
    for (const char *pct = memchr(t, '%', path); pct != NULL && (size_t)(pct - t) + 2 < path;
         pct = memchr(pct + 1, '%', path - (size_t)(pct + 1 - t)))
        if (escapes_control(pct + 1))
            return fail(err, 400, MALFORMED, "the path of the request target holds an encoded "
                        "control byte (%%00 to %%1F or %%7F: NUL, CR, LF...)");
    return H1_DONE;
}

/* method SP request-target SP HTTP-version, the line ending at eol (CR). */
static h1_result parse_request_line(char *buf, size_t start, size_t eol, h1_head *h, h1_error *err)
{
    size_t p = start;
    while (p < eol && is_tchar((unsigned char)buf[p]))
        p++;
    if (p == start || p >= eol || buf[p] != ' ')
        return fail(err, 400, MALFORMED, "the request line is not METHOD SP target SP HTTP-version");
    buf[p] = '\0';
    h->method = (uint32_t)start;
    size_t target = ++p;
    /* Printable ASCII; on the way, note a byte of the set '!', '#', '%',
     * '\'' (one mask: the cheap superset of '#' and '%' that check_target
     * looks at closer), so most targets are read once. */
    bool marked = false;
    for (unsigned char c; p < eol && (c = (unsigned char)buf[p]) > 0x20 && c < 0x7f; p++)
        marked |= (c & ~6u) == 0x21;
    if (p == target || p >= eol || buf[p] != ' ')
        return fail(err, 400, MALFORMED, "the request target is empty or holds a byte "
                    "that is not printable ASCII, or no HTTP version follows it");
    size_t target_end = p;
    if (marked && check_target(buf + target, target_end - target, err) != H1_DONE)
        return H1_ERROR;
    buf[p++] = '\0';
    /* HTTP-version = "HTTP/" DIGIT "." DIGIT, then the line ends. */
    if (eol - p != 8 || memcmp(buf + p, "HTTP/", 5) != 0 ||
        buf[p + 5] < '0' || buf[p + 5] > '9' || buf[p + 6] != '.' ||
        buf[p + 7] < '0' || buf[p + 7] > '9')
        return fail(err, 400, MALFORMED, "the HTTP version is not HTTP/x.y");
    if (buf[p + 5] != '1')
        return fail(err, 505, "HTTP version not supported",
                    "this server speaks HTTP/1.1 (and 1.0), not HTTP/%c.%c", buf[p + 5], buf[p + 7]);
    h->minor = buf[p + 7] == '0' ? 0 : 1;
    if (buf[target] == '/') {
        h->target = (uint32_t)target;
    } else if (buf[target] == '*' && target_end == target + 1) {
        if (strcmp(buf + start, "OPTIONS") != 0)
            return fail(err, 400, MALFORMED, "the target * is for OPTIONS only");
        h->target = (uint32_t)target;
    } else {
        size_t path = absolute_to_origin(buf, target, target_end);
        if (path == 0)
            return fail(err, 400, MALFORMED, "the request target is neither a path (/...) "
                        "nor an absolute http URI");
        h->target = (uint32_t)path;
    }
    return H1_DONE;
}

/* ---- the fields ------------------------------------------------------------------- */

typedef struct {
    int hosts, lengths, types;
    bool over_limit;                 /* Content-Length over the body limit */
    bool te_seen, te_chunked_last, te_chunked_twice, te_other, te_after_chunked;
} field_tally;

/* A comma-separated list element by element: fn(item, n, ctx) per
 * non-empty element, OWS trimmed. */
static void each_item(const char *v, void (*fn)(const char *, size_t, void *), void *ctx)
{
    while (*v) {
        while (*v == ' ' || *v == '\t' || *v == ',')
            v++;
        const char *e = v;
        while (*e && *e != ',')
            e++;
        size_t n = (size_t)(e - v);
        while (n > 0 && (v[n - 1] == ' ' || v[n - 1] == '\t'))
            n--;
        if (n > 0)
            fn(v, n, ctx);
        v = e;
    }
}

static bool item_is(const char *item, size_t n, const char *word)
{
    return strlen(word) == n && strncasecmp(item, word, n) == 0;
}

static void tally_coding(const char *item, size_t n, void *ctx)
{
    field_tally *t = ctx;
    if (t->te_chunked_last)
        t->te_after_chunked = true;      /* something follows chunked */
    if (item_is(item, n, "chunked")) {
        if (t->te_chunked_last || t->te_after_chunked)
            t->te_chunked_twice = true;
        t->te_chunked_last = true;
        t->te_after_chunked = false;
    } else {
        t->te_other = true;
        t->te_chunked_last = false;
    }
}

typedef struct {
    bool close, keep_alive;
} connection_options;

static void tally_connection(const char *item, size_t n, void *ctx)
{
    connection_options *o = ctx;
    if (item_is(item, n, "close"))
        o->close = true;
    else if (item_is(item, n, "keep-alive"))
        o->keep_alive = true;
}

/* Host = uri-host [ ":" port ]: the bytes RFC 3986 allows there. */
static bool valid_host(const char *v)
{
    for (; *v; v++) {
        unsigned char c = (unsigned char)*v;
        if (!((c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') ||
              strchr("-._~!$&'()*+,;=:[]%", c)))
            return false;
    }
    return true;
}

/* Content-Length = 1*DIGIT, at most H1_LENGTH_MAX (see http1.h: past it
 * the value is no length at all, 400). A length over the limit is only
 * noted: its 413 waits for the end of the head (h1_parse_head). */
static h1_result parse_length(const char *v, uint64_t limit, h1_head *h, field_tally *t,
                              h1_error *err)
{
    if (*v == '\0')
        return fail(err, 400, MALFORMED, "Content-Length is empty");
    uint64_t n = 0;
    for (const char *p = v; *p; p++) {
        if (*p < '0' || *p > '9')
            return fail(err, 400, MALFORMED, "Content-Length is not a decimal number "
                        "(digits only: no sign, space, list or suffix)");
        unsigned d = (unsigned)(*p - '0');
        if (n >= H1_LENGTH_MAX / 10 && (n > H1_LENGTH_MAX / 10 || d > H1_LENGTH_MAX % 10))
            return fail(err, 400, MALFORMED, "Content-Length is over 2^63 - 1: no length "
                        "an HTTP implementation can hold");
        n = n * 10 + d;
    }
    t->over_limit = n > limit;
    h->content_length = n;
    return H1_DONE;
}

/* One field line [line, eol): name ":" OWS value OWS. */
static h1_result parse_field(char *buf, size_t line, size_t eol, uint64_t limit, h1_head *h,
                             field_tally *t, connection_options *conn, h1_error *err)
{
    if (buf[line] == ' ' || buf[line] == '\t')
        return fail(err, 400, MALFORMED, "a header line starts with whitespace "
                    "(obsolete line folding is not accepted)");
    size_t p = line;
    while (p < eol && is_tchar((unsigned char)buf[p]))
        p++;
    if (p == line || p >= eol || buf[p] != ':')
        return fail(err, 400, MALFORMED, (p < eol && (buf[p] == ' ' || buf[p] == '\t'))
                    ? "a header name is followed by whitespace before its colon"
                    : "a header line is not name: value");
    buf[p] = '\0';
    const char *name = buf + line;
    size_t v = p + 1;
    while (v < eol && (buf[v] == ' ' || buf[v] == '\t'))
        v++;
    size_t e = eol;
    while (e > v && (buf[e - 1] == ' ' || buf[e - 1] == '\t'))
        e--;
    for (size_t i = v; i < e; i++)
        if (!is_field_byte((unsigned char)buf[i]))
            return fail(err, 400, MALFORMED, "the value of %.40s holds a control byte "
                        "(CR, LF, NUL or another)", name);
    buf[e] = '\0';
    const char *value = buf + v;
    if (strcasecmp(name, "Host") == 0) {
        if (++t->hosts > 1)
            return fail(err, 400, MALFORMED, "the request has two Host headers");
        if (*value == '\0')
            return fail(err, 400, MALFORMED, "the Host header is empty; an http URI with an "
                        "empty host is invalid");
        if (!valid_host(value))
            return fail(err, 400, MALFORMED, "the Host header is not a host name and port");
    } else if (strcasecmp(name, "Content-Length") == 0) {
        if (++t->lengths > 1)
            return fail(err, 400, MALFORMED, "the request has two Content-Length headers");
        h1_result r = parse_length(value, limit, h, t, err);
        if (r != H1_DONE)
            return r;
    } else if (strcasecmp(name, "Transfer-Encoding") == 0) {
        t->te_seen = true;
        each_item(value, tally_coding, t);
    } else if (strcasecmp(name, "Connection") == 0) {
        each_item(value, tally_connection, conn);
    } else if (strcasecmp(name, "Expect") == 0) {
        if (strcasecmp(value, "100-continue") != 0)
            return fail(err, 417, "Expectation failed",
                        "the only expectation this server meets is 100-continue");
        h->expect_continue = true;
    } else if (strcasecmp(name, "Content-Type") == 0) {
        if (++t->types > 1)
            return fail(err, 400, MALFORMED, "the request has two Content-Type headers");
        h->content_type = (uint32_t)v;
    } else if (strcasecmp(name, "Accept") == 0) {
        if (h->accept == 0)
            h->accept = (uint32_t)v;
    } else if (strcasecmp(name, "Accept-Language") == 0) {
        if (h->accept_language == 0)
            h->accept_language = (uint32_t)v;
    } else if (strcasecmp(name, "Origin") == 0) {
        if (h->origin == 0)
            h->origin = (uint32_t)v;
    } else if (strcasecmp(name, "MCP-Protocol-Version") == 0) {
        if (h->mcp_protocol_version == 0)
            h->mcp_protocol_version = (uint32_t)v;
    }
    return H1_DONE;
}

/* RFC 9112 6.1 and 6.3: how long is the body, if the fields agree at all? */
static h1_result decide_framing(const field_tally *t, h1_head *h, h1_error *err)
{
    if (t->te_seen) {
        if (t->lengths > 0)
            return fail(err, 400, MALFORMED, "the request has both Content-Length and "
                        "Transfer-Encoding; its length is ambiguous");
        if (h->minor == 0)
            return fail(err, 400, MALFORMED, "Transfer-Encoding is not defined in HTTP/1.0");
        if (t->te_chunked_twice)
            return fail(err, 400, MALFORMED, "chunked is applied twice in Transfer-Encoding");
        if (!t->te_chunked_last)
            return fail(err, 400, MALFORMED, "chunked is not the final Transfer-Encoding, "
                        "so the body length cannot be known");
        if (t->te_other)
            return fail(err, 501, "Transfer coding not implemented",
                        "the only transfer coding this server reads is chunked");
        h->body = H1_BODY_CHUNKED;
    } else if (t->lengths > 0) {
        h->body = h->content_length > 0 ? H1_BODY_LENGTH : H1_BODY_NONE;
    } else {
        h->body = H1_BODY_NONE;
    }
    if (h->minor == 1 && t->hosts == 0)
        return fail(err, 400, MALFORMED, "an HTTP/1.1 request must have a Host header");
    return H1_DONE;
}

h1_result h1_parse_head(char *buf, size_t len, size_t *scanned, uint64_t body_limit,
                        h1_head *head, h1_error *err)
{
    size_t end = 0;
    h1_result r = scan(buf, len, scanned, &end, err);
    if (r != H1_DONE)
        return r;
    h1_head h;
    memset(&h, 0, sizeof h);
    h.head_len = end;
    size_t start = skip_leading_crlf(buf, len);
    size_t eol = (size_t)((const char *)memchr(buf + start, '\n', end - start) - buf) - 1;
    r = parse_request_line(buf, start, eol, &h, err);
    field_tally t;
    memset(&t, 0, sizeof t);
    connection_options conn = { false, false };
    int fields = 0;
    for (size_t line = eol + 2; r == H1_DONE && line + 2 < end;) {
        if (++fields > H1_MAX_FIELDS)
            return fail(err, 431, "Header fields too large",
                        "the request has more than %d header fields", H1_MAX_FIELDS);
        size_t next = (size_t)((const char *)memchr(buf + line, '\n', end - line) - buf);
        r = parse_field(buf, line, next - 1, body_limit, &h, &t, &conn, err);
        line = next + 1;
    }
    if (r != H1_DONE)
        return r;
    /* The whole head is read: what is refused from here on is refused
     * knowing the request (its language, for the 413). */
    h.keep_alive = !conn.close && (h.minor == 1 || conn.keep_alive);
    *head = h;
    r = decide_framing(&t, head, err);
    if (r == H1_DONE && t.over_limit)
        r = fail(err, 413, "Body too large", "the request body is over the limit of %llu bytes",
                 (unsigned long long)body_limit);
    err->head_read = r != H1_DONE;
    return r;
}

/* ---- chunked bodies ------------------------------------------------------------------ */

enum {
    CH_SIZE,        /* hex digits of a chunk size */
    CH_EXT,         /* after the size or an extension: CR, BWS, ";" or "=" */
    CH_EXT_NAME0,   /* after ";": BWS, then the extension's name */
    CH_EXT_NAME,    /* the name, a token */
    CH_EXT_VALUE0,  /* after "=": BWS, then a token or a quoted string */
    CH_EXT_TOKEN,   /* a token value */
    CH_EXT_QUOTED,  /* a quoted-string value */
    CH_EXT_ESCAPE,  /* after a backslash in it */
    CH_SIZE_LF,     /* the LF after the size line's CR */
    CH_DATA,        /* chunk data */
    CH_DATA_CR,     /* the CRLF after the data */
    CH_DATA_LF,
    CH_TRAILER,     /* a trailer line (or the final blank line) */
    CH_TRAILER_LF,
    CH_DONE,
};

/* The size line (RFC 9112 7.1 and 7.1.1), one byte at a time:
 *   chunk-size [ chunk-ext ] CRLF
 *   chunk-ext = *( BWS ";" BWS ext-name [ BWS "=" BWS ext-val ] )
 *   ext-val   = token / quoted-string
 * Extensions are read and ignored; whatever else is on the line ("5;",
 * "5;a b", "5 " with nothing after the space) is refused: a byte one
 * parser skips and another reads is how a smuggled chunk begins. Returns
 * true when c was consumed, false when the state changed and c must be
 * read again in the new one; *r is set on an error. */
static bool size_line_byte(h1_chunked *st, unsigned char c, h1_result *r, h1_error *err)
{
    bool ws = c == ' ' || c == '\t';
    if (++st->line > H1_EXT_LIMIT) {
        *r = fail(err, 400, MALFORMED, "a chunk size line is over %d bytes", H1_EXT_LIMIT);
        return true;
    }
    switch (st->state) {
    case CH_EXT:
        if (c == '\r' && !st->ext_ws)
            st->state = CH_SIZE_LF;
        else if (ws)
            st->ext_ws = true;
        else if (c == ';')
            st->state = CH_EXT_NAME0;
        else if (c == '=' && st->ext_named)
            st->state = CH_EXT_VALUE0;
        else
            break;
        if (!ws && c != '\r')
            st->ext_ws = st->ext_named = false;
        return true;
    case CH_EXT_NAME0:
    case CH_EXT_VALUE0:
        if (ws)
            return true;
        if (is_tchar(c)) {
            st->state = st->state == CH_EXT_NAME0 ? CH_EXT_NAME : CH_EXT_TOKEN;
            return true;
        }
        if (c == '"' && st->state == CH_EXT_VALUE0) {
            st->state = CH_EXT_QUOTED;
            return true;
        }
        break;
    case CH_EXT_NAME:
    case CH_EXT_TOKEN:
        if (is_tchar(c))
            return true;
        st->ext_named = st->state == CH_EXT_NAME;
        st->state = CH_EXT;
        st->line--;             /* c is read again */
        return false;
    case CH_EXT_QUOTED:
        /* qdtext: HTAB, SP, VCHAR but '"' and '\\', obs-text */
        if (c == '"')
            st->state = CH_EXT;
        else if (c == '\\')
            st->state = CH_EXT_ESCAPE;
        else if (!is_field_byte(c))
            break;
        return true;
    case CH_EXT_ESCAPE:
        if (!is_field_byte(c))
            break;
        st->state = CH_EXT_QUOTED;
        return true;
    }
    *r = fail(err, 400, MALFORMED, "a chunk size is followed by something other than "
              ";name=value extensions (RFC 9112 section 7.1.1) and CRLF");
    return true;
}

h1_result h1_chunked_decode(h1_chunked *st, char *buf, size_t *in, size_t len, size_t *out,
                            uint64_t body_limit, bool *too_large, h1_error *err)
{
    size_t i = *in, o = *out;
    h1_result r = H1_INCOMPLETE;
    while (i < len && r == H1_INCOMPLETE) {
        unsigned char c = (unsigned char)buf[i];
        unsigned v;
        switch (st->state) {
        case CH_SIZE:
            if (is_hex(c, &v)) {
                /* Leading zeros are digits too, but never an overflow. */
                if (st->left > H1_LENGTH_MAX >> 4) {
                    r = fail(err, 400, MALFORMED, "a chunk size is over 2^63 - 1: no length "
                             "an HTTP implementation can hold");
                    break;
                }
                st->left = st->left << 4 | v;
                st->digits++;
                if (++st->line > H1_EXT_LIMIT)
                    r = fail(err, 400, MALFORMED, "a chunk size line is over %d bytes",
                             H1_EXT_LIMIT);
                i++;
            } else if (st->digits == 0) {
                r = fail(err, 400, MALFORMED, "a chunk size is not a hexadecimal number");
            } else {
                st->state = CH_EXT;
                st->ext_ws = st->ext_named = false;
            }
            break;
        case CH_EXT:
        case CH_EXT_NAME0:
        case CH_EXT_NAME:
        case CH_EXT_VALUE0:
        case CH_EXT_TOKEN:
        case CH_EXT_QUOTED:
        case CH_EXT_ESCAPE:
            if (size_line_byte(st, c, &r, err))
                i++;
            break;
        case CH_SIZE_LF:
            if (c != '\n') {
                r = fail(err, 400, MALFORMED, "a chunk size line does not end with CRLF");
                break;
            }
            i++;
            /* A single chunk past the limit is refused once its size line
             * is whole (a malformed line is a 400 first): the client
             * announced it will send too much. */
            if (st->left > body_limit) {
                r = fail(err, 413, "Body too large", "a chunk is over the body limit of "
                         "%llu bytes", (unsigned long long)body_limit);
                break;
            }
            st->state = st->left == 0 ? CH_TRAILER : CH_DATA;
            st->line = 0;
            break;
        case CH_DATA: {
            size_t n = len - i;
            if (n > st->left)
                n = (size_t)st->left;
            if (!*too_large && st->decoded + n > body_limit)
                *too_large = true;      /* from here on the data is dropped */
            if (!*too_large) {
                memmove(buf + o, buf + i, n);
                o += n;
            }
            st->decoded += n;
            i += n;
            st->left -= n;
            if (st->left == 0)
                st->state = CH_DATA_CR;
            break;
        }
        case CH_DATA_CR:
            if (c != '\r') {
                r = fail(err, 400, MALFORMED, "chunk data is not followed by CRLF");
                break;
            }
            i++;
            st->state = CH_DATA_LF;
            break;
        case CH_DATA_LF:
            if (c != '\n') {
                r = fail(err, 400, MALFORMED, "chunk data is not followed by CRLF");
                break;
            }
            i++;
            st->state = CH_SIZE;
            st->left = 0;
            st->digits = 0;
            st->line = 0;
            break;
        case CH_TRAILER:
            /* Trailer fields are read and ignored; a blank line ends the body. */
            if (c == '\r')
                st->state = CH_TRAILER_LF;
            else if (!is_field_byte(c) || ++st->trailer > H1_TRAILER_LIMIT)
                r = fail(err, 400, MALFORMED, "the trailer section holds a control byte or is "
                         "over %d bytes", H1_TRAILER_LIMIT);
            else
                st->line++;
            i++;
            break;
        case CH_TRAILER_LF:
            if (c != '\n') {
                r = fail(err, 400, MALFORMED, "a trailer line does not end with CRLF");
                break;
            }
            i++;
            if (st->line == 0) {
                st->state = CH_DONE;
                r = H1_DONE;
            } else {
                st->state = CH_TRAILER;
                st->line = 0;
            }
            break;
        default:
            r = H1_DONE;
            break;
        }
    }
    *in = i;
    *out = o;
    return r;
}

const char *h1_reason(int status)
{
    switch (status) {
    case 100: return "Continue";
    case 200: return "OK";
    case 204: return "No Content";
    case 400: return "Bad Request";
    case 404: return "Not Found";
    case 405: return "Method Not Allowed";
    case 408: return "Request Timeout";
    case 413: return "Content Too Large";
    case 414: return "URI Too Long";
    case 415: return "Unsupported Media Type";
    case 417: return "Expectation Failed";
    case 422: return "Unprocessable Content";
    case 429: return "Too Many Requests";
    case 431: return "Request Header Fields Too Large";
    case 500: return "Internal Server Error";
    case 501: return "Not Implemented";
    case 503: return "Service Unavailable";
    case 505: return "HTTP Version Not Supported";
    default: return "Unknown";
    }
}
