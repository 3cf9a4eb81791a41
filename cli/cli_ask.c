/* cli_ask.c -- `carcassonne-rules ask`: one request, no server.
 *
 * Owns: turning a command line into one svc_request, handing it to the
 * same dispatcher the HTTP server uses (svc_handle), and the answer to
 * stdout and the exit status. Client test suites run their questions this
 * way in CI without starting a server; the answers are byte for byte the
 * server's.
 *
 *   carcassonne-rules ask /v1/placements position.json    POST, body from a file
 *   carcassonne-rules ask /v1/score < question.json       POST, body from stdin
 *   carcassonne-rules ask GET /v1/tiles/base.D            any method, first
 *
 * Exit: CLI_OK for a 2xx answer, CLI_PROBLEM for a problem (its
 * problem+json on stdout), CLI_USAGE for a usage error or unreadable FILE.
 */
#include <getopt.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "cli.h"

static void usage(FILE *out)
{
    fprintf(out,
            "usage: carcassonne-rules ask [--catalog FILE] [-H 'NAME: VALUE']... [METHOD] PATH [FILE]\n"
            "  Answers one request through the service's dispatcher, without a server,\n"
            "  and prints the answer on stdout. METHOD defaults to POST; a POST body is\n"
            "  read from FILE, or from stdin when FILE is absent or \"-\". The body limit\n"
            "  is the server's (1 MiB).\n"
            "  --catalog FILE      a SQLite tile catalog instead of the embedded one\n"
            "  -H, --header 'NAME: VALUE'  a request header the routes read: Content-Type,\n"
            "                      Accept or Accept-Language\n"
            "  exit status: 0 a 2xx answer, 1 a problem (printed as problem+json),\n"
            "               2 a usage error or an unreadable FILE\n"
            "  examples:\n"
            "    carcassonne-rules ask /v1/placements question.json\n"
            "    carcassonne-rules ask GET /v1/tiles/base.D\n");
}

static bool is_method(const char *s)
{
    static const char *const methods[] = { "GET", "HEAD", "POST", "PUT", "DELETE",
                                           "PATCH", "OPTIONS" };
    for (size_t i = 0; i < sizeof methods / sizeof methods[0]; i++)
        if (strcmp(s, methods[i]) == 0)
            return true;
    return false;
}

/* "Name: value" into the request field it names (borrowing arg). */
static bool parse_header(char *arg, svc_request *req)
{
    char *colon = strchr(arg, ':');
    if (colon == NULL)
        return false;
    *colon = '\0';
    const char *value = colon + 1;
    while (*value == ' ' || *value == '\t')
        value++;
    if (strcasecmp(arg, "Content-Type") == 0)
        req->content_type = value;
    else if (strcasecmp(arg, "Accept") == 0)
        req->accept = value;
    else if (strcasecmp(arg, "Accept-Language") == 0)
        req->accept_language = value;
    else
        return false;
    return true;
}

/* The request's method and path from the positional arguments, and the
 * body file (NULL: stdin). Returns false on a usage error (said on stderr). */
static bool parse_target(int n, char **args, svc_request *req, const char **file)
{
    int at = 0;
    req->method = "POST";
    if (n > 0 && is_method(args[0]))
        req->method = args[at++];
    if (at >= n) {
        fprintf(stderr, "carcassonne-rules ask: which PATH? (e.g. /v1/placements)\n");
        return false;
    }
    req->path = args[at++];
    if (req->path[0] != '/') {
        fprintf(stderr, "carcassonne-rules ask: PATH must start with '/', not \"%s\"\n", req->path);
        return false;
    }
    *file = at < n ? args[at++] : NULL;
    if (at < n) {
        fprintf(stderr, "carcassonne-rules ask: unexpected argument \"%s\"\n", args[at]);
        return false;
    }
    bool bodiless = strcmp(req->method, "GET") == 0 || strcmp(req->method, "HEAD") == 0;
    if (bodiless && *file != NULL) {
        fprintf(stderr, "carcassonne-rules ask: %s takes no body, but FILE \"%s\" was given\n",
                req->method, *file);
        return false;
    }
    return true;
}

int cli_ask(int argc, char **argv)
{
    static const struct option longopts[] = {
        { "catalog", required_argument, NULL, 'c' },
        { "header", required_argument, NULL, 'H' },
        { "help", no_argument, NULL, 'h' },
        { NULL, 0, NULL, 0 },
    };
    /* A body read from a file is JSON unless -H says otherwise (the server
     * answers 415 to a body not declared JSON; that guards web pages, not
     * this command). */
    svc_request req = { .content_type = "application/json" };
    const char *catalog = NULL;
    int ch;
    optind = 1;
    /* "+": stop at the first positional argument, so a body file named
     * like an option after PATH is still a file. */
    while ((ch = getopt_long(argc, argv, "+H:", longopts, NULL)) != -1) {
        switch (ch) {
        case 'c': catalog = optarg; break;
        case 'H':
            if (!parse_header(optarg, &req)) {
                fprintf(stderr, "carcassonne-rules ask: --header wants 'NAME: VALUE' with NAME "
                                "Content-Type, Accept or Accept-Language\n");
                return CLI_USAGE;
            }
            break;
        case 'h': usage(stdout); return CLI_OK;
        default: usage(stderr); return CLI_USAGE;
        }
    }
    const char *file = NULL;
    if (!parse_target(argc - optind, argv + optind, &req, &file)) {
        usage(stderr);
        return CLI_USAGE;
    }
    char *body = NULL;
    bool wants_body = strcmp(req.method, "GET") != 0 && strcmp(req.method, "HEAD") != 0;
    if (wants_body && !cli_read_body(file, SVC_BODY_LIMIT, &body, &req.len))
        return CLI_USAGE;
    req.body = body;

    int status = cli_answer(catalog, &req);
    free(body);
    return status;
}
