#!/usr/bin/env python3
"""Load generator for workout-server (Benchmarks/server-load.sh runs it): standard library only.

  server_load.py uploads --url http://127.0.0.1:PORT --token T [--seconds 30] [--concurrency 8] [--files 400]
      Posts distinct one-hour 1 Hz GPX tracks (3 600 points with elevation and heart rate) as fast as the
      server takes them, over keep-alive connections; prints uploads per second and latency percentiles.

  server_load.py live --url ... --token T --sessions N [--seconds 60] [--ramp-per-second 100] [--lockstep]
      N live sessions, each posting one sample per second (a location and a heart rate, time = now) on
      its own connection and read by one SSE viewer at 1 fps on another; prints the ingest latency (POST
      round trip) and the frame lateness (arrival against the frame's due time) percentiles, measured
      after every session is up. Each session starts at its own phase of the second (independent devices:
      the fractional parts of n times the golden ratio, spread evenly over the second for any N), so its
      posts and its frames come once a second at that phase; with --lockstep every session posts in the same
      instant of each second (all devices in step: one burst of N requests a second, the worst case).

Every request loop is bounded in count and time, and talks only to the URL given (loopback).
"""
import argparse
import asyncio
import json
import math
import random
import time


class Connection:
    """One HTTP/1.1 keep-alive connection."""

    def __init__(self, host, port):
        self.host, self.port = host, port
        self.reader = self.writer = None

    async def open(self):
        self.reader, self.writer = await asyncio.open_connection(self.host, self.port, limit=1 << 22)

    async def request(self, method, path, token, body=b"", content_type="application/json"):
        head = (f"{method} {path} HTTP/1.1\r\nHost: {self.host}\r\nAuthorization: Bearer {token}\r\n"
                f"Content-Type: {content_type}\r\nContent-Length: {len(body)}\r\n\r\n")
        self.writer.write(head.encode() + body)
        await self.writer.drain()
        status, headers = await read_head(self.reader)
        length = int(headers.get("content-length", "0"))
        data = await self.reader.readexactly(length) if length else b""
        return status, data

    def close(self):
        if self.writer:
            self.writer.close()


async def read_head(reader):
    line = await reader.readline()
    if not line:
        raise ConnectionError("closed")
    status = int(line.split()[1])
    headers = {}
    while True:
        line = await reader.readline()
        if line in (b"\r\n", b""):
            return status, headers
        name, _, value = line.decode().partition(":")
        headers[name.strip().lower()] = value.strip()


def percentile(values, p):
    if not values:
        return float("nan")
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(math.ceil(p / 100 * len(ordered))) - 1)]


def gpx_track(index, start=1_700_000_000):
    """A one-hour 1 Hz run around a loop, distinct per index (start time and centre; the centre stays within
    0.1 degrees of 47 N 8 E whatever the index, so every latitude is valid)."""
    lat0, lon0 = 47.0 + (index % 1000) * 1e-4, 8.0 + (index % 97) * 1e-4
    t0 = start + index * 7200
    parts = ['<?xml version="1.0" encoding="UTF-8"?>\n<gpx version="1.1" creator="server-load" '
             'xmlns="http://www.topografix.com/GPX/1/1" '
             'xmlns:gpxtpx="http://www.garmin.com/xmlschemas/TrackPointExtension/v1">\n'
             '<trk><type>running</type><trkseg>\n']
    for i in range(3600):
        angle = 2 * math.pi * i / 600
        lat = lat0 + 0.004 * math.sin(angle)
        lon = lon0 + 0.006 * math.cos(angle)
        stamp = time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime(t0 + i))
        parts.append(f'<trkpt lat="{lat:.7f}" lon="{lon:.7f}"><ele>{400 + 10 * math.sin(angle):.1f}</ele>'
                     f'<time>{stamp}</time><extensions><gpxtpx:TrackPointExtension><gpxtpx:hr>{140 + i % 20}'
                     f'</gpxtpx:hr></gpxtpx:TrackPointExtension></extensions></trkpt>\n')
    parts.append("</trkseg></trk></gpx>\n")
    return "".join(parts).encode()


async def uploads(args, host, port):
    print(f"generating {args.files} one-hour 1 Hz GPX tracks ...", flush=True)
    # Distinct files (start time and centre per index), and distinct from one run to the next (a random start
    # within a day): index * 7200 s keeps every time within a year of 2023-11 (a large index once made
    # six-digit years, and the server rightly answered 400).
    start = 1_700_000_000 + random.randrange(86_400)
    files = [gpx_track(i, start=start) for i in range(args.files)]
    print(f"each about {len(files[0]) // 1024} KiB", flush=True)
    latencies, statuses, next_file = [], {}, [0]
    deadline = time.monotonic() + args.seconds

    async def worker():
        connection = Connection(host, port)
        await connection.open()
        try:
            while time.monotonic() < deadline and next_file[0] < len(files):
                body = files[next_file[0]]
                next_file[0] += 1
                started = time.monotonic()
                status, _ = await connection.request("POST", "/v1/workouts", args.token, body, "application/gpx+xml")
                latencies.append(time.monotonic() - started)
                statuses[status] = statuses.get(status, 0) + 1
        finally:
            connection.close()

    started = time.monotonic()
    await asyncio.gather(*(worker() for _ in range(args.concurrency)))
    elapsed = time.monotonic() - started
    stored = statuses.get(201, 0)
    print(json.dumps({
        "mode": "uploads", "concurrency": args.concurrency, "seconds": round(elapsed, 2), "statuses": statuses,
        "uploadsPerSecond": round(stored / elapsed, 1),
        "latencyMs": {"p50": round(percentile(latencies, 50) * 1000, 1), "p99": round(percentile(latencies, 99) * 1000, 1)},
    }), flush=True)


async def live(args, host, port):
    ingest, lateness, errors = [], [], {"create": 0, "ingest": 0, "frames": 0}
    measuring = [False]
    stop_at = [math.inf]
    # The viewers' tasks, referenced until the end (asyncio keeps only weak references to tasks: an unreferenced
    # one can be collected while pending, "Task was destroyed but it is pending!").
    viewers = []

    async def viewer(session_id):
        reader, writer = await asyncio.open_connection(host, port, limit=1 << 20)
        try:
            writer.write((f"GET /v1/sessions/{session_id}/frames?fps=1 HTTP/1.1\r\nHost: {host}\r\n"
                          f"Authorization: Bearer {args.token}\r\n\r\n").encode())
            await writer.drain()
            status, _ = await read_head(reader)
            if status != 200:
                errors["frames"] += 1
                return
            pending = b""
            while time.monotonic() < stop_at[0]:
                size_line = await asyncio.wait_for(reader.readline(), timeout=30)
                size = int(size_line.strip() or b"0", 16)
                if size == 0:
                    return
                pending += await reader.readexactly(size)
                await reader.readexactly(2)
                while b"\n\n" in pending:
                    message, pending = pending.split(b"\n\n", 1)
                    if measuring[0] and message.startswith(b"event: frame"):
                        data = message.split(b"data: ", 1)[1]
                        frame = json.loads(data)
                        lateness.append(time.time() - frame["trackTime"])
        except (asyncio.TimeoutError, ConnectionError, asyncio.IncompleteReadError):
            errors["frames"] += 1
        finally:
            writer.close()

    async def athlete(number):
        if not args.lockstep:
            await asyncio.sleep((number * 0.6180339887498949) % 1.0)
        connection = Connection(host, port)
        await connection.open()
        try:
            status, body = await connection.request("POST", "/v1/sessions", args.token, b'{"activity":"running","autoPause":"off"}')
            if status != 201:
                errors["create"] += 1
                return
            session_id = json.loads(body)["id"]
            viewers.append(asyncio.get_running_loop().create_task(viewer(session_id)))
            lat, lon = 47.0 + number * 1e-3, 8.0
            step = 0
            next_due = time.monotonic()
            while time.monotonic() < stop_at[0]:
                now = time.time()
                lat += 2.5e-5
                sample = (json.dumps({"type": "location", "time": now, "latitude": lat, "longitude": lon, "altitude": 400,
                                      "horizontalAccuracy": 5}) + "\n" +
                          json.dumps({"type": "heartRate", "time": now, "bpm": 140 + step % 20}) + "\n").encode()
                started = time.monotonic()
                status, _ = await connection.request("POST", f"/v1/sessions/{session_id}/samples", args.token, sample, "application/x-ndjson")
                if measuring[0]:
                    ingest.append(time.monotonic() - started)
                if status != 200:
                    errors["ingest"] += 1
                step += 1
                next_due += 1.0
                await asyncio.sleep(max(0.0, next_due - time.monotonic()))
        except (ConnectionError, asyncio.IncompleteReadError):
            errors["ingest"] += 1
        finally:
            connection.close()

    tasks = []
    for number in range(args.sessions):
        tasks.append(asyncio.get_running_loop().create_task(athlete(number)))
        if (number + 1) % args.ramp_per_second == 0:
            await asyncio.sleep(1)
    await asyncio.sleep(5)  # let every session settle before measuring
    measuring[0] = True
    measured_from = time.monotonic()
    stop_at[0] = measured_from + args.seconds
    await asyncio.sleep(args.seconds)
    measuring[0] = False
    await asyncio.wait(tasks, timeout=10)
    # A viewer waits for its next frame to see the end: stop them now (nothing more is measured).
    for task in viewers:
        task.cancel()
    await asyncio.gather(*viewers, return_exceptions=True)
    print(json.dumps({
        "mode": "live", "sessions": args.sessions, "lockstep": args.lockstep, "measuredSeconds": args.seconds, "errors": errors,
        "ingestRequests": len(ingest), "frames": len(lateness),
        "ingestLatencyMs": {"p50": round(percentile(ingest, 50) * 1000, 2), "p99": round(percentile(ingest, 99) * 1000, 2),
                            "max": round(max(ingest, default=float("nan")) * 1000, 2)},
        "frameLatenessMs": {"p50": round(percentile(lateness, 50) * 1000, 2), "p99": round(percentile(lateness, 99) * 1000, 2),
                            "max": round(max(lateness, default=float("nan")) * 1000, 2)},
    }), flush=True)


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("mode", choices=["uploads", "live"])
    parser.add_argument("--url", required=True)
    parser.add_argument("--token", required=True)
    parser.add_argument("--seconds", type=float, default=30)
    parser.add_argument("--concurrency", type=int, default=8)
    parser.add_argument("--files", type=int, default=400)
    parser.add_argument("--sessions", type=int, default=100)
    parser.add_argument("--ramp-per-second", type=int, default=100)
    parser.add_argument("--lockstep", action="store_true", help="every session posts in the same instant of each second")
    args = parser.parse_args()
    host, port = args.url.removeprefix("http://").split(":")
    port = int(port.rstrip("/"))
    if host not in ("127.0.0.1", "localhost", "[::1]"):
        raise SystemExit("server_load.py talks to loopback only")
    asyncio.run(uploads(args, host, port) if args.mode == "uploads" else live(args, host, port))


if __name__ == "__main__":
    main()
