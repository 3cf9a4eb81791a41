/* test_loc.c -- locations: rotation, facing, corners, names, canonical order.
 *
 * The facts come from the position notation (docs/notation.md: locations,
 * rotation, where two tiles meet, corners). */
#include <stdlib.h>
#include <string.h>

#include "../../engine/loc.h"
#include "../support/testutil.h"

CC_SUITE(loc);

/* The contract's canonical order of locations (section 1), as names. */
static const char *const canonical[] = {
    "C", "N", "NNE", "ENE", "E", "ESE", "SSE", "S", "SSW", "WSW", "W", "WNW", "NNW",
    "#0", "#1", "#2", "#3", "#9", "#10", "#11", "#63",
};
#define NCANONICAL ((int)(sizeof canonical / sizeof canonical[0]))

static int ring_of(const char *name)
{
    cc_loc l;
    cr_assert(cc_loc_parse(name, &l), "cannot parse %s", name);
    cr_assert_eq(l.kind, CC_LOC_RING, "%s is not a ring position", name);
    return l.value;
}

static int dir_of(char c)
{
    return (int)(strchr("NESW", c) - "NESW");
}

/* Contract section 1: "With rot: 90 the catalog's north edge faces east." */
Test(loc, quarter_turn_moves_north_edge_to_east)
{
    cr_assert_eq(cc_ring_rotate(ring_of("N"), 1), ring_of("E"));
    cr_assert_eq(cc_ring_rotate(ring_of("E"), 1), ring_of("S"));
    cr_assert_eq(cc_ring_rotate(ring_of("S"), 1), ring_of("W"));
    cr_assert_eq(cc_ring_rotate(ring_of("W"), 1), ring_of("N"));
    cr_assert_eq(cc_dir_rotate(CC_DIR_N, 1), CC_DIR_E);
    cr_assert_eq(cc_dir_rotate(CC_DIR_W, 1), CC_DIR_N);
}

/* tiles.md section 2: a quarter turn maps NL->EL->SL->WL and NR->ER->SR->WR,
 * i.e. NNW->ENE->SSE->WSW and NNE->ESE->SSW->WNW in contract names. */
Test(loc, quarter_turn_moves_field_halves_clockwise)
{
    static const char *const chain_l[] = { "NNW", "ENE", "SSE", "WSW", "NNW" };
    static const char *const chain_r[] = { "NNE", "ESE", "SSW", "WNW", "NNE" };
    for (int i = 0; i < 4; i++) {
        cr_assert_eq(cc_ring_rotate(ring_of(chain_l[i]), 1), ring_of(chain_l[i + 1]),
                     "%s turned 90 should be %s", chain_l[i], chain_l[i + 1]);
        cr_assert_eq(cc_ring_rotate(ring_of(chain_r[i]), 1), ring_of(chain_r[i + 1]),
                     "%s turned 90 should be %s", chain_r[i], chain_r[i + 1]);
    }
}

/* Four quarter turns are the identity; q and q-4 and -(4-q) agree. */
Test(loc, rotation_is_periodic_and_accepts_negative_turns)
{
    for (int r = 0; r < CC_RING_SIZE; r++) {
        cr_assert_eq(cc_ring_rotate(r, 4), r);
        for (int q = 0; q < 4; q++) {
            cr_assert_eq(cc_ring_rotate(r, q), cc_ring_rotate(r, q - 4));
            cr_assert_eq(cc_ring_rotate(cc_ring_rotate(r, q), -q), r);
        }
    }
    for (int d = 0; d < 4; d++)
        for (int q = -5; q <= 5; q++) {
            int e = cc_dir_rotate(d, q);
            cr_assert(e >= 0 && e < 4);
            cr_assert_eq(cc_dir_rotate(e, -q), d);
        }
    cr_assert_eq(cc_corner_rotate(CC_CORNER_NE, 1), CC_CORNER_SE);
    cr_assert_eq(cc_corner_rotate(CC_CORNER_NW, 1), CC_CORNER_NE);
    cr_assert_eq(cc_corner_rotate(CC_CORNER_NE, -1), CC_CORNER_NW);
}

/* Every ring position belongs to one edge: the edge itself, or the edge whose
 * half it is (NNE and NNW are halves of N, ENE and ESE of E, ...). */
Test(loc, every_ring_position_belongs_to_its_edge)
{
    for (int r = 0; r < CC_RING_SIZE; r++) {
        char name[8];
        cc_loc_name(cc_loc_make(CC_LOC_RING, r), name);
        /* The edge is the first letter of a half's name ("NNE" -> N) and the
         * name itself for an edge. */
        cr_assert_eq(cc_dir_of_ring(r), dir_of(name[0]),
                     "%s belongs to edge %c, got direction %d", name, name[0], cc_dir_of_ring(r));
        cr_assert_eq(cc_ring_is_edge(r), strlen(name) == 1, "%s", name);
    }
    for (int d = 0; d < 4; d++) {
        cr_assert(cc_ring_is_edge(cc_ring_of_dir(d)));
        cr_assert_eq(cc_dir_of_ring(cc_ring_of_dir(d)), d);
    }
}

/* tiles.md section 1, "Matching across a shared edge": NL<->SR, NR<->SL,
 * EL<->WR, ER<->WL; in contract names NNW<->SSW, NNE<->SSE, ENE<->WNW,
 * ESE<->WSW; and edges meet the opposite edge. */
Test(loc, facing_pairs_match_the_notation_table)
{
    static const char *const pairs[][2] = {
        { "NNW", "SSW" }, { "NNE", "SSE" }, { "ENE", "WNW" }, { "ESE", "WSW" },
        { "N", "S" }, { "E", "W" },
    };
    for (size_t i = 0; i < sizeof pairs / sizeof pairs[0]; i++) {
        cr_assert_eq(cc_ring_facing(ring_of(pairs[i][0])), ring_of(pairs[i][1]),
                     "%s should face %s", pairs[i][0], pairs[i][1]);
        cr_assert_eq(cc_ring_facing(ring_of(pairs[i][1])), ring_of(pairs[i][0]),
                     "%s should face %s", pairs[i][1], pairs[i][0]);
    }
}

/* Facing is an involution onto the opposite edge, and commutes with turning
 * the board (the same border seen after a quarter turn). */
Test(loc, facing_lands_on_the_opposite_edge_and_commutes_with_rotation)
{
    for (int r = 0; r < CC_RING_SIZE; r++) {
        int f = cc_ring_facing(r);
        cr_assert_eq(cc_ring_facing(f), r);
        cr_assert_eq(cc_dir_of_ring(f), cc_dir_opposite(cc_dir_of_ring(r)), "ring %d", r);
        cr_assert_eq(cc_ring_is_edge(f), cc_ring_is_edge(r));
        for (int q = 0; q < 4; q++)
            cr_assert_eq(cc_ring_facing(cc_ring_rotate(r, q)), cc_ring_rotate(f, q));
    }
}

/* tiles.md section 1, "Corners": NW is bounded by WR+NL (WNW, NNW), NE by
 * NR+EL (NNE, ENE), SE by ER+SL (ESE, SSE), SW by SR+WL (SSW, WSW). */
Test(loc, corners_are_bounded_by_the_two_halves_that_touch_them)
{
    static const struct { int corner; const char *a, *b; } want[] = {
        { CC_CORNER_NE, "NNE", "ENE" }, { CC_CORNER_SE, "ESE", "SSE" },
        { CC_CORNER_SW, "SSW", "WSW" }, { CC_CORNER_NW, "WNW", "NNW" },
    };
    for (size_t i = 0; i < 4; i++) {
        cr_assert_eq(cc_corner_half_a(want[i].corner), ring_of(want[i].a));
        cr_assert_eq(cc_corner_half_b(want[i].corner), ring_of(want[i].b));
        /* The two halves lie on the two different edges meeting there. */
        cr_assert_neq(cc_dir_of_ring(cc_corner_half_a(want[i].corner)),
                      cc_dir_of_ring(cc_corner_half_b(want[i].corner)));
    }
    /* Turning the tile turns its corners with its halves. */
    for (int c = 0; c < 4; c++)
        for (int q = 0; q < 4; q++)
            cr_assert_eq(cc_corner_half_a(cc_corner_rotate(c, q)),
                         cc_ring_rotate(cc_corner_half_a(c), q));
}

/* Contract section 1: x grows east, y grows south. */
Test(loc, directions_step_with_y_growing_south)
{
    cr_assert_eq(cc_dir_dx[CC_DIR_N], 0);
    cr_assert_eq(cc_dir_dy[CC_DIR_N], -1);
    cr_assert_eq(cc_dir_dx[CC_DIR_E], 1);
    cr_assert_eq(cc_dir_dy[CC_DIR_E], 0);
    cr_assert_eq(cc_dir_dy[CC_DIR_S], 1);
    cr_assert_eq(cc_dir_dx[CC_DIR_W], -1);
    for (int d = 0; d < 4; d++) {
        int o = cc_dir_opposite(d);
        cr_assert_eq(cc_dir_dx[d] + cc_dir_dx[o], 0);
        cr_assert_eq(cc_dir_dy[d] + cc_dir_dy[o], 0);
    }
}

/* Every name the contract defines parses and prints back unchanged. */
Test(loc, every_contract_name_round_trips)
{
    static const char *const names[] = {
        "C", "N", "NNE", "ENE", "E", "ESE", "SSE", "S", "SSW", "WSW", "W", "WNW", "NNW",
        "NE", "SE", "SW", "NW", "#0", "#1", "#7", "#10", "#63",
    };
    for (size_t i = 0; i < sizeof names / sizeof names[0]; i++) {
        cc_loc l;
        char buf[8];
        cr_assert(cc_loc_parse(names[i], &l), "%s should parse", names[i]);
        cr_assert_str_eq(cc_loc_name(l, buf), names[i]);
    }
    for (int k = 0; k <= 63; k++) {
        cc_loc l, back;
        char buf[8];
        l = cc_loc_make(CC_LOC_FEATURE, k);
        cr_assert(cc_loc_parse(cc_loc_name(l, buf), &back));
        cr_assert(cc_loc_equal(l, back), "#%d", k);
    }
}

/* The location whose name cc_loc_name() writes as exactly text[0..len),
 * looked for among all 81 (the oracle for cc_loc_parse_n()). */
static bool named_by(const unsigned char *text, size_t len, cc_loc *out)
{
    cc_loc all[1 + CC_RING_SIZE + CC_NCORNERS + 64];
    int n = 0;
    all[n++] = cc_loc_make(CC_LOC_CENTRE, 0);
    for (int r = 0; r < CC_RING_SIZE; r++)
        all[n++] = cc_loc_make(CC_LOC_RING, r);
    for (int c = 0; c < CC_NCORNERS; c++)
        all[n++] = cc_loc_make(CC_LOC_CORNER, c);
    for (int k = 0; k < 64; k++)
        all[n++] = cc_loc_make(CC_LOC_FEATURE, k);
    for (int i = 0; i < n; i++) {
        char buf[8];
        const char *name = cc_loc_name(all[i], buf);
        if (strlen(name) == len && memcmp(name, text, len) == 0) {
            *out = all[i];
            return true;
        }
    }
    return false;
}

/* cc_loc_parse_n() (one probe of a table of the names, "#k" read in
 * place) takes exactly the texts cc_loc_name() writes: every text of up to
 * two bytes, every one of three over the names' bytes, digits, a NUL (a
 * text holding one names nothing, though its bytes before it may), a
 * quote and other bytes, and some of four. */
Test(loc, a_name_read_from_a_span_is_exactly_one_cc_loc_name_writes)
{
    static const unsigned char alphabet[] = { 0,   '"', 'C', 'N', 'E', 'S', 'W', '#', '0', '1', '2',
                                              '3', '4', '5', '6', '7', '8', '9', 'x', 0xC3 };
    const size_t na = sizeof alphabet;
    unsigned found = 0;
    for (size_t len = 0; len <= 3; len++) {
        size_t count = len == 3 ? na * na * na : (size_t)1 << (8 * len);
        for (size_t i = 0; i < count; i++) {
            unsigned char text[4] = { 0 };
            for (size_t b = 0, rest = i; b < len; b++) {
                text[b] = len == 3 ? alphabet[rest % na] : (unsigned char)(rest & 0xFF);
                rest = len == 3 ? rest / na : rest >> 8;
            }
            cc_loc got = cc_loc_make(CC_LOC_CENTRE, 0), want = got;
            bool ok = cc_loc_parse_n((const char *)text, len, &got);
            if (ok != named_by(text, len, &want) || (ok && !cc_loc_equal(got, want)))
                cr_expect_fail("%zu bytes %02x %02x %02x: parsed %d", len, text[0], text[1], text[2],
                               ok);
            found += ok;
        }
    }
    cr_expect_eq(found, 81u, "C, 12 on the ring, 4 corners, #0 to #63");
    static const char *const four[] = { "#100", "#063", "NNNE", "#64 " };
    for (size_t i = 0; i < sizeof four / sizeof four[0]; i++) {
        cc_loc l;
        cr_expect_not(cc_loc_parse_n(four[i], 4, &l), "%s", four[i]);
    }
}

Test(loc, names_outside_the_contract_are_rejected)
{
    static const char *const bad[] = {
        "", "c", "n", "X", "NN", "NNNE", "EN", "NEN", "C ", " N", "#", "#01", "#00",
        "#64", "#100", "#-1", "#1a", "#+1", "# 1", "1", "ne", "Centre",
    };
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        cc_loc l = cc_loc_make(CC_LOC_CENTRE, 0);
        cr_assert_not(cc_loc_parse(bad[i], &l), "\"%s\" should not parse", bad[i]);
    }
    cc_loc l;
    cr_assert_not(cc_loc_parse(NULL, &l));
}

/* Contract section 1: "C, N, NNE, ENE, E, ESE, SSE, S, SSW, WSW, W, WNW, NNW,
 * #0, #1, ...": the order is strict and #k sorts by number, not as text. */
Test(loc, canonical_order_is_the_contract_list)
{
    for (int i = 0; i < NCANONICAL; i++)
        for (int j = 0; j < NCANONICAL; j++) {
            cc_loc a, b;
            cr_assert(cc_loc_parse(canonical[i], &a));
            cr_assert(cc_loc_parse(canonical[j], &b));
            int c = cc_loc_compare(a, b);
            if (i < j)
                cr_assert_lt(c, 0, "%s should sort before %s", canonical[i], canonical[j]);
            else if (i > j)
                cr_assert_gt(c, 0, "%s should sort after %s", canonical[i], canonical[j]);
            else
                cr_assert_eq(c, 0);
        }
}

static int compare_locs(const void *a, const void *b)
{
    return cc_loc_compare(*(const cc_loc *)a, *(const cc_loc *)b);
}

/* Sorting a shuffled list with cc_loc_compare gives the contract's order. */
Test(loc, sorting_with_compare_restores_canonical_order)
{
    cc_loc locs[NCANONICAL];
    for (int i = 0; i < NCANONICAL; i++)
        cr_assert(cc_loc_parse(canonical[(i * 5 + 3) % NCANONICAL], &locs[i]));
    qsort(locs, NCANONICAL, sizeof locs[0], compare_locs);
    for (int i = 0; i < NCANONICAL; i++) {
        char buf[8];
        cr_assert_str_eq(cc_loc_name(locs[i], buf), canonical[i]);
    }
}
