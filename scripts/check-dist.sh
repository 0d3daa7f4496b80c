#!/usr/bin/env bash
# SPDX-FileCopyrightText: 2026 EverXCloud
# SPDX-License-Identifier: GPL-3.0-or-later
#
# Checks what the packages ship, with the tools Debian checks them with. The test suite runs it:
#   check-dist.sh desktop <.desktop> <metainfo.xml> <version>
#       desktop-file-validate and appstreamcli validate --no-net; the newest release of the
#       metainfo is the project's version
#   check-dist.sh unit <unit file> <everx-exchanged>
#       systemd-analyze verify, with ExecStart pointed at the built program
#   check-dist.sh man <man page>...
#       man --warnings (groff): any warning fails
#   check-dist.sh man-options <program> <man page source>
#       every long option of the program's --help has its entry in the page
#   check-dist.sh changelog <debian/changelog> <version>
#       dpkg-parsechangelog reads it, and its newest entry is the project's version with a Debian
#       revision (0.1.0-1: the packages are not Debian-native)
#   check-dist.sh install <build dir> <version> <prefix> <sysconfdir>
#       cmake --install into a scratch DESTDIR (the build's prefix and configuration directory,
#       /usr and /etc for the packages): every file where it belongs, and the installed programs
#       run from there
# Exit codes: 0 good, 1 not, 77 the tool is not installed (skipped).
set -euo pipefail

need() {
    command -v "$1" >/dev/null || {
        echo "$1 is not installed: skipped"
        exit 77
    }
}

mode=${1:?usage: check-dist.sh desktop|unit|man|man-options|changelog|install ...}
shift
case $mode in
desktop)
    desktop=$1 metainfo=$2 version=$3
    need desktop-file-validate
    need appstreamcli
    desktop-file-validate "$desktop"
    appstreamcli validate --no-net --explain "$metainfo"
    newest=$(grep -o '<release version="[^"]*"' "$metainfo" | head -n 1 | cut -d'"' -f2)
    if [ "$newest" != "$version" ]; then
        echo "the newest release in $metainfo is $newest, the project's version is $version:" \
            "add a <release> for $version"
        exit 1
    fi
    echo "desktop file and metainfo valid; newest release $newest"
    ;;
unit)
    unit=$1 program=$2
    need systemd-analyze
    scratch=$(mktemp -d)
    trap 'rm -rf "$scratch"' EXIT
    # verify checks that ExecStart's program exists: use the one just built.
    sed -E "s|^ExecStart=[^ ]+|ExecStart=$program|" "$unit" >"$scratch/$(basename "$unit")"
    out=$(systemd-analyze verify --man=no "$scratch/$(basename "$unit")" 2>&1) || {
        echo "$out"
        exit 1
    }
    if [ -n "$out" ]; then
        echo "$out"
        exit 1
    fi
    echo "$(basename "$unit"): systemd-analyze verify found nothing"
    ;;
man)
    need man
    status=0
    for page in "$@"; do
        warnings=$(LC_ALL=C.UTF-8 MANWIDTH=80 man --warnings -l "$page" 2>&1 >/dev/null)
        if [ -n "$warnings" ]; then
            echo "$page:"
            echo "$warnings"
            status=1
        fi
    done
    [ $status -eq 0 ] && echo "man --warnings: nothing to say about $*"
    exit $status
    ;;
man-options)
    program=$1 page=$2
    # Options are listed as "  -v, --version" or "  --server <url>"; in roff they are written
    # with escaped hyphens, \-\-sandbox\-as.
    options=$(QT_QPA_PLATFORM=offscreen "$program" --help \
        | sed -nE 's/^  (-., )?--([a-z-]+).*/\2/p')
    [ -n "$options" ] || {
        echo "$program --help listed no options"
        exit 1
    }
    status=0
    for option in $options; do
        roff="\\-\\-${option//-/\\-}"
        grep -qF -- "$roff" "$page" || {
            echo "$(basename "$page") lacks --$option (written $roff)"
            status=1
        }
    done
    [ $status -eq 0 ] \
        && echo "$(basename "$page") names every option of $(basename "$program") --help:" $options
    exit $status
    ;;
changelog)
    changelog=$1 version=$2
    need dpkg-parsechangelog
    newest=$(dpkg-parsechangelog -l "$changelog" -S Version)
    if [ "${newest%-*}" != "$version" ] || [ "${newest%-*}" = "$newest" ]; then
        echo "the newest entry of $changelog is $newest, the project's version is $version:" \
            "add an entry for $version-1"
        exit 1
    fi
    echo "$(basename "$changelog"): newest entry $newest"
    ;;
install)
    build=$1 version=$2 prefix=$3 sysconfdir=$4
    scratch=$(mktemp -d)
    trap 'rm -rf "$scratch"' EXIT
    DESTDIR=$scratch cmake --install "$build" >"$scratch/install.log"
    root=$scratch$prefix
    status=0
    for f in bin/everx-desk bin/everx-exchanged bin/everx-size \
        share/applications/cloud.everx.Desk.desktop share/metainfo/cloud.everx.Desk.metainfo.xml \
        share/icons/hicolor/scalable/apps/cloud.everx.Desk.svg \
        share/man/man1/everx-desk.1.gz share/doc/everx-desk/copyright \
        share/doc/everx-desk/changelog.Debian.gz \
        lib/systemd/system/everx-exchanged.service share/man/man8/everx-exchanged.8.gz \
        share/man/man1/everx-size.1.gz share/doc/everx-exchanged/protocol.md \
        share/doc/everx-exchanged/copyright share/doc/everx-exchanged/changelog.Debian.gz; do
        [ -f "$root/$f" ] || {
            echo "not installed: $prefix/$f"
            status=1
        }
    done
    [ -f "$scratch$sysconfdir/everx/exchanged.conf" ] || {
        echo "not installed: $sysconfdir/everx/exchanged.conf"
        status=1
    }
    # The programs run from there, their data and translations built in: nothing of the
    # source or build tree is reachable from the scratch copy's point of view.
    for program in everx-size everx-exchanged everx-desk; do
        got=$(QT_QPA_PLATFORM=offscreen "$root/bin/$program" --version)
        [ "$got" = "$program $version" ] || {
            echo "$program --version said '$got', not '$program $version'"
            status=1
        }
    done
    # grep reads all (no -q): under pipefail, grep -q leaving early fails the pipeline when the
    # program writes after it has gone (SIGPIPE), as it did once on a loaded machine.
    "$root/bin/everx-size" --model llama-3.1-8b --method lora --seq 2048 --batch 1 \
        | grep "H100 SXM" >/dev/null || {
        echo "the installed everx-size did not size a preset model"
        status=1
    }
    "$root/bin/everx-exchanged" --help | grep -- "--admin-port" >/dev/null || {
        echo "the installed everx-exchanged --help lacks its options"
        status=1
    }
    [ $status -eq 0 ] && echo "installed into a scratch root; the installed programs run"
    exit $status
    ;;
*)
    echo "unknown mode $mode"
    exit 2
    ;;
esac
