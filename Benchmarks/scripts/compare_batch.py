#!/usr/bin/env python3
"""Many workouts at once: route-replay summary of a directory against gpxpy and gpsbabel on the same files.

Normally started by Benchmarks/compare.sh (--batch N), which generates the files (tracks.py --batch N 3600:
one-hour 1 Hz runs with elevation, heart rate and cadence) and builds route-replay. Three programs, each on
every file of the directory, whole process, wall time around spawn and wait (peak RSS from wait4):

  route-replay   `route-replay summary DIR --jobs J`: one process, J files at once, one NDJSON line per file
  gpxpy          one Python process that parses each file in turn with gpxpy and computes length, moving
                 data and uphill/downhill (what gpxpy_peer.py does for one file)
  gpsbabel       `xargs -P J` running `gpsbabel -i gpx -f FILE -o gpx -F /dev/null` per file (a read and a
                 write, no summary)

Ours runs --runs times (median), the peers once each (gpxpy takes minutes). Prints a Markdown table and, with
--json-out, the raw figures.

  python3 compare_batch.py --dir generated/batch-1000x3600 --route-replay BIN --gpsbabel BIN \\
      [--gpxpy-python PY] [--jobs 2] [--runs 3] [--json-out FILE]
"""

import argparse
import json
import os
import shlex
import statistics
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from compare import spawn_measured  # noqa: E402

GPXPY_LOOP = """
import sys, gpxpy
for path in sys.argv[1:]:
    with open(path, encoding="utf-8") as f:
        gpx = gpxpy.parse(f)
    gpx.length_2d(); gpx.get_moving_data(); gpx.get_uphill_downhill()
"""


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--dir", required=True)
    parser.add_argument("--route-replay", required=True)
    parser.add_argument("--gpsbabel", required=True)
    parser.add_argument("--gpxpy-python")
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--json-out")
    args = parser.parse_args()

    files = sorted(os.path.join(args.dir, name) for name in os.listdir(args.dir) if name.endswith(".gpx"))
    if not files:
        sys.exit(f"compare_batch.py: no .gpx files in {args.dir}")
    count = len(files)
    megabytes = sum(os.path.getsize(path) for path in files) / 1e6
    results = []

    def record(name, command, times, rss_kib, status):
        if status != 0:
            sys.exit(f"compare_batch.py: {name} exited with status {status}: {command}")
        median = statistics.median(times)
        results.append({"program": name, "command": command, "runs": len(times), "secondsMedian": median,
                        "filesPerSecond": count / median, "peakRssMiB": rss_kib / 1024})
        print(f"  {name}: {median:.2f} s ({count / median:.1f} files/s)", file=sys.stderr, flush=True)

    # Ours: one untimed warm-up (page cache), then --runs.
    ours = [args.route_replay, "summary", args.dir, "--jobs", str(args.jobs)]
    output = os.path.join(os.path.dirname(os.path.abspath(args.dir)), "batch-summaries.ndjson")
    spawn_measured(ours, output, "/dev/null")
    times, peak = [], 0
    for _ in range(args.runs):
        wall, rss, status = spawn_measured(ours, output, "/dev/null")
        times.append(wall)
        peak = max(peak, rss)
    with open(output, encoding="utf-8") as f:
        lines = [json.loads(line) for line in f]
    failed = [line["path"] for line in lines if "summary" not in line]
    if len(lines) != count or failed:
        sys.exit(f"compare_batch.py: route-replay gave {len(lines)} lines for {count} files, failures: {failed[:3]}")
    record("route-replay summary", " ".join(ours[1:]), times, peak, status)

    # gpsbabel, J at a time through xargs (the time includes xargs and one gpsbabel start per file).
    listing = os.path.join(os.path.dirname(os.path.abspath(args.dir)), "batch-files.txt")
    with open(listing, "w", encoding="utf-8") as f:
        f.write("\0".join(files) + "\0")
    babel = ["sh", "-c", f"xargs -0 -P {args.jobs} -I{{}} {shlex.quote(args.gpsbabel)} -i gpx -f {{}} -o gpx -F /dev/null"
             f" < {shlex.quote(listing)}"]
    wall, rss, status = spawn_measured(babel, "/dev/null", "/dev/null")
    record(f"gpsbabel, xargs -P {args.jobs}", "gpsbabel -i gpx -f FILE -o gpx -F /dev/null", [wall], rss, status)

    if args.gpxpy_python:
        wall, rss, status = spawn_measured([args.gpxpy_python, "-c", GPXPY_LOOP, *files], "/dev/null", "/dev/null")
        record("gpxpy, one process", "gpxpy.parse + length_2d + get_moving_data + get_uphill_downhill", [wall], rss, status)

    ours_median = results[0]["secondsMedian"]
    print(f"\n{count} one-hour 1 Hz GPX files ({megabytes:.0f} MB), --jobs {args.jobs}, {time.strftime('%Y-%m-%d')}, "
          f"{os.cpu_count()} cores:\n")
    print("| program | runs | median s | files/s | peak RSS MiB | time vs us |")
    print("|---|---:|---:|---:|---:|---:|")
    for result in results:
        print(f"| {result['program']} | {result['runs']} | {result['secondsMedian']:.2f} | {result['filesPerSecond']:.1f} | "
              f"{result['peakRssMiB']:.1f} | {result['secondsMedian'] / ours_median:.2f}x |")
    if args.json_out:
        with open(args.json_out, "w", encoding="utf-8") as f:
            json.dump({"files": count, "megabytes": megabytes, "jobs": args.jobs, "results": results}, f, indent=2)


if __name__ == "__main__":
    main()
