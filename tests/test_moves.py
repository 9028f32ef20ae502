"""Moves (R4–R9, R13–R15), every move reason code of the contract, and the malformed states
``validate_state`` refuses (contract, State)."""

from __future__ import annotations

from dataclasses import replace

import pytest
from conftest import cards, make_state

from referee import (
    DECK,
    PRESETS,
    IllegalMove,
    InvalidInput,
    Meld,
    Move,
    Player,
    State,
    Turn,
    apply_move,
    apply_moves,
    can_play,
    legal_moves,
    parse_card,
    resolve_rules,
    validate_state,
)
from referee.cards import codes
from schemas.wire import to_json

BASIC, STANDARD, TWO = PRESETS["basic"], PRESETS["standard"], PRESETS["two-restocks"]
BEN = "3C 3D 3H 6C 6D 2D 4C 4D 2S JS"  # 3+3+3+6+6+2+4+4+2+10 = 43 points


def C(code):
    return parse_card(code)


def refused(state, move):
    """The reasons ``apply_move`` gives, as (code, message, cards)."""
    with pytest.raises(IllegalMove) as info:
        apply_move(state, move)
    assert info.value.reasons, "an illegal move always says why"
    return [(r.code, r.message, codes(r.cards)) for r in info.value.reasons]


def codes_of(state, move):
    return [r[0] for r in refused(state, move)]


def hand(state, pid):
    return codes(state.player(pid).hand)


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
            "ana does not hold 3♠ 3♣ 3♦: 3♠ in meld m1 (3♠ 4♠ 5♠) lies on the table already, and cards on the table never move",
            ["3S", "3C", "3D"],
        )
    ]
    assert refused(state, Move.discard("ana", C("4S"))) == [
        (
            "card_not_in_hand",
            "ana does not hold 4♠: it is already on the table in meld m1 (3♠ 4♠ 5♠), and cards on the table never move",
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
            "7♥ fits more than one meld: m1 (7♣ 7♦ 7♠), m2 (8♥ 9♥ 10♥); name the meld",
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
        ("does_not_fit", "4♦ does not fit meld m2 (8♥ 9♥ 10♥): 4♦ is not a heart", ["4D"]),
        ("run_suit_mismatch", "8♥ 9♥ 10♥ 4♦ would not be a run (a card of another suit)", ["4D"]),
    ]
    assert refused(table_state(), Move.lay_off("ana", cards("KC"), "m1")) == [
        ("does_not_fit", "K♣ does not fit meld m1 (7♣ 7♦ 7♠): K♣ is not a 7", ["KC"]),
        ("set_rank_mismatch", "7♣ 7♦ 7♠ K♣ would not be a set (a card of another rank)", ["KC"]),
    ]


def test_r6_does_not_fit_any_meld_when_none_is_named_says_what_each_meld_is():
    assert refused(table_state(), Move.lay_off("ana", cards("2C"))) == [
        ("does_not_fit", "2♣ fits no meld on the table: m1 (7♣ 7♦ 7♠) is a set of 7s and m2 (8♥ 9♥ 10♥) a run of hearts", ["2C"])
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
            "3♠ fits no meld on the table; the nearest is meld m2 (5♠ 6♠ 7♠): the ranks are not consecutive, 4♠ is missing",
            ["3S"],
        ),
        ("run_gap", "5♠ 6♠ 7♠ 3♠ would not be a run (a gap in the ranks)", ["5S", "6S", "7S", "3S"]),
    ]
    assert refused(st, Move.lay_off("ana", cards("10S")))[0][1] == (
        "10♠ fits no meld on the table; the nearest is meld m2 (5♠ 6♠ 7♠): the ranks are not consecutive, 8♠ 9♠ are missing"
    )
    # 4♦ misses the diamonds run by three cards: still the nearest, a run of its own suit
    assert refused(st, Move.lay_off("ana", cards("4D")))[0][1] == (
        "4♦ fits no meld on the table; the nearest is meld m3 (8♦ 9♦ 10♦): the ranks are not consecutive, 5♦ 6♦ 7♦ are missing"
    )
    # K♣ misses every meld by suit or rank: what each meld is
    assert refused(st, Move.lay_off("ana", cards("KC")))[0][1] == (
        "K♣ fits no meld on the table: m1 (J♦ J♥ J♠) is a set of jacks, m2 (5♠ 6♠ 7♠) a run of spades and m3 (8♦ 9♦ 10♦) a run of diamonds"
    )


def test_r6_does_not_fit_with_no_melds_on_the_table():
    state = apply_move(make_state({"ana": "2C 4D", "ben": "5C 5D 5H"}, stock="KC"), Move.draw("ana"))
    assert refused(state, Move.lay_off("ana", cards("2C"))) == [
        ("does_not_fit", "2♣ does not fit anything: there are no melds on the table", ["2C"])
    ]


def test_r6_lay_off_of_no_cards_is_refused():
    assert codes_of(table_state(), Move.lay_off("ana", (), "m1")) == ["too_few_cards"]


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
    assert to_json(out.result()) == {
        "outcome": "out",
        "winner": "ana",
        "rummy": True,
        "multiplier": 2,
        "points": 60,
        "remaining": {"ben": 30},
    }


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
    assert to_json(out.result()) == {
        "outcome": "out",
        "winner": "ana",
        "rummy": True,
        "multiplier": 2,
        "points": 30,
        "remaining": {"ben": 15},
    }


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
    assert to_json(out.result()) == {
        "outcome": "out",
        "winner": "ana",
        "rummy": True,
        "multiplier": 2,
        "points": 126,
        "remaining": {"ben": 33, "cy": 30},
    }
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
    assert to_json(out.result()) == {
        "outcome": "out",
        "winner": "ana",
        "rummy": False,
        "multiplier": 1,
        "points": 30,
        "remaining": {"ben": 30},
    }


def test_r13_out_by_discard():
    state = make_state({"ana": "8S 8H 2C", "ben": "KC QD 9S AC", "cy": "5H 5S"}, stock="8D", tabled=("ana",))
    outcome = apply_moves(state, [Move.draw("ana"), Move.make_meld("ana", cards("8S 8H 8D")), Move.discard("ana", C("2C"))])
    out = outcome.state
    assert out.status == "out" and codes(out.discard)[-1] == "2C"
    assert out.turn.player == "ana"  # the turn does not pass on: the hand is over
    assert to_json(outcome.result) == {
        "outcome": "out",
        "winner": "ana",
        "rummy": False,
        "multiplier": 1,
        "points": 40,
        "remaining": {"ben": 30, "cy": 10},
    }


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
    assert to_json(out.result()) == {
        "outcome": "out",
        "winner": "ana",
        "rummy": True,
        "multiplier": multiplier,
        "points": points,
        "remaining": {"ben": 30},
    }


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
    assert to_json(out.result) == {
        "outcome": "out",
        "winner": "ana",
        "rummy": True,
        "multiplier": 2,
        "points": 60,
        "remaining": {"ben": 30},
    }
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


# --- validate_state: the contract's malformed states -----------------------------------------------


def good():
    return make_state(
        {"ana": "4H 5H 6H KC 2D 9C JD", "ben": "8C QD 9S AC 2S 3S 6C"},
        discard="7D",
        stock="AD 2C",
        melds=[("m1", "ana", "8S 8H 8D")],
        dealer="ben",
    )


def problems_of(state):
    with pytest.raises(InvalidInput) as info:
        validate_state(state)
    return [(p.path, p.message) for p in info.value.problems]


def test_validate_state_good_state_in_canonical_form():
    state = good()
    assert state.melds == (Meld("m1", "ana", cards("8D 8H 8S"), "set"),)
    assert validate_state(state) == state
    assert make_state({"ana": "4H", "ben": "5H"}).dealer == "ben"  # default: the last listed player


def test_validate_state_card_missing_is_named():
    state = good()
    assert problems_of(replace(state, stock=state.stock[1:])) == [
        ((), "1 of the 52 cards is missing from hands, stock, discard pile and melds: A♦ (R1)")
    ]


def test_validate_state_many_cards_missing_are_counted():
    state = good()
    assert problems_of(replace(state, stock=())) == [
        (
            (),
            "34 of the 52 cards are missing from hands, stock, discard pile and melds: "
            "2♣ 3♣ 4♣ 5♣ 7♣ 10♣ J♣ Q♣ A♦ 3♦ 4♦ 5♦ 6♦ and 21 more (R1)",
        )
    ]


def test_validate_state_card_doubled_is_named_with_both_places():
    state = good()
    ana = state.players[0]
    doubled = replace(state, players=(replace(ana, hand=ana.hand[:-1] + (C("8S"),)), state.players[1]), stock=state.stock + (C("JD"),))
    assert problems_of(doubled) == [(("melds", 0, "cards", 2), "8♠ (8S) is on the table twice: also in ana's hand (card 7) (R1)")]
    doubled = replace(state, discard=state.discard + (C("7D"),), stock=state.stock[1:])
    assert problems_of(doubled) == [
        (("discard", 1), "7♦ (7D) is on the table twice: also in the discard pile (card 1) (R1)"),
        ((), "1 of the 52 cards is missing from hands, stock, discard pile and melds: A♦ (R1)"),
    ]


@pytest.mark.parametrize(
    "change, path, message",
    [
        (dict(turn=Turn("cy")), ("turn", "player"), "turn player 'cy' is not a player at the table"),
        (dict(dealer="cy"), ("dealer",), "dealer 'cy' is not a player at the table"),
    ],
)
def test_validate_state_unknown_player_in_turn_or_dealer(change, path, message):
    assert problems_of(replace(good(), **change)) == [(path, message)]


def test_validate_state_unknown_meld_owner():
    state = good()
    assert problems_of(replace(state, melds=(replace(state.melds[0], owner="cy"),))) == [
        (("melds", 0, "owner"), "meld owner 'cy' is not a player at the table")
    ]


def test_validate_state_duplicate_player_id():
    state = good()
    ana, ben = state.players
    assert problems_of(replace(state, players=(ana, replace(ben, id="ana", tabled=True)), dealer="ana")) == [
        (("players", 1, "id"), "player 'ana' is listed twice")
    ]


def test_validate_state_duplicate_meld_id():
    state = good()
    second = Meld("m1", "ben", cards("3D 4D 5D"))
    stock = tuple(c for c in state.stock if c not in cards("3D 4D 5D"))
    ana, ben = state.players
    players = (ana, replace(ben, tabled=True))
    assert problems_of(replace(state, melds=state.melds + (second,), stock=stock, players=players)) == [
        (("melds", 1, "id"), "meld id 'm1' is used twice")
    ]


def test_validate_state_invalid_meld_on_the_table():
    state = good()
    bad = Meld("m1", "ana", cards("QS KS AS"))
    stock = tuple(c for c in state.stock if c not in cards("QS KS AS")) + cards("8S 8H 8D")
    assert problems_of(replace(state, melds=(bad,), stock=stock)) == [
        (
            ("melds", 0, "cards"),
            "meld 'm1' on the table is not a valid meld: Q♠ K♠ A♠ is not a run: aces are low, so a run stops at the King",
        )
    ]


def test_validate_state_hand_too_large():
    state = good()
    ana, ben = state.players
    big = replace(ben, hand=ben.hand + state.stock[:4])  # 11 cards; 2 players are dealt 10
    assert problems_of(replace(state, players=(ana, big), stock=state.stock[4:])) == [
        (("players", 1, "hand"), "ben holds 11 cards; with 2 players at most 10 are possible (R2)")
    ]


def test_validate_state_one_more_card_for_the_player_to_move_in_play():
    state = good()
    ana, ben = state.players
    eleven = replace(ana, hand=ana.hand + state.stock[:4])
    ok = replace(state, players=(eleven, ben), stock=state.stock[4:], turn=Turn("ana", "play"))
    assert validate_state(ok).turn.phase == "play"
    assert problems_of(replace(ok, turn=Turn("ana", "draw"))) == [
        (("players", 0, "hand"), "ana holds 11 cards; with 2 players at most 10 are possible (R2)")
    ]
    twelve = replace(ana, hand=eleven.hand + state.stock[4:5])
    assert problems_of(replace(ok, players=(twelve, ben), stock=state.stock[5:])) == [
        (("players", 0, "hand"), "ana holds 12 cards; with 2 players at most 11 are possible (R2)")
    ]


def test_validate_state_taken_discard_not_in_hand():
    state = replace(good(), turn=Turn("ana", "play", C("QS")))
    assert problems_of(state) == [(("turn", "taken_discard"), "the taken discard Q♠ is not in ana's hand")]


def test_validate_state_taken_discard_before_drawing():
    state = replace(good(), turn=Turn("ana", "draw", C("KC")))
    assert problems_of(state) == [(("turn", "taken_discard"), "a player who has not drawn yet cannot have taken a discard this turn")]


def test_validate_state_status_out_but_nobody_went_out():
    assert problems_of(replace(good(), status="out")) == [
        (("status",), "status is out, but 0 players have no cards: exactly one player goes out (R13)")
    ]


def test_validate_state_status_playing_with_an_empty_hand():
    state = good()
    ana, ben = state.players
    empty = replace(state, players=(ana, replace(ben, hand=())), stock=state.stock + ben.hand)
    assert problems_of(empty) == [(("players", 1, "hand"), "ben has no cards, so the hand is over: status must be out, not playing (R13)")]
    assert problems_of(replace(empty, status="draw", stock=(), discard=empty.discard + empty.stock)) == [
        (("players", 1, "hand"), "ben has no cards, so the hand is over: status must be out, not draw (R13)")
    ]


def test_r18_status_draw_with_cards_left_in_the_stock_is_malformed():
    state = good()
    assert problems_of(replace(state, status="draw")) == [
        (
            ("status",),
            f"status is draw, but {len(state.stock)} cards are still in the stock: a hand is drawn only when the stock runs out (R18) or after 25 turns per player in a row with no meld or lay-off (R18a)",
        )
    ]


def test_r15_a_meld_owner_from_an_earlier_turn_must_be_tabled():
    """ana owns m1 and has melded nothing this turn: she laid it earlier, so going out now is
    not going rummy; a state saying she has not tabled would score a false double (R15)."""
    state = good()
    ana, ben = state.players
    owner = state.melds[0].owner
    untabled = tuple(replace(p, tabled=False) if p.id == owner else p for p in state.players)
    seat = [p.id for p in state.players].index(owner)
    assert problems_of(replace(state, players=untabled)) == [
        (("players", seat, "tabled"), f"{owner} owns a meld on the table laid on an earlier turn, so tabled must be true (R15)")
    ]


def test_validate_state_status_out_but_the_empty_hand_is_not_the_movers():
    state = good()
    ana, ben = state.players
    empty = replace(state, players=(ana, replace(ben, hand=())), stock=state.stock + ben.hand, status="out")
    assert problems_of(empty) == [(("status",), "status is out, but ben, who has no cards, is not the player whose turn it was (R13)")]
    assert validate_state(replace(empty, turn=Turn("ben", "play"))).status == "out"


def test_validate_state_player_count():
    state = good()
    solo = replace(state, players=state.players[:1], stock=state.stock + state.players[1].hand, dealer="ana")
    assert problems_of(solo) == [(("players",), "Rummy is for 2 to 6 players, not 1 (R2)")]


def test_validate_state_restocks_over_the_limit():
    state = replace(good(), rules=TWO, restocks=3)
    assert problems_of(state) == [(("restocks",), "the stock was rebuilt 3 times, more than these rules allow in one hand (2, R18)")]


def test_validate_state_lists_every_fault_at_once():
    state = replace(good(), turn=Turn("cy"), dealer="zed", stock=good().stock[1:])
    assert [p for p, _ in problems_of(state)] == [("dealer",), ("turn", "player"), ()]


def test_validate_state_melds_on_a_fresh_state_are_given_their_kind():
    raw = State(
        players=(Player("ana", cards("4H")), Player("ben", cards("5H"))),
        turn=Turn("ana"),
        stock=tuple(c for c in DECK if c not in cards("4H 5H 7S 5S 6S")),
        discard=(),
        melds=(Meld("x", None, cards("7S 5S 6S")),),
    )
    assert validate_state(raw).melds == (Meld("x", None, cards("5S 6S 7S"), "run"),)


# --- every refusal names its rule (Reason.rule) ----------------------------------------------------


def _drawn(hands, **kw):
    state = make_state(hands, **kw)
    return apply_move(state, Move.draw(state.turn.player, "discard" if kw.get("discard") else "stock"))


FINAL = resolve_rules({"preset": "standard", "final_discard_required": True})
RULE_CASES = [
    ("not_your_turn", "R3", lambda: (make_state({"ana": "4H", "ben": "5H"}), Move.draw("ben"))),
    ("must_draw_first", "R4", lambda: (make_state({"ana": "4H", "ben": "5H"}), Move.discard("ana", C("4H")))),
    ("already_drew", "R4", lambda: (_drawn({"ana": "4H", "ben": "5H"}), Move.draw("ana"))),
    ("discard_pile_empty", "R4", lambda: (make_state({"ana": "4H", "ben": "5H"}), Move.draw("ana", "discard"))),
    ("duplicate_card", "R1", lambda: (_drawn({"ana": "4H 4S", "ben": "5H"}), Move.make_meld("ana", cards("4H 4H 4S")))),
    ("card_not_in_hand", "R7", lambda: (_drawn({"ana": "4H", "ben": "5H"}), Move.discard("ana", C("5H")))),
    (
        "meld_limit_reached",
        "R5",
        lambda: (
            apply_move(_drawn({"ana": "4H 4S 4D 9H 9S 9D 2C", "ben": "5H"}, rules=BASIC), Move.make_meld("ana", cards("4H 4S 4D"))),
            Move.make_meld("ana", cards("9H 9S 9D")),
        ),
    ),
    ("set_rank_mismatch", "R10", lambda: (_drawn({"ana": "4H 4S 5D", "ben": "5H"}), Move.make_meld("ana", cards("4H 4S 5D")))),
    ("ace_high", "R11", lambda: (_drawn({"ana": "QS KS AS 2C", "ben": "5H"}), Move.make_meld("ana", cards("QS KS AS")))),
    ("taken_discard", "R8", lambda: (_drawn({"ana": "4H", "ben": "5H"}, discard="KC"), Move.discard("ana", C("KC")))),
    ("dead_end", "R9", lambda: (_drawn({"ana": "4H 4S 4D", "ben": "5H"}, discard="KC"), Move.make_meld("ana", cards("4H 4S 4D")))),
    (
        "final_discard_required",
        "R13",
        lambda: (_drawn({"ana": "4H 4S", "ben": "5H"}, stock="4D", rules=FINAL), Move.make_meld("ana", cards("4H 4S 4D"))),
    ),
    ("hand_over", "R18", lambda: (make_state({"ana": "4H", "ben": "5H"}, status="draw"), Move.draw("ana"))),
    ("unknown_meld", "R6", lambda: (_drawn({"ana": "4H", "ben": "5H"}), Move.lay_off("ana", cards("4H"), "m1"))),
    ("does_not_fit", "R6", lambda: (_drawn({"ana": "4H", "ben": "5H"}), Move.lay_off("ana", cards("4H")))),
    (
        "ambiguous_lay_off",
        "R6",
        lambda: (
            _drawn({"ana": "4H 2C", "ben": "9S"}, melds=[("m1", None, "4C 4D 4S"), ("m2", None, "5H 6H 7H")]),
            Move.lay_off("ana", cards("4H")),
        ),
    ),
]


@pytest.mark.parametrize("code, rule, build", RULE_CASES, ids=[c[0] for c in RULE_CASES])
def test_contract_every_move_reason_has_its_code_words_and_rule(code, rule, build):
    state, move = build()
    with pytest.raises(IllegalMove) as info:
        apply_move(state, move)
    reason = info.value.reasons[0]
    assert (reason.code, reason.rule) == (code, rule)
    assert reason.message and str(info.value) == reason.message
    assert to_json(reason) == {"code": code, "message": reason.message, "cards": codes(reason.cards), "rule": rule}


# --- review fixes: a lay-off is explained against the meld on the table -------------------


def test_r6_lay_off_onto_the_only_meld_says_why_it_does_not_fit():
    st = make_state(
        {"ana": "5D 5H 9C 9D KC", "ben": "2C 3C 4C 8H 9H JC QC"}, discard="2S", melds=[("m1", "ben", "5S 6S 7S")], turn=Turn("ana", "play")
    )
    assert refused(st, Move.lay_off("ana", cards("5D 5H"))) == [
        ("does_not_fit", "5♦ 5♥ do not fit meld m1 (5♠ 6♠ 7♠): 5♦ and 5♥ are not spades", ["5D", "5H"]),
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
        ("does_not_fit", "5♦ fits no meld on the table: m1 (5♠ 6♠ 7♠) is a run of spades and m2 (J♦ J♥ J♠) a set of jacks", ["5D"])
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
