"""The calls the sealed-table tests make (tests/test_tables*.py): an app and its test client,
a table made through POST /v1/tables or with a seeded deal, a view, a move, a whole hand played
through the sealed endpoints only."""

from __future__ import annotations

import pytest
from tables_support import make_app, picker

from referee.rules import PRESETS
from tables import Tables


@pytest.fixture(scope="module")
def tapp():
    return make_app()


@pytest.fixture()
def tc(tapp):
    return tapp.test_client()


def tables_of(app) -> Tables:
    return app.extensions["rummy_tables"]


def create(tc, players=("ana", "ben", "cy"), **extra):
    r = tc.post("/v1/tables", json={"players": list(players), **extra})
    assert r.status_code == 201, r.get_json()
    return r.get_json()


def create_playing(tc, players, tries=5, **extra):
    """Like :func:`create`, for a test that needs a human to move in hand 1 after a bot has led:
    tables are dealt until one's hand is still playing. An easy bot that leads goes out on its
    first turn in about 1 random deal in 2,600 with 3 players (117 of 300,000) and 1 in 9,400
    with 2 (32 of 300,000), so ``tries`` tables all do so about once in 10^17 runs."""
    for _ in range(tries):
        made = create(tc, players, **extra)
        if made["view"]["status"] == "playing":
            return made
    raise AssertionError(f"{tries} tables in a row ended hand 1 before a human moved: {made['view']['result']}")


def view(tc, table, seat=None):
    body = {"table": table} if seat is None else {"table": table, "seat": seat}
    r = tc.post("/v1/tables/view", json=body)
    assert r.status_code == 200, r.get_json()
    return r.get_json()["view"]


def move(tc, table, seat, **body):
    return tc.post("/v1/tables/move", json={"table": table, "seat": seat, **body})


def seeded(tapp, players, seed, **kw):
    """A table made with a seeded deal (POST /v1/tables deals from the CSPRNG), as its answer."""
    from schemas.dump import dumper
    from schemas.tables import ViewSchema
    from tables.view import table_view

    tables = tables_of(tapp)
    table, token = tables.create(list(players), kw.pop("rules", PRESETS["standard"]), seed=seed, **kw)
    return {"table": token, "seats": tables.seats(table), "view": dumper(ViewSchema())(table_view(table, None))}


def play_hand(tc, table, seats, pick=None, seen=None):
    """Play every human turn with ``pick`` from the seat's legal moves (never a draw from the
    discard pile), through the sealed endpoints only, until the hand ends. Returns the last answer."""
    body, pick = None, pick or picker()
    now = view(tc, table)  # the spectator's view; after a move, the view its answer holds
    for _ in range(3000):
        if now["status"] != "playing":
            return table, body
        mover = now["turn"]["player"]
        v = view(tc, table, seats[mover])
        choices = [m for m in v["legal_moves"] if not (m["action"] == "draw" and m["source"] == "discard")] or v["legal_moves"]
        m = dict(pick(choices))
        m.pop("player")
        r = move(tc, table, seats[mover], move=m)
        body = r.get_json()
        assert r.status_code == 200 and body["legal"], body
        if seen is not None:
            seen.append((mover, m, body))
        table, now = body["table"], body["view"]
    raise AssertionError("the hand did not end")


def deal_next(tc, table, seats, last=None, entropy="{player}-next"):
    """Deal the next hand at a table whose ``seats`` are all human: each seat sends its own
    entropy (contract: no single party chooses a deal), ``last``'s request last (it deals).
    Returns the dealing request's answer (a Flask response)."""
    order = [p for p in seats if p != last] + ([last] if last is not None else [])
    r = None
    for player in order:
        r = tc.post("/v1/tables/next", json={"table": table, "seat": seats[player], "entropy": entropy.format(player=player)})
        assert r.status_code == 200, r.get_json()
        table = r.get_json()["table"]
    return r
