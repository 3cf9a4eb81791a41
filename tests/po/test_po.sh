#!/bin/sh
# tests/po/test_po.sh -- the translation tools fail when they should.
#
# 1. tools/po-check.py against the fixture template (tests/po/fixtures/):
#    the good translation passes; each broken one fails, with the fault
#    named: fuzzy, stale, missing, placeholders differing (with and without
#    the python-brace-format flag; a number's word kept but the number
#    itself dropped), a syntax error, an entry no longer in
#    the template, an entry without msgctxt, a wrong Language header, a
#    language.name left untranslated (with a template that has it).
#    A language's own number of forms in a selector ({points:bod|body|bodů}
#    for the English {points:point|points}) passes.
#    With the pot tool (its --plurals: the service's plural rule): the same
#    file under a two-form Plural-Forms fails twice (the header's rule is
#    not the service's Czech one, the choice has three forms, not two); with
#    the Czech header it passes.
# 2. tools/po2c.py: the table it writes from the good file answers
#    txt_lookup() (service/text/catalog.c) with the msgstr, byte for byte
#    (UTF-8, quotes, "??" that a C compiler would read as a trigraph), and
#    leaves a fuzzy entry out (the English is used for it).
# 3. Adding a language is adding its file: po2c on the good file plus a new
#    language xx (a copy of it, with its header and language.name) writes
#    a language table English first, de and fr in their X-Language-Order,
#    then xx named by its language.name; the file passes po-check as it is.
#
# Usage: tests/po/test_po.sh [CC [POT_TOOL]]   (from the repository root; make po-check)
set -eu
CC=${1:-cc}
POT=${2:-}
FIX=tests/po/fixtures
TMP=$(mktemp -d)
trap 'rm -rf "$TMP"' EXIT
fails=0

# expect DIR STATUS TEXT [OPTION]: po-check (with OPTION) on DIR's PO files
# exits STATUS and says TEXT.
expect() {
    dir=$1 want=$2 text=$3
    set -- "$@" ""
    set +e
    out=$(python3 tools/po-check.py --template $FIX/template.pot --languages de,fr,cs $4 $FIX/$dir/*.po 2>&1)
    got=$?
    set -e
    if [ "$got" != "$want" ] || ! printf '%s' "$out" | grep -qF -- "$text"; then
        echo "FAIL po-check on $dir: exit $got (expected $want), output lacks \"$text\":"
        echo "$out" | sed 's/^/    /'
        fails=$((fails + 1))
    else
        echo "ok   po-check on $dir: exit $got, \"$text\""
    fi
}

expect good 0 "1 PO file(s): ok"
expect fuzzy 1 "fuzzy entries (1): term.meeple"
expect stale 1 "stale entries (the English changed: update msgid and msgstr) (1): rule.base.city.completed"
expect missing 1 "messages not translated (1): term.meeple"
expect placeholders 1 "placeholders differ from the English (1): msg.city-scored"
expect selector 1 "placeholders differ from the English (1): msg.points"
expect plural_forms 0 "1 PO file(s): ok"
expect brace_format 1 "a format specification for argument 'points' doesn't exist"
expect syntax 1 "msgfmt --check refuses it"
expect gone 1 "entries no longer in the template (1): rule.base.gone"
expect noctxt 1 "entries without msgctxt"
expect language 1 "its header says Language: fr, not de"
if [ -n "$POT" ]; then
    expect plural_forms 1 "numbers whose plural form in the Plural-Forms header is not the service's" \
        "--pot-tool $POT"
    expect plural_forms 1 "choices {n:...} without exactly nplurals=2 forms (a side's {side:north|east|south|west}: 4) (1): msg.points" \
        "--pot-tool $POT"
    expect plural_rule 0 "1 PO file(s): ok" "--pot-tool $POT"
else
    echo "note tests/po: no pot tool given: the plural checks are not run"
fi

# The committed template must be the current one.
cp $FIX/template.pot "$TMP/committed.pot"
echo '# edited by hand' >> "$TMP/committed.pot"
set +e
out=$(python3 tools/po-check.py --template $FIX/template.pot --committed "$TMP/committed.pot" \
      --languages de $FIX/good/de.po 2>&1)
got=$?
set -e
if [ "$got" = 1 ] && printf '%s' "$out" | grep -qF "run \`make pot\`"; then
    echo "ok   po-check with an outdated committed template: exit 1"
else
    echo "FAIL po-check with an outdated committed template: exit $got"; echo "$out"
    fails=$((fails + 1))
fi

# po2c: good/de.po as "de", fuzzy/de.po as "fr" (its fuzzy term.meeple left out).
mkdir -p "$TMP/po"
cp $FIX/good/de.po "$TMP/po/de.po"
cp $FIX/fuzzy/de.po "$TMP/po/fr.po"
python3 tools/po2c.py "$TMP/po_catalog.c" "$TMP/po/de.po" "$TMP/po/fr.po"
cat > "$TMP/lookup.c" <<'C'
#include <stdio.h>
#include <string.h>
#include "service/text/catalog.h"
static int check(const char *lang, const char *ctxt, const char *want)
{
    const char *got = txt_lookup(lang, ctxt);
    int ok = (got == NULL && want == NULL) || (got && want && strcmp(got, want) == 0);
    printf("%s   txt_lookup(%s, %s) = %s\n", ok ? "ok" : "FAIL", lang, ctxt, got ? got : "NULL");
    return !ok;
}
int main(void)
{
    int bad = 0;
    bad += check("de", "rule.base.city.completed", "Eine fertige Stadt z\xc3\xa4hlt 2 Punkte je Pl\xc3\xa4ttchen.");
    bad += check("de", "msg.city-scored",
                 "{player} erh\xc3\xa4lt {points} Punkte f\xc3\xbcr die Stadt (\"Burg\")?\?");
    bad += check("de", "term.meeple", "Gefolgsmann");
    bad += check("fr", "term.meeple", NULL);
    bad += check("fr", "rule.base.city.completed", "Eine fertige Stadt z\xc3\xa4hlt 2 Punkte je Pl\xc3\xa4ttchen.");
    bad += check("de", "term.meeplf", NULL);
    bad += check("de", "a", NULL);
    bad += check("de", "z", NULL);
    bad += check("en", "term.meeple", NULL);
    bad += check("cs", "term.meeple", NULL);
    bad += check("de", "", NULL);
    return bad;
}
C
$CC -std=c11 -Wall -Wextra -Werror -Wno-trigraphs -I. "$TMP/lookup.c" "$TMP/po_catalog.c" \
    service/text/catalog.c -o "$TMP/lookup"
if ! "$TMP/lookup"; then
    fails=$((fails + 1))
fi

# A new language: po/xx.po alone, nothing else edited. The template gains
# language.name (as the real one has it); xx.po is the good file with its
# own header and that entry, first untranslated (po-check names it), then
# translated (po-check passes, po2c lists it).
mkdir -p "$TMP/new/po"
entry() { printf '\nmsgctxt "language.name"\nmsgid "English"\nmsgstr "%s"\n' "$1"; }
{ cat $FIX/template.pot; entry ""; } > "$TMP/new/template.pot"
sed 's/^"Language: de\\n"$/"Language: xx\\n"/' $FIX/good/de.po > "$TMP/new/base.po"
{ cat "$TMP/new/base.po"; entry ""; } > "$TMP/new/po/xx.po"
set +e
out=$(python3 tools/po-check.py --template "$TMP/new/template.pot" "$TMP/new/po/xx.po" 2>&1)
got=$?
set -e
if [ "$got" = 1 ] && printf '%s' "$out" | grep -qF "language.name is not translated"; then
    echo "ok   po-check on a new language without its name: exit 1, language.name named"
else
    echo "FAIL po-check on a new language without its name: exit $got"; echo "$out"
    fails=$((fails + 1))
fi
{ cat "$TMP/new/base.po"; entry 'Xx \"\303\251\"'; } > "$TMP/new/po/xx.po"
set +e
out=$(python3 tools/po-check.py --template "$TMP/new/template.pot" "$TMP/new/po/xx.po" 2>&1)
got=$?
set -e
if [ "$got" = 0 ]; then
    echo "ok   po-check on a new language with its name: exit 0"
else
    echo "FAIL po-check on a new language with its name: exit $got"; echo "$out"
    fails=$((fails + 1))
fi
# de and fr (copies of the good file) carry X-Language-Order 2 and 1, xx none:
# English, fr, de, xx.
for code in de fr; do
    { sed 's/^"Language: de\\n"$/"Language: '$code'\\n"/' $FIX/good/de.po; entry "Name-$code"; } \
        > "$TMP/new/po/$code.po"
done
sed -i 's/^"Language: de\\n"$/&\n"X-Language-Order: 2\\n"/' "$TMP/new/po/de.po"
sed -i 's/^"Language: fr\\n"$/&\n"X-Language-Order: 1\\n"/' "$TMP/new/po/fr.po"
python3 tools/po2c.py "$TMP/new/po_catalog.c" "$TMP/new/po/xx.po" "$TMP/new/po/de.po" "$TMP/new/po/fr.po"
cat > "$TMP/new/languages.c" <<'C'
#include <stdio.h>
#include <string.h>
#include "service/text/catalog.h"
int main(void)
{
    static const char *const want[][2] = {
        { "en", "English" }, { "fr", "Name-fr" }, { "de", "Name-de" }, { "xx", "Xx \"\xc3\xa9\"" },
    };
    int bad = txt_po_nlanguages != 4;
    printf("%s   %zu languages in the generated table\n", bad ? "FAIL" : "ok", txt_po_nlanguages);
    for (size_t i = 0; i < 4 && i < txt_po_nlanguages; i++) {
        int ok = strcmp(txt_po_languages[i].code, want[i][0]) == 0
                 && strcmp(txt_po_languages[i].name, want[i][1]) == 0;
        printf("%s   row %zu: %s %s\n", ok ? "ok" : "FAIL", i, txt_po_languages[i].code,
               txt_po_languages[i].name);
        bad += !ok;
    }
    return bad;
}
C
$CC -std=c11 -Wall -Wextra -Werror -I. "$TMP/new/languages.c" "$TMP/new/po_catalog.c" \
    -o "$TMP/new/languages"
if ! "$TMP/new/languages"; then
    fails=$((fails + 1))
fi

if [ "$fails" -ne 0 ]; then
    echo "tests/po: $fails failure(s)"
    exit 1
fi
echo "tests/po: every check passed"
