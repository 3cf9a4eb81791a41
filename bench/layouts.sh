#!/bin/sh
# bench/layouts.sh BIN -- placements in every layout clients send (issue 37).
#
# One run, on loopback: nginx `return 200` (bench/nginx.conf, one worker),
# the service's GET /healthz, and POST /v1/placements with one position in
# each layout of its folder (bench/layouts.py: compact, Python's default
# spacing, 2-space pretty, members reversed, UTF-8 player names, and those
# names as Python escapes them), for two positions: the late game of 67
# tiles and 27 figures the issue measured (bench/bodies/layouts-67/), and
# a heavier one of 100 tiles and 40 figures (bench/bodies/layouts/). First
# it checks that every layout of a position gets the very same answer,
# byte for byte. Then BENCH_ROUNDS interleaved rounds (nginx, healthz, each
# layout of each position, each layout's transport alone (below), then
# again); the median round of each target
# counts. Printed: req/s, each layout's ratio to healthz, and for each
# position the slowest layout over the fastest; healthz over nginx:
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
# Beside every target: its CPU time a request, the server's (all its
# threads; nginx's master and workers) and wrk's, each the median over
# the rounds.
# Their sum is what the two cores pay for one request; times the rate, the
# cores it keeps busy. A ratio is the product of the two: placements /
# healthz is healthz's sum over placements' times placements' cores over
# healthz's (bench/README.md, issue 37, round 10).
#
# Transport alone: each layout of the first position POSTed to a route
# that does not exist, which reads the whole body and answers 404 without
# reading its JSON (as make bench's body404). What the body costs to send
# and receive, by its size alone, is a floor under the layouts' slowest /
# fastest: pretty is twice compact's bytes (bench/README.md, issue 37,
# round 12). Healthz's lowest and highest round say how far the host
# moved over the run: a ratio moves with it.
#
# Many short rounds, not a few long ones: this host's speed changes from
# one second to the next (bench/README.md, issue 37, round 5), and the
# median of 21 one-second rounds of each target, interleaved, moves far
# less between runs than that of 5 or 7 three-second rounds.
# Environment: BENCH_SECONDS (1) per round, BENCH_ROUNDS (21), BENCH_CONNS
# (16), BENCH_THREADS of wrk (1), BENCH_POSITIONS (67 100), SERVICE_ARGS
# (more options for the service), BENCH_OUT (build/bench-layouts).
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
positions=${BENCH_POSITIONS:-67 100}
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

# server_ticks PID: CPU clock ticks so far of process PID and of its
# children (nginx's workers), all threads. Read from every /proc/N/stat at
# once: a process may end meanwhile (cat goes on); the command name, in
# parentheses, may hold spaces, so the fields are counted after it.
server_ticks() {
    cat /proc/[0-9]*/stat 2>/dev/null | awk -v p="$1" '
        { pid = $1; sub(/^.*\) /, "") }
        pid == p || $2 == p { t += $12 + $13 }
        END { print t + 0 }'
}

# wrk_seconds BEFORE AFTER: the CPU seconds of this shell's children that
# ended between the two `times` written to BEFORE and AFTER (their second
# line; written to files, not read through $(...), whose subshell has
# children of its own).
wrk_seconds() {
    awk 'FNR == 2 { for (i = 1; i <= 2; i++) { split($i, t, "m"); sub(/s$/, "", t[2]); s[FILENAME] += t[1] * 60 + t[2] } }
         END { print s[ARGV[2]] - s[ARGV[1]] }' "$1" "$2"
}

# per_request SECONDS LOG: SECONDS of CPU over the requests wrk's LOG counted, in µs.
per_request() {
    awk -v s="$1" '/ requests in / { n = $1 } END { printf "%.1f\n", (n > 0 ? s / n * 1e6 : 0) }' "$2"
}

# run NAME URL PID [BODYFILE]: one round against the server PID; appends
# its req/s to $out/NAME.rps, the CPU µs a request of the server and of wrk
# to $out/NAME.svc and $out/NAME.wrk, and, for a body, the answers' mean
# time in the server (µs) to $out/NAME.us.
run() {
    name=$1 url=$2 pid=$3 body=${4:-}
    log="$out/wrk-$name.txt"
    placements=
    case $url in */v1/placements) placements=1 ;; esac
    [ -z "$placements" ] || before=$(answered "${url%/v1/placements}")
    ticks=$(server_ticks "$pid")
    times > "$out/times-before"
    if [ -n "$body" ]; then
        BODY=$body wrk -t"$wthreads" -c"$conns" -d"${secs}s" -s bench/post.lua "$url" > "$log"
    else
        wrk -t"$wthreads" -c"$conns" -d"${secs}s" "$url" > "$log"
    fi
    times > "$out/times-after"
    ticks=$(($(server_ticks "$pid") - ticks))
    if [ -n "$placements" ]; then
        # shellcheck disable=SC2046,SC2086
        set -- $before $(answered "${url%/v1/placements}")
        awk -v s="$1" -v c="$2" -v s2="$3" -v c2="$4" \
            'BEGIN { printf "%.2f\n", (c2 > c ? (s2 - s) / (c2 - c) * 1e6 : 0) }' >> "$out/$name.us"
    fi
    # (Transport alone is all 404s, which wrk counts as Non-2xx.)
    if [ "${name#transport-}" = "$name" ] && grep -q 'Non-2xx' "$log"; then
        echo "bench: $name had error answers:" >&2; cat "$log" >&2; exit 1
    fi
    per_request "$(awk -v t="$ticks" -v hz="$hz" 'BEGIN { print t / hz }')" "$log" >> "$out/$name.svc"
    per_request "$(wrk_seconds "$out/times-before" "$out/times-after")" "$log" >> "$out/$name.wrk"
    r=$(awk '/^Requests\/sec:/ { printf "%d", $2 }' "$log")
    echo "$r" >> "$out/$name.rps"
    printf '  round %d  %-12s %9s req/s\n' "$round" "$name" "$r" >> "$results.rounds"
}

# bodies P: the folder of position P's layouts.
bodies() { if [ "$1" = 100 ]; then echo bench/bodies/layouts; else echo "bench/bodies/layouts-$1"; fi; }

median() { sort -n "$out/$1.${2:-rps}" | awk '{ v[NR] = $1 } END { print v[int((NR + 1) / 2)] }'; }
ratio() { awk -v a="$1" -v b="$2" 'BEGIN { printf "%.2f", a / b }'; }
# spread TARGET...: the lowest and the highest of the targets' median rates.
spread() { for t in "$@"; do median "$t"; done | sort -n | awk 'NR == 1 { lo = $1 } { hi = $1 } END { print lo, hi }'; }

echo "# bench/layouts.sh: $(date -u +%Y-%m-%dT%H:%MZ), $(nproc) cores, load $(cut -d' ' -f1-3 /proc/loadavg), wrk -t$wthreads -c$conns, median of $rounds interleaved rounds of ${secs}s" | tee -a "$results"
: > "$results.rounds"

cores=$(nproc)
hz=$(getconf CLK_TCK)
start_nginx "$out" "$cores" 18091
extra_pids=$ngx_pid
ngx_n_pid=$ngx_pid
start_nginx "$out"
mkdir -p "$out/one-thread"
# shellcheck disable=SC2086
start_service "$out/one-thread" "$bin" --threads 1 ${SERVICE_ARGS:-}
extra_pids="$extra_pids $svc_pid"
one_pid=$svc_pid
one="http://127.0.0.1:$svc_port"
# shellcheck disable=SC2086
start_service "$out" "$bin" ${SERVICE_ARGS:-}
base="http://127.0.0.1:$svc_port"

# The same answer for every layout of a position, byte for byte.
targets=
for p in $positions; do
    first=
    for l in $layouts; do
        t=$p-$l
        targets="$targets $t"
        code=$(curl -s -o "$out/answer-$t.json" -w '%{http_code}' -H 'Content-Type: application/json' \
               --data-binary "@$(bodies "$p")/$l.json" "$base/v1/placements")
        [ "$code" = 200 ] || { echo "bench: $t answers $code" >&2; cat "$out/answer-$t.json" >&2; exit 1; }
        first=${first:-$t}
        cmp -s "$out/answer-$first.json" "$out/answer-$t.json" \
            || { echo "bench: $t gets another answer than $first" >&2; exit 1; }
    done
done

# Transport alone: the first position's layouts, each answered 404 unread.
transport_of=${positions%% *}
transports=
for l in $layouts; do
    transports="$transports transport-$l"
    code=$(curl -s -o /dev/null -w '%{http_code}' -H 'Content-Type: application/json' \
           --data-binary "@$(bodies "$transport_of")/$l.json" "$base/v1/no-such-route")
    [ "$code" = 404 ] || { echo "bench: a body POSTed to no route answers $code, not 404" >&2; exit 1; }
done

for name in nginx healthz nginx-n healthz-1 $targets $transports; do
    for what in rps svc wrk; do : > "$out/$name.$what"; done
done
for t in $targets; do : > "$out/$t.us"; done
for round in $(seq "$rounds"); do
    run nginx "http://127.0.0.1:18090/" "$ngx_pid"
    run healthz "$base/healthz" "$svc_pid"
    run nginx-n "http://127.0.0.1:18091/" "$ngx_n_pid"
    run healthz-1 "$one/healthz" "$one_pid"
    for p in $positions; do
        for l in $layouts; do
            run "$p-$l" "$base/v1/placements" "$svc_pid" "$(bodies "$p")/$l.json"
        done
    done
    for l in $layouts; do
        run "transport-$l" "$base/v1/no-such-route" "$svc_pid" "$(bodies "$transport_of")/$l.json"
    done
done

# cpu NAME: the target's CPU a request, server + wrk (medians, µs), and
# the cores that keeps busy at its median rate.
cpu() {
    set -- "$(median "$1" svc)" "$(median "$1" wrk)" "$(median "$1")"
    printf 'CPU a request %5s + wrk %5s µs, cores %s' "$1" "$2" \
        "$(awk -v s="$1" -v w="$2" -v r="$3" 'BEGIN { printf "%.2f", (s + w) * r / 1e6 }')"
}

h=$(median healthz)
n=$(median nginx)
printf '%-12s %9s req/s                                %s\n' nginx "$n" "$(cpu nginx)" | tee -a "$results"
printf '%-12s %9s req/s   healthz/nginx %s (goal >= 1.00)   %s\n' healthz "$h" "$(ratio "$h" "$n")" \
    "$(cpu healthz)" | tee -a "$results"
nn=$(median nginx-n)
h1=$(median healthz-1)
printf '%-12s %9s req/s   healthz/nginx with %d workers each %s   %s\n' "nginx x$cores" "$nn" "$cores" \
    "$(ratio "$h" "$nn")" "$(cpu nginx-n)" | tee -a "$results"
printf '%-12s %9s req/s   healthz/nginx with 1 worker each %s    %s\n' "healthz x1" "$h1" \
    "$(ratio "$h1" "$n")" "$(cpu healthz-1)" | tee -a "$results"
for p in $positions; do
    python3 -c 'import json, sys; p = json.load(open(sys.argv[1]))["position"]
print("position of %d tiles and %d figures (%s):" % (len(p["tiles"]), len(p["figures"]), sys.argv[2]))' \
        "$(bodies "$p")/compact.json" "$(bodies "$p")/" | tee -a "$results"
    for l in $layouts; do
        r=$(median "$p-$l")
        printf 'placements %-12s %9s req/s   /healthz %s   answer in the server %6s µs   %s\n' "$l" "$r" \
            "$(ratio "$r" "$h")" "$(median "$p-$l" us)" "$(cpu "$p-$l")" | tee -a "$results"
    done
    # shellcheck disable=SC2046
    set -- $(spread $(for l in $layouts; do echo "$p-$l"; done))
    lo=$1 hi=$2
    {
        echo "slowest/fastest layout  $(ratio "$lo" "$hi")   (goal >= 0.90)"
        echo "slowest layout/healthz  $(ratio "$lo" "$h")   (goal >= 0.50, then >= 0.60)"
    } | tee -a "$results"
done
# Transport alone, and how far the host moved over the run.
echo "transport alone: position of $transport_of, each layout POSTed to no route," \
     "read whole and answered 404, its JSON unread:" | tee -a "$results"
for l in $layouts; do
    r=$(median "transport-$l")
    printf 'transport  %-12s %9s req/s   /healthz %s   CPU a request %5s µs\n' "$l" "$r" \
        "$(ratio "$r" "$h")" "$(median "transport-$l" svc)" | tee -a "$results"
done
# pretty carries about twice compact's bytes: what that costs to send and
# receive, with no JSON read, is a floor under slowest / fastest layout.
# compact, reversed and utf8 carry the same bytes (to 1%): their
# transports differ by the host's noise alone.
bytes() { wc -c < "$(bodies "$transport_of")/$1.json" | tr -d ' '; }
tp=$(median transport-pretty) tc=$(median transport-compact)
echo "transport pretty/compact   $(ratio "$tp" "$tc")   ($(bytes pretty) bytes against $(bytes compact):" \
     "a floor under slowest/fastest layout)" | tee -a "$results"
# shellcheck disable=SC2046
set -- $(spread transport-compact transport-reversed transport-utf8)
echo "transport compact, reversed, utf8: slowest/fastest $(ratio "$1" "$2")" \
     "(the same bytes to 1%: 1.00 but for the host's noise)" | tee -a "$results"
sort -n "$out/healthz.rps" | awk '{ v[NR] = $1; s += $1; q += $1 * $1 }
    END { m = s / NR; printf "healthz over the rounds: %d to %d req/s, %.0f%% about its mean: the host moved so much\n",
          v[1], v[NR], 100 * sqrt(q / NR - m * m) / m }' | tee -a "$results"
# How often the service's busy worker shared its connections over the run,
# and kept them shared (service/http/balance.h): the rounds whose cores
# above stand apart were most likely served by one worker, or by two.
curl -s "$base/metrics" | awk '
    /^carcassonne_http_spreads_total[{]outcome="kept"[}]/ { k = $2 }
    /^carcassonne_http_spreads_total[{]outcome="given_back"[}]/ { g = $2 }
    END { printf "spreads to a second worker over the run: %d kept, %d given back\n", k, g }' | tee -a "$results"
