#!/usr/bin/env python3
"""Writes small valid FIT seeds for fuzz-fit: the first messages (up to about 6 KB of data) of each FIT
file given, with the header's data size and both CRCs recomputed, so each seed is a whole FIT file.

Usage: python3 Fuzz/make-fit-seeds.py Fuzz/seeds/fit SampleTracks/*.fit
"""
import os
import sys


def crc16(data, crc=0):
    for byte in data:
        crc ^= byte
        for _ in range(8):
            crc = (crc >> 1) ^ 0xA001 if crc & 1 else crc >> 1
    return crc


def head(data, limit):
    size = data[0]
    data_size = int.from_bytes(data[4:8], "little")
    sizes = [0] * 16
    offset = size
    end = size + data_size
    while offset < end and offset - size < limit:
        header = data[offset]
        if header & 0x80:
            offset += 1 + sizes[(header >> 5) & 3]
        elif header & 0x40:
            count = data[offset + 5]
            length = 6 + 3 * count
            total = sum(data[offset + 6 + 3 * i + 1] for i in range(count))
            if header & 0x20:
                dev = data[offset + length]
                total += sum(data[offset + length + 1 + 3 * i + 1] for i in range(dev))
                length += 1 + 3 * dev
            sizes[header & 0x0F] = total
            offset += length
        else:
            offset += 1 + sizes[header & 0x0F]
    body = bytearray(data[:offset])
    body[4:8] = (offset - size).to_bytes(4, "little")
    if size >= 14:
        body[12:14] = crc16(body[:12]).to_bytes(2, "little")
    return bytes(body) + crc16(body).to_bytes(2, "little")


def main():
    out = sys.argv[1]
    for path in sys.argv[2:]:
        data = open(path, "rb").read()
        name = os.path.splitext(os.path.basename(path))[0]
        open(os.path.join(out, name + "-head.fit"), "wb").write(head(data, 6000))


if __name__ == "__main__":
    main()
