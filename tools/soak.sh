#!/bin/sh
# tools/soak.sh BIN [SECONDS] -- mixed load for a long time; memory must stay flat.
#
# Starts BIN (the ASan build under `make soak`; with SOAK_VALGRIND=1 the
# release build under valgrind --leak-check=full), then wrk sends for
# SECONDS (default 600) a round-robin mix of: the 100-tile questions of
# bench/bodies/ (about half the requests), every hostile body of
# fuzz/regressions/decode/ on several routes, and GET routes. RSS is sampled every 5 s into build/soak/rss.csv.
# Passes when: the service answered throughout, RSS in the last fifth of
# the run is no more than 10% (and 4 MB) above its peak in the second
# fifth (the warm-up fills the allocator's pools first), SIGTERM exits 0,
# and the sanitizer/valgrind log reports nothing.
set -eu
. tools/svc-lib.sh
bin=${1:?usage: tools/soak.sh BIN [SECONDS]}
secs=${2:-600}
out=${SOAK_OUT:-build/soak}
mkdir -p "$out"
manifest="$out/manifest.txt"
: > "$manifest"
# About as many valid questions as garbage: each valid line 50 times.
for b in bench/bodies/*.json; do
    for _ in $(seq 50); do
        echo "POST /v1/$(basename "$b" .json) $b" >> "$manifest"
    done
done
for f in fuzz/regressions/decode/hostile-*; do
    for r in validate placements score features turn; do
        echo "POST /v1/$r $f" >> "$manifest"
    done
done
for p in /healthz /v1/rules /v1/tiles /v1/tiles/base.D /v1/nope /metrics; do
    echo "GET $p" >> "$manifest"
done

if [ -n "${SOAK_VALGRIND:-}" ]; then
    runner="valgrind --leak-check=full --show-leak-kinds=definite,indirect --errors-for-leak-kinds=definite,indirect --error-exitcode=99 --log-file=$out/valgrind.log"
else
    runner=
    # A small quarantine: freed memory is reused sooner, so RSS reflects leaks, not ASan.
    export ASAN_OPTIONS=detect_leaks=1:abort_on_error=0:quarantine_size_mb=16
fi
# shellcheck disable=SC2086
start_service "$out" $runner "$bin" --threads 2
pid=$svc_pid
port=$svc_port
trap 'kill $pid 2>/dev/null || true' EXIT INT TERM

echo "seconds,rss_kb" > "$out/rss.csv"
sample() { echo "$1,$(awk '/^VmRSS/ { print $2 }' /proc/$pid/status)" >> "$out/rss.csv"; }
SOAK_MANIFEST=$manifest wrk -t1 -c8 -d"${secs}s" --timeout 10s -s tools/soak.lua \
    "http://127.0.0.1:$port" > "$out/wrk.txt" &
wrk_pid=$!
start=$(date +%s)
while kill -0 "$wrk_pid" 2>/dev/null; do
    sample $(( $(date +%s) - start ))
    sleep 5
done
wait "$wrk_pid"
sample $(( $(date +%s) - start ))
cat "$out/wrk.txt"
ok=1
curl -fsS -o /dev/null "http://127.0.0.1:$port/healthz" || { echo "soak: the service no longer answers"; ok=0; }

# Flat memory: peak of the last fifth against the peak of the second fifth.
verdict=$(awk -F, 'NR > 1 { t[NR] = $1; r[NR] = $2; n = NR }
    END {
        for (i = 2; i <= n; i++) {
            f = t[i] / t[n]
            if (f > 0.2 && f <= 0.4 && r[i] > early) early = r[i]
            if (f > 0.8 && r[i] > late) late = r[i]
        }
        grow = late - early
        printf "RSS %d kB after warm-up, %d kB at the end (%+d kB)", early, late, grow
        if (grow > 4096 && grow > early / 10) print " GROWING"; else print " flat"
    }' "$out/rss.csv")
echo "soak: $verdict"
case $verdict in *GROWING*) ok=0 ;; esac

kill -TERM "$pid"
status=0
wait "$pid" || status=$?
trap - EXIT INT TERM
echo "soak: exit status after SIGTERM: $status"
[ "$status" = 0 ] || ok=0
if grep -qE 'ERROR: (AddressSanitizer|LeakSanitizer)|runtime error:' "$out/service.stderr"; then
    echo "soak: sanitizer report in $out/service.stderr"; ok=0
fi
if [ -n "${SOAK_VALGRIND:-}" ]; then
    grep -E 'ERROR SUMMARY|definitely lost|indirectly lost' "$out/valgrind.log" || true
fi
[ $ok = 1 ] && echo "soak: passed" || { echo "soak: FAILED"; exit 1; }
