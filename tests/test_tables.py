"""Sealed tables over HTTP (contract, Sealed tables; Computer opponents): views, seats, moves,
bad bodies, whole hands and games, bots. Tampered tokens, key rotation and settings:
test_tables_tokens.py; shared calls: tables_http_support.py."""

# The fixtures tapp and tc come from tables_http_support; pytest passes them to the tests by name.
# ruff: noqa: F811
from __future__ import annotations

import pytest
from tables_http_support import create, create_playing, deal_next, move, play_hand, seeded, tables_of, tapp, tc, view  # noqa: F401 (fixtures)
from tables_support import codes_in, hidden_cards

from referee import HandEntry, Remaining, replay
from referee.rules import PRESETS, resolve_rules
from schemas.tables import ViewSchema
from schemas.wire import to_json

# A spectator's view: every field its schema declares but those only a seat may get (legal_moves,
# on its turn). Read from the declaration, so a new field of the state, which the view follows
# (schemas.tables._state_as_seen), is expected here without a second list.
VIEW_FIELDS = {field.data_key or name for name, field in ViewSchema().fields.items() if not field.metadata.get("answer_optional")}

# --- making a table and looking at it --------------------------------------------------------


def test_a_new_table_gives_a_seat_per_player_and_the_spectators_view(tc):
    made = create(tc)
    assert set(made["seats"]) == {"ana", "ben", "cy"}
    assert len(set(made["seats"].values())) == 3
    v = made["view"]
    assert set(v) == VIEW_FIELDS
    assert "legal_moves" not in v  # a spectator never gets legal moves
    assert v["hand"] == 1 and v["seq"] == 0 and v["dealer"] == "cy" and v["turn"]["player"] == "ana"
    # R2: 7 cards each with 3 players, one up card, the rest (52 - 21 - 1 = 30) is the stock
    assert [(p["id"], p["cards"]) for p in v["players"]] == [("ana", 7), ("ben", 7), ("cy", 7)]
    assert all(set(p) == {"id", "cards", "tabled"} for p in v["players"])
    assert v["stock"] == 30 and len(v["discard"]) == 1
    assert v["scores"]["totals"] == {"ana": 0, "ben": 0, "cy": 0} and v["scores"]["next_dealer"] is None  # while the hand is played
    assert made["table"].startswith("rt1.")


def test_each_seat_sees_its_own_hand_and_legal_moves_only_on_its_turn(tc, tapp):
    made = create(tc)
    table = tables_of(tapp).open(made["table"])
    for pid in ("ana", "ben", "cy"):
        v = view(tc, made["table"], made["seats"][pid])
        own = [p for p in v["players"] if p["id"] == pid][0]
        assert own["hand"] == [c.code for c in table.game.state.player(pid).hand]
        assert all("hand" not in p for p in v["players"] if p["id"] != pid)
        assert ("legal_moves" in v) == (pid == "ana")
        assert not codes_in(v) & hidden_cards(table, pid)
    ana = view(tc, made["table"], made["seats"]["ana"])
    assert ana["legal_moves"] == [
        {"player": "ana", "action": "draw", "source": "stock"},
        {"player": "ana", "action": "draw", "source": "discard"},
    ]


def test_a_deal_comes_from_the_csprng_not_a_client_seed(tc):
    r = tc.post("/v1/tables", json={"players": ["ana", "ben"], "seed": 7})
    assert r.status_code == 422 and r.get_json()["errors"][0]["pointer"] == "/seed"
    hands = {tuple(view(tc, m["table"], m["seats"]["ana"])["players"][0]["hand"]) for m in (create(tc, ("ana", "ben")) for _ in range(5))}
    assert len(hands) == 5


# --- moves --------------------------------------------------------------------------------------


def test_a_move_answers_the_seats_view_and_a_new_token(tc, tapp):
    made = create(tc, ("ana", "ben"))
    seat = made["seats"]["ana"]
    top = made["view"]["discard"][-1]
    r = move(tc, made["table"], seat, move={"action": "draw", "source": "discard"})
    body = r.get_json()
    assert r.status_code == 200 and body["legal"] and body["applied"] == 1 and body["result"] is None
    assert body["events"] == [{"player": "ana", "action": "draw", "source": "discard", "card": top}]
    v = body["view"]
    assert v["seq"] == 1 and v["turn"]["phase"] == "play" and v["players"][0]["cards"] == 11
    assert v["players"][0]["hand"][-1] == top and v["discard"] == []
    assert body["table"] != made["table"]
    # the old token still opens (no replay guard here): it is the table before the move
    assert view(tc, made["table"])["seq"] == 0


def test_an_illegal_move_is_an_ordinary_answer_and_changes_nothing(tc):
    made = create(tc, ("ana", "ben"))
    r = move(tc, made["table"], made["seats"]["ben"], move={"action": "draw", "source": "stock"})
    body = r.get_json()
    assert r.status_code == 200 and body["legal"] is False and body["applied"] == 0
    assert [x["code"] for x in body["reasons"]] == ["not_your_turn"]
    assert body["table"] == made["table"] and body["view"]["seq"] == 0


def test_a_second_draw_is_refused(tc):
    made = create(tc, ("ana", "ben"))
    r = move(tc, made["table"], made["seats"]["ana"], moves=[{"action": "draw", "source": "stock"}, {"action": "draw", "source": "stock"}])
    body = r.get_json()
    assert body["legal"] is False and body["applied"] == 1 and body["reasons"][0]["code"] == "already_drew"
    assert body["view"]["players"][0]["cards"] == 11  # ten dealt and one drawn, never a twelfth


def test_a_move_for_another_player_is_403(tc):
    made = create(tc, ("ana", "ben"))
    r = move(tc, made["table"], made["seats"]["ben"], move={"player": "ana", "action": "draw", "source": "stock"})
    assert r.status_code == 403 and r.mimetype == "application/problem+json"
    assert r.get_json()["detail"] == "this seat is ben's: it cannot move for ana"


def test_a_seat_of_another_table_or_a_made_up_seat_is_403(tc):
    one, two = create(tc, ("ana", "ben")), create(tc, ("ana", "ben"))
    for seat in (two["seats"]["ana"], "x" * 22, "", "é"):
        r = move(tc, one["table"], seat, move={"action": "draw", "source": "stock"})
        if seat == "":
            assert r.status_code == 422  # an empty seat is not a seat at all
            continue
        assert r.status_code == 403, seat
        assert r.get_json()["detail"] == "this seat is not a seat at this table"
        assert tc.post("/v1/tables/view", json={"table": one["table"], "seat": seat}).status_code == 403


# --- bad bodies ---------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "body, pointer",
    [
        ({"players": ["ana"]}, "/players"),
        ({"players": ["ana", "ana"]}, "/players/1"),
        ({"players": ["ana", "ben"], "bots": {"ana": "easy", "ben": "hard"}}, "/bots"),
        ({"players": ["ana", "ben"], "bots": {"cy": "easy"}}, "/bots/cy"),
        ({"players": ["ana", "ben"], "bots": {"ben": "genius"}}, "/bots/ben"),
        ({"players": ["ana", "ben"], "dealer": "cy"}, "/dealer"),
        ({"players": ["ana", "ben"], "rules": {"target_score": 0}}, "/rules/target_score"),
    ],
)
def test_a_table_that_cannot_be_is_422_naming_the_field(tc, body, pointer):
    r = tc.post("/v1/tables", json=body)
    assert r.status_code == 422 and r.mimetype == "application/problem+json"
    assert pointer in [e["pointer"] for e in r.get_json()["errors"]], r.get_json()


def test_all_bots_is_422_with_a_sentence(tc):
    r = tc.post("/v1/tables", json={"players": ["ana", "ben"], "bots": {"ana": "easy", "ben": "hard"}})
    assert r.get_json()["errors"] == [
        {"pointer": "/bots", "detail": "every seat is a computer opponent: a table needs at least one human player"}
    ]


def test_move_and_moves_together_or_neither_is_422(tc):
    made = create(tc, ("ana", "ben"))
    seat = made["seats"]["ana"]
    m = {"action": "draw", "source": "stock"}
    assert tc.post("/v1/tables/move", json={"table": made["table"], "seat": seat}).status_code == 422
    assert tc.post("/v1/tables/move", json={"table": made["table"], "seat": seat, "move": m, "moves": [m]}).status_code == 422
    r = tc.post("/v1/tables/move", json={"table": made["table"], "seat": seat, "move": {"action": "discard", "card": "ZZ"}})
    assert r.status_code == 422 and r.get_json()["errors"][0]["pointer"] == "/move/card"


# --- whole hands and games ----------------------------------------------------------------------


def test_a_whole_hand_ends_with_the_cards_laid_down_and_scored_as_the_scorepad_does(tc, tapp):
    made = seeded(tapp, ("ana", "ben", "cy"), 5)
    table, last = play_hand(tc, made["table"], made["seats"])
    end = tables_of(tapp).open(table).game.state
    result = last["result"]
    assert result == to_json(end.result())
    v = view(tc, table)
    assert v["result"]["remaining_cards"] == {p.id: [c.code for c in p.hand] for p in end.players}
    if result["outcome"] == "out":
        pad = replay(
            ["ana", "ben", "cy"],
            PRESETS["standard"],
            [HandEntry(result["winner"], result["rummy"], {p: Remaining(points=n) for p, n in result["remaining"].items()})],
            "cy",
        )
        assert v["scores"]["totals"] == pad.totals and v["scores"]["totals"][result["winner"]] == result["points"]
        payload = {
            "players": ["ana", "ben", "cy"],
            "first_dealer": "cy",
            "hands": [
                {
                    "winner": result["winner"],
                    "rummy": result["rummy"],
                    "remaining": {p: {"cards": v["result"]["remaining_cards"][p]} for p in result["remaining"]},
                }
            ],
        }
        pad_http = tc.post("/v1/scorepad", json=payload).get_json()
        assert {k: pad_http[k] for k in v["scores"]} == v["scores"]


def test_next_deals_by_r19_carries_scores_and_stops_at_the_end_of_the_game(tc, tapp):
    made = seeded(tapp, ("ana", "ben"), 3, rules=resolve_rules({"deals": 2}))
    r = tc.post("/v1/tables/next", json={"table": made["table"], "seat": made["seats"]["ana"]})
    assert r.status_code == 409 and r.get_json()["detail"] == "hand 1 is still being played: the next hand is dealt when it ends"
    table, last = play_hand(tc, made["table"], made["seats"])
    result = last["result"]
    # two human seats: each sends its entropy (ben's moves seq on by one), ana's request deals
    nxt = deal_next(tc, table, made["seats"], last="ana").get_json()
    v = nxt["view"]
    assert v["hand"] == 2 and v["status"] == "playing" and v["stock"] == 31 and v["seq"] == last["view"]["seq"] + 2
    # R19 under standard rules with two players: the winner of a hand deals the next; after a drawn hand, the dealer's left
    assert v["dealer"] == (result["winner"] if result["outcome"] == "out" else "ana")
    assert v["scores"]["hands"][0]["dealer"] == "ben" and last["view"]["scores"]["next_dealer"] == v["dealer"]
    assert v["scores"]["next_dealer"] is None  # while the new hand is played
    table2, last2 = play_hand(tc, nxt["table"], made["seats"])
    final = view(tc, table2)
    hands = [
        {"draw": True}
        if h["draw"]
        else {"winner": h["winner"], "rummy": h["rummy"], "remaining": {p: {"points": n} for p, n in h["remaining"].items()}}
        for h in final["scores"]["hands"]
    ]
    pad = tc.post("/v1/scorepad", json={"players": ["ana", "ben"], "first_dealer": "ben", "rules": {"deals": 2}, "hands": hands}).get_json()
    assert {k: pad[k] for k in final["scores"]} == final["scores"]
    if final["scores"]["game_over"]:
        r = tc.post("/v1/tables/next", json={"table": table2, "seat": made["seats"]["ana"]})
        assert r.status_code == 409 and r.get_json()["detail"].startswith(f"the game is over: {final['scores']['winner']} won with ")
    else:  # equal totals after the last deal: another hand (R20)
        assert deal_next(tc, table2, made["seats"]).get_json()["view"]["hand"] == 3


# --- computer opponents -------------------------------------------------------------------------


def test_bots_play_until_a_human_is_to_move_and_events_say_what_everyone_saw(tc, tapp):
    made = create_playing(tc, ("bob", "ana", "cy"), bots={"bob": "easy", "cy": "hard"}, dealer="cy")
    assert set(made["seats"]) == {"ana"}
    # bob leads (the dealer's left), so bob's turn is played at once: a draw and a discard. The deal is random
    # (a fresh seed per hand, R3), so bob may take the up card: a draw from the stock shows no card, one from
    # the discard pile shows the card everyone saw turned up.
    ev = made["events"]
    if ev[0].get("source") == "discard":
        assert ev[0] == {"player": "bob", "action": "draw", "source": "discard", "card": ev[0]["card"]}
    else:
        assert ev[0] == {"player": "bob", "action": "draw", "source": "stock"}
    assert ev[-1]["player"] == "bob" and ev[-1]["action"] == "discard" and "card" in ev[-1]
    assert made["view"]["turn"] == {"player": "ana", "phase": "draw", "taken_discard": None, "melds_made": 0, "laid_off": False}
    assert made["view"]["seq"] == len(ev) and made["view"]["events"] == ev
    seat = made["seats"]["ana"]
    v = view(tc, made["table"], seat)
    assert v["events"] == ev and "legal_moves" in v
    hand = [p for p in v["players"] if p["id"] == "ana"][0]["hand"]
    r = move(tc, made["table"], seat, moves=[{"action": "draw", "source": "stock"}, {"action": "discard", "card": hand[0]}])
    body = r.get_json()
    assert body["legal"] and body["applied"] == 2
    assert body["events"][:2] == [
        {"player": "ana", "action": "draw", "source": "stock"},
        {"player": "ana", "action": "discard", "card": hand[0]},
    ]
    if body["view"]["status"] == "playing":
        assert body["view"]["turn"]["player"] == "ana"
        assert {e["player"] for e in body["events"][2:]} == {"cy", "bob"}
        # ana's view: the moves since her last one (cy's turn, then bob's)
        assert body["view"]["events"] == body["events"][2:]
    table = tables_of(tapp).open(body["table"])
    assert table.game.seq == body["view"]["seq"] == len(ev) + len(body["events"])
    assert not codes_in({k: v for k, v in body["view"].items() if k != "events"}) & hidden_cards(table, "ana")


def test_a_hand_against_bots_plays_to_its_end(tc, tapp):
    made = seeded(tapp, ("ana", "bob"), 4, bots={"bob": "medium"})
    table, last = play_hand(tc, made["table"], made["seats"])
    assert last["view"]["status"] in ("out", "draw") and last["result"] is not None


def test_next_with_a_bot_to_lead_plays_its_turn_and_says_so(tc, tapp):
    made = seeded(tapp, ("ana", "bob"), 4, bots={"bob": "easy"})
    table, last = play_hand(tc, made["table"], made["seats"])
    r = tc.post("/v1/tables/next", json={"table": table, "seat": made["seats"]["ana"]}).get_json()
    v = r["view"]
    leader = "bob" if v["dealer"] == "ana" else "ana"  # the dealer's left leads (R3)
    assert v["hand"] == 2 and v["turn"]["player"] == "ana"
    if leader == "bob":
        assert [e["player"] for e in r["events"]] == ["bob"] * len(r["events"]) and r["events"][-1]["action"] == "discard"
        assert v["seq"] == last["view"]["seq"] + 1 + len(r["events"])
    else:
        assert r["events"] == [] and v["seq"] == last["view"]["seq"] + 1
