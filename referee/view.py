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
from enum import StrEnum

from .actions import Action, Move, Played, Source
from .cards import Card
from .legal import legal_moves
from .melds import Meld
from .rules import Rules
from .seating import left_of, seated
from .state import Result, State, Status, Turn


class TableAction(StrEnum):
    """What happens at the table that is no player's move, told as an event of its own:
    ``restock``, the discard pile turned over to make a new stock (R17)."""

    RESTOCK = "restock"


@dataclass(frozen=True, slots=True)
class Event(Played):
    """One move as every player saw it: a draw from the stock without its card (``card`` None);
    a draw from the discard pile with the card taken (``card``); a meld or lay-off with its
    ``cards`` (as they joined the table) and the ``meld`` id; a discard with its ``card``.
    ``player`` made the move. ``restocked``: the move set off a restock (R17): a draw from the
    empty stock (the pile was turned over before the card was drawn), or a discard that ended a
    turn with the stock empty under ``restock: immediate`` (after it).

    As the seat is told them (:func:`told`), a restock is an event of its own: ``action``
    :attr:`TableAction.RESTOCK`, ``player`` the one whose move set it off, no cards."""

    player: str
    action: Action | TableAction
    source: Source | None = None
    cards: tuple[Card, ...] = ()
    meld: str | None = None
    card: Card | None = None
    restocked: bool = False


def seen(before: State, move: Move, after: State) -> Event:
    """The public record of ``move``, applied to ``before`` giving ``after`` (both valid).

    A draw from the discard pile shows the card taken (the top of ``before``'s pile); a draw from
    the stock shows no card. A meld names the new meld's id (the meld of ``after`` not in
    ``before``); a lay-off the meld it went onto (named by the move or the one that grew).
    ``restocked`` when the stock was rebuilt (R17).
    """
    restocked = after.restocks > before.restocks
    if move.action == Action.DRAW:
        card = before.discard[-1] if move.source == Source.DISCARD_PILE else None
        return Event(move.player, Action.DRAW, source=move.source, card=card, restocked=restocked)
    if move.action == Action.DISCARD:
        return Event(move.player, Action.DISCARD, card=move.card, restocked=restocked)
    meld_id = move.meld
    if meld_id is None:
        old = {m.id: m.cards for m in before.melds}
        meld_id = next((m.id for m in after.melds if old.get(m.id) != m.cards), None)
    return Event(move.player, move.action, cards=tuple(move.cards), meld=meld_id)


def told(events: Sequence[Event]) -> tuple[Event, ...]:
    """``events`` as a seat is told them (contract: every change a seat can see is an event):
    each move, and a restock event (R17) where a move set one off, before the draw it came
    with or after the discard that ended the turn."""
    out: list[Event] = []
    for e in events:
        if not e.restocked:
            out.append(e)
            continue
        turned = Event(e.player, TableAction.RESTOCK)
        bare = Event(e.player, e.action, e.source, e.cards, e.meld, e.card)  # the restock told apart
        out += [turned, bare] if e.action == Action.DRAW else [bare, turned]
    return tuple(out)


def folded(events: Sequence[Event]) -> tuple[tuple[Event, ...], tuple[int, ...]]:
    """The moves of ``events`` as a seat was told them (:func:`told`), each restock event folded
    back into the move that set it off (the draw after it, the discard before it; a restock
    with neither beside it is dropped: the state's ``restocks`` counts it all the same), and for
    each move its index in ``events``, to name it where it was sent."""
    moves: list[Event] = []
    at: list[int] = []
    pending = False  # a restock seen, waiting for the draw it came with
    for i, e in enumerate(events):
        if e.action == TableAction.RESTOCK:
            if moves and moves[-1].action == Action.DISCARD and not moves[-1].restocked and at[-1] == i - 1:
                moves[-1] = _marked(moves[-1])
            else:
                pending = True
            continue
        moves.append(_marked(e) if pending and e.action == Action.DRAW else e)
        at.append(i)
        pending = False
    return tuple(moves), tuple(at)


def _marked(e: Event) -> Event:
    return Event(e.player, e.action, e.source, e.cards, e.meld, e.card, restocked=True)


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

    @property
    def own_seat(self) -> Seat:
        """The viewer's own seat; a ValueError for a view nobody sits behind."""
        if self.viewer is None:
            raise ValueError("this view has no viewer, so no seat of its own")
        return self.seat(self.viewer)

    def seat(self, player_id: str) -> Seat:
        """The seat of ``player_id``; raises KeyError when nobody sits there."""
        return seated(self.seats, player_id)

    def left_of(self, player_id: str) -> str:
        """The next seat after ``player_id``, wrapping (R3)."""
        return left_of([s.id for s in self.seats], player_id)


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
