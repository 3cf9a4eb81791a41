/* error.c -- see error.h. */
#include "error.h"

#include <stdarg.h>
#include <stdio.h>
#include <string.h>

bool (cc_fail)(cc_error *err, cc_status status, const char *pointer,
             const char *title, const char *detail_fmt, ...)
{
    if (err == NULL)
        return false;
    err->status = status;
    snprintf(err->pointer, sizeof err->pointer, "%s", pointer ? pointer : "");
    snprintf(err->title, sizeof err->title, "%s", title ? title : "");
    va_list ap;
    va_start(ap, detail_fmt);
    vsnprintf(err->detail, sizeof err->detail, detail_fmt, ap);
    va_end(ap);
    return false;
}
