"""A game as the JSON payload sealed in a table token, and back.

The hand being played is written in the contract's State format (``schemas.state``, the one
wire format of a table), the events as answers give them, the scored hands as a scorepad holds
them. Only this service reads it, but it is plain data (never pickle), and it is checked again
on the way in (``validate_state``) like any table.
"""
from __future__ import annotations

from dataclasses import dataclass

from referee.cards import parse_card
from referee.game import Game
from referee.scorepad import HandEntry, Remaining
from referee.view import Event

VERSION = 1


@dataclass(frozen=True, slots=True)
class Table:
    """A sealed table: its ``id`` (random, chosen by the service) and the :class:`Game`."""

    id: str
    game: Game


def to_payload(table: Table) -> dict:
    """The table as a JSON-able dict (the expiry is added by the sealer)."""
    from schemas.state import StateOutSchema
    g = table.game
    return {
        "v": VERSION,
        "id": table.id,
        "seq": g.seq,
        "players": list(g.players),
        "first_dealer": g.first_dealer,
        "bots": dict(g.bots),
        "hands": [_entry_out(h) for h in g.hands],
        "state": StateOutSchema().dump(g.state),
        "events": [e.as_dict() for e in g.events],
    }


def from_payload(data: dict) -> Table:
    """The table a payload holds. Raises ValueError (or KeyError, TypeError) for a payload this
    version cannot read."""
    from schemas.state import StateSchema
    if data.get("v") != VERSION:
        raise ValueError(f"table format {data.get('v')!r} is not {VERSION}")
    state = StateSchema().load(data["state"])
    game = Game(
        players=tuple(data["players"]),
        rules=state.rules,
        first_dealer=data["first_dealer"],
        state=state,
        bots=dict(data["bots"]),
        hands=tuple(_entry_in(h) for h in data["hands"]),
        events=tuple(_event_in(e) for e in data["events"]),
        seq=data["seq"],
    )
    return Table(data["id"], game)


def _entry_out(h: HandEntry) -> dict:
    if h.draw:
        return {"draw": True}
    return {"winner": h.winner, "rummy": h.rummy, "remaining": {p: r.points for p, r in h.remaining.items()}}


def _entry_in(d: dict) -> HandEntry:
    if d.get("draw"):
        return HandEntry(draw=True)
    return HandEntry(d["winner"], d["rummy"], {p: Remaining(points=n) for p, n in d["remaining"].items()})


def _event_in(d: dict) -> Event:
    card = d.get("card")
    return Event(d["player"], d["action"], d.get("source"), tuple(parse_card(c) for c in d.get("cards", ())),
                 d.get("meld"), parse_card(card) if card is not None else None)
