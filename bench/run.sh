#!/bin/sh
# bench/run.sh BIN -- throughput of every hot route, as ratios (make bench).
#
# One run, on loopback, everything on the same cores: nginx `return 200`
# with one worker (the yardstick), then the service on GET /healthz and on
# POST validate, placements, deployments, score and features with the
# 100-tile position in bench/bodies/. Absolute req/s swing ±30% between runs
# on a shared 2-core machine (engineering-notes.md), so the figures to
# compare are the ratios of the same run:
#   placements / validate  >= 0.7  (the engine costs less than decoding)
#   healthz / nginx        >= 0.75 (the HTTP layer is not the bottleneck)
#   placements / healthz   >= 0.5  (issue 13: the question costs no more
#   features / validate    >= 0.5   than the HTTP exchange, and a whole
#   score (final) / validate >= 0.5  answer no more than reading the body)
# Also, for what is left of the placements goal: body404, the same
# placements body POSTed to a route that does not exist, so the service
# receives, frames and answers it (404) without reading its JSON: the HTTP
# exchange of that body alone. body404 / healthz is the most placements /
# healthz could reach with a question that cost nothing.
# Also prints the service's peak RSS (VmHWM) after all the load.
#
# The machine is shared (other builds, a fuzzer at nice 19), so every
# target is measured BENCH_ROUNDS times, interleaved (nginx, healthz,
# validate, ... then again), and the best round of each counts: a
# disturbance lowers one round, not the comparison.
#
# Environment: BENCH_SECONDS (3) per round, BENCH_ROUNDS (3), BENCH_CONNS
# (32), BENCH_THREADS of wrk (1), SERVICE_THREADS
# (passed as --threads if set), SERVICE_ARGS (more options for the service).
set -eu
. tools/svc-lib.sh
. bench/nginx-lib.sh
bin=${1:?usage: bench/run.sh path/to/carcassonne-rules}
secs=${BENCH_SECONDS:-3}
rounds=${BENCH_ROUNDS:-3}
conns=${BENCH_CONNS:-32}
wthreads=${BENCH_THREADS:-1}
out=${BENCH_OUT:-build/bench}
mkdir -p "$out"
results="$out/results.txt"
: > "$results"

# wrk's "Requests/sec:" line, as an integer.
rps() { awk '/^Requests\/sec:/ { printf "%d", $2 }' "$1"; }

# run NAME URL [BODYFILE [STATUS]]: one round; keeps the best req/s in
# rps_NAME. Every answer must be 200, or STATUS if given (then wrk's count
# of non-2xx answers is expected, and curl checks the status first).
run() {
    name=$1 url=$2 body=${3:-} status=${4:-200}
    log="$out/wrk-$name.txt"
    if [ -n "$body" ]; then
        code=$(curl -s -o /dev/null -w '%{http_code}' -H 'Content-Type: application/json' \
               --data-binary "@$body" "$url")
        [ "$code" = "$status" ] || { echo "bench: $name answers $code, not $status" >&2; exit 1; }
        BODY=$body wrk -t"$wthreads" -c"$conns" -d"${secs}s" -s bench/post.lua "$url" > "$log"
    else
        wrk -t"$wthreads" -c"$conns" -d"${secs}s" "$url" > "$log"
    fi
    if [ "$status" = 200 ] && grep -q 'Non-2xx' "$log"; then
        echo "bench: $name had error answers:" >&2; cat "$log" >&2; exit 1
    fi
    r=$(rps "$log")
    eval "best=\${rps_$name:-0}"
    if [ "$r" -gt "$best" ]; then
        eval "rps_$name=$r"
        eval "lat_$name=\$(awk '/Latency/ { print \$2 }' \"\$log\")"
    fi
    printf '  round %d  %-12s %9s req/s\n' "$round" "$name" "$r" >> "$results.rounds"
}

echo "# make bench: $(date -u +%Y-%m-%dT%H:%MZ), $(nproc) cores, wrk -t$wthreads -c$conns, best of $rounds rounds of ${secs}s" | tee -a "$results"
: > "$results.rounds"

# nginx and the service run side by side (different ports); each round
# measures one after the other, never both at once.
start_nginx "$out"

threads_arg=
[ -n "${SERVICE_THREADS:-}" ] && threads_arg="--threads $SERVICE_THREADS"
# shellcheck disable=SC2086
start_service "$out" "$bin" $threads_arg ${SERVICE_ARGS:-}
base="http://127.0.0.1:$svc_port"
for round in $(seq "$rounds"); do
    run nginx "http://127.0.0.1:18090/"
    run healthz "$base/healthz"
    run validate "$base/v1/validate" bench/bodies/validate.json
    run placements "$base/v1/placements" bench/bodies/placements.json
    run deployments "$base/v1/deployments" bench/bodies/deployments.json
    run score "$base/v1/score" bench/bodies/score.json
    run features "$base/v1/features" bench/bodies/features.json
    run body404 "$base/v1/no-such-route" bench/bodies/placements.json 404
done
for name in nginx healthz validate placements deployments score features body404; do
    eval "r=\$rps_$name; l=\$lat_$name"
    printf '%-12s %9s req/s   mean latency %s\n' "$name" "$r" "$l" | tee -a "$results"
done
hwm=$(awk '/^VmHWM/ { print $2 " " $3 }' "/proc/$svc_pid/status")
rss=$(awk '/^VmRSS/ { print $2 " " $3 }' "/proc/$svc_pid/status")

ratio() { awk -v a="$1" -v b="$2" 'BEGIN { printf "%.2f", a / b }'; }
verdict() { awk -v r="$1" -v g="$2" 'BEGIN { print (r >= g) ? "ok" : "BELOW GOAL" }'; }
pv=$(ratio "$rps_placements" "$rps_validate")
hn=$(ratio "$rps_healthz" "$rps_nginx")
ph=$(ratio "$rps_placements" "$rps_healthz")
fv=$(ratio "$rps_features" "$rps_validate")
sv=$(ratio "$rps_score" "$rps_validate")
bh=$(ratio "$rps_body404" "$rps_healthz")
{
    echo "placements/validate  $pv   (goal >= 0.70: $(verdict "$pv" 0.70))"
    echo "healthz/nginx        $hn   (goal >= 0.75: $(verdict "$hn" 0.75))"
    echo "placements/healthz   $ph   (goal >= 0.50: $(verdict "$ph" 0.50))"
    echo "features/validate    $fv   (goal >= 0.50: $(verdict "$fv" 0.50))"
    echo "score/validate       $sv   (goal >= 0.50: $(verdict "$sv" 0.50))"
    echo "body404/healthz      $bh   (the placements body answered 404 unread: the most"
    echo "                            placements/healthz can reach)"
    echo "peak RSS under load  $hwm (VmHWM; now $rss)"
} | tee -a "$results"
