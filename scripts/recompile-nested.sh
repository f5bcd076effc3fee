#!/usr/bin/env bash
# Touches the Swift sources under each folder given, so that the next build of a nested package (Apps/,
# Benchmarks/, Benchmarks/Store) recompiles them. An incremental build of such a package may keep modules
# compiled against the root package's old type layouts: with Swift 6.3.1, after a stored property was added to
# a WorkoutCore struct, the store's tests and the benchmark probes crashed copying a WorkoutBuilder. A fresh
# clone builds everything from scratch and does not need this.
#
#   scripts/recompile-nested.sh Apps/Sources Apps/Tests
set -euo pipefail
for folder in "$@"; do
  find "$folder" -name '*.swift' -exec touch {} +
done
