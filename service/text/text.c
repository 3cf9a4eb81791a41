/* text.c -- the phrase table and the text buffer; see text.h.
 *
 * tx_add() reads the phrase's arguments (va_list, typed by the phrase's
 * argument list in phrases.def) into words first, then walks the template
 * of the buffer's language once: literal text is copied, {name} writes the
 * argument called name, {name:one|other} the plural form the number name
 * takes in that language (format.h, txt_plural), {{ and }} a brace. A
 * brace that names no argument is copied as it stands, as format.c does.
 */
#include "text.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "catalog.h"
#include "format.h"

typedef struct {
    const char *ctxt;
    const char *args;
    const char *english;
} phrase;

static const phrase phrases[TX_COUNT] = {
#define TX(id, ctxt, args, en) [id] = { (ctxt), (args), (en) },
#include "phrases.def"
#undef TX
};

const char *tx_phrase(tx_id id)
{
    return (unsigned)id < TX_COUNT ? phrases[id].english : "";
}

const char *tx_ctxt(tx_id id)
{
    return (unsigned)id < TX_COUNT ? phrases[id].ctxt : NULL;
}

const char *tx_args(tx_id id)
{
    return (unsigned)id < TX_COUNT ? phrases[id].args : "";
}

const char *tx_word(const char *lang, tx_id id)
{
    const char *s = txt_lookup(lang, tx_ctxt(id));
    return s ? s : tx_phrase(id);
}

void tx_init(txbuf *t)
{
    tx_init_in(t, NULL);
}

void tx_init_in(txbuf *t, const char *lang)
{
    dbuf_init(&t->b, TX_LIMIT);
    t->failed = false;
    t->lang = lang;
}

void tx_free(txbuf *t)
{
    dbuf_free(&t->b);
    t->failed = false;
}

char *tx_take(txbuf *t)
{
    char *out = NULL;
    if (!t->failed)
        out = t->b.data ? t->b.data : strdup("");
    if (out == t->b.data)
        dbuf_init(&t->b, TX_LIMIT);   /* the bytes are the caller's now */
    tx_free(t);
    return out;
}

static void append(txbuf *t, const char *s, size_t n)
{
    if (!t->failed && n > 0 && !dbuf_add(&t->b, s, n))
        t->failed = true;
}

void tx_str(txbuf *t, const char *s)
{
    append(t, s, strlen(s));
}

void tx_int(txbuf *t, long v)
{
    char num[24];
    int n = snprintf(num, sizeof num, "%ld", v);
    append(t, num, (size_t)n);
}

/* ---- arguments ------------------------------------------------------------------ */

/* One argument: its name in the argument list, and its value (an int is
 * kept as a number, for plurals, and as digits). */
typedef struct {
    const char *name;
    size_t name_len;
    const char *text;
    long number;
    char digits[24];
} argument;

/* Read the arguments the list "who:s count:d" declares from ap. Returns
 * how many (at most TX_MAX_ARGS; phrases.def never declares more, which
 * tests/service/text/test_text.c checks). */
static int read_arguments(const char *list, va_list ap, argument args[TX_MAX_ARGS])
{
    int n = 0;
    for (const char *p = list; *p && n < TX_MAX_ARGS;) {
        while (*p == ' ')
            p++;
        const char *colon = strchr(p, ':');
        if (*p == '\0' || colon == NULL)
            break;
        argument *a = &args[n++];
        a->name = p;
        a->name_len = (size_t)(colon - p);
        a->number = 0;
        if (colon[1] == 'd') {
            a->number = va_arg(ap, int);
            snprintf(a->digits, sizeof a->digits, "%ld", a->number);
            a->text = a->digits;
        } else {
            a->text = va_arg(ap, const char *);
        }
        p = colon + 2;
    }
    return n;
}

static const argument *find_argument(const argument *args, int n, const char *name, size_t len)
{
    for (int i = 0; i < n; i++)
        if (args[i].name_len == len && memcmp(args[i].name, name, len) == 0)
            return &args[i];
    return NULL;
}

/* {name:f0|f1|...}: the form the number takes in lang. spec: after ':'. */
static void append_plural(txbuf *t, const argument *a, const char *spec, size_t len)
{
    size_t start, piece;
    if (txt_plural_pick(t->lang, a->number, spec, len, &start, &piece))
        append(t, spec + start, piece);
}

void tx_add(txbuf *t, tx_id id, ...)
{
    va_list ap;
    va_start(ap, id);
    tx_addv(t, id, ap);
    va_end(ap);
}

void tx_addv(txbuf *t, tx_id id, va_list ap)
{
    argument args[TX_MAX_ARGS];
    int n = read_arguments(tx_args(id), ap, args);
    const char *p = tx_word(t->lang, id);
    while (*p) {
        size_t literal = strcspn(p, "{}");
        append(t, p, literal);
        p += literal;
        if (*p == '\0')
            break;
        if (p[1] == p[0] || p[0] == '}') {   /* "{{", "}}", or a lone '}' */
            append(t, p, 1);
            p += p[1] == p[0] ? 2 : 1;
            continue;
        }
        const char *close = strchr(p, '}');
        if (close == NULL) {
            tx_str(t, p);
            return;
        }
        const char *colon = memchr(p, ':', (size_t)(close - p));
        const char *name = p + 1;
        const argument *a = find_argument(args, n, name, (size_t)((colon ? colon : close) - name));
        if (a == NULL)
            append(t, p, (size_t)(close - p) + 1);
        else if (colon)
            append_plural(t, a, colon + 1, (size_t)(close - colon - 1));
        else
            tx_str(t, a->text ? a->text : "");
        p = close + 1;
    }
}

void tx_sep(txbuf *t, int i, int n)
{
    if (i > 0)
        tx_add(t, i == n - 1 ? TX_LIST_LAST : TX_LIST_SEP);
}
