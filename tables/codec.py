"""A game as the JSON payload sealed in a table token, and back.

The hand being played is written in the contract's State format (``StateOutSchema``, the one
wire format of a table: canonical, every field filled in), the events as answers give them, the
scored hands as a scorepad holds them. It is plain data (never pickle). Only this service can
have sealed it (authenticated encryption), from a state ``validate_state`` accepted, so it is
read back without judging the table again: :func:`_state_in` reads the canonical form only, and
the tests prove ``from_payload(to_payload(t)) == t`` after every move of many random hands.
"""
from __future__ import annotations

from dataclasses import dataclass

from referee.cards import card_by_spelling, parse_card
from referee.game import Game
from referee.rules import Rules, resolve_rules
from referee.scorepad import HandEntry, Remaining
from referee.state import Meld, Player, State, Turn
from referee.view import Event

_CARD = card_by_spelling()
_RULES: dict[tuple, Rules] = {}

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
    """A sealed table: its ``id`` (random, chosen by the service) and the :class:`Game`."""

    id: str
    game: Game


def to_payload(table: Table) -> dict:
    """The table as a JSON-able dict (the expiry is added by the sealer)."""
    g = table.game
    return {
        "v": VERSION,
        "id": table.id,
        "seq": g.seq,
        "players": list(g.players),
        "first_dealer": g.first_dealer,
        "bots": dict(g.bots),
        "hands": [_entry_out(h) for h in g.hands],
        "state": _schema("StateOutSchema").dump(g.state),
        "events": [e.as_dict() for e in g.events],
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
    return Table(data["id"], game)


def _rules_in(d: dict) -> Rules:
    key = tuple(d.items())
    rules = _RULES.get(key)
    if rules is None:
        if len(_RULES) >= 256:
            _RULES.clear()
        rules = _RULES[key] = resolve_rules(d)
    return rules


def _state_in(d: dict) -> State:
    """The State of a sealed payload's canonical ``state`` (as ``StateOutSchema`` dumped it)."""
    t = d["turn"]
    taken = t["taken_discard"]
    return State(
        players=tuple(Player(p["id"], tuple(_CARD[c] for c in p["hand"]), p["tabled"]) for p in d["players"]),
        turn=Turn(t["player"], t["phase"], None if taken is None else _CARD[taken], t["melds_made"], t["laid_off"]),
        stock=tuple(_CARD[c] for c in d["stock"]),
        discard=tuple(_CARD[c] for c in d["discard"]),
        melds=tuple(Meld(m["id"], m["owner"], tuple(_CARD[c] for c in m["cards"]), m["kind"]) for m in d["melds"]),
        dealer=d["dealer"],
        rules=_rules_in(d["rules"]),
        restocks=d["restocks"],
        status=d["status"],
    )


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
