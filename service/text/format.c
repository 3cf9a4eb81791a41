/* format.c -- see format.h.
 *
 * One pass over the template: literal text is copied, {{ and }} give a
 * brace, {name} writes the argument called name, {name:a|b|c} writes the
 * plural form the number `name` takes. A placeholder whose argument the
 * text lacks is written as it stands, so a mistake shows instead of
 * vanishing (the table's self-test rules it out for the English). The
 * output is a fixed buffer: text past its end is dropped, never split
 * inside a UTF-8 character. */
#include "format.h"

#include "catalog.h"

#include <pthread.h>
#include <stdatomic.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include "../../engine/loc.h"
#include "../../engine/rules.h"
#include "lang.h"
#include "messages_en.h"

/* ---- the output buffer ------------------------------------------------------- */

typedef struct {
    char *s;
    size_t n, used;
    bool full;        /* something was cut: nothing more is written */
} outbuf;

static void put_cut(outbuf *o, const char *s, size_t len)
{
    if (o->full || o->used + 1 >= o->n) {
        o->full = o->full || len > 0;
        return;
    }
    size_t room = o->n - 1 - o->used;
    if (len > room) {
        o->full = true;
        len = room;
        while (len > 0 && ((unsigned char)s[len] & 0xC0) == 0x80)
            len--;   /* s[len] continues a character: cut before it */
    }
    memcpy(o->s + o->used, s, len);
    o->used += len;
    o->s[o->used] = '\0';
}

/* s[0..len) at the end of o; cut as put_cut() says when it does not fit.
 * Inline: a score's sentences are some 1,000 pieces. */
static inline void put(outbuf *o, const char *s, size_t len)
{
    if (!o->full && len < o->n - o->used) {
        memcpy(o->s + o->used, s, len);
        o->used += len;
        o->s[o->used] = '\0';
        return;
    }
    put_cut(o, s, len);
}

static void puts_(outbuf *o, const char *s) { put(o, s, strlen(s)); }

/* v in decimal at d, as "%ld" writes it (no snprintf: a score's sentences
 * hold some 250 numbers, nearly all under 100: those without the loop);
 * d has room for DECIMAL_MAX bytes. Returns the byte after the digits. */
#define DECIMAL_MAX 20   /* "-9223372036854775808" */

static char *decimal_at(char *d, long v)
{
    static const char two_digits[] = "00010203040506070809101112131415161718192021222324"
                                     "25262728293031323334353637383940414243444546474849"
                                     "50515253545556575859606162636465666768697071727374"
                                     "75767778798081828384858687888990919293949596979899";
    if (v >= 0 && v < 10) {
        *d = (char)('0' + v);
        return d + 1;
    }
    if (v >= 10 && v < 100) {
        memcpy(d, two_digits + 2 * v, 2);
        return d + 2;
    }
    char b[24], *p = b + sizeof b;
    /* Work in unsigned so LONG_MIN negates without overflow. */
    unsigned long u = v < 0 ? 0ul - (unsigned long)v : (unsigned long)v;
    do {
        *--p = (char)('0' + u % 10);
        u /= 10;
    } while (u > 0);
    if (v < 0)
        *--p = '-';
    size_t n = (size_t)(b + sizeof b - p);
    memcpy(d, p, n);
    return d + n;
}

static void put_int(outbuf *o, long v)
{
    if (!o->full && o->n - o->used > DECIMAL_MAX) {
        o->used = (size_t)(decimal_at(o->s + o->used, v) - o->s);
        o->s[o->used] = '\0';
        return;
    }
    char b[DECIMAL_MAX];
    put(o, b, (size_t)(decimal_at(b, v) - b));
}

const char *txt_join(char *buf, size_t cap, const char *a, const char *b)
{
    size_t na = strlen(a), nb = strlen(b);
    if (na > cap - 1)
        na = cap - 1;
    if (nb > cap - 1 - na)
        nb = cap - 1 - na;
    memcpy(buf, a, na);
    memcpy(buf + na, b, nb);
    buf[na + nb] = '\0';
    return buf;
}

/* ---- languages ------------------------------------------------------------------ */

/* Where a translation comes from: the language's catalog (po/<lang>.po,
 * compiled in); NULL when it has none, and the caller reads English. */
static const char *translated(const char *lang, const char *ctxt)
{
    /* English is never a catalog (po/README.md): most answers are English,
     * and every template and term of theirs would otherwise look for it. */
    if (lang == NULL || strcmp(lang, "en") == 0)
        return NULL;
    return txt_lookup(lang, ctxt);
}

const char *txt_template(const char *lang, int msg)
{
    const char *s = translated(lang, txt_msg_ctxt(msg));
    return s ? s : txt_english_message(msg);
}

const char *txt_term(const char *lang, const char *name)
{
    char ctxt[48];
    const char *s = translated(lang, txt_join(ctxt, sizeof ctxt, "term.", name));
    if (s == NULL)
        s = txt_english_term(name);
    return s ? s : name;
}

const char *txt_rule_title(const char *lang, const char *rule)
{
    const cc_rule *r = rule ? cc_rule_find(rule) : NULL;
    if (r == NULL)
        return rule ? rule : "";
    char ctxt[96];
    const char *s = translated(lang, txt_join(ctxt, sizeof ctxt, "rule-title.", rule));
    return s ? s : r->title ? r->title : rule;
}

/* The cardinal plural rules of the languages served, each in the order of
 * the forms its PO file's Plural-Forms header gives (gettext's, which
 * tools/po-check.py compares with this function for every file):
 *   English, German, Catalan, Spanish, Dutch: one (1), other;
 *   French: one (0, 1), other;
 *   Czech, Slovak: one (1), few (2-4), other;
 *   Polish: one (1), few (2-4, 22-24, ... not 12-14), many;
 *   Russian: one (1, 21, 31, ... not 11), few (2-4, 22-24, ... not 12-14), many;
 *   Lithuanian: one (1, 21, ... not 11), few (2-9, 22-29, ... not 12-19),
 *     other (0, 10-20, 30, ...);
 *   Romanian: one (1), few (0, 2-19, 101-119, ...), other (20-100, 120-200, ...);
 *   Slovenian: one (1, 101, ...), two (2, 102, ...), few (3-4, 103-104, ...), other.
 * The rule is found once per language for the templates read once. */
typedef enum {
    PLURAL_ONE_OTHER, PLURAL_FRENCH, PLURAL_CZECH, PLURAL_POLISH, PLURAL_RUSSIAN,
    PLURAL_LITHUANIAN, PLURAL_ROMANIAN, PLURAL_SLOVENIAN
} plural_rule;

static plural_rule plural_rule_of(const char *lang)
{
    static const struct {
        const char *code;
        plural_rule rule;
    } rules[] = {
        { "fr", PLURAL_FRENCH },  { "cs", PLURAL_CZECH },      { "sk", PLURAL_CZECH },
        { "pl", PLURAL_POLISH },  { "ru", PLURAL_RUSSIAN },    { "lt", PLURAL_LITHUANIAN },
        { "ro", PLURAL_ROMANIAN }, { "sl", PLURAL_SLOVENIAN },
    };
    for (size_t i = 0; lang && i < sizeof rules / sizeof rules[0]; i++)
        if (strcmp(lang, rules[i].code) == 0)
            return rules[i].rule;
    return PLURAL_ONE_OTHER;
}

/* n's last digit and last two digits decide every rule but French's. */
static int plural_form(plural_rule rule, long n)
{
    long a = n < 0 ? -n : n, d = a % 10, dd = a % 100;
    bool teen = dd >= 10 && dd <= 19;
    switch (rule) {
    case PLURAL_FRENCH: return a <= 1 ? 0 : 1;
    case PLURAL_CZECH: return a == 1 ? 0 : a >= 2 && a <= 4 ? 1 : 2;
    case PLURAL_POLISH: return a == 1 ? 0 : d >= 2 && d <= 4 && (dd < 12 || dd > 14) ? 1 : 2;
    case PLURAL_RUSSIAN:
        return d == 1 && dd != 11 ? 0 : d >= 2 && d <= 4 && (dd < 12 || dd > 14) ? 1 : 2;
    case PLURAL_LITHUANIAN: return d == 1 && dd != 11 ? 0 : d >= 2 && !teen ? 1 : 2;
    case PLURAL_ROMANIAN: return a == 1 ? 0 : a == 0 || (dd >= 1 && dd <= 19) ? 1 : 2;
    case PLURAL_SLOVENIAN: return dd == 1 ? 0 : dd == 2 ? 1 : dd == 3 || dd == 4 ? 2 : 3;
    case PLURAL_ONE_OTHER: break;
    }
    return a == 1 ? 0 : 1;
}

int txt_plural(const char *lang, long n, int forms)
{
    int form = plural_form(plural_rule_of(lang), n);
    return form < forms ? form : forms - 1;
}

/* ---- arguments ------------------------------------------------------------------- */

/* Every argument name with its length: a placeholder is matched by
 * length first, so most arguments are passed over without a byte read
 * (a score's sentences hold some 800 placeholders). */
static const struct {
    const char *name;
    size_t len;
} arg_names[CC_ARG_NAME_COUNT] = {
#define ARG_NAME(e, s) [CC_AN_##e] = { s, sizeof(s) - 1 },
    CC_ARG_NAMES(ARG_NAME)
#undef ARG_NAME
};

static const cc_arg *find_arg(const cc_text *t, const char *name, size_t len)
{
    for (int i = 0; i < t->nargs; i++) {
        unsigned id = t->args[i].name;
        if (id < CC_ARG_NAME_COUNT && arg_names[id].len == len &&
            memcmp(arg_names[id].name, name, len) == 0)
            return &t->args[i];
    }
    return NULL;
}

static const char *player_name(const txt_args *a, int p)
{
    if (a && a->pos && p >= 0 && p < a->pos->nplayers)
        return a->pos->players[p];
    return "?";
}

/* "red", "red and blue", "red, blue and green" (term.and in lang). */
static void put_players(outbuf *o, const char *lang, const txt_args *a, int mask)
{
    int total = 0, seen = 0;
    for (int p = 0; p < CC_MAX_PLAYERS; p++)
        total += (mask >> p) & 1;
    for (int p = 0; p < CC_MAX_PLAYERS; p++) {
        if (!((mask >> p) & 1))
            continue;
        if (seen > 0 && seen == total - 1) {
            puts_(o, " ");
            puts_(o, txt_term(lang, "and"));
            puts_(o, " ");
        } else if (seen > 0) {
            puts_(o, ", ");
        }
        puts_(o, player_name(a, p));
        seen++;
    }
}

static void put_strengths(outbuf *o, const txt_args *a, int mask)
{
    int seen = 0;
    for (int p = 0; p < CC_MAX_PLAYERS; p++) {
        if (!((mask >> p) & 1))
            continue;
        if (seen++)
            put(o, ", ", 2);
        puts_(o, player_name(a, p));
        put(o, " ", 1);
        put_int(o, a && a->strength ? a->strength[p] : 0);
    }
}

/* "city #0: N, NNE; field #1: ENE, E; cloister #2: C": where each
 * feature of a placed tile may be named. */
static void put_places(outbuf *o, const char *lang, const cc_error *err)
{
    for (int i = 0; err && i < err->nplaces; i++) {
        const cc_place *pl = &err->places[i];
        if (i > 0)
            puts_(o, "; ");
        puts_(o, txt_term(lang, cc_feature_type_name((cc_feature_type)pl->type)));
        puts_(o, " #");
        put_int(o, pl->index);
        const char *sep = ": ";
        if (pl->centre) {
            puts_(o, sep);
            puts_(o, "C");
            sep = ", ";
        }
        for (int r = 0; r < CC_RING_SIZE; r++) {
            if (!(pl->ring_mask & (1u << r)))
                continue;
            char name[8];
            puts_(o, sep);
            puts_(o, cc_loc_name((cc_loc){ CC_LOC_RING, (uint8_t)r }, name));
            sep = ", ";
        }
    }
}

/* "red, blue and green": quote q of the error, items parted by '\n',
 * the last two joined by the term conj ("and", "or") in lang. */
static void put_list(outbuf *o, const char *lang, const txt_args *a, const cc_arg *arg)
{
    if (!a || !a->err || arg->i < 0 || arg->i >= CC_QUOTES)
        return;
    const char *s = a->err->quote[arg->i];
    int total = 1;
    for (const char *p = s; *p; p++)
        total += (unsigned char)*p == CC_LIST_SEP_BYTE;
    for (int k = 0; k < total; k++) {
        const char *end = strchr(s, CC_LIST_SEP_BYTE);
        size_t len = end ? (size_t)(end - s) : strlen(s);
        if (k > 0 && k == total - 1) {
            puts_(o, " ");
            puts_(o, txt_term(lang, arg->s ? arg->s : "and"));
            puts_(o, " ");
        } else if (k > 0) {
            puts_(o, ", ");
        }
        put(o, s, len);
        s += len + (end != NULL);
    }
}

static const char *const side_names[4] = { "north", "east", "south", "west" };

static void put_arg(outbuf *o, const char *lang, const txt_args *a, const cc_arg *arg)
{
    char loc[8];
    switch ((cc_arg_type)arg->type) {
    case CC_ARG_INT: put_int(o, arg->i); break;
    case CC_ARG_PLAYER: puts_(o, player_name(a, arg->i)); break;
    case CC_ARG_PLAYERS: put_players(o, lang, a, arg->i); break;
    case CC_ARG_LOC: puts_(o, cc_loc_name(cc_loc_unpack(arg->i), loc)); break;
    case CC_ARG_KIND: puts_(o, txt_term(lang, cc_figure_kind_name((cc_figure_kind)arg->i))); break;
    case CC_ARG_FEATURE: puts_(o, txt_term(lang, cc_feature_type_name((cc_feature_type)arg->i))); break;
    case CC_ARG_SIDE: puts_(o, txt_term(lang, side_names[arg->i & 3])); break;
    case CC_ARG_EDGE:
        puts_(o, txt_term(lang, arg->i == 'C' ? "city" : arg->i == 'R' ? "road" : "field"));
        break;
    case CC_ARG_STR: puts_(o, arg->s ? arg->s : ""); break;
    case CC_ARG_QUOTE:
        if (a && a->err && arg->i >= 0 && arg->i < CC_QUOTES)
            puts_(o, a->err->quote[arg->i]);
        break;
    case CC_ARG_STRENGTHS: put_strengths(o, a, arg->i); break;
    case CC_ARG_RULE: puts_(o, txt_rule_title(lang, arg->s)); break;
    case CC_ARG_LOCATIONS: put_places(o, lang, a ? a->err : NULL); break;
    case CC_ARG_TERM: puts_(o, txt_term(lang, arg->s ? arg->s : "")); break;   /* in a term */
    case CC_ARG_LIST: put_list(o, lang, a, arg); break;
    }
}

#define MOST_FORMS 4   /* the most forms a choice picks from (Slovenian's plurals, a side's four) */

/* The form want of spec "f0|f1|...", or the last one when spec has fewer. */
static void pick_form(const char *spec, size_t len, int want, size_t *start, size_t *piece)
{
    size_t from = 0;
    for (int k = 0;; k++) {
        const char *bar = memchr(spec + from, '|', len - from);
        size_t end = bar ? (size_t)(bar - spec) : len;
        if (k == want || bar == NULL) {
            *start = from;
            *piece = end - from;
            return;
        }
        from = end + 1;
    }
}

bool txt_plural_pick(const char *lang, long n, const char *spec, size_t len, size_t *start,
                     size_t *piece)
{
    /* The form the language's rule picks, or the last one when spec has
     * fewer (as txt_plural() clamps to the forms there are). */
    pick_form(spec, len, txt_plural(lang, n, MOST_FORMS), start, piece);
    return true;
}

/* Which form of a choice {name:f0|f1|...} an argument takes: a side its
 * own (north, east, south, west: a language words "the north edge" with an
 * adjective of its own, Czech "jižní hrana"), a number its plural form. */
static int choice_form(plural_rule rule, const cc_arg *arg)
{
    if (arg->type == CC_ARG_SIDE)
        return arg->i & 3;
    return plural_form(rule, arg->i);
}

/* {name:f0|f1|...}: the form of the argument name in lang (choice_form).
 * spec: after ':'. */
static void put_plural(outbuf *o, const char *lang, const cc_arg *arg, const char *spec, size_t len)
{
    size_t start, piece;
    pick_form(spec, len, choice_form(plural_rule_of(lang), arg), &start, &piece);
    put(o, spec + start, piece);
}

/* ---- templates ------------------------------------------------------------------- */

/* One piece of a template, in the order the template reads: literal text
 * (a run up to the next brace, a brace of "{{" or "}}", a brace that opens
 * nothing), or a placeholder {name} / {name:f0|f1|...}. */
typedef struct {
    bool placeholder;
    const char *at;       /* the piece's text (a placeholder: from '{' to '}') */
    size_t len;
    const char *name;     /* placeholders: the name ... */
    size_t nlen;
    const char *spec;     /* ... and the plural forms after ':', or NULL */
    size_t slen;
} piece;

/* The piece at p (not at the template's end); returns where the next one
 * starts. The one reading of the template syntax (messages_en.h). */
static const char *next_piece(const char *p, piece *pc)
{
    memset(pc, 0, sizeof *pc);
    pc->at = p;
    if (*p != '{' && *p != '}') {
        /* Literal text up to the next brace: copied in one piece, so a
         * cut falls on a whole UTF-8 character (put() sees the run). */
        pc->len = strcspn(p, "{}");
        return p + pc->len;
    }
    if ((p[0] == '{' && p[1] == '{') || (p[0] == '}' && p[1] == '}')) {
        pc->len = 1;
        return p + 2;
    }
    /* The placeholder's '}' and its first ':' (a plural), in one pass. */
    const char *close = NULL, *colon = NULL;
    if (p[0] == '{')
        for (const char *c = p + 1; *c; c++) {
            if (*c == '}') {
                close = c;
                break;
            }
            if (*c == ':' && colon == NULL)
                colon = c;
        }
    if (close == NULL) {
        pc->len = 1;
        return p + 1;
    }
    pc->placeholder = true;
    pc->len = (size_t)(close - p + 1);
    pc->name = p + 1;
    pc->nlen = (size_t)((colon ? colon : close) - pc->name);
    if (colon) {
        pc->spec = colon + 1;
        pc->slen = (size_t)(close - colon - 1);
    }
    return close + 1;
}

/* Placeholder pc filled with arg (NULL: t has no argument of that name,
 * and the placeholder is written as it stands). False, with nothing
 * written, for a term argument outside a term's text: its text names the
 * text's other arguments ("the byte 0x{code}") and the caller fills it
 * (put_term_text()); inside a term's text a term is written as it stands. */
static bool put_placeholder(outbuf *o, const char *lang, const piece *pc, const cc_arg *arg,
                            const txt_args *a, bool in_term)
{
    if (arg == NULL)
        put(o, pc->at, pc->len);
    else if (pc->spec)
        put_plural(o, lang, arg, pc->spec, pc->slen);
    else if (arg->type == CC_ARG_TERM && !in_term)
        return false;
    else
        put_arg(o, lang, a, arg);
    return true;
}

/* Term argument arg's text filled with t's arguments: one level, a term
 * inside it is written as it stands. */
static void put_term_text(outbuf *o, const char *lang, const cc_arg *arg, const cc_text *t,
                          const txt_args *a)
{
    for (const char *p = txt_term(lang, arg->s ? arg->s : ""); *p != '\0';) {
        piece pc;
        p = next_piece(p, &pc);
        if (!pc.placeholder)
            put(o, pc.at, pc.len);
        else
            put_placeholder(o, lang, &pc, find_arg(t, pc.name, pc.nlen), a, true);
    }
}

/* Template p filled with t's arguments, read as it goes. */
static void put_template(outbuf *o, const char *lang, const char *p, const cc_text *t,
                         const txt_args *a)
{
    while (*p != '\0') {
        piece pc;
        p = next_piece(p, &pc);
        if (!pc.placeholder) {
            put(o, pc.at, pc.len);
            continue;
        }
        const cc_arg *arg = find_arg(t, pc.name, pc.nlen);
        if (!put_placeholder(o, lang, &pc, arg, a, false))
            put_term_text(o, lang, arg, t, a);
    }
}

/* ---- templates read once ------------------------------------------------------- *
 * A score's explanation is some 140 sentences: reading each template again
 * (the brace search, the argument names compared as text) cost more than
 * writing them. So each language's templates of the engine's messages are
 * read once, the first time the language is asked, into a list of pieces
 * whose names are argument ids; a sentence then walks its list. Static
 * storage (nothing to allocate or fail), filled under a lock, published by
 * an atomic flag; a template that does not fit (too long, too many pieces,
 * the pool full) is read as it goes, as before, so the words never
 * differ, only their cost.
 *
 * With them, read once too: each piece's text copied into the language's
 * own text pool (16 bytes of slack after it), the plural forms split, the
 * terms a sentence's simple arguments name (feature types, figure kinds,
 * sides, edges) and the language's plural rule; and per template the most
 * bytes its sentence can take when every argument is a simple one. A
 * sentence with that much room left is written without a check per piece,
 * its text copied 16 bytes at a time (the pool's slack, the room's margin);
 * any other argument, or less room, takes the checked writers above. */

#define NO_ARG 0xFF            /* a placeholder whose name no argument has */
#define POOL_PIECES 4096       /* a language's pieces (English takes ~1,500) */
/* A language's piece text: English takes ~24 KB, Russian ~42 KB (Cyrillic is
 * two bytes a letter); its offsets are 16 bits. */
#define POOL_CHARS 65520
#define COPY_STEP 16           /* text is copied this many bytes at a time */
#define TERM_KINDS 16          /* figure kinds and feature types read once */

typedef struct {
    uint16_t off;              /* in the language's text pool */
    uint8_t len;
} pool_text;

typedef struct {
    uint16_t off, len;         /* the piece's text (a placeholder: "{...}") in the pool */
    uint8_t placeholder;       /* 0 literal, 1 {name}, 2 {name:forms} */
    uint8_t name;              /* placeholders: the cc_arg_name_id, or NO_ARG */
    uint8_t nforms;            /* plurals: forms kept (the first MOST_FORMS) */
    pool_text form[MOST_FORMS];
} read_piece;

typedef struct {
    const char *text;          /* the template; NULL: read it as it goes */
    uint16_t first, n;         /* its pieces in the language's pool */
    uint32_t room;             /* the most bytes its sentence takes with simple arguments,
                                  with the copy's margin and the NUL */
} read_template;

typedef struct {
    read_template msgs[CC_MSG_COUNT];
    read_piece pool[POOL_PIECES];
    int used;
    char chars[POOL_CHARS + COPY_STEP];   /* the pieces' text, then slack */
    size_t nchars;
    plural_rule plural;
    size_t simple_max;         /* the most bytes one simple argument writes */
    bool terms;                /* the terms below are read */
    pool_text feature[TERM_KINDS], kind[TERM_KINDS], side[4], edge[3];
} read_language;

static read_language read_langs[TXT_LANGUAGES_MAX];
static atomic_bool read_ready[TXT_LANGUAGES_MAX];
static pthread_mutex_t read_lock = PTHREAD_MUTEX_INITIALIZER;

/* Location names (they are never translated): CC_LOC_CENTRE, _RING and
 * _CORNER with values under LOC_VALUES, as cc_loc_name() writes them; read
 * under the lock before the first language is published. */
#define LOC_KINDS 4
#define LOC_VALUES 16
static char loc_names[LOC_KINDS][LOC_VALUES][COPY_STEP];   /* copied whole */
static uint8_t loc_lens[LOC_KINDS][LOC_VALUES];
static bool locs_read;

static void read_locs(void)
{
    if (locs_read)
        return;
    for (int k = 0; k < LOC_KINDS; k++)
        for (int v = 0; v < LOC_VALUES; v++)
            loc_lens[k][v] = (uint8_t)strlen(
                cc_loc_name((cc_loc){ (uint8_t)k, (uint8_t)v }, loc_names[k][v]));
    locs_read = true;
}

/* The argument id named name[0..len), or NO_ARG. */
static uint8_t arg_id(const char *name, size_t len)
{
    for (unsigned id = 0; id < CC_ARG_NAME_COUNT; id++)
        if (arg_names[id].len == len && memcmp(arg_names[id].name, name, len) == 0)
            return (uint8_t)id;
    return NO_ARG;
}

/* s[0..len) into l's text pool; false if it does not fit. */
static bool pool_add(read_language *l, const char *s, size_t len, uint16_t *off)
{
    if (len > POOL_CHARS - l->nchars)
        return false;
    memcpy(l->chars + l->nchars, s, len);
    *off = (uint16_t)l->nchars;
    l->nchars += len;
    return true;
}

/* The plural forms "f0|f1|..." of pc into rp (the first MOST_FORMS); adds
 * the longest to *room. */
static bool read_forms(read_language *l, read_piece *rp, const piece *pc, size_t *room)
{
    size_t from = 0, longest = 0;
    rp->nforms = 0;
    if (pc->spec == NULL)
        return false;   /* not a plural */
    for (;;) {
        const char *bar = memchr(pc->spec + from, '|', pc->slen - from);
        size_t end = bar ? (size_t)(bar - pc->spec) : pc->slen;
        if (rp->nforms < MOST_FORMS) {
            pool_text *ft = &rp->form[rp->nforms++];
            if (end - from > UINT8_MAX || !pool_add(l, pc->spec + from, end - from, &ft->off))
                return false;
            ft->len = (uint8_t)(end - from);
            if (ft->len > longest)
                longest = ft->len;
        }
        if (bar == NULL)
            break;
        from = end + 1;
    }
    *room += longest;
    return true;
}

/* Template text into l's pool; false (and nothing kept) if it does not fit. */
static bool read_once(read_language *l, read_template *rt, const char *text)
{
    size_t total = strlen(text), room = COPY_STEP + 1, nchars = l->nchars;
    if (total > UINT16_MAX)
        return false;
    int first = l->used, n = 0;
    for (const char *p = text; *p != '\0';) {
        piece pc;
        p = next_piece(p, &pc);
        if (first + n >= POOL_PIECES || n >= UINT16_MAX)
            goto no_room;
        read_piece *rp = &l->pool[first + n++];
        memset(rp, 0, sizeof *rp);
        if (!pool_add(l, pc.at, pc.len, &rp->off))
            goto no_room;
        rp->len = (uint16_t)pc.len;
        rp->placeholder = !pc.placeholder ? 0 : pc.spec ? 2 : 1;
        rp->name = pc.placeholder ? arg_id(pc.name, pc.nlen) : NO_ARG;
        if (pc.placeholder && rp->name == NO_ARG)
            rp->placeholder = 0;   /* no argument has that name: text as it stands */
        if (rp->placeholder == 2 && !read_forms(l, rp, &pc, &room))
            goto no_room;
        if (rp->placeholder != 2)   /* an argument, or its placeholder as it stands */
            room += rp->placeholder == 1 && l->simple_max > rp->len ? l->simple_max : rp->len;
    }
    if (room > UINT32_MAX)
        goto no_room;
    l->used = first + n;
    rt->text = text;
    rt->first = (uint16_t)first;
    rt->n = (uint16_t)n;
    rt->room = (uint32_t)room;
    return true;
no_room:
    l->nchars = nchars;
    return false;
}

/* The term name in lang into l's pool as *t; widens l->simple_max. */
static void read_term(read_language *l, const char *lang, const char *name, pool_text *t)
{
    const char *s = txt_term(lang, name);
    size_t len = strlen(s);
    if (len > UINT8_MAX || !pool_add(l, s, len, &t->off))
        return;   /* l->terms stays false: the terms are worded as they go */
    t->len = (uint8_t)len;
    if (len > l->simple_max)
        l->simple_max = len;
}

static void read_terms(read_language *l, const char *lang)
{
    static const char *const sides[4] = { "north", "east", "south", "west" };
    static const char *const edges[3] = { "city", "road", "field" };
    size_t nchars = l->nchars;
    /* A player's name, a number or a location: the most bytes of one. */
    l->simple_max = CC_NAME_MAX > DECIMAL_MAX ? CC_NAME_MAX : DECIMAL_MAX;
    for (int i = 0; i < TERM_KINDS; i++) {
        read_term(l, lang, cc_feature_type_name((cc_feature_type)i), &l->feature[i]);
        read_term(l, lang, cc_figure_kind_name((cc_figure_kind)i), &l->kind[i]);
    }
    for (int i = 0; i < 4; i++)
        read_term(l, lang, sides[i], &l->side[i]);
    for (int i = 0; i < 3; i++)
        read_term(l, lang, edges[i], &l->edge[i]);
    /* Every term read: l->nchars moved by each one's length. */
    size_t want = 0;
    for (int i = 0; i < TERM_KINDS; i++)
        want += l->feature[i].len + l->kind[i].len;
    for (int i = 0; i < 4; i++)
        want += l->side[i].len;
    for (int i = 0; i < 3; i++)
        want += l->edge[i].len;
    l->terms = l->nchars - nchars == want;
}

/* The row of lang in the language table (NULL: English's), or -1. */
static int language_row(const char *lang)
{
    if (lang == NULL)
        return 0;
    size_t n;
    const txt_language *rows = txt_languages(&n);
    for (size_t i = 0; i < n && i < TXT_LANGUAGES_MAX; i++)
        if (rows[i].code == lang || strcmp(rows[i].code, lang) == 0)
            return (int)i;
    return -1;
}

/* The templates of lang read once (the first call for lang reads them). */
static const read_language *read_templates(const char *lang)
{
    int row = language_row(lang);
    if (row < 0)
        return NULL;
    if (!atomic_load_explicit(&read_ready[row], memory_order_acquire)) {
        pthread_mutex_lock(&read_lock);
        if (!atomic_load_explicit(&read_ready[row], memory_order_relaxed)) {
            read_language *l = &read_langs[row];
            read_locs();
            l->plural = plural_rule_of(lang);
            read_terms(l, lang);
            for (int msg = 0; msg < CC_MSG_COUNT; msg++)
                if (!read_once(l, &l->msgs[msg], txt_template(lang, msg)))
                    l->msgs[msg].text = NULL;
            atomic_store_explicit(&read_ready[row], true, memory_order_release);
        }
        pthread_mutex_unlock(&read_lock);
    }
    return &read_langs[row];
}

static const cc_arg *find_arg_id(const cc_text *t, unsigned id)
{
    for (int i = 0; i < t->nargs; i++)
        if (t->args[i].name == id)
            return &t->args[i];
    return NULL;
}

/* s[0..len) at d, COPY_STEP bytes at a time: s has that much slack after
 * it (the pool's), d the room's margin. Returns the byte after the text. */
static inline char *copy_pooled(char *d, const char *s, size_t len)
{
    for (size_t k = 0; k < len; k += COPY_STEP)
        memcpy(d + k, s + k, COPY_STEP);
    return d + len;
}

/* A simple argument (a number, a player, a location, or a term read once)
 * at d, as put_arg() writes it; NULL (nothing written) for any other. */
static char *put_simple(char *d, const read_language *l, const txt_args *a, const cc_arg *arg)
{
    const pool_text *term = NULL;
    const char *s;
    unsigned i = (unsigned)arg->i;
    switch ((cc_arg_type)arg->type) {
    case CC_ARG_INT: return decimal_at(d, arg->i);
    case CC_ARG_PLAYER:
        for (s = player_name(a, arg->i); *s != '\0';)
            *d++ = *s++;
        return d;
    case CC_ARG_LOC: {
        unsigned kind = i >> 8 & 0xFF, value = i & 0xFF;
        if (kind != CC_LOC_FEATURE && kind < LOC_KINDS && value < LOC_VALUES)
            return copy_pooled(d, loc_names[kind][value], loc_lens[kind][value]);
        char loc[8];
        for (s = cc_loc_name(cc_loc_unpack(arg->i), loc); *s != '\0';)
            *d++ = *s++;
        return d;
    }
    case CC_ARG_KIND: term = i < TERM_KINDS ? &l->kind[i] : NULL; break;
    case CC_ARG_FEATURE: term = i < TERM_KINDS ? &l->feature[i] : NULL; break;
    case CC_ARG_SIDE: term = &l->side[i & 3]; break;
    case CC_ARG_EDGE: term = &l->edge[i == 'C' ? 0 : i == 'R' ? 1 : 2]; break;
    default: return NULL;
    }
    if (term == NULL || !l->terms)
        return NULL;
    return copy_pooled(d, l->chars + term->off, term->len);
}

/* The most bytes a CC_ARG_STRENGTHS writes: "name N, " for every player. */
#define STRENGTHS_MAX (CC_MAX_PLAYERS * (CC_NAME_MAX + DECIMAL_MAX + 3))

/* "red 2, blue 1" at d, as put_strengths() writes it (d has STRENGTHS_MAX
 * bytes of room). Returns the byte after the text. */
static char *put_strengths_at(char *d, const txt_args *a, int mask)
{
    int seen = 0;
    for (int p = 0; p < CC_MAX_PLAYERS; p++) {
        if (!((mask >> p) & 1))
            continue;
        if (seen++) {
            *d++ = ',';
            *d++ = ' ';
        }
        for (const char *s = player_name(a, p); *s != '\0';)
            *d++ = *s++;
        *d++ = ' ';
        d = decimal_at(d, a && a->strength ? a->strength[p] : 0);
    }
    return d;
}

/* t's template read once (rt in l) filled with t's arguments into o: with
 * room for the whole sentence, straight at d, without a check per piece
 * (o->used follows at the end); otherwise, or for an argument that is not
 * simple, through the checked writers. */
static void put_read(outbuf *o, const char *lang, const read_language *l,
                     const read_template *rt, const cc_text *t, const txt_args *a)
{
    const read_piece *rp = &l->pool[rt->first], *last = rp + rt->n;
    const char *chars = l->chars;
    const size_t room = rt->room;
    char *d = o->s + o->used;
    bool roomy = !o->full && o->n - o->used > room;
    for (; rp < last; rp++) {
        const cc_arg *arg = rp->placeholder ? find_arg_id(t, rp->name) : NULL;
        const pool_text *form = NULL;
        if (arg != NULL && rp->placeholder == 2) {
            int k = choice_form(l->plural, arg);
            form = &rp->form[k < rp->nforms ? k : rp->nforms - 1];
        }
        if (roomy) {
            if (arg == NULL) {   /* literal text, or a placeholder as it stands */
                d = copy_pooled(d, chars + rp->off, rp->len);
                continue;
            }
            if (form != NULL) {
                d = copy_pooled(d, chars + form->off, form->len);
                continue;
            }
            char *end = put_simple(d, l, a, arg);
            if (end == NULL && arg->type == CC_ARG_STRENGTHS &&
                o->n - (size_t)(d - o->s) > room + STRENGTHS_MAX)
                end = put_strengths_at(d, a, arg->i);
            if (end != NULL) {
                d = end;
                continue;
            }
        }
        o->used = (size_t)(d - o->s);
        o->s[o->used] = '\0';
        if (arg == NULL) {
            put(o, chars + rp->off, rp->len);
        } else if (form != NULL) {
            put(o, chars + form->off, form->len);
        } else {
            piece pc = { .placeholder = true, .at = chars + rp->off, .len = rp->len };
            if (!put_placeholder(o, lang, &pc, arg, a, false))
                put_term_text(o, lang, arg, t, a);
        }
        roomy = !o->full && o->n - o->used > room;
        d = o->s + o->used;
    }
    o->used = (size_t)(d - o->s);
    o->s[o->used] = '\0';
}

/* t worded in lang into o: from its pieces read once (l, NULL: none) when
 * there are. */
static void put_text(outbuf *o, const char *lang, const read_language *l, const cc_text *t,
                     const txt_args *a)
{
    const read_template *rt = l && t->msg < CC_MSG_COUNT ? &l->msgs[t->msg] : NULL;
    if (rt == NULL || rt->text == NULL)
        put_template(o, lang, txt_template(lang, t->msg), t, a);
    else
        put_read(o, lang, l, rt, t, a);
}

char *txt_format(const char *lang, const cc_text *t, const txt_args *a, char *out, size_t n)
{
    outbuf o = { out, n, 0, false };
    out[0] = '\0';
    put_text(&o, lang, t->msg < CC_MSG_COUNT ? read_templates(lang) : NULL, t, a);
    return out;
}

/* The most bytes one sentence of txt_format_all() takes, as txt_format()
 * into a buffer of this size would give them. */
#define ONE_SENTENCE (CC_DETAIL_MAX * 2)

size_t txt_format_all_len(const char *lang, const cc_text *ts, int k, const txt_args *a,
                          char *out, size_t n)
{
    outbuf o = { out, n, 0, false };
    const read_language *l = k > 0 ? read_templates(lang) : NULL;   /* once for all */
    out[0] = '\0';
    for (int i = 0; i < k && !o.full; i++) {
        if (i > 0)
            put(&o, " ", 1);
        if (o.full || o.used + 1 >= o.n)
            break;
        /* Each sentence straight into out, within the room it would have
         * had alone (ONE_SENTENCE) and what out has left: the same bytes
         * as wording it apart and appending it, without the copy. */
        size_t left = o.n - o.used;
        outbuf one = { o.s + o.used, left < ONE_SENTENCE ? left : ONE_SENTENCE, 0, false };
        put_text(&one, lang, ts[i].msg < CC_MSG_COUNT ? l : NULL, &ts[i], a);
        o.used += one.used;
        o.full = one.full && left < ONE_SENTENCE;   /* out's end cut it */
    }
    return o.used;
}

char *txt_format_all(const char *lang, const cc_text *ts, int k, const txt_args *a, char *out,
                     size_t n)
{
    txt_format_all_len(lang, ts, k, a, out, n);
    return out;
}

void txt_error_flatten(cc_error *err)
{
    if (err == NULL || err->problem < 0)
        return;
    txt_args a = { .err = err };
    txt_format(NULL, &err->text, &a, err->detail, sizeof err->detail);
    err->title = txt_english_message(err->problem);
    err->format = txt_english_message(err->text.msg);
    err->problem = -1;
}
