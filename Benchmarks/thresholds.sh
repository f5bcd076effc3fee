#!/usr/bin/env bash
# The allocation gate of the ordo-one/benchmark suites (issue 6: CI gates only on what is deterministic).
#
#   Benchmarks/thresholds.sh           # check: every suite's mallocCountTotal p90 against Thresholds/*.p90.json
#   Benchmarks/thresholds.sh update    # rewrite Thresholds/ from a fresh run, mallocCountTotal only
#
# The threshold files hold mallocCountTotal alone, so wall-clock and throughput never fail a check; each
# suite allows 2 % over its recorded p90 (`thresholds:` in its defaultConfiguration). A check fails on a
# regression and also reports an improvement, after which `update` records the new, lower count.
# The first run builds the benchmark tooling in release (about 90 s on 2 cores).
set -euo pipefail
cd "$(dirname "$0")"
"../scripts/install-system-deps.sh"
"../scripts/recompile-nested.sh" Sources Benchmarks
case "${1:-check}" in
  check) exec swift package benchmark thresholds check --no-progress ;;
  update) exec swift package --allow-writing-to-package-directory benchmark thresholds update --metric mallocCountTotal --no-progress ;;
  *) echo "usage: $0 [check|update]" >&2; exit 64 ;;
esac
