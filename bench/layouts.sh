#!/bin/sh
# bench/layouts.sh BIN -- placements in every layout clients send (issue 37).
#
# One run, on loopback: nginx `return 200` (bench/nginx.conf, one worker),
# the service's GET /healthz, and POST /v1/placements with the same 100-tile
# position in each layout of bench/bodies/layouts/ (bench/layouts.py:
# compact, Python's default spacing, 2-space pretty, members reversed,
# UTF-8 player names, and those names as Python escapes them). First it
# checks that every layout gets the very same answer, byte for byte. Then
# BENCH_ROUNDS interleaved rounds (nginx, healthz, each layout, then
# again); the median round of each target counts. Printed: req/s, each
# layout's ratio to healthz, the slowest layout over the fastest, and
# healthz over nginx:
#   placements / healthz  >= 0.5 for every layout, then >= 0.6
#   slowest / fastest     >= 0.9 (no layout more than 10% slower)
#   healthz / nginx       >= 1.0
# Beside each layout's rate: the answer's own time inside the server (the
# median round's mean, from the service's /metrics: a request's headers to
# its answer queued), to set against route_bench's time for the same body
# without sockets, which make bench-layouts prints next: what a server
# adds to the answer itself (bench/README.md, issue 37, round 7).
# and, beside the issue's pair, the pairs with as many workers on each
# side: the service (one thread per core) against nginx with as many
# worker processes, and the service with --threads 1 against nginx's one
# worker (bench/README.md, issue 37, round 3: why they differ).
#
# Many short rounds, not a few long ones: this host's speed changes from
# one second to the next (bench/README.md, issue 37, round 5), and the
# median of 21 one-second rounds of each target, interleaved, moves far
# less between runs than that of 5 or 7 three-second rounds.
# Environment: BENCH_SECONDS (1) per round, BENCH_ROUNDS (21), BENCH_CONNS
# (16), BENCH_THREADS of wrk (1), SERVICE_ARGS (more options for the
# service), BENCH_OUT (build/bench-layouts).
set -eu
. tools/svc-lib.sh
. bench/nginx-lib.sh
bin=${1:?usage: bench/layouts.sh path/to/carcassonne-rules}
secs=${BENCH_SECONDS:-1}
rounds=${BENCH_ROUNDS:-21}
conns=${BENCH_CONNS:-16}
wthreads=${BENCH_THREADS:-1}
out=${BENCH_OUT:-build/bench-layouts}
layouts="compact python pretty reversed utf8 python-utf8"
mkdir -p "$out"
results="$out/results.txt"
: > "$results"

# answered BASE -> "SUM COUNT" of POST /v1/placements in the service's /metrics.
answered() {
    curl -s "$1/metrics" | awk '
        /^carcassonne_http_request_duration_seconds_sum[{]route="\/v1\/placements"[}]/ { s = $2 }
        /^carcassonne_http_request_duration_seconds_count[{]route="\/v1\/placements"[}]/ { c = $2 }
        END { print s + 0, c + 0 }'
}

# run NAME URL [BODYFILE]: one round; appends its req/s to $out/NAME.rps
# and, for a body, the answers' mean time in the server (µs) to $out/NAME.us.
run() {
    name=$1 url=$2 body=${3:-}
    log="$out/wrk-$name.txt"
    if [ -n "$body" ]; then
        before=$(answered "${url%/v1/placements}")
        BODY=$body wrk -t"$wthreads" -c"$conns" -d"${secs}s" -s bench/post.lua "$url" > "$log"
        # shellcheck disable=SC2046,SC2086
        set -- $before $(answered "${url%/v1/placements}")
        awk -v s="$1" -v c="$2" -v s2="$3" -v c2="$4" \
            'BEGIN { printf "%.2f\n", (c2 > c ? (s2 - s) / (c2 - c) * 1e6 : 0) }' >> "$out/$name.us"
    else
        wrk -t"$wthreads" -c"$conns" -d"${secs}s" "$url" > "$log"
    fi
    if grep -q 'Non-2xx' "$log"; then
        echo "bench: $name had error answers:" >&2; cat "$log" >&2; exit 1
    fi
    r=$(awk '/^Requests\/sec:/ { printf "%d", $2 }' "$log")
    echo "$r" >> "$out/$name.rps"
    printf '  round %d  %-12s %9s req/s\n' "$round" "$name" "$r" >> "$results.rounds"
}

median() { sort -n "$out/$1.${2:-rps}" | awk '{ v[NR] = $1 } END { print v[int((NR + 1) / 2)] }'; }
ratio() { awk -v a="$1" -v b="$2" 'BEGIN { printf "%.2f", a / b }'; }

echo "# bench/layouts.sh: $(date -u +%Y-%m-%dT%H:%MZ), $(nproc) cores, load $(cut -d' ' -f1-3 /proc/loadavg), wrk -t$wthreads -c$conns, median of $rounds interleaved rounds of ${secs}s" | tee -a "$results"
: > "$results.rounds"

cores=$(nproc)
start_nginx "$out" "$cores" 18091
extra_pids=$ngx_pid
start_nginx "$out"
mkdir -p "$out/one-thread"
# shellcheck disable=SC2086
start_service "$out/one-thread" "$bin" --threads 1 ${SERVICE_ARGS:-}
extra_pids="$extra_pids $svc_pid"
one="http://127.0.0.1:$svc_port"
# shellcheck disable=SC2086
start_service "$out" "$bin" ${SERVICE_ARGS:-}
base="http://127.0.0.1:$svc_port"

# The same answer for every layout, byte for byte.
for l in $layouts; do
    code=$(curl -s -o "$out/answer-$l.json" -w '%{http_code}' -H 'Content-Type: application/json' \
           --data-binary "@bench/bodies/layouts/$l.json" "$base/v1/placements")
    [ "$code" = 200 ] || { echo "bench: layout $l answers $code" >&2; cat "$out/answer-$l.json" >&2; exit 1; }
    cmp -s "$out/answer-compact.json" "$out/answer-$l.json" \
        || { echo "bench: layout $l gets another answer than compact" >&2; exit 1; }
done

for name in nginx healthz nginx-n healthz-1 $layouts; do : > "$out/$name.rps"; done
for l in $layouts; do : > "$out/$l.us"; done
for round in $(seq "$rounds"); do
    run nginx "http://127.0.0.1:18090/"
    run healthz "$base/healthz"
    run nginx-n "http://127.0.0.1:18091/"
    run healthz-1 "$one/healthz"
    for l in $layouts; do
        run "$l" "$base/v1/placements" "bench/bodies/layouts/$l.json"
    done
done

h=$(median healthz)
n=$(median nginx)
printf '%-12s %9s req/s\n' nginx "$n" | tee -a "$results"
printf '%-12s %9s req/s   healthz/nginx %s (goal >= 1.00)\n' healthz "$h" "$(ratio "$h" "$n")" | tee -a "$results"
nn=$(median nginx-n)
h1=$(median healthz-1)
printf '%-12s %9s req/s   healthz/nginx with %d workers each %s\n' "nginx x$cores" "$nn" "$cores" \
    "$(ratio "$h" "$nn")" | tee -a "$results"
printf '%-12s %9s req/s   healthz/nginx with 1 worker each %s\n' "healthz x1" "$h1" \
    "$(ratio "$h1" "$n")" | tee -a "$results"
lo= ; hi=
for l in $layouts; do
    r=$(median "$l")
    printf 'placements %-12s %9s req/s   /healthz %s   answer in the server %6s µs\n' "$l" "$r" \
        "$(ratio "$r" "$h")" "$(median "$l" us)" | tee -a "$results"
    if [ -z "$lo" ] || [ "$r" -lt "$lo" ]; then lo=$r; fi
    if [ -z "$hi" ] || [ "$r" -gt "$hi" ]; then hi=$r; fi
done
{
    echo "slowest/fastest layout  $(ratio "$lo" "$hi")   (goal >= 0.90)"
    echo "slowest layout/healthz  $(ratio "$lo" "$h")   (goal >= 0.50, then >= 0.60)"
} | tee -a "$results"
