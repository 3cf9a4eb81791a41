/* test_jcz_loc.c -- the saved games' location names (service/jcz/jcz_loc.h).
 *
 * Every feature of every catalog tile, in every rotation, gets a name that
 * reads back as that feature: the export writes these names and the import
 * reads them. The names themselves follow the apps' vocabulary (an edge
 * union has one name, field halves are dotted in a fixed order, inner
 * places are roman numerals). */
#include <string.h>

#include "../../../service/jcz/jcz_loc.h"
#include "../../support/testutil.h"

CC_SUITE(jcz_loc);

Test(jcz_loc, every_feature_of_every_tile_reads_back_in_every_rotation)
{
    const cc_catalog *cat = tu_catalog();
    int checked = 0;
    for (int t = 0; t < cat->ntypes; t++)
        for (int rot = 0; rot < 4; rot++)
            for (int k = 0; k < cat->types[t].nfeatures; k++) {
                char name[48];
                jcz_loc loc;
                jcz_feature_location(&cat->types[t], rot, k, name, sizeof name);
                cr_assert(jcz_loc_parse(name, &loc), "%s #%d: \"%s\"", cat->types[t].id, k, name);
                const char *cls = jcz_feature_class_name((cc_feature_type)cat->types[t].features[k].type);
                int back = jcz_feature_k(&cat->types[t], rot, jcz_feature_class(cls), &loc);
                cr_assert_eq(back, k, "%s rot %d #%d named %s %s reads back as #%d",
                             cat->types[t].id, rot, k, cls, name, back);
                checked++;
            }
    cr_assert_gt(checked, 500);
}

static const char *name_of(const char *tile, int rot, int k)
{
    static char name[48];
    const cc_catalog *cat = tu_catalog();
    jcz_feature_location(&cat->types[cc_catalog_find(cat, tile)], rot, k, name, sizeof name);
    return name;
}

/* The names the apps write for the start tile BA/RCr (road E-W, city N)
 * and the 3-sided city of BA/CccR turned 270 (the apps' "_E"). */
Test(jcz_loc, names_are_the_apps_names)
{
    cr_assert_str_eq(name_of("BA/RCr", 0, 0), "WE");
    cr_assert_str_eq(name_of("BA/RCr", 0, 1), "N");
    cr_assert_str_eq(name_of("BA/RCr", 0, 2), "EL.WR");
    cr_assert_str_eq(name_of("BA/RCr", 0, 3), "ER.SL.SR.WL");
    cr_assert_str_eq(name_of("BA/RCr", 1, 1), "E");
    cr_assert_str_eq(name_of("BA/RCr", 1, 0), "NS");
    cr_assert_str_eq(name_of("BA/CccR", 3, 1), "_E");
    cr_assert_str_eq(name_of("BA/L", 0, 0), "I");
    cr_assert_str_eq(name_of("AM/CCcc+", 0, 2), "I");
    cr_assert_str_eq(name_of("AM/CCcc+", 0, 3), "II");
    cr_assert_str_eq(name_of("AM/C++", 0, 0), "NWSE");
}

Test(jcz_loc, what_is_not_a_location)
{
    static const char *const bad[] = {
        "", ".", "N.", ".N", "NL..NR", "N.NL", "I.II", "II.N", "X", "nl", "NWSEX", "V",
    };
    jcz_loc loc;
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++)
        cr_assert_not(jcz_loc_parse(bad[i], &loc), "\"%s\" parsed", bad[i]);
    cr_assert(jcz_loc_parse("N.E", &loc));
    cr_assert_not(loc.field);
    cr_assert(jcz_loc_parse("WR.NL", &loc));
    cr_assert(loc.field);
    cr_assert_eq(jcz_feature_class("Tower"), 0);
}
