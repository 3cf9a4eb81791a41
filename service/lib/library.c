/* library.c -- libcarcassonne-rules' own functions (include/carcassonne_rules.h).
 *
 * Owns: the library's one piece of state, the built-in catalog with the
 * dispatcher context around it (loaded once, on first use, under
 * pthread_once, and never changed: so every call may run on any thread),
 * with the fonts pictures need loaded beside it and released at exit,
 * and crl_ask(), which hands a request to the same dispatcher as the HTTP
 * server (svc_handle) and gives the caller a copy of the answer to keep.
 *
 * Contents: the context; crl_version, crl_ask, crl_free, crl_catalog.
 */
#include "../../include/carcassonne_rules.h"

#include <pthread.h>
#include <stdatomic.h>
#include <stdlib.h>
#include <string.h>

#include "../assets.h"
#include "../catalog/catalog_db.h"
#include "../render/render.h"
#include "../service.h"

/* ---- the context ----------------------------------------------------------------- */

static pthread_once_t context_once = PTHREAD_ONCE_INIT;
static cc_catalog catalog;
static svc_context context;
static bool context_ready;
static atomic_int asking;        /* crl_ask() calls under way */

/* At exit: release what pictures load, as the server does before it
 * exits, so that a client's own leak check (LeakSanitizer runs at exit)
 * finds nothing of ours. fontconfig keeps part of its configuration where
 * no leak checker sees it, so without FcFini() the first picture drawn
 * reads as a leak of about 1 KB (issue 35). Registered with atexit() on
 * first use, later than a sanitizer registers its exit check, so it runs
 * before that check (atexit handlers run last registered first). Not while another thread is still asking: then the
 * process ends with the caches in place, as before. The catalog stays
 * (crl_catalog() hands it out; it is reachable, not a leak). */
static void release_pictures(void)
{
    if (atomic_load(&asking) == 0)
        rd_release_caches();
}

/* Load the built-in catalog and the pictures' fonts (pthread_once:
 * exactly once per process), as the server does at start:
 * the fonts are fontconfig's configuration, loaded here while memory is
 * plentiful rather than by whichever call draws first. The catalog stays
 * loaded for the process's life: the library has no "close", so a caller
 * can never use a freed catalog. */
static void load_context(void)
{
    char err[256];
    if (!catalog_load_default(&catalog, err, sizeof err))
        return;
    rd_fonts_load();                  /* false: a picture draws its text anyway */
    context = (svc_context){
        .cat = &catalog,
        .openapi_yaml = (const char *)openapi_yaml, .openapi_len = openapi_yaml_len,
        .docs_html = (const char *)docs_html, .docs_len = docs_html_len,
        .explore_html = (const char *)explore_html, .explore_len = explore_html_len,
    };
    context_ready = true;
    atexit(release_pictures);
}

static const svc_context *the_context(void)
{
    pthread_once(&context_once, load_context);
    return context_ready ? &context : NULL;
}

/* ---- the public functions ----------------------------------------------------------- */

const char *crl_version(void)
{
    return CRL_VERSION;
}

/* A malloc'ed, NUL-terminated copy of n bytes, or NULL. */
static char *copy_bytes(const char *s, size_t n)
{
    char *c = malloc(n + 1);
    if (c == NULL)
        return NULL;
    if (n > 0)
        memcpy(c, s, n);
    c[n] = '\0';
    return c;
}

int crl_ask(const char *method, const char *path, const char *body, size_t body_len,
            char **answer, size_t *answer_len, const char **content_type)
{
    static const char no_memory[] =
        "{\"type\":\"" SVC_PROBLEM_BASE "out-of-memory\",\"title\":\"Out of memory\","
        "\"status\":503,\"detail\":\"The library could not load its tile catalog (out of memory).\",\"pointer\":\"\"}";
    atomic_fetch_add(&asking, 1);
    const svc_context *ctx = the_context();
    svc_response res;
    memset(&res, 0, sizeof res);
    const char *out = no_memory;
    size_t len = sizeof no_memory - 1;
    int status = 503;
    const char *type = "application/problem+json";
    if (ctx != NULL) {
        /* The body is JSON (this API's contract), so it says so: the
         * dispatcher answers 415 to a body not declared JSON. */
        svc_request req = { .method = method, .path = path, .body = body, .len = body_len,
                            .content_type = "application/json" };
        svc_handle(ctx, &req, &res);
        out = res.body ? res.body : res.static_body;
        len = out ? res.len : 0;
        status = res.status;
        type = res.content_type;
    }
    /* The answer is the caller's: a copy, so that a static body (the
     * OpenAPI document) and a built one are released alike. */
    *answer = copy_bytes(out ? out : "", len);
    if (*answer == NULL) {
        status = 503;
        len = 0;
    }
    if (answer_len != NULL)
        *answer_len = len;
    if (content_type != NULL)
        *content_type = type;
    svc_response_free(&res);
    atomic_fetch_sub(&asking, 1);
    return status;
}

void crl_free(void *p)
{
    free(p);
}

const cc_catalog *crl_catalog(void)
{
    const svc_context *ctx = the_context();
    return ctx ? ctx->cat : NULL;
}
