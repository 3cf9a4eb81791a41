/* fuzz_reader_diff.c -- libFuzzer harness: the request reader against its
 * oracle.
 *
 * Owns nothing but the harness. Each input is a request body read twice:
 * by the service's reader (service/wire/json_reader.c + decode.c: one
 * strict pass, values read in place) and by the decoder it replaced (a
 * strict parser into a json-c tree and readers over it, kept in
 * tests/support/oracle_*.c). fuzz/reader_diff.h says what must agree:
 * accept or refuse, the error byte for byte, the position struct, every
 * reader a route calls. Any difference aborts, so libFuzzer keeps the
 * input as a finding. */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

#include "fuzz_catalog.h"
#include "reader_diff.h"

static cc_catalog catalog;

int LLVMFuzzerInitialize(int *argc, char ***argv)
{
    (void)argc;
    (void)argv;
    fuzz_load_catalog(&catalog, "fuzz_reader_diff");
    return 0;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    char why[1024];
    if (reader_diff(&catalog, data, size, why, sizeof why) != NULL) {
        fprintf(stderr, "the readers differ: %s\n", why);
        abort();
    }
    return 0;
}
