"""Computer opponents at three levels (contract, Computer opponents), pure Python.

``choose_move(view, level, seed)`` is the move the bot of ``level`` makes for the player whose
view it is, with a sentence saying why. A bot decides only from a
:class:`~referee.view.SeatView` (what its seat may see: its hand, the discard pile, the melds,
the card counts and the moves seen this hand), never from a table snapshot, and only among the
view's ``legal_moves``, so :func:`referee.apply_move` stays the one judge of every move. Sealed
tables seat bots with it; ``POST /v1/suggest`` advises a player with it (one policy, used in
both places).
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from ..actions import Move
from ..errors import InvalidInput, Problem
from ..policy import LEVELS
from ..speech import say
from ..state import State, Status
from ..view import Event, SeatView, seat_view
from . import policies
from .policies import Choice
from .search import searching_hard

POLICIES = {"easy": policies.easy, "medium": policies.medium, "hard": searching_hard, "hard-fast": policies.hard}
"""The policy of each level; ``hard-fast`` is the old Hard without search (the fast policy Hard's
search weighs its plans against, and a benchmark's opponent), not a level a table offers."""

__all__ = ["LEVELS", "Choice", "choose_move", "play_seat", "suggest"]


def suggest(state: State, level: str = "hard", events: Sequence[Event] = ()) -> Choice:
    """Advice for the player to move on an open ``state`` (contract, ``/v1/suggest``): exactly
    the move the bot of ``level`` would make from that seat's view, with the hand's ``events``
    (oldest first) when the client sends them (an open state carries no history). Raises :class:`~referee.errors.InvalidInput` (path
    ``("state", "status")``) when the hand is over."""
    if state.status != Status.PLAYING:
        over = (
            say("the hand is over (someone went out): there is no move to suggest")
            if state.status == Status.OUT
            else say("the hand is over (a drawn hand): there is no move to suggest")
        )
        raise InvalidInput([Problem(("state", "status"), over)])
    return choose_move(seat_view(state, state.turn.player, events), level)


def choose_move(view: SeatView, level: str, seed: int | str = 0) -> Choice:
    """The :class:`Choice` (``move``, one-sentence ``summary``) of the bot of ``level`` for
    ``view.viewer``.

    ``level`` is one of :data:`LEVELS`; ``view.viewer`` must be the player to move
    (``view.to_move``). ``seed`` (e.g. a table id) seeds any randomness together with what the
    view shows, never hidden cards, so the same view and seed always give the same move.
    Raises ValueError for an unknown level or a view whose viewer is not to move.
    """
    policy = POLICIES.get(level)
    if policy is None:
        raise ValueError(f"unknown level {level!r}: choose one of {', '.join(LEVELS)}")
    if not view.to_move:
        raise ValueError(
            f"{view.viewer!r} is not the player to move" if view.status == "playing" else "the hand is over: there is no move to make"
        )
    return policy(view, _rng(view, seed))


def play_seat(view: SeatView, level: str, seed: int | str) -> Move:
    """The move of the bot of ``level`` for ``view.viewer`` (:func:`choose_move`'s, without its
    sentence): the :class:`referee.policy.Policy` sealed tables give the game."""
    return choose_move(view, level, seed).move


def _rng(view: SeatView, seed: int | str) -> random.Random:
    """Randomness seeded from ``seed`` and what the view shows (the hand, the discard pile, how
    many moves were seen), never from cards the viewer cannot see."""
    shown = " ".join(c.code for c in view.hand) + "|" + " ".join(c.code for c in view.discard)
    return random.Random(f"{seed}|{view.viewer}|{len(view.events)}|{view.restocks}|{shown}")
