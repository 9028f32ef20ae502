"""The replay guard's Redis under faults, measured: how many seconds of 503 (StoreUnavailable)
a fault costs the guarded moves, and how many spurious 503s a healthy Redis gives on a busy host.

Worker processes (as gunicorn's sync workers) each play one table's guarded changes as fast as
they can (check, then commit with a 2 KB answer: the work of one sealed move) against a real
redis-server started here; a fault is injected after two seconds:

    python bench/store_faults.py restart --down 0.5       # stop Redis, start it again 0.5 s later
    python bench/store_faults.py restart --down 0.5 --old # the breaker and timeout before (5 s, 50 ms)
    python bench/store_faults.py busy --seconds 20        # no fault: count 503s of a healthy Redis
    python bench/store_faults.py failover                 # Sentinel: the primary killed, the replica promoted
    python bench/store_faults.py freeze --down 3          # Redis stopped by SIGSTOP for 3 s, then SIGCONT
    python bench/store_faults.py cluster                  # a 3-node Cluster (no replicas), one node killed

It prints one line of figures per run. Nothing here is asserted: the tests check behaviour,
this measures it (docs/sealed-tables.md keeps the figures).
"""

from __future__ import annotations

import argparse
import importlib
import multiprocessing as mp
import os
import secrets
import signal
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "tests"))

from tables.store import Breaker, StoreUnavailable  # noqa: E402
from tables.store.redis_store import RedisStore  # noqa: E402

ANSWER = secrets.token_bytes(2048)


def _store(url: str, old: bool, timeout_ms: int | None) -> RedisStore:
    if old:  # before: 50 ms, the breaker open 5 s at once
        return RedisStore(url, timeout=(timeout_ms or 50) / 1000, breaker=Breaker(3, 5.0, 5.0))
    return RedisStore(url, timeout=(timeout_ms or 250) / 1000)


def _worker(url: str, old: bool, timeout_ms: int | None, until: float, out) -> None:
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    store = _store(url, old, timeout_ms)
    table, seq, seen = secrets.token_hex(8), 0, []
    while time.time() < until:
        digest = secrets.token_bytes(16)
        t = time.time()
        try:
            store.check(table, seq, digest)
            store.commit(table, seq, seq + 1, digest, ANSWER, 3600)
            seq += 1
            seen.append((t, time.time() - t, 0))
        except StoreUnavailable as e:
            seen.append((t, time.time() - t, 2 if e.unknown else 1))
            time.sleep(0.01)  # a client's short wait; bench/load.py waits the Retry-After
        except Exception:  # Stale after Redis lost its data and another worker's… (none share a table)
            seen.append((t, time.time() - t, 3))
    out.put(seen)


def _run(url: str, workers: int, seconds: float, old: bool, timeout_ms: int | None, fault=None):
    q = mp.Queue()
    start = time.time()
    until = start + seconds
    procs = [mp.Process(target=_worker, args=(url, old, timeout_ms, until, q)) for _ in range(workers)]
    for p in procs:
        p.start()
    fault_at = None
    if fault is not None:
        time.sleep(2.0)
        fault_at = time.time()
        fault()
    seen = [e for _ in procs for e in q.get()]
    for p in procs:
        p.join()
    return seen, fault_at


def _figures(seen, fault_at=None) -> str:
    ok = sum(1 for _, _, o in seen if o == 0)
    bad = sorted(t for t, _, o in seen if o in (1, 2))
    unknown = sum(1 for _, _, o in seen if o == 2)
    lat = sorted(d for _, d, o in seen if o == 0)
    text = f"{len(seen)} guarded changes, {ok} ok, {len(bad)} × 503 ({unknown} 'may have been recorded'), p50 {1000 * lat[len(lat) // 2]:.1f} ms, p99 {1000 * lat[int(len(lat) * 0.99)]:.1f} ms"
    if bad:
        text += f"; 503s from {bad[0] - (fault_at or bad[0]):+.2f} s to {bad[-1] - (fault_at or bad[0]):+.2f} s after the fault: {bad[-1] - bad[0]:.2f} s of 503"
    return text


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("what", choices=["restart", "freeze", "busy", "failover", "cluster"])
    parser.add_argument("--down", type=float, default=0.5, help="restart: seconds Redis is down")
    parser.add_argument("--seconds", type=float, default=8.0)
    parser.add_argument("--workers", type=int, default=4)
    parser.add_argument("--old", action="store_true", help="the breaker and timeout before this change")
    parser.add_argument("--timeout-ms", type=int, default=None)
    args = parser.parse_args()

    import pytest  # noqa: F401 (the topologies' skip)

    topologies = importlib.import_module("redis_topologies")

    class Factory:  # tmp_path_factory's one method, for the fixtures' context managers
        def mktemp(self, name):
            return Path(tempfile.mkdtemp(prefix=f"rummy-bench-{name}-"))

    if args.what == "failover":
        with topologies.redis_sentinel(Factory()) as (url, servers, (primary, replica, sentinel)):
            promoted = []

            def kill():
                t = time.time()
                os.kill(servers.procs[primary].pid, signal.SIGKILL)
                while str(replica) not in topologies.ask(sentinel, "SENTINEL", "get-master-addr-by-name", "rummy"):
                    time.sleep(0.02)
                promoted.append(time.time() - t)

            seen, at = _run(
                url,
                args.workers,
                args.seconds + 6,
                args.old,
                args.timeout_ms,
                fault=kill,
            )
            print(f"failover (primary killed; Sentinel named the replica {promoted[0]:.2f} s later): {_figures(seen, at)}")
        return
    if args.what == "cluster":
        with topologies.redis_cluster(Factory()) as (url, servers, ports):
            seen, at = _run(
                url,
                args.workers,
                args.seconds,
                args.old,
                args.timeout_ms,
                fault=lambda: os.kill(servers.procs[ports[0]].pid, signal.SIGKILL),
            )
            after = [o for t, _, o in seen if t > at + 3]  # once the others have noticed (cluster-node-timeout 2 s)
            print(
                f"cluster, one of 3 nodes killed: {_figures(seen, at)}; from 3 s after: {sum(1 for o in after if o == 0)} ok of {len(after)}"
            )
        return
    servers = topologies.Servers(Path(tempfile.mkdtemp(prefix="rummy-bench-redis-")))
    port = topologies.free_port()
    servers.redis(port)
    url = f"redis://127.0.0.1:{port}/0"
    try:
        if args.what == "busy":
            seen, _ = _run(url, args.workers, args.seconds, args.old, args.timeout_ms)
            print(f"busy host, healthy Redis ({os.getloadavg()[0]:.1f} load): {_figures(seen)}")
            return

        gone = []

        if args.what == "freeze":

            def freeze():
                os.kill(servers.procs[port].pid, signal.SIGSTOP)
                time.sleep(args.down)
                os.kill(servers.procs[port].pid, signal.SIGCONT)

            seen, at = _run(url, args.workers, args.seconds, args.old, args.timeout_ms, fault=freeze)
            print(f"freeze {args.down} s, {'before' if args.old else 'after'}: {_figures(seen, at)}")
            return

        def restart():
            t = time.time()
            servers.stop(port)
            time.sleep(args.down)
            servers.redis(port)
            gone.append(time.time() - t)

        seen, at = _run(url, args.workers, args.seconds, args.old, args.timeout_ms, fault=restart)
        print(
            f"restart, down {args.down} s (stopped to answering again: {gone[0]:.2f} s), {'before' if args.old else 'after'}: {_figures(seen, at)}"
        )
    finally:
        servers.stop_all()


if __name__ == "__main__":
    main()
