"""Moves: draw (R3, R4), melds (R5) and lay-offs (R6), and apply_moves. The turn's end (R7–R9,
R13–R15) is in test_going_out.py, the rule each refusal names in test_reason_rules.py, the
malformed states ``validate_state`` refuses in test_validate_state.py."""

from __future__ import annotations

import re
from dataclasses import replace

import pytest
from conftest import cards, make_state
from moves_support import BASIC, BEN, STANDARD, C, codes_of, hand, refused

from referee import (
    IllegalMove,
    InvalidInput,
    Meld,
    Move,
    Turn,
    apply_move,
    apply_moves,
    can_play,
    legal_moves,
    parse_card,
)
from referee.cards import codes

# --- R4 draw --------------------------------------------------------------------------------------


def test_r4_draw_from_stock_takes_its_top_card_to_the_end_of_the_hand():
    state = make_state({"ana": "4H 5H 6H KC 2D 9C JD", "ben": "8S 8H 8D 2C 3C 4C 5C"}, discard="7D", stock="QS 10C")
    after = apply_move(state, Move.draw("ana", "stock"))
    assert hand(after, "ana") == ["4H", "5H", "6H", "KC", "2D", "9C", "JD", "QS"]
    assert codes(after.stock[:1]) == ["10C"] and len(after.stock) == len(state.stock) - 1
    assert codes(after.discard) == ["7D"]
    assert after.turn == Turn("ana", "play", None, 0, False)


def test_r4_draw_from_discard_takes_only_the_top_card():
    state = make_state({"ana": "4H 5H 6H KC 2D 9C JD", "ben": "8S 8H 8D 2C 3C 4C 5C"}, discard="7D QS 10C")
    after = apply_move(state, Move.draw("ana", "discard"))
    assert hand(after, "ana")[-1] == "10C"
    assert codes(after.discard) == ["7D", "QS"]
    assert after.stock == state.stock
    assert after.turn == Turn("ana", "play", C("10C"), 0, False)


def test_r4_already_drew():
    state = apply_move(make_state({"ana": "4H 5H 6H", "ben": "8S 8H 8D"}, discard="7D"), Move.draw("ana"))
    assert refused(state, Move.draw("ana", "stock")) == [("already_drew", "ana has already drawn this turn: one draw per turn", [])]
    assert codes_of(state, Move.draw("ana", "discard")) == ["already_drew"]


def test_r4_discard_pile_empty():
    state = make_state({"ana": "4H 5H 6H", "ben": "8S 8H 8D"}, discard="")
    assert state.discard == ()
    assert refused(state, Move.draw("ana", "discard")) == [("discard_pile_empty", "the discard pile is empty: draw from the stock", [])]


@pytest.mark.parametrize(
    "move",
    [
        Move.make_meld("ana", cards("4H 5H 6H")),
        Move.lay_off("ana", cards("7H"), "m1"),
        Move.discard("ana", C("KC")),
    ],
    ids=["meld", "lay_off", "discard"],
)
def test_r4_must_draw_first(move):
    state = make_state({"ana": "4H 5H 6H 7H KC", "ben": "8S 8H 8D"}, melds=[("m1", "ben", "8C 9C 10C")])
    assert refused(state, move) == [("must_draw_first", "ana must draw a card before melding, laying off or discarding", [])]


# --- R3 turn order, unknown players -----------------------------------------------------------------


def test_r3_not_your_turn():
    state = make_state({"ana": "4H 5H 6H", "ben": "8S 8H 8D"}, discard="7D")
    assert refused(state, Move.draw("ben", "stock")) == [("not_your_turn", "it is ana's turn, not ben's", [])]
    assert codes_of(state, Move.discard("ben", C("8S"))) == ["not_your_turn"]


def test_contract_move_by_a_player_not_at_the_table_is_invalid_input():
    state = make_state({"ana": "4H 5H 6H", "ben": "8S 8H 8D"}, discard="7D")
    with pytest.raises(InvalidInput) as info:
        apply_move(state, Move.draw("zed", "stock"))
    [problem] = info.value.problems
    assert (problem.path, problem.message) == (("player",), "'zed' is not a player at the table")
    assert not can_play(state, Move.draw("zed", "stock"))


@pytest.mark.parametrize("status, hands", [("out", {"ana": "", "ben": "8S 8H 8D"}), ("draw", {"ana": "4H", "ben": "8S"})])
def test_contract_unknown_player_is_invalid_input_even_once_the_hand_is_over(status, hands):
    state = make_state(hands, status=status)
    with pytest.raises(InvalidInput) as info:
        apply_move(state, Move.draw("zed", "stock"))
    assert [(p.path, p.message) for p in info.value.problems] == [(("player",), "'zed' is not a player at the table")]
    assert codes_of(state, Move.draw("ben", "stock")) == ["hand_over"]  # a player at the table: hand over


def test_contract_apply_moves_names_the_index_of_an_unknown_player():
    state = make_state({"ana": "4H 5H 6H KC", "ben": "8S 8H 8D"}, stock="QS")
    with pytest.raises(InvalidInput) as info:
        apply_moves(state, [Move.draw("ana"), Move.discard("ana", C("KC")), Move.draw("zed")])
    assert [p.path for p in info.value.problems] == [(2, "player")]


# --- R5 melds ---------------------------------------------------------------------------------------


def test_r5_meld_goes_on_the_table_in_canonical_order_with_a_new_id():
    state = make_state({"ana": "8S 4H 8H 8D 2C", "ben": BEN}, stock="KC", melds=[("m1", "ben", "5S 6S 7S")], tabled=("ben",))
    state = apply_move(state, Move.draw("ana"))
    after = apply_move(state, Move.make_meld("ana", cards("8S 8H 8D")))
    assert after.melds == (Meld("m1", "ben", cards("5S 6S 7S"), "run"), Meld("m2", "ana", cards("8D 8H 8S"), "set"))
    assert hand(after, "ana") == ["4H", "2C", "KC"]
    assert after.turn.melds_made == 1


def test_r5_melding_is_not_compulsory_a_player_may_just_discard():
    state = apply_move(make_state({"ana": "8S 8H 8D 2C", "ben": BEN}, stock="KC"), Move.draw("ana"))
    after = apply_move(state, Move.discard("ana", C("2C")))
    assert hand(after, "ana") == ["8S", "8H", "8D", "KC"]
    assert codes(after.discard)[-1] == "2C" and after.turn == Turn("ben")


def test_r5_meld_limit_reached_under_basic():
    state = make_state({"ana": "8S 8H 8D 4H 5H 6H 2C", "ben": BEN}, stock="KC", rules=BASIC)
    state = apply_move(state, Move.draw("ana"))
    state = apply_move(state, Move.make_meld("ana", cards("8S 8H 8D")))
    assert refused(state, Move.make_meld("ana", cards("4H 5H 6H"))) == [
        ("meld_limit_reached", "ana has already laid 1 meld this turn, the limit under these rules", ["4H", "5H", "6H"])
    ]


def test_r5_no_meld_limit_under_standard():
    state = make_state({"ana": "8S 8H 8D 4H 5H 6H 2C", "ben": BEN}, stock="KC")
    state = apply_moves(state, [Move.draw("ana"), Move.make_meld("ana", cards("8S 8H 8D")), Move.make_meld("ana", cards("4H 5H 6H"))]).state
    assert [codes(m.cards) for m in state.melds] == [["8D", "8H", "8S"], ["4H", "5H", "6H"]]
    assert state.turn.melds_made == 2


def test_r5_basic_lay_off_after_the_one_meld_is_allowed():
    state = make_state({"ana": "8S 8H 8D 4H 5H 6H 2C", "ben": BEN}, stock="7H", rules=BASIC)
    state = apply_moves(state, [Move.draw("ana"), Move.make_meld("ana", cards("4H 5H 6H"))]).state
    after = apply_move(state, Move.lay_off("ana", cards("7H")))
    assert codes(after.meld("m1").cards) == ["4H", "5H", "6H", "7H"]


def test_r10_r11_invalid_meld_move_gives_the_meld_reasons():
    state = apply_move(make_state({"ana": "QS KS AS 9H 9S 9C 5C", "ben": BEN}, stock="KC"), Move.draw("ana"))
    assert refused(state, Move.make_meld("ana", cards("QS KS AS"))) == [
        ("ace_high", "Q♠ K♠ A♠ is not a run: aces are low, so a run stops at the King", ["QS", "KS", "AS"])
    ]
    assert refused(state, Move.make_meld("ana", cards("9H 9S 9C 5C"))) == [
        ("set_rank_mismatch", "9♥ 9♠ 9♣ 5♣ is not a set: 5♣ is not a 9", ["5C"])
    ]
    assert codes_of(state, Move.make_meld("ana", cards("QS KS"))) == ["too_few_cards"]


def test_r1_duplicate_card_in_one_move():
    state = apply_move(make_state({"ana": "8S 8H 8D 7S 6S", "ben": BEN}, stock="KC", melds=[("m1", "ben", "3S 4S 5S")]), Move.draw("ana"))
    assert refused(state, Move.make_meld("ana", cards("8S 8S 8H"))) == [
        ("duplicate_card", "8♠ is listed twice: there is only one of each card in the deck", ["8S"])
    ]
    assert refused(state, Move.lay_off("ana", cards("6S 6S"), "m1")) == [
        ("duplicate_card", "6♠ is listed twice: there is only one of each card in the deck", ["6S"])
    ]


def test_card_not_in_hand_for_meld_lay_off_and_discard():
    state = apply_move(make_state({"ana": "8S 8H 2C", "ben": "8D 3C 3D"}, stock="KC", melds=[("m1", "ben", "3S 4S 5S")]), Move.draw("ana"))
    assert refused(state, Move.make_meld("ana", cards("8S 8H 8D"))) == [("card_not_in_hand", "ana does not hold 8♦", ["8D"])]
    assert refused(state, Move.lay_off("ana", cards("6S"), "m1")) == [("card_not_in_hand", "ana does not hold 6♠", ["6S"])]
    assert refused(state, Move.discard("ana", C("3C"))) == [("card_not_in_hand", "ana does not hold 3♣", ["3C"])]


def test_r6_a_card_on_the_table_is_named_with_its_meld():
    state = apply_move(
        make_state({"ana": "8S 8H 2C", "ben": "8D 3C 3D"}, stock="KC", discard="9H", melds=[("m1", "ben", "3S 4S 5S")]), Move.draw("ana")
    )
    assert refused(state, Move.make_meld("ana", cards("3S 3C 3D"))) == [
        (
            "card_not_in_hand",
            "ana does not hold 3♠ 3♣ 3♦: 3♠ in ben's meld 3♠ 4♠ 5♠ lies on the table already, and cards on the table never move",
            ["3S", "3C", "3D"],
        )
    ]
    assert refused(state, Move.discard("ana", C("4S"))) == [
        (
            "card_not_in_hand",
            "ana does not hold 4♠: it is already on the table in ben's meld 3♠ 4♠ 5♠, and cards on the table never move",
            ["4S"],
        )
    ]
    assert rule_of(state, Move.make_meld("ana", cards("3S 3C 3D"))) == "R6"
    assert refused(state, Move.discard("ana", C("9H"))) == [("card_not_in_hand", "ana does not hold 9♥: 9♥ is in the discard pile", ["9H"])]
    assert rule_of(state, Move.discard("ana", C("9H"))) == "R7"
    assert rule_of(state, Move.make_meld("ana", cards("8S 8H 8D"))) == "R5"
    assert rule_of(state, Move.lay_off("ana", cards("6S"), "m1")) == "R6"


def rule_of(state, move):
    with pytest.raises(IllegalMove) as refusal:
        apply_move(state, move)
    return refusal.value.reasons[0].rule


# --- R6 lay-offs ------------------------------------------------------------------------------------


def table_state(ana="7H 2C 4D", rules=STANDARD, draw="KC", **kw):
    """ana to play (has drawn ``draw`` from the stock); ben's melds m1 (7s) and m2 (8-10 of hearts)."""
    state = make_state(
        {"ana": ana, "ben": "5C 5D 5H"},
        stock=draw,
        rules=rules,
        tabled=("ben",),
        melds=[("m1", "ben", "7S 7D 7C"), ("m2", "ben", "8H 9H 10H")],
        **kw,
    )
    return apply_move(state, Move.draw("ana"))


def test_r6_lay_off_on_an_opponents_meld_before_melding_anything():
    state = make_state(
        {"ana": "2C 4D JH", "ben": "5C 5D 5H"}, stock="KC", tabled=("ben",), melds=[("m1", "ben", "7S 7D 7C"), ("m2", "ben", "8H 9H 10H")]
    )
    state = apply_move(state, Move.draw("ana"))
    after = apply_move(state, Move.lay_off("ana", cards("JH")))  # fits only m2: no name needed
    assert after.meld("m2") == Meld("m2", "ben", cards("8H 9H 10H JH"), "run")
    assert hand(after, "ana") == ["2C", "4D", "KC"]
    assert after.turn.laid_off is True and after.turn.melds_made == 0


def test_r6_lay_off_several_cards_at_once_on_a_run_end():
    state = make_state({"ana": "JH QH 2C", "ben": "5C 5D 5H"}, stock="KC", tabled=("ben",), melds=[("m2", "ben", "8H 9H 10H")])
    state = apply_move(state, Move.draw("ana"))
    after = apply_move(state, Move.lay_off("ana", cards("QH JH"), "m2"))
    assert codes(after.meld("m2").cards) == ["8H", "9H", "10H", "JH", "QH"]


def test_r6_lay_off_the_card_just_taken_from_the_discard_pile():
    state = make_state({"ana": "2C 4D 5S", "ben": "5C 5D 5H"}, discard="7H", tabled=("ben",), melds=[("m2", "ben", "8H 9H 10H")])
    state = apply_move(state, Move.draw("ana", "discard"))
    after = apply_move(state, Move.lay_off("ana", cards("7H"), "m2"))
    assert codes(after.meld("m2").cards) == ["7H", "8H", "9H", "10H"]
    assert after.turn.taken_discard is None  # the taken card is on the table now


def test_r6_ambiguous_lay_off():
    state = table_state()
    assert refused(state, Move.lay_off("ana", cards("7H"))) == [
        (
            "ambiguous_lay_off",
            "7♥ fits more than one meld: ben's meld 7♣ 7♦ 7♠ and ben's meld 8♥ 9♥ 10♥; name the meld",
            ["7H"],
        )
    ]
    assert codes(apply_move(state, Move.lay_off("ana", cards("7H"), "m1")).meld("m1").cards) == ["7C", "7D", "7H", "7S"]
    assert codes(apply_move(state, Move.lay_off("ana", cards("7H"), "m2")).meld("m2").cards) == ["7H", "8H", "9H", "10H"]


def test_r6_unknown_meld():
    assert refused(table_state(), Move.lay_off("ana", cards("7H"), "m9")) == [
        ("unknown_meld", "there is no meld 'm9' on the table", ["7H"])
    ]


def test_r6_does_not_fit_the_named_meld_then_the_specific_code():
    assert refused(table_state(), Move.lay_off("ana", cards("4D"), "m2")) == [
        ("does_not_fit", "4♦ does not fit ben's meld 8♥ 9♥ 10♥: 4♦ is not a heart", ["4D"]),
        ("run_suit_mismatch", "8♥ 9♥ 10♥ 4♦ would not be a run (a card of another suit)", ["4D"]),
    ]
    assert refused(table_state(), Move.lay_off("ana", cards("KC"), "m1")) == [
        ("does_not_fit", "K♣ does not fit ben's meld 7♣ 7♦ 7♠: K♣ is not a 7", ["KC"]),
        ("set_rank_mismatch", "7♣ 7♦ 7♠ K♣ would not be a set (a card of another rank)", ["KC"]),
    ]


def test_r6_does_not_fit_any_meld_when_none_is_named_says_what_each_meld_is():
    assert refused(table_state(), Move.lay_off("ana", cards("2C"))) == [
        (
            "does_not_fit",
            "2♣ fits no meld on the table: ben's meld 7♣ 7♦ 7♠ is a set of 7s and ben's meld 8♥ 9♥ 10♥ a run of hearts",
            ["2C"],
        )
    ]


def test_r6_a_lay_off_that_fits_no_meld_names_the_nearest_miss():
    st = make_state(
        {"ana": "3S 10S 4D KC QD", "ben": "2C 3C 4C 8H 9H JC QC"},
        discard="2S",
        melds=[("m1", "ben", "JD JH JS"), ("m2", "ben", "5S 6S 7S"), ("m3", "ben", "8D 9D 10D")],
        turn=Turn("ana", "play"),
    )
    # 3♠ misses the spades run by one card (4♠), 10♠ by two: each is named with its gap
    assert refused(st, Move.lay_off("ana", cards("3S"))) == [
        (
            "does_not_fit",
            "3♠ fits no meld on the table; the nearest is ben's meld 5♠ 6♠ 7♠: the ranks are not consecutive, 4♠ is missing",
            ["3S"],
        ),
        ("run_gap", "5♠ 6♠ 7♠ 3♠ would not be a run (a gap in the ranks)", ["5S", "6S", "7S", "3S"]),
    ]
    assert refused(st, Move.lay_off("ana", cards("10S")))[0][1] == (
        "10♠ fits no meld on the table; the nearest is ben's meld 5♠ 6♠ 7♠: the ranks are not consecutive, 8♠ 9♠ are missing"
    )
    # 4♦ misses the diamonds run by three cards: still the nearest, a run of its own suit
    assert refused(st, Move.lay_off("ana", cards("4D")))[0][1] == (
        "4♦ fits no meld on the table; the nearest is ben's meld 8♦ 9♦ 10♦: the ranks are not consecutive, 5♦ 6♦ 7♦ are missing"
    )
    # K♣ misses every meld by suit or rank: what each meld is
    assert refused(st, Move.lay_off("ana", cards("KC")))[0][1] == (
        "K♣ fits no meld on the table: ben's meld J♦ J♥ J♠ is a set of jacks, ben's meld 5♠ 6♠ 7♠ a run of spades and ben's meld 8♦ 9♦ 10♦ a run of diamonds"
    )


def test_r6_does_not_fit_with_no_melds_on_the_table():
    state = apply_move(make_state({"ana": "2C 4D", "ben": "5C 5D 5H"}, stock="KC"), Move.draw("ana"))
    assert refused(state, Move.lay_off("ana", cards("2C"))) == [
        ("does_not_fit", "2♣ does not fit anything: there are no melds on the table", ["2C"])
    ]


def test_r6_lay_off_of_no_cards_is_refused():
    assert codes_of(table_state(), Move.lay_off("ana", (), "m1")) == ["too_few_cards"]


# --- apply_moves ------------------------------------------------------------------------------------


def test_contract_apply_moves_stops_at_the_first_illegal_move():
    state = make_state({"ana": "8S 8H 8D 4H 2C", "ben": BEN}, discard="KC")
    outcome = apply_moves(
        state,
        [
            Move.draw("ana", "discard"),
            Move.make_meld("ana", cards("8S 8H 8D")),
            Move.discard("ana", C("KC")),  # illegal: R8
            Move.discard("ana", C("2C")),  # never reached
        ],
    )
    assert (outcome.legal, outcome.applied, outcome.result) == (False, 2, None)
    assert [r.code for r in outcome.reasons] == ["taken_discard"]
    after = outcome.state
    assert hand(after, "ana") == ["4H", "2C", "KC"]
    assert [codes(m.cards) for m in after.melds] == [["8D", "8H", "8S"]]
    assert after.turn == Turn("ana", "play", C("KC"), 1, False)
    assert after.discard == ()


def test_contract_apply_moves_first_move_illegal_leaves_the_state_as_given():
    state = make_state({"ana": "8S 8H 8D 4H 2C", "ben": BEN}, discard="KC")
    outcome = apply_moves(state, [Move.discard("ana", C("2C"))])
    assert (outcome.legal, outcome.applied, outcome.state) == (False, 0, state)
    assert [r.code for r in outcome.reasons] == ["must_draw_first"]


def test_contract_apply_moves_all_legal():
    state = make_state({"ana": "8S 8H 8D 4H 2C", "ben": BEN}, stock="KC")
    outcome = apply_moves(state, [Move.draw("ana"), Move.discard("ana", C("KC")), Move.draw("ben")])
    assert (outcome.legal, outcome.applied, outcome.reasons, outcome.result) == (True, 3, (), None)
    assert outcome.state.turn.player == "ben" and outcome.state.turn.phase == "play"


def test_states_are_immutable_a_move_never_changes_its_input():
    state = make_state({"ana": "8S 8H 8D 4H 2C", "ben": BEN}, stock="KC")
    copy = replace(state)
    apply_moves(state, [Move.draw("ana"), Move.make_meld("ana", cards("8S 8H 8D")), Move.discard("ana", C("2C"))])
    assert state == copy and hand(state, "ana") == ["8S", "8H", "8D", "4H", "2C"]


# --- review fixes: a lay-off is explained against the meld on the table -------------------


def test_r6_lay_off_onto_the_only_meld_says_why_it_does_not_fit():
    st = make_state(
        {"ana": "5D 5H 9C 9D KC", "ben": "2C 3C 4C 8H 9H JC QC"}, discard="2S", melds=[("m1", "ben", "5S 6S 7S")], turn=Turn("ana", "play")
    )
    assert refused(st, Move.lay_off("ana", cards("5D 5H"))) == [
        ("does_not_fit", "5♦ 5♥ do not fit ben's meld 5♠ 6♠ 7♠: 5♦ and 5♥ are not spades", ["5D", "5H"]),
        ("run_suit_mismatch", "5♠ 6♠ 7♠ 5♦ 5♥ would not be a run (a card of another suit)", ["5D", "5H"]),
    ]


def test_r6_lay_off_with_several_melds_and_no_fit_is_does_not_fit_alone():
    st = make_state(
        {"ana": "5D 9C 9D KC", "ben": "2C 3C 4C 8H 9H JC QC"},
        discard="2S",
        melds=[("m1", "ben", "5S 6S 7S"), ("m2", "ben", "JD JH JS")],
        turn=Turn("ana", "play"),
    )
    assert refused(st, Move.lay_off("ana", cards("5D"))) == [
        (
            "does_not_fit",
            "5♦ fits no meld on the table: ben's meld 5♠ 6♠ 7♠ is a run of spades and ben's meld J♦ J♥ J♠ a set of jacks",
            ["5D"],
        )
    ]


def test_core_draw_source_and_discard_card_are_required():
    st = make_state({"ana": "5D 9C 9D KC", "ben": "2C 3C 4C 8H"}, discard="2S")
    with pytest.raises(InvalidInput) as bad:
        apply_move(st, Move("ana", "draw", source="deck"))
    assert bad.value.problems[0].path == ("source",)
    st = apply_move(st, Move.draw("ana"))
    with pytest.raises(InvalidInput) as bad:
        apply_move(st, Move("ana", "discard"))
    assert bad.value.problems[0].path == ("card",)


def test_r9_a_table_no_legal_play_leads_to_is_malformed():
    """ana holds only Q♠, taken from the discard pile this turn; it fits no meld: stuck (R9)."""
    with pytest.raises(InvalidInput) as bad:
        make_state({"ana": "QS", "ben": "2C 3C 4C 8H"}, melds=[("m1", "ana", "5H 6H 7H")], turn=Turn("ana", "play", taken_discard=C("QS")))
    [problem] = bad.value.problems
    assert problem.path == ("turn", "taken_discard")
    assert "holds only Q♠" in problem.message
    # the same card with a meld it fits is a real position: lay it off and go out
    st = make_state({"ana": "QS", "ben": "2C 3C 4C 8H"}, melds=[("m1", "ana", "QH QD QC")], turn=Turn("ana", "play", taken_discard=C("QS")))
    assert legal_moves(st) == [Move.lay_off("ana", cards("QS"), "m1")]


def test_a_moves_repr_is_the_python_that_makes_it():
    from referee import Source, parse_cards  # noqa: F401 (the names the reprs use)

    for move in (
        Move.draw("ana", Source.DISCARD_PILE),
        Move.make_meld("ana", cards("5S 6S 7S")),
        Move.lay_off("ben", cards("8S"), "m1"),
        Move.lay_off("ben", cards("8S")),
        Move.discard("ana", parse_card("KC")),
    ):
        assert eval(repr(move)) == move  # noqa: S307 (our own repr, in a test)
    assert repr(Move.make_meld("ana", cards("5S 6S 7S"))) == "Move.make_meld('ana', parse_cards('5S 6S 7S'.split()))"


def test_r6_a_meld_is_named_by_its_owner_and_cards_never_its_id():
    # issue 33: "9♠ does not fit meld m1 (…)" named an id the players never see
    owned = table_state()
    unowned = make_state({"ana": "7H 2C 4D", "ben": "5C 5D 5H"}, stock="KC", melds=[("m1", None, "7S 7D 7C"), ("m2", None, "8H 9H 10H")])
    unowned = apply_move(unowned, Move.draw("ana"))
    for state, whose in ((owned, "ben's meld"), (unowned, "the meld")):
        said = [
            r[1]
            for move in (Move.lay_off("ana", cards("7H")), Move.lay_off("ana", cards("2C")), Move.lay_off("ana", cards("4D"), "m2"))
            for r in refused(state, move)
        ]
        assert said[0] == f"7♥ fits more than one meld: {whose} 7♣ 7♦ 7♠ and {whose} 8♥ 9♥ 10♥; name the meld"
        assert said[1].startswith(f"2♣ fits no meld on the table: {whose} 7♣ 7♦ 7♠ is a set of 7s")
        assert said[2] == f"4♦ does not fit {whose} 8♥ 9♥ 10♥: 4♦ is not a heart"
        assert not any(re.search(r"\bm\d\b", s) for s in said)
