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
# Until the desktop lands (issue 4), start what exists: the sandbox exchange as a server on
# loopback, which a desk (or any protocol client) can connect to at ws://127.0.0.1:7447.
echo "everx-desk is not built yet; starting the sandbox exchange on ws://127.0.0.1:7447 instead."
exec build/app/everx-exchanged --sandbox "$@"
