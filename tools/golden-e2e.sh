#!/bin/sh
# tools/golden-e2e.sh record|check RECORDED [GOLDEN] -- every answer of
# tests/e2e.sh, byte for byte, against the golden files.
#
# RECORDED is a directory tests/e2e.sh filled with E2E_RECORD (NNNN.meta:
# method, path, status, content type; NNNN.body; NNNN.request). GOLDEN
# (default tests/golden/e2e) holds one pair per distinct request, named by
# a hash of its method, path and request body, so a request added to the
# script adds a pair and moves no other:
#   KEY.meta   the four lines of the recorded meta
#   KEY.body   the answer's body, exactly (JSON answers only: the OpenAPI
#              document and the docs page are served from the build as
#              they are, and change with every edit of openapi.yaml)
#
#   record   replace GOLDEN with what RECORDED holds (make golden)
#   check    every recorded answer has a golden pair and equals it; exit 1
#            on the first difference list (make contract runs this)
#
# Answers change on purpose sometimes: then run `make golden` and commit the
# files, so the review shows every answer that changed.
set -eu
mode=${1:?usage: tools/golden-e2e.sh record|check RECORDED [GOLDEN]}
rec=${2:?usage: tools/golden-e2e.sh record|check RECORDED [GOLDEN]}
gold=${3:-tests/golden/e2e}

key() {   # key NNNN -> the request's name in GOLDEN
    { sed -n 1,2p "$rec/$1.meta"; cat "$rec/$1.request" 2>/dev/null || true; } |
        sha256sum | cut -c1-16
}

json_type() {   # json_type NNNN: true when the answer is JSON
    case $(sed -n 4p "$rec/$1.meta") in
        application/json*|application/problem+json*) return 0 ;;
        *) return 1 ;;
    esac
}

ls "$rec"/*.meta >/dev/null 2>&1 || { echo "golden-e2e: nothing recorded in $rec" >&2; exit 1; }

if [ "$mode" = record ]; then
    rm -rf "$gold"
    mkdir -p "$gold"
    for m in "$rec"/*.meta; do
        n=$(basename "$m" .meta)
        k=$(key "$n")
        cp "$m" "$gold/$k.meta"
        if json_type "$n"; then cp "$rec/$n.body" "$gold/$k.body"; fi
    done
    echo "golden-e2e: $(ls "$gold"/*.meta | wc -l) answers recorded in $gold"
    exit 0
fi

[ "$mode" = check ] || { echo "golden-e2e: mode is record or check" >&2; exit 2; }
bad=0
count=0
for m in "$rec"/*.meta; do
    n=$(basename "$m" .meta)
    k=$(key "$n")
    what="$(sed -n 1p "$m") $(sed -n 2p "$m")"
    count=$((count + 1))
    if [ ! -f "$gold/$k.meta" ]; then
        echo "golden-e2e: no golden answer for $what ($n): run make golden" >&2
        bad=$((bad + 1))
        continue
    fi
    if ! cmp -s "$m" "$gold/$k.meta"; then
        echo "golden-e2e: $what ($n): status or type differ:" >&2
        diff "$gold/$k.meta" "$m" >&2 || true
        bad=$((bad + 1))
        continue
    fi
    if json_type "$n" && ! cmp -s "$rec/$n.body" "$gold/$k.body"; then
        echo "golden-e2e: $what ($n): body differs from $gold/$k.body:" >&2
        printf '  golden: %.400s\n  now:    %.400s\n' "$(cat "$gold/$k.body")" \
            "$(cat "$rec/$n.body")" >&2
        bad=$((bad + 1))
    fi
done
if [ "$bad" -gt 0 ]; then
    echo "golden-e2e: $bad of $count answers differ from $gold" >&2
    exit 1
fi
echo "golden-e2e: $count answers identical to $gold"
