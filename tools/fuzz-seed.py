#!/usr/bin/env python3
"""tools/fuzz-seed.py -- seed fuzz/corpus/ and fuzz/regressions/ (make fuzz-seed).

Corpus: every JSON request body the tests send -- files *.json under tests/
and bench/, the saved games *.jcz under tests/ (POST /v1/import/jcz) with
an export of each (POST /v1/export/jcz), and the single-quoted JSON bodies
in tests/*.sh next to the route they are posted to -- written as
  fuzz/corpus/decode/seed-<hash>     the body as is (fuzz_decode)
  fuzz/corpus/dispatch/seed-<hash>   route byte + body (fuzz_dispatch; a body
                                     whose route is unknown goes to every
                                     POST route), and GET paths
  fuzz/corpus/mcp/seed-<hash>        MCP messages (fuzz_mcp): every method, and
                                     each body as the arguments of its route's
                                     tool
Regressions: the hostile inputs of contract section 4 (truncated, deep
nesting, wrong types, NaN, duplicate keys, huge numbers, impossible
positions...), built from a valid position, written to fuzz/regressions/
so the unit tests replay them on every run. Idempotent: names are content
hashes."""
import glob
import hashlib
import json
import os
import re
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
ROUTES = ["/v1/validate", "/v1/placements", "/v1/deployments", "/v1/wagon-moves",
          "/v1/barn-check", "/v1/score", "/v1/features", "/v1/turn"] + \
         ["/v1/messages/%d" % n for n in range(1, 9)]        # fuzz/fuzz_routes.h order
GET_SELECTOR = len(ROUTES)
RENDER_SELECTOR = 0xE0      # fuzz/fuzz_routes.h: "Accept\nquery\nbody" for POST /v1/render
EXTRA_ROUTES = ["/v1/import/jcz", "/v1/export/jcz"]          # fuzz_extra_routes, from 0xF0
EXTRA_BASE = 0xF0


def selector(route):
    """Byte 0 of a dispatch input for route (fuzz/fuzz_routes.h)."""
    if route in EXTRA_ROUTES:
        return EXTRA_BASE + EXTRA_ROUTES.index(route)
    return ROUTES.index(route)


GET_PATHS = ["/healthz", "/v1/rules", "/v1/tiles", "/v1/tiles/base.D",
             "/v1/tiles/BA%2FRCr", "/v1/tiles/hills-sheep.CC!.v", "/openapi.yaml",
             "/docs", "/v1/tiles/%zz", "/v1/tiles/", "/nope", "/v1/validate?x=1"]


def write(dirname, prefix, data):
    os.makedirs(dirname, exist_ok=True)
    name = "%s-%s" % (prefix, hashlib.sha1(data).hexdigest()[:16])
    path = os.path.join(dirname, name)
    if not os.path.exists(path):
        with open(path, "wb") as f:
            f.write(data)
        return 1
    return 0


def bodies_from_games():
    """(route, bytes) for every saved game of tests/, and a body exporting
    its first moves (the start tile, then tiles as the game placed them)."""
    out = []
    for path in sorted(glob.glob(os.path.join(ROOT, "tests", "**", "*.jcz"), recursive=True)):
        data = open(path, "rb").read()
        out.append(("/v1/import/jcz", data))
        game = json.loads(data)
        names = [p.get("name") or "p" for p in game["players"]]
        start = [{"tile": t["tile"], "x": t["x"], "y": t["y"], "rot": t["rotation"]}
                 for t in game["setup"]["start"]]
        moves = [{"tile": m["payload"]["tileId"], "x": m["payload"]["position"][0],
                  "y": m["payload"]["position"][1],
                  "rot": int(m["payload"].get("rotation", "R0")[1:])}
                 for m in game["replay"] if m["type"] == "PLACE_TILE"][:3]
        body = {"position": {"players": names, "tiles": start, "figures": []},
                "moves": moves, "name": os.path.basename(path)}
        out.append(("/v1/export/jcz", json.dumps(body).encode()))
    return out


def bodies_from_files():
    """(route or None, bytes) for every JSON file of tests/ and bench/."""
    out = []
    for pattern in ("tests/**/*.json", "bench/**/*.json"):
        for path in glob.glob(os.path.join(ROOT, pattern), recursive=True):
            data = open(path, "rb").read()
            try:
                obj = json.loads(data)
            except ValueError:
                continue
            base = os.path.basename(os.path.dirname(path)) + "/" + os.path.basename(path)
            route = None
            if base.startswith("bodies/"):
                route = "/v1/" + os.path.basename(path)[:-5]
            elif isinstance(obj, dict) and "tiles" in obj:     # a bare position
                data = json.dumps({"position": obj}).encode()
            out.append((route, data))
    return out


QUOTED = re.compile(r"'(\{[^']*\})'", re.S)
ROUTE = re.compile(r"/v1/[a-z-]+(?:/[0-9]+)?")


def bodies_from_scripts():
    """Single-quoted JSON objects in tests/*.sh, with the nearest route before them."""
    out = []
    for path in glob.glob(os.path.join(ROOT, "tests", "**", "*.sh"), recursive=True):
        text = open(path, encoding="utf-8", errors="replace").read()
        for m in QUOTED.finditer(text):
            try:
                json.loads(m.group(1))
            except ValueError:
                continue
            line_start = text.rfind("\n", 0, m.start())
            line_end = text.find("\n", m.end())
            around = text[max(0, line_start - 200):line_end if line_end > 0 else None]
            routes = ROUTE.findall(around)
            out.append((routes[-1] if routes else None, m.group(1).encode()))
    return out


def seed_corpus(bodies):
    n = 0
    for route, data in bodies:
        n += write(os.path.join(ROOT, "fuzz/corpus/decode"), "seed", data)
        targets = [route] if route in ROUTES + EXTRA_ROUTES else ROUTES
        for r in targets:
            n += write(os.path.join(ROOT, "fuzz/corpus/dispatch"), "seed",
                       bytes([selector(r)]) + data)
    for p in GET_PATHS:
        n += write(os.path.join(ROOT, "fuzz/corpus/dispatch"), "seed",
                   bytes([GET_SELECTOR]) + p.encode())
    for data in render_bodies():
        for head in (b"\n\n", b"image/png\nwidth=200\n", b"image/svg+xml;q=0.5, image/png;q=0.4\nwidth=64\n"):
            n += write(os.path.join(ROOT, "fuzz/corpus/dispatch"), "seed",
                       bytes([RENDER_SELECTOR]) + head + data)
    return n


def render_bodies():
    """POST /v1/render bodies: every show member on the README's position."""
    shows = [{}, {"placements": "base.E"}, {"feature": {"x": 0, "y": 0, "at": "N"}},
             {"deployments": {"x": 0, "y": -1}}, {"score": {"final": True}},
             {"score": {"x": 0, "y": -1, "deployed": {"player": "red", "kind": "meeple",
                                                      "x": 0, "y": -1, "at": "S"}}},
             {"last": {"x": 0, "y": -1}}, {"wagon": {"x": 0, "y": -1, "at": "S"}}]
    position = {"players": ["red", "blue"],
                "tiles": [{"tile": "base.D", "x": 0, "y": 0, "rot": 0},
                          {"tile": "base.E", "x": 0, "y": -1, "rot": 180}],
                "figures": [{"player": "red", "kind": "meeple", "x": 0, "y": -1, "at": "S"}]}
    return [json.dumps({"position": position, "show": show}).encode() for show in shows]


SMALL = {"players": ["red", "blue"],
         "tiles": [{"tile": "base.D", "x": 0, "y": 0, "rot": 0},
                   {"tile": "base.U", "x": 1, "y": 0, "rot": 0}],
         "figures": [{"player": "red", "kind": "meeple", "x": 0, "y": 0, "at": "N"}]}


def hostile_inputs():
    """(kind, bytes): every kind of bad input of contract section 4."""
    good = json.dumps({"position": SMALL}).encode()
    deep = b'{"position":' + b"[" * 10000 + b"]" * 10000 + b"}"
    deep_obj = b'{"position":' + b'{"a":' * 10000 + b"1" + b"}" * 10000 + b"}"

    def with_position(**changes):
        p = json.loads(json.dumps(SMALL))
        for path, value in changes.items():
            obj = p
            keys = path.split("__")
            for k in keys[:-1]:
                obj = obj[int(k)] if k.isdigit() else obj[k]
            last = keys[-1]
            if last.isdigit():
                obj[int(last)] = value
            else:
                obj[last] = value
        return json.dumps({"position": p}).encode()

    yield "empty", b""
    yield "truncated", good[: len(good) // 2]
    yield "truncated-string", b'{"position":{"players":["re'
    yield "not-object", b"[1,2,3]"
    yield "bare-string", b'"position"'
    yield "garbage", b"\x00\xff\xfe{}\x00"
    yield "invalid-utf8", b'{"position":{"players":["\xc3\x28","b"]}}'
    yield "lone-surrogate", b'{"position":{"players":["\\ud800","b"]}}'
    yield "nul-in-string", b'{"position":{"players":["a\\u0000b","c"]}}'
    yield "deep-arrays", deep
    yield "deep-objects", deep_obj
    yield "nan", good.replace(b'"x": 0', b'"x": NaN', 1)
    yield "infinity", good.replace(b'"x": 0', b'"x": -Infinity', 1)
    yield "huge-number", good.replace(b'"x": 0', b'"x": 1e400', 1)
    yield "huge-integer", good.replace(b'"x": 0', b'"x": 99999999999999999999', 1)
    yield "fraction", good.replace(b'"rot": 0', b'"rot": 0.5', 1)
    yield "underflow", good.replace(b'"rot": 0', b'"rot": 1e-330', 1)
    yield "duplicate-key", b'{"position":' + json.dumps(SMALL).encode() + b',"position":{}}'
    yield "duplicate-inner-key", good.replace(b'"x": 0,', b'"x": 0, "x": 1,', 1)
    yield "single-quotes", b"{'position': {}}"
    yield "trailing-comma", b'{"position":{"players":["a","b"],},}'
    yield "trailing-garbage", good + b"}{"
    yield "comment", b'{"position": /* hi */ {}}'
    yield "wrong-type-tiles", with_position(tiles="many")
    yield "wrong-type-x", with_position(tiles__0__x="0")
    yield "wrong-type-players", with_position(players={"red": 1})
    yield "null-position", b'{"position":null}'
    yield "bool-rot", with_position(tiles__0__rot=True)
    yield "bad-rot", with_position(tiles__1__rot=45)
    yield "coord-out-of-range", with_position(tiles__1__x=2147483647)
    yield "coord-int-min", with_position(tiles__1__x=-2147483648)
    yield "unknown-member", with_position(colour="red")
    yield "unknown-tile", with_position(tiles__1__tile="base.ZZ")
    yield "unknown-expansion", with_position(expansions=["dragons"])
    yield "no-players", with_position(players=[])
    yield "duplicate-players", with_position(players=["red", "red"])
    yield "seven-players", with_position(players=list("abcdefg"))
    yield "long-player-name", with_position(players=["x" * 5000, "b"])
    yield "edges-mismatch", with_position(tiles__1__rot=90)
    yield "two-tiles-one-cell", with_position(tiles__1__x=0)
    yield "disconnected", with_position(tiles__1__x=5)
    yield "figure-off-board", with_position(figures__0__x=9)
    yield "figure-bad-location", with_position(figures__0__at="Q")
    yield "figure-corner-meeple", with_position(figures__0__at="NE")
    yield "figure-unknown-player", with_position(figures__0__player="green")
    yield "figure-expansion-off", with_position(figures__0__kind="mayor")
    yield "too-many-meeples", json.dumps({"position": dict(SMALL, figures=[
        {"player": "red", "kind": "meeple", "x": 0, "y": 0, "at": a}
        for a in ["N", "E", "W", "NNE", "SSW", "C", "S", "ENE"]])}).encode()
    yield "many-tiles", json.dumps({"position": dict(SMALL, tiles=[
        {"tile": "base.B", "x": i, "y": 0, "rot": 0} for i in range(300)])}).encode()
    yield "huge-flock", with_position(figures__0__flock=[1] * 1000)
    yield "big-array", b'{"position":{"players":[' + b"1," * 20000 + b"1]}}"


def render_hostile():
    """(kind, input) for the render selector: hostile headers, query, show."""
    good = render_bodies()[1]
    yield "accept-empty-ranges", b",,,;;;q=\n\n" + good
    yield "accept-bad-q", b"image/png;q=1.0001, image/svg+xml;q=-1\n\n" + good
    yield "accept-none", b"text/html\n\n" + good
    yield "accept-long", b"image/png;" + b"a=b;" * 120 + b"\n\n" + good
    yield "width-huge", b"image/png\nwidth=" + b"9" * 400 + b"\n" + good
    yield "width-escapes", b"image/png\nwidth=%00&width=%zz&width=\n" + good
    yield "width-negative", b"image/png\nwidth=-64\n" + good
    yield "width-min", b"image/png\nwidth=64\n" + good
    for kind, show in (("show-array", b"[]"), ("show-null-member", b'{"placements": null}'),
                       ("show-unknown", b'{"zoom": 2}'),
                       ("show-feature-corner", b'{"feature": {"x": 0, "y": 0, "at": "NE"}}'),
                       ("show-score-both", b'{"score": {"final": true, "x": 0, "y": 0}}'),
                       ("show-wagon-none", b'{"wagon": {"x": 0, "y": 0, "at": "E"}}'),
                       ("show-last-far", b'{"last": {"x": 1000, "y": -1000}}'),
                       ("show-deep", b'{"feature": ' * 30 + b"1" + b"}" * 30)):
        yield kind, b"\n\n" + good.replace(b'"show": {"placements": "base.E"}', b'"show": ' + show)


# fuzz_mcp: the tool that asks each POST route (service/mcp/tools.json).
TOOLS = {"/v1/validate": "validate_position", "/v1/placements": "legal_placements",
         "/v1/deployments": "deployment_options", "/v1/wagon-moves": "wagon_moves",
         "/v1/barn-check": "barn_check", "/v1/score": "score", "/v1/features": "list_features",
         "/v1/turn": "play_turn", "/v1/describe": "describe_position"}


def tool_call(name, arguments):
    """A tools/call message around raw argument bytes."""
    return (b'{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"' + name.encode()
            + b'","arguments":' + arguments + b"}}")


def mcp_messages():
    """Every method of the MCP server, good and bad envelopes."""
    def msg(method, params=None, id=1):
        m = {"jsonrpc": "2.0", "method": method}
        if id is not None:
            m["id"] = id
        if params is not None:
            m["params"] = params
        return json.dumps(m).encode()
    init = {"capabilities": {}, "clientInfo": {"name": "fuzz", "version": "1"}}
    yield msg("initialize", dict(init, protocolVersion="2025-06-18"))
    yield msg("initialize", dict(init, protocolVersion="2025-11-25"), id="s")
    yield msg("notifications/initialized", id=None)
    yield msg("ping")
    for m in ("tools/list", "resources/list", "resources/templates/list", "prompts/list"):
        yield msg(m)
    for uri in ("carcassonne-rules://guide/notation", "carcassonne-rules://rules",
                "carcassonne-rules://rules/base.placement.edges", "carcassonne-rules://tiles/BA%2FRCr"):
        yield msg("resources/read", {"uri": uri})
    yield msg("prompts/get", {"name": "explain_ruling", "arguments": {"question": "q", "position": "p"}})
    yield msg("tools/call", {"name": "tile_facts", "arguments": {"id": "BA/RCr"}})
    yield msg("tools/call", {"name": "rule_statement", "arguments": {"id": "base.placement.edges"}})
    yield msg("tools/call", {"name": "message_card", "arguments": {"n": 8, "position": SMALL,
                                                                  "figure": {"x": 0, "y": 0, "at": "N"}}})
    yield b'{"jsonrpc":"2.0","id":1,"result":{}}'
    yield b'[{"jsonrpc":"2.0","id":1,"method":"ping"}]'
    yield b'{"jsonrpc":"2.0","id":null,"method":"ping"}'


def seed_mcp(bodies):
    n = 0
    for data in mcp_messages():
        n += write(os.path.join(ROOT, "fuzz/corpus/mcp"), "seed", data)
    for route, data in bodies:
        for r, tool in TOOLS.items():
            if route in (None, r):
                n += write(os.path.join(ROOT, "fuzz/corpus/mcp"), "seed", tool_call(tool, data))
    return n


def seed_regressions():
    n = 0
    for kind, data in render_hostile():
        n += write(os.path.join(ROOT, "fuzz/regressions/dispatch"), "hostile-render-" + kind,
                   bytes([RENDER_SELECTOR]) + data)
    for kind, data in hostile_inputs():
        n += write(os.path.join(ROOT, "fuzz/regressions/mcp"), "hostile-" + kind, data)
        n += write(os.path.join(ROOT, "fuzz/regressions/mcp"), "hostile-args-" + kind,
                   tool_call("validate_position", data))
        n += write(os.path.join(ROOT, "fuzz/regressions/decode"), "hostile-" + kind, data)
        n += write(os.path.join(ROOT, "fuzz/regressions/reader_diff"), "hostile-" + kind, data)
        # validate placements score features turn messages/8 import/jcz export/jcz
        for byte in (0, 1, 5, 6, 7, 15, EXTRA_BASE, EXTRA_BASE + 1):
            n += write(os.path.join(ROOT, "fuzz/regressions/dispatch"), "hostile-" + kind,
                       bytes([byte]) + data)
    return n


def main():
    bodies = bodies_from_files() + bodies_from_games() + bodies_from_scripts()
    added = seed_corpus(bodies) + seed_mcp(bodies)
    print("fuzz-seed: %d bodies found, %d new corpus files" % (len(bodies), added))
    print("fuzz-seed: %d new regression inputs" % seed_regressions())
    return 0


if __name__ == "__main__":
    sys.exit(main())
