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
at most 10× a move, except those in :data:`OVER_10`, each with the reason and its defence). The
bodies found are
saved to bench/results/worst.json, so ``--replay`` measures exactly them on another tree (the
"before" column of bench/README.md).
"""

from __future__ import annotations

import argparse
import importlib
import json
import os
import random
import sys
import time
from pathlib import Path

from worst_cases import families, live_cases

HERE = Path(__file__).resolve().parent
RESULTS = HERE / "results"
# The endpoints whose costliest request is allowed above 10 moves, why, and what keeps a client
# sending them from slowing others (bench/flood.py measures that defence through nginx).
_ADVICE_ZONE = "nginx's advice zone, 2 a second and a burst of 5 per client, on top of the general limit"
OVER_10 = {
    "/v1/suggest": (
        "advice from the hard level searches a fixed budget (referee/bots/search.py Budget, issue #24) "
        f"whatever the request: 40-75 moves, by design; {_ADVICE_ZONE}"
    ),
    "/v1/tables/suggest": f"the same search, for a seat at a sealed table; {_ADVICE_ZONE}",
    "/v1/verify": (
        "a revealed hand is replayed move by move, and a legitimate record holds up to 999 moves "
        f"(R18a stalls): about 18 µs a move; {_ADVICE_ZONE}, and bodies of 8,000 bytes or more count "
        "against the costly zone (2 a second, burst 5)"
    ),
}

# --- measuring ---------------------------------------------------------------------------------


BENCH_SEAL_KEY = "YmVuY2gvd29yc3QucHk6IGEga2V5IGZvciB0b2tlbnM"  # 32 bytes: tokens saved by a run open again on --replay


def load_client(root: Path):
    os.environ.setdefault("RUMMY_SEAL_KEYS", BENCH_SEAL_KEY)
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
    parser.add_argument("--rounds", type=int, default=5, help="rounds of each body against an ordinary move (the least of each)")
    args = parser.parse_args()
    client, limit = load_client(args.root.resolve())
    limits = path_limits(limit)
    live, ordinary = live_cases(client, limits)
    if args.replay:
        saved = json.loads(args.replay.read_text())
        bodies = [(s["name"], s["path"], s["body"].encode()) for s in saved]
    else:
        # The ordinary requests compete too: for advice the ordinary request is the costliest.
        bodies = bounded_families(limit) + live + [(f"ordinary: {n}", p, b) for p, (n, b) in ordinary.items()]
        if args.search > 0:
            found, tried = search(client, max(limits.values(), default=limit), bodies, args.search, random.Random(args.seed))
            found = [(n, p, b) for n, p, b in found if len(b) <= limits.get(p, limit)]
            print(f"search: {tried} mutated bodies tried in {args.search:g} s")
            bodies += sorted(found, key=lambda x: -cost(client, x[1], x[2], runs=1)[0])[:5]
    move, move_body = ordinary_move(client)
    rows, moves = [], [move]
    for name, path, body in bodies:
        # The body and an ordinary move in turn, the least of each: on a shared machine the
        # ratio of two costs measured side by side is steadier than either cost.
        c, status = cost(client, path, body)
        for _ in range(args.rounds - 1):
            moves.append(cost(client, "/v1/move", move_body, runs=3)[0])
            c = min(c, cost(client, path, body)[0])
        rows.append((c, status, name, path, body))
    rows.sort(key=lambda r: -r[0])
    move = min(moves)
    print(f"an ordinary /v1/move: {move * 1000:.2f} ms of CPU")
    print(f"{'CPU ms':>8} {'× move':>7} {'µs/KB':>7} {'status':>6} {'KB':>6}  request")
    for c, status, name, path, body in rows:
        print(f"{c * 1000:8.1f} {c / move:7.1f} {c * 1e6 / (len(body) / 1024):7.0f} {status:>6} {len(body) / 1024:6.1f}  {path} {name}")
    print(
        "\nthe costliest request of each endpoint, against an ordinary /v1/move (issue #20: at most 10×) and an ordinary request of its own:"
    )
    print("| endpoint | body limit | costliest request | CPU ms | × move | ordinary request | CPU ms | × ordinary |")
    print("|---|---:|---|---:|---:|---|---:|---:|")
    over = []
    seen = set()
    for c, status, name, path, body in rows:
        if path not in seen:
            seen.add(path)
            usual_name, usual_body = ordinary.get(path, ("-", None))
            usual = min(cost(client, path, usual_body, runs=3)[0] for _ in range(args.rounds)) if usual_body else float("nan")
            print(
                f"| `{path}` | {limits.get(path, limit) if not args.replay else '-'} | {name} ({len(body) / 1024:.1f} KB, {status}) "
                f"| {c * 1000:.1f} | {c / move:.1f} | {usual_name} | {usual * 1000:.2f} | {c / usual:.1f} |"
            )
            if c / move > 10:
                over.append((path, c / move))
    print("\nabove 10 moves:" if over else "\nevery endpoint within 10 moves")
    for path, ratio in over:
        print(
            f"  {path} {ratio:.1f}×: "
            + (f"the exception: {OVER_10[path]}" if path in OVER_10 else "NOT an agreed exception: over the target")
        )
    if not args.replay:
        RESULTS.mkdir(exist_ok=True)
        (RESULTS / "worst.json").write_text(
            json.dumps([{"name": n, "path": p, "body": b.decode(), "cpu_ms": round(c * 1000, 2), "status": s} for c, s, n, p, b in rows])
        )


if __name__ == "__main__":
    main()
