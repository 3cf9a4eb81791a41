#!/bin/sh
# Install the Debian packages the build, the service and the tests need,
# only those missing, so `make run` and `make test` work on a fresh Debian 12.
#
# Usage: tools/install-deps.sh [--build] [extra packages...]
#   (default)  what `make run` and `make test` need: the build, Criterion,
#              curl, Node.js with npm (contract tests, the docs page)
#   --build    only what building the release binary needs (the container
#              image's build stage: no test framework, no Node.js)
set -eu
# libcairo2-dev, libpng-dev, libfontconfig-dev: the pictures of /v1/render
# (service/render/); fonts-dejavu-core: the font fontconfig finds for the
# PNGs' sans-serif text (the tests draw with it).
build="gcc make pkg-config xxd sqlite3 libsqlite3-dev libjson-c-dev"
build="$build libcairo2-dev libpng-dev libfontconfig-dev"
# gettext (msgfmt) and python3: po/*.po are compiled into the binary
# (tools/po2c.py) and checked (make po-check).
build="$build gettext python3"
if [ "${1:-}" = "--build" ]; then
    shift
    need="$build $*"
else
    # man-db: the tests render the manual page (tests/cli, tests/packaging).
    need="$build fonts-dejavu-core libcriterion-dev curl man-db $*"
    # The contract tests and the docs page need Node.js with npm. Debian 12's
    # own (18.19) is enough: every npm package make test runs is pinned to a
    # release that supports Node 18 (package-lock.json). Install Debian's only
    # where there is no Node.js at all.
    command -v node >/dev/null 2>&1 || need="$need nodejs npm"
fi
missing=""
for p in $need; do
    dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing="$missing $p"
done
[ -z "$missing" ] && exit 0
echo "installing:$missing" >&2
SUDO=""
[ "$(id -u)" = 0 ] || SUDO=sudo
$SUDO apt-get update -qq
DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq --no-install-recommends $missing
