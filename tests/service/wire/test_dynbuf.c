/* test_dynbuf.c -- the bounded body buffer (service/wire/dynbuf.h): it grows up
 * to its limit, refuses cleanly past it, and stays usable. The limit is what
 * makes the service's 413 (docs/problems.md, body-too-large) safe for bodies that
 * arrive without a Content-Length. */
#include <string.h>

#include "../../../service/wire/dynbuf.h"
#include "../../support/testutil.h"

CC_SUITE(dynbuf);

/* A buffer that was never written holds nothing and allocates nothing. */
Test(dynbuf, starts_empty_without_allocating)
{
    dbuf b;
    dbuf_init(&b, 100);
    cr_assert_null(dbuf_ptr(&b));
    cr_assert_eq(dbuf_len(&b), 0);
    cr_assert(dbuf_add(&b, "", 0), "adding nothing always fits");
    cr_assert_null(dbuf_ptr(&b));
    dbuf_free(&b);
}

/* Pieces append in order and the text stays NUL-terminated, so the JSON
 * parser can read it as a string. */
Test(dynbuf, pieces_append_in_order_and_stay_terminated)
{
    dbuf b;
    dbuf_init(&b, 100);
    cr_assert(dbuf_add(&b, "{\"a\":", 5));
    cr_assert(dbuf_add(&b, "1}", 2));
    cr_assert_eq(dbuf_len(&b), 7);
    cr_assert_str_eq(dbuf_ptr(&b), "{\"a\":1}");
    dbuf_free(&b);
}

/* Exactly the limit fits; one byte more does not, and the refused append
 * leaves the buffer as it was. */
Test(dynbuf, the_limit_fits_one_byte_more_is_refused_and_changes_nothing)
{
    enum { LIMIT = 5000 };
    static char chunk[LIMIT + 1];
    memset(chunk, 'x', sizeof chunk);
    dbuf b;
    dbuf_init(&b, LIMIT);
    cr_assert(dbuf_add(&b, chunk, LIMIT - 1));
    cr_assert_not(dbuf_add(&b, chunk, 2), "past the limit");
    cr_assert_eq(dbuf_len(&b), LIMIT - 1, "a refused append changes nothing");
    cr_assert(dbuf_add(&b, chunk, 1), "the last byte up to the limit still fits");
    cr_assert_eq(dbuf_len(&b), LIMIT);
    cr_assert_eq(dbuf_ptr(&b)[LIMIT], '\0');
    cr_assert_not(dbuf_add(&b, chunk, 1));
    dbuf_free(&b);
}

/* A huge size must not wrap round the limit check. */
Test(dynbuf, a_huge_size_is_refused_without_overflow)
{
    dbuf b;
    dbuf_init(&b, 64);
    cr_assert(dbuf_add(&b, "abc", 3));
    cr_assert_not(dbuf_add(&b, "x", (size_t)-1));
    cr_assert_not(dbuf_add(&b, "x", (size_t)-3));
    cr_assert_eq(dbuf_len(&b), 3);
    dbuf_free(&b);
}

/* After dbuf_free the buffer is empty, keeps its limit, and is reusable. */
Test(dynbuf, free_empties_and_keeps_the_limit)
{
    dbuf b;
    dbuf_init(&b, 8);
    cr_assert(dbuf_add(&b, "12345678", 8));
    dbuf_free(&b);
    cr_assert_null(dbuf_ptr(&b));
    cr_assert_eq(dbuf_len(&b), 0);
    cr_assert_not(dbuf_add(&b, "123456789", 9));
    cr_assert(dbuf_add(&b, "12345678", 8));
    dbuf_free(&b);
}
