#!/usr/bin/env bash
# e2e.sh -- the real binary over real sockets: every route, the body limit,
# keep-alive after an error, and the graceful stop.
#
# Usage: tests/e2e.sh path/to/carcassonne-rules
# Starts the binary on a free port (--port 0, read back from its
# "listening on" line), asks every route with curl, checks statuses and key
# parts of the answers (the service writes compact JSON in a fixed member
# order, so fixed substrings are exact checks), then stops it with SIGTERM
# while a request is still arriving. Prints "N passed, M failed" last and
# exits non-zero if anything failed.
#
# With E2E_RECORD set to a directory, every response of request() is kept
# there as NNNN.meta (method, path, status, content type, one per line),
# NNNN.body and NNNN.request (the request body; empty for none), for
# tests/contract/recorded.test.mjs to check against openapi/openapi.yaml and
# for tools/golden-e2e.sh to compare with tests/golden/e2e/ (make contract).
set -u

BIN=${1:?usage: tests/e2e.sh path/to/carcassonne-rules}
WORK=$(mktemp -d)
PID=
passed=0
failed=0
recorded=0

cleanup() {
    if [ -n "$PID" ] && kill -0 "$PID" 2>/dev/null; then kill -KILL "$PID"; fi
    rm -rf "$WORK"
}
trap cleanup EXIT

ok()   { passed=$((passed + 1)); echo "ok   $1"; }
fail() { failed=$((failed + 1)); echo "FAIL $1"; [ $# -gt 1 ] && echo "     $2"; }

# ---- start ---------------------------------------------------------------
"$BIN" --host 127.0.0.1 --port 0 --threads 2 >"$WORK/out" 2>"$WORK/err" &
PID=$!
for _ in $(seq 1 100); do
    grep -q '^listening on http://' "$WORK/out" 2>/dev/null && break
    kill -0 "$PID" 2>/dev/null || break
    sleep 0.1
done
PORT=$(sed -n 's|^listening on http://127\.0\.0\.1:\([0-9][0-9]*\)$|\1|p' "$WORK/out")
if [ -z "$PORT" ]; then
    fail "server starts and prints 'listening on http://HOST:PORT'" "$(cat "$WORK/out" "$WORK/err")"
    echo "$passed passed, $failed failed"
    exit 1
fi
ok "server listens on port $PORT"
BASE="http://127.0.0.1:$PORT"

# request METHOD PATH [BODY]: sets STATUS, BODY, TYPE
request() {
    local method=$1 path=$2 data=${3-}
    local args=(-s -o "$WORK/body" -w '%{http_code} %{content_type}' -X "$method")
    [ $# -ge 3 ] && args+=(-H 'Content-Type: application/json' --data-binary "$data")
    local meta
    meta=$(curl "${args[@]}" "$BASE$path")
    STATUS=${meta%% *}
    TYPE=${meta#* }
    BODY=$(cat "$WORK/body")
    if [ -n "${E2E_RECORD:-}" ]; then
        recorded=$((recorded + 1))
        local n
        n=$(printf '%04d' "$recorded")
        printf '%s\n%s\n%s\n%s\n' "$method" "$path" "$STATUS" "$TYPE" >"$E2E_RECORD/$n.meta"
        cp "$WORK/body" "$E2E_RECORD/$n.body"
        printf '%s' "$data" >"$E2E_RECORD/$n.request"
    fi
}

# expect NAME STATUS [SUBSTRING...]: the last request answered STATUS and
# its body holds every substring.
expect() {
    local name=$1 status=$2
    shift 2
    if [ "$STATUS" != "$status" ]; then
        fail "$name" "status $STATUS, expected $status: ${BODY:0:300}"
        return
    fi
    for s in "$@"; do
        case $BODY in
            *"$s"*) ;;
            *) fail "$name" "body lacks $s: ${BODY:0:300}"; return ;;
        esac
    done
    ok "$name"
}

expect_type() {
    case $TYPE in
        "$2"*) ok "$1" ;;
        *) fail "$1" "Content-Type $TYPE, expected $2" ;;
    esac
}

# ---- a real position: the start tile, a city closed above it, a road east ---
# base.D at (0,0): city N, road E-W. base.E (one city edge) turned 180 at
# (0,-1) closes the city. base.U (straight road, E-W) at (1,0)
# continues the road east. red's meeple in the city, blue's on the road.
POS='{"players":["red","blue"],"tiles":[{"tile":"base.D","x":0,"y":0,"rot":0},{"tile":"base.E","x":0,"y":-1,"rot":180},{"tile":"base.U","x":1,"y":0,"rot":0}],"figures":[{"player":"red","kind":"meeple","x":0,"y":0,"at":"N"},{"player":"blue","kind":"meeple","x":1,"y":0,"at":"E"}]}'

# ---- GET routes ------------------------------------------------------------
request GET /healthz
expect "GET /healthz is 200 ok" 200 '{"status":"ok"}'
expect_type "GET /healthz is application/json" application/json

request GET /v1/tiles
expect "GET /v1/tiles lists the catalog" 200 '"tiles":[' '"id":"base.D"' '"id":"abbey-mayor.abbey"'

request GET /v1/tiles/base.D
expect "GET /v1/tiles/base.D" 200 '"id":"base.D"' '"edges":"CRFR"' '"start":true'

request GET '/v1/tiles/BA%2FRCr'
expect "GET /v1/tiles/{alias} decodes %2F" 200 '"id":"base.D"'

request GET /v1/tiles/base.Z
expect "GET /v1/tiles/{unknown} is 404 problem" 404 '"status":404' '"title":"Unknown tile"' '"pointer":""'
expect_type "a problem is application/problem+json" application/problem+json

request GET /v1/rules
expect "GET /v1/rules" 200 '"rules":[' '"id":"base.placement.edges"' '"statement":'

request GET /openapi.yaml
expect "GET /openapi.yaml serves the document" 200 'openapi: 3.1' '/v1/placements:'
expect_type "GET /openapi.yaml is YAML" application/yaml

request GET /docs
expect "GET /docs serves the page" 200 '<html'
expect_type "GET /docs is HTML" text/html

# ---- POST routes -----------------------------------------------------------
request POST /v1/validate "{\"position\":$POS}"
expect "POST /v1/validate: a possible position" 200 '"valid":true' '"tiles":3' \
    '"city":{"count":1,"complete":1}' '"red":{"meeple":1'

request POST /v1/validate '{"position":{"players":["red","blue"],"tiles":[{"tile":"base.D","x":0,"y":0,"rot":0},{"tile":"base.E","x":0,"y":-1,"rot":0}],"figures":[]}}'
expect "POST /v1/validate: edges that do not match are 422" 422 '"status":422' '"pointer":"/position/tiles/1"'

request POST /v1/placements "{\"position\":$POS,\"tile\":\"base.A\"}"
expect "POST /v1/placements lists legal placements" 200 '"tile":"base.A"' \
    '"placements":[' '{"x":0,"y":1,"rot":0}' '"rules":['

request POST /v1/placements "{\"position\":$POS,\"tile\":\"base.C\"}"
expect "POST /v1/placements: no legal place is an empty list (discard)" 200 \
    '"placements":[]' 'base.placement.discard'

request POST /v1/placements "{\"position\":$POS,\"tile\":\"base.nope\"}"
expect "POST /v1/placements: unknown tile is 422 at /tile" 422 '"pointer":"/tile"'

request POST /v1/features "{\"position\":$POS}"
expect "POST /v1/features lists every feature" 200 \
    '{"feature":{"x":0,"y":-1,"at":"S"},"type":"city","cells":[{"x":0,"y":-1},{"x":0,"y":0}],"complete":true' \
    '"occupants":{"red":[{"kind":"meeple","x":0,"y":0,"at":"N"}]},"value":4,"points":{"red":4}'

request POST /v1/features "{\"position\":$POS,\"x\":1,\"y\":0,\"at\":\"W\"}"
expect "POST /v1/features at (x, y, at): the road" 200 \
    '"features":[{"feature":{"x":0,"y":0,"at":"E"},"type":"road","cells":[{"x":0,"y":0},{"x":1,"y":0}]' \
    '"blue":[{"kind":"meeple","x":1,"y":0,"at":"E"}]'

request POST /v1/features "{\"position\":$POS,\"x\":5,\"y\":5,\"at\":\"N\"}"
expect "POST /v1/features: a tile not on the board is 422 at /x" 422 '"pointer":"/x"'

# ---- errors a newcomer can act on (issue 17) -----------------------------------
for id in base.d D RCr; do
    request POST /v1/validate "{\"position\":{\"players\":[\"red\",\"blue\"],\"tiles\":[{\"tile\":\"$id\",\"x\":0,\"y\":0,\"rot\":0}],\"figures\":[]}}"
    expect "an unknown tile id $id suggests base.D, in detail and suggestions" 422 \
        'did you mean base.D?' '"suggestions":["base.D"]'
done
request POST /v1/validate '{"position":{"players":["red","blue"],"tiles":[{"tile":"base.D","x":0,"y":0,"rot":90}],"figures":[{"player":"red","kind":"meeple","x":0,"y":0,"at":"C"}]}}'
expect "a figure at a location the tile lacks: its locations as placed, by feature" 422 \
    'has no feature at C. Its features as placed' 'half-edges' \
    '"locations":[{"feature":"#0","type":"road","at":["N","S"]},{"feature":"#1","type":"city","at":["E"]}'
request POST /v1/turn '{"position":{"players":["red","blue"],"tiles":[{"tile":"base.D","x":0,"y":0,"rot":0}],"figures":[]},"tile":"base.E","x":0,"y":-1,"rot":180,"deploy":{"kind":"meeple","at":"C"}}'
expect "POST /v1/turn: an illegal deployment names its rule and lists the legal options" 200 \
    '"legal":false' 'the rule base.deploy.placed-tile (\"Deploy on the new tile\") forbids it' \
    '"reason_id":"reason.deploy"' '"options":[{"kind":"meeple","at":"NNE"'
request POST /v1/score "{\"position\":$POS}"
expect "POST /v1/score with neither x, y nor final names both ways" 400 \
    '\"x\" and \"y\" of the tile placed this turn' '\"final\": true for the end-game scoring'
request POST /v1/score '{"position":{"players":["red","blue","green"],"tiles":[{"tile":"base.D","x":0,"y":0,"rot":0}],"figures":[{"player":"red","kind":"meeple","x":0,"y":0,"at":"N"},{"player":"blue","kind":"meeple","x":0,"y":0,"at":"E"}],"scores":{"red":3,"blue":3,"green":2}},"final":true}'
expect "POST /v1/score final: standings (ties share a rank) and winners" 200 \
    '"standings":[{"player":"red","score":4,"rank":1},{"player":"blue","score":4,"rank":1},{"player":"green","score":2,"rank":3}],"winners":["red","blue"]' \
    '"explain_id":["score.road.end","score.strength","score.majority","score.return.one"]'

# ---- saved games: JCloisterZone .jcz in and out ------------------------------
GAMES=$(dirname "$0")/service/jcz/games
request POST /v1/import/jcz "$(cat "$GAMES/wagon.jcz")"
expect "POST /v1/import/jcz replays a saved game" 200 '"turns":5' '"game_over":false' \
    '"scores":{"Ann":10,"Bob":0}' '"kind":"wagon-move"'
request POST '/v1/import/jcz?turn=4' "$(cat "$GAMES/wagon.jcz")"
expect "POST /v1/import/jcz?turn=4: the position before turn 4" 200 '"turn":4' '"next":{"tile":"base.A"}' \
    '"figures":[{"player":"Ann","kind":"wagon","x":2,"y":0,"at":"S"}]'
request POST /v1/import/jcz "$(cat "$GAMES/abbey-endgame.jcz")"
expect "POST /v1/import/jcz: the end-game abbey round and the final scoring" 200 '"game_over":true' \
    '"kind":"final"'
request POST /v1/import/jcz "$(sed 's/"basic:1": 1/"basic:1": 1, "corn-circles\/2": 1/' "$GAMES/basic-meeples.jcz")"
expect "POST /v1/import/jcz: a set out of scope is 422 at its pointer" 422 '"pointer":"/setup/sets/corn-circles~12"'
request POST '/v1/import/jcz?turn=zero' "$(cat "$GAMES/basic-meeples.jcz")"
expect "POST /v1/import/jcz: a malformed turn is 400" 400 '"status":400'
request POST /v1/export/jcz '{"position":{"players":["red","blue"],"tiles":[{"tile":"base.D","x":0,"y":0,"rot":0}],"figures":[]},"moves":[{"tile":"base.E","x":0,"y":-1,"rot":180,"deploy":{"kind":"meeple","at":"S"},"pile_empty":true}],"name":"e2e"}'
expect "POST /v1/export/jcz writes the saved game" 200 '"appVersion":"6.2.0"' '"drawOrder":["BA/C","#END"]' \
    '"meepleId":"0.small.1"'
request POST /v1/export/jcz '{"position":{"players":["red","blue"],"tiles":[{"tile":"base.D","x":0,"y":0,"rot":0}],"figures":[]},"moves":[{"tile":"base.E","x":0,"y":-1,"rot":0}]}'
expect "POST /v1/export/jcz: an illegal move is 422 at the move" 422 '"pointer":"/moves/0/rot"'
disposition=$(curl -s -o /dev/null -D - -H "Content-Type: application/json" "$BASE/v1/export/jcz" -d '{"position":{"players":["a","b"],"tiles":[{"tile":"base.D","x":0,"y":0,"rot":0}],"figures":[]},"moves":[],"name":"mine"}' \
    | tr -d '\r' | sed -n 's/^Content-Disposition: //Ip')
if [ "$disposition" = 'attachment; filename="mine.jcz"' ]; then ok "POST /v1/export/jcz is an attachment"; else
    fail "POST /v1/export/jcz is an attachment" "Content-Disposition: $disposition"; fi
# ---- seeded random games -------------------------------------------------------
request POST /v1/games/random '{"seed":45,"players":2,"turns":2}'
expect "POST /v1/games/random: two turns of a base game" 200 \
    '{"seed":45,"version":"' '"turns":[{"turn":1,"player":"red"' \
    '"move":{"tile":"base.D","x":0,"y":-1,"rot":180,"deploy":{"kind":"meeple","at":"S"},"pile_empty":false}' \
    '"final":{"position":{"expansions":[],"options":{},"players":["red","blue"],"active":"red"' '"figures":[{"player":"blue","kind":"meeple","x":0,"y":-2,"at":"W"}],"scores":{"red":4,"blue":0}},"events":[{"kind":"final"'
request POST /v1/games/random '{"seed":7,"players":["ann","bob","cy"],"expansions":["abbey-mayor","hills-sheep","messages","shrines"],"turns":40}'
expect "POST /v1/games/random: 40 turns with every expansion" 200 '"turn":40,' '"game_over":false,"position":'
request POST /v1/games/random '{"seed":7,"players":7}'
expect "POST /v1/games/random: seven players is 400 at /players" 400 '"pointer":"/players"'

# ---- routing and bodies ----------------------------------------------------
request GET /nowhere
expect "an unknown route is 404" 404 '"status":404'

allow=$(curl -s -o /dev/null -D - -X POST "$BASE/healthz" | tr -d '\r' | sed -n 's/^Allow: //Ip')
request POST /healthz
if [ "$STATUS" = 405 ] && [ "$allow" = "GET, HEAD" ]; then ok "a wrong method is 405 with Allow"
else fail "a wrong method is 405 with Allow" "status $STATUS, Allow '$allow'"; fi

request POST /v1/validate 'not json'
expect "a body that is not JSON is 400" 400 '"status":400' '"type":"https://carcassonne-rules.example/problems/'

head -c 2097152 /dev/zero | tr '\0' ' ' >"$WORK/big"
code=$(curl -s -o "$WORK/body" -w '%{http_code}' --data-binary @"$WORK/big" "$BASE/v1/validate")
if [ "$code" = 413 ] && grep -q '"status":413' "$WORK/body"; then ok "a 2 MB body is 413 problem"
else fail "a 2 MB body is 413 problem" "status $code"; fi

code=$(curl -s -o /dev/null -w '%{http_code}' -H 'Transfer-Encoding: chunked' \
    --data-binary @"$WORK/big" "$BASE/v1/validate")
if [ "$code" = 413 ]; then ok "a 2 MB chunked body (no Content-Length) is 413"
else fail "a 2 MB chunked body (no Content-Length) is 413" "status $code"; fi

# One curl, one connection: a bad request, then a good one on the same
# connection (keep-alive survives the error).
json='Content-Type: application/json'
out=$(curl -s -o /dev/null -w '%{http_code} %{num_connects}\n' -H "$json" -d '{"position":' "$BASE/v1/validate" \
      --next -s -o /dev/null -w '%{http_code} %{num_connects}\n' -H "$json" -d "{\"position\":$POS}" "$BASE/v1/validate")
if [ "$(echo $out)" = "400 1 200 0" ]; then ok "a bad request, then a good one on the same connection"
else fail "a bad request, then a good one on the same connection" "$out"; fi

# curl -d labels its data application/x-www-form-urlencoded: a JSON route
# refuses it with 415 (so does any page's form post), and says why.
code=$(curl -s -o "$WORK/body" -w '%{http_code} %{content_type}' -d "{\"position\":$POS}" "$BASE/v1/validate")
if [ "$code" = "415 application/problem+json" ] && grep -q 'application/json' "$WORK/body"; then
    ok "a body sent as a form (curl -d without -H) is 415 problem"
else fail "a body sent as a form (curl -d without -H) is 415 problem" "$code $(cat "$WORK/body")"; fi

# ---- start-up errors: a message on stderr, exit 1 -------------------------
timeout 10 "$BIN" --host 127.0.0.1 --port "$PORT" >/dev/null 2>"$WORK/busy"
code=$?
if [ "$code" = 1 ] && [ -s "$WORK/busy" ]; then ok "a busy port: message on stderr, exit 1"
else fail "a busy port: message on stderr, exit 1" "exit $code: $(cat "$WORK/busy")"; fi
timeout 10 "$BIN" --threads 0 >/dev/null 2>"$WORK/bad"
code=$?
if [ "$code" = 2 ] && [ -s "$WORK/bad" ]; then ok "a bad option: message on stderr, exit 2 (a usage error)"
else fail "a bad option: message on stderr, exit 2 (a usage error)" "exit $code"; fi

# ---- graceful stop: a request still arriving when SIGTERM comes finishes --
body="{\"position\":$POS}"
exec 3<>"/dev/tcp/127.0.0.1/$PORT"
printf 'POST /v1/validate HTTP/1.1\r\nHost: e2e\r\nContent-Type: application/json\r\nContent-Length: %d\r\n\r\n' \
    "${#body}" >&3
sleep 0.3
kill -TERM "$PID"
sleep 0.3
printf '%s' "$body" >&3
reply=$(timeout 5 cat <&3)
exec 3<&-
case $reply in
    "HTTP/1.1 200"*'"valid":true'*) ok "a request in flight at SIGTERM still gets its 200" ;;
    *) fail "a request in flight at SIGTERM still gets its 200" "${reply:0:300}" ;;
esac
if curl -s -m 2 -o /dev/null "$BASE/healthz"; then
    fail "no new connection is accepted after SIGTERM"
else
    ok "no new connection is accepted after SIGTERM"
fi
status=0
for _ in $(seq 1 100); do kill -0 "$PID" 2>/dev/null || break; sleep 0.1; done
wait "$PID"; status=$?
PID=
if [ "$status" = 0 ]; then ok "SIGTERM: exit status 0"; else fail "SIGTERM: exit status 0" "exit $status: $(cat "$WORK/err")"; fi

echo "$passed passed, $failed failed"
[ "$failed" = 0 ]
