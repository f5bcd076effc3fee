#!/usr/bin/env bash
# Fails when a public declaration of the library's modules has no doc comment (`///`).
# Dumps the root package's symbol graphs (public symbols only; this builds the library when needed), then
# checks them with scripts/check-doc-comments.py, which lists what is missing. scripts/test.sh runs it.
set -euo pipefail
cd "$(dirname "$0")/.."
# SwiftPM writes the graphs next to the build products: .build/<triple>/symbolgraph. Start from an empty
# directory so that a module which failed to dump cannot pass on an old graph.
directory="$(dirname "$(swift build --show-bin-path)")/symbolgraph"
rm -rf "$directory"
log=$(mktemp)
trap 'rm -f "$log"' EXIT
# The dump also tries the test targets' modules and reports them as errors when they are not built; that
# is not our concern, so its status is not checked here: the Python check fails when a library module's
# graph is missing.
swift package dump-symbol-graph --minimum-access-level public >"$log" 2>&1 || true
status=0
python3 scripts/check-doc-comments.py "$directory" || status=$?
if [ "$status" -eq 64 ]; then cat "$log" >&2; fi
exit "$status"
