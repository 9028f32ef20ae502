"""Every legal move for the player to move (contract, /v1/legal-moves).

Candidates are generated directly (every set and run the hand holds, every single-card lay-off
that fits a meld, every card to discard), never by trying every subset of the hand; each is then
judged by :func:`~referee.moves.verify_move`, the judge of :func:`~referee.moves.apply_move`, so
the list never states a rule of its own. The property tests check that apply_move refuses every
draw, meld, single-card lay-off and discard left out.
"""

from __future__ import annotations

from dataclasses import dataclass
from itertools import combinations

from .actions import Action, Move, Source
from .cards import Card
from .errors import IllegalMove, InvalidInput, Reason
from .melds import MeldKind, fitting_cards, rank_at, run_top
from .moves import can_play, hand_over, verify_turn
from .rules import Rules
from .scorepad import next_dealer
from .seating import said
from .speech import Sentence, say, say_n
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
    top = run_top(rules)  # every stretch of the run ladder the suit holds (R11)
    for ranks in by_suit.values():
        if len(ranks) < 3:
            continue
        held = [p for p in range(1, top + 1) if rank_at(p) in ranks]
        for i, start in enumerate(held):
            for j in range(i + 2, len(held)):
                if held[j] - start != j - i:
                    break
                found.append((tuple(ranks[rank_at(p)] for p in held[i : j + 1]), MeldKind.RUN))
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
    fitting = [(m.id, fitting_cards(m.cards, m.known_kind, rules)) for m in state.melds]
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


@dataclass(frozen=True, slots=True)
class TurnOptions:
    """The answer of :func:`turn_options` (contract, /v1/legal-moves): the ``player`` to move,
    the turn's ``phase``, every legal ``moves`` (:func:`legal_moves`), ``reasons`` why there are
    none (a ``hand_over`` reason once the hand has ended) and ``summary``, one sentence for a
    person: whose turn it is and what they may do, or why nothing."""

    player: str
    phase: Phase
    moves: tuple[Move, ...]
    reasons: tuple[Reason, ...]
    summary: Sentence


def turn_options(state: State) -> TurnOptions:
    """Whose turn it is in a valid ``state`` and what they may do (R4–R9, R13), in moves and in
    words: "ana is to draw: from the stock, or 7♦ from the discard pile"; "ana has drawn: may meld
    (2 ways) or lay off (1 way), then discards one of 11 cards". Once the hand is over: no moves,
    the ``hand_over`` reason (R13, R18), and who deals the next hand (R19)."""
    turn = state.turn
    if state.status != Status.PLAYING:
        reason = hand_over(state)
        result = state.result()
        dealer = next_dealer([p.id for p in state.players], state.dealer, result.winner if result else None, state.rules)
        return TurnOptions(
            turn.player, turn.phase, (), (reason,), say("{why}; {player} deals the next hand", why=reason.message, player=said(dealer))
        )
    moves = tuple(legal_moves(state))
    player, name = turn.player, said(turn.player)
    if turn.phase == Phase.BEFORE_DRAW:
        top = next((m for m in moves if m.source == Source.DISCARD_PILE), None)
        if top:
            summary = say(
                "{player} is to draw: from the stock, or {card} from the discard pile", player=name, card=state.discard[-1].symbol
            )
        else:
            summary = say("{player} is to draw: from the stock (the discard pile is empty)", player=name)
        return TurnOptions(player, turn.phase, moves, (), summary)
    count = dict.fromkeys(Action, 0)
    for m in moves:
        count[m.action] += 1
    plays = [say_n("meld ({count} way)", "meld ({count} ways)", count[Action.MELD])] if count[Action.MELD] else []
    plays += [say_n("lay off ({count} way)", "lay off ({count} ways)", count[Action.LAY_OFF])] if count[Action.LAY_OFF] else []
    discards = [m.discarded for m in moves if m.action == Action.DISCARD]
    taken = turn.taken_discard if turn.taken_discard is not None and turn.taken_discard not in discards else None
    if len(discards) == 1:
        then = say("discards {card}", card=discards[0].symbol)
        if taken:
            then = say("discards {card} (not {taken}, taken from the discard pile this turn)", card=discards[0].symbol, taken=taken.symbol)
    else:
        then = say_n("discards one of {count} card", "discards one of {count} cards", len(discards))
        if taken:
            then = say_n(
                "discards one of {count} card (not {taken}, taken from the discard pile this turn)",
                "discards one of {count} cards (not {taken}, taken from the discard pile this turn)",
                len(discards),
                taken=taken.symbol,
            )
    if plays:
        may = plays[0] if len(plays) == 1 else say("{first} or {second}", first=plays[0], second=plays[1])
        summary = say("{player} has drawn: may {plays}, then {then}", player=name, plays=may, then=then)
    else:
        summary = say("{player} has drawn and {then}", player=name, then=then)
    return TurnOptions(player, turn.phase, moves, (), summary)
