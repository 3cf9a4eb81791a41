/* test_reader_diff.c -- the request reader agrees with its oracle on every
 * saved input.
 *
 * fuzz/fuzz_reader_diff.c fuzzes the service's reader (service/wire/
 * json_reader.c, decode.c) against the decoder it replaced (kept in
 * tests/support/oracle_*.c): same accept or refuse, same error byte for
 * byte, same position struct, same answer from every reader a route calls
 * (fuzz/reader_diff.h). Here the same comparison runs on every body the
 * repository keeps: the fuzz corpora and regressions (decode, dispatch and
 * reader_diff; dispatch inputs without their route byte), the golden
 * requests, and hand-made cases at the edges the oracle and the reader
 * handle differently inside (escaped names, long names, numbers at the
 * end of the text, the 1e-330 underflow). */
#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../../../fuzz/reader_diff.h"
#include "../../support/golden.h"
#include "../../support/lanes.h"
#include "../../support/testutil.h"

CC_SUITE(reader_diff);

/* Every file of dir (skip: bytes dropped from the front of each). */
static int replay(const char *dir, size_t skip, int *differ)
{
    DIR *d = opendir(dir);
    if (d == NULL)
        return 0;
    int n = 0;
    struct dirent *e;
    while ((e = readdir(d)) != NULL) {
        if (e->d_name[0] == '.')
            continue;
        char path[1024], why[1024];
        snprintf(path, sizeof path, "%s/%s", dir, e->d_name);
        size_t size;
        uint8_t *data = golden_read_file(path, &size);
        cr_assert_not_null(data, "cannot read %s", path);
        if (size >= skip) {
            n++;
            if (reader_diff(tu_catalog(), data + skip, size - skip, why, sizeof why) != NULL &&
                ++*differ <= 20)
                cr_log_error("%s: %s", path, why);
        }
        free(data);
    }
    closedir(d);
    return n;
}

Test(reader_diff, every_saved_body_reads_the_same_with_the_oracle)
{
    static const struct { const char *dir; size_t skip; } sets[] = {
        { "fuzz/corpus/decode", 0 },       { "fuzz/regressions/decode", 0 },
        { "fuzz/corpus/reader_diff", 0 },  { "fuzz/regressions/reader_diff", 0 },
        { "fuzz/corpus/dispatch", 1 },     { "fuzz/regressions/dispatch", 1 },
        { "tests/golden/requests", 1 },
    };
    int n = 0, differ = 0;
    for (size_t i = 0; i < sizeof sets / sizeof sets[0]; i++)
        n += replay(sets[i].dir, sets[i].skip, &differ);
    cr_expect_gt(n, 2000, "only %d bodies replayed (run from the repository root)", n);
    cr_expect_eq(differ, 0, "%d of %d bodies read differently", differ, n);
}

/* Bodies at the corners where the two differ inside: each must read the
 * same on both sides. */
Test(reader_diff, edge_cases_read_the_same_with_the_oracle)
{
    static const char *const bodies[] = {
        "{\"x\":1e-330}", "{\"x\":-1e-330}", "{\"x\":0.0e-999}", "{\"x\":1e2}", "{\"x\":-0}",
        "{\"x\":1000.0}", "{\"x\":1e19}", "{\"x\":-1e300}", "{\"x\":5e-324}",
        "{\"y\":90.5}", "{\"y\":300}", "{\"y\":1e400}",
        "{\"\\u0078\":3}", "{\"x\":1,\"\\u0078\":2}", "{\"a\\/b\":1}",
        "{\"at\":\"N\\u0000\"}", "{\"at\":\"\\u004e\"}", "{\"at\":\"NE\"}",
        "{\"action\":\"gr\\u006fw\"}", "{\"tile\":\"base.\\u0044\"}", "{\"tile\":7}",
        "{\"position\":{\"players\":[\"a\",\"b\"],\"tiles\":[{\"tile\":\"base.D\",\"x\":0,\"y\":0,\"rot\":0}],"
        "\"figures\":[{\"player\":\"a\",\"kind\":\"meeple\",\"x\":0,\"y\":0,\"at\":\"N\"}]},"
        "\"deployed\":{\"player\":\"\\u0061\",\"kind\":\"shepherd\",\"x\":0,\"y\":0,\"at\":\"NNE\",\"token\":\"wolf\\u0000x\"}}",
        "{\"position\":{\"players\":[\"a\",\"b\"],\"tiles\":[{\"tile\":\"base.D\",\"x\":0,\"y\":0,\"rot\":0.0}],"
        "\"figures\":[{\"player\":\"a\",\"kind\":\"meeple\",\"x\":0,\"y\":0,\"at\":\"\\u004e\"}]}}",
        "{\"position\":{\"players\":[\"a\",\"b\"],\"tiles\":[{\"tile\":\"base.D\",\"x\":0,\"y\":0,\"rot\":1e-330}],\"figures\":[]}}",
        "{\"position\":{\"players\":[\"a\",\"b\"],\"scores\":{\"\\u0061\":3,\"b\":1e1},\"tiles\":[],\"figures\":[]}}",
        "{\"x\":1.5", "{\"x\":12345678901234567890123456789012345678901234567890123456789012345.5",
        "{\"k0\":0,\"k1\":1,\"k2\":2,\"k3\":3,\"k4\":4,\"k5\":5,\"k6\":6,\"k7\":7,\"k8\":8,\"k9\":9,"
        "\"ka\":0,\"kb\":1,\"kc\":2,\"kd\":3,\"ke\":4,\"kf\":5,\"kg\":6,\"k\\u0030\":7}",
    };
    for (size_t i = 0; i < sizeof bodies / sizeof bodies[0]; i++) {
        char why[1024];
        const char *diff = reader_diff(tu_catalog(), (const uint8_t *)bodies[i],
                                       strlen(bodies[i]), why, sizeof why);
        cr_expect_null(diff, "body %zu %s: %s", i, bodies[i], diff ? diff : "");
    }
}

/* A figure in the contract's member order is read by the lane when its
 * array is one the lane takes (decode_lane.c), and straight from its spans when
 * the lane declines the array (decode.c, figure_packed: here, because the
 * array's first figure has an escape in its kind); both ways, at each of its edges
 * it must read as the oracle reads it: kinds that are a prefix, an
 * extension or an escape of a kind's name, locations of no or four bytes,
 * numbers past the bounds. */
Test(reader_diff, figures_in_contract_order_read_the_same_with_the_oracle)
{
    static const char *const figures[] = {
        "{\"player\":\"a\",\"kind\":\"meeple\",\"x\":0,\"y\":0,\"at\":\"N\"}",
        "{\"player\":\"b\",\"kind\":\"wagon\",\"x\":-0,\"y\":0,\"at\":\"#0\"}",
        "{\"player\":\"a\",\"kind\":\"meepl\",\"x\":0,\"y\":0,\"at\":\"N\"}",
        "{\"player\":\"a\",\"kind\":\"meeplex\",\"x\":0,\"y\":0,\"at\":\"N\"}",
        "{\"player\":\"a\",\"kind\":\"MEEPLE\",\"x\":0,\"y\":0,\"at\":\"N\"}",
        "{\"player\":\"a\",\"kind\":\"me\\u0065ple\",\"x\":0,\"y\":0,\"at\":\"N\"}",
        "{\"player\":\"a\",\"kind\":\"\",\"x\":0,\"y\":0,\"at\":\"N\"}",
        "{\"player\":\"a\",\"kind\":\"barn\",\"x\":0,\"y\":0,\"at\":\"SE\"}",
        "{\"player\":\"a\",\"kind\":\"meeple\",\"x\":0,\"y\":0,\"at\":\"\"}",
        "{\"player\":\"a\",\"kind\":\"meeple\",\"x\":0,\"y\":0,\"at\":\"NNEE\"}",
        "{\"player\":\"a\",\"kind\":\"meeple\",\"x\":0,\"y\":0,\"at\":\"\\u004e\"}",
        "{\"player\":\"a\",\"kind\":\"meeple\",\"x\":0,\"y\":0,\"at\":7}",
        "{\"player\":\"c\",\"kind\":\"meeple\",\"x\":0,\"y\":0,\"at\":\"N\"}",
        "{\"player\":\"\\u0061\",\"kind\":\"meeple\",\"x\":0,\"y\":0,\"at\":\"N\"}",
        "{\"player\":\"a\",\"kind\":\"meeple\",\"x\":1001,\"y\":0,\"at\":\"N\"}",
        "{\"player\":\"a\",\"kind\":\"meeple\",\"x\":0,\"y\":-1000,\"at\":\"N\"}",
        "{\"player\":\"a\",\"kind\":\"meeple\",\"x\":0,\"y\":1000000,\"at\":\"N\"}",
        "{\"player\":\"a\",\"kind\":\"meeple\",\"x\":0.0,\"y\":0,\"at\":\"N\"}",
        "{\"player\":\"a\",\"kind\":\"shepherd\",\"x\":0,\"y\":0,\"at\":\"SSW\"}",
        "{\"player\":\"a\",\"kind\":\"meeple\",\"x\":0,\"y\":0,\"hat\":\"N\"}",
    };
    static const char declined[] =
        "{\"player\":\"a\",\"kind\":\"meepl\\u0065\",\"x\":0,\"y\":0,\"at\":\"N\"},";
    for (size_t i = 0; i < sizeof figures / sizeof figures[0]; i++)
        for (int packed = 0; packed <= 1; packed++) {
            char body[512], why[1024];
            snprintf(body, sizeof body,
                     "{\"position\":{\"players\":[\"a\",\"b\"],\"tiles\":[{\"tile\":\"base.D\","
                     "\"x\":0,\"y\":0,\"rot\":0}],\"figures\":[%s%s,%s]}}",
                     packed ? declined : "", figures[i], figures[i]);
            if (packed)
                cr_assert_not(tu_lane_took(body, "figures"), "the lane took %s", body);
            const char *diff = reader_diff(tu_catalog(), (const uint8_t *)body, strlen(body), why,
                                           sizeof why);
            cr_expect_null(diff, "figure %zu %s (%s): %s", i, figures[i],
                           packed ? "from its spans" : "by the lane", diff ? diff : "");
        }
}

/* compact with ws after each '{', '[', ',' and ':', before the first byte
 * and after the last (into out, of room bytes). */
static void spaced(char *out, size_t room, const char *compact, const char *ws)
{
    size_t n = (size_t)snprintf(out, room, "%s", ws);
    for (const char *c = compact; *c && n < room; c++) {
        out[n++] = *c;
        if (strchr("{[,:", *c) != NULL)
            n += (size_t)snprintf(out + n, room - n, "%s", ws);
    }
    if (n < room)
        snprintf(out + n, room - n, "%s", ws);
    out[room - 1] = '\0';
}

/* Whitespace is stepped over eight spaces at a time (jr_skip_ws, issue 37):
 * runs of every length from 0 to 19, after a line feed or not, with tabs
 * and carriage returns, ending anywhere against the end of the text, must
 * read as the oracle reads them; and a byte that is not JSON's whitespace
 * (form feed, vertical tab, NUL, a no-break space) at any place of a run is
 * refused at the same byte with the same error, by the pass and by the lane. */
Test(reader_diff, whitespace_runs_of_every_length_read_the_same_with_the_oracle)
{
    static const char compact[] =
        "{\"position\":{\"players\":[\"a\",\"b\"],\"scores\":{\"a\":3,\"b\":1},"
        "\"tiles\":[{\"tile\":\"base.D\",\"x\":0,\"y\":0,\"rot\":0},"
        "{\"tile\":\"base.U\",\"x\":0,\"y\":1,\"rot\":90}],"
        "\"figures\":[{\"player\":\"a\",\"kind\":\"meeple\",\"x\":0,\"y\":0,\"at\":\"N\"},"
        "{\"player\":\"b\",\"kind\":\"shepherd\",\"x\":0,\"y\":1,\"at\":\"W\",\"flock\":[1,4]}]},"
        "\"tile\":\"base.E\"}";
    static const char *const leads[] = { "", "\n", "\r\n", "\t", " \t", "\n\t" };
    static const char *const strays[] = { "\f", "\v", "\x01", "\xc2\xa0" };
    char ws[64], body[4096], why[1024];
    int n = 0;
    for (size_t l = 0; l < sizeof leads / sizeof leads[0]; l++)
        for (int spaces = 0; spaces < 20; spaces++) {
            for (int stray = -1; stray < (int)(sizeof strays / sizeof strays[0]); stray++) {
                /* The stray byte stands at each place of the run in turn. */
                for (int at = 0; at <= (stray < 0 ? 0 : spaces); at++) {
                    int len = snprintf(ws, sizeof ws, "%s%*s", leads[l], at, "");
                    if (stray >= 0)
                        len += snprintf(ws + len, sizeof ws - (size_t)len, "%s", strays[stray]);
                    snprintf(ws + len, sizeof ws - (size_t)len, "%*s",
                             stray < 0 ? spaces : spaces - at, "");
                    spaced(body, sizeof body, compact, ws);
                    const char *diff = reader_diff(tu_catalog(), (const uint8_t *)body,
                                                   strlen(body), why, sizeof why);
                    cr_expect_null(diff, "lead %zu, %d spaces, stray %d at %d: %s", l, spaces,
                                   stray, at, diff ? diff : "");
                    n++;
                }
            }
        }
    cr_expect_gt(n, 1000);
}

/* The lane expects each element laid out as the one before it (issue 37,
 * decode_lane.c): whitespace at any place of the second tile or figure
 * (after '{', ',' and ':', before '}', ',' and ':', Python's single space,
 * a pretty-printer's line and indentation, a tab) reads as the oracle
 * reads it, the lane still taking both arrays; and a byte that is not
 * JSON's whitespace at any of those places is refused as the oracle
 * refuses it. */
Test(reader_diff, whitespace_anywhere_in_a_later_element_reads_the_same_with_the_oracle)
{
    static const char *const tiles[] = {
        "{\"tile\":\"base.D\",\"x\":0,\"y\":0,\"rot\":0}",
        "{\"tile\":\"base.U\",\"x\":0,\"y\":1,\"rot\":90}",
        "{\"tile\":\"abbey-mayor.abbey\",\"x\":1,\"y\":0,\"rot\":0,\"player\":\"b\"}",
    };
    static const char *const figures[] = {
        "{\"player\":\"a\",\"kind\":\"meeple\",\"x\":0,\"y\":0,\"at\":\"N\"}",
        "{\"player\":\"b\",\"kind\":\"shepherd\",\"x\":0,\"y\":1,\"at\":\"W\",\"flock\":[1,4]}",
        "{\"player\":\"b\",\"kind\":\"meeple\",\"x\":0,\"y\":1,\"at\":\"E\"}",
    };
    static const char *const spaces[] = { " ", "\n        ", "\t", "\r\n", "\v", "\xc2\xa0" };
    int n = 0;
    for (int which = 0; which < 2; which++) {
        const char *const *list = which == 0 ? tiles : figures;
        const char *second = list[1];
        for (size_t at = 1; second[at] != '\0'; at++) {
            char before = second[at - 1], here = second[at];
            if (strchr("{,:[", before) == NULL && strchr("},:]", here) == NULL)
                continue;
            for (size_t s = 0; s < sizeof spaces / sizeof spaces[0]; s++) {
                char element[256], body[1024], why[1024];
                snprintf(element, sizeof element, "%.*s%s%s", (int)at, second, spaces[s],
                         second + at);
                const char *const *t = which == 0 ? (const char *const[]){ tiles[0], element, tiles[2] }
                                                  : tiles;
                const char *const *f = which == 1 ? (const char *const[]){ figures[0], element, figures[2] }
                                                  : figures;
                snprintf(body, sizeof body,
                         "{\"position\":{\"expansions\":[\"abbey-mayor\",\"hills-sheep\"],"
                         "\"players\":[\"a\",\"b\"],\"tiles\":[%s,%s,%s],\"figures\":[%s,%s,%s]}}",
                         t[0], t[1], t[2], f[0], f[1], f[2]);
                const char *diff = reader_diff(tu_catalog(), (const uint8_t *)body, strlen(body),
                                               why, sizeof why);
                cr_expect_null(diff, "%s: %s", body, diff ? diff : "");
                if (s < 4)
                    cr_expect(tu_lane_took(body, "tiles") && tu_lane_took(body, "figures"),
                              "the lane declines %s", body);
                n++;
            }
        }
    }
    cr_expect_gt(n, 100);
}

/* jr_plain_run (json_reader.h) steps over plain bytes sixteen (SSE2) and
 * eight at a time: for every byte value at every place of a run of up to
 * 40 bytes (two steps of sixteen and one of eight), against the end of the
 * text or not, it stops where jr_plain_byte says the first byte that is not
 * plain stands. */
Test(reader_diff, plain_runs_stop_at_the_first_byte_that_is_not_plain)
{
    char text[48];
    for (int len = 0; len <= 40; len++)
        for (int at = 0; at <= len; at++)
            for (int b = 0; b < 256; b++) {
                memset(text, 'a', sizeof text);
                if (at < len)
                    text[at] = (char)b;
                size_t expect = (size_t)len;
                for (int i = 0; i < len; i++)
                    if (!jr_plain_byte[(unsigned char)text[i]]) {
                        expect = (size_t)i;
                        break;
                    }
                size_t got = (size_t)(jr_plain_run(text, text + len) - text);
                if (got != expect)
                    cr_expect_eq(got, expect, "byte 0x%02x at %d of %d", b, at, len);
            }
}
