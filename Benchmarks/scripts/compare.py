#!/usr/bin/env python3
"""Runs route-replay and its peers on the same synthetic tracks and prints one table.

Normally started by Benchmarks/compare.sh, which installs the peers, builds the binaries and passes
their paths. Every program runs as a child process; its wall time is taken around spawn and wait, and
its peak RSS is the child's own ru_maxrss from wait4 (per run, not the maximum over all children).
Medians are over --runs runs after one untimed warm-up run (gpxpy gets no warm-up: it is slow and
reads the same page-cached file as the others). The programs of one size run round-robin, so a change in
the machine's load falls on all of them alike.
"""

import argparse
import json
import os
import statistics
import subprocess
import sys
import time

SAMPLES_PER_POINT = 3  # a location, a heart rate and a cadence per point, in both formats


def spawn_measured(argv, stdout_path, stderr_path):
    """Runs argv to completion; returns (wall seconds, peak RSS in KiB, exit status)."""
    actions = [
        (os.POSIX_SPAWN_OPEN, 0, "/dev/null", os.O_RDONLY, 0),
        (os.POSIX_SPAWN_OPEN, 1, stdout_path, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o644),
        (os.POSIX_SPAWN_OPEN, 2, stderr_path, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o644),
    ]
    start = time.perf_counter()
    pid = os.posix_spawnp(argv[0], argv, os.environ, file_actions=actions)
    _, status, usage = os.wait4(pid, 0)
    wall = time.perf_counter() - start
    return wall, usage.ru_maxrss, os.waitstatus_to_exitcode(status)


class Measurement:
    def __init__(self, name, input_kind, points, path, times, rss_kib, output):
        self.name = name
        self.input_kind = input_kind
        self.points = points
        self.path = path
        self.times = times
        self.rss_kib = rss_kib
        self.output = output

    @property
    def median(self):
        return statistics.median(self.times)

    @property
    def rss_mib(self):
        return self.rss_kib / 1024


class Job:
    """One program on one input: what to run and how often."""

    def __init__(self, name, input_kind, points, path, argv, runs, warmup=True):
        self.name, self.input_kind, self.points, self.path = name, input_kind, points, path
        self.argv, self.runs, self.warmup = argv, runs, warmup


def measure_interleaved(jobs, work, log=print):
    """Runs the jobs round-robin (run 1 of every job, then run 2 of every job, ...), so that a change in
    the machine's load during the measurement falls on every program alike and the ratios stay fair.
    Warm-up runs (untimed) come first, in the same order."""
    out_path = os.path.join(work, "last-run.stdout")
    err_path = os.path.join(work, "last-run.stderr")
    times = {id(j): [] for j in jobs}
    peaks = {id(j): [] for j in jobs}
    outputs = {}

    def run(job):
        wall, rss, code = spawn_measured(job.argv, out_path, err_path)
        if code != 0:
            with open(err_path, errors="replace") as f:
                detail = f.read()[-2000:]
            raise SystemExit(f"compare.py: {job.name} failed (exit {code}): {' '.join(job.argv)}\n{detail}")
        with open(out_path, errors="replace") as f:
            outputs[id(job)] = f.read()
        return wall, rss

    for job in jobs:
        if job.warmup:
            run(job)
    for round_index in range(max(j.runs for j in jobs)):
        for job in jobs:
            if round_index < job.runs:
                wall, rss = run(job)
                times[id(job)].append(wall)
                peaks[id(job)].append(rss)
    results = []
    for job in jobs:
        m = Measurement(job.name, job.input_kind, job.points, job.path, times[id(job)], max(peaks[id(job)]), outputs[id(job)])
        t = m.times
        log(f"  {job.name:<38} {job.input_kind:<7} {job.points:>8} pts  median {m.median:8.3f} s  "
            f"(min {min(t):.3f}, max {max(t):.3f}, {len(t)} runs)  peak RSS {m.rss_mib:7.1f} MiB", flush=True)
        results.append(m)
    return results


def parse_key_values(text):
    values = {}
    for token in text.split():
        if "=" in token:
            k, v = token.split("=", 1)
            values[k] = v
    return values


def our_distance(m):
    return float(json.loads(m.output)["distanceMeters"])


def fmt_ratio(x):
    return f"{x:.1f}x" if x >= 10 else f"{x:.2f}x"


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--work", required=True)
    parser.add_argument("--sizes", default="10000,100000,1000000")
    parser.add_argument("--runs", type=int, default=5, help="timed runs per program (sizes below 1M)")
    parser.add_argument("--runs-1m", type=int, default=3, help="timed runs per program at 1M points")
    parser.add_argument("--gpxpy-runs", type=int, default=3, help="timed gpxpy runs (sizes below 1M)")
    parser.add_argument("--peers-1m", action="store_true",
                        help="also run gpxpy (about 70 s and 6 GiB per run) and gpsbabel at 1M points")
    parser.add_argument("--route-replay", required=True)
    parser.add_argument("--geodloop", required=True)
    parser.add_argument("--gpxscan", required=True)
    parser.add_argument("--gpsbabel", default="gpsbabel")
    parser.add_argument("--gpxpy-python", help="the venv's python with gpxpy; omit to skip gpxpy")
    parser.add_argument("--probe", help="pipeline-probe binary; omit to skip the in-memory figure")
    parser.add_argument("--probe-size", type=int, default=100000)
    parser.add_argument("--json-out", help="also write all measurements here")
    args = parser.parse_args()

    sizes = [int(s) for s in args.sizes.split(",") if s]
    work = args.work
    here = os.path.dirname(os.path.abspath(__file__))
    gpxpy_script = os.path.join(here, "gpxpy_peer.py")

    load_before = os.getloadavg()
    print(f"load average before: {load_before[0]:.2f} {load_before[1]:.2f} {load_before[2]:.2f} on {os.cpu_count()} CPUs", flush=True)
    results = {}  # size -> list of Measurement
    distances = {}  # size -> {label: metres}
    for n in sizes:
        gpx = os.path.join(work, f"track-{n}.gpx")
        ndjson = os.path.join(work, f"track-{n}.ndjson")
        coords = os.path.join(work, f"track-{n}.coords")
        big = n >= 1_000_000
        runs = args.runs_1m if big else args.runs
        print(f"\n{n} points: GPX {os.path.getsize(gpx) / 1e6:.1f} MB, NDJSON {os.path.getsize(ndjson) / 1e6:.1f} MB", flush=True)
        jobs = [
            Job("route-replay summary --filter none", "GPX", n, gpx, [args.route_replay, "summary", "--filter", "none", gpx], runs),
            Job("route-replay summary --filter none", "NDJSON", n, ndjson, [args.route_replay, "summary", "--filter", "none", ndjson], runs),
            Job("route-replay summary (default filter)", "GPX", n, gpx, [args.route_replay, "summary", gpx], runs),
            Job("C scanner + geod_inverse", "GPX", n, gpx, [args.gpxscan, gpx], runs),
            Job("C geod_inverse loop (binary coords)", "coords", n, coords, [args.geodloop, coords], runs),
        ]
        if not big or args.peers_1m:
            jobs.append(Job("gpsbabel -i gpx -o gpx (read+write)", "GPX", n, gpx,
                            [args.gpsbabel, "-i", "gpx", "-f", gpx, "-o", "gpx", "-F", "/dev/null"], runs))
            if args.gpxpy_python:
                jobs.append(Job("gpxpy parse+length+moving+updown", "GPX", n, gpx, [args.gpxpy_python, gpxpy_script, gpx],
                                1 if big else args.gpxpy_runs, warmup=False))
        rows = measure_interleaved(jobs, work)
        ours, nd, default, scan, loop = rows[:5]
        results[n] = rows
        distances[n] = {
            "route-replay GPX --filter none": our_distance(ours),
            "route-replay NDJSON --filter none": our_distance(nd),
            "C geod_inverse loop": float(parse_key_values(loop.output)["distance"]),
            "C scanner + geod_inverse": float(parse_key_values(scan.output)["distance"]),
        }

    probe = None
    if args.probe:
        coords = os.path.join(work, f"track-{args.probe_size}.coords")
        print(f"\nIn-memory pipeline (pipeline-probe, {args.probe_size} points, median of 5 in one process):", flush=True)
        text = subprocess.run([args.probe, coords, "5"], check=True, capture_output=True, text=True).stdout
        probe = {row["case"]: row for row in map(json.loads, text.splitlines())}
        floor = parse_key_values(subprocess.run([args.geodloop, coords, "5"], check=True, capture_output=True, text=True).stdout)
        probe["c.geod_inverse.loop"] = {"nsPerPoint": float(floor["loop_ns_per_point"]), "distanceMeters": float(floor["distance"])}

    # ---- the table ---------------------------------------------------------------------------
    load_after = os.getloadavg()
    print("\n" + "=" * 132)
    print(f"load average before {load_before[0]:.2f}, after {load_after[0]:.2f} (1 min) on {os.cpu_count()} CPUs; "
          "other work on the machine inflates every row alike only when it is steady")
    header = (f"{'points':>9}  {'program':<38} {'input':<7} {'runs':>4} {'median s':>9} {'peak RSS MiB':>12} "
              f"{'ns/point':>9} {'MB/s':>8} {'Msamples/s':>10} {'time vs us':>10}")
    print(header)
    print("-" * 132)
    for n, rows in results.items():
        ours = rows[0].median
        for m in rows:
            size = os.path.getsize(m.path)
            ratio = m.median / ours
            samples = (f"{SAMPLES_PER_POINT * n / m.median / 1e6:10.2f}"
                       if m.name.startswith("route-replay") else f"{'':>10}")
            print(f"{n:>9}  {m.name:<38} {m.input_kind:<7} {len(m.times):>4} {m.median:9.3f} {m.rss_mib:12.1f} "
                  f"{m.median * 1e9 / n:9.0f} {size / 1e6 / m.median:8.1f} {samples} {fmt_ratio(ratio):>10}")
        print("-" * 132)
    print("time vs us: the row's median wall time / route-replay summary --filter none on the same GPX "
          "(above 1 means slower than us).")
    print("MB/s: the row's input file size / median wall time. Msamples/s: 3 samples per point / median wall time.")

    # ---- distances ---------------------------------------------------------------------------
    print("\nDistance (metres, WGS84 geodesic): ours against the C geod_inverse loop, required within 1e-9 relative")
    all_agree = True
    for n, d in distances.items():
        reference = d["C geod_inverse loop"]
        for label, value in d.items():
            rel = abs(value - reference) / reference
            ok = rel <= 1e-9
            all_agree &= ok
            print(f"{n:>9}  {label:<36} {value:22.9f}  rel. diff {rel:.2e}  {'ok' if ok else 'FAIL'}")

    # ---- in-memory -----------------------------------------------------------------------------
    if probe:
        c_ns = probe["c.geod_inverse.loop"]["nsPerPoint"]
        print(f"\nIn-memory, {args.probe_size} points, ns per point (median of 5 in one process; ratio to the C geod_inverse loop):")
        for key in ["c.geod_inverse.loop", "swift.pathLengthMeters", "summary.filterNone.locations",
                    "summary.filterNone.hrCadence", "summary.filterDefault.hrCadence",
                    "builder.add.filterNone.locations", "builder.summary.filterNone.locations"]:
            if key in probe:
                ns = probe[key]["nsPerPoint"]
                print(f"  {key:<40} {ns:9.1f} ns/point  {ns / c_ns:6.2f}x")

    # ---- targets ---------------------------------------------------------------------------------
    print("\nIssue 6 targets:")

    def verdict(ok):
        return "MET" if ok else "MISSED"

    def find(n, name, kind="GPX"):
        for m in results.get(n, []):
            if m.name.startswith(name) and m.input_kind == kind:
                return m
        return None

    mid = 100_000 if 100_000 in results else (sizes[0] if sizes else None)
    if mid is not None:
        ours = find(mid, "route-replay summary --filter none")
        for label, name, need in [("gpxpy", "gpxpy", 40.0), ("gpsbabel", "gpsbabel", 10.0)]:
            peer = find(mid, name)
            if peer:
                r = peer.median / ours.median
                print(f"  {mid} pts: >= {need:.0f}x faster than {label}: {r:.1f}x  {verdict(r >= need)}")
        scan = find(mid, "C scanner")
        r = ours.median / scan.median
        print(f"  {mid} pts: within 2x of the C floor (scanner + geod_inverse): {r:.2f}x  {verdict(r <= 2.0)}")
    if 1_000_000 in results:
        m = find(1_000_000, "route-replay summary --filter none")
        print(f"  1000000 pts: peak RSS < 150 MiB: GPX {m.rss_mib:.1f} MiB  {verdict(m.rss_mib < 150)}")
        nd = find(1_000_000, "route-replay summary --filter none", "NDJSON")
        print(f"  1000000 pts: NDJSON peak RSS {nd.rss_mib:.1f} MiB (same bound)  {verdict(nd.rss_mib < 150)}")
    for n in sizes:
        nd = find(n, "route-replay summary --filter none", "NDJSON")
        rate = SAMPLES_PER_POINT * n / nd.median
        if n >= 100_000:
            print(f"  {n} pts: NDJSON >= 1M samples/s end to end: {rate / 1e6:.2f} M/s  {verdict(rate >= 1e6)}")
    if probe:
        c_ns = probe["c.geod_inverse.loop"]["nsPerPoint"]
        for key in ["summary.filterNone.locations", "summary.filterNone.hrCadence"]:
            r = probe[key]["nsPerPoint"] / c_ns
            print(f"  in-memory {key} <= 1.25x the bare geod_inverse loop: {r:.2f}x  {verdict(r <= 1.25)}")
    print(f"  distances agree within 1e-9: {verdict(all_agree)}")

    if args.json_out:
        payload = {
            "results": {str(n): [{"name": m.name, "input": m.input_kind, "times": m.times, "peakRSSKiB": m.rss_kib}
                                 for m in rows] for n, rows in results.items()},
            "distances": {str(n): d for n, d in distances.items()},
            "probe": probe,
        }
        with open(args.json_out, "w") as f:
            json.dump(payload, f, indent=2)
    return 0 if all_agree else 1


if __name__ == "__main__":
    sys.exit(main())
