"""What one seat (or a spectator) sees of a sealed table, as the object ``schemas.tables.ViewSchema``
writes: the view of the core (``referee.view.seat_view`` through ``Game.view``) with the table's
id, hand number, change count and scores. The state's public fields are read from ``state``."""

from __future__ import annotations

from dataclasses import asdict, dataclass
from typing import Any

from referee.moves import Move
from referee.scorepad import Pad
from referee.state import State
from referee.view import Event

from .codec import Table


@dataclass(frozen=True, slots=True)
class TableView:
    """A View (contract, Sealed tables): ``players`` with card counts (and the viewer's own
    hand), ``stock`` a count, ``result`` with every hand laid down once the hand is over, and
    ``legal_moves`` only for the seat to move (None otherwise: left out of the answer)."""

    table_id: str
    hand: int
    seq: int
    state: State
    players: tuple[dict[str, Any], ...]
    stock: int
    result: dict[str, Any] | None
    scores: Pad
    events: tuple[Event, ...]
    legal_moves: tuple[Move, ...] | None


def table_view(table: Table, viewer: str | None) -> TableView:
    """The view of ``table`` for ``viewer`` (None: a spectator)."""
    game = table.game
    v = game.view(viewer)
    players = tuple({**asdict(s), "hand": v.hand} if s.id == viewer else asdict(s) for s in v.seats)
    result = None
    if v.result is not None:
        result = {**asdict(v.result), "remaining_cards": dict(v.remaining_cards or {})}
    return TableView(
        table.id, game.number, game.seq, game.state, players, v.stock, result, game.pad(), v.events, v.legal_moves if v.to_move else None
    )
