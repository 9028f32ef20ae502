"""Hand 1 pledged (contract, Provably fair deals; issue 32 finding 4): POST /v1/tables/pledge
commits to a seed before any entropy exists, POST /v1/tables with the pledge and the entropy
deals hand 1 from it, a pledge deals one table only (through the table store: a second use is a
409, the same request sent again is the same table), it expires, and a service without a store
makes none."""

from __future__ import annotations

import hashlib

import pytest
from tables_support import KEY_A

from app import create_app
from referee.fairness import shuffled_deck
from schemas.wire import TABLE_WIRE
from tables import PLEDGE_SECONDS, Sealer, Tables
from tables.store.embedded import EmbeddedStore


def app_at(tmp_path, clock=None, store=True):
    sealer = Sealer([KEY_A], 3600) if clock is None else Sealer([KEY_A], 3600, clock)
    tables = Tables(sealer, EmbeddedStore(tmp_path / "tables.sqlite3") if store else None, wire=TABLE_WIRE)
    if tables.store is not None:
        tables.store.start()
    return create_app({"TESTING": True, "TABLES": tables}).test_client()


def pledged(tc):
    r = tc.post("/v1/tables/pledge", json={})
    assert r.status_code == 201, r.get_json()
    return r.get_json()


BODY = {"players": ["ana", "bob"], "bots": {"bob": "easy"}, "seat": "ana", "entropy": "ana-7f3c"}


def test_a_pledge_deals_hand_1_from_the_seed_it_committed_to(tmp_path):
    tc = app_at(tmp_path)
    p = pledged(tc)
    assert set(p) == {"pledge", "commitment", "expires_at"} and len(p["commitment"]) == 64
    assert p["pledge"].startswith("rp1.") and p["expires_at"].endswith("Z")
    made = tc.post("/v1/tables", json={**BODY, "pledge": p["pledge"]})
    assert made.status_code == 201, made.get_json()
    view = made.get_json()["view"]
    assert view["fairness"]["commitment"] == p["commitment"] and view["fairness"]["entropy"] == "ana-7f3c"
    # the seed revealed at the end hashes to the pledge's commitment and, with the entropy, gives the deck
    table = tc.application.extensions["rummy_tables"].open(made.get_json()["table"])
    assert hashlib.sha256(table.fair.seed).hexdigest() == p["commitment"]
    assert table.game.state.players[0].hand == shuffled_deck(table.fair.seed, "ana-7f3c")[0:20:2]  # ana is dealt 1st, 3rd, …


def test_a_pledge_deals_one_table_only(tmp_path):
    tc = app_at(tmp_path)
    p = pledged(tc)
    first = tc.post("/v1/tables", json={**BODY, "pledge": p["pledge"]})
    assert first.status_code == 201
    # the same request again (its answer lost): the same table, the same seats and deal
    again = tc.post("/v1/tables", json={**BODY, "pledge": p["pledge"]})
    assert again.status_code == 201
    assert again.get_json()["seats"] == first.get_json()["seats"]
    assert again.get_json()["view"]["table_id"] == first.get_json()["view"]["table_id"]
    assert again.get_json()["view"]["players"][0]["hand"] == first.get_json()["view"]["players"][0]["hand"]
    # any other table from it: 409, whatever changed (the entropy, the players, the rules)
    for other in (
        {"entropy": "other"},
        {"players": ["ana", "bob", "cy"], "bots": {"bob": "easy", "cy": "easy"}},
        {"rules": {"preset": "basic"}},
    ):
        r = tc.post("/v1/tables", json={**BODY, **other, "pledge": p["pledge"]})
        assert r.status_code == 409 and r.mimetype == "application/problem+json", r.get_json()
        assert r.get_json()["detail"] == "this pledge has already dealt a table: a pledge deals one table only, so ask for a new one"
    # two pledges deal two tables with two seeds
    q = pledged(tc)
    assert q["commitment"] != p["commitment"]
    other = tc.post("/v1/tables", json={**BODY, "pledge": q["pledge"]}).get_json()
    assert other["view"]["table_id"] != first.get_json()["view"]["table_id"]


def test_a_pledge_expires_and_must_be_this_services(tmp_path):
    now = [1_800_000_000.0]
    tc = app_at(tmp_path, clock=lambda: now[0])
    p = pledged(tc)
    now[0] += PLEDGE_SECONDS
    r = tc.post("/v1/tables", json={**BODY, "pledge": p["pledge"]})
    assert r.status_code == 422 and [e["pointer"] for e in r.get_json()["errors"]] == ["/pledge"]
    assert "expired" in r.get_json()["errors"][0]["detail"]
    now[0] -= 1
    q = pledged(tc)
    for bad in ("rp1.AAAA", "not-a-pledge", q["pledge"][:-2] + ("AA" if q["pledge"][-2:] != "AA" else "BB")):
        r = tc.post("/v1/tables", json={**BODY, "pledge": bad})
        assert r.status_code == 422 and [e["pointer"] for e in r.get_json()["errors"]] == ["/pledge"], (bad, r.get_json())
    r = tc.post("/v1/tables", json={**{k: v for k, v in BODY.items() if k != "entropy"}, "pledge": q["pledge"]})
    assert r.status_code == 422 and [e["pointer"] for e in r.get_json()["errors"]] == ["/entropy"]


def test_without_a_store_no_pledge_is_made(tmp_path):
    tc = app_at(tmp_path, store=False)
    r = tc.post("/v1/tables/pledge", json={})
    assert r.status_code == 409 and "cannot make a pledge that deals one table only" in r.get_json()["detail"]


@pytest.mark.parametrize("body", [[], {"x": 1}, "x"])
def test_the_pledge_request_is_an_empty_object(tmp_path, body):
    r = app_at(tmp_path).post("/v1/tables/pledge", json=body)
    assert r.status_code in (400, 422) and r.mimetype == "application/problem+json"


def test_one_commitment_takes_one_entropy(tmp_path):
    """With a store, the next hand's committed seed is claimed for the first entropy sent: the
    same entropy again deals the same hand (a retry), other entropy is a 409, even before the
    replay guard has recorded the first deal (two requests racing on one token)."""
    from referee import bots as levels
    from referee.rules import PRESETS
    from referee.state import Status
    from tables import EntropyTaken

    tables = Tables(Sealer([KEY_A], 3600), EmbeddedStore(tmp_path / "tables.sqlite3"), wire=TABLE_WIRE)
    tables.store.start()
    table, token = tables.create(["ana", "bob"], PRESETS["standard"], bots={"bob": "easy"}, seed=3, table_id="one-entropy-table")
    seat = tables.seat(table, "ana")
    while table.game.state.status == Status.PLAYING:
        done = tables.move(token, seat, [levels.choose_move(table.game.view("ana"), "easy", table.id).move])
        table, token = done.table, done.token
    first = tables.next(token, seat, "ana-first")  # not yet recorded by the guard (the route commits after)
    again = tables.next(token, seat, "ana-first")
    assert again.table.game.state == first.table.game.state and again.table.fair == first.table.fair
    with pytest.raises(EntropyTaken, match="one commitment takes one entropy"):
        tables.next(token, seat, "ana-second")
    with pytest.raises(EntropyTaken):
        tables.next(token, seat)  # no entropy is other entropy too
