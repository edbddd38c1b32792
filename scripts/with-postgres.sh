#!/usr/bin/env bash
# Runs a command against a throwaway PostgreSQL server: initdb into a temporary directory with the
# distribution's binaries (/usr/lib/postgresql/<version>/bin, or PG_BIN), start it on a free local port,
# export TEST_DATABASE_URL (a superuser that may create databases), run the command, then stop the
# server and remove the directory, whatever the command's outcome. Exits with the command's status,
# or 3 when no PostgreSQL binaries are installed.
#
#   scripts/with-postgres.sh npx vitest run --project api
#
# As root (CI), the server runs as the `postgres` user the distribution's package creates.
set -euo pipefail

if [ $# -eq 0 ]; then
  echo "usage: $0 <command> [args…]" >&2
  exit 2
fi

bin="${PG_BIN:-}"
if [ -z "$bin" ]; then
  bin="$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -n 1 || true)"
fi
if [ -z "$bin" ] || [ ! -x "$bin/initdb" ] || [ ! -x "$bin/pg_ctl" ]; then
  echo "with-postgres: no PostgreSQL binaries (looked in ${PG_BIN:-/usr/lib/postgresql/*/bin}); install the distribution's postgresql package" >&2
  exit 3
fi

as_server=()
if [ "$(id -u)" = 0 ]; then
  if ! id postgres >/dev/null 2>&1; then
    echo "with-postgres: running as root needs the postgres user (the postgresql package creates it)" >&2
    exit 3
  fi
  as_server=(runuser -u postgres --)
fi

dir="$(mktemp -d "${TMPDIR:-/tmp}/apex-pg.XXXXXX")"
[ ${#as_server[@]} -gt 0 ] && chown postgres: "$dir"

# A free port on the loopback interface, from PGPORT or 54330 up.
port="${PGPORT:-54330}"
while (exec 3<>"/dev/tcp/127.0.0.1/$port") 2>/dev/null; do port=$((port + 1)); done

stop() {
  "${as_server[@]}" "$bin/pg_ctl" -D "$dir/data" -m immediate -w stop >/dev/null 2>&1 || true
  rm -rf "$dir"
}
trap stop EXIT
trap 'exit 130' INT TERM

"${as_server[@]}" "$bin/initdb" -D "$dir/data" -U apex --auth=trust -E UTF8 --locale=C.UTF-8 --no-sync \
  >"$dir/initdb.log" 2>&1 || {
  cat "$dir/initdb.log" >&2
  exit 1
}
# A test server: no durability needed, enough connections for parallel test files (ten each).
if ! "${as_server[@]}" "$bin/pg_ctl" -D "$dir/data" -l "$dir/server.log" -w -t 60 start -o \
  "-p $port -k $dir -c listen_addresses=127.0.0.1 -c max_connections=300 -c fsync=off -c synchronous_commit=off -c full_page_writes=off" \
  >/dev/null; then
  cat "$dir/server.log" >&2
  exit 1
fi

export TEST_DATABASE_URL="postgres://apex@127.0.0.1:$port/postgres"
echo "with-postgres: PostgreSQL $("$bin/postgres" --version | awk '{print $3}') on port $port" >&2
status=0
"$@" || status=$?
exit "$status"
