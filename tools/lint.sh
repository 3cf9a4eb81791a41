#!/bin/sh
# tools/lint.sh -- static analysis of engine/, service/ and cli/ (make lint).
#
# cppcheck and clang-tidy; exits non-zero on any finding. Checks that are
# off, and why (everything else in these families is on):
#   bugprone-easily-swappable-parameters   flags every f(int x, int y): the
#                                          engine's coordinates are such pairs
#   cert-err33-c                           wants every snprintf/fprintf/fputs
#                                          result checked: we use snprintf's
#                                          truncation on purpose (fixed
#                                          buffers), and a failed write to
#                                          stderr has no better fallback
#   clang-analyzer-security.insecureAPI.DeprecatedOrUnsafeBufferHandling
#                                          wants memcpy_s (Annex K), which
#                                          glibc does not have
#   misc-unused-parameters                 handlers share one signature
#                                          and ignore what they do not need
#   bugprone-signed-char-misuse, cert-str34-c
#                                          fire on int8_t: the engine keeps
#                                          small numbers (feature indices,
#                                          -1 = none) in int8_t, not characters
#   bugprone-implicit-widening-of-multiplication-result
#                                          every product is of counts bounded
#                                          by CC_MAX_* or of constants; none
#                                          can overflow int
#   clang-analyzer-security.insecureAPI.strcpy
#                                          flags every strcpy/strcat whatever
#                                          the sizes; each copies a short
#                                          literal into a buffer sized for it
#   clang-analyzer-valist.Uninitialized    false positive of LLVM 14 on every
#                                          va_start ... vsnprintf ... va_end
#   clang-analyzer-optin.performance.Padding
#                                          a few bytes of padding in static
#                                          tables, laid out for reading
# A single finding that is a false positive is suppressed where it occurs
# (// NOLINT(check): why, or // cppcheck-suppress id), never here.
set -u
CHECKS='-*,bugprone-*,cert-*,clang-analyzer-*,performance-*,portability-*,misc-*'
CHECKS="$CHECKS,-bugprone-easily-swappable-parameters,-cert-err33-c"
CHECKS="$CHECKS,-clang-analyzer-security.insecureAPI.DeprecatedOrUnsafeBufferHandling"
CHECKS="$CHECKS,-misc-unused-parameters,-bugprone-signed-char-misuse,-cert-str34-c"
CHECKS="$CHECKS,-bugprone-implicit-widening-of-multiplication-result"
CHECKS="$CHECKS,-clang-analyzer-security.insecureAPI.strcpy,-clang-analyzer-valist.Uninitialized"
CHECKS="$CHECKS,-clang-analyzer-optin.performance.Padding"
# LINT_FILES narrows the run to some files (a branch's changed ones, say:
# LINT_FILES="$(git diff --name-only main -- '*.c')" tools/lint.sh); make lint
# always checks them all.
files=${LINT_FILES:-$(ls engine/*.c service/*.c service/*/*.c cli/*.c)}
status=0

echo "== cppcheck $(cppcheck --version | cut -d' ' -f2)"
cppcheck --enable=warning,performance,portability --std=c11 -D_DEFAULT_SOURCE \
    --inline-suppr --error-exitcode=1 --quiet \
    --suppress=missingIncludeSystem $files || status=1

echo "== clang-tidy ($(clang-tidy --version | sed -n 's/.*version \([0-9.]*\).*/\1/p' | head -1))"
# One process per core; --quiet drops the "N warnings suppressed" chatter.
export CHECKS
out=$(printf '%s\n' $files | xargs -P "$(nproc)" -n 4 sh -c \
    'clang-tidy --quiet --checks="$CHECKS" "$@" -- -std=c11 -D_DEFAULT_SOURCE -Wall -Wextra' _ \
    2>/dev/null)
if printf '%s\n' "$out" | grep -qE '(warning|error):'; then
    printf '%s\n' "$out"
    status=1
fi
[ $status = 0 ] && echo "lint: clean ($(echo $files | wc -w) files)"
exit $status
