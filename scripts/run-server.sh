#!/usr/bin/env bash
# Builds and starts workout-server on the embedded default: a SQLite file in the working directory
# (workouts.sqlite, live sessions journaled in workouts.sqlite.sessions/), listening on 127.0.0.1:8080.
# Installs the system libraries first when they are missing. Extra arguments go to the server, for
# example `scripts/run-server.sh --no-auth` (local use) or `--port 9090`. Stop it with Ctrl-C (a graceful
# shutdown: live sessions are synced and their leases freed). Make a token with
#   "$(swift build --package-path Apps --show-bin-path)/workout-server" token create ana
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
"$root/scripts/install-system-deps.sh"
swift build --package-path "$root/Apps" --product workout-server >&2
exec "$(swift build --package-path "$root/Apps" --show-bin-path)/workout-server" "$@"
