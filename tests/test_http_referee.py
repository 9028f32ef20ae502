"""The referee over HTTP (contract: /v1/deal, /v1/move, /v1/legal-moves): a whole hand played
through the API, canonical answers, and the request-shape errors of /v1/move."""

from __future__ import annotations

import random

import pytest

PROBLEM = "application/problem+json"
DECK = [r + s for s in "CDHS" for r in ["A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K"]]


def post(client, path, body):
    r = client.post(path, json=body)
    assert r.status_code == 200, r.get_json()
    return r.get_json()


def all_cards(state):
    cards = list(state["stock"]) + list(state["discard"])
    for p in state["players"]:
        cards += p["hand"]
    for m in state["melds"]:
        cards += m["cards"]
    return cards


def test_r3_deal_answers_canonical_state(client):
    st = post(client, "/v1/deal", {"players": ["ana", "ben", "cy"], "seed": 5, "dealer": "cy"})["state"]
    assert [len(p["hand"]) for p in st["players"]] == [7, 7, 7]
    assert st["turn"] == {"player": "ana", "phase": "draw", "taken_discard": None, "melds_made": 0, "laid_off": False}
    assert st["dealer"] == "cy" and st["status"] == "playing" and st["restocks"] == 0 and st["melds"] == []
    assert len(st["discard"]) == 1 and len(st["stock"]) == 52 - 21 - 1
    assert sorted(all_cards(st)) == sorted(DECK)
    assert st["rules"]["preset"] == "standard" and st["rules"]["restock"] == "turn_over"
    again = post(client, "/v1/deal", {"players": ["ana", "ben", "cy"], "seed": 5, "dealer": "cy"})["state"]
    assert again == st


def test_deal_refuses_bad_tables(client):
    r = client.post("/v1/deal", json={"players": ["ana"]})
    assert r.status_code == 422 and r.get_json()["errors"][0]["pointer"] == "/players"
    r = client.post("/v1/deal", json={"players": ["ana", "ana"]})
    assert r.status_code == 422 and r.get_json()["errors"][0]["pointer"] == "/players/1"
    r = client.post("/v1/deal", json={"players": ["ana", "ben"], "dealer": "cy"})
    assert r.status_code == 422 and r.get_json()["errors"][0]["pointer"] == "/dealer"
    r = client.post("/v1/deal", json={"players": ["ana", "b\u200ben"]})
    assert r.status_code == 422 and r.get_json()["errors"][0]["pointer"] == "/players/1"


@pytest.mark.parametrize("preset", ["basic", "standard", "two-restocks"])
def test_a_whole_hand_through_the_api(client, preset):
    """Play random legal moves through /v1/legal-moves and /v1/move until the hand ends: every
    listed move is accepted, 52 cards stay on the table, and the result is the R14 sum."""
    rng = random.Random(preset)
    st = post(client, "/v1/deal", {"players": ["ana", "ben", "cy"], "seed": 3, "rules": {"preset": preset}})["state"]
    result = None
    for _ in range(1500):
        listed = post(client, "/v1/legal-moves", {"state": st})
        if not listed["moves"]:
            break
        assert listed["player"] == st["turn"]["player"] and listed["phase"] == st["turn"]["phase"]
        mv = rng.choice(listed["moves"])
        r = post(client, "/v1/move", {"state": st, "move": mv})
        assert r["legal"] and r["applied"] == 1 and r["reasons"] == [], (mv, r)
        st = r["state"]
        assert sorted(all_cards(st)) == sorted(DECK)
        result = r["result"]
    assert st["status"] in ("out", "draw")
    assert post(client, "/v1/legal-moves", {"state": st})["moves"] == []
    if st["status"] == "out":
        winner = result["winner"]
        values = {"A": 1, "J": 10, "Q": 10, "K": 10}
        remaining = {p["id"]: sum(values.get(c[:-1], 0) or int(c[:-1]) for c in p["hand"]) for p in st["players"] if p["id"] != winner}
        assert result["remaining"] == remaining
        assert result["points"] == result["multiplier"] * sum(remaining.values())
    else:
        assert result == {"outcome": "draw", "points": 0}
    r = post(client, "/v1/move", {"state": st, "move": {"player": st["turn"]["player"], "action": "draw", "source": "stock"}})
    assert not r["legal"] and r["reasons"][0]["code"] == "hand_over" and r["applied"] == 0


def test_illegal_single_move_answers_input_state_canonical(client):
    st = post(client, "/v1/deal", {"players": ["ana", "ben"], "seed": 1})["state"]
    st["players"][0]["hand"] = [c.lower() for c in st["players"][0]["hand"]]
    r = post(client, "/v1/move", {"state": st, "move": {"player": "ben", "action": "draw", "source": "stock"}})
    assert r["legal"] is False and r["applied"] == 0 and r["result"] is None
    assert r["reasons"][0]["code"] == "not_your_turn" and r["reasons"][0]["message"] == "it is ana's turn, not ben's"
    assert r["state"]["players"][0]["hand"] == [c.upper() for c in st["players"][0]["hand"]]


def test_moves_list_stops_at_first_illegal(client):
    st = post(client, "/v1/deal", {"players": ["ana", "ben"], "seed": 1})["state"]
    top = st["stock"][0]
    r = post(
        client,
        "/v1/move",
        {
            "state": st,
            "moves": [
                {"player": "ana", "action": "draw", "source": "stock"},
                {"player": "ana", "action": "draw", "source": "stock"},
                {"player": "ana", "action": "discard", "card": top},
            ],
        },
    )
    assert r["legal"] is False and r["applied"] == 1 and r["reasons"][0]["code"] == "already_drew"
    assert r["state"]["players"][0]["hand"][-1] == top and r["state"]["turn"]["phase"] == "play"


@pytest.mark.parametrize(
    "extra,pointer",
    [
        ({}, "/move"),
        (
            {
                "move": {"player": "ana", "action": "draw", "source": "stock"},
                "moves": [{"player": "ana", "action": "draw", "source": "stock"}],
            },
            "/move",
        ),
        ({"moves": []}, "/moves"),
        ({"move": {"player": "zed", "action": "draw", "source": "stock"}}, "/move/player"),
        (
            {"moves": [{"player": "ana", "action": "draw", "source": "stock"}, {"player": "zed", "action": "discard", "card": "QS"}]},
            "/moves/1/player",
        ),
        ({"move": {"player": "ana", "action": "fold"}}, "/move/action"),
        ({"move": {"player": "ana", "action": "draw"}}, "/move/source"),
        ({"move": {"player": "ana", "action": "discard", "card": "QS", "source": "stock"}}, "/move/source"),
    ],
)
def test_move_request_shape_errors(client, extra, pointer):
    st = post(client, "/v1/deal", {"players": ["ana", "ben"], "seed": 1})["state"]
    r = client.post("/v1/move", json={"state": st, **extra})
    assert r.status_code == 422 and r.content_type == PROBLEM, r.get_json()
    assert pointer in [e["pointer"] for e in r.get_json()["errors"]]


def test_malformed_state_is_422_naming_the_card(client):
    st = post(client, "/v1/deal", {"players": ["ana", "ben"], "seed": 1})["state"]
    doubled = st["players"][0]["hand"][0]
    st["players"][1]["hand"][0] = doubled
    r = client.post("/v1/legal-moves", json={"state": st})
    assert r.status_code == 422
    errors = r.get_json()["errors"]
    assert errors[0]["pointer"] == "/state/players/1/hand/0"
    assert "twice" in errors[0]["detail"]
    assert any(e["pointer"] == "/state" and "missing" in e["detail"] for e in errors)


def test_state_defaults_filled_in(client):
    st = post(client, "/v1/deal", {"players": ["ana", "ben"], "seed": 2})["state"]
    minimal = {"players": [{"id": p["id"], "hand": p["hand"]} for p in st["players"]], "stock": st["stock"], "discard": st["discard"]}
    r = post(client, "/v1/legal-moves", {"state": minimal})
    assert r["player"] == "ana" and r["phase"] == "draw"
    assert r["moves"] == [{"player": "ana", "action": "draw", "source": "stock"}, {"player": "ana", "action": "draw", "source": "discard"}]
