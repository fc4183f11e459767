#!/usr/bin/env python3
"""metrics_abuse.py PORT SECONDS: for SECONDS, hostile clients at once on
127.0.0.1:PORT: 40 slowloris connections (a header byte every second),
a 1 GB request body, one connection that sends nothing, and 1,000
scrapes in parallel; meanwhile one honest
scrape a second, timed.  Prints one "key value" a line."""
import socket
import sys
import threading
import time

port, seconds = int(sys.argv[1]), float(sys.argv[2])
end = time.monotonic() + seconds
out = {}
lock = threading.Lock()


def note(k, v=1):
    with lock:
        out[k] = out.get(k, 0) + v


def slowloris():
    try:
        s = socket.create_connection(("127.0.0.1", port), timeout=2)
        s.sendall(b"GET /metrics HTTP/1.1\r\nHost: x\r\n")
        note("slow_opened")
        while time.monotonic() < end:
            s.sendall(b"X")
            time.sleep(1)
        note("slow_kept")
    except OSError:
        note("slow_dropped")


def idle():
    t0 = time.monotonic()
    try:
        s = socket.create_connection(("127.0.0.1", port), timeout=seconds + 5)
        s.recv(1)
        out["idle_closed_after_s"] = round(time.monotonic() - t0, 1)
    except OSError:
        out["idle_closed_after_s"] = -1


def big_body():
    t0 = time.monotonic()
    sent = 0
    try:
        s = socket.create_connection(("127.0.0.1", port), timeout=10)
        s.sendall(b"POST /metrics HTTP/1.1\r\nHost: x\r\nContent-Length: 1073741824\r\n\r\n")
        chunk = b"\0" * 65536
        while sent < 1 << 30 and time.monotonic() < end:
            s.sendall(chunk)
            sent += len(chunk)
    except OSError:
        pass
    out["big_sent_mb"] = sent >> 20
    out["big_refused_after_s"] = round(time.monotonic() - t0, 2)


def scrape(key):
    try:
        s = socket.create_connection(("127.0.0.1", port), timeout=10)
        s.sendall(b"GET /metrics HTTP/1.0\r\n\r\n")
        data = b""
        while True:
            b = s.recv(65536)
            if not b:
                break
            data += b
        note(key if data.startswith(b"HTTP/1.0 200") or data.startswith(b"HTTP/1.1 200")
             else key + "_refused")
    except OSError:
        note(key + "_refused")


def honest():
    worst = 0
    while time.monotonic() < end:
        t0 = time.monotonic()
        note("honest_tried")
        scrape("honest_ok")
        worst = max(worst, time.monotonic() - t0)
        time.sleep(max(0, 1 - (time.monotonic() - t0)))
    out["honest_worst_s"] = round(worst, 3)


threads = [threading.Thread(target=slowloris) for _ in range(40)]
threads += [threading.Thread(target=f) for f in (big_body, honest, idle)]
for t in threads:
    t.start()
flood = [threading.Thread(target=scrape, args=("flood_ok",)) for _ in range(1000)]
for t in flood:
    t.start()
for t in flood + threads:
    t.join()
for k in sorted(out):
    print(k, out[k])
