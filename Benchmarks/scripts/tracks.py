#!/usr/bin/env python3
"""Deterministic synthetic 1 Hz runs for the peer comparison.

The formulas are the same as Benchmarks/Sources/SyntheticTracks/SyntheticTrack.swift (pipeline-probe
checks that both produce the very same coordinates). For N points this writes, into the work folder:

  track-N.gpx     GPX 1.1, one trk/trkseg, each trkpt with ele, time and Garmin TrackPointExtension hr + cad
  track-N.ndjson  a header line, then per point a location, a heartRate and a cadence record (the JSON schema)
  track-N.coords  little-endian float64 triplets (latitude, longitude, elevation) exactly as the files
                  print them (7, 7 and 1 decimals), for the C geod_inverse loop and pipeline-probe

  batch-CxN/run-K.gpx  (with --batch C N) C files of N points each, as track-N.gpx; file K starts at
                  point 617 K of the same curve (so the files differ) and at 2024-01-01T00:00:00Z

Files are rewritten only when missing or written by another GENERATOR_VERSION.

  python3 tracks.py WORK_DIR 10000 100000 1000000
  python3 tracks.py WORK_DIR --batch 1000 3600      # 1000 one-hour 1 Hz runs, for many files at once
"""

import math
import os
import struct
import sys

GENERATOR_VERSION = "1"
START_TIME = 1_704_067_200  # 2024-01-01T00:00:00Z
MAX_POINTS = 31 * 86_400  # times are written as January 2024

TWO_PI = 2 * math.pi


def quantise(x):
    """floor(x + 0.5), as SyntheticTrack.quantise."""
    return math.floor(x + 0.5)


def point(i):
    """Quantised values of point i: lat/lon in 1e-7 degrees, elevation in decimetres, hr, cadence."""
    a = float(i)
    lat = 47.3 + 0.02 * math.sin(TWO_PI * a / 5000) + 0.0002 * math.sin(TWO_PI * a / 97)
    lon = 8.5 + 0.03 * math.sin(TWO_PI * a / 7000 + 0.5) + 0.0002 * math.cos(TWO_PI * a / 131)
    ele = 420 + 35 * math.sin(TWO_PI * a / 1800) + 3 * math.sin(TWO_PI * a / 75)
    hr = 140 + 18 * math.sin(TWO_PI * a / 900)
    cad = 84 + 6 * math.sin(TWO_PI * a / 420)
    return quantise(lat * 1e7), quantise(lon * 1e7), quantise(ele * 10), quantise(hr), quantise(cad)


def fixed(value, decimals):
    """value / 10**decimals with exactly `decimals` fraction digits (no float formatting involved)."""
    sign = "-" if value < 0 else ""
    m = abs(value)
    scale = 10 ** decimals
    return f"{sign}{m // scale}.{m % scale:0{decimals}d}"


def iso_time(seconds):
    day, rest = divmod(seconds, 86_400)
    h, rest = divmod(rest, 3600)
    m, s = divmod(rest, 60)
    return f"2024-01-{day + 1:02d}T{h:02d}:{m:02d}:{s:02d}Z"


GPX_HEAD = (
    '<?xml version="1.0" encoding="UTF-8"?>\n'
    '<gpx version="1.1" creator="WorkoutEngine benchmarks" xmlns="http://www.topografix.com/GPX/1/1" '
    'xmlns:gpxtpx="http://www.garmin.com/xmlschemas/TrackPointExtension/v1" '
    'xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" '
    'xsi:schemaLocation="http://www.topografix.com/GPX/1/1 http://www.topografix.com/GPX/1/1/gpx.xsd">\n'
    "  <metadata>\n"
    "    <time>2024-01-01T00:00:00Z</time>\n"
    "  </metadata>\n"
    "  <trk>\n"
    "    <name>Synthetic run</name>\n"
    "    <type>running</type>\n"
    "    <trkseg>\n"
)
GPX_TAIL = "    </trkseg>\n  </trk>\n</gpx>\n"


def gpx_point(lat7, lon7, ele1, hr, cad, seconds):
    """One trkpt with ele, time and the Garmin extension, as every generated GPX file writes it."""
    return (
        f'      <trkpt lat="{fixed(lat7, 7)}" lon="{fixed(lon7, 7)}">\n'
        f"        <ele>{fixed(ele1, 1)}</ele>\n"
        f"        <time>{iso_time(seconds)}</time>\n"
        "        <extensions>\n"
        "          <gpxtpx:TrackPointExtension>\n"
        f"            <gpxtpx:hr>{hr}</gpxtpx:hr>\n"
        f"            <gpxtpx:cad>{cad}</gpxtpx:cad>\n"
        "          </gpxtpx:TrackPointExtension>\n"
        "        </extensions>\n"
        "      </trkpt>\n"
    )


def write_batch(work, count, n):
    """count GPX files of n points each in WORK/batch-COUNTxN; returns the folder."""
    if not 0 < n <= MAX_POINTS or count <= 0:
        raise SystemExit(f"tracks.py: --batch {count} {n}: need 1 file or more of 1...{MAX_POINTS} points")
    folder = os.path.join(work, f"batch-{count}x{n}")
    stamp = os.path.join(folder, ".stamp")
    if os.path.exists(stamp):
        with open(stamp) as f:
            if f.read().strip() == GENERATOR_VERSION:
                return folder
    os.makedirs(folder, exist_ok=True)
    for k in range(count):
        body = "".join(gpx_point(*point(617 * k + j), j) for j in range(n))
        path = os.path.join(folder, f"run-{k:04d}.gpx")
        with open(path + ".tmp", "w", encoding="ascii", newline="\n") as gpx:
            gpx.write(GPX_HEAD + body + GPX_TAIL)
        os.replace(path + ".tmp", path)
    with open(stamp, "w") as f:
        f.write(GENERATOR_VERSION + "\n")
    return folder


def write_track(work, n):
    if not 0 < n <= MAX_POINTS:
        raise SystemExit(f"tracks.py: {n} points: must be 1...{MAX_POINTS}")
    base = os.path.join(work, f"track-{n}")
    stamp = base + ".stamp"
    outputs = [base + ".gpx", base + ".ndjson", base + ".coords"]
    if all(os.path.exists(p) for p in outputs) and os.path.exists(stamp):
        with open(stamp) as f:
            if f.read().strip() == GENERATOR_VERSION:
                return False
    chunk = 20_000
    with open(base + ".gpx.tmp", "w", encoding="ascii", newline="\n") as gpx, \
            open(base + ".ndjson.tmp", "w", encoding="ascii", newline="\n") as nd, \
            open(base + ".coords.tmp", "wb") as coords:
        gpx.write(GPX_HEAD)
        nd.write('{"type":"header","activity":"running"}\n')
        for start in range(0, n, chunk):
            g, j, c = [], [], []
            for i in range(start, min(n, start + chunk)):
                lat7, lon7, ele1, hr, cad = point(i)
                lat, lon, ele = fixed(lat7, 7), fixed(lon7, 7), fixed(ele1, 1)
                t = START_TIME + i
                g.append(gpx_point(lat7, lon7, ele1, hr, cad, i))
                j.append(
                    f'{{"type":"location","time":{t},"latitude":{lat},"longitude":{lon},"altitude":{ele}}}\n'
                    f'{{"type":"heartRate","time":{t},"bpm":{hr}}}\n'
                    f'{{"type":"cadence","time":{t},"perMinute":{cad}}}\n'
                )
                # q / 10**k in binary floating point is the correctly rounded value of the printed
                # decimal, i.e. what any correct parser of the files returns.
                c.append(struct.pack("<3d", lat7 / 1e7, lon7 / 1e7, ele1 / 10))
            gpx.write("".join(g))
            nd.write("".join(j))
            coords.write(b"".join(c))
        gpx.write(GPX_TAIL)
    for p in outputs:
        os.replace(p + ".tmp", p)
    with open(stamp, "w") as f:
        f.write(GENERATOR_VERSION + "\n")
    return True


def main():
    if len(sys.argv) < 3:
        raise SystemExit("usage: tracks.py WORK_DIR N [N ...]")
    work = sys.argv[1]
    os.makedirs(work, exist_ok=True)
    if sys.argv[2] == "--batch":
        count, n = int(sys.argv[3]), int(sys.argv[4])
        folder = write_batch(work, count, n)
        print(f"tracks.py: {folder}: {count} files of {n} points", file=sys.stderr)
        return
    for n in map(int, sys.argv[2:]):
        wrote = write_track(work, n)
        size = os.path.getsize(os.path.join(work, f"track-{n}.gpx"))
        print(f"tracks.py: track-{n}: {'written' if wrote else 'up to date'} (GPX {size / 1e6:.1f} MB)", file=sys.stderr)


if __name__ == "__main__":
    main()
