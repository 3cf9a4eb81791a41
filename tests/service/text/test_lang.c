/* test_lang.c -- the language table, Accept-Language (RFC 9110 section
 * 12.5.4, with RFC 4647's lookup cutting "cs-CZ" to "cs") and the lang=
 * parameter (service/text/lang.h), each checked alone, then through the
 * dispatcher: the request's language in ctx->lang, Content-Language and a
 * single Vary on every answer, a malformed lang= answered 400. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "../../../engine/rules.h"
#include "../../../service/service.h"
#include "../../../service/text/catalog.h"
#include "../../../service/text/english.h"
#include "../../../service/text/lang.h"
#include "../../support/testutil.h"

CC_SUITE(lang);

/* ---- the table ------------------------------------------------------------ */

/* The order of po2c's X-Language-Order fields: the order clients saw before
 * the table was generated (Accept-Language's ties of "*" follow it). */
Test(lang, the_table_has_english_first_then_de_fr_cs_pl_ca_then_the_others_by_code_named_in_themselves)
{
    size_t n;
    const txt_language *t = txt_languages(&n);
    /* The five first shipped keep their place (X-Language-Order); the
     * languages added since (issue 34) follow by code. */
    static const char *const codes[] = { "en", "de", "fr", "cs", "pl", "ca", "es", "lt",
                                         "nl", "ro", "ru", "sk", "sl" };
    static const char *const names[] = { "English", "Deutsch", "Français", "Čeština", "Polski",
                                         "Català", "Español", "Lietuvių", "Nederlands",
                                         "Română", "Русский", "Slovenčina", "Slovenščina" };
    cr_assert_eq(n, sizeof codes / sizeof codes[0], "13 languages: English and 12 po files");
    size_t k = 0;
    for (size_t i = 0; i < n; i++) {
        while (k < sizeof codes / sizeof codes[0] && strcmp(codes[k], t[i].code) != 0) {
            cr_assert_geq(k, 6, "%s is missing from the first six", codes[k]);
            k++;
        }
        cr_assert_lt(k, sizeof codes / sizeof codes[0], "row %zu: %s out of order", i, t[i].code);
        cr_assert_str_eq(t[i].name, names[k]);
        cr_assert_eq(txt_language_find(codes[k]), &t[i]);
        k++;
    }
    cr_assert_null(txt_language_find("it"));
    cr_assert_null(txt_language_find("DE"), "codes are the table's, lower case");
    cr_assert_null(txt_language_find(NULL));
}

/* The table is generated from po/ (tools/po2c.py): English first, named by
 * the English of language.name, then every shipped PO file, once, named by
 * its own translation of language.name. So a language is one file. */
Test(lang, the_table_is_english_then_every_po_file_named_by_its_language_name)
{
    size_t n;
    const txt_language *t = txt_languages(&n);
    cr_assert_gt(n, 0);
    cr_assert_leq(n, TXT_LANGUAGES_MAX);
    cr_assert_str_eq(t[0].code, "en");
    cr_assert_str_eq(t[0].name, "English");
    cr_assert_eq(n, txt_po_ntables + 1, "one row per PO file besides English");
    for (size_t i = 0; i < txt_po_ntables; i++) {
        const char *code = txt_po_tables[i].lang;
        const txt_language *row = txt_language_find(code);
        cr_assert_not_null(row, "po/%s.po has no row", code);
        cr_assert_neq(row, &t[0]);
        const char *name = txt_lookup(code, "language.name");
        cr_assert_not_null(name, "po/%s.po does not translate language.name", code);
        cr_assert_str_eq(row->name, name);
    }
}

/* ---- Accept-Language -------------------------------------------------------- */

static void negotiates(const char *header, const char *want)
{
    const char *got = txt_negotiate(header);
    cr_assert_str_eq(got, want, "Accept-Language: %.80s -> %s, expected %s", header ? header : "(none)",
                     got, want);
}

Test(lang, no_header_or_an_empty_one_is_english)
{
    negotiates(NULL, "en");
    negotiates("", "en");
    negotiates(" , ,", "en");
}

Test(lang, the_highest_q_wins_whatever_the_order)
{
    negotiates("de", "de");
    negotiates("fr;q=0.5, cs;q=0.9, pl;q=0.7", "cs");
    negotiates("en;q=0.1,ca", "ca");
    negotiates("pl;q=0.001, de;q=0", "pl");
    negotiates("DE", "de");   /* ranges are case-insensitive */
}

Test(lang, equal_weights_go_to_the_range_listed_first)
{
    negotiates("fr, de", "fr");
    negotiates("de;q=0.8, fr;q=0.800", "de");
}

Test(lang, a_regional_range_is_served_by_its_language)
{
    negotiates("cs-CZ", "cs");
    negotiates("de-AT;q=0.9, fr;q=0.5", "de");
    negotiates("zh-Hant-TW, ca-ES-valencia;q=0.2", "ca");
    negotiates("pl-PL-x-private", "pl");
}

Test(lang, the_exact_range_outweighs_a_regional_one)
{
    /* de excluded as such; a range for Swiss German does not bring it back */
    negotiates("de;q=0, de-CH, fr;q=0.5", "fr");
    negotiates("de-CH;q=0.2, de;q=0.9, cs;q=0.5", "de");
}

Test(lang, star_stands_for_every_language_the_header_does_not_name)
{
    negotiates("*", "en");
    negotiates("it, *;q=0.5", "en");
    negotiates("en;q=0, *", "de");        /* English excluded: the next of the table */
    negotiates("*;q=0.1, pl;q=0.5", "pl");
}

Test(lang, q_zero_excludes_and_nothing_acceptable_is_english)
{
    negotiates("de;q=0", "en");
    negotiates("de;q=0, fr;q=0.0, *;q=0", "en");
    negotiates("it, pt, ja", "en");       /* languages the service lacks */
}

Test(lang, a_malformed_element_is_skipped_and_the_rest_is_read)
{
    negotiates("de;q=2, fr", "fr");              /* q above 1 */
    negotiates("de;q=0.1234, fr;q=0.1", "fr");   /* four decimals */
    negotiates("de;q=1.5, fr;q=0.1", "fr");
    negotiates("de;q=, fr;q=0.1", "fr");
    negotiates("de;q=abc, fr;q=0.1", "fr");
    negotiates("de;level=1, fr;q=0.1", "fr");    /* only q is a parameter */
    negotiates("de q=0.5, fr;q=0.1", "fr");
    negotiates("d3, fr;q=0.1", "fr");            /* a digit in the primary subtag */
    negotiates("abcdefghi, fr;q=0.1", "fr");     /* 9 letters */
    negotiates("de-, fr;q=0.1", "fr");
    negotiates("de--AT, fr;q=0.1", "fr");
    negotiates("de-abcdefghi, fr;q=0.1", "fr");  /* a 9-character subtag */
    negotiates("de;q=1.000, fr", "de");          /* 1.000 is 1 */
    negotiates("de ; q=0.5 , fr ;Q=0.4", "de");  /* whitespace and a capital Q */
}

Test(lang, bytes_outside_ascii_make_an_element_malformed)
{
    negotiates("d\xc3\xa9, fr;q=0.1", "fr");
    negotiates("\xff\xfe, cs;q=0.2", "cs");
    negotiates("de;q=0.\xe2\x80\x8b" "5, fr;q=0.1", "fr");
    negotiates("\x01\x02\x7f", "en");
}

Test(lang, a_header_past_the_limit_is_ignored_whole)
{
    size_t n = 10 * 1024;
    char *h = malloc(n + 1);
    cr_assert_not_null(h);
    memset(h, ' ', n);
    memcpy(h, "de", 2);
    h[n] = '\0';
    negotiates(h, "en");                          /* 10 kB: ignored */
    h[TXT_ACCEPT_LANGUAGE_MAX] = '\0';
    negotiates(h, "de");                          /* at the limit: read */
    free(h);
}

Test(lang, a_thousand_ranges_are_read_in_one_pass)
{
    char h[TXT_ACCEPT_LANGUAGE_MAX + 1];
    size_t n = 0;
    for (int i = 0; i < 999; i++)
        n += (size_t)snprintf(h + n, sizeof h - n, "xx,");
    cr_assert_lt(n + 8, sizeof h);
    snprintf(h + n, sizeof h - n, "pl;q=0.2");
    negotiates(h, "pl");                          /* 999 languages we lack, then pl */
    /* and a thousand malformed ones */
    n = 0;
    for (int i = 0; i < 999; i++)
        n += (size_t)snprintf(h + n, sizeof h - n, ";q=,");
    cr_assert_lt(n + 2, sizeof h);
    snprintf(h + n, sizeof h - n, "cs");
    negotiates(h, "cs");
}

/* ---- lang= ------------------------------------------------------------------ */

static void param_is(const char *value, const char *want)
{
    const char *code = "unset";
    cr_assert(txt_lang_param(value, &code), "lang=%s should be well-formed", value);
    cr_assert_str_eq(code, want, "lang=%s", value);
}

static void param_malformed(const char *value)
{
    const char *code = "unset";
    cr_assert_not(txt_lang_param(value, &code), "lang=%s should be malformed", value);
    cr_assert_str_eq(code, "unset", "the output stays unaltered");
}

Test(lang, lang_param_takes_a_language_tag_and_its_primary_subtag)
{
    param_is("de", "de");
    param_is("cs-CZ", "cs");
    param_is("FR", "fr");
    param_is("ca-ES-valencia", "ca");
    param_is("en", "en");
}

Test(lang, lang_param_unknown_but_well_formed_is_english)
{
    param_is("it", "en");
    param_is("x-klingon", "en");
    param_is("tlh", "en");
}

Test(lang, lang_param_malformed_values)
{
    param_malformed("");
    param_malformed("../../etc");
    param_malformed("*");
    param_malformed("de;q=1");
    param_malformed("de,fr");
    param_malformed("de ");
    param_malformed("-de");
    param_malformed("de-");
    param_malformed("abcdefghi");
    param_malformed("d\xc3\xa9");
    param_malformed("\xff");
    param_malformed("de-abcdefghijklmnopqrstuvwxyz0123456789");   /* past TXT_TAG_MAX */
    param_malformed(NULL);
}

/* ---- through the dispatcher --------------------------------------------------- */

static svc_context context(void)
{
    svc_context ctx = { .cat = tu_catalog() };
    return ctx;
}

static const char *header(const svc_response *res, const char *name)
{
    const char *found = NULL;
    for (int i = 0; i < res->nheaders; i++)
        if (strcasecmp(res->headers[i].name, name) == 0) {
            cr_assert_null(found, "one %s header, not two", name);
            found = res->headers[i].value;
        }
    return found;
}

static void answer(const char *method, const char *path, const char *accept_language,
                   svc_response *res)
{
    svc_context ctx = context();
    svc_request req = { .method = method, .path = path, .accept_language = accept_language,
                        .body = "{}", .len = 2, .content_type = "application/json" };
    svc_handle(&ctx, &req, res);
}

static void labelled(const char *method, const char *path, const char *al, int status,
                     const char *lang, const char *vary)
{
    svc_response res;
    answer(method, path, al, &res);
    cr_assert_eq(res.status, status, "%s %s: %d", method, path, res.status);
    cr_assert_not_null(header(&res, "Content-Language"), "%s %s", method, path);
    cr_assert_str_eq(header(&res, "Content-Language"), lang, "%s %s", method, path);
    cr_assert_not_null(header(&res, "Vary"));
    cr_assert_str_eq(header(&res, "Vary"), vary, "%s %s", method, path);
    svc_response_free(&res);
}

Test(lang, every_answer_carries_content_language_and_vary)
{
    labelled("GET", "/healthz", NULL, 200, "en", "Accept-Language");
    labelled("GET", "/healthz", "cs-CZ", 200, "cs", "Accept-Language");
    labelled("GET", "/v1/rules?lang=pl", "de", 200, "pl", "Accept-Language");
    labelled("GET", "/v1/languages?lang=ca", NULL, 200, "ca", "Accept-Language");
    /* The service's own problems (routing, decoding) are worded in the
     * request's language too, and say so. */
    labelled("GET", "/nowhere?lang=fr", NULL, 404, "fr", "Accept-Language");
    labelled("DELETE", "/v1/rules", "de", 405, "de", "Accept-Language");
    labelled("POST", "/v1/validate?lang=de", NULL, 400, "de", "Accept-Language");
    labelled("GET", "/v1/rules?lang=it", "de", 200, "en", "Accept-Language");
}

Test(lang, the_render_vary_and_the_language_vary_are_one_header)
{
    labelled("POST", "/v1/render?lang=de", NULL, 400, "de", "Accept, Accept-Language");
}

Test(lang, english_only_documents_say_content_language_en)
{
    labelled("GET", "/problems?lang=de", NULL, 200, "en", "Accept-Language");
    labelled("GET", "/problems/bad-path", "fr", 200, "en", "Accept-Language");
}

/* A body over the limit: svc_handle()'s own 413 and the HTTP layer's
 * (svc_refuse_too_large, before the body is read) speak the language
 * asked, lang= first; a malformed lang= is no 400 there (the body is
 * what is refused), the header's language answers. */
static void too_large_in(const char *path, const char *al, const char *lang, const char *title)
{
    svc_context ctx = context();
    svc_request req = { .method = "POST", .path = path, .accept_language = al,
                        .content_type = "application/json", .len = SVC_BODY_LIMIT + 1 };
    for (int http_layer = 0; http_layer < 2; http_layer++) {
        svc_response res;
        if (http_layer)
            svc_refuse_too_large(&ctx, &req, &res);
        else
            svc_handle(&ctx, &req, &res);
        const char *body = res.body ? res.body : res.static_body;
        cr_assert_eq(res.status, 413, "%s: %d", path, res.status);
        cr_assert_str_eq(header(&res, "Content-Language"), lang, "%s (%d)", path, http_layer);
        cr_assert_str_eq(header(&res, "Vary"), "Accept-Language");
        cr_assert_not_null(strstr(body, title), "%s: %s", path, body);
        cr_assert_not_null(strstr(body, "/problems/body-too-large\""), "%s", body);
        cr_assert_not_null(strstr(body, "1048576"), "%s", body);
        svc_response_free(&res);
    }
}

Test(lang, a_body_over_the_limit_is_refused_in_the_language_asked)
{
    too_large_in("/v1/validate?lang=de", NULL, "de", "\"Inhalt zu gro\xc3\x9f\"");
    too_large_in("/v1/validate?lang=de", "fr", "de", "\"Inhalt zu gro\xc3\x9f\"");
    too_large_in("/v1/validate", "fr", "fr", "\"Corps trop volumineux\"");
    too_large_in("/v1/validate?lang=../x", "fr", "fr", "\"Corps trop volumineux\"");
    too_large_in("/nowhere", NULL, "en", "\"Body too large\"");
}

static void malformed_lang(const char *path)
{
    svc_response res;
    answer("GET", path, "cs", &res);
    cr_assert_eq(res.status, 400, "%s: %d", path, res.status);
    cr_assert_str_eq(res.content_type, "application/problem+json");
    const char *body = res.body ? res.body : res.static_body;
    cr_assert_not_null(strstr(body, "\"pointer\":\"\",\"parameter\":\"lang\"}"), "%s: %s", path, body);
    cr_assert_not_null(strstr(body, "/problems/malformed-language-tag\""), "%s", body);
    cr_assert_str_eq(header(&res, "Content-Language"), "cs",
                     "worded in the header's language, as every problem is");
    svc_response_free(&res);
}

Test(lang, a_malformed_lang_param_is_a_400_naming_the_parameter_on_every_route)
{
    malformed_lang("/v1/rules?lang=..%2F..%2Fetc");
    malformed_lang("/v1/rules?lang=../../etc");
    malformed_lang("/v1/rules?lang=");
    malformed_lang("/v1/rules?lang");
    malformed_lang("/healthz?lang=%00");
    malformed_lang("/healthz?lang=de%00");
    malformed_lang("/healthz?lang=%C3%28");          /* invalid UTF-8 */
    malformed_lang("/healthz?lang=%E9");
    malformed_lang("/healthz?lang=%zz");             /* a malformed escape */
    malformed_lang("/nowhere?lang=*");
    malformed_lang("/v1/tiles/base.D?lang=de%20fr");
    malformed_lang("/v1/rules?lang=abcdefghijklmnopqrstuvwxyz-abcdefghijklmnopqrstuvwxyz");
}

Test(lang, the_first_lang_param_wins_and_other_parameters_are_left_alone)
{
    labelled("GET", "/v1/rules?x=1&lang=fr&lang=de", NULL, 200, "fr", "Accept-Language");
    labelled("GET", "/v1/rules?language=zz%zz&lang=de", NULL, 200, "de", "Accept-Language");
}

/* ---- the catalog -------------------------------------------------------------- */

Test(lang, lookup_is_null_for_english_unknown_languages_and_ids)
{
    cr_assert_null(txt_lookup("en", "rule.base.city.completed"));
    cr_assert_null(txt_lookup("it", "rule.base.city.completed"));
    cr_assert_null(txt_lookup("de", "no.such.message"));
    cr_assert_null(txt_lookup(NULL, "rule.x"));
    cr_assert_null(txt_lookup("de", NULL));
}

/* Every table po2c wrote is sorted (the binary search depends on it), and
 * names a language of the table (a PO file without its table line would
 * never be served). */
Test(lang, the_generated_tables_are_sorted_and_name_languages_of_the_table)
{
    for (size_t t = 0; t < txt_po_ntables; t++) {
        cr_assert_not_null(txt_language_find(txt_po_tables[t].lang), "po/%s.po has no table line",
                           txt_po_tables[t].lang);
        for (size_t i = 1; i < txt_po_tables[t].n; i++)
            cr_assert_lt(strcmp(txt_po_tables[t].entries[i - 1].ctxt, txt_po_tables[t].entries[i].ctxt), 0);
        for (size_t i = 0; i < txt_po_tables[t].n; i++)
            cr_assert_eq(txt_lookup(txt_po_tables[t].lang, txt_po_tables[t].entries[i].ctxt),
                         txt_po_tables[t].entries[i].text);
    }
}

static void note_rule_ids(const txt_english *e, void *arg)
{
    size_t *n = arg;
    cr_assert(strncmp(e->ctxt, "rule.", 5) != 0 || strlen(e->msgid) > 0, "%s has English", e->ctxt);
    (*n)++;
}

Test(lang, the_english_walk_names_every_rule)
{
    size_t n = 0, rules = 0;
    txt_english_each(note_rule_ids, &n);
    cr_assert_eq(n, txt_english_count());
    cc_rules(&rules);
    cr_assert_geq(n, rules);
}
