"""Production serving: security headers, CORS, settings from the environment, logs that never
echo a request body, and gunicorn itself (gunicorn.conf.py) started as `make serve` does."""

from __future__ import annotations

import json
import logging
import os
import re
import signal
import subprocess
import sys
import time
import urllib.error
import urllib.request
from pathlib import Path

import pytest

import referee
from app import DOCS_CSP, PAGE_CSP, create_app, settings_from_environment

ROOT = Path(__file__).resolve().parent.parent
PROBLEM = "application/problem+json"
SECRET = "SECRET-9f3b-do-not-log"


# --- security headers ---------------------------------------------------------------------


@pytest.mark.parametrize("path", ["/", "/play", "/docs"])
def test_html_pages_have_a_strict_content_security_policy(client, path):
    r = client.get(path)
    assert r.status_code == 200 and r.mimetype == "text/html"
    csp = r.headers["Content-Security-Policy"]
    assert csp == (DOCS_CSP if path == "/docs" else PAGE_CSP)
    directives = dict(d.strip().split(" ", 1) for d in csp.split(";"))
    assert directives["default-src"] == "'self'" and directives["script-src"] == "'self'"
    assert directives["frame-ancestors"] == "'none'" and directives["base-uri"] == "'none'"
    assert "unsafe-eval" not in csp and "*" not in csp and "http" not in csp
    if path != "/docs":
        assert "unsafe-inline" not in csp
    assert r.headers["X-Frame-Options"] == "DENY"
    assert r.headers["X-Content-Type-Options"] == "nosniff"
    assert r.headers["Referrer-Policy"] == "no-referrer"


@pytest.mark.parametrize(
    "method,path,body",
    [
        ("GET", "/healthz", None),
        ("GET", "/v1/rules", None),
        ("GET", "/openapi.yaml", None),
        ("POST", "/v1/melds/check", {"cards": ["QS", "KS", "JS"]}),
        ("POST", "/v1/melds/check", {"cards": 1}),
        ("GET", "/v1/nothing", None),
        ("DELETE", "/v1/move", None),
        ("GET", "/static/scorepad.js", None),
    ],
)
def test_every_answer_says_nosniff(client, method, path, body):
    r = client.open(path, method=method, json=body)
    assert r.headers["X-Content-Type-Options"] == "nosniff"
    assert "Content-Security-Policy" not in r.headers or r.mimetype == "text/html"


@pytest.mark.parametrize(
    "path", ["/static/../app.py", "/static/%2e%2e/app.py", "/docs/../app.py", "/docs/..%2fapp.py", "/static/../../etc/passwd"]
)
def test_no_file_outside_the_static_folders_is_served(client, path):
    r = client.get(path)
    assert r.status_code == 404 and b"import" not in r.data


# --- CORS -------------------------------------------------------------------------------

PREFLIGHT = {"Access-Control-Request-Method": "POST", "Access-Control-Request-Headers": "content-type"}


def test_preflight_from_any_origin_by_default(client):
    r = client.options("/v1/move", headers={"Origin": "https://cards.example", **PREFLIGHT})
    assert r.status_code == 200
    assert r.headers["Access-Control-Allow-Origin"] in ("*", "https://cards.example")
    assert "POST" in r.headers["Access-Control-Allow-Methods"]
    assert r.headers["Access-Control-Allow-Headers"].lower() == "content-type"
    assert int(r.headers["Access-Control-Max-Age"]) > 0
    assert "Access-Control-Allow-Credentials" not in r.headers  # the API holds no credentials
    answer = client.post("/v1/melds/check", json={"cards": ["QS"]}, headers={"Origin": "https://cards.example"})
    assert answer.headers["Access-Control-Allow-Origin"] in ("*", "https://cards.example")
    error = client.post("/v1/melds/check", data=b"{", content_type="application/json", headers={"Origin": "https://cards.example"})
    assert error.status_code == 400 and "Access-Control-Allow-Origin" in error.headers  # a browser may read the problem


def test_configured_origins_only():
    app = create_app({"TESTING": True, "CORS_ORIGINS": ["https://cards.example", "http://localhost:5173"]})
    client = app.test_client()
    for origin in ("https://cards.example", "http://localhost:5173"):
        r = client.options("/v1/legal-moves", headers={"Origin": origin, **PREFLIGHT})
        assert r.headers["Access-Control-Allow-Origin"] == origin and "Origin" in r.headers["Vary"]
    for origin in ("https://evil.example", "https://cards.example.evil.example", "null"):
        r = client.options("/v1/legal-moves", headers={"Origin": origin, **PREFLIGHT})
        assert "Access-Control-Allow-Origin" not in r.headers, origin
        r = client.post("/v1/melds/check", json={"cards": ["QS"]}, headers={"Origin": origin})
        assert r.status_code == 200 and "Access-Control-Allow-Origin" not in r.headers


def _cors_headers(r):
    return [(k, v) for k, v in r.headers if k.startswith("Access-Control-") or k == "Vary"]


@pytest.mark.parametrize(
    ("origins", "without_origin"),
    [
        (["*"], [("Access-Control-Allow-Origin", "*"), ("Vary", "Accept-Language")]),
        # flask-cors names the first configured origin and says the answer varies by Origin
        (
            ["https://cards.example", "http://localhost:5173"],
            [("Access-Control-Allow-Origin", "http://localhost:5173"), ("Vary", "Origin, Accept-Language")],
        ),
        (["https://cards.example"], [("Access-Control-Allow-Origin", "https://cards.example"), ("Vary", "Accept-Language")]),
        ([], [("Vary", "Accept-Language")]),
    ],
)
def test_cors_headers_without_origin_stay_flask_cors_own(origins, without_origin):
    """web/cors.py remembers what flask-cors added to a route's first answer to a request with
    no Origin: every later answer carries the same, and a browser's request (with Origin, or a
    preflight) between them is still flask-cors's own."""
    client = create_app({"TESTING": True, "CORS_ORIGINS": origins}).test_client()
    body = {"cards": ["QS", "KS", "AS"]}
    browser = "https://cards.example"
    for _ in range(3):
        assert _cors_headers(client.post("/v1/melds/check", json=body)) == without_origin
        assert _cors_headers(client.get("/openapi.yaml")) == without_origin
        assert _cors_headers(client.get("/healthz")) == [("Vary", "Accept-Language")]  # not an API path
        seen = client.post("/v1/melds/check", json=body, headers={"Origin": browser})
        if origins and browser in origins or origins == ["*"]:
            assert seen.headers["Access-Control-Allow-Origin"] == browser
        else:
            assert "Access-Control-Allow-Origin" not in seen.headers
        preflight = client.options("/v1/melds/check", headers={"Origin": browser, **PREFLIGHT})
        assert ("Access-Control-Max-Age", "600") in _cors_headers(preflight) or not origins


def test_the_page_is_not_cross_origin(client):
    r = client.get("/", headers={"Origin": "https://cards.example"})
    assert "Access-Control-Allow-Origin" not in r.headers


# --- settings ----------------------------------------------------------------------------


def test_settings_have_safe_defaults():
    assert settings_from_environment({}) == {"MAX_CONTENT_LENGTH": 2048 * 1024, "CORS_ORIGINS": ["*"]}


def test_settings_from_the_environment():
    got = settings_from_environment({"RUMMY_MAX_BODY_BYTES": " 65536 ", "RUMMY_CORS_ORIGINS": "https://a.example, https://b.example ,"})
    assert got == {"MAX_CONTENT_LENGTH": 65536, "CORS_ORIGINS": ["https://a.example", "https://b.example"]}
    assert settings_from_environment({"RUMMY_CORS_ORIGINS": ""})["CORS_ORIGINS"] == []


@pytest.mark.parametrize("value", ["", "abc", "-1", "0", "1.5", "1e6", "²", "256k"])
def test_a_wrong_body_limit_stops_start_up_naming_it(value):
    with pytest.raises(ValueError, match="RUMMY_MAX_BODY_BYTES"):
        settings_from_environment({"RUMMY_MAX_BODY_BYTES": value})


def test_the_body_limit_setting_is_applied():
    client = create_app({"TESTING": True, "MAX_CONTENT_LENGTH": 1000}).test_client()
    r = client.post("/v1/melds/check", json={"cards": ["QS"] * 200})
    assert r.status_code == 413 and r.content_type == PROBLEM and "1000 bytes" in r.get_json()["detail"]


# --- logs never echo request bodies -------------------------------------------------------


def test_a_fault_of_the_service_is_a_plain_500_and_the_log_holds_no_body(monkeypatch, caplog):
    app = create_app({"TESTING": False, "PROPAGATE_EXCEPTIONS": False})
    client = app.test_client()

    def broken(*args, **kwargs):
        raise RuntimeError("boom")

    monkeypatch.setattr(referee, "deal", broken)
    with caplog.at_level(logging.DEBUG):
        r = client.post("/v1/deal", json={"players": ["ana", SECRET[:40]], "seed": 7})
    assert r.status_code == 500 and r.content_type == PROBLEM
    body = r.get_json()
    rid = r.headers["X-Request-ID"]  # the id a user quotes, in the header, the body and the log line (web/logs.py)
    assert body["request_id"] == rid and len(rid) == 32
    assert body["detail"] == f"the service failed to answer; this is a fault of the service, not of the request (request id {rid})"
    assert "boom" not in r.get_data(as_text=True) and "Traceback" not in r.get_data(as_text=True)
    assert "Exception on /v1/deal [POST]" in caplog.text and "boom" in caplog.text  # the fault is logged…
    assert SECRET[:40] not in caplog.text  # …without the body


def test_refusals_log_nothing_of_the_body(client, caplog):
    with caplog.at_level(logging.DEBUG):
        client.post("/v1/melds/check", json={"cards": [SECRET]})
        client.post("/v1/deal", json={"players": [SECRET, SECRET]})
        client.post("/v1/melds/check", data=b'{"x": "' + SECRET.encode() + b'"', content_type="application/json")
        client.post("/v1/melds/check", data=SECRET.encode(), content_type="text/plain")
    assert SECRET not in caplog.text


# --- gunicorn, as `make serve` runs it ----------------------------------------------------


def _start_gunicorn(tmp_path, env_extra=None):
    home, tmp, xdg = (tmp_path / n for n in ("home", "tmp", "xdg"))
    for d in (home, tmp, xdg):
        d.mkdir()
    env = {
        **os.environ,
        "HOME": str(home),
        "TMPDIR": str(tmp),
        "XDG_RUNTIME_DIR": str(xdg),
        "WEB_CONCURRENCY": "2",
        "GUNICORN_MAX_REQUESTS": "20",
        "GUNICORN_MAX_REQUESTS_JITTER": "5",
        **(env_extra or {}),
    }
    env.pop("GUNICORN_WORKER_TMP_DIR", None)
    gunicorn = Path(sys.executable).parent / "gunicorn"
    proc = subprocess.Popen(
        [str(gunicorn), "--config", "gunicorn.conf.py", "--bind", "127.0.0.1:0", "app:app"],
        cwd=ROOT,
        env=env,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    return proc, (home, tmp, xdg)


def _wait_for_port(proc, timeout=30.0) -> int:
    """The port gunicorn bound, read from its log line ``Listening at: http://127.0.0.1:PORT``."""
    deadline = time.monotonic() + timeout
    seen = []
    while time.monotonic() < deadline:
        line = proc.stderr.readline()
        if not line:
            if proc.poll() is not None:
                break
            continue
        seen.append(line)
        m = re.search(r"Listening at: http://127\.0\.0\.1:(\d+)", line)
        if m:
            return int(m.group(1))
    proc.kill()
    raise AssertionError("gunicorn did not start:\n" + "".join(seen))


def _request(port, path, data=None, content_type="application/json"):
    req = urllib.request.Request(
        f"http://127.0.0.1:{port}{path}", data=data, headers={"Content-Type": content_type} if data is not None else {}
    )
    try:
        with urllib.request.urlopen(req, timeout=10) as r:
            return r.status, r.headers, r.read()
    except urllib.error.HTTPError as e:
        return e.code, e.headers, e.read()


def test_gunicorn_serves_logs_no_bodies_writes_nothing_outside_the_tree_and_stops_gracefully(tmp_path):
    proc, outside = _start_gunicorn(tmp_path)
    try:
        port = _wait_for_port(proc)
        for _ in range(30):  # past max_requests: workers are recycled on the way
            status, _, _ = _request(port, "/healthz")
            assert status == 200
        status, headers, body = _request(port, "/v1/melds/check", f'{{"cards": ["{SECRET}"]}}'.encode())
        assert status == 422 and headers["Content-Type"] == PROBLEM
        status, headers, _ = _request(port, "/v1/melds/check", f'{{"cards": ["QS"], "x": "{SECRET}"'.encode())
        assert status == 400 and headers["Content-Type"] == PROBLEM
        status, _, _ = _request(port, "/v1/melds/check", b"x" * 300_000)
        assert status == 413
        status, headers, _ = _request(port, "/")
        assert status == 200 and "frame-ancestors 'none'" in headers["Content-Security-Policy"]
    finally:
        proc.send_signal(signal.SIGTERM)
        try:
            out, err = proc.communicate(timeout=30)
        except subprocess.TimeoutExpired:
            proc.kill()
            out, err = proc.communicate()
    assert proc.returncode == 0, err[-2000:]
    assert "Shutting down: Master" in err
    # one JSON access line per request (web/logs.py): its id, status, size and time, never its body
    access = [a for a in map(json.loads, out.splitlines()) if a.get("path") == "/v1/melds/check" and a["method"] == "POST"]
    assert len(access) >= 2 and access[0]["status"] == 422 and access[0]["bytes"] > 0, out[-2000:]
    assert (
        access[0]["logger"] == "gunicorn.access" and re.fullmatch(r"[0-9a-f]{32}", access[0]["request_id"]) and access[0]["duration_ms"] > 0
    )
    assert all(json.loads(line)["level"] for line in err.splitlines() if line.startswith("{"))  # gunicorn's own lines: JSON
    assert SECRET not in out and SECRET not in err
    for d in outside:
        assert list(d.iterdir()) == [], f"gunicorn wrote {list(d.iterdir())} outside the working tree"


def test_gunicorn_refuses_to_start_with_a_wrong_setting(tmp_path):
    proc, _ = _start_gunicorn(tmp_path, {"RUMMY_MAX_BODY_BYTES": "lots"})
    try:
        out, err = proc.communicate(timeout=30)
    except subprocess.TimeoutExpired:
        proc.kill()
        out, err = proc.communicate()
    assert proc.returncode != 0 and "RUMMY_MAX_BODY_BYTES" in err
