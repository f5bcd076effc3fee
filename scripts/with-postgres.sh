#!/usr/bin/env bash
# Runs a command with a throwaway PostgreSQL 15 + PostGIS 3 cluster, for the store's tests:
#   scripts/with-postgres.sh swift test --package-path Apps --skip-build --filter Store
# The cluster lives in a temporary directory (initdb, as the `postgres` user when run as root: initdb
# refuses root), listens on a free loopback port only, trusts local connections, and is stopped and
# removed when the command ends, however it ends. The command sees
#   WORKOUT_STORE_POSTGRES_URL=postgres://workout@127.0.0.1:PORT/workouts?connect_timeout=120
# (a superuser: the tests create a database per test). The packages come from scripts/install-system-deps.sh.
set -euo pipefail

bindir=${POSTGRES_BINDIR:-/usr/lib/postgresql/15/bin}
if [[ ! -x "$bindir/initdb" ]]; then
  echo "with-postgres: $bindir/initdb not found (scripts/install-system-deps.sh installs postgresql-15)" >&2
  exit 69
fi

dir=$(mktemp -d "${TMPDIR:-/tmp}/workout-pg.XXXXXX")
as_owner=()
if [[ $(id -u) -eq 0 ]]; then
  chown postgres: "$dir"
  as_owner=(runuser -u postgres --)
fi

cleanup() {
  "${as_owner[@]}" "$bindir/pg_ctl" -D "$dir/data" -m immediate stop >/dev/null 2>&1 || true
  rm -rf "$dir"
}
trap cleanup EXIT
trap 'exit 130' INT TERM

# A free port: bind port 0 on loopback and let the kernel choose (a race with another process is
# possible but unlikely; pg_ctl then fails and says so).
port=$(python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')

"${as_owner[@]}" "$bindir/initdb" -D "$dir/data" -U workout --auth=trust -E UTF8 --locale=C.UTF-8 >"$dir/initdb.log" 2>&1 \
  || { cat "$dir/initdb.log" >&2; exit 1; }
# fsync off: a throwaway cluster; the tests kill clients, never the server. WITH_POSTGRES_FSYNC=on keeps
# it on (Benchmarks/store.sh measures with it, as a server would run).
fsync="${WITH_POSTGRES_FSYNC:-off}"
"${as_owner[@]}" "$bindir/pg_ctl" -D "$dir/data" -l "$dir/server.log" \
  -o "-p $port -k $dir -c listen_addresses=127.0.0.1 -c fsync=$fsync -c max_connections=200" -w start >/dev/null \
  || { cat "$dir/server.log" >&2; exit 1; }

psql=(psql -X -q -v ON_ERROR_STOP=1 -h 127.0.0.1 -p "$port" -U workout)
"${psql[@]}" -d postgres -c "CREATE DATABASE workouts"
"${psql[@]}" -d workouts -c "CREATE EXTENSION postgis"
# New databases (one per test) get PostGIS from the template.
"${psql[@]}" -d template1 -c "CREATE EXTENSION postgis"
echo "with-postgres: PostgreSQL $("${psql[@]}" -d workouts -tAc 'SHOW server_version') with PostGIS $("${psql[@]}" -d workouts -tAc 'SELECT postgis_lib_version()') on 127.0.0.1:$port" >&2

# A generous connect timeout: under `swift test`, hundreds of tests share two cooperative threads.
export WORKOUT_STORE_POSTGRES_URL="postgres://workout@127.0.0.1:$port/workouts?connect_timeout=120"
status=0
"$@" || status=$?
exit $status
