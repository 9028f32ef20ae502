"""A move, as a value: what it does (:class:`Action`), where a draw takes its card
(:class:`Source`) and the :class:`Move` itself (contract, Moves). Judged and applied by
``referee/moves.py``; told in words by ``referee/narrate.py``."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from enum import StrEnum

from .cards import Card, show


class Action(StrEnum):
    """What a move does (contract, Moves): draw a card (R4), lay a meld (R5), lay cards off on a
    meld on the table (R6), or discard a card (R7)."""

    DRAW = "draw"
    MELD = "meld"
    LAY_OFF = "lay_off"
    DISCARD = "discard"


class Source(StrEnum):
    """Where a draw takes its card from (R4): the stock, or the discard pile (wire value
    ``"discard"``)."""

    STOCK = "stock"
    DISCARD_PILE = "discard"


class Played:
    """What a move and its record (``referee.view.Event``) both say: the card of a discard and
    where a draw takes its card, each None for the other kinds of move. Its two properties give
    them where the kind is known, a ValueError where it is not."""

    __slots__ = ()
    source: Source | None
    card: Card | None

    @property
    def discarded(self) -> Card:
        """The card of a discard (R7); a ValueError for another move, which has none."""
        if self.card is None:
            raise ValueError("only a discard names the card discarded")
        return self.card

    @property
    def drawn_from(self) -> Source:
        """Where a draw takes its card (R4); a ValueError for another move, which draws none."""
        if self.source is None:
            raise ValueError("only a draw takes a card from the stock or the discard pile")
        return self.source


@dataclass(frozen=True, slots=True)
class Move(Played):
    """One move (contract, Moves). Build with :meth:`draw`, :meth:`make_meld`, :meth:`lay_off`
    or :meth:`discard`. ``source`` is where a draw takes its card; ``cards`` the cards of a meld
    or lay-off; ``meld`` the id of the table meld a lay-off names (None: inferred); ``card`` the
    discarded card."""

    player: str
    action: Action
    source: Source | None = None
    cards: tuple[Card, ...] = ()
    meld: str | None = None
    card: Card | None = None

    @classmethod
    def draw(cls, player: str, source: Source = Source.STOCK) -> Move:
        return cls(player, Action.DRAW, source=source)

    @classmethod
    def make_meld(cls, player: str, cards: Sequence[Card]) -> Move:
        return cls(player, Action.MELD, cards=tuple(cards))

    @classmethod
    def lay_off(cls, player: str, cards: Sequence[Card], meld: str | None = None) -> Move:
        return cls(player, Action.LAY_OFF, cards=tuple(cards), meld=meld)

    @classmethod
    def discard(cls, player: str, card: Card) -> Move:
        return cls(player, Action.DISCARD, card=card)

    def __repr__(self) -> str:
        """The move as Python that makes it (``Move.draw('ana', Source.STOCK)``), to paste into
        a test or a bug report, as a Card's repr is."""
        if self.action == Action.DRAW:
            return f"Move.draw({self.player!r}, Source.{self.drawn_from.name})"
        if self.action == Action.DISCARD:
            return f"Move.discard({self.player!r}, {self.card!r})"
        cards = f"parse_cards({' '.join(c.code for c in self.cards)!r}.split())"
        if self.action == Action.MELD:
            return f"Move.make_meld({self.player!r}, {cards})"
        return f"Move.lay_off({self.player!r}, {cards}{'' if self.meld is None else f', {self.meld!r}'})"

    def __str__(self) -> str:
        if self.action == Action.DRAW:
            return f"{self.player} draws from the {'stock' if self.source == Source.STOCK else 'discard pile'}"
        if self.action == Action.DISCARD:
            return f"{self.player} discards {self.discarded.symbol}"
        verb = "melds" if self.action == Action.MELD else "lays off"
        return f"{self.player} {verb} {show(self.cards)}" + (f" on {self.meld}" if self.meld else "")
