#!/bin/sh
# tools/docs-check.sh BIN -- GET /docs works offline in a real browser (make docs-check).
#
# Starts BIN, loads http://127.0.0.1:PORT/docs in headless Chromium with
# every host but 127.0.0.1 unresolvable (so a page that needs a CDN renders
# nothing), waits for the page's scripts, then checks the rendered DOM
# names every route of the OpenAPI document, and saves a screenshot
# (build/docs/docs.png) that shows them.
set -eu
. tools/svc-lib.sh
bin=${1:?usage: tools/docs-check.sh path/to/carcassonne-rules}
out=${DOCS_OUT:-build/docs}
mkdir -p "$out"
start_service "$out" "$bin" --no-access-log
pid=$svc_pid
port=$svc_port
trap 'kill $pid 2>/dev/null || true' EXIT INT TERM

browser() {
    chromium --headless --no-sandbox --disable-gpu --disable-quic --no-first-run \
        --disable-background-networking --disable-component-update --disable-sync \
        --user-data-dir="$out/profile" \
        --host-resolver-rules='MAP * ~NOTFOUND, EXCLUDE 127.0.0.1' \
        --virtual-time-budget=10000 --window-size=1400,2700 "$@" \
        "http://127.0.0.1:$port/docs" 2>>"$out/chromium.log"
}
rm -rf "$out/profile"
browser --dump-dom > "$out/docs.dom.html"
# What a person sees: the DOM without its scripts (the inlined bundle
# carries the whole document as data, which proves nothing about rendering).
perl -0pe 's/<script\b.*?<\/script>//gis' "$out/docs.dom.html" > "$out/docs.rendered.html"
browser --screenshot="$PWD/$out/docs.png" >/dev/null

# Each tag's operation list shows its first routes and folds the rest
# behind "Show N more...": every route must be shown or counted there.
missing=0 total=0
for route in $(awk '/^paths:/ { p = 1; next } p && /^[^ ]/ { p = 0 } p && /^  \// { sub(":$", "", $1); print $1 }' openapi/openapi.yaml); do
    total=$((total + 1))
    grep -qF "$route" "$out/docs.rendered.html" || missing=$((missing + 1))
done
folded=$(grep -oE 'Show [0-9]+ more' "$out/docs.rendered.html" | awk '{ n += $2 } END { print n + 0 }')
echo "docs-check: $((total - missing)) of $total routes shown, $folded folded behind 'Show N more'"
[ "$total" -gt 0 ] || { echo "docs-check: no routes in openapi/openapi.yaml"; exit 1; }
if [ $missing != "$folded" ]; then
    echo "docs-check: $missing routes are not on the rendered page"
    exit 1
fi
[ -s "$out/docs.png" ] || { echo "docs-check: no screenshot"; exit 1; }
echo "docs-check: every route of openapi/openapi.yaml rendered offline; screenshot $out/docs.png"
