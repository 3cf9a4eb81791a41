#!/bin/sh
# tests/po/test_po.sh -- the translation tools fail when they should.
#
# 1. tools/po-check.py against the fixture template (tests/po/fixtures/):
#    the good translation passes; each broken one fails, with the fault
#    named: fuzzy, stale, missing, placeholders differing (with and without
#    the python-brace-format flag; a number's word kept but the number
#    itself dropped), a syntax error, an entry no longer in
#    the template, an entry without msgctxt, a wrong Language header, a
#    language without its table line.
#    A language's own number of forms in a selector ({points:bod|body|bodů}
#    for the English {points:point|points}) passes.
# 2. tools/po2c.py: the table it writes from the good file answers
#    txt_lookup() (service/text/catalog.c) with the msgstr, byte for byte
#    (UTF-8, quotes, "??" that a C compiler would read as a trigraph), and
#    leaves a fuzzy entry out (the English is used for it).
#
# Usage: tests/po/test_po.sh [CC]   (from the repository root; make po-check)
set -eu
CC=${1:-cc}
FIX=tests/po/fixtures
TMP=$(mktemp -d)
trap 'rm -rf "$TMP"' EXIT
fails=0

# expect DIR STATUS TEXT: po-check on DIR's PO files exits STATUS and says TEXT.
expect() {
    dir=$1 want=$2 text=$3
    set +e
    out=$(python3 tools/po-check.py --template $FIX/template.pot --languages de,fr,cs $FIX/$dir/*.po 2>&1)
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
expect notable 1 "xx has no line in the language table"

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

if [ "$fails" -ne 0 ]; then
    echo "tests/po: $fails failure(s)"
    exit 1
fi
echo "tests/po: every check passed"
