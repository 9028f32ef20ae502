"""Load test: gunicorn started as `make serve` starts it, on 127.0.0.1, driven by locust
(headless, as a library) with a realistic mix of calls for a bounded time; reports throughput,
p50/p99 latency and the error count.

    make load                      # 60 s, 16 clients, through nginx over two instances (make stack)
    make load STACK=0              # … against one gunicorn alone
    .venv/bin/python bench/load.py --duration 20 --users 8
    .venv/bin/python bench/load.py --host http://127.0.0.1:8000   # a service already running

The mix: 40 % /v1/move (one legal move from a real mid-hand table), 30 % /v1/legal-moves,
20 % /v1/melds/check, 10 % /v1/scorepad (a game of 3-15 hands); with ``--tables`` each client
also plays a sealed table against an easy computer opponent (/v1/tables, /v1/tables/move; the
stack's replay guard on), retrying a move whose answer was lost (a 502, a 503) with the very
same request and catching up from a 409's ``table``, as a frontend would. Every answer that is
not the right one counts as an error, a retried one too (a dropped connection included: it has
no status and no body); a client waiting to retry a move sends its other requests meanwhile, so
the load never stops during an outage. A table whose move could not be answered after 5 retries
is counted lost.

Faults mid-run (stack only): ``--kill-at S`` kills instance 0 (SIGKILL, master and workers) S
seconds in; ``--restart-redis-at S`` stops the stack's Redis (SIGTERM: it syncs its append-only
file) and starts it again S seconds in. Tables come from seeded deals
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
import re
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
sys.path.insert(0, str(ROOT / "deploy"))

import orjson  # noqa: E402
from stack import free_port  # noqa: E402  (one way to pick a free port: deploy/stack.py's)

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
TABLES: list[bool] = []  # [True] with --tables
RETRIED: dict[int | str, int] = {}  # sealed moves answered 502/503 then sent again, and 409s caught up from
LOST: list[int] = [0]  # sealed tables given up: a move not answered after every retry
JSON = {"Content-Type": "application/json"}


class RefereeClient(FastHttpUser):
    wait_time = constant(0)  # closed loop: each client sends its next request at once

    def _post(self, path: str, body: bytes, check):
        with self.client.post(path, data=body, headers=JSON, name=path, catch_response=True) as r:
            if r.status_code != 200:
                r.failure(f"{r.status_code}: {text(r)}")
                return
            try:
                answer = orjson.loads(r.content)
            except orjson.JSONDecodeError:
                # Seen once with an instance killed mid-answer: a 200 whose body never came whole.
                r.failure(f"200 but not a JSON body: {len(r.content)} bytes")
                return
            why = check(answer)
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

    table: dict | None = None

    @task(2)
    def sealed_table(self):
        """One move at this client's sealed table (a new table when it has none or its hand is
        over). A lost answer (502, 503, a dropped connection) is an error, and the very same
        request is sent again later, up to 5 times, without holding this client: until its
        time (``Retry-After``, else 0.2 s a try) the client sends its other requests. A 409
        hands the latest token, played on."""
        if not TABLES:
            return
        if self.table is None:
            body = orjson.dumps({"players": ["ana", "bob"], "bots": {"bob": "easy"}})
            with self.client.post("/v1/tables", data=body, headers=JSON, name="/v1/tables", catch_response=True) as r:
                if r.status_code != 201 or not answered(r.content):
                    r.failure(f"{r.status_code}: {text(r)}")
                    return
                made = orjson.loads(r.content)
            self.table = {"token": made["table"], "seat": made["seats"]["ana"], "view": None, "retry": None}
            with self.client.post(
                "/v1/tables/view",
                data=orjson.dumps({"table": made["table"], "seat": made["seats"]["ana"]}),
                headers=JSON,
                name="/v1/tables/view",
                catch_response=True,
            ) as r:
                self.table["view"] = orjson.loads(r.content)["view"] if r.status_code == 200 and answered(r.content) else None
                if self.table["view"] is None:
                    r.failure(f"{r.status_code}: {text(r)}")
            return
        t = self.table
        if t["retry"] is not None:  # a move whose answer was lost: the same request, once its time has come
            body, attempt, due = t["retry"]
            if time.monotonic() < due:
                return self.move()  # meanwhile, other work
        else:
            legal = (t["view"] or {}).get("legal_moves") or []
            if not legal:
                self.table = None
                return
            move = random.choice([m for m in legal if m["action"] != "draw"] or legal)
            body, attempt = orjson.dumps({"table": t["token"], "seat": t["seat"], "move": move}), 0
        t["retry"] = None
        with self.client.post("/v1/tables/move", data=body, headers=JSON, name="/v1/tables/move", catch_response=True) as r:
            lost = r.status_code in (0, 502, 503) or (r.status_code == 200 and not answered(r.content))
            if lost:
                # A killed instance can send its 200's headers and die before the body: a lost
                # answer like a 502, and the same request sent again answers it (#20).
                key = "lost" if r.status_code in (0, 200) else r.status_code
                RETRIED[key] = RETRIED.get(key, 0) + 1
                r.failure(f"{r.status_code} (retried): {text(r)}")
                if attempt < 5:
                    t["retry"] = (body, attempt + 1, time.monotonic() + max(0.2 * (attempt + 1), retry_after(r)))
                else:
                    LOST[0] += 1
                    self.table = None
                return
            if r.status_code == 409:
                RETRIED[409] = RETRIED.get(409, 0) + 1
                latest = orjson.loads(r.content).get("table") if answered(r.content) else None
                if not latest:
                    r.failure("409 without the latest table")
                    LOST[0] += 1
                    self.table = None
                    return
                r.success()
                t["token"] = latest
                with self.client.post(
                    "/v1/tables/view", data=orjson.dumps({"table": latest, "seat": t["seat"]}), headers=JSON, name="/v1/tables/view"
                ) as v:
                    t["view"] = orjson.loads(v.content)["view"] if v.status_code == 200 and answered(v.content) else None
                return
            if r.status_code != 200:
                r.failure(f"{r.status_code}: {text(r)}")
                self.table = None
                return
            answer = orjson.loads(r.content)
            t["token"], t["view"] = answer["table"], answer["view"]
            if answer["view"]["status"] != "playing":
                self.table = None


def text(r) -> str:
    """The start of an answer's body, for an error message ("" for a dropped connection, which
    has none), its request id left out so that like errors are counted together."""
    return re.sub(r',"request_id":"[^"]*"', "", (r.text or "")[:300])[:200] if r.content else ""


def answered(content: bytes | None) -> bool:
    """Whether a 200's body arrived whole (a JSON object), not cut off by a dying instance."""
    if not content:
        return False
    try:
        return isinstance(orjson.loads(content), dict)
    except orjson.JSONDecodeError:
        return False


def retry_after(r) -> float:
    """Seconds the answer's ``Retry-After`` asks a client to wait (0 when it names none)."""
    try:
        return float(r.headers.get("Retry-After") or 0)
    except ValueError:
        return 0.0


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


def run(host: str, users: int, duration: float, faults=()) -> dict:
    env = Environment(user_classes=[RefereeClient], host=host)
    runner = env.create_local_runner()
    runner.start(users, spawn_rate=users)
    started = time.monotonic()
    for at, fault in faults:
        gevent.spawn_later(at, fault)
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
        "sealed_retried": {str(k): v for k, v in sorted(RETRIED.items(), key=lambda kv: str(kv[0]))},
        "tables_lost": LOST[0],
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
    parser.add_argument("--tables", action="store_true", help="each client also plays a sealed table (the stack's guard on)")
    parser.add_argument("--kill-at", type=float, help="seconds in: kill instance 0 of the stack (SIGKILL)")
    parser.add_argument("--restart-redis-at", type=float, help="seconds in: restart the stack's Redis")
    parser.add_argument("--rolling-restart-at", type=float, help="seconds in: restart each instance in turn, drained (a deploy)")
    parser.add_argument("--restart-both-at", type=float, help="seconds in: stop every instance at once (SIGTERM), then start them")
    parser.add_argument("--reload-nginx-at", type=float, help="seconds in: nginx -s reload (SIGHUP)")
    parser.add_argument("--freeze-redis-at", type=float, help="seconds in: freeze the stack's Redis (SIGSTOP) for 3 s")
    args = parser.parse_args(argv)
    if not 0 < args.duration <= 600 or not 0 < args.users <= 256:
        raise SystemExit("--duration must be in (0, 600] seconds and --users in 1..256")
    CORPUS.update(build_corpus(args.seed))
    if args.tables:
        TABLES.append(True)
    RESULTS.mkdir(parents=True, exist_ok=True)
    proc = stack = None
    with open(RESULTS / "load-gunicorn.log", "w") as log:
        if args.host:
            host = loopback_only(args.host)
        elif args.stack:
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
            faults, done = [], []

            def kill():
                stack.stop_app(0, signal.SIGKILL)
                done.append(f"instance 0 killed at {args.kill_at:g} s")

            def restart_redis():
                stack.stop_redis()
                stack.start_redis()
                done.append(f"Redis restarted at {args.restart_redis_at:g} s")

            def rolling():
                stack.rolling_restart()
                done.append(f"rolling restart from {args.rolling_restart_at:g} s")

            def both():
                for i in range(len(stack.apps)):
                    stack.stop_app(i)
                for i in range(len(stack.apps)):
                    stack.start_app(i)
                done.append(f"both instances stopped and started at {args.restart_both_at:g} s")

            def reload_nginx():
                stack.reload_nginx()
                done.append(f"nginx reloaded at {args.reload_nginx_at:g} s")

            def freeze_redis():
                stack.redis_proc.send_signal(signal.SIGSTOP)
                gevent.sleep(3)
                stack.redis_proc.send_signal(signal.SIGCONT)
                done.append(f"Redis frozen 3 s at {args.freeze_redis_at:g} s")

            for at, fault in (
                (args.rolling_restart_at, rolling),
                (args.restart_both_at, both),
                (args.reload_nginx_at, reload_nginx),
                (args.freeze_redis_at, freeze_redis),
            ):
                if stack is not None and at is not None:
                    faults.append((at, fault))
            if stack is not None and args.kill_at is not None:
                faults.append((args.kill_at, kill))
            if stack is not None and args.restart_redis_at is not None:
                faults.append((args.restart_redis_at, restart_redis))
            result = run(host, args.users, args.duration, faults)
            result["faults"] = done
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
    for fault in result.get("faults", []):
        print("fault:", fault)
    if result["sealed_retried"]:
        print("sealed moves sent again after a lost answer, and 409s caught up from:", result["sealed_retried"])
    print(f"sealed tables lost (a move unanswered after 5 retries): {result['tables_lost']}")
    return 1 if result["errors"] else 0


if __name__ == "__main__":
    sys.exit(main())
