#!/usr/bin/env bash
# Screenshots of the desk on its sandbox, one per language (and a dark one), for the README:
# runs the built everx-desk under Xvfb with a fresh home, waits for the market to fill, and
# captures the screen into docs/screenshots/. Needs a build (scripts/build.sh) and Xvfb.
set -euo pipefail
cd "$(dirname "$0")/.."
out=docs/screenshots
mkdir -p "$out"
shoot() { # language theme file
    local home
    home=$(mktemp -d)
    mkdir -p "$home/.config/EverXCloud"
    printf '[appearance]\nlanguage=%s\ntheme=%s\n' "$1" "$2" >"$home/.config/EverXCloud/everx-desk.conf"
    HOME=$home xvfb-run -a -s '-screen 0 1600x1000x24' bash -c "
        build/app/everx-desk & pid=\$!
        sleep ${EVERX_SHOT_WAIT:-14}
        import -window root -crop 1400x860+0+0 '$out/$3'
        kill \$pid; wait \$pid || true"
    rm -rf "$home"
    echo "$out/$3"
}
shoot en light desk-sandbox-en.png
shoot id light desk-sandbox-id.png
shoot tr light desk-sandbox-tr.png
shoot en dark desk-sandbox-dark.png
