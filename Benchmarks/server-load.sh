#!/usr/bin/env bash
# Load benchmark of workout-server (a benchmark, not a test; README "Server", figures with their date):
#
#   Benchmarks/server-load.sh                      # uploads for 30 s, then live sessions at 250, 500, 1000, 1500
#   Benchmarks/server-load.sh --sessions 1000,2000 --seconds 60
#   Benchmarks/server-load.sh --uploads-only | --live-only
#   Benchmarks/server-load.sh --live-only --lockstep   # every session posts in the same instant of each second
#
# It builds workout-server in release (through the nested package Benchmarks/Store, the same release build
# Benchmarks/store.sh makes; git-ignored), starts it on a
# free loopback port with a fresh SQLite store and file journal in a temporary directory (removed at the
# end), raises the open-file limit for the 2 000+ connections, and runs scripts/server_load.py (standard
# library only) against it: uploads per second of distinct one-hour 1 Hz GPX files, then N live sessions
# each posting one sample per second with one SSE viewer at 1 fps, reporting p50/p99 ingest latency and
# frame lateness (client side), and the server's own frame-lateness histogram from /metrics.
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
root="$(cd "$here/.." && pwd)"
sessions="250,500,1000,1500"
seconds=30
concurrency=4
mode=all
lockstep=()
while (($#)); do
  case "$1" in
    --sessions) sessions="$2"; shift 2 ;;
    --seconds) seconds="$2"; shift 2 ;;
    --concurrency) concurrency="$2"; shift 2 ;;
    --uploads-only) mode=uploads; shift ;;
    --live-only) mode=live; shift ;;
    --lockstep) lockstep=(--lockstep); shift ;;
    *) echo "server-load: unknown option $1" >&2; exit 64 ;;
  esac
done

"$root/scripts/install-system-deps.sh"
server="$("$here/scripts/store-release-build.sh" workout-server)/workout-server"
ulimit -n 65536 2>/dev/null || ulimit -n "$(ulimit -Hn)"  # the hard limit, where 65 536 is above it

work=$(mktemp -d "${TMPDIR:-/tmp}/workout-load.XXXXXX")
pid=""
cleanup() { [[ -n $pid ]] && kill "$pid" 2>/dev/null; wait 2>/dev/null || true; rm -rf "$work"; }
trap cleanup EXIT

start_server() {
  local port
  port=$(python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')
  rm -rf "$work/store"; mkdir -p "$work/store"
  token=$("$server" token create load --store "sqlite:$work/store/workouts.sqlite")
  "$server" --store "sqlite:$work/store/workouts.sqlite" --port "$port" --log-level error --max-body-bytes 8388608 >"$work/server.log" 2>&1 &
  pid=$!
  url="http://127.0.0.1:$port"
  for _ in $(seq 1 100); do curl -sf "$url/health" >/dev/null && return; sleep 0.1; done
  echo "server-load: the server did not start" >&2; cat "$work/server.log" >&2; exit 1
}

stop_server() { kill -TERM "$pid"; wait "$pid" || true; pid=""; }

echo "server-load: $(date -u +%Y-%m-%dT%H:%MZ), $(nproc) cores, load $(cut -d' ' -f1-3 /proc/loadavg)"
if [[ $mode != live ]]; then
  start_server
  python3 "$here/scripts/server_load.py" uploads --url "$url" --token "$token" --seconds "$seconds" --concurrency "$concurrency" --files 4000
  stop_server
fi
if [[ $mode != uploads ]]; then
  for n in ${sessions//,/ }; do
    start_server
    python3 "$here/scripts/server_load.py" live --url "$url" --token "$token" --sessions "$n" --seconds "$seconds" ${lockstep[@]+"${lockstep[@]}"}
    echo "server frame lateness (histogram, seconds):"
    curl -s "$url/metrics" | grep -E '^workout_frame_lateness_seconds_(bucket|count)' | sed 's/^/  /'
    stop_server
  done
fi
