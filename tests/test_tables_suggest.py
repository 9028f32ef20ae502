"""POST /v1/tables/suggest: advice for the seat to move at a sealed table, from that seat's own
view (the bot of that level in that seat would play exactly it), never changing the table."""

from __future__ import annotations

import pytest
from tables_support import make_app

from referee import bots
from referee.view import seat_view
from schemas.wire import to_json
from tables import Tables


@pytest.fixture
def client():
    return make_app().test_client()


def _table(client, **extra):
    made = client.post("/v1/tables", json={"players": ["ana", "bob", "cy"], "bots": {"bob": "easy", "cy": "easy"}, **extra})
    assert made.status_code == 201
    body = made.get_json()
    return body["table"], body["seats"]["ana"]


def test_advice_is_a_legal_move_of_the_seat_with_a_sentence(client):
    table, seat = _table(client)
    view = client.post("/v1/tables/view", json={"table": table, "seat": seat}).get_json()["view"]
    got = client.post("/v1/tables/suggest", json={"table": table, "seat": seat})
    assert got.status_code == 200
    body = got.get_json()
    assert body["move"] in view["legal_moves"]
    assert body["move"]["player"] == "ana"
    assert body["summary"].endswith(".") and len(body["summary"]) > 20


def test_advice_is_the_bot_of_that_level_in_that_seat(client):
    """The same choice referee.bots.choose_move makes from ana's view with the table's seed."""
    app = client.application
    tables: Tables = app.extensions["rummy_tables"]
    table, seat = _table(client)
    table = client.post("/v1/tables/move", json={"table": table, "seat": seat, "move": {"action": "draw", "source": "stock"}}).get_json()[
        "table"
    ]
    opened = tables.open(table)
    for level in bots.LEVELS:
        expected = bots.choose_move(seat_view(opened.game.state, "ana", opened.game.events), level, opened.id)
        got = client.post("/v1/tables/suggest", json={"table": table, "seat": seat, "level": level}).get_json()
        assert got == {"move": to_json(expected.move), "summary": expected.summary}


def test_following_the_advice_plays_a_legal_move_and_asking_changes_nothing(client):
    table, seat = _table(client)
    seq = client.post("/v1/tables/view", json={"table": table}).get_json()["view"]["seq"]
    advice = client.post("/v1/tables/suggest", json={"table": table, "seat": seat, "level": "easy"}).get_json()
    assert client.post("/v1/tables/view", json={"table": table}).get_json()["view"]["seq"] == seq
    moved = client.post("/v1/tables/move", json={"table": table, "seat": seat, "move": advice["move"]}).get_json()
    assert moved["legal"] is True and moved["applied"] == 1


def test_not_the_seats_turn_is_a_409_in_words(client):
    made = client.post("/v1/tables", json={"players": ["ana", "ben"], "dealer": "ben"}).get_json()
    got = client.post("/v1/tables/suggest", json={"table": made["table"], "seat": made["seats"]["ben"]})
    assert got.status_code == 409
    assert got.get_json()["detail"] == "it is ana's turn, not ben's: advice is for the player to move"


def test_a_seat_of_no_player_is_403_and_an_unknown_level_422(client):
    table, seat = _table(client)
    assert client.post("/v1/tables/suggest", json={"table": table, "seat": "not-a-seat"}).status_code == 403
    bad = client.post("/v1/tables/suggest", json={"table": table, "seat": seat, "level": "expert"})
    assert bad.status_code == 422
    assert bad.get_json()["errors"][0]["pointer"] == "/level"


def test_once_the_hand_is_over_there_is_no_advice(client):
    from tables_support import sealed_placeholders

    from tables_api import SEAT, TOKEN

    body = sealed_placeholders(client.application, "/v1/tables/next", {"table": TOKEN, "seat": SEAT})
    assert client.post("/v1/tables/view", json={"table": body["table"]}).get_json()["view"]["status"] != "playing"
    got = client.post("/v1/tables/suggest", json=body)
    assert got.status_code == 409
    assert got.get_json()["detail"] == "the hand is over: there is no move to suggest"
