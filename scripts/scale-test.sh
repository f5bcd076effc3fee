#!/usr/bin/env bash
# Scale check: inputs far larger than memory should need, streamed through standard input by a
# generator (nothing large touches the disk), with peak RSS from /usr/bin/time -f %M.
#   1. `route-replay summary -` of a generated GPX at 1/10 and full size (default 2 GiB).
#   2. `route-replay replay - --as-fast-as-possible --fps 1 --format ndjson` (one frame per second of track
#      time, so the run measures ingest rather than printing 30 frames a second) of a generated NDJSON stream at
#      1/10 and full size (default 10 million samples), output to /dev/null.
# Prints input size, samples, wall time and peak RSS per run; the full-size RSS should stay close to the
# 1/10 one (streaming readers; what grows is only the accepted route the summary keeps).
#
#   scripts/scale-test.sh                          # 2 GiB GPX, 10 M samples
#   SCALE_GPX_BYTES=200000000 SCALE_NDJSON_SAMPLES=1000000 scripts/scale-test.sh   # quicker
#   SCALE_BINARY=path/to/route-replay scripts/scale-test.sh                          # skip the build
set -euo pipefail

root="$(cd "$(dirname "$0")/.." && pwd)"
cd "$root"
gpx_bytes="${SCALE_GPX_BYTES:-2147483648}"
ndjson_samples="${SCALE_NDJSON_SAMPLES:-10000000}"
[[ -x /usr/bin/time ]] || { echo "needs /usr/bin/time (apt-get install time)" >&2; exit 69; }

binary="${SCALE_BINARY:-}"
if [[ -z "$binary" ]]; then
    scratch="${SCALE_SCRATCH:-.build-robust}"
    swift build --package-path Apps -c release --product route-replay --scratch-path "$scratch" >&2
    binary="$(swift build --package-path Apps -c release --scratch-path "$scratch" --show-bin-path)/route-replay"
fi

# Writes a GPX of about $1 bytes (one track, 1 s per point, walking north-east with heart rate and
# cadence) to standard output, in large chunks.
generate_gpx() {
    python3 - "$1" <<'PY'
import sys
target = int(sys.argv[1])
out = sys.stdout.buffer
head = (b'<?xml version="1.0" encoding="UTF-8"?>\n<gpx version="1.1" creator="scale-test" '
        b'xmlns="http://www.topografix.com/GPX/1/1" '
        b'xmlns:gpxtpx="http://www.garmin.com/xmlschemas/TrackPointExtension/v1">\n'
        b'<trk><type>running</type><trkseg>\n')
tail = b'</trkseg></trk>\n</gpx>\n'
out.write(head)
written, i, base = len(head) + len(tail), 0, 1_700_000_000
import time as _time
while written < target:
    parts = []
    for _ in range(20000):
        t = base + i
        # A back-and-forth walk (no jump), 2.2 m per second, with valid, increasing times.
        leg, step = divmod(i, 200000)
        lat = 47.0 + (step if leg % 2 == 0 else 200000 - step) * 0.00002
        lon = 8.0 + leg * 0.001 + (i % 7) * 0.000001
        stamp = _time.strftime('%Y-%m-%dT%H:%M:%SZ', _time.gmtime(t)).encode().decode()
        parts.append('<trkpt lat="%.7f" lon="%.7f"><ele>%.1f</ele><time>%s</time>'
                     '<extensions><gpxtpx:TrackPointExtension><gpxtpx:hr>%d</gpxtpx:hr><gpxtpx:cad>%d</gpxtpx:cad>'
                     '</gpxtpx:TrackPointExtension></extensions></trkpt>\n'
                     % (lat, lon, 400 + (i % 500) * 0.1, stamp, 120 + i % 40, 80 + i % 10))
        i += 1
    chunk = ''.join(parts).encode()
    out.write(chunk)
    written += len(chunk)
out.write(tail)
print(i, file=sys.stderr)
PY
}

# Writes $1 NDJSON samples (a header, then location and heart-rate records alternating, 1 s apart).
generate_ndjson() {
    python3 - "$1" <<'PY'
import sys
count = int(sys.argv[1])
out = sys.stdout.buffer
out.write(b'{"type":"header","activity":"running"}\n')
base, i = 1_700_000_000, 0
while i < count:
    parts = []
    for _ in range(min(20000, count - i)):
        t = base + i // 2
        if i % 2 == 0:
            k = i // 2
            parts.append('{"type":"location","time":%d,"latitude":%.7f,"longitude":%.7f,"altitude":%.1f}\n'
                         % (t, 47.0 + ((k % 200000) if (k // 200000) % 2 == 0 else 200000 - k % 200000) * 0.00002,
                            8.0 + (k // 200000) * 0.001, 400 + (k % 500) * 0.1))
        else:
            parts.append('{"type":"heartRate","time":%d,"bpm":%d}\n' % (t, 120 + i % 40))
        i += 1
    out.write(''.join(parts).encode())
PY
}

# Runs "$@" reading from the generator given as the first argument; prints seconds and peak RSS in KiB.
measure() {
    local generator="$1" size="$2"; shift 2
    local stats
    stats=$(mktemp)
    local status=0
    "$generator" "$size" 2>/dev/null | /usr/bin/time -f '%e %M' -o "$stats" "$@" >/dev/null || status=$?
    read -r seconds rss <"$stats"
    rm -f "$stats"
    echo "$seconds $rss $status"
}

printf '%-44s %14s %9s %14s %6s\n' run input seconds "peak RSS MiB" exit
results=()
for fraction in 10 1; do
    size=$((gpx_bytes / fraction))
    read -r seconds rss status < <(measure generate_gpx "$size" "$binary" summary - --input-format gpx --no-analysis)
    printf '%-44s %11s MB %9s %14s %6s\n' "summary GPX (1/$fraction)" "$((size / 1000000))" "$seconds" "$((rss / 1024))" "$status"
    results+=("gpx $fraction $rss $status")
done
for fraction in 10 1; do
    count=$((ndjson_samples / fraction))
    read -r seconds rss status < <(measure generate_ndjson "$count" "$binary" replay - --input-format ndjson --as-fast-as-possible --fps 1 --format ndjson --no-analysis)
    printf '%-44s %10s smp %9s %14s %6s\n' "replay NDJSON --as-fast-as-possible (1/$fraction)" "$count" "$seconds" "$((rss / 1024))" "$status"
    results+=("ndjson $fraction $rss $status")
done
# Growth: full-size RSS over 1/10-size RSS (10x the input).
for kind in gpx ndjson; do
    small=$(printf '%s\n' "${results[@]}" | awk -v k="$kind" '$1 == k && $2 == 10 {print $3}')
    full=$(printf '%s\n' "${results[@]}" | awk -v k="$kind" '$1 == k && $2 == 1 {print $3}')
    awk -v k="$kind" -v s="$small" -v f="$full" 'BEGIN { printf "%s: peak RSS x%.2f for 10x the input\n", k, f / s }'
done
