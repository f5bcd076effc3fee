#!/usr/bin/env bash
# The web pages in a real browser: installs Debian's `chromium` when missing, starts the real
# `workout-server` on a free loopback port with a temporary SQLite store and a bearer token, and drives the
# pages headless through scripts/test-web.py (Chrome DevTools Protocol over a pipe, Python standard library
# only): an upload, the workout page, and a replay through a live session whose Duration is read over time.
# Chromium and the server are stopped on every exit, failures included.
#
#   scripts/test-web.sh                          # screenshots go to a temporary folder, removed afterwards
#   scripts/test-web.sh --screenshots docs/images --speed 120 # refresh the README's pictures of the pages
#
# Needs `workout-server` built (scripts/test.sh builds it; otherwise this builds it, debug).
set -euo pipefail
cd "$(dirname "$0")/.."

screenshots=""
speed=10
while (($#)); do
  case "$1" in
    --screenshots) screenshots="$2"; shift 2 ;;
    --speed) speed="$2"; shift 2 ;;
    *) echo "test-web: unknown argument $1 (expected --screenshots DIR, --speed X)" >&2; exit 64 ;;
  esac
done

if ! command -v chromium >/dev/null 2>&1; then
  echo "test-web: installing chromium" >&2
  sudo=""
  if [[ $(id -u) -ne 0 ]]; then sudo="sudo"; fi
  export DEBIAN_FRONTEND=noninteractive
  $sudo apt-get update -qq
  $sudo apt-get install -y -qq --no-install-recommends chromium >/dev/null
fi

swift build --package-path Apps --product workout-server >/dev/null
server="$(swift build --package-path Apps --show-bin-path)/workout-server"

work="$(mktemp -d -t test-web.XXXXXX)"
server_pid=""
cleanup() {
  if [[ -n "$server_pid" ]] && kill -0 "$server_pid" 2>/dev/null; then
    kill -TERM "$server_pid" 2>/dev/null || true
    for _ in $(seq 50); do kill -0 "$server_pid" 2>/dev/null || break; sleep 0.1; done
    kill -KILL "$server_pid" 2>/dev/null || true
  fi
  rm -rf "$work"
}
trap cleanup EXIT INT TERM

store="sqlite:$work/store.sqlite"
token="$("$server" token create web-test --store "$store")"
port="$(python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1]); s.close()')"
"$server" --store "$store" --host 127.0.0.1 --port "$port" --log-level warning >"$work/server.log" 2>&1 &
server_pid=$!
for _ in $(seq 300); do
  if python3 -c "import urllib.request, sys; urllib.request.urlopen('http://127.0.0.1:$port/health', timeout=1)" 2>/dev/null; then
    break
  fi
  if ! kill -0 "$server_pid" 2>/dev/null; then
    echo "test-web: the server did not start:" >&2
    cat "$work/server.log" >&2
    exit 1
  fi
  sleep 0.1
done

# A GPX whose first point has a latitude that is not a number: the API answers 400 with line and column.
cat >"$work/broken-run.gpx" <<'GPX'
<?xml version="1.0" encoding="UTF-8"?>
<gpx version="1.1" creator="test-web"><trk><trkseg>
<trkpt lat="abc" lon="8.5"><time>2024-05-01T07:00:00Z</time></trkpt>
</trkseg></trk></gpx>
GPX

status=0
timeout 240 python3 scripts/test-web.py \
  --base "http://127.0.0.1:$port" --token "$token" \
  --track SampleTracks/run-garmin-connect-hr-cadence.gpx --laps-track SampleTracks/run-garmin-fr410-hr-3laps.tcx \
  --broken "$work/broken-run.gpx" \
  --screenshots "${screenshots:-$work/screenshots}" --speed "$speed" || status=$?
if ((status != 0)); then
  echo "test-web: server log:" >&2
  tail -n 40 "$work/server.log" >&2
fi
exit "$status"
