"""Computer opponents (contract, Computer opponents) — PLACEHOLDER until issue #15 lands.

The shared interface between sealed tables and the computer-opponents work: :data:`LEVELS`,
:class:`Choice` and :func:`choose_move`. This placeholder plays the same way at every level:
the first of the view's legal moves that is not a draw from the discard pile. The
computer-opponents branch replaces this file with the real policies, same API.
"""
from __future__ import annotations

from dataclasses import dataclass

from ..moves import Action, Move, Source
from ..view import SeatView

LEVELS = ("easy", "medium", "hard")


@dataclass(frozen=True, slots=True)
class Choice:
    """The move a bot makes and one sentence for a person saying why (``summary``)."""

    move: Move
    summary: str


def choose_move(view: SeatView, level: str, seed: int | str = 0) -> Choice:
    """The move the bot of ``level`` makes for ``view.viewer``, deciding only from ``view``.

    ``seed`` seeds any randomness together with what the view shows (unused here). Raises
    ValueError for an unknown level or when the viewer is not the player to move.
    """
    if level not in LEVELS:
        raise ValueError(f"unknown bot level {level!r}; levels are {', '.join(LEVELS)}")
    if not view.to_move:
        raise ValueError(f"{view.viewer} is not the player to move")
    for move in view.legal_moves:
        if not (move.action == Action.DRAW and move.source == Source.DISCARD_PILE):
            return Choice(move, f"{move} (the first legal move)")
    move = view.legal_moves[0]
    return Choice(move, f"{move} (the only legal move)")
