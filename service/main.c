/* main.c -- the binary: options, catalog, HTTP server, graceful stop.
 *
 * Usage: carcassonne-rules [--host H] [--port P] [--threads N] [--catalog FILE]
 *                          [--no-access-log] [--request-timeout S] [--header-timeout S]
 *                          [--max-connections N] [--max-per-address N] [--mcp-origins LIST]
 *                          [--heavy-threads N] [--heavy-queue N]
 *        carcassonne-rules COMMAND ARGS...   (cli/cli.h: ask, ...)
 * A first argument that is not an option names a subcommand (cli/); the
 * server runs when there is none, or with `serve`.
 * HOST and PORT come from the environment (default 127.0.0.1:8080); the
 * options override them. --threads defaults to the number of cores.
 * --catalog loads another SQLite catalog instead of the embedded one.
 * Each request is logged as one JSON line on stderr unless --no-access-log
 * (or ACCESS_LOG=off in the environment).
 * At start the soft limit on open files is raised to the hard one: the
 * connection limit follows from it (service/http/http.h); and malloc keeps
 * the memory requests free instead of returning it to the kernel each time
 * (keep_freed_memory()).
 * Prints "listening on http://HOST:PORT" once it serves; SIGTERM, SIGINT or
 * SIGHUP stops it gracefully (exit 0). A usage error (an unknown option, a
 * bad option value): the usage on stderr, exit 2 (CLI_USAGE, as the
 * commands'). Any other start-up error: a message on stderr, exit 1.
 */
#include <getopt.h>
#include <limits.h>
#ifdef __GLIBC__
#include <malloc.h>
#endif
#include <signal.h>
#include <sys/resource.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "../cli/cli.h"
#include "assets.h"
#include "catalog/catalog_db.h"
#include "render/render.h"
#include "http/http.h"
#include "service.h"

#define DRAIN_MS 3000
#define MAX_THREADS 256

typedef struct {
    const char *host;
    int port;
    unsigned threads;
    const char *catalog;   /* NULL: the embedded default */
    bool access_log;
    unsigned request_timeout_s;   /* 0: the server's default */
    unsigned header_timeout_s;    /* 0: the server's default */
    unsigned max_connections;     /* 0: what RLIMIT_NOFILE allows */
    unsigned max_per_address;     /* 0: the server's default */
    const char *mcp_origins;      /* NULL: loopback origins only */
    unsigned heavy_threads;       /* 0: the server's default */
    unsigned heavy_queue;         /* 0: the server's default */
} options;

static void usage(FILE *out)
{
    fprintf(out,
            "usage: carcassonne-rules [--host HOST] [--port PORT] [--threads N] [--catalog FILE]\n"
            "                         [--no-access-log] [--request-timeout S] [--header-timeout S]\n"
            "                         [--max-connections N] [--max-per-address N]\n"
            "                         [--mcp-origins LIST] [--heavy-threads N] [--heavy-queue N]\n"
            "  --host HOST     address to listen on (env HOST, default 127.0.0.1)\n"
            "  --port PORT     port, 0 picks a free one (env PORT, default 8080)\n"
            "  --threads N     worker threads (default: the number of cores)\n"
            "  --catalog FILE  a SQLite tile catalog instead of the embedded one\n"
            "  --no-access-log no request lines on stderr (env ACCESS_LOG=off)\n"
            "  --request-timeout S  close a request whose body is still arriving after S\n"
            "                  seconds (default 30)\n"
            "  --header-timeout S   close a connection whose header block is still arriving\n"
            "                  S seconds after its first byte (default 10)\n"
            "  --max-connections N  open connections past which new ones get 503 (default:\n"
            "                  what the open-files limit allows, at most 100000)\n"
            "  --max-per-address N  open connections from one client address (default: 90%%\n"
            "                  of the connection limit, so one address never takes them all)\n"
            "  --mcp-origins LIST  origins POST /mcp accepts besides loopback ones,\n"
            "                  comma-separated, or * for any (env MCP_ORIGINS)\n"
            "  --heavy-threads N  threads for pictures, whole games and MCP tool calls,\n"
            "                  so they never hold the workers (default: half the threads)\n"
            "  --heavy-queue N  such requests that may wait for one; past it 503\n"
            "                  (default %d)\n", HTTP_HEAVY_QUEUE_DEFAULT);
    cli_print_commands(out);
}

/* A whole decimal number in [min, max]. */
static bool parse_number(const char *s, long min, long max, long *out)
{
    char *end;
    if (s == NULL || *s == '\0')
        return false;
    long v = strtol(s, &end, 10);
    if (*end != '\0' || v < min || v > max)
        return false;
    *out = v;
    return true;
}

static bool parse_port(const char *s, const char *what, int *port)
{
    long v;
    if (!parse_number(s, 0, 65535, &v)) {
        fprintf(stderr, "carcassonne-rules: %s must be a port number 0..65535, not \"%s\"\n",
                what, s);
        return false;
    }
    *port = (int)v;
    return true;
}

static bool parse_options(int argc, char **argv, options *o)
{
    long cores = sysconf(_SC_NPROCESSORS_ONLN);
    const char *env_host = getenv("HOST");
    o->host = env_host && *env_host ? env_host : "127.0.0.1";
    o->port = 8080;
    o->threads = cores < 1 ? 1 : cores > MAX_THREADS ? MAX_THREADS : (unsigned)cores;
    o->catalog = NULL;
    o->request_timeout_s = 0;
    o->header_timeout_s = 0;
    o->max_connections = 0;
    o->max_per_address = 0;
    o->heavy_threads = o->heavy_queue = 0;
    const char *env_origins = getenv("MCP_ORIGINS");
    o->mcp_origins = env_origins && *env_origins ? env_origins : NULL;
    const char *env_log = getenv("ACCESS_LOG");
    o->access_log = !(env_log && (strcmp(env_log, "off") == 0 || strcmp(env_log, "0") == 0));
    const char *env_port = getenv("PORT");
    if (env_port && *env_port && !parse_port(env_port, "PORT", &o->port))
        return false;
    static const struct option longopts[] = {
        { "host", required_argument, NULL, 'h' },
        { "port", required_argument, NULL, 'p' },
        { "threads", required_argument, NULL, 't' },
        { "catalog", required_argument, NULL, 'c' },
        { "no-access-log", no_argument, NULL, 'q' },
        { "request-timeout", required_argument, NULL, 'r' },
        { "header-timeout", required_argument, NULL, 'H' },
        { "max-connections", required_argument, NULL, 'm' },
        { "max-per-address", required_argument, NULL, 'a' },
        { "mcp-origins", required_argument, NULL, 'o' },
        { "heavy-threads", required_argument, NULL, 'T' },
        { "heavy-queue", required_argument, NULL, 'Q' },
        { "help", no_argument, NULL, '?' + 256 },
        { NULL, 0, NULL, 0 },
    };
    int ch;
    long v;
    while ((ch = getopt_long(argc, argv, "", longopts, NULL)) != -1) {
        switch (ch) {
        case 'h': o->host = optarg; break;
        case 'p':
            if (!parse_port(optarg, "--port", &o->port))
                return false;
            break;
        case 't':
            if (!parse_number(optarg, 1, MAX_THREADS, &v)) {
                fprintf(stderr, "carcassonne-rules: --threads must be 1..%d, not \"%s\"\n",
                        MAX_THREADS, optarg);
                return false;
            }
            o->threads = (unsigned)v;
            break;
        case 'c': o->catalog = optarg; break;
        case 'q': o->access_log = false; break;
        case 'o': o->mcp_origins = optarg; break;
        case 'r':
            if (!parse_number(optarg, 1, 3600, &v)) {
                fprintf(stderr, "carcassonne-rules: --request-timeout must be 1..3600 seconds, not \"%s\"\n",
                        optarg);
                return false;
            }
            o->request_timeout_s = (unsigned)v;
            break;
        case 'H':
            if (!parse_number(optarg, 1, 3600, &v)) {
                fprintf(stderr, "carcassonne-rules: --header-timeout must be 1..3600 seconds, not \"%s\"\n",
                        optarg);
                return false;
            }
            o->header_timeout_s = (unsigned)v;
            break;
        case 'm':
        case 'a':
            if (!parse_number(optarg, 1, 1000000, &v)) {
                fprintf(stderr, "carcassonne-rules: --%s must be 1..1000000, not \"%s\"\n",
                        ch == 'm' ? "max-connections" : "max-per-address", optarg);
                return false;
            }
            if (ch == 'm')
                o->max_connections = (unsigned)v;
            else
                o->max_per_address = (unsigned)v;
            break;
        case 'T':
        case 'Q':
            if (!parse_number(optarg, 1, ch == 'T' ? MAX_THREADS : 100000, &v)) {
                fprintf(stderr, "carcassonne-rules: --heavy-%s must be 1..%d, not \"%s\"\n",
                        ch == 'T' ? "threads" : "queue", ch == 'T' ? MAX_THREADS : 100000, optarg);
                return false;
            }
            if (ch == 'T')
                o->heavy_threads = (unsigned)v;
            else
                o->heavy_queue = (unsigned)v;
            break;
        case '?' + 256: usage(stdout); exit(0);
        default: usage(stderr); return false;
        }
    }
    if (optind < argc) {
        fprintf(stderr, "carcassonne-rules: unexpected argument \"%s\"\n", argv[optind]);
        usage(stderr);
        return false;
    }
    return true;
}

/* Every connection is a descriptor: take all the system allows this
 * process (the soft limit up to the hard one). Failing leaves the old
 * limit, from which the server derives its connection limit anyway. */
static void raise_open_files_limit(void)
{
    struct rlimit rl;
    if (getrlimit(RLIMIT_NOFILE, &rl) == 0 && rl.rlim_cur < rl.rlim_max) {
        rl.rlim_cur = rl.rlim_max;
        setrlimit(RLIMIT_NOFILE, &rl);
    }
}

/* Keep freed memory for the next request instead of giving it back to the
 * kernel. glibc's defaults serve a short program: a block of 128 KB or more
 * is its own mapping, unmapped when freed, and an arena's free top of more
 * than twice that is returned (MADV_DONTNEED). A final score's working set
 * (its 144 KB result, the game) crosses both every request, so each one
 * faulted its pages in again, zeroed: 16 page faults per score request, half
 * of that route's throughput (bench/README.md, round 4). Above 1 MB (a large
 * body) a block is still its own mapping, and an arena keeps at most 8 MB
 * free; the peak stays what the load needs (VmHWM under `make bench` 11 MB). */
static void keep_freed_memory(void)
{
#ifdef __GLIBC__
    mallopt(M_MMAP_THRESHOLD, 1 << 20);
    mallopt(M_TRIM_THRESHOLD, 8 << 20);
#endif
}

static int serve(int argc, char **argv)
{
    options o;
    if (!parse_options(argc, argv, &o))
        return CLI_USAGE;   /* an unknown option or a bad value: a usage error, as the commands' */
    keep_freed_memory();

    cc_catalog cat = { .ntypes = 0, .types = NULL };
    char err[512];
    bool loaded = o.catalog ? catalog_load_file(o.catalog, &cat, err, sizeof err)
                            : catalog_load_default(&cat, err, sizeof err);
    if (!loaded) {
        fprintf(stderr, "carcassonne-rules: cannot load the catalog%s%s: %s\n",
                o.catalog ? " " : "", o.catalog ? o.catalog : "", err);
        return 1;
    }
    /* The pictures' tile geometry, once for every request; without it
     * (no memory) each picture works out its own. */
    rd_atlas *atlas = rd_atlas_new(&cat);
    /* Fonts now, while memory is plentiful: fontconfig does not survive
     * running out of it on a first picture (service/render/canvas.h). */
    if (!rd_fonts_load())
        fprintf(stderr, "carcassonne-rules: warning: fonts not loaded at start\n");
    svc_context ctx = {
        .cat = &cat,
        .atlas = atlas,
        .openapi_yaml = (const char *)openapi_yaml, .openapi_len = openapi_yaml_len,
        .docs_html = (const char *)docs_html, .docs_len = docs_html_len,
        .explore_html = (const char *)explore_html, .explore_len = explore_html_len,
        .mcp_origins = o.mcp_origins,
    };

    /* Block the stop signals before any thread exists, so every worker
     * inherits the mask and only sigwait() below sees them. */
    sigset_t stop;
    sigemptyset(&stop);
    sigaddset(&stop, SIGTERM);
    sigaddset(&stop, SIGINT);
    sigaddset(&stop, SIGHUP);
    pthread_sigmask(SIG_BLOCK, &stop, NULL);
    signal(SIGPIPE, SIG_IGN);
    raise_open_files_limit();

    http_config cfg = { .host = o.host, .port = o.port, .threads = o.threads,
                        .no_access_log = !o.access_log,
                        .request_timeout_s = o.request_timeout_s,
                        .header_timeout_s = o.header_timeout_s,
                        .max_connections = o.max_connections,
                        .max_per_address = o.max_per_address,
                        .heavy_threads = o.heavy_threads, .heavy_queue = o.heavy_queue };
    http_server *server = http_start(&ctx, &cfg, err, sizeof err);
    if (server == NULL) {
        fprintf(stderr, "carcassonne-rules: %s\n", err);
        rd_atlas_free(atlas);
        catalog_free(&cat);
        rd_release_caches();
        return 1;
    }
    /* NOLINTNEXTLINE(clang-analyzer-core.NonNullParamChecker): getopt_long sets optarg (required_argument) */
    bool v6 = strchr(o.host, ':') != NULL;
    printf("listening on http://%s%s%s:%d\n", v6 ? "[" : "", o.host, v6 ? "]" : "",
           http_port(server));
    fflush(stdout);

    int sig = 0;
    sigwait(&stop, &sig);
    http_stop(server, DRAIN_MS);
    rd_atlas_free(atlas);
    catalog_free(&cat);
    rd_release_caches();   /* fonts pictures loaded: process-wide caches */
    return 0;
}

int main(int argc, char **argv)
{
    return cli_main(argc, argv, serve);
}
