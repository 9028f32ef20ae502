"""The plumbing of the HTTP benchmarks (`bench/run.py` section 3, `bench/profile.py`): gunicorn
started on a free loopback port with the project's settings, the load generators (wrk, or Python
processes where wrk is missing) and a one-line description of the machine the figures come from."""

from __future__ import annotations

import os
import platform
import re
import shutil
import signal
import subprocess
import sys
import tempfile
import time
import urllib.request
from pathlib import Path

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent
sys.path.insert(0, str(ROOT / "deploy"))

from stack import free_port  # noqa: E402  (one way to pick a free port: deploy/stack.py's)


class Server:
    """gunicorn on 127.0.0.1 with the project's gunicorn.conf.py, 2 sync workers, workers never
    recycled during the run, the access log discarded; stopped by its own pid."""

    def __init__(self, target: str, workers: int = 2):
        self.port = free_port()
        env = dict(
            os.environ,
            WEB_CONCURRENCY=str(workers),
            GUNICORN_BIND=f"127.0.0.1:{self.port}",
            GUNICORN_MAX_REQUESTS="0",
            GUNICORN_LOG_LEVEL="warning",
            PYTHONPATH=os.pathsep.join([str(ROOT), str(HERE)]),
        )
        gunicorn = Path(sys.executable).parent / "gunicorn"
        self.log = tempfile.TemporaryFile()  # not a pipe: a full pipe would stall the server
        self.proc = subprocess.Popen(
            [str(gunicorn), "--config", str(ROOT / "gunicorn.conf.py"), target],
            cwd=ROOT,
            env=env,
            stdout=subprocess.DEVNULL,
            stderr=self.log,
            start_new_session=True,
        )
        self.url = f"http://127.0.0.1:{self.port}/v1/move"

    def wait(self, body: bytes, timeout: float = 20.0) -> bytes:
        deadline = time.time() + timeout
        while time.time() < deadline:
            if self.proc.poll() is not None:
                self.log.seek(0)
                raise SystemExit(f"gunicorn exited: {self.log.read().decode(errors='replace')[-2000:]}")
            try:
                req = urllib.request.Request(self.url, data=body, headers={"Content-Type": "application/json"})
                with urllib.request.urlopen(req, timeout=2) as r:
                    return r.read()
            except OSError:
                time.sleep(0.1)
        raise SystemExit(f"gunicorn on port {self.port} did not answer in {timeout:.0f}s")

    def stop(self) -> None:
        if self.proc.poll() is None:
            self.proc.send_signal(signal.SIGTERM)
            try:
                self.proc.wait(10)
            except subprocess.TimeoutExpired:
                os.killpg(self.proc.pid, signal.SIGKILL)
                self.proc.wait(5)
        self.log.close()


def ensure_wrk() -> str | None:
    """wrk's path; installs Debian's wrk when missing and allowed (root with apt-get)."""
    found = shutil.which("wrk")
    if found or os.environ.get("BENCH_NO_INSTALL"):
        return found
    if hasattr(os, "geteuid") and os.geteuid() == 0 and shutil.which("apt-get"):
        print("  wrk is missing: apt-get install wrk …")
        env = dict(os.environ, DEBIAN_FRONTEND="noninteractive")
        try:
            subprocess.run(
                ["apt-get", "install", "-y", "-qq", "wrk"], env=env, timeout=180, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL
            )
        except (OSError, subprocess.TimeoutExpired):
            pass
    return shutil.which("wrk")


_UNITS = {"us": 1e-3, "ms": 1.0, "s": 1000.0}


def _ms(text: str) -> float:
    m = re.fullmatch(r"([\d.]+)(us|ms|s)", text.strip())
    return float(m.group(1)) * _UNITS[m.group(2)]


def run_wrk(wrk: str, url: str, body_file: str, seconds: int, connections: int) -> dict:
    script = tempfile.NamedTemporaryFile("w", suffix=".lua", delete=False)
    script.write(
        'wrk.method = "POST"\nwrk.headers["Content-Type"] = "application/json"\n'
        f'local f = io.open("{body_file}", "rb")\nwrk.body = f:read("*a")\nf:close()\n'
    )
    script.close()
    try:
        out = subprocess.run(
            [wrk, "-t1", f"-c{connections}", f"-d{seconds}s", "--timeout", "2s", "--latency", "-s", script.name, url],
            capture_output=True,
            text=True,
            timeout=seconds + 30,
        ).stdout
    finally:
        os.unlink(script.name)
    rps = float(re.search(r"Requests/sec:\s+([\d.]+)", out).group(1))
    dist = dict(re.findall(r"^\s+(50|99)%\s+(\S+)$", out, flags=re.M))
    errors = re.search(r"Socket errors: (.*)", out)
    non2xx = re.search(r"Non-2xx or 3xx responses: (\d+)", out)
    return {
        "rps": rps,
        "p50_ms": _ms(dist["50"]),
        "p99_ms": _ms(dist["99"]),
        "errors": errors.group(1) if errors else "",
        "non2xx": int(non2xx.group(1)) if non2xx else 0,
    }


def run_python_load(url: str, body: bytes, seconds: int, connections: int) -> dict:
    """Fallback load generator when wrk cannot be had: ``connections`` processes, each sending
    the body on a new connection per request (sync workers close it anyway) until the time is up."""
    import multiprocessing as mp

    with mp.get_context("fork").Pool(connections) as pool:
        parts = pool.starmap(_python_client, [(url, body, seconds)] * connections)
    lat = sorted(x for p in parts for x in p[0])
    bad = sum(p[1] for p in parts)
    return {"rps": len(lat) / seconds, "p50_ms": lat[len(lat) // 2], "p99_ms": lat[int(len(lat) * 0.99)], "errors": "", "non2xx": bad}


def _python_client(url: str, body: bytes, seconds: int):
    import http.client
    from urllib.parse import urlsplit

    u = urlsplit(url)
    lat, bad = [], 0
    end = time.perf_counter() + seconds
    while (t := time.perf_counter()) < end:
        conn = http.client.HTTPConnection(u.hostname, u.port, timeout=2)
        conn.request("POST", u.path, body, {"Content-Type": "application/json"})
        r = conn.getresponse()
        r.read()
        conn.close()
        bad += r.status != 200
        lat.append((time.perf_counter() - t) * 1000)
    return lat, bad


def machine() -> str:
    cpu = "unknown CPU"
    try:
        for line in open("/proc/cpuinfo"):
            if line.startswith("model name"):
                cpu = line.split(":", 1)[1].strip()
                break
    except OSError:
        pass
    load = os.getloadavg() if hasattr(os, "getloadavg") else ()
    return (
        f"{cpu}, {os.cpu_count()} cores, load average {' '.join(f'{x:.2f}' for x in load)}; "
        f"Python {platform.python_version()}, Flask {_version('Flask')}, marshmallow {_version('marshmallow')}, "
        f"flask-smorest {_version('flask-smorest')}, gunicorn {_version('gunicorn')}"
    )


def _version(dist: str) -> str:
    from importlib.metadata import version

    return version(dist)
