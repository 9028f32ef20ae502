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
from typing import Self

from .cards import Card
from .speech import Sentence

# Example positions of the codes below (and of referee.reasons's summaries), one line each
# (referee.notation): ana to move against ben, the rest of the deck at the bottom of the stock.
ANA_TO_DRAW = "ana:8H 4H 2C 6D / ben:8D 3C 3D KH | - | QD | KC ... | ana draw"
ANA_TO_PLAY = "ana:8H 4H 2C 6D / ben:8D 3C 3D KH | m1@ben:5S 6S 7S / m2@ben:9S 10S JS | QD | KC ... | ana play"


class Code(StrEnum):
    """Every reason code the referee gives (contract, Reasons; more may be added, never
    renamed). Each member's comment says when it is given; its ``example`` is how the referee
    gives it, one line that :func:`referee.reasons.code_examples` plays through the functions
    that judge real requests (a test fails when it no longer gives the code), so the table of
    codes in RULES.md and openapi.yaml, and the docs' examples in every language, follow:

    - ``meld <cards>``: a meld checked (R10–R12, standard rules);
    - ``lay off <cards> onto <meld's cards>``: a lay-off checked (R6);
    - ``<position> ; <move> ; …``: moves played from a position in :mod:`referee.notation`, each
      ``<player> draw [discard]``, ``<player> meld <cards>``, ``<player> lay off <cards> [on
      <meld id>]`` or ``<player> discard <card>``.

    A new code is its member here, with its example, and the code that gives it."""

    example: str

    def __new__(cls, value: str, example: str = "") -> Self:
        member = str.__new__(cls, value)
        member._value_ = value
        member.example = example
        return member

    # fmt: off
    TOO_FEW_CARDS = "too_few_cards", "meld 5S 6S"  # a meld of fewer than 3 cards; a lay-off of none (R6, R10)
    DUPLICATE_CARD = "duplicate_card", "meld QS QH QS"  # the same card twice in one meld or move (R1)
    SET_RANK_MISMATCH = "set_rank_mismatch", "meld 9H 9S 9C 5C"  # meant as a set, a card of another rank (R10)
    SET_TOO_LARGE = "set_too_large", "meld 9H 9S 9C 9D 5C"  # a set of more than four cards (R10)
    RUN_SUIT_MISMATCH = "run_suit_mismatch", "meld 5S 6H 7S"  # meant as a run, a card of another suit (R11)
    RUN_GAP = "run_gap", "meld 5S 6S 8S"  # a run's ranks are not consecutive (R11)
    ACE_HIGH = "ace_high", "meld QS KS AS"  # Q-K-A while aces are low (R11)
    RUN_WRAPS = "run_wraps", "meld KS AS 2S"  # K-A-2 (R11)
    DOES_NOT_FIT = "does_not_fit", "lay off 9S onto 5S 6S 7S"  # a lay-off that keeps no meld valid (R6)
    AMBIGUOUS_LAY_OFF = (  # no meld named, and the cards fit several (R6)
        "ambiguous_lay_off", "ana:8S 4H 2C / ben:8D 3C 3D KH | m1@ben:5S 6S 7S / m2@ben:9S 10S JS | QD | KC ... | ana play ; ana lay off 8S"
    )
    UNKNOWN_MELD = "unknown_meld", f"{ANA_TO_PLAY} ; ana lay off 4H on m9"  # the named meld is not on the table (R6)
    NOT_YOUR_TURN = "not_your_turn", f"{ANA_TO_DRAW} ; ben draw"  # the move's player is not the player to move (R3)
    MUST_DRAW_FIRST = "must_draw_first", f"{ANA_TO_DRAW} ; ana discard 8H"  # meld, lay-off or discard before drawing (R4)
    ALREADY_DREW = "already_drew", "ana:8H 4H 2C 6D / ben:8D 3C 3D KH | - | QD | KC ... | ana play ; ana draw"  # a second draw in one turn (R4)
    DISCARD_PILE_EMPTY = (  # drawing from an empty discard pile (R4)
        "discard_pile_empty", "ana:8H 4H 2C 6D / ben:8D 3C 3D KH QD | - | - | KC ... | ana draw ; ana draw discard"
    )
    CARD_NOT_IN_HAND = "card_not_in_hand", f"{ANA_TO_PLAY} ; ana discard 7S"  # playing a card the player does not hold (R5–R7; R6 when it lies on the table)
    MELD_LIMIT_REACHED = (  # more melds this turn than melds_per_turn (R5)
        "meld_limit_reached",
        "ana:5S 6S 7S 9H 9C 9D / ben:8D 3C 3D KH | - | QD | KC ... | ana draw | rules=basic ; ana draw ; ana meld 5S 6S 7S ; ana meld 9H 9C 9D",
    )
    TAKEN_DISCARD = "taken_discard", f"{ANA_TO_DRAW} ; ana draw discard ; ana discard QD"  # discarding the card taken from the discard pile (R8)
    DEAD_END = (  # a play that leaves only an unplayable taken discard (R9)
        "dead_end", "ana:4H 5H 6H / ben:8D 3C 3D KH | - | 2D | KC ... | ana draw ; ana draw discard ; ana meld 4H 5H 6H"
    )
    FINAL_DISCARD_REQUIRED = (  # emptying the hand without a discard (R13)
        "final_discard_required", "ana:4H 5H 6H / ben:8D 3C 3D KH | - | QD | KC ... | ana play | final_discard_required=true ; ana meld 4H 5H 6H"
    )
    HAND_OVER = (  # any move once the hand has ended (R13, R18)
        "hand_over", "ana: / ben:8D 3C 3D KH | m1@ben:4H 5H 6H 7H | QD | KC ... | ana draw | status=out ; ben draw"
    )
    # fmt: on


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
