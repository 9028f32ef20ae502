"""Reading the body under gunicorn (web/body_read.py): whatever a client does to the body's framing
or timing, the answer is a 4xx problem+json from the app, never gunicorn's 500 page, and a
stalled body is answered 408 well before the worker timeout (10 s)."""

from __future__ import annotations

import json
import socket
import time

import pytest
from test_serving import _start_gunicorn, _wait_for_port

from web import body_read

PROBLEM = "application/problem+json"
BODY_TIMEOUT = 1.0  # seconds; gunicorn's worker timeout stays at its default of 10


@pytest.fixture(scope="module")
def server(tmp_path_factory):
    proc, _ = _start_gunicorn(tmp_path_factory.mktemp("gunicorn"), {"RUMMY_BODY_TIMEOUT": str(BODY_TIMEOUT)})
    try:
        yield _wait_for_port(proc)
    finally:
        proc.terminate()
        proc.communicate(timeout=30)


def _exchange(port: int, head: bytes, parts=(), pause: float = 0.0, half_close: bool = False, timeout: float = 15.0):
    """Send ``head`` then each of ``parts`` (``pause`` seconds apart), optionally close the
    sending side, and read the answer: (status, headers, body, seconds from the last byte sent)."""
    with socket.create_connection(("127.0.0.1", port), timeout=timeout) as s:
        s.sendall(head)
        for part in parts:
            time.sleep(pause)
            s.sendall(part)
        if half_close:
            s.shutdown(socket.SHUT_WR)
        sent = time.monotonic()
        data = b""
        while chunk := s.recv(65536):
            data += chunk
        waited = time.monotonic() - sent
    head_text, _, body = data.partition(b"\r\n\r\n")
    lines = head_text.decode("latin-1").split("\r\n")
    headers = {k.strip().lower(): v.strip() for k, v in (line.split(":", 1) for line in lines[1:])}
    return int(lines[0].split()[1]), headers, body, waited


def _post(port: int, extra_headers: str, parts, **kw):
    head = (
        f"POST /v1/melds/check HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n{extra_headers}Connection: close\r\n\r\n"
    ).encode()
    return _exchange(port, head, parts, **kw)


def _problem(answer, status: int) -> dict:
    code, headers, body, _ = answer
    assert code == status, body[:500]
    assert headers["content-type"] == PROBLEM and headers["x-content-type-options"] == "nosniff"
    problem = json.loads(body)
    assert problem["status"] == status and problem["type"] == "about:blank"
    return problem


BODY = b'{"cards": ["QS", "KS", "JS"]}'


def test_a_whole_chunked_body_is_read_and_judged(server):
    code, headers, body, _ = _post(server, "Transfer-Encoding: chunked\r\n", [b"%x\r\n%s\r\n0\r\n\r\n" % (len(BODY), BODY)])
    assert code == 200 and json.loads(body)["valid"] is True and json.loads(body)["kind"] == "run"


@pytest.mark.parametrize(
    "chunks,detail",
    [
        ([b"zz\r\n" + BODY + b"\r\n0\r\n\r\n"], body_read._FRAMING["InvalidChunkSize"]),
        ([b"%x\r\n%sXX0\r\n\r\n" % (len(BODY), BODY)], body_read._FRAMING["ChunkMissingTerminator"]),
        ([b"%x;=\r\n%s\r\n0\r\n\r\n" % (len(BODY), BODY)], body_read._FRAMING["InvalidChunkExtension"]),
    ],
)
def test_malformed_chunked_framing_is_400_naming_it(server, chunks, detail):
    problem = _problem(_post(server, "Transfer-Encoding: chunked\r\n", chunks), 400)
    assert problem["detail"] == detail and problem["errors"] == [{"pointer": "", "detail": detail}]


def test_a_chunked_body_cut_short_is_400(server):
    problem = _problem(_post(server, "Transfer-Encoding: chunked\r\n", [b"40\r\n" + BODY], half_close=True), 400)
    assert problem["detail"] == body_read._FRAMING["NoMoreData"]


def test_a_body_shorter_than_its_content_length_is_400(server):
    problem = _problem(_post(server, "Content-Length: 100\r\n", [BODY], half_close=True), 400)
    assert problem["detail"] == f"the body ends after {len(BODY)} of the 100 bytes its Content-Length announced"


def test_a_stalled_body_is_408_before_the_worker_timeout(server):
    answer = _post(server, "Content-Length: 100\r\n", [BODY[:10]])
    problem = _problem(answer, 408)
    assert (
        problem["detail"] == f"the body of the 100 bytes announced did not arrive within {BODY_TIMEOUT:g} seconds; send it whole, at once"
    )
    assert answer[3] < 5  # answered after the body timeout (1 s), far from the worker timeout (10 s)


def test_a_body_trickled_in_is_408_however_steadily_it_comes(server):
    body = b'{"cards": ["QS", "KS", "JS"], "pad": "' + b"x" * 40 + b'"}'
    started = time.monotonic()
    code, _, _, _ = _post(server, f"Content-Length: {len(body)}\r\n", [bytes([b]) for b in body[:8]], pause=0.2)
    assert code == 408  # 8 bytes at 0.2 s apart outlast the 1 s deadline, though none stalls for long
    assert time.monotonic() - started < 5


def test_the_service_still_answers_after_all_that(server):
    code, _, body, _ = _post(server, f"Content-Length: {len(BODY)}\r\n", [BODY])
    assert code == 200 and json.loads(body)["kind"] == "run"


@pytest.mark.parametrize("value", ["", "abc", "0", "-1", "nan", "inf"])
def test_a_wrong_body_timeout_stops_start_up_naming_it(value):
    with pytest.raises(ValueError, match="RUMMY_BODY_TIMEOUT"):
        body_read.body_timeout({"RUMMY_BODY_TIMEOUT": value})


def test_the_body_timeout_has_a_safe_default():
    assert body_read.body_timeout({}) == 5.0


def test_gunicorn_refuses_a_body_timeout_not_below_the_worker_timeout(tmp_path):
    proc, _ = _start_gunicorn(tmp_path, {"RUMMY_BODY_TIMEOUT": "10", "GUNICORN_TIMEOUT": "10"})
    _, err = proc.communicate(timeout=30)
    assert proc.returncode != 0 and "RUMMY_BODY_TIMEOUT (10 s) must be below GUNICORN_TIMEOUT (10 s)" in err


@pytest.mark.parametrize(
    "head,status,says",
    [
        (b"GET /" + b"x" * 5000 + b" HTTP/1.1\r\nHost: x\r\n\r\n", 414, "the request could not be read: "),
        (b"GET /healthz HTTP/1.1\r\nHost: x\r\nX-Big: " + b"y" * 9000 + b"\r\n\r\n", 431, "the request could not be read: "),
        (
            b"GET /healthz HTTP/1.1\r\nHost: x\r\n" + b"".join(b"X-H%d: 1\r\n" % i for i in range(120)) + b"\r\n",
            431,
            "the request could not be read: ",
        ),
        (b"GET\x01 / HTTP/1.1\r\nHost: x\r\n\r\n", 400, "the request could not be read: "),
        (
            b"POST /v1/melds/check HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: foo, chunked\r\n\r\n0\r\n\r\n",
            400,
            "the request could not be read: ",
        ),  # gunicorn's 501, answered 400: never a 5xx for a client's request
    ],
)
def test_gunicorns_own_refusals_are_problem_details_with_the_apps_headers(server, head, status, says):
    code, headers, body, _ = _exchange(server, head)
    assert code == status
    assert headers["content-type"] == PROBLEM and headers["x-content-type-options"] == "nosniff"
    assert headers["referrer-policy"] == "no-referrer"
    problem = json.loads(body)
    assert problem["status"] == status and problem["type"] == "about:blank" and problem["detail"].startswith(says)


# --- what gunicorn alone answers to requests it cannot read (web/worker.py) ---------------------

TLS_CLIENT_HELLO = bytes.fromhex("16030100f4010000f00303") + bytes(32) + b"\x00\x02\x13\x01\x01\x00"


@pytest.mark.parametrize(
    "head,status,says",
    [
        (TLS_CLIENT_HELLO, 400, "this is not an HTTP/1.1 request"),
        (b"\x00\x01\x02\x03 / HTTP/1.1\r\n\r\n", 400, "this is not an HTTP/1.1 request"),
        (b"GET /healthz HTTP/2.0\r\nHost: x\r\n\r\n", 505, "this service speaks HTTP/1.0 and HTTP/1.1, not HTTP/2.0"),
        (
            b"POST /v1/melds/check HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nTransfer-Encoding: chunked\r\n\r\n"
            b"ffffffffffffffffff\r\n{}\r\n0\r\n\r\n",
            400,
            "a chunk of the chunked body declares more bytes than any request here may have",
        ),
    ],
    ids=["tls-handshake", "binary", "http-2.0", "absurd-chunk-size"],
)
def test_a_request_gunicorn_cannot_read_is_answered_at_once_as_problem_details(server, head, status, says):
    """Finding 5: TLS bytes, a request line of noise, an HTTP version it does not speak and an
    absurd chunk size are answered without waiting for more bytes (the connection stays open on
    our side: the answer comes before anything times out) as problem details; 505 is the only
    5xx a client can cause."""
    code, headers, body, _ = _exchange(server, head)
    assert code == status and headers["content-type"] == PROBLEM and headers["x-content-type-options"] == "nosniff"
    problem = json.loads(body)
    assert problem["status"] == status and says in problem["detail"]
    assert "Invalid HTTP" not in problem["detail"]  # gunicorn's own words, not a sentence for a client


def test_a_request_line_and_headers_that_stop_coming_are_408_not_a_killed_worker(server):
    code, headers, body, _ = _exchange(server, b"GET /healthz HTTP/1.1\r\nHost: x\r\n")  # the blank line never comes
    assert code == 408 and headers["content-type"] == PROBLEM
    assert (
        json.loads(body)["detail"]
        == f"the request line and headers did not arrive within {BODY_TIMEOUT:g} seconds; send them whole, at once"
    )
    assert _exchange(server, b"GET /healthz HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n")[0] == 200
