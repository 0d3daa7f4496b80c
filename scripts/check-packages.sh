#!/usr/bin/env bash
# SPDX-FileCopyrightText: 2026 EverXCloud
# SPDX-License-Identifier: GPL-3.0-or-later
#
# Fails when the build or a script uses something that scripts/install-deps.sh would not
# install on a fresh Debian 12 machine. A developer's machine is never fresh: a package that
# happens to be there hides a missing install step (libqt6opengl6-dev once did).
#
# What is "used": every CMake package config file the configured build loaded (the *_DIR
# entries of CMakeCache.txt), the compiler, the build tool, the linker, and every other file path of the
# cache that the generated build actually names (a library it links; not an optional one that a
# find module merely found, such as libGLU), and every program the scripts call
# (the first word of each command in scripts/*.sh and .ci/run, and absolute program paths they
# name). Each is mapped to its Debian package with dpkg -S; the package must be in the list of
# install-deps.sh or in the Depends closure of that list (apt-cache depends --recurse, without
# Recommends or Suggests, as apt-get --no-install-recommends installs). Packages with priority
# required are on every Debian system and pass.
#
# Usage: check-packages.sh <build dir> [<install-deps script>]
# Exit codes: 0 all covered, 1 something is not, 77 not a Debian system (skipped).
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
build=${1:?usage: check-packages.sh <build dir> [install-deps script]}
installer=${2:-$root/scripts/install-deps.sh}
cache=$build/CMakeCache.txt

command -v dpkg >/dev/null && command -v apt-cache >/dev/null || {
    echo "not a Debian system: skipped"
    exit 77
}
[ -f "$cache" ] || { echo "no $cache: configure the build first"; exit 1; }

mapfile -t listed < <(bash "$installer" --list)
[ ${#listed[@]} -gt 0 ] || { echo "$installer --list printed no packages"; exit 1; }

# The closure of the list under Depends and PreDepends, as apt resolves them.
declare -A covered=()
while read -r p; do
    covered[${p%%:*}]=1
done < <(apt-cache depends --recurse --no-recommends --no-suggests --no-conflicts --no-breaks \
    --no-replaces --no-enhances "${listed[@]}" 2>/dev/null | grep -v '^ ' | tr -d '<>')

# Files to account for, each with why it is needed: "file<TAB>reason".
uses=()
while IFS= read -r line; do
    name=${line%%:*}
    value=${line#*=}
    case $line in
    *_DIR:PATH=/*)
        config=$(ls "$value"/*Config.cmake "$value"/*-config.cmake 2>/dev/null | head -n 1 || true)
        [ -n "$config" ] && uses+=("$config	CMake package $name")
        ;;
    CMAKE_CXX_COMPILER:FILEPATH=/* | CMAKE_MAKE_PROGRAM:FILEPATH=/* | EVERX_LLD:FILEPATH=/*)
        uses+=("$value	CMake $name")
        ;;
    *:FILEPATH=/*)
        [ -e "$value" ] && grep -qF -- "$value" "$build/build.ninja" 2>/dev/null \
            && uses+=("$value	CMake $name")
        ;;
    esac
done <"$cache"

# Programs the scripts call: the first word of every command, after any VAR=value prefixes.
# Comments and variable expansions are ignored; only names that resolve to a file on PATH
# (not builtins, keywords or the scripts' own functions) count.
scripts=("$root"/scripts/*.sh)
[ -f "$root/.ci/run" ] && scripts+=("$root/.ci/run")
for script in "${scripts[@]}"; do
    functions=$(sed -n 's/^[[:space:]]*\([A-Za-z_][A-Za-z0-9_-]*\)[[:space:]]*()[[:space:]]*{.*/\1/p' "$script")
    words=$(sed -e 's/^[[:space:]]*#.*$//' -e 's/[[:space:]]#.*$//' "$script" \
        | sed -e 's/\$(/\n/g' -e 's/[|;&(){}`"]/\n/g' \
        | sed -e 's/^[[:space:]]*//' \
        | sed -E -e 's/^(then|do|else|elif|if|while|until|exec|time|!|sudo|\$SUDO|command -v|xargs)[[:space:]]+//' \
        | sed -E -e 's/^(then|do|else|elif|if|while|until|exec|time|!|sudo|\$SUDO)[[:space:]]+//' \
        | awk '{ i = 1; while (i < NF && $i ~ /^[A-Za-z_][A-Za-z0-9_]*=/) i++; print $i }' | grep -E '^[a-z][a-z0-9_.+-]*$' | sort -u)
    for w in $words; do
        grep -qx -- "$w" <<<"$functions" && continue
        [ "$(type -t "$w" 2>/dev/null)" = file ] || continue
        # A program in /usr/local (this machine's own) may shadow the packaged one that a fresh
        # Debian machine runs: check the first copy outside /usr/local, if there is one.
        found=$(type -ap "$w" | grep -v '^/usr/local/' | head -n 1)
        uses+=("${found:-$(command -v "$w")}	program '$w' in ${script#"$root"/}")
    done
    # Absolute program paths named in the script, such as /usr/lib/qt6/bin/lupdate.
    for p in $(grep -oE '/usr/(lib|bin|sbin)[A-Za-z0-9_./+-]*' "$script" | sort -u); do
        [ -f "$p" ] && [ -x "$p" ] && uses+=("$p	program $p in ${script#"$root"/}")
    done
done

# dpkg knows a file by the path its package ships it at: through symlinks (alternatives) and,
# on a merged-/usr system, perhaps without the /usr prefix (/bin/bash for /usr/bin/bash). One
# dpkg -S call for every candidate path of every file.
candidates() {
    local real
    real=$(readlink -f "$1")
    printf '%s\n' "$1" "${1#/usr}" "$real" "${real#/usr}"
}
declare -A owner=()
mapfile -t paths < <(for use in "${uses[@]}"; do candidates "${use%%	*}"; done | grep '^/' | sort -u)
while IFS= read -r line; do
    case $line in diversion*) continue ;; esac
    owner[${line#*: }]=${line%%: *}
done < <(dpkg -S "${paths[@]}" 2>/dev/null || true)

# Packages of priority required are part of every Debian system.
declare -A required=()
while read -r pkg priority; do
    [ "$priority" = required ] && required[${pkg%%:*}]=1
done < <(dpkg-query -W -f='${Package} ${Priority}\n' 2>/dev/null)

status=0
declare -A seen=()
for use in "${uses[@]}"; do
    file=${use%%	*}
    why=${use#*	}
    owners=""
    while IFS= read -r path; do
        [ -n "$owners" ] || owners=${owner[$path]:-}
    done < <(candidates "$file")
    if [ -z "$owners" ]; then
        echo "not from any Debian package: $file ($why)"
        status=1
        continue
    fi
    ok=0
    for pkg in ${owners//,/ }; do
        pkg=${pkg%%:*} # drop the architecture
        if [ -n "${covered[$pkg]:-}" ]; then
            ok=1
        elif [ -n "${required[$pkg]:-}" ]; then
            ok=1
        elif [ "$pkg" = everx-desk ] || [ "$pkg" = everx-exchanged ]; then
            ok=1 # the project's own packages (packaging/), which CI installs and runs
        fi
    done
    if [ $ok -eq 0 ] && [ -z "${seen[$owners]:-}" ]; then
        seen[$owners]=1
        names=$(sed -e 's/:[a-z0-9]*//g' -e 's/, / or /g' <<<"$owners")
        echo "$(basename "$installer") does not install $names: needed for $file ($why)"
        status=1
    fi
done
[ $status -eq 0 ] && echo "every package the build and the scripts use is installed by $(basename "$installer") (${#uses[@]} files checked)"
exit $status
