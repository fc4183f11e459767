#!/usr/bin/env python3
"""screen_check.py W H FILE [MIN_BOXES]: check a captured console screen.

Every frame that starts with a top-left corner must close: a top edge to a
top-right corner, sides down to the bottom corners, a bottom edge of only
horizontal lines.  Rows 1 .. H-3 (between the header and the message row)
must hold nothing outside the frames: no text left over from an earlier
size.  No line may be wider than W.  Inside a frame nothing written may
touch its right side (text that does was cut there: a number missing its
last digits).  The header names the VUs, the warehouses and the mode, and
the key bar shows how to get help and how to quit.  Prints what is wrong
and exits 1."""
import re
import sys

TL, TR, BL, BR, H, V = "┌┐└┘─│"


def frames(rows, w):
    found = []
    for r, line in enumerate(rows):
        for c, ch in enumerate(line):
            if ch != TL:
                continue
            c2 = line.find(TR, c + 1)
            if c2 < 0:
                return None, f"row {r}: frame at column {c} has no top-right corner"
            r2 = r + 1
            while r2 < len(rows) and rows[r2][c] == V:
                r2 += 1
            if r2 >= len(rows) or rows[r2][c] != BL:
                return None, f"frame at {r},{c}: left side broken at row {r2}"
            for k in range(r + 1, r2):
                if rows[k][c2] != V:
                    return None, f"frame at {r},{c}: right side broken at row {k} ({rows[k][c2]!r})"
            if rows[r2][c2] != BR:
                return None, f"frame at {r},{c}: no bottom-right corner at {r2},{c2}"
            if any(ch != H for ch in rows[r2][c + 1:c2]):
                return None, f"frame at {r},{c}: bottom edge broken"
            found.append((r, c, r2, c2))
    return found, None


def main():
    w, h, path = int(sys.argv[1]), int(sys.argv[2]), sys.argv[3]
    want = int(sys.argv[4]) if len(sys.argv) > 4 else 6
    text = open(path, encoding="utf-8").read().split("\n")
    if text and text[-1] == "":
        text.pop()
    bad = [i for i, l in enumerate(text) if len(l) > w]
    if bad:
        print(f"lines wider than {w}: {bad}")
        return 1
    if len(text) > h:
        print(f"{len(text)} lines on a {h}-line screen")
        return 1
    rows = [l.ljust(w) for l in text] + [" " * w] * (h - len(text))
    found, err = frames(rows, w)
    if err:
        print(err)
        return 1
    if len(found) < want:
        print(f"{len(found)} frames, wanted {want}")
        return 1
    covered = [[False] * w for _ in range(h)]
    for r, c, r2, c2 in found:
        for k in range(r, r2 + 1):
            for x in range(c, c2 + 1):
                covered[k][x] = True
    for r in range(1, h - 2):
        stray = [x for x in range(w) if not covered[r][x] and rows[r][x] != " "]
        if stray:
            print(f"row {r}: text outside the frames at columns {stray[:10]}: {rows[r]!r}")
            return 1
    for r, c, r2, c2 in found:
        for k in range(r + 1, r2):
            if re.match(r"[0-9A-Za-z,.%()]", rows[k][c2 - 1]):
                print(f"row {k}: text cut at the right side of the frame at {r},{c}: {rows[k][c:c2 + 1]!r}")
                return 1
    if not re.search(r"VUs \d+/\d+ .*W \d+ .*(statements|procedures)", rows[0]):
        print(f"header without VUs, W or mode: {rows[0]!r}")
        return 1
    if not ("F1 Help" in rows[h - 1] and "q Quit" in rows[h - 1]):
        print(f"key bar without help or quit: {rows[h - 1]!r}")
        return 1
    return 0


sys.exit(main())
