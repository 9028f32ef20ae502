"""What one seat (or a spectator) sees of a sealed table, as the object ``schemas.tables.ViewSchema``
writes: the view of the core (``referee.view.seat_view`` through ``Game.view``) with the table's
id, hand number, change count and scores. The state's public fields are read from ``state``."""

from __future__ import annotations

from dataclasses import asdict, dataclass
from typing import Any

from referee.actions import Move
from referee.fairness import Contribution, Revealed, commitment
from referee.fairness import reveal as reveal_hand
from referee.scorepad import Pad
from referee.state import State
from referee.view import Event, told

from .codec import Table


@dataclass(frozen=True, slots=True)
class Fairness:
    """What every view of a hand shows of its secret (contract, Provably fair deals): the
    ``commitment`` (SHA-256 of the seed), the players' ``entropy`` (with several contributors,
    each seat's in ``contributions``, in seat order, and ``entropy`` their combination) and,
    once the hand is over, the ``next_commitment`` of the next hand's seed (None while the hand
    is played) and, at a table of several human seats, ``waiting_for``: the seats whose entropy
    the next deal still waits for (None otherwise)."""

    commitment: str
    entropy: str
    next_commitment: str | None
    contributions: tuple[Contribution, ...] = ()
    waiting_for: tuple[str, ...] | None = None


@dataclass(frozen=True, slots=True)
class TableView:
    """A View (contract, Sealed tables): ``players`` with card counts (and the viewer's own
    hand), ``stock`` a count, ``result`` with every hand laid down once the hand is over, and
    ``legal_moves`` only for the seat to move (None otherwise: left out of the answer);
    ``fairness`` None only for a table sealed before fair deals, and the hand revealed
    (``result["fairness"]``, a :class:`~referee.fairness.Revealed`) once it is over."""

    table_id: str
    hand: int
    seq: int
    state: State
    players: tuple[dict[str, Any], ...]
    stock: int
    result: dict[str, Any] | None
    scores: Pad
    events: tuple[Event, ...]
    fairness: Fairness | None
    legal_moves: tuple[Move, ...] | None


def table_view(table: Table, viewer: str | None, reveal: bool = True) -> TableView:
    """The view of ``table`` for ``viewer`` (None: a spectator). ``reveal`` False withholds a
    finished hand's seed, deck and record (``result["fairness"]`` None): a service without a
    replay guard accepts old tokens, and a deck revealed would show a player who rewinds to an
    earlier token of the hand every card still hidden there."""
    game = table.game
    v = game.view(viewer)
    players = tuple({**asdict(s), "hand": v.hand} if s.id == viewer else asdict(s) for s in v.seats)
    fair = table.fair
    result = None
    if v.result is not None:
        revealed: Revealed | None = (
            None if fair is None or not reveal else reveal_hand(fair, game.players, v.dealer, game.rules, game.events)
        )
        result = {**asdict(v.result), "remaining_cards": dict(v.remaining_cards or {}), "fairness": revealed}
    fairness = None
    if fair is not None:
        humans = [p for p in game.players if p not in game.bots]
        sent = dict(table.waiting)
        fairness = Fairness(
            fair.commitment,
            fair.entropy,
            None if table.next_seed is None else commitment(table.next_seed),
            fair.contributions,
            tuple(p for p in humans if p not in sent) if len(humans) > 1 and table.next_seed is not None else None,
        )
    return TableView(
        table.id,
        game.number,
        game.seq,
        game.state,
        players,
        v.stock,
        result,
        game.scores(),
        told(v.events),
        fairness,
        v.legal_moves if v.to_move else None,
    )
