/* test_mcp.c -- the MCP server without a transport (mcp_handle), its stdio
 * framing (mcp_stdio on memory streams), and POST /mcp's header checks
 * (svc_handle with the headers set), checked against the MCP specification
 * (2025-06-18 and 2025-11-25: lifecycle, transports, tools, resources) and
 * JSON-RPC 2.0. The Node SDK suite (tests/contract/mcp.test.mjs) drives the
 * same server as a real client; these tests pin the details one by one. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <json-c/json.h>

#include "../../../service/mcp/call.h"
#include "../../../service/mcp/catalog.h"
#include "../../../service/mcp/mcp.h"
#include "../../../service/mcp/picture.h"
#include "../../../engine/rules.h"
#include "../../../service/text/lang.h"
#include "../../../service/service.h"
#include "../../../service/wire/json_reader.h"
#include "../../support/asktest.h"
#include "../../support/failalloc.h"
#include "../../support/testutil.h"

CC_SUITE(mcp);

static svc_context context(void)
{
    svc_context ctx = { .cat = tu_catalog() };
    return ctx;
}

/* Send one message; check the status; the parsed reply (NULL for none). */
static json_object *send(const char *msg, int status)
{
    svc_context ctx = context();
    mcp_reply r;
    mcp_handle(&ctx, msg, strlen(msg), &r);
    cr_assert_eq(r.status, status, "%s: status %d, expected %d: %s", msg, r.status, status,
                 r.body ? r.body : "(none)");
    json_object *o = NULL;
    if (r.body) {
        cr_assert_eq(strlen(r.body), r.len);
        cr_assert_null(strchr(r.body, '\n'), "one line");
        o = json_tokener_parse(r.body);
        cr_assert_not_null(o, "the reply is JSON: %s", r.body);
    }
    mcp_reply_free(&r);
    return o;
}

static int error_code(json_object *reply)
{
    return tu_int(tu_member(reply, "error"), "code");
}

Test(mcp, a_request_is_answered_with_its_own_id_string_or_integer)
{
    json_object *a = send("{\"jsonrpc\":\"2.0\",\"id\":\"abc\",\"method\":\"ping\"}", 200);
    cr_expect_str_eq(tu_str(a, "id"), "abc");
    cr_expect_str_eq(tu_str(a, "jsonrpc"), "2.0");
    cr_expect_eq(json_object_object_length(tu_member(a, "result")), 0);
    json_object_put(a);
    a = send("{\"jsonrpc\":\"2.0\",\"id\":9007199254740993,\"method\":\"ping\"}", 200);
    cr_expect_eq(json_object_get_int64(tu_member(a, "id")), 9007199254740993LL);
    json_object_put(a);
}

/* Notifications get no response; nor do responses (this server asks
 * nothing of the client, so there is nothing to match them with). */
Test(mcp, notifications_and_responses_are_accepted_without_an_answer)
{
    cr_expect_null(send("{\"jsonrpc\":\"2.0\",\"method\":\"notifications/initialized\"}", 202));
    cr_expect_null(send("{\"jsonrpc\":\"2.0\",\"method\":\"notifications/cancelled\",\"params\":{\"requestId\":1}}", 202));
    cr_expect_null(send("{\"jsonrpc\":\"2.0\",\"id\":3,\"error\":{\"code\":1,\"message\":\"x\"}}", 202));
}

/* JSON-RPC 2.0 section 5.1, with MCP's narrowing (no batches, no null id). */
Test(mcp, malformed_messages_are_json_rpc_errors_with_a_null_id)
{
    static const struct { const char *msg; int code; const char *pointer; } cases[] = {
        { "", -32700, "" },
        { "{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"ping\"", -32700, "" },
        { "{\"jsonrpc\":\"2.0\",\"method\":\"ping\",\"params\":{\"x\":1e400}}", -32700, "/params/x" },
        { "{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"ping\",\"params\":{\"x\":01}}", -32700, "/params/x" },
        { "[{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"ping\"}]", -32600, "" },
        { "null", -32600, "" },
        { "{\"jsonrpc\":\"2.0\",\"id\":null,\"method\":\"ping\"}", -32600, "/id" },
        { "{\"jsonrpc\":\"2.0\",\"id\":[1],\"method\":\"ping\"}", -32600, "/id" },
        { "{\"jsonrpc\":\"2.0\",\"id\":1}", -32600, "" },
        { "{\"jsonrpc\":\"2.0\",\"id\":1,\"result\":{},\"error\":{}}", -32600, "" },
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        json_object *a = send(cases[i].msg, 400);
        cr_expect_eq(error_code(a), cases[i].code, "%s", cases[i].msg);
        cr_expect(json_object_object_get_ex(a, "id", NULL) && tu_member(a, "id") == NULL,
                  "%s: id null", cases[i].msg);
        json_object *data = tu_member(tu_member(a, "error"), "data");
        cr_expect_str_eq(tu_str(data, "pointer"), cases[i].pointer, "%s", cases[i].msg);
        json_object_put(a);
    }
}

Test(mcp, an_invalid_request_whose_id_can_be_read_is_answered_with_it)
{
    json_object *a = send("{\"jsonrpc\":\"2.0\",\"id\":7,\"method\":\"ping\",\"colour\":1}", 400);
    cr_expect_eq(error_code(a), -32600);
    cr_expect_eq(tu_int(a, "id"), 7);
    cr_expect_str_eq(tu_str(tu_member(tu_member(a, "error"), "data"), "pointer"), "/colour");
    json_object_put(a);
}

Test(mcp, unknown_methods_and_bad_params_answer_minus_32601_and_minus_32602)
{
    json_object *a = send("{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"sampling/createMessage\"}", 200);
    cr_expect_eq(error_code(a), -32601);
    json_object_put(a);
    a = send("{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"tools/call\",\"params\":{\"name\":\"nope\"}}", 200);
    cr_expect_eq(error_code(a), -32602);
    cr_expect_str_eq(tu_str(tu_member(tu_member(a, "error"), "data"), "pointer"), "/params/name");
    json_object_put(a);
    a = send("{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"initialize\",\"params\":{\"protocolVersion\":\"2025-06-18\","
             "\"capabilities\":{},\"clientInfo\":{\"name\":\"t\"}}}", 200);
    cr_expect_eq(error_code(a), -32602);
    cr_expect_str_eq(tu_str(tu_member(tu_member(a, "error"), "data"), "pointer"),
                     "/params/clientInfo/version");
    json_object_put(a);
}

/* Lifecycle, version negotiation: the same version when supported, else
 * the latest. */
Test(mcp, initialize_negotiates_2025_06_18_and_2025_11_25)
{
    static const char *const asked[] = { "2025-06-18", "2025-11-25", "2024-11-05", "1.0" };
    static const char *const answered[] = { "2025-06-18", "2025-11-25", "2025-11-25", "2025-11-25" };
    for (size_t i = 0; i < 4; i++) {
        char msg[256];
        snprintf(msg, sizeof msg,
                 "{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"initialize\",\"params\":{\"protocolVersion\":\"%s\","
                 "\"capabilities\":{},\"clientInfo\":{\"name\":\"t\",\"version\":\"1\"}}}", asked[i]);
        json_object *a = send(msg, 200);
        json_object *result = tu_member(a, "result");
        cr_expect_str_eq(tu_str(result, "protocolVersion"), answered[i]);
        cr_expect_str_eq(tu_str(tu_member(result, "serverInfo"), "name"), "carcassonne-rules");
        json_object *caps = tu_member(result, "capabilities");
        tu_member(caps, "tools");
        tu_member(caps, "resources");
        tu_member(caps, "prompts");
        json_object_put(a);
    }
}

/* The embedded tool table (generated from openapi/openapi.yaml) is whole. */
Test(mcp, the_tool_table_is_read_from_the_generated_file)
{
    size_t n;
    const mcp_tool *t = mcp_tools(&n);
    cr_assert_eq(n, 12, "12 tools, one per question");
    cr_expect_str_neq(mcp_server_version(), "0");
    const mcp_tool *card = mcp_tool_find("message_card");
    cr_assert_not_null(card);
    cr_expect_str_eq(card->path, "/v1/messages/{n}");
    cr_expect_str_eq(card->param, "n");
    cr_expect(card->param_integer);
    cr_expect_eq(card->param_min, 1);
    cr_expect_eq(card->param_max, 8);
    for (size_t i = 0; i < n; i++) {
        json_object *tool = json_tokener_parse(t[i].json);
        cr_assert_not_null(tool, "%s", t[i].name);
        cr_expect_str_eq(tu_str(tu_member(tool, "inputSchema"), "type"), "object", "%s", t[i].name);
        cr_expect_str_eq(tu_str(tu_member(tool, "outputSchema"), "type"), "object", "%s", t[i].name);
        cr_expect(json_object_get_boolean(tu_member(tu_member(tool, "annotations"), "readOnlyHint")));
        json_object_put(tool);
    }
}

/* The point of the adapter: a tool answers exactly what its route answers. */
Test(mcp, a_tool_answers_exactly_what_its_route_answers)
{
    static const char args[] =
        "{\"position\":{\"players\":[\"red\",\"blue\"],\"tiles\":[{\"tile\":\"base.D\",\"x\":0,\"y\":0,\"rot\":0}],"
        "\"figures\":[]},\"tile\":\"base.E\"}";
    char msg[512];
    snprintf(msg, sizeof msg,
             "{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"tools/call\",\"params\":{\"name\":\"legal_placements\","
             "\"arguments\":%s}}", args);
    json_object *a = send(msg, 200);
    json_object *result = tu_member(a, "result");
    json_object *route = tu_post("/v1/placements", args, 200);
    cr_expect(json_object_equal(tu_member(result, "structuredContent"), route));
    cr_expect(!json_object_get_boolean(tu_member(result, "isError")));
    json_object *content = tu_member(result, "content");
    cr_assert_eq(json_object_array_length(content), 2, "sentences, JSON; a picture only when asked");
    json_object *second = json_tokener_parse(tu_str(json_object_array_get_idx(content, 1), "text"));
    cr_expect(json_object_equal(second, route), "the second text is the answer's JSON");
    json_object_put(second);
    json_object_put(route);
    json_object_put(a);
}

/* Path parameters go into the path, encoded: a tile alias with a '/'. */
Test(mcp, a_path_parameter_is_encoded_into_the_route_path)
{
    json_object *a = send("{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"tools/call\",\"params\":{\"name\":\"tile_facts\","
                          "\"arguments\":{\"id\":\"BA/RCr\"}}}", 200);
    cr_expect_str_eq(tu_str(tu_member(tu_member(a, "result"), "structuredContent"), "id"), "base.D");
    json_object_put(a);
}

/* A bad argument is the route's problem as a tool result (isError), with
 * the pointer into the arguments; not a protocol error. */
Test(mcp, bad_arguments_are_tool_errors_with_the_pointer)
{
    static const struct { const char *call; const char *text; } cases[] = {
        { "{\"name\":\"message_card\",\"arguments\":{\"n\":0}}", "At fault: the argument /n." },
        { "{\"name\":\"message_card\",\"arguments\":{\"n\":\"1\"}}", "At fault: the argument /n." },
        { "{\"name\":\"tile_facts\",\"arguments\":{}}", "At fault: the argument /id." },
        { "{\"name\":\"tile_facts\",\"arguments\":{\"id\":\"base.D\",\"x\":1}}", "At fault: the argument /x." },
        { "{\"name\":\"tile_facts\",\"arguments\":{\"id\":\"base.Z\"}}", "At fault: the argument /id." },
        { "{\"name\":\"rule_statement\",\"arguments\":{\"id\":\"\"}}", "At fault: the argument /id." },
        { "{\"name\":\"validate_position\"}", "At fault: the argument /position." },
        { "{\"name\":\"score\",\"arguments\":{\"position\":{\"players\":[],\"tiles\":[],\"figures\":[]}}}",
          "At fault: the argument /position/players." },
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        char msg[512];
        snprintf(msg, sizeof msg, "{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"tools/call\",\"params\":%s}",
                 cases[i].call);
        json_object *a = send(msg, 200);
        json_object *result = tu_member(a, "result");
        cr_expect(json_object_get_boolean(tu_member(result, "isError")), "%s", cases[i].call);
        const char *text = tu_str(json_object_array_get_idx(tu_member(result, "content"), 0), "text");
        cr_expect(strstr(text, cases[i].text) != NULL, "%s: %s", cases[i].call, text);
        json_object_put(a);
    }
}

Test(mcp, resources_are_read_through_their_routes_and_unknown_ones_are_minus_32002)
{
    json_object *a = send("{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"resources/read\",\"params\":"
                          "{\"uri\":\"carcassonne-rules://rules/base.placement.edges\"}}", 200);
    json_object *c = json_object_array_get_idx(tu_member(tu_member(a, "result"), "contents"), 0);
    json_object *rule = json_tokener_parse(tu_str(c, "text"));
    cr_expect_str_eq(tu_str(rule, "id"), "base.placement.edges");
    json_object_put(rule);
    json_object_put(a);
    static const char *const unknown[] = { "carcassonne-rules://rules/nope", "carcassonne-rules://tiles/",
                                           "carcassonne-rules://tiles/base.D?x", "https://example.com/" };
    for (size_t i = 0; i < 4; i++) {
        char msg[256];
        snprintf(msg, sizeof msg,
                 "{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"resources/read\",\"params\":{\"uri\":\"%s\"}}",
                 unknown[i]);
        a = send(msg, 200);
        cr_expect_eq(error_code(a), -32002, "%s", unknown[i]);
        cr_expect_str_eq(tu_str(tu_member(tu_member(a, "error"), "data"), "uri"), unknown[i]);
        json_object_put(a);
    }
}

/* ---- stdio ----------------------------------------------------------------- */

/* Run the stdio transport over input; returns what it wrote (caller frees). */
static char *run_stdio(const char *input, size_t len)
{
    FILE *in = fmemopen((void *)input, len, "r");
    char *out_buf = NULL;
    size_t out_len = 0;
    FILE *out = open_memstream(&out_buf, &out_len);
    cr_assert(in && out);
    svc_context ctx = context();
    cr_expect_eq(mcp_stdio(&ctx, in, out, NULL), 0);
    fclose(in);
    fclose(out);
    return out_buf;
}

Test(mcp, stdio_answers_each_line_in_order_and_skips_blank_lines)
{
    static const char input[] =
        "{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"ping\"}\n"
        "\r\n"
        "{\"jsonrpc\":\"2.0\",\"method\":\"notifications/initialized\"}\n"
        "oops\n"
        "{\"jsonrpc\":\"2.0\",\"id\":2,\"method\":\"ping\"}";   /* no final newline */
    char *out = run_stdio(input, sizeof input - 1);
    cr_expect_str_eq(out,
                     "{\"jsonrpc\":\"2.0\",\"id\":1,\"result\":{}}\n"
                     "{\"jsonrpc\":\"2.0\",\"id\":null,\"error\":{\"code\":-32700,\"message\":\"Parse error\","
                     "\"data\":{\"detail\":\"A value was expected at byte 0, but found 'o'.\",\"pointer\":\"\"}}}\n"
                     "{\"jsonrpc\":\"2.0\",\"id\":2,\"result\":{}}\n");
    free(out);
}

/* A line past the body limit is skipped whole and answered once; the next
 * line is read normally. */
Test(mcp, stdio_refuses_a_line_longer_than_the_body_limit_and_goes_on)
{
    size_t big = SVC_BODY_LIMIT + 100;
    static const char next[] = "\n{\"jsonrpc\":\"2.0\",\"id\":3,\"method\":\"ping\"}\n";
    char *input = malloc(big + sizeof next);
    cr_assert_not_null(input);
    memset(input, ' ', big);
    memcpy(input + big, next, sizeof next);
    char *out = run_stdio(input, big + sizeof next - 1);
    char *second = strchr(out, '\n');
    cr_assert_not_null(second);
    cr_expect(strstr(out, "\"code\":-32000") != NULL && strstr(out, "Message too large") < second, "%s", out);
    cr_expect_str_eq(second + 1, "{\"jsonrpc\":\"2.0\",\"id\":3,\"result\":{}}\n");
    free(out);
    free(input);
}

/* Running out of memory never ends the stdio transport (issue 16): with
 * the Nth allocation failing (alone, then with every later one), for every
 * N the two messages make, each line is the normal answer or a -32603
 * error for that message (its id, or null when even the line could not be
 * held), and nothing leaks (LeakSanitizer after the test). */
static bool stdio_line_is(const char *line, size_t len, const char *normal, const char *id)
{
    char oom[256];
    snprintf(oom, sizeof oom, "{\"jsonrpc\":\"2.0\",\"id\":%s,\"error\":{\"code\":-32603", id);
    char null_oom[256];
    snprintf(null_oom, sizeof null_oom, "{\"jsonrpc\":\"2.0\",\"id\":null,\"error\":{\"code\":-32603");
    return (len == strlen(normal) && memcmp(line, normal, len) == 0) ||
           (len >= strlen(oom) && memcmp(line, oom, strlen(oom)) == 0) ||
           (len >= strlen(null_oom) && memcmp(line, null_oom, strlen(null_oom)) == 0);
}

Test(mcp, stdio_answers_running_out_of_memory_with_minus_32603_and_reads_on)
{
    static const char input[] =
        "{\"jsonrpc\":\"2.0\",\"id\":7,\"method\":\"tools/call\",\"params\":{\"name\":"
        "\"validate_position\",\"arguments\":{\"position\":{\"players\":[\"red\",\"blue\"],"
        "\"tiles\":[{\"tile\":\"base.D\",\"x\":0,\"y\":0,\"rot\":0}],\"figures\":[]}}}}\n"
        "{\"jsonrpc\":\"2.0\",\"id\":8,\"method\":\"ping\"}\n";
    char *normal = run_stdio(input, sizeof input - 1);
    cr_assert(strncmp(normal, "{\"jsonrpc\":\"2.0\",\"id\":7,\"result\"", 32) == 0, "%s", normal);
    char *normal_second = strchr(normal, '\n');
    cr_assert_not_null(normal_second);
    *normal_second++ = '\0';
    normal_second[strcspn(normal_second, "\n")] = '\0';
    long n = 1;
    for (;; n++) {
        long failed_alone = 0;
        for (int persistent = 0; persistent <= 1; persistent++) {
            fa_arm(n, persistent);
            char *out = run_stdio(input, sizeof input - 1);
            fa_disarm();
            if (!persistent)
                failed_alone = fa_failed();
            char *second = strchr(out, '\n');
            cr_assert_not_null(second, "allocation %ld failing: one line only: %s", n, out);
            char *end = strchr(second + 1, '\n');
            cr_assert(end != NULL && end[1] == '\0', "allocation %ld failing: two lines: %s", n, out);
            cr_assert(stdio_line_is(out, (size_t)(second - out), normal, "7"),
                      "allocation %ld failing: first line: %s", n, out);
            cr_assert(stdio_line_is(second + 1, (size_t)(end - second - 1), normal_second, "8"),
                      "allocation %ld failing: second line: %s", n, out);
            free(out);
        }
        if (failed_alone == 0)
            break;
    }
    cr_assert_gt(n, 10, "the two messages make allocations to fail");
    free(normal);
}

/* ---- POST /mcp: the transport's header checks --------------------------------- */

static int post_mcp(const svc_context *ctx, const char *origin, const char *accept,
                    const char *type, const char *version)
{
    static const char ping[] = "{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"ping\"}";
    svc_request req = { .method = "POST", .path = "/mcp", .body = ping, .len = sizeof ping - 1,
                        .origin = origin, .accept = accept,
                        .content_type = type ? type : "application/json",
                        .mcp_protocol_version = version };
    svc_response res;
    svc_handle(ctx, &req, &res);
    cr_expect_str_eq(res.content_type, "application/json");
    int status = res.status;
    svc_response_free(&res);
    return status;
}

Test(mcp, post_mcp_checks_origin_accept_content_type_and_protocol_version)
{
    svc_context ctx = context();
    cr_expect_eq(post_mcp(&ctx, NULL, NULL, NULL, NULL), 200);
    cr_expect_eq(post_mcp(&ctx, "http://localhost", NULL, NULL, NULL), 200);
    cr_expect_eq(post_mcp(&ctx, "https://127.0.0.1:8443", NULL, NULL, NULL), 200);
    cr_expect_eq(post_mcp(&ctx, "http://[::1]:3000", NULL, NULL, NULL), 200);
    cr_expect_eq(post_mcp(&ctx, "http://localhost:", NULL, NULL, NULL), 403);
    cr_expect_eq(post_mcp(&ctx, "http://localhost.attacker.example", NULL, NULL, NULL), 403);
    cr_expect_eq(post_mcp(&ctx, "null", NULL, NULL, NULL), 403);
    ctx.mcp_origins = " https://chat.example.com ,https://other.example";
    cr_expect_eq(post_mcp(&ctx, "https://chat.example.com", NULL, NULL, NULL), 200);
    cr_expect_eq(post_mcp(&ctx, "https://other.example", NULL, NULL, NULL), 200);
    cr_expect_eq(post_mcp(&ctx, "https://chat.example.co", NULL, NULL, NULL), 403);
    ctx.mcp_origins = "*";
    cr_expect_eq(post_mcp(&ctx, "https://anyone.example", NULL, NULL, NULL), 200);
    ctx.mcp_origins = NULL;
    cr_expect_eq(post_mcp(&ctx, NULL, "application/json, text/event-stream", NULL, NULL), 200);
    cr_expect_eq(post_mcp(&ctx, NULL, "application/*;q=0.5", NULL, NULL), 200);
    cr_expect_eq(post_mcp(&ctx, NULL, "text/event-stream", NULL, NULL), 406);
    cr_expect_eq(post_mcp(&ctx, NULL, "application/json;q=0", NULL, NULL), 406);
    cr_expect_eq(post_mcp(&ctx, NULL, "application/jsonx", NULL, NULL), 406);
    cr_expect_eq(post_mcp(&ctx, NULL, NULL, "application/json;charset=utf-8", NULL), 200);
    cr_expect_eq(post_mcp(&ctx, NULL, NULL, "application/x-www-form-urlencoded", NULL), 415);
    cr_expect_eq(post_mcp(&ctx, NULL, NULL, "", NULL), 415);
    cr_expect_eq(post_mcp(&ctx, NULL, NULL, NULL, "2025-06-18"), 200);
    cr_expect_eq(post_mcp(&ctx, NULL, NULL, NULL, "2025-11-25"), 200);
    cr_expect_eq(post_mcp(&ctx, NULL, NULL, NULL, "2025-03-26"), 400);
}

Test(mcp, get_mcp_is_405_with_allow_post)
{
    svc_context ctx = context();
    svc_response res;
    svc_dispatch(&ctx, "GET", "/mcp", NULL, 0, &res);
    cr_expect_eq(res.status, 405);
    cr_expect_str_eq(res.allow, "POST");
    svc_response_free(&res);
}

/* ---- pictures ------------------------------------------------------------------ */

/* RFC 4648 section 10's test vectors. */
Test(mcp, base64_matches_the_rfc_4648_vectors)
{
    static const char *const in[] = { "", "f", "fo", "foo", "foob", "fooba", "foobar" };
    static const char *const out[] = { "", "Zg==", "Zm8=", "Zm9v", "Zm9vYg==", "Zm9vYmE=", "Zm9vYmFy" };
    for (size_t i = 0; i < 7; i++) {
        size_t len;
        char *b = mcp_base64((const unsigned char *)in[i], strlen(in[i]), &len);
        cr_assert_not_null(b);
        cr_expect_str_eq(b, out[i]);
        cr_expect_eq(len, strlen(out[i]));
        free(b);
    }
}

/* A tool about the board carries a PNG of it (drawn by POST /v1/render)
 * when the call asks for one (picture: true; issue 32: 25-61 KB, 93-98% of
 * a result, so never unasked); a tool about a card has none to give. */
Test(mcp, a_board_tool_result_carries_a_png_when_asked_and_a_card_tool_none)
{
    json_object *a = send("{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"tools/call\",\"params\":{\"name\":\"legal_placements\","
                          "\"arguments\":{\"position\":{\"players\":[\"red\",\"blue\"],\"tiles\":[{\"tile\":\"base.D\","
                          "\"x\":0,\"y\":0,\"rot\":0}],\"figures\":[]},\"tile\":\"base.E\",\"picture\":true}}}", 200);
    json_object *content = tu_member(tu_member(a, "result"), "content");
    cr_assert_eq(json_object_array_length(content), 3);
    json_object *image = json_object_array_get_idx(content, 2);
    cr_expect_str_eq(tu_str(image, "type"), "image");
    cr_expect_str_eq(tu_str(image, "mimeType"), "image/png");
    cr_expect(strncmp(tu_str(image, "data"), "iVBORw0KGgo", 11) == 0, "base64 of the PNG signature");
    json_object_put(a);
    a = send("{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"tools/call\",\"params\":{\"name\":\"rule_statement\","
             "\"arguments\":{\"id\":\"base.placement.edges\"}}}", 200);
    cr_expect_eq(json_object_array_length(tu_member(tu_member(a, "result"), "content")), 2);
    json_object_put(a);
}

/* Issue 31: barn_check's picture marks the corner asked about (show.barn),
 * refused or not: it is not the bare position describe_position draws. */
Test(mcp, barn_check_pictures_mark_the_corner_even_when_refused)
{
#define BARN_ARGS "\"position\":{\"expansions\":[\"abbey-mayor\"],\"players\":[\"red\",\"blue\"],\"tiles\":[" \
    "{\"tile\":\"base.D\",\"x\":0,\"y\":0,\"rot\":0}],\"figures\":[]},\"picture\":true"
    json_object *barn = send("{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"tools/call\",\"params\":{\"name\":\"barn_check\","
                             "\"arguments\":{" BARN_ARGS ",\"x\":0,\"y\":0,\"at\":\"NE\"}}}", 200);
    json_object *plain = send("{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"tools/call\",\"params\":{\"name\":\"describe_position\","
                              "\"arguments\":{" BARN_ARGS "}}}", 200);
#undef BARN_ARGS
    json_object *a = tu_member(tu_member(barn, "result"), "content"), *b = tu_member(tu_member(plain, "result"), "content");
    cr_assert_eq(json_object_array_length(a), 3, "barn_check draws a picture");
    const char *with = tu_str(json_object_array_get_idx(a, 2), "data");
    const char *without = tu_str(json_object_array_get_idx(b, json_object_array_length(b) - 1), "data");
    cr_expect(strcmp(with, without) != 0, "the refused corner is marked on the picture");
    json_object_put(barn);
    json_object_put(plain);
}

/* tree.c: a message is judged by the reader every route uses (same
 * refusal, pointer and detail as a request body), and what passes is held
 * as the same tree json-c would build from it, however deep. */
Test(mcp, a_message_is_read_by_the_routes_reader_and_copied_whole)
{
    static const char *const refused[] = {
        "{\"a\":1,\"a\":2}", "{\"x\":NaN}", "[1e400]", "{\"s\":\"\\ud800\"}", "{'a':1}", "[1,]",
    };
    for (size_t i = 0; i < sizeof refused / sizeof refused[0]; i++) {
        json_object *tree = NULL;
        cc_error mine, route;
        memset(&mine, 0, sizeof mine);
        memset(&route, 0, sizeof route);
        cr_expect_not(mcp_json_tree(refused[i], strlen(refused[i]), &tree, &mine), "%s", refused[i]);
        cr_expect_null(tree);
        jr_doc *doc = malloc(sizeof *doc);
        cr_assert_not_null(doc);
        cr_expect_not(jr_parse(doc, refused[i], strlen(refused[i]), JR_MAX_DEPTH, &route));
        jr_doc_free(doc);
        free(doc);
        cr_expect_eq(mine.status, route.status, "%s", refused[i]);
        cr_expect_str_eq(mine.pointer, route.pointer, "%s", refused[i]);
        cr_expect_str_eq(mine.detail, route.detail, "%s", refused[i]);
    }
    char deep[4 * JR_MAX_DEPTH + 64];
    size_t n = 0;
    for (int d = 0; d < JR_MAX_DEPTH - 1; d++)       /* {"k":[{"k":[ ... */
        n += (size_t)sprintf(deep + n, "%s", d % 2 ? "[" : "{\"k\":");
    n += (size_t)sprintf(deep + n, "[null,true,-3,0.25,\"\\u00e9\\n\"]");
    for (int d = JR_MAX_DEPTH - 2; d >= 0; d--)
        deep[n++] = d % 2 ? ']' : '}';
    deep[n] = '\0';
    const char *const kept[] = { deep, "{\"id\":7,\"params\":{\"a\":[],\"b\":{},\"c\":\"\"}}", "3", "null" };
    for (size_t i = 0; i < sizeof kept / sizeof kept[0]; i++) {
        json_tokener *tok = json_tokener_new_ex(JR_MAX_DEPTH + 1);   /* json-c's default is 32 */
        json_object *tree = NULL, *want = json_tokener_parse_ex(tok, kept[i], (int)strlen(kept[i]) + 1);
        json_tokener_free(tok);
        cr_assert(want != NULL || strcmp(kept[i], "null") == 0, "%.80s", kept[i]);
        cc_error err;
        cr_assert(mcp_json_tree(kept[i], strlen(kept[i]), &tree, &err), "%s: %s", kept[i], err.detail);
        cr_expect(json_object_equal(tree, want), "%.80s", kept[i]);
        json_object_put(tree);
        json_object_put(want);
    }
}

/* ---- issue 32: no hang, lean tools, answers a model can use ---------------------- */

/* A message the strict reader refuses but that is valid JSON (a number
 * outside the 64-bit range, nesting past 64, a duplicate name) is answered
 * with its own id: with id null the SDK cannot match the answer and the
 * call hangs until its timeout (issue 32: 15 s measured). A tool's
 * argument is the tool's isError result with its pointer, the rest of
 * params -32602, the envelope -32600. */
Test(mcp, a_valid_json_message_the_reader_refuses_is_answered_with_its_id)
{
    json_object *a = send("{\"jsonrpc\":\"2.0\",\"id\":7,\"method\":\"tools/call\",\"params\":{\"name\":\"score\","
                          "\"arguments\":{\"position\":{\"players\":[\"a\",\"b\"],\"tiles\":[],\"figures\":[]},"
                          "\"x\":1e400,\"y\":0}}}", 200);
    cr_expect_eq(tu_int(a, "id"), 7);
    json_object *result = tu_member(a, "result");
    cr_expect(json_object_get_boolean(tu_member(result, "isError")));
    const char *text = tu_str(json_object_array_get_idx(tu_member(result, "content"), 0), "text");
    cr_expect(strstr(text, "At fault: the argument /x.") != NULL, "%s", text);
    json_object_put(a);

    a = send("{\"jsonrpc\":\"2.0\",\"id\":\"s\",\"method\":\"resources/read\",\"params\":"
             "{\"uri\":123456789012345678901234567890}}", 200);
    cr_expect_str_eq(tu_str(a, "id"), "s");
    cr_expect_eq(error_code(a), -32602);
    cr_expect_str_eq(tu_str(tu_member(tu_member(a, "error"), "data"), "pointer"), "/params/uri");
    json_object_put(a);

    /* An id past 2^63 is written back as it came. */
    svc_context ctx = context();
    mcp_reply r;
    static const char big[] = "{\"jsonrpc\":\"2.0\",\"id\":9223372036854775808,\"method\":\"ping\"}";
    mcp_handle(&ctx, big, sizeof big - 1, &r);
    cr_expect_eq(r.status, 400);
    cr_expect(strstr(r.body, "\"id\":9223372036854775808,") != NULL, "%s", r.body);
    cr_expect(strstr(r.body, "-32600") != NULL, "%s", r.body);
    mcp_reply_free(&r);

    /* Nesting far past 64 (and past any stack) in a tool's arguments. */
    size_t depth = 100000;
    static const char head[] = "{\"jsonrpc\":\"2.0\",\"id\":9,\"method\":\"tools/call\",\"params\":{\"name\":"
                               "\"describe_position\",\"arguments\":{\"position\":";
    char *msg = malloc(sizeof head + 2 * depth + 8);
    cr_assert_not_null(msg);
    size_t n = 0;
    memcpy(msg, head, sizeof head - 1);
    n += sizeof head - 1;
    memset(msg + n, '[', depth);
    n += depth;
    memset(msg + n, ']', depth);
    n += depth;
    memcpy(msg + n, "}}}", 3);
    n += 3;
    mcp_handle(&ctx, msg, n, &r);
    cr_expect_eq(r.status, 200);
    json_object *o = json_tokener_parse(r.body);
    cr_expect_eq(tu_int(o, "id"), 9);
    cr_expect(json_object_get_boolean(tu_member(tu_member(o, "result"), "isError")));
    json_object_put(o);
    mcp_reply_free(&r);
    /* The same, one byte short: not JSON, so id null. */
    mcp_handle(&ctx, msg, n - 1, &r);
    cr_expect_eq(r.status, 400);
    cr_expect(strstr(r.body, "\"id\":null") != NULL);
    mcp_reply_free(&r);
    free(msg);

    a = send("{\"jsonrpc\":\"2.0\",\"id\":1,\"id\":2,\"method\":\"ping\"}", 400);
    cr_expect_eq(tu_int(a, "id"), 2, "the last of two ids, as JSON parsers read it");
    cr_expect_eq(error_code(a), -32600);
    json_object_put(a);

    /* A string id with escapes comes back as it was written. */
    a = send("{\"jsonrpc\":\"2.0\",\"id\":\"\\u00e9\\\"\",\"method\":\"ping\",\"params\":{\"x\":1e400}}", 200);
    cr_expect_str_eq(tu_str(a, "id"), "\xc3\xa9\"");
    cr_expect_eq(error_code(a), -32602);
    json_object_put(a);
    /* Not JSON after all (a byte that is not UTF-8, a bad escape, a bare
     * word): id null, as before. */
    static const char *const not_json[] = {
        "{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"ping\",\"params\":{\"x\":1e400,\"s\":\"\xff\"}}",
        "{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"ping\",\"params\":{\"x\":1e400,\"s\":\"\\q\"}}",
        "{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"ping\",\"params\":{\"x\":1e400,\"s\":nul}}",
        "{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"ping\",\"params\":{\"x\":1e400}} x",
    };
    for (size_t i = 0; i < sizeof not_json / sizeof not_json[0]; i++) {
        a = send(not_json[i], 400);
        cr_expect_eq(error_code(a), -32700, "%s", not_json[i]);
        cr_expect(tu_member(a, "id") == NULL, "%s: id null", not_json[i]);
        json_object_put(a);
    }
}

/* tools/list costs a model at most 25 KB in every language (issue 32: 74 KB
 * before, the position schema repeated in ten tools), and every tool keeps
 * one worked example, points to the notation guide, and says whether a
 * picture comes (`picture`: the tools that draw one). */
Test(mcp, the_tool_definitions_are_at_most_25_kb_in_every_language)
{
    size_t nlang;
    const txt_language *langs = txt_languages(&nlang);
    for (size_t l = 0; l < nlang; l++) {
        svc_context ctx = context();
        ctx.lang = langs[l].code;
        mcp_reply r;
        static const char list[] = "{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"tools/list\"}";
        mcp_handle(&ctx, list, sizeof list - 1, &r);
        json_object *o = json_tokener_parse(r.body);
        json_object *tools = tu_member(tu_member(o, "result"), "tools");
        const char *text = json_object_to_json_string_ext(tools, JSON_C_TO_STRING_PLAIN |
                                                                     JSON_C_TO_STRING_NOSLASHESCAPE);
        cr_expect_leq(strlen(text), 25 * 1024, "%s: %zu bytes", langs[l].code, strlen(text));
        for (size_t i = 0; i < json_object_array_length(tools); i++) {
            json_object *t = json_object_array_get_idx(tools, i);
            const char *d = tu_str(t, "description");
            cr_expect(strstr(d, "carcassonne-rules://guide/notation") != NULL, "%s", tu_str(t, "name"));
            json_object *examples = tu_member(tu_member(t, "inputSchema"), "examples");
            cr_expect_eq(json_object_array_length(examples), 1, "%s", tu_str(t, "name"));
            bool draws = json_object_object_get_ex(tu_member(tu_member(t, "inputSchema"), "properties"),
                                                   "picture", NULL);
            cr_expect_eq(draws, strstr(d, "`picture: true`") != NULL, "%s", tu_str(t, "name"));
        }
        json_object_put(o);
        mcp_reply_free(&r);
    }
}

/* What a model reads names tools and resources, never the HTTP side it
 * cannot call: no route, no method, no status code (issue 32: "(422)",
 * "GET /v1/tiles lists..."). */
Test(mcp, tool_texts_name_no_http_route_or_status)
{
    static const char *const calls[] = {
        "{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"tools/list\"}",
        "{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"resources/templates/list\"}",
        "{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"resources/list\"}",
        "{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"prompts/list\"}",
        "{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"tools/call\",\"params\":{\"name\":\"tile_facts\","
        "\"arguments\":{\"id\":\"base.Z\"}}}",
        "{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"tools/call\",\"params\":{\"name\":\"validate_position\","
        "\"arguments\":{\"position\":{\"players\":[\"a\"],\"tiles\":[],\"figures\":[]}}}}",
    };
    for (size_t i = 0; i < sizeof calls / sizeof calls[0]; i++) {
        json_object *a = send(calls[i], 200);
        const char *text = json_object_to_json_string(a);
        cr_expect_null(strstr(text, "/v1/"), "%s", calls[i]);
        cr_expect_null(strstr(text, "GET "), "%s", calls[i]);
        cr_expect_null(strstr(text, "(400)"), "%s", calls[i]);
        cr_expect_null(strstr(text, "(404)"), "%s", calls[i]);
        cr_expect_null(strstr(text, "(422)"), "%s", calls[i]);
        json_object_put(a);
    }
}

/* "Is this position possible?" answered no is an answer, not an error:
 * valid false, the problem with the rule it breaks (base.placement.edges,
 * rules page "Base game, 1. Placing a tile"); isError stays for malformed
 * calls. */
Test(mcp, validate_position_answers_an_impossible_position_with_the_rule_it_breaks)
{
    json_object *a = send("{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"tools/call\",\"params\":{\"name\":\"validate_position\","
                          "\"arguments\":{\"position\":{\"players\":[\"red\",\"blue\"],\"tiles\":[{\"tile\":\"base.D\","
                          "\"x\":0,\"y\":0,\"rot\":0},{\"tile\":\"base.E\",\"x\":0,\"y\":-1,\"rot\":0}],\"figures\":[]}}}}", 200);
    json_object *result = tu_member(a, "result");
    cr_expect(!json_object_get_boolean(tu_member(result, "isError")));
    json_object *s = tu_member(result, "structuredContent");
    cr_expect(!json_object_get_boolean(tu_member(s, "valid")));
    json_object *p = json_object_array_get_idx(tu_member(s, "problems"), 0);
    cr_expect_str_eq(tu_str(p, "rule"), "base.placement.edges");
    cr_expect_str_eq(tu_str(p, "pointer"), "/position/tiles/1");
    const char *text = tu_str(json_object_array_get_idx(tu_member(result, "content"), 0), "text");
    cr_expect(strstr(text, "not possible") && strstr(text, "base.placement.edges: "), "%s", text);
    json_object_put(a);
    a = send("{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"tools/call\",\"params\":{\"name\":\"validate_position\","
             "\"arguments\":{\"position\":{\"players\":[\"red\",\"blue\"],\"tiles\":[{\"tile\":\"base.D\","
             "\"x\":0,\"y\":0,\"rot\":45}],\"figures\":[]}}}}", 200);
    cr_expect(json_object_get_boolean(tu_member(tu_member(a, "result"), "isError")), "malformed: isError");
    json_object_put(a);
}

/* score with final: true says who won, and the standings, in its text
 * (rules page "Base game, End of the game"): red's city (D closed by E)
 * scores 4 at the end, blue's road (D, U) 2. */
Test(mcp, final_scoring_states_the_standings_and_the_winner_in_words)
{
    json_object *a = send("{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"tools/call\",\"params\":{\"name\":\"score\","
                          "\"arguments\":{\"final\":true,\"position\":{\"players\":[\"red\",\"blue\"],\"tiles\":["
                          "{\"tile\":\"base.D\",\"x\":0,\"y\":0,\"rot\":0},{\"tile\":\"base.U\",\"x\":1,\"y\":0,\"rot\":0}],"
                          "\"figures\":[{\"player\":\"red\",\"kind\":\"meeple\",\"x\":0,\"y\":0,\"at\":\"N\"},"
                          "{\"player\":\"blue\",\"kind\":\"meeple\",\"x\":1,\"y\":0,\"at\":\"E\"}]}}}}", 200);
    const char *text = tu_str(json_object_array_get_idx(tu_member(tu_member(a, "result"), "content"), 0),
                              "text");
    cr_expect(strstr(text, "Final standings: 1. blue 2 and 2. red 1.") != NULL, "%s", text);
    cr_expect(strstr(text, "The winner: blue.") != NULL, "%s", text);
    json_object_put(a);
}

/* Prompts and resources: every one titled, in the call's language. */
Test(mcp, prompt_titles_are_translated_and_every_resource_is_titled)
{
    svc_context ctx = context();
    ctx.lang = "de";
    mcp_reply r;
    static const char prompts[] = "{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"prompts/list\"}";
    mcp_handle(&ctx, prompts, sizeof prompts - 1, &r);
    json_object *o = json_tokener_parse(r.body);
    json_object *list = tu_member(tu_member(o, "result"), "prompts");
    cr_assert_eq(json_object_array_length(list), 4);
    cr_expect_str_eq(tu_str(json_object_array_get_idx(list, 0), "title"), "Eine Entscheidung erklären");
    json_object_put(o);
    mcp_reply_free(&r);
    char msg[160] = "{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"resources/list\"}";
    size_t total = 0;
    for (int page = 0; page < 10; page++) {
        json_object *a = send(msg, 200);
        json_object *resources = tu_member(tu_member(a, "result"), "resources");
        for (size_t i = 0; i < json_object_array_length(resources); i++) {
            json_object *res = json_object_array_get_idx(resources, i);
            cr_expect(json_object_object_get_ex(res, "title", NULL) && tu_str(res, "title")[0],
                      "%s has a title", tu_str(res, "uri"));
        }
        total += json_object_array_length(resources);
        json_object *next = NULL;
        if (!json_object_object_get_ex(tu_member(a, "result"), "nextCursor", &next)) {
            json_object_put(a);
            break;
        }
        cr_expect_eq(json_object_array_length(resources), 50, "a full page");
        snprintf(msg, sizeof msg, "{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"resources/list\","
                 "\"params\":{\"cursor\":\"%s\"}}", json_object_get_string(next));
        json_object_put(a);
    }
    size_t nrules;
    cc_rules(&nrules);
    cr_expect_eq(total, 3 + nrules, "every page together: the guide, two catalogs, each rule");
    static const char *const bad[] = { "r7", "r0", "x", "r100000", "r50x" };
    for (size_t i = 0; i < 5; i++) {
        snprintf(msg, sizeof msg, "{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"resources/list\","
                 "\"params\":{\"cursor\":\"%s\"}}", bad[i]);
        json_object *a = send(msg, 200);
        cr_expect_eq(error_code(a), -32602, "%s", bad[i]);
        json_object_put(a);
    }
}

static json_object *complete(const char *ref, const char *argument, const char *context_args)
{
    char msg[512];
    snprintf(msg, sizeof msg, "{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"completion/complete\",\"params\":"
             "{\"ref\":%s,\"argument\":%s%s%s%s}}", ref, argument,
             context_args ? ",\"context\":{\"arguments\":" : "", context_args ? context_args : "",
             context_args ? "}" : "");
    return send(msg, 200);
}

static bool offers(json_object *a, const char *value)
{
    json_object *values = tu_member(tu_member(tu_member(a, "result"), "completion"), "values");
    for (size_t i = 0; i < json_object_array_length(values); i++)
        if (strcmp(json_object_get_string(json_object_array_get_idx(values, i)), value) == 0)
            return true;
    return false;
}

/* completion/complete: rule ids, tile ids (within an expansion), the
 * locations of a tile, expansions; prompt arguments and resource
 * templates alike. */
Test(mcp, completion_offers_rule_ids_tiles_locations_and_expansions)
{
    json_object *a = complete("{\"type\":\"ref/prompt\",\"name\":\"explain_rule\"}",
                              "{\"name\":\"rule\",\"value\":\"base.placement.e\"}", NULL);
    cr_expect(offers(a, "base.placement.edges") && offers(a, "base.placement.empty-cell"));
    cr_expect(!offers(a, "base.placement.adjacent"));
    cr_expect_eq(tu_int(tu_member(tu_member(a, "result"), "completion"), "total"), 2);
    json_object_put(a);
    a = complete("{\"type\":\"ref/resource\",\"uri\":\"carcassonne-rules://tiles/{id}\"}",
                 "{\"name\":\"id\",\"value\":\"BASE.\"}", NULL);
    cr_expect(offers(a, "base.D") && !offers(a, "abbey-mayor.abbey"));
    json_object_put(a);
    a = complete("{\"type\":\"ref/prompt\",\"name\":\"explain_tile\"}", "{\"name\":\"tile\",\"value\":\"\"}",
                 "{\"expansion\":\"hills-sheep\"}");
    cr_expect(!offers(a, "base.D"));
    cr_expect_gt(tu_int(tu_member(tu_member(a, "result"), "completion"), "total"), 0);
    json_object_put(a);
    a = complete("{\"type\":\"ref/prompt\",\"name\":\"explain_tile\"}", "{\"name\":\"location\",\"value\":\"\"}",
                 "{\"tile\":\"base.D\"}");
    /* base.D (CRFR): the city N, the road E-W, the fields either side of
     * it (ENE ... WSW); no cloister C, no field half on the city's edge. */
    cr_expect(offers(a, "N") && offers(a, "E") && offers(a, "ENE") && offers(a, "SSW"));
    cr_expect(!offers(a, "C") && !offers(a, "NNE") && !offers(a, "SE"));
    json_object_put(a);
    a = complete("{\"type\":\"ref/prompt\",\"name\":\"explain_tile\"}", "{\"name\":\"expansion\",\"value\":\"a\"}",
                 NULL);
    cr_expect(offers(a, "abbey-mayor") && !offers(a, "base"));
    json_object_put(a);
    a = complete("{\"type\":\"ref/prompt\",\"name\":\"explain_ruling\"}", "{\"name\":\"question\",\"value\":\"x\"}",
                 NULL);
    cr_expect_eq(json_object_array_length(tu_member(tu_member(tu_member(a, "result"), "completion"), "values")), 0);
    json_object_put(a);
    a = complete("{\"type\":\"ref/prompt\",\"name\":\"nope\"}", "{\"name\":\"x\",\"value\":\"\"}", NULL);
    cr_expect_eq(error_code(a), -32602);
    json_object_put(a);
    a = complete("{\"type\":\"ref/resource\",\"uri\":\"carcassonne-rules://nope/{id}\"}",
                 "{\"name\":\"id\",\"value\":\"\"}", NULL);
    cr_expect_eq(error_code(a), -32602);
    json_object_put(a);
}

/* logging: initialize declares it; setLevel takes the eight levels of RFC
 * 5424 (else -32602); over stdio a session that asked gets a
 * notifications/message for each tool call, before its answer. */
Test(mcp, logging_set_level_and_stdio_log_messages)
{
    json_object *a = send("{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"logging/setLevel\",\"params\":{\"level\":\"loud\"}}",
                          200);
    cr_expect_eq(error_code(a), -32602);
    json_object_put(a);
    static const char input[] =
        "{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"tools/call\",\"params\":{\"name\":\"tile_facts\",\"arguments\":{\"id\":\"base.D\"}}}\n"
        "{\"jsonrpc\":\"2.0\",\"id\":2,\"method\":\"logging/setLevel\",\"params\":{\"level\":\"info\"}}\n"
        "{\"jsonrpc\":\"2.0\",\"id\":3,\"method\":\"tools/call\",\"params\":{\"name\":\"tile_facts\",\"arguments\":{\"id\":\"base.D\"}}}\n"
        "{\"jsonrpc\":\"2.0\",\"id\":4,\"method\":\"tools/call\",\"params\":{\"name\":\"tile_facts\",\"arguments\":{\"id\":\"base.Z\"}}}\n";
    char *out = run_stdio(input, sizeof input - 1);
    int lines = 0;
    for (const char *p = out; *p; p++)
        lines += *p == '\n';
    cr_expect_eq(lines, 6, "four answers, two log messages after setLevel: %s", out);
    const char *info = strstr(out, "\"method\":\"notifications/message\",\"params\":{\"level\":\"info\"");
    const char *warn = strstr(out, "\"level\":\"warning\"");
    cr_expect(info && info > strstr(out, "\"id\":2") && info < strstr(out, "\"id\":3"), "%s", out);
    cr_expect(warn && warn < strstr(out, "\"id\":4") && strstr(warn, "\"pointer\":\"/id\""), "%s", out);
    free(out);
}

/* POST /mcp: refusals made before the route (a malformed lang=, a body
 * over the limit) are JSON-RPC errors too, not problem+json. */
Test(mcp, post_mcp_refuses_a_bad_lang_and_a_large_body_as_json_rpc)
{
    svc_context ctx = context();
    static const char ping[] = "{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"ping\"}";
    svc_request req = { .method = "POST", .path = "/mcp?lang=!!", .body = ping, .len = sizeof ping - 1,
                        .content_type = "application/json" };
    svc_response res;
    svc_handle(&ctx, &req, &res);
    cr_expect_eq(res.status, 400);
    cr_expect_str_eq(res.content_type, "application/json");
    json_object *o = json_tokener_parse(res.body ? res.body : res.static_body);
    cr_expect_eq(error_code(o), -32000);
    cr_expect(json_object_object_get_ex(o, "id", NULL) && tu_member(o, "id") == NULL);
    json_object_put(o);
    svc_response_free(&res);
    req.path = "/mcp";
    req.len = SVC_BODY_LIMIT + 1;   /* the length is all the dispatcher reads first */
    svc_handle(&ctx, &req, &res);
    cr_expect_eq(res.status, 413);
    cr_expect_str_eq(res.content_type, "application/json");
    o = json_tokener_parse(res.body ? res.body : res.static_body);
    cr_expect_str_eq(tu_str(tu_member(o, "error"), "message"), "Body too large");
    json_object_put(o);
    svc_response_free(&res);
    /* Other routes keep their problem+json. */
    req.path = "/v1/validate?lang=!!";
    req.len = sizeof ping - 1;
    svc_handle(&ctx, &req, &res);
    cr_expect_str_eq(res.content_type, "application/problem+json");
    svc_response_free(&res);
}
