"""The replay guard against a real redis-server (started on a free loopback port by the
fixture, stopped after), and two service instances sharing RUMMY_SEAL_KEYS."""

from __future__ import annotations

import base64
import json
import os
import signal
import subprocess
import sys
import threading
import urllib.error
import urllib.request
from pathlib import Path

import pytest
import redis
from tables_support import KEY_B, KEYS_TEXT, free_port, make_app, picker, redis_server, redis_url  # noqa: F401 (fixture)

from referee import PRESETS, Move
from referee.moves import Source
from schemas.wire import TABLE_WIRE
from tables import Replayed, SeqStore, Stale, Tables

ROOT = Path(__file__).resolve().parent.parent


@pytest.fixture()
def guarded(redis_url):  # noqa: F811
    # a generous timeout: these tests are about what is kept, on a machine shared with other work
    return make_app(store=SeqStore(redis_url, timeout=2.0), ttl=3600).test_client()


def _create(tc, players=("ana", "ben")):
    r = tc.post("/v1/tables", json={"players": list(players)})
    assert r.status_code == 201
    return r.get_json()


def _draw(tc, table, seat):
    return tc.post("/v1/tables/move", json={"table": table, "seat": seat, "move": {"action": "draw", "source": "stock"}})


def _hand(answer, player="ana"):
    return next(p for p in answer["view"]["players"] if p["id"] == player)["hand"]


def test_a_lost_answer_then_the_same_request_again_is_the_same_answer(guarded, redis_url):  # noqa: F811
    """Finding 1: the answer to a draw is lost (a dropped connection, a 502); the client sends
    the very same request again and gets the very same answer, bytes and all."""
    made = _create(guarded)
    seat = made["seats"]["ana"]
    first = _draw(guarded, made["table"], seat)
    assert first.status_code == 200 and first.get_json()["view"]["seq"] == 1
    for _ in range(3):
        again = _draw(guarded, made["table"], seat)
        assert again.status_code == 200 and again.mimetype == "application/json"
        assert again.get_data() == first.get_data()
    # the token it gave plays on
    ok = guarded.post(
        "/v1/tables/move",
        json={"table": first.get_json()["table"], "seat": seat, "move": {"action": "discard", "card": _hand(first.get_json())[0]}},
    )
    assert ok.status_code == 200 and ok.get_json()["view"]["seq"] == 2


def test_another_request_on_an_old_token_is_409_carrying_the_latest_token_which_plays_on(guarded, redis_url):  # noqa: F811
    made = _create(guarded)
    seat = made["seats"]["ana"]
    first = _draw(guarded, made["table"], seat).get_json()
    assert first["legal"] and first["view"]["seq"] == 1
    # another move on the token before that draw: the discard pile instead of the stock
    other = guarded.post("/v1/tables/move", json={"table": made["table"], "seat": seat, "move": {"action": "draw", "source": "discard"}})
    assert other.status_code == 409 and other.mimetype == "application/problem+json"
    body = other.get_json()
    assert body["latest_seq"] == 1 and body["table"] == first["table"]
    # and ana's view of that latest table, so catching up is this one request: the card she drew
    shown = guarded.post("/v1/tables/view", json={"table": first["table"], "seat": seat}).get_json()["view"]
    assert body["view"] == shown and shown["seq"] == 1 and shown["players"][0]["hand"] == first["view"]["players"][0]["hand"]
    assert len(shown["players"][0]["hand"]) == 11  # the 10 dealt to each of two (R2) and the one drawn
    assert (
        body["detail"] == "this is an old copy of the table: the table has moved on to seq 1; play on with the table token in this answer"
    )
    # the latest token plays on
    ok = guarded.post(
        "/v1/tables/move", json={"table": body["table"], "seat": seat, "move": {"action": "discard", "card": _hand(first)[0]}}
    )
    assert ok.status_code == 200 and ok.get_json()["view"]["seq"] == 2
    # the first draw, sent again now, is no longer the latest change: 409 with the newest token
    late = _draw(guarded, made["table"], seat).get_json()
    assert late["latest_seq"] == 2 and late["table"] == ok.get_json()["table"]
    # a seat's next on an old token is a 409 too, carrying the same token
    nxt = guarded.post("/v1/tables/next", json={"table": made["table"], "seat": seat})
    assert nxt.status_code == 409 and nxt.get_json()["table"] == ok.get_json()["table"]
    # an illegal move on the latest token changes nothing and is answered as usual
    r2 = _draw(guarded, ok.get_json()["table"], seat)
    assert r2.status_code == 200 and r2.get_json()["reasons"][0]["code"] == "not_your_turn"


def test_a_tables_whole_life_is_one_small_hash_in_redis(guarded, redis_url):  # noqa: F811
    """What Redis keeps per table (README, The replay guard's storage): one hash, ``s`` the
    latest seq, ``r`` the request's digest, ``a`` its answer sealed; it expires with the token
    and stays the same size however long the game goes on."""
    tables_app = guarded.application.extensions["rummy_tables"]
    r = redis.Redis.from_url(redis_url)
    table, token = tables_app.create(["ana", "ben", "cy", "dee", "eve", "fay"], PRESETS["standard"], seed=5)
    seats = tables_app.seats(table)
    key = f"rummy:t:{{{table.id}}}"
    pick = picker(3)
    sizes = []
    for _ in range(3000):
        v = guarded.post("/v1/tables/view", json={"table": token}).get_json()["view"]
        if v["status"] != "playing":
            break
        mover = v["turn"]["player"]
        mine = guarded.post("/v1/tables/view", json={"table": token, "seat": seats[mover]}).get_json()["view"]
        m = pick(mine["legal_moves"])
        moved = guarded.post("/v1/tables/move", json={"table": token, "seat": seats[mover], "move": m})
        assert moved.status_code == 200, moved.get_json()
        token = moved.get_json()["table"]
        sizes.append(r.memory_usage(key))
    assert sorted(k.decode() for k in r.hkeys(key)) == ["a", "r", "s"]
    assert int(r.hget(key, "s")) == v["seq"] and len(r.hget(key, "r")) == 16
    assert 3590 <= r.ttl(key) <= 3600
    assert b"ana" not in r.hget(key, "a")  # the answer is sealed: no card, no name readable
    print(f"\nRedis per table (6 players, {len(sizes)} moves): first {sizes[0]} bytes, largest {max(sizes)}, last {sizes[-1]}")
    assert max(sizes) < 8 * 1024
    assert r.dbsize() >= 1


def test_viewing_an_old_token_is_harmless_and_allowed(guarded):
    made = _create(guarded)
    _draw(guarded, made["table"], made["seats"]["ana"])
    r = guarded.post("/v1/tables/view", json={"table": made["table"], "seat": made["seats"]["ana"]})
    assert r.status_code == 200 and r.get_json()["view"]["seq"] == 0


def test_two_requests_racing_on_one_token_one_wins_the_other_catches_up(redis_url):  # noqa: F811
    """Eight requests on the same token at once, four drawing from the stock and four from the
    discard pile: one change is recorded; the copies of that request get its answer, the others
    a 409. Eight copies of one request: all get its one answer."""
    app = make_app(store=SeqStore(redis_url, timeout=2.0))
    tables: Tables = app.extensions["rummy_tables"]
    for same in (False, True):
        table, token = tables.create(["ana", "ben"], PRESETS["standard"])
        seat = tables.seat(table, "ana")
        outcomes = []

        def go(i, token=token, seat=seat, same=same, outcomes=outcomes):
            move = Move.draw("ana") if same or i % 2 else Move.draw("ana", Source("discard"))
            try:
                done = tables.move(token, seat, [move])
                body = json.dumps({"seq": done.table.game.seq, "table": done.token}).encode()
                tables.commit(done.pending, body)
                outcomes.append(body)
            except Replayed as r:
                outcomes.append(r.body)
            except Stale as st:
                outcomes.append(("Stale", st.latest, st.table))
            except Exception as e:  # noqa: BLE001 - counted as a wrong outcome
                outcomes.append(repr(e))

        threads = [threading.Thread(target=go, args=(i,)) for i in range(8)]
        for t in threads:
            t.start()
        for t in threads:
            t.join()
        if same:
            assert len(set(outcomes)) == 1 and json.loads(outcomes[0])["seq"] == 1
        else:
            won = [o for o in outcomes if isinstance(o, bytes)]
            assert len(set(won)) == 1  # the winner, and those that sent the winner's very request
            latest = json.loads(won[0])["table"]
            assert [o for o in outcomes if not isinstance(o, bytes)] == [("Stale", 1, latest)] * (8 - len(won))


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
    # two human seats: ana sends her entropy first (the deal waits for bob's), bob's request deals
    sent = guarded.post("/v1/tables/next", json={"table": token, "seat": seats["ana"], "entropy": "ana-2"})
    assert sent.status_code == 200 and sent.get_json()["view"]["fairness"]["waiting_for"] == ["bob"]
    token = sent.get_json()["table"]
    first = guarded.post("/v1/tables/next", json={"table": token, "seat": seats["bob"], "entropy": "bob-2"})
    assert first.status_code == 200 and first.get_json()["view"]["hand"] == 2
    second = guarded.post(
        "/v1/tables/next", json={"table": token, "seat": seats["bob"], "entropy": "bob-2"}
    )  # the same request: the same deal
    assert second.status_code == 200 and second.get_data() == first.get_data()
    assert table.id == first.get_json()["view"]["table_id"]
    # another seat, or other entropy, on the same token is another request (both are in its
    # digest): a 409 naming the latest token, never another deal; the request's seat gets its
    # view of the latest token (the deal already made), as /v1/tables/view shows it
    latest = first.get_json()["table"]
    for other in ({"table": token, "seat": seats["ana"], "entropy": "ana-2"}, {"table": token, "seat": seats["bob"], "entropy": "mine"}):
        again = guarded.post("/v1/tables/next", json=other)
        assert again.status_code == 409 and again.get_json()["table"] == latest, again.get_json()
        shown = guarded.post("/v1/tables/view", json={"table": latest, "seat": other["seat"]}).get_json()["view"]
        assert again.get_json()["view"] == shown and shown["hand"] == 2
    # once the new hand has moved on, dealing from the old token is a 409 carrying the latest token
    v = guarded.post("/v1/tables/view", json={"table": first.get_json()["table"]}).get_json()["view"]
    mover = v["turn"]["player"]
    moved = guarded.post(
        "/v1/tables/move", json={"table": first.get_json()["table"], "seat": seats[mover], "move": {"action": "draw", "source": "stock"}}
    ).get_json()
    third = guarded.post("/v1/tables/next", json={"table": token, "seat": seats["bob"], "entropy": "bob-2"})
    assert (
        third.status_code == 409 and third.get_json()["latest_seq"] == moved["view"]["seq"] and third.get_json()["table"] == moved["table"]
    )


def _play_to_the_end(tc, made, human="ana"):
    """Play ``human`` (the first legal move the picker likes) until the hand is over: every
    token the hand had, and the last answer."""
    pick, token, seat, tokens = picker(4), made["table"], made["seats"][human], [made["table"]]
    for _ in range(600):
        v = tc.post("/v1/tables/view", json={"table": token, "seat": seat}).get_json()["view"]
        if v["status"] != "playing":
            return tokens, v
        r = tc.post("/v1/tables/move", json={"table": token, "seat": seat, "move": pick(v["legal_moves"])})
        assert r.status_code == 200, r.get_json()
        token = r.get_json()["table"]
        tokens.append(token)
    raise AssertionError("the hand did not end")


def test_by_default_a_rewind_to_an_earlier_token_of_a_revealed_hand_is_refused(monkeypatch):
    """Issue 32's finding 2, closed: the default configuration (no RUMMY_TABLE_STORE) guards
    with the embedded store. A player finishes a hand against a bot, reads its deck, then goes
    back to the hand's first token to play with what she learned: 409, carrying the latest token."""
    monkeypatch.delenv("RUMMY_TABLE_STORE", raising=False)
    from app import create_app
    from tables.store.embedded import EmbeddedStore

    tc = create_app({"TESTING": True}).test_client()
    assert isinstance(tc.application.extensions["rummy_tables"].store, EmbeddedStore)
    made = tc.post("/v1/tables", json={"players": ["ana", "bob"], "bots": {"bob": "easy"}}).get_json()
    tokens, last = _play_to_the_end(tc, made)
    assert last["result"]["fairness"]["deck"], "the finished hand reveals its deck"
    for old in tokens[:-1:7]:
        r = _draw(tc, old, made["seats"]["ana"])
        assert r.status_code == 409, r.get_json()
        assert r.get_json()["latest_seq"] == last["seq"] and r.get_json()["table"] == tokens[-1]
    assert tc.post("/v1/tables/next", json={"table": tokens[-2], "seat": made["seats"]["ana"]}).status_code == 409


def test_without_a_store_an_old_token_can_be_replayed_so_no_deck_is_revealed():
    """What the trust model says of RUMMY_TABLE_STORE=none (development): a client may send an
    older token again (to draw again from the same position), so a finished hand's seed, deck
    and record are withheld: they would show every card still hidden at an earlier token."""
    tc = make_app(store=None).test_client()
    made = _create(tc)
    a = _draw(tc, made["table"], made["seats"]["ana"]).get_json()
    b = _draw(tc, made["table"], made["seats"]["ana"]).get_json()
    assert a["legal"] and b["legal"] and a["view"]["seq"] == b["view"]["seq"] == 1
    assert a["view"]["players"][0]["hand"] == b["view"]["players"][0]["hand"]  # the same card: the stock is sealed, not reshuffled
    made = tc.post("/v1/tables", json={"players": ["ana", "bob"], "bots": {"bob": "easy"}}).get_json()
    _, last = _play_to_the_end(tc, made)
    assert last["result"] is not None and last["result"]["fairness"] is None
    assert last["result"]["remaining_cards"]  # the hands are still laid down (R14)


def test_a_store_that_does_not_answer_is_503_not_a_500():
    """Only the guarded requests need the store: a new table and its views are answered."""
    tc = make_app(store=SeqStore(f"redis://127.0.0.1:{free_port()}/0")).test_client()
    made = _create(tc)
    assert tc.post("/v1/tables/view", json={"table": made["table"], "seat": made["seats"]["ana"]}).status_code == 200
    r = _draw(tc, made["table"], made["seats"]["ana"])
    assert r.status_code == 503 and r.mimetype == "application/problem+json"
    assert r.get_json()["detail"] == "the table store is not answering; try again in a moment"
    assert int(r.headers["Retry-After"]) >= 1


def test_with_redis_frozen_every_refusal_that_needs_no_redis_comes_first(tmp_path_factory):
    """A real redis-server frozen with SIGSTOP: a request the service refuses without asking
    the replay guard gets that refusal, not a 503. /v1/tables/next on a hand still being played
    is the 409 saying so; a seat of no player of the table is a 403 (next and move); a damaged
    token a 422 at /table; a move refused at its first step changes nothing and is answered
    (legal false); views and hints answer. Only the requests the guard must judge (a legal
    move, a deal after a finished hand) are 503 with Retry-After."""
    from referee import bots
    from referee.state import Status

    with redis_server(tmp_path_factory) as (url, proc):
        tc = make_app(store=SeqStore(url)).test_client()  # the production timeout, 50 ms
        tables = tc.application.extensions["rummy_tables"]
        playing = _create(tc)
        token, seat = playing["table"], playing["seats"]["ana"]
        unguarded = Tables(tables.sealer, wire=TABLE_WIRE)  # the same keys, no guard: play a hand to its end
        table, over = unguarded.create(["ana", "bob"], PRESETS["standard"], bots={"bob": "easy"}, seed=2)
        while table.game.state.status == Status.PLAYING:
            done = unguarded.move(over, unguarded.seat(table, "ana"), [bots.choose_move(table.game.view("ana"), "easy", table.id).move])
            table, over = done.table, done.token
        os.kill(proc.pid, signal.SIGSTOP)
        try:
            for body in ({"table": token, "seat": seat}, {"table": token, "seat": seat, "entropy": "mine"}):
                r = tc.post("/v1/tables/next", json=body)
                assert r.status_code == 409 and r.mimetype == "application/problem+json", r.get_json()
                assert r.get_json()["detail"] == "hand 1 is still being played: the next hand is dealt when it ends"
            for t in (token, over):
                r = tc.post("/v1/tables/next", json={"table": t, "seat": "not-a-seat"})
                assert r.status_code == 403 and r.get_json()["detail"] == "this seat is not a seat at this table", r.get_json()
                r = tc.post("/v1/tables/move", json={"table": t, "seat": "not-a-seat", "move": {"action": "draw", "source": "stock"}})
                assert r.status_code == 403, r.get_json()
            r = tc.post(
                "/v1/tables/move", json={"table": token, "seat": seat, "move": {"player": "ben", "action": "draw", "source": "stock"}}
            )
            assert r.status_code == 403 and r.get_json()["detail"] == "this seat is ana's: it cannot move for ben"
            r = tc.post("/v1/tables/next", json={"table": token[:-5], "seat": seat})
            assert r.status_code == 422 and [e["pointer"] for e in r.get_json()["errors"]] == ["/table"]
            r = tc.post("/v1/tables/move", json={"table": token, "seat": seat, "move": {"action": "discard", "card": "KS"}})
            assert r.status_code == 200 and r.get_json()["reasons"][0]["code"] == "must_draw_first" and r.get_json()["table"] == token
            assert tc.post("/v1/tables/view", json={"table": token, "seat": seat}).status_code == 200
            assert tc.post("/v1/tables/suggest", json={"table": token, "seat": seat}).status_code == 200
            for path, body in (
                ("/v1/tables/move", {"table": token, "seat": seat, "move": {"action": "draw", "source": "stock"}}),
                ("/v1/tables/next", {"table": over, "seat": unguarded.seat(table, "ana")}),
            ):
                r = tc.post(path, json=body)
                assert r.status_code == 503 and int(r.headers["Retry-After"]) >= 1, (path, r.get_json())
        finally:
            os.kill(proc.pid, signal.SIGCONT)


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
            env = {**os.environ, "RUMMY_SEAL_KEYS": keys, "RUMMY_TABLE_STORE": redis_url, "RUMMY_TABLE_STORE_TIMEOUT_MS": "1000"}
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
        draw = {"table": made["table"], "seat": seat, "move": {"action": "draw", "source": "stock"}}
        # the draw sent to b, the connection closed before the answer is read (finding 1)
        import socket
        import time

        body = json.dumps(draw).encode()
        with socket.create_connection(("127.0.0.1", b)) as s:
            s.sendall(
                b"POST /v1/tables/move HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n"
                + f"Content-Length: {len(body)}\r\n\r\n".encode()
                + body
            )
        key, r = f"rummy:t:{{{made['view']['table_id']}}}", redis.Redis.from_url(redis_url)
        deadline = time.monotonic() + 30
        while not r.exists(key) and time.monotonic() < deadline:
            time.sleep(0.05)
        # the retry, at the other instance: the answer b gave and nobody read
        status, moved = _post(a, "/v1/tables/move", draw)
        assert status == 200 and moved["legal"] and moved["view"]["seq"] == 1
        status, again = _post(b, "/v1/tables/move", draw)
        assert status == 200 and again == moved
        instead = {**draw, "move": {"action": "draw", "source": "discard"}}
        status, stale = _post(a, "/v1/tables/move", instead)
        assert status == 409 and stale["latest_seq"] == 1 and stale["table"] == moved["table"]  # one store: refused on either instance
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
