#!/usr/bin/env bash
# Regenerates the golden outputs in Tests/Golden from the current build of route-replay. Run only after a
# deliberate change of output, and name the change in the commit (GoldenOutputTests explains why).
set -euo pipefail
cd "$(dirname "$0")/.."
swift build --package-path Apps --product route-replay >&2
bin="$(swift build --package-path Apps --show-bin-path)/route-replay"
out=Tests/Golden
mkdir -p "$out"
for track in SampleTracks/*.gpx SampleTracks/*.tcx; do
  name=$(basename "$track"); name=${name%.*}
  "$bin" summary "$track" --format json > "$out/$name.summary.json"
done
"$bin" replay SampleTracks/run-suunto-ambit-hr-cad-pauses.gpx --as-fast-as-possible --fps 2 --pause-at 600 --resume-at 720 \
  | gzip -9 -n > "$out/run-suunto-ambit-hr-cad-pauses.replay-fps2-pause600-720.ndjson.gz"
"$bin" replay SampleTracks/run-garmin-connect-hr-cadence.gpx --as-fast-as-possible --fps 1 --auto-pause \
  | gzip -9 -n > "$out/run-garmin-connect-hr-cadence.replay-fps1-autopause.ndjson.gz"
for format in csv gpx; do
  "$bin" export SampleTracks/run-suunto-ambit-hr-cad-pauses.gpx --to $format | gzip -9 -n > "$out/run-suunto-ambit-hr-cad-pauses.export.$format.gz"
done
"$bin" export SampleTracks/hike-garmin-gpsmap64s-2seg-elevation.gpx --to geojson | gzip -9 -n > "$out/hike-garmin-gpsmap64s-2seg-elevation.export.geojson.gz"
