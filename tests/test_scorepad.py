"""The scorepad of a physical-deck game (contract /v1/scorepad; RULES.md R2, R14–R16, R19, R20).

Two levels: ``referee.replay`` (the core) and POST /v1/scorepad (the HTTP layer). Every expected
number is spelled out: card values follow R14 (A = 1, 2–10 face value, J Q K = 10).
"""

from __future__ import annotations

from dataclasses import replace

import pytest

from referee import PRESETS, HandEntry, InvalidInput, Remaining, parse_cards, replay
from referee.scorepad import game_winner

STANDARD = PRESETS["standard"]
BASIC = PRESETS["basic"]
TWO_RESTOCKS = PRESETS["two-restocks"]
ANA_BEN_CY = ["Ana", "Ben", "Cy"]
PROBLEM_JSON = "application/problem+json"


# --- helpers -------------------------------------------------------------------------------


def cards(text: str) -> Remaining:
    return Remaining(cards=parse_cards(text.split()))


def pts(n: int) -> Remaining:
    return Remaining(points=n)


def won(winner: str, rummy: bool = False, **remaining: Remaining) -> HandEntry:
    return HandEntry(winner=winner, rummy=rummy, remaining=remaining)


DRAW = HandEntry(draw=True)


def rules(base=STANDARD, **overrides):
    return replace(base, **overrides)


def problems_of(players, rules_, hands, first_dealer=None):
    with pytest.raises(InvalidInput) as exc:
        replay(players, rules_, hands, first_dealer)
    return exc.value.problems


def only_problem(players, rules_, hands, first_dealer=None):
    found = problems_of(players, rules_, hands, first_dealer)
    assert len(found) == 1, [(p.path, p.message) for p in found]
    return found[0]


def dealers(pad):
    return [line.dealer for line in pad.hands]


def post(client, body):
    return client.post("/v1/scorepad", json=body)


def unprocessable(client, body):
    """The 422 problem's errors for ``body``, after checking it is problem+json."""
    r = post(client, body)
    assert r.status_code == 422, r.get_json()
    assert r.mimetype == PROBLEM_JSON
    doc = r.get_json()
    assert doc["status"] == 422 and doc["title"] and doc["type"]
    assert doc["errors"], doc
    for e in doc["errors"]:
        assert set(e) == {"pointer", "detail"} and e["detail"]
    return doc["errors"]


def error_at(errors, pointer):
    found = [e for e in errors if e["pointer"] == pointer]
    assert found, (pointer, errors)
    return found[0]["detail"]


# --- card values (R14) ---------------------------------------------------------------------


def test_contract_example_pad():
    hands = [won("Ana", Ben=cards("KC QD 9S AC"), Cy=pts(12)), DRAW]
    pad = replay(ANA_BEN_CY, rules(target_score=100), hands, "Ana")

    first, second = pad.hands
    # KC QD 9S AC = 10 + 10 + 9 + 1 = 30; Cy reported 12; Ana wins 30 + 12 = 42.
    assert (first.number, first.dealer, first.winner, first.rummy, first.multiplier, first.draw) == (1, "Ana", "Ana", False, 1, False)
    assert first.remaining == {"Ben": 30, "Cy": 12}
    assert first.points == 42
    assert first.totals == {"Ana": 42, "Ben": 0, "Cy": 0}
    # Hand 2 drawn: dealt by Ana's left (Ben), scores nothing.
    assert (second.number, second.dealer, second.winner, second.rummy, second.multiplier, second.draw) == (2, "Ben", None, False, 1, True)
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
        assert line.draw is True and line.winner is None and line.rummy is False
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
    for entry in [HandEntry(draw=True, winner="Ana"), HandEntry(draw=True, rummy=True), HandEntry(draw=True, remaining={"Ben": pts(3)})]:
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


# --- HTTP: POST /v1/scorepad --------------------------------------------------------------------

CONTRACT_REQUEST = {
    "rules": {"preset": "standard", "target_score": 100},
    "players": ["Ana", "Ben", "Cy"],
    "first_dealer": "Ana",
    "hands": [
        {"winner": "Ana", "rummy": False, "remaining": {"Ben": {"cards": ["KC", "QD", "9S", "AC"]}, "Cy": {"points": 12}}},
        {"draw": True},
    ],
}


def test_http_contract_example(client):
    r = post(client, CONTRACT_REQUEST)
    assert r.status_code == 200 and r.mimetype == "application/json"
    body = r.get_json()
    assert body["hands"] == [
        {
            "number": 1,
            "dealer": "Ana",
            "winner": "Ana",
            "rummy": False,
            "multiplier": 1,
            "draw": False,
            "points": 42,
            "remaining": {"Ben": 30, "Cy": 12},
            "totals": {"Ana": 42, "Ben": 0, "Cy": 0},
        },
        {
            "number": 2,
            "dealer": "Ben",
            "winner": None,
            "rummy": False,
            "multiplier": 1,
            "draw": True,
            "points": 0,
            "remaining": {},
            "totals": {"Ana": 42, "Ben": 0, "Cy": 0},
        },
    ]
    assert body["totals"] == {"Ana": 42, "Ben": 0, "Cy": 0}
    assert [{"player": s["player"], "total": s["total"]} for s in body["standings"]] == [
        {"player": "Ana", "total": 42},
        {"player": "Ben", "total": 0},
        {"player": "Cy", "total": 0},
    ]
    assert [s["rank"] for s in body["standings"]] == [1, 2, 2]
    assert body["next_dealer"] == "Cy"
    assert body["game_over"] is False and body["winner"] is None
    assert body["to_target"] == {"Ana": 58, "Ben": 100, "Cy": 100}
    assert body["rules"]["preset"] == "standard" and body["rules"]["target_score"] == 100


def test_http_r21_defaults_rules_first_dealer_and_hands(client):
    r = post(client, {"players": ["Ana", "Ben"]})
    assert r.status_code == 200
    body = r.get_json()
    assert body["hands"] == [] and body["totals"] == {"Ana": 0, "Ben": 0}
    assert body["next_dealer"] == "Ana" and body["game_over"] is False and body["winner"] is None
    assert body["rules"]["preset"] == "standard" and body["rules"]["target_score"] == 100
    assert body["rules"]["deals"] is None
    assert body["to_target"] == {"Ana": 100, "Ben": 100}


def test_http_r1_accepts_every_card_spelling(client):
    body = {"players": ["Ana", "Ben"], "hands": [{"winner": "Ana", "remaining": {"Ben": {"cards": ["10h", "TD", "Q♠", "a♧", "7♦\ufe0f"]}}}]}
    r = post(client, body)
    assert r.status_code == 200
    assert r.get_json()["hands"][0]["remaining"] == {"Ben": 10 + 10 + 10 + 1 + 7}  # 38


def test_http_r15_rummy_doubling_and_basic(client):
    hand = {"winner": "Ana", "rummy": True, "remaining": {"Ben": {"cards": ["5C", "5D"]}, "Cy": {"points": 10}}}
    std = post(client, {"players": ANA_BEN_CY, "hands": [hand]}).get_json()
    assert (std["hands"][0]["multiplier"], std["hands"][0]["points"]) == (2, 2 * (10 + 10))
    assert std["hands"][0]["remaining"] == {"Ben": 10, "Cy": 10}
    basic = post(client, {"rules": {"preset": "basic"}, "players": ANA_BEN_CY, "hands": [hand]}).get_json()
    assert basic["hands"][0]["rummy"] is True
    assert (basic["hands"][0]["multiplier"], basic["hands"][0]["points"]) == (1, 20)


def test_http_r19_two_player_rotations(client):
    hands = [{"winner": "Ben", "remaining": {"Ana": {"points": 1}}}] * 3 + [{"draw": True}]
    std = post(client, {"players": ["Ana", "Ben"], "hands": hands}).get_json()
    assert [h["dealer"] for h in std["hands"]] == ["Ana", "Ben", "Ben", "Ben"]
    assert std["next_dealer"] == "Ana"
    left = post(client, {"rules": {"preset": "two-restocks"}, "players": ["Ana", "Ben"], "hands": hands}).get_json()
    assert [h["dealer"] for h in left["hands"]] == ["Ana", "Ben", "Ana", "Ben"]
    assert left["next_dealer"] == "Ana"


def test_http_r20_target_reached(client):
    body = {
        "rules": {"target_score": 50},
        "players": ["Ana", "Ben"],
        "hands": [
            {"winner": "Ben", "remaining": {"Ana": {"points": 30}}},
            {"winner": "Ben", "rummy": True, "remaining": {"Ana": {"cards": ["KH", "3C"]}}},
        ],
    }  # 2 × 13 = 26
    out = post(client, body).get_json()
    assert out["totals"] == {"Ana": 0, "Ben": 56}
    assert out["game_over"] is True and out["winner"] == "Ben" and out["next_dealer"] is None
    assert out["to_target"] == {"Ana": 50, "Ben": 0}
    assert [(s["player"], s["rank"]) for s in out["standings"]] == [("Ben", 1), ("Ana", 2)]


def test_http_r20_fixed_deals_with_a_tie_at_the_top(client):
    hands = [{"winner": "Ana", "remaining": {"Ben": {"points": 9}}}, {"winner": "Ben", "remaining": {"Ana": {"points": 9}}}]
    tied = post(client, {"rules": {"deals": 2, "target_score": 5}, "players": ["Ana", "Ben"], "hands": hands}).get_json()
    assert tied["totals"] == {"Ana": 9, "Ben": 9}
    assert tied["game_over"] is False and tied["winner"] is None
    assert tied["next_dealer"] == "Ben"  # Ben won hand 2 and deals next
    assert tied["to_target"] is None
    assert [s["rank"] for s in tied["standings"]] == [1, 1]

    hands.append({"winner": "Ana", "remaining": {"Ben": {"cards": ["2H"]}}})
    done = post(client, {"rules": {"deals": 2, "target_score": 5}, "players": ["Ana", "Ben"], "hands": hands}).get_json()
    assert done["totals"] == {"Ana": 11, "Ben": 9}
    assert done["game_over"] is True and done["winner"] == "Ana" and done["next_dealer"] is None


def test_http_r20_correction_is_sending_the_list_again(client):
    first = post(client, CONTRACT_REQUEST).get_json()
    corrected = dict(
        CONTRACT_REQUEST,
        hands=[{"winner": "Cy", "remaining": {"Ana": {"points": 5}, "Ben": {"cards": ["KC", "QD", "9S", "AC"]}}}, {"draw": True}],
    )
    second = post(client, corrected).get_json()
    assert first["totals"] == {"Ana": 42, "Ben": 0, "Cy": 0}
    assert second["hands"][0]["points"] == 5 + 30
    assert second["totals"] == {"Ana": 0, "Ben": 0, "Cy": 35}
    assert [s["player"] for s in second["standings"]] == ["Cy", "Ana", "Ben"]
    # Nothing is stored: the original pad still replays as before.
    assert post(client, CONTRACT_REQUEST).get_json() == first


# --- HTTP validation: 422 problem+json naming the hand and the player ----------------------------


def two_hands(second: dict, players=ANA_BEN_CY, rules_=None) -> dict:
    """A pad whose hand 1 is fine and whose hand 2 is ``second``."""
    first = {"winner": players[0], "remaining": {p: {"points": 1} for p in players[1:]}}
    body = {"players": players, "hands": [first, second]}
    if rules_ is not None:
        body["rules"] = rules_
    return body


def test_http_r1_card_twice_in_one_hand(client):
    errors = unprocessable(client, two_hands({"winner": "Ana", "remaining": {"Ben": {"cards": ["KC", "2D"]}, "Cy": {"cards": ["K♣"]}}}))
    detail = error_at(errors, "/hands/1/remaining/Cy/cards/0")
    assert "hand 2" in detail and "K♣" in detail and "Ben" in detail and "Cy" in detail


def test_http_r2_more_cards_than_were_dealt_with_two_players(client):
    eleven = ["AS", "2S", "3S", "4S", "5S", "6S", "7S", "8S", "9S", "10S", "JS"]
    errors = unprocessable(client, two_hands({"winner": "Ana", "remaining": {"Ben": {"cards": eleven}}}, ["Ana", "Ben"]))
    assert len(errors) == 1
    detail = error_at(errors, "/hands/1/remaining/Ben/cards")
    assert "hand 2" in detail and "Ben" in detail and "11 cards" in detail and "only 10" in detail


def test_http_r2_more_cards_than_were_dealt_with_five_players(client):
    players = ["Ana", "Ben", "Cy", "Dee", "Eve"]
    seven = ["AH", "2H", "3H", "4H", "5H", "6H", "7H"]
    others = {p: {"points": 1} for p in players[2:]}
    errors = unprocessable(client, two_hands({"winner": "Ana", "remaining": {"Ben": {"cards": seven}, **others}}, players))
    detail = error_at(errors, "/hands/1/remaining/Ben/cards")
    assert "hand 2" in detail and "Ben" in detail and "7 cards" in detail and "only 6" in detail


@pytest.mark.parametrize("points, why", [(0, "at least 1 point"), (-5, "at least 1 point"), (71, "at most 70"), (10_000_000, "at most 70")])
def test_http_r14_impossible_points(client, points, why):
    errors = unprocessable(client, two_hands({"winner": "Ana", "remaining": {"Ben": {"points": points}, "Cy": {"points": 3}}}))
    assert len(errors) == 1
    detail = error_at(errors, "/hands/1/remaining/Ben/points")
    assert "hand 2" in detail and "Ben" in detail and f"{points} points" in detail and why in detail


def test_http_r14_both_cards_and_points(client):
    errors = unprocessable(client, two_hands({"winner": "Ana", "remaining": {"Ben": {"cards": ["KC"], "points": 10}, "Cy": {"points": 3}}}))
    detail = error_at(errors, "/hands/1/remaining/Ben")
    assert "hand 2" in detail and "Ben" in detail and "not both" in detail


def test_http_r14_neither_cards_nor_points(client):
    errors = unprocessable(client, two_hands({"winner": "Ana", "remaining": {"Ben": {}, "Cy": {"points": 3}}}))
    detail = error_at(errors, "/hands/1/remaining/Ben")
    assert "hand 2" in detail and "Ben" in detail and "not neither" in detail


def test_http_r14_empty_card_list(client):
    errors = unprocessable(client, two_hands({"winner": "Ana", "remaining": {"Ben": {"cards": []}, "Cy": {"points": 3}}}))
    detail = error_at(errors, "/hands/1/remaining/Ben/cards")
    assert "hand 2" in detail and "Ben" in detail and "at least one card" in detail


def test_http_r14_unknown_player(client):
    errors = unprocessable(
        client, two_hands({"winner": "Ana", "remaining": {"Ben": {"points": 2}, "Cy": {"points": 3}, "Dan": {"points": 4}}})
    )
    detail = error_at(errors, "/hands/1/remaining/Dan")
    assert "hand 2" in detail and "'Dan'" in detail and "not one of the players" in detail


def test_http_r14_unknown_player_with_a_long_name(client):
    name = "x" * 41
    errors = unprocessable(
        client, two_hands({"winner": "Ana", "remaining": {"Ben": {"points": 2}, "Cy": {"points": 3}, name: {"points": 4}}})
    )
    detail = error_at(errors, f"/hands/1/remaining/{name}")
    assert "hand 2" in detail and "not one of the players" in detail


def test_http_r14_unknown_player_name_is_escaped_in_the_pointer(client):
    errors = unprocessable(
        client, two_hands({"winner": "Ana", "remaining": {"Ben": {"points": 2}, "Cy": {"points": 3}, "a/b~c": {"points": 4}}})
    )
    detail = error_at(errors, "/hands/1/remaining/a~1b~0c")
    assert "hand 2" in detail and "'a/b~c'" in detail


def test_http_r14_missing_opponent(client):
    errors = unprocessable(client, two_hands({"winner": "Ana", "remaining": {"Ben": {"points": 2}}}))
    detail = error_at(errors, "/hands/1/remaining/Cy")
    assert "hand 2" in detail and "Cy" in detail and "missing" in detail


def test_http_r14_entry_for_the_winner(client):
    errors = unprocessable(
        client, two_hands({"winner": "Ben", "remaining": {"Ana": {"points": 2}, "Ben": {"points": 1}, "Cy": {"points": 3}}})
    )
    detail = error_at(errors, "/hands/1/remaining/Ben")
    assert "hand 2" in detail and "Ben went out" in detail


def test_http_r14_unknown_winner(client):
    errors = unprocessable(client, two_hands({"winner": "Zed", "remaining": {"Ben": {"points": 2}, "Cy": {"points": 3}}}))
    detail = error_at(errors, "/hands/1/winner")
    assert "hand 2" in detail and "'Zed'" in detail


def test_http_r16_drawn_hand_with_a_winner(client):
    errors = unprocessable(client, two_hands({"draw": True, "winner": "Ana"}))
    detail = error_at(errors, "/hands/1")
    assert "hand 2" in detail and "drawn" in detail


def test_http_r2_duplicate_player_names(client):
    errors = unprocessable(client, {"players": ["Ana", "Ben", "Ana"], "hands": []})
    detail = error_at(errors, "/players/2")
    assert "'Ana'" in detail and "twice" in detail


@pytest.mark.parametrize("players", [["Ana"], [], ["A", "B", "C", "D", "E", "F", "G"]])
def test_http_r2_wrong_number_of_players(client, players):
    errors = unprocessable(client, {"players": players})
    detail = error_at(errors, "/players")
    assert "2" in detail and "6" in detail


def test_http_r19_unknown_first_dealer(client):
    errors = unprocessable(client, {"players": ANA_BEN_CY, "first_dealer": "Dan"})
    assert "'Dan'" in error_at(errors, "/first_dealer")


def test_http_r20_hand_after_the_game_was_won(client):
    body = {
        "rules": {"target_score": 50},
        "players": ["Ana", "Ben"],
        "hands": [
            {"winner": "Ana", "remaining": {"Ben": {"points": 30}}},
            {"winner": "Ana", "remaining": {"Ben": {"points": 20}}},  # Ana 50: won
            {"draw": True},
        ],
    }
    errors = unprocessable(client, body)
    assert len(errors) == 1
    detail = error_at(errors, "/hands/2")
    assert "hand 3" in detail and "won by Ana in hand 2" in detail


def test_http_problem_detail_summarises_the_first_error(client):
    r = post(client, two_hands({"winner": "Ana", "remaining": {"Ben": {"points": 0}, "Cy": {"points": 0}}}))
    doc = r.get_json()
    assert [e["pointer"] for e in doc["errors"]] == ["/hands/1/remaining/Ben/points", "/hands/1/remaining/Cy/points"]
    assert doc["detail"].startswith("hand 2: Ben's 0 points")  # the pointers are in errors[]
    assert "(and 1 more)" in doc["detail"]


def test_http_bad_card_code_points_into_the_card_list(client):
    errors = unprocessable(client, two_hands({"winner": "Ana", "remaining": {"Ben": {"cards": ["KC", "ZZ"]}, "Cy": {"points": 3}}}))
    assert "'ZZ' is not a card" in error_at(errors, "/hands/1/remaining/Ben/cards/1")
    assert all("/value" not in e["pointer"] for e in errors)


def test_http_wrong_types_point_at_the_field(client):
    errors = unprocessable(
        client,
        two_hands(
            {
                "winner": "Ana",
                "rummy": "yes",
                "remaining": {
                    "Ben": {"points": "12"},
                    "Cy": {"points": True},
                },
            }
        ),
    )
    pointers = {e["pointer"] for e in errors}
    assert pointers == {"/hands/1/rummy", "/hands/1/remaining/Ben/points", "/hands/1/remaining/Cy/points"}


def test_http_unknown_field_in_an_entry(client):
    errors = unprocessable(client, two_hands({"winner": "Ana", "remaining": {"Ben": {"pts": 3}, "Cy": {"points": 3}}}))
    assert "'pts'" in error_at(errors, "/hands/1/remaining/Ben/pts")


def test_http_impossible_rules(client):
    errors = unprocessable(client, {"rules": {"target_score": 0}, "players": ANA_BEN_CY})
    assert any(e["pointer"] == "/rules/target_score" for e in errors), errors


def test_http_body_not_an_object_is_400(client):
    r = client.post("/v1/scorepad", data="[]", content_type="application/json")
    assert r.status_code == 400 and r.mimetype == PROBLEM_JSON
