"""The deal (R2, R3)."""

from __future__ import annotations

import random

import pytest

from referee import DECK, PRESETS, InvalidInput, Turn, deal, hand_size, validate_state
from referee.cards import codes

STANDARD = PRESETS["standard"]


def shuffled(seed):
    """The deck order ``deal`` uses for ``seed`` (documented in referee/deal.py: ``random.Random(seed)``
    shuffles the 52 cards of ``DECK`` in canonical order)."""
    deck = list(DECK)
    random.Random(seed).shuffle(deck)
    return deck


@pytest.mark.parametrize("n, size", [(2, 10), (3, 7), (4, 7), (5, 6), (6, 6)])
def test_r2_hand_size_by_player_count(n, size):
    players = [f"p{i}" for i in range(n)]
    state = deal(players, STANDARD, seed=11)
    assert [len(p.hand) for p in state.players] == [size] * n
    assert len(state.discard) == 1
    assert len(state.stock) == 52 - n * size - 1
    assert validate_state(state) == state  # all 52 cards, once each
    every = [c for p in state.players for c in p.hand] + list(state.discard) + list(state.stock)
    assert sorted(every) == list(DECK)


def test_r3_dealt_one_at_a_time_from_the_dealers_left():
    deck = shuffled(11)
    state = deal(["ana", "ben", "cy"], STANDARD, dealer="ana", seed=11)
    # dealer ana: ben (her left) gets deck positions 0, 3, 6, …; cy 1, 4, 7, …; ana 2, 5, 8, …
    assert state.player("ben").hand == tuple(deck[0:21:3])
    assert state.player("cy").hand == tuple(deck[1:21:3])
    assert state.player("ana").hand == tuple(deck[2:21:3])
    # the next card (position 21) is turned up; the rest, in order, is the stock, top first
    assert state.discard == (deck[21],)
    assert state.stock == tuple(deck[22:])
    # pinned: seed 11 always gives this deal
    assert codes(state.player("ben").hand) == ["6D", "3D", "10S", "4C", "QD", "10D", "2H"]
    assert codes(state.player("cy").hand) == ["5C", "KH", "JC", "9H", "9D", "8C", "2C"]
    assert codes(state.player("ana").hand) == ["5D", "6H", "9C", "AD", "6S", "7S", "4S"]
    assert codes(state.discard) == ["4D"]
    assert codes(state.stock[:3]) == ["AC", "AH", "8H"] and len(state.stock) == 30


def test_r3_dealer_last_in_the_list_deals_first_to_the_first_player():
    deck = shuffled(5)
    state = deal(["ana", "ben"], STANDARD, seed=5)  # dealer defaults to the last player: ben
    assert state.dealer == "ben"
    assert state.player("ana").hand == tuple(deck[0:20:2])
    assert state.player("ben").hand == tuple(deck[1:20:2])
    assert state.discard == (deck[20],) and state.stock == tuple(deck[21:])
    assert state.turn == Turn("ana")


@pytest.mark.parametrize("dealer, first", [("ana", "ben"), ("ben", "cy"), ("cy", "dee"), ("dee", "ana")])
def test_r3_first_turn_goes_to_the_dealers_left(dealer, first):
    state = deal(["ana", "ben", "cy", "dee"], STANDARD, dealer=dealer, seed=3)
    assert state.dealer == dealer
    assert state.turn == Turn(first, "draw", None, 0, False)
    assert state.player(first).hand[0] == shuffled(3)[0]


def test_r3_opening_state():
    state = deal(["ana", "ben"], PRESETS["basic"], seed=1)
    assert (state.restocks, state.status, state.melds, state.rules) == (0, "playing", (), PRESETS["basic"])
    assert [p.tabled for p in state.players] == [False, False]
    assert [p.id for p in state.players] == ["ana", "ben"]


def test_deal_same_seed_same_deal():
    assert deal(["ana", "ben", "cy"], STANDARD, seed=42) == deal(["ana", "ben", "cy"], STANDARD, seed=42)


def test_deal_different_seeds_different_deals():
    assert deal(["ana", "ben"], STANDARD, seed=1) != deal(["ana", "ben"], STANDARD, seed=2)


def test_deal_without_a_seed_is_different_each_time():
    # 52! orders: two unseeded deals agreeing would take astronomically bad luck
    deals = {tuple(c.code for p in d.players for c in p.hand) for d in (deal(["ana", "ben"], STANDARD) for _ in range(5))}
    assert len(deals) == 5


def test_deal_seed_does_not_depend_on_the_rules():
    basic = deal(["ana", "ben"], PRESETS["basic"], seed=7)
    standard = deal(["ana", "ben"], STANDARD, seed=7)
    assert basic.players == standard.players and basic.stock == standard.stock


@pytest.mark.parametrize(
    "players, dealer, problems",
    [
        (["ana"], None, [(("players",), "Rummy is for 2 to 6 players, not 1 (R2)")]),
        ([f"p{i}" for i in range(7)], None, [(("players",), "Rummy is for 2 to 6 players, not 7 (R2)")]),
        (["ana", "ben", "ana"], None, [(("players", 2), "player 'ana' is listed twice")]),
        (["ana", "ben"], "cy", [(("dealer",), "dealer 'cy' is not one of the players")]),
    ],
)
def test_deal_refuses_impossible_tables(players, dealer, problems):
    with pytest.raises(InvalidInput) as info:
        deal(players, STANDARD, dealer=dealer, seed=1)
    assert [(p.path, p.message) for p in info.value.problems] == problems


@pytest.mark.parametrize("n, size", [(2, 10), (3, 7), (4, 7), (5, 6), (6, 6)])
def test_r2_hand_size(n, size):
    assert hand_size(n) == size


@pytest.mark.parametrize("n", [0, 1, 7])
def test_r2_hand_size_outside_two_to_six_players(n):
    with pytest.raises(ValueError, match=f"Rummy is for 2 to 6 players, not {n}"):
        hand_size(n)
