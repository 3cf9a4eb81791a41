/* test_json_writer.c -- service/wire/json_writer.h: the text every answer is.
 *
 * RFC 8259 section 7 (strings: '"', '\' and U+0000..U+001F must be escaped,
 * anything else may stand for itself) and the service's own choices: '/'
 * not escaped (JSON Pointers stay readable), UTF-8 passed through, compact
 * output. Where json-c (which wrote every answer before) makes a choice,
 * the writer makes the same one, so answers stayed byte-identical: checked
 * here against json-c itself on every byte value. And the allocation
 * contract: a failed grow makes the writer fail for good, and the answer
 * is the out-of-memory problem, never a partial body. */
#include <json-c/json.h>
#include <limits.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../../../service/service.h"
#include "../../../service/wire/encode_text.h"
#include "../../../service/wire/json_writer.h"
#include "../../support/testutil.h"

CC_SUITE(json_writer);

static void expect_text(jw *w, const char *want)
{
    cr_assert_not(jw_failed(w));
    size_t len = 0;
    char *text = jw_take(w, &len);
    cr_assert_not_null(text);
    cr_expect_eq(len, strlen(want), "length %zu, expected %zu: %s", len, strlen(want), text);
    cr_expect_str_eq(text, want);
    free(text);
}

Test(json_writer, nesting_and_commas_make_compact_json)
{
    jw w;
    jw_init(&w);
    jw_object(&w);
    jw_member_string(&w, "tile", "base.D");
    jw_key(&w, "placements");
    jw_array(&w);
    for (int i = 0; i < 2; i++) {
        jw_object(&w);
        jw_member_int(&w, "x", i);
        jw_member_int(&w, "y", -i);
        jw_object_end(&w);
    }
    jw_array_end(&w);
    jw_key(&w, "empty");
    jw_object(&w);
    jw_object_end(&w);
    jw_key(&w, "none");
    jw_array(&w);
    jw_array_end(&w);
    jw_key(&w, "nested");
    jw_array(&w);
    jw_array(&w);
    jw_null(&w);
    jw_bool(&w, true);
    jw_array_end(&w);
    jw_bool(&w, false);
    jw_array_end(&w);
    jw_object_end(&w);
    expect_text(&w, "{\"tile\":\"base.D\",\"placements\":[{\"x\":0,\"y\":0},{\"x\":1,\"y\":-1}],"
                    "\"empty\":{},\"none\":[],\"nested\":[[null,true],false]}");
}

Test(json_writer, integers_cover_the_whole_long_long_range)
{
    jw w;
    jw_init(&w);
    jw_array(&w);
    jw_int(&w, 0);
    jw_int(&w, -1);
    jw_int(&w, 270);
    jw_int(&w, LLONG_MAX);
    jw_int(&w, LLONG_MIN);
    jw_array_end(&w);
    expect_text(&w, "[0,-1,270,9223372036854775807,-9223372036854775808]");
}

/* RFC 8259 section 7 and the service's choices, on named cases. */
Test(json_writer, strings_escape_quote_backslash_and_controls_only)
{
    jw w;
    jw_init(&w);
    jw_array(&w);
    jw_string(&w, "a\"b\\c/d");
    jw_string(&w, "\b\f\n\r\t");
    jw_string(&w, "\x01\x1f\x7f");
    jw_string(&w, "caf\xc3\xa9 \xf0\x9f\x90\x91");   /* UTF-8 as it is */
    jw_string_len(&w, "a\0b", 3);                      /* U+0000 too */
    jw_array_end(&w);
    expect_text(&w, "[\"a\\\"b\\\\c/d\",\"\\b\\f\\n\\r\\t\",\"\\u0001\\u001f\x7f\","
                    "\"caf\xc3\xa9 \xf0\x9f\x90\x91\",\"a\\u0000b\"]");
}

/* Every byte value, alone and inside text, as json-c writes it with
 * JSON_C_TO_STRING_NOSLASHESCAPE: the answers json-c wrote stay the same. */
Test(json_writer, every_byte_is_written_as_json_c_writes_it)
{
    char s[8];
    for (int c = 1; c < 256; c++) {
        snprintf(s, sizeof s, "x%cy", c);
        json_object *o = json_object_new_string(s);
        const char *want = json_object_to_json_string_ext(
            o, JSON_C_TO_STRING_PLAIN | JSON_C_TO_STRING_NOSLASHESCAPE);
        jw w;
        jw_init(&w);
        jw_string(&w, s);
        cr_assert_not(jw_failed(&w));
        cr_expect_str_eq(w.buf, want, "byte 0x%02x", c);
        jw_free(&w);
        json_object_put(o);
    }
}

/* s (byte c at `at` of `len`) written by jw_string() exactly as json-c
 * writes it. */
static void assert_written_as_json_c(const char *s, int c, int at, int len)
{
    json_object *o = json_object_new_string(s);
    const char *want = json_object_to_json_string_ext(
        o, JSON_C_TO_STRING_PLAIN | JSON_C_TO_STRING_NOSLASHESCAPE);
    jw w;
    jw_init(&w);
    jw_string(&w, s);
    cr_assert_not(jw_failed(&w));
    cr_assert_str_eq(w.buf, want, "byte 0x%02x at %d of %d", c, at, len);
    jw_free(&w);
    json_object_put(o);
}

/* Every byte value at every position of texts of 1 to 20 bytes is written
 * as json-c writes it, and small integers (written without the division
 * loop, json_writer.c) as the others. */
Test(json_writer, every_byte_at_every_position_is_written_as_json_c_writes_it)
{
    char s[24];
    for (int len = 1; len <= 20; len++)
        for (int at = 0; at < len; at++)
            for (int c = 1; c < 256; c++) {
                for (int i = 0; i < len; i++)
                    s[i] = (char)('a' + i % 26);
                s[at] = (char)c;
                s[len] = '\0';
                assert_written_as_json_c(s, c, at, len);
            }
    for (long long v = -120; v <= 1200; v++) {
        char want[32];
        snprintf(want, sizeof want, "[0,%lld]", v);
        jw w;
        jw_init(&w);
        jw_array(&w);
        jw_int(&w, 0);
        jw_int(&w, v);
        jw_array_end(&w);
        expect_text(&w, want);
    }
}

/* Long strings (an explanation's sentences, 48 bytes and more) are scanned
 * a word at a time (json_writer.c): every byte value at every position of
 * texts around the word boundaries, alone and with a second one nine
 * bytes on, is still written as json-c writes it. */
Test(json_writer, every_byte_at_every_position_of_a_long_string_is_written_as_json_c_writes_it)
{
    static const int lengths[] = { 48, 57, 64 };
    char s[72];
    for (size_t k = 0; k < sizeof lengths / sizeof lengths[0]; k++) {
        int len = lengths[k];
        for (int at = 0; at < len; at++)
            for (int c = 1; c < 256; c++)
                for (int second = 0; second < 2; second++) {
                    for (int i = 0; i < len; i++)
                        s[i] = (char)('a' + i % 26);
                    s[at] = (char)c;
                    if (second && at + 9 < len)
                        s[at + 9] = (char)(c ^ 0x20 ? c ^ 0x20 : 1);
                    s[len] = '\0';
                    assert_written_as_json_c(s, c, at, len);
                }
    }
}

/* Keys are escaped like strings: a player's name may hold anything. */
Test(json_writer, keys_are_escaped_like_strings)
{
    jw w;
    jw_init(&w);
    jw_object(&w);
    jw_member_int(&w, "re\"d\n", 4);
    jw_member_bool(&w, "/x", true);
    jw_object_end(&w);
    expect_text(&w, "{\"re\\\"d\\n\":4,\"/x\":true}");
}

/* A long answer grows the buffer many times and keeps every byte. */
Test(json_writer, long_answers_grow_and_stay_whole)
{
    jw w;
    jw_init(&w);
    jw_array(&w);
    for (int i = 0; i < 100000; i++)
        jw_int(&w, i);
    jw_array_end(&w);
    cr_assert_not(jw_failed(&w));
    json_object *parsed = json_tokener_parse(w.buf);
    cr_assert_not_null(parsed);
    cr_expect_eq(json_object_array_length(parsed), 100000);
    cr_expect_eq(json_object_get_int(json_object_array_get_idx(parsed, 99999)), 99999);
    json_object_put(parsed);
    jw_free(&w);
}

/* Allocation failure: the grow that cannot happen marks the writer failed;
 * every later write is a no-op, nothing is handed over, and the buffer
 * already allocated is released (the leak check of CC_SUITE). */
Test(json_writer, a_failed_grow_is_sticky_and_hands_over_nothing)
{
    jw w;
    jw_init(&w);
    jw_object(&w);
    jw_member_string(&w, "before", "the failure");
    cr_assert_not(jw_failed(&w));
    cr_expect_not(jw_reserve(&w, SIZE_MAX - 8));   /* no allocator can give that */
    cr_expect(jw_failed(&w));
    size_t len_at_failure = w.len;
    jw_member_string(&w, "after", "the failure");
    jw_object_end(&w);
    cr_expect_eq(w.len, len_at_failure, "nothing is written after a failure");
    cr_expect_not(jw_reserve(&w, 1), "the failure is sticky");
    size_t len = 12345;
    cr_expect_null(jw_take(&w, &len));
    cr_expect_null(w.buf);
}

/* svc_reply_jw() answers the out-of-memory problem for a failed writer:
 * never a partial body; 503 with Retry-After (issue 16), so the client asks
 * again rather than giving up. */
Test(json_writer, a_failed_writer_answers_the_out_of_memory_problem)
{
    jw w;
    jw_init(&w);
    jw_object(&w);
    jw_member_string(&w, "half", "an answer");
    jw_reserve(&w, SIZE_MAX - 8);
    svc_response res;
    memset(&res, 0, sizeof res);
    svc_reply_jw(&res, 200, &w);
    cr_expect_eq(res.status, 503);
    cr_expect_str_eq(res.content_type, "application/problem+json");
    cr_expect(res.nheaders == 1 && strcmp(res.headers[0].name, "Retry-After") == 0 &&
              strcmp(res.headers[0].value, "1") == 0);
    const char *body = res.body ? res.body : res.static_body;
    cr_assert_not_null(body);
    cr_expect_not_null(strstr(body, "\"title\":\"Out of memory\""));
    cr_expect_not_null(strstr(body, "\"status\":503"));
    cr_expect_null(strstr(body, "half"));
    svc_response_free(&res);
}

Test(json_writer, an_empty_writer_hands_over_an_empty_text)
{
    jw w;
    jw_init(&w);
    expect_text(&w, "");
}

/* jw_double: a number that reads back as the same double (the random
 * numbers of a saved game's draws), null where JSON has no number. */
Test(json_writer, doubles_read_back_exactly_and_non_finite_is_null)
{
    static const double values[] = { 0.0, 0.5, 9.5 / 18, 1.0 / 3, 0.9998436575388832, -2.5, 1e-300 };
    for (size_t i = 0; i < sizeof values / sizeof values[0]; i++) {
        jw w;
        jw_init(&w);
        jw_double(&w, values[i]);
        size_t len;
        char *text = jw_take(&w, &len);
        cr_assert_not_null(text);
        cr_expect_eq(strtod(text, NULL), values[i], "%s", text);
        json_object *o = json_tokener_parse(text);
        cr_expect(json_object_is_type(o, json_type_double) || json_object_is_type(o, json_type_int), "%s", text);
        json_object_put(o);
        free(text);
    }
    jw w;
    jw_init(&w);
    jw_array(&w);
    jw_double(&w, 0.25);
    jw_double(&w, 1.0 / 0.0);
    jw_double(&w, 0.0 / 0.0);
    jw_array_end(&w);
    expect_text(&w, "[0.25,null,null]");
}

/* jw_value: a value written apart (a long job's part) joins the answer
 * with its commas; a failed part fails the answer. */
Test(json_writer, a_value_written_apart_joins_the_answer)
{
    jw part, w;
    jw_init(&part);
    jw_array(&part);
    jw_int(&part, 1);
    jw_string(&part, "two");
    jw_array_end(&part);
    jw_init(&w);
    jw_object(&w);
    jw_member_int(&w, "before", 0);
    jw_key(&w, "part");
    jw_value(&w, &part);
    jw_member_bool(&w, "after", true);
    jw_object_end(&w);
    expect_text(&w, "{\"before\":0,\"part\":[1,\"two\"],\"after\":true}");
    jw_free(&part);
    cr_expect_not(jw_reserve(&part, SIZE_MAX - 8));
    jw_init(&w);
    jw_array(&w);
    jw_value(&w, &part);
    cr_expect(jw_failed(&w), "a failed part fails the answer");
    jw_free(&w);
    jw_free(&part);
}

/* The fast paths (json_writer.h: literal names, ids, text written in
 * place, decimals at a pointer) write the bytes the general calls write. */
Test(json_writer, literal_names_ids_and_text_in_place_write_what_the_general_calls_write)
{
    jw fast, general;
    jw_init(&fast);
    jw_init(&general);
    jw_object(&fast);
    jw_object(&general);
    jw_key_lit(&fast, "feature");
    jw_key(&general, "feature");
    jw_array(&fast);
    jw_array(&general);
    jw_id(&fast, "base.score.road");
    jw_string(&general, "base.score.road");
    jw_id_len(&fast, "NNE", 3);
    jw_string(&general, "NNE");
    char *o = jw_raw_begin(&fast, 16);   /* a value in place: the ',' is the writer's */
    cr_assert_not_null(o);
    memcpy(o, "{\"x\":1}", 7);
    jw_raw_end(&fast, o + 7, true);
    jw_object(&general);
    jw_member_int(&general, "x", 1);
    jw_object_end(&general);
    jw_array_end(&fast);
    jw_array_end(&general);
    jw_id_key(&fast, "explain_id");
    jw_key(&general, "explain_id");
    jw_null(&fast);
    jw_null(&general);
    jw_key_lit(&fast, "empty");
    jw_key(&general, "empty");
    jw_object(&fast);
    jw_object(&general);
    jw_object_end(&fast);
    jw_object_end(&general);
    jw_object_end(&fast);
    jw_object_end(&general);
    size_t n;
    char *want = jw_take(&general, &n);
    cr_assert_not_null(want);
    expect_text(&fast, want);
    free(want);
}

Test(json_writer, decimals_at_a_pointer_are_what_printf_writes)
{
    long long cases[] = { 0, 1, 9, 10, 42, 99, 100, 101, 999, 1000, 65535, -1, -9, -10, -99,
                          -100, 2147483647LL, -2147483648LL, LLONG_MAX, LLONG_MIN };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        char got[JW_INT_MAX + 1], want[32];
        *jw_int_at(got, cases[i]) = '\0';
        snprintf(want, sizeof want, "%lld", cases[i]);
        cr_expect_str_eq(got, want);
    }
    for (long long v = -1000; v <= 1000; v++) {
        char got[JW_INT_MAX + 1], want[32];
        *jw_int_at(got, v) = '\0';
        snprintf(want, sizeof want, "%lld", v);
        cr_assert_str_eq(got, want);
    }
}

/* The request's text written in place (a player's name) is escaped as a
 * string's bytes are, for every byte value. */
Test(json_writer, text_escaped_in_place_is_what_a_string_holds)
{
    for (int c = 0; c < 256; c++) {
        char s[3] = { 'a', (char)c, 'b' };
        jw w;
        jw_init(&w);
        jw_string_len(&w, s, sizeof s);
        size_t n;
        char *want = jw_take(&w, &n);
        cr_assert_not_null(want);
        char got[3 * 6 + 3], *o = got;
        *o++ = '"';
        o = jw_escape_at(o, s, sizeof s);
        *o++ = '"';
        cr_assert_eq((size_t)(o - got), n, "byte %d", c);
        cr_assert(memcmp(got, want, n) == 0, "byte %d", c);
        free(want);
    }
}

/* A score's explanation is worded straight into the writer and names its
 * players from their names escaped once per answer (enc_explain_members):
 * the same text as wording it apart and escaping each name where it
 * stands, for names that need escapes (in the sentences too), a name of 32
 * bytes and a player index past the position's players. */
Test(json_writer, explanations_with_names_escaped_once_write_what_escaping_each_writes)
{
    cc_position pos;
    cc_position_init(&pos);
    pos.nplayers = 3;
    strcpy(pos.players[0], "a \"quoted\"\\ name");
    strcpy(pos.players[1], "a player whose name is 32 bytes.");
    strcpy(pos.players[2], "tab\there");
    int strength[CC_MAX_PLAYERS] = { 3, 0, 12 };
    txt_args a = { .pos = &pos, .strength = strength };
    cc_text ts[4];
    cc_text_set(&ts[0], CC_MSG_S_STRENGTH, (const cc_arg[]){ CC_STRENGTHS(STRENGTHS, 5) }, 1);
    cc_text_set(&ts[1], CC_MSG_S_MAJORITY,
                (const cc_arg[]){ CC_PLAYER(PLAYER, 0), CC_INT(POINTS, 4) }, 2);
    cc_text_set(&ts[2], CC_MSG_S_MAJORITY,
                (const cc_arg[]){ CC_PLAYER(PLAYER, 1), CC_INT(POINTS, 40) }, 2);
    cc_text_set(&ts[3], CC_MSG_S_MAJORITY,
                (const cc_arg[]){ CC_PLAYER(PLAYER, 5), CC_INT(POINTS, 0) }, 2);
    enc_player_keys keys;
    enc_player_keys_init(&keys, &pos);
    jw keyed, each;
    jw_init(&keyed);
    jw_init(&each);
    jw_object(&keyed);
    jw_object(&each);
    enc_explain_members(&keyed, "en", ts, 4, &a, &keys);
    enc_text_members(&each, "explain", "en", ts, 4, &a);
    jw_object_end(&keyed);
    jw_object_end(&each);
    size_t n;
    char *want = jw_take(&each, &n);
    cr_assert_not_null(want);
    cr_assert(strstr(want, "\"player\":\"a \\\"quoted\\\"\\\\ name\"") != NULL, "%s", want);
    cr_assert(strstr(want, "tab\\there") != NULL, "the sentences escaped: %s", want);
    expect_text(&keyed, want);
    free(want);
}
