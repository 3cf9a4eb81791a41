/* cli.c -- picking the server or a subcommand, and what subcommands share.
 *
 * Owns: the walk over CLI_COMMANDS (cli.h), the list printed by --help, and
 * the helpers every subcommand uses: a catalog plus dispatcher context, a
 * body read from a file or stdin under a limit, an answer on stdout.
 *
 * Contents: cli_main, cli_print_commands, cli_context_open/close,
 * cli_read_body, cli_write_answer, cli_answer.
 */
#include "cli.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "../service/assets.h"
#include "../service/render/render.h"
#include "../service/catalog/catalog_db.h"
#include "../service/wire/dynbuf.h"

typedef struct {
    const char *name;
    cli_command_fn *fn;
    const char *synopsis;
    const char *summary;
} command;

#define CLI_ROW(name, fn, synopsis, summary) { name, fn, synopsis, summary },
static const command commands[] = { CLI_COMMANDS(CLI_ROW) };
#undef CLI_ROW

int cli_main(int argc, char **argv, cli_command_fn *fallback)
{
    if (argc < 2 || argv[1][0] == '-')
        return fallback(argc, argv);
    /* `serve` names the default explicitly: the server sees its options
     * with the word taken out, argv[0] kept for its messages. */
    if (strcmp(argv[1], "serve") == 0) {
        argv[1] = argv[0];
        return fallback(argc - 1, argv + 1);
    }
    for (size_t i = 0; i < sizeof commands / sizeof commands[0]; i++)
        if (strcmp(argv[1], commands[i].name) == 0)
            return commands[i].fn(argc - 1, argv + 1);
    fprintf(stderr, "carcassonne-rules: unknown command \"%s\" (carcassonne-rules --help lists them)\n",
            argv[1]);
    return CLI_USAGE;
}

void cli_print_commands(FILE *out)
{
    fprintf(out, "commands (carcassonne-rules COMMAND --help for each):\n"
                 "  serve [OPTIONS]  the HTTP server, as without a command\n");
    for (size_t i = 0; i < sizeof commands / sizeof commands[0]; i++)
        fprintf(out, "  %s %s\n      %s\n", commands[i].name, commands[i].synopsis,
                commands[i].summary);
}

bool cli_context_open(const char *catalog_file, cc_catalog *cat, svc_context *ctx)
{
    char err[512];
    cat->ntypes = 0;
    cat->types = NULL;
    bool loaded = catalog_file ? catalog_load_file(catalog_file, cat, err, sizeof err)
                               : catalog_load_default(cat, err, sizeof err);
    if (!loaded) {
        fprintf(stderr, "carcassonne-rules: cannot load the catalog%s%s: %s\n",
                catalog_file ? " " : "", catalog_file ? catalog_file : "", err);
        return false;
    }
    *ctx = (svc_context){
        .cat = cat,
        .openapi_yaml = (const char *)openapi_yaml, .openapi_len = openapi_yaml_len,
        .docs_html = (const char *)docs_html, .docs_len = docs_html_len,
        .explore_html = (const char *)explore_html, .explore_len = explore_html_len,
    };
    return true;
}

void cli_context_close(cc_catalog *cat)
{
    catalog_free(cat);
    rd_release_caches();   /* a picture's fonts: process-wide caches, freed at exit */
}

bool cli_read_body(const char *file, size_t limit, char **body, size_t *len)
{
    bool from_stdin = file == NULL || strcmp(file, "-") == 0;
    FILE *in = from_stdin ? stdin : fopen(file, "rb");
    if (in == NULL) {
        fprintf(stderr, "carcassonne-rules: cannot read %s: %s\n", file, strerror(errno));
        return false;
    }
    dbuf b;
    dbuf_init(&b, limit + 1);
    char chunk[16384];
    bool ok = true;
    size_t n;
    while ((n = fread(chunk, 1, sizeof chunk, in)) > 0) {
        size_t room = limit + 1 - dbuf_len(&b);
        if (!dbuf_add(&b, chunk, n < room ? n : room)) {
            fprintf(stderr, "carcassonne-rules: out of memory reading %s\n",
                    from_stdin ? "stdin" : file);
            ok = false;
            break;
        }
        if (dbuf_len(&b) > limit)
            break;   /* too long: the caller answers 413, no need to read on */
    }
    if (ok && ferror(in)) {
        fprintf(stderr, "carcassonne-rules: cannot read %s: %s\n",
                from_stdin ? "stdin" : file, strerror(errno));
        ok = false;
    }
    if (!from_stdin)
        fclose(in);
    if (!ok) {
        dbuf_free(&b);
        return false;
    }
    *len = dbuf_len(&b);
    /* dbuf keeps its bytes NUL-terminated; an empty body has no buffer yet. */
    *body = b.data ? b.data : calloc(1, 1);
    if (*body == NULL) {
        fprintf(stderr, "carcassonne-rules: out of memory\n");
        return false;
    }
    return true;
}

/* Is an answer of this type text a terminal shows (so a newline ends it)? */
static bool is_text(const char *content_type)
{
    return content_type == NULL || strncmp(content_type, "text/", 5) == 0 ||
           strstr(content_type, "json") != NULL || strstr(content_type, "yaml") != NULL;
}

bool cli_write_answer(const char *body, size_t len, const char *content_type)
{
    if (len > 0 && fwrite(body, 1, len, stdout) != len)
        return false;
    if (is_text(content_type) && (len == 0 || body[len - 1] != '\n') && fputc('\n', stdout) == EOF)
        return false;
    return fflush(stdout) == 0;
}

int cli_answer(const char *catalog_file, const svc_request *req)
{
    cc_catalog cat;
    svc_context ctx;
    if (!cli_context_open(catalog_file, &cat, &ctx))   /* a bad --catalog FILE */
        return CLI_USAGE;
    svc_response res;
    if (req->len > SVC_BODY_LIMIT) {
        memset(&res, 0, sizeof res);
        svc_fail(&res, 413, "", "Body too large",
                 "the request body has more than %d bytes; the limit is %d",
                 SVC_BODY_LIMIT, SVC_BODY_LIMIT);
    } else {
        svc_handle(&ctx, req, &res);
    }
    const char *body = res.body ? res.body : res.static_body;
    size_t len = body ? res.len : 0;
    /* HEAD: as over HTTP, the status alone. */
    bool written = strcmp(req->method, "HEAD") == 0 || cli_write_answer(body, len, res.content_type);
    int status = res.status;
    svc_response_free(&res);
    cli_context_close(&cat);
    if (!written) {
        fprintf(stderr, "carcassonne-rules: cannot write the answer to stdout\n");
        return CLI_PROBLEM;
    }
    return status >= 200 && status <= 299 ? CLI_OK : CLI_PROBLEM;
}
