"""The contract's clarifications of this week, each as the API answers it: a move carrying a
field its action does not take; /v1/hand-score's 1–5 opponents of 1–10 cards; a meld check of
cards that make no meld keeps the order given (R12); a sealed view's hands laid down once the
hand is over (R14) and its next dealer unknown while the hand is played (R19)."""

from __future__ import annotations

import pytest
from tables_support import make_app

FIELDS = {"source": "stock", "cards": ["KC"], "meld": "m1", "card": "KC"}
TAKES = {"draw": {"source"}, "meld": {"cards"}, "lay_off": {"cards", "meld"}, "discard": {"card"}}


@pytest.fixture(scope="module")
def state(app):
    return app.test_client().post("/v1/deal", json={"players": ["ana", "ben"], "seed": 7}).get_json()["state"]


@pytest.mark.parametrize("action, extra", [(a, f) for a in sorted(TAKES) for f in sorted(FIELDS) if f not in TAKES[a]])
def test_a_move_with_a_field_its_action_does_not_take_is_a_422_at_that_field(client, state, action, extra):
    move = {"player": "ana", "action": action, **{f: FIELDS[f] for f in TAKES[action] if f != "meld"}, extra: FIELDS[extra]}
    r = client.post("/v1/move", json={"state": state, "move": move})
    assert r.status_code == 422
    assert r.get_json()["errors"] == [{"pointer": f"/move/{extra}", "detail": f"'{extra}' does not belong to a {action} move"}]


def test_hand_score_takes_1_to_5_opponents_of_1_to_10_cards(client):
    deck = [f"{r}{s}" for s in "CDHS" for r in ("A", 2, 3, 4, 5, 6, 7, 8, 9, 10, "J", "Q", "K")]
    # five opponents (six players, 6 cards dealt each, R2), one opponent holding all ten of a two-player deal
    five_of_six = {f"p{i}": deck[i * 6 : i * 6 + 6] for i in range(5)}
    r = client.post("/v1/hand-score", json={"remaining": five_of_six})
    assert r.status_code == 200 and len(r.get_json()["by_player"]) == 5
    r = client.post("/v1/hand-score", json={"remaining": {"ben": deck[:10]}})
    assert r.status_code == 200 and r.get_json()["by_player"] == {"ben": 55}
    one_of_one = client.post("/v1/hand-score", json={"remaining": {"ben": ["KC"]}}).get_json()
    assert one_of_one == {"points": 10, "by_player": {"ben": 10}, "multiplier": 1, "rummy": False}
    for remaining, pointer, detail in [
        ({}, "/remaining", "the cards left must give the cards of 1 to 5 opponents; this gives 0"),
        ({**five_of_six, "p5": ["2S"]}, "/remaining", "the cards left must give the cards of 1 to 5 opponents; this gives 6"),
        ({"ben": []}, "/remaining/ben", "ben's cards left must have 1 to 10 cards; this has 0"),
        ({"ben": deck[:11]}, "/remaining/ben", "ben's cards left must have 1 to 10 cards; this has 11"),
    ]:
        r = client.post("/v1/hand-score", json={"remaining": remaining})
        assert r.status_code == 422 and r.get_json()["errors"] == [{"pointer": pointer, "detail": detail}]


def test_r12_a_meld_check_of_cards_that_make_no_meld_keeps_the_order_given(client):
    for given, canonical in [
        (["9S", "5h", "2♣"], ["9S", "5H", "2C"]),
        (["K♠", "Q♠", "A♠"], ["KS", "QS", "AS"]),
        (["9H", "9S", "9C", "5C"], ["9H", "9S", "9C", "5C"]),
    ]:
        body = client.post("/v1/melds/check", json={"cards": given}).get_json()
        assert body["valid"] is False and body["cards"] == canonical
    # a valid meld comes back in canonical order
    assert client.post("/v1/melds/check", json={"cards": ["7S", "5S", "6S"]}).get_json()["cards"] == ["5S", "6S", "7S"]
    # a lay-off that makes no meld: onto first, then the cards, as given
    body = client.post("/v1/melds/check", json={"cards": ["9d"], "onto": ["7S", "5S", "6S"]}).get_json()
    assert body["valid"] is False and body["cards"] == ["7S", "5S", "6S", "9D"]


def test_a_sealed_view_shows_the_hands_once_over_and_no_next_dealer_while_playing():
    tc = make_app().test_client()
    made = tc.post("/v1/tables", json={"players": ["ana", "ben"], "bots": {"ben": "easy"}}).get_json()
    table, seat, view = made["table"], made["seats"]["ana"], made["view"]
    while True:
        assert view["scores"]["next_dealer"] is None and view["result"] is None
        me = tc.post("/v1/tables/view", json={"table": table, "seat": seat}).get_json()["view"]
        move = me["legal_moves"][0] if me["legal_moves"][0]["action"] != "discard" else me["legal_moves"][-1]
        r = tc.post("/v1/tables/move", json={"table": table, "seat": seat, "move": move}).get_json()
        table, view = r["table"], r["view"]
        if view["status"] != "playing":
            break
    assert set(view["result"]["remaining_cards"]) == {"ana", "ben"}
    assert view["scores"]["next_dealer"] in ("ana", "ben")
    spectator = tc.post("/v1/tables/view", json={"table": table}).get_json()["view"]
    assert spectator["result"]["remaining_cards"] == view["result"]["remaining_cards"]
