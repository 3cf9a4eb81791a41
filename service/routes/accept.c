/* accept.c -- svc_accept_q(): content negotiation on the Accept header.
 *
 * Owns: reading an Accept header (RFC 9110 section 12.5.1) without copying
 * it: a comma-separated list of media ranges, each with optional
 * parameters, of which only q counts. A route that can answer in several
 * formats (POST /v1/render: SVG or PNG) asks each format's quality and
 * picks the best; 0 everywhere means 406. Client text is only read, never
 * echoed. */
#include "../service.h"

#include <stdbool.h>
#include <string.h>
#include <strings.h>

static bool is_space(char c)
{
    return c == ' ' || c == '\t';
}

/* q's value: "0", "0.", "0.d", ... up to three decimals, "1", "1.", "1.000".
 * Returns -1 when it is none of those. */
static double parse_q(const char *s, size_t n)
{
    if (n == 0 || (s[0] != '0' && s[0] != '1') || (n > 1 && s[1] != '.') || n > 5)
        return -1;
    int thousandths = (s[0] - '0') * 1000, unit = 100;
    for (size_t i = 2; i < n; i++, unit /= 10) {
        if (s[i] < '0' || s[i] > '9' || (s[0] == '1' && s[i] != '0'))
            return -1;
        thousandths += (s[i] - '0') * unit;
    }
    return thousandths / 1000.0;
}

/* How specifically range [r, r + n) matches type: 3 exactly, 2 as type/star,
 * 1 as star/star, 0 not at all (or not a media range). */
static int specificity(const char *r, size_t n, const char *type)
{
    const char *slash = memchr(r, '/', n);
    size_t tl = strlen(type);
    const char *tslash = strchr(type, '/');
    if (slash == NULL || slash == r || slash == r + n - 1 || tslash == NULL)
        return 0;
    if (n == 3 && memcmp(r, "*/*", 3) == 0)
        return 1;
    size_t main_len = (size_t)(slash - r);
    if (main_len != (size_t)(tslash - type) || strncasecmp(r, type, main_len) != 0)
        return 0;
    if (n == main_len + 2 && slash[1] == '*')
        return 2;
    return n == tl && strncasecmp(r, type, n) == 0 ? 3 : 0;
}

/* One media range [s, e): its specificity for type, and its q. */
static void read_range(const char *s, const char *e, const char *type, int *spec, double *q)
{
    *spec = 0;
    *q = 1;
    while (s < e && is_space(*s))
        s++;
    size_t len = s < e ? (size_t)(e - s) : 0;
    const char *semi = len ? memchr(s, ';', len) : NULL;
    const char *end = semi ? semi : s + len;
    while (end > s && is_space(end[-1]))
        end--;
    int sp = end > s ? specificity(s, (size_t)(end - s), type) : 0;
    /* parameters: ;name=value, only q counts */
    for (const char *p = semi; p != NULL && p < e;) {
        size_t rest = (size_t)(e - p) - 1;
        const char *next = rest ? memchr(p + 1, ';', rest) : NULL;
        const char *pe = next ? next : e;
        const char *a = p + 1;
        while (a < pe && is_space(*a))
            a++;
        if (pe - a >= 2 && (a[0] == 'q' || a[0] == 'Q')) {
            const char *v = a + 1;
            while (v < pe && is_space(*v))
                v++;
            if (v < pe && *v == '=') {
                v++;
                while (v < pe && is_space(*v))
                    v++;
                const char *ve = pe;
                while (ve > v && is_space(ve[-1]))
                    ve--;
                double qv = parse_q(v, (size_t)(ve - v));
                if (qv < 0)
                    return;   /* a malformed q: ignore the whole range */
                *q = qv;
            }
        }
        p = next;
    }
    *spec = sp;
}

double svc_accept_q(const char *accept, const char *type)
{
    if (accept == NULL)
        return 1;
    const char *s = accept;
    while (is_space(*s))
        s++;
    if (*s == '\0')
        return 1;
    int best = 0;
    double q = 0;
    while (*s) {
        const char *comma = strchr(s, ',');
        const char *e = comma ? comma : s + strlen(s);
        int spec;
        double rq;
        read_range(s, e, type, &spec, &rq);
        if (spec > best || (spec == best && spec > 0 && rq > q)) {
            best = spec;
            q = rq;
        }
        if (comma == NULL)
            break;
        s = comma + 1;
    }
    return best > 0 ? q : 0;
}
