#!/usr/bin/env python3
"""png_check.py FILE.png: exit 0 when the PNG is not blank: more than a
tenth of its rows are not one plain colour.  Reads the PNG itself (zlib),
so the test needs nothing beyond Python."""
import struct
import sys
import zlib

data = open(sys.argv[1], "rb").read()
if data[:8] != b"\x89PNG\r\n\x1a\n":
    sys.exit("not a PNG")
pos, idat, w = 8, b"", 0
while pos < len(data):
    n, kind = struct.unpack(">I4s", data[pos:pos + 8])
    body = data[pos + 8:pos + 8 + n]
    if kind == b"IHDR":
        w, h, depth, ctype = struct.unpack(">IIBB", body[:10])
    elif kind == b"IDAT":
        idat += body
    pos += 12 + n
bpp = {2: 3, 6: 4, 0: 1, 4: 2}[ctype]
raw = zlib.decompress(idat)
stride = w * bpp
inked = 0
# A row that is one colour throughout filters to bytes all equal (None) or
# all zero after its first pixel (Sub, Up, Average, Paeth, when the row
# above is plain too): no need to undo the filters to tell ink from paper.
for y in range(h):
    f = raw[y * (stride + 1)]
    body = raw[y * (stride + 1) + 1 + bpp:(y + 1) * (stride + 1)]
    plain = body.count(body[0]) == len(body) if f == 0 else body.count(0) == len(body)
    inked += not plain
print("%d of %d rows hold more than the background" % (inked, h))
sys.exit(0 if inked > h // 10 else 1)
