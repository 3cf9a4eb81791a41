#!/bin/sh
# bench/callgrind.sh ENGINE_BENCH BODY -- instructions per engine operation.
#
# Instruction counts do not depend on what else the machine is doing, so
# these are the figures to compare between commits (make bench-callgrind).
# For each operation: count the whole program with 1 and with 11 iterations
# under callgrind; (Ir(11) - Ir(1)) / 10 is the cost of one operation, with
# start-up and set-up cancelled out.
set -eu
bin=${1:?usage: bench/callgrind.sh engine_bench body.json}
body=${2:?usage: bench/callgrind.sh engine_bench body.json}
out=${CALLGRIND_OUT:-build/bench}
mkdir -p "$out"

ir() {   # ir OP N -> total instructions of one run
    f="$out/callgrind.$1.$2.out"
    valgrind --tool=callgrind --callgrind-out-file="$f" "$bin" "$body" --only "$1" \
        --iterations "$2" >/dev/null 2>"$out/callgrind.$1.$2.log"
    awk '/^totals:/ { print $2 }' "$f"
}

echo "# make bench-callgrind: instructions per operation (valgrind $(valgrind --version | sed 's/valgrind-//'))"
for op in decode validate placements final; do
    one=$(ir "$op" 1)
    eleven=$(ir "$op" 11)
    printf 'engine %-11s %12d instructions/op\n' "$op" $(( (eleven - one) / 10 ))
done
