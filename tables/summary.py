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
from referee.speech import Sentence, listing, say, say_in
from referee.state import State
from referee.view import Event, TableAction, told

__all__ = ["moved", "refused", "then_refused"]

# The verbs of the referee's sentences that follow a player's name, as said to "you".
_SECOND_PERSON = {"has": "have", "does": "do", "holds": "hold", "is": "are", "was": "were", "takes": "take", "plays": "play"}


def _did(e: Event, you: bool) -> Sentence:
    """What one event did, without its player: "drew from the stock", "melded 5♠ 6♠ 7♠"; with
    ``you``, the words said to the seat's own player (the same in English, not in Spanish)."""
    if e.action == Action.DRAW:
        if e.source == Source.DISCARD_PILE and e.card:
            card = e.discarded.symbol
            return (
                say_in("said to you", "took {card} from the discard pile", card=card)
                if you
                else say("took {card} from the discard pile", card=card)
            )
        return say_in("said to you", "drew from the stock") if you else say("drew from the stock")
    if e.action == Action.DISCARD:
        card = e.discarded.symbol
        return say_in("said to you", "discarded {card}", card=card) if you else say("discarded {card}", card=card)
    if e.action == Action.MELD:
        return say_in("said to you", "melded {cards}", cards=show(e.cards)) if you else say("melded {cards}", cards=show(e.cards))
    return say_in("said to you", "laid off {cards}", cards=show(e.cards)) if you else say("laid off {cards}", cards=show(e.cards))


def moved(events: Sequence[Event], state: State, seat: str | None) -> Sentence:
    """The moves of ``events`` (consecutive ones of a player joined), each restock (R17) a
    clause of its own, then what follows, said to ``seat`` (None: a spectator, every player in
    the third person): "bob discarded 5♦; the discard pile was turned over to make a new
    stock; your turn: draw"."""
    groups: list[tuple[str | None, list[Sentence]]] = []
    for e in told(events):
        if e.action == TableAction.RESTOCK:
            groups.append((None, [RESTOCKED]))
        elif groups and groups[-1][0] == e.player:
            groups[-1][1].append(_did(e, e.player == seat))
        else:
            groups.append((e.player, [_did(e, e.player == seat)]))
    clauses = [parts[0] if p is None else _clause(p, parts, seat) for p, parts in groups]
    return _sentence(joined([*clauses, what_next(state, seat)]), [p.id for p in state.players])


def _clause(player: str, parts: Sequence[Sentence], seat: str | None) -> Sentence:
    did = listing(parts)
    return say("you {did}", did=did) if player == seat else say("{player} {did}", player=said(player), did=did)


def joined(parts: Sequence[Sentence]) -> Sentence:
    """Clauses one after another: "<first>; <second>; <third>"."""
    out = parts[0]
    for part in parts[1:]:
        out = say("{first}; {then}", first=out, then=part)
    return out


def refused(message: Sentence, seat: str, capital: bool = True) -> Sentence:
    """The referee's reason ``message`` said to the seat's player: in English their name as
    "you" (with the verb that follows it), "Ana's" as "your"; other languages say the reason as
    the referee words it, with the player's name (the catalogs hold the referee's sentences in
    the third person only). The name is matched as the referee shows it
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
    return _sentence(message.reworded(text), ()) if capital else message.reworded(text)


def _sentence(text: Sentence, players: Iterable[str]) -> Sentence:
    """A capital first letter, unless the sentence starts with a player's name (kept as spelt)."""
    if not text or any(text.startswith(said(p)) for p in players):
        return text
    return text.capitalized()


def then_refused(done: Sentence, message: Sentence, seat: str) -> Sentence:
    """The moves that were made, then the reason ``message`` the next was refused, said to
    ``seat`` (:func:`refused`): "You drew from the stock; then you have already drawn …"."""
    return say("{done}; then {why}", done=done, why=refused(message, seat, capital=False))


def waiting(players: Sequence[str]) -> Sentence:
    """Said to a seat whose entropy for the next deal is in while the deal waits for other
    seats' (contract: no single party chooses a deal): "Your entropy is in; the deal waits for
    ben and cy to send theirs."."""
    return say("Your entropy is in; the deal waits for {players} to send theirs.", players=listing(said(p) for p in players))
