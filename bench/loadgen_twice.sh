#!/bin/bash
# SPDX-FileCopyrightText: 2026 EverXCloud
# SPDX-License-Identifier: GPL-3.0-or-later
#
# Two everx-loadgen runs against one running everx-exchanged --sandbox (--url, as against a
# server on another machine): the second is answered as the first was, nothing refused. Every
# session of every run signs in as the sandbox's one demo customer, whose client order ids must
# not repeat from one run to the next.
#
#   loadgen_twice.sh EVERX_EXCHANGED EVERX_LOADGEN
set -euo pipefail
exchanged=$1
loadgen=$2
dir=$(mktemp -d)
pid=
cleanup() {
    if [ -n "$pid" ]; then
        kill "$pid" 2>/dev/null || true
        wait "$pid" 2>/dev/null || true
    fi
    rm -rf "$dir"
}
trap cleanup EXIT

"$exchanged" --generate-cert 127.0.0.1 --cert "$dir/cert.pem" --key "$dir/key.pem" >/dev/null
"$exchanged" --sandbox --listen 127.0.0.1 --port 0 --cert "$dir/cert.pem" --key "$dir/key.pem" \
    --database "$dir/exchange.db" --ledger-key "$dir/ledger.key" --no-admin \
    --max-connections-per-address 32 --request-rate 200 >"$dir/server.log" 2>&1 &
pid=$!
url=
for _ in $(seq 1 300); do
    url=$(sed -n 's/.*listening on \(wss:[^ ]*\).*/\1/p' "$dir/server.log")
    [ -n "$url" ] && break
    kill -0 "$pid" 2>/dev/null || break
    sleep 0.2
done
if [ -z "$url" ]; then
    echo "the server did not come up:" >&2
    cat "$dir/server.log" >&2
    exit 1
fi

for run in 1 2; do
    echo "run $run against $url"
    "$loadgen" --url "$url" --cert-file "$dir/cert.pem" --server-pid "$pid" \
        --sessions 4 --busy 2 --rate 50 --seconds 2
done
