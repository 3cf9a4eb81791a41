/* cli_mcp.c -- `carcassonne-rules mcp`: the Model Context Protocol over
 * stdio, for chat clients that start their tools as a subprocess.
 *
 * Owns: the command line of the stdio transport. The server itself is
 * service/mcp/ (mcp_stdio), the same handler as POST /mcp: JSON-RPC
 * messages one per line on stdin, each answer one line on stdout, one JSON
 * log line per message on stderr (unless --no-access-log or
 * ACCESS_LOG=off). It ends at the end of stdin. --lang (or env
 * CARCASSONNE_LANG) is the language of every message, as lang= is on
 * POST /mcp: stdio has no header to carry it, and MCP's initialize none.
 *
 * Exit: CLI_OK at the end of stdin, CLI_PROBLEM when stdout fails (the
 * client went away), CLI_USAGE for a usage error or a bad --catalog.
 */
#include <getopt.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>

#include "../service/mcp/mcp.h"
#include "../service/text/lang.h"
#include "cli.h"

static void usage(FILE *out)
{
    fprintf(out,
            "usage: carcassonne-rules mcp [--catalog FILE] [--lang CODE] [--no-access-log]\n"
            "  Serves the Model Context Protocol on stdin and stdout: one JSON-RPC\n"
            "  message per line in, one answer per line out (the same server as\n"
            "  POST /mcp). One log line per message goes to stderr. Ends at the end\n"
            "  of stdin.\n"
            "  --catalog FILE      a SQLite tile catalog instead of the embedded one\n"
            "  --lang CODE         the language of descriptions, prompts and answers\n"
            "                      (de, fr, cs, pl, ca, es, lt, nl, ro, ru, sk, sl; default en;\n"
            "                      env CARCASSONNE_LANG)\n"
            "  --no-access-log     no log lines on stderr (env ACCESS_LOG=off)\n");
}

int cli_mcp(int argc, char **argv)
{
    static const struct option longopts[] = {
        { "catalog", required_argument, NULL, 'c' },
        { "lang", required_argument, NULL, 'l' },
        { "no-access-log", no_argument, NULL, 'q' },
        { "help", no_argument, NULL, 'h' },
        { NULL, 0, NULL, 0 },
    };
    const char *catalog = NULL;
    const char *lang_tag = getenv("CARCASSONNE_LANG");
    const char *env_log = getenv("ACCESS_LOG");
    bool log = !(env_log && (strcmp(env_log, "off") == 0 || strcmp(env_log, "0") == 0));
    int ch;
    optind = 1;
    while ((ch = getopt_long(argc, argv, "", longopts, NULL)) != -1) {
        switch (ch) {
        case 'c': catalog = optarg; break;
        case 'l': lang_tag = optarg; break;
        case 'q': log = false; break;
        case 'h': usage(stdout); return CLI_OK;
        default: usage(stderr); return CLI_USAGE;
        }
    }
    if (optind < argc) {
        fprintf(stderr, "carcassonne-rules mcp: unexpected argument \"%s\"\n", argv[optind]);
        usage(stderr);
        return CLI_USAGE;
    }
    const char *lang = "en";
    if (lang_tag && *lang_tag && !txt_lang_param(lang_tag, &lang)) {
        fprintf(stderr, "carcassonne-rules mcp: --lang \"%s\" is not a language tag (de, cs-CZ, ...)\n",
                lang_tag);
        usage(stderr);
        return CLI_USAGE;
    }
    cc_catalog cat;
    svc_context ctx;
    if (!cli_context_open(catalog, &cat, &ctx))
        return CLI_USAGE;
    ctx.lang = lang;
    /* A client that closes its end makes the next write fail (EPIPE),
     * which mcp_stdio reports, rather than killing the process. */
    signal(SIGPIPE, SIG_IGN);
    int status = mcp_stdio(&ctx, stdin, stdout, log ? stderr : NULL) == 0 ? CLI_OK : CLI_PROBLEM;
    cli_context_close(&cat);
    return status;
}
