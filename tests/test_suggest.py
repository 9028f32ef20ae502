"""POST /v1/suggest (contract, Computer opponents): a computer opponent's move for the player to
move, and one sentence why; the same move the bot of that level makes (one policy)."""

from __future__ import annotations

import pytest
from conftest import make_state

from referee import Turn
from referee.bots import LEVELS, choose_move
from referee.view import seat_view
from schemas.state import StateOutSchema


def _body(state, **extra):
    return {"state": StateOutSchema().dump(state), **extra}


SEVEN_HEARTS = make_state({"ana": "5H 6H KC QD 9S 2C 3D AS 8C JD", "ben": "4C 4D 4S JC 10D 6C AH 2H 3H 9H"}, discard="7H")


def test_suggest_advises_the_move_that_completes_a_run(client):
    r = client.post("/v1/suggest", json=_body(SEVEN_HEARTS, level="medium"))
    assert r.status_code == 200
    assert r.get_json() == {
        "move": {"player": "ana", "action": "draw", "source": "discard"},
        "summary": "Take the 7♥ from the discard pile: it completes 5♥ 6♥ 7♥.",
    }


@pytest.mark.parametrize("level", [None, *LEVELS])
def test_suggest_is_exactly_the_bots_move_from_the_movers_seat(client, level):
    """Default hard. Hard holds 5♥ 6♥ 7♥ back to go rummy; Easy and Medium lay it down."""
    state = make_state(
        {"ana": "5H 6H 7H KC 2D 9S 3C", "ben": "4C 4D 4S JC 10D 6C AS", "cy": "8D 8S 9D QH QS 2S 3S"}, turn=Turn("ana", "play")
    )
    body = _body(state) if level is None else _body(state, level=level)
    got = client.post("/v1/suggest", json=body).get_json()
    choice = choose_move(seat_view(state, "ana"), level or "hard")
    assert got == {"move": choice.move.as_dict(), "summary": choice.summary}
    assert got["move"]["action"] == ("discard" if (level or "hard") == "hard" else "meld")


def test_suggest_refuses_an_unknown_level_naming_the_field(client):
    r = client.post("/v1/suggest", json=_body(SEVEN_HEARTS, level="expert"))
    assert r.status_code == 422 and r.mimetype == "application/problem+json"
    assert r.get_json()["errors"] == [{"pointer": "/level", "detail": "level must be one of easy, medium, hard"}]


@pytest.mark.parametrize("status, words", [("out", "someone went out"), ("draw", "a drawn hand")])
def test_suggest_refuses_a_hand_that_is_over(client, status, words):
    hands = {"ana": "", "ben": "4C 4D 4S JC 10D 6C AS"} if status == "out" else {"ana": "2C 3C", "ben": "4C 4D"}
    state = make_state(
        hands,
        status=status,
        turn=Turn("ana", "play") if status == "out" else None,
        melds=[("m1", "ana", "5H 6H 7H")] if status == "out" else (),
    )
    r = client.post("/v1/suggest", json=_body(state))
    assert r.status_code == 422
    assert r.get_json()["errors"] == [{"pointer": "/state/status", "detail": f"the hand is over ({words}): there is no move to suggest"}]


def test_suggest_refuses_a_malformed_state_as_every_endpoint_does(client):
    r = client.post("/v1/suggest", json={"state": {"players": []}})
    assert r.status_code == 422
    assert {e["pointer"] for e in r.get_json()["errors"]} >= {"/state/stock", "/state/discard"}


@pytest.mark.parametrize("preset", ["basic", "standard", "two-restocks"])
def test_every_suggestion_along_played_hands_is_judged_legal_by_move(client, preset):
    """Positions from hands played by bots (2–4 players): every level's advice, sent back to
    /v1/move, is legal."""
    from referee import PRESETS, deal
    from referee.bots.selfplay import steps

    checked = 0
    for seed in range(3):
        ids = [f"p{i}" for i in range(2 + seed)]
        for k, step in enumerate(steps(deal(ids, PRESETS[preset], seed=seed), {p: "medium" for p in ids}, seed)):
            if k % 5:
                continue
            state = StateOutSchema().dump(step.before)
            for level in LEVELS:
                advice = client.post("/v1/suggest", json={"state": state, "level": level}).get_json()
                judged = client.post("/v1/move", json={"state": state, "move": advice["move"]}).get_json()
                assert judged["legal"] is True, (advice, judged["reasons"])
                checked += 1
    assert checked >= 60


def _played(seed=3, moves=12):
    """A 2-player hand played ``moves`` moves by Medium: the state and the events so far."""
    from referee import PRESETS, deal
    from referee.bots.selfplay import steps

    events, last = [], None
    for k, step in enumerate(steps(deal(["a", "b"], PRESETS["standard"], seed=seed), {"a": "medium", "b": "medium"}, seed)):
        if k == moves:
            break
        events.append(step.event)
        last = step.after
    return last, events


@pytest.mark.parametrize("level", LEVELS)
def test_suggest_with_the_hands_events_is_the_seated_bots_move(client, level):
    """With ``events`` the advice sees what a seated bot sees: the move of the bot of that level
    from the view with those events."""
    state, events = _played()
    got = client.post("/v1/suggest", json=_body(state, level=level, events=[e.as_dict() for e in events])).get_json()
    choice = choose_move(seat_view(state, state.turn.player, events), level)
    assert got == {"move": choice.move.as_dict(), "summary": choice.summary}


def test_suggest_refuses_events_of_a_player_not_at_the_table_and_a_stock_draw_showing_its_card(client):
    state, events = _played()
    bad = [e.as_dict() for e in events]
    bad[0] = {**bad[0], "player": "zed"}
    r = client.post("/v1/suggest", json=_body(state, events=bad))
    assert r.status_code == 422 and r.mimetype == "application/problem+json"
    assert r.get_json()["errors"] == [{"pointer": "/events/0/player", "detail": "'zed' is not at this table"}]
    r = client.post("/v1/suggest", json=_body(state, events=[{"player": "a", "action": "draw", "source": "stock", "card": "3C"}]))
    assert r.status_code == 422
    assert r.get_json()["errors"] == [{"pointer": "/events/0/card", "detail": "a draw from the stock shows no card"}]
    r = client.post("/v1/suggest", json=_body(state, events=[{"player": "a", "action": "discard"}]))
    assert r.status_code == 422
    assert r.get_json()["errors"] == [{"pointer": "/events/0/card", "detail": "a discard event needs 'card'"}]


def test_the_longest_events_a_request_for_advice_takes_fit_its_body_limit(client):
    """200 events (draws and discards, names of 40 characters) with a 6-player state fit
    /v1/suggest's body limit; one more event is refused at the list, naming it."""
    import json

    from schemas.suggest import MAX_EVENTS
    from web.bodies import BODY_LIMITS

    names = [c * 40 for c in "abcdef"]
    hands = ["5H 6H KC QD 9S 2C", "4C 4D 4S JC 10D 6C", "AH 2H 3H 9H 8H 7C", "3C 5C 8C 9C JS QS", "2D 3D 5D 7D 8D 9D", "2S 3S 5S 7S 8S 10S"]
    state = make_state(dict(zip(names, hands)), discard="7H")
    events = [
        {"player": names[i % 6], "action": "draw", "source": "discard", "card": "10H"}
        if i % 2 == 0
        else {"player": names[i % 6], "action": "discard", "card": "10H"}
        for i in range(MAX_EVENTS)
    ]
    body = _body(state, level="easy", events=events)
    assert MAX_EVENTS == 200
    assert len(json.dumps(body, separators=(",", ":"))) <= BODY_LIMITS["/v1/suggest"]
    r = client.post("/v1/suggest", json=_body(state, level="easy", events=[*events, events[1]]))
    assert r.status_code == 422
    assert r.get_json()["errors"][0]["pointer"] == "/events"
