"""R18a, a stalled hand: 25 turns per player in a row with no meld and no lay-off by anyone end
the hand as a draw (R16), declared when the last of those turns ends. The count is the state's
``stalled_turns`` (optional, 0 by default, in every answer); moves, legal moves, sealed tables,
bots and the scorepad of a sealed game all follow it."""

from __future__ import annotations

from dataclasses import replace

import pytest
from conftest import cards, make_state
from tables_http_support import deal_next
from tables_support import make_app

from referee import PRESETS, Move, apply_move, deal, legal_moves, resolve_rules, turn_options, validate_state
from referee.bots import LEVELS
from referee.bots.selfplay import steps
from referee.errors import InvalidInput
from referee.stall import stall_limit
from schemas.wire import to_json

HOUSE_RULES = {
    **PRESETS,
    "basic+final_discard_required": resolve_rules({"preset": "basic", "final_discard_required": True}),
    "standard+final_discard_required": resolve_rules({"final_discard_required": True}),
    "standard+high_or_low": resolve_rules({"aces": "high_or_low"}),
    "two-restocks+no_limit": resolve_rules({"preset": "two-restocks", "max_restocks": None}),
}


def draw_and_discard(state):
    """One turn with no meld and no lay-off: draw from the stock, discard the card drawn."""
    player = state.turn.player
    state = apply_move(state, Move.draw(player))
    return apply_move(state, Move.discard(player, state.player(player).hand[-1]))


def test_r18a_the_limit_is_25_turns_per_player():
    assert [stall_limit(n) for n in range(2, 7)] == [50, 75, 100, 125, 150]


@pytest.mark.parametrize("preset", sorted(PRESETS))
def test_r18a_two_players_drawing_and_discarding_draw_the_hand_after_turn_50_not_before(preset):
    state = validate_state(deal(["ana", "ben"], PRESETS[preset], seed=11))
    assert state.stalled_turns == 0
    for turn in range(1, 50):
        state = draw_and_discard(state)
        assert state.status == "playing" and state.stalled_turns == turn, turn
    state = draw_and_discard(state)  # turn 50
    assert state.status == "draw" and state.stalled_turns == 50
    assert to_json(state.result()) == {"outcome": "draw", "points": 0}
    assert legal_moves(state) == []
    over = turn_options(state)
    assert [r.rule for r in over.reasons] == ["R18a"]
    assert over.reasons[0].message == (
        "the hand is over: 50 turns in a row (25 each) passed with no meld and no lay-off, so it is a drawn hand "
        "and nobody plays another turn"
    )


def test_r18a_a_lay_off_on_turn_49_starts_the_count_again():
    # ana plays turns 1, 3, …, 49; 8♠ waits in her hand for the run 5♠ 6♠ 7♠ on the table
    state = make_state(
        {"ana": "8S 2C 3D 4H KC QD JH 9C 10D", "ben": "2S 3H 4D 5C 6H 7D 9H 10C JD QC"},
        discard="AH",
        melds=[("m1", "ben", "5S 6S 7S")],
    )
    for _ in range(48):
        state = draw_and_discard(state)
    assert state.stalled_turns == 48 and state.turn.player == "ana"
    state = apply_move(state, Move.draw("ana"))
    state = apply_move(state, Move.lay_off("ana", cards("8S")))
    assert state.stalled_turns == 48  # counted when the turn ends
    state = apply_move(state, Move.discard("ana", state.player("ana").hand[-1]))
    assert state.status == "playing" and state.stalled_turns == 0
    for turn in range(1, 50):
        state = draw_and_discard(state)
        assert state.status == "playing" and state.stalled_turns == turn
    state = draw_and_discard(state)
    assert state.status == "draw"


def test_r18a_a_meld_on_the_last_turn_starts_the_count_again():
    state = make_state({"ana": "4H 5H 6H 2C", "ben": "8D 3C 3D KH 9S"}, discard="QD")
    state = validate_state(replace(state, stalled_turns=49))
    state = apply_move(state, Move.draw("ana"))
    state = apply_move(state, Move.make_meld("ana", cards("4H 5H 6H")))
    state = apply_move(state, Move.discard("ana", cards("2C")[0]))
    assert state.status == "playing" and state.stalled_turns == 0


def test_r18a_the_count_in_the_state_is_checked():
    state = make_state({"ana": "8S 2C", "ben": "8D 3C 3D"}, discard="QD")
    with pytest.raises(InvalidInput, match="R18a"):
        validate_state(replace(state, stalled_turns=50))  # the hand would already be drawn
    with pytest.raises(InvalidInput):
        validate_state(replace(state, stalled_turns=-1))
    # a hand drawn by R18a keeps cards in its stock, which a hand drawn by R18 never does
    drawn = validate_state(replace(state, stalled_turns=50, status="draw"))
    assert drawn.stock and drawn.result().outcome == "draw"
    with pytest.raises(InvalidInput, match="R18"):
        validate_state(replace(state, stalled_turns=10, status="draw"))


def test_r18a_over_http_every_answer_fills_in_the_count(client):
    state = client.post("/v1/deal", json={"players": ["ana", "ben"], "seed": 3}).get_json()["state"]
    assert state["stalled_turns"] == 0
    del state["stalled_turns"]  # optional on input: 0
    moves = []
    s = validate_state(deal(["ana", "ben"], PRESETS["standard"], seed=3))
    for _ in range(49):
        player = s.turn.player
        after_draw = apply_move(s, Move.draw(player))
        card = after_draw.player(player).hand[-1]
        moves += [{"player": player, "action": "draw", "source": "stock"}, {"player": player, "action": "discard", "card": card.code}]
        s = draw_and_discard(s)
    body = client.post("/v1/move", json={"state": state, "moves": moves}).get_json()
    assert body["legal"] and body["applied"] == 98 and body["result"] is None
    assert body["state"]["stalled_turns"] == 49 and body["state"]["status"] == "playing"
    last = draw_and_discard(s)
    card = last.discard[-1].code
    body = client.post(
        "/v1/move",
        json={
            "state": body["state"],
            "moves": [{"player": "ben", "action": "draw", "source": "stock"}, {"player": "ben", "action": "discard", "card": card}],
        },
    ).get_json()
    assert body["result"] == {"outcome": "draw", "points": 0}
    assert body["state"]["stalled_turns"] == 50 and body["state"]["status"] == "draw"
    assert body["summary"].endswith("50 turns in a row (25 each) passed with no meld and no lay-off: the hand is a draw, and nobody scores")
    over = client.post("/v1/legal-moves", json={"state": body["state"]}).get_json()
    assert over["moves"] == [] and over["reasons"][0]["rule"] == "R18a"
    bad = client.post("/v1/legal-moves", json={"state": {**body["state"], "status": "playing"}})
    assert bad.status_code == 422
    assert [e["pointer"] for e in bad.get_json()["errors"]] == ["/state/stalled_turns"]


def test_r18a_at_a_sealed_table():
    tc = make_app().test_client()
    made = tc.post("/v1/tables", json={"players": ["ana", "ben"]}).get_json()
    table, seats, view = made["table"], made["seats"], made["view"]
    assert view["stalled_turns"] == 0
    for turn in range(1, 51):
        player = view["turn"]["player"]
        seat = seats[player]
        r = tc.post("/v1/tables/move", json={"table": table, "seat": seat, "move": {"action": "draw", "source": "stock"}}).get_json()
        drawn = r["view"]["players"][[p["id"] for p in r["view"]["players"]].index(player)]["hand"][-1]
        r = tc.post("/v1/tables/move", json={"table": r["table"], "seat": seat, "move": {"action": "discard", "card": drawn}}).get_json()
        assert r["legal"], r["reasons"]
        table, view = r["table"], r["view"]
        assert view["stalled_turns"] == turn
        if turn < 50:
            assert view["status"] == "playing" and r["result"] is None, turn
    assert view["status"] == "draw" and r["result"] == {"outcome": "draw", "points": 0}
    # every hand laid down; the scorepad of the game counts a drawn hand, and the deal passes left (R19)
    assert set(view["result"]["remaining_cards"]) == {"ana", "ben"}
    assert view["scores"]["hands"][0]["draw"] is True and view["scores"]["totals"] == {"ana": 0, "ben": 0}
    nxt = deal_next(tc, table, made["seats"], last="ana").get_json()  # both seats are human: each sends entropy
    assert nxt["view"]["hand"] == 2 and nxt["view"]["stalled_turns"] == 0
    assert nxt["view"]["dealer"] == view["scores"]["next_dealer"] != view["dealer"]


@pytest.mark.parametrize("rules", sorted(HOUSE_RULES))
@pytest.mark.parametrize("players", [2, 3, 6])
def test_r18a_no_bot_hand_goes_beyond_the_cap(rules, players):
    """Bots' sweeps under every preset and house rule: in no hand do more turns than the cap pass
    in a row without a meld or lay-off, and a hand that reaches it is a draw at once."""
    limit = stall_limit(players)
    for seed in range(6):
        levels = {f"p{i}": LEVELS[(i + seed) % len(LEVELS)] for i in range(players)}
        state = validate_state(deal(list(levels), HOUSE_RULES[rules], seed=seed))
        quiet = 0
        for step in steps(state, levels, seed):
            event, state = step.event, step.after
            if event.action in ("meld", "lay_off"):
                quiet = -1  # this turn melded or laid off: 0 once it ends
            if event.action == "discard" and state.status == "playing":
                quiet = 0 if quiet == -1 else quiet + 1
                assert state.stalled_turns == quiet < limit
        assert state.status in ("out", "draw")
        if state.status == "draw" and state.stock:  # only R18a draws a hand with cards in the stock
            assert state.stalled_turns == limit


def test_a_sealed_tables_summary_of_a_stalled_hand_says_why_it_is_a_draw():
    """The summary a seat reads asks the referee's own what_next (it once had its own copy, which
    said "the stock ran out" of a stalled hand)."""
    from referee.moves import what_next
    from referee.notation import parse_position
    from tables.summary import moved

    stalled = parse_position("ana:8H 4H / ben:8D 3C | - | QD | ... | ana draw | stalled_turns=50 status=draw")
    said = "50 turns in a row (25 each) passed with no meld and no lay-off: the hand is a draw, and nobody scores"
    assert what_next(stalled) == said
    assert moved([], stalled, "ana").lower() == said.lower()
    playing = parse_position("ana:8H 4H / ben:8D 3C | - | QD | ... | ana draw")
    assert what_next(playing, "ana") == "your turn: draw"
    assert what_next(playing, "ben") == what_next(playing) == "ana is to draw"
