"""The sealed answers' ``summary`` (contract, Sealed tables): one sentence for one seat about what
happened since its last move, in the second person for the seat's own moves ("you drew from the
stock, then discarded K♣; Bob took K♣ from the discard pile and discarded 5♦; your turn: draw").
A refused move is the referee's reason, said to the seat ("you must draw a card before melding…").

Pure Python over :class:`referee.view.Event` and the state (no Flask, no marshmallow).
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence

from referee import Action, Source
from referee.cards import show
from referee.narrate import RESTOCKED, what_next
from referee.seating import said
from referee.state import State
from referee.view import Event, TableAction, told

__all__ = ["moved", "refused"]

# The verbs of the referee's sentences that follow a player's name, as said to "you".
_SECOND_PERSON = {"has": "have", "does": "do", "holds": "hold", "is": "are", "was": "were", "takes": "take", "plays": "play"}


def _did(e: Event) -> str:
    """What one event did, without its player: "drew from the stock", "melded 5♠ 6♠ 7♠"."""
    if e.action == Action.DRAW:
        return f"took {e.discarded.symbol} from the discard pile" if e.source == Source.DISCARD_PILE and e.card else "drew from the stock"
    if e.action == Action.DISCARD:
        return f"discarded {e.discarded.symbol}"
    if e.action == Action.MELD:
        return f"melded {show(e.cards)}"
    return f"laid off {show(e.cards)}"


def _joined(parts: Sequence[str]) -> str:
    return parts[0] if len(parts) == 1 else f"{', '.join(parts[:-1])} and {parts[-1]}"


def moved(events: Sequence[Event], state: State, seat: str | None) -> str:
    """The moves of ``events`` (consecutive ones of a player joined), each restock (R17) a
    clause of its own, then what follows, said to ``seat`` (None: a spectator, every player in
    the third person): "bob discarded 5♦; the discard pile was turned over to make a new
    stock; your turn: draw"."""
    groups: list[tuple[str | None, list[str]]] = []
    for e in told(events):
        if e.action == TableAction.RESTOCK:
            groups.append((None, [RESTOCKED]))
        elif groups and groups[-1][0] == e.player:
            groups[-1][1].append(_did(e))
        else:
            groups.append((e.player, [_did(e)]))
    clauses = [parts[0] if p is None else f"{'you' if p == seat else said(p)} {_joined(parts)}" for p, parts in groups]
    then = what_next(state, seat)
    return _sentence("; ".join([*clauses, then]), [p.id for p in state.players])


def refused(message: str, seat: str) -> str:
    """The referee's reason ``message`` said to the seat's player: their name as "you" (with the
    verb that follows it), "Ana's" as "your". The name is matched as the referee shows it
    (:func:`referee.seating.said`: "“Ana Lu”'s"), whole, never inside another name."""
    name = rf"(?<!\w){re.escape(said(seat))}"  # whole: never the "ana" of "banana"
    text = re.sub(rf"{name}'s\b", "your", message)
    text = re.sub(r"\bnot your\b", "not yours", text) if re.search(rf"not {name}'s\b", message) else text
    text = re.sub(
        rf"{name}(?!\w)(\s+)(\w+)",
        lambda m: f"you{m.group(1)}{_SECOND_PERSON.get(m.group(2), m.group(2))}",
        text,
    )
    text = re.sub(rf"{name}(?!\w)", "you", text)
    return _sentence(text, ())


def _sentence(text: str, players: Iterable[str]) -> str:
    """A capital first letter, unless the sentence starts with a player's name (kept as spelt)."""
    if not text or any(text.startswith(said(p)) for p in players):
        return text
    return text[0].upper() + text[1:]
