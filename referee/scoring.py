"""Scoring a hand (R14, R15, R16)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import cast

from .cards import Card, repeats
from .errors import InvalidInput, Problem
from .rules import RUMMY_MULTIPLIER, Rules
from .seating import hand_size, same_names
from .speech import say


def card_points(card: Card) -> int:
    """A card's value left in hand, in points (R14): A = 1, 2–10 face value, J Q K = 10."""
    return card.points


def hand_points(cards: Sequence[Card]) -> int:
    """The plain total of cards left in one hand, in points (R14)."""
    return sum([c.points for c in cards])


def rummy_multiplier(rummy: bool, rules: Rules) -> int:
    """:data:`~referee.rules.RUMMY_MULTIPLIER` when the winner went rummy and the rules say so (R15 ``going_rummy_doubles``), else 1."""
    return RUMMY_MULTIPLIER if rummy and rules.going_rummy_doubles else 1


@dataclass(frozen=True, slots=True)
class HandScore:
    """What the player who went out scores (R14): ``by_player`` each opponent's plain card
    total, ``multiplier`` 1 or :func:`rummy_multiplier`'s bonus (R15), ``points`` = multiplier ×
    the sum of ``by_player``."""

    points: int
    by_player: dict[str, int]
    multiplier: int
    rummy: bool


def points_won(by_player: Mapping[str, int], rummy: bool, rules: Rules) -> HandScore:
    """R14, R15, the one statement of what going out scores: each opponent's plain card total
    (``by_player``, in points), summed, times :func:`rummy_multiplier`. Asked by
    :func:`score_hand`, the scorepad's hands and a finished table's result."""
    multiplier = rummy_multiplier(rummy, rules)
    return HandScore(multiplier * sum(by_player.values()), dict(by_player), multiplier, rummy)


def score_hand(remaining: Mapping[str, Sequence[Card]], rummy: bool, rules: Rules) -> HandScore:
    """Score a hand that someone went out of (R14, R15).

    ``remaining`` maps each opponent to the cards left in their hand (melded or not). Returns a
    :class:`HandScore`; the points are the winner's, nobody else scores. Raises
    :class:`~referee.errors.InvalidInput` (paths ``(player,)`` and ``(player, index)``) when the
    cards cannot be true: more cards than the deal gives with this many players (R2), or one
    card listed twice (R1), or one opponent under two names (R2a: ``Ana`` and Cyrillic ``Аna``).
    """
    names = list(remaining)
    problems = [Problem((names[cast(int, p.path[0])],), p.message) for p in same_names(names, path=())]  # R2a: paths (i,)
    again = {(player, j): first for player, j, _, (first, _) in repeats(remaining.items())}  # R1
    dealt = hand_size(len(remaining) + 1)
    for player, cards in remaining.items():
        if len(cards) > dealt:
            problems.append(
                Problem(
                    (player,),
                    say(
                        "{player} holds {count} cards, but with {players} players only {dealt} are dealt (R2)",
                        player=player,
                        count=len(cards),
                        players=len(remaining) + 1,
                        dealt=dealt,
                    ),
                )
            )
        for j, card in enumerate(cards):
            if (player, j) in again:
                first = again[player, j]
                also = (
                    say("{card} is listed twice for {player}; there is only one in the deck (R1)", card=card.symbol, player=player)
                    if first == player
                    else say(
                        "{card} is listed for both {first} and {player}; there is only one in the deck (R1)",
                        card=card.symbol,
                        first=first,
                        player=player,
                    )
                )
                problems.append(Problem((player, j), also))
    if problems:
        raise InvalidInput(problems)
    return points_won({player: hand_points(cards) for player, cards in remaining.items()}, rummy, rules)
