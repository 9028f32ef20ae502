"""Hard's search: determinized Monte Carlo over the cards its seat cannot see.

At each decision that matters (the draw; the first play of a turn, where laying melds down and
holding them back for going rummy part ways; the discard), Hard lists a few candidate plans, then
``samples`` times deals the cards it cannot see (the other hands and the stock) consistently with
what its seat knows, and plays every plan forward on that same deal with a fast policy for every
player, to the end of the hand or ``turns`` turns each. The plan with the best average outcome (the
points it won, less the points it conceded, going rummy's multiplier included: R14, R15) is played.

Honest by construction: a deal is drawn from the seat's view only (:class:`~referee.view.SeatView`:
its hand, the discard pile, the melds, every player's card count, the moves seen), with a random
generator seeded from what the view shows and the table's seed (``referee.bots._rng``). The cards
an opponent is known to hold (taken from the discard pile, not played since) go back to that
opponent; the rest is dealt at random, weighted away from the cards that would have made a meld
with a discard the opponent passed on or threw away, and toward the cards that make a meld with one
they took. The budget is a number of plans × deals × turns, never a clock, so the time a decision
takes depends on the view alone.

The plans are played forward by the fast simulator of :mod:`referee.bots.simulator` (cards as
bits of an int, its melds asked of the rules core once). The real moves are still judged by
:func:`referee.apply_move`: the simulator only weighs plans.
"""

from __future__ import annotations

import math
import os
import random
from dataclasses import dataclass
from typing import Any

from ..actions import Action, Source
from ..cards import DECK, show
from ..scoring import rummy_multiplier
from ..speech import Sentence, Signed, say, say_n
from ..view import SeatView
from . import policies
from .hand import HandSplitter
from .policies import Choice
from .simulator import Sim, bits, tables
from .tally import keep_count

PASSED_WEIGHT = 0.5  # a card that would have made a meld with a discard the opponent passed on or threw away
TOOK_WEIGHT = 2.0  # a card that makes a meld with a discard the opponent took


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


# --- from the view: what the seat knows, and deals consistent with it ------------------------------------


class Knowledge:
    """What ``view.viewer`` knows, in the simulator's terms, and a generator of deals."""

    def __init__(self, view: SeatView) -> None:
        self.view = view
        t = self.t = tables(view.rules.aces)
        ids = [s.id for s in view.seats]
        self.ids = ids
        self.me = ids.index(view.own_seat.id)
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
            assert w is not None, "every other seat is weighed in __init__"
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
        s.fit, s.tabled, s.restocks, s.quiet = self.fit, list(self.tabled), self.view.restocks, 0
        return s


SearchPlan = tuple[Any, ...]  # two shapes told apart by the first word: a tuple type cannot say "either length"
"""A plan the search weighs: ("play", lay down?, card to discard) or a draw's ("draw", source)."""


@dataclass(frozen=True, slots=True)
class Verdict:
    """The search's answer: the ``best`` plan, its average ``value`` (points a hand), the
    ``runner_up`` plan and value, and how many ``samples`` (deals) each plan was played on."""

    best: SearchPlan
    value: float
    runner_up: SearchPlan | None
    runner_value: float | None
    samples: int


def evaluate(know: Knowledge, plans: list[SearchPlan], rng: random.Random, budget: Budget | None = None) -> Verdict:
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
        if source == Source.DISCARD_PILE:
            why = _played_forward(verdict, say("drawing from the stock"))
            return Choice(opts.draws[source], say("Take the {card} from the discard pile: {why}.", card=top.symbol, why=why))
        why = _played_forward(verdict, say("taking the {card}", card=top.symbol))
        return Choice(opts.draws[source], say("Draw from the stock: {why}.", why=why))
    act = base.move.action
    turn = view.turn
    if act in (Action.MELD, Action.LAY_OFF) and (turn.melds_made or turn.laid_off):
        return base  # laying down has begun this turn: finish it
    splitter = HandSplitter(view.hand, view.rules, view.melds)
    split = splitter.split()
    if policies._can_go_out(view, opts, split):
        return base
    me = view.own_seat
    holdable = rummy_multiplier(True, view.rules) > 1 and not me.tabled and not turn.melds_made and not turn.laid_off and bool(split.melds)
    laying = act in (Action.MELD, Action.LAY_OFF)
    lays = [laying] + ([not laying] if holdable else [])
    taken = turn.taken_discard.index if turn.taken_discard is not None else -1
    legal = sum(1 << c.index for c in opts.discards)
    plans: list[SearchPlan] = []
    for lay in lays:
        sim = _mine_only(know)
        if lay:
            melds, dead, off = know.t.split(know.hand, know.fit & know.hand)
            sim.lay_down(know.me, melds, off, turn.melds_made)
        hand = sim.hands[know.me]
        _, dead, _ = know.t.split(hand, sim.fit & hand)
        pool = dead & legal & ~((1 << taken) if taken >= 0 else 0) or hand & legal
        ranked: list[int] = []
        while pool and len(ranked) < DISCARDS_WEIGHED:
            c = sim.choose_discard(know.me, pool)
            ranked.append(c)
            pool &= ~(1 << c)
        if act == Action.DISCARD and lay == laying:
            c = base.move.discarded.index
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
            why = _played_forward(verdict, say("holding your melds back to go rummy"))
            if step.action == Action.MELD:
                return Choice(step, say("Meld {cards}: {why}.", cards=show(step.cards), why=why))
            meld = policies._meld_named(view, step)
            return Choice(step, say("Lay off {card} on {meld}: {why}.", card=step.cards[0].symbol, meld=meld, why=why))
    if lay and laying:
        return base
    chosen = opts.discards.get(DECK[card])
    if chosen is None:
        return base
    move = chosen
    if move == base.move:
        return base
    runner = verdict.runner_up
    other: Sentence
    if runner is not None and runner[1] != lay:
        other = say("laying your melds down now") if runner[1] else say("holding your melds back")
    else:
        other = say("discarding {card}", card=DECK[runner[2]].symbol) if runner is not None else say("the alternatives")
    why = _played_forward(verdict, other)
    if holdable and not lay:
        return Choice(move, say("Discard {card}, keeping your melds in hand to go rummy: {why}.", card=DECK[card].symbol, why=why))
    return Choice(move, say("Discard {card}: {why}.", card=DECK[card].symbol, why=why))


def _mine_only(know: Knowledge) -> Sim:
    """A simulator holding only the viewer's hand and the table (to lay down and split)."""
    s = Sim.__new__(Sim)
    s.t, s.rules, s.n = know.t, know.view.rules, len(know.ids)
    s.hands = [0] * len(know.ids)
    s.hands[know.me] = know.hand
    s.stock, s.discard, s.table = [], list(know.discard), list(know.table)
    s.queues, s.left = None, 0
    s.fit, s.tabled, s.restocks, s.quiet = know.fit, list(know.tabled), know.view.restocks, 0
    return s


def _played_forward(verdict: Verdict, other: Sentence) -> Sentence:
    """Words for a search's verdict: how it did against ``other`` (the plan it beat, "drawing
    from the stock"), its average points a hand signed to one decimal (:class:`Signed`)."""
    if verdict.runner_value is None:
        return say_n(
            "playing the hand forward over {count} guess at the cards you cannot see, it did best ({value} points a hand on average)",
            "playing the hand forward over {count} guesses at the cards you cannot see, it did best ({value} points a hand on average)",
            verdict.samples,
            value=Signed(verdict.value),
        )
    return say_n(
        "playing the hand forward over {count} guess at the cards you cannot see, "
        "it did best ({value} points a hand on average, against {runner} for {other})",
        "playing the hand forward over {count} guesses at the cards you cannot see, "
        "it did best ({value} points a hand on average, against {runner} for {other})",
        verdict.samples,
        value=Signed(verdict.value),
        runner=Signed(verdict.runner_value),
        other=other,
    )
