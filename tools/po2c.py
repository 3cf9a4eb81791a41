#!/usr/bin/env python3
"""po2c.py -- compile the translations (po/<code>.po) into a C table.

Usage: tools/po2c.py OUTPUT.c [po/de.po po/fr.po ...]

Writes the tables service/text/catalog.h declares:
  - txt_po_tables: one per PO file, named by the file ("po/de.po" -> "de"),
    each a list of (msgctxt, msgstr) sorted by msgctxt in strcmp order, so
    txt_lookup() can search it;
  - txt_po_languages: the language table service/text/lang.c serves
    (code, name in itself). English first, named by the msgid of the
    message language.name ("English" with no PO file), then one row per PO
    file, named by its translation of language.name (by its code while
    that is untranslated: make po-check refuses such a file). So adding a
    language is adding its PO file, nothing else.
The order of the languages: the files whose header has an
"X-Language-Order: N" field first, by N (the languages shipped before the
table was generated keep the order clients saw: de, fr, cs, pl, ca), then
the others by code. The order decides Accept-Language's ties of "*"
(service/text/lang.h); a new language needs no such field. msgfmt reads each PO file (gettext's own parser: escapes,
continued lines, headers) into a .mo image, and this script reads that
image (its format is documented in the gettext manual, "The Format of GNU
MO Files"); so exactly what msgfmt would install is embedded: fuzzy and
untranslated entries are left out and the English is used for them.
Entries without a msgctxt carry no message id and are left out too (make
po-check refuses them). With no PO file the output has no table.
"""
import os
import struct
import subprocess
import sys


def read_mo(data, no_ctxt=None, header=None):
    """{(ctxt, msgid): msgstr} of a .mo image (bytes), UTF-8 decoded. The
    msgids of entries without msgctxt (but the header) go to no_ctxt; the
    header's fields ({"Language": "de", ...}) to header."""
    magic = struct.unpack("<I", data[:4])[0]
    if magic == 0x950412DE:
        endian = "<"
    elif magic == 0xDE120495:
        endian = ">"
    else:
        raise ValueError("not a .mo image")
    _rev, count, orig_at, trans_at = struct.unpack(endian + "4I", data[4:20])
    entries = {}
    for i in range(count):
        olen, ooff = struct.unpack(endian + "2I", data[orig_at + 8 * i:orig_at + 8 * i + 8])
        tlen, toff = struct.unpack(endian + "2I", data[trans_at + 8 * i:trans_at + 8 * i + 8])
        orig = data[ooff:ooff + olen].decode("utf-8")
        trans = data[toff:toff + tlen].decode("utf-8")
        if not orig and header is not None:
            for line in trans.split("\n"):
                if ":" in line:
                    key, value = line.split(":", 1)
                    header[key.strip()] = value.strip()
        if "\x04" not in orig:
            if orig and no_ctxt is not None:
                no_ctxt.append(orig.split("\x00", 1)[0])
            continue                      # the header, or an entry without msgctxt
        ctxt, msgid = orig.split("\x04", 1)
        entries[(ctxt, msgid.split("\x00", 1)[0])] = trans.split("\x00", 1)[0]
    return entries


def compile_po(path):
    """Run msgfmt on one PO file; its .mo image as bytes."""
    out = subprocess.run(["msgfmt", "-o", "-", path], check=True, stdout=subprocess.PIPE)
    return out.stdout


def c_string(text):
    """A C string literal of text's UTF-8 bytes: printable ASCII as is,
    everything else (and '?', against trigraphs) escaped in octal."""
    out = ['"']
    for b in text.encode("utf-8"):
        c = chr(b)
        if c in '"\\?':
            out.append("\\" + c)
        elif 0x20 <= b < 0x7F:
            out.append(c)
        else:
            out.append("\\%03o" % b)
    out.append('"')
    return "".join(out)


LANGUAGE_NAME = "language.name"    # the message naming a language in itself
ORDER_FIELD = "X-Language-Order"    # the header field placing a language


def read_language(path):
    """(order key, code, {(ctxt, msgid): msgstr}) of one PO file."""
    code = os.path.basename(path)[:-len(".po")]
    if not code.replace("_", "").isalnum():
        sys.exit("po2c: %s: the file name is not a language code" % path)
    header = {}
    entries = read_mo(compile_po(path), header=header)
    order = header.get(ORDER_FIELD)
    if order is not None and not order.isdigit():
        sys.exit("po2c: %s: %s must be a number, not %r" % (path, ORDER_FIELD, order))
    key = (0, int(order), code) if order is not None else (1, 0, code)
    return key, code, entries


def language_rows(languages):
    """[(code, name)]: English, then each language in its order."""
    english = "English"
    for _key, _code, entries in languages:
        for (ctxt, msgid) in entries:
            if ctxt == LANGUAGE_NAME:
                english = msgid
    rows = [("en", english)]
    for _key, code, entries in languages:
        names = [s for (c, _m), s in entries.items() if c == LANGUAGE_NAME]
        rows.append((code, names[0] if names else code))
    return rows


def main(argv):
    if len(argv) < 2:
        sys.exit("usage: po2c.py OUTPUT.c [PO...]")
    output, pos = argv[1], sorted(argv[2:])
    languages = sorted((read_language(path) for path in pos), key=lambda lang: lang[0])
    orders = [key[1] for key, _c, _e in languages if key[0] == 0]
    if len(orders) != len(set(orders)):
        sys.exit("po2c: two PO files have the same %s" % ORDER_FIELD)
    lines = ["/* Generated by tools/po2c.py from %s: do not edit. */"
             % (" ".join(pos) if pos else "no PO file"),
             '#include "service/text/catalog.h"', ""]
    tables = []
    for _key, code, entries in languages:
        rows = sorted(((c, s) for (c, _m), s in entries.items()), key=lambda r: r[0].encode("utf-8"))
        name = "strings_" + code.replace("-", "_")
        lines.append("static const txt_po_entry %s[] = {" % name)
        for ctxt, text in rows:
            lines.append("    { %s, %s }," % (c_string(ctxt), c_string(text)))
        if not rows:
            lines.append("    { 0, 0 },")
        lines.append("};")
        tables.append((code, name, len(rows)))
    lines.append("const txt_po_table txt_po_tables[] = {")
    for code, name, n in tables:
        lines.append("    { %s, %s, %d }," % (c_string(code), name, n))
    if not tables:
        lines.append("    { 0, 0, 0 },")
    lines.append("};")
    lines.append("const size_t txt_po_ntables = %d;" % len(tables))
    lines.append("")
    lines.append("const txt_language txt_po_languages[] = {")
    rows = language_rows(languages)
    for code, name in rows:
        lines.append("    { %s, %s }," % (c_string(code), c_string(name)))
    lines.append("};")
    lines.append("const size_t txt_po_nlanguages = %d;" % len(rows))
    lines.append("_Static_assert(%d <= TXT_LANGUAGES_MAX, "
                 "\"more languages than TXT_LANGUAGES_MAX (service/text/lang.h)\");" % len(rows))
    tmp = output + ".tmp"
    os.makedirs(os.path.dirname(output) or ".", exist_ok=True)
    with open(tmp, "w", encoding="ascii") as f:
        f.write("\n".join(lines) + "\n")
    os.replace(tmp, output)


if __name__ == "__main__":
    main(sys.argv)
