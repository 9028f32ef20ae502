"""R1 (the deck) and the contract's card spellings: every accepted spelling, every refusal."""

from __future__ import annotations

import pickle

import pytest

from referee import DECK, CardError, card_points, hand_points, parse_card, parse_cards
from referee.cards import codes, show

VS = "\ufe0f"  # the emoji variation selector, as in "♥️"


# --- R1: the deck ---------------------------------------------------------------------------


def test_r1_deck_has_52_distinct_cards_in_canonical_order():
    assert len(DECK) == 52
    assert len({c.code for c in DECK}) == 52
    assert codes(DECK[:13]) == ["AC", "2C", "3C", "4C", "5C", "6C", "7C", "8C", "9C", "10C", "JC", "QC", "KC"]
    assert [c.code for c in DECK[13::13]] == ["AD", "AH", "AS"]
    assert DECK[-1].code == "KS"
    assert [c.index for c in DECK] == list(range(52))


def test_r1_no_jokers_and_four_suits_of_thirteen_ranks():
    assert sorted({c.suit for c in DECK}) == ["C", "D", "H", "S"]
    assert sorted({c.rank for c in DECK}) == list(range(1, 14))
    for code in ("JK", "JOKER", "*"):
        with pytest.raises(CardError):
            parse_card(code)


def test_r1_cards_are_interned_values():
    assert parse_card("th") is parse_card("10H") is DECK[2 * 13 + 9]
    assert pickle.loads(pickle.dumps(parse_card("QS"))) is parse_card("QS")
    assert repr(parse_card("10H")) == "parse_card('10H')"
    assert str(parse_card("10H")) == "10♥"
    assert parse_card("2C") < parse_card("AD")  # deck order: clubs before diamonds


def test_r1_card_fields():
    card = parse_card("QS")
    assert (card.rank, card.suit, card.suit_index, card.code, card.symbol, card.rank_text) == (12, "S", 3, "QS", "Q♠", "Q")
    ten = parse_card("10D")
    assert (ten.rank, ten.suit, ten.rank_text, ten.symbol) == (10, "D", "10", "10♦")


# --- R14: what a card is worth in hand ------------------------------------------------------


@pytest.mark.parametrize(
    "code, points",
    [
        ("AC", 1),
        ("AS", 1),
        ("2H", 2),
        ("5D", 5),
        ("9S", 9),
        ("10C", 10),
        ("JH", 10),
        ("QD", 10),
        ("KS", 10),
    ],
)
def test_r14_card_points(code, points):
    assert card_points(parse_card(code)) == points


def test_r14_hand_points_of_king_queen_nine_ace_is_30():
    assert hand_points(parse_cards(["KC", "QD", "9S", "AC"])) == 30


def test_r14_whole_deck_is_worth_340():
    # per suit: 1+2+...+10 = 55, plus J Q K = 30 → 85; four suits → 340
    assert hand_points(DECK) == 340


# --- contract, Cards: every accepted spelling -------------------------------------------------


@pytest.mark.parametrize(
    "text, code",
    [
        # canonical
        ("10H", "10H"),
        ("AS", "AS"),
        ("2C", "2C"),
        ("KD", "KD"),
        ("JC", "JC"),
        # T for ten, lower case
        ("TH", "10H"),
        ("th", "10H"),
        ("Th", "10H"),
        ("tH", "10H"),
        ("10h", "10H"),
        ("qs", "QS"),
        ("Qs", "QS"),
        ("qS", "QS"),
        ("as", "AS"),
        ("kd", "KD"),
        ("jc", "JC"),
        ("7d", "7D"),
        # black suit symbols
        ("10♥", "10H"),
        ("T♥", "10H"),
        ("t♥", "10H"),
        ("Q♠", "QS"),
        ("q♠", "QS"),
        ("A♣", "AC"),
        ("K♦", "KD"),
        # white suit symbols
        ("J♡", "JH"),
        ("A♧", "AC"),
        ("9♢", "9D"),
        ("Q♤", "QS"),
        ("10♤", "10S"),
        ("T♧", "10C"),
        # with the emoji variation selector U+FE0F
        ("10♥" + VS, "10H"),
        ("Q♠" + VS, "QS"),
        ("A♣" + VS, "AC"),
        ("K♦" + VS, "KD"),
        ("J♡" + VS, "JH"),
        ("3♢" + VS, "3D"),
        ("t♤" + VS, "10S"),
        ("5♧" + VS, "5C"),
    ],
)
def test_contract_card_spellings_parse_to_the_canonical_code(text, code):
    assert parse_card(text).code == code


def test_contract_every_card_reads_back_from_its_code_and_symbol():
    for card in DECK:
        assert parse_card(card.code) is card
        assert parse_card(card.code.lower()) is card
        assert parse_card(card.symbol) is card
        assert parse_card(card.symbol + VS) is card


def test_contract_heart_with_variation_selector_is_the_same_card_as_without():
    assert "♥" + VS == "♥️"  # the literal emoji really carries U+FE0F
    assert parse_card("10♥️") is parse_card("10♥") is parse_card("10H")


# --- contract, Cards: refusals ---------------------------------------------------------------


@pytest.mark.parametrize(
    "text",
    [
        " QS",
        "QS ",
        "Q S",
        "Q\tS",
        "\nQS",  # nothing is trimmed
        "1H",
        "11H",
        "0H",
        "1OH",
        "01H",
        "100H",  # no such rank
        "",
        "Q",
        "S",
        "10",
        "H10",
        "SQ",
        "♠Q",  # missing or swapped parts
        "QX",
        "QSS",
        "QSH",
        "10HH",
        "Q♠♠",  # bad or extra suit
        "Q" + VS,
        "Q" + VS + "♠",
        "QS" + VS,  # the variation selector only after a symbol
        "Ｑ♠",
        "Q♠︎",
        "Qspades",
        "queen of spades",
        "JK",
    ],
)
def test_contract_bad_card_text_is_refused_with_its_text(text):
    with pytest.raises(CardError) as info:
        parse_card(text)
    err = info.value
    assert err.text == text
    assert f"{text!r} is not a card" in err.message
    assert "e.g. 10H, QS or Q♠" in err.message
    assert str(err) == err.message


@pytest.mark.parametrize(
    "value, what",
    [
        (None, "null"),
        (12, "a number"),
        (10.0, "a number"),
        (["QS"], "a list"),
        (b"QS", "something else"),
        ({"rank": "Q"}, "an object"),
        (True, "true or false"),
        (("Q", "S"), "a list"),
    ],
)
def test_contract_non_string_card_is_refused(value, what):
    with pytest.raises(CardError) as info:
        parse_card(value)
    assert info.value.message == f'a card is written as text in quotes, such as "QS" or "Q♠", not as {what}'
    assert info.value.text == value


def test_contract_long_bad_text_is_shortened_in_the_message():
    text = "X" * 50
    with pytest.raises(CardError) as info:
        parse_card(text)
    assert info.value.message.startswith("'" + "X" * 20 + "…' is not a card")


def test_contract_card_error_is_a_value_error():
    assert issubclass(CardError, ValueError)


def test_parse_cards_keeps_order_and_stops_at_the_first_bad_code():
    assert codes(parse_cards(["th", "Q♠", "J♡", "a♣"])) == ["10H", "QS", "JH", "AC"]
    with pytest.raises(CardError) as info:
        parse_cards(["QS", "1H", "11H"])
    assert info.value.text == "1H"


def test_r12_cards_are_shown_to_people_with_suit_symbols():
    assert show(parse_cards(["QS", "KS", "AS"])) == "Q♠ K♠ A♠"
    assert show(parse_cards(["10H", "10D", "10C"])) == "10♥ 10♦ 10♣"
