#!/usr/bin/env bash
# SPDX-FileCopyrightText: 2026 EverXCloud
# SPDX-License-Identifier: GPL-3.0-or-later
#
# scripts/check-lintian.sh fails a package that lintian faults: a package made here with the
# faults the real ones once had (no copyright file, no changelog, an extended description line
# past 80 columns) must fail the check, with the tags named.
# Usage: lintian-finds-faults.sh <check-lintian.sh>
# Exit codes: 0 the check failed it as it should, 1 not, 77 lintian is not installed (skipped).
set -euo pipefail
check=${1:?usage: lintian-finds-faults.sh <check-lintian.sh>}
command -v lintian >/dev/null || {
    echo "lintian is not installed: skipped"
    exit 77
}
scratch=$(mktemp -d)
trap 'rm -rf "$scratch"' EXIT
root=$scratch/everx-faulty
mkdir -p "$root/DEBIAN" "$root/usr/share/everx-faulty"
echo "data" >"$root/usr/share/everx-faulty/data.txt"
cat >"$root/DEBIAN/control" <<'EOF'
Package: everx-faulty
Version: 0.1.0-1
Architecture: all
Maintainer: EverXCloud <support@everx.cloud>
Section: misc
Priority: optional
Description: A package with faults lintian finds
 This extended description has one line that runs on well past the eighty columns lintian allows.
EOF
dpkg-deb --root-owner-group -b "$root" "$scratch/everx-faulty_0.1.0-1_all.deb" >/dev/null

status=0
out=$("$check" "$scratch/everx-faulty_0.1.0-1_all.deb" 2>&1) || status=$?
echo "$out"
if [ $status -ne 1 ]; then
    echo "check-lintian.sh exited $status on a faulty package, not 1"
    exit 1
fi
for tag in no-copyright-file no-changelog extended-description-line-too-long; do
    grep -q -- "$tag" <<<"$out" || {
        echo "check-lintian.sh did not name $tag"
        exit 1
    }
done
echo "check-lintian.sh failed the faulty package, naming its faults"
