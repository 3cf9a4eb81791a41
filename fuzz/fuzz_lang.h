/* fuzz_lang.h -- one fuzz input through the language negotiation (shared by
 * fuzz/fuzz_lang.c and tests/service/wire/test_fuzz_regressions.c, so a
 * saved input replays exactly as it was found).
 *
 * Input: "Accept-Language line\nlang value" (the line cut at a NUL, as a
 * header would be; the rest, NULs included, percent-encoded byte by byte
 * where it is not a plain query character, so every byte reaches the
 * decoder, and raw as well).
 *
 * Checked, besides "no crash, no leak, no sanitizer report":
 *   - txt_negotiate() answers a code of the table, and the same code when
 *     an empty element is appended (",") or whitespace put before;
 *   - txt_lang_param() answers a code of the table, or false;
 *   - svc_handle() on GET /healthz?lang=... answers 200, or 400 naming the
 *     parameter lang; with Content-Language a code of the table (for the
 *     400, the header's language: the problem is worded in it) and one
 *     Vary naming Accept-Language.
 * A violation prints the input's parts and aborts. */
#ifndef FUZZ_LANG_H
#define FUZZ_LANG_H

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "../service/service.h"
#include "../service/text/lang.h"

#define FUZZ_LANG_MAX 16384

static inline void fuzz_lang_fail(const char *what, const char *header, const char *query)
{
    fprintf(stderr, "fuzz_lang: %s\n  Accept-Language: %.200s\n  query: %.200s\n", what, header,
            query);
    abort();
}

static inline const char *fuzz_lang_header_of(const svc_response *res, const char *name)
{
    const char *found = NULL;
    for (int i = 0; i < res->nheaders; i++)
        if (strcasecmp(res->headers[i].name, name) == 0) {
            if (found != NULL)
                return "(twice)";
            found = res->headers[i].value;
        }
    return found;
}

static inline void fuzz_lang_one(const uint8_t *data, size_t size)
{
    if (size > FUZZ_LANG_MAX)
        size = FUZZ_LANG_MAX;
    static char header[FUZZ_LANG_MAX + 4], value[FUZZ_LANG_MAX + 1], query[3 * FUZZ_LANG_MAX + 8];
    size_t i = 0, h = 0;
    while (i < size && data[i] != '\n' && data[i] != '\0')
        header[h++] = (char)data[i++];
    header[h] = '\0';
    while (i < size && data[i] != '\n')
        i++;
    if (i < size)
        i++;   /* past the '\n' */
    size_t v = 0, q = 0;
    memcpy(query, "lang=", 5);
    q = 5;
    static const char hex[] = "0123456789ABCDEF";
    for (; i < size; i++) {
        uint8_t c = data[i];
        if (c != '\0')
            value[v++] = (char)c;
        if ((c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') ||
            c == '-' || c == '.' || c == '*' || c == '/' || c == ';' || c == ',' || c == '=') {
            query[q++] = (char)c;
        } else {
            query[q++] = '%';
            query[q++] = hex[c >> 4];
            query[q++] = hex[c & 15];
        }
    }
    value[v] = '\0';
    query[q] = '\0';

    const char *lang = txt_negotiate(header);
    if (txt_language_find(lang) == NULL)
        fuzz_lang_fail("txt_negotiate answered a code outside the table", header, query);
    if (h + 1 <= TXT_ACCEPT_LANGUAGE_MAX) {
        header[h] = ',';
        header[h + 1] = '\0';
        if (strcmp(txt_negotiate(header), lang) != 0)
            fuzz_lang_fail("an empty element appended changed the language", header, query);
        header[h] = '\0';
    }
    if (h + 1 <= TXT_ACCEPT_LANGUAGE_MAX) {
        memmove(header + 1, header, h + 1);
        header[0] = ' ';
        if (strcmp(txt_negotiate(header), lang) != 0)
            fuzz_lang_fail("leading whitespace changed the language", header, query);
        memmove(header, header + 1, h + 1);
    }
    const char *code = NULL;
    if (txt_lang_param(value, &code) && txt_language_find(code) == NULL)
        fuzz_lang_fail("txt_lang_param answered a code outside the table", header, value);

    static cc_catalog none;
    svc_context ctx = { .cat = &none };
    svc_request req = { .method = "GET", .path = "/healthz", .query = query, .accept_language = header };
    svc_response res;
    svc_handle(&ctx, &req, &res);
    const char *body = res.body ? res.body : res.static_body;
    const char *cl = fuzz_lang_header_of(&res, "Content-Language");
    const char *vary = fuzz_lang_header_of(&res, "Vary");
    if (res.status != 200 && res.status != 400)
        fuzz_lang_fail("GET /healthz answered neither 200 nor 400", header, query);
    if (res.status == 400 && (body == NULL || strstr(body, "\"parameter\":\"lang\"") == NULL))
        fuzz_lang_fail("a 400 that does not name the parameter lang", header, query);
    if (cl == NULL || txt_language_find(cl) == NULL)
        fuzz_lang_fail("Content-Language missing or outside the table", header, query);
    /* The 400 about lang= is worded in the header's language, and says so. */
    if (res.status == 400 && strcmp(cl, lang) != 0)
        fuzz_lang_fail("a 400 not labelled with the header's language", header, query);
    if (vary == NULL || strcmp(vary, "Accept-Language") != 0)
        fuzz_lang_fail("Vary missing, doubled or not Accept-Language", header, query);
    svc_response_free(&res);
}

#endif
