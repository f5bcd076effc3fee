#!/usr/bin/env bash
# Builds the documentation (DocC) of the library: the WorkoutEngine catalog (Sources/WorkoutEngine/WorkoutEngine.docc:
# the landing page and the articles) and the reference of every library module, as one combined archive in which
# the articles' links to the stage modules' types resolve. Needs swift-docc-plugin, which Package.swift adds only
# when WORKOUTENGINE_DOCS=1 (so the library's users never resolve it).
#
#   scripts/docs.sh                   # archives in .build/plugins/Swift-DocC/outputs/ (the combined one included)
#   scripts/docs.sh --warnings        # the same, then lists DocC's warnings (unresolved links first; the whole
#                                     # output is in .build/docs.log)
#   scripts/docs.sh --preview         # serves the WorkoutEngine module's pages on http://localhost:8080
#
# Extra arguments go to `swift package generate-documentation` (for example
# `--transform-for-static-hosting --hosting-base-path WorkoutEngine`).
set -euo pipefail
cd "$(dirname "$0")/.."
export WORKOUTENGINE_DOCS=1
modules=(WorkoutSamples SessionSupport Geodesy RouteGeometry TrackFormats WorkoutCore WorkoutLive WorkoutPersistence
         WorkoutExports WorkoutEngine StrengthTraining)
targets=()
for module in "${modules[@]}"; do targets+=(--target "$module"); done

if [ "${1:-}" = "--preview" ]; then
    shift
    exec swift package --disable-sandbox preview-documentation --target WorkoutEngine "$@"
fi
warnings=false
if [ "${1:-}" = "--warnings" ]; then
    warnings=true
    shift
fi
log=.build/docs.log
mkdir -p .build
swift package generate-documentation --enable-experimental-combined-documentation "${targets[@]}" "$@" 2>&1 | tee "$log" |
    grep -E "^(Generated|Finished building|error)" || true
status=${PIPESTATUS[0]}
if [ "$warnings" = true ]; then
    echo "unresolved links:"
    grep -E "^warning: .*(doesn't exist at|No external resolver|is ambiguous)" "$log" | sort | uniq -c || echo "  none"
    echo "other warnings:"
    grep -E "^warning:" "$log" | grep -vE "doesn't exist at|No external resolver|is ambiguous" | sort | uniq -c || echo "  none"
fi
exit "$status"
