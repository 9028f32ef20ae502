"""Hands played by bots alone, for the tests and the strength benchmark (``bench/bots.py``).

Each bot decides from its own :func:`~referee.view.seat_view` with the events it saw; every move
is judged by :func:`~referee.moves.apply_move`, so an illegal choice raises at once.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping
from dataclasses import dataclass

from ..deal import deal
from ..moves import apply_move
from ..rules import Rules
from ..state import State, Status
from ..view import Event, SeatView, seat_view, seen
from . import Choice, choose_move

MAX_MOVES = 20_000  # far beyond any hand between bots (a few hundred moves at most)


@dataclass(frozen=True, slots=True)
class Step:
    """One bot move: the ``view`` it decided from, its ``choice``, the state ``before`` and
    ``after``, and the ``event`` as every player saw it."""

    view: SeatView
    choice: Choice
    before: State
    after: State
    event: Event


Policy = str | Callable[[SeatView], Choice]
"""A bot: a level name (:func:`~referee.bots.choose_move`) or a function of the view (a benchmark's
own opponent)."""


def steps(state: State, levels: Mapping[str, Policy], seed: int | str = 0, max_moves: int = MAX_MOVES) -> Iterator[Step]:
    """Play ``state`` (valid) to the end of the hand, each player by the bot of ``levels[id]``,
    yielding every :class:`Step`. Raises RuntimeError after ``max_moves`` moves (a stalled hand)."""
    events: list[Event] = []
    for _ in range(max_moves):
        if state.status != Status.PLAYING:
            return
        player = state.turn.player
        view = seat_view(state, player, events)
        policy = levels[player]
        choice = choose_move(view, policy, seed) if isinstance(policy, str) else policy(view)
        after = apply_move(state, choice.move)
        event = seen(state, choice.move, after)
        events.append(event)
        yield Step(view, choice, state, after, event)
        state = after
    if state.status == Status.PLAYING:
        raise RuntimeError(f"the hand did not end within {max_moves} moves")


def play_hand(levels: Mapping[str, Policy], rules: Rules, seed: int, dealer: str | None = None) -> tuple[State, list[Event]]:
    """Deal a hand (``seed``; players in the order of ``levels``, ``dealer`` default the last)
    and play it out by bots; returns the final state and the events, oldest first."""
    state = deal(list(levels), rules, dealer=dealer, seed=seed)
    events = []
    for step in steps(state, levels, seed):
        events.append(step.event)
        state = step.after
    return state, events
