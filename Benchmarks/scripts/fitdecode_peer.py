#!/usr/bin/env python3
"""The Python FIT peer: fitdecode reads a FIT file (every frame, CRC checked) and sums what a summary needs.

  python fitdecode_peer.py FILE.fit

Prints the record count, the records with a position, the last distance and the heart-rate average as one
JSON line.
"""

import json
import sys

import fitdecode


def main():
    records = positions = heart_rates = 0
    heart_rate_sum = 0.0
    distance = None
    with fitdecode.FitReader(sys.argv[1]) as reader:
        for frame in reader:
            if isinstance(frame, fitdecode.FitDataMessage) and frame.name == "record":
                records += 1
                if frame.get_value("position_lat", fallback=None) is not None:
                    positions += 1
                hr = frame.get_value("heart_rate", fallback=None)
                if hr is not None:
                    heart_rates += 1
                    heart_rate_sum += hr
                d = frame.get_value("distance", fallback=None)
                if d is not None:
                    distance = d
    print(json.dumps({"records": records, "positions": positions, "distance": distance,
                      "heartRateAverage": heart_rate_sum / heart_rates if heart_rates else None}))


if __name__ == "__main__":
    main()
