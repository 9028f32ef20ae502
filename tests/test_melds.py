"""Sets (R10), runs (R11), lay-offs (R6) and the words of a refusal (R12)."""

from __future__ import annotations

from itertools import combinations

import pytest
from conftest import cards

from referee import DECK, PRESETS, InvalidInput, check_lay_off, check_meld, resolve_rules, score_hand
from referee.cards import codes
from referee.melds import fitting_cards

STANDARD = PRESETS["standard"]
HIGH = resolve_rules({"aces": "high_or_low"})


def meld(text, rules=STANDARD):
    return check_meld(cards(text), rules)


def reasons(check):
    return [(r.code, r.message, codes(r.cards)) for r in check.reasons]


# --- R10 sets, R11 runs: valid melds in canonical order ------------------------------------------


@pytest.mark.parametrize(
    "text, kind, ordered",
    [
        # R10: sets, canonical order by suit C D H S
        ("7D 7H 7S", "set", "7D 7H 7S"),
        ("7S 7H 7D", "set", "7D 7H 7S"),
        ("KH KC KS KD", "set", "KC KD KH KS"),
        ("AS AC AH", "set", "AC AH AS"),
        ("10S 10C 10D", "set", "10C 10D 10S"),
        # R11: runs, canonical order by rank
        ("JC QC KC", "run", "JC QC KC"),
        ("KC JC QC", "run", "JC QC KC"),
        ("AH 2H 3H", "run", "AH 2H 3H"),
        ("3H AH 2H", "run", "AH 2H 3H"),
        ("6H 4H 7H 5H", "run", "4H 5H 6H 7H"),
        ("9D 10D JD QD KD", "run", "9D 10D JD QD KD"),
        ("KS QS JS 10S 9S 8S 7S 6S 5S 4S 3S 2S AS", "run", "AS 2S 3S 4S 5S 6S 7S 8S 9S 10S JS QS KS"),
    ],
)
def test_r10_r11_valid_melds_in_canonical_order(text, kind, ordered):
    check = meld(text)
    assert (check.valid, check.kind, codes(check.cards), check.reasons) == (True, kind, ordered.split(), ())


@pytest.mark.parametrize(
    "text, ordered",
    [
        ("QS KS AS", "QS KS AS"),
        ("AS QS KS", "QS KS AS"),
        ("AS JS KS QS", "JS QS KS AS"),
        ("3S AS 2S", "AS 2S 3S"),
        ("10H AH JH QH KH", "10H JH QH KH AH"),
    ],
)
def test_r11_high_or_low_aces_run_above_the_king_or_below_the_two(text, ordered):
    check = meld(text, HIGH)
    assert (check.valid, check.kind, codes(check.cards)) == (True, "run", ordered.split())


# --- R12: every meld reason code, with the words and the cards named --------------------------------


def test_r12_too_few_cards_two():
    check = meld("7H 8H")
    assert (check.valid, check.kind) == (False, None)
    assert reasons(check) == [("too_few_cards", "7♥ 8♥ are not a meld: a meld needs at least three cards", ["7H", "8H"])]


def test_r12_too_few_cards_one():
    assert reasons(meld("7H")) == [("too_few_cards", "7♥ is not a meld: a meld needs at least three cards", ["7H"])]


def test_r12_too_few_cards_none():
    [reason] = meld("").reasons
    assert (reason.code, reason.cards) == ("too_few_cards", ())
    assert reason.message == "No cards were given: a meld needs at least three cards"


def test_r12_too_few_cards_and_duplicate_together():
    assert [r.code for r in meld("7H 7H").reasons] == ["too_few_cards", "duplicate_card"]


def test_r12_duplicate_card():
    check = meld("QS QS KS")
    assert not check.valid
    assert reasons(check) == [("duplicate_card", "Q♠ is listed twice: there is only one of each card in the deck", ["QS"])]


def test_r12_duplicate_card_in_an_otherwise_good_set():
    check = meld("7H 7H 7S 7D")
    assert not check.valid
    assert reasons(check) == [("duplicate_card", "7♥ is listed twice: there is only one of each card in the deck", ["7H"])]


def test_r10_contract_message_five_is_not_a_nine():
    check = meld("9H 9S 9C 5C")
    assert (check.valid, check.kind) == (False, None)
    assert codes(check.cards) == ["9H", "9S", "9C", "5C"]  # an invalid meld keeps the order given
    assert reasons(check) == [("set_rank_mismatch", "9♥ 9♠ 9♣ 5♣ is not a set: 5♣ is not a 9", ["5C"])]


def test_r10_set_rank_mismatch_names_the_odd_card():
    assert reasons(meld("5H 5S 5C 6D")) == [("set_rank_mismatch", "5♥ 5♠ 5♣ 6♦ is not a set: 6♦ is not a 5", ["6D"])]
    assert reasons(meld("8H 8S 9C")) == [("set_rank_mismatch", "8♥ 8♠ 9♣ is not a set: 9♣ is not an 8", ["9C"])]
    assert reasons(meld("AH AS 2C")) == [("set_rank_mismatch", "A♥ A♠ 2♣ is not a set: 2♣ is not an ace", ["2C"])]
    assert reasons(meld("KH KS QC")) == [("set_rank_mismatch", "K♥ K♠ Q♣ is not a set: Q♣ is not a king", ["QC"])]


def test_r10_set_too_large_a_set_never_has_five_cards():
    check = meld("9H 9S 9C 9D 5C")
    assert reasons(check) == [
        ("set_rank_mismatch", "9♥ 9♠ 9♣ 9♦ 5♣ is not a set: 5♣ is not a 9", ["5C"]),
        ("set_too_large", "9♥ 9♠ 9♣ 9♦ 5♣ is not a set: a set has three or four cards, never a fifth", ["9H", "9S", "9C", "9D", "5C"]),
    ]


def test_r11_run_suit_mismatch():
    check = meld("5H 6H 7S")
    assert reasons(check) == [("run_suit_mismatch", "5♥ 6♥ 7♠ is not a run: 7♠ is not a heart", ["7S"])]


def test_r11_run_suit_mismatch_two_odd_cards():
    assert reasons(meld("4D 5D 6D 7C 8S")) == [
        ("run_suit_mismatch", "4♦ 5♦ 6♦ 7♣ 8♠ is not a run: 7♣ and 8♠ are not diamonds", ["7C", "8S"])
    ]


def test_r11_run_gap_two_missing():
    assert reasons(meld("5H 6H 9H")) == [
        ("run_gap", "5♥ 6♥ 9♥ is not a run: the ranks are not consecutive, 7♥ 8♥ are missing", ["5H", "6H", "9H"])
    ]


def test_r11_run_gap_one_missing():
    assert reasons(meld("2C 4C 3C 6C")) == [
        ("run_gap", "2♣ 4♣ 3♣ 6♣ is not a run: the ranks are not consecutive, 5♣ is missing", ["2C", "4C", "3C", "6C"])
    ]


def test_r11_ace_high_run_refused():
    check = meld("QS KS AS")
    assert (check.valid, check.kind) == (False, None)
    assert reasons(check) == [("ace_high", "Q♠ K♠ A♠ is not a run: aces are low, so a run stops at the King", ["QS", "KS", "AS"])]


def test_r11_ace_high_refused_in_a_longer_run():
    assert [r.code for r in meld("JD QD KD AD").reasons] == ["ace_high"]
    assert [r.code for r in meld("AD KD QD").reasons] == ["ace_high"]


@pytest.mark.parametrize("rules", [STANDARD, HIGH], ids=["low", "high_or_low"])
@pytest.mark.parametrize("text", ["KS AS 2S", "QH KH AH 2H", "KC AC 2C 3C", "AD 2D 3D KD"])
def test_r11_run_wraps_refused_whatever_the_aces_option(rules, text):
    check = meld(text, rules)
    shown = " ".join(c.symbol for c in cards(text))
    assert reasons(check) == [("run_wraps", f"{shown} is not a run: a run never wraps around from the King to the ace", text.split())]


def test_r11_high_or_low_ace_still_not_in_the_middle():
    # K-A-3 is neither a low nor a high run
    assert [r.code for r in meld("KS AS 3S", HIGH).reasons] == ["run_gap"]
    assert [r.code for r in meld("JS QS AS", HIGH).reasons] == ["run_gap"]


def test_r11_high_or_low_ace_still_counts_one_point():
    score = score_hand({"ben": cards("QS KS AS")}, rummy=False, rules=HIGH)
    assert score.by_player == {"ben": 21}
    assert score.points == 21


def test_r12_meant_as_set_or_run_is_read_from_the_cards():
    # three of a rank outweigh two of a suit: read as a set
    assert meld("9H 9S 9C 5C").reasons[0].code == "set_rank_mismatch"
    # two of a suit outweigh one of a rank: read as a run
    assert meld("5H 6H 7S").reasons[0].code == "run_suit_mismatch"
    # all different ranks and suits: read as a run
    assert reasons(meld("5H 6S 7C")) == [("run_suit_mismatch", "5♥ 6♠ 7♣ is not a run: 6♠ and 7♣ are not hearts", ["6S", "7C"])]


# --- R6: lay-offs ------------------------------------------------------------------------------------


def lay(onto, added, rules=STANDARD):
    return check_lay_off(cards(onto), cards(added), rules)


@pytest.mark.parametrize(
    "onto, added, combined, kind",
    [
        ("5S 6S 7S", "4S", "4S 5S 6S 7S", "run"),  # low end
        ("5S 6S 7S", "8S", "5S 6S 7S 8S", "run"),  # high end
        ("5S 6S 7S", "3S 4S", "3S 4S 5S 6S 7S", "run"),  # several cards at once
        ("5S 6S 7S", "9S 8S", "5S 6S 7S 8S 9S", "run"),
        ("5S 6S 7S", "4S 8S", "4S 5S 6S 7S 8S", "run"),  # both ends at once
        ("2H 3H 4H", "AH", "AH 2H 3H 4H", "run"),  # the ace below the two
        ("JC QC KC", "10C 9C", "9C 10C JC QC KC", "run"),
        ("7S 7H 7D", "7C", "7C 7D 7H 7S", "set"),  # a set's fourth card
    ],
)
def test_r6_lay_off_fits(onto, added, combined, kind):
    check = lay(onto, added)
    assert (check.valid, check.kind, codes(check.cards), check.reasons) == (True, kind, combined.split(), ())


def test_r6_lay_off_onto_a_run_end_only_gap_refused():
    check = lay("5S 6S 7S", "9S")
    assert (check.valid, check.kind) == (False, None)
    assert reasons(check) == [
        ("does_not_fit", "9♠ does not fit 5♠ 6♠ 7♠: the ranks are not consecutive, 8♠ is missing", ["9S"]),
        ("run_gap", "5♠ 6♠ 7♠ 9♠ would not be a run (a gap in the ranks)", ["5S", "6S", "7S", "9S"]),
    ]


def test_r6_lay_off_of_another_suit_on_a_run_refused():
    assert reasons(lay("5S 6S 7S", "5D")) == [
        ("does_not_fit", "5♦ does not fit 5♠ 6♠ 7♠: 5♦ is not a spade", ["5D"]),
        ("run_suit_mismatch", "5♠ 6♠ 7♠ 5♦ would not be a run (a card of another suit)", ["5D"]),
    ]


def test_r6_r10_a_set_never_takes_a_fifth_card():
    check = lay("7S 7H 7D 7C", "5C")
    assert [r.code for r in check.reasons] == ["does_not_fit", "set_rank_mismatch", "set_too_large"]
    assert check.reasons[0].message == "5♣ does not fit 7♠ 7♥ 7♦ 7♣: 5♣ is not a 7; a set has three or four cards, never a fifth"
    assert codes(check.reasons[0].cards) == ["5C"]


def test_r6_the_same_card_twice_on_a_set_refused():
    check = lay("7S 7H 7D 7C", "7C")
    assert reasons(check) == [
        ("does_not_fit", "7♣ does not fit 7♠ 7♥ 7♦ 7♣: there is only one of each card in the deck", ["7C"]),
        ("duplicate_card", "7♠ 7♥ 7♦ 7♣ 7♣ would not be a set (a card twice)", ["7C"]),
    ]


def test_r6_wrong_rank_on_a_set_refused():
    assert reasons(lay("7S 7H 7D", "8S")) == [
        ("does_not_fit", "8♠ does not fit 7♠ 7♥ 7♦: 8♠ is not a 7", ["8S"]),
        ("set_rank_mismatch", "7♠ 7♥ 7♦ 8♠ would not be a set (a card of another rank)", ["8S"]),
    ]


def test_r6_r11_ace_on_a_king_high_run_refused_then_ace_high():
    assert reasons(lay("JS QS KS", "AS")) == [
        ("does_not_fit", "A♠ does not fit J♠ Q♠ K♠: aces are low, so a run stops at the King", ["AS"]),
        ("ace_high", "J♠ Q♠ K♠ A♠ would not be a run (an ace above the King)", ["JS", "QS", "KS", "AS"]),
    ]


def test_r6_r11_ace_on_a_king_high_run_fits_with_high_or_low_aces():
    check = lay("JS QS KS", "AS", HIGH)
    assert (check.valid, check.kind, codes(check.cards)) == (True, "run", ["JS", "QS", "KS", "AS"])


@pytest.mark.parametrize("rules", [STANDARD, HIGH], ids=["low", "high_or_low"])
def test_r6_r11_king_on_an_ace_low_run_wraps(rules):
    check = lay("AS 2S 3S", "KS", rules)
    assert [r.code for r in check.reasons] == ["does_not_fit", "run_wraps"]
    assert check.reasons[0].message == "K♠ does not fit A♠ 2♠ 3♠: a run never wraps around from the King to the ace"


def test_r6_r11_two_on_a_high_ace_run_wraps():
    check = lay("QS KS AS", "2S", HIGH)
    assert [r.code for r in check.reasons] == ["does_not_fit", "run_wraps"]


def test_r6_several_cards_with_a_gap_refused():
    check = lay("5S 6S 7S", "8S 10S")
    assert [r.code for r in check.reasons] == ["does_not_fit", "run_gap"]
    assert check.reasons[0].message == "8♠ 10♠ do not fit 5♠ 6♠ 7♠: the ranks are not consecutive, 9♠ is missing"


def test_r6_onto_must_be_a_valid_meld():
    with pytest.raises(InvalidInput) as info:
        lay("5S 6S 8S", "7S")
    [problem] = info.value.problems
    assert problem.path == ("onto",)
    assert problem.message == (
        "the meld to lay off onto is not a valid meld: 5♠ 6♠ 8♠ is not a run: the ranks are not consecutive, 7♠ is missing"
    )


def test_r6_onto_given_in_any_order_is_read_in_canonical_order():
    check = lay("7S 5S 6S", "8S")
    assert codes(check.cards) == ["5S", "6S", "7S", "8S"]


def test_r6_laying_off_no_cards_is_not_a_lay_off():
    check = lay("5S 6S 7S", "")
    assert (check.valid, check.kind, codes(check.cards)) == (False, None, ["5S", "6S", "7S"])
    assert reasons(check) == [("too_few_cards", "a lay-off needs at least one card", [])]


def test_r12_right_ranks_wrong_suit_is_only_a_suit_fault():
    """5♠ 6♥ 7♠: the ranks run; saying "6♠ is missing" would blame the wrong thing (R12)."""
    check = meld("5S 6H 7S")
    assert reasons(check) == [("run_suit_mismatch", "5♠ 6♥ 7♠ is not a run: 6♥ is not a spade", ["6H"])]


@pytest.mark.parametrize("aces", ["low", "high_or_low"])
def test_r6_fitting_cards_are_exactly_the_single_cards_a_lay_off_accepts(aces):
    """Every valid run (of every length and start) and set, against all 52 cards: the quick
    answer used to list lay-offs is the full judgement of check_lay_off, card by card."""
    rules = resolve_rules({"aces": aces})
    melds = []
    for suit in range(4):
        for start in range(1, 15):
            for end in range(start + 2, 15):
                cards = [DECK[suit * 13 + (1 if r == 14 else r) - 1] for r in range(start, end + 1)]
                check = check_meld(cards, rules)
                if len(set(cards)) == len(cards) and check.valid:
                    melds.append(check)
    for rank in range(1, 14):
        for size in (3, 4):
            melds += [check_meld(combo, rules) for combo in combinations([DECK[s * 13 + rank - 1] for s in range(4)], size)]
    assert len(melds) > 300
    for meld in melds:
        judged = {c for c in DECK if c not in meld.cards and check_lay_off(meld.cards, [c], rules).valid}
        assert fitting_cards(meld.cards, meld.kind, rules) == judged, meld.cards


# --- the summary: one sentence for the table (R12), for a meld that holds too -------------------


@pytest.mark.parametrize(
    "given, summary",
    [
        ("5S 6S 7S", "5♠ 6♠ 7♠ is a run of spades"),
        ("7S 5S 6S", "5♠ 6♠ 7♠ is a run of spades"),
        ("KD KC KH", "K♣ K♦ K♥ is a set of kings"),
        ("2H 2S 2C 2D", "2♣ 2♦ 2♥ 2♠ is a set of 2s"),
        ("QS KS AS", "Q♠ K♠ A♠ is not a run: aces are low, so a run stops at the King"),
        ("QH KH", "Q♥ K♥ are not a meld: a meld needs at least three cards"),
    ],
)
def test_r12_meld_summary(given, summary):
    assert meld(given).summary == summary


def test_r11_meld_summary_with_aces_high():
    assert check_meld(cards("QS KS AS"), resolve_rules({"aces": "high_or_low"})).summary == "Q♠ K♠ A♠ is a run of spades"


@pytest.mark.parametrize(
    "onto, added, summary",
    [
        ("5S 6S 7S", "8S", "8♠ fits 5♠ 6♠ 7♠: 5♠ 6♠ 7♠ 8♠ is a run of spades"),
        ("5S 6S 7S", "4S 8S", "4♠ 8♠ fit 5♠ 6♠ 7♠: 4♠ 5♠ 6♠ 7♠ 8♠ is a run of spades"),
        ("7S 7H 7D", "7C", "7♣ fits 7♦ 7♥ 7♠: 7♣ 7♦ 7♥ 7♠ is a set of 7s"),
        ("5S 6S 7S", "9S", "9♠ does not fit 5♠ 6♠ 7♠: the ranks are not consecutive, 8♠ is missing"),
    ],
)
def test_r6_lay_off_summary(onto, added, summary):
    assert lay(onto, added).summary == summary
