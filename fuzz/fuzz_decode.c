/* fuzz_decode.c -- libFuzzer harness: request bytes -> decoder -> validator.
 *
 * Owns nothing but the harness. Feeds arbitrary bytes to dec_parse() and,
 * when they parse, the body to dec_position() and the decoded position to
 * cc_validate(): the path every POST route takes before its question. The
 * contract (section 4) says no input may crash, hang or leak; ASan, UBSan
 * and LeakSanitizer turn any such input into a finding.
 *
 * The catalog is loaded once (libFuzzer calls LLVMFuzzerInitialize first);
 * the board and features are large, so they live on the heap for the whole
 * run and are rebuilt by every input. */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

#include "../engine/validate.h"
#include "fuzz_catalog.h"
#include "../service/wire/decode.h"

static cc_catalog catalog;
static cc_board *board;
static cc_features *features;
static cc_position *position;

int LLVMFuzzerInitialize(int *argc, char ***argv)
{
    (void)argc;
    (void)argv;
    fuzz_load_catalog(&catalog, "fuzz_decode");
    board = malloc(sizeof *board);
    features = malloc(sizeof *features);
    position = malloc(sizeof *position);
    if (!board || !features || !position)
        abort();
    return 0;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    static dec_lanes lanes;   /* static: the harness's stack stays small */
    jr_doc doc;
    jr_obj root;
    cc_error err;
    dec_lanes_init(&lanes, &catalog);
    if (dec_parse((const char *)data, size, &lanes, &doc, &root, &err) &&
        dec_position(&root, &catalog, position, &err))
        (void)cc_validate(position, &catalog, board, features, &err);
    jr_doc_free(&doc);
    return 0;
}
