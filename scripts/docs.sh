#!/usr/bin/env bash
# Builds the documentation (DocC) of the library: the WorkoutEngine catalog (Sources/WorkoutEngine/WorkoutEngine.docc:
# the landing page and the articles), each module's own catalog, and the reference of every library module, as one
# combined archive in which the links between modules (``/WorkoutCore/WorkoutBuilder``) resolve. Needs
# swift-docc-plugin, which Package.swift adds only when WORKOUTENGINE_DOCS=1 (so the library's users never resolve it).
#
#   scripts/docs.sh                   # archives in .build/plugins/Swift-DocC/outputs/ (the combined one included)
#   scripts/docs.sh --warnings        # the same, then lists DocC's warnings (unresolved links first; the whole
#                                     # output is in .build/docs.log)
#   scripts/docs.sh --serve           # builds for static hosting, then serves the archive on
#                                     # http://localhost:8080/documentation/workoutengine/ (python3's http.server)
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

serve=false
if [ "${1:-}" = "--serve" ]; then
    serve=true
    shift
    set -- --transform-for-static-hosting "$@"
fi
warnings=false
if [ "${1:-}" = "--warnings" ]; then
    warnings=true
    shift
fi
log=.build/docs.log
mkdir -p .build
set +e
swift package generate-documentation --enable-experimental-combined-documentation "${targets[@]}" "$@" 2>&1 | tee "$log" |
    grep -E "^(Generated|Finished building|error)"
status=${PIPESTATUS[0]}
set -e
if [ "$warnings" = true ]; then
    echo "unresolved links:"
    grep -E "^warning: .*(doesn't exist at|No external resolver|is ambiguous)" "$log" | sort | uniq -c || echo "  none"
    echo "other warnings:"
    grep -E "^warning:" "$log" | grep -vE "doesn't exist at|No external resolver|is ambiguous" | sort | uniq -c || echo "  none"
fi
if [ "$status" -eq 0 ] && [ "$serve" = true ]; then
    # (swift package preview-documentation previews one module at a time, where the links between modules
    # cannot resolve; the combined archive has them all.)
    echo "serving on http://localhost:8080/documentation/workoutengine/ (Ctrl-C stops)"
    exec python3 -m http.server 8080 --bind 127.0.0.1 --directory .build/plugins/Swift-DocC/outputs/WorkoutEngine.doccarchive
fi
exit "$status"
