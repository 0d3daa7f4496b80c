#!/usr/bin/env bash
# SPDX-FileCopyrightText: 2026 EverXCloud
# SPDX-License-Identifier: GPL-3.0-or-later
#
# Runs the project's benchmarks a few times each and prints one table of medians, with the
# machine's cores, CPU model and build type. Not a test and not part of CI: its figures depend
# on the machine and on what else runs on it (the load average is printed before and after).
#
#   scripts/bench.sh [--runs N] [--pg URL] [--build DIR] [--only book|durable|desk|load]
#                    [--dry-run] [--help]
#
# It builds the benchmarks (and the server the load generator starts) and nothing else.
set -euo pipefail
cd "$(dirname "$0")/.."

runs=3
pg="${EVERX_TEST_PG_URL:-}"
build=build
only=""
dry=0

usage() {
    sed -n '5,12p' "$0" | sed 's/^# \{0,1\}//'
    cat <<'EOF'

Options:
  --runs N     runs of each benchmark (default 3); the table shows their median
  --pg URL     also the durable benchmark on PostgreSQL (default: $EVERX_TEST_PG_URL, if set).
               Each run gets an empty database of its own, URL's database name + "_bench",
               dropped and created again through URL with psql (the role needs CREATEDB, which
               scripts/start-postgres.sh grants): a run leaves its keyed ledger behind, and the
               next, with a new ledger key, would refuse it
  --build DIR  the CMake build folder (default build)
  --only WHAT  one group: book, durable, desk or load
  --dry-run    print the commands it would run, and run none
  --help       this text
EOF
}

while [ $# -gt 0 ]; do
    case "$1" in
    --runs) runs="$2"; shift 2 ;;
    --pg) pg="$2"; shift 2 ;;
    --build) build="$2"; shift 2 ;;
    --only) only="$2"; shift 2 ;;
    --dry-run) dry=1; shift ;;
    --help|-h) usage; exit 0 ;;
    *) echo "bench.sh: unknown argument $1 (see --help)" >&2; exit 2 ;;
    esac
done

bench="$build/bench/everx-bench"
deskbench="$build/bench/everx-deskbench"
loadgen="$build/bench/everx-loadgen"

# name | command | awk program printing the figure from the command's output
cases=()
add() { cases+=("$1|$2|$3"); }
want() { [ -z "$only" ] || [ "$only" = "$1" ]; }

if want book; then
    for mix in add cross cancel; do
        add "book $mix (ops/s, best of 5)" "$bench --mode book --mix $mix --repeat 5" \
            '/^throughput:/ {print $2}'
    done
    add "book place, 30 % server orders (commands/s)" \
        "$bench --mode book --mix place --repeat 5" '/^throughput:/ {print $2}'

fi
if want durable; then
    # 128 requests in flight go into one batch, with nothing to handle beside its commit; with
    # 1,024 in flight and batches of at most 512, the writer commits one while the next is
    # handled.
    add "durable SQLite, group commit (ops/s)" \
        "$bench --mode durable --clients 16 --pipeline 8 --ops 20000" \
        '/^durable operations\/s:/ {print $3}'
    add "durable SQLite, 1,024 in flight (ops/s)" \
        "$bench --mode durable --clients 16 --pipeline 64 --max-batch 512 --ops 60000" \
        '/^durable operations\/s:/ {print $3}'
    if [ -n "$pg" ]; then
        scratch="${pg##*/}_bench"
        fresh="psql -q '$pg' -c 'DROP DATABASE IF EXISTS $scratch' -c 'CREATE DATABASE $scratch'"
        add "durable PostgreSQL, group commit (ops/s)" \
            "$fresh && $bench --mode durable --clients 16 --pipeline 8 --ops 10000 --database ${pg%/*}/$scratch" \
            '/^durable operations\/s:/ {print $3}'
        add "durable PostgreSQL, 1,024 in flight (ops/s)" \
            "$fresh && $bench --mode durable --clients 16 --pipeline 64 --max-batch 512 --ops 30000 --database ${pg%/*}/$scratch" \
            '/^durable operations\/s:/ {print $3}'
    fi
fi
if want desk; then
    # A million deltas: a second or more with the views attached, where 200,000 (the bench's
    # default) left the row at the mercy of a few repaints more or less.
    add "desk ladder painted (deltas/s)" "QT_QPA_PLATFORM=offscreen $deskbench --deltas 1000000" \
        '/^LadderView/ {print $3}'
    add "desk ladder+depth+candles (deltas/s)" "(same run)" \
        '/^ladder\+depth\+candles/ {print $2}'
fi
if want load; then
    add "load 200 sessions: orders/s answered" \
        "$loadgen --sessions 200 --busy 20 --rate 2000 --seconds 10" \
        '/orders\/s sustained/ {sub(":", "", $6); print $6}'
    add "load 200 sessions: reply p99 (ms)" "(same run)" \
        '/^reply latency ms:/ {for (i = 1; i < NF; i++) if ($i == "p99") {sub(",", "", $(i+1)); print $(i+1)}}'
    add "load 200 sessions: order -> delta p99 (ms)" "(same run)" \
        '/book delta seen/ {for (i = 1; i < NF; i++) if ($i == "p99") {sub(",", "", $(i+1)); print $(i+1)}}'
    add "load 200 sessions: server CPU (% of a core)" "(same run)" \
        '/^server \(pid/ {print $5}'
    # The latency target's own setting: 50 busy sessions of 60, 500 orders/s, far from a full
    # core, so that what is timed is the way of one order to another session's book.
    add "load 60 sessions, 50 busy: delta p99 (ms)" \
        "$loadgen --sessions 60 --busy 50 --rate 500 --seconds 15" \
        '/book delta seen/ {for (i = 1; i < NF; i++) if ($i == "p99") {sub(",", "", $(i+1)); print $(i+1)}}'
    add "load 60 sessions, 50 busy: reply p99 (ms)" "(same run)" \
        '/^reply latency ms:/ {for (i = 1; i < NF; i++) if ($i == "p99") {sub(",", "", $(i+1)); print $(i+1)}}'
    # Saturated (every busy session keeps 64 requests unanswered) with 1,000 sessions, all
    # subscribed to one book: the 20,000 orders/s target.
    add "load 1,000 sessions saturated: orders/s" \
        "$loadgen --sessions 1000 --busy 50 --rate 30000 --seconds 12" \
        '/orders\/s sustained/ {sub(":", "", $6); print $6}'
fi

targets="everx-bench everx-deskbench everx-loadgen everx-exchanged"
echo "cmake --build $build --target $targets"
for c in "${cases[@]}"; do
    IFS='|' read -r name cmd _ <<<"$c"
    [ "$cmd" = "(same run)" ] || echo "$cmd    # x$runs"
done
[ "$dry" = 1 ] && exit 0

cmake --build "$build" --target $targets >/dev/null

median() { sort -g | awk '{v[NR]=$1} END {if (NR==0) print "-"; else if (NR%2) print v[(NR+1)/2]; else print (v[NR/2]+v[NR/2+1])/2}'; }

echo
echo "load average before: $(cut -d' ' -f1-3 /proc/loadavg)"
results=()
last_output=""
for c in "${cases[@]}"; do
    IFS='|' read -r name cmd prog <<<"$c"
    values=()
    if [ "$cmd" = "(same run)" ]; then
        # Another figure of the command before this row, from its saved outputs.
        for out in "${last_output[@]}"; do
            v=$(awk "$prog" <<<"$out" | head -n 1)
            values+=("${v:--}")
        done
    else
        last_output=()
        for _ in $(seq "$runs"); do
            out=$(nice -n 5 bash -c "$cmd" 2>&1) || true
            last_output+=("$out")
            v=$(awk "$prog" <<<"$out" | head -n 1)
            values+=("${v:--}")
        done
    fi
    m=$(printf '%s\n' "${values[@]}" | { grep -v '^-$' || true; } | median)
    results+=("$(printf '%-44s %14s   %s' "$name" "$m" "${values[*]}")")
    echo "${results[-1]}" >&2 # as it comes, in case a later one fails
done

echo "load average after:  $(cut -d' ' -f1-3 /proc/loadavg)"
echo "machine: $(nproc) cores, $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | sed 's/^ //'), build type $(grep -m1 '^CMAKE_BUILD_TYPE' "$build/CMakeCache.txt" | cut -d= -f2), commit $(git rev-parse --short HEAD)"
printf '%-44s %14s   %s\n' "benchmark" "median" "runs"
printf '%s\n' "${results[@]}"
