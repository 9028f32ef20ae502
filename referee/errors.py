"""Refusals, as data.

Two kinds are kept apart (as python-chess does):

- :class:`InvalidInput` — the input cannot be a real table, pad or rules object (a card twice,
  an unknown player, an impossible option). The HTTP layer answers 422, each problem with a
  JSON Pointer built from its ``path``.
- :class:`IllegalMove` — a well-formed move the rules do not allow. The HTTP layer answers
  ``legal: false`` with the reasons.

A :class:`Reason` is one refusal: a stable ``code`` a program can branch on, a ``message``
a player understands, naming the cards with suit symbols, and the ``cards`` involved.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from enum import StrEnum
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from .cards import Card
    from .speech import Sentence


class Code(StrEnum):
    """Every reason code the referee gives (contract, Reasons; more may be added, never
    renamed). Each member's docstring-like comment says when it is given."""

    TOO_FEW_CARDS = "too_few_cards"  # a meld of fewer than 3 cards; a lay-off of none (R6, R10)
    DUPLICATE_CARD = "duplicate_card"  # the same card twice in one meld or move (R1)
    SET_RANK_MISMATCH = "set_rank_mismatch"  # meant as a set, a card of another rank (R10)
    SET_TOO_LARGE = "set_too_large"  # a set of more than four cards (R10)
    RUN_SUIT_MISMATCH = "run_suit_mismatch"  # meant as a run, a card of another suit (R11)
    RUN_GAP = "run_gap"  # a run's ranks are not consecutive (R11)
    ACE_HIGH = "ace_high"  # Q-K-A while aces are low (R11)
    RUN_WRAPS = "run_wraps"  # K-A-2 (R11)
    DOES_NOT_FIT = "does_not_fit"  # a lay-off that keeps no meld valid (R6)
    AMBIGUOUS_LAY_OFF = "ambiguous_lay_off"  # no meld named, and the cards fit several (R6)
    UNKNOWN_MELD = "unknown_meld"  # the named meld is not on the table (R6)
    NOT_YOUR_TURN = "not_your_turn"  # the move's player is not the player to move (R3)
    MUST_DRAW_FIRST = "must_draw_first"  # meld, lay-off or discard before drawing (R4)
    ALREADY_DREW = "already_drew"  # a second draw in one turn (R4)
    DISCARD_PILE_EMPTY = "discard_pile_empty"  # drawing from an empty discard pile (R4)
    CARD_NOT_IN_HAND = "card_not_in_hand"  # playing a card the player does not hold (R5–R7; R6 when it lies on the table)
    MELD_LIMIT_REACHED = "meld_limit_reached"  # more melds this turn than melds_per_turn (R5)
    TAKEN_DISCARD = "taken_discard"  # discarding the card taken from the discard pile (R8)
    DEAD_END = "dead_end"  # a play that leaves only an unplayable taken discard (R9)
    FINAL_DISCARD_REQUIRED = "final_discard_required"  # emptying the hand without a discard (R13)
    HAND_OVER = "hand_over"  # any move once the hand has ended (R13, R18)


@dataclass(frozen=True, slots=True)
class Reason:
    """Why something is not allowed: ``code`` (a :class:`Code`), ``message`` (a sentence for a
    player, a :class:`~referee.speech.Sentence`: English words that can be said in any language), ``cards`` involved and the ``rule`` id of RULES.md it applies (``"R11"``)."""

    code: Code
    message: Sentence
    cards: tuple[Card, ...] = ()
    rule: str | None = None


@dataclass(frozen=True, slots=True)
class Problem:
    """One fault of an input: ``path`` into the input (keys and indexes) and what is wrong."""

    path: tuple[str | int, ...]
    message: str


# Checking an input stops once more faults than this are found: a hostile input can hold tens of
# thousands, and listing the first twenty is as useful as listing them all. It bounds the cost of
# a refusal too: each fault costs about 0.1 ms to find and word (a scorepad's hand whose entry
# is wrong is loaded again by marshmallow to name it), so 100 faults cost 16 ordinary moves and
# 20 about 4 (issue #20; bench/worst.py).
MAX_PROBLEMS = 20


class InvalidInput(ValueError):
    """The input is malformed or impossible; ``problems`` lists every fault found, or the first
    ones when checking ``stopped`` early (past ``MAX_PROBLEMS``)."""

    def __init__(self, problems: Sequence[Problem], stopped: bool = False) -> None:
        self.problems = list(problems)
        self.stopped = stopped
        super().__init__("; ".join(p.message for p in self.problems))

    def under(self, *prefix: str | int) -> InvalidInput:
        """The same problems with ``prefix`` put in front of every path."""
        return InvalidInput([Problem(prefix + p.path, p.message) for p in self.problems])


class IllegalMove(ValueError):
    """A move the rules forbid; ``reasons`` is never empty."""

    def __init__(self, reasons: Sequence[Reason]) -> None:
        self.reasons = tuple(reasons)
        super().__init__(self.reasons[0].message)
