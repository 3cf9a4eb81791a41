#!/bin/sh
# bench/callgrind.sh ENGINE_BENCH BODY [ROUTE_BENCH] -- instructions per
# engine operation, and per route request without HTTP.
#
# Instruction counts do not depend on what else the machine is doing, so
# these are the figures to compare between commits (make bench-callgrind).
# For each operation: count the whole program with 1 and with 11 iterations
# under callgrind; (Ir(11) - Ir(1)) / 10 is the cost of one operation, with
# start-up and set-up cancelled out. With ROUTE_BENCH, the same for one
# whole request of each hot route through svc_dispatch() (route_bench.c),
# and the cache lines one such request fetches from beyond L2 when it
# starts with cold caches (route_bench --cold; callgrind's cache simulation
# with the 32 KB L1s and 512 KB L2 of the machines measured, counted in
# svc_handle only): instruction lines, data lines read, data lines written.
# That is what a request costs a server whose core ran other work since
# the one before (issue 37, round 5).
set -eu
bin=${1:?usage: bench/callgrind.sh engine_bench body.json}
body=${2:?usage: bench/callgrind.sh engine_bench body.json}
routes=${3:-}
out=${CALLGRIND_OUT:-build/bench}
mkdir -p "$out"

ir() {   # ir OP N [PROGRAM ARGS...] -> total instructions of one run
    op=$1 n=$2
    shift 2
    [ $# -gt 0 ] || set -- "$bin" "$body"
    f="$out/callgrind.$(basename "$1").$op.$n.out"
    valgrind --tool=callgrind --callgrind-out-file="$f" "$@" --only "$op" \
        --iterations "$n" >/dev/null 2>"${f%.out}.log"
    awk '/^totals:/ { print $2 }' "$f"
}

echo "# make bench-callgrind: instructions per operation (valgrind $(valgrind --version | sed 's/valgrind-//'))"
for op in decode validate board placements final import72; do
    one=$(ir "$op" 1)
    eleven=$(ir "$op" 11)
    printf 'engine %-11s %12d instructions/op\n' "$op" $(( (eleven - one) / 10 ))
done
[ -n "$routes" ] || exit 0
# cold OP N -> ILmr DLmr DLmw of N cold requests of route OP, svc_handle only
cold() {
    f="$out/callgrind.cold.$1.$2.out"
    valgrind --tool=callgrind --cache-sim=yes --I1=32768,8,64 --D1=32768,8,64 \
        --LL=524288,8,64 --toggle-collect=svc_handle --callgrind-out-file="$f" \
        "$routes" --cold --only "$1" --iterations "$2" >/dev/null 2>"${f%.out}.log"
    # events: Ir Dr Dw I1mr D1mr D1mw ILmr DLmr DLmw
    awk '/^totals:/ { print $8, $9, $10 }' "$f"
}

for op in validate placements deployments score features; do
    one=$(ir "$op" 1 "$routes")
    eleven=$(ir "$op" 11 "$routes")
    # shellcheck disable=SC2046
    set -- $(cold "$op" 1) $(cold "$op" 11)
    printf 'route  %-11s %12d instructions/request, cold: %d + %d + %d lines from beyond L2\n' \
        "$op" $(( (eleven - one) / 10 )) $(( ($4 - $1) / 10 )) $(( ($5 - $2) / 10 )) \
        $(( ($6 - $3) / 10 ))
done
