"""Slow clients (slowloris) against the service, with and without nginx in front, and how long
``GET /healthz`` has to wait meanwhile.

    .venv/bin/python bench/slowclients.py                 # 16 clients, 15 s each way
    .venv/bin/python bench/slowclients.py --duration 25 --clients 16

Half the clients send their headers a byte at a time (slowloris), half send complete headers
announcing a 200 KB body and then send it a byte at a time; each reconnects when the server
closes on it. A probe asks ``/healthz`` every 0.1 s, and the slow clients go on until its last
request is answered. Against gunicorn alone (2 sync workers, as ``make serve`` runs it) the slow
clients hold every worker, and the probe times out; through the stack of ``make stack`` nginx
holds them and the workers never see them. How long the probe waits is this script's figure:
tests/test_stack.py runs the same attack against the stack and asserts only that every probe
is answered, never how fast (that depends on the machine).
"""

from __future__ import annotations

import argparse
import http.client
import socket
import sys
import threading
import time
from dataclasses import dataclass, field
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "deploy"))


@dataclass
class Probe:
    """Answers to ``GET /healthz`` while the attack lasts: (seconds waited, status or error, body)."""

    waits: list[tuple[float, object, bytes]] = field(default_factory=list)

    @property
    def longest(self) -> float:
        return max((w for w, _, _ in self.waits), default=0.0)

    @property
    def failures(self) -> list:
        return [(w, s) for w, s, _ in self.waits if s != 200]


def _slow_headers(port: int, stop: threading.Event, pause: float) -> None:
    head = b"POST /v1/melds/check HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nX-Slow: " + b"a" * 4000
    while not stop.is_set():
        try:
            with socket.create_connection(("127.0.0.1", port), timeout=5) as s:
                for byte in head:
                    if stop.is_set():
                        return
                    s.sendall(bytes([byte]))
                    stop.wait(pause)
        except OSError:
            stop.wait(0.05)


def _slow_body(port: int, stop: threading.Event, pause: float) -> None:
    size = 200_000
    head = (f"POST /v1/scorepad HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: {size}\r\n\r\n").encode()
    while not stop.is_set():
        try:
            with socket.create_connection(("127.0.0.1", port), timeout=5) as s:
                s.sendall(head)
                for _ in range(size):
                    if stop.is_set():
                        return
                    s.sendall(b" ")
                    stop.wait(pause)
        except OSError:
            stop.wait(0.05)


def _probe(port: int, stop: threading.Event, probe: Probe, every: float, timeout: float) -> None:
    while not stop.is_set():
        started = time.monotonic()
        conn = http.client.HTTPConnection("127.0.0.1", port, timeout=timeout)
        try:
            conn.request("GET", "/healthz")
            answer = conn.getresponse()
            status, body = answer.status, answer.read()
        except OSError as e:
            status, body = type(e).__name__, b""
        finally:
            conn.close()
        probe.waits.append((time.monotonic() - started, status, body))
        stop.wait(every)


def attack(port: int, duration: float, clients: int = 16, pause: float = 0.5, probe_timeout: float = 30.0) -> Probe:
    """``clients`` slow clients (half slow headers, half slow bodies, a byte every ``pause``
    seconds) against 127.0.0.1:``port`` for ``duration`` seconds, with a probe of /healthz
    every 0.1 s; returns the probe's record. The slow clients outlast the probe: they stop once
    its last request is answered, so a probe held until they give up (gunicorn alone) waits
    ``probe_timeout`` and fails, rather than being answered when the attack ends."""
    stop, probing = threading.Event(), threading.Event()
    probe = Probe()
    threads = [
        threading.Thread(target=_slow_headers if i % 2 == 0 else _slow_body, args=(port, stop, pause), daemon=True) for i in range(clients)
    ]
    for t in threads:
        t.start()
    time.sleep(0.5)  # let the slow clients take their places first
    prober = threading.Thread(target=_probe, args=(port, probing, probe, 0.1, probe_timeout), daemon=True)
    prober.start()
    time.sleep(duration)
    probing.set()
    prober.join(probe_timeout + 5)
    stop.set()
    for t in threads:
        t.join(10)
    return probe


def main() -> None:
    import subprocess

    from stack import Stack, free_port, gunicorn_command, wait_until_up

    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--duration", type=float, default=15.0)
    parser.add_argument("--clients", type=int, default=16)
    args = parser.parse_args()

    port = free_port()
    gunicorn = subprocess.Popen(
        gunicorn_command(port, workers=2),
        cwd=ROOT,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    try:
        wait_until_up(port, proc=gunicorn)
        alone = attack(port, args.duration, args.clients, probe_timeout=args.duration)
    finally:
        gunicorn.terminate()
        gunicorn.wait(30)
    with Stack(workers=2) as stack:
        behind = attack(stack.port, args.duration, args.clients, probe_timeout=args.duration)
    for name, probe in (("gunicorn alone (2 sync workers)", alone), ("nginx over 2 instances", behind)):
        print(
            f"{name}: {args.clients} slow clients for {args.duration:g} s: {len(probe.waits)} probes, "
            f"longest /healthz wait {probe.longest:.3f} s, {len(probe.failures)} failed or timed out, "
            f"{sum(w for w, _, _ in probe.waits if w > 1):.1f} s spent in waits over 1 s"
        )


if __name__ == "__main__":
    main()
