"""When the stock runs out: restocks (R17), the restock limit and drawn hands (R16, R18)."""

from __future__ import annotations

import pytest
from conftest import cards, make_state

from referee import DECK, PRESETS, IllegalMove, InvalidInput, Move, Turn, apply_move, apply_moves, legal_moves, parse_card, resolve_rules
from referee.cards import codes
from schemas.wire import to_json

BASIC, STANDARD, TWO = PRESETS["basic"], PRESETS["standard"], PRESETS["two-restocks"]
ANA = "7H 8H 9H 10H JH QH KH AS 2S 3S"
BEN = "4S 5S 6S 7S 8S 9S 10S JS QS KS"  # 4+5+6+7+8+9+10+10+10+10 = 79 points


def C(code):
    return parse_card(code)


def spent(bottom="2C 3C", top="KD", stock="", hands=None, **kw):
    """A two-player table with every card placed: ``stock`` (default empty) is the whole stock;
    the discard pile is ``bottom`` (bottom first), every other card in deck order, then ``top``."""
    hands = hands or {"ana": ANA, "ben": BEN}
    placed = set()
    for text in (*hands.values(), bottom, top, stock, *(m[2] for m in kw.get("melds", ()))):
        placed |= set(cards(text))
    filler = " ".join(c.code for c in DECK if c not in placed)
    state = make_state(hands, discard=f"{bottom} {filler} {top}", stock=stock, **kw)
    assert len(state.stock) == len(cards(stock))
    return state


# --- R17 keep_top (basic) -----------------------------------------------------------------------


def test_r17_keep_top_restock_bottom_card_comes_up_first():
    state = spent(rules=BASIC)
    pile = state.discard
    assert (codes(pile[:2]), codes(pile[-1:]), len(pile), state.stock) == (["2C", "3C"], ["KD"], 32, ())
    after = apply_move(state, Move.draw("ana", "stock"))
    # every discard but the top K♦ is turned over; the bottom 2♣ is the new stock's top card and is drawn
    assert codes(after.player("ana").hand)[-1] == "2C"
    assert codes(after.discard) == ["KD"]
    assert after.stock == pile[1:-1]
    assert codes(after.stock[:1]) == ["3C"] and len(after.stock) == 30
    assert after.restocks == 1
    assert after.status == "playing" and after.turn == Turn("ana", "play")


def test_r17_keep_top_may_take_the_top_discard_instead():
    state = spent(rules=BASIC)
    after = apply_move(state, Move.draw("ana", "discard"))
    assert codes(after.player("ana").hand)[-1] == "KD"
    assert after.stock == () and after.restocks == 0
    assert after.turn.taken_discard == C("KD")
    assert legal_moves(state) == [Move.draw("ana", "stock"), Move.draw("ana", "discard")]


def test_r17_keep_top_next_player_still_faces_an_empty_stock_after_a_discard_draw():
    state = spent(rules=BASIC)
    after = apply_moves(state, [Move.draw("ana", "discard"), Move.discard("ana", C("AS"))]).state
    assert after.stock == () and codes(after.discard[-1:]) == ["AS"] and after.turn == Turn("ben")
    assert after.restocks == 0


# --- R17 turn_over (standard) ---------------------------------------------------------------------


def test_r17_turn_over_whole_pile_bottom_card_comes_up_first_discard_empty():
    state = spent(rules=STANDARD)
    pile = state.discard
    after = apply_move(state, Move.draw("ana", "stock"))
    assert codes(after.player("ana").hand)[-1] == "2C"
    assert after.discard == ()
    assert after.stock == pile[1:]
    assert codes(after.stock[:1]) == ["3C"] and codes(after.stock[-1:]) == ["KD"]  # the old top is now at the bottom
    assert after.restocks == 1


def test_r17_turn_over_may_take_the_top_discard_instead():
    state = spent(rules=STANDARD)
    after = apply_move(state, Move.draw("ana", "discard"))
    assert codes(after.player("ana").hand)[-1] == "KD" and after.restocks == 0 and after.stock == ()


def test_r17_restocks_are_counted_each_time():
    state = spent(rules=STANDARD, restocks=4)
    assert apply_move(state, Move.draw("ana", "stock")).restocks == 5


def test_r17_turn_over_a_pile_of_one_card():
    # everything else is in hands and melds; the discard pile is just the Q♦
    melds = [
        ("m1", None, "AC 2C 3C 4C 5C 6C 7C 8C 9C 10C JC QC KC"),
        ("m2", None, "AD 2D 3D 4D 5D 6D 7D 8D 9D 10D JD"),
        ("m3", None, "AH 2H 3H 4H 5H 6H"),
        ("m4", None, "KD KH KS"),
    ]
    state = make_state({"ana": "7H 8H 9H 10H JH QH AS 2S 3S", "ben": "4S 5S 6S 7S 8S 9S 10S JS QS"}, discard="QD", melds=melds)
    assert state.stock == ()
    after = apply_move(state, Move.draw("ana", "stock"))
    assert codes(after.player("ana").hand)[-1] == "QD"
    assert (after.stock, after.discard, after.restocks, after.status) == ((), (), 1, "playing")


# --- R18 Decision: no card to turn over -----------------------------------------------------------

NOTHING_LEFT_MELDS = [
    ("m1", None, "AC 2C 3C 4C 5C 6C 7C 8C 9C 10C JC QC KC"),
    ("m2", None, "AD 2D 3D 4D 5D 6D 7D 8D 9D 10D JD QD KD"),
    ("m3", None, "AH 2H 3H 4H 5H 6H"),
]


def test_r18_turn_over_with_no_card_to_turn_over_is_a_drawn_hand():
    state = make_state({"ana": ANA, "ben": BEN}, discard="", melds=NOTHING_LEFT_MELDS)
    assert (state.stock, state.discard) == ((), ())
    assert legal_moves(state) == [Move.draw("ana", "stock")]
    after = apply_move(state, Move.draw("ana", "stock"))
    assert after.status == "draw"
    assert to_json(after.result()) == {"outcome": "draw", "points": 0}
    assert after.player("ana").hand == state.player("ana").hand  # nothing was drawn
    assert legal_moves(after) == []


def test_r18_keep_top_with_only_the_top_discard_left_is_a_drawn_hand():
    melds = [m for m in NOTHING_LEFT_MELDS if m[0] != "m3"] + [("m3", None, "AH 2H 3H 4H 5H")]
    state = make_state({"ana": ANA, "ben": BEN}, discard="6H", melds=melds, rules=BASIC)
    assert (state.stock, codes(state.discard)) == ((), ["6H"])
    assert apply_move(state, Move.draw("ana", "stock")).status == "draw"
    # taking the top discard is still allowed
    taken = apply_move(state, Move.draw("ana", "discard"))
    assert taken.status == "playing" and codes(taken.player("ana").hand)[-1] == "6H"


# --- R18 max_restocks at draw time (keep_top, turn_over) -----------------------------------------


@pytest.mark.parametrize("preset", ["basic", "standard"])
def test_r18_limit_reached_at_draw_time_makes_a_drawn_hand(preset):
    rules = resolve_rules({"preset": preset, "max_restocks": 2})
    state = spent(rules=rules, restocks=2)
    after = apply_move(state, Move.draw("ana", "stock"))
    assert after.status == "draw" and after.restocks == 2
    assert to_json(after.result()) == {"outcome": "draw", "points": 0}
    with pytest.raises(IllegalMove) as info:
        apply_move(after, Move.discard("ana", C("AS")))
    assert info.value.reasons[0].code == "hand_over"


@pytest.mark.parametrize("preset", ["basic", "standard"])
def test_r18_limit_reached_the_top_discard_may_still_be_taken(preset):
    rules = resolve_rules({"preset": preset, "max_restocks": 2})
    state = spent(rules=rules, restocks=2)
    after = apply_move(state, Move.draw("ana", "discard"))
    assert after.status == "playing" and codes(after.player("ana").hand)[-1] == "KD"


@pytest.mark.parametrize("preset", ["basic", "standard"])
def test_r18_below_the_limit_the_restock_happens(preset):
    rules = resolve_rules({"preset": preset, "max_restocks": 2})
    after = apply_move(spent(rules=rules, restocks=1), Move.draw("ana", "stock"))
    assert (after.status, after.restocks, codes(after.player("ana").hand)[-1]) == ("playing", 2, "2C")


# --- R17 immediate (two-restocks) -----------------------------------------------------------------


def test_r17_immediate_restock_at_the_end_of_the_turn_that_empties_the_stock():
    state = spent(stock="QS", hands={"ana": ANA, "ben": "4S 5S 6S 7S 8S 9S 10S JS KS 4D"}, rules=TWO)
    pile = state.discard
    drawn = apply_move(state, Move.draw("ana", "stock"))
    assert codes(drawn.player("ana").hand)[-1] == "QS"
    assert drawn.stock == () and drawn.restocks == 0  # the turn has not ended yet
    ended = apply_move(drawn, Move.discard("ana", C("AS")))
    # the whole pile, with the A♠ just discarded on top, is turned over: the bottom 2♣ comes up first
    assert ended.discard == ()
    assert ended.stock == pile + (C("AS"),)
    assert codes(ended.stock[:2]) == ["2C", "3C"] and codes(ended.stock[-1:]) == ["AS"]
    assert ended.restocks == 1 and ended.turn == Turn("ben")
    # the next player must draw from the stock
    assert legal_moves(ended) == [Move.draw("ben", "stock")]
    with pytest.raises(IllegalMove) as info:
        apply_move(ended, Move.draw("ben", "discard"))
    assert info.value.reasons[0].code == "discard_pile_empty"
    assert codes(apply_move(ended, Move.draw("ben", "stock")).player("ben").hand)[-1] == "2C"


def test_r18_immediate_third_time_the_hand_is_a_draw_when_the_turn_ends():
    state = spent(stock="QS", hands={"ana": ANA, "ben": "4S 5S 6S 7S 8S 9S 10S JS KS 4D"}, rules=TWO, restocks=2)
    drawn = apply_move(state, Move.draw("ana", "stock"))
    assert drawn.status == "playing"  # the player who empties the stock finishes the turn
    ended = apply_move(drawn, Move.discard("ana", C("AS")))
    assert ended.status == "draw" and ended.restocks == 2 and ended.stock == ()
    assert to_json(ended.result()) == {"outcome": "draw", "points": 0}
    assert legal_moves(ended) == []


def test_r18_immediate_the_player_who_empties_the_stock_may_still_go_out():
    hands = {"ana": "JH QH", "ben": "4S 5S 6S 7S 8S 9S 10S JS KS 4D"}  # ben: 4+5+6+7+8+9+10+10+10+4 = 73
    state = spent(stock="KH", hands=hands, rules=TWO, restocks=2, tabled=("ana",), melds=[("m1", "ana", "8H 9H 10H")])
    out = apply_moves(state, [Move.draw("ana", "stock"), Move.lay_off("ana", cards("JH QH KH"), "m1")])
    assert out.legal and out.state.status == "out"
    assert to_json(out.result) == {
        "outcome": "out",
        "winner": "ana",
        "rummy": False,
        "multiplier": 1,
        "points": 73,
        "remaining": {"ben": 73},
    }


def test_r17_immediate_nothing_happens_while_stock_remains():
    state = spent(stock="QS 2D", hands={"ana": ANA, "ben": "4S 5S 6S 7S 8S 9S 10S JS KS 4H"}, rules=TWO)
    ended = apply_moves(state, [Move.draw("ana", "stock"), Move.discard("ana", C("AS"))]).state
    assert codes(ended.stock) == ["2D"] and ended.restocks == 0 and codes(ended.discard[-1:]) == ["AS"]


@pytest.mark.parametrize("preset", ["basic", "standard"])
def test_r17_other_modes_wait_for_a_draw_to_restock(preset):
    state = spent(stock="QS", hands={"ana": ANA, "ben": "4S 5S 6S 7S 8S 9S 10S JS KS 4D"}, rules=PRESETS[preset])
    ended = apply_moves(state, [Move.draw("ana", "stock"), Move.discard("ana", C("AS"))]).state
    assert ended.stock == () and ended.restocks == 0 and codes(ended.discard[-1:]) == ["AS"]


def test_r17_immediate_stock_found_empty_at_a_draw_is_a_malformed_table():
    # not reachable by play: under immediate the stock is rebuilt (or the hand drawn) as the
    # turn before ends, so a turn never starts without one
    with pytest.raises(InvalidInput) as bad:
        spent(rules=TWO)
    assert bad.value.problems[0].path == ("stock",)
