#!/usr/bin/env bash
# Fails when a user-visible string of the desk is missing from the translations or untranslated:
# runs lupdate, as the build's update_translations target does, into copies of the .ts files
# and reports every message that comes out unfinished. Usage: check-translations.sh [lupdate]
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
lupdate=${1:-/usr/lib/qt6/bin/lupdate}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
cp "$root"/translations/everx_{en,id,tr}.ts "$tmp"/
sources=("$root"/models/*/*.cpp "$root"/models/*/*.h "$root"/ui/*/*.cpp "$root"/ui/*/*.h "$root"/app/everx-desk.cpp)
"$lupdate" -silent -no-obsolete -locations none -I "$root/models" -I "$root/ui" "${sources[@]}" -ts "$tmp"/everx_id.ts "$tmp"/everx_tr.ts
"$lupdate" -silent -no-obsolete -locations none -I "$root/models" -I "$root/ui" -pluralonly "${sources[@]}" -ts "$tmp"/everx_en.ts
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
