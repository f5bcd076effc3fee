#!/usr/bin/env bash
# The applications' tests (Apps/, already built): one test target after another (RouteReplayTests,
# WorkoutStoreTests, WorkoutServerTests, ...), each running its tests in parallel. All at once, on 2 cores,
# the CLI processes, the two databases and the real servers starved each other until requests timed out.
# Every target runs even when one fails; the exit status says whether any did. With arguments (for example
# `--filter Golden`) it is one `swift test` run with them. scripts/test.sh runs this inside
# scripts/with-postgres.sh.
set -euo pipefail
cd "$(dirname "$0")/.."
if (($#)); then
  exec swift test --package-path Apps --skip-build "$@"
fi
targets=$(swift test --package-path Apps --skip-build list | cut -d. -f1 | sort -u)
failed=()
for target in $targets; do
  echo "test-apps: $target" >&2
  swift test --package-path Apps --skip-build --filter "^$target\\." || failed+=("$target")
done
if ((${#failed[@]})); then
  echo "test-apps: failed: ${failed[*]}" >&2
  exit 1
fi
