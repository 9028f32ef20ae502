"""POST /v1/scorepad: the answers, and 422 problem+json naming the hand and the player."""

from __future__ import annotations

import pytest
from scorepad_support import (
    ANA_BEN_CY,
    PROBLEM_JSON,
    error_at,
    post,
    unprocessable,
)

# --- HTTP: POST /v1/scorepad --------------------------------------------------------------------

CONTRACT_REQUEST = {
    "rules": {"preset": "standard", "target_score": 100},
    "players": ["Ana", "Ben", "Cy"],
    "first_dealer": "Ana",
    "hands": [
        {"winner": "Ana", "rummy": False, "remaining": {"Ben": {"cards": ["KC", "QD", "9S", "AC"]}, "Cy": {"points": 12}}},
        {"draw": True},
    ],
}


def test_http_contract_example(client):
    r = post(client, CONTRACT_REQUEST)
    assert r.status_code == 200 and r.mimetype == "application/json"
    body = r.get_json()
    assert body["hands"] == [
        {
            "number": 1,
            "dealer": "Ana",
            "winner": "Ana",
            "rummy": False,
            "multiplier": 1,
            "draw": False,
            "points": 42,
            "remaining": {"Ben": 30, "Cy": 12},
            "totals": {"Ana": 42, "Ben": 0, "Cy": 0},
        },
        {
            "number": 2,
            "dealer": "Ben",
            "winner": None,
            "rummy": False,
            "multiplier": 1,
            "draw": True,
            "points": 0,
            "remaining": {},
            "totals": {"Ana": 42, "Ben": 0, "Cy": 0},
        },
    ]
    assert body["totals"] == {"Ana": 42, "Ben": 0, "Cy": 0}
    assert [{"player": s["player"], "total": s["total"]} for s in body["standings"]] == [
        {"player": "Ana", "total": 42},
        {"player": "Ben", "total": 0},
        {"player": "Cy", "total": 0},
    ]
    assert [s["rank"] for s in body["standings"]] == [1, 2, 2]
    assert body["next_dealer"] == "Cy"
    assert body["game_over"] is False and body["winner"] is None
    assert body["to_target"] == {"Ana": 58, "Ben": 100, "Cy": 100}
    assert body["rules"]["preset"] == "standard" and body["rules"]["target_score"] == 100


def test_http_r21_defaults_rules_first_dealer_and_hands(client):
    r = post(client, {"players": ["Ana", "Ben"]})
    assert r.status_code == 200
    body = r.get_json()
    assert body["hands"] == [] and body["totals"] == {"Ana": 0, "Ben": 0}
    assert body["next_dealer"] == "Ana" and body["game_over"] is False and body["winner"] is None
    assert body["rules"]["preset"] == "standard" and body["rules"]["target_score"] == 100
    assert body["rules"]["deals"] is None
    assert body["to_target"] == {"Ana": 100, "Ben": 100}


def test_http_r1_accepts_every_card_spelling(client):
    body = {"players": ["Ana", "Ben"], "hands": [{"winner": "Ana", "remaining": {"Ben": {"cards": ["10h", "TD", "Q♠", "a♧", "7♦\ufe0f"]}}}]}
    r = post(client, body)
    assert r.status_code == 200
    assert r.get_json()["hands"][0]["remaining"] == {"Ben": 10 + 10 + 10 + 1 + 7}  # 38


def test_http_r15_rummy_doubling_and_basic(client):
    hand = {"winner": "Ana", "rummy": True, "remaining": {"Ben": {"cards": ["5C", "5D"]}, "Cy": {"points": 10}}}
    std = post(client, {"players": ANA_BEN_CY, "hands": [hand]}).get_json()
    assert (std["hands"][0]["multiplier"], std["hands"][0]["points"]) == (2, 2 * (10 + 10))
    assert std["hands"][0]["remaining"] == {"Ben": 10, "Cy": 10}
    basic = post(client, {"rules": {"preset": "basic"}, "players": ANA_BEN_CY, "hands": [hand]}).get_json()
    assert basic["hands"][0]["rummy"] is True
    assert (basic["hands"][0]["multiplier"], basic["hands"][0]["points"]) == (1, 20)


def test_http_r19_two_player_rotations(client):
    hands = [{"winner": "Ben", "remaining": {"Ana": {"points": 1}}}] * 3 + [{"draw": True}]
    std = post(client, {"players": ["Ana", "Ben"], "hands": hands}).get_json()
    assert [h["dealer"] for h in std["hands"]] == ["Ana", "Ben", "Ben", "Ben"]
    assert std["next_dealer"] == "Ana"
    left = post(client, {"rules": {"preset": "two-restocks"}, "players": ["Ana", "Ben"], "hands": hands}).get_json()
    assert [h["dealer"] for h in left["hands"]] == ["Ana", "Ben", "Ana", "Ben"]
    assert left["next_dealer"] == "Ana"


def ana_and_ben(rules: dict, hands: list) -> dict:
    """A pad of Ana and Ben (Ana deals first) under ``rules``."""
    return {"rules": rules, "players": ["Ana", "Ben"], "hands": hands}


def test_http_r20_target_reached(client):
    hands = [
        {"winner": "Ben", "remaining": {"Ana": {"points": 30}}},
        {"winner": "Ben", "rummy": True, "remaining": {"Ana": {"cards": ["KH", "3C"]}}},  # 2 × 13 = 26
    ]
    out = post(client, ana_and_ben({"target_score": 50}, hands)).get_json()
    assert out["totals"] == {"Ana": 0, "Ben": 56}
    assert out["game_over"] is True and out["winner"] == "Ben" and out["next_dealer"] is None
    assert out["to_target"] == {"Ana": 50, "Ben": 0}
    assert [(s["player"], s["rank"]) for s in out["standings"]] == [("Ben", 1), ("Ana", 2)]


def test_http_r20_fixed_deals_with_a_tie_at_the_top(client):
    hands = [{"winner": "Ana", "remaining": {"Ben": {"points": 9}}}, {"winner": "Ben", "remaining": {"Ana": {"points": 9}}}]
    tied = post(client, ana_and_ben({"deals": 2, "target_score": 5}, hands)).get_json()
    assert tied["totals"] == {"Ana": 9, "Ben": 9}
    assert tied["game_over"] is False and tied["winner"] is None
    assert tied["next_dealer"] == "Ben"  # Ben won hand 2 and deals next
    assert tied["to_target"] is None
    assert [s["rank"] for s in tied["standings"]] == [1, 1]

    hands.append({"winner": "Ana", "remaining": {"Ben": {"cards": ["2H"]}}})
    done = post(client, ana_and_ben({"deals": 2, "target_score": 5}, hands)).get_json()
    assert done["totals"] == {"Ana": 11, "Ben": 9}
    assert done["game_over"] is True and done["winner"] == "Ana" and done["next_dealer"] is None


def test_http_r20_correction_is_sending_the_list_again(client):
    first = post(client, CONTRACT_REQUEST).get_json()
    corrected = dict(
        CONTRACT_REQUEST,
        hands=[{"winner": "Cy", "remaining": {"Ana": {"points": 5}, "Ben": {"cards": ["KC", "QD", "9S", "AC"]}}}, {"draw": True}],
    )
    second = post(client, corrected).get_json()
    assert first["totals"] == {"Ana": 42, "Ben": 0, "Cy": 0}
    assert second["hands"][0]["points"] == 5 + 30
    assert second["totals"] == {"Ana": 0, "Ben": 0, "Cy": 35}
    assert [s["player"] for s in second["standings"]] == ["Cy", "Ana", "Ben"]
    # Nothing is stored: the original pad still replays as before.
    assert post(client, CONTRACT_REQUEST).get_json() == first


# --- HTTP validation: 422 problem+json naming the hand and the player ----------------------------


def two_hands(second: dict, players=ANA_BEN_CY, rules_=None) -> dict:
    """A pad whose hand 1 is fine and whose hand 2 is ``second``."""
    first = {"winner": players[0], "remaining": {p: {"points": 1} for p in players[1:]}}
    body = {"players": players, "hands": [first, second]}
    if rules_ is not None:
        body["rules"] = rules_
    return body


def test_http_r1_card_twice_in_one_hand(client):
    errors = unprocessable(client, two_hands({"winner": "Ana", "remaining": {"Ben": {"cards": ["KC", "2D"]}, "Cy": {"cards": ["K♣"]}}}))
    detail = error_at(errors, "/hands/1/remaining/Cy/cards/0")
    assert "hand 2" in detail and "K♣" in detail and "Ben" in detail and "Cy" in detail


def test_http_r2_more_cards_than_were_dealt_with_two_players(client):
    eleven = ["AS", "2S", "3S", "4S", "5S", "6S", "7S", "8S", "9S", "10S", "JS"]
    errors = unprocessable(client, two_hands({"winner": "Ana", "remaining": {"Ben": {"cards": eleven}}}, ["Ana", "Ben"]))
    assert len(errors) == 1
    detail = error_at(errors, "/hands/1/remaining/Ben/cards")
    assert "hand 2" in detail and "Ben" in detail and "11 cards" in detail and "only 10" in detail


def test_http_r2_more_cards_than_were_dealt_with_five_players(client):
    players = ["Ana", "Ben", "Cy", "Dee", "Eve"]
    seven = ["AH", "2H", "3H", "4H", "5H", "6H", "7H"]
    others = {p: {"points": 1} for p in players[2:]}
    errors = unprocessable(client, two_hands({"winner": "Ana", "remaining": {"Ben": {"cards": seven}, **others}}, players))
    detail = error_at(errors, "/hands/1/remaining/Ben/cards")
    assert "hand 2" in detail and "Ben" in detail and "7 cards" in detail and "only 6" in detail


@pytest.mark.parametrize("points, why", [(0, "at least 1 point"), (-5, "at least 1 point"), (71, "at most 70"), (10_000_000, "at most 70")])
def test_http_r14_impossible_points(client, points, why):
    errors = unprocessable(client, two_hands({"winner": "Ana", "remaining": {"Ben": {"points": points}, "Cy": {"points": 3}}}))
    assert len(errors) == 1
    detail = error_at(errors, "/hands/1/remaining/Ben/points")
    assert "hand 2" in detail and "Ben" in detail and f"{points} points" in detail and why in detail


FINE = {"Ben": {"points": 2}, "Cy": {"points": 3}}  # hand 2's right remaining entries when Ana went out
LONG_NAME = "x" * 41


# A wrong winner or remaining entry in hand 2 (R14): the problem names the hand and points at the
# entry (its pointer below from /hands/1/), with the words that say what is wrong.
@pytest.mark.parametrize(
    ("winner", "remaining", "at", "words"),
    [
        pytest.param("Ana", {**FINE, "Ben": {"cards": ["KC"], "points": 10}}, "remaining/Ben", ["Ben", "not both"], id="cards-and-points"),
        pytest.param("Ana", {**FINE, "Ben": {}}, "remaining/Ben", ["Ben", "not neither"], id="neither"),
        pytest.param("Ana", {**FINE, "Ben": {"cards": []}}, "remaining/Ben/cards", ["Ben", "at least one card"], id="no-cards"),
        pytest.param("Ana", {**FINE, "Dan": {"points": 4}}, "remaining/Dan", ["'Dan'", "not one of the players"], id="unknown-player"),
        pytest.param("Ana", {**FINE, LONG_NAME: {"points": 4}}, f"remaining/{LONG_NAME}", ["not one of the players"], id="long-name"),
        pytest.param("Ana", {**FINE, "a/b~c": {"points": 4}}, "remaining/a~1b~0c", ["'a/b~c'"], id="name-escaped-in-the-pointer"),
        pytest.param("Ana", {"Ben": {"points": 2}}, "remaining/Cy", ["Cy", "missing"], id="missing-opponent"),
        pytest.param(
            "Ben", {"Ana": {"points": 2}, "Ben": {"points": 1}, "Cy": {"points": 3}}, "remaining/Ben", ["Ben went out"], id="winner-listed"
        ),
        pytest.param("Zed", FINE, "winner", ["'Zed'"], id="unknown-winner"),
    ],
)
def test_http_r14_wrong_entry(client, winner, remaining, at, words):
    detail = error_at(unprocessable(client, two_hands({"winner": winner, "remaining": remaining})), f"/hands/1/{at}")
    assert [w for w in ["hand 2", *words] if w not in detail] == [], detail


def test_http_r16_drawn_hand_with_a_winner(client):
    errors = unprocessable(client, two_hands({"draw": True, "winner": "Ana"}))
    detail = error_at(errors, "/hands/1")
    assert "hand 2" in detail and "drawn" in detail


def test_http_r2_duplicate_player_names(client):
    errors = unprocessable(client, {"players": ["Ana", "Ben", "Ana"], "hands": []})
    detail = error_at(errors, "/players/2")
    assert "'Ana'" in detail and "twice" in detail


@pytest.mark.parametrize("players", [["Ana"], [], ["A", "B", "C", "D", "E", "F", "G"]])
def test_http_r2_wrong_number_of_players(client, players):
    errors = unprocessable(client, {"players": players})
    detail = error_at(errors, "/players")
    assert "2" in detail and "6" in detail


def test_http_r19_unknown_first_dealer(client):
    errors = unprocessable(client, {"players": ANA_BEN_CY, "first_dealer": "Dan"})
    assert "'Dan'" in error_at(errors, "/first_dealer")


def test_http_r20_hand_after_the_game_was_won(client):
    hands = [
        {"winner": "Ana", "remaining": {"Ben": {"points": 30}}},
        {"winner": "Ana", "remaining": {"Ben": {"points": 20}}},  # Ana 50: won
        {"draw": True},
    ]
    errors = unprocessable(client, ana_and_ben({"target_score": 50}, hands))
    assert len(errors) == 1
    detail = error_at(errors, "/hands/2")
    assert "hand 3" in detail and "won by Ana in hand 2" in detail


def test_http_problem_detail_summarises_the_first_error(client):
    r = post(client, two_hands({"winner": "Ana", "remaining": {"Ben": {"points": 0}, "Cy": {"points": 0}}}))
    doc = r.get_json()
    assert [e["pointer"] for e in doc["errors"]] == ["/hands/1/remaining/Ben/points", "/hands/1/remaining/Cy/points"]
    assert doc["detail"].startswith("hand 2: Ben's 0 points")  # the pointers are in errors[]
    assert "(and 1 more)" in doc["detail"]


def test_http_bad_card_code_points_into_the_card_list(client):
    errors = unprocessable(client, two_hands({"winner": "Ana", "remaining": {"Ben": {"cards": ["KC", "ZZ"]}, "Cy": {"points": 3}}}))
    assert "'ZZ' is not a card" in error_at(errors, "/hands/1/remaining/Ben/cards/1")
    assert all("/value" not in e["pointer"] for e in errors)


def test_http_wrong_types_point_at_the_field(client):
    errors = unprocessable(
        client,
        two_hands(
            {
                "winner": "Ana",
                "rummy": "yes",
                "remaining": {
                    "Ben": {"points": "12"},
                    "Cy": {"points": True},
                },
            }
        ),
    )
    pointers = {e["pointer"] for e in errors}
    assert pointers == {"/hands/1/rummy", "/hands/1/remaining/Ben/points", "/hands/1/remaining/Cy/points"}


def test_http_unknown_field_in_an_entry(client):
    errors = unprocessable(client, two_hands({"winner": "Ana", "remaining": {"Ben": {"pts": 3}, "Cy": {"points": 3}}}))
    assert "'pts'" in error_at(errors, "/hands/1/remaining/Ben/pts")


def test_http_impossible_rules(client):
    errors = unprocessable(client, {"rules": {"target_score": 0}, "players": ANA_BEN_CY})
    assert any(e["pointer"] == "/rules/target_score" for e in errors), errors


def test_http_body_not_an_object_is_400(client):
    r = client.post("/v1/scorepad", data="[]", content_type="application/json")
    assert r.status_code == 400 and r.mimetype == PROBLEM_JSON


def test_http_a_long_game_with_long_names_and_every_card_listed_is_answered(client):
    """The longest game a pad holds (100 deals) of 6 players with names of 40 characters, each
    opponent's cards picked (6 each, as the phone page's "Pick cards" sends them): accepted
    whole, every total as R14/R15 give it (a review found such pads refused with 413 from hand 34)."""
    import random

    from scorepad_support import compact

    names = [
        "Anna-Katharina von Hohenzollern-Sigmarin",
        "Maximilian Alexander Wolfgang Schreibers",
        "Zoë Éléonore Marguerite de Rochefoucauld",
        "Юлия Александровна Константинопольская 2",
        "Bartholomew Fitzgerald O'Sullivan-Murphy",
        "María de los Ángeles Fernández Villanova",
    ]
    assert all(len(n) == 40 for n in names)
    value = {"A": 1, "J": 10, "Q": 10, "K": 10} | {str(v): v for v in range(2, 11)}
    deck = [r + s for s in "CDHS" for r in ["A", *map(str, range(2, 11)), "J", "Q", "K"]]
    rng = random.Random(20)
    hands, totals = [], dict.fromkeys(names, 0)
    for h in range(100):
        winner = names[rng.randrange(6)]
        rummy = h % 7 == 0
        dealt = rng.sample(deck, 30)
        remaining = {n: dealt[6 * i : 6 * i + 6] for i, n in enumerate(n for n in names if n != winner)}
        hands.append({"winner": winner, "rummy": rummy, "remaining": {n: {"cards": c} for n, c in remaining.items()}, "draw": False})
        totals[winner] += (2 if rummy else 1) * sum(value[c[:-1]] for cards in remaining.values() for c in cards)
    body = {"rules": {"preset": "standard", "deals": 100}, "players": names, "first_dealer": names[0], "hands": hands}
    data = compact(body)
    assert len(data) > 48 * 1024  # four times what the limit was
    r = client.post("/v1/scorepad", data=data, content_type="application/json")
    assert r.status_code == 200, r.get_json()
    got = r.get_json()
    assert got["totals"] == totals and len(got["hands"]) == 100
    assert got["hands"][-1]["totals"] == totals
    assert got["game_over"] is True and got["winner"] == max(totals, key=totals.get)
