/* failalloc.c -- see failalloc.h.
 *
 * One decision point, should_fail(), shared by every wrapper, so each kind
 * of allocation counts the same. realloc(p, n) that fails leaves p as it
 * was (as the real one does when memory runs out); strdup and strndup fail
 * as a whole, as they do when their malloc fails. */
#include "failalloc.h"

#include <stddef.h>
#include <string.h>

void *__real_malloc(size_t n);
void *__real_calloc(size_t count, size_t n);
void *__real_realloc(void *p, size_t n);
char *__real_strdup(const char *s);
char *__real_strndup(const char *s, size_t n);

void *__wrap_malloc(size_t n);
void *__wrap_calloc(size_t count, size_t n);
void *__wrap_realloc(void *p, size_t n);
char *__wrap_strdup(const char *s);
char *__wrap_strndup(const char *s, size_t n);

static bool armed;
static bool persistent;
static long fail_at;     /* 1-based; 0: fail none */
static long counted;
static long failures;

void fa_arm(long n, bool keep_failing)
{
    armed = true;
    persistent = keep_failing;
    fail_at = n;
    counted = 0;
    failures = 0;
}

void fa_disarm(void)
{
    armed = false;
}

long fa_count(void)
{
    return counted;
}

long fa_failed(void)
{
    return failures;
}

static bool should_fail(void)
{
    if (!armed)
        return false;
    counted++;
    bool fail = fail_at > 0 && (counted == fail_at || (persistent && counted > fail_at));
    failures += fail;
    return fail;
}

void *__wrap_malloc(size_t n)
{
    return should_fail() ? NULL : __real_malloc(n);
}

void *__wrap_calloc(size_t count, size_t n)
{
    return should_fail() ? NULL : __real_calloc(count, n);
}

void *__wrap_realloc(void *p, size_t n)
{
    return should_fail() ? NULL : __real_realloc(p, n);
}

char *__wrap_strdup(const char *s)
{
    return should_fail() ? NULL : __real_strdup(s);
}

char *__wrap_strndup(const char *s, size_t n)
{
    return should_fail() ? NULL : __real_strndup(s, n);
}
