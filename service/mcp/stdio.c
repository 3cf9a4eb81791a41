/* stdio.c -- the MCP stdio transport: newline-delimited JSON-RPC messages
 * on stdin, each answer one line on stdout, logs on stderr.
 *
 * Owns: framing. Lines are read in bounded pieces, so a line without end
 * costs at most SVC_BODY_LIMIT bytes of memory (the HTTP routes' body
 * limit): past it the rest of the line is skipped and answered with one
 * -32600 error. Running out of memory (to hold a line, or anywhere while
 * answering it) is answered with a -32603 error line made without
 * allocating, and reading goes on. Blank lines (a stray "\r\n") are
 * skipped. Messages are answered one after the other, in order, by
 * mcp_handle(), the handler POST /mcp uses; nothing but answers, and the
 * log messages a logging/setLevel asked for (notifications/message, each
 * before the answer to the call it logs), is ever written to out. The
 * level is the session's: this transport is one client's.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "../wire/dynbuf.h"
#include "mcp.h"

static bool blank(const char *s, size_t n)
{
    for (size_t i = 0; i < n; i++)
        if (s[i] != ' ' && s[i] != '\t' && s[i] != '\r')
            return false;
    return true;
}

static double seconds_since(const struct timespec *start)
{
    struct timespec now;
    clock_gettime(CLOCK_MONOTONIC, &now);
    return (double)(now.tv_sec - start->tv_sec) + (double)(now.tv_nsec - start->tv_nsec) / 1e9;
}

/* What became of a line while it was read. */
typedef enum {
    LINE_READ,        /* whole, in the buffer */
    LINE_TOO_LONG,    /* past SVC_BODY_LIMIT: skipped */
    LINE_NO_MEMORY    /* no memory to hold it: skipped */
} line_state;

/* Answer one line; false when out fails. */
static bool answer_line(const svc_context *ctx, const dbuf *line, line_state state, FILE *out,
                        FILE *log, int *level)
{
    if (state == LINE_READ && blank(dbuf_ptr(line) ? dbuf_ptr(line) : "", dbuf_len(line)))
        return true;
    struct timespec start;
    clock_gettime(CLOCK_MONOTONIC, &start);
    mcp_reply reply;
    if (state == LINE_TOO_LONG) {
        char detail[96];
        snprintf(detail, sizeof detail, "a message is at most %d bytes; this line was skipped",
                 SVC_BODY_LIMIT);
        mcp_refuse(&reply, 400, "Message too large", detail);
    } else if (state == LINE_NO_MEMORY) {
        mcp_refuse_out_of_memory(&reply);
    } else {
        mcp_handle(ctx, dbuf_ptr(line), dbuf_len(line), &reply);
    }
    bool ok = true;
    /* This session's log level (logging/setLevel; none asked: no log
     * messages), and the call's log message before its answer. */
    if (reply.set_level >= 0)
        *level = reply.set_level;
    size_t note_len = 0;
    char *note = *level >= 0 ? mcp_log_line(&reply, *level, &note_len) : NULL;
    if (note)
        ok = fwrite(note, 1, note_len, out) == note_len && fputc('\n', out) != EOF;
    free(note);
    /* Out of memory: the error line made without allocating; the next
     * message may well find memory again. */
    const char *text = reply.out_of_memory ? reply.fallback : reply.body;
    size_t len = reply.out_of_memory ? strlen(reply.fallback) : reply.len;
    if (text && ok) {
        ok = fwrite(text, 1, len, out) == len && fputc('\n', out) != EOF && fflush(out) == 0;
    }
    if (log)
        fprintf(log, "{\"transport\":\"stdio\",\"bytes_in\":%zu,\"status\":%d,\"bytes_out\":%zu,\"us\":%.0f}\n",
                dbuf_len(line), reply.status, reply.len, seconds_since(&start) * 1e6);
    mcp_reply_free(&reply);
    return ok;
}

int mcp_stdio(const svc_context *ctx, FILE *in, FILE *out, FILE *log)
{
    dbuf line;
    dbuf_init(&line, SVC_BODY_LIMIT);
    line_state state = LINE_READ;
    char piece[4096];
    size_t n = 0;
    int status = 0;
    int level = -1;   /* logging/setLevel's; -1: not asked, nothing logged */
    for (;;) {
        int c = getc(in);
        if (c != EOF && c != '\n') {
            piece[n++] = (char)c;
            if (n < sizeof piece)
                continue;
        }
        /* The piece is full, or the line (or input) ends: keep the piece. */
        if (n > 0 && state == LINE_READ && !dbuf_add(&line, piece, n)) {
            state = n > SVC_BODY_LIMIT - dbuf_len(&line) ? LINE_TOO_LONG : LINE_NO_MEMORY;
            dbuf_free(&line);
        }
        n = 0;
        if (c != '\n' && c != EOF)
            continue;
        if ((dbuf_len(&line) > 0 || state != LINE_READ) &&
            !answer_line(ctx, &line, state, out, log, &level)) {
            status = 1;
            break;
        }
        dbuf_free(&line);
        state = LINE_READ;
        if (c == EOF)
            break;
    }
    dbuf_free(&line);
    return status;
}
