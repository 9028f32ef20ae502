"""Hard's search: determinized Monte Carlo over the cards its seat cannot see.

At each decision that matters (the draw; the first play of a turn, where laying melds down and
holding them back for going rummy part ways; the discard), Hard lists a few candidate plans, then
``samples`` times deals the cards it cannot see (the other hands and the stock) consistently with
what its seat knows, and plays every plan forward on that same deal with a fast policy for every
player, to the end of the hand or ``turns`` turns each. The plan with the best average outcome (the
points it won, less the points it conceded, rummy doubles included: R14, R15) is played.

Honest by construction: a deal is drawn from the seat's view only (:class:`~referee.view.SeatView`:
its hand, the discard pile, the melds, every player's card count, the moves seen), with a random
generator seeded from what the view shows and the table's seed (``referee.bots._rng``). The cards
an opponent is known to hold (taken from the discard pile, not played since) go back to that
opponent; the rest is dealt at random, weighted away from the cards that would have made a meld
with a discard the opponent passed on or threw away, and toward the cards that make a meld with one
they took. The budget is a number of plans × deals × turns, never a clock, so the time a decision
takes depends on the view alone.

The fast simulator works on cards as bits of an int (bit ``card.index``). Which cards make a meld
and which fit a meld on the table is asked of the rules core once, when the tables of every meld
are built (:func:`referee.melds.meld_kind`, :func:`referee.melds.fitting_cards`); the turn order,
the draw, restocks (R17, R18), going out (R13), the score (R14, R15) and a stalled hand (R18a)
follow the rulebook. The real moves are still judged by :func:`referee.apply_move`: the simulator
only weighs plans.
"""

from __future__ import annotations

import math
import os
import random
from dataclasses import dataclass
from functools import lru_cache
from itertools import combinations

from ..cards import DECK
from ..melds import canonical_order, fitting_cards, meld_kind
from ..moves import Action, Source
from ..rules import Rules
from ..view import SeatView
from . import policies
from .hand import HandSplitter
from .policies import Choice
from .tally import keep_count

POINTS = tuple(c.points for c in DECK)
RANKS = (1 << 13) - 1  # the 13 ranks of one suit (bit ``suit * 13 + rank - 1`` is a card)
SUITS_OF_RANK = 1 | 1 << 13 | 1 << 26 | 1 << 39  # times a mask of ranks: those ranks in every suit
RUN_STARTS = sum(((1 << 11) - 1) << (13 * s) for s in range(4))  # A..J: a run of three may start there
HIGH_STARTS = sum(1 << (13 * s + 11) for s in range(4))  # the queens: Q K A where aces are high or low
STALLED_TURNS = 25  # R18a: turns per player in a row without a meld or lay-off make a drawn hand
PASSED_WEIGHT = 0.5  # a card that would have made a meld with a discard the opponent passed on or threw away
TOOK_WEIGHT = 2.0  # a card that makes a meld with a discard the opponent took
KEEP_CONNECTED = 7  # points: a deadwood card next to another card of the hand is worth keeping this much


@dataclass(frozen=True, slots=True)
class Budget:
    """How much Hard thinks: ``rollouts[players]`` hands played forward per decision (shared among
    the candidate plans in rounds of successive halving, every plan still in the race played on
    the same deals of a round; at least ``min_samples`` deals a plan over the rounds) and ``turns``
    turns per player at most in each. More players mean longer
    rollouts, so fewer of them (a decision costs about the same at 2 and 6 players)."""

    rollouts: tuple[int, ...] = (0, 0, 240, 160, 96, 80, 64)
    turns: int = 14
    min_samples: int = 8

    def per_decision(self, players: int) -> int:
        return self.rollouts[min(players, len(self.rollouts) - 1)]


def _budget_from_env() -> Budget:
    """``RUMMY_BOT_ROLLOUTS`` (every table size) and ``RUMMY_BOT_TURNS``: the test suite sets small
    ones."""
    b = Budget()
    rollouts = os.environ.get("RUMMY_BOT_ROLLOUTS")
    turns = int(os.environ.get("RUMMY_BOT_TURNS", b.turns))
    if rollouts is None:
        return Budget(turns=turns)
    r = int(rollouts)
    return Budget(rollouts=(r,) * 7, turns=turns, min_samples=max(1, min(b.min_samples, r // 2)))


BUDGET = _budget_from_env()


def bits(mask: int):
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

    __slots__ = ("t", "rules", "n", "hands", "stock", "queues", "left", "discard", "table", "fit", "tabled", "restocks", "quiet", "turns")

    def copy(self) -> Sim:
        s = Sim.__new__(Sim)
        s.t, s.rules, s.n = self.t, self.rules, self.n
        s.hands, s.stock, s.discard, s.table = list(self.hands), list(self.stock), list(self.discard), list(self.table)
        s.queues, s.left = [list(q) for q in self.queues] if self.queues is not None else None, self.left
        s.fit, s.tabled, s.restocks, s.quiet, s.turns = self.fit, list(self.tabled), self.restocks, self.quiet, self.turns
        return s

    def restock(self, keep_top: bool) -> bool:
        """R17: the pile turned over as it lies (its bottom card the new stock's top); False when
        the hand is a draw instead (R18)."""
        limit = self.rules.max_restocks
        if limit is not None and self.restocks >= limit:
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

    def lay_down(self, p: int, melds: list[int], lay: int, made: int = 0) -> None:
        """``p`` lays down ``melds`` (within the turn's limit, R5) and lays off ``lay``, keeping two
        cards at least (so a meld can still take them out, as the bots' ``strands`` keeps)."""
        limit = self.rules.melds_per_turn
        hand = self.hands[p]
        for m in melds:
            if limit is not None and made >= limit:
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
        limit = rules.melds_per_turn
        if limit is not None and len(melds) > limit - made:
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
        mult = 2 if self.rules.going_rummy_doubles and not self.tabled[winner] else 1
        return mult * sum(POINTS[c] for q, h in enumerate(self.hands) if q != winner for c in bits(h))

    def choose_discard(self, p: int, candidates: int, dead_table: int) -> int:
        """The fast policy's discard among ``candidates``: the highest card, unless it sits next to
        another card of the hand (``KEEP_CONNECTED``); never a card that lays off on the table."""
        hand = self.hands[p]
        near = self.t.near
        best, best_score = -1, -1e9
        for c in bits(candidates):
            score = POINTS[c] - (KEEP_CONNECTED if near[c] & hand & ~dead_table else 0) - (20 if (self.fit >> c) & 1 else 0)
            if score > best_score:
                best, best_score = c, score
        return best

    def play_turn(self, p: int, draw: int | None = None, plan: tuple | None = None) -> int | None:
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
            if not self.left and not self.restock(rules.restock == "keep_top"):
                return -1
            hand |= 1 << self.draw_stock(p)
        self.hands[p] = hand
        return self.play_rest(p, taken, plan)

    def play_rest(self, p: int, taken: int, plan: tuple | None = None, made: int = 0) -> int | None:
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
            hold = rules.going_rummy_doubles and not self.tabled[p] and min(h.bit_count() for q, h in enumerate(self.hands) if q != p) >= 4
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
            card = self.choose_discard(p, candidates, 0)
        self.hands[p] = hand ^ (1 << card)
        self.discard.append(card)
        if (len(self.table), sum(self.table)) != before:
            self.quiet = 0
        else:
            self.quiet += 1
            if self.quiet >= STALLED_TURNS * self.n:
                return -1
        if not self.left and rules.restock == "immediate" and not self.restock(False):
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
        mult = 2 if self.rules.going_rummy_doubles and not self.tabled[winner] else 1
        return -mult * sum(POINTS[c] for c in bits(self.hands[me]))


# --- from the view: what the seat knows, and deals consistent with it ------------------------------------


class Knowledge:
    """What ``view.viewer`` knows, in the simulator's terms, and a generator of deals."""

    def __init__(self, view: SeatView) -> None:
        self.view = view
        t = self.t = tables(view.rules.aces)
        ids = [s.id for s in view.seats]
        self.ids = ids
        self.me = ids.index(view.viewer)
        self.sizes = [s.cards for s in view.seats]
        self.tabled = [s.tabled for s in view.seats]
        self.hand = sum(1 << c.index for c in view.hand)
        self.discard = [c.index for c in view.discard]
        self.table = [sum(1 << c.index for c in m.cards) for m in view.melds]
        seen = self.hand | sum(1 << c for c in self.discard) | sum(self.table)
        tally = keep_count(view)
        self.known = [0] * len(ids)
        self.weights: list[list[float] | None] = [None] * len(ids)
        unseen = ((1 << 52) - 1) & ~seen
        for q, pid in enumerate(ids):
            if q == self.me:
                continue
            opp = tally.opponents[pid]
            holds = sum(1 << c.index for c in opp.holds) & unseen
            while holds.bit_count() > self.sizes[q]:  # (cannot happen in a consistent view)
                holds &= holds - 1
            self.known[q] = holds
            unseen &= ~holds
            w = [1.0] * 52
            for c in opp.passed | opp.discarded:
                for y in bits(t.near[c.index]):
                    w[y] *= PASSED_WEIGHT
            for c in opp.took:
                for y in bits(t.near[c.index]):
                    w[y] *= TOOK_WEIGHT
            self.weights[q] = w
        self.pool = sorted(bits(unseen))
        self.fit = 0
        for m in self.table:
            self.fit |= t.fit.get(m, 0)
        need = sum(self.sizes[q] - self.known[q].bit_count() for q in range(len(ids)) if q != self.me)
        self.consistent = need + view.stock == len(self.pool) and all(m in t.fit for m in self.table)

    def deal(self, rng: random.Random) -> Sim:
        """A deal of the unseen cards consistent with the view (see the module docstring)."""
        pool = list(self.pool)
        hands = [0] * len(self.ids)
        hands[self.me] = self.hand
        order = [q for q in range(len(self.ids)) if q != self.me]
        rng.shuffle(order)
        for q in order:
            k = self.sizes[q] - self.known[q].bit_count()
            w = self.weights[q]
            keyed = sorted(pool, key=lambda c: -math.log(1.0 - rng.random()) / w[c])
            chosen = keyed[:k]
            hands[q] = self.known[q] | sum(1 << c for c in chosen)
            pool = keyed[k:]
        rng.shuffle(pool)
        n = len(self.ids)
        s = Sim.__new__(Sim)
        s.t, s.rules, s.n = self.t, self.view.rules, n
        s.hands, s.stock, s.discard, s.table = hands, [], list(self.discard), list(self.table)
        s.queues, s.left = ([pool[q::n] for q in range(n)] if pool else None), len(pool)
        s.fit, s.tabled, s.restocks, s.quiet, s.turns = self.fit, list(self.tabled), self.view.restocks, 0, 0
        return s


@dataclass(frozen=True, slots=True)
class Verdict:
    """The search's answer: the ``best`` plan, its average ``value`` (points a hand), the
    ``runner_up`` plan and value, and how many ``samples`` (deals) each plan was played on."""

    best: tuple
    value: float
    runner_up: tuple | None
    runner_value: float | None
    samples: int


def evaluate(know: Knowledge, plans: list[tuple], rng: random.Random, budget: Budget | None = None) -> Verdict:
    """Play every plan of ``plans`` on the same deals and average the outcomes.

    A plan is ``("draw", source)`` (0 the stock, 1 the discard pile) or ``("play", lay down?,
    discard card index)``. With :data:`HALVING`, the budget is spent in rounds (one round for two
    plans, three for five or six): after each, the weaker half of the plans stops, so the plans
    that matter get most of the deals. The first plan is the fast policy's own choice, played in
    every round: another plan wins only
    when it beats it on the same deals by more than ``CONFIDENCE`` standard errors of the paired
    differences (a hand's outcome swings by tens of points, so a plain best average would often
    be noise)."""
    budget = budget or BUDGET
    total = budget.per_decision(len(know.ids))
    values: list[list[int]] = [[] for _ in plans]
    me, n = know.me, len(know.ids)
    turn = know.view.turn
    taken = turn.taken_discard.index if turn.taken_discard is not None else -1
    horizon = budget.turns * n
    alive = list(range(len(plans)))
    rounds = max(1, (len(plans) - 1).bit_length()) if HALVING else 1
    for r in range(rounds):
        for _ in range(max(-(-budget.min_samples // rounds), total // rounds // len(alive))):
            base = know.deal(rng)
            for k in alive:
                plan = plans[k]
                sim = base.copy()
                if plan[0] == "draw":
                    w = sim.play_turn(me, draw=plan[1])
                else:
                    w = sim.play_rest(me, taken, (plan[1], plan[2]), turn.melds_made)
                values[k].append(sim.rollout(me, (me + 1) % n, horizon) if w is None else sim.value(me, w))
        if r < rounds - 1:  # the better half goes on to more deals (the fast policy's plan always)
            ranked = sorted(alive, key=lambda k: -sum(values[k]) / len(values[k]))
            alive = sorted({0, *ranked[: max(1, (len(alive) + 1) // 2)]})
    means = [sum(v) / len(v) if v else -math.inf for v in values]
    order = sorted(alive, key=lambda k: -means[k])  # stable: the first plan wins ties
    best = order[0]
    if best != 0 and not _clearly_better(values[best], values[0]):
        best = 0
    samples = len(values[best])
    second = next((k for k in order if k != best), None)
    return Verdict(
        plans[best],
        means[best],
        plans[second] if second is not None else None,
        means[second] if second is not None else None,
        samples,
    )


HALVING = True  # successive halving: the weaker half of the plans stops after each round of deals
CONFIDENCE = 1.5  # standard errors of the paired differences a plan must win by to replace the fast policy's


def _clearly_better(a: list[int], b: list[int]) -> bool:
    """Whether outcomes ``a`` beat ``b`` (paired, the same deals) by more than ``CONFIDENCE``
    standard errors of the mean difference."""
    n = len(a)
    d = [x - y for x, y in zip(a, b)]
    mean = sum(d) / n
    if mean <= 0 or n < 2:
        return False
    var = sum((x - mean) ** 2 for x in d) / (n - 1)
    return mean * mean * n > CONFIDENCE * CONFIDENCE * var


# --- Hard: the fast policy's choice, weighed against the alternatives ----------------------------------

DISCARDS_WEIGHED = 3  # discard candidates per plan (the fast policy's own choice among them)


def searching_hard(view: SeatView, rng: random.Random, budget: Budget | None = None) -> Choice:
    """Hard: the old Hard's choice (:func:`~referee.bots.policies.hard`, the fast policy) unless
    playing the hand forward over deals of the unseen cards shows another plan doing better on
    average: the other draw; laying melds down rather than holding them back for going rummy, or
    the reverse (the race, played from the opponents' estimated progress); another discard."""
    base = policies.hard(view, rng)
    if policies._stalling(view):  # a long hand: play only to end it (bench/README.md)
        return base
    opts = policies.options(view)
    know = Knowledge(view)
    if not know.consistent:
        return base
    srng = random.Random(rng.getrandbits(64))
    if opts.draws:
        if len(opts.draws) < 2:
            return base
        first = 0 if base.move.source == Source.STOCK else 1
        mine = {e.card for e in view.events if e.player == view.viewer and e.action == Action.DISCARD}
        if first == 0 and view.discard[-1] in mine:
            return base  # never take back a card thrown away this hand: no cycle without the stock
        verdict = evaluate(know, [("draw", first), ("draw", 1 - first)], srng, budget)
        source = Source.STOCK if verdict.best[1] == 0 else Source.DISCARD_PILE
        if opts.draws[source] == base.move:
            return base
        top = view.discard[-1]
        what = f"Take the {top.symbol} from the discard pile" if source == Source.DISCARD_PILE else "Draw from the stock"
        other = "drawing from the stock" if source == Source.DISCARD_PILE else f"taking the {top.symbol}"
        return Choice(opts.draws[source], f"{what}: {_played_forward(verdict, other)}.")
    act = base.move.action
    turn = view.turn
    if act in (Action.MELD, Action.LAY_OFF) and (turn.melds_made or turn.laid_off):
        return base  # laying down has begun this turn: finish it
    splitter = HandSplitter(view.hand, view.rules, view.melds)
    split = splitter.split()
    if policies._can_go_out(view, opts, split):
        return base
    me = view.seat(view.viewer)
    holdable = view.rules.going_rummy_doubles and not me.tabled and not turn.melds_made and not turn.laid_off and bool(split.melds)
    laying = act in (Action.MELD, Action.LAY_OFF)
    lays = [laying] + ([not laying] if holdable else [])
    taken = turn.taken_discard.index if turn.taken_discard is not None else -1
    legal = sum(1 << c.index for c in opts.discards)
    plans: list[tuple] = []
    for lay in lays:
        sim = _mine_only(know)
        if lay:
            melds, dead, off = know.t.split(know.hand, know.fit & know.hand)
            sim.lay_down(know.me, melds, off, turn.melds_made)
        hand = sim.hands[know.me]
        _, dead, _ = know.t.split(hand, sim.fit & hand)
        pool = dead & legal & ~((1 << taken) if taken >= 0 else 0) or hand & legal
        ranked = []
        while pool and len(ranked) < DISCARDS_WEIGHED:
            c = sim.choose_discard(know.me, pool, 0)
            ranked.append(c)
            pool &= ~(1 << c)
        if act == Action.DISCARD and lay == laying:
            c = base.move.card.index
            ranked = [c] + [x for x in ranked if x != c][: DISCARDS_WEIGHED - 1]
        plans += [("play", lay, c) for c in ranked]
    if len(plans) < 2:
        return base
    verdict = evaluate(know, plans, srng, budget)
    _, lay, card = verdict.best
    if lay and not laying:
        step = policies._next_play(view, opts, split)
        if step is None:
            lay = False
        else:
            move, what = step
            return Choice(move, f"{what}: {_played_forward(verdict, 'holding your melds back to go rummy')}.")
    if lay and laying:
        return base
    move = opts.discards.get(DECK[card])
    if move is None:
        return base
    if move == base.move:
        return base
    runner = verdict.runner_up
    if runner is not None and runner[1] != lay:
        other = "laying your melds down now" if runner[1] else "holding your melds back"
    else:
        other = f"discarding {DECK[runner[2]].symbol}" if runner is not None else "the alternatives"
    held = ", keeping your melds in hand to go rummy" if holdable and not lay else ""
    return Choice(move, f"Discard {DECK[card].symbol}{held}: {_played_forward(verdict, other)}.")


def _mine_only(know: Knowledge) -> Sim:
    """A simulator holding only the viewer's hand and the table (to lay down and split)."""
    s = Sim.__new__(Sim)
    s.t, s.rules, s.n = know.t, know.view.rules, len(know.ids)
    s.hands = [0] * len(know.ids)
    s.hands[know.me] = know.hand
    s.stock, s.discard, s.table = [], list(know.discard), list(know.table)
    s.queues, s.left = None, 0
    s.fit, s.tabled, s.restocks, s.quiet, s.turns = know.fit, list(know.tabled), know.view.restocks, 0, 0
    return s


def _played_forward(verdict: Verdict, other: str) -> str:
    """Words for a search's verdict: how it did against ``other``."""
    against = f", against {verdict.runner_value:+.1f} for {other}" if verdict.runner_value is not None else ""
    return (
        f"playing the hand forward over {verdict.samples} guesses at the cards you cannot see, "
        f"it did best ({verdict.value:+.1f} points a hand on average{against})"
    )
