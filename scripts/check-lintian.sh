#!/usr/bin/env bash
# SPDX-FileCopyrightText: 2026 EverXCloud
# SPDX-License-Identifier: GPL-3.0-or-later
#
# Runs lintian, Debian's package checker, on the two Debian packages (everx-desk,
# everx-exchanged); any error (E:) or warning (W:) fails. Informational tags are shown.
#   check-lintian.sh <build dir>
#       builds the packages from the build with cpack into a scratch directory, then checks them
#   check-lintian.sh <file.deb>...
#       checks these packages (.ci/run, on the ones scripts/package.sh built)
# The suite's packages_pass_lintian test runs the first form on its own build. Packages are laid
# out for the prefix /usr only (packaging/cpack-checks.cmake), and that prefix is fixed when the
# build is configured: the configuration file's and the unit's paths are decided then. A build
# for another prefix (the default /usr/local of scripts/build.sh) is therefore skipped rather
# than reconfigured, which would change the build tree under the other tests' feet; a build
# configured for /usr (scripts/package.sh does that) is packaged by cpack --config
# <build>/CPackConfig.cmake -B <scratch>, which installs the already built files into the
# scratch directory, strips the copies there and leaves the build tree as it was (but for
# cmake's install_manifest_<component>.txt).
# Exit codes: 0 no errors or warnings, 1 some, 77 lintian is not installed or the build is not
# configured for /usr (skipped).
set -euo pipefail

command -v lintian >/dev/null || {
    echo "lintian is not installed: skipped"
    exit 77
}
[ $# -gt 0 ] || {
    echo "usage: check-lintian.sh <build dir> | <file.deb>..."
    exit 2
}

debs=("$@")
if [ $# -eq 1 ] && [ -d "$1" ]; then
    build=$(cd "$1" && pwd)
    prefix=$(sed -n 's/^CMAKE_INSTALL_PREFIX:PATH=//p' "$build/CMakeCache.txt")
    if [ "$prefix" != /usr ]; then
        echo "$build installs to $prefix; the packages need -DCMAKE_INSTALL_PREFIX=/usr" \
            "(scripts/package.sh configures it so): skipped"
        exit 77
    fi
    scratch=$(mktemp -d)
    trap 'rm -rf "$scratch"' EXIT
    cpack --config "$build/CPackConfig.cmake" -B "$scratch" >"$scratch/cpack.log" 2>&1 || {
        cat "$scratch/cpack.log"
        exit 1
    }
    debs=("$scratch"/everx-desk_*.deb "$scratch"/everx-exchanged_*.deb)
fi
for deb in "${debs[@]}"; do
    [ -f "$deb" ] || {
        echo "no package $deb"
        exit 1
    }
done

# lintian's exit status decides (--fail-on; it also fails when lintian itself does); E: and W:
# lines are counted as well, so that the summary says what failed.
status=0
out=$(lintian --fail-on error,warning --display-info --tag-display-limit 0 "${debs[@]}" 2>&1) \
    || status=$?
[ -n "$out" ] && echo "$out"
errors=$(grep -c '^E: ' <<<"$out" || true)
warnings=$(grep -c '^W: ' <<<"$out" || true)
names=$(for deb in "${debs[@]}"; do basename "$deb"; done | tr '\n' ' ')
echo "lintian: $errors errors, $warnings warnings in ${names% }"
if [ $status -ne 0 ] && [ "$errors" -eq 0 ] && [ "$warnings" -eq 0 ]; then
    echo "lintian failed (exit status $status)"
fi
[ $status -eq 0 ] && [ "$errors" -eq 0 ] && [ "$warnings" -eq 0 ] || exit 1
