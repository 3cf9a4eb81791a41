/* carcassonne_rules.h -- libcarcassonne-rules: the rules service in-process.
 *
 * The one public header of the library. Two ways in:
 *
 * 1. JSON in, JSON out: crl_ask() answers one request exactly as the HTTP
 *    service answers it (the same dispatcher, the same routes, the same
 *    bytes), without a server:
 *
 *        char *answer;
 *        size_t len;
 *        const char *type;
 *        int status = crl_ask("POST", "/v1/placements", body, strlen(body),
 *                             &answer, &len, &type);
 *        ... status 200, type "application/json", answer the JSON text ...
 *        crl_free(answer);
 *
 *    Every route of the service's OpenAPI document is there (GET
 *    /openapi.yaml serves the document itself). Problems come back as
 *    their application/problem+json with a 4xx status.
 *
 * 2. Structs: the engine's C API, for callers that hold positions as C
 *    data: the cc_* types and functions below (position, catalog, board,
 *    features, placements, deployments, wagons, barns, scoring, whole
 *    turns, Messages, the rule catalog, random games). crl_catalog() hands
 *    out the tile catalog built into the library. Each section keeps the
 *    comment of the engine header it comes from: it says what the section
 *    owns, what it reads and what the caller owns.
 *
 * Threads: every function may be called from any number of threads at
 * once. The library's only state is the built-in catalog, loaded once on
 * first use and never changed, with the fonts pictures are drawn in
 * (fontconfig's configuration), loaded with it and released at exit
 * (atexit), so that a program checked by LeakSanitizer exits clean after
 * drawing; not while another thread is inside crl_ask() (then they stay).
 * A cc_game (random games) belongs to one thread at a time.
 *
 * Ownership: crl_ask()'s answer is the caller's, released with crl_free()
 * (the one free function of the JSON side). Engine structs are plain data
 * owned by whoever declares them; the few engine functions that allocate
 * say so (cc_game_new / cc_game_free).
 *
 * Building: `pkg-config --cflags --libs carcassonne-rules` (add --static
 * to link libcarcassonne-rules.a). C11.
 *
 * Versions: CRL_VERSION is the package version; the shared library's
 * soname (libcarcassonne-rules.so.CRL_SOVERSION) changes whenever a struct
 * below changes its layout or a function its signature, so a program
 * built against one soname keeps working with every library of that soname.
 *
 * In the source tree the engine's sections are #include lines of the
 * headers in engine/; the installed header is this file with them inlined
 * (tools/flatten-header.sh), so it needs nothing but the C library.
 */
#ifndef CARCASSONNE_RULES_H
#define CARCASSONNE_RULES_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/* ==== the engine's C API (from engine/) ==================================== */

#include "../engine/error.h"
#include "../engine/loc.h"
#include "../engine/catalog.h"
#include "../engine/position.h"
#include "../engine/board.h"
#include "../engine/features.h"
#include "../engine/validate.h"
#include "../engine/placement.h"
#include "../engine/deploy.h"
#include "../engine/barn.h"
#include "../engine/wagon.h"
#include "../engine/scoring.h"
#include "../engine/turn.h"
#include "../engine/messages.h"
#include "../engine/rules.h"
#include "../engine/rng.h"
#include "../engine/random_game.h"

/* ==== the library ============================================================ */

#define CRL_VERSION "0.1.0"
#define CRL_SOVERSION 0

/* The library's version, CRL_VERSION of the build (a static string). */
const char *crl_version(void);

/* Answer one request as the service does. method ("GET", "POST", ...) and
 * path (the request target; a query string may stay on it, "/v1/tiles?x=1")
 * are NUL-terminated; body holds body_len bytes (any bytes; NULL with 0 for
 * none). Returns the HTTP status (200, 400, 404, 405, 413, 422, ...).
 * *answer receives the answer's body, NUL-terminated, *answer_len its
 * length without the NUL, *content_type its media type ("application/json",
 * "application/problem+json", ...; a static string, never freed).
 * answer_len and content_type may be NULL. The caller releases *answer with
 * crl_free(); it is NULL only when memory ran out (status 503). */
int crl_ask(const char *method, const char *path, const char *body, size_t body_len,
            char **answer, size_t *answer_len, const char **content_type);

/* Release what crl_ask() returned. NULL is fine. */
void crl_free(void *p);

/* The tile catalog built into the library, for the engine's functions
 * (immutable, shared, never freed), or NULL when memory ran out loading it. */
const cc_catalog *crl_catalog(void);

#ifdef __cplusplus
}
#endif

#endif
