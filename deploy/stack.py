"""The production stack on one machine: Debian's nginx, with the repository's configuration,
in front of several app instances (gunicorn, as the Procfile runs it) on loopback ports, and
Debian's redis-server (deploy/redis.conf) beside them holding the replay guard
(``RUMMY_TABLE_STORE``).

    make stack                                   # nginx on PORT (8080) over two instances and Redis; Ctrl-C stops all
    .venv/bin/python deploy/stack.py run --port 8080 --instances 2 [--no-redis]
    .venv/bin/python deploy/stack.py render --listen 80 --upstream 10.0.0.5:8000 --upstream 10.0.0.6:8000
    .venv/bin/python deploy/stack.py write       # rewrite the committed renderings (make deploy-config)

``render()`` is the one place deploy/nginx.conf.template is filled in: the body limit comes from
the app's settings (``RUMMY_MAX_BODY_BYTES``), the rate limits and error pages from the tables
below. ``Stack`` starts and stops the whole thing; ``make stack``, ``make load`` and
tests/test_stack.py all use it, so what is tested is what is run.
"""

from __future__ import annotations

import argparse
import base64
import os
import re
import secrets
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import time
import urllib.request
from dataclasses import dataclass, field
from http import HTTPStatus
from pathlib import Path

import orjson

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent
sys.path.insert(0, str(ROOT))

from web.bodies import BODY_LIMITS  # noqa: E402  (the one statement of each endpoint's body limit)

TEMPLATE = HERE / "nginx.conf.template"
REDIS_CONF = HERE / "redis.conf"  # the replay guard's Redis
NGINX_CONF = HERE / "nginx.conf"  # the rendering for a machine (README)
K8S_CONFIGMAP = HERE / "k8s" / "nginx-configmap.yaml"  # the rendering for the pod's proxy
K8S_REDIS_CONFIGMAP = HERE / "k8s" / "redis-configmap.yaml"  # deploy/redis.conf for the StatefulSet

# Per client address: (rate, burst). The general limit applies everywhere but /healthz; the
# scorepad (a whole game replayed) and the sealed tables (decrypt, judge, encrypt) are stricter.
RATE_LIMITS = {
    "api": ("20r/s", 40),
    "scorepad": ("2r/s", 5),
    "tables": ("10r/s", 20),
    "advice": ("2r/s", 5),
    "costly": ("2r/s", 5),  # requests with a body of 8,000 bytes or more, wherever they go
}
# Endpoints whose every request is costly, whatever its size, with a zone of their own on top of
# the general one (bench/worst.py): a whole game's hands; advice, a search of fixed size (about
# 40 ordinary moves at the hard level); a revealed hand, replayed move by move (up to about 20).
# The sealed tables' create, move and next play every computer opponent's turn until a human is
# to move: five Hard bots cost about as much as advice each (329 ms of CPU for a new table, issue
# 31), so they share advice's zone, whoever asks. One address flooding them is refused at 2/s
# and holds at most HEAVY_CONNECTIONS workers at once, so it cannot slow another client's
# cheap requests (bench/flood.py --what tables).
HEAVY_ZONES = {
    "/v1/scorepad": "scorepad",
    "/v1/suggest": "advice",
    "/v1/tables/suggest": "advice",
    "/v1/verify": "advice",
    "/v1/tables": "advice",
    "/v1/tables/move": "advice",
    "/v1/tables/next": "advice",
}
# Requests of the heavy endpoints one address may have in flight at once. 2, not 1: nginx takes a
# request off the count a moment after the client has read its answer, so a client that sends its
# next request on a new connection (curl in a loop, a frontend's server without a connection
# pool, a balancer's pool of connections) found the last one still counted, and at 1 was refused
# 316 to 461 times in 3,000 such requests on loopback; at 2, never.
HEAVY_CONNECTIONS = 2

# nginx's own refusals, in the app's words where the app has words for them.
NGINX_ERRORS = {
    400: "the request is malformed: its request line or headers could not be read",
    408: "the request did not arrive in time; send it whole, at once",
    404: "there is no such path here; see /openapi.yaml for the paths of the API",
    405: "this method is not allowed here; the paths of the API take POST (or GET for documents)",
    411: "a body needs a Content-Length, or Transfer-Encoding: chunked",
    413: "the body is larger than this service accepts ($rummy_body_limit bytes)",
    414: "the request line is too long",
    429: "too many requests from this address; slow down and retry in a second",
    494: "a request header is too large",
    500: "the service failed to answer; this is a fault of the service, not of the request",
    501: "the Transfer-Encoding of the body is not one this service reads: send it with Content-Length, or chunked",
    502: "no instance of the service could answer; retry shortly",
    503: "the service is unavailable; retry shortly",
    504: "no instance of the service answered in time; retry shortly",
    505: "this service speaks HTTP/1.0 and HTTP/1.1: send the request line as HTTP/1.1",
}
# Seconds a client should wait before trying again (Retry-After), on nginx's own refusals: a
# rate limit's bucket refills within a second; a restart takes a few.
RETRY_AFTER = {429: 1, 502: 2, 503: 2, 504: 2}
# nginx's internal "header too large" code, answered as RFC 6585's; an unknown transfer coding
# is the client's fault (the contract: never a 5xx for anything a client sends), as gunicorn says.
NGINX_STATUS = {494: 431, 501: 400}


def max_body_bytes(env=os.environ) -> int:
    """The largest body any endpoint accepts: the largest of web/bodies.py's BODY_LIMITS, never
    above the app's RUMMY_MAX_BODY_BYTES, read the way the app reads it."""
    from app import settings_from_environment

    return min(max(BODY_LIMITS.values()), settings_from_environment(env)["MAX_CONTENT_LENGTH"])


def _error_pages(limit: int) -> str:
    out = []
    for code, detail in NGINX_ERRORS.items():
        status = NGINX_STATUS.get(code, code)
        body = orjson.dumps(
            {"type": "about:blank", "title": HTTPStatus(status).phrase, "status": status, "detail": detail.format(max_body_bytes=limit)}
        ).decode()
        if any(c in body.replace("$rummy_body_limit", "") for c in "'$\\"):  # nginx would read them as quoting or variables
            raise ValueError(f"an nginx error page cannot hold ' $ or \\: {body}")
        # The request id, as the app puts it in its problems ($rummy_request_id holds only
        # letters, digits and ._:-, so it needs no escaping in JSON).
        body = body[:-1] + ',"request_id":"$rummy_request_id"}'
        # A URI, not a named location: a request line that could not be read has no URI, and
        # nginx cannot redirect it to a named location (it would answer 500).
        out += [
            f"        error_page {code} ={status} /_problem/{code};",
            f"        location = /_problem/{code} {{",
            "            internal;",
            "            default_type application/problem+json;",
            "            add_header X-Content-Type-Options nosniff always;",
            "            add_header Referrer-Policy no-referrer always;",
            "            add_header X-Request-ID $rummy_request_id always;",
            *([f"            add_header Retry-After {RETRY_AFTER[status]} always;"] if status in RETRY_AFTER else []),
            f"            return {status} '{body}';",
            "        }",
        ]
    return "\n".join(out) + "\n"


def _endpoints(ceiling: int, limits: dict) -> str:
    """A location per endpoint: its body limit (web/bodies.py), the general and costly rate
    limits, the sealed tables' and the heavy endpoints' own (HEAVY_ZONES) on top."""
    out = []
    for path, limit in BODY_LIMITS.items():
        heavy = [HEAVY_ZONES[path]] if path in HEAVY_ZONES else []
        zones = ["api", *heavy, *(["tables"] if path.startswith("/v1/tables") else []), "costly"]
        out += [f"        location = {path} {{", f"            client_max_body_size {min(limit, ceiling)};"]
        out += [f"            limit_req zone={z} burst={limits[z][1]} nodelay;" for z in zones]
        if heavy:
            out += [f"            limit_conn heavy {HEAVY_CONNECTIONS};"]
        out += ["            proxy_pass http://rummy;", "        }", ""]
    return "\n".join(out)


def _real_ip(trusted: tuple[str, ...]) -> str:
    if not trusted:
        return "    # (no proxy trusted: set_real_ip_from ADDRESS/BITS; for each, deploy/stack.py --trust)\n"
    out = [f"    set_real_ip_from {a};" for a in trusted]
    out += ["    real_ip_header X-Forwarded-For;", "    real_ip_recursive on;  # the last address no trusted proxy added"]
    return "\n".join(out) + "\n"


def render(
    upstreams: list[str],
    listen: str,
    exempt: tuple[str, ...] = (),
    limit: int | None = None,
    trusted: tuple[str, ...] = (),
    down: tuple[str, ...] = (),
    rates: dict | None = None,
) -> str:
    """deploy/nginx.conf.template filled in: nginx on ``listen`` (a port, or address:port) in
    front of ``upstreams`` (address:port each), with the app's body limit (``limit``, else
    ``RUMMY_MAX_BODY_BYTES`` as the app reads it). ``exempt`` lists client addresses (CIDR)
    the rate limits do not apply to: none in production. ``trusted``: the proxies (CIDR) whose
    X-Forwarded-For names the client. ``down``: upstreams taken out (draining, for a restart).
    ``rates``: zones whose (rate, burst) replace RATE_LIMITS' (a test's stack only)."""
    if not upstreams:
        raise ValueError("give at least one app instance to balance over")
    if set(down) >= set(upstreams):
        raise ValueError("at least one app instance must stay in")
    limit = max_body_bytes() if limit is None else limit
    limits = {**RATE_LIMITS, **(rates or {})}
    values = {
        "listen": listen,
        "real_ip": _real_ip(trusted),
        "servers": "".join(f"        server {u} max_fails=0{' down' if u in down else ''};\n" for u in upstreams),
        "exempt": "".join(f"        {a} 1;\n" for a in exempt),
        "max_body_bytes": str(limit),
        "error_pages": _error_pages(limit),
        "endpoints": _endpoints(limit, limits),
        "body_limit_map": "".join(f'        "~^{re.escape(path)}(\\?|$)" {min(n, limit)};\n' for path, n in BODY_LIMITS.items()),
    }
    for zone, (rate, burst) in limits.items():
        values[f"rate_{zone}"], values[f"burst_{zone}"] = rate, str(burst)
    template = TEMPLATE.read_text()
    used = set(re.findall(r"\{\{(\w+)\}\}", template))
    if not used <= set(values):
        raise ValueError(f"the template's placeholders {sorted(used - set(values))} have no value")
    return re.sub(r"\{\{(\w+)\}\}", lambda m: values[m.group(1)], template)


# The committed renderings: a machine with two instances, and the pod's sidecar in front of the
# one gunicorn of its pod. Tests check both are what render() gives today.
def machine_config() -> str:
    return render(["127.0.0.1:8001", "127.0.0.1:8002"], "80", limit=max_body_bytes({}))


# The pod's nginx believes X-Forwarded-For from the cluster's private ranges (the Ingress
# controller or a balancer's proxies): narrow them to yours. A client outside them is its address.
POD_TRUSTED_PROXIES = ("10.0.0.0/8", "172.16.0.0/12", "192.168.0.0/16")


def pod_config() -> str:
    return render(["127.0.0.1:8000"], "8080", limit=max_body_bytes({}), trusted=POD_TRUSTED_PROXIES)


def configmap(conf: str) -> str:
    """The pod's nginx.conf as a Kubernetes ConfigMap."""
    body = "".join(f"    {line}\n" if line else "\n" for line in conf.splitlines())
    return (
        "# Generated by `make deploy-config` (deploy/stack.py) from deploy/nginx.conf.template: do not edit.\n"
        "apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: rummy-referee-nginx\n"
        "  labels:\n    app.kubernetes.io/name: rummy-referee\n"
        "data:\n  nginx.conf: |\n" + body
    )


def redis_configmap() -> str:
    """deploy/redis.conf as the Kubernetes ConfigMap the Redis StatefulSet mounts."""
    body = "".join(f"    {line}\n" if line else "\n" for line in REDIS_CONF.read_text().splitlines())
    return (
        "# Generated by `make deploy-config` (deploy/stack.py) from deploy/redis.conf: do not edit.\n"
        "apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: rummy-referee-redis\n"
        "  labels:\n    app.kubernetes.io/name: rummy-referee-redis\n"
        "data:\n  redis.conf: |\n" + body
    )


def write_renderings() -> None:
    NGINX_CONF.write_text(
        "# Generated by `make deploy-config` (deploy/stack.py) from nginx.conf.template: do not edit.\n" + machine_config()
    )
    K8S_CONFIGMAP.write_text(configmap(pod_config()))
    K8S_REDIS_CONFIGMAP.write_text(redis_configmap())


# --- running it ---------------------------------------------------------------------------


def nginx_binary() -> str:
    """Debian's nginx (``apt-get install nginx``)."""
    found = shutil.which("nginx") or ("/usr/sbin/nginx" if os.access("/usr/sbin/nginx", os.X_OK) else None)
    if not found:
        raise RuntimeError("nginx is not installed: apt-get install nginx")
    return found


def redis_binary() -> str:
    """Debian's redis-server (``apt-get install redis-server``)."""
    found = shutil.which("redis-server") or ("/usr/bin/redis-server" if os.access("/usr/bin/redis-server", os.X_OK) else None)
    if not found:
        raise RuntimeError("redis-server is not installed: apt-get install redis-server (or run the stack with --no-redis)")
    return found


def wait_for_redis(port: int, timeout: float = 30.0, proc: subprocess.Popen | None = None) -> None:
    """Wait until a Redis on 127.0.0.1:``port`` answers PING (with its data loaded)."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if proc is not None and proc.poll() is not None:
            raise RuntimeError(f"redis-server exited with {proc.returncode} before answering on port {port}")
        try:
            with socket.create_connection(("127.0.0.1", port), timeout=0.5) as s:
                s.sendall(b"PING\r\n")
                if s.recv(64).startswith(b"+PONG"):
                    return
        except OSError:
            pass
        time.sleep(0.05)
    raise RuntimeError(f"redis-server did not answer on 127.0.0.1:{port} within {timeout:g} s")


def free_port(*taken: int) -> int:
    """A TCP port free on 127.0.0.1 now (the OS picks it), none of ``taken``: ports picked before
    and not bound yet. The OS may give a port it just gave again (three calls in a row repeated
    one 38 times in 200,000), and two servers on one port do not start."""
    for _ in range(100):
        with socket.socket() as s:
            s.bind(("127.0.0.1", 0))
            port = s.getsockname()[1]
        if port not in taken:
            return port
    raise RuntimeError(f"the OS gave none but the ports taken: {taken}")


def gunicorn_command(port: int, workers: int | None = None) -> list[str]:
    """gunicorn serving ``app:app`` as the Procfile runs it (gunicorn.conf.py, read from the
    working directory), bound to 127.0.0.1:``port``; ``workers`` instead of WEB_CONCURRENCY's."""
    more = ["--workers", str(workers)] if workers is not None else []
    return [str(Path(sys.executable).parent / "gunicorn"), "--config", "gunicorn.conf.py", "--bind", f"127.0.0.1:{port}", *more, "app:app"]


def nginx_test(conf: str) -> subprocess.CompletedProcess:
    """``nginx -t`` of the configuration text ``conf``, in a temporary prefix."""
    prefix = Path(tempfile.mkdtemp(prefix="rummy-nginx-t-"))
    try:
        (prefix / "nginx.conf").write_text(conf)
        return subprocess.run(
            [nginx_binary(), "-t", "-e", "stderr", "-p", f"{prefix}/", "-c", str(prefix / "nginx.conf")],
            capture_output=True,
            text=True,
            timeout=30,
        )
    finally:
        shutil.rmtree(prefix, ignore_errors=True)


def wait_until_up(port: int, path: str = "/healthz", timeout: float = 30.0, proc: subprocess.Popen | None = None) -> None:
    """Wait until ``GET path`` on 127.0.0.1:``port`` answers 200."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if proc is not None and proc.poll() is not None:
            raise RuntimeError(f"process {proc.args[0]} exited with {proc.returncode} before answering on port {port}")
        try:
            with urllib.request.urlopen(f"http://127.0.0.1:{port}{path}", timeout=2) as r:
                if r.status == 200:
                    return
        except OSError:
            pass
        time.sleep(0.05)
    raise RuntimeError(f"nothing answered {path} on 127.0.0.1:{port} within {timeout:g} s")


def nginx_children(pid: int) -> set[int]:
    """The child processes of ``pid`` now (Linux's /proc): an nginx master's workers."""
    try:
        return {int(c) for c in Path(f"/proc/{pid}/task/{pid}/children").read_text().split()}
    except OSError:
        return set()


@dataclass
class Stack:
    """nginx on ``port`` (0: a free one) over ``instances`` gunicorn instances of app:app on
    free loopback ports, in a temporary prefix removed on stop. ``env`` is added to the app's
    environment; ``exempt`` addresses skip the rate limits; ``rates`` replace zones' (rate,
    burst) of RATE_LIMITS (render()); ``trusted`` proxies' X-Forwarded-For names the client; logs go to files in the prefix unless ``foreground`` (then to this
    terminal). With ``redis`` (the default), a redis-server with deploy/redis.conf on a free
    port, its append-only file in the prefix, and every instance guarded by it
    (``RUMMY_TABLE_STORE``).

    nginx starts once every instance is ready (``/readyz``), so it never answers 502 for an
    instance still starting. :meth:`restart_app` restarts one instance without a single failed
    request: its readiness fails first, nginx takes it out (a reload), it stops once the
    requests it holds are answered, starts, and is put back once ready."""

    port: int = 0
    instances: int = 2
    env: dict = field(default_factory=dict)
    exempt: tuple[str, ...] = ()
    rates: dict = field(default_factory=dict)
    trusted: tuple[str, ...] = ()
    foreground: bool = False
    workers: int | None = None
    redis: bool = True
    prefix: Path = field(init=False)
    redis_port: int = field(init=False, default=0)
    redis_proc: subprocess.Popen | None = field(init=False, default=None)
    app_ports: list[int] = field(init=False, default_factory=list)
    apps: list[subprocess.Popen] = field(init=False, default_factory=list)
    nginx: subprocess.Popen | None = field(init=False, default=None)
    down: set[int] = field(init=False, default_factory=set)

    def start(self) -> Stack:
        if not ({**os.environ, **self.env}.get("RUMMY_SEAL_KEYS") or "").strip():
            # every instance must open every other's sealed tables: one key for the whole stack
            self.env = {**self.env, "RUMMY_SEAL_KEYS": base64.urlsafe_b64encode(secrets.token_bytes(32)).decode()}
        self.prefix = Path(tempfile.mkdtemp(prefix="rummy-stack-"))
        os.chmod(self.prefix, 0o755)  # nginx's workers (nobody, when started as root) read it
        self.port = self.port or free_port()
        try:
            if self.redis:
                self.redis_port = free_port(self.port)
                (self.prefix / "redis").mkdir()
                self.start_redis()
                self.env = {**self.env, "RUMMY_TABLE_STORE": f"redis://127.0.0.1:{self.redis_port}/0"}
            for i in range(self.instances):
                self.start_app(i)
            for port, proc in zip(self.app_ports, self.apps):
                wait_until_up(port, "/readyz", proc=proc)
            self._write_nginx_conf()
            self.nginx = subprocess.Popen(
                # -e: the log before the configuration is read (Debian's default is under /var/log)
                [nginx_binary(), "-e", "stderr", "-p", f"{self.prefix}/", "-c", str(self.prefix / "nginx.conf"), "-g", "daemon off;"],
                **self._output("nginx"),
                start_new_session=not self.foreground,
            )
            wait_until_up(self.port, proc=self.nginx)
        except BaseException:
            self.stop()
            raise
        return self

    def _write_nginx_conf(self) -> None:
        upstreams = [f"127.0.0.1:{p}" for p in self.app_ports]
        conf = render(
            upstreams,
            f"127.0.0.1:{self.port}",
            self.exempt,
            max_body_bytes({**os.environ, **self.env}),
            self.trusted,
            tuple(upstreams[i] for i in self.down),
            self.rates,
        )
        (self.prefix / "nginx.conf").write_text(conf)

    def reload_nginx(self, timeout: float = 30.0) -> None:
        """Make nginx read its configuration again (SIGHUP) and wait until every worker of the
        old configuration has answered what it held and exited."""
        old = nginx_children(self.nginx.pid)
        self.nginx.send_signal(signal.SIGHUP)
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            now = nginx_children(self.nginx.pid)
            if now and not (now & old):
                return
            time.sleep(0.02)
        raise RuntimeError(f"nginx did not finish its reload within {timeout:g} s")

    def drain_file(self, i: int) -> Path:
        """The file whose presence makes instance ``i``'s ``/readyz`` fail (``RUMMY_DRAIN_FILE``)."""
        return self.prefix / f"drain{i}"

    def drain(self, i: int) -> None:
        """Take instance ``i`` out: its readiness fails (as a Kubernetes preStop does), nginx
        sends it nothing new, and every request it was sent has been answered."""
        self.drain_file(i).touch()
        self.down.add(i)
        self._write_nginx_conf()
        self.reload_nginx()

    def undrain(self, i: int) -> None:
        """Put instance ``i`` back, once it answers ``/readyz``."""
        self.drain_file(i).unlink(missing_ok=True)
        wait_until_up(self.app_ports[i], "/readyz", proc=self.apps[i])
        self.down.discard(i)
        self._write_nginx_conf()
        self.reload_nginx()

    def restart_app(self, i: int) -> None:
        """Restart instance ``i`` with no failed request: drain, stop, start, wait ready, put back."""
        self.drain(i)
        self.stop_app(i)
        self.start_app(i)
        self.undrain(i)

    def rolling_restart(self) -> None:
        """Restart every instance in turn (:meth:`restart_app`): a deploy."""
        for i in range(len(self.apps)):
            self.restart_app(i)

    def start_redis(self) -> subprocess.Popen:
        """Start (or restart) the stack's redis-server: deploy/redis.conf, on its port, its
        append-only file in the prefix (so a restart reads back what it held)."""
        self.redis_proc = subprocess.Popen(
            [redis_binary(), str(REDIS_CONF), "--port", str(self.redis_port), "--dir", str(self.prefix / "redis")],
            **self._output("redis"),
            start_new_session=not self.foreground,
        )
        wait_for_redis(self.redis_port, proc=self.redis_proc)
        return self.redis_proc

    def stop_redis(self, sig: int = signal.SIGTERM) -> None:
        """Stop the stack's redis-server (SIGTERM: it writes its file and exits) and wait."""
        proc = self.redis_proc
        if proc is None or proc.poll() is not None:
            return
        os.kill(proc.pid, signal.SIGCONT)  # a paused Redis cannot stop
        proc.send_signal(sig)
        try:
            proc.wait(30)
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.wait()

    def _output(self, name: str) -> dict:
        if self.foreground:
            return {}
        return {"stdout": open(self.prefix / f"{name}.out", "ab"), "stderr": open(self.prefix / f"{name}.err", "ab")}

    def start_app(self, i: int) -> subprocess.Popen:
        """Start (or restart) instance ``i`` on its port: gunicorn as the Procfile runs it."""
        if i == len(self.app_ports):
            self.app_ports.append(free_port(self.port, self.redis_port, *self.app_ports))
            self.apps.append(None)
        env = {**os.environ, **self.env, "RUMMY_DRAIN_FILE": str(self.drain_file(i))}
        if self.workers:
            env["WEB_CONCURRENCY"] = str(self.workers)
        proc = subprocess.Popen(
            gunicorn_command(self.app_ports[i]),
            cwd=ROOT,
            env=env,
            **self._output(f"app{i}"),
            start_new_session=not self.foreground,
        )
        self.apps[i] = proc
        return proc

    def stop_app(self, i: int, sig: int = signal.SIGTERM, timeout: float = 30.0) -> None:
        """Stop instance ``i`` (its master and workers) with ``sig`` and wait for it."""
        self.stop_apps([i], sig, timeout)

    def stop_apps(self, which: list[int], sig: int = signal.SIGTERM, timeout: float = 30.0) -> None:
        """Stop the instances ``which`` with ``sig``, all at once, then wait for each: a gunicorn
        stopping gracefully takes a second or two, which one after another added up."""
        procs = [p for p in (self.apps[i] for i in which) if p is not None and p.poll() is None]
        stopping = []
        for proc in procs:
            try:
                if sig == signal.SIGKILL and not self.foreground:
                    os.killpg(proc.pid, sig)  # the master and its workers, all at once
                else:
                    proc.send_signal(sig)
                stopping.append(proc)
            except ProcessLookupError:
                proc.kill()
                proc.wait()
        for proc in stopping:
            try:
                proc.wait(timeout)
            except subprocess.TimeoutExpired:
                proc.kill()
                proc.wait()

    def stop(self) -> None:
        """Stop nginx, then every instance (gracefully), and remove the prefix."""
        if self.nginx is not None and self.nginx.poll() is None:
            self.nginx.send_signal(signal.SIGQUIT)  # graceful: finish the requests in flight
            try:
                self.nginx.wait(15)
            except subprocess.TimeoutExpired:
                self.nginx.kill()
                self.nginx.wait()
        self.stop_apps(list(range(len(self.apps))))
        self.stop_redis()
        shutil.rmtree(self.prefix, ignore_errors=True)

    def log(self, name: str) -> str:
        """What ``name`` (``nginx``, ``app0``, …) wrote to stdout and stderr so far."""
        return "".join(
            (self.prefix / f"{name}.{k}").read_text(errors="replace") for k in ("out", "err") if (self.prefix / f"{name}.{k}").exists()
        )

    def __enter__(self) -> Stack:
        return self.start()

    def __exit__(self, *exc) -> None:
        self.stop()


def run(port: int, instances: int, redis: bool = True, trusted: tuple[str, ...] = ()) -> None:
    """``make stack``: in the foreground until Ctrl-C (or SIGTERM), then stop everything.
    SIGHUP to this process restarts the instances one at a time (a deploy, no failed request);
    an instance that exits (stopped by hand, or crashed) is started again, the stack goes on."""
    stopping, restarts = [], []

    def _stop(signum, frame):
        stopping.append(signum)

    signal.signal(signal.SIGTERM, _stop)
    signal.signal(signal.SIGINT, _stop)
    signal.signal(signal.SIGHUP, lambda signum, frame: restarts.append(signum))
    stack = Stack(port=port, instances=instances, foreground=True, redis=redis, trusted=trusted)
    try:
        stack.start()
        guard = f"; the replay guard in redis-server on port {stack.redis_port}" if redis else "; no replay guard"
        print(
            f"nginx on http://127.0.0.1:{stack.port} over {instances} instances on ports "
            f"{', '.join(map(str, stack.app_ports))}{guard}; ready. Ctrl-C stops them all; "
            f"kill -HUP {os.getpid()} restarts the instances one at a time",
            flush=True,
        )
        while not stopping:
            if restarts:
                restarts.clear()
                print("restarting the instances one at a time", file=sys.stderr, flush=True)
                stack.rolling_restart()
                print("every instance restarted", file=sys.stderr, flush=True)
            for i, proc in enumerate(stack.apps):
                if proc.poll() is not None and not stopping:
                    print(f"instance {i} exited ({proc.returncode}); starting it again", file=sys.stderr, flush=True)
                    stack.start_app(i)
            if any(p.poll() is not None for p in [stack.nginx, *([stack.redis_proc] if redis else [])]):
                print("nginx or redis-server exited; stopping the rest", file=sys.stderr, flush=True)
                break
            time.sleep(0.2)
    finally:
        stack.stop()
        print("stack stopped", flush=True)


def main(argv=None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    sub = parser.add_subparsers(dest="command", required=True)
    r = sub.add_parser("run", help="nginx over app instances, in the foreground")
    r.add_argument("--port", type=int, default=int(os.environ.get("PORT", "8080")))
    r.add_argument("--instances", type=int, default=2)
    r.add_argument("--no-redis", action="store_true", help="no redis-server: the instances share the embedded store (one machine)")
    r.add_argument("--trust", action="append", default=[], help="a proxy (CIDR) whose X-Forwarded-For names the client (repeat)")
    p = sub.add_parser("render", help="print the nginx configuration")
    p.add_argument("--listen", default="80")
    p.add_argument("--upstream", action="append", required=True, help="address:port of an app instance (repeat)")
    p.add_argument("--trust", action="append", default=[], help="a proxy (CIDR) whose X-Forwarded-For names the client (repeat)")
    sub.add_parser("write", help="rewrite deploy/nginx.conf and deploy/k8s/nginx-configmap.yaml")
    args = parser.parse_args(argv)
    if args.command == "run":
        run(args.port, args.instances, not args.no_redis, tuple(args.trust))
    elif args.command == "render":
        sys.stdout.write(render(args.upstream, args.listen, trusted=tuple(args.trust)))
    else:
        write_renderings()


if __name__ == "__main__":
    main()
