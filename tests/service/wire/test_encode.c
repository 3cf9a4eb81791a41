/* test_encode.c -- service/wire/encode.h: answers' small shapes written in
 * place are the same bytes the writer's general calls write.
 *
 * enc_placements() (the placements /v1/placements answers, each
 * {"x", "y", "rot"} with rot in degrees) writes a cell's {"x":..,"y":..
 * once and copies it for the cell's next rotations, in one fixed copy of
 * sixteen bytes when it fits there; these tests hold it to the text
 * jw_object/jw_member_int write, for cells on both sides of that size. */
#include <stdlib.h>
#include <string.h>

#include "../../../engine/placement.h"
#include "../../../service/wire/encode.h"
#include "../../../service/wire/json_writer.h"
#include "../../support/testutil.h"

CC_SUITE(encode);

/* The placements as the writer's general calls write them. */
static char *general_text(const cc_placement *list, int n)
{
    jw w;
    jw_init(&w);
    jw_array(&w);
    for (int i = 0; i < n; i++) {
        jw_object(&w);
        jw_member_int(&w, "x", list[i].x);
        jw_member_int(&w, "y", list[i].y);
        jw_member_int(&w, "rot", list[i].rot * 90);
        jw_object_end(&w);
    }
    jw_array_end(&w);
    size_t len;
    return jw_take(&w, &len);
}

static void expect_as_general(const cc_placement *list, int n)
{
    jw w;
    jw_init(&w);
    enc_placements(&w, list, n);
    size_t len;
    char *got = jw_take(&w, &len);
    char *want = general_text(list, n);
    cr_assert_not_null(got);
    cr_assert_not_null(want);
    cr_expect_str_eq(got, want);
    cr_expect_eq(len, strlen(want));
    cr_expect_leq(len, enc_placements_max(n), "%zu bytes, room for %zu", len, enc_placements_max(n));
    free(got);
    free(want);
}

Test(encode, placements_repeat_a_cell_for_each_rotation_as_the_writer_spells_it)
{
    const cc_placement list[] = {
        { 0, 0, 0 }, { 0, 0, 1 }, { 0, 0, 2 }, { 0, 0, 3 },         /* short cell, every turn */
        { -12, -34, 1 }, { -12, -34, 3 },                           /* 16 bytes: the fixed copy */
        { -123, -45, 0 }, { -123, -45, 2 },                         /* 17 bytes: the exact copy */
        { -2147483647, 2147483647, 0 }, { -2147483647, 2147483647, 3 },
        { 5, -7, 2 }, { 7, 5, 2 }, { 7, 5, 0 },                     /* a new cell, same turn */
    };
    expect_as_general(list, (int)(sizeof list / sizeof list[0]));
}

Test(encode, no_placements_is_an_empty_list)
{
    jw w;
    jw_init(&w);
    enc_placements(&w, NULL, 0);
    size_t len;
    char *got = jw_take(&w, &len);
    cr_assert_str_eq(got, "[]");
    free(got);
}

Test(encode, placements_inside_an_answer_take_the_comma_before_them)
{
    const cc_placement list[] = { { 1, 2, 1 }, { 1, 2, 2 } };
    jw w;
    jw_init(&w);
    jw_object(&w);
    jw_member_string(&w, "tile", "base.D");
    jw_key(&w, "placements");
    enc_placements(&w, list, 2);
    jw_member_int(&w, "after", 1);
    jw_object_end(&w);
    size_t len;
    char *got = jw_take(&w, &len);
    cr_assert_str_eq(got, "{\"tile\":\"base.D\",\"placements\":[{\"x\":1,\"y\":2,\"rot\":90},"
                          "{\"x\":1,\"y\":2,\"rot\":180}],\"after\":1}");
    free(got);
}
