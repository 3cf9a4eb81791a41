/* service.h -- the dispatcher's contract: (method, path, body) -> response.
 *
 * Owns: svc_context (what every request may read: the catalog, the OpenAPI
 * document, the docs and explorer pages, the tile geometry of pictures, the
 * limits), svc_response (what a handler
 * produces), and the route handler type. The dispatcher is a pure function
 * of its inputs and the read-only context, so tests call it without sockets
 * and sockets stay in service/http/ alone.
 *
 * Ownership: svc_dispatch() fills *res; res->body is malloc'ed (or NULL when
 * res->static_body is set) and the caller frees it with svc_response_free().
 *
 * Table of contents:
 *   SVC_BODY_LIMIT            the documented request body limit (413 past it)
 *   svc_request               one request: method, path, query, body, the
 *                             request headers a route may read
 *   svc_context               read-only state: shared by all requests, plus
 *                             the request being answered (ctx->req)
 *   svc_response              status, content type, body, Allow (405),
 *                             further response headers
 *   svc_handle()              route one request (table in service/routes/routes.h);
 *                             decides its language, labels the answer with it
 *   svc_dispatch()            the same from (method, path, body) alone
 *   svc_refuse_too_large()    the HTTP layer's 413, worded as svc_handle()'s
 *   svc_query_param()         one parameter of the request's query string
 *   svc_add_header()          a further response header (Content-Language, ...)
 *   svc_accept_q()            how much the request's Accept header wants a media type
 *   svc_response_free()       release a response's body
 *   svc_get_handler           GET routes (exact or prefix)
 *   svc_post_handler          POST routes with a JSON object body
 *   svc_post_param_handler    POST routes under a prefix (/v1/messages/{n})
 *   svc_raw_handler           POST routes that read the raw body (/mcp)
 *   svc_reply_jw()            200 (or any status) application/json: the text
 *                             a JSON writer holds (service/wire/json_writer.h)
 *   svc_reply_problem()       problem+json from a cc_error, in the request's
 *                             language (out of memory: 503 with Retry-After)
 *   svc_problem()             problem+json from a status, pointer, problem id
 *                             and detail id with arguments (text/problems.h)
 *   svc_problem_param()       the same about a query parameter (pointer "",
 *                             member "parameter" naming it)
 *   svc_fail()                its English-only form (printf), for the
 *                             HTTP layer and the command line, which answer
 *                             before a request's language is known
 *   svc_reply_static()        a constant body (not copied, not freed)
 *   svc_printable()           client text made safe to quote in a detail
 *   svc_decimal()             a plain decimal number (no sign, blank or
 *                             leading zero), as query parameters, command
 *                             arguments and saved games' ids are read
 *   SVC_PROBLEM_BASE          the problem `type` URI scheme
 */
#ifndef SERVICE_H
#define SERVICE_H

#include <stdbool.h>
#include <stddef.h>

#include "../engine/catalog.h"
#include "../engine/error.h"
#include "text/problems.h"
#include "wire/json_reader.h"
#include "wire/json_writer.h"

#define SVC_BODY_LIMIT (1024 * 1024)   /* request bodies over this get 413 */

/* One request as the HTTP layer (or a test, or the CLI) hands it over.
 * Every pointer is borrowed for the call; a header the client did not send
 * is NULL. `path` is the request target: a query string, if any, may stay
 * on it ("/v1/render?width=800") or come separately in `query` (without the
 * '?'); when both are given `query` wins. */
typedef struct {
    const char *method;
    const char *path;
    const char *query;            /* NULL: none, or still on path */
    const char *body;
    size_t len;
    const char *content_type;     /* Content-Type */
    const char *accept;           /* Accept */
    const char *accept_language;  /* Accept-Language */
    const char *origin;           /* Origin (POST /mcp checks it) */
    const char *mcp_protocol_version;  /* MCP-Protocol-Version */
} svc_request;

typedef struct {
    const cc_catalog *cat;       /* immutable after start */
    const char *openapi_yaml;    /* served at /openapi.yaml */
    size_t openapi_len;
    const char *docs_html;       /* served at /docs */
    size_t docs_len;
    const char *explore_html;    /* served at /explore */
    size_t explore_len;
    const struct rd_atlas *atlas;  /* the pictures' tile geometry (service/render/
                                      render.h), made once at start; NULL: each
                                      picture works out its own */
    /* Origins POST /mcp accepts besides loopback ones: a comma-separated
     * list of "scheme://host[:port]", "*" for any; NULL for none. */
    const char *mcp_origins;
    /* The request being answered. NULL in the context the server keeps;
     * svc_handle() gives each handler a copy of the context with it set. */
    const svc_request *req;
    /* The language of the answer, a code of service/text/lang.h ("en",
     * "de", ...): decided once per request by svc_handle() from the lang=
     * query parameter, else Accept-Language; never NULL in a handler. Every
     * sentence of the answer is looked up in it (service/text/catalog.h),
     * falling back to English per sentence. */
    const char *lang;
} svc_context;

#define SVC_MAX_HEADERS 8
#define SVC_HEADER_VALUE_MAX 160

/* A response header beyond Content-Type and Allow. name is a static
 * string; the value is copied. */
typedef struct {
    const char *name;
    char value[SVC_HEADER_VALUE_MAX];
} svc_header;

typedef struct {
    int status;
    const char *content_type;    /* static string */
    char *body;                  /* malloc'ed, owned by the response */
    size_t len;
    const char *static_body;     /* alternative to body: not freed; the HTTP
                                    layer may cache the response built from it */
    char allow[32];              /* 405: the Allow header ("GET, HEAD"), else "" */
    int nheaders;                /* further headers, in the order added */
    svc_header headers[SVC_MAX_HEADERS];
    const char *lang;            /* the language problems are worded in: set
                                    by svc_handle() once it is decided (NULL:
                                    English); a static code of text/lang.h */
} svc_response;

/* Answer one request. Never fails: every problem becomes a problem+json.
 * A POST route answers 415 unless req->content_type is application/json or
 * an application/...+json type (charset, if given, utf-8).
 * Before routing it decides the answer's language (ctx->lang: lang= wins
 * over Accept-Language; a malformed lang= is a 400 naming the parameter),
 * and every answer leaves with Content-Language (that language, unless the
 * handler set its own, e.g. "en" for an English-only document) and
 * Vary: Accept-Language (added to a Vary the handler set). */
void svc_handle(const svc_context *ctx, const svc_request *req, svc_response *res);

/* The 413 of a body the HTTP layer refuses before reading it whole (a
 * Content-Length, or a chunked body, over SVC_BODY_LIMIT), for req (its
 * method, path with any query, and Accept-Language; no body): the problem
 * svc_handle() answers for a body over the limit, in the language it
 * would answer in (a malformed lang= falls back to Accept-Language: the
 * body is what is refused), with Content-Language and Vary. */
void svc_refuse_too_large(const svc_context *ctx, const svc_request *req, svc_response *res);

/* The same for a JSON request from code (tests, other adapters): svc_handle()
 * with method, path (a query string may stay on it), body, and
 * Content-Type: application/json. */
void svc_dispatch(const svc_context *ctx, const char *method, const char *path,
                  const char *body, size_t len, svc_response *res);

/* Parameter `name` of the request's query string (ctx->req), percent-
 * decoded into out (size bytes, NUL-terminated). Returns 1 if present and
 * it fits and decodes (no %00, no malformed escape), 0 if absent, -1 if
 * present but malformed or too long (out then holds ""). A name given
 * twice: the first wins. */
int svc_query_param(const svc_context *ctx, const char *name, char *out, size_t size);

/* Add a response header (value formatted like printf, cut to
 * SVC_HEADER_VALUE_MAX - 1 bytes, on a character boundary). A name already present is replaced.
 * Returns false, and adds nothing, when SVC_MAX_HEADERS are already set. */
bool svc_add_header(svc_response *res, const char *name, const char *value_fmt, ...)
    __attribute__((format(printf, 3, 4)));

/* The quality (0..1) the Accept header `accept` gives media type `type`
 * ("image/png"), as RFC 9110 section 12.5.1 reads it: the q of the most
 * specific range that matches (type/subtype, then type/star, then star/star),
 * 0 when none matches, 1 when there is no header (NULL or blank). Ranges
 * that do not parse, and q values that do not ("q=2", "q=0.1234"), are
 * ignored. Case-insensitive; parameters other than q are ignored. */
double svc_accept_q(const char *accept, const char *type);

void svc_response_free(svc_response *res);

/* A POST route: root is the request body, an object already checked whole
 * (grammar, UTF-8, no duplicate names, depth, number ranges) and indexed;
 * the handler reads its members with the decoders of service/wire/
 * decode.h, straight into engine structs, and fills res (svc_reply_jw or
 * svc_reply_problem). See service/routes/routes.h. */
typedef void svc_post_handler(const svc_context *ctx, jr_obj *root, svc_response *res);

/* A GET route. param is NULL for an exact route; for a prefix route it is
 * the rest of the path after the prefix, percent-decoded, never empty and
 * without NUL bytes (e.g. "BA/RCr" for /v1/tiles/BA%2FRCr). HEAD is
 * answered by the GET handler (the HTTP layer drops the body). */
typedef void svc_get_handler(const svc_context *ctx, const char *param, svc_response *res);

/* A POST route under a prefix: param as for svc_get_handler, root as for
 * svc_post_handler. */
typedef void svc_post_param_handler(const svc_context *ctx, const char *param,
                                    jr_obj *root, svc_response *res);

/* The text w holds becomes the response body (status 200 unless given);
 * w is empty afterwards. If w failed (out of memory), the answer is the
 * out-of-memory problem (503, Retry-After) instead: never a partial body. */
void svc_reply_jw(svc_response *res, int status, jw *w);

/* A POST route that reads the body itself (ctx->req->body, len; not
 * parsed, not checked) and answers in its own format: POST /mcp, whose
 * bad JSON is a JSON-RPC error, not a problem+json. */
typedef void svc_raw_handler(const svc_context *ctx, svc_response *res);

/* RFC 9457 problem+json from a cc_error: {type, title, status, detail,
 * pointer}, title and detail in the request's language (ctx->lang, kept in
 * res->lang). type is SVC_PROBLEM_BASE followed by the English title in
 * lower case, words joined by '-' (e.g. ".../problems/edges-do-not-match"),
 * so it is stable per kind of problem and the same in every language; a
 * status outside 400..599 becomes 500.
 * Running out of memory, anywhere: whoever notices fails with the problem
 * CC_MSG_P_OUT_OF_MEMORY (or, in code still worded in English, the title
 * SVC_OUT_OF_MEMORY; cc_error_out_of_memory() knows both; any status: the
 * engine's cc_error has no 503), and
 * the answer is 503 with Retry-After: SVC_RETRY_AFTER, the route's other
 * headers dropped. If even that answer cannot be allocated, a constant one
 * says the same. */
void svc_reply_problem(svc_response *res, const cc_error *err);

#define SVC_PROBLEM_BASE "https://carcassonne-rules.example/problems/"
#define SVC_OUT_OF_MEMORY CC_OUT_OF_MEMORY  /* the title that makes a 503 */
#define SVC_RETRY_AFTER 1                   /* seconds, on every 503 */

/* The same, from parts: a problem id and a detail id with its arguments
 * (service/text/problems.h, engine/text.h):
 *   return svc_problem(res, 422, "/x", SVC_P_NO_FEATURE_THERE, SVC_D_...,
 *                      CC_ARGS(CC_INT(X, x), CC_INT(Y, y)));
 * or CC_NO_ARGS. A detail that quotes client text fills a cc_error itself
 * (CC_FAIL with CC_QUOTE) and calls svc_reply_problem(). Always returns false. */
bool svc_problem(svc_response *res, int status, const char *pointer, int problem, int msg,
                 const cc_arg *args, size_t n) CC_COLD;

/* A problem about query parameter `param` (e.g. "lang", "width"): as
 * svc_problem() with pointer "" (a JSON Pointer points into the body, and
 * the query is not in the body) and an extension member "parameter":
 * param, which names it. Always returns false. */
bool svc_problem_param(svc_response *res, int status, const char *param, int problem, int msg,
                       const cc_arg *args, size_t n) CC_COLD;

/* The English form of svc_problem(): an English title and printf detail,
 * answered in English whatever the request's language (Content-Language:
 * en). For the HTTP layer's answers made before a request is read and the
 * command line's (service/http/, cli/). */
bool svc_fail(svc_response *res, int status, const char *pointer,
              const char *title, const char *detail_fmt, ...)
    __attribute__((format(printf, 5, 6))) CC_COLD;

/* A constant body (static storage, e.g. the embedded OpenAPI document):
 * neither copied nor freed. */
void svc_reply_static(svc_response *res, int status, const char *content_type,
                      const char *body, size_t len);

/* Copy client-supplied text (a path, an id) into out for quoting in a
 * problem detail: bytes outside printable ASCII become '?', and text longer
 * than fits ends in "...". Returns out. */
char *svc_printable(char *out, size_t size, const char *s);

/* Read the plain decimal number at the start of s: one or more digits, no
 * sign, blank or leading zero, at most max. *out its value, *end (if not
 * NULL) the byte after it. strtol would take " 1", "+1" and "01" for 1: a
 * different text read as the same number. */
bool svc_decimal(const char *s, long max, long *out, const char **end);

/* As for cc_fail() (engine/error.h): under the static analyzer only, say
 * that svc_fail() always returns false. */
#ifdef __clang_analyzer__
#define svc_fail(...) ({ svc_fail(__VA_ARGS__); false; })
#define svc_problem(...) ({ svc_problem(__VA_ARGS__); false; })
#define svc_problem_param(...) ({ svc_problem_param(__VA_ARGS__); false; })
#endif

#endif
