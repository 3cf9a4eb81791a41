#!/bin/sh
# docker/check-image.sh IMAGE -- run a built image's binary without a
# container runtime, and check it answers.
#
# Where podman cannot start containers (rootless sandboxes, CI), its storage
# can still be mounted: chroot into the image's root filesystem, start the
# service as the image's user on a free loopback port, and GET /healthz.
# Also checks what the Dockerfile promises: a non-root user, the
# HEALTHCHECK, STOPSIGNAL SIGTERM, and that the binary finds all its
# libraries in the slim image.
set -eu
image=${1:-carcassonne-rules:latest}

fail() { echo "check-image: $*" >&2; exit 1; }

user=$(podman image inspect --format '{{.Config.User}}' "$image")
[ -n "$user" ] && [ "$user" != root ] && [ "$user" != 0 ] || fail "image runs as root"
podman image inspect --format '{{.Config.StopSignal}}' "$image" | grep -q SIGTERM \
    || fail "no STOPSIGNAL SIGTERM"
podman image inspect --format '{{json .Config.Healthcheck}}' "$image" | grep -q healthz \
    || fail "no HEALTHCHECK"

ctr=$(podman create "$image")
root=$(podman mount "$ctr")
cleanup() {
    [ -n "${pid:-}" ] && kill "$pid" 2>/dev/null || true
    podman umount "$ctr" >/dev/null 2>&1 || true
    podman rm "$ctr" >/dev/null 2>&1 || true
}
trap cleanup EXIT

chroot "$root" ldd /usr/local/bin/carcassonne-rules | grep -q 'not found' \
    && fail "missing shared libraries in the image"
echo "image size: $(podman image inspect --format '{{.Size}}' "$image") bytes, user $user"

uid=$(chroot "$root" id -u "$user")
# Port 0: the service picks a free port and says which ("listening on ...").
out=$(mktemp)
chroot --userspec="$uid:$uid" "$root" /usr/bin/env HOST=127.0.0.1 PORT=0 \
    /usr/local/bin/carcassonne-rules >"$out" 2>/dev/null &
pid=$!
port=
for _ in $(seq 100); do
    port=$(sed -n 's|^listening on http://127\.0\.0\.1:\([0-9]*\)$|\1|p' "$out")
    [ -n "$port" ] && break
    kill -0 "$pid" 2>/dev/null || fail "the image's binary exited: $(cat "$out")"
    sleep 0.1
done
rm -f "$out"
[ -n "$port" ] || fail "the image's binary did not start listening"
curl -fsS -o /dev/null -w 'GET /healthz from the image: %{http_code}\n' "http://127.0.0.1:$port/healthz"
# The image's own HEALTHCHECK command, run inside the chroot.
hc=$(podman image inspect --format '{{index .Config.Healthcheck.Test 3}}' "$image")
PORT=$port chroot --userspec="$uid:$uid" "$root" /usr/bin/env PORT="$port" bash -c "$hc" \
    && echo "HEALTHCHECK command: healthy" || fail "HEALTHCHECK command failed"
kill -TERM "$pid"
wait "$pid" && echo "SIGTERM: exit 0" || fail "exit status $? after SIGTERM"
pid=
