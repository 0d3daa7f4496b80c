#!/usr/bin/env bash
# Builds the libFuzzer targets (fuzz/, clang with ASan and UBSan, in build-fuzz/) and runs each
# for a while, starting from its seed corpus fuzz/corpus/<target>/. The corpus a run grows is
# kept in build-fuzz/corpus/<target>/ (a later run goes on from it); a crash, a sanitizer report
# or a broken property saves its input in build-fuzz/artifacts/ and fails the script.
#
# Usage: scripts/fuzz.sh [seconds per target (default 60)] [target...]
#   CI:        scripts/fuzz.sh 60
#   long run:  scripts/fuzz.sh 3600 fuzz_service      (hours: pass -jobs=N through FUZZ_ARGS)
#   replay:    build-fuzz/fuzz/fuzz_service build-fuzz/artifacts/fuzz_service/crash-...
#   new seeds: build-fuzz/fuzz/<target> -merge=1 fuzz/corpus/<target> build-fuzz/corpus/<target>
# Prints, for each target, the executions, their rate and the corpus size.
set -euo pipefail
cd "$(dirname "$0")/.."
seconds=${1:-60}
shift || true
targets=("$@")
[ ${#targets[@]} -gt 0 ] || targets=(fuzz_frame fuzz_service)

# clang only here: the suite is built with gcc (scripts/build.sh), the fuzzers need libFuzzer.
# Only the fuzz targets and the rooms they link are built. Warnings are gcc's to police (CI's
# -Werror build): clang's differ, and a new one must not stop the fuzzing.
CC=clang-14 CXX=clang++-14 cmake -S . -B build-fuzz -G Ninja -DCMAKE_BUILD_TYPE=Debug \
    "-DCMAKE_CXX_FLAGS_DEBUG=-O1 -g1" -DSANITIZERS=address,undefined -DEVERX_FUZZ=ON \
    -DEVERX_BUILD_TESTS=OFF -DEVERX_WERROR=OFF >/dev/null
cmake --build build-fuzz -j"${EVERX_JOBS:-2}" --target "${targets[@]}"

export QT_QPA_PLATFORM=offscreen
export ASAN_OPTIONS=${ASAN_OPTIONS:-detect_leaks=1}
export ASAN_SYMBOLIZER_PATH=${ASAN_SYMBOLIZER_PATH:-/usr/lib/llvm-14/bin/llvm-symbolizer}
status=0
for target in "${targets[@]}"; do
    corpus=build-fuzz/corpus/$target
    artifacts=build-fuzz/artifacts/$target/
    mkdir -p "$corpus" "$artifacts"
    log=build-fuzz/$target.log
    # A finding ends the run with a non-zero status; the rest of the targets still run.
    if ! build-fuzz/fuzz/"$target" -max_total_time="$seconds" -timeout=20 -rss_limit_mb=2048 \
        -print_final_stats=1 -artifact_prefix="$artifacts" ${FUZZ_ARGS:-} \
        "$corpus" "fuzz/corpus/$target" >"$log" 2>&1; then
        status=1
        echo "$target: FOUND A PROBLEM (log: $log, input: $artifacts)"
        grep -E -m 20 'ERROR|property violated|runtime error|SUMMARY|^    #[0-9] ' "$log" || true
    fi
    runs=$(sed -n 's/^stat::number_of_executed_units: *//p' "$log" | tail -n 1)
    rate=$(sed -n 's/^stat::average_exec_per_sec: *//p' "$log" | tail -n 1)
    echo "$target: ${runs:-?} executions in ${seconds} s (${rate:-?}/s), corpus" \
        "$(ls "$corpus" | wc -l) inputs ($(du -sk "$corpus" | cut -f1) KB)," \
        "seeds $(ls "fuzz/corpus/$target" | wc -l)"
done
exit $status
