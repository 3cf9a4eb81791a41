#!/bin/sh
# bench/overload.sh BIN -- throughput and latency with many connections
# (make bench-overload, part of make bench).
#
# One service (release build), one run: wrk on GET /healthz with 256, then
# 5,000, then 10,000 keep-alive connections (BENCH_OVERLOAD_SECONDS each,
# default 6), while a separate client opens a new connection twice a second
# and asks /healthz with a 2 s limit (curl). As in bench/run.sh, the machine
# is shared, so the three are measured BENCH_ROUNDS times (3), interleaved,
# and the best round of each counts; every probe of every round counts.
# Prints req/s for each, the ratios to the 256-connection figure, the
# probes answered within 2 s and the slowest, and the service's peak RSS.
# Also the CPU the service itself spent per answer (from /proc, the best
# round of each): wrk -t1 is one thread, and on a 2-core machine it can be
# the bottleneck itself (its own cost per answer grows with the number of
# connections), so the req/s ratio may say more about the load generator
# than about the service; the CPU ratio says what the service can carry.
# Goals (issue 16): with 5,000 connections at least half the
# 256-connection throughput, and every probe answered within 2 s.
#
# Environment: BENCH_OVERLOAD_SECONDS (6), BENCH_ROUNDS (3), BENCH_THREADS
# of wrk (1), SERVICE_THREADS (passed as --threads if set), BENCH_OUT
# (build/bench).
set -eu
. tools/svc-lib.sh
bin=${1:?usage: bench/overload.sh path/to/carcassonne-rules}
secs=${BENCH_OVERLOAD_SECONDS:-6}
rounds=${BENCH_ROUNDS:-3}
wthreads=${BENCH_THREADS:-1}
out=${BENCH_OUT:-build/bench}
mkdir -p "$out"
results="$out/overload.txt"
: > "$results"

# wrk and the service each hold up to 10,000 sockets.
hard=$(ulimit -Hn)
if [ "$hard" != unlimited ] && [ "$hard" -lt 20480 ]; then ulimit -Hn 20480 2>/dev/null || true; fi
ulimit -Sn "$(ulimit -Hn)"

svc_pid=
cleanup() { [ -n "$svc_pid" ] && kill "$svc_pid" 2>/dev/null || true; }
trap cleanup EXIT INT TERM

threads_arg=
[ -n "${SERVICE_THREADS:-}" ] && threads_arg="--threads $SERVICE_THREADS"
# shellcheck disable=SC2086
start_service "$out" "$bin" --no-access-log $threads_arg
base="http://127.0.0.1:$svc_port"

# probe SECONDS FILE: a new connection every 0.5 s, each given 2 s; one
# line per probe: "<status> <seconds>".
probe() {
    n=$(awk -v s="$1" 'BEGIN { print int(s * 2) }')
    : > "$2"
    i=0
    while [ "$i" -lt "$n" ]; do
        curl -s -o /dev/null -m 2 -H 'Connection: close' -w '%{http_code} %{time_total}\n' \
            "$base/healthz" >> "$2" || echo "000 2.0" >> "$2"
        sleep 0.5
        i=$((i + 1))
    done
}

# The service's CPU time so far, in clock ticks (user + system).
cpu_ticks() { awk '{ print $14 + $15 }' "/proc/$svc_pid/stat"; }
hz=$(getconf CLK_TCK)

# run CONNS: one round of wrk with CONNS connections and the probes beside
# it; keeps the best req/s in rps_CONNS and adds the probes to probes-CONNS.
run() {
    conns=$1
    log="$out/wrk-overload-$conns.txt"
    probes="$out/probes-$conns.round"
    probe "$((secs - 2))" "$probes" &
    probe_pid=$!
    t0=$(cpu_ticks)
    wrk -t"$wthreads" -c"$conns" -d"${secs}s" --timeout 10s "$base/healthz" > "$log" 2>&1 || true
    t1=$(cpu_ticks)
    wait "$probe_pid"
    cat "$probes" >> "$out/probes-$conns.txt"
    r=$(awk '/^Requests\/sec:/ { printf "%d", $2 }' "$log")
    errs=$(awk '/Socket errors|Non-2xx/ { $1 = $1; print }' "$log" | tr '\n' ' ')
    eval "best=\${rps_$conns:-0}"
    [ "$r" -gt "$best" ] && eval "rps_$conns=$r"
    n=$(awk '/requests in/ { print $1 }' "$log")
    us=$(awk -v t="$((t1 - t0))" -v hz="$hz" -v n="${n:-0}" 'BEGIN { printf "%.2f", n ? t * 1e6 / hz / n : 0 }')
    eval "cpu=\${cpu_$conns:-0}"
    awk -v a="$us" -v b="$cpu" 'BEGIN { exit !(b == 0 || (a > 0 && a < b)) }' && eval "cpu_$conns=$us"
    printf '  round %d  %6d connections  %9s req/s  %s\n' "$round" "$conns" "$r" "$errs" >> "$results.rounds"
}

# report CONNS: the best round and every probe of CONNS.
report() {
    conns=$1
    probes="$out/probes-$conns.txt"
    ok=$(awk '$1 == 200 && $2 < 2 { n++ } END { print n + 0 }' "$probes")
    all=$(wc -l < "$probes")
    slow=$(awk 'BEGIN { m = 0 } $2 > m { m = $2 } END { printf "%.3f", m }' "$probes")
    eval "r=\$rps_$conns"
    eval "c=\$cpu_$conns"
    printf '%6d connections  %9s req/s   probes answered within 2 s: %s/%s (slowest %s s)   service CPU %s us/answer\n' \
        "$conns" "$r" "$ok" "$all" "$slow" "$c" | tee -a "$results"
    eval "probes_ok_$conns=\$ok probes_all_$conns=\$all"
}

echo "# make bench-overload: $(date -u +%Y-%m-%dT%H:%MZ), $(nproc) cores, wrk -t$wthreads, best of $rounds rounds of ${secs}s, GET /healthz" | tee -a "$results"
: > "$results.rounds"
rm -f "$out"/probes-*.txt
for round in $(seq "$rounds"); do
    run 256
    run 5000
    run 10000
done
report 256
report 5000
report 10000
hwm=$(awk '/^VmHWM/ { print $2 " " $3 }' "/proc/$svc_pid/status")
limit=$(curl -s "$base/metrics" | awk '/^carcassonne_http_connections_limit / { print $2 }')
ratio() { awk -v a="$1" -v b="$2" 'BEGIN { printf "%.2f", a / b }'; }
verdict() { awk -v r="$1" -v g="$2" 'BEGIN { print (r >= g) ? "ok" : "BELOW GOAL" }'; }
r5=$(ratio "$rps_5000" "$rps_256")
r10=$(ratio "$rps_10000" "$rps_256")
{
    echo "5,000 / 256 connections   $r5   (goal >= 0.50: $(verdict "$r5" 0.5))"
    echo "10,000 / 256 connections  $r10"
    echo "service CPU per answer     256: $cpu_256 us, 5,000: $cpu_5000 us: what the service can carry with 5,000 is $(ratio "$cpu_256" "$cpu_5000") of 256"
    echo "probes with 5,000 open     $probes_ok_5000/$probes_all_5000 within 2 s (goal: all: $( [ "$probes_ok_5000" = "$probes_all_5000" ] && echo ok || echo BELOW GOAL))"
    echo "connection limit           $limit (from the open-files limit $(ulimit -Sn))"
    echo "peak RSS                   $hwm (VmHWM, after 10,000 connections)"
} | tee -a "$results"
