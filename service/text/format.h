/* format.h -- words a cc_text (engine/text.h) in a language.
 *
 * Owns: txt_format(), which fills a message's template (messages_en.h's
 * syntax: {name}, {name:one|other}, {{ }}) with its arguments, each worded
 * by its type: a number as digits, a player by name, players as a list
 * joined with term.and, a location by its contract name ("NNE", "#2"), a
 * feature type, figure kind or side as a term of the language, a named
 * term (CC_ARG_TERM: "value.a-string", whose text may itself name the
 * sentence's other arguments), a list of quoted strings (CC_ARG_LIST)
 * joined with commas and the language's "and" or "or". The
 * template and terms come from the language's catalog when it has them,
 * else from the English table. Re-entrant: the language is an argument,
 * never a global or a locale. The one shared state is a cache that never
 * changes an answer: each language's templates of the engine's messages,
 * read once into pieces the first time the language is asked, with their
 * text, plural forms, the terms of the simple arguments (feature types,
 * figure kinds, sides, edges), the location names and the plural rule
 * (static storage, filled under a lock, then only read; format.c).
 *
 *   txt_args                       what the arguments refer to
 *   txt_format(lang, t, a, out, n) the sentence into out
 *   txt_format_all(lang, ts, k, a, out, n)   k sentences, joined by a space
 *   txt_format_all_len(...)        the same, giving their length
 *   txt_template(lang, msg)        the template of msg in lang
 *   txt_term(lang, name)           a term in lang ("city")
 *   txt_rule_title(lang, id)       a rule's short title in lang
 *   txt_plural(lang, n, k)         which of k plural forms n takes
 *   txt_plural_pick(lang, n, spec, len, &start, &n)   that form in "f0|f1|..."
 *   txt_join(buf, cap, a, b)       a then b into buf (a catalog key, a
 *                                  member name), without snprintf
 *   txt_error_flatten(err)         an engine problem worded in English in
 *                                  place, for code that builds a longer
 *                                  detail around it
 */
#ifndef TXT_FORMAT_H
#define TXT_FORMAT_H

#include <stdbool.h>
#include <stddef.h>

#include "../../engine/catalog.h"
#include "../../engine/error.h"
#include "../../engine/position.h"
#include "../../engine/text.h"

typedef struct {
    const cc_position *pos;      /* CC_ARG_PLAYER(S), CC_ARG_STRENGTHS: names; may be NULL */
    const int *strength;         /* CC_ARG_STRENGTHS: strength per player; may be NULL */
    const cc_error *err;         /* CC_ARG_QUOTE: the quotes; may be NULL */
    const cc_catalog *cat;       /* CC_ARG_LOCATIONS: the tile types; may be NULL */
} txt_args;

/* Word t in lang (NULL or unknown: English) into out (n bytes, n > 0),
 * cut short on a whole UTF-8 character if it does not fit. Returns out. */
char *txt_format(const char *lang, const cc_text *t, const txt_args *a, char *out, size_t n);

/* The k sentences ts, each worded, joined by one space. Returns out. */
char *txt_format_all(const char *lang, const cc_text *ts, int k, const txt_args *a, char *out,
                     size_t n);
/* The same; returns how many bytes (before the NUL) it wrote. Bytes of out
 * past them may have changed too (text is copied 16 bytes at a time). */
size_t txt_format_all_len(const char *lang, const cc_text *ts, int k, const txt_args *a,
                          char *out, size_t n);

const char *txt_template(const char *lang, int msg);
const char *txt_term(const char *lang, const char *name);

/* The short title of rule id in lang ("Deploy on the new tile"): its
 * translation (msgctxt rule-title.<id>), else the English of engine/rules.c. */
const char *txt_rule_title(const char *lang, const char *rule);
int txt_plural(const char *lang, long n, int forms);

/* The form n takes in lang among the forms of spec[0..len) ("f0|f1|...",
 * a placeholder's text after ':'): *start and *n its place in spec; the
 * last form when spec has fewer than the language's rule picks (as
 * txt_plural() clamps). True: there is always one. */
bool txt_plural_pick(const char *lang, long n, const char *spec, size_t len, size_t *start,
                     size_t *piece);

/* a then b into buf (cap bytes, cap >= 1), cut short as snprintf("%s%s")
 * would cut them; returns buf. For the keys made for every word of every
 * sentence ("term.city", "explain_id"), where snprintf cost more than the
 * rest of the work. */
const char *txt_join(char *buf, size_t cap, const char *a, const char *b);

/* If err is an engine problem (err->problem >= 0), make it a service one:
 * title its English title, detail its English detail. Otherwise nothing. */
void txt_error_flatten(cc_error *err);

#endif
