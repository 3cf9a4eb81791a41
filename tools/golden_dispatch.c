/* golden_dispatch.c -- record the service's answer to every saved fuzz input.
 *
 * Owns: writing tests/golden/dispatch.digest (make golden): one line per
 * file of the sets in tests/support/golden.h, in a stable order (set, then
 * file name), each the digest of svc_dispatch()'s answer. The unit test
 * tests/service/routes/test_golden.c recomputes every line and requires
 * the same. Run from the repository root; prints to stdout. */
#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../service/catalog/catalog_db.h"
#include "../tests/support/golden.h"

static int skip_hidden(const struct dirent *e)
{
    return e->d_name[0] != '.';
}

int main(void)
{
    static cc_catalog cat;
    char why[256];
    if (!catalog_load_default(&cat, why, sizeof why)) {
        fprintf(stderr, "golden_dispatch: cannot load the catalog: %s\n", why);
        return 1;
    }
    static const char yaml[] = "openapi: 3.1.0\n";
    static const char html[] = "<!doctype html><title>docs</title>";
    svc_context ctx = {
        .cat = &cat,
        .openapi_yaml = yaml, .openapi_len = sizeof yaml - 1,
        .docs_html = html, .docs_len = sizeof html - 1,
    };
    int status = 0;
    for (size_t s = 0; s < golden_nsets; s++) {
        struct dirent **names;
        int n = scandir(golden_sets[s].dir, &names, skip_hidden, alphasort);
        if (n < 0) {
            fprintf(stderr, "golden_dispatch: cannot read %s\n", golden_sets[s].dir);
            return 1;
        }
        for (int i = 0; i < n; i++) {
            char path[1024], line[GOLDEN_LINE_MAX];
            snprintf(path, sizeof path, "%s/%s", golden_sets[s].dir, names[i]->d_name);
            size_t size;
            uint8_t *data = golden_read_file(path, &size);
            if (data == NULL) {
                fprintf(stderr, "golden_dispatch: cannot read %s\n", path);
                status = 1;
            } else {
                golden_line(&ctx, &golden_sets[s], names[i]->d_name, data, size, line,
                            sizeof line);
                puts(line);
                free(data);
            }
            free(names[i]);
        }
        free(names);
    }
    catalog_free(&cat);
    return status;
}
