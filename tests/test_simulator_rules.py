"""Hard's fast simulator (``referee.bots.simulator``) plays by the rulebook the core judges by.

Whole hands are played by the simulator's own fast policy from real deals, under every preset
and every option's other values, and each of its turns is played through ``apply_move`` as the
same moves (the same draw, melds, lay-offs on the same table meld, the same discard): every move
must be legal, and after each turn both must hold the same hands, discard pile, table, tabled
flags and restocks; at the end the same outcome (R13, R18, R18a) and the same points (R14, R15).
"""

from __future__ import annotations

import pytest

from referee import DECK, PRESETS, Move, Source, Status, apply_move, deal, resolve_rules, validate_state
from referee.bots.simulator import Sim, bits, tables

RULESETS = {
    **{name: PRESETS[name] for name in PRESETS},
    "aces high or low": resolve_rules({"aces": "high_or_low"}),
    "final discard required": resolve_rules({"final_discard_required": True}),
    "taken discard if last": resolve_rules({"taken_discard_if_last": True}),
    "no rummy bonus, one meld a turn": resolve_rules({"going_rummy_doubles": False, "melds_per_turn": 1}),
    "immediate restock, none allowed": resolve_rules({"restock": "immediate", "max_restocks": 0}),
    "keep the top, one restock": resolve_rules({"restock": "keep_top", "max_restocks": 1}),
}
HANDS_PER_RULES = 80  # at 2 to 6 players: 720 whole hands in all (about 8 s)


class Recording(Sim):
    """A simulator that notes what each turn did, as moves: the stock draws, melds and
    lay-offs (with the index of the table meld laid on)."""

    __slots__ = ("log",)

    def draw_stock(self, p: int) -> int:
        card = super().draw_stock(p)
        self.log.append(("stock", card))
        return card

    def meld(self, mask: int) -> None:
        self.log.append(("meld", mask))
        super().meld(mask)

    def lay_off(self, card: int) -> None:
        on = next(j for j, m in enumerate(self.table) if self.t.fit[m] >> card & 1)
        self.log.append(("lay_off", card, on))
        super().lay_off(card)


def _mask(cards) -> int:
    return sum(1 << c.index for c in cards)


def _sim_of(state) -> Recording:
    """The simulator of a dealt hand, every card known: the stock in its real order."""
    s = Recording.__new__(Recording)
    s.t, s.rules, s.n = tables(state.rules.aces), state.rules, len(state.players)
    s.hands = [_mask(p.hand) for p in state.players]
    s.stock = [c.index for c in reversed(state.stock)]  # the top last
    s.queues, s.left = None, len(state.stock)
    s.discard = [c.index for c in state.discard]
    s.table, s.fit, s.tabled, s.restocks, s.quiet, s.log = [], 0, [False] * s.n, 0, 0, []
    return s


def _play_turn_through_the_core(sim: Recording, state, p: int, hand_before: int, end: int | None):
    """The turn ``sim`` just played for seat ``p`` (its log, its hands), played through
    ``apply_move`` move by move (an IllegalMove when the simulator broke a rule): the state after."""
    player = state.players[p].id
    stock_draws = [e for e in sim.log if e[0] == "stock"]
    if end == -1 and not stock_draws and sim.hands[p] == hand_before:
        return apply_move(state, Move.draw(player, Source.STOCK))  # the stock ran out for good: the hand is drawn (R18)
    held = hand_before | (1 << stock_draws[0][1] if stock_draws else 1 << state.discard[-1].index)
    state = apply_move(state, Move.draw(player, Source.STOCK if stock_draws else Source.DISCARD_PILE))
    for entry in sim.log:
        if entry[0] == "meld":
            state = apply_move(state, Move.make_meld(player, [DECK[c] for c in bits(entry[1])]))
            held &= ~entry[1]
        elif entry[0] == "lay_off":
            state = apply_move(state, Move.lay_off(player, [DECK[entry[1]]], state.melds[entry[2]].id))
            held &= ~(1 << entry[1])
    thrown = held & ~sim.hands[p]
    if end == p and sim.hands[p]:  # going out (R13): the simulator counts the cards left as laid down
        melds, dead, lay = sim.t.split(sim.hands[p], sim.fit & sim.hands[p])
        assert not dead
        for m in melds:
            state = apply_move(state, Move.make_meld(player, [DECK[c] for c in bits(m)]))
        for c in bits(lay):
            on = next(m for m in state.melds if sim.t.fit[_mask(m.cards)] >> c & 1)
            state = apply_move(state, Move.lay_off(player, [DECK[c]], on.id))
    if thrown:
        state = apply_move(state, Move.discard(player, DECK[thrown.bit_length() - 1]))
    return state


def _same_table(sim: Recording, state) -> None:
    assert [_mask(p.hand) for p in state.players] == sim.hands
    assert [c.index for c in state.discard] == sim.discard
    assert [_mask(m.cards) for m in state.melds] == sim.table
    assert len(state.stock) == sim.left
    assert state.restocks == sim.restocks


@pytest.mark.parametrize("name", list(RULESETS))
def test_the_simulator_plays_whole_hands_as_apply_move_judges_them(name):
    rules = RULESETS[name]
    outcomes = set()
    for seed in range(HANDS_PER_RULES):
        n = 2 + seed % 5
        state = validate_state(deal([f"p{i}" for i in range(n)], rules, seed=seed))
        sim = _sim_of(state)
        p = next(i for i, pl in enumerate(state.players) if pl.id == state.turn.player)
        for _ in range(2000):
            sim.log = []
            hand_before = sim.hands[p]
            end = sim.play_turn(p)
            state = _play_turn_through_the_core(sim, state, p, hand_before, end)
            if end is not None:
                break
            assert state.status == Status.PLAYING
            _same_table(sim, state)
            assert [pl.tabled for pl in state.players] == sim.tabled
            p = (p + 1) % n
        result = state.result()
        assert result is not None, (name, seed)
        if end == -1:
            assert result.outcome == Status.DRAWN_HAND
            outcomes.add("drawn")
        else:
            assert (result.outcome, result.winner) == (Status.OUT, state.players[end].id)
            assert result.points == sim.score(end)  # R14, R15: the same multiplier, the same card values
            outcomes.add("rummy" if result.rummy else "out")
    assert outcomes & {"out", "rummy"}, outcomes  # hands that scored, not only drawn ones
