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

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Sequence

if TYPE_CHECKING:
    from .cards import Card


@dataclass(frozen=True, slots=True)
class Reason:
    """Why something is not allowed: ``code`` (contract, Reasons), ``message``, ``cards`` and
    the ``rule`` id of RULES.md it applies (``"R11"``)."""

    code: str
    message: str
    cards: tuple["Card", ...] = ()
    rule: str | None = None

    def as_dict(self) -> dict:
        """The contract's reason object, plus the rule id (``"R11"``) when one applies."""
        return {
            "code": self.code,
            "message": self.message,
            "cards": [c.code for c in self.cards],
            "rule": self.rule,
        }


@dataclass(frozen=True, slots=True)
class Problem:
    """One fault of an input: ``path`` into the input (keys and indexes) and what is wrong."""

    path: tuple[str | int, ...]
    message: str


# Checking an input stops once more faults than this are found: a hostile input can hold tens of
# thousands, and listing the first hundred is as useful as listing them all.
MAX_PROBLEMS = 100


class InvalidInput(ValueError):
    """The input is malformed or impossible; ``problems`` lists every fault found, or the first
    ones when checking ``stopped`` early (past ``MAX_PROBLEMS``)."""

    def __init__(self, problems: Sequence[Problem], stopped: bool = False) -> None:
        self.problems = list(problems)
        self.stopped = stopped
        super().__init__("; ".join(p.message for p in self.problems))

    def under(self, *prefix: str | int) -> "InvalidInput":
        """The same problems with ``prefix`` put in front of every path."""
        return InvalidInput([Problem(prefix + p.path, p.message) for p in self.problems])


class IllegalMove(ValueError):
    """A move the rules forbid; ``reasons`` is never empty."""

    def __init__(self, reasons: Sequence[Reason]) -> None:
        self.reasons = tuple(reasons)
        super().__init__(self.reasons[0].message)
