"""Hostile input in well-formed bodies: numbers where strings belong and the reverse, moves of
the wrong shape, unicode oddities in card codes and player names, and tables that cannot exist;
each a precise 422 at the fault, never a 500 (shared helpers: tests/hostile_support.py)."""

# The fixtures dealt and state come from hostile_support; pytest passes them to the tests by name.
# ruff: noqa: F811
from __future__ import annotations

import copy

import pytest
from hostile_support import MOVE, dealt, refused, state  # noqa: F401 (fixtures)

# --- numbers where strings belong, and the reverse -----------------------------------------


@pytest.mark.parametrize(
    "path,body,pointer",
    [
        ("/v1/melds/check", {"cards": [7, "KS", "JS"]}, "/cards/0"),
        ("/v1/melds/check", {"cards": ["QS", None, "JS"]}, "/cards/1"),
        ("/v1/melds/check", {"cards": ["QS", ["KS"], "JS"]}, "/cards/1"),
        ("/v1/melds/check", {"cards": "QS KS JS"}, "/cards"),
        ("/v1/melds/check", {"cards": ["QS", "KS", "JS"], "rules": {"target_score": "100"}}, "/rules/target_score"),
        ("/v1/melds/check", {"cards": ["QS", "KS", "JS"], "rules": {"target_score": 100.0}}, "/rules/target_score"),
        ("/v1/melds/check", {"cards": ["QS", "KS", "JS"], "rules": {"target_score": 100.5}}, "/rules/target_score"),
        ("/v1/melds/check", {"cards": ["QS", "KS", "JS"], "rules": {"target_score": True}}, "/rules/target_score"),
        ("/v1/melds/check", {"cards": ["QS", "KS", "JS"], "rules": {"preset": 1}}, "/rules/preset"),
        ("/v1/melds/check", {"cards": ["QS", "KS", "JS"], "rules": "basic"}, "/rules"),
        ("/v1/deal", {"players": ["ana", 7]}, "/players/1"),
        ("/v1/deal", {"players": "ana,ben"}, "/players"),
        ("/v1/deal", {"players": ["ana", "ben"], "seed": "7"}, "/seed"),
        ("/v1/deal", {"players": ["ana", "ben"], "seed": 7.5}, "/seed"),
        ("/v1/deal", {"players": ["ana", "ben"], "seed": True}, "/seed"),
        ("/v1/deal", {"players": ["ana", "ben"], "seed": -1}, "/seed"),
        ("/v1/deal", {"players": ["ana", "ben"], "seed": 2**63}, "/seed"),
        ("/v1/deal", {"players": ["ana", "ben"], "dealer": 1}, "/dealer"),
        ("/v1/hand-score", {"remaining": {"ben": ["KC"]}, "rummy": "true"}, "/rummy"),
        ("/v1/hand-score", {"remaining": {"ben": ["KC"]}, "rummy": 1}, "/rummy"),
        ("/v1/hand-score", {"remaining": ["KC"]}, "/remaining"),
        (
            "/v1/scorepad",
            {"players": ["a", "b"], "hands": [{"winner": "a", "remaining": {"b": {"points": "12"}}}]},
            "/hands/0/remaining/b/points",
        ),
        (
            "/v1/scorepad",
            {"players": ["a", "b"], "hands": [{"winner": "a", "remaining": {"b": {"points": 12.5}}}]},
            "/hands/0/remaining/b/points",
        ),
        ("/v1/scorepad", {"players": ["a", "b"], "hands": [{"winner": 1}]}, "/hands/0/winner"),
        ("/v1/scorepad", {"players": ["a", "b"], "hands": [{"draw": "yes"}]}, "/hands/0/draw"),
        ("/v1/scorepad", {"players": ["a", "b"], "hands": {"0": {"draw": True}}}, "/hands"),
    ],
)
def test_a_value_of_the_wrong_type_is_422_at_the_value(client, path, body, pointer):
    refused(client.post(path, json=body), 422, pointer)


@pytest.mark.parametrize(
    "where,value,pointer",
    [
        (("restocks",), "1", "/state/restocks"),
        (("restocks",), True, "/state/restocks"),
        (("turn", "melds_made"), 1.0, "/state/turn/melds_made"),
        (("turn", "laid_off"), 0, "/state/turn/laid_off"),
        (("turn", "player"), 0, "/state/turn/player"),
        (("turn", "taken_discard"), 52, "/state/turn/taken_discard"),
        (("players", 0, "hand"), "5D 6H", "/state/players/0/hand"),
        (("players", 0, "id"), ["ana"], "/state/players/0/id"),
        (("players", 0, "tabled"), "false", "/state/players/0/tabled"),
        (("players", 0), "ana", "/state/players/0"),
        (("melds",), {"m1": []}, "/state/melds"),
        (("status",), 0, "/state/status"),
        (("stock",), None, "/state/stock"),
    ],
)
def test_a_state_field_of_the_wrong_type_is_422_at_the_field(client, state, where, value, pointer):
    node = state
    for key in where[:-1]:
        node = node[key]
    node[where[-1]] = value
    refused(client.post("/v1/move", json={"state": state, "move": MOVE}), 422, pointer)
    refused(client.post("/v1/legal-moves", json={"state": state}), 422, pointer)


@pytest.mark.parametrize(
    "move,pointer",
    [
        ("draw", "/move"),
        (["ana", "draw"], "/move"),
        (None, "/move"),
        ({"player": "ana", "action": None}, "/move/action"),
        ({"player": "ana", "action": "fly"}, "/move/action"),
        ({"player": "ana", "action": "discard", "card": 5}, "/move/card"),
        ({"player": "ana", "action": "meld", "cards": "5D 6D 7D"}, "/move/cards"),
        ({"player": "ana", "action": "lay_off", "cards": ["5D"], "meld": 1}, "/move/meld"),
        ({"player": "ana", "action": "draw"}, "/move/source"),
        ({"player": "ana", "action": "draw", "source": "stock", "card": "5D"}, "/move/card"),
    ],
)
def test_a_move_of_the_wrong_shape_is_422_at_the_move(client, state, move, pointer):
    refused(client.post("/v1/move", json={"state": state, "move": move}), 422, pointer)


# --- unicode oddities ------------------------------------------------------------------------


@pytest.mark.parametrize(
    "card",
    [
        "Q\u200bS",  # zero-width space inside
        "QS\u200b",  # zero-width space after
        "\ufeffQS",  # a byte-order mark in front
        "\u202eQS",  # right-to-left override
        "Q\u0301S",  # a combining accent
        "Ｑ♠",  # fullwidth Q
        "𝐐S",  # mathematical bold Q
        "１０H",  # fullwidth digits
        "Q♠\ufe0e",  # text variation selector (only U+FE0F is accepted)
        "Q♠\ufe0f\ufe0f",  # the emoji selector twice
        "Q\ufe0f♠",  # the selector in the wrong place
        "QS\ufe0f",  # the selector after a letter suit
        "Q♠ ",  # a trailing space
        "Q\u00a0S",  # a no-break space
    ],
)
def test_a_card_code_with_unicode_oddities_is_422_at_the_card(client, card):
    got = refused(client.post("/v1/melds/check", json={"cards": ["KS", card, "JS"]}), 422, "/cards/1")
    assert "is not a card" in got["detail"]


def test_the_accepted_unicode_spellings_still_parse(client):
    r = client.post("/v1/melds/check", json={"cards": ["J♤", "q♠\ufe0f", "K♠"]})
    assert r.get_json() == {
        "valid": True,
        "kind": "run",
        "cards": ["JS", "QS", "KS"],
        "reasons": [],
        "summary": "J♠ Q♠ K♠ is a run of spades",
    }


@pytest.mark.parametrize(
    "name,why",
    [
        ("an\u200ba", "U+200B"),  # zero-width space
        ("ana\u200d", "U+200D"),  # zero-width joiner
        ("\u202eana", "U+202E"),  # right-to-left override
        ("ana\u2066", "U+2066"),  # left-to-right isolate
        ("\ufeffana", "U+FEFF"),  # byte-order mark
        ("a\u0000b", "U+0000"),  # NUL
        ("a\nb", "U+000A"),  # a new line
        ("\u2028", "U+2028"),  # line separator
        ("ana\u0301", "normal form C"),  # a combining accent, not NFC
        ("Zoe\u0308", "normal form C"),  # Zoë typed with a combining diaeresis
        (" ana", "spaces"),
        ("ana ", "spaces"),
        ("", "empty"),
    ],
)
def test_a_player_name_with_unicode_oddities_is_422_at_the_name(client, state, name, why):
    assert why in refused(client.post("/v1/deal", json={"players": [name, "ben"]}), 422, "/players/0")["detail"]
    state["players"][1]["id"] = name
    assert why in refused(client.post("/v1/legal-moves", json={"state": state}), 422, "/state/players/1/id")["detail"]
    pad = {"players": ["ana", "ben"], "hands": [{"winner": "ana", "remaining": {name: {"points": 3}}}]}
    assert client.post("/v1/scorepad", json=pad).status_code == 422


@pytest.mark.parametrize("name", ["Zoë", "مريم", "李雷", "O'Neil", "😀", "ana-maría", "Ⅻ", "a b"])
def test_real_names_in_any_script_are_welcome(client, name):
    r = client.post("/v1/deal", json={"players": [name, "ben"], "seed": 1})
    assert r.status_code == 200 and r.get_json()["state"]["players"][0]["id"] == name


# --- tables that cannot exist ----------------------------------------------------------------


def test_a_card_doubled_is_422_at_the_second_copy(client, state):
    state["stock"][1] = state["stock"][0]
    got = refused(client.post("/v1/legal-moves", json={"state": state}), 422, "/state/stock/1")
    assert "twice" in got["errors"][0]["detail"] and "in the stock (card 1)" in got["errors"][0]["detail"]
    assert any("missing" in e["detail"] for e in got["errors"])  # and the card it replaced


def test_a_card_in_a_hand_and_on_the_pile_is_422(client, state):
    state["discard"].append(state["players"][1]["hand"][0])
    refused(client.post("/v1/move", json={"state": state, "move": MOVE}), 422, "/state/discard/1")


def test_a_card_missing_is_422_naming_it(client, state):
    gone = state["stock"].pop()
    got = refused(client.post("/v1/legal-moves", json={"state": state}), 422, "/state")
    assert "1 of the 52 cards is missing" in got["detail"]
    assert gone[:-1] in got["detail"]


def test_a_turn_for_an_unknown_player_is_422(client, state):
    state["turn"]["player"] = "cy"
    refused(client.post("/v1/legal-moves", json={"state": state}), 422, "/state/turn/player")


def test_an_unknown_dealer_and_meld_owner_are_422(client, state):
    state["dealer"] = "cy"
    refused(client.post("/v1/legal-moves", json={"state": state}), 422, "/state/dealer")


def test_a_player_id_twice_is_422(client, state):
    state["players"][1]["id"] = "ana"
    refused(client.post("/v1/legal-moves", json={"state": state}), 422, "/state/players/1/id")


def test_a_meld_that_is_not_a_meld_is_422(client, state):
    cards = [state["stock"].pop() for _ in range(3)]
    state["melds"] = [{"id": "m1", "owner": "ben", "cards": cards}]
    got = refused(client.post("/v1/legal-moves", json={"state": state}), 422, "/state/melds/0/cards")
    assert "not a valid meld" in got["detail"]


def test_a_meld_of_the_wrong_kind_is_422(client, state):
    for card in ("QH", "QD", "QC"):
        for place in (state["stock"], state["discard"], *(p["hand"] for p in state["players"])):
            if card in place:
                place.remove(card)
    state["melds"] = [{"id": "m1", "cards": ["QH", "QD", "QC"], "kind": "run"}]
    refused(client.post("/v1/legal-moves", json={"state": state}), 422, "/state/melds/0/kind")


def test_an_out_hand_still_marked_playing_is_422(client, state):
    state["stock"] += state["players"][0]["hand"]
    state["players"][0]["hand"] = []
    got = refused(client.post("/v1/legal-moves", json={"state": state}), 422, "/state/players/0/hand")
    assert "status must be out" in got["detail"]


def test_out_with_everyone_holding_cards_is_422(client, state):
    state["status"] = "out"
    refused(client.post("/v1/legal-moves", json={"state": state}), 422, "/state/status")


def test_a_hand_larger_than_the_deal_allows_is_422(client, state):
    state["players"][1]["hand"].append(state["stock"].pop())  # ben is not to move: 11 > 10
    got = refused(client.post("/v1/legal-moves", json={"state": state}), 422, "/state/players/1/hand")
    assert "at most 10" in got["detail"]
    state["players"][0]["hand"] += [state["stock"].pop()]  # ana in draw phase: 11 > 10 too
    refused(client.post("/v1/legal-moves", json={"state": state}), 422, "/state/players/0/hand")


def test_a_taken_discard_not_in_hand_is_422(client, state):
    state["turn"].update(phase="play", taken_discard=state["players"][1]["hand"][0])
    state["players"][0]["hand"].append(state["stock"].pop(0))
    refused(client.post("/v1/legal-moves", json={"state": state}), 422, "/state/turn/taken_discard")


def test_a_move_by_a_stranger_is_422_and_by_the_wrong_player_is_illegal(client, state):
    refused(client.post("/v1/move", json={"state": state, "move": {**MOVE, "player": "zed"}}), 422, "/move/player")
    refused(client.post("/v1/move", json={"state": state, "moves": [MOVE, {**MOVE, "player": "zed"}]}), 422, "/moves/1/player")
    r = client.post("/v1/move", json={"state": state, "move": {**MOVE, "player": "ben"}}).get_json()
    assert r["legal"] is False and r["reasons"][0]["code"] == "not_your_turn" and r["state"] == state


@pytest.mark.parametrize("body", [{}, {"move": MOVE, "moves": [MOVE]}, {"moves": []}])
def test_neither_or_both_of_move_and_moves_is_422(client, state, body):
    assert client.post("/v1/move", json={"state": state, **body}).status_code == 422


def test_an_impossible_scorepad_entry_is_422_naming_hand_and_player(client):
    pad = {
        "players": ["ana", "ben", "cy"],
        "hands": [{"winner": "ana", "remaining": {"ben": {"cards": ["KC", "KC"]}, "cy": {"points": 12}}}],
    }
    refused(client.post("/v1/scorepad", json=pad), 422, "/hands/0/remaining/ben/cards/1")
    pad["hands"][0]["remaining"] = {"ben": {"points": 0}, "cy": {"points": 1000}}
    got = refused(client.post("/v1/scorepad", json=pad), 422)
    assert [e["pointer"] for e in got["errors"]] == ["/hands/0/remaining/ben/points", "/hands/0/remaining/cy/points"]


# --- names people really type, and names that look blank (review findings) ----------------------


@pytest.mark.parametrize("name", ["👩💻", "میخواهم", "Zoë", "ناديا", "İlker", "Ωmega"])
def test_real_names_in_other_scripts_are_accepted(client, name):
    r = client.post("/v1/deal", json={"players": [name, "ben"], "seed": 1})
    assert r.status_code == 200 and r.get_json()["state"]["players"][0]["id"] == name


# R2a: a joiner inside a name is refused too (👩‍💻, Persian می‌خواهم): ana with a zero-width
# joiner inside looks exactly like ana, so the name must be typed without it.
@pytest.mark.parametrize(
    "name,char",
    [
        ("\u2800", "U+2800"),
        ("\u115f", "U+115F"),
        ("\u200dab", "U+200D"),
        ("a\u200b", "U+200B"),
        ("👩\u200d💻", "U+200D"),
        ("می\u200cخواهم", "U+200C"),
    ],
)
def test_names_that_print_blank_or_carry_invisible_characters_are_refused(client, name, char):
    r = client.post("/v1/deal", json={"players": [name, "ben"], "seed": 1})
    assert r.status_code == 422 and r.content_type == "application/problem+json"
    [error] = r.get_json()["errors"]
    assert error["pointer"] == "/players/0" and char in error["detail"]


def test_a_meld_id_with_a_zero_width_space_is_refused(client, state):
    st = copy.deepcopy(state)
    r = client.post("/v1/move", json={"state": st, "move": {"player": st["turn"]["player"], "action": "draw", "source": "stock"}})
    st = r.get_json()["state"]
    move = {"player": st["turn"]["player"], "action": "lay_off", "cards": [st["players"][0]["hand"][0]], "meld": "m\u200b1"}
    r = client.post("/v1/move", json={"state": st, "move": move})
    assert r.status_code == 422 and [e["pointer"] for e in r.get_json()["errors"]] == ["/move/meld"]
    assert "U+200B" in r.get_json()["errors"][0]["detail"]


def test_scorepad_more_than_ten_cards_is_refused_before_the_cards_are_read(client):
    body = {"players": ["a", "b"], "hands": [{"winner": "a", "remaining": {"b": {"cards": [1] * 15}}}]}
    r = client.post("/v1/scorepad", json=body)
    assert r.status_code == 422
    assert r.get_json()["errors"] == [
        {
            "pointer": "/hands/0/remaining/b/cards",
            "detail": "hand 1, b's cards: 15 cards listed, but only 10 are ever dealt to a player (R2)",
        }
    ]


def test_a_key_repeated_deep_in_the_body_is_named_by_its_path(client):
    raw = b'{"cards": ["QS", "KS", "AS"], "rules": {"aces": "low", "aces": "high_or_low"}}'
    r = client.post("/v1/melds/check", data=raw, content_type="application/json")
    assert r.status_code == 400 and r.content_type == "application/problem+json"
    assert r.get_json()["errors"] == [{"pointer": "/rules/aces", "detail": "the key 'aces' appears twice in one JSON object; send it once"}]
