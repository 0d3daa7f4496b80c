#!/usr/bin/env bash
# SPDX-FileCopyrightText: 2026 EverXCloud
# SPDX-License-Identifier: GPL-3.0-or-later
#
# Fails, naming each file, when a C++ source of the project is not formatted as .clang-format
# says (clang-format --dry-run --Werror). The files are the repository's tracked *.cpp and *.h
# (git ls-files), or, outside a git checkout (a source tarball), every *.cpp and *.h under the
# project's folders. Usage: check-format.sh [clang-format] [file...]
# With files given, only those are checked (the test that keeps this script honest uses it).
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
format=${1:-clang-format}
shift || true
cd "$root"
if [ $# -gt 0 ]; then
    files=("$@")
elif git -C "$root" rev-parse --is-inside-work-tree >/dev/null 2>&1; then
    mapfile -t files < <(git -C "$root" ls-files '*.cpp' '*.h')
else
    mapfile -t files < <(find app exchange models ui tests fuzz -name '*.cpp' -o -name '*.h' 2>/dev/null | sort)
fi
# One clang-format for all files; each complaint starts with the file's name.
mapfile -t bad < <("$format" --dry-run --Werror "${files[@]}" 2>&1 >/dev/null \
    | sed -n 's/^\([^:]*\):[0-9]*:[0-9]*: error: .*/\1/p' | sort -u)
if [ ${#bad[@]} -gt 0 ]; then
    echo "not formatted (clang-format -i <file>):"
    printf '    %s\n' "${bad[@]}"
    exit 1
fi
echo "${#files[@]} files formatted"
