/* route_problems.c -- GET /problems and GET /problems/{slug}: the
 * documentation of every problem type, served by the service itself.
 *
 * Why: a problem's `type` is SVC_PROBLEM_BASE + slug, and RFC 9457 asks
 * that a type URI, dereferenced, documents the problem. The page is
 * docs/problems.md (generated from the service's own answers by
 * tools/problems-doc.mjs), embedded at build time like the OpenAPI
 * document; /problems/{slug} serves the section of that type, so the type
 * URI's path resolves on whatever host serves the service.
 *
 * The page is markdown served as text/plain (browsers show it as text;
 * text/markdown makes most of them download it). */
#include <string.h>

#include "../assets.h"
#include "routes.h"

static const char page_type[] = "text/plain; charset=utf-8";

void route_problems(const svc_context *ctx, const char *param, svc_response *res)
{
    (void)ctx;
    (void)param;
    svc_reply_static(res, 200, page_type, (const char *)problems_md, problems_md_len);
    svc_add_header(res, "Content-Language", "en");   /* the page is English only */
}

/* The section "### slug" up to the next heading of level 2 or 3, or the
 * end of the page; NULL when there is none. */
static const char *find_section(const char *page, size_t len, const char *slug, size_t *out_len)
{
    size_t n = strlen(slug);
    const char *end = page + len;
    for (const char *p = page; p + 5 + n <= end; p++) {
        if (!(p == page || p[-1] == '\n') || memcmp(p, "### ", 4) != 0 ||
            memcmp(p + 4, slug, n) != 0 || (p + 4 + n < end && p[4 + n] != '\n'))
            continue;
        const char *q = p + 4 + n;
        while (q < end && !(q[-1] == '\n' && q + 3 <= end && memcmp(q, "##", 2) == 0))
            q++;
        *out_len = (size_t)(q - p);
        return p;
    }
    return NULL;
}

void route_problem(const svc_context *ctx, const char *param, svc_response *res)
{
    (void)ctx;
    size_t n = 0;
    /* Slugs are lower-case words joined by '-': anything else names none. */
    bool slug = param[0] != '\0' && strlen(param) < 80;
    for (const char *c = param; slug && *c; c++)
        slug = (*c >= 'a' && *c <= 'z') || (*c >= '0' && *c <= '9') || *c == '-';
    const char *s = slug ? find_section((const char *)problems_md, problems_md_len, param, &n) : NULL;
    if (s == NULL) {
        char shown[100];
        cc_error err;
        CC_FAIL(&err, 404, "", SVC_P_UNKNOWN_ROUTE, SVC_D_NO_SUCH_PROBLEM,
                CC_QUOTE(ID, cc_error_quote(&err, 0, svc_printable(shown, sizeof shown, param))));
        svc_reply_problem(res, &err);
        return;
    }
    svc_reply_static(res, 200, page_type, s, n);
    svc_add_header(res, "Content-Language", "en");
}
