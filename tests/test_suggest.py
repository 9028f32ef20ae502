"""POST /v1/suggest (contract, Computer opponents): a computer opponent's move for the player to
move, and one sentence why; the same move the bot of that level makes (one policy)."""

from __future__ import annotations

import pytest
from conftest import make_state
from moves_support import three_players

from referee import Turn
from referee.bots import LEVELS, choose_move
from referee.view import seat_view
from schemas.state import StateOutSchema
from schemas.wire import to_json


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
    assert got == {"move": to_json(choice.move), "summary": choice.summary}
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
    got = client.post("/v1/suggest", json=_body(state, level=level, events=[to_json(e) for e in events])).get_json()
    choice = choose_move(seat_view(state, state.turn.player, events), level)
    assert got == {"move": to_json(choice.move), "summary": choice.summary}


def test_suggest_refuses_events_of_a_player_not_at_the_table_and_a_stock_draw_showing_its_card(client):
    state, events = _played()
    bad = [to_json(e) for e in events]
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


# --- events that could not have led to the state (referee.history) --------------------------------


def _refused_events(client, state, events):
    r = client.post("/v1/suggest", json=_body(state, events=events))
    assert r.status_code == 422 and r.mimetype == "application/problem+json", r.get_json()
    return [(e["pointer"], e["detail"]) for e in r.get_json()["errors"]]


def test_the_events_of_real_hands_are_accepted_whole_or_in_part():
    """No false alarm: at every move of 90 hands played by bots (2 to 6 players; the standard,
    basic and two-restocks presets, so the stock is turned over, its top card kept, or rebuilt
    at once), the hand's events so far, and the latest few of them, agree with the state."""
    from referee import PRESETS, deal
    from referee.bots.selfplay import steps
    from referee.history import event_problems

    checked = restocked = 0
    for preset in ("standard", "basic", "two-restocks"):
        for n in range(2, 7):
            for seed in range(6):
                names = [f"p{i}" for i in range(n)]
                events = []
                for step in steps(
                    deal(names, PRESETS[preset], seed=seed), {p: ("easy", "medium")[i % 2] for i, p in enumerate(names)}, seed
                ):
                    events.append(step.event)
                    if step.after.status != "playing":
                        break
                    restocked += step.after.restocks > 0
                    for start in {0, len(events) // 2, max(0, len(events) - 7), len(events) - 1}:
                        assert event_problems(step.after, events[start:]) == [], (preset, n, seed, len(events), start)
                        checked += 1
    print(f"\n{checked} event lists agree with their states ({restocked} states after a restock)")
    assert checked > 30_000 and restocked > 1_000


def test_events_out_of_turn_are_refused_naming_the_event(client):
    state, events = three_players()
    bad = [*events[:2], {**events[2], "player": "cy"}, *events[3:]]
    assert _refused_events(client, state, bad) == [
        ("/events/2/player", "after ana's discard of K♣ (event 1) it is ben's turn, not cy's (R3)"),
        ("/events/3/player", "cy's turn goes on until cy discards (R7): after cy's draw from the stock (event 2) ben cannot move"),
    ]
    bad = [*events[:14], {"player": "ana", "action": "draw", "source": "stock"}, *events[15:]]
    assert _refused_events(client, state, bad) == [("/events/14/action", "ana has drawn already this turn (R4)")]
    assert _refused_events(client, state, events[:-1]) == [
        ("/events/38/player", "the last event, ben's discard of 4♦, leaves cy to draw, but the state says it is cy's turn, after the draw")
    ]


def test_a_card_taken_from_the_discard_pile_must_be_where_the_events_leave_it(client):
    """The card of a draw from the discard pile is the top card, the one just discarded, and stays
    in its taker's hand until the taker plays it; the state's card taken this turn (R8) is it."""
    state, events = three_players()
    bad = [*events[:21], {**events[21], "card": "7H"}, {**events[22], "card": "7H"}, *events[23:]]
    assert _refused_events(client, state, bad) == [
        (
            "/events/22/card",
            "7♥, taken from the discard pile by ben in event 22 and not played since, is in ana's hand (card 3), not in ben's hand",
        )
    ]
    bad = [*events[:36], {**events[36], "card": "9H"}, *events[37:]]
    assert _refused_events(client, state, bad) == [
        ("/events/36/card", "ben took 9♥ from the discard pile, but its top card was 8♥, ana's discard of 8♥ just before (event 35)"),
        (
            "/events/36/card",
            "9♥, taken from the discard pile by ben in event 36 and not played since, is in the discard pile (card 15), not in ben's hand",
        ),
        (
            "/events/37/cards/2",
            "8♥ was discarded in event 35 and not taken from the discard pile since (no restock this hand): ben cannot hold it",
        ),
    ]
    taking, events = three_players(moves=37)  # ben has taken 8♥ (event 36): the state's taken discard
    assert taking.turn.taken_discard.code == "8H"
    bad = [*events[:36], {"player": "ben", "action": "draw", "source": "stock"}]
    assert _refused_events(client, taking, bad) == [
        (
            "/events/35/card",
            "8♥, discarded in event 35 and not taken since (no restock this hand), is in ben's hand (card 5), not on the discard pile",
        ),
        (
            "/events/36/source",
            "ben drew from the stock this turn (event 36), but the state's card taken from the discard pile this turn is 8♥ (R8)",
        ),
    ]
    unsaid = [*events[:36], {"player": "ben", "action": "draw", "source": "discard"}]  # the card left out: nothing contradicts
    assert client.post("/v1/suggest", json=_body(taking, events=unsaid)).status_code == 200


def test_melded_and_discarded_cards_must_be_where_the_events_leave_them(client):
    state, events = three_players()
    bad = [*events[:26], {**events[26], "cards": ["3C"], "meld": "m9"}, *events[27:]]
    assert _refused_events(client, state, bad) == [
        ("/events/26/meld", "there is no meld 'm9' on the table"),
        ("/events/26/cards/0", "3♣, laid on the table in event 26, is not in a meld on the table: it is in cy's hand (card 3)"),
    ]
    bad = [*events[:38], {**events[38], "card": "QD"}, *events[39:]]
    assert _refused_events(client, state, bad) == [
        ("/events/38/card", "Q♦ was laid on the table in ben's meld of Q♦ Q♥ Q♠ (event 23) and stays there for the hand"),
        ("/events/38/card", "Q♦, discarded in event 38 and not laid on the table since, is in meld m2 (card 2)"),
    ]
    bad = [*events[:29], {**events[29], "card": "5S"}, *events[30:]]
    assert _refused_events(client, state, bad) == [
        (
            "/events/29/card",
            "5♠, discarded in event 29 and not taken since (no restock this hand), is in ana's hand (card 2), not on the discard pile",
        )
    ]


def test_discards_lie_on_the_pile_in_the_order_made(client):
    """The discard pile is a stack: two discards whose cards are swapped (ana's J♠ in event 29 and
    cy's 9♥ in event 33, both still on the pile) leave each card on the pile, but not where
    the events put it (cards 13 and 15 of 16, no restock this hand). Whatever the events
    window, the same; an unnamed draw from the pile, which might have taken any card, says
    nothing of the order."""
    state, events = three_players()
    assert [c.code for c in state.discard[-4:]] == ["JS", "JD", "9H", "4D"] and state.restocks == 0
    bad = [*events[:29], {**events[29], "card": "9H"}, *events[30:33], {**events[33], "card": "JS"}, *events[34:]]
    refused = [
        (
            "/events/29/card",
            "9♥, discarded in event 29, is in the discard pile (card 15), but the events leave it card 13 of the pile, "
            "under the 3 cards discarded after it and not taken since (no restock this hand)",
        ),
        (
            "/events/33/card",
            "J♠, discarded in event 33, is in the discard pile (card 13), but the events leave it card 15 of the pile, "
            "under the 1 card discarded after it and not taken since (no restock this hand)",
        ),
    ]
    assert _refused_events(client, state, bad) == refused
    window = [
        (f"/events/{int(p.split('/')[2]) - 20}/card", d.replace("event 29", "event 9").replace("event 33", "event 13")) for p, d in refused
    ]
    assert _refused_events(client, state, bad[20:]) == window
    unnamed = [*bad[:36], {"player": "ben", "action": "draw", "source": "discard"}, *bad[37:]]
    assert client.post("/v1/suggest", json=_body(state, events=unnamed)).status_code == 200


def test_a_meld_laid_by_another_player_than_its_owner_is_refused():
    """The core's rule alone (an open state whose meld m1 names another owner than the event)."""
    import dataclasses

    from referee.history import event_problems
    from schemas.suggest import EventInSchema

    state, events = three_players()
    m1 = state.meld("m1")
    other = dataclasses.replace(state, melds=tuple(dataclasses.replace(m, owner="ana") if m is m1 else m for m in state.melds))
    problems = event_problems(other, EventInSchema(many=True).load(events))
    assert [(p.path, p.message) for p in problems] == [
        (("events", 11, "meld"), "meld 'm1' on the table is ana's, not cy's, who laid it (event 11)")
    ]


def test_the_counts_of_the_turn_the_stall_and_tabled_must_be_the_events(client):
    """The state's counts follow from the events it sends with them: the melds laid and the
    lay-off of this turn (R5, R6), the turns in a row with no meld or lay-off (R18a), and who
    has tabled (R15); a meld id is laid once."""

    def edited(state, **turn_or_fields):
        body = StateOutSchema().dump(state)
        turn = {k: turn_or_fields.pop(k) for k in ("melds_made", "laid_off") if k in turn_or_fields}
        return {**body, "turn": {**body["turn"], **turn}, **turn_or_fields}

    def refused(state_json, events):
        r = client.post("/v1/suggest", json={"state": state_json, "events": events})
        assert r.status_code == 422 and r.mimetype == "application/problem+json", r.get_json()
        return [(e["pointer"], e["detail"]) for e in r.get_json()["errors"]]

    melded, events = three_players(moves=38)  # ben has melded m3 this turn (event 37)
    players = [{**p, "tabled": True} if p["id"] == "ben" else p for p in StateOutSchema().dump(melded)["players"]]
    assert refused(edited(melded, melds_made=0, players=players), events) == [
        ("/events/37/action", "ben's turn since event 36 lays 1 meld, but the state's turn.melds_made is 0 (R5)")
    ]
    laying, events = three_players(moves=15)  # ana has laid A♣ off on m1 this turn (event 14)
    assert refused(edited(laying, laid_off=False), events) == [
        ("/events/14/action", "ana's turn since event 13 lays off in event 14, but the state's turn.laid_off is false (R6)")
    ]
    state, events = three_players()
    assert state.stalled_turns == 0
    assert refused(edited(state, stalled_turns=2), events) == [
        (
            "/events",
            "the events show 0 turns in a row with no meld or lay-off since the turn that ended in event 38, but the state's stalled_turns is 2 (R18a)",
        )
    ]
    players = [{**p, "tabled": False} if p["id"] == "ana" else p for p in StateOutSchema().dump(state)["players"]]
    assert refused(edited(state, players=players), events) == [
        (
            "/events/14/action",
            "ana laid cards on the table in event 14 and ended that turn (event 15), so the state's tabled for ana must be true (R15)",
        )
    ]
    stalled, events = three_players(moves=36)  # four turns with no meld or lay-off since cy's lay-off (event 26)
    assert stalled.stalled_turns == 4
    assert client.post("/v1/suggest", json=_body(stalled, events=events[28:])).status_code == 200
    assert refused(edited(stalled, stalled_turns=3), events[28:]) == [
        ("/events", "the events show 4 turns in a row with no meld or lay-off, but the state's stalled_turns is only 3 (R18a)")
    ]
    state, events = three_players()
    assert refused(StateOutSchema().dump(state), [*events[:37], {**events[37], "meld": "m2"}, *events[38:]])[0] == (
        "/events/37/meld",
        "meld 'm2' was laid already, in event 23",
    )
