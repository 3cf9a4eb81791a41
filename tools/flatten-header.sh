#!/bin/sh
# tools/flatten-header.sh -- the installable public header: one file.
#
# Usage: tools/flatten-header.sh include/carcassonne_rules.h > out.h
# Copies the header, replacing each `#include "relative/path.h"` line by
# that file's text, recursively, each file once (the engine headers include
# one another), so the result needs no header but the C library's. Lines
# `#include <...>` stay as they are. A comment marks where each inlined file
# starts, so a reader can find its source. SQLite builds sqlite3.h the same
# way from its parts.
set -eu
[ $# -eq 1 ] || { echo "usage: $0 HEADER" >&2; exit 2; }
awk '
function dir_of(p) { return p ~ /\// ? substr(p, 1, match(p, /\/[^\/]*$/) - 1) : "." }
function normal(p,   q) {
    q = p
    while (sub(/(^|\/)\.\//, "/", q)) { }
    sub(/^\//, "", q)
    while (match(q, /[^\/.][^\/]*\/\.\.\//)) q = substr(q, 1, RSTART - 1) substr(q, RSTART + RLENGTH)
    return q
}
function emit(file, top,   line, name, path) {
    if (file in seen) return
    seen[file] = 1
    if (!top) printf "\n/* ---- inlined from %s ---- */\n", file
    while ((getline line < file) > 0) {
        if (line ~ /^#include "[^"]+"/) {
            name = line
            sub(/^#include "/, "", name)
            sub(/".*$/, "", name)
            path = normal(dir_of(file) "/" name)
            if ((getline probe < path) < 0) { print "flatten-header: cannot read " path > "/dev/stderr"; exit 1 }
            close(path)
            emit(path, 0)
        } else {
            print line
        }
    }
    close(file)
}
BEGIN { emit(normal(ARGV[1]), 1); exit }
' "$1"
