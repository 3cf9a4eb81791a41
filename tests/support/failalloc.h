/* failalloc.h -- a fault-injecting allocator for the tests (SQLite's way:
 * fail the Nth allocation, for N = 1, 2, 3, ... until the operation
 * succeeds without noticing).
 *
 * Owns: __wrap_malloc, __wrap_calloc, __wrap_realloc, __wrap_strdup and
 * __wrap_strndup. The unit-test binary is linked with
 * -Wl,--wrap=malloc,--wrap=calloc,... (Makefile, FAILALLOC_WRAP), so every
 * call to those functions from an object of ours (engine/, service/,
 * tests/) comes here; while nothing is armed each one just calls the real
 * function. Calls made inside shared libraries (libc's
 * own qsort or stdio buffers, json-c, SQLite, cairo, libpng, fontconfig)
 * are not redirected: the linker rewrites only the references in the
 * objects it links, so those libraries' allocations never fail here.
 *
 * State is per process (Criterion runs each test in its own), and plain:
 * the tests that arm it are single-threaded.
 *
 *   fa_arm(n, persistent)   from now on, count allocations and fail the nth
 *                           (1-based); persistent: the nth and every later
 *                           one (memory stays exhausted), else the nth only.
 *                           n = 0: count, fail none
 *   fa_disarm()             stop failing and counting; the count stays
 *   fa_count()              allocations made since fa_arm()
 *   fa_failed()             allocations failed since fa_arm()
 */
#ifndef FAILALLOC_H
#define FAILALLOC_H

#include <stdbool.h>

void fa_arm(long n, bool persistent);
void fa_disarm(void);
long fa_count(void);
long fa_failed(void);

#endif
