#!/usr/bin/env bash
# The store's speed (issue 18, item 7), measured in a release build, in one command:
#
#   Benchmarks/store.sh                                        # the README's figures
#   Benchmarks/store.sh --files 200 --workouts 20000 --queries 100 --no-postgres
#
# 1. builds store-probe and route-replay in release (the nested package Benchmarks/Store, scratch folder
#    Benchmarks/Store/.build, so it never waits for or disturbs another build);
# 2. writes --files one-hour 1 Hz runs as GPX (ele, time, Garmin hr + cad; about 0.9 MB each) into
#    Benchmarks/generated/store-runs/ (kept and reused);
# 3. times `route-replay import DIR --store ... --jobs 2` into a new SQLite file, then into PostgreSQL (a
#    throwaway cluster from scripts/with-postgres.sh, fsync on, as a server would run), the files read once
#    before each (in the page cache, as right after they arrived): the rate is the command's own last line
#    (files per second of wall time, the process's start and the migrations included);
# 4. fills a SQLite file (Benchmarks/generated/store-workouts.sqlite, kept: later runs only top it up) and
#    the PostgreSQL database with --workouts short workouts spread over 4 x 4 degrees, and times --queries
#    bounding-box queries of 0.01 degrees (about 1 km; a few workouts each) and of 0.1 degrees through the
#    store's API (`workouts(matching:)`): p50, p95 and max;
# 5. runs --sessions live sessions on one node for --seconds of wall time, each given a fix and a heart rate a
#    second (LiveSessions, group commit): CPU, the commit latency of a second's records, and ending them all.
# Everything it writes is git-ignored (Benchmarks/generated/, Benchmarks/Store/.build/).
set -euo pipefail

here="$(cd "$(dirname "$0")" && pwd)"
root="$(cd "$here/.." && pwd)"
work="$here/generated"
files=1000
workouts=100000
queries=200
sessions=1000
seconds=30
postgres=1
phase=""
while (($#)); do
  case "$1" in
    --files) files="$2"; shift 2 ;;
    --workouts) workouts="$2"; shift 2 ;;
    --queries) queries="$2"; shift 2 ;;
    --sessions) sessions="$2"; shift 2 ;;
    --seconds) seconds="$2"; shift 2 ;;
    --no-postgres) postgres=0; shift ;;
    --postgres-phase) phase="postgres"; shift ;;
    *) echo "store.sh: unknown option $1" >&2; exit 64 ;;
  esac
done

bin="$(swift build -c release --static-swift-stdlib --package-path "$here/Store" --show-bin-path)"
runs="$work/store-runs"

# Steps 3 and 4 on PostgreSQL, run by step 3 inside scripts/with-postgres.sh (the cluster lives as long as
# this phase).
if [[ $phase == postgres ]]; then
  url="${WORKOUT_STORE_POSTGRES_URL%%\?*}"
  admin="$url"
  base="${url%/*}"
  for database in bench_import bench_query bench_live; do
    psql -X -q "$admin" -c "DROP DATABASE IF EXISTS $database" -c "CREATE DATABASE $database"
  done
  echo "== import of $files files into PostgreSQL, --jobs 2 (files in the page cache)"
  cat "$runs"/*.gpx > /dev/null
  "$bin/route-replay" import "$runs" --store "$base/bench_import" --jobs 2 >/dev/null
  echo "== $workouts short workouts into PostgreSQL, then bounding-box queries"
  "$bin/store-probe" fill "$base/bench_query" "$workouts" 2
  psql -X -q "$base/bench_query" -c "VACUUM ANALYZE"
  "$bin/store-probe" query "$base/bench_query" "$queries" 0.01
  "$bin/store-probe" query "$base/bench_query" "$queries" 0.1
  echo "== $sessions live sessions on one node, PostgreSQL"
  "$bin/store-probe" live "$base/bench_live" "$sessions" "$seconds"
  exit 0
fi

"$root/scripts/install-system-deps.sh"
echo "== build (release)"
bin="$("$here/scripts/store-release-build.sh" store-probe route-replay)"
echo "== $(date -u +%Y-%m-%d) on $(nproc) cores: $(uname -srm)"

mkdir -p "$work"
"$bin/store-probe" gpx "$runs" "$files" 3600

# The files are read once before each import, so that the rate is the import's and not this machine's disk's
# (a batch benchmark run just before pushes them out of the page cache: at d10a2f4 the SQLite import read 136.8
# files/s with the 0.9 GB cold, 164-172 with them cached).
echo "== import of $files files into SQLite, --jobs 2 (files in the page cache)"
cat "$runs"/*.gpx > /dev/null
sqlite="$work/store-import.sqlite"
rm -f "$sqlite" "$sqlite-wal" "$sqlite-shm"
"$bin/route-replay" import "$runs" --store "sqlite:$sqlite" --jobs 2 >/dev/null

echo "== $workouts short workouts into SQLite, then bounding-box queries"
"$bin/store-probe" fill "sqlite:$work/store-workouts.sqlite" "$workouts" 2
"$bin/store-probe" query "sqlite:$work/store-workouts.sqlite" "$queries" 0.01
"$bin/store-probe" query "sqlite:$work/store-workouts.sqlite" "$queries" 0.1

echo "== $sessions live sessions on one node, SQLite"
live="$work/store-live.sqlite"
rm -rf "$live" "$live-wal" "$live-shm" "$live-nodes"
"$bin/store-probe" live "sqlite:$live" "$sessions" "$seconds"

if ((postgres)); then
  WITH_POSTGRES_FSYNC=on "$root/scripts/with-postgres.sh" "$0" --postgres-phase --files "$files" --workouts "$workouts" \
    --queries "$queries" --sessions "$sessions" --seconds "$seconds"
fi
