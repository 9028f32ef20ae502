"""How good a hand is, in the field's terms: its melds and its deadwood (points, R14).

:func:`analyse` splits a hand into the melds it holds and its deadwood, the split leaving the
fewest points of deadwood. Cards that fit a meld already on the table (R6) can be laid off, so
they count as no deadwood. Which cards make a meld is asked of the rules core
(:func:`referee.legal.possible_melds`, :func:`referee.melds.fits`): nothing here restates a rule.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from ..cards import Card
from ..legal import possible_melds
from ..melds import Meld, fits
from ..rules import Rules


@dataclass(frozen=True, slots=True)
class Analysis:
    """A hand split for the fewest deadwood points: ``melds`` (each a tuple of cards, in the
    rules core's canonical order), ``lay_offs`` (cards that fit a meld on the table),
    ``deadwood`` (the rest) and ``points`` (the deadwood's total, R14)."""

    melds: tuple[tuple[Card, ...], ...]
    lay_offs: tuple[Card, ...]
    deadwood: tuple[Card, ...]
    points: int


class HandSplitter:
    """Best splits of ``hand`` and of every part of it (one memo shared by all parts, so the
    split after each possible discard costs little more than one split).

    ``table`` are the melds on the table: a card that fits one of them counts as no deadwood.
    """

    def __init__(self, hand: Sequence[Card], rules: Rules, table: Sequence[Meld] = ()) -> None:
        self.hand = tuple(hand)
        self.rules = rules
        index = {c: i for i, c in enumerate(self.hand)}
        self._melds: list[tuple[int, tuple[Card, ...]]] = []
        self._with: list[list[int]] = [[] for _ in self.hand]
        for cards, _kind in possible_melds(self.hand, rules):
            mask = 0
            for c in cards:
                mask |= 1 << index[c]
            k = len(self._melds)
            self._melds.append((mask, cards))
            for c in cards:
                self._with[index[c]].append(k)
        self.free = 0
        for i, c in enumerate(self.hand):
            if any(fits(m.cards, m.known_kind, c, rules) for m in table):
                self.free |= 1 << i
        self._points = [c.points for c in self.hand]
        self._memo: dict[int, tuple[int, int]] = {0: (0, -1)}
        self.full = (1 << len(self.hand)) - 1

    def mask_without(self, cards: Sequence[Card]) -> int:
        """The mask of the whole hand less ``cards``."""
        mask = self.full
        for i, c in enumerate(self.hand):
            if c in cards:
                mask &= ~(1 << i)
        return mask

    def points(self, mask: int) -> int:
        """Deadwood points of the best split of the cards in ``mask``."""
        return self._best(mask)[0]

    def _best(self, mask: int) -> tuple[int, int]:
        """(deadwood points, meld index or -1 for "lowest card is deadwood") for ``mask``."""
        memo = self._memo
        got = memo.get(mask)
        if got is not None:
            return got
        low = mask & -mask
        i = low.bit_length() - 1
        cost = 0 if self.free & low else self._points[i]
        best = (cost + self._best(mask ^ low)[0], -1)
        for k in self._with[i]:
            m = self._melds[k][0]
            if m & mask == m:
                rest = self._best(mask ^ m)[0]
                if rest < best[0] or (rest == best[0] and best[1] == -1):
                    best = (rest, k)
        memo[mask] = best
        return best

    def split(self, mask: int | None = None) -> Analysis:
        """The best split of the cards in ``mask`` (default: the whole hand)."""
        mask = self.full if mask is None else mask
        total = self._best(mask)[0]
        melds: list[tuple[Card, ...]] = []
        lay_offs: list[Card] = []
        deadwood: list[Card] = []
        while mask:
            _, k = self._best(mask)
            if k >= 0:
                m, cards = self._melds[k]
                melds.append(cards)
                mask ^= m
            else:
                low = mask & -mask
                card = self.hand[low.bit_length() - 1]
                (lay_offs if self.free & low else deadwood).append(card)
                mask ^= low
        return Analysis(tuple(melds), tuple(lay_offs), tuple(deadwood), total)


def analyse(hand: Sequence[Card], rules: Rules, table: Sequence[Meld] = ()) -> Analysis:
    """The split of ``hand`` into melds, lay-offs onto ``table`` and deadwood that leaves the
    fewest deadwood points (R10, R11, R6, R14). Pure; any hand of up to 11 cards."""
    return HandSplitter(hand, rules, table).split()
