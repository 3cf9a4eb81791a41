/* error.h -- how the engine says "no": a status, a JSON Pointer, and what is
 * wrong as a message id with its arguments (never as words).
 *
 * Owns: cc_error, filled by any function that can reject its input. The
 * caller owns the struct (usually on its stack); a function writes into it
 * only when it fails, so a caller may reuse one cc_error across calls.
 * The pointer is relative to the request body (e.g. "/position/tiles/3/rot"):
 * the engine's input structs mirror the request's JSON, so the engine can
 * name the member itself and the service only copies it into problem+json.
 *
 * Two ways to fill it:
 *   CC_FAIL(err, status, pointer, P, D, args...)   the engine's: the kind of
 *       problem P (a CC_MSG_P_* id: its title and type) and the detail D (a
 *       CC_MSG_D_* id) with its arguments (engine/text.h). The service words
 *       them in the request's language (service/text/).
 *       The service's own problems (its decoder, routes, .jcz reader and
 *       writer) use CC_FAIL too, with ids of service/text/problems.h, which
 *       continue the engine's past CC_MSG_COUNT. The engine uses CC_FAIL only: no
 *       file of engine/ words a problem.
 *   cc_fail(err, status, pointer, title, format, ...)   English only: an
 *       English title and a printf format, both static strings; `detail`
 *       holds it formatted. The answer says Content-Language: en. Left for
 *       the problems that are not message ids (see README, "Languages":
 *       the HTTP layer's, made before a request's language is known, and
 *       the command line's, through svc_fail) and for the tests' oracle
 *       decoder.
 */
#ifndef CC_ERROR_H
#define CC_ERROR_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "text.h"

/* A failure is the rare path of a question: a function marked so is called
 * out of line, and the compiler moves the code that prepares each call
 * away from the code around it, so the code a valid question runs is
 * packed into fewer cache lines (a placements question ran through 48 KB
 * of code; issue 37, round 5). */
#define CC_COLD __attribute__((cold))

#define CC_POINTER_MAX 160
#define CC_DETAIL_MAX 320
#define CC_QUOTES 3               /* client strings a detail quotes */
#define CC_QUOTE_MAX CC_DETAIL_MAX
#define CC_SUGGESTIONS 5          /* tile ids an unknown-id problem suggests */
#define CC_PLACES 12              /* features a no-such-location problem lists */

typedef enum {
    CC_OK = 0,
    CC_ERR_BAD_REQUEST = 400,    /* malformed: wrong type, unknown member, range */
    CC_ERR_NOT_FOUND = 404,
    CC_ERR_IMPOSSIBLE = 422      /* well-formed but physically impossible */
} cc_status;

/* One feature of a placed tile and where it may be named: "#k", C, or the
 * ring positions it owns as placed (bit r: ring position r, engine/loc.h). */
typedef struct {
    uint8_t type;             /* cc_feature_type */
    uint8_t index;            /* k of "#k" */
    bool centre;              /* stands at C */
    uint16_t ring_mask;       /* as placed, rotation applied */
} cc_place;

/* The title of every failure to allocate, whoever notices it (the status
 * it carries does not matter): the service answers it 503 with
 * Retry-After, since asking again later may well succeed. */
#define CC_OUT_OF_MEMORY "Out of memory"

typedef struct {
    cc_status status;
    char pointer[CC_POINTER_MAX];
    /* The engine's problem (problem >= 0). */
    int problem;                         /* a CC_MSG_P_* or SVC_P_* id; -1: English (cc_fail) */
    cc_text text;                        /* the detail: a CC_MSG_D_* id and its arguments */
    char quote[CC_QUOTES][CC_QUOTE_MAX]; /* client strings the detail quotes (CC_ARG_QUOTE,
                                            CC_ARG_LIST) */
    /* An English-only problem (problem == -1, cc_fail). */
    const char *title;                   /* English, static */
    const char *format;                  /* English printf format, static */
    char detail[CC_DETAIL_MAX];          /* the format filled, in English */
    /* Members the problem adds beside its detail (RFC 9457 extensions),
     * as data: the service words them and writes them out. */
    int nsuggestions;                    /* "suggestions": tile ids a mistaken one may mean */
    const char *suggestions[CC_SUGGESTIONS];  /* static (the catalog's ids) */
    int nplaces;                         /* "locations": the tile's features as placed */
    cc_place places[CC_PLACES];
} cc_error;

/* Whether err says memory ran out, whoever noticed it: the problem
 * CC_MSG_P_OUT_OF_MEMORY (the engine's or the service's, whatever its
 * detail), or an English problem (cc_fail) titled CC_OUT_OF_MEMORY.
 * The service answers either 503 with Retry-After. */
bool cc_error_out_of_memory(const cc_error *err);

/* The engine's failure: fill err (if not NULL) with problem and the detail
 * msg with args, and return false, so callers can write
 * `return CC_FAIL(err, 422, ptr, CC_MSG_P_EDGES_DO_NOT_MATCH, CC_MSG_D_EDGES_DO_NOT_MATCH, ...)`. */
bool cc_fail_text(cc_error *err, cc_status status, const char *pointer, int problem, int msg,
                  const cc_arg *args, size_t n) CC_COLD;
#define CC_FAIL(err, status, pointer, problem, msg, ...)                                   \
    cc_fail_text((err), (status), (pointer), (problem), (msg), (const cc_arg[]){ __VA_ARGS__ }, \
                 sizeof((const cc_arg[]){ __VA_ARGS__ }) / sizeof(cc_arg))
#define CC_FAIL0(err, status, pointer, problem, msg)                                      \
    cc_fail_text((err), (status), (pointer), (problem), (msg), NULL, 0)

/* The arguments of a detail as the pair (array, count) that the service's
 * failure helpers take: helper(err, ..., CC_ARGS(CC_INT(BYTE, 3))), or
 * CC_NO_ARGS. */
#define CC_ARGS(...) (const cc_arg[]){ __VA_ARGS__ }, sizeof((const cc_arg[]){ __VA_ARGS__ }) / sizeof(cc_arg)
#define CC_NO_ARGS NULL, 0

/* Copy client text s into quote slot i of err (cut to CC_QUOTE_MAX - 1
 * bytes, never inside a UTF-8 character) and return i, for a CC_QUOTE()
 * argument: CC_FAIL(err, ..., CC_QUOTE(PLAYER, cc_error_quote(err, 0, name))). */
int cc_error_quote(cc_error *err, int i, const char *s);

/* Drop the last character of s if it is cut short (a UTF-8 lead byte
 * without all its continuation bytes): what a text that was valid UTF-8
 * becomes after snprintf() cut it to a buffer is valid again. Every
 * answer is valid UTF-8, so every place that cuts text calls this. */
void cc_utf8_trim(char *s);

/* The service's failure (see the header comment); always returns false.
 * title and detail_fmt must be static strings. */
bool cc_fail(cc_error *err, cc_status status, const char *pointer,
             const char *title, const char *detail_fmt, ...)
    __attribute__((format(printf, 5, 6))) CC_COLD;

/* The same with a va_list. */
#include <stdarg.h>
bool cc_failv(cc_error *err, cc_status status, const char *pointer, const char *title,
              const char *detail_fmt, va_list ap) __attribute__((format(printf, 5, 0))) CC_COLD;

/* The static analyzer (make lint) does not follow a call into another file
 * or into a variadic function, so it cannot know that the fail functions
 * always return false and reports `return cc_fail(...)` paths as returning
 * true with outputs unset. Under analysis only, say so. */
#ifdef __clang_analyzer__
#define cc_fail(...) ({ cc_fail(__VA_ARGS__); false; })
#define cc_fail_text(...) ({ cc_fail_text(__VA_ARGS__); false; })
#endif

#endif
