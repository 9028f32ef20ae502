"""A game as the payload sealed in a table token, and back.

A table is first written whole as one JSON-able dict (:func:`to_dict`). What seals is that
dict split in two (:func:`to_payload`): the *public* payload, holding what every seat may see
(players and names, rules, the hands scored, this hand's moves, the discard pile, melds,
counts, the entropy), with each hand and the stock replaced by its number of cards; and the
*hidden* bytes, sealed uncompressed in a fixed-width form: each hand's cards then the stock's,
one byte each (the card's index, 0-51), then the table's secret and the hand's seed (and the
next hand's, once committed), each of fixed length. Only the public payload is compressed
(``tables.seal``), so a token's length is a function of public facts (finding 7 of issue #20).
Tokens sealed before (format ``v`` 1, the whole dict, hidden bytes none) are still read.

The hand being played is written in the contract's State format (``StateOutSchema``, the one
wire format of a table: canonical, every field filled in) and read back by ``StateSchema`` (its
compiled plan, then ``validate_state``), through the :class:`Wire` the web layer gives
(``schemas.wire.TABLE_WIRE``), so this package imports nothing of ``schemas/``; the events as
answers give them, the scored hands as a scorepad holds them. It is plain data (never pickle); the tests prove
``from_payload(to_payload(t)) == t`` after every move of many random hands.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any, Protocol

from referee.actions import Action, Move, Source
from referee.cards import DECK, parse_card
from referee.fairness import SEED_BYTES, Contribution, HandSeed
from referee.game import Game
from referee.scorepad import Carried, HandEntry, Remaining
from referee.state import State
from referee.view import Event

from .seal import TABLE_SECRET_BYTES, b64decode_canonical, b64encode

VERSION = 2  # the public payload and the hidden bytes; 1: the whole dict, from tokens sealed before
WHOLE = 1


class Wire(Protocol):
    """The contract's wire format of the values a token holds, declared by the schemas and given
    to :class:`tables.Tables` by the web layer (``schemas.wire.TABLE_WIRE``)."""

    def state_out(self, state: State) -> dict[str, Any]:
        """``state`` as answers write it (every field filled in)."""
        ...

    def state_in(self, data: dict[str, Any]) -> State:
        """The validated State of ``data``, loaded as any request's state is. Raises
        ``ValueError`` for a state the schemas or the rules refuse."""
        ...

    def move_out(self, move: Move) -> Any:
        """``move`` as answers write it (``{"player": "ana", "action": "draw", ...}``)."""
        ...


@dataclass(frozen=True, slots=True)
class Table:
    """A sealed table: its ``id`` (random, chosen by the service), the :class:`Game`, its own
    ``secret`` (the seats' key, ``tables.seal``; None for a table made before tables had one),
    the secret of the hand being played (``fair``: its seed and entropy, contract, Provably fair
    deals; None only for a table sealed before fair deals) and, once that hand is over, the seed
    of the next hand (``next_seed``), whose commitment the views show before the players send
    the next hand's entropy; ``waiting``: at a table of several human seats, the (player,
    entropy) each sent so far for the next deal, which waits until every human seat has."""

    id: str
    game: Game
    secret: bytes | None = None
    fair: HandSeed | None = None
    next_seed: bytes | None = None
    waiting: tuple[tuple[str, str], ...] = ()


def to_dict(table: Table, wire: Wire) -> dict[str, Any]:
    """The whole table as one JSON-able dict, every card and secret in it (format 1, as tokens
    sealed before the split held it)."""
    g = table.game
    secret = {} if table.secret is None else {"k": b64encode(table.secret)}
    return {
        "v": WHOLE,
        "id": table.id,
        **secret,
        "seq": g.seq,
        "players": list(g.players),
        "first_dealer": g.first_dealer,
        "bots": dict(g.bots),
        "hands": [_entry_out(h) for h in g.hands],
        **({"carried": {"hands": g.carried.hands, "totals": dict(g.carried.totals), "dealer": g.carried.dealer}} if g.carried else {}),
        "state": wire.state_out(g.state),
        "moves": moves_out(g.players, g.events),
        # the moves that set off a restock (R17), by index: a few a hand at most, none in most
        **({"restocked": [i for i, e in enumerate(g.events) if e.restocked]} if any(e.restocked for e in g.events) else {}),
        **({"fair": _fair_out(table)} if table.fair is not None else {}),
    }


def to_payload(table: Table, wire: Wire) -> tuple[dict[str, Any], bytes]:
    """The table as the sealer takes it: the public payload (a JSON-able dict, format
    :data:`VERSION`) and the hidden bytes, whose length follows from the payload (the module's
    docstring gives the layout)."""
    whole = to_dict(table, wire)
    state = whole["state"]
    players = state["players"]
    cards = [c for p in players for c in p["hand"]] + state["stock"]
    hidden = bytes(parse_card(c).index for c in cards)
    public_state = {**state, "players": [{**p, "hand": len(p["hand"])} for p in players], "stock": len(state["stock"])}
    public = {**whole, "v": VERSION, "state": public_state}
    if "k" in whole:
        public["k"], hidden = True, hidden + b64decode_canonical(whole["k"])
    if "fair" in whole:
        fair = whole["fair"]
        public["fair"] = {"entropy": fair["entropy"], "next": "next" in fair}
        for key in ("from", "waiting"):
            if key in fair:
                public["fair"][key] = fair[key]
        hidden += bytes.fromhex(fair["seed"]) + (bytes.fromhex(fair["next"]) if "next" in fair else b"")
    return public, hidden


def _whole(public: dict[str, Any], hidden: bytes) -> dict[str, Any]:
    """The dict of :func:`to_dict` again, from :func:`to_payload`'s two parts."""
    at = 0

    def take(n: int) -> bytes:
        nonlocal at
        if at + n > len(hidden):
            raise ValueError("the hidden part is shorter than the payload says")
        at += n
        return hidden[at - n : at]

    def cards(n: object) -> list[str]:
        if type(n) is not int or n < 0:
            raise ValueError(f"{n!r} is not a number of cards")
        return [DECK[i].code for i in take(n)]

    state = public["state"]
    players = [{**p, "hand": cards(p["hand"])} for p in state["players"]]
    whole = {**public, "state": {**state, "players": players, "stock": cards(state["stock"])}}
    if public.get("k"):
        whole["k"] = b64encode(take(TABLE_SECRET_BYTES))
    if "fair" in public:
        fair = public["fair"]
        whole["fair"] = {"seed": take(SEED_BYTES).hex(), "entropy": fair["entropy"]}
        for key in ("from", "waiting"):
            if key in fair:
                whole["fair"][key] = fair[key]
        if fair["next"]:
            whole["fair"]["next"] = take(SEED_BYTES).hex()
    if at != len(hidden):
        raise ValueError("the hidden part is longer than the payload says")
    return whole


class UnreadablePayload(ValueError):
    """An authentic payload in a format this version does not read (sealed by another version)."""


def from_payload(wire: Wire, data: dict[str, Any], hidden: bytes = b"") -> Table:
    """The table a payload and its hidden bytes hold (:func:`to_payload`; a format 1 payload is
    the whole dict, with no hidden bytes). Raises :class:`UnreadablePayload` for a payload this
    version cannot read: another format, a missing or mistyped key, hidden bytes of another
    length than the payload says, a value the schemas refuse. Anything else is a bug of this
    module and is not caught."""
    try:
        if not isinstance(data, dict) or data.get("v") not in (VERSION, WHOLE):
            raise ValueError(f"table format {data.get('v') if isinstance(data, dict) else data!r} is not {VERSION}")
        if data["v"] == WHOLE and hidden:
            raise ValueError("a table of format 1 has no hidden part")
        return _read(wire, _whole(data, hidden) if data["v"] == VERSION else data)
    except (ValueError, KeyError, TypeError, AttributeError, IndexError) as unreadable:
        raise UnreadablePayload(str(unreadable)) from unreadable


def _read(wire: Wire, data: dict[str, Any]) -> Table:
    state = wire.state_in(data["state"])
    game = Game(
        players=tuple(data["players"]),
        rules=state.rules,
        first_dealer=data["first_dealer"],
        state=state,
        bots=dict(data["bots"]),
        hands=tuple(_entry_in(h) for h in data["hands"]),
        events=_restocked(_events_in(data), data.get("restocked", ())),
        seq=data["seq"],
        carried=_carried_in(data.get("carried")),
    )
    secret = data.get("k")
    fair, nxt = data.get("fair"), (data.get("fair") or {}).get("next")
    return Table(
        data["id"],
        game,
        None if secret is None else b64decode_canonical(secret),
        None if fair is None else HandSeed(bytes.fromhex(fair["seed"]), fair["entropy"], _pairs(fair.get("from", []))),
        None if nxt is None else bytes.fromhex(nxt),
        _pairs((fair or {}).get("waiting", [])),
    )


def _pairs(items: Any) -> tuple[Contribution, ...]:
    """(player, entropy) pairs as the payload lists them."""
    out = tuple(Contribution(p, e) for p, e in items)
    if not all(isinstance(p, str) and isinstance(e, str) for p, e in out):
        raise ValueError("a contribution is a player and an entropy")
    return out


def _carried_in(d: dict[str, Any] | None) -> Carried | None:
    if d is None:
        return None
    hands, totals, dealer = d["hands"], d["totals"], d["dealer"]
    if type(hands) is not int or hands < 1 or not isinstance(dealer, str) or not all(type(t) is int for t in totals.values()):
        raise ValueError("the carried scores are not a number of hands, totals and a dealer")
    return Carried(hands, dict(totals), dealer)


def _fair_out(table: Table) -> dict[str, Any]:
    fair = table.fair
    assert fair is not None, "only a table sealed before fair deals has none, and none is sealed again"
    out: dict[str, Any] = {"seed": fair.seed.hex(), "entropy": fair.entropy}
    if table.next_seed is not None:
        out["next"] = table.next_seed.hex()
    if fair.contributions:
        out["from"] = [list(c) for c in fair.contributions]
    if table.waiting:
        out["waiting"] = [list(c) for c in table.waiting]
    return out


def _entry_out(h: HandEntry) -> dict[str, Any]:
    if h.drawn_hand:
        return {"draw": True}
    return {"winner": h.winner, "rummy": h.rummy, "remaining": {p: r.points for p, r in h.remaining.items()}}


def _entry_in(d: dict[str, Any]) -> HandEntry:
    if d.get("draw"):
        return HandEntry(drawn_hand=True)
    return HandEntry(d["winner"], d["rummy"], {p: Remaining(points=n) for p, n in d["remaining"].items()})


def _restocked(events: tuple[Event, ...], at: Iterable[int]) -> tuple[Event, ...]:
    """``events`` with the moves at the indexes ``at`` marked as setting off a restock (R17)."""
    if not at:
        return events
    marked = list(events)
    for i in at:
        e = marked[i]
        marked[i] = Event(e.player, e.action, e.source, e.cards, e.meld, e.card, restocked=True)
    return tuple(marked)


# A hand's moves in the token: one short word each, separated by spaces, so that a hand of any
# length fits (a 2,500-move hand: about 10 KB before compression, a few KB after). A word is the
# mover's seat (0-5, in the players' order), then ``s`` a draw from the stock, ``p`` + card a
# draw from the discard pile, ``d`` + card a discard, ``m`` + meld id + ``=`` + cards a meld,
# ``l`` + meld id + ``=`` + cards a lay-off; cards as their codes, joined by commas: ``0s``,
# ``1p10H``, ``0mm1=3C,3D,3H``. Which moves set off a restock is kept apart ("restocked").
_CODE = {Action.DISCARD: "d", Action.MELD: "m", Action.LAY_OFF: "l"}
_ACTION = {code: action for action, code in _CODE.items()}


def moves_out(players: tuple[str, ...], events: tuple[Event, ...]) -> str:
    """``events`` (moves at a table of ``players``) as the token keeps them (the words above)."""
    words = []
    for e in events:
        seat = str(players.index(e.player))
        if e.action == Action.DRAW:
            words.append(seat + ("s" if e.source == Source.STOCK else "p" + e.card.code))  # type: ignore[union-attr]
        elif e.action == Action.DISCARD:
            words.append(seat + "d" + e.card.code)  # type: ignore[union-attr]
        else:
            words.append(f"{seat}{_CODE[e.action]}{e.meld}={','.join(c.code for c in e.cards)}")  # type: ignore[index]
    return " ".join(words)


def _events_in(data: dict[str, Any]) -> tuple[Event, ...]:
    """The moves of a payload: the words of ``moves`` (:func:`moves_out`), or, in a token sealed
    before them, ``events`` as answers give them."""
    if "moves" not in data:
        return tuple(_event_in(e) for e in data["events"])
    players, out = data["players"], []
    for word in data["moves"].split():
        player, code, rest = players[int(word[0])], word[1], word[2:]
        if code == "s":
            out.append(Event(player, Action.DRAW, Source.STOCK))
        elif code == "p":
            out.append(Event(player, Action.DRAW, Source.DISCARD_PILE, card=parse_card(rest)))
        elif code == "d":
            out.append(Event(player, Action.DISCARD, card=parse_card(rest)))
        else:
            meld, cards = rest.split("=")
            out.append(Event(player, _ACTION[code], cards=tuple(parse_card(c) for c in cards.split(",")), meld=meld))
    return tuple(out)


def _event_in(d: dict[str, Any]) -> Event:
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
