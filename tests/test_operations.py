"""What an operator sees of a running stack (issue 31): ``/metrics`` through gunicorn's workers
(prometheus_client's multiprocess mode), parsed by prometheus_client's own parser, each family
moving as requests are made; ``/readyz`` failing soon after the table store's Redis goes away and
recovering when it is back. Real nginx, gunicorn and redis-server (deploy/stack.py)."""

# The fixture guarded_stack comes from stack_support; pytest passes it to the tests by name.
# ruff: noqa: F811

from __future__ import annotations

import http.client
import json
import time

from prometheus_client.parser import text_string_to_metric_families
from stack_support import STACK_MARKS, guarded_stack  # noqa: F401 (fixtures)

pytestmark = STACK_MARKS


def _call(port: int, method: str, path: str, body=None, timeout: float = 20.0):
    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=timeout)
    try:
        data = None if body is None else json.dumps(body).encode()
        conn.request(method, path, body=data, headers={"Content-Type": "application/json"} if data else {})
        r = conn.getresponse()
        return r.status, {k.lower(): v for k, v in r.getheaders()}, r.read()
    finally:
        conn.close()


def _samples(port: int) -> dict[tuple, float]:
    """Every sample of the instance's /metrics: (name, sorted labels) → value."""
    status, headers, body = _call(port, "GET", "/metrics")
    assert status == 200 and headers["content-type"].startswith("text/plain")
    return {
        (s.name, tuple(sorted(s.labels.items()))): s.value
        for family in text_string_to_metric_families(body.decode())
        for s in family.samples
    }


def _value(samples: dict, name: str, **labels) -> float:
    return samples.get((name, tuple(sorted(labels.items()))), 0.0)


def test_metrics_move_with_requests_guard_outcomes_breaker_tokens_and_bots(guarded_stack):
    s = guarded_stack
    app = s.app_ports[0]
    before = _samples(app)
    assert _call(s.port, "GET", "/metrics")[0] == 404  # never served to the public, through nginx
    for _ in range(3):
        assert _call(s.port, "GET", "/v1/rules")[0] == 200
    # bob deals, so ana leads and her draw comes before any bot's turn (were bob to lead, a deal
    # where he goes out on his first turn, about 1 in 9,400, would leave her no draw)
    status, _, body = _call(s.port, "POST", "/v1/tables", {"players": ["ana", "bob"], "bots": {"bob": "easy"}, "dealer": "bob"})
    assert status == 201
    made = json.loads(body)
    draw = {"table": made["table"], "seat": made["seats"]["ana"], "move": {"action": "draw", "source": "stock"}}
    assert _call(s.port, "POST", "/v1/tables/move", draw)[0] == 200  # recorded
    assert _call(s.port, "POST", "/v1/tables/move", draw)[0] == 200  # the same request again: replayed
    other = {**draw, "move": {"action": "draw", "source": "discard"}}
    assert _call(s.port, "POST", "/v1/tables/move", other)[0] == 409  # another on the old token: stale

    s.stop_redis()
    refused = [_call(s.port, "POST", "/v1/tables/move", other)[0] for _ in range(12)]
    assert set(refused) <= {503, 409} and 503 in refused, refused
    down = _samples(app)
    s.start_redis()
    deadline = time.monotonic() + 30
    while _call(s.port, "POST", "/v1/tables/move", other)[0] == 503 and time.monotonic() < deadline:
        time.sleep(0.1)
    # Each worker's breaker closes on its own next success, and the kernel, not nginx, picks the
    # worker that accepts a connection: one worker may take many requests in a row. So ask until
    # every worker has had one (the gauge is the live workers' max), within a bounded number.
    for _ in range(200):
        _call(s.port, "POST", "/v1/tables/move", other)
        after = _samples(app)
        if _value(after, "rummy_store_breaker_open") == 0:
            break

    def grew(name: str, **labels) -> bool:
        return _value(after, name, **labels) > _value(before, name, **labels)

    assert _value(after, "rummy_http_requests_total", endpoint="/v1/rules", method="GET", status="200") >= 3 + _value(
        before, "rummy_http_requests_total", endpoint="/v1/rules", method="GET", status="200"
    )
    assert grew("rummy_http_requests_total", endpoint="/v1/tables/move", method="POST", status="503")
    assert grew("rummy_http_request_duration_seconds_count", endpoint="/v1/tables")
    assert grew("rummy_http_request_duration_seconds_bucket", endpoint="/v1/rules", le="+Inf")
    for outcome in ("recorded", "replayed", "stale", "unavailable"):
        assert grew("rummy_table_guard_total", outcome=outcome), outcome
    assert _value(down, "rummy_store_breaker_open") == 1 and _value(after, "rummy_store_breaker_open") == 0
    assert grew("rummy_store_breaker_transitions_total", to="open") and grew("rummy_store_breaker_transitions_total", to="closed")
    assert grew("rummy_table_token_bytes_count") and _value(after, "rummy_table_token_bytes_sum") > 500
    assert grew("rummy_bot_decision_seconds_count", endpoint="/v1/tables/move")


def test_readyz_fails_soon_after_redis_goes_away_and_recovers(guarded_stack):
    s = guarded_stack
    app = s.app_ports[0]
    assert _call(app, "GET", "/readyz")[0] == 200
    s.stop_redis()
    stopped = time.monotonic()
    while (answer := _call(app, "GET", "/readyz"))[0] == 200 and time.monotonic() - stopped < 10:
        time.sleep(0.05)
    took = time.monotonic() - stopped
    assert answer[0] == 503 and answer[1]["retry-after"] and "table store" in json.loads(answer[2])["detail"]
    print(f"/readyz failed {took:.2f} s after redis-server stopped")
    assert took < 2.0
    assert _call(app, "GET", "/healthz")[0] == 200  # alive all the same: nothing to restart
    s.start_redis()
    deadline = time.monotonic() + 30
    while _call(app, "GET", "/readyz")[0] != 200 and time.monotonic() < deadline:
        time.sleep(0.05)
    assert _call(app, "GET", "/readyz")[0] == 200
