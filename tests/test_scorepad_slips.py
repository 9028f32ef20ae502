"""The scorepad's core refuses every slip, naming the hand and the player (R2, R14, R16, R19, R20)."""

from __future__ import annotations

import pytest
from scorepad_support import (
    ANA_BEN_CY,
    DRAW,
    STANDARD,
    cards,
    only_problem,
    problems_of,
    pts,
    rules,
    won,
)

from referee import HandEntry, Remaining, parse_cards, replay

# --- validation at the core: each slip names the hand and the player -------------------------


def test_r1_card_twice_across_players_in_one_hand():
    hands = [won("Ana", Ben=pts(5), Cy=pts(5)), won("Ana", Ben=cards("KC 2D"), Cy=cards("3H KC"))]
    p = only_problem(ANA_BEN_CY, STANDARD, hands)
    assert p.path == ("hands", 1, "remaining", "Cy", "cards", 1)
    assert "hand 2" in p.message and "K♣" in p.message and "Ben" in p.message and "Cy" in p.message


def test_r1_card_twice_for_one_player():
    p = only_problem(ANA_BEN_CY, STANDARD, [won("Ana", Ben=cards("7S 7S"), Cy=pts(1))])
    assert p.path == ("hands", 0, "remaining", "Ben", "cards", 1)
    assert "hand 1" in p.message and "7♠" in p.message and "twice" in p.message


def test_r1_the_same_card_in_different_hands_is_fine():
    pad = replay(ANA_BEN_CY, STANDARD, [won("Ana", Ben=cards("KC"), Cy=pts(1)), won("Ana", Ben=cards("KC"), Cy=pts(1))])
    assert pad.totals["Ana"] == 22


@pytest.mark.parametrize(
    "players, dealt, value",
    [
        (["Ana", "Ben"], 10, 1 + 2 + 3 + 4 + 5 + 6 + 7 + 8 + 9 + 10),  # 55
        (["Ana", "Ben", "Cy"], 7, 1 + 2 + 3 + 4 + 5 + 6 + 7),  # 28
        (["Ana", "Ben", "Cy", "Dee"], 7, 28),
        (["Ana", "Ben", "Cy", "Dee", "Eve"], 6, 1 + 2 + 3 + 4 + 5 + 6),  # 21
        (["Ana", "Ben", "Cy", "Dee", "Eve", "Fay"], 6, 21),
    ],
)
def test_r2_more_cards_than_were_dealt(players, dealt, value):
    spades = ["AS", "2S", "3S", "4S", "5S", "6S", "7S", "8S", "9S", "10S", "JS"]
    others = {p: pts(1) for p in players[2:]}
    exact = won("Ana", Ben=cards(" ".join(spades[:dealt])), **others)
    pad = replay(players, STANDARD, [exact])  # exactly as many as were dealt is fine
    assert pad.hands[0].remaining["Ben"] == value

    too_many = won("Ana", Ben=cards(" ".join(spades[: dealt + 1])), **others)
    p = only_problem(players, STANDARD, [won("Ana", Ben=pts(1), **others), too_many])
    assert p.path == ("hands", 1, "remaining", "Ben", "cards")
    assert "hand 2" in p.message and "Ben" in p.message
    assert f"{dealt + 1} cards" in p.message and f"only {dealt}" in p.message


def test_r14_empty_card_list_is_refused():
    p = only_problem(ANA_BEN_CY, STANDARD, [won("Ana", Ben=Remaining(cards=()), Cy=pts(1))])
    assert p.path == ("hands", 0, "remaining", "Ben", "cards")
    assert "hand 1" in p.message and "Ben" in p.message and "at least one card" in p.message


@pytest.mark.parametrize("points", [0, -3])
def test_r14_points_below_1_are_refused(points):
    p = only_problem(ANA_BEN_CY, STANDARD, [won("Ana", Ben=pts(1), Cy=pts(1)), won("Ana", Ben=pts(points), Cy=pts(1))])
    assert p.path == ("hands", 1, "remaining", "Ben", "points")
    assert "hand 2" in p.message and "Ben" in p.message and f"{points} points" in p.message
    assert "at least 1 point" in p.message


@pytest.mark.parametrize(
    "players, most",
    [
        (["Ana", "Ben"], 100),  # 10 cards × 10
        (["Ana", "Ben", "Cy"], 70),  # 7 × 10
        (["Ana", "Ben", "Cy", "Dee"], 70),
        (["Ana", "Ben", "Cy", "Dee", "Eve"], 60),  # 6 × 10
        (["Ana", "Ben", "Cy", "Dee", "Eve", "Fay"], 60),
    ],
)
def test_r14_points_above_ten_times_the_cards_dealt(players, most):
    others = {p: pts(1) for p in players[2:]}
    pad = replay(players, rules(target_score=1000), [won("Ana", Ben=pts(most), **others)])
    assert pad.hands[0].remaining["Ben"] == most

    p = only_problem(players, STANDARD, [won("Ana", Ben=pts(1), **others), won("Ana", Ben=pts(most + 1), **others)])
    assert p.path == ("hands", 1, "remaining", "Ben", "points")
    assert "hand 2" in p.message and "Ben" in p.message
    assert f"{most + 1} points" in p.message and f"at most {most}" in p.message


def test_r14_both_cards_and_points_is_refused():
    p = only_problem(
        ANA_BEN_CY,
        STANDARD,
        [won("Ana", Ben=pts(1), Cy=pts(1)), won("Ana", Ben=Remaining(cards=parse_cards(["KC"]), points=10), Cy=pts(1))],
    )
    assert p.path == ("hands", 1, "remaining", "Ben")
    assert "hand 2" in p.message and "Ben" in p.message and "not both" in p.message


def test_r14_neither_cards_nor_points_is_refused():
    p = only_problem(ANA_BEN_CY, STANDARD, [won("Ana", Ben=Remaining(), Cy=pts(1))])
    assert p.path == ("hands", 0, "remaining", "Ben")
    assert "hand 1" in p.message and "Ben" in p.message and "not neither" in p.message


def test_r14_unknown_player_in_remaining():
    p = only_problem(ANA_BEN_CY, STANDARD, [won("Ana", Ben=pts(1), Cy=pts(1)), won("Ana", Ben=pts(1), Cy=pts(1), Dan=pts(4))])
    assert p.path == ("hands", 1, "remaining", "Dan")
    assert "hand 2" in p.message and "'Dan'" in p.message and "not one of the players" in p.message


def test_r14_missing_opponent():
    p = only_problem(ANA_BEN_CY, STANDARD, [won("Ana", Ben=pts(1), Cy=pts(1)), won("Ana", Ben=pts(1))])
    assert p.path == ("hands", 1, "remaining", "Cy")
    assert "hand 2" in p.message and "Cy" in p.message and "missing" in p.message


def test_r14_entry_for_the_winner():
    p = only_problem(ANA_BEN_CY, STANDARD, [won("Ana", Ben=pts(1), Cy=pts(1)), won("Ben", Ana=pts(3), Ben=pts(2), Cy=pts(1))])
    assert p.path == ("hands", 1, "remaining", "Ben")
    assert "hand 2" in p.message and "Ben went out" in p.message


def test_r14_unknown_winner():
    p = only_problem(ANA_BEN_CY, STANDARD, [won("Zed", Ben=pts(1), Cy=pts(1))])
    assert p.path == ("hands", 0, "winner")
    assert "hand 1" in p.message and "'Zed'" in p.message


def test_r16_no_winner_and_not_a_draw():
    p = only_problem(ANA_BEN_CY, STANDARD, [HandEntry()])
    assert p.path == ("hands", 0, "winner")
    assert "hand 1" in p.message and "draw" in p.message


def test_r16_drawn_hand_with_a_winner_or_rummy():
    for entry in [
        HandEntry(drawn_hand=True, winner="Ana"),
        HandEntry(drawn_hand=True, rummy=True),
        HandEntry(drawn_hand=True, remaining={"Ben": pts(3)}),
    ]:
        p = only_problem(ANA_BEN_CY, STANDARD, [entry])
        assert p.path == ("hands", 0)
        assert "hand 1" in p.message and "drawn" in p.message


def test_r2_duplicate_player_names():
    p = only_problem(["Ana", "Ben", "Ana"], STANDARD, [])
    assert p.path == ("players", 2)
    assert "'Ana'" in p.message and "twice" in p.message


@pytest.mark.parametrize("players", [["Ana"], [], ["A", "B", "C", "D", "E", "F", "G"]])
def test_r2_wrong_number_of_players(players):
    p = only_problem(players, STANDARD, [])
    assert p.path == ("players",)
    assert "2 to 6 players" in p.message and f"not {len(players)}" in p.message


def test_r19_unknown_first_dealer():
    p = only_problem(ANA_BEN_CY, STANDARD, [], first_dealer="Dan")
    assert p.path == ("first_dealer",) and "'Dan'" in p.message


def test_r20_hand_after_the_game_was_won():
    hands = [
        won("Ana", Ben=pts(45), Cy=pts(1)),  # Ana 46
        won("Ben", Ana=pts(30), Cy=pts(30)),  # Ben 60 ≥ 50: Ben has won
        won("Ana", Ben=pts(10), Cy=pts(10)),
    ]
    p = only_problem(ANA_BEN_CY, rules(target_score=50), hands)
    assert p.path == ("hands", 2)
    assert "hand 3" in p.message and "won by Ben in hand 2" in p.message


def test_r20_hand_after_the_fixed_deals_were_played():
    p = only_problem(["Ana", "Ben"], rules(deals=1), [won("Ana", Ben=pts(3)), DRAW])
    assert p.path == ("hands", 1)
    assert "hand 2" in p.message and "won by Ana in hand 1" in p.message


def test_r14_every_slip_of_every_hand_is_reported():
    hands = [
        won("Ana", Ben=pts(0), Cy=pts(1)),  # hand 1: Ben 0 points
        won("Ana", Ben=pts(1), Cy=pts(1)),  # fine
        won("Ben", Ana=cards("QH"), Cy=cards("QH")),  # hand 3: Q♥ twice
        won("Cy", Ana=pts(2)),  # hand 4: Ben missing
    ]
    found = problems_of(ANA_BEN_CY, STANDARD, hands)
    assert [(p.path, p.message.split(":")[0]) for p in found] == [
        (("hands", 0, "remaining", "Ben", "points"), "hand 1"),
        (("hands", 2, "remaining", "Cy", "cards", 0), "hand 3"),
        (("hands", 3, "remaining", "Ben"), "hand 4"),
    ]


def test_invalid_input_is_a_value_error_with_the_messages():
    with pytest.raises(ValueError, match="hand 1: Ben's 0 points cannot be right"):
        replay(ANA_BEN_CY, STANDARD, [won("Ana", Ben=pts(0), Cy=pts(1))])
