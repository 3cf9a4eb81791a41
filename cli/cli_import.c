/* cli_import.c -- `carcassonne-rules import`: a JCloisterZone saved game's
 * position, for scripts.
 *
 * Owns: the command line of the import. It asks the dispatcher the same
 * question POST /v1/import/jcz[?turn=N] answers (svc_handle, no server)
 * and prints the answer's position (contract section 3), one line of
 * JSON ready to send to any route; --answer prints the whole answer
 * instead (turn, turns, game_over, next, every turn's move and events).
 *
 *   carcassonne-rules import game.jcz              after the last move
 *   carcassonne-rules import --turn 12 game.jcz    before turn 12
 *   carcassonne-rules import - < game.jcz          the file on stdin
 *
 * Exit: CLI_OK with the position; CLI_PROBLEM with the problem+json on
 * stdout (a file out of scope, a move the rules forbid, a turn out of
 * range); CLI_USAGE for a usage error or an unreadable file.
 */
#include <getopt.h>
#include <stdlib.h>
#include <string.h>

#include <json-c/json.h>

#include "cli.h"

#define TURN_TEXT_MAX 16

static void usage(FILE *out)
{
    fprintf(out,
            "usage: carcassonne-rules import [--catalog FILE] [--turn N] [--answer] GAME.jcz\n"
            "  Reads a JCloisterZone / FanCloisterZone saved game, replays it through the\n"
            "  rules and prints the position (one line of JSON) after its last move, or\n"
            "  before turn N (turns count from 1, abbeys included). GAME.jcz \"-\": stdin.\n"
            "  --turn N            the position before turn N\n"
            "  --answer            print the whole answer of POST /v1/import/jcz instead\n"
            "  --catalog FILE      a SQLite tile catalog instead of the embedded one\n"
            "  exit status: 0 the position, 1 a problem (printed as problem+json),\n"
            "               2 a usage error or an unreadable file\n");
}

/* A turn number as the route's query takes it; false if it is none. */
static bool turn_arg(const char *s, char *query, size_t size)
{
    const char *end = NULL;
    long n = 0;
    if (!svc_decimal(s, 100000, &n, &end) || *end != '\0' || n < 1)
        return false;
    snprintf(query, size, "turn=%.6s", s);   /* plain digits, at most 100000 */
    return true;
}

/* Print what the import answered: the position, or all of it. */
static int print(const svc_response *res, bool whole)
{
    const char *body = res->body ? res->body : res->static_body;
    size_t len = body ? res->len : 0;
    bool ok = res->status >= 200 && res->status <= 299;
    if (!ok || whole)
        return cli_write_answer(body, len, res->content_type) && ok ? CLI_OK : CLI_PROBLEM;
    json_object *answer = json_tokener_parse(body), *position = NULL;
    if (answer == NULL || !json_object_object_get_ex(answer, "position", &position)) {
        json_object_put(answer);
        fprintf(stderr, "carcassonne-rules import: the answer has no position\n");
        return CLI_PROBLEM;
    }
    const char *text = json_object_to_json_string_ext(position,
                                                      JSON_C_TO_STRING_PLAIN | JSON_C_TO_STRING_NOSLASHESCAPE);
    bool written = cli_write_answer(text, strlen(text), NULL);
    json_object_put(answer);
    if (!written) {
        fprintf(stderr, "carcassonne-rules import: cannot write the position to stdout\n");
        return CLI_PROBLEM;
    }
    return CLI_OK;
}

int cli_import(int argc, char **argv)
{
    static const struct option longopts[] = {
        { "catalog", required_argument, NULL, 'c' },
        { "turn", required_argument, NULL, 't' },
        { "answer", no_argument, NULL, 'a' },
        { "help", no_argument, NULL, 'h' },
        { NULL, 0, NULL, 0 },
    };
    const char *catalog = NULL;
    char query[TURN_TEXT_MAX] = "";
    bool whole = false;
    int ch;
    optind = 1;
    while ((ch = getopt_long(argc, argv, "", longopts, NULL)) != -1) {
        switch (ch) {
        case 'c': catalog = optarg; break;
        case 't':
            if (!turn_arg(optarg, query, sizeof query)) {
                fprintf(stderr, "carcassonne-rules import: --turn wants a turn number, 1 or more, "
                                "not \"%s\"\n", optarg);
                return CLI_USAGE;
            }
            break;
        case 'a': whole = true; break;
        case 'h': usage(stdout); return CLI_OK;
        default: usage(stderr); return CLI_USAGE;
        }
    }
    if (argc - optind != 1) {
        fprintf(stderr, "carcassonne-rules import: %s\n",
                argc - optind == 0 ? "which saved game? (GAME.jcz, or - for stdin)"
                                   : "one saved game at a time");
        usage(stderr);
        return CLI_USAGE;
    }
    svc_request req = { 0 };
    char *body = NULL;
    if (!cli_read_body(argv[optind], SVC_BODY_LIMIT, &body, &req.len))
        return CLI_USAGE;
    req.method = "POST";
    req.path = "/v1/import/jcz";
    req.query = query[0] ? query : NULL;
    req.body = body;
    req.content_type = "application/json";
    cc_catalog cat;
    svc_context ctx;
    if (!cli_context_open(catalog, &cat, &ctx)) {
        free(body);
        return CLI_USAGE;
    }
    svc_response res;
    if (req.len > SVC_BODY_LIMIT) {
        memset(&res, 0, sizeof res);
        svc_fail(&res, 413, "", "Body too large", "the saved game has more than %d bytes; the limit is %d",
                 SVC_BODY_LIMIT, SVC_BODY_LIMIT);
    } else {
        svc_handle(&ctx, &req, &res);
    }
    int status = print(&res, whole);
    svc_response_free(&res);
    cli_context_close(&cat);
    free(body);
    return status;
}
