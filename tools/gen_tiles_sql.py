#!/usr/bin/env python3
"""gen_tiles_sql.py -- render the tile references (tiles.json, tiles-expansions.json) twice, independently.

Owns: turning the reference tile facts into
  schema/tiles.sql            INSERTs for schema/schema.sql (what the service loads)
  tests/service/catalog/catalog_expect.inc    one CATALOG_EXPECT(...) line per tile type, the
                              expectations tests/service/catalog/test_catalog.c checks the
                              loaded catalog against.
Why two renderings: the test then compares the SQLite -> C loader against the
JSON directly, so a loader bug cannot agree with itself. The .inc uses
contract location NAMES in canonical order (not bitmasks), and nothing in it
is read from the database.

The input is the project's tile reference, tiles.json: every tile's edges,
features (in catalog orientation, numbered #k), pennants, hills, vineyards
and counts, as read from JCloisterZone's tile definitions; then, in the same
schema, tiles-expansions.json: The River, The River II, Inns & Cathedrals and
Traders & Builders, which add river edges and features, tile flags (spring,
lake, fork, volcano) and feature facts (inn, cathedral, goods, pig herd).
Neither is part of the repository; both outputs are committed, so the build
never needs them. The files are read in the order given and their tiles
keep that order: a tile's catalog index never moves when a set is added.

Usage (from the repository root or anywhere):
  tools/gen_tiles_sql.py path/to/tiles.json [path/to/tiles-expansions.json [schema/tiles-variants.json]]

schema/tiles-variants.json (in the repository) holds the tiles only a
variant of their set has ("variant": a row of cc_tile_sets[]: shrines.SRCR
of shrines-6, the apps' cult/6); each gets a tile_variant row.
"""
import json
import os
import re
import sys

REPO = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))

# Contract location names in ring order (engine/loc.h): the canonical order.
RING = ["N", "NNE", "ENE", "E", "ESE", "SSE", "S", "SSW", "WSW", "W", "WNW", "NNW"]
CANONICAL = ["C"] + RING

SET_NAMES = {
    "base": "Carcassonne base game",
    "abbey-mayor": "Abbey & Mayor (C2)",
    "hills-sheep": "Hills & Sheep (C2)",
    "messages": "The Messages",
    "shrines": "Heretics & Shrines (Count, King & Robber)",
    "river": "The River (C2)",
    "river-ii": "The River II (C2, Count, King & Robber)",
    "inns-cathedrals": "Inns & Cathedrals (C2)",
    "traders-builders": "Traders & Builders (C2)",
}

# tiles.json states the start tile only in a note (base.D).
START_TILE = "base.D"

# Wiki letters the tile reference calls certain (base A-X are the ids already).
WIKI_ALIASES = {
    "abbey-mayor.A": "abbey-mayor.abbey",
    "abbey-mayor.C": "abbey-mayor.CCcc+",
    "abbey-mayor.E": "abbey-mayor.CCc+",
    "hills-sheep.E": "hills-sheep.RR.h",
}

# Tile flags of the references -> the column (tile_type) and the C member
# (cc_tile_type) that hold them.
FLAG_COLUMNS = {
    "hill": "hill",
    "vineyard": "vineyard",
    "garden": "garden",
    "river-spring": "spring",
    "river-lake": "lake",
    "river-fork": "fork",
    "volcano": "volcano",
}

# Feature facts that are true or absent in the references -> column/member.
FEATURE_FLAGS = {"inn": "inn", "cathedral": "cathedral", "pig_herd": "pig_herd"}

# Trade goods a city segment may show (feature_goods.kind, cc_goods).
GOODS = ["wine", "grain", "cloth"]


def sql_str(s):
    if s is None:
        return "NULL"
    return "'" + s.replace("'", "''") + "'"


def c_str(s):
    if s is None:
        return "NULL"
    out = []
    for ch in s:
        if ch in '"\\':
            out.append("\\" + ch)
        elif ch == "\n":
            out.append("\\n")
        elif ord(ch) < 0x20:
            out.append("\\x%02x" % ord(ch))
        else:
            out.append(ch)
    return '"' + "".join(out) + '"'


def c_ident(tile_id):
    """A test name from a tile id; distinct ids must stay distinct."""
    s = tile_id.replace("-", "_").replace(".", "_")
    s = s.replace("+", "_plus").replace("!", "_bang").replace("?", "_q")
    if not re.fullmatch(r"[A-Za-z0-9_]+", s):
        sys.exit("cannot make a C identifier of tile id %r" % tile_id)
    return s


def canonical(locations):
    for loc in locations:
        if loc not in CANONICAL:
            sys.exit("unknown location name %r" % loc)
    return sorted(locations, key=CANONICAL.index)


def check_tile(t):
    """Fail on JSON shapes the renderings below would misread."""
    for i, f in enumerate(t["features"]):
        if f["index"] != i:
            sys.exit("%s: feature numbers must run 0..n-1" % t["id"])
    for flag in t["flags"]:
        if flag not in FLAG_COLUMNS:
            sys.exit("%s: unknown flag %r" % (t["id"], flag))
    for f in t["features"]:
        for kind in f.get("goods", {}):
            if kind not in GOODS:
                sys.exit("%s #%d: unknown goods %r" % (t["id"], f["index"], kind))
    if t["set"] not in SET_NAMES:
        sys.exit("%s: unknown set %r" % (t["id"], t["set"]))


def is_abbey(t):
    return any(f["type"] == "abbey" for f in t["features"])


def aliases_of(t):
    """(alias, source) pairs: the reference id first, then wiki letters."""
    out = [(t["reference_id"], "reference")]
    out += [(a, "wiki") for a, tid in sorted(WIKI_ALIASES.items()) if tid == t["id"]]
    return out


# The reference's notes cite its own sections ("see \u00a76"); a reader of the
# catalog has docs/notation.md instead.
SECTION_REFS = {"(see \u00a76)": "(see docs/notation.md#split-edges)"}


def public_notes(t):
    notes = []
    for note in t.get("notes", []):
        for old, new in SECTION_REFS.items():
            note = note.replace(old, new)
        if "\u00a7" in note:
            sys.exit("%s: a note cites a section of the reference: %s" % (t["id"], note))
        notes.append(note)
    return notes


# ---- schema/tiles.sql -------------------------------------------------------

def render_sql(tiles):
    lines = [
        "-- tiles.sql -- GENERATED by tools/gen_tiles_sql.py from the tile references",
        "-- (tiles.json, tiles-expansions.json, schema/tiles-variants.json);",
        "-- do not edit by hand (edit the generator or the reference and rerun it).",
        "-- Loaded after schema/schema.sql, which checks every row on insert.",
        "PRAGMA foreign_keys = ON;",
        "BEGIN;",
        "",
    ]
    for sid in sorted({t["set"] for t in tiles} | set(SET_NAMES)):
        lines.append("INSERT INTO expansion (id, name) VALUES (%s, %s);"
                     % (sql_str(sid), sql_str(SET_NAMES[sid])))
    for pos, t in enumerate(tiles):
        tid = t["id"]
        lines.append("")
        lines.append("-- %s (%s)" % (tid, t["reference_id"]))
        # The flags a tile has, each a 1 in its column; a flag it lacks
        # keeps the column's default 0 (and the base sets' rows their form).
        extra = [FLAG_COLUMNS[f] for f in sorted(t["flags"])
                 if FLAG_COLUMNS[f] not in ("hill", "vineyard", "garden")]
        lines.append(
            "INSERT INTO tile_type (id, position, set_id, count, edges, is_abbey, is_start,"
            " hill, vineyard, garden%s) VALUES (%s, %d, %s, %s, %s, %d, %d, %d, %d, %d%s);"
            % ("".join(", " + c for c in extra),
               sql_str(tid), pos, sql_str(t["set"]),
               "NULL" if t["count"] is None else str(int(t["count"])),
               sql_str(t["edges"]), int(is_abbey(t)), int(tid == START_TILE),
               int("hill" in t["flags"]), int("vineyard" in t["flags"]),
               int("garden" in t["flags"]), ", 1" * len(extra)))
        for alias, source in aliases_of(t):
            lines.append("INSERT INTO tile_alias (alias, tile_id, source) VALUES (%s, %s, %s);"
                         % (sql_str(alias), sql_str(tid), sql_str(source)))
        for f in t["features"]:
            extra = [c for key, c in sorted(FEATURE_FLAGS.items()) if f.get(key)]
            lines.append(
                "INSERT INTO feature (tile_id, idx, type, pennants, inner, split_edge, ends_on%s)"
                " VALUES (%s, %d, %s, %s, %d, %s, %s%s);"
                % ("".join(", " + c for c in extra),
                   sql_str(tid), f["index"], sql_str(f["type"]),
                   "NULL" if f.get("pennants") is None else str(int(f["pennants"])),
                   int(bool(f.get("inner", False))), sql_str(f.get("split_edge")),
                   sql_str(f.get("ends_on_tile")), ", 1" * len(extra)))
            for kind in GOODS:
                if f.get("goods", {}).get(kind):
                    lines.append("INSERT INTO feature_goods (tile_id, feature_idx, kind, count)"
                                 " VALUES (%s, %d, %s, %d);"
                                 % (sql_str(tid), f["index"], sql_str(kind), f["goods"][kind]))
            for loc in f["locations"]:
                lines.append("INSERT INTO feature_location (tile_id, feature_idx, location)"
                             " VALUES (%s, %d, %s);" % (sql_str(tid), f["index"], sql_str(loc)))
        for f in t["features"]:
            for city in f.get("adjacent_cities", []):
                lines.append("INSERT INTO field_city (tile_id, field_idx, city_idx)"
                             " VALUES (%s, %d, %d);" % (sql_str(tid), f["index"], city))
        for g, group in enumerate(t.get("c1_wagon_links", [])):
            for k in group:
                lines.append("INSERT INTO wagon_link (tile_id, link_group, feature_idx)"
                             " VALUES (%s, %d, %d);" % (sql_str(tid), g, k))
        for seq, note in enumerate(public_notes(t)):
            lines.append("INSERT INTO tile_note (tile_id, seq, text) VALUES (%s, %d, %s);"
                         % (sql_str(tid), seq, sql_str(note)))
        if t.get("variant"):
            lines.append("INSERT INTO tile_variant (tile_id, variant) VALUES (%s, %s);"
                         % (sql_str(tid), sql_str(t["variant"])))
    lines += ["", "COMMIT;", ""]
    return "\n".join(lines)


# ---- tests/service/catalog/catalog_expect.inc ----------------------------------------------

def render_feature(f):
    parts = [".type = %s" % c_str(f["type"]),
             ".locations = %s" % c_str(" ".join(canonical(f["locations"])))]
    if "pennants" in f:
        parts.append(".pennants = %d" % f["pennants"])
    if "adjacent_cities" in f:
        parts.append(".adjacent = %s" % c_str(" ".join("#%d" % c for c in f["adjacent_cities"])))
    if f.get("inner"):
        parts.append(".inner = true")
    if f.get("split_edge"):
        parts.append(".split_edge = %s" % c_str(f["split_edge"]))
    if f.get("ends_on_tile"):
        parts.append(".ends_on = %s" % c_str(f["ends_on_tile"]))
    for key, member in sorted(FEATURE_FLAGS.items()):
        if f.get(key):
            parts.append(".%s = true" % member)
    goods = f.get("goods", {})
    if goods:
        parts.append(".goods = { %s }" % ", ".join(str(goods.get(k, 0)) for k in GOODS))
    return "{ " + ", ".join(parts) + " }"


def render_expect(tiles):
    lines = [
        "/* catalog_expect.inc -- GENERATED by tools/gen_tiles_sql.py from",
        " * the tile references (tiles.json, tiles-expansions.json, schema/tiles-variants.json);",
        " * do not edit by hand.",
        " *",
        " * One CATALOG_EXPECT(test_name, { expect_tile }) per tile type: what",
        " * the tile reference says about it, rendered without the database",
        " * (locations as contract names in canonical order). tests/service/catalog/test_catalog.c",
        " * defines CATALOG_EXPECT and includes this file. */",
    ]
    for t in tiles:
        tid = t["id"]
        fields = [
            ".id = %s" % c_str(tid),
            ".set = %s" % c_str(t["set"]),
            ".reference_id = %s" % c_str(t["reference_id"]),
            ".count = %d" % (0 if t["count"] is None else t["count"]),
            ".edges = %s" % c_str(t["edges"]),
        ]
        for flag in sorted(t["flags"]):
            fields.append(".%s = true" % FLAG_COLUMNS[flag])
        if is_abbey(t):
            fields.append(".is_abbey = true")
        if tid == START_TILE:
            fields.append(".is_start = true")
        fields.append(".aliases = { %s }" % ", ".join(c_str(a) for a, _ in aliases_of(t)))
        fields.append(".nfeatures = %d" % len(t["features"]))
        fields.append(".features = { %s }" % ", ".join(render_feature(f) for f in t["features"]))
        links = t.get("c1_wagon_links", [])
        if links:
            fields.append(".wagon_links = { %s }" % ", ".join(
                c_str(" ".join("#%d" % k for k in g)) for g in links))
        if t.get("notes"):
            fields.append(".notes = %s" % c_str("\n".join(public_notes(t))))
        if t.get("variant"):
            fields.append(".variant = %s" % c_str(t["variant"]))
        lines.append("/* %s (%s) */" % (tid, t["reference_id"]))
        lines.append("CATALOG_EXPECT(%s, { %s })" % (c_ident(tid), ", ".join(fields)))
    lines.append("")
    return "\n".join(lines)


def write(path, text):
    with open(path, "w", encoding="utf-8") as out:
        out.write(text)


def main():
    if len(sys.argv) not in (2, 3, 4):
        sys.exit("usage: tools/gen_tiles_sql.py path/to/tiles.json [path/to/tiles-expansions.json"
                 " [schema/tiles-variants.json]]")
    tiles = []
    for src in sys.argv[1:]:
        with open(src, encoding="utf-8") as inp:
            tiles += json.load(inp)["tiles"]
    ids = [t["id"] for t in tiles]
    if len(set(ids)) != len(ids):
        sys.exit("a tile id appears twice in the references")
    for t in tiles:
        check_tile(t)
    idents = [c_ident(t["id"]) for t in tiles]
    if len(set(idents)) != len(idents):
        sys.exit("two tile ids map to the same test name")
    write(os.path.join(REPO, "schema", "tiles.sql"), render_sql(tiles))
    write(os.path.join(REPO, "tests", "service", "catalog", "catalog_expect.inc"), render_expect(tiles))
    print("%d tile types -> schema/tiles.sql, tests/service/catalog/catalog_expect.inc" % len(tiles))


if __name__ == "__main__":
    main()
