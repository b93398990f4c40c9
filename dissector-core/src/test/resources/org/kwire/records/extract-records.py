#!/usr/bin/env python3
"""Cuts the bytes of one Kafka `records` field out of a classic pcap (Ethernet, IPv4, TCP).

usage: extract-records.py CAPTURE.pcap FIRST_FRAME LAST_FRAME MAGIC CHECKSUM SIZE OUT
Takes the TCP payload of frames FIRST..LAST (1-based, as in the reference.json's pcap_first_frame/pcap_last_frame)
that belong to the same connection and direction as FIRST, puts them in sequence order, finds the first batch of the
field by its stored checksum (the reference.json's `checksum` of the field's first batch: CRC-32C at batch+17 for
magic 2, CRC-32 at message+12 for magic 0/1) and writes SIZE bytes (the field's recordsSizeInBytes) from there.
"""
import struct, sys

def packets(path):
    with open(path, 'rb') as f:
        data = f.read()
    magic = struct.unpack('<I', data[:4])[0]
    assert magic == 0xa1b2c3d4, 'little-endian microsecond pcap expected'
    pos, n = 24, 0
    while pos + 16 <= len(data):
        incl = struct.unpack('<I', data[pos + 8:pos + 12])[0]
        n += 1
        yield n, data[pos + 16:pos + 16 + incl]
        pos += 16 + incl

def tcp(frame):
    assert struct.unpack('>H', frame[12:14])[0] == 0x0800, 'IPv4 over Ethernet expected'
    ip = frame[14:]
    ihl = (ip[0] & 0x0f) * 4
    total = struct.unpack('>H', ip[2:4])[0]
    seg = ip[ihl:total]
    off = (seg[12] >> 4) * 4
    key = (ip[12:16], ip[16:20], seg[0:2], seg[2:4])
    seq = struct.unpack('>I', seg[4:8])[0]
    return key, seq, seg[off:]

def main(path, first, last, magic, checksum, size, out):
    chosen = {}
    key0 = None
    for n, frame in packets(path):
        if first <= n <= last:
            key, seq, payload = tcp(frame)
            key0 = key0 or key
            if key == key0 and payload:
                chosen.setdefault(seq, payload)
    stream = b''.join(chosen[s] for s in sorted(chosen))
    crc_at = 17 if magic == 2 else 12
    hits = [i - crc_at for i in range(len(stream)) if stream[i:i + 4] == struct.pack('>I', checksum)]
    assert len(hits) == 1, hits
    start = hits[0]
    assert stream[start + 16] == magic
    blob = stream[start:start + size]
    assert len(blob) == size
    with open(out, 'wb') as f:
        f.write(blob)

if __name__ == '__main__':
    a = sys.argv[1:]
    main(a[0], int(a[1]), int(a[2]), int(a[3]), int(a[4]), int(a[5]), a[6])
