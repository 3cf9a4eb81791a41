/* error.h -- how the engine says "no": a status, a JSON Pointer, a sentence.
 *
 * Owns: cc_error, filled by any engine function that can reject its input.
 * The caller owns the struct (usually on its stack); the engine writes into
 * it only when it fails, so a caller may reuse one cc_error across calls.
 * The pointer is relative to the request body (e.g. "/position/tiles/3/rot"):
 * the engine's input structs mirror the contract's JSON, so the engine can
 * name the member itself and the service only copies it into problem+json.
 */
#ifndef CC_ERROR_H
#define CC_ERROR_H

#include <stdbool.h>

#define CC_POINTER_MAX 160
#define CC_DETAIL_MAX 320

typedef enum {
    CC_OK = 0,
    CC_ERR_BAD_REQUEST = 400,    /* malformed: wrong type, unknown member, range */
    CC_ERR_NOT_FOUND = 404,
    CC_ERR_IMPOSSIBLE = 422      /* well-formed but physically impossible */
} cc_status;

/* The title of every failure to allocate, whoever notices it (the status
 * it carries does not matter): the service answers it 503 with
 * Retry-After, since asking again later may well succeed. */
#define CC_OUT_OF_MEMORY "Out of memory"

typedef struct {
    cc_status status;
    char pointer[CC_POINTER_MAX];   /* JSON Pointer into the request body */
    char title[80];                 /* short, fixed per kind of problem */
    char detail[CC_DETAIL_MAX];     /* what exactly is wrong, for a person */
} cc_error;

/* Fill err (if not NULL) and return false, so callers can write
 * `return cc_fail(err, 422, "/position/tiles/2", "Edges do not match", "...")`.
 * pointer and detail are printf formats sharing the same argument list is
 * awkward, so pointer is a plain string and detail a format. */
bool cc_fail(cc_error *err, cc_status status, const char *pointer,
             const char *title, const char *detail_fmt, ...)
    __attribute__((format(printf, 5, 6)));

/* The static analyzer (make lint) does not follow a call into another file
 * or into a variadic function, so it cannot know that cc_fail() always
 * returns false and reports `return cc_fail(...)` paths as returning true
 * with outputs unset. Under analysis only, say so. */
#ifdef __clang_analyzer__
#define cc_fail(...) ({ cc_fail(__VA_ARGS__); false; })
#endif

#endif
