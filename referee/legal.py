"""Every legal move for the player to move (contract, /v1/legal-moves).

Generated directly (not by trying every subset) and kept honest by the property tests, which
check that :func:`~referee.moves.apply_move` accepts every move listed here and refuses the draws,
melds, single-card lay-offs and discards left out.
"""
from __future__ import annotations

from itertools import combinations
from typing import Callable

from .cards import Card
from .melds import RUN, SET, canonical_order, fits
from .moves import DISCARD_PILE, STOCK, Move
from .rules import Rules
from .state import DRAW_PHASE, PLAYING, Meld, State


def possible_melds(hand: tuple[Card, ...], rules: Rules) -> list[tuple[tuple[Card, ...], str]]:
    """Every meld the cards of ``hand`` can make, each as (cards in canonical order, kind):
    every set of three or four (R10) and every run of three or more (R11)."""
    found: list[tuple[tuple[Card, ...], str]] = []
    by_rank: dict[int, list[Card]] = {}
    by_suit: dict[int, dict[int, Card]] = {}
    for c in hand:
        by_rank.setdefault(c.rank, []).append(c)
        by_suit.setdefault(c.suit_index, {})[c.rank] = c
    for cards in by_rank.values():
        if len(cards) >= 3:
            ordered = sorted(cards, key=lambda c: c.suit_index)
            for size in range(3, len(ordered) + 1):
                for combo in combinations(ordered, size):
                    found.append((combo, SET))
    top = 14 if rules.aces == "high_or_low" else 13
    for ranks in by_suit.values():
        if len(ranks) < 3:
            continue
        if top == 14 and 1 in ranks:
            ranks = {**ranks, 14: ranks[1]}
        for start in range(1, top - 1):
            end = start
            while end + 1 <= top and (end + 1) in ranks and start in ranks:
                end += 1
                if end - start >= 2:
                    run = tuple(ranks[r] for r in range(start, end + 1))
                    found.append((run, RUN))
    return found


def legal_moves(state: State) -> list[Move]:
    """Every legal move for ``state.turn.player``, in a stable order: draws; melds (all sizes,
    within ``melds_per_turn``, R5); single-card lay-offs onto each meld they fit, naming it (R6);
    discards (R7, R8). Plays that would break R9 (dead end) or R13 (``final_discard_required``)
    are left out. Empty once the hand is over. ``state`` must be valid."""
    if state.status != PLAYING:
        return []
    rules, turn, mover = state.rules, state.turn, state.mover
    player = mover.id
    if turn.phase == DRAW_PHASE:
        moves = [Move.draw(player, STOCK)]
        if state.discard:
            moves.append(Move.draw(player, DISCARD_PILE))
        return moves
    hand = mover.hand
    taken = turn.taken_discard
    moves: list[Move] = []
    if rules.melds_per_turn is None or turn.melds_made < rules.melds_per_turn:
        for cards, kind in possible_melds(hand, rules):
            if _finish_ok(state, hand, cards, lambda: state.melds + (Meld("", None, cards, kind),)):
                moves.append(Move.make_meld(player, canonical_order(cards, kind, rules)))
    for card in hand:
        for m in state.melds:
            if fits(m.cards, m.kind, card, rules):
                after = lambda: tuple(Meld(x.id, x.owner, x.cards + (card,), x.kind) if x is m else x for x in state.melds)
                if _finish_ok(state, hand, (card,), after):
                    moves.append(Move.lay_off(player, (card,), m.id))
    last = len(hand) == 1
    for card in hand:
        if card is not taken or (rules.taken_discard_if_last and last):
            moves.append(Move.discard(player, card))
    return moves


def _finish_ok(state: State, hand: tuple[Card, ...], played: tuple[Card, ...], melds: Callable[[], tuple[Meld, ...]]) -> bool:
    """R13 final discard and R9 dead end for a play of ``played`` out of ``hand`` (mirrors
    ``moves._check_finish``, without building reasons). ``melds`` builds the table after the
    play, only when R9 needs it (rarely: most plays are settled before)."""
    rules = state.rules
    left = len(hand) - len(played)
    if left == 0:
        return not rules.final_discard_required
    taken = state.turn.taken_discard
    if left != 1 or taken is None or taken in played:
        return True
    if rules.taken_discard_if_last:
        return True
    if rules.final_discard_required:
        return False
    return any(fits(m.cards, m.kind, taken, rules) for m in melds())
