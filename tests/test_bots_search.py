"""Hard's search (referee/bots/search.py): its simulator agrees with the rules core, its guesses
at the unseen cards agree with what the seat knows, and it decides only from the view."""

from __future__ import annotations

import random

from conftest import cards, make_state

from referee import DECK, PRESETS, Turn, deal, resolve_rules
from referee.bots import choose_move
from referee.bots.hand import analyse
from referee.bots.search import Budget, Knowledge, _clearly_better, evaluate
from referee.bots.selfplay import steps
from referee.bots.simulator import tables
from referee.view import Event, seat_view


def _mask(text: str) -> int:
    return sum(1 << c.index for c in cards(text))


def test_the_simulators_split_scores_as_the_bots_analysis_of_the_rules_core():
    """Random hands of 3–11 cards, with and without melds on the table to lay off on: the
    simulator's deadwood equals :func:`referee.bots.hand.analyse`'s (which asks the core)."""
    rng = random.Random(7)
    for aces in ("low", "high_or_low"):
        rules = resolve_rules({"aces": aces})
        t = tables(aces)
        for _ in range(300):
            deck = list(range(52))
            rng.shuffle(deck)
            hand = deck[: rng.randint(3, 11)]
            cards_ = tuple(DECK[i] for i in hand)
            assert t.points(sum(1 << i for i in hand), 0) == analyse(cards_, rules).points


def test_the_quick_count_of_cards_in_no_meld_agrees_with_the_meld_tables():
    """``loose`` (bit arithmetic) finds exactly the cards in no meld of three within the hand
    (the tables built from the rules core) that do not lay off: under both ``aces`` options,
    Q K A a run only where aces are high or low."""
    rng = random.Random(11)
    for aces in ("low", "high_or_low"):
        t = tables(aces)
        for _ in range(2000):
            deck = list(range(52))
            rng.shuffle(deck)
            hand = sum(1 << i for i in deck[: rng.randint(1, 14)])
            free = sum(1 << i for i in deck[20 : 20 + rng.randint(0, 6)])
            expected = sum(
                1 << c for c in range(52) if hand >> c & 1 and not free >> c & 1 and not any(p & hand == p for p in t.partners[c])
            )
            assert t.loose(hand, free) == expected
    assert tables("low").loose(_mask("QS KS AS 9D"), 0) == _mask("QS KS AS 9D")
    assert tables("high_or_low").loose(_mask("QS KS AS 9D"), 0) == _mask("9D")
    assert tables("low").loose(_mask("7H 7C 7D 2S"), _mask("2S")) == 0


def test_every_meld_fits_what_the_core_says_lays_off_on_it():
    t = tables("low")
    assert t.fit[_mask("5H 6H 7H")] == _mask("4H 8H")
    assert t.fit[_mask("9C 9D 9S")] == _mask("9H")
    assert t.fit[_mask("9C 9D 9S 9H")] == 0
    assert t.fit[_mask("JS QS KS")] == _mask("10S")
    assert tables("high_or_low").fit[_mask("JS QS KS")] == _mask("10S AS")


def test_a_guessed_deal_keeps_every_count_and_gives_back_the_cards_an_opponent_is_known_to_hold():
    """ben took 7♥ from the discard pile and holds it still: every guess deals it to ben; every
    hand keeps its size, the stock its count, and no guess holds a card the viewer can see."""
    state = make_state({"ana": "2C 3C 9D KS QH 5S 8H", "ben": "7H 4D 4S JC 10D 6C AS"}, discard="8C", turn=Turn("ana"))
    events = [Event("ben", "draw", source="discard", card=cards("7H")[0]), Event("ben", "discard", card=cards("8C")[0])]
    know = Knowledge(seat_view(state, "ana", events))
    assert know.consistent
    seen = _mask("2C 3C 9D KS QH 5S 8H 8C")
    rng = random.Random(3)
    for _ in range(50):
        sim = know.deal(rng)
        assert sim.hands[1] & _mask("7H") and sim.hands[1].bit_count() == 7
        assert sim.hands[0] == _mask("2C 3C 9D KS QH 5S 8H")
        assert sim.left == len(state.stock) == sum(len(q) for q in sim.queues)
        stock = {c for q in sim.queues for c in q}
        assert not (sim.hands[1] & seen) and not any(seen >> c & 1 for c in stock)
        assert len(stock) + sim.hands[1].bit_count() + seen.bit_count() == 52


def test_a_passed_discard_makes_its_meld_partners_less_likely_in_that_hand():
    """ben passed on 7♥ twice (drew from the stock): guesses deal ben the 6♥ and 8♥ (which would
    have made a meld with it) less often than an unrelated card."""
    state = make_state({"ana": "2C 3C 9D KS QH 5S 8C", "ben": "AH 4D 4S JC 10D 6C AS"}, discard="7H", turn=Turn("ana"))
    events = [Event("ben", "draw", source="stock"), Event("ben", "discard", card=cards("7H")[0])]
    view = seat_view(state, "ana", events)
    know = Knowledge(view)
    rng = random.Random(5)
    near = other = 0
    for _ in range(400):
        h = know.deal(rng).hands[1]
        near += bool(h & _mask("8H"))
        other += bool(h & _mask("2D"))
    assert near < other


def test_the_search_prefers_the_fast_policys_plan_unless_another_is_clearly_better():
    assert not _clearly_better([10, -10, 10, -10], [0, 0, 0, 0])
    assert _clearly_better([12, 9, 11, 10], [0, 0, 0, 0])
    assert not _clearly_better([1], [0])


def test_the_search_keeps_taking_the_discard_that_completes_its_run():
    """The fast policy's plan (first) stands unless another is clearly better: taking 7♥ for
    5♥ 6♥ 7♥ stands against drawing from the stock."""
    view = seat_view(make_state({"ana": "5H 6H KC QD 9S 2C 3D AS 8C JD", "ben": "4C 4D 4S JC 10D 6C AH 2H 3H 9H"}, discard="7H"), "ana")
    verdict = evaluate(Knowledge(view), [("draw", 1), ("draw", 0)], random.Random(1), Budget(rollouts=(40,) * 7, turns=14))
    assert verdict.best == ("draw", 1) and verdict.samples == 20


def test_hard_decides_the_same_from_the_same_view_and_seed():
    ids = ["a", "b", "c"]
    for step in steps(deal(ids, PRESETS["standard"], seed=11), {p: "hard" for p in ids}, seed=11):
        if len(step.view.events) % 7 == 0:
            assert choose_move(step.view, "hard", 11) == step.choice
