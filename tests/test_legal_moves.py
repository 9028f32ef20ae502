"""legal_moves: exact lists for small fixed positions and a perft count from a seeded deal."""

from __future__ import annotations

import pytest
from conftest import cards, make_state

from referee import PRESETS, Move, apply_move, deal, legal_moves, parse_card, resolve_rules
from referee.cards import codes
from schemas.wire import to_json

BASIC, STANDARD, TWO = PRESETS["basic"], PRESETS["standard"], PRESETS["two-restocks"]


def C(code):
    return parse_card(code)


def meld(player, text):
    return Move.make_meld(player, cards(text))


def discards(player, text):
    return [Move.discard(player, c) for c in cards(text)]


def perft(state, depth):
    """Leaf count of the tree of legal moves ``depth`` plies deep (a perft, as chess engines do)."""
    if depth == 0:
        return 1
    return sum(perft(apply_move(state, m), depth - 1) for m in legal_moves(state))


# --- a fixed seeded deal ---------------------------------------------------------------------------


@pytest.fixture(scope="module")
def seed26():
    state = deal(["ana", "ben"], STANDARD, seed=26)
    # pinned: the deal this seed gives (see test_deal.py for how seats get their cards)
    assert codes(state.player("ana").hand) == ["QH", "3S", "4D", "4H", "6C", "2S", "10D", "8S", "6S", "6H"]
    assert codes(state.player("ben").hand) == ["10S", "JS", "KD", "JD", "5S", "9D", "3H", "8H", "5D", "8D"]
    assert codes(state.discard) == ["AC"] and codes(state.stock[:1]) == ["6D"]
    return state


def test_legal_moves_draw_phase_of_the_seeded_deal(seed26):
    assert legal_moves(seed26) == [Move.draw("ana", "stock"), Move.draw("ana", "discard")]


def test_legal_moves_after_drawing_the_6d_from_the_stock(seed26):
    # ana holds 6♣ 6♠ 6♥ and draws 6♦: four sets of three, one set of four, no run
    # (her spades 2♠ 3♠ 8♠ and diamonds 4♦ 6♦ 10♦ are not consecutive), no meld on the table to lay
    # off on, and any of her 11 cards may be discarded.
    state = apply_move(seed26, Move.draw("ana", "stock"))
    assert legal_moves(state) == [
        meld("ana", "6C 6D 6H"),
        meld("ana", "6C 6D 6S"),
        meld("ana", "6C 6H 6S"),
        meld("ana", "6D 6H 6S"),
        meld("ana", "6C 6D 6H 6S"),
        *discards("ana", "QH 3S 4D 4H 6C 2S 10D 8S 6S 6H 6D"),
    ]


def test_legal_moves_after_taking_the_ac_from_the_discard_pile(seed26):
    # one set (6♣ 6♥ 6♠); the A♣ pairs with nothing; it may not be discarded (R8): 10 discards
    state = apply_move(seed26, Move.draw("ana", "discard"))
    assert legal_moves(state) == [meld("ana", "6C 6H 6S"), *discards("ana", "QH 3S 4D 4H 6C 2S 10D 8S 6S 6H")]


def test_legal_moves_after_a_meld_lists_the_lay_off_of_the_fourth_six(seed26):
    state = apply_move(apply_move(seed26, Move.draw("ana", "stock")), meld("ana", "6C 6D 6H"))
    assert legal_moves(state) == [Move.lay_off("ana", cards("6S"), "m1"), *discards("ana", "QH 3S 4D 4H 2S 10D 8S 6S")]


def test_perft_of_the_seeded_deal(seed26):
    # depth 1: 2 draws.
    # depth 2: 16 after the stock draw (5 melds + 11 discards) + 11 after the discard draw
    #          (1 meld + 10 discards) = 27.
    # depth 3: after the stock draw — each set of three leaves 8 cards and the fourth six can be laid
    #          off (1 lay-off + 8 discards = 9, four times), the set of four leaves 7 discards, and each
    #          of the 11 discards hands ben 2 draws: 4×9 + 7 + 11×2 = 65;
    #          after the discard draw — the meld leaves 8 cards, the A♣ not discardable: 7; each of
    #          the 10 discards hands ben 2 draws: 7 + 10×2 = 27.  65 + 27 = 92.
    assert [perft(seed26, d) for d in (1, 2, 3)] == [2, 27, 92]


# --- every meld size --------------------------------------------------------------------------------


def test_legal_moves_with_eleven_cards_lists_every_meld_size():
    state = make_state({"ana": "7C 7D 7H 7S 3H 4H 5H 6H KC QD", "ben": "2C 2D 2H"}, stock="9S")
    state = apply_move(state, Move.draw("ana"))
    assert len(state.mover.hand) == 11
    moves = legal_moves(state)
    assert [m for m in moves if m.action == "meld"] == [
        # R10: every set of three of the four sevens, then the set of four
        meld("ana", "7C 7D 7H"),
        meld("ana", "7C 7D 7S"),
        meld("ana", "7C 7H 7S"),
        meld("ana", "7D 7H 7S"),
        meld("ana", "7C 7D 7H 7S"),
        # R11: every run of 3, 4 and 5 hearts within 3♥-7♥
        meld("ana", "3H 4H 5H"),
        meld("ana", "3H 4H 5H 6H"),
        meld("ana", "3H 4H 5H 6H 7H"),
        meld("ana", "4H 5H 6H"),
        meld("ana", "4H 5H 6H 7H"),
        meld("ana", "5H 6H 7H"),
    ]
    assert [m for m in moves if m.action != "meld"] == discards("ana", "7C 7D 7H 7S 3H 4H 5H 6H KC QD 9S")
    assert all(apply_move(state, m) for m in moves)


def test_r5_legal_moves_basic_lists_no_second_meld():
    state = make_state({"ana": "7C 7D 7H 3H 4H 5H KC", "ben": "2C 2D 2H"}, stock="9S", rules=BASIC)
    state = apply_move(apply_move(state, Move.draw("ana")), meld("ana", "7C 7D 7H"))
    assert legal_moves(state) == discards("ana", "3H 4H 5H KC 9S")


def test_r5_legal_moves_standard_lists_a_second_meld():
    state = make_state({"ana": "7C 7D 7H 3H 4H 5H KC", "ben": "2C 2D 2H"}, stock="9S")
    state = apply_move(apply_move(state, Move.draw("ana")), meld("ana", "7C 7D 7H"))
    assert legal_moves(state) == [meld("ana", "3H 4H 5H"), *discards("ana", "3H 4H 5H KC 9S")]


def test_r11_legal_moves_ace_high_run_only_with_high_or_low_aces():
    hands = {"ana": "QS KS AS 2C", "ben": "2D 2H 2S"}
    low = apply_move(make_state(hands, stock="9D"), Move.draw("ana"))
    assert [m for m in legal_moves(low) if m.action == "meld"] == []
    high = apply_move(make_state(hands, stock="9D", rules=resolve_rules({"aces": "high_or_low"})), Move.draw("ana"))
    assert [m for m in legal_moves(high) if m.action == "meld"] == [meld("ana", "QS KS AS")]


# --- lay-offs, R8, R9, R13 -------------------------------------------------------------------------


def test_r6_legal_lay_offs_one_card_at_a_time_naming_each_meld():
    state = make_state(
        {"ana": "7H JH 2C", "ben": "5C 5D 5S"}, stock="KC", tabled=("ben",), melds=[("m1", "ben", "7S 7D 7C"), ("m2", "ben", "8H 9H 10H")]
    )
    state = apply_move(state, Move.draw("ana"))
    assert legal_moves(state) == [
        Move.lay_off("ana", cards("7H"), "m1"),
        Move.lay_off("ana", cards("7H"), "m2"),
        Move.lay_off("ana", cards("JH"), "m2"),
        *discards("ana", "7H JH 2C KC"),
    ]


def test_r8_legal_discards_leave_out_the_taken_discard():
    state = apply_move(make_state({"ana": "2C 3D", "ben": "5C 5D 5S"}, discard="KH"), Move.draw("ana", "discard"))
    assert legal_moves(state) == discards("ana", "2C 3D")


def test_r8_taken_discard_if_last_listed_when_it_is_the_last_card():
    state = make_state({"ana": "8S 8H 8D", "ben": "5C 5D 5S"}, discard="KH", rules=TWO)
    state = apply_move(state, Move.draw("ana", "discard"))
    assert legal_moves(state) == [meld("ana", "8D 8H 8S"), *discards("ana", "8S 8H 8D")]
    state = apply_move(state, meld("ana", "8S 8H 8D"))
    assert legal_moves(state) == discards("ana", "KH")


def test_r9_legal_moves_leave_out_the_dead_end_meld():
    state = make_state({"ana": "8S 8H 8D", "ben": "5C 5D 5S"}, discard="KH")
    state = apply_move(state, Move.draw("ana", "discard"))
    assert legal_moves(state) == discards("ana", "8S 8H 8D")


def test_r13_legal_moves_going_out_by_meld_listed():
    state = apply_move(make_state({"ana": "8S 8H", "ben": "5C 5D 5S"}, stock="8D"), Move.draw("ana"))
    assert legal_moves(state) == [meld("ana", "8D 8H 8S"), *discards("ana", "8S 8H 8D")]


def test_r13_final_discard_required_leaves_out_going_out_by_meld_or_lay_off():
    rules = resolve_rules({"final_discard_required": True})
    state = make_state({"ana": "8S 8H", "ben": "5C 5D 5S"}, stock="8D", rules=rules, melds=[("m1", "ben", "9S 10S JS")])
    state = apply_move(state, Move.draw("ana"))
    assert legal_moves(state) == [Move.lay_off("ana", cards("8S"), "m1"), *discards("ana", "8S 8H 8D")]
    state = apply_move(state, Move.lay_off("ana", cards("8S"), "m1"))
    assert legal_moves(state) == discards("ana", "8H 8D")


def test_legal_moves_draw_phase_with_an_empty_discard_pile():
    assert legal_moves(make_state({"ana": "8S", "ben": "5C"})) == [Move.draw("ana", "stock")]


def test_legal_moves_none_once_the_hand_is_over():
    assert legal_moves(make_state({"ana": "8S", "ben": "5C"}, status="draw")) == []
    assert legal_moves(make_state({"ana": "", "ben": "5C"}, status="out")) == []


def test_contract_legal_moves_as_dicts():
    state = make_state({"ana": "7H 2C", "ben": "5C 5D 5S"}, stock="KC", melds=[("m1", "ben", "7S 7D 7C")])
    state = apply_move(state, Move.draw("ana"))
    assert [to_json(m) for m in legal_moves(state)] == [
        {"player": "ana", "action": "lay_off", "cards": ["7H"], "meld": "m1"},
        {"player": "ana", "action": "discard", "card": "7H"},
        {"player": "ana", "action": "discard", "card": "2C"},
        {"player": "ana", "action": "discard", "card": "KC"},
    ]
