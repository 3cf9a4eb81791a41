#!/bin/sh
# packaging/deb/build-deb.sh -- the .deb from a staged install (make deb).
#
# Usage: packaging/deb/build-deb.sh ROOT OUTDIR VERSION
# ROOT is a DESTDIR that `make install PREFIX=/usr LIBDIR=/usr/lib/<multiarch>`
# filled (built with Debian's hardening flags). Copies it to OUTDIR/pkg and
# does what debhelper would: strips the binaries (dh_strip), compresses the
# man page and the changelog (dh_compress), adds the copyright, the systemd
# unit, the /etc/default file, and DEBIAN/ (control with Depends from
# dpkg-shlibdeps and Installed-Size, conffiles, maintainer scripts, shlibs,
# the ldconfig trigger, md5sums); then dpkg-deb --root-owner-group. Prints
# the path of the .deb.
set -eu
[ $# -eq 3 ] || { echo "usage: $0 ROOT OUTDIR VERSION" >&2; exit 2; }
ROOT=$(cd "$1" && pwd)
OUT=$(mkdir -p "$2" && cd "$2" && pwd)
VERSION=$3
HERE=$(cd "$(dirname "$0")" && pwd)
ARCH=$(dpkg --print-architecture)
MA=$(dpkg-architecture -qDEB_HOST_MULTIARCH)
UPSTREAM=${VERSION%-*}
SOVERSION=${UPSTREAM%%.*}
PKG=$OUT/pkg
LIB=$PKG/usr/lib/$MA
DOC=$PKG/usr/share/doc/carcassonne-rules

rm -rf "$PKG"
cp -a "$ROOT" "$PKG"
test -f "$LIB/libcarcassonne-rules.so.$UPSTREAM" || { echo "no $LIB/libcarcassonne-rules.so.$UPSTREAM" >&2; exit 1; }

# dh_strip: debugging symbols out of the shipped objects.
strip --remove-section=.comment --remove-section=.note "$PKG/usr/bin/carcassonne-rules"
strip --remove-section=.comment --remove-section=.note --strip-unneeded "$LIB/libcarcassonne-rules.so.$UPSTREAM"
strip --strip-debug --remove-section=.comment --remove-section=.note --enable-deterministic-archives \
    "$LIB/libcarcassonne-rules.a"

# dh_compress, dh_installdocs, dh_installchangelogs.
gzip -9nf "$PKG/usr/share/man/man1/carcassonne-rules.1"
install -d "$DOC"
install -m 644 "$HERE/copyright" "$DOC/copyright"
gzip -9nc "$HERE/changelog" > "$DOC/changelog.Debian.gz"
chmod 644 "$DOC/changelog.Debian.gz"

# dh_installsystemd, dh_installdefaults.
install -D -m 644 "$HERE/carcassonne-rules.service" "$PKG/lib/systemd/system/carcassonne-rules.service"
install -D -m 644 "$HERE/carcassonne-rules.default" "$PKG/etc/default/carcassonne-rules"

# dh_lintian: the tags this one package draws on purpose, each with why.
install -D -m 644 "$HERE/lintian-overrides" "$PKG/usr/share/lintian/overrides/carcassonne-rules"

# DEBIAN/: what dpkg reads.
install -d -m 755 "$PKG/DEBIAN"
for s in postinst prerm postrm; do install -m 755 "$HERE/$s" "$PKG/DEBIAN/$s"; done
install -m 644 "$HERE/triggers" "$PKG/DEBIAN/triggers"
echo "/etc/default/carcassonne-rules" > "$PKG/DEBIAN/conffiles"
echo "libcarcassonne-rules $SOVERSION carcassonne-rules (>= $UPSTREAM)" > "$PKG/DEBIAN/shlibs"

# dpkg-shlibdeps wants a debian/control naming the package.
T=$(mktemp -d)
trap 'rm -rf "$T"' EXIT
mkdir "$T/debian"
printf 'Source: carcassonne-rules\n\nPackage: carcassonne-rules\nArchitecture: any\n' > "$T/debian/control"
depends=$(cd "$T" && dpkg-shlibdeps -O -e"$PKG/usr/bin/carcassonne-rules" \
              -e"$LIB/libcarcassonne-rules.so.$UPSTREAM" 2>/dev/null | sed -n 's/^shlibs:Depends=//p')
[ -n "$depends" ] || { echo "dpkg-shlibdeps found no dependencies" >&2; exit 1; }
size=$(du -sk --exclude=DEBIAN "$PKG" | cut -f1)
sed -e "s|@VERSION@|$VERSION|; s|@ARCH@|$ARCH|; s|@SIZE@|$size|; s|@DEPENDS@|$depends|" \
    "$HERE/control.in" > "$PKG/DEBIAN/control"
(cd "$PKG" && find . -type f ! -path './DEBIAN/*' -printf '%P\n' | LC_ALL=C sort | xargs md5sum) \
    > "$PKG/DEBIAN/md5sums"
chmod 644 "$PKG/DEBIAN/control" "$PKG/DEBIAN/conffiles" "$PKG/DEBIAN/shlibs" "$PKG/DEBIAN/md5sums"

deb=$OUT/carcassonne-rules_${VERSION}_$ARCH.deb
dpkg-deb --root-owner-group -Zxz --build "$PKG" "$deb" >/dev/null
echo "$deb"
