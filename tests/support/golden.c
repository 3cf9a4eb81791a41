/* golden.c -- see golden.h. */
#include "golden.h"

#include <stdio.h>
#include <stdlib.h>

#include "../../fuzz/fuzz_routes.h"

const golden_set golden_sets[] = {
    { "tests/golden/requests", GOLDEN_DISPATCH },
    { "fuzz/corpus/dispatch", GOLDEN_DISPATCH },
    { "fuzz/regressions/dispatch", GOLDEN_DISPATCH },
    { "fuzz/corpus/decode", GOLDEN_VALIDATE },
    { "fuzz/regressions/decode", GOLDEN_VALIDATE },
    { "fuzz/corpus/mcp", GOLDEN_MCP },
    { "fuzz/regressions/mcp", GOLDEN_MCP },
};
const size_t golden_nsets = sizeof golden_sets / sizeof golden_sets[0];

static uint64_t fnv1a64(const char *p, size_t n)
{
    uint64_t h = 14695981039346656037ull;
    for (size_t i = 0; i < n; i++)
        h = (h ^ (unsigned char)p[i]) * 1099511628211ull;
    return h;
}

void golden_line(const svc_context *ctx, const golden_set *set, const char *name,
                 const uint8_t *data, size_t size, char *out, size_t cap)
{
    svc_response res;
    if (set->kind == GOLDEN_VALIDATE)
        svc_dispatch(ctx, "POST", "/v1/validate", (const char *)data, size, &res);
    else if (set->kind == GOLDEN_MCP)
        svc_dispatch(ctx, "POST", "/mcp", (const char *)data, size, &res);
    else if (size > 0)
        fuzz_dispatch_input(ctx, data, size, &res);
    else
        svc_dispatch(ctx, "GET", "", NULL, 0, &res);
    const char *body = res.body ? res.body : res.static_body;
    snprintf(out, cap, "%s/%s %d %s %zu %016llx", set->dir, name, res.status,
             res.content_type ? res.content_type : "-", res.len,
             (unsigned long long)fnv1a64(body ? body : "", body ? res.len : 0));
    svc_response_free(&res);
}

uint8_t *golden_read_file(const char *path, size_t *size)
{
    FILE *fp = fopen(path, "rb");
    if (fp == NULL)
        return NULL;
    uint8_t *buf = NULL;
    long n = -1;
    if (fseek(fp, 0, SEEK_END) == 0 && (n = ftell(fp)) >= 0 && fseek(fp, 0, SEEK_SET) == 0)
        buf = malloc((size_t)n + 1);
    if (buf != NULL && fread(buf, 1, (size_t)n, fp) != (size_t)n) {
        free(buf);
        buf = NULL;
    }
    fclose(fp);
    if (buf != NULL)
        *size = (size_t)n;
    return buf;
}
