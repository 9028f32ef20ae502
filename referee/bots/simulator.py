"""Hard's fast simulator: a hand of Rummy played on cards as bits of an int (bit ``card.index``),
for :mod:`referee.bots.search` to play its plans forward thousands of times a decision.

Which cards make a meld and which fit a meld on the table is asked of the rules core once per
``aces`` option, when :class:`MeldTables` is built (:func:`referee.melds.meld_kind`,
:func:`referee.melds.fitting_cards`); the stall limit is :func:`referee.stall.stall_limit`. The
turn order, the draw, restocks (R17, R18), going out (R13) and the score (R14, R15) follow the
rulebook, written for speed: the simulator only weighs plans, and every real move is still
judged by :func:`referee.apply_move` (tests/test_bots_search.py holds it to the core)."""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from functools import lru_cache
from itertools import combinations

from ..cards import DECK
from ..melds import canonical_order, fitting_cards, meld_kind
from ..rules import Rules, keeps_top, meld_limit_allows, restock_limit_allows, restocks_at_turn_end
from ..scoring import rummy_multiplier
from ..stall import stall_limit

POINTS = tuple(c.points for c in DECK)
RANKS = (1 << 13) - 1  # the 13 ranks of one suit (bit ``suit * 13 + rank - 1`` is a card)
SUITS_OF_RANK = 1 | 1 << 13 | 1 << 26 | 1 << 39  # times a mask of ranks: those ranks in every suit
RUN_STARTS = sum(((1 << 11) - 1) << (13 * s) for s in range(4))  # A..J: a run of three may start there
HIGH_STARTS = sum(1 << (13 * s + 11) for s in range(4))  # the queens: Q K A where aces are high or low
KEEP_CONNECTED = 7  # points: a deadwood card next to another card of the hand is worth keeping this much
FITS_TABLE = 20  # points: more than any card is worth, so a card that lays off on the table is thrown last

Plan = tuple[bool, int]
"""A turn's plan after the draw: whether to lay down what the hand holds, and the card to discard."""


def bits(mask: int) -> Iterator[int]:
    """The card indices of ``mask``, lowest first."""
    while mask:
        low = mask & -mask
        yield low.bit_length() - 1
        mask ^= low


# --- every meld, asked of the rules core once -------------------------------------------------------


class MeldTables:
    """Every meld of one deck under one ``aces`` option, as bit masks: ``fit[mask]`` the cards that
    lay off on it (R6), ``by_low[i]`` the melds whose lowest card is ``i`` (for the split),
    ``partners[i]`` the pairs of cards that make a meld of three with ``i``, ``near[i]`` every card
    of those pairs."""

    def __init__(self, aces: str) -> None:
        rules = Rules(aces=aces)
        candidates: set[int] = set()
        for r in range(13):
            same = [s * 13 + r for s in range(4)]
            for size in (3, 4):
                for combo in combinations(same, size):
                    candidates.add(sum(1 << i for i in combo))
        for s in range(4):
            seq = [s * 13 + r for r in range(13)] + ([s * 13] if aces == "high_or_low" else [])
            for a in range(len(seq)):
                for b in range(a + 3, len(seq) + 1):
                    window = seq[a:b]
                    if len(set(window)) == len(window):
                        candidates.add(sum(1 << i for i in window))
        self.fit: dict[int, int] = {}
        self.by_low: list[list[int]] = [[] for _ in DECK]
        self.partners: list[list[int]] = [[] for _ in DECK]
        self.near = [0] * 52
        for mask in sorted(candidates):
            cards = [DECK[i] for i in bits(mask)]
            kind = meld_kind(cards, rules)
            if kind is None:
                continue
            fit = 0
            for c in fitting_cards(canonical_order(cards, kind, rules), kind, rules):
                fit |= 1 << c.index
            self.fit[mask] = fit
            self.by_low[(mask & -mask).bit_length() - 1].append(mask)
            if len(cards) == 3:
                for c in cards:
                    pair = mask ^ (1 << c.index)
                    self.partners[c.index].append(pair)
                    self.near[c.index] |= pair
        self.high = aces == "high_or_low"
        self.memo: dict[int, int] = {}
        self.splits: dict[int, tuple[tuple[int, ...], int, int]] = {}

    def points(self, mask: int, free: int) -> int:
        """Deadwood points of the best split of ``mask`` (cards in ``free`` fit a meld on the table,
        so they count nothing)."""
        memo = self.memo
        key = (mask << 52) | free
        got = memo.get(key)
        if got is not None:
            return got
        low = mask & -mask
        i = low.bit_length() - 1
        rest = mask ^ low
        best = (0 if free & low else POINTS[i]) + (self.points(rest, free & rest) if rest else 0)
        for m in self.by_low[i]:
            if m & mask == m and best:
                r = mask ^ m
                v = self.points(r, free & r) if r else 0
                if v < best:
                    best = v
        if len(memo) > 400_000:
            memo.clear()
        memo[key] = best
        return best

    def loose(self, mask: int, free: int) -> int:
        """The cards of ``mask`` in no meld of ``mask`` and not in ``free``: deadwood in every split
        (a quick bound: two of them and the hand cannot go out). Bit arithmetic on the meld
        tables' own shapes (a card is in a meld iff it is in one of three cards, :attr:`partners`):
        three of a rank, or three in a row of a suit (and Q K A where aces are high or low)."""
        a, b, c, d = mask & RANKS, (mask >> 13) & RANKS, (mask >> 26) & RANKS, (mask >> 39) & RANKS
        three = (a & b & (c | d)) | (c & d & (a | b))
        inmeld = three * SUITS_OF_RANK
        start = mask & (mask >> 1) & (mask >> 2) & RUN_STARTS
        inmeld |= start | (start << 1) | (start << 2)
        if self.high:
            top = mask & (mask >> 1) & (mask << 11) & HIGH_STARTS
            inmeld |= top | (top << 1) | (top >> 11)
        return mask & ~free & ~inmeld

    def split(self, mask: int, free: int) -> tuple[tuple[int, ...], int, int]:
        """The best split of ``mask``: (melds as masks, deadwood mask, lay-off mask)."""
        key = (mask << 52) | free
        got = self.splits.get(key)
        if got is None:
            if len(self.splits) > 200_000:
                self.splits.clear()
            got = self.splits[key] = self._split(mask, free)
        return got

    def _split(self, mask: int, free: int) -> tuple[tuple[int, ...], int, int]:
        melds, dead, lay = [], 0, 0
        while mask:
            target = self.points(mask, free & mask)
            low = mask & -mask
            i = low.bit_length() - 1
            chosen = 0
            for m in self.by_low[i]:
                if m & mask == m:
                    r = mask ^ m
                    if (self.points(r, free & r) if r else 0) == target:
                        chosen = m
                        break
            if chosen:
                melds.append(chosen)
                mask ^= chosen
            else:
                if free & low:
                    lay |= low
                else:
                    dead |= low
                mask ^= low
        return tuple(melds), dead, lay


@lru_cache(maxsize=2)
def tables(aces: str) -> MeldTables:
    """The :class:`MeldTables` of an ``aces`` option (built once)."""
    return MeldTables(aces)


# --- the fast simulator ------------------------------------------------------------------------------


class Sim:
    """One deal of a hand in play, every card known (a guess at what the seat cannot see).

    ``hands`` masks by seat; ``discard`` bottom first; ``table`` meld masks; ``fit`` the cards
    that lay off on some meld; ``tabled`` by seat (R15); ``left`` cards in the stock.

    The stock of a guessed deal is unknown in its order, so it is kept as one queue per seat
    (``queues``: the cards each seat will draw from it, the next last; a seat whose queue ran dry
    draws from the longest other): any order is as good a guess as another, and this one gives
    every seat the same stock cards whatever the plan weighed at the root, so two plans are
    compared on the same luck. Once turned over (R17), the stock's order is known: ``stock``, the
    top last."""

    __slots__ = ("t", "rules", "n", "hands", "stock", "queues", "left", "discard", "table", "fit", "tabled", "restocks", "quiet")
    t: MeldTables
    rules: Rules
    n: int  # players
    hands: list[int]
    stock: list[int]
    queues: list[list[int]] | None
    left: int
    discard: list[int]
    table: list[int]
    fit: int
    tabled: list[bool]
    restocks: int
    quiet: int

    def copy(self) -> Sim:
        s = Sim.__new__(Sim)
        s.t, s.rules, s.n = self.t, self.rules, self.n
        s.hands, s.stock, s.discard, s.table = list(self.hands), list(self.stock), list(self.discard), list(self.table)
        s.queues, s.left = [list(q) for q in self.queues] if self.queues is not None else None, self.left
        s.fit, s.tabled, s.restocks, s.quiet = self.fit, list(self.tabled), self.restocks, self.quiet
        return s

    def restock(self, keep_top: bool) -> bool:
        """R17: the pile turned over as it lies (its bottom card the new stock's top); False when
        the hand is a draw instead (R18)."""
        if not restock_limit_allows(self.rules, self.restocks + 1):
            return False
        pile = self.discard[:-1] if keep_top else self.discard
        if not pile:
            return False
        self.stock = pile[::-1]
        self.queues, self.left = None, len(pile)
        self.discard = self.discard[-1:] if keep_top else []
        self.restocks += 1
        return True

    def draw_stock(self, p: int) -> int:
        """The card seat ``p`` draws from the (non-empty) stock."""
        self.left -= 1
        queues = self.queues
        if queues is None:
            return self.stock.pop()
        q = queues[p] or max(queues, key=len)
        card = q.pop()
        if not self.left:
            self.queues = None
        return card

    def lay_off(self, card: int) -> None:
        """Lay ``card`` off on the first table meld it fits (R6)."""
        t = self.t
        bit = 1 << card
        for j, m in enumerate(self.table):
            if t.fit[m] & bit:
                self.table[j] = m | bit
                break
        self._refit()

    def meld(self, mask: int) -> None:
        self.table.append(mask)
        self._refit()

    def _refit(self) -> None:
        fit = 0
        for m in self.table:
            fit |= self.t.fit[m]
        self.fit = fit

    def lay_down(self, p: int, melds: Sequence[int], lay: int, made: int = 0) -> None:
        """``p`` lays down ``melds`` (within the turn's limit, R5) and lays off ``lay``, keeping two
        cards at least (so a meld can still take them out, as the bots' ``strands`` keeps)."""
        hand = self.hands[p]
        for m in melds:
            if not meld_limit_allows(self.rules, made + 1):
                break
            if (hand ^ m).bit_count() < 2:
                continue
            hand ^= m
            self.meld(m)
            made += 1
            self.tabled[p] = True
        for c in bits(lay):
            if (hand & (1 << c)) and (self.fit >> c) & 1 and hand.bit_count() > 2:
                hand ^= 1 << c
                self.lay_off(c)
                self.tabled[p] = True
        self.hands[p] = hand

    def going_out(self, p: int, taken: int, made: int = 0) -> int | None:
        """The card ``p`` would discard to go out now (-1: out without a discard), or None."""
        t, rules = self.t, self.rules
        hand = self.hands[p]
        if t.loose(hand, self.fit).bit_count() > 1:
            return None
        melds, dead, lay = t.split(hand, self.fit & hand)
        if not meld_limit_allows(rules, made + len(melds)):
            return None
        n = dead.bit_count()
        if n == 0 and not rules.final_discard_required and (melds or lay):
            return -1
        if n == 1:
            card = dead.bit_length() - 1
            if card != taken or rules.taken_discard_if_last:
                return card
        return None

    def score(self, winner: int) -> int:
        mult = rummy_multiplier(not self.tabled[winner], self.rules)  # R15, as the core scores it
        return mult * sum(POINTS[c] for q, h in enumerate(self.hands) if q != winner for c in bits(h))

    def choose_discard(self, p: int, candidates: int) -> int:
        """The fast policy's discard among ``candidates``: the highest card, unless it sits next to
        another card of the hand (``KEEP_CONNECTED``); a card that lays off on the table last of
        all (``FITS_TABLE``)."""
        hand = self.hands[p]
        near = self.t.near
        best, best_score = -1, -1e9
        for c in bits(candidates):
            score = POINTS[c] - (KEEP_CONNECTED if near[c] & hand else 0) - (FITS_TABLE if (self.fit >> c) & 1 else 0)
            if score > best_score:
                best, best_score = c, score
        return best

    def play_turn(self, p: int, draw: int | None = None, plan: Plan | None = None) -> int | None:
        """Play one turn of seat ``p`` by the fast policy; ``draw`` forces the source (0 stock, 1
        discard pile), ``plan`` (lay down?, discard) forces the rest. Returns None while the hand
        goes on, else the winner's seat (-1 for a drawn hand)."""
        t, rules = self.t, self.rules
        hand = self.hands[p]
        taken = -1
        if draw is None:
            top = self.discard[-1] if self.discard else -1
            take = False
            if top >= 0:
                if (self.fit >> top) & 1:
                    take = True
                else:
                    for pair in t.partners[top]:
                        if pair & hand == pair:
                            take = True
                            break
            draw = 1 if take else 0
        if draw == 1 and self.discard:
            taken = self.discard.pop()
            hand |= 1 << taken
        else:
            if not self.left and not self.restock(keeps_top(rules)):
                return -1
            hand |= 1 << self.draw_stock(p)
        self.hands[p] = hand
        return self.play_rest(p, taken, plan)

    def play_rest(self, p: int, taken: int, plan: Plan | None = None, made: int = 0) -> int | None:
        """The rest of ``p``'s turn after the draw (see :meth:`play_turn`)."""
        t, rules = self.t, self.rules
        before = len(self.table), sum(self.table)
        out = self.going_out(p, taken, made)
        if out is not None:
            if out >= 0:
                self.hands[p] ^= 1 << out
            return p
        hand = self.hands[p]
        if plan is None:
            hold = (
                rummy_multiplier(True, rules) > 1
                and not self.tabled[p]
                and min(h.bit_count() for q, h in enumerate(self.hands) if q != p) >= 4
            )
            card = None
        else:
            hold, card = not plan[0], plan[1]
        dead = -1  # not split yet: a held hand with cards in no meld discards one of those
        if not hold:
            melds, dead, lay = t.split(hand, self.fit & hand)
            if melds or lay:
                self.lay_down(p, melds, lay, made)
                hand = self.hands[p]
                out = self.going_out(p, taken, made)
                if out is not None:
                    if out >= 0:
                        self.hands[p] ^= 1 << out
                    return p
                dead &= hand
        if card is None or not (hand >> card) & 1:
            if dead < 0:
                dead = t.loose(hand, self.fit) & ~(1 << taken) if taken >= 0 else t.loose(hand, self.fit)
                if not dead:
                    dead = t.split(hand, self.fit & hand)[1]
            candidates = dead & ~(1 << taken) if taken >= 0 else dead
            if not candidates:
                candidates = hand & ~(1 << taken) if taken >= 0 else hand
                if not candidates:
                    candidates = hand
            card = self.choose_discard(p, candidates)
        self.hands[p] = hand ^ (1 << card)
        self.discard.append(card)
        if (len(self.table), sum(self.table)) != before:
            self.quiet = 0
        else:
            self.quiet += 1
            if self.quiet >= stall_limit(self.n):
                return -1
        if not self.left and restocks_at_turn_end(rules) and not self.restock(False):
            return -1
        return None

    def rollout(self, me: int, start: int, turns: int) -> int:
        """Play on from seat ``start``'s turn for at most ``turns`` turns; the outcome for ``me``:
        the points it won, or minus the points its hand conceded (0 for a drawn or unfinished hand)."""
        p = start
        for _ in range(turns):
            w = self.play_turn(p)
            if w is not None:
                return self.value(me, w)
            p = (p + 1) % self.n
        return 0

    def value(self, me: int, winner: int) -> int:
        if winner < 0:
            return 0
        if winner == me:
            return self.score(me)
        mult = rummy_multiplier(not self.tabled[winner], self.rules)
        return -mult * sum(POINTS[c] for c in bits(self.hands[me]))
