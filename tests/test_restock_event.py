"""A restock is an event (issue 33 point 4; contract: every change a seat can see is an event):
when the discard pile is turned over to make a new stock (R17), a sealed table's ``events``
list ``{"player": …, "action": "restock"}`` right before the draw that set it off (or after the
discard, under ``restock: immediate``), its summary says "the discard pile was turned over to
make a new stock", and so does the open API's; the events sent back for advice may hold it."""

# The fixtures tapp and tc come from tables_http_support; pytest passes them to the tests by name.
# ruff: noqa: F811

from __future__ import annotations

import pytest
from tables_http_support import create, tapp, tc, view  # noqa: F401 (fixtures)

from referee.narrate import RESTOCKED

RESTOCK_EVENT = {"action": "restock"}


def play_until_restock(tc, preset):
    """Two human seats that only draw from the stock and discard the card drawn, until an answer
    tells a restock: (that answer, the seat that moved, every answer before it)."""
    made = create(tc, ("ana", "ben"), rules={"preset": preset}, seat="ana")
    table, seats = made["table"], made["seats"]
    assert not any(e["action"] == "restock" for e in made["events"])
    answers = []
    for _ in range(80):  # the stock holds 31 cards: 31 turns empty it, 50 would stall the hand (R18a)
        v = view(tc, table)
        mover = next(p["id"] for p in v["players"] if p["id"] == v["turn"]["player"])
        drew = tc.post("/v1/tables/move", json={"table": table, "seat": seats[mover], "move": {"action": "draw", "source": "stock"}})
        drew = drew.get_json()
        answers.append(drew)
        if any(e["action"] == "restock" for e in drew["events"]):
            return drew, mover, seats, answers
        card = drew["view"]["players"][[p["id"] for p in drew["view"]["players"]].index(mover)]["hand"][-1]
        body = tc.post("/v1/tables/move", json={"table": drew["table"], "seat": seats[mover], "move": {"action": "discard", "card": card}})
        body = body.get_json()
        answers.append(body)
        table = body["table"]
        if any(e["action"] == "restock" for e in body["events"]):
            return body, mover, seats, answers
    raise AssertionError("no restock in 80 turns")


def test_a_restock_on_a_draw_is_an_event_before_the_draw_and_in_the_summary(tc):
    drew, mover, seats, answers = play_until_restock(tc, "standard")
    assert drew["legal"] and drew["view"]["restocks"] == 1
    assert drew["events"] == [{"player": mover, **RESTOCK_EVENT}, {"player": mover, "action": "draw", "source": "stock"}]
    assert drew["summary"] == f"{RESTOCKED[0].upper()}{RESTOCKED[1:]}; you drew from the stock; you may now meld or lay off, then discard"
    # the whole pile was turned over (standard: turn_over), so the pile is empty and the stock
    # holds every card that was in it, less the one drawn
    before = answers[-2]["view"]
    assert drew["view"]["discard"] == [] and drew["view"]["stock"] == len(before["discard"]) - 1
    # the other seat is told it too, in its view's events and in its next answer's summary
    other = next(p for p in seats if p != mover)
    seen = view(tc, drew["table"], seats[other])
    assert {"player": mover, **RESTOCK_EVENT} in seen["events"]
    hand = drew["view"]["players"][[p["id"] for p in drew["view"]["players"]].index(mover)]["hand"]
    body = tc.post("/v1/tables/move", json={"table": drew["table"], "seat": seats[mover], "move": {"action": "discard", "card": hand[-1]}})
    assert body.get_json()["events"] == [{"player": mover, "action": "discard", "card": hand[-1]}]
    told = view(tc, body.get_json()["table"], seats[other])["events"]
    assert told[:2] == [{"player": mover, **RESTOCK_EVENT}, {"player": mover, "action": "draw", "source": "stock"}]


def test_a_restock_at_a_turns_end_is_an_event_after_the_discard(tc):
    body, mover, _, _ = play_until_restock(tc, "two-restocks")  # restock: immediate
    assert body["view"]["restocks"] == 1 and body["view"]["discard"] == []
    assert body["events"][:2] == [
        {"player": mover, "action": "discard", "card": body["events"][0]["card"]},
        {"player": mover, **RESTOCK_EVENT},
    ]
    assert body["summary"].startswith(f"You discarded {body['events'][0]['card'][:-1]}")
    assert f"; {RESTOCKED}; " in body["summary"]


def test_the_events_told_with_a_restock_can_be_sent_for_advice(client):
    from test_restock import spent

    from referee import PRESETS
    from schemas.wire import to_json

    state = to_json(spent(rules=PRESETS["standard"]))
    drew = client.post("/v1/move", json={"state": state, "move": {"player": "ana", "action": "draw", "source": "stock"}}).get_json()
    assert drew["state"]["restocks"] == 1
    told = [{"player": "ana", **RESTOCK_EVENT}, {"player": "ana", "action": "draw", "source": "stock"}]
    r = client.post("/v1/suggest", json={"state": drew["state"], "events": told, "level": "easy"})
    assert r.status_code == 200 and r.get_json()["move"]["player"] == "ana", r.get_json()
    # a fault is named at the event as it was sent, the restock counted
    wrong = [{"player": "ana", **RESTOCK_EVENT}, {"player": "ben", "action": "draw", "source": "stock"}]
    r = client.post("/v1/suggest", json={"state": drew["state"], "events": wrong})
    assert r.status_code == 422 and r.get_json()["errors"][0]["pointer"].startswith("/events/1"), r.get_json()


@pytest.mark.parametrize(
    "preset, words", [("standard", f"drew from the stock ({RESTOCKED} first)"), ("two-restocks", f"; the stock was empty, so {RESTOCKED}")]
)
def test_the_open_api_says_the_restock_in_the_same_words(client, preset, words):
    from test_restock import ANA, spent

    from referee import PRESETS
    from schemas.wire import to_json

    ben = "4S 5S 6S 7S 8S 9S 10S JS KS 4D"  # the Q♠ is the last card of the stock
    state = to_json(spent(stock="" if preset == "standard" else "QS", hands={"ana": ANA, "ben": ben}, rules=PRESETS[preset]))
    moves = [{"player": "ana", "action": "draw", "source": "stock"}]
    if preset == "two-restocks":
        moves.append({"player": "ana", "action": "discard", "card": "AS"})
    r = client.post("/v1/move", json={"state": state, "moves": moves})
    assert r.status_code == 200 and r.get_json()["state"]["restocks"] == 1, r.get_json()
    assert words in r.get_json()["summary"]
