/* lang.c -- the language table, Accept-Language and the `lang=` parameter
 * (lang.h says what each promises). The table itself is generated from
 * the po/<code>.po files by tools/po2c.py (build/gen/po_catalog.c, catalog.h).
 *
 * Why the header is read by hand: it is short and its grammar small (RFC 9110 section
 * 12.5.4: `#( language-range [ weight ] )`), and reading it must never
 * allocate, fail or take more than linear time whatever a client sends, so
 * the reader is one pass over the bytes with no copy. The rules it follows:
 *   - An element is `range [ OWS ";" OWS "q=" qvalue ]`, elements are
 *     separated by commas with optional whitespace; empty elements are
 *     allowed (the `#` rule). A range is "*" or 1*8ALPHA *("-" 1*8alphanum).
 *   - qvalue is "0" [ "." 0*3DIGIT ] or "1" [ "." 0*3"0" ]; kept as
 *     thousandths, so "0.5" and "0.500" weigh the same without floats.
 *   - A language of the table takes the weight of the range naming exactly
 *     its code ("de"); failing that, the highest weight among the ranges
 *     naming it with subtags ("de-AT", "de-CH": RFC 4647's lookup cuts a
 *     range down to what we have); failing that, the weight of "*".
 *   - An element that does not parse is skipped up to the next comma;
 *     nothing else of the header is lost.
 */
#include "lang.h"

#include <string.h>

#include "catalog.h"

/* ---- the table ------------------------------------------------------------ */

/* English first: it is the fallback and wins every tie of "*". The rows
 * are po2c's (one per po/<code>.po), so a language is added by its file. */
const txt_language *txt_languages(size_t *n)
{
    *n = txt_po_nlanguages;
    return txt_po_languages;
}

static int language_index(const char *code, size_t len)
{
    for (size_t i = 0; i < txt_po_nlanguages; i++)
        if (strlen(txt_po_languages[i].code) == len && memcmp(txt_po_languages[i].code, code, len) == 0)
            return (int)i;
    return -1;
}

const txt_language *txt_language_find(const char *code)
{
    int i = code ? language_index(code, strlen(code)) : -1;
    return i < 0 ? NULL : &txt_po_languages[i];
}

/* ---- characters ------------------------------------------------------------ */

static bool is_alpha(char c)
{
    return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z');
}

static bool is_alnum(char c)
{
    return is_alpha(c) || (c >= '0' && c <= '9');
}

static char lower(char c)
{
    return (char)(c >= 'A' && c <= 'Z' ? c - 'A' + 'a' : c);
}

static const char *skip_ows(const char *p)
{
    while (*p == ' ' || *p == '\t')
        p++;
    return p;
}

/* A language tag or range without "*": 1*8ALPHA *("-" 1*8alphanum) at p.
 * Returns the end of it, or NULL if p does not start with one. The primary
 * subtag, in lower case, goes to primary (9 bytes); *subtags says whether
 * more followed. */
static const char *read_tag(const char *p, char primary[9], bool *subtags)
{
    size_t n = 0;
    while (n < 8 && is_alpha(p[n])) {
        primary[n] = lower(p[n]);
        n++;
    }
    if (n == 0 || is_alnum(p[n]))
        return NULL;
    primary[n] = '\0';
    p += n;
    *subtags = false;
    while (*p == '-') {
        size_t m = 1;
        while (m <= 8 && is_alnum(p[m]))
            m++;
        if (m == 1 || is_alnum(p[m]))
            return NULL;
        p += m;
        *subtags = true;
    }
    return p;
}

/* ---- Accept-Language ---------------------------------------------------------- */

/* qvalue at p (after "q="), as thousandths. NULL if malformed. */
static const char *read_qvalue(const char *p, int *q)
{
    if (*p != '0' && *p != '1')
        return NULL;
    int whole = *p++ - '0', frac = 0, digits = 0;
    if (*p == '.') {
        p++;
        while (*p >= '0' && *p <= '9' && digits < 3) {
            frac = frac * 10 + (*p++ - '0');
            digits++;
        }
        if (*p >= '0' && *p <= '9')
            return NULL;             /* a fourth decimal */
    }
    while (digits++ < 3)
        frac *= 10;
    if (whole == 1 && frac != 0)
        return NULL;                 /* above 1 */
    *q = whole * 1000 + frac;
    return p;
}

/* One element at p: range and weight. Returns the end of the element (at
 * ',' or the end of the header), or NULL if it is malformed. *star says
 * whether the range was "*"; otherwise primary and *subtags as read_tag. */
static const char *read_element(const char *p, bool *star, char primary[9], bool *subtags, int *q)
{
    *star = *p == '*';
    if (*star) {
        p++;
    } else {
        p = read_tag(p, primary, subtags);
        if (p == NULL)
            return NULL;
    }
    *q = 1000;
    p = skip_ows(p);
    if (*p == ';') {
        p = skip_ows(p + 1);
        if ((*p != 'q' && *p != 'Q') || p[1] != '=')
            return NULL;
        p = read_qvalue(p + 2, q);
        if (p == NULL)
            return NULL;
        p = skip_ows(p);
    }
    return *p == ',' || *p == '\0' ? p : NULL;
}

/* What the header says about one language of the table. */
typedef struct {
    int exact_q, exact_at;   /* the range "de": weight, element number; -1: none */
    int sub_q, sub_at;       /* the best range "de-...": weight, element number */
} said;

const char *txt_negotiate(const char *accept_language)
{
    const char *p = accept_language;
    if (p == NULL || strnlen(p, TXT_ACCEPT_LANGUAGE_MAX + 1) > TXT_ACCEPT_LANGUAGE_MAX)
        return txt_po_languages[0].code;
    said s[TXT_LANGUAGES_MAX];
    for (size_t i = 0; i < txt_po_nlanguages; i++)
        s[i] = (said){ -1, 0, -1, 0 };
    int star_q = -1, star_at = 0;
    for (int at = 0; *p; at++) {
        p = skip_ows(p);
        if (*p == ',') {             /* an empty element */
            p++;
            continue;
        }
        if (*p == '\0')
            break;
        bool star = false, subtags = false;
        char primary[9];
        int q = 0;
        const char *end = read_element(p, &star, primary, &subtags, &q);
        if (end == NULL) {           /* malformed: skip to the next element */
            end = strchr(p, ',');
            p = end ? end + 1 : p + strlen(p);
            continue;
        }
        p = *end == ',' ? end + 1 : end;
        if (star) {
            if (star_q < 0) {
                star_q = q;
                star_at = at;
            }
            continue;
        }
        int i = language_index(primary, strlen(primary));
        if (i < 0)
            continue;
        if (!subtags && s[i].exact_q < 0) {
            s[i].exact_q = q;
            s[i].exact_at = at;
        } else if (subtags && q > s[i].sub_q) {
            s[i].sub_q = q;
            s[i].sub_at = at;
        }
    }
    int best = -1, best_q = 0, best_at = 0;
    for (size_t i = 0; i < txt_po_nlanguages; i++) {
        int q = s[i].exact_q >= 0 ? s[i].exact_q : s[i].sub_q >= 0 ? s[i].sub_q : star_q;
        int at = s[i].exact_q >= 0 ? s[i].exact_at : s[i].sub_q >= 0 ? s[i].sub_at : star_at;
        if (q > best_q || (q == best_q && q > 0 && at < best_at)) {
            best = (int)i;
            best_q = q;
            best_at = at;
        }
    }
    return txt_po_languages[best < 0 ? 0 : best].code;
}

/* ---- lang= -------------------------------------------------------------------- */

bool txt_lang_param(const char *value, const char **code)
{
    if (value == NULL || strnlen(value, TXT_TAG_MAX + 1) > TXT_TAG_MAX)
        return false;
    char primary[9];
    bool subtags;
    const char *end = read_tag(value, primary, &subtags);
    if (end == NULL || *end != '\0')
        return false;
    int i = language_index(primary, strlen(primary));
    *code = txt_po_languages[i < 0 ? 0 : i].code;
    return true;
}
