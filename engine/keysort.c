/* keysort.c -- see keysort.h. Bottom-up merge sort: runs of 1, 2, 4 ...
 * merged back and forth between keys and a spare array. */
#include "keysort.h"

#include <string.h>

void cc_keysort(uint64_t *keys, int n)
{
    uint64_t spare[CC_KEYSORT_MAX];
    uint64_t *from = keys, *to = spare;
    for (int width = 1; width < n; width *= 2) {
        for (int lo = 0; lo < n; lo += 2 * width) {
            int mid = lo + width < n ? lo + width : n;
            int hi = lo + 2 * width < n ? lo + 2 * width : n;
            int i = lo, j = mid, k = lo;
            while (i < mid && j < hi)
                to[k++] = from[j] < from[i] ? from[j++] : from[i++];
            while (i < mid)
                to[k++] = from[i++];
            while (j < hi)
                to[k++] = from[j++];
        }
        uint64_t *swap = from;
        from = to;
        to = swap;
    }
    if (from != keys)
        memcpy(keys, from, sizeof keys[0] * (size_t)n);
}
