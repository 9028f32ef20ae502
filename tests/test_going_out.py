"""The end of a turn: discard (R7, R8), no dead ends (R9), going out (R13), its score (R14)
and going rummy (R15)."""

from __future__ import annotations

import pytest
from conftest import cards, make_state
from moves_support import BEN, TWO, C, codes_of, hand, refused

from referee import (
    PRESETS,
    Move,
    Turn,
    apply_move,
    apply_moves,
    legal_moves,
    resolve_rules,
)
from referee.cards import codes
from schemas.wire import to_json


def ana_out(points: int, remaining: dict[str, int], *, rummy: bool, multiplier: int) -> dict:
    """The result on the wire of a hand that ana went out of (R13), scored by R14 and R15."""
    return {"outcome": "out", "winner": "ana", "rummy": rummy, "multiplier": multiplier, "points": points, "remaining": remaining}


# --- R7, R8 discard ---------------------------------------------------------------------------------


def test_r7_discard_ends_the_turn_and_play_passes_down_the_list():
    state = make_state({"ana": "4H 5H 6H 2C", "ben": "8S 8H 8D", "cy": "3C 3D 3H"}, discard="7D", stock="KC")
    state = apply_moves(state, [Move.draw("ana"), Move.discard("ana", C("2C"))]).state
    assert state.turn == Turn("ben")
    assert codes(state.discard) == ["7D", "2C"]
    state = apply_moves(state, [Move.draw("ben", "discard"), Move.discard("ben", C("8S"))]).state
    assert state.turn == Turn("cy")
    state = apply_moves(state, [Move.draw("cy", "discard"), Move.discard("cy", C("3C"))]).state
    assert state.turn == Turn("ana")  # wraps round


def test_r8_taken_discard_cannot_go_straight_back():
    state = make_state({"ana": "2C 3D 4S 6H 8C 9D JS QH KD AS", "ben": "2D 3H 4C 6S 8D 9H JC QS KH AC"}, discard="7D")
    outcome = apply_moves(state, [Move.draw("ana", "discard"), Move.discard("ana", C("7D"))])
    assert (outcome.legal, outcome.applied) == (False, 1)
    assert [(r.code, r.message, codes(r.cards)) for r in outcome.reasons] == [
        (
            "taken_discard",
            "7♦ was taken from the discard pile this turn, so it cannot be discarded this turn",
            ["7D"],
        )
    ]
    # a card drawn from the stock may be discarded at once
    drawn = apply_moves(state, [Move.draw("ana", "stock"), Move.discard("ana", state.stock[0])])
    assert drawn.legal and drawn.applied == 2


def test_r8_taken_discard_if_last_still_refused_when_not_the_last_card():
    state = make_state({"ana": "2C 3D 4S", "ben": "2D 3H 4C"}, discard="7D", rules=TWO)
    state = apply_move(state, Move.draw("ana", "discard"))
    assert refused(state, Move.discard("ana", C("7D"))) == [
        (
            "taken_discard",
            "7♦ was taken from the discard pile this turn, so it cannot be discarded this turn unless it is the last card in hand",
            ["7D"],
        )
    ]


def test_r8_taken_discard_if_last_allows_it_as_the_last_card_and_goes_out():
    state = make_state({"ana": "8S 8H 8D", "ben": "KC QD 9S AC"}, discard="7D", rules=TWO)
    state = apply_moves(state, [Move.draw("ana", "discard"), Move.make_meld("ana", cards("8S 8H 8D"))]).state
    assert hand(state, "ana") == ["7D"]
    out = apply_move(state, Move.discard("ana", C("7D")))
    assert out.status == "out"
    assert codes(out.discard)[-1] == "7D"
    assert to_json(out.result()) == ana_out(60, {"ben": 30}, rummy=True, multiplier=2)


def test_r8_taken_discard_as_last_card_refused_without_the_option():
    # standard: the same position is a dead end (R9), so the meld that would lead to it is refused
    state = make_state({"ana": "8S 8H 8D", "ben": "KC QD 9S AC"}, discard="7D")
    state = apply_move(state, Move.draw("ana", "discard"))
    assert codes_of(state, Move.make_meld("ana", cards("8S 8H 8D"))) == ["dead_end"]


# --- R9 no dead ends --------------------------------------------------------------------------------


def test_r9_dead_end_after_a_meld():
    state = make_state({"ana": "8S 8H 8D", "ben": BEN}, discard="KC")
    state = apply_move(state, Move.draw("ana", "discard"))
    assert refused(state, Move.make_meld("ana", cards("8S 8H 8D"))) == [
        (
            "dead_end",
            "melding 8♠ 8♥ 8♦ would leave only K♣, the card taken from the discard pile this turn, which can be "
            "neither discarded nor laid off: the turn could not be finished",
            ["KC"],
        )
    ]


def test_r9_dead_end_after_a_lay_off():
    state = make_state({"ana": "7H", "ben": "5C 5D 5H"}, discard="KC", tabled=("ben",), melds=[("m1", "ben", "7S 7D 7C")])
    state = apply_move(state, Move.draw("ana", "discard"))
    assert refused(state, Move.lay_off("ana", cards("7H"), "m1")) == [
        (
            "dead_end",
            "laying off 7♥ would leave only K♣, the card taken from the discard pile this turn, which can be "
            "neither discarded nor laid off: the turn could not be finished",
            ["KC"],
        )
    ]
    assert legal_moves(state) == [Move.discard("ana", C("7H"))]


def test_r9_no_dead_end_when_the_taken_card_can_be_laid_off_then_out_by_lay_off():
    state = make_state({"ana": "8S 8H 8D", "ben": "5C 5D 5H"}, discard="KC", tabled=("ben",), melds=[("m1", "ben", "10C JC QC")])
    state = apply_move(state, Move.draw("ana", "discard"))
    state = apply_move(state, Move.make_meld("ana", cards("8S 8H 8D")))
    assert hand(state, "ana") == ["KC"]
    out = apply_move(state, Move.lay_off("ana", cards("KC")))
    assert codes(out.meld("m1").cards) == ["10C", "JC", "QC", "KC"]
    assert out.status == "out"
    assert to_json(out.result()) == ana_out(30, {"ben": 15}, rummy=True, multiplier=2)


def test_r9_the_meld_just_made_counts_for_the_taken_card():
    # melding 10-J-Q of clubs leaves the taken K♣, which fits the new meld: no dead end
    state = make_state({"ana": "10C JC QC", "ben": "5C 5D 5H"}, discard="KC")
    state = apply_move(state, Move.draw("ana", "discard"))
    state = apply_move(state, Move.make_meld("ana", cards("10C JC QC")))
    assert state.status == "playing" and hand(state, "ana") == ["KC"]
    assert legal_moves(state) == [Move.lay_off("ana", cards("KC"), "m1")]


def test_r9_no_dead_end_under_taken_discard_if_last():
    state = make_state({"ana": "8S 8H 8D", "ben": BEN}, discard="KC", rules=TWO)
    state = apply_move(state, Move.draw("ana", "discard"))
    after = apply_move(state, Move.make_meld("ana", cards("8S 8H 8D")))
    assert hand(after, "ana") == ["KC"] and after.turn.taken_discard == C("KC")


def test_r9_melding_the_taken_card_itself_is_never_a_dead_end():
    state = make_state({"ana": "8S 8H 2C", "ben": BEN}, discard="8D")
    state = apply_move(state, Move.draw("ana", "discard"))
    after = apply_move(state, Move.make_meld("ana", cards("8S 8H 8D")))
    assert hand(after, "ana") == ["2C"] and after.turn.taken_discard is None
    assert legal_moves(after) == [Move.discard("ana", C("2C"))]


def test_r13_final_discard_required_refuses_going_out_by_lay_off():
    rules = resolve_rules({"preset": "standard", "final_discard_required": True})
    state = make_state(
        {"ana": "7H", "ben": "5C 5D 5H"},
        stock="JH",
        rules=rules,
        tabled=("ana", "ben"),
        melds=[("m1", "ben", "7S 7D 7C"), ("m2", "ana", "8H 9H 10H")],
    )
    state = apply_moves(state, [Move.draw("ana"), Move.lay_off("ana", cards("7H"), "m1")]).state
    assert refused(state, Move.lay_off("ana", cards("JH"), "m2")) == [
        (
            "final_discard_required",
            "laying off J♥ would empty the hand, but under these rules the last card must be discarded",
            [],
        )
    ]
    out = apply_move(state, Move.discard("ana", C("JH")))
    assert out.status == "out" and out.result().points == 15


def test_r9_r13_dead_end_under_final_discard_required_even_when_the_card_would_fit():
    rules = resolve_rules({"preset": "standard", "final_discard_required": True})
    state = make_state(
        {"ana": "8S 8H 8D", "ben": "5C 5D 5H"}, discard="KC", rules=rules, tabled=("ben",), melds=[("m1", "ben", "10C JC QC")]
    )
    state = apply_move(state, Move.draw("ana", "discard"))
    assert codes_of(state, Move.make_meld("ana", cards("8S 8H 8D"))) == ["dead_end"]


# --- R13 going out, R14 score, R15 going rummy -----------------------------------------------------


def test_r13_out_by_meld_ends_the_hand_at_once():
    state = make_state({"ana": "8S 8H", "ben": "3C 3D 3H 6C 6D 2D JS", "cy": "KC QD 9S AC"}, stock="8D")
    outcome = apply_moves(state, [Move.draw("ana"), Move.make_meld("ana", cards("8S 8H 8D"))])
    assert outcome.legal and outcome.applied == 2
    out = outcome.state
    assert out.status == "out" and hand(out, "ana") == []
    assert to_json(out.result()) == ana_out(126, {"ben": 33, "cy": 30}, rummy=True, multiplier=2)
    assert outcome.result == out.result()
    # nobody plays another turn
    assert refused(out, Move.draw("ben")) == [("hand_over", "the hand is over: ana went out, so nobody plays another turn", [])]
    assert legal_moves(out) == []


def test_r13_out_by_lay_offs_not_rummy_after_tabling_earlier():
    state = make_state(
        {"ana": "7H", "ben": "KC QD 9S AC"},
        stock="JH",
        tabled=("ana", "ben"),
        melds=[("m1", "ben", "7S 7D 7C"), ("m2", "ana", "8H 9H 10H")],
    )
    out = apply_moves(state, [Move.draw("ana"), Move.lay_off("ana", cards("7H"), "m1"), Move.lay_off("ana", cards("JH"), "m2")]).state
    assert out.status == "out"
    assert codes(out.meld("m2").cards) == ["8H", "9H", "10H", "JH"]
    assert to_json(out.result()) == ana_out(30, {"ben": 30}, rummy=False, multiplier=1)


def test_r13_out_by_discard():
    state = make_state({"ana": "8S 8H 2C", "ben": "KC QD 9S AC", "cy": "5H 5S"}, stock="8D", tabled=("ana",))
    outcome = apply_moves(state, [Move.draw("ana"), Move.make_meld("ana", cards("8S 8H 8D")), Move.discard("ana", C("2C"))])
    out = outcome.state
    assert out.status == "out" and codes(out.discard)[-1] == "2C"
    assert out.turn.player == "ana"  # the turn does not pass on: the hand is over
    assert to_json(outcome.result) == ana_out(40, {"ben": 30, "cy": 10}, rummy=False, multiplier=1)


def test_r14_melded_cards_of_opponents_never_score():
    # ben's meld on the table is not counted, only the cards in his hand
    state = make_state({"ana": "8S 8H", "ben": "AC 2C"}, stock="8D", tabled=("ben",), melds=[("m1", "ben", "KS KH KD")])
    out = apply_moves(state, [Move.draw("ana"), Move.make_meld("ana", cards("8S 8H 8D"))]).state
    assert out.result().remaining == {"ben": 3}
    assert out.result().points == 6  # rummy: 2 × 3


@pytest.mark.parametrize("preset, multiplier, points", [("standard", 2, 60), ("two-restocks", 2, 60), ("basic", 1, 30)])
def test_r15_going_rummy_multiplier_by_preset(preset, multiplier, points):
    state = make_state({"ana": "8S 8H 2C", "ben": "KC QD 9S AC"}, stock="8D", rules=PRESETS[preset])
    out = apply_moves(state, [Move.draw("ana"), Move.make_meld("ana", cards("8S 8H 8D")), Move.discard("ana", C("2C"))]).state
    assert to_json(out.result()) == ana_out(points, {"ben": 30}, rummy=True, multiplier=multiplier)


def test_r15_two_melds_and_a_lay_off_in_one_turn_is_still_rummy():
    state = make_state(
        {"ana": "8S 8H 8D 4H 5H 6H 9C", "ben": "KC QD 9S AC"}, stock="7H", tabled=("ben",), melds=[("m1", "ben", "10C JC QC")]
    )
    out = apply_moves(
        state,
        [
            Move.draw("ana"),
            Move.make_meld("ana", cards("8S 8H 8D")),
            Move.make_meld("ana", cards("4H 5H 6H 7H")),
            Move.lay_off("ana", cards("9C"), "m1"),
        ],
    )
    assert out.legal
    assert to_json(out.result) == ana_out(60, {"ben": 30}, rummy=True, multiplier=2)
    assert codes(out.state.meld("m1").cards) == ["9C", "10C", "JC", "QC"]


def test_r15_tabled_becomes_true_at_the_end_of_a_turn_with_a_meld():
    state = make_state({"ana": "8S 8H 8D 2C 5H", "ben": BEN}, stock="KC")
    after = apply_moves(state, [Move.draw("ana"), Move.make_meld("ana", cards("8S 8H 8D"))]).state
    assert after.player("ana").tabled is False  # not yet: the turn has not ended
    after = apply_move(after, Move.discard("ana", C("2C")))
    assert after.player("ana").tabled is True
    assert after.player("ben").tabled is False


def test_r15_tabled_becomes_true_after_a_lay_off_only():
    state = make_state({"ana": "7H 2C 3D", "ben": "5C 5D 5H"}, stock="KC", tabled=("ben",), melds=[("m1", "ben", "7S 7D 7C")])
    after = apply_moves(state, [Move.draw("ana"), Move.lay_off("ana", cards("7H")), Move.discard("ana", C("2C"))]).state
    assert after.player("ana").tabled is True


def test_r15_tabled_stays_false_after_a_plain_turn():
    state = make_state({"ana": "7H 2C 3D", "ben": "5C 5D 5H"}, stock="KC")
    after = apply_moves(state, [Move.draw("ana"), Move.discard("ana", C("2C"))]).state
    assert after.player("ana").tabled is False


def test_r13_hand_over_after_a_drawn_hand():
    state = make_state({"ana": "7H 2C 3D", "ben": "5C 5D 5H"}, status="draw")
    assert refused(state, Move.draw("ana")) == [
        ("hand_over", "the hand is over: it is a drawn hand (the stock ran out), so nobody plays another turn", [])
    ]
    assert to_json(state.result()) == {"outcome": "draw", "points": 0}
    assert legal_moves(state) == []


def test_r13_hand_over_comes_before_any_other_check():
    state = make_state({"ana": "", "ben": "5C 5D 5H"}, status="out")
    assert codes_of(state, Move.draw("ben")) == ["hand_over"]
    assert codes_of(state, Move.discard("ana", C("5C"))) == ["hand_over"]
