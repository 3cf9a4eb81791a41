#!/bin/sh
# packaging/deb/deb-check.sh -- install the .deb on a clean Debian 12 and run it.
#
# Usage: packaging/deb/deb-check.sh DEB WORKDIR
# Bootstraps a minimal Debian 12 (debootstrap --variant=minbase bookworm
# from DEB_MIRROR, default http://deb.debian.org/debian) once into a
# tarball under WORKDIR, then for each run unpacks a fresh root from it,
# installs the package's dependencies (and systemd, for systemd-analyze)
# with apt-get and the package itself
# with `dpkg -i`, and checks: the system user, the files and the ldconfig
# cache, the enabled unit, `dpkg --verify`; then starts the service the way
# its systemd unit says (ExecStart, User, Group, EnvironmentFile: read from
# the installed unit; no systemd runs in a chroot) on a free port, asks it
# over HTTP from outside, checks it runs as the unprivileged user, stops it
# with SIGTERM (exit 0); the unit passes `systemd-analyze verify` and its
# sandbox `systemd-analyze security` (exposure at most 2.0, "OK"); last,
# remove and purge. Needs root (chroot). Every step is bounded in time.
# Prints "N passed, M failed" last.
set -u

DEB=$(readlink -f "${1:?usage: deb-check.sh DEB WORKDIR}")
WORK=$(mkdir -p "${2:?usage: deb-check.sh DEB WORKDIR}" && cd "$2" && pwd)
MIRROR=${DEB_MIRROR:-http://deb.debian.org/debian}
BASE=$WORK/bookworm-minbase.tar
ROOT=$WORK/root
PID=
passed=0
failed=0
ok()   { passed=$((passed + 1)); echo "ok   $1"; }
fail() { failed=$((failed + 1)); echo "FAIL $1"; [ $# -gt 1 ] && echo "     $2"; }
in_root() { timeout 300 chroot "$ROOT" /usr/bin/env -i PATH=/usr/sbin:/usr/bin:/sbin:/bin \
                DEBIAN_FRONTEND=noninteractive LC_ALL=C.UTF-8 "$@"; }
check() { n=$1; shift; if "$@" >"$WORK/out" 2>&1; then ok "$n"; else fail "$n" "$(tail -c 600 "$WORK/out")"; fi; }

unmount() { for m in dev proc; do umount -l "$ROOT/$m" 2>/dev/null; done; }
cleanup() {
    [ -n "$PID" ] && kill -KILL "$PID" 2>/dev/null
    unmount
}
trap cleanup EXIT

[ "$(id -u)" = 0 ] || { echo "deb-check needs root (chroot, debootstrap)" >&2; exit 2; }

# ---- a fresh Debian 12 ------------------------------------------------------------
if [ ! -s "$BASE" ]; then
    echo "bootstrapping Debian 12 (minbase) from $MIRROR, once: a few minutes"
    rm -rf "$WORK/bootstrap"
    if ! timeout 900 debootstrap --variant=minbase bookworm "$WORK/bootstrap" "$MIRROR" \
            >"$WORK/debootstrap.log" 2>&1; then
        tail -20 "$WORK/debootstrap.log"
        echo "debootstrap failed (log: $WORK/debootstrap.log)" >&2
        exit 1
    fi
    tar -C "$WORK/bootstrap" -cf "$BASE.tmp" . && mv "$BASE.tmp" "$BASE"
    rm -rf "$WORK/bootstrap"
fi
# Never delete through a mount left by an interrupted run.
unmount
rm -rf --one-file-system "$ROOT"
mkdir -p "$ROOT"
tar -C "$ROOT" -xf "$BASE"
mount -t proc proc "$ROOT/proc"
mount --bind /dev "$ROOT/dev"
cp /etc/resolv.conf "$ROOT/etc/resolv.conf" 2>/dev/null
cp "$DEB" "$ROOT/tmp/"
debname=$(basename "$DEB")

# ---- dependencies, then dpkg -i ----------------------------------------------------
deps=$(dpkg-deb -f "$DEB" Depends | sed 's/([^)]*)//g; s/,/ /g')
check "apt-get installs the dependencies ($(echo $deps)) and systemd" \
    in_root sh -c "apt-get update -qq && apt-get install -y -qq --no-install-recommends $deps systemd"
check "dpkg -i installs the package" in_root dpkg -i "/tmp/$debname"
check "the package is installed" sh -c "chroot '$ROOT' dpkg-query -W -f='\${Status}' carcassonne-rules | grep -q 'install ok installed'"
check "dpkg --verify finds every file as shipped" in_root dpkg --verify carcassonne-rules
check "the system user exists, with no login and no home" \
    sh -c "chroot '$ROOT' getent passwd carcassonne-rules | grep -qE ':/nonexistent:/usr/sbin/nologin$'"
check "its uid is a system uid (below 1000)" \
    sh -c "[ \$(chroot '$ROOT' id -u carcassonne-rules) -lt 1000 ]"
check "ldconfig knows libcarcassonne-rules.so.0" sh -c "chroot '$ROOT' ldconfig -p | grep -q 'libcarcassonne-rules.so.0 '"
check "the unit is enabled (multi-user.target wants it)" \
    test -L "$ROOT/etc/systemd/system/multi-user.target.wants/carcassonne-rules.service"
check "/etc/default/carcassonne-rules is a conffile" \
    sh -c "chroot '$ROOT' dpkg-query -W -f='\${Conffiles}' carcassonne-rules | grep -q /etc/default/carcassonne-rules"
check "the installed command answers ask" \
    sh -c "chroot '$ROOT' carcassonne-rules ask GET /v1/tiles/base.D | grep -q '\"id\":\"base.D\"'"
check "the man page is installed" test -f "$ROOT/usr/share/man/man1/carcassonne-rules.1.gz"

# ---- the unit: verify, sandbox score ------------------------------------------------
UNIT=$ROOT/lib/systemd/system/carcassonne-rules.service
if command -v systemd-analyze >/dev/null 2>&1; then
    check "systemd-analyze verify accepts the unit" \
        systemd-analyze verify --root="$ROOT" --man=no /lib/systemd/system/carcassonne-rules.service
    systemd-analyze security --offline=yes --root="$ROOT" carcassonne-rules.service >"$WORK/security" 2>&1
    score=$(sed -n 's/.*Overall exposure level for carcassonne-rules.service: \([0-9.]*\).*/\1/p' "$WORK/security")
    if [ -n "$score" ] && awk "BEGIN { exit !($score <= 2.0) }"; then
        ok "the sandbox's exposure is $score (at most 2.0)"
    else
        fail "the sandbox's exposure is at most 2.0" "$(tail -3 "$WORK/security")"
    fi
fi

# ---- start it as the unit says ---------------------------------------------------------
exec_start=$(sed -n 's/^ExecStart=//p' "$UNIT")
user=$(sed -n 's/^User=//p' "$UNIT")
group=$(sed -n 's/^Group=//p' "$UNIT")
envfile=$(sed -n 's/^EnvironmentFile=-\{0,1\}//p' "$UNIT")
# The unit's environment, but port 0: this machine is shared, no fixed port.
chroot "$ROOT" /usr/bin/env -i PATH=/usr/bin:/bin setpriv --reuid="$user" --regid="$group" \
    --init-groups --no-new-privs --inh-caps=-all sh -c "set -a; . $envfile; set +a; PORT=0; exec $exec_start" \
    >"$WORK/service.out" 2>"$WORK/service.err" &
PID=$!
port=
for _ in $(seq 1 100); do
    port=$(sed -n 's|^listening on http://127\.0\.0\.1:\([0-9][0-9]*\)$|\1|p' "$WORK/service.out")
    [ -n "$port" ] && break
    kill -0 "$PID" 2>/dev/null || break
    sleep 0.1
done
if [ -n "$port" ]; then ok "the service starts as its unit says and listens (port $port)"; else
    fail "the service starts as its unit says" "$(cat "$WORK/service.out" "$WORK/service.err")"; fi
if [ -n "$port" ]; then
    check "GET /healthz answers ok" sh -c "curl -sf --max-time 5 http://127.0.0.1:$port/healthz | grep -q ok"
    check "POST /v1/placements answers" sh -c "curl -sf --max-time 5 -H 'Content-Type: application/json' http://127.0.0.1:$port/v1/placements -d '{\"position\": {\"players\": [\"red\", \"blue\"], \"tiles\": [{\"tile\": \"base.D\", \"x\": 0, \"y\": 0, \"rot\": 0}], \"figures\": []}, \"tile\": \"base.E\"}' | grep -q '\"rot\":180'"
    # chroot, env, setpriv and sh each exec the next: $PID is the server.
    # Its real and effective uids are the user's (the host may not know the name).
    uid=$(chroot "$ROOT" id -u "$user")
    check "it runs as $user (uid $uid), not root" \
        sh -c "awk '/^Uid:/ { exit !(\$2 == $uid && \$3 == $uid && $uid != 0) }' /proc/$PID/status"
    check "it is the unit's command" sh -c "tr '\\0' ' ' < /proc/$PID/cmdline | grep -q '^/usr/bin/carcassonne-rules serve'"
    kill -TERM "$PID" 2>/dev/null
    status=124
    for _ in $(seq 1 50); do
        if ! kill -0 "$PID" 2>/dev/null; then wait "$PID"; status=$?; break; fi
        sleep 0.1
    done
    PID=
    check "SIGTERM stops it with status 0" test "$status" = 0
fi

# ---- remove, purge ------------------------------------------------------------------------
check "dpkg -r removes it" in_root dpkg -r carcassonne-rules
check "the binary and the library are gone" sh -c "! test -e '$ROOT/usr/bin/carcassonne-rules' && ! ls '$ROOT'/usr/lib/*/libcarcassonne-rules* >/dev/null 2>&1"
check "the conffile stays until purge" test -f "$ROOT/etc/default/carcassonne-rules"
check "dpkg -P purges it" in_root dpkg -P carcassonne-rules
check "the conffile is gone after purge" test ! -e "$ROOT/etc/default/carcassonne-rules"

echo "$passed passed, $failed failed"
[ "$failed" -eq 0 ]
