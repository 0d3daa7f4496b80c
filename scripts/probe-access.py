#!/usr/bin/python3
# SPDX-FileCopyrightText: 2026 EverXCloud
# SPDX-License-Identifier: GPL-3.0-or-later

"""Probe an everx-exchanged's access guards as an attacker from one address would.

    scripts/probe-access.py [--url ws://127.0.0.1:7447] [--connections 1500] [--hold 35]
                            [--signins 100] [--email customer@sandbox.everx.cloud]

Needs python3-websockets (Debian: apt-get install python3-websockets). Run it against a server
you operate, e.g. `everx-exchanged --sandbox` on loopback (docs/security.md "Access").

1. Connections: opens --connections WebSocket connections at once and counts those the server
   kept and those it closed with 1008 (too many from one address); then, without signing in or
   subscribing, waits --hold seconds and counts how many are still open (the sign-in grace
   closes them with 1008).
2. Sign-ins: sends --signins auth.login requests with a wrong password for --email, all at once
   on one connection, while another connection pings every 10 ms; prints the sign-ins' outcomes
   and the pings' delay (p50, p99, max).

Prints figures only; its exit status is 0 unless it could not connect at all.
"""

import argparse
import asyncio
import collections
import json
import sys
import time

try:
    import websockets
except ImportError:
    sys.exit("probe-access: needs python3-websockets (apt-get install python3-websockets)")


def request(rid, op, args=None):
    frame = {"v": 1, "id": rid, "op": op}
    if args is not None:
        frame["args"] = args
    return json.dumps(frame)


async def hold_open(url, results):
    """One connection: 'open', or the close code the server gave."""
    try:
        ws = await websockets.connect(url, open_timeout=20, ping_interval=None,
                                      max_size=8 * 1024 * 1024)
    except Exception as e:  # refused at TCP or in the handshake
        results.append(("failed", type(e).__name__))
        return None
    try:
        await asyncio.wait_for(ws.wait_closed(), timeout=1.0)
        results.append(("closed", ws.close_code))
        return None
    except asyncio.TimeoutError:
        results.append(("open", None))
        return ws


async def probe_connections(url, count, hold):
    results = []
    started = time.monotonic()
    sockets = await asyncio.gather(*(hold_open(url, results) for _ in range(count)))
    sockets = [s for s in sockets if s is not None]
    tally = collections.Counter(
        kind if kind == "open" else f"{kind} {detail}" for kind, detail in results)
    print(f"connections: {count} opened from one address in "
          f"{time.monotonic() - started:.1f} s: " +
          ", ".join(f"{k}: {v}" for k, v in sorted(tally.items())))
    if not sockets:
        return
    await asyncio.sleep(hold)
    still = sum(1 for s in sockets if not s.closed)
    codes = collections.Counter(s.close_code for s in sockets if s.closed)
    print(f"after {hold} s without signing in or subscribing: {still} of {len(sockets)} still "
          f"open; closed with " + (", ".join(f"{c}: {n}" for c, n in sorted(codes.items()))
                                   or "nothing"))
    await asyncio.gather(*(s.close() for s in sockets if not s.closed), return_exceptions=True)


async def probe_signins(url, count, email):
    attacker = await websockets.connect(url, ping_interval=None, max_size=8 * 1024 * 1024)
    watcher = await websockets.connect(url, ping_interval=None, max_size=8 * 1024 * 1024)
    delays = []
    outcomes = collections.Counter()
    done = asyncio.Event()

    async def read_attacker():
        answered = 0
        while answered < count:
            frame = json.loads(await attacker.recv())
            if "id" not in frame:
                continue
            outcomes[frame["error"]["code"] if "error" in frame else "ok"] += 1
            answered += 1
        done.set()

    async def ping_loop():
        rid = 1
        while not done.is_set():
            sent = time.monotonic()
            await watcher.send(request(rid, "ping"))
            while True:
                frame = json.loads(await watcher.recv())
                if frame.get("id") == rid:
                    break
            delays.append((time.monotonic() - sent) * 1000)
            rid += 1
            await asyncio.sleep(0.010)

    reader = asyncio.create_task(read_attacker())
    pinger = asyncio.create_task(ping_loop())
    await asyncio.sleep(0.05)
    started = time.monotonic()
    for i in range(count):
        await attacker.send(request(i + 1, "auth.login",
                                    {"email": email, "password": f"wrong password {i}"}))
    await asyncio.wait_for(reader, timeout=600)
    took = time.monotonic() - started
    await pinger
    delays.sort()

    def pct(p):
        return delays[min(len(delays) - 1, max(0, int(len(delays) * p / 100 + 0.999) - 1))]

    print(f"sign-ins: {count} with a wrong password at once on one connection, answered in "
          f"{took:.2f} s: " + ", ".join(f"{k} {v}" for k, v in sorted(outcomes.items())))
    print(f"pings on another connection meanwhile: {len(delays)}, delay ms p50 {pct(50):.2f}, "
          f"p99 {pct(99):.2f}, max {delays[-1]:.2f}")
    await attacker.close()
    await watcher.close()


async def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--url", default="ws://127.0.0.1:7447")
    parser.add_argument("--connections", type=int, default=1500)
    parser.add_argument("--hold", type=float, default=35.0,
                        help="seconds to keep idle connections before counting (default 35)")
    parser.add_argument("--signins", type=int, default=100)
    parser.add_argument("--email", default="customer@sandbox.everx.cloud")
    options = parser.parse_args()
    try:
        if options.connections > 0:
            await probe_connections(options.url, options.connections, options.hold)
        if options.signins > 0:
            await probe_signins(options.url, options.signins, options.email)
    except OSError as e:
        sys.exit(f"probe-access: cannot connect to {options.url}: {e}")


if __name__ == "__main__":
    asyncio.run(main())
