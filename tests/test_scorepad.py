"""The scorepad of a physical-deck game (contract /v1/scorepad; RULES.md R2, R14–R16, R19, R20).

Two levels: ``referee.replay`` (the core: here the scores, the dealer and the game's end;
test_scorepad_slips.py the slips it refuses) and POST /v1/scorepad (test_scorepad_http.py). Every
expected number is spelled out: card values follow R14 (A = 1, 2–10 face value, J Q K = 10).
"""

from __future__ import annotations

import pytest
from scorepad_support import (
    ANA_BEN_CY,
    BASIC,
    DRAW,
    STANDARD,
    TWO_RESTOCKS,
    cards,
    dealers,
    only_problem,
    pts,
    rules,
    won,
)

from referee import Remaining, parse_cards, replay
from referee.scorepad import game_winner

# --- card values (R14) ---------------------------------------------------------------------


def test_contract_example_pad():
    hands = [won("Ana", Ben=cards("KC QD 9S AC"), Cy=pts(12)), DRAW]
    pad = replay(ANA_BEN_CY, rules(target_score=100), hands, "Ana")

    first, second = pad.hands
    # KC QD 9S AC = 10 + 10 + 9 + 1 = 30; Cy reported 12; Ana wins 30 + 12 = 42.
    assert (first.number, first.dealer, first.winner, first.rummy, first.multiplier, first.drawn_hand) == (1, "Ana", "Ana", False, 1, False)
    assert first.remaining == {"Ben": 30, "Cy": 12}
    assert first.points == 42
    assert first.totals == {"Ana": 42, "Ben": 0, "Cy": 0}
    # Hand 2 drawn: dealt by Ana's left (Ben), scores nothing.
    assert (second.number, second.dealer, second.winner, second.rummy, second.multiplier, second.drawn_hand) == (
        2,
        "Ben",
        None,
        False,
        1,
        True,
    )
    assert second.points == 0 and second.remaining == {}
    assert second.totals == {"Ana": 42, "Ben": 0, "Cy": 0}

    assert pad.totals == {"Ana": 42, "Ben": 0, "Cy": 0}
    assert [(s.player, s.total, s.rank) for s in pad.standings] == [("Ana", 42, 1), ("Ben", 0, 2), ("Cy", 0, 2)]
    assert pad.next_dealer == "Cy"
    assert pad.game_over is False and pad.winner is None
    assert pad.to_target == {"Ana": 100 - 42, "Ben": 100, "Cy": 100}


@pytest.mark.parametrize(
    "text, value",
    [
        ("AC", 1),
        ("2D 3H 4S", 2 + 3 + 4),  # 9
        ("10H 9C", 10 + 9),  # 19
        ("JS QH KD", 10 + 10 + 10),  # 30
        ("AS AH AD AC", 1 + 1 + 1 + 1),  # 4
        ("KC QD 9S AC", 10 + 10 + 9 + 1),  # 30
        ("KC KD KH KS QC QD QH", 70),  # the most 7 cards can hold
    ],
)
def test_r14_cards_are_valued(text, value):
    pad = replay(ANA_BEN_CY, STANDARD, [won("Ana", Ben=cards(text), Cy=pts(1))])
    assert pad.hands[0].remaining == {"Ben": value, "Cy": 1}
    assert pad.hands[0].points == value + 1
    assert pad.totals == {"Ana": value + 1, "Ben": 0, "Cy": 0}


def test_r1_every_spelling_of_a_card_counts_the_same():
    # 10h, TH, 10♥ and Q♠ are accepted spellings (contract, Cards): 10 + 10 = 20.
    pad = replay(["Ana", "Ben"], STANDARD, [won("Ana", Ben=Remaining(cards=parse_cards(["th", "Q♠"])))])
    assert pad.hands[0].remaining == {"Ben": 20}


def test_r14_only_the_winner_scores_and_running_totals_accumulate():
    hands = [
        won("Ana", Ben=cards("5C 6C"), Cy=cards("KH")),  # 11 + 10 = 21 to Ana
        won("Cy", Ana=pts(8), Ben=cards("AD 2D 3D")),  # 8 + 6 = 14 to Cy
        won("Ana", Ben=pts(30), Cy=cards("QS JS")),  # 30 + 20 = 50 to Ana
    ]
    pad = replay(ANA_BEN_CY, STANDARD, hands)
    assert [h.points for h in pad.hands] == [21, 14, 50]
    assert [h.totals for h in pad.hands] == [
        {"Ana": 21, "Ben": 0, "Cy": 0},
        {"Ana": 21, "Ben": 0, "Cy": 14},
        {"Ana": 71, "Ben": 0, "Cy": 14},
    ]
    assert pad.totals == {"Ana": 71, "Ben": 0, "Cy": 14}
    assert [(s.player, s.total, s.rank) for s in pad.standings] == [("Ana", 71, 1), ("Cy", 14, 2), ("Ben", 0, 3)]
    assert pad.to_target == {"Ana": 29, "Ben": 100, "Cy": 86}


def test_r14_remaining_is_listed_in_player_order_whatever_the_entry_order():
    pad = replay(ANA_BEN_CY, STANDARD, [won("Ben", Cy=pts(3), Ana=pts(4))])
    assert list(pad.hands[0].remaining) == ["Ana", "Cy"]


def test_r20_an_empty_pad():
    pad = replay(ANA_BEN_CY, STANDARD, [], "Cy")
    assert pad.hands == ()
    assert pad.totals == {"Ana": 0, "Ben": 0, "Cy": 0}
    assert [(s.player, s.rank) for s in pad.standings] == [("Ana", 1), ("Ben", 1), ("Cy", 1)]
    assert pad.next_dealer == "Cy"
    assert pad.game_over is False and pad.winner is None
    assert pad.to_target == {"Ana": 100, "Ben": 100, "Cy": 100}


def test_r20_standings_ties_share_a_rank_and_keep_player_order():
    players = ["Ana", "Ben", "Cy", "Dee"]
    hands = [
        won("Ben", Ana=pts(5), Cy=pts(5), Dee=pts(20)),  # Ben 30
        won("Dee", Ana=pts(3), Ben=pts(3), Cy=pts(4)),  # Dee 10
        won("Cy", Ana=pts(10), Ben=pts(10), Dee=pts(10)),  # Cy 30
    ]
    pad = replay(players, STANDARD, hands)
    assert pad.totals == {"Ana": 0, "Ben": 30, "Cy": 30, "Dee": 10}
    assert [(s.player, s.total, s.rank) for s in pad.standings] == [("Ben", 30, 1), ("Cy", 30, 1), ("Dee", 10, 3), ("Ana", 0, 4)]


# --- going rummy (R15) ---------------------------------------------------------------------


def test_r15_going_rummy_doubles_under_standard():
    # 5C 5D = 10, KS = 10, so 20 plain; doubled: 40.
    pad = replay(ANA_BEN_CY, STANDARD, [won("Ana", rummy=True, Ben=cards("5C 5D"), Cy=cards("KS"))])
    line = pad.hands[0]
    assert line.rummy is True and line.multiplier == 2
    assert line.remaining == {"Ben": 10, "Cy": 10}  # plain totals, not doubled
    assert line.points == 2 * (10 + 10) == 40
    assert pad.totals == {"Ana": 40, "Ben": 0, "Cy": 0}


def test_r15_going_rummy_doubles_reported_points_too():
    pad = replay(["Ana", "Ben"], STANDARD, [won("Ben", rummy=True, Ana=pts(12))])
    assert pad.hands[0].multiplier == 2 and pad.hands[0].points == 24
    assert pad.totals == {"Ana": 0, "Ben": 24}


def test_r15_going_rummy_doubles_under_two_restocks():
    pad = replay(ANA_BEN_CY, TWO_RESTOCKS, [won("Cy", rummy=True, Ana=cards("9H"), Ben=pts(7))])
    assert pad.hands[0].multiplier == 2 and pad.hands[0].points == 2 * (9 + 7) == 32


@pytest.mark.parametrize("rules_", [BASIC, rules(going_rummy_doubles=False)], ids=["basic", "standard-no-doubling"])
def test_r15_going_rummy_is_accepted_with_multiplier_1_where_it_does_not_double(rules_):
    pad = replay(ANA_BEN_CY, rules_, [won("Ana", rummy=True, Ben=cards("5C 5D"), Cy=cards("KS"))])
    line = pad.hands[0]
    assert line.rummy is True  # the fact is shown under every preset
    assert line.multiplier == 1
    assert line.points == 10 + 10 == 20
    assert pad.totals == {"Ana": 20, "Ben": 0, "Cy": 0}


def test_r15_doubling_applies_only_to_the_rummy_hand():
    hands = [
        won("Ana", rummy=True, Ben=pts(10), Cy=pts(5)),  # 2 × 15 = 30
        won("Ana", Ben=pts(10), Cy=pts(5)),  # 15
    ]
    pad = replay(ANA_BEN_CY, STANDARD, hands)
    assert [(h.multiplier, h.points) for h in pad.hands] == [(2, 30), (1, 15)]
    assert pad.totals["Ana"] == 45


# --- drawn hands (R16) ---------------------------------------------------------------------


def test_r16_drawn_hands_score_nothing():
    hands = [won("Ben", Ana=pts(9), Cy=pts(6)), DRAW, DRAW]
    pad = replay(ANA_BEN_CY, STANDARD, hands)
    for line in pad.hands[1:]:
        assert line.drawn_hand is True and line.winner is None and line.rummy is False
        assert line.multiplier == 1 and line.points == 0 and line.remaining == {}
        assert line.totals == {"Ana": 0, "Ben": 15, "Cy": 0}
    assert pad.totals == {"Ana": 0, "Ben": 15, "Cy": 0}


def test_r16_a_pad_of_only_drawn_hands():
    pad = replay(["Ana", "Ben"], STANDARD, [DRAW, DRAW, DRAW])
    assert pad.totals == {"Ana": 0, "Ben": 0}
    assert dealers(pad) == ["Ana", "Ben", "Ana"]
    assert pad.next_dealer == "Ben"
    assert [s.rank for s in pad.standings] == [1, 1]


# --- the dealer (R19) ----------------------------------------------------------------------


def test_r19_first_dealer_defaults_to_the_first_player():
    pad = replay(ANA_BEN_CY, STANDARD, [DRAW])
    assert dealers(pad) == ["Ana"] and pad.next_dealer == "Ben"


def test_r19_three_players_deal_passes_left_whoever_wins():
    # winner_two_player (standard) passes left with three or more players, wrapping round.
    hands = [
        won("Cy", Ana=pts(1), Ben=pts(1)),
        won("Cy", Ana=pts(1), Ben=pts(1)),
        won("Ana", Ben=pts(1), Cy=pts(1)),
        won("Cy", Ana=pts(1), Ben=pts(1)),
    ]
    pad = replay(ANA_BEN_CY, STANDARD, hands, first_dealer="Ben")
    assert dealers(pad) == ["Ben", "Cy", "Ana", "Ben"]
    assert pad.next_dealer == "Cy"


def test_r19_two_players_winner_deals_next_under_standard():
    hands = [
        won("Ben", Ana=pts(1)),  # dealt by Ana (first dealer); Ben won
        won("Ben", Ana=pts(1)),  # so Ben deals; Ben won again
        won("Ana", Ben=pts(1)),  # Ben deals again; Ana won
        DRAW,  # Ana deals; drawn, so the deal passes left
        won("Ana", Ben=pts(1)),  # Ben deals; Ana won
    ]
    pad = replay(["Ana", "Ben"], STANDARD, hands)
    assert dealers(pad) == ["Ana", "Ben", "Ben", "Ana", "Ben"]
    assert pad.next_dealer == "Ana"


def test_r19_two_players_winner_deals_next_under_basic():
    hands = [won("Ana", Ben=pts(1)), won("Ana", Ben=pts(1)), won("Ben", Ana=pts(1))]
    pad = replay(["Ana", "Ben"], BASIC, hands, first_dealer="Ben")
    assert dealers(pad) == ["Ben", "Ana", "Ana"]
    assert pad.next_dealer == "Ben"


def test_r19_two_players_deal_passes_left_under_two_restocks():
    # dealer_rotation "left": the winner (always Ben here) does not keep the deal.
    hands = [won("Ben", Ana=pts(1))] * 4
    pad = replay(["Ana", "Ben"], TWO_RESTOCKS, hands)
    assert dealers(pad) == ["Ana", "Ben", "Ana", "Ben"]
    assert pad.next_dealer == "Ana"


def test_r19_left_rotation_as_an_override_of_standard():
    hands = [won("Ben", Ana=pts(1)), won("Ben", Ana=pts(1)), DRAW]
    pad = replay(["Ana", "Ben"], rules(dealer_rotation="left"), hands)
    assert dealers(pad) == ["Ana", "Ben", "Ana"]
    assert pad.next_dealer == "Ben"


def test_r19_left_rotation_with_five_players_wraps_from_the_last_seat():
    players = ["Ana", "Ben", "Cy", "Dee", "Eve"]
    hands = [DRAW, won("Dee", Ana=pts(1), Ben=pts(1), Cy=pts(1), Eve=pts(1)), DRAW, DRAW, DRAW, DRAW]
    pad = replay(players, TWO_RESTOCKS, hands, first_dealer="Dee")
    assert dealers(pad) == ["Dee", "Eve", "Ana", "Ben", "Cy", "Dee"]
    assert pad.next_dealer == "Eve"


def test_r19_drawn_hand_passes_left_with_three_players():
    pad = replay(ANA_BEN_CY, STANDARD, [DRAW, DRAW, DRAW, DRAW], first_dealer="Cy")
    assert dealers(pad) == ["Cy", "Ana", "Ben", "Cy"]
    assert pad.next_dealer == "Ana"


# --- the end of the game (R20) -------------------------------------------------------------


def test_r20_target_reached_ends_the_game():
    hands = [
        won("Ana", Ben=pts(20), Cy=pts(10)),  # Ana 30
        won("Ben", Ana=pts(25), Cy=pts(30)),  # Ben 55 ≥ 50
    ]
    pad = replay(ANA_BEN_CY, rules(target_score=50), hands)
    assert pad.totals == {"Ana": 30, "Ben": 55, "Cy": 0}
    assert pad.game_over is True and pad.winner == "Ben"
    assert pad.next_dealer is None
    assert pad.to_target == {"Ana": 20, "Ben": 0, "Cy": 50}


def test_r20_exactly_the_target_is_reaching_it():
    pad = replay(["Ana", "Ben"], rules(target_score=50), [won("Ana", Ben=pts(50))])
    assert pad.game_over is True and pad.winner == "Ana" and pad.to_target == {"Ana": 0, "Ben": 50}


def test_r20_one_short_of_the_target_plays_on():
    pad = replay(["Ana", "Ben"], rules(target_score=50), [won("Ana", Ben=pts(49))])
    assert pad.game_over is False and pad.winner is None and pad.next_dealer == "Ana"
    assert pad.to_target == {"Ana": 1, "Ben": 50}


def test_r20_default_target_is_100():
    hands = [won("Ana", Ben=pts(60)), won("Ana", Ben=pts(39))]  # 99
    assert replay(["Ana", "Ben"], STANDARD, hands).game_over is False
    pad = replay(["Ana", "Ben"], STANDARD, hands + [won("Ana", Ben=pts(1))])  # 100
    assert pad.game_over is True and pad.winner == "Ana"


def test_r20_target_first_reached_by_one_player_who_is_then_strictly_highest():
    # Only the winner of a hand scores, so when the target is first reached the hand's winner
    # is the only player past it: a tie at the top past the target cannot arise in a replay.
    hands = [
        won("Ana", Ben=pts(20), Cy=pts(29)),  # Ana 49
        won("Ben", Ana=pts(30), Cy=pts(19)),  # Ben 49: tied at the top, below the target
        won("Cy", Ana=pts(1), Ben=pts(1)),  # Cy 2
    ]
    r = rules(target_score=50)
    pad = replay(ANA_BEN_CY, r, hands)
    assert pad.totals == {"Ana": 49, "Ben": 49, "Cy": 2}
    assert pad.game_over is False and pad.winner is None and pad.next_dealer == "Ana"
    assert [(s.player, s.rank) for s in pad.standings] == [("Ana", 1), ("Ben", 1), ("Cy", 3)]

    done = replay(ANA_BEN_CY, r, hands + [won("Ben", Ana=pts(1), Cy=pts(1))])  # Ben 51
    assert done.totals == {"Ana": 49, "Ben": 51, "Cy": 2}
    assert done.game_over is True and done.winner == "Ben" and done.next_dealer is None


@pytest.mark.parametrize(
    "totals, over, winner",
    [
        ({"Ana": 50, "Ben": 50, "Cy": 0}, False, None),  # tie for highest past the target
        ({"Ana": 60, "Ben": 55, "Cy": 0}, True, "Ana"),  # several past it: the highest wins
        ({"Ana": 49, "Ben": 49, "Cy": 49}, False, None),  # nobody has reached it
        ({"Ana": 0, "Ben": 0, "Cy": 50}, True, "Cy"),  # exactly the target is reaching it
        ({"Ana": 70, "Ben": 70, "Cy": 71}, True, "Cy"),  # a tie below the top does not matter
    ],
)
def test_r20_game_winner_by_target(totals, over, winner):
    assert game_winner(totals, 7, rules(target_score=50)) == (over, winner)


@pytest.mark.parametrize(
    "totals, played, over, winner",
    [
        ({"Ana": 500, "Ben": 0}, 2, False, None),  # the target is not used with deals
        ({"Ana": 5, "Ben": 3}, 3, True, "Ana"),
        ({"Ana": 5, "Ben": 5}, 3, False, None),  # tie for highest: another hand
        ({"Ana": 5, "Ben": 6}, 4, True, "Ben"),  # past the deals, the tie broken
        ({"Ana": 0, "Ben": 0}, 3, False, None),
    ],
)
def test_r20_game_winner_by_deals(totals, played, over, winner):
    assert game_winner(totals, played, rules(deals=3, target_score=1)) == (over, winner)


def test_r20_fixed_deals_end_the_game_and_ignore_the_target():
    r = rules(deals=3, target_score=10)
    hands = [
        won("Ana", Ben=pts(40), Cy=pts(2)),  # Ana 42, far past "target" 10: not used
        won("Cy", Ana=pts(15), Ben=pts(15)),  # Cy 30
        won("Cy", Ana=pts(10), Ben=pts(5)),  # Cy 45
    ]
    two = replay(ANA_BEN_CY, r, hands[:2])
    assert two.game_over is False and two.winner is None and two.next_dealer == "Cy"
    assert two.to_target is None

    pad = replay(ANA_BEN_CY, r, hands)
    assert pad.totals == {"Ana": 42, "Ben": 0, "Cy": 45}
    assert pad.game_over is True and pad.winner == "Cy"
    assert pad.next_dealer is None and pad.to_target is None


def test_r20_fixed_deals_count_drawn_hands():
    pad = replay(["Ana", "Ben"], rules(deals=2), [won("Ben", Ana=pts(5)), DRAW])
    assert pad.game_over is True and pad.winner == "Ben" and pad.totals == {"Ana": 0, "Ben": 5}


def test_r20_fixed_deals_tie_at_the_top_means_another_hand():
    r = rules(deals=2)
    hands = [
        won("Ana", Ben=pts(20), Cy=pts(5)),  # Ana 25
        won("Ben", Ana=pts(15), Cy=pts(10)),
    ]  # Ben 25: tie after 2 deals
    pad = replay(ANA_BEN_CY, r, hands)
    assert pad.totals == {"Ana": 25, "Ben": 25, "Cy": 0}
    assert pad.game_over is False and pad.winner is None and pad.next_dealer == "Cy"

    still_tied = replay(ANA_BEN_CY, r, hands + [DRAW])
    assert still_tied.game_over is False and still_tied.next_dealer == "Ana"

    decided = replay(ANA_BEN_CY, r, hands + [DRAW, won("Ana", Ben=pts(1), Cy=pts(1))])
    assert decided.totals == {"Ana": 27, "Ben": 25, "Cy": 0}
    assert decided.game_over is True and decided.winner == "Ana" and decided.next_dealer is None


def test_r20_fixed_deals_tie_below_a_winner_does_not_matter():
    pad = replay(ANA_BEN_CY, rules(deals=1), [won("Ana", Ben=pts(3), Cy=pts(4))])
    assert pad.totals == {"Ana": 7, "Ben": 0, "Cy": 0}  # Ben and Cy tie for second
    assert pad.game_over is True and pad.winner == "Ana"


# --- corrections: the same pad with an earlier hand changed ---------------------------------


def test_r20_correcting_an_earlier_hands_points_changes_every_later_total():
    later = [won("Ben", Ana=pts(10), Cy=pts(10)), won("Ana", Ben=pts(5), Cy=pts(5))]
    typed = replay(ANA_BEN_CY, STANDARD, [won("Ana", Ben=pts(30), Cy=pts(12))] + later)
    fixed = replay(ANA_BEN_CY, STANDARD, [won("Ana", Ben=cards("KC QD 9S AC"), Cy=pts(2))] + later)
    # typed: 30 + 12 = 42; fixed: 30 + 2 = 32. Ana's totals drop by 10 in every line.
    assert [h.totals["Ana"] for h in typed.hands] == [42, 42, 52]
    assert [h.totals["Ana"] for h in fixed.hands] == [32, 32, 42]
    assert [h.totals["Ben"] for h in fixed.hands] == [0, 20, 20]
    assert fixed.totals == {"Ana": 42, "Ben": 20, "Cy": 0}
    assert dealers(typed) == dealers(fixed) == ["Ana", "Ben", "Cy"]


def test_r19_correcting_an_earlier_winner_changes_the_dealers_that_follow():
    later = [won("Ana", Ben=pts(3)), won("Ana", Ben=pts(3))]
    typed = replay(["Ana", "Ben"], STANDARD, [won("Ben", Ana=pts(7))] + later)
    fixed = replay(["Ana", "Ben"], STANDARD, [won("Ana", Ben=pts(7))] + later)
    assert dealers(typed) == ["Ana", "Ben", "Ana"]  # Ben won hand 1, so Ben dealt hand 2
    assert dealers(fixed) == ["Ana", "Ana", "Ana"]  # Ana won every hand and kept the deal
    assert typed.totals == {"Ana": 6, "Ben": 7}
    assert fixed.totals == {"Ana": 13, "Ben": 0}


def test_r16_correcting_a_drawn_hand_into_a_win_and_back():
    with_draw = replay(ANA_BEN_CY, STANDARD, [DRAW, won("Cy", Ana=pts(4), Ben=pts(4))])
    with_win = replay(ANA_BEN_CY, STANDARD, [won("Ben", Ana=pts(9), Cy=pts(9)), won("Cy", Ana=pts(4), Ben=pts(4))])
    assert with_draw.totals == {"Ana": 0, "Ben": 0, "Cy": 8}
    assert with_win.totals == {"Ana": 0, "Ben": 18, "Cy": 8}
    assert replay(ANA_BEN_CY, STANDARD, [DRAW, won("Cy", Ana=pts(4), Ben=pts(4))]) == with_draw


def test_r20_correcting_an_earlier_hand_can_end_the_game_sooner():
    target = rules(target_score=50)
    later = [won("Ben", Ana=pts(5)), won("Ben", Ana=pts(5))]
    ok = replay(["Ana", "Ben"], target, [won("Ana", Ben=pts(45))] + later)
    assert ok.game_over is False and ok.totals == {"Ana": 45, "Ben": 10}
    # Hand 1 was really 55 points: the game ended there, so hands 2 and 3 cannot be.
    problem = only_problem(["Ana", "Ben"], target, [won("Ana", Ben=pts(55))] + later)
    assert problem.path == ("hands", 1)
    assert "hand 2" in problem.message and "Ana" in problem.message and "hand 1" in problem.message


def test_r20_correcting_the_last_hand_reopens_a_finished_game():
    target = rules(target_score=50)
    over = replay(["Ana", "Ben"], target, [won("Ana", Ben=pts(40)), won("Ana", Ben=pts(10))])
    assert over.game_over is True and over.winner == "Ana" and over.next_dealer is None
    reopened = replay(["Ana", "Ben"], target, [won("Ana", Ben=pts(40)), won("Ana", Ben=pts(9))])
    assert reopened.game_over is False and reopened.winner is None and reopened.next_dealer == "Ana"


def test_replay_is_a_pure_function_of_its_input():
    hands = [won("Ana", Ben=cards("KC"), Cy=pts(3)), DRAW]
    before = list(hands)
    assert replay(ANA_BEN_CY, STANDARD, hands) == replay(ANA_BEN_CY, STANDARD, hands)
    assert hands == before
