/* keysort.h -- sorting plain 64-bit keys.
 *
 * Owns: the sort behind answers listed in a canonical order (legal
 * placements by cell, features by name). Callers pack what they order by
 * into one integer, most significant first, and sort the integers: a
 * merge sort of plain comparisons costs a fifth of qsort()'s calls
 * through a comparison function on the lists answers hold (a hundred to
 * a few hundred entries).
 *
 *   cc_keysort(keys, n)   sort keys[0..n) ascending (n <= CC_KEYSORT_MAX)
 */
#ifndef CC_KEYSORT_H
#define CC_KEYSORT_H

#include <stdint.h>

#define CC_KEYSORT_MAX 2048   /* >= CC_MAX_PARTS features; the spare half is 16 KB of stack */

void cc_keysort(uint64_t *keys, int n);

#endif
