#!/usr/bin/env bash
# SPDX-FileCopyrightText: 2026 EverXCloud
# SPDX-License-Identifier: GPL-3.0-or-later
#
# Fails when a user-visible string of the desk is missing from the translations or untranslated:
# runs lupdate, as the build's update_translations target does, into copies of the .ts files
# and reports every message that comes out unfinished.
# Usage: check-translations.sh <sources.lst> [lupdate]
# sources.lst is the build's list of include paths and sources (build/translations/
# everx_sources.lst, written by ui/window/CMakeLists.txt), which lupdate reads as @file.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
list=${1:?usage: check-translations.sh <build>/translations/everx_sources.lst [lupdate]}
lupdate=${2:-/usr/lib/qt6/bin/lupdate}
[ -r "$list" ] || { echo "check-translations: cannot read $list (configure the build first)" >&2; exit 2; }
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
cp "$root"/translations/everx_{en,id,tr}.ts "$tmp"/
"$lupdate" -silent -no-obsolete -locations none "@$list" -ts "$tmp"/everx_id.ts "$tmp"/everx_tr.ts
"$lupdate" -silent -no-obsolete -locations none -pluralonly "@$list" -ts "$tmp"/everx_en.ts
status=0
for ts in "$tmp"/*.ts; do
    missing=$(grep -B4 'type="unfinished"' "$ts" | sed -n 's|.*<source>\(.*\)</source>.*|\1|p' || true)
    if [ -n "$missing" ]; then
        echo "$(basename "$ts"): untranslated (run the update_translations target, then translate):"
        echo "$missing" | sed 's/^/    /'
        status=1
    fi
done
[ $status -eq 0 ] && echo "translations complete"
exit $status
