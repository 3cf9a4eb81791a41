/* lanes.c -- see lanes.h. */
#include "lanes.h"

#include <criterion/criterion.h>
#include <stdlib.h>
#include <string.h>

#include "../../service/wire/decode.h"
#include "testutil.h"

/* One decode, with or without the lanes. */
static bool decode_once(const char *body, size_t len, bool parse_only, bool with_lanes,
                        cc_position *pos, cc_error *err)
{
    jr_doc doc;
    dec_lanes lanes;
    jr_obj root;
    memset(err, 0, sizeof *err);
    memset(pos, 0, sizeof *pos);
    dec_lanes_init(&lanes, tu_catalog());
    bool ok = dec_parse(body, len, with_lanes ? &lanes : NULL, &doc, &root, err)
        && (parse_only || dec_position(&root, tu_catalog(), pos, err));
    jr_doc_free(&doc);
    return ok;
}

bool tu_decode_both(const char *body, size_t len, bool parse_only, cc_position *pos,
                    cc_error *err)
{
    bool ok = decode_once(body, len, parse_only, true, pos, err);
    cc_position *plain = malloc(sizeof *plain);
    cc_error plain_err;
    cr_assert_not_null(plain);
    bool plain_ok = decode_once(body, len, parse_only, false, plain, &plain_err);
    cr_expect_eq(ok, plain_ok, "the lanes change the verdict on %.300s", body);
    if (ok && plain_ok)
        cr_expect(memcmp(pos, plain, sizeof *pos) == 0, "the lanes change the position of %.300s",
                  body);
    if (!ok && !plain_ok) {
        cr_expect_eq((int)err->status, (int)plain_err.status, "lanes: the status on %.300s", body);
        cr_expect_str_eq(err->pointer, plain_err.pointer, "lanes: the pointer on %.300s", body);
        cr_expect_str_eq(tu_detail(err), tu_detail(&plain_err), "lanes: the detail on %.300s",
                         body);
    }
    free(plain);
    return ok;
}

bool tu_lane_took(const char *body, const char *member)
{
    jr_doc doc;
    dec_lanes lanes;
    jr_obj root, position;
    cc_error err;
    jr_val list;
    dec_lanes_init(&lanes, tu_catalog());
    bool took = dec_parse(body, strlen(body), &lanes, &doc, &root, &err)
        && dec_object(&root, "position", "", true, &position, &err)
        && jr_obj_get(&position, member, &list) && jr_by_lane(list);
    jr_doc_free(&doc);
    return took;
}
