/* golden.h -- the service's answers to every saved fuzz input, one line each.
 *
 * Owns: the digest the golden test compares (tests/service/routes/
 * test_golden.c) and `make golden` records (tools/golden_dispatch.c), so
 * both compute it the same way. The inputs are the committed fuzz corpora
 * and regressions, and tests/golden/requests (every request the unit,
 * e2e and contract tests sent when it was collected, in the dispatch
 * harness's format), replayed through svc_dispatch() without sockets:
 *   tests/golden/requests                as fuzz/fuzz_routes.h picks the route
 *   fuzz/{corpus,regressions}/dispatch   the same
 *   fuzz/{corpus,regressions}/decode     the whole file as POST /v1/validate
 *   fuzz/{corpus,regressions}/mcp        the whole file as POST /mcp (one MCP
 *                                        message: every tool through its route)
 * Several thousand requests: every route, every kind of bad input.
 *
 * A line: "SET/FILE STATUS CONTENT-TYPE LENGTH HASH", HASH the 64-bit
 * FNV-1a of the body in hex. Byte-identical answers give identical lines.
 *
 *   golden_sets[]                  the directories, relative to the repository
 *   golden_line(ctx, set, name, data, size, out, cap)  one input's line
 *   golden_read_file(path, &size)  a whole file (malloc'ed; NULL on error)
 */
#ifndef GOLDEN_H
#define GOLDEN_H

#include <stddef.h>
#include <stdint.h>

#include "../../service/service.h"

typedef enum { GOLDEN_DISPATCH, GOLDEN_VALIDATE, GOLDEN_MCP } golden_kind;

typedef struct {
    const char *dir;
    golden_kind kind;
} golden_set;

extern const golden_set golden_sets[];
extern const size_t golden_nsets;

#define GOLDEN_LINE_MAX 1400

/* The digest line of one input (set is golden_sets[i].dir, name the file's
 * name); writes at most cap bytes to out, no newline. */
void golden_line(const svc_context *ctx, const golden_set *set, const char *name,
                 const uint8_t *data, size_t size, char *out, size_t cap);

uint8_t *golden_read_file(const char *path, size_t *size);

#endif
