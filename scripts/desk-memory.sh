#!/usr/bin/env bash
# SPDX-FileCopyrightText: 2026 EverXCloud
# SPDX-License-Identifier: GPL-3.0-or-later
#
# The desk's resident memory after a while on its sandbox: starts everx-desk offscreen on a
# fresh sandbox database at --time-scale 60 (an exchange hour a real minute), waits, prints
# VmRSS and VmHWM from /proc, and stops it. Documented in docs/benchmarks.md; not run by CI (an
# hour).
#
#   scripts/desk-memory.sh [--seconds S] [--build DIR]     (default 3600 s, build)
set -euo pipefail
cd "$(dirname "$0")/.."

seconds=3600
build=build
while [ $# -gt 0 ]; do
    case "$1" in
    --seconds) seconds="$2"; shift 2 ;;
    --build) build="$2"; shift 2 ;;
    --help|-h) sed -n '5,9p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;;
    *) echo "desk-memory.sh: unknown argument $1" >&2; exit 2 ;;
    esac
done

dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
QT_QPA_PLATFORM=offscreen XDG_CONFIG_HOME="$dir/config" XDG_DATA_HOME="$dir/data" \
    "$build/app/everx-desk" --sandbox --sandbox-database "$dir/sandbox.db" --time-scale 60 \
    >"$dir/desk.log" 2>&1 &
pid=$!
sample() { grep -E '^Vm(RSS|HWM):' "/proc/$pid/status" | tr -s ' \t' ' ' | tr '\n' ' '; echo; }
for ((t = 0; t < seconds; t += 60)); do
    sleep $((seconds - t < 60 ? seconds - t : 60))
    kill -0 "$pid" 2>/dev/null || { echo "everx-desk exited early:"; cat "$dir/desk.log"; exit 1; }
    echo "after $((t + 60 < seconds ? t + 60 : seconds)) s: $(sample)"
done
echo "everx-desk --sandbox --time-scale 60 after $seconds s: $(sample)"
kill "$pid"
wait "$pid" 2>/dev/null || true
