# tools/svc-lib.sh -- sourced by the bench, soak, docs and load-balancer
# scripts: start the service on a port the system picks, so a run never
# collides with another server on this machine.
#
#   start_service OUTDIR [runner...] BIN [args...]
#       starts it with HOST=127.0.0.1 PORT=0 (stdout to OUTDIR/service.stdout,
#       stderr to OUTDIR/service.stderr), waits for its "listening on" line;
#       sets svc_pid and svc_port. A runner (e.g. valgrind ...) may come first.

start_service() {
    _dir=$1
    shift
    # Emptied here, not only by the redirection below: that happens in the
    # background child, and the loop must never read the port of an earlier
    # run left in the same directory.
    : >"$_dir/service.stdout"
    HOST=127.0.0.1 PORT=0 "$@" >"$_dir/service.stdout" 2>"$_dir/service.stderr" &
    svc_pid=$!
    svc_port=
    for _ in $(seq 600); do
        svc_port=$(sed -n 's|^listening on http://127\.0\.0\.1:\([0-9][0-9]*\)$|\1|p' "$_dir/service.stdout")
        [ -n "$svc_port" ] && return 0
        kill -0 "$svc_pid" 2>/dev/null || break
        sleep 0.1
    done
    echo "the service did not start:" >&2
    cat "$_dir/service.stderr" >&2
    return 1
}
