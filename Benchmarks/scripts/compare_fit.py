#!/usr/bin/env python3
"""Runs `route-replay convert FILE.fit --to gpx` (the file decoded and written as GPX, what gpsbabel does) and
`route-replay summary FILE.fit` (decoded and measured by the whole engine) against fitdecode (every frame
decoded) and `gpsbabel -i garmin_fit -o gpx` on the same FIT file, whole process each (spawn to exit), and
prints one table: median wall time, peak RSS, MB/s, and the ratio to route-replay's conversion, with the
issue 15 targets (30x fitdecode, 3x gpsbabel on a 20k-record file) for the conversion and for the summary.
Each program is timed right after an untimed run of itself (see the loop).

Normally started by Benchmarks/compare.sh (`--fit-only`, or after the GPX table).
"""

import argparse
import os
import statistics
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from compare import spawn_measured  # noqa: E402


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--route-replay", required=True)
    parser.add_argument("--gpsbabel", default="gpsbabel")
    parser.add_argument("--fitdecode-python", required=True)
    parser.add_argument("--runs", type=int, default=9)
    parser.add_argument("--work", default="/tmp")
    parser.add_argument("files", nargs="+")
    args = parser.parse_args()
    peer = os.path.join(os.path.dirname(os.path.abspath(__file__)), "fitdecode_peer.py")
    out, err = os.path.join(args.work, "fit-run.stdout"), os.path.join(args.work, "fit-run.stderr")

    print("| file | program | median s | peak RSS MiB | MB/s | x route-replay |")
    print("|---|---|---:|---:|---:|---:|")
    verdicts = []
    for path in args.files:
        size_mb = os.path.getsize(path) / 1e6
        jobs = [
            ("route-replay convert --to gpx", [args.route_replay, "convert", path, "--to", "gpx", "-o", "/dev/null"]),
            ("route-replay summary", [args.route_replay, "summary", path]),
            ("fitdecode 0.11 (all frames)", [args.fitdecode_python, peer, path]),
            ("gpsbabel -i garmin_fit -o gpx", [args.gpsbabel, "-i", "garmin_fit", "-f", path, "-o", "gpx", "-F", "/dev/null"]),
        ]
        times = {name: [] for name, _ in jobs}
        peaks = {name: [] for name, _ in jobs}
        for name, argv in jobs:  # one untimed warm-up each
            wall, rss, code = spawn_measured(argv, out, err)
            if code != 0:
                sys.exit(f"compare_fit.py: {name} failed (exit {code}) on {path}: {open(err).read()[-500:]}")
        # Round-robin, so a change of load falls on every program alike; each timed run right after an untimed
        # one of the same program, so that none is timed in the wake of another. In plain round-robin the
        # conversion always followed gpsbabel, and right after gpsbabel it took 1.5-1.6x its time right after
        # itself (31-32 against 20 ms, medians of 9, twice, 2026-11-30), while gpsbabel took the same time
        # after the conversion as after itself (79-80 against 80-86 ms): the order, not the programs.
        for _ in range(args.runs):
            for name, argv in jobs:
                spawn_measured(argv, out, err)
                wall, rss, _ = spawn_measured(argv, out, err)
                times[name].append(wall)
                peaks[name].append(rss)
        ours = statistics.median(times["route-replay convert --to gpx"])
        for name, _ in jobs:
            median = statistics.median(times[name])
            print(f"| {os.path.basename(path)} | {name} | {median:.3f} | {max(peaks[name]) / 1024:.1f} | "
                  f"{size_mb / median:.1f} | {median / ours:.1f} |")
        for ours_name in ("route-replay convert --to gpx", "route-replay summary"):
            mine = statistics.median(times[ours_name])
            verdicts.append((os.path.basename(path), ours_name, statistics.median(times["fitdecode 0.11 (all frames)"]) / mine,
                             statistics.median(times["gpsbabel -i garmin_fit -o gpx"]) / mine))
    for name, ours_name, fitdecode_ratio, gpsbabel_ratio in verdicts:
        print(f"{name}, {ours_name}: {fitdecode_ratio:.1f}x fitdecode (target 30x: {'met' if fitdecode_ratio >= 30 else 'NOT met'}), "
              f"{gpsbabel_ratio:.1f}x gpsbabel (target 3x: {'met' if gpsbabel_ratio >= 3 else 'NOT met'})")


if __name__ == "__main__":
    main()
