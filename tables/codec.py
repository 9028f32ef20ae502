"""A game as the JSON payload sealed in a table token, and back.

The hand being played is written in the contract's State format (``State.as_dict``, the one
wire format of a table: canonical, every field filled in) and read back by ``StateSchema`` (its
compiled plan, then ``validate_state``), the events as answers give them, the scored hands as a
scorepad holds them. It is plain data (never pickle); the tests prove
``from_payload(to_payload(t)) == t`` after every move of many random hands.
"""

from __future__ import annotations

from dataclasses import dataclass

from referee.cards import parse_card
from referee.fairness import HandSeed
from referee.game import Game
from referee.moves import Action, Source
from referee.scorepad import HandEntry, Remaining
from referee.state import State
from referee.view import Event

from .seal import b64decode_canonical, b64encode

VERSION = 1
_SCHEMAS: dict = {}


def _schema(name: str):
    """One instance of ``schemas.state``'s schema ``name``, built on first use (building one
    costs more than loading a state with it)."""
    schema = _SCHEMAS.get(name)
    if schema is None:
        import schemas.state

        schema = _SCHEMAS[name] = getattr(schemas.state, name)()
    return schema


@dataclass(frozen=True, slots=True)
class Table:
    """A sealed table: its ``id`` (random, chosen by the service), the :class:`Game`, its own
    ``secret`` (the seats' key, ``tables.seal``; None for a table made before tables had one),
    the secret of the hand being played (``fair``: its seed and entropy, contract, Provably fair
    deals; None only for a table sealed before fair deals) and, once that hand is over, the seed
    of the next hand (``next_seed``), whose commitment the views show before the players send
    the next hand's entropy."""

    id: str
    game: Game
    secret: bytes | None = None
    fair: HandSeed | None = None
    next_seed: bytes | None = None


def to_payload(table: Table) -> dict:
    """The table as a JSON-able dict (the expiry is added by the sealer)."""
    g = table.game
    secret = {} if table.secret is None else {"k": b64encode(table.secret)}
    return {
        "v": VERSION,
        "id": table.id,
        **secret,
        "seq": g.seq,
        "players": list(g.players),
        "first_dealer": g.first_dealer,
        "bots": dict(g.bots),
        "hands": [_entry_out(h) for h in g.hands],
        "state": g.state.as_dict(),
        "events": [e.as_dict() for e in g.events],
        **({"fair": _fair_out(table)} if table.fair is not None else {}),
    }


def from_payload(data: dict) -> Table:
    """The table a payload holds. Raises ValueError (or KeyError, TypeError) for a payload this
    version cannot read."""
    if data.get("v") != VERSION:
        raise ValueError(f"table format {data.get('v')!r} is not {VERSION}")
    state = _state_in(data["state"])
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
    secret = data.get("k")
    fair, nxt = data.get("fair"), (data.get("fair") or {}).get("next")
    return Table(
        data["id"],
        game,
        None if secret is None else b64decode_canonical(secret),
        None if fair is None else HandSeed(bytes.fromhex(fair["seed"]), fair["entropy"]),
        None if nxt is None else bytes.fromhex(nxt),
    )


def _fair_out(table: Table) -> dict:
    out = {"seed": table.fair.seed.hex(), "entropy": table.fair.entropy}
    if table.next_seed is not None:
        out["next"] = table.next_seed.hex()
    return out


def _state_in(d: dict) -> State:
    """The State of a sealed payload's ``state``, loaded as any request's state is."""
    return _schema("StateSchema").load(d)


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
    source = d.get("source")
    return Event(
        d["player"],
        Action(d["action"]),
        None if source is None else Source(source),
        tuple(parse_card(c) for c in d.get("cards", ())),
        d.get("meld"),
        parse_card(card) if card is not None else None,
    )
