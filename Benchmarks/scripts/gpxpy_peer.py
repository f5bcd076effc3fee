#!/usr/bin/env python3
"""The Python peer: gpxpy parses a GPX file and computes what a workout summary needs.

  python gpxpy_peer.py FILE.gpx

Runs gpx.length_2d(), gpx.get_moving_data() and gpx.get_uphill_downhill() after gpxpy.parse() and
prints them as one JSON line. length_2d is gpxpy's own (spherical) distance, shown for information only:
it is not the WGS84 geodesic the engine and the C loop compute.
"""

import json
import sys

import gpxpy


def main():
    with open(sys.argv[1], encoding="utf-8") as f:
        gpx = gpxpy.parse(f)
    length = gpx.length_2d()
    moving = gpx.get_moving_data()
    updown = gpx.get_uphill_downhill()
    print(json.dumps({
        "points": gpx.get_track_points_no(),
        "length2d": length,
        "movingTime": moving.moving_time,
        "movingDistance": moving.moving_distance,
        "uphill": updown.uphill,
        "downhill": updown.downhill,
    }))


if __name__ == "__main__":
    main()
