/* test_http1.c -- service/http/http1.c: request framing by RFC 9112, without
 * sockets.
 *
 * Issue 16 measured what libmicrohttpd did with each of these requests
 * (smuggling with Content-Length + Transfer-Encoding, two lengths, a status
 * line written twice, HTML errors, no Host served, codings that hung);
 * here each gets the status RFC 9112 asks for, and the framing of good
 * requests (keep-alive, pipelining, chunked bodies) is exact whatever way
 * the bytes are cut. The live, raw-socket side is
 * tests/contract/framing.test.mjs. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../../../service/http/http1.h"
#include "../../support/testutil.h"

CC_SUITE(http1);

#define LIMIT (1024 * 1024)

/* Parse text (a copy: parsing writes into it) in one piece. */
static h1_result parse(const char *text, char *buf, size_t size, h1_head *h, h1_error *e)
{
    size_t len = strlen(text);
    cr_assert_lt(len, size);
    memcpy(buf, text, len + 1);
    size_t scanned = 0;
    memset(e, 0, sizeof *e);
    return h1_parse_head(buf, len, &scanned, LIMIT, h, e);
}

/* The status a head is refused with (0 if it is accepted). */
static int refused(const char *text)
{
    static char buf[200000];
    h1_head h;
    h1_error e;
    h1_result r = parse(text, buf, sizeof buf, &h, &e);
    cr_assert_neq(r, H1_INCOMPLETE, "incomplete: %s", text);
    if (r == H1_ERROR) {
        cr_assert_not_null(e.title);
        cr_assert_gt(strlen(e.detail), 10, "a detail says why");
    }
    return r == H1_ERROR ? e.status : 0;
}

Test(http1, a_simple_get_is_framed_with_its_method_target_and_version)
{
    char buf[256];
    h1_head h;
    h1_error e;
    cr_assert_eq(parse("GET /v1/tiles?x=1 HTTP/1.1\r\nHost: a\r\nAccept: text/html\r\n\r\n",
                       buf, sizeof buf, &h, &e), H1_DONE);
    cr_assert_str_eq(buf + h.method, "GET");
    cr_assert_str_eq(buf + h.target, "/v1/tiles?x=1");
    cr_assert_eq(h.minor, 1);
    cr_assert_eq(h.body, H1_BODY_NONE);
    cr_assert(h.keep_alive, "HTTP/1.1 keeps the connection by default");
    cr_assert_str_eq(h1_str(buf, h.accept), "text/html");
    cr_assert_null(h1_str(buf, h.content_type));
    cr_assert_eq(h.head_len, strlen("GET /v1/tiles?x=1 HTTP/1.1\r\nHost: a\r\nAccept: text/html\r\n\r\n"));
}

Test(http1, a_head_is_incomplete_until_its_blank_line_then_done_at_any_cut)
{
    const char *text = "POST /v1/score HTTP/1.1\r\nHost: a\r\nContent-Type: application/json\r\n"
                       "Content-Length: 2\r\n\r\n{}";
    size_t head = strlen(text) - 2;
    char buf[256];
    for (size_t cut = 0; cut <= strlen(text); cut++) {
        memcpy(buf, text, strlen(text) + 1);
        size_t scanned = 0;
        h1_head h;
        h1_error e;
        /* Feed it in two pieces, the second call resuming the first's scan. */
        h1_result r1 = h1_parse_head(buf, cut, &scanned, LIMIT, &h, &e);
        cr_assert_eq(r1, cut >= head ? H1_DONE : H1_INCOMPLETE, "cut at %zu", cut);
        if (r1 == H1_INCOMPLETE) {
            cr_assert_eq(h1_parse_head(buf, strlen(text), &scanned, LIMIT, &h, &e), H1_DONE);
        }
        cr_assert_eq(h.head_len, head);
        cr_assert_eq(h.body, H1_BODY_LENGTH);
        cr_assert_eq(h.content_length, 2);
        cr_assert_str_eq(h1_str(buf, h.content_type), "application/json");
    }
}

Test(http1, empty_lines_before_a_request_are_skipped)
{
    char buf[128];
    h1_head h;
    h1_error e;
    cr_assert_eq(parse("\r\n\r\nGET / HTTP/1.1\r\nHost: a\r\n\r\n", buf, sizeof buf, &h, &e), H1_DONE);
    cr_assert_str_eq(buf + h.method, "GET");
}

/* RFC 9112 6.1 and 6.3: Content-Length with Transfer-Encoding is how requests
 * are smuggled past a proxy that reads one and a server that reads the other. */
Test(http1, content_length_with_transfer_encoding_is_400)
{
    cr_assert_eq(refused("POST / HTTP/1.1\r\nHost: a\r\nContent-Length: 5\r\n"
                         "Transfer-Encoding: chunked\r\n\r\n"), 400);
    cr_assert_eq(refused("POST / HTTP/1.1\r\nHost: a\r\nTransfer-Encoding: chunked\r\n"
                         "Content-Length: 5\r\n\r\n"), 400);
}

/* RFC 9112 6.3 item 5. Two equal lengths are refused as well: never guess. */
Test(http1, two_content_lengths_are_400_equal_or_not)
{
    cr_assert_eq(refused("POST / HTTP/1.1\r\nHost: a\r\nContent-Length: 5\r\nContent-Length: 6\r\n\r\n"), 400);
    cr_assert_eq(refused("POST / HTTP/1.1\r\nHost: a\r\nContent-Length: 5\r\nContent-Length: 5\r\n\r\n"), 400);
    cr_assert_eq(refused("POST / HTTP/1.1\r\nHost: a\r\nContent-Length: 5, 5\r\n\r\n"), 400);
}

Test(http1, a_content_length_that_is_not_plain_digits_is_400)
{
    static const char *const bad[] = { "abc", "-1", "+5", "5 ", " 5x", "0x10", "1e3", "5;", "" };
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        char text[128];
        snprintf(text, sizeof text, "POST / HTTP/1.1\r\nHost: a\r\nContent-Length: %s\r\n\r\n", bad[i]);
        /* "5 " is trimmed (OWS), so it is a valid 5. */
        cr_assert_eq(refused(text), strcmp(bad[i], "5 ") == 0 ? 0 : 400, "Content-Length: \"%s\"", bad[i]);
    }
}

/* RFC 9110 15.5.14: a valid length the server will not take is 413;
 * RFC 9112 6.3: a Content-Length that is no length (past 2^63 - 1, where
 * implementations part ways or wrap) is invalid framing, 400. */
Test(http1, a_declared_length_over_the_limit_is_413_before_the_body_and_past_2_63_is_400)
{
    cr_assert_eq(refused("POST / HTTP/1.1\r\nHost: a\r\nContent-Length: 1048577\r\n\r\n"), 413);
    cr_assert_eq(refused("POST / HTTP/1.1\r\nHost: a\r\nContent-Length: 9223372036854775807\r\n\r\n"), 413);
    cr_assert_eq(refused("POST / HTTP/1.1\r\nHost: a\r\nContent-Length: 9223372036854775808\r\n\r\n"), 400);
    cr_assert_eq(refused("POST / HTTP/1.1\r\nHost: a\r\nContent-Length: 18446744073709551616\r\n\r\n"), 400);
    cr_assert_eq(refused("POST / HTTP/1.1\r\nHost: a\r\nContent-Length: 99999999999999999999999\r\n\r\n"), 400);
    cr_assert_eq(refused("POST / HTTP/1.1\r\nHost: a\r\nContent-Length: 1048576\r\n\r\n"), 0);
    cr_assert_eq(refused("POST / HTTP/1.1\r\nHost: a\r\nContent-Length:\t5\r\n\r\n"), 0,
                 "RFC 9110 5.6.3: OWS = *( SP / HTAB )");
}

/* The 413 comes once the whole head is read, whatever the order of the
 * fields, so the answer can be worded in the request's language. Framing
 * refusals decided after the last field say so too; one decided on a
 * field line does not. */
Test(http1, a_refusal_after_the_last_field_comes_with_the_parsed_head)
{
    static char buf[512];
    h1_head h;
    h1_error e;
    cr_assert_eq(parse("POST /v1/score?lang=de HTTP/1.1\r\nHost: a\r\nContent-Length: 2000000\r\n"
                       "Accept-Language: fr\r\n\r\n", buf, sizeof buf, &h, &e), H1_ERROR);
    cr_assert_eq(e.status, 413);
    cr_assert(e.head_read);
    cr_assert_str_eq(h1_str(buf, h.target), "/v1/score?lang=de");
    cr_assert_str_eq(h1_str(buf, h.accept_language), "fr");
    cr_assert_eq(parse("POST / HTTP/1.1\r\nHost: a\r\nContent-Length: 5\r\nTransfer-Encoding: chunked\r\n\r\n",
                       buf, sizeof buf, &h, &e), H1_ERROR);
    cr_assert_eq(e.status, 400);
    cr_assert(e.head_read);
    cr_assert_eq(parse("GET / HTTP/1.1\r\nHost: a\r\nX: \x01\r\n\r\n", buf, sizeof buf, &h, &e), H1_ERROR);
    cr_assert_not(e.head_read);
}

/* RFC 9112 3.2: request-target forms have no fragment (a client strips it,
 * RFC 9110 7.1). %00 in the path is a NUL once decoded, %0D%0A a line
 * break (RFC 3986 7.3); in the query they are the parameter's business. */
Test(http1, a_fragment_or_an_encoded_control_byte_in_the_path_is_400)
{
    cr_assert_eq(refused("GET /path#frag HTTP/1.1\r\nHost: a\r\n\r\n"), 400);
    cr_assert_eq(refused("GET /p?q=1#f HTTP/1.1\r\nHost: a\r\n\r\n"), 400);
    cr_assert_eq(refused("GET http://a/p#f HTTP/1.1\r\nHost: a\r\n\r\n"), 400);
    cr_assert_eq(refused("GET /path%00.html HTTP/1.1\r\nHost: a\r\n\r\n"), 400);
    cr_assert_eq(refused("GET /p%00 HTTP/1.1\r\nHost: a\r\n\r\n"), 400);
    cr_assert_eq(refused("GET /path%0d%0aX-Injected:%20true HTTP/1.1\r\nHost: a\r\n\r\n"), 400);
    cr_assert_eq(refused("GET /p%1F HTTP/1.1\r\nHost: a\r\n\r\n"), 400);
    cr_assert_eq(refused("GET /p%7f HTTP/1.1\r\nHost: a\r\n\r\n"), 400);
    cr_assert_eq(refused("GET /p%20q%2F%7E%E9 HTTP/1.1\r\nHost: a\r\n\r\n"), 0);
    cr_assert_eq(refused("GET /p%2500 HTTP/1.1\r\nHost: a\r\n\r\n"), 0, "%25 is a percent sign");
    cr_assert_eq(refused("GET /p%0 HTTP/1.1\r\nHost: a\r\n\r\n"), 0);
    cr_assert_eq(refused("GET /v1/rules?lang=%00 HTTP/1.1\r\nHost: a\r\n\r\n"), 0);
}

/* RFC 9112 6.1: a coding the server does not know is 501; chunked not last
 * (or applied twice) leaves the length unknown: 400; HTTP/1.0 has no
 * Transfer-Encoding. libmicrohttpd 0.9.75 hung on the first two. */
Test(http1, transfer_codings_other_than_a_single_final_chunked_are_refused)
{
    cr_assert_eq(refused("POST / HTTP/1.1\r\nHost: a\r\nTransfer-Encoding: gzip, chunked\r\n\r\n"), 501);
    cr_assert_eq(refused("POST / HTTP/1.1\r\nHost: a\r\nTransfer-Encoding: xchunked\r\n\r\n"), 400);
    cr_assert_eq(refused("POST / HTTP/1.1\r\nHost: a\r\nTransfer-Encoding: chunked, gzip\r\n\r\n"), 400);
    cr_assert_eq(refused("POST / HTTP/1.1\r\nHost: a\r\nTransfer-Encoding: chunked\r\n"
                         "Transfer-Encoding: chunked\r\n\r\n"), 400);
    cr_assert_eq(refused("POST / HTTP/1.1\r\nHost: a\r\nTransfer-Encoding: chunked, chunked\r\n\r\n"), 400);
    cr_assert_eq(refused("POST / HTTP/1.0\r\nTransfer-Encoding: chunked\r\n\r\n"), 400);
    cr_assert_eq(refused("POST / HTTP/1.1\r\nHost: a\r\nTransfer-Encoding: Chunked\r\n\r\n"), 0);
}

/* RFC 9112 3.2: exactly one Host in HTTP/1.1. */
Test(http1, host_is_required_once_in_http_1_1)
{
    cr_assert_eq(refused("GET / HTTP/1.1\r\n\r\n"), 400);
    cr_assert_eq(refused("GET / HTTP/1.1\r\nHost: a\r\nHost: b\r\n\r\n"), 400);
    cr_assert_eq(refused("GET / HTTP/1.1\r\nHost: a b\r\n\r\n"), 400);
    cr_assert_eq(refused("GET / HTTP/1.0\r\n\r\n"), 0);
    cr_assert_eq(refused("GET / HTTP/1.1\r\nHost: [::1]:8080\r\n\r\n"), 0);
    /* RFC 9110 4.2.1: "A sender MUST NOT generate an "http" URI with an
     * empty host identifier. A recipient that processes such a URI
     * reference MUST reject it as invalid." The target URI's authority is
     * the Host value (RFC 9112 3.3). */
    cr_assert_eq(refused("GET / HTTP/1.1\r\nHost:\r\n\r\n"), 400);
    cr_assert_eq(refused("GET / HTTP/1.1\r\nHost: \r\n\r\n"), 400);
}

/* RFC 9112 2.2 and 5: a line ends with CRLF; no whitespace before a colon,
 * no obsolete folding, no control bytes in a value. */
Test(http1, malformed_lines_are_400)
{
    static const char *const bad[] = {
        "GET / HTTP/1.1\nHost: a\n\n",                         /* bare LF */
        "GET / HTTP/1.1\r\nHost: a\nX: y\r\n\r\n",              /* bare LF in the fields */
        "GET / HTTP/1.1\r\nHost: a\r\nX: a\rb\r\n\r\n",         /* bare CR */
        "GET / HTTP/1.1\r\nHost : a\r\n\r\n",                   /* space before colon */
        "GET / HTTP/1.1\r\nHost: a\r\nNoColon\r\n\r\n",
        "GET / HTTP/1.1\r\nHost: a\r\nX: a\r\n  b\r\n\r\n",     /* obs-fold */
        "GET / HTTP/1.1\r\nHost: a\r\nX: a\x01" "b\r\n\r\n",    /* a control byte */
        "GET / HTTP/1.1\r\nHost: a\r\n: empty name\r\n\r\n",
        "GET / HTTP/1.1\r\nHost: a\r\nX(y): 1\r\n\r\n",         /* not a token */
        "GARBAGE\r\n\r\n",
        "GET /healthz\r\n\r\n",                                  /* HTTP/0.9 */
        "GET  / HTTP/1.1\r\nHost: a\r\n\r\n",                   /* two spaces */
        "GET / HTTP/1.1 \r\nHost: a\r\n\r\n",
        "GET / FOO/1.1\r\nHost: a\r\n\r\n",
        "GET / HTTP/1.10\r\nHost: a\r\n\r\n",
        "GET / http/1.1\r\nHost: a\r\n\r\n",
        "GET x HTTP/1.1\r\nHost: a\r\n\r\n",                   /* not a path */
        "GET * HTTP/1.1\r\nHost: a\r\n\r\n",                    /* * is for OPTIONS */
        "GET /a\x7f" "b HTTP/1.1\r\nHost: a\r\n\r\n",
        "GET http:///x HTTP/1.1\r\nHost: a\r\n\r\n",            /* no authority */
        "\r\n\r\n\r\nX\r\n\r\n",
    };
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++)
        cr_assert_eq(refused(bad[i]), 400, "case %zu: %s", i, bad[i]);
}

Test(http1, only_http_major_version_1_is_spoken)
{
    cr_assert_eq(refused("GET / HTTP/2.0\r\nHost: a\r\n\r\n"), 505);
    cr_assert_eq(refused("GET / HTTP/0.9\r\nHost: a\r\n\r\n"), 505);
    /* A higher minor version is read as the highest we speak (RFC 9110 6.2). */
    char buf[128];
    h1_head h;
    h1_error e;
    cr_assert_eq(parse("GET / HTTP/1.7\r\nHost: a\r\n\r\n", buf, sizeof buf, &h, &e), H1_DONE);
    cr_assert_eq(h.minor, 1);
}

Test(http1, an_overlong_request_line_is_414_and_an_overlong_head_431)
{
    static char text[100000];
    snprintf(text, sizeof text, "GET /%0*d HTTP/1.1\r\nHost: a\r\n\r\n", H1_LINE_LIMIT, 7);
    cr_assert_eq(refused(text), 414);
    snprintf(text, sizeof text, "GET / HTTP/1.1\r\nHost: a\r\nX: %0*d\r\n\r\n", H1_HEAD_LIMIT, 7);
    cr_assert_eq(refused(text), 431);
    /* Without the end: the limit is enforced on what has come so far. */
    char buf[H1_HEAD_LIMIT + 100];
    memset(buf, 'a', sizeof buf);
    memcpy(buf, "GET / HTTP/1.1\r\nX: ", 19);
    size_t scanned = 0;
    h1_head h;
    h1_error e;
    cr_assert_eq(h1_parse_head(buf, sizeof buf, &scanned, LIMIT, &h, &e), H1_ERROR);
    cr_assert_eq(e.status, 431);
    memset(buf, 'a', sizeof buf);
    memcpy(buf, "GET /", 5);
    scanned = 0;
    cr_assert_eq(h1_parse_head(buf, H1_LINE_LIMIT + 10, &scanned, LIMIT, &h, &e), H1_ERROR);
    cr_assert_eq(e.status, 414);
}

Test(http1, more_than_the_field_limit_is_431)
{
    char text[8192];
    size_t n = (size_t)snprintf(text, sizeof text, "GET / HTTP/1.1\r\nHost: a\r\n");
    for (int i = 0; i < H1_MAX_FIELDS; i++)
        n += (size_t)snprintf(text + n, sizeof text - n, "X%d: 1\r\n", i);
    snprintf(text + n, sizeof text - n, "\r\n");
    cr_assert_eq(refused(text), 431);
}

Test(http1, expect_other_than_100_continue_is_417)
{
    cr_assert_eq(refused("POST / HTTP/1.1\r\nHost: a\r\nExpect: magic\r\n\r\n"), 417);
    char buf[128];
    h1_head h;
    h1_error e;
    cr_assert_eq(parse("POST / HTTP/1.1\r\nHost: a\r\nExpect: 100-Continue\r\nContent-Length: 3\r\n\r\n",
                       buf, sizeof buf, &h, &e), H1_DONE);
    cr_assert(h.expect_continue);
}

Test(http1, keep_alive_follows_the_version_and_the_connection_header)
{
    static const struct { const char *text; bool keep; } cases[] = {
        { "GET / HTTP/1.1\r\nHost: a\r\n\r\n", true },
        { "GET / HTTP/1.1\r\nHost: a\r\nConnection: close\r\n\r\n", false },
        { "GET / HTTP/1.1\r\nHost: a\r\nConnection: Upgrade, CLOSE\r\n\r\n", false },
        { "GET / HTTP/1.0\r\n\r\n", false },
        { "GET / HTTP/1.0\r\nConnection: keep-alive\r\n\r\n", true },
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        char buf[128];
        h1_head h;
        h1_error e;
        cr_assert_eq(parse(cases[i].text, buf, sizeof buf, &h, &e), H1_DONE);
        cr_assert_eq(h.keep_alive, cases[i].keep, "%s", cases[i].text);
    }
}

/* RFC 9112 3.2.2: an absolute-form target is accepted; the path is used. */
Test(http1, an_absolute_form_target_is_reduced_to_its_path)
{
    char buf[128];
    h1_head h;
    h1_error e;
    cr_assert_eq(parse("GET http://example.org/healthz?a=1 HTTP/1.1\r\nHost: example.org\r\n\r\n",
                       buf, sizeof buf, &h, &e), H1_DONE);
    cr_assert_str_eq(buf + h.target, "/healthz?a=1");
    cr_assert_eq(parse("GET HTTP://example.org?a=1 HTTP/1.1\r\nHost: example.org\r\n\r\n",
                       buf, sizeof buf, &h, &e), H1_DONE);
    cr_assert_str_eq(buf + h.target, "/?a=1");
}

/* ---- chunked bodies ------------------------------------------------------------ */

/* Decode raw (a chunked body and what follows it) fed in pieces of `step`
 * bytes, as a connection would, the buffer compacted after each call.
 * Returns the result; the decoded body in *body, the bytes left after it
 * in *rest. */
static h1_result decode_in_steps(const char *raw, size_t step, uint64_t limit, char *body,
                                 size_t *body_len, size_t *rest_at, bool *too_large, h1_error *e)
{
    static char buf[1 << 16];
    size_t total = strlen(raw), fed = 0, in = 0, out = 0, len = 0;
    h1_chunked st;
    memset(&st, 0, sizeof st);
    *too_large = false;
    h1_result r = H1_INCOMPLETE;
    while (r == H1_INCOMPLETE && fed < total) {
        size_t n = total - fed < step ? total - fed : step;
        memcpy(buf + len, raw + fed, n);
        len += n;
        fed += n;
        r = h1_chunked_decode(&st, buf, &in, len, &out, limit, too_large, e);
        size_t tail = len - in;
        memmove(buf + out, buf + in, tail);
        len = out + tail;
        in = out;
    }
    memcpy(body, buf, out);
    *body_len = out;
    *rest_at = fed - (len - out);
    return r;
}

Test(http1, chunked_bodies_decode_the_same_whatever_the_cut)
{
    const char *raw = "5\r\nhello\r\n1;name=value\r\n \r\n6 ; x\r\nworld!\r\n0\r\n"
                      "Trailer-Field: yes\r\n\r\nGET /next";
    for (size_t step = 1; step <= strlen(raw); step++) {
        char body[64];
        size_t len, rest;
        bool big;
        h1_error e;
        cr_assert_eq(decode_in_steps(raw, step, LIMIT, body, &len, &rest, &big, &e), H1_DONE,
                     "step %zu: %s", step, e.detail);
        cr_assert_eq(len, 12);
        cr_assert_eq(memcmp(body, "hello world!", 12), 0);
        cr_assert_str_eq(raw + rest, "GET /next", "step %zu: the next request starts right after", step);
        cr_assert_not(big);
    }
}

Test(http1, malformed_chunks_are_400)
{
    static const char *const bad[] = {
        "zz\r\nab\r\n0\r\n\r\n",             /* not hex */
        "\r\n",                               /* no size */
        "2\r\nabc\r\n0\r\n\r\n",              /* data longer than its size */
        "2\nab\r\n0\r\n\r\n",                 /* bare LF after the size */
        "2\r\nab\n0\r\n\r\n",                 /* bare LF after the data */
        "2 x\r\nab\r\n0\r\n\r\n",             /* not an extension */
        "10000000000000000\r\na\r\n0\r\n\r\n",/* 17 hex digits: overflows */
        "FFFFFFFFFFFFFFFF0\r\na\r\n0\r\n\r\n",/* the same */
        "8000000000000000\r\na\r\n0\r\n\r\n", /* 2^63: no length */
        /* RFC 9112 7.1.1: chunk-ext = *( BWS ";" BWS name [ BWS "=" BWS value ] ) */
        "2;\r\nab\r\n0\r\n\r\n",              /* ";" and no name */
        "2;a b\r\nab\r\n0\r\n\r\n",           /* a space inside the name */
        "2 \r\nab\r\n0\r\n\r\n",              /* whitespace and no ";" */
        "2;a \r\nab\r\n0\r\n\r\n",            /* whitespace and no ";" or "=" */
        "2;bad[=x\r\nab\r\n0\r\n\r\n",        /* "[" is no token byte */
        "2;a=\r\nab\r\n0\r\n\r\n",            /* "=" and no value */
        "2;a=b c\r\nab\r\n0\r\n\r\n",         /* a space inside the value */
        "2;a=\"open\r\nab\r\n0\r\n\r\n",      /* a quoted string not closed */
        "2;a=\"x\"y\r\nab\r\n0\r\n\r\n",      /* bytes after it */
        "2;=b\r\nab\r\n0\r\n\r\n",            /* a value and no name */
        "2;a\x01\r\nab\r\n0\r\n\r\n",         /* a control byte */
        "2;a\rb\r\nab\r\n0\r\n\r\n",          /* a bare CR */
        "0\r\nX: a\x01\r\n\r\n",              /* a control byte in a trailer */
        "0\r\nX: a\n\r\n",                    /* bare LF in a trailer */
    };
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        char body[64];
        size_t len, rest;
        bool big;
        h1_error e;
        for (size_t step = 1; step <= 64; step += 63) {   /* byte by byte, and whole */
            cr_assert_eq(decode_in_steps(bad[i], step, LIMIT, body, &len, &rest, &big, &e),
                         H1_ERROR, "case %zu, step %zu", i, step);
            cr_assert_eq(e.status, 400, "case %zu, step %zu: %s", i, step, e.detail);
        }
    }
}

Test(http1, chunk_extensions_in_the_grammar_are_read_and_ignored)
{
    static const char *const good[] = {
        "2;a\r\nab\r\n0\r\n\r\n",
        "2;a=b\r\nab\r\n0\r\n\r\n",
        "2 ; a = b ;c\r\nab\r\n0\r\n\r\n",
        "2;a=\"x y\\\"z;\"\r\nab\r\n0\r\n\r\n",
        "2;a;b=c;d=\"\"\r\nab\r\n0;last\r\n\r\n",
        "0002\r\nab\r\n0\r\n\r\n",              /* leading zeros: 1*HEXDIG */
    };
    for (size_t i = 0; i < sizeof good / sizeof good[0]; i++) {
        char body[64];
        size_t len, rest;
        bool big;
        h1_error e;
        cr_assert_eq(decode_in_steps(good[i], 1, LIMIT, body, &len, &rest, &big, &e), H1_DONE,
                     "case %zu: %s", i, e.detail);
        cr_assert_eq(len, 2);
        cr_assert_eq(memcmp(body, "ab", 2), 0);
    }
}

Test(http1, a_chunk_over_the_limit_is_413_at_once_and_many_chunks_over_it_are_dropped)
{
    char body[64];
    size_t len, rest;
    bool big;
    h1_error e;
    cr_assert_eq(decode_in_steps("11\r\n", 64, 16, body, &len, &rest, &big, &e), H1_ERROR);
    cr_assert_eq(e.status, 413);
    cr_assert_eq(decode_in_steps("fffffffffffffff\r\n", 64, LIMIT, body, &len, &rest, &big, &e), H1_ERROR);
    cr_assert_eq(e.status, 413);
    cr_assert_eq(decode_in_steps("7fffffffffffffff\r\n", 64, LIMIT, body, &len, &rest, &big, &e), H1_ERROR);
    cr_assert_eq(e.status, 413, "2^63 - 1 is a length, over the limit");
    /* Each chunk within the limit, the sum over it: read to the end (so the
     * client can be answered), the data past the limit dropped. */
    cr_assert_eq(decode_in_steps("8\r\n12345678\r\n8\r\n12345678\r\n8\r\n12345678\r\n0\r\n\r\n",
                                 5, 16, body, &len, &rest, &big, &e), H1_DONE);
    cr_assert(big);
    cr_assert_leq(len, 16);
}

Test(http1, every_status_this_layer_sends_has_a_reason_phrase)
{
    static const int sent[] = { 100, 200, 204, 400, 404, 405, 408, 413, 414, 415, 417, 422,
                                431, 500, 501, 503, 505 };
    for (size_t i = 0; i < sizeof sent / sizeof sent[0]; i++)
        cr_assert_str_neq(h1_reason(sent[i]), "Unknown", "%d", sent[i]);
}
