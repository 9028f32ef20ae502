"""Load test: gunicorn started as `make serve` starts it, on 127.0.0.1, driven by locust
(headless, as a library) with a realistic mix of calls for a bounded time; reports throughput,
p50/p99 latency and the error count.

    make load                      # 60 s, 16 clients, through nginx over two instances (make stack)
    make load STACK=0              # … against one gunicorn alone
    .venv/bin/python bench/load.py --duration 20 --users 8
    .venv/bin/python bench/load.py --host http://127.0.0.1:8000   # a service already running

The mix: 40 % /v1/move (one legal move from a real mid-hand table), 30 % /v1/legal-moves,
20 % /v1/melds/check, 10 % /v1/scorepad (a game of 3-15 hands). Tables come from seeded deals
played forward by the rules core, so every request is valid; an error is any answer that is not
200 or whose body is wrong (a legal move judged illegal, no legal moves listed). Traffic goes to
the loopback interface only: any other host is refused. Results are written to
bench/results/load.json and gunicorn's log to bench/results/load-gunicorn.log.
"""

from __future__ import annotations

import argparse
import ipaddress
import json
import os
import random
import signal
import socket
import subprocess
import sys
import time
import urllib.parse
from pathlib import Path

import gevent
from locust import FastHttpUser, constant, task
from locust.env import Environment

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

import orjson  # noqa: E402

from referee import PRESETS, apply_move, deal, legal_moves, replay  # noqa: E402
from referee.cards import DECK  # noqa: E402
from referee.scorepad import HandEntry, Remaining  # noqa: E402
from schemas.state import StateOutSchema  # noqa: E402
from schemas.wire import to_json  # noqa: E402

RESULTS = ROOT / "bench" / "results"
NAMES = ["ana", "ben", "cy", "dee", "eli", "fay"]


# --- the corpus: realistic, valid requests ----------------------------------------------------


def build_corpus(seed: int, tables: int = 300) -> dict[str, list[bytes]]:
    rng = random.Random(seed)
    dump = StateOutSchema().dump
    moves, legals = [], []
    presets = list(PRESETS.values())
    for _ in range(tables):
        state = deal(NAMES[: rng.randint(2, 4)], rng.choice(presets), seed=rng.randrange(2**32))
        for _ in range(rng.randint(0, 40)):  # play forward to a random point of the hand
            options = legal_moves(state)
            plays = [m for m in options if m.action in ("meld", "lay_off")]
            nxt = apply_move(state, rng.choice(plays if plays and rng.random() < 0.7 else options))
            if nxt.status != "playing":
                break
            state = nxt
        options = legal_moves(state)
        body = dump(state)
        legals.append(orjson.dumps({"state": body}))
        moves.append(orjson.dumps({"state": body, "move": to_json(rng.choice(options))}))
    checks = []
    for _ in range(300):
        if rng.random() < 0.5:  # a set (maybe with a stray card)
            rank = rng.randrange(13)
            cards = [DECK[s * 13 + rank] for s in rng.sample(range(4), rng.randint(3, 4))]
        else:  # a run (maybe broken)
            suit, start = rng.randrange(4), rng.randrange(11)
            cards = [DECK[suit * 13 + start + k] for k in range(rng.randint(3, 5)) if start + k < 13]
        if rng.random() < 0.3:
            cards[-1] = rng.choice(DECK)
        body = {"cards": [c.code if rng.random() < 0.8 else c.symbol for c in cards]}
        if rng.random() < 0.2:
            body["rules"] = {"aces": "high_or_low"}
        checks.append(orjson.dumps(body))
    pads = []
    rules = PRESETS["standard"]
    while len(pads) < 100:
        players = NAMES[: rng.randint(2, 6)]
        hands, entries = [], []
        for _ in range(rng.randint(3, 15)):
            if rng.random() < 0.1:
                hand, entry = {"draw": True}, HandEntry(draw=True)
            else:
                winner = rng.choice(players)
                rem = {p: rng.randint(1, 25) for p in players if p != winner}
                hand = {"winner": winner, "rummy": rng.random() < 0.1, "remaining": {p: {"points": n} for p, n in rem.items()}}
                entry = HandEntry(winner, hand["rummy"], {p: Remaining(points=n) for p, n in rem.items()})
            if replay(players, rules, entries).game_over:
                break
            hands.append(hand)
            entries.append(entry)
        pads.append(orjson.dumps({"players": players, "hands": hands}))
    return {"move": moves, "legal": legals, "check": checks, "pad": pads}


# --- the simulated clients --------------------------------------------------------------------

CORPUS: dict[str, list[bytes]] = {}
JSON = {"Content-Type": "application/json"}


class RefereeClient(FastHttpUser):
    wait_time = constant(0)  # closed loop: each client sends its next request at once

    def _post(self, path: str, body: bytes, check):
        with self.client.post(path, data=body, headers=JSON, name=path, catch_response=True) as r:
            if r.status_code != 200:
                r.failure(f"{r.status_code}: {r.text[:200]}")
                return
            why = check(orjson.loads(r.content))
            if why:
                r.failure(why)

    @task(4)
    def move(self):
        self._post(
            "/v1/move",
            random.choice(CORPUS["move"]),
            lambda b: None if b["legal"] and b["applied"] == 1 else f"a listed legal move was refused: {b['reasons']}",
        )

    @task(3)
    def legal_moves(self):
        self._post(
            "/v1/legal-moves", random.choice(CORPUS["legal"]), lambda b: None if b["moves"] else "no legal move for a table still playing"
        )

    @task(2)
    def check_meld(self):
        self._post("/v1/melds/check", random.choice(CORPUS["check"]), lambda b: None if isinstance(b["valid"], bool) else "no verdict")

    @task(1)
    def scorepad(self):
        self._post("/v1/scorepad", random.choice(CORPUS["pad"]), lambda b: None if b["hands"] and b["standings"] else "an empty pad")


# --- gunicorn -----------------------------------------------------------------------------------


def loopback_only(host: str) -> str:
    """``host`` when it is an http URL on the loopback interface; refuses any other address."""
    url = urllib.parse.urlsplit(host)
    name = url.hostname or ""
    try:
        ok = name == "localhost" or ipaddress.ip_address(name).is_loopback
    except ValueError:
        ok = False
    if url.scheme != "http" or not ok:
        raise SystemExit(f"refusing to load {host!r}: only http://127.0.0.1, http://[::1] or http://localhost")
    return host.rstrip("/")


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def start_gunicorn(port: int, log) -> subprocess.Popen:
    gunicorn = Path(sys.executable).parent / "gunicorn"
    proc = subprocess.Popen(
        [str(gunicorn), "--config", "gunicorn.conf.py", "--bind", f"127.0.0.1:{port}", "app:app"], cwd=ROOT, stdout=log, stderr=log
    )
    deadline = time.monotonic() + 30
    while time.monotonic() < deadline:
        if proc.poll() is not None:
            raise SystemExit(f"gunicorn exited with {proc.returncode}; see {log.name}")
        try:
            with socket.create_connection(("127.0.0.1", port), timeout=1):
                return proc
        except OSError:
            time.sleep(0.1)
    proc.kill()
    raise SystemExit("gunicorn did not start within 30 s")


# --- the run ------------------------------------------------------------------------------------


def run(host: str, users: int, duration: float) -> dict:
    env = Environment(user_classes=[RefereeClient], host=host)
    runner = env.create_local_runner()
    runner.start(users, spawn_rate=users)
    started = time.monotonic()
    gevent.spawn_later(duration, runner.quit)
    runner.greenlet.join()
    elapsed = time.monotonic() - started
    total = env.stats.total

    def figures(entry) -> dict:
        return {
            "requests": entry.num_requests,
            "errors": entry.num_failures,
            "throughput_rps": round(entry.num_requests / elapsed, 1),
            "p50_ms": entry.get_response_time_percentile(0.50),
            "p99_ms": entry.get_response_time_percentile(0.99),
            "max_ms": round(entry.max_response_time or 0, 1),
        }

    return {
        "seconds": round(elapsed, 1),
        "users": users,
        **figures(total),
        "by_endpoint": {name: figures(e) for (name, _), e in sorted(env.stats.entries.items())},
        "error_samples": [f"{e.name}: {e.error} ×{e.occurrences}" for e in list(env.stats.errors.values())[:10]],
    }


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--duration", type=float, default=60.0, help="seconds of load (default 60, at most 600)")
    parser.add_argument("--users", type=int, default=16, help="concurrent clients (default 16)")
    parser.add_argument("--host", help="an already running service on the loopback interface; default: start gunicorn")
    parser.add_argument("--workers", help="WEB_CONCURRENCY for the gunicorn started here (default: gunicorn.conf.py's)")
    parser.add_argument(
        "--stack",
        type=int,
        default=0,
        metavar="N",
        help="through nginx (deploy/stack.py, as `make stack`) over N instances; its rate limits exempt 127.0.0.1, the load's one address",
    )
    parser.add_argument("--seed", type=int, default=1, help="seed of the request corpus")
    args = parser.parse_args(argv)
    if not 0 < args.duration <= 600 or not 0 < args.users <= 256:
        raise SystemExit("--duration must be in (0, 600] seconds and --users in 1..256")
    CORPUS.update(build_corpus(args.seed))
    RESULTS.mkdir(parents=True, exist_ok=True)
    proc = stack = None
    with open(RESULTS / "load-gunicorn.log", "w") as log:
        if args.host:
            host = loopback_only(args.host)
        elif args.stack:
            sys.path.insert(0, str(ROOT / "deploy"))
            from stack import Stack

            if args.workers:
                os.environ["WEB_CONCURRENCY"] = args.workers
            stack = Stack(instances=args.stack, exempt=("127.0.0.1",)).start()
            host = f"http://127.0.0.1:{stack.port}"
        else:
            if args.workers:
                os.environ["WEB_CONCURRENCY"] = args.workers
            port = free_port()
            proc = start_gunicorn(port, log)
            host = f"http://127.0.0.1:{port}"
        try:
            result = run(host, args.users, args.duration)
        finally:
            if stack is not None:
                log.write("".join(stack.log(f"app{i}") for i in range(args.stack)))
                stack.stop()
            if proc is not None:
                proc.send_signal(signal.SIGTERM)
                try:
                    proc.wait(timeout=30)
                except subprocess.TimeoutExpired:
                    proc.kill()
    workers = f"WEB_CONCURRENCY={os.environ.get('WEB_CONCURRENCY', 'default')}"
    result["server"] = args.host or (
        f"nginx (deploy/) over {args.stack} gunicorn instances, {workers}" if args.stack else f"gunicorn, gunicorn.conf.py, {workers}"
    )
    (RESULTS / "load.json").write_text(json.dumps(result, indent=2) + "\n")
    print(f"\n{result['server']}: {result['users']} clients for {result['seconds']} s")
    print(f"{'endpoint':18} {'requests':>9} {'req/s':>8} {'p50 ms':>7} {'p99 ms':>7} {'max ms':>7} {'errors':>6}")
    for name, f in [*result["by_endpoint"].items(), ("total", result)]:
        print(f"{name:18} {f['requests']:>9} {f['throughput_rps']:>8} {f['p50_ms']:>7} {f['p99_ms']:>7} {f['max_ms']:>7} {f['errors']:>6}")
    for sample in result["error_samples"]:
        print("error:", sample)
    return 1 if result["errors"] else 0


if __name__ == "__main__":
    sys.exit(main())
