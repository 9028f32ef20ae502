"""The replay guard against a real redis-server (started on a free loopback port by the
fixture, stopped after), and two service instances sharing RUMMY_SEAL_KEYS."""

from __future__ import annotations

import base64
import json
import os
import subprocess
import sys
import threading
import urllib.error
import urllib.request
from pathlib import Path

import pytest
import redis
from tables_support import KEY_B, KEYS_TEXT, free_port, make_app, picker, redis_url  # noqa: F401 (fixture)

from referee import PRESETS, Move
from tables import SeqStore, Tables

ROOT = Path(__file__).resolve().parent.parent


@pytest.fixture()
def guarded(redis_url):  # noqa: F811
    return make_app(store=SeqStore(redis_url), ttl=3600).test_client()


def _create(tc, players=("ana", "ben")):
    r = tc.post("/v1/tables", json={"players": list(players)})
    assert r.status_code == 201
    return r.get_json()


def _draw(tc, table, seat):
    return tc.post("/v1/tables/move", json={"table": table, "seat": seat, "move": {"action": "draw", "source": "stock"}})


def test_an_older_token_is_409_naming_the_latest_seq(guarded, redis_url):  # noqa: F811
    made = _create(guarded)
    seat = made["seats"]["ana"]
    first = _draw(guarded, made["table"], seat).get_json()
    assert first["legal"] and first["view"]["seq"] == 1
    again = _draw(guarded, made["table"], seat)  # the token before that draw, sent again
    assert again.status_code == 409 and again.mimetype == "application/problem+json"
    body = again.get_json()
    assert body["latest_seq"] == 1
    assert body["detail"] == "this is an old copy of the table: the table has moved on to seq 1; use the latest table token"
    # the latest token goes on; the key lives as long as the token
    r = redis.Redis.from_url(redis_url)
    key = f"rummy:table:{first['view']['table_id']}:seq"
    assert r.get(key) == b"1" and 3590 <= r.ttl(key) <= 3600
    hand = [p for p in first["view"]["players"] if p["id"] == "ana"][0]["hand"]
    ok = guarded.post("/v1/tables/move", json={"table": first["table"], "seat": seat, "move": {"action": "discard", "card": hand[0]}})
    assert ok.status_code == 200 and ok.get_json()["view"]["seq"] == 2
    assert _draw(guarded, first["table"], seat).get_json()["latest_seq"] == 2
    # an illegal move on the latest token changes nothing and is answered as usual
    latest = ok.get_json()["table"]
    r2 = _draw(guarded, latest, seat)
    assert r2.status_code == 200 and r2.get_json()["reasons"][0]["code"] == "not_your_turn"


def test_viewing_an_old_token_is_harmless_and_allowed(guarded):
    made = _create(guarded)
    _draw(guarded, made["table"], made["seats"]["ana"])
    r = guarded.post("/v1/tables/view", json={"table": made["table"], "seat": made["seats"]["ana"]})
    assert r.status_code == 200 and r.get_json()["view"]["seq"] == 0


def test_the_same_token_used_twice_at_once_wins_once(redis_url):  # noqa: F811
    store = SeqStore(redis_url)
    app = make_app(store=store)
    tables: Tables = app.extensions["rummy_tables"]
    table, token = tables.create(["ana", "ben"], PRESETS["standard"])
    seat = tables.sealer.seat(table.id, "ana")
    outcomes = []

    def go():
        try:
            outcomes.append(tables.move(token, seat, [Move.draw("ana")]).table.game.seq)
        except Exception as e:  # noqa: BLE001
            outcomes.append(type(e).__name__)

    threads = [threading.Thread(target=go) for _ in range(8)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert sorted(outcomes, key=str) == [1] + ["Stale"] * 7


def test_dealing_again_from_an_old_token_is_refused(guarded):
    """Nobody can deal a hand again and again until it suits them."""
    tables_app = guarded.application.extensions["rummy_tables"]
    table, token = tables_app.create(["ana", "bob"], PRESETS["standard"], seed=2)  # a seeded deal: the same hand every run
    seats = tables_app.seats(table)
    pick = picker(2)
    for _ in range(3000):  # play the hand to its end through the seats
        v = guarded.post("/v1/tables/view", json={"table": token}).get_json()["view"]
        if v["status"] != "playing":
            break
        mover = v["turn"]["player"]
        mine = guarded.post("/v1/tables/view", json={"table": token, "seat": seats[mover]}).get_json()["view"]
        m = pick([x for x in mine["legal_moves"] if not (x["action"] == "draw" and x["source"] == "discard")])
        token = guarded.post("/v1/tables/move", json={"table": token, "seat": seats[mover], "move": m}).get_json()["table"]
    first = guarded.post("/v1/tables/next", json={"table": token})
    assert first.status_code == 200 and first.get_json()["view"]["hand"] == 2
    second = guarded.post("/v1/tables/next", json={"table": token})
    assert second.status_code == 409 and second.get_json()["latest_seq"] == first.get_json()["view"]["seq"]
    assert table.id == first.get_json()["view"]["table_id"]


def test_without_a_store_an_old_token_can_be_replayed():
    """What the README's trust model says: without the guard, a client may send an older token
    again (for instance to draw again from the same position)."""
    tc = make_app().test_client()
    made = _create(tc)
    a = _draw(tc, made["table"], made["seats"]["ana"]).get_json()
    b = _draw(tc, made["table"], made["seats"]["ana"]).get_json()
    assert a["legal"] and b["legal"] and a["view"]["seq"] == b["view"]["seq"] == 1
    assert a["view"]["players"][0]["hand"] == b["view"]["players"][0]["hand"]  # the same card: the stock is sealed, not reshuffled


def test_a_store_that_does_not_answer_is_503_not_a_500():
    tc = make_app(store=SeqStore(f"redis://127.0.0.1:{free_port()}/0")).test_client()
    r = tc.post("/v1/tables", json={"players": ["ana", "ben"]})
    assert r.status_code == 503 and r.mimetype == "application/problem+json"
    assert r.get_json()["detail"] == "the table store is not answering; try again in a moment"


# --- two instances ------------------------------------------------------------------------------


def _post(port, path, body):
    req = urllib.request.Request(
        f"http://127.0.0.1:{port}{path}", data=json.dumps(body).encode(), headers={"Content-Type": "application/json"}
    )
    try:
        with urllib.request.urlopen(req, timeout=10) as resp:
            return resp.status, json.loads(resp.read())
    except urllib.error.HTTPError as e:
        return e.code, json.loads(e.read())


def test_two_instances_with_the_same_keys_accept_each_others_tokens(redis_url):  # noqa: F811
    """Two servers, each its own app built from the environment (RUMMY_SEAL_KEYS shared,
    RUMMY_TABLE_STORE shared), on free loopback ports; a third with other keys refuses."""
    script = (
        "import os, sys; sys.path.insert(0, os.getcwd()); from werkzeug.serving import run_simple; import app; "
        "run_simple('127.0.0.1', int(sys.argv[1]), app.app, threaded=False)"
    )
    procs, ports = [], []
    try:
        for keys in (KEYS_TEXT, KEYS_TEXT, base64.urlsafe_b64encode(KEY_B).decode()):
            port = free_port()
            env = {**os.environ, "RUMMY_SEAL_KEYS": keys, "RUMMY_TABLE_STORE": redis_url}
            procs.append(
                subprocess.Popen(
                    [sys.executable, "-c", script, str(port)], cwd=ROOT, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL
                )
            )
            ports.append(port)
        for port in ports:
            _wait(port)
        a, b, other = ports
        status, made = _post(a, "/v1/tables", {"players": ["ana", "ben"]})
        assert status == 201
        seat = made["seats"]["ana"]
        status, moved = _post(b, "/v1/tables/move", {"table": made["table"], "seat": seat, "move": {"action": "draw", "source": "stock"}})
        assert status == 200 and moved["legal"] and moved["view"]["seq"] == 1
        status, again = _post(a, "/v1/tables/move", {"table": made["table"], "seat": seat, "move": {"action": "draw", "source": "stock"}})
        assert status == 409 and again["latest_seq"] == 1  # one store: a replay on the other instance is refused too
        status, seen = _post(a, "/v1/tables/view", {"table": moved["table"], "seat": seat})
        assert status == 200 and seen["view"]["seq"] == 1
        status, refused = _post(other, "/v1/tables/view", {"table": moved["table"]})
        assert status == 422 and refused["errors"][0]["pointer"] == "/table"
    finally:
        for p in procs:
            p.terminate()
        for p in procs:
            try:
                p.wait(10)
            except subprocess.TimeoutExpired:
                p.kill()
                p.wait()


def _wait(port):
    import socket
    import time

    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        try:
            with socket.create_connection(("127.0.0.1", port), timeout=0.5):
                return
        except OSError:
            time.sleep(0.1)
    raise AssertionError(f"the server on port {port} did not start")
