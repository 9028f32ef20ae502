"""A move in words: what a legal move did (:func:`describe`), what the table waits for
(:func:`what_next`), and a run of moves as one clause (:func:`made`). ``apply_moves`` and the
sealed tables' summaries tell a table with these, so each sentence is written once."""

from __future__ import annotations

from collections.abc import Sequence

from .actions import Action, Move, Source
from .cards import show
from .melds import meld_named, meld_of
from .scoring import multiplied
from .seating import said
from .stall import stall_words
from .state import Phase, State, Status

# A restock (R17) in words: the open API's summaries and the sealed tables' say it alike.
RESTOCKED = "the discard pile was turned over to make a new stock"


def made(done: Sequence[str], applied: int) -> str:
    """The moves made, as one clause: all of them up to three, else how many and the last."""
    if applied <= 3:
        return ", then ".join(done)
    return f"{applied} moves were made, the last: {done[-1]}"


def describe(before: State, move: Move, after: State) -> str:
    """What a legal ``move`` did, in words, from the table ``before`` and ``after`` it: "ana
    drew from the stock", "ana took 7♦ from the discard pile", "ana melded 5♠ 6♠ 7♠, a run of
    spades", "ana laid off 8♠ on ben's meld 5♠ 6♠ 7♠ (now 5♠ 6♠ 7♠ 8♠)", "ana discarded K♣"; with a restock
    (R17) when the stock was rebuilt. A card drawn from the stock is never named. Names are
    shown by :func:`~referee.seating.said` (R2a: "“You” discarded K♣")."""
    player = said(move.player)
    if move.action == Action.DRAW:
        if move.source == Source.DISCARD_PILE:
            return f"{player} took {before.discard[-1].symbol} from the discard pile"
        if after.status == Status.DRAWN_HAND:
            return f"{player} drew from the empty stock"
        turned = f" ({RESTOCKED} first)" if after.restocks > before.restocks else ""
        return f"{player} drew from the stock{turned}"
    if move.action == Action.DISCARD:
        turned = f"; the stock was empty, so {RESTOCKED}" if after.restocks > before.restocks else ""
        return f"{player} discarded {move.discarded.symbol}{turned}"
    if move.action == Action.MELD:
        new = after.melds[-1]
        return f"{player} melded {show(new.cards)}, a {new.known_kind} of {meld_of(new.known_kind, new.cards)}"
    grown = next(m for m in after.melds if m not in before.melds)
    was = before.meld(grown.id) or grown
    return f"{player} laid off {show(move.cards)} on {meld_named(was.cards, was.owner)} (now {show(grown.cards)})"


def what_next(state: State, to: str | None = None) -> str:
    """What the table waits for, in words: whose turn and what they do (R4–R7), or how the hand
    ended and what it scores (R13–R16, R18a). Said to the player ``to`` (a seat of a sealed
    table: "your turn: draw", "you went out … and score …"), else in the third person."""
    result = state.result()
    if result is not None and result.outcome == Status.OUT:
        rummy = ", going rummy," if result.rummy else ""
        doubled = f" ({multiplied(result.multiplier)})" if result.multiplier > 1 else ""
        who, scores = ("you", "score") if result.winner == to else (said(result.winner), "scores")
        return f"{who} went out{rummy} and {scores} {result.points} points{doubled}; the hand is over"
    if result is not None and state.stalled:
        return f"{stall_words(len(state.players))}: the hand is a draw, and nobody scores"
    if result is not None:
        return "the stock ran out: the hand is a draw, and nobody scores"
    player = state.turn.player
    if state.turn.phase == Phase.BEFORE_DRAW:
        return "your turn: draw" if player == to else f"{said(player)} is to draw"
    return f"{'you' if player == to else said(player)} may now meld or lay off, then discard"
