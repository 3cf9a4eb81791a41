/* fuzz_catalog.h -- the tile catalog every harness loads once.
 *
 * Owns: loading the embedded default catalog in LLVMFuzzerInitialize (which
 * libFuzzer calls before the first input), so a harness that cannot have
 * its catalog stops at once, naming itself, instead of fuzzing nothing.
 *
 *   fuzz_load_catalog(cat, harness)   load into *cat or abort
 */
#ifndef FUZZ_CATALOG_H
#define FUZZ_CATALOG_H

#include <stdio.h>
#include <stdlib.h>

#include "../service/catalog/catalog_db.h"

static inline void fuzz_load_catalog(cc_catalog *cat, const char *harness)
{
    char why[256];
    if (!catalog_load_default(cat, why, sizeof why)) {
        fprintf(stderr, "%s: cannot load the catalog: %s\n", harness, why);
        abort();
    }
}

#endif
