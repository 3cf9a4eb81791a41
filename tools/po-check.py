#!/usr/bin/env python3
"""po-check.py -- are the translations complete, current and well-formed?

Usage: tools/po-check.py --template T.pot [--languages de,fr,...] [--committed C.pot]
                         [--pot-tool build/tools/pot] PO...

T.pot is the template as the C tables give it now (written by tools/pot.c);
--languages the codes of the language table built into the service besides
English (`pot --languages`; tools/po2c.py makes that table from the PO
files themselves, one row per file, so no file can lack its row);
--committed the template in the repository, which must equal T.pot. Each
PO file is po/<code>.po. Fails (exit 1, every fault listed) when:
  - the committed template is not the current one (run `make pot`);
  - msgfmt --check refuses a file (syntax, header, and for entries flagged
    python-brace-format a translation whose placeholders differ);
  - a file's Language header is not its code;
  - it does not translate language.name (when the template has it): the
    language table would name the language by its code;
  - an entry is fuzzy, or has no msgctxt;
  - a message of the template is missing or untranslated;
  - a translation's {placeholders} are not exactly the English ones;
  - an entry is stale: its msgid is not the current English of its
    msgctxt, or its msgctxt is no longer in the template;
  - with --pot-tool (tools/pot.c), the file's Plural-Forms header picks,
    for some number, another form than the service does (`pot --plurals
    CODE`, format.c's txt_plural), or a translation's choice {n:a|b|...}
    has not exactly the nplurals forms the header names (a choice on a
    side, {side:north|east|south|west} in the English: its four words).
A language of --languages without a PO file is reported, not a failure
(a build older than po/).
"""
import argparse
import gettext
import os
import re
import subprocess
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from po2c import read_mo  # noqa: E402

# A placeholder: {name}, or {name:one|other} (a word chosen by the number
# name); {{ and }} are literal braces. The set of names must be the English's.
PLACEHOLDER = re.compile(r"\{([A-Za-z0-9_]+)(?::[^{}]*)?\}")


BARE = re.compile(r"\{([A-Za-z0-9_]+)\}")


def placeholders(text):
    """(names of the plain {name} placeholders, names of all of them)."""
    text = text.replace("{{", "").replace("}}", "")
    return set(BARE.findall(text)), set(PLACEHOLDER.findall(text))
CHOICE = re.compile(r"\{([A-Za-z0-9_]+):([^{}]*)\}")
# A choice on a side of a tile picks by the side, not by a number: its
# English is this one, and a translation gives its four words in that order.
SIDES = "north|east|south|west"
SHOW = 8   # faults of one kind listed per file before "and N more"


def run(args, stdin=None):
    return subprocess.run(args, input=stdin, stdout=subprocess.PIPE, stderr=subprocess.PIPE)


def template_messages(pot):
    """{ctxt: English} of a template: msgen copies each msgid into its
    msgstr, msgfmt compiles that, read_mo reads it."""
    en = run(["msgen", pot])
    if en.returncode != 0:
        sys.exit("po-check: msgen %s: %s" % (pot, en.stderr.decode()))
    mo = run(["msgfmt", "-o", "-", "-"], stdin=en.stdout)
    if mo.returncode != 0:
        sys.exit("po-check: msgfmt on the template: %s" % mo.stderr.decode())
    return {ctxt: msgid for (ctxt, msgid) in read_mo(mo.stdout)}


def listed(kind, items):
    items = sorted(items)
    more = " and %d more" % (len(items) - SHOW) if len(items) > SHOW else ""
    return "%s (%d): %s%s" % (kind, len(items), ", ".join(items[:SHOW]), more)


LANGUAGE_NAME = "language.name"   # the message po2c names the language by


def plural_faults(path, code, translated, pot_tool):
    """Faults of the Plural-Forms header against the service's rule for
    code, and of the choices whose count of forms is not nplurals."""
    fields = {}
    read_mo(run(["msgfmt", "-o", "-", path]).stdout, header=fields)
    header = re.match(r"nplurals=(\d+); *plural=([^;]*);?", fields.get("Plural-Forms", ""))
    if not header:
        return ["its header has no Plural-Forms: nplurals=N; plural=EXPR;"]
    nplurals = int(header.group(1))
    try:
        rule = gettext.c2py(header.group(2))
    except ValueError as e:
        return ["its Plural-Forms expression cannot be read: %s" % e]
    faults = []
    served = run([pot_tool, "--plurals", code]).stdout.decode().split()
    differ = ["%d (form %s, the service %s)" % (n, rule(n), f)
              for n, f in enumerate(served) if rule(n) != int(f)]
    if differ:
        faults.append(listed("numbers whose plural form in the Plural-Forms header is not the "
                             "service's (service/text/format.c, txt_plural)", differ))
    def forms_wanted(msgid, name):
        return 4 if "{%s:%s}" % (name, SIDES) in msgid else nplurals
    wrong = [ctxt for (ctxt, msgid), msgstr in translated.items()
             if any(len(forms.split("|")) != forms_wanted(msgid, name)
                    for name, forms in CHOICE.findall(msgstr.replace("{{", "").replace("}}", "")))]
    if wrong:
        faults.append(listed("choices {n:...} without exactly nplurals=%d forms (a side's "
                             "{side:north|east|south|west}: 4)" % nplurals, wrong))
    return faults


def check_file(path, code, english, pot_tool=None):
    faults = []
    chk = run(["msgfmt", "--check", "-o", os.devnull, path])
    if chk.returncode != 0:
        faults.append("msgfmt --check refuses it:\n" + chk.stderr.decode().rstrip())
        return faults
    with open(path, encoding="utf-8") as f:
        text = f.read()
    lang = re.search(r'^"Language: *([^\\"]*)', text, re.M)
    if not lang or lang.group(1).strip() != code:
        faults.append("its header says Language: %s, not %s"
                      % (lang.group(1).strip() if lang else "(none)", code))
    fuzzy = run(["msgattrib", "--only-fuzzy", "--no-obsolete", path]).stdout.decode("utf-8")
    fuzzy_ids = re.findall(r'^msgctxt "(.*)"', fuzzy, re.M)
    if fuzzy_ids:
        faults.append(listed("fuzzy entries", fuzzy_ids))
    no_ctxt = []
    translated = read_mo(run(["msgfmt", "-o", "-", path]).stdout, no_ctxt)
    if no_ctxt:
        faults.append(listed("entries without msgctxt (a message is named by its msgctxt)", no_ctxt))
    have = {}
    stale, gone, differ = [], [], []
    for (ctxt, msgid), msgstr in translated.items():
        if ctxt not in english:
            gone.append(ctxt)
            continue
        if msgid != english[ctxt]:
            stale.append(ctxt)
            continue
        have[ctxt] = msgstr
        if placeholders(msgstr) != placeholders(msgid):
            differ.append(ctxt)
    if stale:
        faults.append(listed("stale entries (the English changed: update msgid and msgstr)", stale))
    if gone:
        faults.append(listed("entries no longer in the template", gone))
    if differ:
        faults.append(listed("translations whose placeholders differ from the English", differ))
    if pot_tool:
        faults.extend(plural_faults(path, code, translated, pot_tool))
    missing = [c for c in english if c not in have and c not in stale]
    if LANGUAGE_NAME in missing:
        faults.append("%s is not translated: the language table (GET /v1/languages) would "
                      "name %s by its code, not by its name in itself" % (LANGUAGE_NAME, code))
    if missing:
        faults.append(listed("messages not translated", missing))
    return faults


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--template", required=True)
    ap.add_argument("--committed")
    ap.add_argument("--languages", default="")
    ap.add_argument("--pot-tool")
    ap.add_argument("po", nargs="*")
    a = ap.parse_args()
    languages = [c for c in a.languages.split(",") if c]
    failed = False
    if a.committed is not None:
        with open(a.template, encoding="utf-8") as f1:
            now = f1.read()
        try:
            with open(a.committed, encoding="utf-8") as f2:
                committed = f2.read()
        except FileNotFoundError:
            committed = None
        if committed != now:
            print("po-check: %s is not the template the C tables give: run `make pot` "
                  "and commit it" % a.committed)
            failed = True
    english = template_messages(a.template)
    codes = []
    for path in a.po:
        code = os.path.basename(path)[:-len(".po")]
        codes.append(code)
        faults = check_file(path, code, english, a.pot_tool)
        for fault in faults:
            print("po-check: %s: %s" % (path, fault))
        failed |= bool(faults)
    for code in languages:
        if code not in codes:
            print("po-check: note: %s has no po/%s.po yet (it answers in English)" % (code, code))
    print("po-check: %d messages, %d PO file(s): %s"
          % (len(english), len(a.po), "FAILED" if failed else "ok"))
    sys.exit(1 if failed else 0)


if __name__ == "__main__":
    main()
