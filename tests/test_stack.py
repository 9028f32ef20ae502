"""The production stack (deploy/): Debian's nginx with the repository's configuration in front of
two app instances on free loopback ports, started by deploy/stack.py exactly as `make stack`
starts it. Marked ``stack``; `make test` and CI run it (`.ci/run` installs nginx). Without nginx
it is skipped, unless RUMMY_REQUIRE_NGINX=1 (CI), which makes that a failure.
"""

from __future__ import annotations

import collections
import http.client
import json
import os
import re
import signal
import socket
import sys
import threading
import time
from pathlib import Path

import pytest
import yaml

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "deploy"))
sys.path.insert(0, str(ROOT / "bench"))

import stack  # noqa: E402

PROBLEM = "application/problem+json"

try:
    stack.nginx_binary()
    HAVE_NGINX = True
except RuntimeError:
    HAVE_NGINX = False
if not HAVE_NGINX and os.environ.get("RUMMY_REQUIRE_NGINX") == "1":
    raise RuntimeError("RUMMY_REQUIRE_NGINX=1 but nginx is not installed (apt-get install nginx)")

pytestmark = [pytest.mark.stack, pytest.mark.skipif(not HAVE_NGINX, reason="needs Debian's nginx: apt-get install nginx")]


# The rate limits are per client address, and the whole of 127.0.0.0/8 is this machine's: a test
# that spends a client's buckets sends from an address of its own (``source``), so the tests after
# it, from 127.0.0.1, find theirs full without waiting seconds for them to refill.
SPENDERS = {
    "tables": "127.0.0.11",
    "costly": "127.0.0.12",
    "chunked": "127.0.0.13",
    "scorepad": "127.0.0.14",
    "configured": "127.0.0.15",
    "in_flight": "127.0.0.16",
}


def _call(port: int, method: str, path: str, body: bytes | None = None, headers=None, timeout: float = 20.0, source: str = ""):
    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=timeout, source_address=(source, 0) if source else None)
    try:
        hdrs = {"Content-Type": "application/json", **(headers or {})} if body is not None else dict(headers or {})
        conn.request(method, path, body=body, headers=hdrs)
        r = conn.getresponse()
        return r.status, {k.lower(): v for k, v in r.getheaders()}, r.read()
    finally:
        conn.close()


def _access_lines(log: str) -> list[dict]:
    """gunicorn's access lines (JSON, web/logs.py) in an instance's log."""
    lines = (json.loads(line) for line in log.splitlines() if line.startswith("{"))
    return [a for a in lines if a.get("logger") == "gunicorn.access"]


def _nginx_lines(log: str) -> list[dict]:
    """nginx's access lines (JSON, deploy/nginx.conf.template's rummy_json)."""
    return [json.loads(line) for line in log.splitlines() if line.startswith('{"time"')]


def _problem(answer, status: int) -> dict:
    code, headers, body = answer
    assert code == status, body[:300]
    assert headers["content-type"] == PROBLEM and headers["x-content-type-options"] == "nosniff"
    doc = json.loads(body)
    assert doc["status"] == status and doc["type"] == "about:blank" and doc["detail"]
    return doc


# --- the configuration ----------------------------------------------------------------------


@pytest.mark.parametrize("name,conf", [("machine", stack.machine_config), ("pod", stack.pod_config)])
def test_nginx_accepts_the_configuration(name, conf):
    result = stack.nginx_test(conf())
    print(result.stderr)
    assert result.returncode == 0 and "test is successful" in result.stderr, result.stderr


def test_the_committed_renderings_are_current():
    """deploy/nginx.conf and the pod's ConfigMap are generated; `make deploy-config` rewrites them."""
    assert stack.NGINX_CONF.read_text().split("\n", 1)[1] == stack.machine_config()
    assert yaml.safe_load(stack.K8S_CONFIGMAP.read_text())["data"]["nginx.conf"] == stack.pod_config()


def test_the_body_limits_are_the_apps_stated_once():
    """Each endpoint's limit comes from web/bodies.py BODY_LIMITS, capped by RUMMY_MAX_BODY_BYTES."""
    conf = stack.render(["127.0.0.1:1"], "8080", limit=12345)
    assert re.findall(r"client_max_body_size (\d+);", conf) == ["12345"] + [str(min(n, 12345)) for n in stack.BODY_LIMITS.values()]
    assert re.findall(r"client_max_body_size (\d+);", stack.machine_config()) == [str(max(stack.BODY_LIMITS.values()))] + [
        str(n) for n in stack.BODY_LIMITS.values()
    ]
    assert stack.max_body_bytes({"RUMMY_MAX_BODY_BYTES": "16384"}) == 16384


def test_the_rate_limits_cover_the_scorepad_and_the_sealed_tables():
    conf = stack.machine_config()
    scorepad = conf[conf.index("location = /v1/scorepad") :].split("}", 1)[0]
    tables = conf[conf.index("location /v1/tables") :].split("}", 1)[0]
    health = conf[conf.index("location = /healthz") :].split("}", 1)[0]
    assert "zone=scorepad" in scorepad and "zone=api" in scorepad
    assert "zone=tables" in tables and "zone=api" in tables
    assert "limit_req" not in health
    for path, limit in stack.BODY_LIMITS.items():  # each endpoint's body limit, the app's own
        block = conf[conf.index(f"location = {path} ") :].split("}", 1)[0]
        assert f"client_max_body_size {limit};" in block and "zone=costly" in block and "zone=api" in block
        assert ("zone=tables" in block) == path.startswith("/v1/tables")
        # Advice (a search of fixed size) and a hand's check cost tens of moves each: their own zone.
        # Advice (a search of fixed size), a hand's check and every request that makes the computer
        # opponents play (the sealed tables' create, move, next) cost tens of moves each: their own
        # zone, and at most HEAVY_CONNECTIONS of them in flight per client (issue 31 §9).
        heavy = ("/v1/suggest", "/v1/tables/suggest", "/v1/verify", "/v1/tables", "/v1/tables/move", "/v1/tables/next")
        assert ("zone=advice" in block) == (path in heavy), path
        assert (f"limit_conn heavy {stack.HEAVY_CONNECTIONS};" in block) == (path in (*heavy, "/v1/scorepad")), path
    assert "server 127.0.0.1:8001" in conf and "server 127.0.0.1:8002" in conf


# --- the stack running ------------------------------------------------------------------------


@pytest.fixture(scope="module")
def running():
    with stack.Stack(workers=2) as s:
        yield s


# The tests that count refusals run against a stack of their own whose scorepad and costly zones
# refill one request a minute, with the bursts as configured. At the configured 2 a second, how
# many of a test's requests were refused depended on how fast the machine answered them (at
# least 10 of 20 only when the 20 took under 2.5 s), so a loaded machine failed the tests. At one
# a minute a client gets its burst and one more, then nothing: what is refused no longer depends
# on the machine's speed. (The configured rates are checked in the rendered configuration and
# docs/operations.md, and the scorepad's live with an upper bound only, below.)
PER_MINUTE = {zone: ("1r/m", stack.RATE_LIMITS[zone][1]) for zone in ("scorepad", "costly")}


@pytest.fixture(scope="module")
def per_minute():
    with stack.Stack(instances=1, workers=1, redis=False, rates=PER_MINUTE) as s:
        yield s


def _admitted(zone: str, seconds: float, limits: dict = PER_MINUTE) -> int:
    """How many requests a new client gets through ``zone`` (its rate and burst in ``limits``:
    the per_minute stack's by default) in ``seconds``: its burst and one more at once (nginx's
    limit_req, nodelay), then one for each whole request the rate refills in that time (the
    client's clock starts before the first request reaches nginx, so this is an upper bound)."""
    rate, burst = limits[zone]
    count, unit = re.fullmatch(r"(\d+)r/([sm])", rate).groups()
    return burst + 1 + int(seconds * int(count) / {"s": 1, "m": 60}[unit])


def test_healthz_through_nginx_answers_like_the_apps(running):
    status, headers, body = _call(running.port, "GET", "/healthz")
    direct = _call(running.app_ports[0], "GET", "/healthz")
    assert (
        (status, body, headers["content-type"])
        == (direct[0], direct[2], direct[1]["content-type"])
        == (200, b'{"status":"ok"}', "application/json")
    )
    assert headers["x-content-type-options"] == "nosniff" and headers["server"] == "nginx"  # no version


def test_requests_are_spread_over_both_instances(running):
    for _ in range(20):
        assert _call(running.port, "GET", "/v1/rules")[0] == 200
    deadline = time.monotonic() + 10
    while True:  # gunicorn writes its access line just after the answer: wait for the last ones
        served = [sum(1 for a in _access_lines(running.log(f"app{i}")) if (a["path"], a["status"]) == ("/v1/rules", 200)) for i in range(2)]
        if sum(served) >= 20 or time.monotonic() > deadline:
            break
        time.sleep(0.05)
    assert sum(served) == 20 and min(served) >= 5, served


def test_a_sealed_table_made_through_one_instance_is_played_through_the_other(running):
    """The stack shares its seal keys: a table is made at instance 0, moved at instance 1, viewed
    through nginx (whichever instance answers)."""
    first, second = running.app_ports
    status, _, body = _call(first, "POST", "/v1/tables", json.dumps({"players": ["ana", "ben"]}).encode())
    assert status == 201, body[:300]
    made = json.loads(body)
    ana = made["seats"]["ana"]
    move = {"table": made["table"], "seat": ana, "move": {"action": "draw", "source": "stock"}}
    status, _, body = _call(second, "POST", "/v1/tables/move", json.dumps(move).encode())
    assert status == 200, body[:300]
    moved = json.loads(body)
    assert moved["legal"] is True and moved["view"]["seq"] == 1 and moved["view"]["stock"] == made["view"]["stock"] - 1
    assert len(next(p for p in moved["view"]["players"] if p["id"] == "ana")["hand"]) == 11
    for _ in range(4):  # through nginx, spread over both instances: every one opens it
        status, _, body = _call(running.port, "POST", "/v1/tables/view", json.dumps({"table": moved["table"], "seat": ana}).encode())
        assert status == 200 and json.loads(body)["view"]["seq"] == 1


def test_the_apps_answers_pass_through_unchanged(running):
    problem = _problem(_call(running.port, "POST", "/v1/melds/check", b'{"cards": 1}'), 422)
    assert problem["errors"][0]["pointer"] == "/cards"
    status, _, body = _call(running.port, "POST", "/v1/melds/check", '{"cards": ["Q♠", "K♠", "A♠"]}'.encode())
    assert status == 200 and json.loads(body)["reasons"][0]["code"] == "ace_high"


def test_nginx_answers_its_own_refusals_as_problem_details(running):
    from app import create_app

    limit = stack.BODY_LIMITS["/v1/melds/check"]
    big = b'{"cards": ["QS"], "x": "' + b"Q" * 64 * 1024 + b'"}'  # a 64 KiB meld check (finding 4)
    ours = _problem(_call(running.port, "POST", "/v1/melds/check", big), 413)
    apps = create_app({"TESTING": True}).test_client().post("/v1/melds/check", data=big, content_type="application/json").get_json()
    assert ours["detail"] == apps["detail"] == f"the body is larger than this service accepts ({limit} bytes)"
    assert _problem(_call(running.port, "GET", "/v1/rules?" + "x" * 9000), 414)["title"] == "Request-URI Too Long"
    assert (
        _problem(_call(running.port, "GET", "/v1/rules", headers={"X-Big": "y" * 9000}), 431)["detail"] == "a request header is too large"
    )
    assert _problem(_call(running.port, "TRACE", "/v1/rules"), 405)["detail"] == stack.NGINX_ERRORS[405]  # finding 5


def _raw(port: int, data: bytes, source: str = "") -> tuple[bytes, bytes]:
    with socket.create_connection(("127.0.0.1", port), timeout=10, source_address=(source, 0) if source else None) as s:
        s.sendall(data)
        out = b""
        while chunk := s.recv(65536):
            out += chunk
    head, _, body = out.partition(b"\r\n\r\n")
    return head, body


def test_an_http_version_nginx_does_not_speak_is_505_problem_details(running):
    head, body = _raw(running.port, b"GET /healthz HTTP/2.0\r\nHost: x\r\nConnection: close\r\n\r\n")
    assert head.startswith(b"HTTP/1.1 505") and b"Content-Type: application/problem+json" in head, head
    assert json.loads(body)["detail"] == stack.NGINX_ERRORS[505]


def test_a_bad_chunked_body_from_a_client_over_its_rate_limit_is_problem_details(running):
    """Finding 5: past the burst nginx refuses the request (429), then meets the bad chunk while
    discarding the body and answers 400: that refusal too is problem details (recursive error
    pages), never nginx's HTML."""
    bad = (
        b"POST /v1/tables/next HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n"
        b"Transfer-Encoding: chunked\r\nConnection: close\r\n\r\nzz\r\n{}\r\n0\r\n\r\n"
    )
    heads = []
    for _ in range(stack.RATE_LIMITS["tables"][1] + 10):
        head, body = _raw(running.port, bad, SPENDERS["tables"])
        heads.append(head.split(b"\r\n")[0])
        assert b"Content-Type: application/problem+json" in head, (head, body[:200])
        assert json.loads(body)["status"] in (400, 429)
    assert set(heads) <= {b"HTTP/1.1 400 Bad Request", b"HTTP/1.1 429 Too Many Requests"}, heads


def test_a_client_sending_costly_bodies_is_refused_before_one_sending_ordinary_ones(per_minute):
    """nginx's limits weighted by cost: bodies of 8,000 bytes or more count against the costly
    zone (RATE_LIMITS; here a request a minute, the burst as configured) on top of the general one."""
    port, burst = per_minute.port, PER_MINUTE["costly"][1]
    costly = b'{"state": {}, "x": "' + b"y" * 8000 + b'"}'
    started = time.monotonic()
    statuses = [_call(port, "POST", "/v1/legal-moves", costly, source=SPENDERS["costly"])[0] for _ in range(12)]
    admitted = _admitted("costly", time.monotonic() - started)
    assert statuses[: burst + 1] == [422] * (burst + 1) and set(statuses) <= {422, 429}, statuses
    assert statuses.count(422) <= admitted, (statuses, admitted)
    # A chunked body is weighed as a large one (its size is not known before the limits are
    # checked): issue 31 found 30 of 30 chunked 9 KB bodies accepted. Another client, whose
    # costly bucket is full.
    client = SPENDERS["chunked"]
    started = time.monotonic()
    chunked = [int(_raw(port, _chunked("/v1/legal-moves", costly), client)[0].split(b" ", 2)[1]) for _ in range(12)]
    admitted = _admitted("costly", time.monotonic() - started)
    assert chunked[: burst + 1] == [422] * (burst + 1) and set(chunked) <= {422, 429}, chunked
    assert chunked.count(422) <= admitted, (chunked, admitted)
    small = _raw(port, _chunked("/v1/melds/check", b'{"cards": ["5S", "6S", "7S"]}'), client)[0]
    assert small.startswith(b"HTTP/1.1 429") and b"Retry-After: 1" in small  # every chunked body counts, a small one too
    assert _call(port, "POST", "/v1/melds/check", b'{"cards": ["5S", "6S", "7S"]}', source=client)[0] == 200


def _chunked(path: str, body: bytes) -> bytes:
    return (
        (
            f"POST {path} HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nTransfer-Encoding: chunked\r\n"
            f"Connection: close\r\n\r\n{len(body):x}\r\n"
        ).encode()
        + body
        + b"\r\n0\r\n\r\n"
    )


# A body nginx cannot read is 400 problem details at nginx: an unknown transfer coding (not
# nginx's 501) and a malformed chunked body.
@pytest.mark.parametrize(
    ("coding", "body", "field", "expected"),
    [
        pytest.param(b"gzip", b"{}", "detail", stack.NGINX_ERRORS[501], id="unknown-transfer-coding-is-400-not-501"),
        pytest.param(b"chunked", b"zz\r\n{}\r\n0\r\n\r\n", "status", 400, id="malformed-chunked-body"),
    ],
)
def test_a_body_nginx_cannot_read_is_400_at_nginx(running, coding, body, field, expected):
    head, answer = _raw(
        running.port,
        b"POST /v1/melds/check HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n"
        b"Transfer-Encoding: " + coding + b"\r\nConnection: close\r\n\r\n" + body,
    )
    assert head.startswith(b"HTTP/1.1 400") and b"Content-Type: application/problem+json" in head
    assert json.loads(answer)[field] == expected


def test_sixteen_slow_clients_leave_healthz_answering(running):
    """bench/slowclients.py's attack through nginx: 16 clients sending their headers or bodies a
    byte every 0.5 s for 6 s, a probe of /healthz every 0.1 s, and the slow clients going on
    until the probe's last answer. Every probe is answered, ok. Gunicorn alone holds a probe
    until the slow clients stop (the bench: the whole attack), which here is a probe timing out
    after 10 s, a wait nothing but that hang comes near. How long the probes wait is the bench's
    figure, never asserted here: it depends on the machine."""
    from slowclients import attack

    probe = attack(running.port, duration=6.0, clients=16, probe_timeout=10.0)
    print(f"through nginx: {len(probe.waits)} probes, longest /healthz wait {probe.longest:.3f} s")
    answers = {(status, body) for _, status, body in probe.waits}
    assert answers == {(200, b'{"status":"ok"}')}, sorted(probe.waits, key=lambda w: w[0])[-5:]
    assert _call(running.port, "GET", "/healthz")[0] == 200


def test_the_scorepad_is_rate_limited_per_client(per_minute):
    body = b'{"players": ["a", "b"]}'
    client = SPENDERS["scorepad"]
    started = time.monotonic()
    answers = [_call(per_minute.port, "POST", "/v1/scorepad", body, source=client) for _ in range(20)]
    admitted = _admitted("scorepad", time.monotonic() - started)
    statuses = [status for status, _, _ in answers]
    burst = PER_MINUTE["scorepad"][1]
    assert statuses[: burst + 1] == [200] * (burst + 1) and set(statuses) <= {200, 429}, statuses
    assert statuses.count(200) <= admitted, (statuses, admitted)  # no more than the limit lets through
    _problem(answers[-1], 429)
    _problem(_call(per_minute.port, "POST", "/v1/scorepad", body, source=client), 429)
    assert _call(per_minute.port, "GET", "/healthz", source=client)[0] == 200  # probes are never limited
    assert _call(per_minute.port, "POST", "/v1/scorepad", body)[0] == 200  # per client: another is not refused


def test_the_configured_scorepad_rate_lets_through_no_more_than_it_allows(running):
    """The rate as shipped (RATE_LIMITS, 2 a second), live: a client's burst and one more are
    answered, and over the whole run no more than the rate allows in the time it took. Only the
    upper bound is asserted: how many are refused depends on how fast the machine sends them."""
    body = b'{"players": ["a", "b"]}'
    started = time.monotonic()
    statuses = [_call(running.port, "POST", "/v1/scorepad", body, source=SPENDERS["configured"])[0] for _ in range(20)]
    admitted = _admitted("scorepad", time.monotonic() - started, stack.RATE_LIMITS)
    burst = stack.RATE_LIMITS["scorepad"][1]
    assert statuses[: burst + 1] == [200] * (burst + 1) and set(statuses) <= {200, 429}, statuses
    assert statuses.count(200) <= admitted, (statuses, admitted)


# A stack whose rates are out of the way, so that what is refused is the heavy endpoints' limit of
# requests in flight alone (limit_conn heavy).
UNMETERED = {zone: ("10000r/s", 10_000) for zone in stack.RATE_LIMITS}


@pytest.fixture(scope="module")
def in_flight_only():
    with stack.Stack(instances=1, workers=1, redis=False, rates=UNMETERED) as s:
        yield s


def test_heavy_requests_one_after_another_on_new_connections_are_never_refused(in_flight_only):
    """A client that waits for each answer before it sends the next request has one in flight,
    whether it keeps its connection or opens a new one each time (curl in a loop, a server-side
    frontend without a connection pool). nginx releases a request from the count a moment after
    the client has its answer, so with a limit of 1 the next request on a new connection was
    refused (429) 316 to 461 times in 3,000 on loopback; the limit leaves room for that one."""
    statuses = [_call(in_flight_only.port, "POST", "/v1/verify", b"{}")[0] for _ in range(300)]
    assert statuses == [422] * 300, collections.Counter(statuses)  # {} is no reveal: the app's 422


def test_a_client_has_at_most_the_limit_of_heavy_requests_in_flight(in_flight_only):
    """HEAVY_CONNECTIONS requests whose bodies have not been sent are in flight; the next heavy
    request from that client is refused at once (429 problem details), a cheap one is not, and
    heavy ones are answered again once those are done. Each held request asks ``Expect:
    100-continue``: nginx answers 100 when it starts reading the body, after it has counted the
    request, so the refusal that follows is certain, not a race."""
    port, client = in_flight_only.port, SPENDERS["in_flight"]
    head = b"POST /v1/verify HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 2\r\nExpect: 100-continue\r\n\r\n"
    held = [socket.create_connection(("127.0.0.1", port), timeout=20, source_address=(client, 0)) for _ in range(stack.HEAVY_CONNECTIONS)]
    try:
        for conn in held:
            conn.sendall(head)
            assert conn.recv(64) == b"HTTP/1.1 100 Continue\r\n\r\n"
        _problem(_call(port, "POST", "/v1/verify", b"{}", source=client), 429)
        assert _call(port, "GET", "/v1/rules", source=client)[0] == 200
        for conn in held:
            conn.sendall(b"{}")
            assert conn.recv(64).startswith(b"HTTP/1.1 422 ")  # {} is no reveal: the app's answer
    finally:
        for conn in held:
            conn.close()
    deadline = time.monotonic() + 10  # the count lags the answers by a moment (the test above)
    while (status := _call(port, "POST", "/v1/verify", b"{}", source=client)[0]) != 422 and time.monotonic() < deadline:
        time.sleep(0.05)
    assert status == 422


# --- an instance stopped under load ------------------------------------------------------------


@pytest.mark.parametrize("sig", [signal.SIGKILL, signal.SIGTERM], ids=["killed", "stopped"])
def test_an_instance_stopped_under_load_loses_no_get_and_every_post_is_answered(sig):
    """One instance stopped mid-load, by SIGKILL (master and workers at once) or SIGTERM
    (gunicorn's graceful stop: requests being handled finish, but connections still waiting in
    the listen queue are reset). nginx retries every GET on the other instance; a POST already
    sent to the stopped one is not resent (it may not be idempotent) and gets a 502 problem at
    once: at most one per client in flight, and nothing hangs. Under SIGKILL a GET whose answer
    had begun is cut short (nginx cannot retry what it has started sending): rare, at most one. (A deploy that loses nothing takes
    the instance out of nginx first: README, "Restarts".)"""
    results: list[tuple[str, object, float, float]] = []  # (method, status or error, sent at, seconds)
    stop = threading.Event()

    def client(method: str, path: str, body: bytes | None):
        while not stop.is_set():
            started = time.monotonic()
            try:
                status, headers, _ = _call(s.port, method, path, body, timeout=20)
                if status >= 400 and headers.get("content-type") != PROBLEM:
                    status = f"{status} as {headers.get('content-type')}"  # fails the test below
            except http.client.IncompleteRead:
                status = "cut"  # the answer had begun when the instance died: nginx cannot retry it
            except (OSError, http.client.HTTPException) as e:
                status = type(e).__name__
            results.append((method, status, started, time.monotonic() - started))

    def enough(stopped: float) -> bool:
        methods = [method for method, _, _, _ in results]
        return min(methods.count("GET"), methods.count("POST")) > 20 and sum(sent > stopped for _, _, sent, _ in results) > 10

    with stack.Stack(workers=2, exempt=("127.0.0.1",)) as s:
        threads = [threading.Thread(target=client, args=("GET", "/v1/rules", None)) for _ in range(3)]
        threads += [threading.Thread(target=client, args=("POST", "/v1/melds/check", b'{"cards": ["5S", "6S", "7S"]}')) for _ in range(3)]
        for t in threads:
            t.start()
        time.sleep(1.5)
        before = len(results)
        s.stop_app(0, sig)
        stopped = time.monotonic()
        time.sleep(2.0)
        # However slowly the machine answers, the load goes on until each kind has more than 20
        # answers and more than 10 requests sent once the instance had stopped are answered (a
        # minute is for a hang): the answers after the stop are more than the ten looked at below.
        deadline = time.monotonic() + 60
        while not enough(stopped) and time.monotonic() < deadline:
            time.sleep(0.05)
        stop.set()
        for t in threads:
            t.join(30)
        after_kill = [r for r in results[before:]]
    gets = [status for method, status, _, _ in results if method == "GET"]
    posts = [status for method, status, _, _ in results if method == "POST"]
    print(f"{sig.name}: {len(gets)} GETs, {gets.count(200)} answered 200; {len(posts)} POSTs, {posts.count(502)} answered 502")
    assert all(not t.is_alive() for t in threads)
    # A GET is retried on the other instance unless its answer had already begun (SIGKILL between
    # gunicorn's write of the headers and of the body: seen once in about 2,400 GETs).
    assert len(gets) > 20 and set(gets) <= ({200, "cut"} if sig == signal.SIGKILL else {200})
    assert gets.count("cut") <= 3  # at most one per GET client
    assert len(posts) > 20 and set(posts) <= {200, 502, "cut"}
    # Each of the three POST clients loses at most the request it had in flight, and at most one
    # more sent in the moment before nginx marks the instance down (seen once: 3 × 502 + 1 cut).
    assert posts.count(502) + posts.count("cut") <= 6
    assert max(seconds for _, _, _, seconds in results) < 10  # nothing waited for a timeout
    assert len(after_kill) > 10 and {status for _, status, _, _ in after_kill[-10:]} == {200}


def test_the_docs_state_the_limits_as_configured():
    readme = (ROOT / "docs" / "operations.md").read_text()
    (api, api_burst), (pad, pad_burst), (tables, tables_burst), (advice, advice_burst) = (
        (r.removesuffix("r/s"), b) for r, b in (stack.RATE_LIMITS[k] for k in ("api", "scorepad", "tables", "advice"))
    )
    assert f"advice (`/v1/suggest`, `/v1/tables/suggest`) and `/v1/verify` {advice}/s (burst {advice_burst})" in readme
    assert f"at most {api} requests/s (burst {api_burst})" in readme
    assert f"`/v1/scorepad` {pad}/s (burst {pad_burst})" in readme
    assert f"`/v1/tables…` {tables}/s (burst {tables_burst})" in readme
    conf = stack.machine_config()
    assert "client_header_timeout 5s;" in conf and "client_body_timeout 5s;" in conf and "large_client_header_buffers 4 4k;" in conf
    assert "5 s for the whole header" in readme and "5 s between two reads of the body" in readme and "over 4 KiB" in readme


def test_make_stack_runs_in_the_foreground_and_ctrl_c_stops_it_all():
    """`make stack` is `deploy/stack.py run`: nginx on the port given, over two instances, with
    a redis-server guarding the sealed tables, until Ctrl-C (SIGINT to the terminal's process
    group), which stops every process it started."""
    import subprocess

    port = stack.free_port()
    proc = subprocess.Popen(
        [sys.executable, str(ROOT / "deploy" / "stack.py"), "run", "--port", str(port)],
        cwd=ROOT,
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        text=True,
        start_new_session=True,
    )
    try:
        seen, m = [], None
        deadline = time.monotonic() + 60
        while m is None and time.monotonic() < deadline and (line := proc.stdout.readline()):
            seen.append(line)  # the logs of gunicorn and nginx, then the banner
            m = re.search(
                r"nginx on http://127\.0\.0\.1:(\d+) over 2 instances on ports (\d+), (\d+); the replay guard in redis-server on port (\d+)",
                line,
            )
        assert m and int(m.group(1)) == port, "".join(seen)
        app_ports = [int(m.group(2)), int(m.group(3)), int(m.group(4))]
        # nginx starts once both instances are ready: from the ready line on, never a 502
        assert [_call(port, "GET", "/readyz")[0] for _ in range(10)] == [200] * 10
        assert _call(port, "GET", "/healthz")[2] == b'{"status":"ok"}'
        # the guard is on: another move on an old token is a 409 carrying the latest token
        made = json.loads(_call(port, "POST", "/v1/tables", b'{"players": ["ana", "ben"]}')[2])
        seat = made["seats"]["ana"]
        draw = {"table": made["table"], "seat": seat, "move": {"action": "draw", "source": "stock"}}
        moved = json.loads(_call(port, "POST", "/v1/tables/move", json.dumps(draw).encode())[2])
        draw["move"]["source"] = "discard"
        status, _, body = _call(port, "POST", "/v1/tables/move", json.dumps(draw).encode())
        assert status == 409 and json.loads(body)["table"] == moved["table"]
        rest: list[str] = []  # the logs from here on, read as they come: a full pipe would stall the stack
        reader = threading.Thread(target=lambda: rest.extend(iter(proc.stdout.readline, "")), daemon=True)
        reader.start()
        # An instance stopped by hand (issue 31: it stopped the whole stack) is started again, and
        # nginx answers all along through the other one.
        first = next(c for c in stack.nginx_children(proc.pid) if f"127.0.0.1:{app_ports[0]}" in Path(f"/proc/{c}/cmdline").read_text())
        os.kill(first, signal.SIGTERM)
        deadline = time.monotonic() + 60
        while time.monotonic() < deadline:
            assert _call(port, "GET", "/v1/rules")[0] == 200
            again = [c for c in stack.nginx_children(proc.pid) if f"127.0.0.1:{app_ports[0]}" in Path(f"/proc/{c}/cmdline").read_text()]
            if again and again != [first]:
                try:
                    if _call(app_ports[0], "GET", "/readyz", timeout=2)[0] == 200:
                        break
                except OSError:
                    pass
            time.sleep(0.1)
        assert _call(app_ports[0], "GET", "/readyz")[0] == 200 and proc.poll() is None
        os.killpg(proc.pid, signal.SIGINT)  # what Ctrl-C does
        proc.wait(timeout=60)
        reader.join(30)
        out = "".join(rest)
    finally:
        if proc.poll() is None:
            os.killpg(proc.pid, signal.SIGKILL)
            proc.wait()
    assert proc.returncode == 0 and "stack stopped" in out
    for p in (port, *app_ports):
        with pytest.raises(OSError):
            _call(p, "GET", "/healthz", timeout=2)


# --- deploys: restarts without a failed request ----------------------------------------------


class _Load:
    """Clients sending GETs and POSTs through nginx until stopped; each answer kept as (time
    sent, method, status or the exception's name)."""

    def __init__(self, port: int, clients: int = 1) -> None:
        self.port, self.results, self.stopping = port, [], threading.Event()
        self.threads = [threading.Thread(target=self._client, args=(k % 2 == 0,)) for k in range(2 * clients)]

    def _client(self, get: bool) -> None:
        while not self.stopping.is_set():
            started = time.monotonic()
            try:
                if get:
                    status = _call(self.port, "GET", "/v1/rules", timeout=20)[0]
                else:
                    status = _call(self.port, "POST", "/v1/melds/check", b'{"cards": ["5S", "6S", "7S"]}', timeout=20)[0]
            except (OSError, http.client.HTTPException) as e:
                status = type(e).__name__
            self.results.append((started, "GET" if get else "POST", status))

    def __enter__(self) -> _Load:
        for t in self.threads:
            t.start()
        return self

    def __exit__(self, *exc) -> None:
        self.stopping.set()
        for t in self.threads:
            t.join(30)


@pytest.fixture(scope="module")
def restarted():
    """A stack of its own, for the restarts (one worker an instance: they start faster)."""
    with stack.Stack(workers=1, exempt=("127.0.0.1",)) as s:
        yield s


def test_a_rolling_restart_under_load_fails_no_request(restarted):
    """Each instance in turn: its readiness fails, nginx takes it out (a reload), it stops once
    what it holds is answered, starts, and is put back once ready (deploy/stack.py's drain).
    Issue 31 measured 1,841 × 502 for a careful restart by hand with the old upstream settings."""
    s = restarted
    with _Load(s.port) as load:
        time.sleep(0.5)
        old = [p.pid for p in s.apps]
        s.rolling_restart()
        time.sleep(0.5)
    assert [p.pid for p in s.apps] != old and all(a != b for a, b in zip(old, (p.pid for p in s.apps)))
    statuses = [status for _, _, status in load.results]
    print(f"rolling restart: {len(statuses)} requests, {sum(st != 200 for st in statuses)} not 200")
    assert len(statuses) > 50 and set(statuses) == {200}, sorted(set(map(str, statuses)))


def test_both_instances_restarted_answer_as_soon_as_either_is_ready(restarted):
    """Both instances stopped at once, then started: nginx answers 502 while neither is up, and
    nothing but answers once either answers /readyz (no instance is ever locked out: max_fails=0).
    Issue 31 measured 502s for 3.5 s after both were up with the old settings."""
    s = restarted
    with _Load(s.port) as load:
        time.sleep(0.3)
        for i in range(2):
            s.stop_app(i, signal.SIGKILL)
        time.sleep(0.5)
        for i in range(2):
            s.start_app(i)
        ready = None
        deadline = time.monotonic() + 30
        while ready is None and time.monotonic() < deadline:
            for port in s.app_ports:
                try:
                    if _call(port, "GET", "/readyz", timeout=1)[0] == 200:
                        ready = time.monotonic()
                except OSError:
                    pass
            time.sleep(0.01)
        # A second of load from then on (the other instance comes back meanwhile), and at least 21
        # requests sent since, however slowly the machine answers them: a minute is for a hang.
        time.sleep(1.0)
        deadline = time.monotonic() + 60
        while ready is not None and sum(started > ready for started, _, _ in load.results) <= 20 and time.monotonic() < deadline:
            time.sleep(0.05)
    after = [status for started, _, status in load.results if started > ready]
    during = [status for started, _, status in load.results if started <= ready]
    print(f"both restarted: {len(during)} requests before either was ready ({during.count(502)} × 502), {len(after)} after")
    assert ready is not None and during.count(502) > 0  # the outage is seen…
    assert len(after) > 20 and set(after) == {200}, sorted(set(map(str, after)))  # …and ends when one is ready


def test_the_request_id_is_in_the_answer_the_problem_and_both_log_lines(running):
    """A client's own X-Request-ID is kept; without one nginx makes one. Either way the same id is
    in the answer's header, in its problem document, in nginx's JSON access line and in the
    app's; an implausible one (a quote, too long) is replaced, never logged."""
    mine = "client-7f3a.42"
    code, headers, body = _call(running.port, "POST", "/v1/melds/check", b'{"cards": 1}', {"X-Request-ID": mine})
    assert code == 422 and headers["x-request-id"] == mine and json.loads(body)["request_id"] == mine
    code, headers, body = _call(running.port, "GET", "/v1/rules", headers={"X-Request-ID": 'bad"id'})
    made = headers["x-request-id"]
    assert code == 200 and re.fullmatch(r"[0-9a-f]{32}", made)
    code, headers, body = _call(running.port, "GET", "/v1/no-such-path")  # the app's 404
    made_404 = headers["x-request-id"]
    assert code == 404 and json.loads(body)["request_id"] == made_404 and re.fullmatch(r"[0-9a-f]{32}", made_404)
    code, headers, body = _call(running.port, "GET", "/metrics", headers={"X-Request-ID": "m-1"})  # nginx's own refusal
    assert code == 404 and headers["x-request-id"] == "m-1" and json.loads(body)["request_id"] == "m-1"
    deadline = time.monotonic() + 10
    while True:
        apps = {a["request_id"]: a for i in range(2) for a in _access_lines(running.log(f"app{i}"))}
        proxied = {a["request_id"]: a for a in _nginx_lines(running.log("nginx"))}
        if {mine, made, made_404, "m-1"} <= set(proxied) and {mine, made, made_404} <= set(apps) or time.monotonic() > deadline:
            break
        time.sleep(0.05)
    assert (apps[mine]["status"], apps[mine]["path"], proxied[mine]["status"]) == (422, "/v1/melds/check", 422)
    assert apps[made]["status"] == proxied[made]["status"] == 200 and proxied[made]["upstream"].startswith("127.0.0.1:")
    assert proxied["m-1"]["status"] == 404 and proxied["m-1"]["upstream"] == ""  # never reached an instance
    assert {"time", "request_time", "upstream_time", "remote_addr", "method", "uri"} <= set(proxied[made])
    assert {"time", "level", "duration_ms", "bytes", "method"} <= set(apps[made])
    assert 'bad"id' not in running.log("nginx") + running.log("app0") + running.log("app1")
