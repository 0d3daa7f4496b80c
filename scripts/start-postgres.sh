#!/usr/bin/env bash
# SPDX-FileCopyrightText: 2026 EverXCloud
# SPDX-License-Identifier: GPL-3.0-or-later
#
# Starts the local PostgreSQL 15 cluster (Debian's) and makes the test role and database,
# listening on loopback only. Idempotent. Prints the database URL for EVERX_TEST_PG_URL.
set -euo pipefail
# Only the URL goes to stdout: pg_ctlcluster prints notices there ("Removed stale pid file.",
# the systemd warning), which would otherwise end up inside EVERX_TEST_PG_URL.
exec 3>&1 1>&2
SUDO=""
[ "$(id -u)" -eq 0 ] || SUDO="sudo"
as_postgres() { $SUDO -u postgres "$@"; }
command -v runuser >/dev/null && [ "$(id -u)" -eq 0 ] && as_postgres() { runuser -u postgres -- "$@"; }

version=$(ls /usr/lib/postgresql | sort -V | tail -n 1)
if ! pg_lsclusters -h | grep "^$version main" >/dev/null; then
    $SUDO pg_createcluster "$version" main >/dev/null
fi
if ! pg_lsclusters -h | awk -v v="$version" '$1 == v && $2 == "main" {print $4}' | grep online >/dev/null; then
    # fd 3 closed: the server must not hold the caller's $(...) pipe open.
    $SUDO pg_ctlcluster "$version" main start -o "-c listen_addresses=127.0.0.1" 3>&-
fi
port=$(pg_lsclusters -h | awk -v v="$version" '$1 == v && $2 == "main" {print $3}')
as_postgres psql -p "$port" -qtAc "SELECT 1 FROM pg_roles WHERE rolname = 'everx_test'" | grep 1 >/dev/null \
    || as_postgres psql -p "$port" -qc "CREATE ROLE everx_test LOGIN PASSWORD 'everx_test'"
# Each suite makes a database of its own (tests/fixtures/pgfixture.h), to run beside the others.
as_postgres psql -p "$port" -qc "ALTER ROLE everx_test CREATEDB"
as_postgres psql -p "$port" -qtAc "SELECT 1 FROM pg_database WHERE datname = 'everx_test'" | grep 1 >/dev/null \
    || as_postgres createdb -p "$port" -O everx_test everx_test
echo "postgresql://everx_test:everx_test@127.0.0.1:$port/everx_test" >&3
