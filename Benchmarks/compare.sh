#!/usr/bin/env bash
# Compares `route-replay summary` with its peers on the same synthetic tracks, in one command:
#
#   Benchmarks/compare.sh                  # 10k, 100k and 1M points; gpxpy and gpsbabel at 10k and 100k only
#   Benchmarks/compare.sh --peers-1m       # also gpxpy (~70 s, ~6 GiB per run) and gpsbabel at 1M points
#   Benchmarks/compare.sh --sizes 10000,100000 --runs 3
#   Benchmarks/compare.sh --fit-only      # only the FIT lines: route-replay vs fitdecode vs gpsbabel on FIT files
#   Benchmarks/compare.sh --batch 1000    # also many files at once: 1 000 one-hour 1 Hz GPX files, --jobs 2
#   Benchmarks/compare.sh --batch-only 1000
#
# What it does (everything it writes is git-ignored: Benchmarks/generated/, Benchmarks/.venv/, Benchmarks/.build/):
#  1. installs what is missing: the project's system libraries (scripts/install-system-deps.sh), gpsbabel
#     (Debian), and gpxpy $GPXPY_VERSION in Benchmarks/.venv;
#  2. generates deterministic 1 Hz tracks (scripts/tracks.py) as GPX 1.1 with Garmin hr + cad and as NDJSON,
#     plus a binary coordinates file, into Benchmarks/generated/ (kept and reused while the generator is unchanged);
#  3. builds route-replay in release through the nested package Benchmarks/Store (the release build that
#     Benchmarks/store.sh and server-load.sh use too) and pipeline-probe in release (Benchmarks/.build), so
#     neither waits for or disturbs a build in the main package's .build, and compiles the C programs
#     (cc -O2 ... -lproj);
#  4. runs scripts/compare.py: medians of wall time, peak RSS per run (wait4), ns/point, MB/s, ratios to us,
#     our distance against the C geod_inverse loop (1e-9 relative), the in-memory pipeline against the bare
#     loop, and the issue 6 targets. Exit status 1 if the distances disagree.
#
# Options: --sizes N,N,...  --runs N (default 5)  --runs-1m N (default 3)  --gpxpy-runs N (default 3)
#          --peers-1m  --no-gpxpy  --no-probe  --json FILE (raw measurements)
#          --fit-only  --no-fit  (the FIT lines run after the GPX table: the 20k-record FR910XT file from
#          ../shared/tracks when present, and SampleTracks' Edge 530 ride; fitdecode $FITDECODE_VERSION in the venv)
#          --batch N  --batch-only N  (N one-hour 1 Hz GPX files, tracks.py --batch N 3600: `route-replay summary
#          DIR --jobs 2` against gpxpy in one process and gpsbabel under `xargs -P 2`, scripts/compare_batch.py)
set -euo pipefail

here="$(cd "$(dirname "$0")" && pwd)"
root="$(cd "$here/.." && pwd)"
work="$here/generated"
venv="$here/.venv"
scratch="$here/.build"
GPXPY_VERSION="${GPXPY_VERSION:-1.6.2}"
FITDECODE_VERSION="${FITDECODE_VERSION:-0.11.0}"

sizes="10000,100000,1000000"
compare_args=()
use_gpxpy=1
use_probe=1
use_fit=1
fit_only=0
batch=0
batch_only=0
while (($#)); do
  case "$1" in
    --sizes) sizes="$2"; shift 2 ;;
    --runs | --runs-1m | --gpxpy-runs) compare_args+=("$1" "$2"); shift 2 ;;
    --json) compare_args+=(--json-out "$2"); shift 2 ;;
    --peers-1m) compare_args+=(--peers-1m); shift ;;
    --no-gpxpy) use_gpxpy=0; shift ;;
    --no-probe) use_probe=0; shift ;;
    --fit-only) fit_only=1; use_gpxpy=0; use_probe=0; shift ;;
    --no-fit) use_fit=0; shift ;;
    --batch) batch="$2"; shift 2 ;;
    --batch-only) batch="$2"; batch_only=1; shift 2 ;;
    -h | --help) sed -n '2,25p' "$0"; exit 0 ;;
    *) echo "compare.sh: unknown option $1 (see --help)" >&2; exit 64 ;;
  esac
done

step() { printf '\n== %s\n' "$*" >&2; }

# swift build, tried again (up to 4 times, 20 s apart) when it fails: in a shared checkout a source file
# may change under the build ("was modified during the build").
build() {
  local attempt
  for attempt in 1 2 3 4; do
    if swift build "$@" >&2; then return 0; fi
    echo "compare.sh: swift build $* failed (attempt $attempt); retrying in 20 s" >&2
    sleep 20
  done
  return 1
}

step "system packages"
"$root/scripts/install-system-deps.sh"
if ! command -v gpsbabel >/dev/null; then
  sudo=""; [[ $(id -u) -ne 0 ]] && sudo="sudo"
  export DEBIAN_FRONTEND=noninteractive
  $sudo apt-get update -qq
  $sudo apt-get install -y -qq --no-install-recommends gpsbabel >/dev/null
fi
gpsbabel -V 2>/dev/null | grep -m1 -i version >&2 || true

gpxpy_python=""
if ((use_gpxpy)); then
  step "gpxpy $GPXPY_VERSION in $venv"
  if [[ ! -x "$venv/bin/python" ]]; then
    python3 -m venv "$venv"
  fi
  if ! "$venv/bin/python" -c "import gpxpy, sys; sys.exit(gpxpy.__version__ != '$GPXPY_VERSION')" 2>/dev/null; then
    "$venv/bin/pip" install --quiet --disable-pip-version-check "gpxpy==$GPXPY_VERSION"
  fi
  gpxpy_python="$venv/bin/python"
fi

step "release build of route-replay (Benchmarks/Store)"
route_replay="$("$here/scripts/store-release-build.sh" route-replay)/route-replay"

# Many files at once: route-replay summary of a directory against gpxpy and gpsbabel.
run_batch() {
  step "$batch one-hour 1 Hz GPX files in $work/batch-${batch}x3600"
  mkdir -p "$work"
  python3 "$here/scripts/tracks.py" "$work" --batch "$batch" 3600
  step "measuring $batch files at once"
  local batch_args=(--dir "$work/batch-${batch}x3600" --route-replay "$route_replay" --gpsbabel "$(command -v gpsbabel)" --jobs 2)
  [[ -n "$gpxpy_python" ]] && batch_args+=(--gpxpy-python "$gpxpy_python")
  python3 "$here/scripts/compare_batch.py" "${batch_args[@]}"
}
if ((batch_only)); then
  run_batch
  exit 0
fi

# The FIT lines: route-replay against fitdecode and gpsbabel on real FIT files, whole process each.
run_fit() {
  step "fitdecode $FITDECODE_VERSION in $venv"
  [[ -x "$venv/bin/python" ]] || python3 -m venv "$venv"
  if ! "$venv/bin/python" -c "import fitdecode, sys; sys.exit(fitdecode.__version__ != '$FITDECODE_VERSION')" 2>/dev/null; then
    "$venv/bin/pip" install --quiet --disable-pip-version-check "fitdecode==$FITDECODE_VERSION"
  fi
  local files=()
  [[ -f "$root/../shared/tracks/large-garmin-fr910xt-run-20k-records.fit" ]] && files+=("$root/../shared/tracks/large-garmin-fr910xt-run-20k-records.fit")
  files+=("$root/SampleTracks/ride-garmin-edge530-hr-cad-power.fit")
  step "measuring FIT"
  mkdir -p "$work"
  python3 "$here/scripts/compare_fit.py" --route-replay "$route_replay" --gpsbabel "$(command -v gpsbabel)" \
    --fitdecode-python "$venv/bin/python" --work "$work" "${files[@]}"
}
if ((fit_only)); then
  run_fit
  exit 0
fi

step "tracks ($sizes points) in $work"
python3 "$here/scripts/tracks.py" "$work" ${sizes//,/ }
probe=""
if ((use_probe)); then
  "$here/../scripts/recompile-nested.sh" "$here/Sources"
  build --package-path "$here" -c release --product pipeline-probe
  probe="$(swift build --package-path "$here" -c release --show-bin-path)/pipeline-probe"
fi
mkdir -p "$scratch/c"
cc -O2 -o "$scratch/c/geodloop" "$here/scripts/c/geodloop.c" -lproj -lm
cc -O2 -o "$scratch/c/gpxscan" "$here/scripts/c/gpxscan.c" -lproj -lm

step "measuring"
args=(--work "$work" --sizes "$sizes" --route-replay "$route_replay"
  --geodloop "$scratch/c/geodloop" --gpxscan "$scratch/c/gpxscan" --gpsbabel "$(command -v gpsbabel)")
[[ -n "$gpxpy_python" ]] && args+=(--gpxpy-python "$gpxpy_python")
if [[ -n "$probe" ]]; then
  probe_size=100000
  [[ ",$sizes," == *",100000,"* ]] || probe_size="${sizes%%,*}"
  args+=(--probe "$probe" --probe-size "$probe_size")
fi
python3 "$here/scripts/compare.py" "${args[@]}" ${compare_args[@]+"${compare_args[@]}"}
if ((use_fit)); then run_fit; fi
if ((batch > 0)); then run_batch; fi
