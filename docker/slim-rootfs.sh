#!/bin/sh
# docker/slim-rootfs.sh ROOTFS -- trim a debootstrapped bookworm minbase
# root the way Debian's published bookworm-slim image is trimmed, so the
# image `make docker` builds here has the size it has on the registry's base.
#
# What the slim variant leaves out (and keeps out of later apt installs, with
# a dpkg configuration file): documentation, manual pages, info pages,
# translations other than English; plus apt's package lists, its caches and
# downloaded archives, which the slim image's apt configuration deletes after
# every update and install.
set -eu
root=${1:?usage: docker/slim-rootfs.sh ROOTFS}
mkdir -p "$root/etc/dpkg/dpkg.cfg.d"
cat > "$root/etc/dpkg/dpkg.cfg.d/docker" <<'CFG'
path-exclude /usr/share/doc/*
path-include /usr/share/doc/*/copyright
path-exclude /usr/share/man/*
path-exclude /usr/share/groff/*
path-exclude /usr/share/info/*
path-exclude /usr/share/lintian/*
path-exclude /usr/share/linda/*
path-exclude /usr/share/locale/*
path-include /usr/share/locale/en*
CFG
cat > "$root/etc/apt/apt.conf.d/docker-clean" <<'CFG'
DPkg::Post-Invoke { "rm -f /var/cache/apt/archives/*.deb /var/cache/apt/archives/partial/*.deb /var/cache/apt/*.bin || true"; };
APT::Update::Post-Invoke { "rm -f /var/cache/apt/archives/*.deb /var/cache/apt/archives/partial/*.deb /var/cache/apt/*.bin || true"; };
Dir::Cache::pkgcache "";
Dir::Cache::srcpkgcache "";
CFG
find "$root/usr/share/doc" -mindepth 1 -not -name copyright -not -type d -delete 2>/dev/null || true
rm -rf "$root/usr/share/man/"* "$root/usr/share/info/"* "$root/usr/share/groff/"* \
       "$root/usr/share/lintian/"* "$root/var/cache/apt/archives/"*.deb \
       "$root/var/cache/apt/"*.bin "$root/var/lib/apt/lists/"*
find "$root/usr/share/locale" -mindepth 1 -maxdepth 1 -not -name 'en*' -exec rm -rf {} + 2>/dev/null || true
