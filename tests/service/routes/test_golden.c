/* test_golden.c -- every answer the service gave before stays the same.
 *
 * tests/golden/dispatch.digest holds, for every committed fuzz input (the
 * corpora and regressions of fuzz/: several thousand requests on every
 * route, valid and hostile), the digest of the service's answer: status,
 * content type, length and a hash of the body (tests/support/golden.h).
 * This test recomputes each line through svc_dispatch() and requires it
 * unchanged, so a change meant to be invisible (a new decoder, a new
 * writer) is proved invisible, byte for byte. The e2e answers are compared
 * as whole files by tools/golden-e2e.sh (make contract).
 *
 * An answer changed on purpose: `make golden` rewrites the digest (and the
 * e2e files); commit them with the change. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../../support/golden.h"
#include "../../support/testutil.h"

CC_SUITE(golden);

#define DIGEST "tests/golden/dispatch.digest"

static const golden_set *set_of(const char *path, const char **name)
{
    for (size_t s = 0; s < golden_nsets; s++) {
        size_t n = strlen(golden_sets[s].dir);
        if (strncmp(path, golden_sets[s].dir, n) == 0 && path[n] == '/') {
            *name = path + n + 1;
            return &golden_sets[s];
        }
    }
    return NULL;
}

Test(golden, every_saved_request_gets_the_recorded_answer)
{
    FILE *fp = fopen(DIGEST, "r");
    cr_assert_not_null(fp, "no %s (run from the repository root; make golden writes it)", DIGEST);
    static const char yaml[] = "openapi: 3.1.0\n";
    static const char html[] = "<!doctype html><title>docs</title>";
    svc_context ctx = {
        .cat = tu_catalog(),
        .openapi_yaml = yaml, .openapi_len = sizeof yaml - 1,
        .docs_html = html, .docs_len = sizeof html - 1,
    };
    char want[GOLDEN_LINE_MAX + 2], got[GOLDEN_LINE_MAX];
    int lines = 0, differ = 0;
    while (fgets(want, sizeof want, fp) != NULL) {
        want[strcspn(want, "\n")] = '\0';
        char path[1024];
        snprintf(path, sizeof path, "%.*s", (int)strcspn(want, " "), want);
        const char *name = NULL;
        const golden_set *set = set_of(path, &name);
        cr_assert_not_null(set, "line %d names no known set: %s", lines + 1, want);
        size_t size;
        uint8_t *data = golden_read_file(path, &size);
        cr_assert_not_null(data, "%s is in the digest but missing: run make golden", path);
        golden_line(&ctx, set, name, data, size, got, sizeof got);
        free(data);
        lines++;
        if (strcmp(want, got) != 0 && ++differ <= 20)
            cr_log_error("answer changed:\n  golden %s\n  now    %s", want, got);
    }
    fclose(fp);
    cr_expect_gt(lines, 1000, "the digest holds only %d answers", lines);
    cr_expect_eq(differ, 0, "%d of %d answers differ from %s", differ, lines, DIGEST);
}
