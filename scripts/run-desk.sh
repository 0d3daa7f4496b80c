#!/usr/bin/env bash
# One command on a fresh Debian 12 machine: installs the packages, builds, and starts the
# desktop on its embedded sandbox exchange. Arguments are passed to the program.
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/install-deps.sh
scripts/build.sh
if [ -x build/app/everx-desk ]; then
    exec build/app/everx-desk "$@"
fi
# Until the desktop lands (issue 4), start what exists: the exchange engine, through its
# benchmark on a throw-away database, so that the command still shows the engine working.
echo "everx-desk is not built yet; running the exchange engine benchmark instead."
exec build/tests/benchmarks/everx-bench --mode book --ops 500000 "$@"
