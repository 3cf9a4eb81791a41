/* fuzz_http1.c -- libFuzzer harness: a client's byte stream -> request
 * framing (service/http/http1.c), read after read as a connection reads it
 * (fuzz_http1.h). Abort on a broken invariant, so it is a finding. */
#include <stdint.h>
#include <stdlib.h>

#include "fuzz_http1.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (!fuzz_http1_input(data, size))
        abort();
    return 0;
}
