# bench/nginx-lib.sh -- sourced by bench/run.sh and bench/layouts.sh: nginx
# `return 200` (bench/nginx.conf, one worker, port 18090) as the yardstick
# beside the service, and the trap that stops both when the script ends.
#
#   start_nginx OUTDIR [WORKERS PORT]
#                        nginx with its prefix in OUTDIR/nginx; sets ngx_pid.
#                        By default bench/nginx.conf as it is (one worker,
#                        port 18090); else that file with WORKERS worker
#                        processes on PORT, written to OUTDIR/nginx-WORKERS
#   wait_port PORT       until something answers on 127.0.0.1:PORT
# svc_pid (set by tools/svc-lib.sh's start_service), ngx_pid and whatever
# pids the script adds to extra_pids are killed on exit.

svc_pid= ; ngx_pid= ; extra_pids=
cleanup() {
    [ -n "$svc_pid" ] && kill "$svc_pid" 2>/dev/null || true
    [ -n "$ngx_pid" ] && kill "$ngx_pid" 2>/dev/null || true
    for p in $extra_pids; do kill "$p" 2>/dev/null || true; done
}
trap cleanup EXIT INT TERM

wait_port() {
    for _ in $(seq 100); do
        curl -s -o /dev/null "http://127.0.0.1:$1/" && return 0
        sleep 0.05
    done
    echo "bench: nothing answers on port $1" >&2; exit 1
}

# absolute DIR: DIR from / (nginx -p takes no relative prefix; BENCH_OUT may
# be either).
absolute() {
    case $1 in
        /*) echo "$1" ;;
        *) echo "$PWD/$1" ;;
    esac
}

start_nginx() {
    if [ $# -ge 3 ]; then
        dir=$1/nginx-$2
        mkdir -p "$dir/tmp"
        sed -e "s/^worker_processes 1;/worker_processes $2;/" -e "s/127\.0\.0\.1:18090/127.0.0.1:$3/" \
            bench/nginx.conf > "$dir/nginx.conf"
        nginx -p "$(absolute "$dir")" -c "$(absolute "$dir")/nginx.conf" 2>"$dir/stderr" &
        ngx_pid=$!
        wait_port "$3"
        kill -0 "$ngx_pid" 2>/dev/null || { echo "bench: nginx did not start:" >&2; cat "$dir/stderr" >&2; exit 1; }
        return 0
    fi
    mkdir -p "$1/nginx/tmp"
    nginx -p "$(absolute "$1")/nginx" -c "$PWD/bench/nginx.conf" 2>"$1/nginx/stderr" &
    ngx_pid=$!
    wait_port 18090
    kill -0 "$ngx_pid" 2>/dev/null || { echo "bench: nginx did not start:" >&2; cat "$1/nginx/stderr" >&2; exit 1; }
}
