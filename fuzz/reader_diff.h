/* reader_diff.h -- the new request reader against the old one, on one input.
 *
 * Owns: the comparison the differential harness (fuzz/fuzz_reader_diff.c)
 * and its replay in the unit tests (tests/service/wire/test_reader_diff.c)
 * make, so both judge an input the same way. The oracle is the decoder
 * the service used before it read requests in place: a strict parser into
 * a json-c tree and readers over it (tests/support/oracle_json.c,
 * oracle_decode.c). The service's reader (service/wire/json_reader.c,
 * decode.c, with the lanes of decode_lane.c, as the service reads) must,
 * on every input:
 *   - accept and reject the same bodies, with the same error: status,
 *     title, JSON Pointer and detail, byte for byte (the new reader's
 *     problem ids worded in English);
 *   - then, step by step over the same body, give the same answer from
 *     each reader a route calls: the scalar members a question names
 *     (x, y, at, final, tile, action), the whole position (the same
 *     cc_position, byte for byte), the members a turn shares (deployed and
 *     its token, shepherd), and the check for unknown members.
 * Each step runs on both sides only while both accepted every step before
 * it, as a route does.
 *
 *   reader_diff(cat, data, size, why, cap)
 *       NULL when both agree on everything; otherwise why (cap bytes)
 *       says at which step and how they differ.
 */
#ifndef READER_DIFF_H
#define READER_DIFF_H

#include <json-c/json.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../service/text/format.h"
#include "../service/wire/decode.h"
#include "../tests/support/oracle_decode.h"

static inline const char *rd_say(char *why, size_t cap, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));

static inline const char *rd_say(char *why, size_t cap, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(why, cap, fmt, ap);
    va_end(ap);
    return why;
}

/* Both accepted (true), both refused with the same error (false, *same),
 * or they differ (false, *same false, why filled). */
static inline bool rd_agree(const char *step, bool old_ok, const cc_error *old_error,
                            bool new_ok, const cc_error *new_error, bool *same, char *why,
                            size_t cap)
{
    /* The service's reader says ids (service/text/problems.h): compare
     * their English, which must be the oracle's words byte for byte. */
    cc_error old_copy, new_copy;
    const cc_error *old_err = old_error, *new_err = new_error;
    if (!old_ok) {
        old_copy = *old_error;
        txt_error_flatten(&old_copy);
        old_err = &old_copy;
    }
    if (!new_ok) {
        new_copy = *new_error;
        txt_error_flatten(&new_copy);
        new_err = &new_copy;
    }
    *same = true;
    if (old_ok != new_ok) {
        const cc_error *e = old_ok ? new_err : old_err;
        rd_say(why, cap, "%s: the old reader %s, the new one %s (%d %s at \"%s\": %s)", step,
               old_ok ? "accepts" : "refuses", new_ok ? "accepts" : "refuses", (int)e->status,
               e->title, e->pointer, e->detail);
        *same = false;
        return false;
    }
    if (old_ok)
        return true;
    if (old_err->status != new_err->status || strcmp(old_err->title, new_err->title) != 0 ||
        strcmp(old_err->pointer, new_err->pointer) != 0 ||
        strcmp(old_err->detail, new_err->detail) != 0) {
        rd_say(why, cap, "%s: old %d %s at \"%s\": %s | new %d %s at \"%s\": %s", step,
               (int)old_err->status, old_err->title, old_err->pointer, old_err->detail,
               (int)new_err->status, new_err->title, new_err->pointer, new_err->detail);
        *same = false;
    }
    return false;
}

typedef struct {
    cc_position old_pos, new_pos;
    dec_lanes lanes;       /* the new reader reads as the service does, with its lanes */
} rd_scratch;

/* The steps after the parse; false when the walk ends (both refused the
 * same way, or they differ: *same says which). */
static inline bool rd_steps(const cc_catalog *cat, json_object *oroot, jr_obj *nroot,
                            rd_scratch *s, bool *same, char *why, size_t cap)
{
    cc_error oe, ne;
    memset(&oe, 0, sizeof oe);
    memset(&ne, 0, sizeof ne);
    bool ook, nok;
#define RD_STEP(name, old_call, new_call)                                           \
    do {                                                                            \
        ook = (old_call);                                                           \
        nok = (new_call);                                                           \
        if (!rd_agree(name, ook, &oe, nok, &ne, same, why, cap))                    \
            return false;                                                           \
    } while (0)

    /* Scalar members of the body, as /v1/barn-check, /v1/score, /v1/turn
     * and /v1/placements read them. */
    int oi = 7, ni = 7;
    bool op = false, np = false;
    RD_STEP("x", odec_int(oroot, "x", "", -CC_COORD_LIMIT, CC_COORD_LIMIT, false, &oi, &op, &oe),
            dec_int(nroot, "x", "", -CC_COORD_LIMIT, CC_COORD_LIMIT, false, &ni, &np, &ne));
    if (oi != ni || op != np)
        return *same = false, rd_say(why, cap, "x: %d (%d) against %d (%d)", oi, op, ni, np), false;
    RD_STEP("y", odec_int(oroot, "y", "", 0, 270, false, &oi, &op, &oe),
            dec_int(nroot, "y", "", 0, 270, false, &ni, &np, &ne));
    if (oi != ni || op != np)
        return *same = false, rd_say(why, cap, "y: %d against %d", oi, ni), false;
    cc_loc oloc = { 0 }, nloc = { 0 };
    RD_STEP("at", odec_loc(oroot, "at", "", true, false, &oloc, &op, &oe),
            dec_loc(nroot, "at", "", true, false, &nloc, &np, &ne));
    if (op != np || memcmp(&oloc, &nloc, sizeof oloc) != 0)
        return *same = false, rd_say(why, cap, "at: different locations"), false;
    bool ob = false, nb = false;
    RD_STEP("final", odec_bool(oroot, "final", "", false, &ob, &op, &oe),
            dec_bool(nroot, "final", "", false, &nb, &np, &ne));
    if (ob != nb || op != np)
        return *same = false, rd_say(why, cap, "final: %d against %d", ob, nb), false;
    if (json_object_object_get_ex(oroot, "tile", NULL) != dec_has(nroot, "tile"))
        return *same = false, rd_say(why, cap, "tile: present on one side only"), false;
    if (dec_has(nroot, "tile")) {
        int ot = -1, nt = -1;
        RD_STEP("tile", odec_tile_id(oroot, "tile", "", cat, &ot, &oe),
                dec_tile_id(nroot, "tile", "", cat, &nt, &ne));
        if (ot != nt)
            return *same = false, rd_say(why, cap, "tile: type %d against %d", ot, nt), false;
    }
    const char *os = NULL;
    dec_text ns = { "", 0 };
    RD_STEP("action", odec_string(oroot, "action", "", false, &os, &oe),
            dec_string(nroot, "action", "", false, &ns, &np, &ne));
    if ((os != NULL) != np || (os && (strlen(os) != ns.len ||
                                      strncmp(os, ns.s, sizeof ns.s - 1) != 0)))
        return *same = false, rd_say(why, cap, "action: different strings"), false;

    /* The position, whole: both cleared first, since a decoder leaves the
     * records past the counts as they were (cc_position_init). */
    memset(&s->old_pos, 0, sizeof s->old_pos);
    memset(&s->new_pos, 0, sizeof s->new_pos);
    RD_STEP("position", odec_position(oroot, cat, &s->old_pos, &oe),
            dec_position(nroot, cat, &s->new_pos, &ne));
    if (memcmp(&s->old_pos, &s->new_pos, sizeof s->old_pos) != 0)
        return *same = false, rd_say(why, cap, "position: the structs differ"), false;

    /* The members a turn shares (contract section 5). */
    cc_figure ofig, nfig;
    memset(&ofig, 0, sizeof ofig);
    memset(&nfig, 0, sizeof nfig);
    int otok = 0, ntok = 0;
    RD_STEP("deployed", odec_deployed(oroot, &s->old_pos, &ofig, &otok, &op, &oe),
            dec_deployed(nroot, &s->new_pos, &nfig, &ntok, &np, &ne));
    if (op != np || otok != ntok || memcmp(&ofig, &nfig, sizeof ofig) != 0)
        return *same = false, rd_say(why, cap, "deployed: different figures"), false;
    cc_shepherd_action oact = CC_SHEPHERD_NONE, nact = CC_SHEPHERD_NONE;
    otok = ntok = 0;
    RD_STEP("shepherd", odec_shepherd_choice(oroot, &oact, &otok, &oe),
            dec_shepherd_choice(nroot, &nact, &ntok, &ne));
    if (oact != nact || otok != ntok)
        return *same = false, rd_say(why, cap, "shepherd: different choices"), false;
    int oplayer = -1, nplayer = -1;
    RD_STEP("player", odec_player(oroot, "player", "", &s->old_pos, false, &oplayer, &oe),
            dec_player(nroot, "player", "", &s->new_pos, false, &nplayer, &ne));
    if (oplayer != nplayer)
        return *same = false, rd_say(why, cap, "player: %d against %d", oplayer, nplayer), false;

    /* The body's members, as /v1/turn allows them (last: it indexes). */
    static const char *const members[] = {
        "position", "tile", "x", "y", "rot", "deploy", "deployed", "shepherd",
        "wagons", "pile_empty", "counting", NULL
    };
    RD_STEP("members", odec_only_members(oroot, members, "", &oe),
            dec_only_members(nroot, members, "", &ne));
    /* Once indexed, look-ups answer as before. */
    RD_STEP("x again", odec_int(oroot, "x", "", -CC_COORD_LIMIT, CC_COORD_LIMIT, false, &oi, &op, &oe),
            dec_int(nroot, "x", "", -CC_COORD_LIMIT, CC_COORD_LIMIT, false, &ni, &np, &ne));
    if (oi != ni || op != np)
        return *same = false, rd_say(why, cap, "x after the member check: %d against %d", oi, ni), false;
    return true;
#undef RD_STEP
}

static inline const char *reader_diff(const cc_catalog *cat, const uint8_t *data, size_t size,
                                      char *why, size_t cap)
{
    json_object *oroot = NULL;
    jr_doc *doc = malloc(sizeof *doc);
    rd_scratch *s = malloc(sizeof *s);
    if (doc == NULL || s == NULL) {
        free(doc);
        free(s);
        return rd_say(why, cap, "out of memory in the harness");
    }
    cc_error oe, ne;
    memset(&oe, 0, sizeof oe);
    memset(&ne, 0, sizeof ne);
    jr_obj nroot;
    bool ook = odec_parse((const char *)data, size, &oroot, &oe);
    dec_lanes_init(&s->lanes, cat);
    bool nok = dec_parse((const char *)data, size, &s->lanes, doc, &nroot, &ne);
    bool same = true;
    if (rd_agree("parse", ook, &oe, nok, &ne, &same, why, cap))
        rd_steps(cat, oroot, &nroot, s, &same, why, cap);
    json_object_put(oroot);
    jr_doc_free(doc);
    free(doc);
    free(s);
    return same ? NULL : why;
}

#endif
