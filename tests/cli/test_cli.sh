#!/usr/bin/env bash
# test_cli.sh -- the command line: subcommands, exit statuses, hostile
# arguments, and the manual page in step with every --help.
#
# Usage: tests/cli/test_cli.sh path/to/carcassonne-rules [path/to/carcassonne-rules.1]
# Runs the binary (the sanitizer build under make test: a leak or a
# sanitizer report makes a command exit non-zero with a report on stderr,
# which fails the case). Prints "N passed, M failed" last; exits non-zero
# if anything failed.
set -u

BIN=${1:?usage: tests/cli/test_cli.sh path/to/carcassonne-rules [man page]}
MAN=${2:-cli/carcassonne-rules.1}
WORK=$(mktemp -d)
trap 'rm -rf "$WORK"' EXIT
passed=0
failed=0

ok()   { passed=$((passed + 1)); echo "ok   $1"; }
fail() { failed=$((failed + 1)); echo "FAIL $1"; [ $# -gt 1 ] && echo "     $2"; }

# run NAME WANT_STATUS CMD...: runs CMD with stdout in $WORK/out, stderr in
# $WORK/err; checks the exit status and that no sanitizer spoke.
run() {
    local name=$1 want=$2
    shift 2
    "$@" >"$WORK/out" 2>"$WORK/err"
    local got=$?
    if [ "$got" != "$want" ]; then
        fail "$name" "exit $got, wanted $want; stderr: $(head -c 400 "$WORK/err")"
        return 1
    fi
    if grep -qE 'ERROR: (Address|Leak)Sanitizer|runtime error:' "$WORK/err"; then
        fail "$name" "sanitizer report: $(head -c 400 "$WORK/err")"
        return 1
    fi
    ok "$name"
}

# has NAME FILE STRING: FILE contains STRING (a fixed string).
has() {
    if grep -qF -- "$3" "$2"; then ok "$1"; else fail "$1" "no \"$3\" in: $(head -c 300 "$2")"; fi
}

POSITION='{"players": ["red", "blue"], "tiles": [{"tile": "base.D", "x": 0, "y": 0, "rot": 0}], "figures": []}'
echo "{\"position\": $POSITION, \"tile\": \"base.E\"}" >"$WORK/placements.json"
PLACEMENTS='{"tile":"base.E","placements":[{"x":0,"y":-1,"rot":180},{"x":0,"y":1,"rot":90},{"x":0,"y":1,"rot":180},{"x":0,"y":1,"rot":270}],"rules":["base.placement.empty-cell","base.placement.adjacent","base.placement.edges"]}'

# ---- ask: the answers are the server's --------------------------------------
run "ask POST from a file exits 0" 0 "$BIN" ask /v1/placements "$WORK/placements.json"
if [ "$(cat "$WORK/out")" = "$PLACEMENTS" ]; then ok "ask prints the placements answer"; else
    fail "ask prints the placements answer" "$(cat "$WORK/out")"; fi
if [ "$(tail -c 1 "$WORK/out" | od -An -c | tr -d ' ')" = '\n' ]; then ok "ask ends the answer with a newline"; else
    fail "ask ends the answer with a newline"; fi
# Issue 30: a binary answer is the server's bytes, with nothing after the
# PNG's IEND chunk (a newline there was a byte the server never sent).
echo "{\"position\": $POSITION}" >"$WORK/render.json"
run "ask a PNG picture exits 0" 0 "$BIN" ask -H 'Accept: image/png' /v1/render "$WORK/render.json"
if [ "$(tail -c 8 "$WORK/out" | od -An -tx1 | tr -d ' \n')" = "49454e44ae426082" ]; then
    ok "ask writes a PNG answer byte for byte (it ends with IEND)"; else
    fail "ask writes a PNG answer byte for byte (it ends with IEND)" "$(tail -c 8 "$WORK/out" | od -An -tx1)"; fi
run "ask POST from stdin exits 0" 0 "$BIN" ask /v1/placements <"$WORK/placements.json"
has "stdin gives the same answer" "$WORK/out" "$PLACEMENTS"
run "ask POST from '-' is stdin" 0 "$BIN" ask POST /v1/placements - <"$WORK/placements.json"
has "'-' gives the same answer" "$WORK/out" "$PLACEMENTS"
run "ask GET a tile exits 0" 0 "$BIN" ask GET /v1/tiles/base.D
has "the tile answer names base.D" "$WORK/out" '{"id":"base.D","set":"base"'
run "ask GET with a query string" 0 "$BIN" ask GET '/v1/tiles?set=base'
run "ask HEAD prints nothing" 0 "$BIN" ask HEAD /healthz
if [ ! -s "$WORK/out" ]; then ok "HEAD output is empty"; else fail "HEAD output is empty"; fi
run "ask GET /openapi.yaml (a static body)" 0 "$BIN" ask GET /openapi.yaml
has "the OpenAPI document" "$WORK/out" "openapi: 3.1"
run "ask -H Accept-Language is accepted" 0 "$BIN" ask -H 'Accept-Language: en' GET /healthz

# ---- ask: problems exit 1 with their problem+json on stdout ----------------
run "malformed JSON exits 1" 1 "$BIN" ask /v1/placements <<<'{'
has "malformed JSON prints the 400 problem" "$WORK/out" '"status":400'
run "an empty body exits 1" 1 "$BIN" ask /v1/placements </dev/null
has "an empty body is a 400" "$WORK/out" '"status":400'
run "an unknown route exits 1" 1 "$BIN" ask GET /v1/nowhere
has "unknown route is a 404 problem" "$WORK/out" '"title":"Unknown route","status":404'
run "a wrong method exits 1" 1 "$BIN" ask GET /v1/placements
has "wrong method is a 405" "$WORK/out" '"status":405'
run "an unknown tile exits 1" 1 "$BIN" ask GET /v1/tiles/base.ZZ
has "unknown tile is a 404" "$WORK/out" '"status":404'
head -c 1048577 /dev/zero | tr '\0' ' ' >"$WORK/big"
run "a body over 1 MiB exits 1" 1 "$BIN" ask /v1/validate "$WORK/big"
has "over 1 MiB is a 413" "$WORK/out" '"status":413'
head -c 3000 /dev/urandom >"$WORK/garbage"
run "binary garbage exits 1" 1 "$BIN" ask /v1/score "$WORK/garbage"
printf '{"position": %s, "tile": "base.E"}\0trailing' "$POSITION" >"$WORK/nul"
run "a NUL byte in the body exits 1" 1 "$BIN" ask /v1/placements "$WORK/nul"
run "a percent-encoded NUL in the path exits 1" 1 "$BIN" ask GET /v1/tiles/base%00D

# ---- ask: usage errors exit 2 ----------------------------------------------
run "ask without PATH exits 2" 2 "$BIN" ask
run "ask with only a method exits 2" 2 "$BIN" ask GET
run "a PATH not starting with / exits 2" 2 "$BIN" ask v1/placements
run "GET with a FILE exits 2" 2 "$BIN" ask GET /v1/tiles "$WORK/placements.json"
run "an extra argument exits 2" 2 "$BIN" ask /v1/placements "$WORK/placements.json" extra
run "an unreadable FILE exits 2" 2 "$BIN" ask /v1/placements "$WORK/missing.json"
run "a directory as FILE exits 2" 2 "$BIN" ask /v1/placements "$WORK"
run "an unknown option exits 2" 2 "$BIN" ask --bogus /v1/placements
run "a header without a colon exits 2" 2 "$BIN" ask -H 'Accept' GET /healthz
run "a header the routes do not read exits 2" 2 "$BIN" ask -H 'X-Other: 1' GET /healthz
run "a missing --catalog file exits 2" 2 "$BIN" ask --catalog "$WORK/missing.db" GET /healthz
run "a --catalog that is not SQLite exits 2" 2 "$BIN" ask --catalog "$WORK/garbage" GET /healthz
run "an unknown command exits 2" 2 "$BIN" bogus-command
has "the unknown command is named" "$WORK/err" 'unknown command "bogus-command"'
run "a very long unknown command exits 2" 2 "$BIN" "$(head -c 100000 /dev/zero | tr '\0' x)"

# ---- import: a saved game's position ----------------------------------------
GAME=tests/service/jcz/games/basic-meeples.jcz
run "import a saved game exits 0" 0 "$BIN" import "$GAME"
has "import prints the position" "$WORK/out" '"players":["Ann","Bob"]'
has "import prints the scores after the last move" "$WORK/out" '"scores":{"Ann":4,"Bob":0}'
run "import --turn 2 exits 0" 0 "$BIN" import --turn 2 "$GAME"
has "import --turn 2 is the position before turn 2" "$WORK/out" '"active":"Bob"'
run "import from stdin exits 0" 0 "$BIN" import - <"$GAME"
run "import --answer exits 0" 0 "$BIN" import --answer "$GAME"
has "import --answer prints the whole answer" "$WORK/out" '"turns":4'
run "import --turn past the end exits 1" 1 "$BIN" import --turn 99 "$GAME"
has "a turn past the end is a 422" "$WORK/out" '"status":422'
run "import of a file that is not a saved game exits 1" 1 "$BIN" import "$WORK/placements.json"
run "import of binary garbage exits 1" 1 "$BIN" import "$WORK/garbage"
run "import of a body over 1 MiB exits 1" 1 "$BIN" import "$WORK/big"
run "import without a file exits 2" 2 "$BIN" import
run "import of two files exits 2" 2 "$BIN" import "$GAME" "$GAME"
run "import --turn 0 exits 2" 2 "$BIN" import --turn 0 "$GAME"
run "import --turn with a word exits 2" 2 "$BIN" import --turn two "$GAME"
run "import --turn with a leading blank exits 2 (issue 30)" 2 "$BIN" import --turn ' 3' "$GAME"
run "import --turn with a plus sign exits 2" 2 "$BIN" import --turn +3 "$GAME"
run "import --turn with a leading zero exits 2" 2 "$BIN" import --turn 03 "$GAME"
run "import --turn with a huge number exits 2" 2 "$BIN" import --turn 99999999999999999999 "$GAME"
run "import of a missing file exits 2" 2 "$BIN" import "$WORK/missing.jcz"
# Issue 35: a long key of multi-byte characters used to get a problem whose
# pointer was cut inside a character; every answer is valid UTF-8.
python3 -c 'import sys; t = open(sys.argv[1], encoding="utf-8").read(); sys.stdout.write(t.replace("\"basic:1\": 1", "\"basic:1\": 1, \"" + "\u00e9" * 75 + "\": 1", 1))' \
    "$GAME" >"$WORK/long-key.jcz"
run "import of a set named with a long key of accented letters exits 1" 1 "$BIN" import "$WORK/long-key.jcz"
if python3 -c 'import sys; open(sys.argv[1], "rb").read().decode("utf-8")' "$WORK/out" 2>/dev/null &&
   grep -q '"pointer":"/setup/sets"' "$WORK/out"; then
    ok "its problem is valid UTF-8, pointing at the sets"
else
    fail "its problem is valid UTF-8, pointing at the sets" "$(head -c 400 "$WORK/out")"
fi
# ---- random-game: the route's answer, spelled as options -------------------
run "random-game plays a capped game" 0 "$BIN" random-game --seed 5 --players 3 \
    --expansions abbey-mayor,hills-sheep --option wagon_rules=c1 --turns 4
cp "$WORK/out" "$WORK/game-a"
has "the game names its seed" "$WORK/game-a" '{"seed":5,"version":'
has "the game uses the players asked" "$WORK/game-a" '"players":["red","blue","green"]'
has "the game keeps the option" "$WORK/game-a" '"wagon_rules":"c1"'
has "the game stops after 4 turns" "$WORK/game-a" '"turn":4,'
echo '{"seed": 5, "players": 3, "expansions": ["abbey-mayor", "hills-sheep"], "options": {"wagon_rules": "c1"}, "turns": 4}' >"$WORK/game.json"
run "ask /v1/games/random with the same request" 0 "$BIN" ask /v1/games/random "$WORK/game.json"
if cmp -s "$WORK/out" "$WORK/game-a"; then ok "random-game prints exactly the route's answer"; else
    fail "random-game prints exactly the route's answer"; fi
run "random-game again" 0 "$BIN" random-game --seed 5 --players 3 --expansions abbey-mayor,hills-sheep \
    --option wagon_rules=c1 --turns 4
if cmp -s "$WORK/out" "$WORK/game-a"; then ok "the same seed gives the same game"; else
    fail "the same seed gives the same game"; fi
run "random-game with names" 0 "$BIN" random-game --seed 1 --players ann,bob --turns 1
has "the names are the players" "$WORK/out" '"players":["ann","bob"]'
run "random-game plays a whole base game" 0 "$BIN" random-game --seed 2
has "a whole game is over" "$WORK/out" '"game_over":true,"position":'
run "random-game without --seed exits 2" 2 "$BIN" random-game --players 2
run "random-game with an extra argument exits 2" 2 "$BIN" random-game --seed 1 extra
run "random-game --option without = exits 2" 2 "$BIN" random-game --seed 1 --option wagon_rules
run "random-game --option =x exits 2" 2 "$BIN" random-game --seed 1 --option =x
run "random-game with an unknown option exits 2" 2 "$BIN" random-game --seed 1 --bogus
run "a negative seed is the route's 400 (exit 1)" 1 "$BIN" random-game --seed -4
has "the problem points at /seed" "$WORK/out" '"pointer":"/seed"'
run "a seed past 2^53 exits 1" 1 "$BIN" random-game --seed 9007199254740992
run "a seed that is no number exits 1" 1 "$BIN" random-game --seed 12abc
run "seven players exit 1" 1 "$BIN" random-game --seed 1 --players 7
run "one named player plays a solo game (issue 30: 1 to 6 players)" 0 "$BIN" random-game --seed 1 --players solo --turns 2
has "the solo game's player" "$WORK/out" '"players":["solo"]'
# Issue 30: strtol took leading blanks and signs, so " 5" played seed 5.
run "a seed with a leading blank is the route's 400 (exit 1)" 1 "$BIN" random-game --seed ' 5'
has "the blank seed's problem points at /seed" "$WORK/out" '"pointer":"/seed"'
run "a seed with a plus sign exits 1" 1 "$BIN" random-game --seed +5
run "two players of one name exit 1" 1 "$BIN" random-game --seed 1 --players a,a
run "an empty player name exits 1" 1 "$BIN" random-game --seed 1 --players a,
run "an unknown expansion exits 1" 1 "$BIN" random-game --seed 1 --expansions nope
has "the problem points at the expansion" "$WORK/out" '"pointer":"/expansions/0"'
run "an unknown option exits 1" 1 "$BIN" random-game --seed 1 --option colour=red
run "a bad option value exits 1" 1 "$BIN" random-game --seed 1 --option wagon_rules=c9
run "turns 0 exits 1" 1 "$BIN" random-game --seed 1 --turns 0
run "turns 129 exits 1" 1 "$BIN" random-game --seed 1 --turns 129
run "a huge --turns exits 1" 1 "$BIN" random-game --seed 1 --turns 99999999999999999999999
run "a very long option name exits 1" 1 "$BIN" random-game --seed 1 --option "$(head -c 5000 /dev/zero | tr '\0' o)=1"

# ---- mcp: the MCP stdio transport -------------------------------------------
printf '%s\n' '{"jsonrpc":"2.0","id":1,"method":"ping"}' '' '{"jsonrpc":"2.0","method":"notifications/initialized"}' \
    '{"jsonrpc":"2.0","id":"t","method":"tools/call","params":{"name":"rule_statement","arguments":{"id":"base.placement.edges"}}}' \
    >"$WORK/mcp.in"
run "mcp answers a session and exits 0 at the end of stdin" 0 "$BIN" mcp <"$WORK/mcp.in"
if [ "$(wc -l <"$WORK/out")" = 2 ]; then ok "mcp answers the two requests, not the notification"; else
    fail "mcp answers the two requests, not the notification" "$(cat "$WORK/out")"; fi
has "mcp answers ping" "$WORK/out" '{"jsonrpc":"2.0","id":1,"result":{}}'
has "mcp calls a tool" "$WORK/out" '"structuredContent":{"id":"base.placement.edges"'
has "mcp logs each message on stderr" "$WORK/err" '"transport":"stdio"'
run "mcp --no-access-log" 0 "$BIN" mcp --no-access-log <"$WORK/mcp.in"
if grep -q transport "$WORK/err"; then fail "--no-access-log silences the log"; else ok "--no-access-log silences the log"; fi
run "mcp answers garbage with JSON-RPC errors and exits 0" 0 "$BIN" mcp <"$WORK/garbage"
has "garbage is a parse error" "$WORK/out" '"code":-32700'
run "mcp with empty stdin exits 0" 0 "$BIN" mcp </dev/null
head -c 2000000 /dev/zero | tr '\0' '[' >"$WORK/deep"
run "mcp with a 2 MB line of '[' exits 0" 0 "$BIN" mcp <"$WORK/deep"
has "the long line is refused" "$WORK/out" 'Message too large'
printf '%s\n' '{"jsonrpc":"2.0","id":1,"method":"prompts/list"}' >"$WORK/mcp-de.in"
run "mcp --lang de answers in German" 0 "$BIN" mcp --no-access-log --lang de <"$WORK/mcp-de.in"
has "the prompts are described in German" "$WORK/out" 'Eine Regelfrage zu einer Stellung'
run "CARCASSONNE_LANG=cs sets the language" 0 env CARCASSONNE_LANG=cs "$BIN" mcp --no-access-log <"$WORK/mcp-de.in"
has "the prompts are described in Czech" "$WORK/out" 'Odpovědět na otázku'
run "mcp --lang with a malformed tag exits 2" 2 "$BIN" mcp --lang '../etc'
run "mcp with an extra argument exits 2" 2 "$BIN" mcp extra
run "mcp with an unknown option exits 2" 2 "$BIN" mcp --port 1
run "mcp with a missing --catalog exits 2" 2 "$BIN" mcp --catalog "$WORK/missing.db"
"$BIN" mcp --no-access-log <"$WORK/mcp.in" >&- 2>"$WORK/err"
if [ $? = 1 ]; then ok "mcp exits 1 when stdout is closed"; else fail "mcp exits 1 when stdout is closed"; fi

# ---- --help and the manual page --------------------------------------------
sed 's/\\-/-/g' "$MAN" >"$WORK/man"   # the man page's text, "\-" as "-"
run "--help exits 0" 0 "$BIN" --help
cp "$WORK/out" "$WORK/help"
commands=$(sed -n '/^commands/,$p' "$WORK/help" | sed -n 's/^  \([a-z][a-z-]*\) .*/\1/p')
for c in $commands; do
    run "$c --help exits 0" 0 "$BIN" "$c" --help
    cat "$WORK/out" >>"$WORK/help"
    if grep -qE "^\.SS \"?$c( |\"|$)" "$WORK/man" || [ "$c" = serve ]; then ok "the man page has a section for $c"; else
        fail "the man page has a section for $c"; fi
done
has "--help lists ask" "$WORK/help" "  ask "
# The top-level --help shows every option of every command (issue 31: mcp --lang was missing).
"$BIN" --help >"$WORK/top-help" 2>&1
for c in $commands; do
    for opt in $("$BIN" "$c" --help 2>&1 | grep -oE -- '--[a-z][a-z-]+' | sort -u); do
        [ "$opt" = --help ] && continue
        # serve's options are the top-level ones, above the commands.
        if { if [ "$c" = serve ]; then cat "$WORK/top-help"; else sed -n "/^  $c /,/^  [a-z]/p" "$WORK/top-help"; fi; } |
            grep -qF -- "$opt"; then ok "--help shows $c $opt"; else
            fail "--help shows $c $opt"; fi
    done
done
# A bad server option value is a usage error, as the commands' are.
run "--threads 0 exits 2" 2 "$BIN" --threads 0
run "--port with a word exits 2" 2 "$BIN" --port http
run "an unknown server option exits 2" 2 "$BIN" --bogus
for opt in $(grep -oE -- '--[a-z][a-z-]+' "$WORK/help" | sort -u); do
    if grep -qF -- "$opt" "$WORK/man"; then ok "the man page documents $opt"; else
        fail "the man page documents $opt"; fi
done
# man comes from man-db, which tools/install-deps.sh installs: a missing man
# is a failure, not a reason to skip the check.
warnings=$(LC_ALL=C.UTF-8 MANWIDTH=80 man --warnings -l "$MAN" 2>&1 >/dev/null) || true
if command -v man >/dev/null 2>&1 && [ -z "$warnings" ]; then ok "the man page renders without warnings"; else
    fail "the man page renders without warnings" "${warnings:-man not found}"; fi

echo "$passed passed, $failed failed"
[ "$failed" -eq 0 ]
