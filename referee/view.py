"""What one seat may see of a table (contract, Sealed tables: View) and the moves as every
player saw them (contract, Computer opponents: ``events``).

A :class:`SeatView` is the whole of what a player at a real table knows: their own hand, how
many cards everyone else holds, the stock as a count, the discard pile face up, the melds, the
turn, and the moves seen this hand. It never holds another player's cards or the stock's order,
so a frontend can show it and a computer opponent can decide from it (and from nothing else).

Once the hand is over, every hand is laid down to be counted (R14), so every view shows them
in ``remaining_cards``.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from .cards import Card
from .legal import legal_moves
from .moves import Action, Move, Source
from .rules import Rules
from .state import Meld, Result, State, Status, Turn


@dataclass(frozen=True, slots=True)
class Event:
    """One move as every player at the table saw it: a draw from the stock without its card
    (``card`` None); a draw from the discard pile with the card taken (``card``); a meld or
    lay-off with its ``cards`` (as they joined the table) and the ``meld`` id; a discard with
    its ``card``. ``player`` made the move."""

    player: str
    action: Action
    source: Source | None = None
    cards: tuple[Card, ...] = ()
    meld: str | None = None
    card: Card | None = None

    def as_dict(self) -> dict:
        """The event as answers give it (the shape of a Move, canonical codes; a draw from the
        discard pile adds ``card``)."""
        out: dict = {"player": self.player, "action": self.action.value}
        if self.source is not None:
            out["source"] = self.source.value
        if self.action in (Action.MELD, Action.LAY_OFF):
            out["cards"] = [c.code for c in self.cards]
            out["meld"] = self.meld
        if self.card is not None:
            out["card"] = self.card.code
        return out


def seen(before: State, move: Move, after: State) -> Event:
    """The public record of ``move``, applied to ``before`` giving ``after`` (both valid).

    A draw from the discard pile shows the card taken (the top of ``before``'s pile); a draw from
    the stock shows no card. A meld names the new meld's id (the meld of ``after`` not in
    ``before``); a lay-off the meld it went onto (named by the move or the one that grew).
    """
    if move.action == Action.DRAW:
        card = before.discard[-1] if move.source == Source.DISCARD_PILE else None
        return Event(move.player, Action.DRAW, source=move.source, card=card)
    if move.action == Action.DISCARD:
        return Event(move.player, Action.DISCARD, card=move.card)
    meld_id = move.meld
    if meld_id is None:
        old = {m.id: m.cards for m in before.melds}
        meld_id = next((m.id for m in after.melds if old.get(m.id) != m.cards), None)
    return Event(move.player, move.action, cards=tuple(move.cards), meld=meld_id)


@dataclass(frozen=True, slots=True)
class Seat:
    """One player as others see them: ``id``, ``cards`` in hand (a count), ``tabled`` (R15)."""

    id: str
    cards: int
    tabled: bool


@dataclass(frozen=True, slots=True)
class SeatView:
    """What ``viewer`` may see of a table (``viewer`` None: a spectator, who sees no hand).

    ``hand`` is the viewer's own cards (empty for a spectator); ``seats`` every player with a
    card count; ``stock`` a count; ``discard`` the whole pile, bottom first; ``melds`` on the
    table; ``result`` once the hand is over, with ``remaining_cards`` each hand laid down to be
    counted (R14); ``events`` the moves seen this hand, oldest first; ``legal_moves`` every
    legal move when the viewer is the player to move, else empty; ``stalled_turns`` the turns
    played in a row with no meld or lay-off (R18a).
    """

    viewer: str | None
    rules: Rules
    dealer: str
    seats: tuple[Seat, ...]
    hand: tuple[Card, ...]
    turn: Turn
    stock: int
    discard: tuple[Card, ...]
    melds: tuple[Meld, ...]
    restocks: int
    status: Status
    result: Result | None
    remaining_cards: dict[str, tuple[Card, ...]] | None
    events: tuple[Event, ...] = ()
    legal_moves: tuple[Move, ...] = ()
    stalled_turns: int = 0

    @property
    def to_move(self) -> bool:
        """Whether the viewer is the player to move in a hand still playing."""
        return self.status == Status.PLAYING and self.viewer is not None and self.turn.player == self.viewer

    def seat(self, player_id: str) -> Seat:
        """The seat of ``player_id``; raises KeyError when nobody sits there."""
        for s in self.seats:
            if s.id == player_id:
                return s
        raise KeyError(player_id)

    def left_of(self, player_id: str) -> str:
        """The next seat after ``player_id``, wrapping (R3)."""
        ids = [s.id for s in self.seats]
        return ids[(ids.index(player_id) + 1) % len(ids)]


def seat_view(state: State, viewer: str | None, events: Sequence[Event] = ()) -> SeatView:
    """The view of ``state`` (valid, canonical) for the player ``viewer``, or for a spectator
    when ``viewer`` is None. Raises KeyError for a viewer not at the table."""
    if viewer is not None:
        hand = state.player(viewer).hand
    else:
        hand = ()
    over = state.status != Status.PLAYING
    return SeatView(
        viewer=viewer,
        rules=state.rules,
        dealer=state.dealer,
        seats=tuple(Seat(p.id, len(p.hand), p.tabled) for p in state.players),
        hand=hand,
        turn=state.turn,
        stock=len(state.stock),
        discard=state.discard,
        melds=state.melds,
        restocks=state.restocks,
        status=state.status,
        result=state.result(),
        remaining_cards={p.id: p.hand for p in state.players} if over else None,
        events=tuple(events),
        legal_moves=tuple(legal_moves(state)) if not over and viewer == state.turn.player else (),
        stalled_turns=state.stalled_turns,
    )
