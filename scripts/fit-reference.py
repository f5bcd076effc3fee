#!/usr/bin/env python3
"""Reference values for the FIT reader's tests, from an independent decoder (fitdecode, PyPI).

Prints one JSON object keyed by file name with, per FIT file: record count, records with a position,
first and last record time (seconds since 1970; times counted from power-on are corrected with the
file's timestamp_correlation), sums and counts of heart rate, cadence (+ fractional), power and
temperature, the last record distance, the session totals, the laps (count, summed distance and timer
time, triggers, and each lap's totals as the file states them) and the timer events (start, stop, stop_all, stop_disable, stop_disable_all). For a file
whose records carry distance but no position (a treadmill, a watch without GPS): the seconds after its first
record at which the distance since its first record with a distance reaches each whole kilometre,
interpolated linearly between the two records around it (`kilometreCrossingSeconds`), and the gain and loss of its altitudes by a
2 m hysteresis (`altitudeGainLoss2mHysteresis`) and the largest median of five consecutive stated speeds
(`maximumSpeedMedianOf5`).

Usage: python3 scripts/fit-reference.py FILE.fit... > Tests/Reference/fit-reference.json
(needs `pip install fitdecode==0.11.0`)
"""
import datetime
import json
import os
import sys

import fitdecode

FIT_EPOCH = 631065600


def seconds(value, correlation):
    if value is None:
        return None
    if isinstance(value, datetime.datetime):
        return value.timestamp()
    # A relative time (seconds since power-on): the correlation's offset makes it UTC.
    return float(value) + FIT_EPOCH + (correlation or 0)


def field(message, name):
    return message.get_value(name, fallback=None) if message.has_field(name) else None


def hysteresis_gain_loss(altitudes, hysteresis):
    """Gain and loss: a climb or descent counts, whole, once the altitude turns back from its extreme by
    more than `hysteresis`; the one open at the end counts too."""
    gain = loss = 0.0
    turning = extreme = altitudes[0]
    direction = 0
    for a in altitudes[1:]:
        if direction == 1:
            if a > extreme:
                extreme = a
            elif extreme - a > hysteresis:
                gain += extreme - turning
                turning, extreme, direction = extreme, a, -1
        elif direction == -1:
            if a < extreme:
                extreme = a
            elif a - extreme > hysteresis:
                loss += turning - extreme
                turning, extreme, direction = extreme, a, 1
        elif abs(a - turning) > hysteresis:
            direction = 1 if a > turning else -1
            extreme = a
    if direction == 1:
        gain += extreme - turning
    elif direction == -1:
        loss += turning - extreme
    return [gain, loss]


def describe(path):
    records = []
    laps = []
    sessions = []
    timer_events = 0
    correlation = None
    files = 0
    with fitdecode.FitReader(path, check_crc=fitdecode.CrcCheck.RAISE) as reader:
        for frame in reader:
            if isinstance(frame, fitdecode.FitHeader):
                files += 1
            if not isinstance(frame, fitdecode.FitDataMessage):
                continue
            if frame.name == "record":
                records.append(frame)
            elif frame.name == "lap":
                laps.append(frame)
            elif frame.name == "session":
                sessions.append(frame)
            elif frame.name == "event":
                if field(frame, "event") == "timer" and field(frame, "event_type") in (
                        "start", "stop", "stop_all", "stop_disable", "stop_disable_all"):
                    timer_events += 1
            elif frame.name == "timestamp_correlation" and correlation is None:
                utc = field(frame, "timestamp")
                system = frame.get_raw_value("system_timestamp") if frame.has_field("system_timestamp") else None
                if isinstance(utc, datetime.datetime) and system is not None:
                    correlation = int(utc.timestamp()) - FIT_EPOCH - int(system)

    out = {"files": files, "records": len(records)}
    positions = hr = cad = pw = temp = 0
    hr_sum = cad_sum = pw_sum = temp_sum = 0.0
    distance_last = None
    distance_count = 0
    times = []
    for r in records:
        if field(r, "position_lat") is not None and field(r, "position_long") is not None:
            positions += 1
        else:
            if field(r, "distance") is not None:
                distance_count += 1
        v = field(r, "heart_rate")
        if v is not None:
            hr += 1
            hr_sum += v
        v = field(r, "cadence")
        if v is not None:
            cad += 1
            cad_sum += v + (field(r, "fractional_cadence") or 0)
        v = field(r, "power")
        if v is not None:
            pw += 1
            pw_sum += v
        v = field(r, "temperature")
        if v is not None:
            temp += 1
            temp_sum += v
        v = field(r, "distance")
        if v is not None:
            distance_last = v
        t = seconds(field(r, "timestamp"), correlation)
        if t is not None:
            times.append(t)
    crossings = []
    climbed = None
    top_speed = None
    if positions == 0:
        # The elevation of a file without positions, counted as the README says the engine counts a
        # climb (hysteresis 2 m) on the raw altitudes, for comparison with the engine's smoothed ones.
        altitudes = [a for a in (field(r, "enhanced_altitude") if field(r, "enhanced_altitude") is not None
                                 else field(r, "altitude") for r in records if field(r, "distance") is not None)
                     if a is not None]
        if altitudes:
            climbed = hysteresis_gain_loss(altitudes, 2.0)
        # The largest median of five consecutive stated speeds (from the second record on, as the engine
        # takes a speed per step; the lower middle of an even count, from three speeds on).
        stated = [v for v in ((field(r, "enhanced_speed") if field(r, "enhanced_speed") is not None else field(r, "speed"))
                              for r in records if field(r, "distance") is not None)][1:]
        window = []
        for v in stated:
            if v is None:
                continue
            window = (window + [v])[-5:]
            if len(window) >= 3:
                ordered = sorted(window)
                median = ordered[(len(ordered) - 1) // 2]
                top_speed = median if top_speed is None else max(top_speed, median)
        steps = [(seconds(field(r, "timestamp"), correlation), field(r, "distance")) for r in records]
        steps = [(t, d) for t, d in steps if t is not None and d is not None]
        if steps:
            # Distance counts from the first record with one; time from the first record of all (an older
            # Forerunner's first record holds only the time its timer started).
            _, d0 = steps[0]
            t0 = times[0]
            next_km = 1000.0
            for (ta, da), (tb, db) in zip(steps, steps[1:]):
                while db - d0 >= next_km > da - d0:
                    crossings.append(ta - t0 + (tb - ta) * (next_km - (da - d0)) / (db - da))
                    next_km += 1000.0
    out.update({
        "kilometreCrossingSeconds": crossings,
        "altitudeGainLoss2mHysteresis": climbed,
        "maximumSpeedMedianOf5": top_speed,
        "recordsWithPosition": positions,
        "recordsWithDistanceNoPosition": distance_count,
        "firstTime": times[0] if times else None,
        "lastTime": times[-1] if times else None,
        "heartRateCount": hr, "heartRateSum": hr_sum,
        "cadenceCount": cad, "cadenceSum": cad_sum,
        "powerCount": pw, "powerSum": pw_sum,
        "temperatureCount": temp, "temperatureSum": temp_sum,
        "lastDistanceMeters": distance_last,
        "timerEvents": timer_events,
        "lapCount": len(laps),
        "lapDistanceMeters": sum(field(l, "total_distance") or 0 for l in laps),
        "lapTimerSeconds": sum(field(l, "total_timer_time") or 0 for l in laps),
        "lapTriggers": [field(l, "lap_trigger") for l in laps],
        "lapStartTimes": [seconds(field(l, "start_time"), correlation) for l in laps],
        "laps": [{
            "distanceMeters": field(l, "total_distance"),
            "timerSeconds": field(l, "total_timer_time"),
            "elapsedSeconds": field(l, "total_elapsed_time"),
            "ascentMeters": field(l, "total_ascent"),
            "descentMeters": field(l, "total_descent"),
            "kilocalories": field(l, "total_calories"),
            "averageHeartRate": field(l, "avg_heart_rate"),
            "maximumHeartRate": field(l, "max_heart_rate"),
        } for l in laps],
    })
    if sessions:
        s = sessions[0]
        out["session"] = {
            "count": len(sessions),
            "sport": field(s, "sport"),
            "subSport": field(s, "sub_sport"),
            "distanceMeters": field(s, "total_distance"),
            "timerSeconds": field(s, "total_timer_time"),
            "elapsedSeconds": field(s, "total_elapsed_time"),
            "ascentMeters": field(s, "total_ascent"),
            "descentMeters": field(s, "total_descent"),
            "kilocalories": field(s, "total_calories"),
            "averageHeartRate": field(s, "avg_heart_rate"),
            "maximumHeartRate": field(s, "max_heart_rate"),
        }
    return out


def main():
    result = {}
    for path in sys.argv[1:]:
        result[os.path.basename(path)] = describe(path)
    json.dump(result, sys.stdout, indent=1, sort_keys=True)
    print()


if __name__ == "__main__":
    main()
