"""One client flooding the costliest requests, another sending ordinary moves: does nginx refuse
the first before it slows the second? (issue #20: "nginx's limits weighted so a client sending
costly requests is refused before it slows others".)

    .venv/bin/python bench/flood.py                     # hard advice, 10 s a phase
    .venv/bin/python bench/flood.py --what verify       # the longest revealed hand's check
    .venv/bin/python bench/flood.py --what tables       # new tables with five Hard opponents; ordinary: a meld check
    .venv/bin/python bench/flood.py --duration 20 --flooders 8

``make stack``'s nginx over two app instances (deploy/stack.py, Redis and the replay guard on),
all on 127.0.0.1. The flooding client sends from 127.0.0.2 with ``--flooders`` connections at
once, each sending again as soon as it has its answer (a 429 included, after 20 ms: the client's
own CPU shares this machine); the ordinary client sends from 127.0.0.3 a /v1/move (a draw on a
dealt hand of 2) every 100 ms, within its limits. nginx limits by client address, so they are two clients to it.
Three phases of ``--duration`` seconds: the ordinary client alone; with the flood through nginx;
and with the same flood sent straight to the instances, bypassing nginx (what its limits
prevent). Prints the ordinary client's p50/p99 and the flood's answers by status.
"""

from __future__ import annotations

import argparse
import http.client
import json
import statistics
import sys
import threading
import time
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "deploy"))
sys.path.insert(0, str(ROOT / "tests"))

import stack  # noqa: E402

FLOOD_FROM, ORDINARY_FROM = "127.0.0.2", "127.0.0.3"


def post(port: int, path: str, body: bytes, source: str) -> tuple[int, float]:
    """(status, seconds) of one POST from ``source`` to 127.0.0.1:``port``."""
    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=30, source_address=(source, 0))
    t = time.perf_counter()
    try:
        conn.request("POST", path, body=body, headers={"Content-Type": "application/json"})
        r = conn.getresponse()
        r.read()
        return r.status, time.perf_counter() - t
    finally:
        conn.close()


def bodies(port: int, what: str) -> tuple[tuple[str, bytes], str, bytes]:
    """The ordinary request (path, body), and the flood's path and body."""
    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
    conn.request("POST", "/v1/deal", body=b'{"players": ["ana", "ben"], "seed": 1}', headers={"Content-Type": "application/json"})
    state = json.loads(conn.getresponse().read())["state"]
    conn.close()
    move = json.dumps({"state": state, "move": {"player": state["turn"]["player"], "action": "draw", "source": "stock"}}).encode()
    if what == "hard":
        return ("/v1/move", move), "/v1/suggest", json.dumps({"state": state, "level": "hard"}).encode()
    if what == "tables":  # issue 31: the computer opponents play inside the request (about 350 moves of CPU)
        bots = {f"b{k}": "hard" for k in range(1, 6)}
        table = {"players": ["ana", *bots], "bots": bots, "dealer": "ana"}
        return ("/v1/melds/check", b'{"cards": ["5S", "6S", "7S"]}'), "/v1/tables", json.dumps(table).encode()
    from fairness_support import longest_hand

    from referee.fairness import reveal
    from schemas.wire import to_json

    fair, players, rules, _, events = longest_hand()
    return ("/v1/move", move), "/v1/verify", json.dumps({"fairness": to_json(reveal(fair, players, players[-1], rules, events))}).encode()


def phase(ports: list[int], ordinary: tuple[str, bytes], flood: tuple[str, bytes] | None, flooders: int, seconds: float) -> dict:
    """The ordinary client's latencies (ms) and the flood's statuses over ``seconds``."""
    stop = time.monotonic() + seconds
    statuses: Counter = Counter()
    lock = threading.Lock()

    def flooder(k: int) -> None:
        n = k
        while time.monotonic() < stop:
            status, _ = post(ports[n % len(ports)], flood[0], flood[1], FLOOD_FROM)
            n += 1
            with lock:
                statuses[status] += 1
            if status == 429:
                time.sleep(0.02)

    threads = [threading.Thread(target=flooder, args=(k,)) for k in range(flooders if flood else 0)]
    for t in threads:
        t.start()
    waits, n = [], 0
    while time.monotonic() < stop:
        status, took = post(ports[n % len(ports)], ordinary[0], ordinary[1], ORDINARY_FROM)
        n += 1
        assert status == 200, status
        waits.append(took * 1000)
        time.sleep(max(0.0, 0.1 - took))  # 10 a second, within its own limits
    for t in threads:
        t.join()
    waits.sort()
    return {
        "ordinary": len(waits),
        "p50_ms": round(statistics.median(waits), 1),
        "p99_ms": round(waits[int(len(waits) * 0.99) - 1], 1),
        "flood": dict(sorted(statuses.items())),
        "flood_per_s": {s: round(c / seconds, 1) for s, c in sorted(statuses.items())},
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--what", choices=("hard", "verify", "tables"), default="hard")
    parser.add_argument("--duration", type=float, default=10.0)
    parser.add_argument("--flooders", type=int, default=8)
    args = parser.parse_args()
    with stack.Stack(instances=2) as s:
        ordinary, path, body = bodies(s.port, args.what)
        print(
            f"flood: {path} ({len(body)} bytes), {args.flooders} connections from {FLOOD_FROM}; ordinary: {ordinary[0]} from {ORDINARY_FROM}"
        )
        for name, ports, flood in (
            ("alone, through nginx", [s.port], None),
            ("flooded, through nginx", [s.port], (path, body)),
            ("flooded, straight to the instances", s.app_ports, (path, body)),
        ):
            time.sleep(3)  # nginx's buckets refill between phases
            print(f"{name:36} {phase(ports, ordinary, flood, args.flooders, args.duration)}", flush=True)


if __name__ == "__main__":
    main()
