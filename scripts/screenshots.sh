#!/usr/bin/env bash
# SPDX-FileCopyrightText: 2026 EverXCloud
# SPDX-License-Identifier: GPL-3.0-or-later
#
# Screenshots of the desk on its sandbox, for the README and docs/user-guide.md: at 1280x800 and
# 1600x1000, in English, Indonesian and Turkish, light and dark, into
# docs/screenshots/desk-<size>-<language>-<theme>.png; the provider's and the support agent's
# desks (everx-desk --sandbox-as) at 1600x1000 and 1280x800, light, in each language, into
# docs/screenshots/<role>-<language>.png and <role>-1280x800-<language>.png; and the workload
# wizard at 1280x800, opened from the Tools menu by its keys (xdotool), into
# docs/screenshots/wizard-1280x800-<language>.png.
#
# Each shot is a first start: the built everx-desk under Xvfb on a screen of that size, with a
# fresh home (so the window fits the screen as a new user's would) and a copy of one sandbox
# database, prepared once by a first run that backfills the market's history. The screen is
# captured after EVERX_SHOT_WAIT seconds and reduced to a 256-colour PNG.
#
# Needs a build (scripts/build.sh), Xvfb (xvfb-run), ImageMagick (import, convert) and xdotool.
# EVERX_SHOT_WAIT (default 14) and EVERX_SHOT_PREPARE (default 90) are in seconds;
# EVERX_SHOTS limits the run to some shots by name, e.g. EVERX_SHOTS="1280x800-en-light".
set -euo pipefail
cd "$(dirname "$0")/.."
out=docs/screenshots
desk=${EVERX_DESK:-build/app/everx-desk}
wait=${EVERX_SHOT_WAIT:-14}
[ -x "$desk" ] || { echo "screenshots.sh: no $desk; build first" >&2; exit 1; }
mkdir -p "$out"
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

# run WIDTH HEIGHT LANGUAGE THEME SECONDS [PNG [ROLE [KEYS]]]: the desk on the sandbox database
# $work/sandbox.db (a copy of it when a PNG is taken, so every shot starts from the same market),
# signed in as the demo account of ROLE (customer by default); KEYS (xdotool key names) are typed
# after SECONDS, and the shot taken 3 s later.
run() {
    local home=$work/home db=$work/sandbox.db
    rm -rf "$home"
    mkdir -p "$home/.config/EverXCloud"
    printf '[appearance]\nlanguage=%s\ntheme=%s\n' "$3" "$4" >"$home/.config/EverXCloud/everx-desk.conf"
    if [ -n "${6:-}" ]; then
        # The database with the key its ledger is signed with, which lives beside it.
        cp "$work"/sandbox.db* "$work/ledger.key" "$home/"
        db=$home/sandbox.db
    fi
    HOME=$home xvfb-run -a -s "-screen 0 ${1}x${2}x24" bash -c '
        "$1" --sandbox --sandbox-database "$2" --sandbox-as "$5" >/dev/null 2>&1 & pid=$!
        sleep "$3"
        if [ -n "$6" ]; then
            # No window manager gives the desk the keyboard: it is given it.
            for win in $(xdotool search --onlyvisible --class everx-desk); do
                xdotool windowfocus "$win" || true
            done
            for key in $6; do xdotool key "$key"; sleep 0.5; done
            sleep 3
        fi
        if [ -n "$4" ]; then import -window root "$4"; fi
        kill $pid; wait $pid || true' _ "$desk" "$db" "$5" "${6:-}" "${7:-customer}" "${8:-}"
}

# The sandbox's history, once.
run 1280 800 en light "${EVERX_SHOT_PREPARE:-90}"

for size in 1280x800 1600x1000; do
    for language in en id tr; do
        for theme in light dark; do
            name=$size-$language-$theme
            if [ -n "${EVERX_SHOTS:-}" ] && [[ " $EVERX_SHOTS " != *" $name "* ]]; then
                continue
            fi
            png=$out/desk-$name.png
            run "${size%x*}" "${size#*x}" "$language" "$theme" "$wait" "$work/shot.png"
            convert "$work/shot.png" -colors 256 "PNG8:$png"
            echo "$png"
        done
    done
done

for role in provider support; do
    for size in 1600x1000 1280x800; do
        for language in en id tr; do
            name=$role-$language
            [ "$size" = 1600x1000 ] || name=$role-$size-$language
            if [ -n "${EVERX_SHOTS:-}" ] && [[ " $EVERX_SHOTS " != *" $name "* ]]; then
                continue
            fi
            png=$out/$name.png
            run "${size%x*}" "${size#*x}" "$language" light "$wait" "$work/shot.png" "$role"
            convert "$work/shot.png" -colors 256 "PNG8:$png"
            echo "$png"
        done
    done
done

# The wizard: Tools, then Workload wizard, by the mnemonics of each language.
declare -A wizardKeys=([en]="alt+t w" [id]="alt+a p" [tr]="alt+a s")
for language in en id tr; do
    name=wizard-1280x800-$language
    if [ -n "${EVERX_SHOTS:-}" ] && [[ " $EVERX_SHOTS " != *" $name "* ]]; then
        continue
    fi
    png=$out/$name.png
    run 1280 800 "$language" light "$wait" "$work/shot.png" customer "${wizardKeys[$language]}"
    convert "$work/shot.png" -colors 256 "PNG8:$png"
    echo "$png"
done
