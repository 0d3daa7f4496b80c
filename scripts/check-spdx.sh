#!/usr/bin/env bash
# SPDX-FileCopyrightText: 2026 EverXCloud
# SPDX-License-Identifier: GPL-3.0-or-later
#
# Fails when a source file of the project does not say its licence, GPL-3.0-or-later, in an SPDX
# header within its first five lines. Source files: C++, shell, Python, CMake, Qt Designer forms,
# the CI script and the package's maintainer scripts (data, documents and images are covered by
# LICENSE and packaging/debian/copyright). Prints each file without one.
# Usage: check-spdx.sh [root]   (default: the repository this script is in; a tree that is not a
#                                git checkout is walked whole)
set -euo pipefail
root=${1:-$(cd "$(dirname "$0")/.." && pwd)}
cd "$root"
identifier='SPDX-License-Identifier: GPL-3.0-or-later'
is_source() {
    case "$1" in
        *.cpp|*.h|*.sh|*.py|*.cmake|*.ui|*.sh.in|*.h.in|CMakeLists.txt|*/CMakeLists.txt) return 0 ;;
        .ci/run|packaging/debian/*/postinst|packaging/debian/*/postrm|packaging/debian/*/prerm) return 0 ;;
    esac
    return 1
}
if git rev-parse --show-toplevel > /dev/null 2>&1 \
        && [ "$(git rev-parse --show-toplevel)" = "$(pwd -P)" ]; then
    files=$(git ls-files)
else
    files=$(find . -path './build*' -prune -o -type f -print | sed 's|^\./||' | sort)
fi
status=0
count=0
while IFS= read -r f; do
    [ -n "$f" ] && is_source "$f" || continue
    count=$((count + 1))
    if ! head -n 5 -- "$f" | grep -qF "$identifier"; then
        echo "no SPDX licence header: $f"
        status=1
    fi
done <<< "$files"
[ $status -eq 0 ] && echo "$count source files say $identifier"
exit $status
