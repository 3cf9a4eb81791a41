/* error.c -- see error.h. */
#include "error.h"

#include <stdint.h>
#include <stdio.h>
#include <string.h>

bool (cc_fail_text)(cc_error *err, cc_status status, const char *pointer, int problem, int msg,
                    const cc_arg *args, size_t n)
{
    if (err == NULL)
        return false;
    err->status = status;
    snprintf(err->pointer, sizeof err->pointer, "%s", pointer ? pointer : "");
    cc_utf8_trim(err->pointer);
    err->problem = problem;
    cc_text_set(&err->text, msg, args, n);
    err->title = "";
    err->format = NULL;
    err->detail[0] = '\0';
    err->nsuggestions = err->nplaces = 0;
    return false;
}

/* Cut s (in a buffer of size bytes) so that it ends on a whole UTF-8 character. */
static void cut_utf8(char *s, size_t len)
{
    size_t i = len;
    while (i > 0 && ((unsigned char)s[i - 1] & 0xC0) == 0x80)
        i--;
    if (i > 0 && ((unsigned char)s[i - 1] & 0x80)) {
        unsigned char lead = (unsigned char)s[i - 1];
        size_t need = lead >= 0xF0 ? 4 : lead >= 0xE0 ? 3 : 2;
        if (len - (i - 1) < need)
            len = i - 1;
    }
    s[len] = '\0';
}

void cc_utf8_trim(char *s)
{
    cut_utf8(s, strlen(s));
}

int cc_error_quote(cc_error *err, int i, const char *s)
{
    if (err == NULL || i < 0 || i >= CC_QUOTES)
        return 0;
    size_t n = s ? strlen(s) : 0;
    if (n > CC_QUOTE_MAX - 1)
        n = CC_QUOTE_MAX - 1;
    if (n > 0)
        memcpy(err->quote[i], s, n);
    cut_utf8(err->quote[i], n);
    return i;
}

bool (cc_failv)(cc_error *err, cc_status status, const char *pointer, const char *title,
                const char *detail_fmt, va_list ap)
{
    if (err == NULL)
        return false;
    err->status = status;
    snprintf(err->pointer, sizeof err->pointer, "%s", pointer ? pointer : "");
    cc_utf8_trim(err->pointer);
    err->problem = -1;
    err->text.msg = 0;
    err->text.nargs = 0;
    err->title = title ? title : "";
    err->format = detail_fmt ? detail_fmt : "";
    err->nsuggestions = err->nplaces = 0;
    vsnprintf(err->detail, sizeof err->detail, err->format, ap);
    cc_utf8_trim(err->detail);
    return false;
}

bool (cc_fail)(cc_error *err, cc_status status, const char *pointer,
               const char *title, const char *detail_fmt, ...)
{
    va_list ap;
    va_start(ap, detail_fmt);
    (cc_failv)(err, status, pointer, title, detail_fmt, ap);
    va_end(ap);
    return false;
}

bool cc_error_out_of_memory(const cc_error *err)
{
    if (err->problem >= 0)
        return err->problem == CC_MSG_P_OUT_OF_MEMORY;
    return err->title != NULL && strcmp(err->title, CC_OUT_OF_MEMORY) == 0;
}
