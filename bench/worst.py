"""The most expensive requests: known hostile shapes filled up to the body limit, then a random
search (mutations of the costliest bodies found) for the slowest body per byte. A benchmark, not
a test: it prints the five costliest requests and their CPU time in-process.

    .venv/bin/python bench/worst.py                       # ≈ 2 min: families, then 60 s of search
    .venv/bin/python bench/worst.py --search 20           # a shorter search
    .venv/bin/python bench/worst.py --root /tmp/old-tree  # the same bodies against another tree
    .venv/bin/python bench/worst.py --replay bench/results/worst.json --root /tmp/old-tree

Cost is the CPU time (``time.process_time``) of one whole request through the Flask test client,
the least of 3 runs; every body is at most its endpoint's body limit (``web.bodies.BODY_LIMITS``).
Each cost is also given as a ratio to an ordinary ``/v1/move`` (a draw from the stock on a
dealt hand of 2 players), and the costliest request of each endpoint is listed (issue #20: each
at most 10× a move). The bodies found are
saved to bench/results/worst.json, so ``--replay`` measures exactly them on another tree (the
"before" column of bench/README.md).
"""

from __future__ import annotations

import argparse
import importlib
import json
import random
import sys
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
RESULTS = HERE / "results"
P6 = ["p1", "p2", "p3", "p4", "p5", "p6"]
RANKS = ["A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K"]
DECK = [r + s for s in "CDHS" for r in RANKS]


def _fill(make, limit: int, lo: int = 1, hi: int = 1000):
    """The body ``make(n)`` with the largest n in [lo, hi] that stays within ``limit`` bytes."""
    best = None
    while lo <= hi:
        mid = (lo + hi) // 2
        body = json.dumps(make(mid)).encode()
        if len(body) <= limit:
            best, lo = body, mid + 1
        else:
            hi = mid - 1
    return best


def _worst_state():
    table = [f"{rank}{suit}" for rank in RANKS for suit in "CDH"]
    melds = [{"id": f"m{i}", "owner": "ben", "cards": table[3 * i : 3 * i + 3]} for i in range(13)]
    hand = ["AS", "2S", "3S", "4S", "5S", "6S", "7S", "8S", "9S", "10S", "JS"]
    return {
        "players": [{"id": "ana", "hand": hand}, {"id": "ben", "hand": ["QS"], "tabled": True}],
        "stock": [],
        "discard": ["KS"],
        "melds": melds,
        "turn": {"player": "ana", "phase": "play"},
        "dealer": "ben",
    }


def families(limit: int) -> list[tuple[str, str, bytes]]:
    """(name, path, body) of each known costly shape, as large as the limit allows."""
    pts = lambda v: {p: {"points": v} for p in P6[1:]}  # noqa: E731
    out = [
        (
            "scorepad: 1000 valid hands, 6 players, points",
            "/v1/scorepad",
            json.dumps({"players": P6, "rules": {"deals": 1000}, "hands": [{"winner": "p1", "remaining": pts(1)}] * 1000}).encode(),
        ),
        (
            "scorepad: valid hands, 6 players, 6 cards each",
            "/v1/scorepad",
            _fill(
                lambda n: {
                    "players": P6,
                    "rules": {"deals": 1000},
                    "hands": [{"winner": "p1", "remaining": {p: {"cards": DECK[6 * i : 6 * i + 6]} for i, p in enumerate(P6[1:])}}] * n,
                },
                limit,
            ),
        ),
        (
            "scorepad: every entry wrong (points as strings)",
            "/v1/scorepad",
            _fill(lambda n: {"players": P6, "hands": [{"winner": "p1", "remaining": pts("1")}] * n}, limit),
        ),
        (
            "scorepad: every entry wrong (impossible points)",
            "/v1/scorepad",
            _fill(lambda n: {"players": P6, "hands": [{"winner": "p1", "remaining": pts(0)}] * n}, limit),
        ),
        (
            "scorepad: every card wrong (10 numbers an entry)",
            "/v1/scorepad",
            _fill(lambda n: {"players": ["a", "b"], "hands": [{"winner": "a", "remaining": {"b": {"cards": [7] * 10}}}] * n}, limit),
        ),
        (
            "scorepad: unknown players everywhere",
            "/v1/scorepad",
            _fill(lambda n: {"players": P6, "hands": [{"winner": "zz", "remaining": {p + "x": {"points": 1} for p in P6}}] * n}, limit),
        ),
        (
            "melds/check: a repeated key, padded to the limit",
            "/v1/melds/check",
            b'{"cards": ["QS"], "x": {' + b",".join([b'"k":1'] * ((limit - 40) // 6)) + b"}}",
        ),
        (
            "melds/check: 1000 one-key objects, a key repeated in the last",
            "/v1/melds/check",
            _fill(lambda n: {"cards": ["QS"], "x": [{"a": [1, 2, 3]}] * n}, limit),
        ),
        (
            "body checks: 18,000 objects, each repeating its key",
            "/v1/melds/check",
            b'{"x":[' + b",".join([b"[" + b",".join([b'{"a":1,"a":2}'] * 300) + b"]"] * ((limit - 20) // 4201)) + b"]}",
        ),
        (
            "body checks: 80,000 empty objects, a key repeated at the top",
            "/v1/melds/check",
            b'{"x":[' + b",".join([b"[" + b",".join([b"{}"] * 1000) + b"]"] * ((limit - 20) // 3002)) + b'], "x": 1}',
        ),
        (
            "move: 200 lay-offs on the worst table",
            "/v1/move",
            json.dumps(
                {
                    "state": _worst_state(),
                    "moves": [{"player": "ana", "action": "lay_off", "cards": [c]} for c in _worst_state()["players"][0]["hand"]] * 18,
                }
            ).encode(),
        ),
        ("legal-moves: 11 cards, 13 melds", "/v1/legal-moves", json.dumps({"state": _worst_state()}).encode()),
        (
            "move: 200 moves of wrong types",
            "/v1/move",
            json.dumps({"state": _worst_state(), "moves": [{"player": 1, "action": 2, "cards": [3] * 52}] * 200}).encode(),
        ),
        (
            "nesting: 32 levels, 1000-item arrays",
            "/v1/melds/check",
            _fill(lambda n: {"cards": ["QS"], "x": [[[[[[[[[[[[[[[[[[[[[[[[[[[[[[1]]]]]]]]]]]]]]]]]]]]]]]]]]]]]] * n}, limit, hi=1000),
        ),
        ("strings: 250 KB of escapes in a card code", "/v1/melds/check", b'{"cards": ["' + b"\\u00e9" * ((limit - 20) // 6) + b'"]}'),
    ]
    return [(n, p, b) for n, p, b in out if b is not None and len(b) <= limit]


# --- measuring ---------------------------------------------------------------------------------


def load_client(root: Path):
    sys.path.insert(0, str(root))
    app_module = importlib.import_module("app")
    return app_module.create_app({"TESTING": True}).test_client(), app_module.DEFAULT_MAX_BODY_BYTES


def path_limits(default: int) -> dict[str, int]:
    """Each endpoint's body limit (``web.bodies.BODY_LIMITS``; a tree without it: ``default``)."""
    try:
        from web.bodies import BODY_LIMITS
    except ImportError:
        return {}
    return dict(BODY_LIMITS)


def bounded_families(default: int) -> list[tuple[str, str, bytes]]:
    """:func:`families`, each filled up to its own endpoint's body limit."""
    limits = path_limits(default)
    out = []
    for limit in sorted(set(limits.values()) | {default}):
        out += [(n, p, b) for n, p, b in families(limit) if limits.get(p, default) == limit]
    return out


def ordinary_move(client) -> tuple[float, bytes]:
    """The CPU seconds of an ordinary /v1/move (a draw on a dealt hand of 2), and its body."""
    state = client.post("/v1/deal", json={"players": ["ana", "ben"], "seed": 1}).get_json()["state"]
    body = json.dumps({"state": state, "move": {"player": state["turn"]["player"], "action": "draw", "source": "stock"}}).encode()
    return cost(client, "/v1/move", body, runs=20)[0], body


def cost(client, path: str, body: bytes, runs: int = 3) -> tuple[float, int]:
    """(least CPU seconds of ``runs`` requests, status)."""
    best, status = float("inf"), None
    for _ in range(runs):
        t = time.process_time()
        r = client.post(path, data=body, content_type="application/json")
        best = min(best, time.process_time() - t)
        status = r.status_code
    return best, status


# --- the search --------------------------------------------------------------------------------


def _mutations(doc, rng: random.Random):
    """A random small change to a JSON document: duplicate, drop, retype or replace a part."""
    doc = json.loads(json.dumps(doc))
    nodes = [(None, None, doc)]
    stack = [doc]
    while stack and len(nodes) < 5000:
        v = stack.pop()
        items = v.items() if isinstance(v, dict) else enumerate(v) if isinstance(v, list) else ()
        for k, child in items:
            nodes.append((v, k, child))
            if isinstance(child, (dict, list)):
                stack.append(child)
    parent, key, value = rng.choice(nodes)
    if parent is None:
        return doc
    choice = rng.randrange(6)
    if choice == 0 and isinstance(parent, list):
        parent.extend([value] * rng.randint(1, 50))  # duplicate an item
    elif choice == 1:
        parent[key] = rng.choice([None, 0, -1, 1.5, "x", "", True, [], {}, "QS", "p1", "zz", 10**12, [7] * 10])
    elif choice == 2 and isinstance(value, dict):
        value[rng.choice(["winner", "remaining", "cards", "points", "draw", "rummy", "zz", "id", "hand", "meld"])] = rng.choice(
            [1, "p2", [], {}, None]
        )
    elif choice == 3 and isinstance(parent, list) and len(parent) > 1:
        del parent[key]
    elif choice == 4 and isinstance(value, list):
        value.extend(value[:1] * rng.randint(1, 20))
    elif choice == 5 and isinstance(value, str):
        parent[key] = value * rng.randint(2, 20)
    return doc


def _grow(doc, limit: int):
    """``doc`` with its longest array repeated (up to 1000 items) until the body nears ``limit``:
    a shape found small is measured at the size an attacker would send."""
    lists = []
    stack = [doc]
    while stack:
        v = stack.pop()
        if isinstance(v, list):
            lists.append(v)
        stack.extend(v.values() if isinstance(v, dict) else v if isinstance(v, list) else ())
    if not lists:
        return doc
    longest = max(lists, key=len)
    pattern = list(longest) or [0]
    while len(longest) < 1000 and len(json.dumps(doc)) < limit:
        longest.extend(pattern[: 1000 - len(longest)])
    while len(json.dumps(doc).encode()) > limit and len(longest) > 1:
        del longest[-max(1, len(longest) // 50) :]
    return doc


def search(client, limit: int, seeds: list[tuple[str, str, bytes]], seconds: float, rng: random.Random):
    """Hill-climb from the seeds for ``seconds`` on CPU time per byte above the path's cost for
    an empty object (a request's fixed cost would otherwise make the smallest bodies win), bodies
    of 4 KiB or more; the best are then grown to the limit (:func:`_grow`)."""
    base = {path: cost(client, path, b"{}", runs=5)[0] for _, path, _ in seeds}
    score = lambda c, path, body: (c - base[path]) / len(body)  # noqa: E731
    pool = []
    for name, path, body in seeds:
        c, status = cost(client, path, body, runs=1)
        pool.append((score(c, path, body), c, status, name, path, body))
    deadline = time.monotonic() + seconds
    tried = 0
    while time.monotonic() < deadline:
        pool.sort(key=lambda x: -x[0])
        _, _, _, name, path, body = rng.choice(pool[:8])
        try:
            doc = _mutations(json.loads(body), rng)
        except ValueError:
            continue
        new = json.dumps(doc).encode()
        if not 4096 <= len(new) <= limit:
            continue
        c, status = cost(client, path, new, runs=1)
        tried += 1
        name = name if name.startswith("found") else f"found from: {name}"
        pool.append((score(c, path, new), c, status, name, path, new))
        pool = sorted(pool, key=lambda x: -x[0])[:40]
    found = []
    for _, _, _, name, path, body in pool:
        if name.startswith("found"):
            grown = json.dumps(_grow(json.loads(body), limit)).encode()
            found.append((name, path, grown if len(grown) <= limit else body))
    return found, tried


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--root", type=Path, default=HERE.parent)
    parser.add_argument("--search", type=float, default=60.0, help="seconds of random search (0: families only)")
    parser.add_argument("--seed", type=int, default=11)
    parser.add_argument("--replay", type=Path, help="measure the bodies saved by an earlier run")
    args = parser.parse_args()
    client, limit = load_client(args.root.resolve())
    limits = path_limits(limit)
    if args.replay:
        saved = json.loads(args.replay.read_text())
        bodies = [(s["name"], s["path"], s["body"].encode()) for s in saved]
    else:
        bodies = bounded_families(limit)
        if args.search > 0:
            found, tried = search(client, max(limits.values(), default=limit), bodies, args.search, random.Random(args.seed))
            found = [(n, p, b) for n, p, b in found if len(b) <= limits.get(p, limit)]
            print(f"search: {tried} mutated bodies tried in {args.search:g} s")
            bodies += sorted(found, key=lambda x: -cost(client, x[1], x[2], runs=1)[0])[:5]
    rows = []
    for name, path, body in bodies:
        c, status = cost(client, path, body)
        rows.append((c, status, name, path, body))
    rows.sort(key=lambda r: -r[0])
    move, _ = ordinary_move(client)
    print(f"an ordinary /v1/move: {move * 1000:.2f} ms of CPU")
    print(f"{'CPU ms':>8} {'× move':>7} {'µs/KB':>7} {'status':>6} {'KB':>6}  request")
    for c, status, name, path, body in rows:
        print(f"{c * 1000:8.1f} {c / move:7.1f} {c * 1e6 / (len(body) / 1024):7.0f} {status:>6} {len(body) / 1024:6.1f}  {path} {name}")
    print("\nthe costliest request of each endpoint:")
    print("| endpoint | body limit | costliest request | CPU ms | × move |\n|---|---:|---|---:|---:|")
    seen = set()
    for c, status, name, path, body in rows:
        if path not in seen:
            seen.add(path)
            print(
                f"| `{path}` | {limits.get(path, limit) if not args.replay else '-'} | {name} ({len(body) / 1024:.1f} KB, {status}) | {c * 1000:.1f} | {c / move:.1f} |"
            )
    if not args.replay:
        RESULTS.mkdir(exist_ok=True)
        (RESULTS / "worst.json").write_text(
            json.dumps([{"name": n, "path": p, "body": b.decode(), "cpu_ms": round(c * 1000, 2), "status": s} for c, s, n, p, b in rows])
        )


if __name__ == "__main__":
    main()
