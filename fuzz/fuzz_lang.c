/* fuzz_lang.c -- libFuzzer harness: the Accept-Language reader, the lang=
 * check and the dispatcher's choice of language (fuzz/fuzz_lang.h says
 * the input's format and what is checked). No catalog is needed: the route
 * asked (/healthz) reads none. */
#include <stddef.h>
#include <stdint.h>

#include "fuzz_lang.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    fuzz_lang_one(data, size);
    return 0;
}
