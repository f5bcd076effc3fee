#!/usr/bin/env bash
# The release build the benchmarks share (the nested package Benchmarks/Store, git-ignored .build): builds each
# product named and prints the folder of the binaries.
#
#   bin="$(Benchmarks/scripts/store-release-build.sh route-replay store-probe)"
#
# An incremental release build here did not recompile WorkoutStore after a change to the root package's
# WorkoutCore (seen with Swift 6.3.1): the stale module copied WorkoutBuilder with its old layout and the
# import crashed. Touching the applications' sources first makes every build recompile them (a minute or two).
set -euo pipefail
benchmarks="$(cd "$(dirname "$0")/.." && pwd)"
root="$(cd "$benchmarks/.." && pwd)"
find "$root/Apps/Sources" "$benchmarks/Store/Sources" -name '*.swift' -exec touch {} +
# The Swift runtime and Foundation linked statically (issue 21): `route-replay --version` 30 ms of CPU instead of
# 42 ms and the bundled run's summary 69 ms instead of 84 ms (farm-bench, 2026-11-27); the system's C libraries
# (PROJ, GEOS, libxml2, SQLite) stay shared.
for product in "$@"; do
  swift build -c release --static-swift-stdlib --package-path "$benchmarks/Store" --product "$product" >&2
done
swift build -c release --static-swift-stdlib --package-path "$benchmarks/Store" --show-bin-path
