"""Keeping count of the cards seen this hand, from one seat's view: which cards are dead, which
are live, and what each opponent is known to hold, want and not want.

Everything here is read from a :class:`~referee.view.SeatView` (the viewer's hand, the discard
pile, the melds and the public moves, ``events``), never from a table snapshot: a card another
player holds is known only when the events show them taking it from the discard pile.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from ..actions import Action, Source
from ..cards import Card
from ..view import SeatView


@dataclass(slots=True)
class Opponent:
    """What one opponent showed this hand: ``holds`` cards taken from the discard pile and not
    played since; ``took`` every card taken from the discard pile; ``passed`` top discards left
    for a draw from the stock; ``discarded`` their discards."""

    holds: set[Card] = field(default_factory=set)
    took: set[Card] = field(default_factory=set)
    passed: set[Card] = field(default_factory=set)
    discarded: set[Card] = field(default_factory=set)


@dataclass(slots=True)
class Tally:
    """The count kept by ``viewer``: ``dead`` cards no meld of the viewer's can use any more (in
    melds on the table, in the discard pile under the top card, or known in another hand);
    ``opponents`` by player id; ``mine_discarded`` the viewer's own discards this hand."""

    viewer: str
    dead: set[Card]
    opponents: dict[str, Opponent]
    mine_discarded: set[Card]

    def live(self, card: Card) -> bool:
        """Whether ``card`` may still come to the viewer: not seen dead (in the stock or in a
        hand where nobody saw it go)."""
        return card not in self.dead


def keep_count(view: SeatView) -> Tally:
    """The viewer's count of the cards seen this hand (see :class:`Tally`)."""
    me = view.viewer
    assert me is not None, "a count is kept by a seat: its view has a viewer"
    opponents = {s.id: Opponent() for s in view.seats if s.id != me}
    mine: set[Card] = set()
    top: Card | None = view.discard[0] if view.discard and view.restocks == 0 else None
    for e in view.events:
        if e.action == Action.DRAW:
            if e.source == Source.DISCARD_PILE:
                if e.player in opponents and e.card is not None:
                    opponents[e.player].holds.add(e.card)
                    opponents[e.player].took.add(e.card)
            elif e.source == Source.STOCK and e.player in opponents and top is not None:
                opponents[e.player].passed.add(top)
            top = None
        elif e.action == Action.DISCARD:
            if e.player in opponents:
                opponents[e.player].discarded.add(e.discarded)
                opponents[e.player].holds.discard(e.discarded)
            elif e.player == me:
                mine.add(e.discarded)
            top = e.card
        elif e.player in opponents:
            opponents[e.player].holds.difference_update(e.cards)
    dead = set(view.discard[:-1])
    for m in view.melds:
        dead.update(m.cards)
    for o in opponents.values():
        dead |= o.holds
    return Tally(me, dead, opponents, mine)
