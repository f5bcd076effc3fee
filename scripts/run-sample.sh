#!/usr/bin/env bash
# Summarises a bundled real run (a Garmin watch, MIT-licensed; see SampleTracks/SOURCES.md).
# Installs the system libraries first when they are missing. Extra arguments go to `summary`,
# for example `scripts/run-sample.sh --format json`.
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/install-system-deps.sh
swift build --package-path Apps --product route-replay >&2
"$(swift build --package-path Apps --show-bin-path)/route-replay" summary SampleTracks/run-garmin-connect-hr-cadence.gpx --format text "$@"
