/* cli.h -- the command line: the server by default, or one subcommand.
 *
 * Owns: the table of subcommands, how argv picks one, the exit statuses
 * they share, and the little every subcommand needs (a catalog and a
 * dispatcher context, a body read from a file or stdin, an answer written
 * to stdout). `carcassonne-rules` alone, or followed by options, runs the
 * HTTP server exactly as before (service/main.c); `carcassonne-rules
 * COMMAND ARGS...` runs COMMAND and exits.
 *
 * Each subcommand is a thin adapter over the dispatcher (svc_handle) or
 * the engine, never a second implementation of a rule.
 *
 * To add a subcommand (e.g. `import`, `mcp`):
 *   1. write cli/cli_<name>.c defining `int cli_<name>(int argc, char **argv)`;
 *      argv[0] is the command's name, so getopt_long() works as in any
 *      main(); answer `--help` on stdout (exit 0) and print usage errors
 *      on stderr (exit CLI_USAGE);
 *   2. add one line to CLI_COMMANDS below: name, function, synopsis (the
 *      arguments, as `carcassonne-rules --help` shows them after the name)
 *      and a one-line summary;
 *   3. document it in cli/carcassonne-rules.1 (a SUBCOMMANDS entry) and in
 *      README.md, and give its arguments hostile cases in tests/cli/.
 * The Makefile picks up every .c file in cli/ by wildcard.
 *
 * Table of contents:
 *   CLI_OK, CLI_PROBLEM, CLI_USAGE   the exit statuses every subcommand uses
 *   CLI_COMMANDS                     the subcommand table
 *   cli_main()                       pick the server or a subcommand
 *   cli_print_commands()             the subcommands, for a --help text
 *   cli_context_open/close()         a catalog and a dispatcher context
 *   cli_read_body()                  a request body from a file or stdin
 *   cli_write_answer()               a response body on stdout
 *   cli_answer()                     one request through the dispatcher,
 *                                    its answer on stdout, the exit status
 */
#ifndef CLI_H
#define CLI_H

#include <stdbool.h>
#include <stdio.h>

#include "../engine/catalog.h"
#include "../service/service.h"

/* Exit statuses. A subcommand that asks a question exits CLI_OK when the
 * answer is 2xx and CLI_PROBLEM when it is a problem (printed on stdout as
 * its problem+json); CLI_USAGE is a usage error (unknown option, missing
 * argument, unreadable FILE), with a message on stderr. */
#define CLI_OK 0
#define CLI_PROBLEM 1
#define CLI_USAGE 2

typedef int cli_command_fn(int argc, char **argv);

/* X(name, function, synopsis, summary) for every subcommand. */
#define CLI_COMMANDS(X)                                                          \
    X("ask", cli_ask, "[--catalog FILE] [-H|--header 'NAME: VALUE']... [METHOD] PATH [FILE]", \
      "answer one request through the service's dispatcher, no server")         \
    X("import", cli_import, "[--catalog FILE] [--turn N] [--answer] GAME.jcz",   \
      "the position of a JCloisterZone saved game, after its last move or before turn N") \
    X("random-game", cli_random_game,                                              \
      "--seed N [--players N|NAMES] [--expansions IDS] [--option NAME=VALUE]... [--turns N] [--catalog FILE]", \
      "play a whole game with seeded random legal choices, print it as JSON")     \
    X("mcp", cli_mcp, "[--catalog FILE] [--lang CODE] [--no-access-log]",        \
      "serve the Model Context Protocol on stdin/stdout (for chat clients)")    \
    /* end of the table: every line above ends in a backslash */

#define CLI_DECLARE(name, fn, synopsis, summary) cli_command_fn fn;
CLI_COMMANDS(CLI_DECLARE)
#undef CLI_DECLARE

/* Run the subcommand named by argv[1], if it names one; otherwise
 * `fallback` (the server) with argv unchanged. An argv[1] that is neither
 * an option nor a subcommand is a usage error (CLI_USAGE). Returns the exit
 * status. */
int cli_main(int argc, char **argv, cli_command_fn *fallback);

/* "commands:" and one line per subcommand (name, synopsis, summary). */
void cli_print_commands(FILE *out);

/* Load the catalog (catalog_file, or the embedded one when NULL) and fill
 * ctx with it and the embedded OpenAPI document and docs page. On failure
 * prints why on stderr and returns false with nothing to release. On
 * success the caller releases with cli_context_close(cat). */
bool cli_context_open(const char *catalog_file, cc_catalog *cat, svc_context *ctx);
void cli_context_close(cc_catalog *cat);

/* Read a request body from `file` ("-" or NULL: stdin) into a malloc'ed,
 * NUL-terminated buffer (*body, *len; the caller frees *body). A body over
 * `limit` bytes is cut at limit + 1 bytes, so the caller can tell it was
 * too long. Returns false, with a message on stderr and nothing to free,
 * when the file cannot be read. */
bool cli_read_body(const char *file, size_t limit, char **body, size_t *len);

/* Write an answer's body to stdout: text (JSON, text/...) ends with a
 * newline for the terminal, added when missing; any other type (a PNG, an
 * SVG picture) is written byte for byte as the server sends it.
 * content_type NULL: text. False if stdout fails. */
bool cli_write_answer(const char *body, size_t len, const char *content_type);

/* Answer req with the dispatcher (svc_handle) over the catalog
 * catalog_file (NULL: the embedded one) and print the answer on stdout
 * (nothing for HEAD). A body over SVC_BODY_LIMIT gets the 413 problem.
 * Returns CLI_OK for a 2xx answer, CLI_PROBLEM for a problem or when
 * stdout fails, CLI_USAGE when the catalog cannot be loaded. */
int cli_answer(const char *catalog_file, const svc_request *req);

#endif
