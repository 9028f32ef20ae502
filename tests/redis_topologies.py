"""Real Redis topologies for the table store's tests, started from Debian's packages on free
loopback ports and stopped afterwards: a 3-node Redis Cluster (``redis-server`` with
``cluster-enabled``, joined by ``redis-cli --cluster create``) and a primary with one replica
watched by one Sentinel (``redis-sentinel``)."""

from __future__ import annotations

import contextlib
import os
import random
import shutil
import socket
import subprocess
import time
from pathlib import Path

import pytest
from tables_support import free_port


def _binary(name: str, package: str) -> str:
    found = shutil.which(name) or (f"/usr/bin/{name}" if os.path.exists(f"/usr/bin/{name}") else None)
    if found is None:
        why = f"these tests need Debian's {name}: apt-get install {package} (.ci/run does)"
        if os.environ.get("RUMMY_REQUIRE_REDIS") == "1":
            pytest.fail(why)
        pytest.skip(why)
    return found


def ask(port: int, *words: str, timeout: float = 1.0) -> str:
    """One command by redis-cli, its answer as text ('' when nothing answers)."""
    try:
        out = subprocess.run(
            [_binary("redis-cli", "redis-tools"), "-h", "127.0.0.1", "-p", str(port), *words],
            capture_output=True,
            text=True,
            timeout=timeout + 2,
        )
    except subprocess.TimeoutExpired:
        return ""
    return out.stdout.strip()


def _wait(check, what: str, seconds: float = 20.0) -> None:
    deadline = time.monotonic() + seconds
    while not check():
        if time.monotonic() > deadline:
            raise AssertionError(f"{what} did not happen within {seconds} s")
        time.sleep(0.05)


def _answers(port: int) -> bool:
    try:
        with socket.create_connection(("127.0.0.1", port), timeout=0.5) as s:
            s.sendall(b"PING\r\n")
            return s.recv(64).startswith((b"+PONG", b"-NOAUTH"))
    except OSError:
        return False


class Servers:
    """Processes started for one topology; :meth:`stop` ends them all (each by its own id)."""

    def __init__(self, workdir: Path) -> None:
        self.workdir = workdir
        self.procs: dict[int, subprocess.Popen] = {}

    def redis(self, port: int, *extra: str) -> subprocess.Popen:
        folder = self.workdir / str(port)
        folder.mkdir(exist_ok=True)
        proc = subprocess.Popen(
            [
                _binary("redis-server", "redis-server"),
                "--port",
                str(port),
                "--bind",
                "127.0.0.1",
                "--save",
                "",
                "--appendonly",
                "no",
                "--dir",
                str(folder),
                *extra,
            ],
            stdout=(folder / "log").open("ab"),
            stderr=subprocess.STDOUT,
        )
        self.procs[port] = proc
        log = folder / "log"  # its own readiness, not another server's answer on a port taken meanwhile
        _wait(lambda: "Ready to accept connections" in log.read_text() or proc.poll() is not None, f"redis-server on {port} ready")
        assert proc.poll() is None, f"redis-server on {port} stopped at start: {(folder / 'log').read_text()[-500:]}"
        return proc

    def sentinel(self, port: int, primary: int, name: str) -> subprocess.Popen:
        conf = self.workdir / f"sentinel-{port}.conf"  # Sentinel rewrites its own file
        conf.write_text(
            f"port {port}\nbind 127.0.0.1\ndir {self.workdir}\n"
            f"sentinel monitor {name} 127.0.0.1 {primary} 1\n"
            f"sentinel down-after-milliseconds {name} 1000\n"
            f"sentinel failover-timeout {name} 4000\n"
        )
        proc = subprocess.Popen(
            [_binary("redis-sentinel", "redis-sentinel"), str(conf)], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL
        )
        self.procs[port] = proc
        _wait(lambda: _answers(port), f"redis-sentinel on {port} answering")
        return proc

    def stop(self, port: int) -> None:
        proc = self.procs.pop(port)
        proc.terminate()
        try:
            proc.wait(10)
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.wait()

    def stop_all(self) -> None:
        for port in list(self.procs):
            self.stop(port)


def _cluster_port() -> int:
    """A free port whose cluster bus port (10,000 above) is free too: so at most 55,535."""
    for _ in range(200):
        port = random.randint(20000, 55535)
        try:
            for p in (port, port + 10000):
                with socket.socket() as s:
                    s.bind(("127.0.0.1", p))
        except OSError:
            continue
        return port
    raise AssertionError("no free pair of ports for a cluster node")


@contextlib.contextmanager
def redis_cluster(tmp_path_factory, nodes: int = 3):
    """A Redis Cluster of ``nodes`` primaries (no replicas): the startup URL
    ``redis+cluster://…`` and the :class:`Servers` (to stop a node)."""
    servers = Servers(tmp_path_factory.mktemp("cluster"))
    ports: list[int] = []
    while len(ports) < nodes:
        port = _cluster_port()
        ports += [port] if port not in ports else []
    try:
        for p in ports:
            servers.redis(p, "--cluster-enabled", "yes", "--cluster-config-file", f"nodes-{p}.conf", "--cluster-node-timeout", "2000")
        out = subprocess.run(
            [
                _binary("redis-cli", "redis-tools"),
                "--cluster",
                "create",
                *(f"127.0.0.1:{p}" for p in ports),
                "--cluster-replicas",
                "0",
                "--cluster-yes",
            ],
            capture_output=True,
            text=True,
            timeout=30,
        )
        assert out.returncode == 0, out.stdout + out.stderr
        _wait(lambda: all("cluster_state:ok" in ask(p, "CLUSTER", "INFO") for p in ports), "the cluster reaching state ok")
        yield "redis+cluster://" + ",".join(f"127.0.0.1:{p}" for p in ports), servers, ports
    finally:
        servers.stop_all()


@contextlib.contextmanager
def redis_sentinel(tmp_path_factory, name: str = "rummy"):
    """A primary, its replica and one Sentinel watching them (quorum 1, down after 1 s): the URL
    ``redis+sentinel://…/name/0``, the :class:`Servers` and the ports (primary, replica, sentinel)."""
    servers = Servers(tmp_path_factory.mktemp("sentinel"))
    primary = free_port()
    replica = free_port(primary)
    sentinel = free_port(primary, replica)
    try:
        servers.redis(primary)
        servers.redis(replica, "--replicaof", "127.0.0.1", str(primary))
        _wait(lambda: "master_link_status:up" in ask(replica, "INFO", "replication"), "the replica in sync")
        servers.sentinel(sentinel, primary, name)
        _wait(lambda: "slaves=1" in ask(sentinel, "INFO", "sentinel"), "the Sentinel seeing the replica")
        yield f"redis+sentinel://127.0.0.1:{sentinel}/{name}/0", servers, (primary, replica, sentinel)
    finally:
        servers.stop_all()
