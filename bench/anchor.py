"""An outside anchor for the computer opponents' benchmark (`bench/bots.py`): an independent
player written here, not from `referee/bots`, after the logic of OpenSpiel's simple gin-rummy bot
(and RLCard's gin-rummy rule agent), adapted to these rules:

- draw: take the top discard only when it lands in the best melds of the hand with it (or lays
  off on a meld on the table); else draw from the stock;
- go out whenever every card but one can be melded or laid off;
- hold melds back to go rummy where going rummy doubles (R15), the way a gin player holds
  melds until knocking; lay them down (and lay off) where it does not double, once it has tabled,
  or when an opponent is down to two cards;
- discard the worst leftover card: the one whose removal leaves the fewest deadwood points,
  the highest card on ties;
- once the stock has been turned over twice, lay down everything and discard at random
  (seeded by the view), so two anchors never cycle for ever.

It asks the rules core only which cards make a meld (`referee.legal.possible_melds`) and which fit
a table meld (`referee.melds.fits`); its choices come from the view's legal moves.
"""

from __future__ import annotations

import random
from functools import cache, lru_cache

from referee.bots import Choice
from referee.legal import possible_melds
from referee.melds import fits
from referee.moves import Action, Source
from referee.view import SeatView


def _best(hand: tuple, rules, table: tuple) -> tuple[int, tuple, tuple]:
    """(deadwood points, melds, leftover cards) of the split with the fewest deadwood points;
    cards that fit a table meld count nothing."""
    return _split(tuple(sorted(hand)), rules, table)


@lru_cache(maxsize=100_000)
def _split(hand: tuple, rules, table: tuple) -> tuple[int, tuple, tuple]:
    free = frozenset(c for c in hand if any(fits(cards, kind, c, rules) for cards, kind in table))
    melds = [frozenset(cards) for cards, _ in possible_melds(hand, rules)]

    @cache
    def go(rest: frozenset) -> tuple[int, tuple, tuple]:
        if not rest:
            return 0, (), ()
        low = min(rest)
        cost = 0 if low in free else low.points
        p, m, left = go(rest - {low})
        best = (p + cost, m, left + (low,))
        for meld in melds:
            if low in meld and meld <= rest:
                p2, m2, l2 = go(rest - meld)
                if p2 < best[0]:
                    best = (p2, m2 + (meld,), l2)
        return best

    return go(frozenset(hand))


def anchor(view: SeatView) -> Choice:
    """The anchor's move for ``view.viewer`` (see the module docstring)."""
    rules = view.rules
    table = tuple((m.cards, m.kind) for m in view.melds)
    moves = view.legal_moves
    draws = {m.source: m for m in moves if m.action == Action.DRAW}
    rng = random.Random(f"anchor|{len(view.events)}|{' '.join(c.code for c in view.hand)}")
    long_hand = view.restocks >= 2
    if draws:
        top = view.discard[-1] if view.discard else None
        if Source.DISCARD_PILE in draws and top is not None and Source.STOCK in draws:
            _, melds, left = _best(view.hand + (top,), rules, table)
            in_melds = any(top in m for m in melds)
            lays = top not in left and not in_melds
            if in_melds or lays or (long_hand and rng.random() < 0.25):
                return Choice(draws[Source.DISCARD_PILE], f"anchor: take {top.symbol}")
        return Choice(draws.get(Source.STOCK) or next(iter(draws.values())), "anchor: draw")
    _, melds, left = _best(view.hand, rules, table)
    free = [c for c in left if any(fits(cards, kind, c, rules) for cards, kind in table)]
    dead = [c for c in left if c not in free]
    discards = {m.card: m for m in moves if m.action == Action.DISCARD}
    meld_moves = {frozenset(m.cards): m for m in moves if m.action == Action.MELD}
    lay_moves = {}
    for m in moves:
        if m.action == Action.LAY_OFF:
            lay_moves.setdefault(m.cards[0], m)
    limit = rules.melds_per_turn
    room = None if limit is None else limit - view.turn.melds_made
    going_out = len(dead) <= 1 and (room is None or len(melds) <= room) and (not dead or dead[0] in discards)
    me = view.seat(view.viewer)
    close = min(s.cards for s in view.seats if s.id != view.viewer) <= 2
    lay = going_out or long_hand or not rules.going_rummy_doubles or me.tabled or close or view.turn.melds_made or view.turn.laid_off
    if lay:
        keep = 0 if going_out else 2  # keep two cards after the discard, to go out by a meld later
        for meld in melds:
            move = meld_moves.get(meld)
            if move is not None and (going_out or len(view.hand) - len(meld) - 1 >= keep):
                return Choice(move, "anchor: meld")
        for c in free:
            move = lay_moves.get(c)
            if move is not None and (going_out or len(view.hand) - 2 >= keep):
                return Choice(move, "anchor: lay off")
    if not discards:
        return Choice(next(m for m in moves if m.action == Action.LAY_OFF), "anchor: lay off the last card")
    if long_hand:
        card = rng.choice(sorted(discards))
        return Choice(discards[card], "anchor: discard (a long hand)")
    hand = view.hand

    def after(c):
        rest = tuple(x for x in hand if x is not c)
        return (_best(rest, rules, table)[0], -c.points, c.index)

    card = min(discards, key=after)
    return Choice(discards[card], f"anchor: discard {card.symbol}")
