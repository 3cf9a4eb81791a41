#!/usr/bin/env python3
"""bench/layouts.py -- one placements question in the layouts clients send.

Owns: bench/bodies/layouts/ and bench/bodies/layouts-67/ (make
bench-bodies), the bodies of bench/layouts.sh (issue 37). Each is one
placements question written again by a serializer a client uses, so that
the only difference between two bodies of a folder is their layout:
layouts/ holds bench/bodies/placements.json (the 100-tile position),
layouts-67/ bench/positions/placements-67.json (67 tiles: the late game
the issue measured). The layouts:

  compact       JSON.stringify, json.dumps(separators=(",", ":"))
  python        json.dumps's default: ", " and ": " (what requests.post(json=...)
                sends), non-ASCII escaped as \\uXXXX
  pretty        2-space indent (json.dumps(indent=2), JSON.stringify(v, null, 2))
  reversed      compact, every object's members in the reverse order
  utf8          compact, the players named in their own languages, as UTF-8
  python-utf8   the utf8 position as json.dumps writes it by default: the
                names as \\u escapes, spaces after ',' and ':'

The answers to all six are the same bytes (bench/layouts.sh checks it):
placements name no player.

Usage: bench/layouts.py [DIR]   (DIR: bench, the default)
"""
import json
import os
import sys

# The four players of the utf8 layouts: names a Czech, Polish, Catalan and
# German table would use, each with letters outside ASCII.
UTF8_NAMES = {"red": "Jiří", "blue": "Łucja", "green": "Núria", "yellow": "Jörg"}


def renamed(value, names):
    """value with every player name (a string or a member name) renamed."""
    if isinstance(value, dict):
        return {names.get(k, k): renamed(v, names) for k, v in value.items()}
    if isinstance(value, list):
        return [renamed(v, names) for v in value]
    if isinstance(value, str):
        return names.get(value, value)
    return value


def reversed_members(value):
    if isinstance(value, dict):
        return {k: reversed_members(value[k]) for k in reversed(list(value))}
    if isinstance(value, list):
        return [reversed_members(v) for v in value]
    return value


def write_layouts(source, out):
    """Every layout of the body in file source, into folder out."""
    with open(source, encoding="utf-8") as f:
        body = json.load(f)
    utf8 = renamed(body, UTF8_NAMES)
    compact = {"separators": (",", ":"), "ensure_ascii": False}
    layouts = {
        "compact": json.dumps(body, **compact),
        "python": json.dumps(body),
        "pretty": json.dumps(body, indent=2, ensure_ascii=False),
        "reversed": json.dumps(reversed_members(body), **compact),
        "utf8": json.dumps(utf8, **compact),
        "python-utf8": json.dumps(utf8),
    }
    os.makedirs(out, exist_ok=True)
    for name, text in layouts.items():
        with open(os.path.join(out, name + ".json"), "w", encoding="utf-8", newline="\n") as f:
            f.write(text + "\n")


def main():
    top = sys.argv[1] if len(sys.argv) > 1 else "bench"
    bodies = os.path.join(top, "bodies")
    write_layouts(os.path.join(bodies, "placements.json"), os.path.join(bodies, "layouts"))
    write_layouts(os.path.join(top, "positions", "placements-67.json"),
                  os.path.join(bodies, "layouts-67"))


if __name__ == "__main__":
    main()
