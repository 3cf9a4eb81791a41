/* dispatch.c -- svc_dispatch(): (method, path, body) -> response.
 *
 * Owns: matching a request against the route table (routes.h), the checks
 * every route shares (body limit, body is a JSON object, percent-decoding
 * of a path parameter), 404/405, the request's language (decided once here
 * into ctx->lang, and the Content-Language and Vary headers every answer
 * carries), and the reply helpers of service.h.
 * It never touches a socket: the HTTP layer calls it, and so do the tests.
 */
#include "../service.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "../mcp/mcp.h"
#include "../text/lang.h"
#include "../wire/decode.h"
#include "routes.h"
#include "../text/format.h"
#include "../text/messages_en.h"
#include "../wire/encode_text.h"

/* ---- the table --------------------------------------------------------- */

typedef enum { ROUTE_GET, ROUTE_POST } route_method;

typedef struct {
    route_method method;
    const char *path;
    size_t path_len;          /* strlen(path), known when compiled */
    bool prefix;
    svc_get_handler *get;
    svc_post_handler *post;
    svc_post_param_handler *post_param;
    svc_raw_handler *raw;
} route;

#define ROW_GET(p, fn) { ROUTE_GET, p, sizeof(p) - 1, false, fn, NULL, NULL, NULL },
#define ROW_GET_PREFIX(p, fn) { ROUTE_GET, p, sizeof(p) - 1, true, fn, NULL, NULL, NULL },
#define ROW_POST(p, fn) { ROUTE_POST, p, sizeof(p) - 1, false, NULL, fn, NULL, NULL },
#define ROW_POST_PREFIX(p, fn) { ROUTE_POST, p, sizeof(p) - 1, true, NULL, NULL, fn, NULL },
#define ROW_POST_RAW(p, fn) { ROUTE_POST, p, sizeof(p) - 1, false, NULL, NULL, NULL, fn },
static const route routes[] = {
    SVC_ROUTES(ROW_GET, ROW_GET_PREFIX, ROW_POST, ROW_POST_PREFIX, ROW_POST_RAW)
};

/* ---- replies ------------------------------------------------------------ */

/* Running out of memory is the server's passing trouble, not the
 * request's: 503 with Retry-After, so a client (or a load balancer) asks
 * again, here or elsewhere, instead of giving up as on a 500. Whatever
 * headers the route had set (an attachment's file name, a language) go:
 * they described the answer that could not be made. */
static void mark_out_of_memory(svc_response *res)
{
    res->nheaders = 0;
    svc_add_header(res, "Retry-After", "%d", SVC_RETRY_AFTER);
}

/* The answer when even building an answer fails: a constant, so it needs
 * no memory at all. */
static const char out_of_memory[] =
    "{\"type\":\"" SVC_PROBLEM_BASE "out-of-memory\",\"title\":\"Out of memory\","
    "\"status\":503,\"detail\":\"The service could not allocate memory for this answer; "
    "ask again shortly.\",\"pointer\":\"\"}";

static void reply_out_of_memory(svc_response *res)
{
    svc_response_free(res);
    svc_reply_static(res, 503, "application/problem+json", out_of_memory,
                     sizeof out_of_memory - 1);
    mark_out_of_memory(res);
}

void svc_reply_static(svc_response *res, int status, const char *content_type,
                      const char *body, size_t len)
{
    res->status = status;
    res->content_type = content_type;
    res->body = NULL;
    res->static_body = body;
    res->len = len;
}

static void reply_text(svc_response *res, int status, const char *type, jw *w)
{
    size_t len = 0;
    char *text = jw_take(w, &len);
    if (text == NULL) {
        reply_out_of_memory(res);
        return;
    }
    free(res->body);
    res->status = status;
    res->content_type = type;
    res->body = text;
    res->len = len;
    res->static_body = NULL;
}

void svc_reply_jw(svc_response *res, int status, jw *w)
{
    reply_text(res, status ? status : 200, "application/json", w);
}

/* "Edges do not match" -> "edges-do-not-match". */
static void slug(const char *title, char *out, size_t size)
{
    size_t n = 0;
    bool dash = false;
    for (const char *p = title; *p && n + 2 < size; p++) {
        char c = *p;
        if (c >= 'A' && c <= 'Z')
            c = (char)(c - 'A' + 'a');
        if ((c >= 'a' && c <= 'z') || (c >= '0' && c <= '9')) {
            if (dash && n > 0)
                out[n++] = '-';
            out[n++] = c;
            dash = false;
        } else {
            dash = true;
        }
    }
    out[n] = '\0';
}

/* Whether s (n bytes) starts with an id or a member path ("base.E",
 * "tiles/3", "position.abbeys", "#2"), which a capital letter would
 * change: its first word holds a character no plain word has. */
static bool starts_with_id(const char *s, size_t n)
{
    size_t end = 0;
    while (end < n && s[end] != ' ' && s[end] != ',' && s[end] != ':' && s[end] != ';')
        end++;
    for (size_t i = 0; i < end; i++)
        if (strchr("./[]#_\"'0123456789", s[i]) != NULL || (s[i] >= 'A' && s[i] <= 'Z'))
            return true;
    return false;
}

/* The first letter of s (UTF-8, n bytes) in capitals, in place, when it is
 * a small letter: ASCII, Latin-1, Latin Extended-A and the comma-below ș ț
 * of Extended-B, Cyrillic -- every letter a detail of the languages served
 * may start with ("южная сторона", "čas", "à"); each capital takes the bytes
 * of its small letter, and any other character is left as it is. */
static void capitalise(char *s, size_t n)
{
    unsigned char c = (unsigned char)s[0];
    if (c >= 'a' && c <= 'z') {
        s[0] = (char)(c - 'a' + 'A');
        return;
    }
    if (n < 2 || (c & 0xE0) != 0xC0 || ((unsigned char)s[1] & 0xC0) != 0x80)
        return;
    unsigned cp = (c & 0x1Fu) << 6 | ((unsigned char)s[1] & 0x3Fu), up = cp;
    if ((cp >= 0xE0 && cp <= 0xFE && cp != 0xF7) || (cp >= 0x430 && cp <= 0x44F))
        up = cp - 0x20;                   /* à..þ but ÷; а..я */
    else if ((cp >= 0x100 && cp <= 0x137) || (cp >= 0x14A && cp <= 0x177) ||
             (cp >= 0x218 && cp <= 0x21B))
        up = cp & ~1u;                    /* pairs capital, small: ā ą č ę ī į ő ś š ū ș ț */
    else if ((cp >= 0x139 && cp <= 0x148) || (cp >= 0x179 && cp <= 0x17E))
        up = cp % 2 == 0 ? cp - 1 : cp;   /* pairs small after capital: ł ń ź ż ž */
    else if (cp >= 0x450 && cp <= 0x45F)
        up = cp - 0x50;                   /* ѐ..џ, ё */
    s[0] = (char)(0xC0 | up >> 6);
    s[1] = (char)(0x80 | (up & 0x3F));
}

/* Every detail reaches the client as a sentence (capital first letter, full
 * stop), whichever module wrote it: the engine writes fragments that read
 * well inside longer messages, the decoder writes sentences. Doing it here,
 * where every problem passes, keeps one style without touching each caller. */
static void detail_sentence(const char *in, char *out, size_t size)
{
    size_t n = strlen(in);
    while (n > 0 && in[n - 1] == ' ')
        n--;
    if (n + 2 > size)
        n = size - 2;
    memcpy(out, in, n);
    if (n > 0 && !starts_with_id(out, n))
        capitalise(out, n);
    if (n > 0 && out[n - 1] != '.' && out[n - 1] != '?' && out[n - 1] != '!')
        out[n++] = '.';
    out[n] = '\0';
}

/* The members a problem adds beside its detail (RFC 9457 section 3.2):
 * "suggestions" (tile ids a mistaken one may mean) and "locations" (every
 * feature of a tile as placed, and the names that reach it). */
static void write_extensions(jw *w, const cc_error *err)
{
    if (err->nsuggestions > 0) {
        jw_key(w, "suggestions");
        jw_array(w);
        for (int i = 0; i < err->nsuggestions && i < CC_SUGGESTIONS; i++)
            jw_string(w, err->suggestions[i]);
        jw_array_end(w);
    }
    if (err->nplaces > 0) {
        jw_key(w, "locations");
        enc_text_places(w, err);
    }
}

/* problem+json from err; `param`, if not NULL, is the query parameter at
 * fault (svc_problem_param). */
static void reply_problem(svc_response *res, const cc_error *err, const char *param)
{
    int status = (int)err->status;
    bool no_memory = cc_error_out_of_memory(err);
    if (no_memory)
        status = 503;   /* whatever its writer said: the engine knows no 503 */
    if (status < 400 || status > 599)
        status = 500;
    /* A problem is a message id (the engine's, engine/text.h, or the
     * service's, service/text/problems.h): its English title names the
     * type; title and detail are worded in the request's language. */
    bool by_id = err->problem >= 0;
    const char *english = by_id ? txt_english_message(err->problem) : err->title ? err->title : "";
    const char *title = by_id ? txt_template(res->lang, err->problem) : english;
    char raw[CC_DETAIL_MAX];
    if (by_id) {
        txt_args a = { .err = err };
        txt_format(res->lang, &err->text, &a, raw, sizeof raw);
    } else {
        snprintf(raw, sizeof raw, "%s", err->detail);
    }
    char name[80];
    slug(english, name, sizeof name);
    char type[sizeof SVC_PROBLEM_BASE + sizeof name];
    snprintf(type, sizeof type, "%s%s", SVC_PROBLEM_BASE, name[0] ? name : "problem");
    char detail[sizeof raw + 2];
    detail_sentence(raw, detail, sizeof detail);
    jw w;
    jw_init(&w);
    jw_object(&w);
    jw_member_string(&w, "type", type);
    jw_member_string(&w, "title", title);
    jw_member_int(&w, "status", status);
    jw_member_string(&w, "detail", detail);
    jw_member_string(&w, "pointer", err->pointer);
    write_extensions(&w, err);
    if (param != NULL)
        jw_member_string(&w, "parameter", param);
    jw_object_end(&w);
    reply_text(res, status, "application/problem+json", &w);
    /* A problem still worded in English (cc_fail, svc_fail): say so rather
     * than label English words with the request's language. */
    if (!by_id && res->lang != NULL && strcmp(res->lang, "en") != 0)
        svc_add_header(res, "Content-Language", "en");
    if (no_memory)
        mark_out_of_memory(res);
}

void svc_reply_problem(svc_response *res, const cc_error *err)
{
    reply_problem(res, err, NULL);
}

bool (svc_problem)(svc_response *res, int status, const char *pointer, int problem, int msg,
                   const cc_arg *args, size_t n)
{
    cc_error err;
    cc_fail_text(&err, (cc_status)status, pointer, problem, msg, args, n);
    reply_problem(res, &err, NULL);
    return false;
}

bool (svc_problem_param)(svc_response *res, int status, const char *param, int problem,
                         int msg, const cc_arg *args, size_t n)
{
    cc_error err;
    cc_fail_text(&err, (cc_status)status, "", problem, msg, args, n);
    reply_problem(res, &err, param);
    return false;
}

bool (svc_fail)(svc_response *res, int status, const char *pointer,
              const char *title, const char *detail_fmt, ...)
{
    cc_error err;
    va_list ap;
    va_start(ap, detail_fmt);
    cc_failv(&err, (cc_status)status, pointer, title, detail_fmt, ap);
    va_end(ap);
    reply_problem(res, &err, NULL);
    return false;
}

char *svc_printable(char *out, size_t size, const char *s)
{
    size_t n = 0;
    if (size == 0)
        return out;
    for (; s[n] && n + 1 < size; n++)
        out[n] = (char)(s[n] >= 0x20 && s[n] < 0x7f ? s[n] : '?');
    out[n] = '\0';
    if (s[n] && size > 4)
        memcpy(out + size - 4, "...", 4);
    return out;
}

bool svc_decimal(const char *s, long max, long *out, const char **end)
{
    const char *p = s;
    long n = 0;
    for (; *p >= '0' && *p <= '9'; p++) {
        if (n > (max - (*p - '0')) / 10)
            return false;
        n = n * 10 + (*p - '0');
    }
    if (p == s || (s[0] == '0' && p - s > 1))
        return false;
    *out = n;
    if (end != NULL)
        *end = p;
    return true;
}

void svc_response_free(svc_response *res)
{
    free(res->body);
    res->body = NULL;
    res->static_body = NULL;
    res->len = 0;
}

/* ---- matching ------------------------------------------------------------ */

/* Lengths first: most rows differ from the path in length already. */
static bool route_matches(const route *r, const char *path, size_t len)
{
    size_t n = r->path_len;
    if (r->prefix)
        return len > n && memcmp(path, r->path, n) == 0;
    return len == n && memcmp(path, r->path, n) == 0;
}

static int hex_value(char c)
{
    if (c >= '0' && c <= '9') return c - '0';
    if (c >= 'a' && c <= 'f') return c - 'a' + 10;
    if (c >= 'A' && c <= 'F') return c - 'A' + 10;
    return -1;
}

/* Percent-decode s[0..len) into a new string. Fails on a malformed escape
 * and on %00 (a NUL would silently cut the parameter short). */
static char *percent_decode(const char *s, size_t len, bool *malformed)
{
    char *out = malloc(len + 1), *o = out;
    *malformed = false;
    if (out == NULL)
        return NULL;
    for (size_t i = 0; i < len; i++) {
        if (s[i] != '%') {
            *o++ = s[i];
            continue;
        }
        int hi = i + 2 < len ? hex_value(s[i + 1]) : -1;
        int lo = hi >= 0 ? hex_value(s[i + 2]) : -1;
        if (lo < 0 || (hi == 0 && lo == 0)) {
            *malformed = true;
            free(out);
            return NULL;
        }
        *o++ = (char)(hi * 16 + lo);
        i += 2;
    }
    *o = '\0';
    return out;
}

/* "GET, HEAD" / "POST" / both, for every route that matches the path. */
static void allowed_methods(const char *path, size_t len, char *allow, size_t size)
{
    bool get = false, post = false;
    for (size_t i = 0; i < sizeof routes / sizeof routes[0]; i++)
        if (route_matches(&routes[i], path, len)) {
            get |= routes[i].method == ROUTE_GET;
            post |= routes[i].method == ROUTE_POST;
        }
    snprintf(allow, size, "%s%s%s", get ? "GET, HEAD" : "", get && post ? ", " : "",
             post ? "POST" : "");
}

/* ---- calling a route ------------------------------------------------------ */

/* Is a Content-Type JSON? application/json, or an application/...+json type
 * (RFC 6839), with no charset but utf-8 (RFC 8259: JSON is UTF-8); other
 * parameters are ignored. Case-insensitive, as media types are. */
static bool is_json_media_type(const char *v)
{
    while (*v == ' ' || *v == '\t')
        v++;
    size_t n = strcspn(v, "; \t");
    bool json = (n == 16 && strncasecmp(v, "application/json", 16) == 0) ||
                (n > 17 && strncasecmp(v, "application/", 12) == 0 && memchr(v, '/', n) == v + 11 &&
                 strncasecmp(v + n - 5, "+json", 5) == 0);
    if (!json)
        return false;
    for (const char *p = strchr(v + n, ';'); p != NULL; p = strchr(p + 1, ';')) {
        const char *name = p + 1;
        while (*name == ' ' || *name == '\t')
            name++;
        if (strncasecmp(name, "charset=", 8) != 0)
            continue;
        const char *cs = name + 8;
        bool quoted = *cs == '"';
        cs += quoted;
        size_t len = strcspn(cs, quoted ? "\"" : "; \t");
        if (!(len == 5 && strncasecmp(cs, "utf-8", 5) == 0))
            return false;
    }
    return true;
}

/* A JSON body must say so: a page on any site may send a form or text/plain
 * body to any address without asking first (no CORS preflight), and none
 * of them is JSON. A request with no Content-Type is refused too: a page can
 * send that as well, and curl -d labels its data as a form. */
static bool refuse_media_type(const svc_context *ctx, svc_response *res)
{
    const char *type = ctx->req ? ctx->req->content_type : NULL;
    if (type != NULL && is_json_media_type(type))
        return false;
    char shown[64];
    if (type == NULL)
        svc_problem(res, 415, "", SVC_P_UNSUPPORTED_MEDIA_TYPE, SVC_D_NO_CONTENT_TYPE, CC_NO_ARGS);
    else {
        cc_error err;
        CC_FAIL(&err, 415, "", SVC_P_UNSUPPORTED_MEDIA_TYPE, SVC_D_WRONG_CONTENT_TYPE,
                CC_QUOTE(TYPE, cc_error_quote(&err, 0, svc_printable(shown, sizeof shown, type))));
        svc_reply_problem(res, &err);
    }
    svc_add_header(res, "Accept-Post", "application/json");
    return true;
}

/* ---- the request ------------------------------------------------------------- */

/* Decode one percent-escaped (and '+' for space, as forms write it) query
 * value into out. False on a malformed escape, %00, or no room. */
static bool decode_query_value(const char *s, size_t len, char *out, size_t size)
{
    size_t n = 0;
    for (size_t i = 0; i < len; i++) {
        char c = s[i];
        if (c == '+') {
            c = ' ';
        } else if (c == '%') {
            int hi = i + 2 < len ? hex_value(s[i + 1]) : -1;
            int lo = hi >= 0 ? hex_value(s[i + 2]) : -1;
            if (lo < 0 || (hi == 0 && lo == 0))
                return false;
            c = (char)(hi * 16 + lo);
            i += 2;
        }
        if (n + 1 >= size)
            return false;
        out[n++] = c;
    }
    out[n] = '\0';
    return true;
}

int svc_query_param(const svc_context *ctx, const char *name, char *out, size_t size)
{
    if (size == 0)
        return -1;
    out[0] = '\0';
    const char *q = ctx->req ? ctx->req->query : NULL;
    if (q == NULL)
        return 0;
    size_t name_len = strlen(name);
    while (*q) {
        const char *end = strchr(q, '&');
        size_t len = end ? (size_t)(end - q) : strlen(q);
        const char *eq = memchr(q, '=', len);
        size_t key_len = eq ? (size_t)(eq - q) : len;
        if (key_len == name_len && strncmp(q, name, name_len) == 0) {
            const char *v = eq ? eq + 1 : q + len;
            if (!decode_query_value(v, (size_t)(q + len - v), out, size)) {
                out[0] = '\0';
                return -1;
            }
            return 1;
        }
        q += len + (end != NULL);
    }
    return 0;
}

/* The slot of header `name` in res: the one it holds already, else a new
 * one (named); -1 when every slot is taken. */
static int header_slot(svc_response *res, const char *name)
{
    int i = 0;
    while (i < res->nheaders && strcasecmp(res->headers[i].name, name) != 0)
        i++;
    if (i == SVC_MAX_HEADERS)
        return -1;
    res->headers[i].name = name;
    if (i == res->nheaders)
        res->nheaders++;
    return i;
}

/* value copied as it is, cut at the slot's room. */
static void copy_value(char *slot, size_t size, const char *value)
{
    size_t n = strnlen(value, size - 1);
    memcpy(slot, value, n);
    slot[n] = '\0';
}

bool svc_add_header(svc_response *res, const char *name, const char *value_fmt, ...)
{
    int i = header_slot(res, name);
    if (i < 0)
        return false;
    char *value = res->headers[i].value;
    va_list ap;
    va_start(ap, value_fmt);
    /* Most values are one string or a constant: copied, not formatted
     * (vsnprintf cost more than the rest of a healthz answer's headers). */
    const char *plain = strcmp(value_fmt, "%s") == 0 ? va_arg(ap, const char *)
                      : strchr(value_fmt, '%') == NULL ? value_fmt : NULL;
    if (plain != NULL)
        copy_value(value, sizeof res->headers[i].value, plain);
    else
        vsnprintf(value, sizeof res->headers[i].value, value_fmt, ap);
    va_end(ap);
    cc_utf8_trim(value);
    return true;
}

static void call_route(const svc_context *ctx, const route *r, const char *path,
                       size_t path_len, const char *body, size_t len, svc_response *res)
{
    char *param = NULL;
    if (r->prefix) {
        size_t n = r->path_len;
        bool malformed;
        param = percent_decode(path + n, path_len - n, &malformed);
        if (param == NULL) {
            if (malformed)
                svc_problem(res, 400, "", SVC_P_BAD_PATH, SVC_D_BAD_PERCENT_ESCAPE, CC_NO_ARGS);
            else
                reply_out_of_memory(res);
            return;
        }
    }
    if (r->method == ROUTE_GET) {
        r->get(ctx, param, res);
        free(param);
        return;
    }
    if (r->raw) {            /* POST /mcp: checks its own headers, reads its own body */
        r->raw(ctx, res);
        free(param);
        return;
    }
    if (refuse_media_type(ctx, res)) {
        free(param);
        return;
    }
    /* The body is checked whole, then read in place by the handler; a
     * position's tiles and figures are read on the way (decode_lane.h). */
    jr_doc doc;
    dec_lanes lanes;
    jr_obj root;
    cc_error err;
    memset(&err, 0, sizeof err);
    dec_lanes_init(&lanes, ctx->cat);
    if (!dec_parse(body ? body : "", body ? len : 0, &lanes, &doc, &root, &err)) {
        svc_reply_problem(res, &err);
    } else if (r->post) {
        r->post(ctx, &root, res);
    } else {
        r->post_param(ctx, param, &root, res);
    }
    jr_doc_free(&doc);
    free(param);
}

/* ---- the request's language -------------------------------------------------- */

/* ctx->lang for this request: lang= if present (it wins), else what
 * Accept-Language prefers. False (and the 400 in res, worded in the
 * header's language) when lang= is malformed. */
static bool decide_language(svc_context *call, svc_response *res)
{
    call->lang = txt_negotiate(call->req->accept_language);
    res->lang = call->lang;
    char value[TXT_TAG_MAX + 1];
    int got = svc_query_param(call, "lang", value, sizeof value);
    if (got == 0 || (got == 1 && txt_lang_param(value, &call->lang))) {
        res->lang = call->lang;
        return true;
    }
    return svc_problem_param(res, 400, "lang", SVC_P_MALFORMED_LANGUAGE_TAG, SVC_D_LANG_TAG,
                             CC_ARGS(CC_INT(MAX, TXT_TAG_MAX)));
}

/* The language of a 413: lang= when it is a well-formed tag, else what
 * Accept-Language prefers. Never a 400: the body is what is refused. */
static void body_refusal_language(svc_context *call, svc_response *res)
{
    call->lang = txt_negotiate(call->req->accept_language);
    char value[TXT_TAG_MAX + 1];
    if (svc_query_param(call, "lang", value, sizeof value) == 1)
        txt_lang_param(value, &call->lang);
    res->lang = call->lang;
}

/* Does the comma-separated list `list` (a Vary value) hold `field`? */
static bool names_field(const char *list, const char *field)
{
    size_t n = strlen(field);
    for (const char *p = list; *p; p++)
        if (strncasecmp(p, field, n) == 0 && (p == list || p[-1] == ' ' || p[-1] == ',')
            && (p[n] == '\0' || p[n] == ',' || p[n] == ' '))
            return true;
    return false;
}

/* Content-Language (unless the handler named its own) and Vary:
 * Accept-Language, merged into the handler's Vary ("Accept" on /v1/render)
 * so the answer has one Vary header. */
static void label_language(svc_response *res, const char *lang)
{
    int cl = -1, vary = -1;
    for (int i = 0; i < res->nheaders; i++) {
        if (strcasecmp(res->headers[i].name, "Content-Language") == 0)
            cl = i;
        else if (strcasecmp(res->headers[i].name, "Vary") == 0)
            vary = i;
    }
    /* A language tag and a constant, both ASCII: copied, never formatted
     * or trimmed (every answer passes here). */
    if (cl < 0 && (cl = header_slot(res, "Content-Language")) >= 0)
        copy_value(res->headers[cl].value, sizeof res->headers[cl].value, lang);
    if (vary < 0) {
        if ((vary = header_slot(res, "Vary")) >= 0)
            copy_value(res->headers[vary].value, sizeof res->headers[vary].value,
                       "Accept-Language");
    } else if (!names_field(res->headers[vary].value, "Accept-Language")) {
        char was[SVC_HEADER_VALUE_MAX];
        memcpy(was, res->headers[vary].value, sizeof was);
        svc_add_header(res, "Vary", "%s, Accept-Language", was);
    }
}

/* Route the request (the language decided): 413, 404, 405 or the handler. */
static void route_request(const svc_context *call, const char *method, const char *path,
                          size_t path_len, const char *body, size_t len, svc_response *res)
{
    bool is_get = strcmp(method, "GET") == 0 || strcmp(method, "HEAD") == 0;
    bool is_post = strcmp(method, "POST") == 0;
    bool known_path = false;
    for (size_t i = 0; i < sizeof routes / sizeof routes[0]; i++) {
        const route *r = &routes[i];
        if (!route_matches(r, path, path_len))
            continue;
        known_path = true;
        if ((r->method == ROUTE_GET && is_get) || (r->method == ROUTE_POST && is_post)) {
            call_route(call, r, path, path_len, body, len, res);
            if (res->status == 0)   /* a handler that forgot to answer */
                svc_problem(res, 500, "", SVC_P_NO_ANSWER, SVC_D_ROUTE_NO_ANSWER,
                            CC_ARGS(CC_STR(PATH, r->path)));
            return;
        }
    }
    char shown_method[24], shown_path[120];
    svc_printable(shown_method, sizeof shown_method, method);
    svc_printable(shown_path, sizeof shown_path, path);
    if (!known_path) {
        cc_error err;
        CC_FAIL(&err, 404, "", SVC_P_UNKNOWN_ROUTE, SVC_D_NO_ROUTE,
                CC_QUOTE(METHOD, cc_error_quote(&err, 0, shown_method)),
                CC_QUOTE(PATH, cc_error_quote(&err, 1, shown_path)));
        svc_reply_problem(res, &err);
        return;
    }
    char allow[sizeof res->allow];
    allowed_methods(path, path_len, allow, sizeof allow);
    cc_error err;
    CC_FAIL(&err, 405, "", SVC_P_METHOD_NOT_ALLOWED, SVC_D_ROUTE_METHODS,
            CC_QUOTE(PATH, cc_error_quote(&err, 0, shown_path)),
            CC_QUOTE(EXPECTED, cc_error_quote(&err, 1, allow)),
            CC_QUOTE(METHOD, cc_error_quote(&err, 2, shown_method)));
    svc_reply_problem(res, &err);
    memcpy(res->allow, allow, sizeof allow);
}

void svc_handle(const svc_context *ctx, const svc_request *req, svc_response *res)
{
    memset(res, 0, sizeof *res);
    const char *method = req->method ? req->method : "";
    const char *path = req->path ? req->path : "";
    const char *query = strchr(path, '?');
    size_t path_len = query ? (size_t)(query - path) : strlen(path);
    /* The handler's view: the shared context plus this request, with the
     * query string apart from the path, and its language. */
    svc_request here = *req;
    if (here.query == NULL && query != NULL)
        here.query = query + 1;
    svc_context call = *ctx;
    call.req = &here;
    if (req->len > SVC_BODY_LIMIT) {
        body_refusal_language(&call, res);
        svc_problem(res, 413, "", SVC_P_BODY_TOO_LARGE, SVC_D_BODY_OVER_LIMIT,
                    CC_ARGS(CC_INT(BYTES, req->len), CC_INT(MAX, SVC_BODY_LIMIT)));
        if (mcp_http_target(path, path_len))   /* its clients read JSON-RPC */
            mcp_http_refusal(res);
    } else if (decide_language(&call, res)) {
        route_request(&call, method, path, path_len, req->body, req->len, res);
    } else if (mcp_http_target(path, path_len)) {
        mcp_http_refusal(res);
    }
    label_language(res, call.lang);
}

void svc_refuse_too_large(const svc_context *ctx, const svc_request *req, svc_response *res)
{
    memset(res, 0, sizeof *res);
    const char *path = req->path ? req->path : "";
    const char *query = strchr(path, '?');
    svc_request here = *req;
    if (here.query == NULL && query != NULL)
        here.query = query + 1;
    svc_context call = *ctx;
    call.req = &here;
    body_refusal_language(&call, res);
    svc_problem(res, 413, "", SVC_P_BODY_TOO_LARGE, SVC_D_BODY_REFUSED_OVER_LIMIT,
                CC_ARGS(CC_INT(MAX, SVC_BODY_LIMIT)));
    if (mcp_http_target(path, query ? (size_t)(query - path) : strlen(path)))
        mcp_http_refusal(res);   /* its clients read JSON-RPC, as svc_handle's 413 */
    label_language(res, call.lang);
}

void svc_dispatch(const svc_context *ctx, const char *method, const char *path,
                  const char *body, size_t len, svc_response *res)
{
    svc_request req = { .method = method, .path = path, .body = body, .len = len,
                        .content_type = "application/json" };
    svc_handle(ctx, &req, res);
}
