#!/bin/sh
# tools/docs-check.sh BIN -- GET /docs works offline in a real browser (make docs-check).
#
# Starts BIN, loads http://127.0.0.1:PORT/docs in headless Chromium with
# every host but 127.0.0.1 unresolvable (so a page that needs a CDN renders
# nothing), waits for the page's scripts, then checks the rendered DOM
# names every route of the OpenAPI document, and saves a screenshot
# (build/docs/docs.png) that shows them.
set -eu
bin=${1:?usage: tools/docs-check.sh path/to/carcassonne-rules}
out=${DOCS_OUT:-build/docs}
port=${DOCS_PORT:-18190}
mkdir -p "$out"
HOST=127.0.0.1 PORT=$port "$bin" --no-access-log >"$out/service.log" 2>&1 &
pid=$!
trap 'kill $pid 2>/dev/null || true' EXIT INT TERM
for _ in $(seq 100); do
    curl -fs -o /dev/null "http://127.0.0.1:$port/healthz" && break
    sleep 0.05
done

browser() {
    chromium --headless --no-sandbox --disable-gpu --disable-quic --no-first-run \
        --disable-background-networking --disable-component-update --disable-sync \
        --user-data-dir="$out/profile" \
        --host-resolver-rules='MAP * ~NOTFOUND, EXCLUDE 127.0.0.1' \
        --virtual-time-budget=10000 --window-size=1400,1800 "$@" \
        "http://127.0.0.1:$port/docs" 2>>"$out/chromium.log"
}
rm -rf "$out/profile"
browser --dump-dom > "$out/docs.dom.html"
# What a person sees: the DOM without its scripts (the inlined bundle
# carries the whole document as data, which proves nothing about rendering).
perl -0pe 's/<script\b.*?<\/script>//gis' "$out/docs.dom.html" > "$out/docs.rendered.html"
browser --screenshot="$PWD/$out/docs.png" >/dev/null

missing=0
for route in $(awk '/^paths:/ { p = 1; next } p && /^[^ ]/ { p = 0 } p && /^  \// { sub(":$", "", $1); print $1 }' openapi/openapi.yaml); do
    if ! grep -qF "$route" "$out/docs.rendered.html"; then
        echo "docs-check: the rendered page does not show $route"
        missing=$((missing + 1))
    fi
done
[ -s "$out/docs.png" ] || { echo "docs-check: no screenshot"; exit 1; }
[ $missing = 0 ] || exit 1
echo "docs-check: every route of openapi/openapi.yaml rendered offline; screenshot $out/docs.png"
