#!/usr/bin/env bash
# Renders the README's pictures from the bundled sample tracks into docs/images/ (an SVG and a PNG of
# each), with `route-replay export`:
#   run-map-pace        the Suunto run with pauses, coloured by pace, with legend, pause markers, scale bar
#   hike-map            the two-segment GPSMAP 64s hike in the hiking colour, fading along its length
#   run-heart-rate      the Suunto run's heart rate, zones shaded for an athlete with a 190 bpm maximum
#   hike-elevation      the hike's elevation profile over distance, its climbs shaded
#   run-splits          the Garmin run's kilometre splits as bars
#   run-pace-curve      the Garmin run's mean-maximal pace curve (it has no power)
# Needs rsvg-convert (scripts/install-system-deps.sh installs librsvg2-bin).
# Usage: scripts/render-readme-images.sh   (SCRATCH=<path> to build elsewhere than .build)
set -euo pipefail
cd "$(dirname "$0")/.."

scratch=${SCRATCH:-Apps/.build}
swift build --package-path Apps --scratch-path "$scratch" --product route-replay >&2
bin="$(swift build --package-path Apps --scratch-path "$scratch" --show-bin-path)/route-replay"
out=docs/images
mkdir -p "$out"

profile=$(mktemp)
trap 'rm -f "$profile"' EXIT
echo '{"maxHeartRate": 190}' >"$profile"

run=SampleTracks/run-suunto-ambit-hr-cad-pauses.gpx
hike=SampleTracks/hike-garmin-gpsmap64s-2seg-elevation.gpx

render() {
  local name=$1
  shift
  "$bin" export "$@" --to svg -o "$out/$name.svg"
  "$bin" export "$@" --to png -o "$out/$name.png"
  echo "wrote $out/$name.svg $out/$name.png" >&2
}

render run-map-pace "$run" --color-by pace --width 720
render hike-map "$hike" --activity hiking --width 720
render run-heart-rate "$run" --chart heartRate --profile "$profile" --width 720 --height 280
render hike-elevation "$hike" --activity hiking --chart elevation --width 720 --height 260
garmin=SampleTracks/run-garmin-connect-hr-cadence.gpx
render run-splits "$garmin" --chart splits --width 720 --height 260
render run-pace-curve "$garmin" --chart power-curve --width 720 --height 260
