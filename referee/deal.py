"""The deal (R2, R3)."""

from __future__ import annotations

import random
from collections.abc import Sequence

from .cards import DECK, Card
from .errors import InvalidInput
from .rules import Rules
from .seating import check_seating, default_dealer, first_to_play, hand_size
from .state import Player, State, Turn

MAX_SEED = 2**63 - 1


def deal(
    players: Sequence[str], rules: Rules, dealer: str | None = None, seed: int | None = None, deck: Sequence[Card] | None = None
) -> State:
    """Shuffle and deal a new hand (R2, R3); returns the opening :class:`State`.

    ``players`` are 2–6 distinct ids in seating order; ``dealer`` defaults to the last one, so the
    first player leads. Cards go one at a time starting with the dealer's left; the next card
    starts the discard pile; the rest is the stock; the dealer's left plays first. The same
    ``seed`` always gives the same deal; without one the shuffle comes from the operating
    system's randomness. ``deck`` (the 52 cards, top card first) deals that order instead of a
    shuffle: a sealed table's provably fair deck (``referee.fairness``). Raises :class:`~referee.errors.InvalidInput` for a wrong player count,
    a repeated id or an unknown dealer.
    """
    problems = check_seating(players, dealer)
    if problems:
        raise InvalidInput(problems)
    dealer = dealer if dealer is not None else default_dealer(players)
    if deck is None:
        shuffler = random.Random(seed) if seed is not None else random.SystemRandom()
        deck = list(DECK)
        shuffler.shuffle(deck)
    n = len(players)
    first = list(players).index(first_to_play(list(players), dealer))
    order = [players[(first + k) % n] for k in range(n)]
    size = hand_size(n)
    hands: dict[str, list[Card]] = {p: [] for p in players}
    position = 0
    for _ in range(size):
        for p in order:
            hands[p].append(deck[position])
            position += 1
    up_card = deck[position]
    stock = tuple(deck[position + 1 :])
    return State(
        players=tuple(Player(p, tuple(hands[p])) for p in players),
        turn=Turn(order[0]),
        stock=stock,
        discard=(up_card,),
        dealer=dealer,
        rules=rules,
    )
