"""The computer opponents as the rules core sees them: their levels, and the policy that plays
their seats, which the core is given and never imports (``referee.bots`` is one: it stands
above the core, asking it for the legal moves and the rules).

A :class:`Game` (``referee.game``) records each computer seat's level; the functions that play
its turns (``new_game``, ``play``, ``next_hand``) take the policy from their caller (the sealed
tables pass :func:`referee.bots.play_seat`)."""

from __future__ import annotations

from typing import Protocol

from .actions import Move
from .view import SeatView

LEVELS = ("easy", "medium", "hard")
"""The computer opponents' levels, weakest first (contract, Computer opponents)."""


class Policy(Protocol):
    """What a computer seat plays: the move for ``view.viewer`` (the player to move) at
    ``level``, from what that seat may see; ``seed`` seeds any randomness."""

    def __call__(self, view: SeatView, level: str, seed: int | str) -> Move: ...
