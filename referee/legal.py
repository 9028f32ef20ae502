"""Every legal move for the player to move (contract, /v1/legal-moves).

Candidates are generated directly (every set and run the hand holds, every single-card lay-off
that fits a meld, every card to discard), never by trying every subset of the hand; each is then
judged by :func:`~referee.moves.verify_move`, the judge of :func:`~referee.moves.apply_move`, so
the list never states a rule of its own. The property tests check that apply_move refuses every
draw, meld, single-card lay-off and discard left out.
"""
from __future__ import annotations

from itertools import combinations

from .cards import Card
from .melds import MeldKind, fitting_cards
from .errors import IllegalMove, InvalidInput
from .moves import Action, Move, Source, can_play, verify_turn
from .rules import Rules
from .state import Phase, State, Status


def possible_melds(hand: tuple[Card, ...], rules: Rules) -> list[tuple[tuple[Card, ...], MeldKind]]:
    """Every meld the cards of ``hand`` can make, each as (cards in canonical order, kind):
    every set of three or four (R10) and every run of three or more (R11)."""
    found: list[tuple[tuple[Card, ...], MeldKind]] = []
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
                    found.append((combo, MeldKind.SET))
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
                    found.append((run, MeldKind.RUN))
    return found


def candidate_moves(state: State) -> list[Move]:
    """Every move worth judging for ``state.turn.player``, in a stable order: draws (R4); every
    meld the hand holds (R5); single-card lay-offs onto each meld they fit, naming it (R6);
    discards (R7). A superset of the legal moves; ``state`` must be valid and playing."""
    rules, turn, mover = state.rules, state.turn, state.mover
    player = mover.id
    if turn.phase == Phase.BEFORE_DRAW:
        return [Move.draw(player, Source.STOCK), Move.draw(player, Source.DISCARD_PILE)]
    hand = mover.hand
    moves = [Move.make_meld(player, cards) for cards, _ in possible_melds(hand, rules)]
    fitting = [(m.id, fitting_cards(m.cards, m.kind, rules)) for m in state.melds]
    moves += [Move.lay_off(player, (card,), meld_id) for card in hand for meld_id, cards in fitting if card in cards]
    moves += [Move.discard(player, card) for card in hand]
    return moves


def legal_moves(state: State) -> list[Move]:
    """Every legal move for ``state.turn.player``, in a stable order: draws; melds (all sizes,
    within ``melds_per_turn``, R5); single-card lay-offs onto each meld they fit, naming it (R6);
    discards (R7, R8). Plays that would break R9 (dead end) or R13 (``final_discard_required``)
    are left out. Empty once the hand is over. ``state`` must be valid."""
    if state.status != Status.PLAYING:
        return []
    turn_ok: dict[Action, bool] = {}  # verify_turn depends only on the action here: once each
    legal = []
    for move in candidate_moves(state):
        ok = turn_ok.get(move.action)
        if ok is None:
            ok = turn_ok[move.action] = can_play_turn(state, move)
        if ok and can_play(state, move, turn_verified=True):
            legal.append(move)
    return legal


def can_play_turn(state: State, move: Move) -> bool:
    """Whether :func:`~referee.moves.verify_turn` lets ``move``'s player make a move of its action now."""
    try:
        verify_turn(state, move)
    except (IllegalMove, InvalidInput):
        return False
    return True
