/* test_suggest.c -- cc_catalog_suggest (engine/catalog.h): the tile ids a
 * mistaken one probably means (issue 17: "base.d", "D" and JCloisterZone's
 * short "RCr" all mean base.D; the long "BA/RCr" is an alias already). */
#include <criterion/criterion.h>
#include <string.h>

#include "../support/testutil.h"

CC_SUITE(suggest);

static void expect_only(const char *name, const char *want)
{
    int out[CC_SUGGESTIONS];
    int n = cc_catalog_suggest(tu_catalog(), name, out, CC_SUGGESTIONS);
    cr_assert_eq(n, 1, "%s: %d suggestions", name, n);
    cr_expect_str_eq(tu_catalog()->types[out[0]].id, want, "%s", name);
}

Test(suggest, the_same_id_in_another_case)
{
    expect_only("base.d", "base.D");
    expect_only("BASE.D", "base.D");
}

Test(suggest, the_part_after_the_set)
{
    expect_only("D", "base.D");
}

Test(suggest, jcloisterzones_short_name_without_its_set)
{
    expect_only("RCr", "base.D");
    cr_assert_eq(cc_catalog_find(tu_catalog(), "BA/RCr"), cc_catalog_find(tu_catalog(), "base.D"),
                 "the long alias is a name already, not a suggestion");
}

Test(suggest, a_typo_within_two_edits)
{
    expect_only("base.DD", "base.D");
}

Test(suggest, nothing_close_suggests_nothing)
{
    int out[CC_SUGGESTIONS];
    cr_expect_eq(cc_catalog_suggest(tu_catalog(), "zzz", out, CC_SUGGESTIONS), 0);
    cr_expect_eq(cc_catalog_suggest(tu_catalog(), "", out, CC_SUGGESTIONS), 0);
    cr_expect_eq(cc_catalog_suggest(tu_catalog(), "base.D", out, 0), 0, "max 0: none");
}

Test(suggest, never_more_than_asked)
{
    int out[2];
    /* "base.A" is two edits from many base ids. */
    int n = cc_catalog_suggest(tu_catalog(), "base.AAA", out, 2);
    cr_expect_leq(n, 2);
}
