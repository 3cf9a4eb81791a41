/* pot.c -- write the PO template (po/carcassonne-rules.pot) from the English
 * C tables.
 *
 * Owns: turning the walk of service/text/english.h (every message id, its
 * English text and its note for translators) into gettext's template
 * format, so the English is written once, in C, and reaches translators
 * without any parsing of C sources. `make pot` runs it; `make po-check`
 * runs it again and fails when the committed template differs (the English
 * changed and the template was not rewritten).
 *
 * Usage: pot                 the template, on stdout
 *        pot --languages     the language codes of the table besides
 *                            English, one a line: the table tools/po2c.py
 *                            generated from the po/<code>.po files (make po-check notes a
 *                            code without its file: a stale build)
 *        pot --plurals CODE  the plural form (0, 1, ...) the service picks
 *                            for each number 0 to PLURALS_SHOWN - 1 in that
 *                            language, one a line (format.h, txt_plural):
 *                            make po-check compares it with the Plural-Forms
 *                            header of po/CODE.po, which translators follow
 *
 * A message holding a brace ({name}, {n:one|other}, {{) is flagged
 * python-brace-format, so msgfmt --check verifies that a translation of a
 * plain {name} message has the same placeholders (po-check compares the
 * names of every message itself, selectors included).
 * The header carries no date: the same English gives the same file. */
#include <stdio.h>
#include <string.h>

#include "../service/text/english.h"
#include "../service/text/format.h"
#include "../service/text/lang.h"

/* Numbers shown by --plurals: every ending of the last two digits, and
 * the hundreds after them (Romanian's 101-119, Slovenian's 101-104). */
#define PLURALS_SHOWN 300
#define MOST_PLURALS 8   /* more forms than any language has: the rule's own pick */

/* A PO string literal: quotes, backslashes and control characters escaped. */
static void po_string(const char *s)
{
    putchar('"');
    for (; *s; s++) {
        switch (*s) {
        case '"':  fputs("\\\"", stdout); break;
        case '\\': fputs("\\\\", stdout); break;
        case '\n': fputs("\\n", stdout); break;
        case '\t': fputs("\\t", stdout); break;
        default:   putchar(*s); break;
        }
    }
    putchar('"');
}

static void write_entry(const txt_english *e, void *arg)
{
    (void)arg;
    printf("\n#. %s\n", e->comment);
    if (strchr(e->msgid, '{') != NULL)
        puts("#, python-brace-format");
    fputs("msgctxt ", stdout);
    po_string(e->ctxt);
    fputs("\nmsgid ", stdout);
    po_string(e->msgid);
    fputs("\nmsgstr \"\"\n", stdout);
}

int main(int argc, char **argv)
{
    if (argc == 2 && strcmp(argv[1], "--languages") == 0) {
        size_t n;
        const txt_language *langs = txt_languages(&n);
        for (size_t i = 1; i < n; i++)
            puts(langs[i].code);
        return 0;
    }
    if (argc == 3 && strcmp(argv[1], "--plurals") == 0) {
        for (long n = 0; n < PLURALS_SHOWN; n++)
            printf("%d\n", txt_plural(argv[2], n, MOST_PLURALS));
        return ferror(stdout) ? 1 : 0;
    }
    if (argc != 1) {
        fputs("usage: pot [--languages | --plurals CODE]\n", stderr);
        return 2;
    }
    puts("# The messages of carcassonne-rules, in English: the template of po/<lang>.po.\n"
         "# Written by `make pot` (tools/pot.c) from the C tables; do not edit by hand.\n"
         "msgid \"\"\n"
         "msgstr \"\"\n"
         "\"Project-Id-Version: carcassonne-rules\\n\"\n"
         "\"MIME-Version: 1.0\\n\"\n"
         "\"Content-Type: text/plain; charset=UTF-8\\n\"\n"
         "\"Content-Transfer-Encoding: 8bit\\n\"");
    txt_english_each(write_entry, NULL);
    return ferror(stdout) ? 1 : 0;
}
