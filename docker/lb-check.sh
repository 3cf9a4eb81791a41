#!/bin/sh
# docker/lb-check.sh BIN -- the compose topology without a container engine:
# three replicas of BIN behind nginx running docker/nginx.conf, on loopback.
#
# docker/compose.yaml cannot start where no engine runs, so this runs the
# same shape with local processes: the upstream `app:8080` of nginx.conf is
# replaced by the three replicas' loopback ports (each picked by the system). Checks that (1) requests through nginx
# are answered, (2) every replica served some (its own GET /metrics says
# so: round robin, no stickiness needed), (3) with one replica stopped by
# SIGTERM, every request still succeeds (nginx tries the next one).
set -eu
. tools/svc-lib.sh
bin=${1:?usage: docker/lb-check.sh path/to/carcassonne-rules}
out=${LB_OUT:-build/lb-check}
lb_port=${LB_PORT:-18180}
mkdir -p "$out/nginx"
pids=
cleanup() { for p in $pids; do kill "$p" 2>/dev/null || true; done; }
trap cleanup EXIT INT TERM

ports=
for i in 1 2 3; do
    mkdir -p "$out/replica-$i"
    start_service "$out/replica-$i" "$bin" --threads 1 --no-access-log
    pids="$pids $svc_pid"
    ports="$ports $svc_port"
done
servers=$(for p in $ports; do printf 'server 127.0.0.1:%s; ' "$p"; done)
sed -e "s|server app:8080;|$servers|" -e "s|listen 8080;|listen 127.0.0.1:$lb_port;|" \
    -e 's|^pid /tmp/nginx.pid;|pid nginx.pid;|' \
    -e "s|/tmp/client_body|$PWD/$out/nginx/client_body|; s|/tmp/proxy|$PWD/$out/nginx/proxy|" \
    docker/nginx.conf > "$out/nginx.conf"
nginx -p "$PWD/$out/nginx" -c "$PWD/$out/nginx.conf" -g 'daemon off; error_log stderr warn;' \
    2>"$out/nginx.log" &
ngx=$!
pids="$pids $ngx"
for _ in $(seq 100); do
    curl -fs -o /dev/null "http://127.0.0.1:$lb_port/healthz" && break
    sleep 0.05
done
kill -0 "$ngx" 2>/dev/null || { echo "lb-check: nginx did not start:" >&2; cat "$out/nginx.log" >&2; exit 1; }

fail() { echo "lb-check: $*" >&2; exit 1; }
post() { curl -s -o /dev/null -w '%{http_code}' -H 'Content-Type: application/json' \
    --data-binary @bench/bodies/validate.json "http://127.0.0.1:$lb_port/v1/validate"; }

for i in $(seq 30); do
    [ "$(post)" = 200 ] || fail "request $i through nginx failed"
done
for p in $ports; do
    n=$(curl -fs "http://127.0.0.1:$p/metrics" |
        awk -F'} ' '/^carcassonne_http_requests_total\{route="\/v1\/validate",code="200"\}/ { print $2 }')
    [ "${n:-0}" -gt 0 ] || fail "replica :$p served nothing"
    echo "replica :$p answered ${n} of 30"
done

first=$(echo "$pids" | awk '{ print $1 }')
kill -TERM "$first"
wait "$first" || fail "replica stopped by SIGTERM exited non-zero"
for i in $(seq 30); do
    [ "$(post)" = 200 ] || fail "request $i failed with one replica down"
done
echo "lb-check: 30 requests round robin over 3 replicas, 30 more with one stopped: all 200"
