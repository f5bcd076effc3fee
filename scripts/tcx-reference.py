#!/usr/bin/env python3
"""Reference figures for TCX files, read with Python's standard xml.etree (independent of the Swift reader).

Usage (the committed output was made from the repository root with):
    python3 scripts/tcx-reference.py SampleTracks/*.tcx ../shared/tracks/ride-garmin-edge305-hr.tcx \
        ../shared/tracks/ride-garmin-edge520-hr-11k.tcx ../shared/tracks/run-polar-v800-hr-cad-leading-whitespace.tcx \
        > Tests/TrackFormatsTests/References/tcx-reference.json

Per file (keyed by file name): trackpoint counts (all, with a position, with heart rate, cadence, distance,
TPX speed, watts, run cadence), Track elements and the segments they make, the first and last trackpoint time (seconds since 1970),
the activity's sport, the Creator's name, and per lap its start time, TotalTimeSeconds, DistanceMeters,
Calories, average and maximum heart rate, TriggerMethod, the number of its trackpoints and its last
trackpoint time. Leading white space before the XML declaration (Polar exports) is stripped first,
because expat refuses it.
"""
import json
import os
import sys
import xml.etree.ElementTree as ET
from datetime import datetime

TCX = "{http://www.garmin.com/xmlschemas/TrainingCenterDatabase/v2}"
AX = "{http://www.garmin.com/xmlschemas/ActivityExtension/v2}"


def seconds(text):
    if text is None:
        return None
    return datetime.fromisoformat(text.strip().replace("Z", "+00:00")).timestamp()


def number(element):
    return None if element is None or element.text is None else float(element.text)


def value_of(parent, name):
    child = parent.find(TCX + name)
    if child is None:
        return None
    return number(child.find(TCX + "Value"))


def describe(path):
    data = open(path, "rb").read().lstrip(b" \t\r\n")
    root = ET.fromstring(data)
    counts = dict(trackpoints=0, withPosition=0, heartRate=0, cadence=0, distance=0, speed=0, watts=0,
                  runCadence=0, tracks=0, segments=0)
    first = last = None
    laps = []
    activities = root.findall(f"{TCX}Activities/{TCX}Activity")
    for activity in activities:
        activity_had_track = False
        for lap in activity.findall(TCX + "Lap"):
            lap_points = 0
            lap_last = None
            for index, track in enumerate(lap.findall(TCX + "Track")):
                counts["tracks"] += 1
                # A segment starts at an activity's first Track and at a lap's second or later one; a lap's
                # first Track after an earlier lap's goes on with the segment.
                if index > 0 or not activity_had_track:
                    counts["segments"] += 1
                activity_had_track = True
                for point in track.findall(TCX + "Trackpoint"):
                    counts["trackpoints"] += 1
                    lap_points += 1
                    time = seconds(point.findtext(TCX + "Time"))
                    if time is not None:
                        first = time if first is None else first
                        last = time
                        lap_last = time
                    position = point.find(TCX + "Position")
                    if position is not None and position.find(TCX + "LatitudeDegrees") is not None:
                        counts["withPosition"] += 1
                    if value_of(point, "HeartRateBpm") is not None:
                        counts["heartRate"] += 1
                    if point.find(TCX + "Cadence") is not None:
                        counts["cadence"] += 1
                    if point.find(TCX + "DistanceMeters") is not None:
                        counts["distance"] += 1
                    for tpx in point.iter(AX + "TPX"):
                        counts["speed"] += len(tpx.findall(AX + "Speed"))
                        counts["watts"] += len(tpx.findall(AX + "Watts"))
                        counts["runCadence"] += len(tpx.findall(AX + "RunCadence"))
            laps.append(dict(
                startTime=seconds(lap.get("StartTime")),
                totalTimeSeconds=number(lap.find(TCX + "TotalTimeSeconds")),
                distanceMeters=number(lap.find(TCX + "DistanceMeters")),
                calories=number(lap.find(TCX + "Calories")),
                averageHeartRate=value_of(lap, "AverageHeartRateBpm"),
                maximumHeartRate=value_of(lap, "MaximumHeartRateBpm"),
                triggerMethod=lap.findtext(TCX + "TriggerMethod"),
                trackpoints=lap_points,
                lastTrackpointTime=lap_last,
            ))
    first_activity = activities[0] if activities else None
    return dict(
        counts=counts,
        firstTime=first,
        lastTime=last,
        sport=None if first_activity is None else first_activity.get("Sport"),
        creator=None if first_activity is None else first_activity.findtext(f"{TCX}Creator/{TCX}Name"),
        laps=laps,
    )


def main():
    result = {os.path.basename(path): describe(path) for path in sys.argv[1:]}
    json.dump(result, sys.stdout, indent=1, sort_keys=True, ensure_ascii=False)
    sys.stdout.write("\n")


if __name__ == "__main__":
    main()
