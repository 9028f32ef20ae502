"""Moves and how they change the table: draw (R4), meld (R5), lay off (R6), discard (R7, R8),
no dead ends (R9), going out (R13) and the restocks a draw or a turn's end sets off (R17, R18).

``apply_move(state, move)`` is the one place a move is judged; ``is_legal`` and the property
tests of ``legal_moves`` use it, so the referee never has two opinions about one move.
"""
from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Iterable, Sequence

from .cards import Card, show
from .errors import IllegalMove, InvalidInput, Problem, Reason
from .melds import check_lay_off, check_meld, fits, _duplicates
from .restock import restock_at_turn_end, restock_on_draw
from .state import DRAW_PHASE, OUT, PLAY_PHASE, PLAYING, Meld, Player, Result, State, Turn

DRAW, MELD, LAY_OFF, DISCARD = "draw", "meld", "lay_off", "discard"
ACTIONS = (DRAW, MELD, LAY_OFF, DISCARD)
STOCK, DISCARD_PILE = "stock", "discard"
SOURCES = (STOCK, DISCARD_PILE)


@dataclass(frozen=True, slots=True)
class Move:
    """One move (contract, Moves). Build with :meth:`draw`, :meth:`meld`, :meth:`lay_off` or
    :meth:`discard`. ``source`` is ``"stock"``/``"discard"`` for a draw; ``cards`` the cards of a
    meld or lay-off; ``meld`` the id of the table meld a lay-off names (None: inferred); ``card``
    the discarded card."""

    player: str
    action: str
    source: str | None = None
    cards: tuple[Card, ...] = ()
    meld: str | None = None
    card: Card | None = None

    @classmethod
    def draw(cls, player: str, source: str = STOCK) -> "Move":
        return cls(player, DRAW, source=source)

    @classmethod
    def make_meld(cls, player: str, cards: Sequence[Card]) -> "Move":
        return cls(player, MELD, cards=tuple(cards))

    @classmethod
    def lay_off(cls, player: str, cards: Sequence[Card], meld: str | None = None) -> "Move":
        return cls(player, LAY_OFF, cards=tuple(cards), meld=meld)

    @classmethod
    def discard(cls, player: str, card: Card) -> "Move":
        return cls(player, DISCARD, card=card)

    def as_dict(self) -> dict:
        """The contract's move object, canonical codes."""
        out: dict = {"player": self.player, "action": self.action}
        if self.action == DRAW:
            out["source"] = self.source
        elif self.action == DISCARD:
            out["card"] = self.card.code
        else:
            out["cards"] = [c.code for c in self.cards]
            if self.action == LAY_OFF and self.meld is not None:
                out["meld"] = self.meld
        return out

    def __str__(self) -> str:
        if self.action == DRAW:
            return f"{self.player} draws from the {'stock' if self.source == STOCK else 'discard pile'}"
        if self.action == DISCARD:
            return f"{self.player} discards {self.card.symbol}"
        verb = "melds" if self.action == MELD else "lays off"
        return f"{self.player} {verb} {show(self.cards)}" + (f" on {self.meld}" if self.meld else "")


@dataclass(frozen=True, slots=True)
class MovesOutcome:
    """The answer of :func:`apply_moves`: ``legal``, ``reasons`` of the first illegal move,
    ``applied`` how many moves were applied, ``state`` after them, ``result`` when the hand ended."""

    legal: bool
    reasons: tuple[Reason, ...]
    applied: int
    state: State
    result: Result | None


def _refuse(code: str, message: str, cards: Iterable[Card] = (), rule: str | None = None) -> IllegalMove:
    return IllegalMove([Reason(code, message, tuple(cards), rule)])


def apply_move(state: State, move: Move) -> State:
    """Apply one move to a valid state (see ``validate_state``) and return the new state.

    Raises :class:`~referee.errors.IllegalMove` with the reasons (codes ``hand_over``,
    ``not_your_turn``, ``already_drew``, ``must_draw_first``, ``discard_pile_empty``,
    ``card_not_in_hand``, ``duplicate_card``, ``meld_limit_reached``, the meld codes of R10–R11,
    ``does_not_fit``, ``ambiguous_lay_off``, ``unknown_meld``, ``taken_discard``, ``dead_end``,
    ``final_discard_required``), and :class:`~referee.errors.InvalidInput` (path ``("player",)``)
    for a player id not at the table. The input state is never changed.
    """
    if all(p.id != move.player for p in state.players):  # malformed whatever the state (contract: 422)
        raise InvalidInput([Problem(("player",), f"{move.player!r} is not a player at the table")])
    if state.status != PLAYING:
        raise _refuse("hand_over", f"the hand is over ({'someone went out' if state.status == OUT else 'a drawn hand'}): no more moves", rule="R13")
    turn = state.turn
    if move.player != turn.player:
        raise _refuse("not_your_turn", f"it is {turn.player}'s turn, not {move.player}'s", rule="R3")
    if move.action == DRAW:
        if move.source not in SOURCES:
            raise InvalidInput([Problem(("source",), f"a draw is from 'stock' or 'discard', not {move.source!r}")])
        return _draw(state, move)
    if move.action == DISCARD and move.card is None:
        raise InvalidInput([Problem(("card",), "a discard names its card")])
    if turn.phase == DRAW_PHASE:
        raise _refuse("must_draw_first", f"{move.player} must draw a card before melding, laying off or discarding", rule="R4")
    if move.action == MELD:
        return _meld(state, move)
    if move.action == LAY_OFF:
        return _lay_off(state, move)
    if move.action == DISCARD:
        return _discard(state, move)
    raise InvalidInput([Problem(("action",), f"unknown action {move.action!r}")])


def is_legal(state: State, move: Move) -> bool:
    """Whether :func:`apply_move` would accept ``move``."""
    try:
        apply_move(state, move)
    except (IllegalMove, InvalidInput):
        return False
    return True


def apply_moves(state: State, moves: Sequence[Move]) -> MovesOutcome:
    """Apply ``moves`` in order, stopping at the first illegal one (contract, /v1/move).

    Returns a :class:`MovesOutcome`; its ``state`` is the state after the applied moves. Raises
    :class:`~referee.errors.InvalidInput` with the path ``(index, "player")`` for a move by a
    player not at the table.
    """
    applied = 0
    for i, move in enumerate(moves):
        try:
            state = apply_move(state, move)
        except IllegalMove as illegal:
            return MovesOutcome(False, illegal.reasons, applied, state, state.result())
        except InvalidInput as bad:
            raise bad.under(i)
        applied += 1
    return MovesOutcome(True, (), applied, state, state.result())


# --- R4 draw -----------------------------------------------------------------------------

def _draw(state: State, move: Move) -> State:
    turn = state.turn
    if turn.phase != DRAW_PHASE:
        raise _refuse("already_drew", f"{move.player} has already drawn this turn: one draw per turn", rule="R4")
    if move.source == DISCARD_PILE:
        if not state.discard:
            raise _refuse("discard_pile_empty", "the discard pile is empty: draw from the stock", rule="R4")
        card = state.discard[-1]
        stock, discard, taken = state.stock, state.discard[:-1], card
    else:
        if not state.stock:
            state = restock_on_draw(state)
            if state.status != PLAYING:
                return state  # R18: the hand is a draw
        card = state.stock[0]
        stock, discard, taken = state.stock[1:], state.discard, None
    # One new State, not one per changed field (a move is judged on every request).
    players = tuple(Player(p.id, p.hand + (card,), p.tabled) if p.id == turn.player else p for p in state.players)
    turn = Turn(turn.player, PLAY_PHASE, taken, turn.melds_made, turn.laid_off)
    return replace(state, players=players, stock=stock, discard=discard, turn=turn)


# --- shared checks for melds and lay-offs ------------------------------------------------

def _take_from_hand(hand: tuple[Card, ...], cards: Sequence[Card], player: str) -> tuple[Card, ...]:
    """The hand without ``cards``; refuses duplicates and cards not held."""
    doubled = _duplicates(cards)
    if doubled:
        raise _refuse("duplicate_card", f"{show(doubled)} {'is' if len(doubled) == 1 else 'are'} named more than once in one move", doubled, "R1")
    held = set(hand)
    missing = [c for c in cards if c not in held]
    if missing:
        raise _refuse("card_not_in_hand", f"{player} does not hold {show(missing)}", missing)
    gone = set(cards)
    return tuple(c for c in hand if c not in gone)


def _check_finish(state: State, rest: tuple[Card, ...], melds: tuple[Meld, ...], what: str) -> None:
    """R13 final discard and R9 dead end, for a meld or lay-off leaving ``rest`` in hand."""
    rules = state.rules
    if not rest:
        if rules.final_discard_required:
            raise _refuse("final_discard_required", f"{what} would empty the hand, but the last card must be discarded (house rule final_discard_required)", rule="R13")
        return
    taken = state.turn.taken_discard
    if len(rest) != 1 or rest[0] is not taken:
        return
    if rules.taken_discard_if_last:
        return  # R8 option: the taken discard may go back when it is the last card
    if not rules.final_discard_required and any(fits(m.cards, m.kind, taken, rules) for m in melds):
        return
    raise _refuse(
        "dead_end",
        f"{what} would leave only {taken.symbol}, the card taken from the discard pile this turn, "
        "which can be neither discarded nor laid off: the turn could not be finished",
        (taken,), "R9",
    )


def _after_play(state: State, mover: Player, rest: tuple[Card, ...], melds: tuple[Meld, ...], turn: Turn) -> State:
    if turn.taken_discard is not None and turn.taken_discard not in rest:
        # The taken discard is now on the table; R8 no longer concerns it, and the contract
        # requires turn.taken_discard to be a card in the mover's hand.
        turn = replace(turn, taken_discard=None)
    players = tuple(Player(p.id, rest, p.tabled) if p.id == mover.id else p for p in state.players)
    # R13: emptying the hand goes out, and the hand ends at once
    return replace(state, players=players, melds=melds, turn=turn, status=state.status if rest else OUT)


def next_meld_id(melds: Sequence[Meld]) -> str:
    """A meld id not used on the table: ``m<n>`` with the smallest n past the meld count."""
    used = {m.id for m in melds}
    n = len(melds) + 1
    while f"m{n}" in used:
        n += 1
    return f"m{n}"


# --- R5 meld -----------------------------------------------------------------------------

def _meld(state: State, move: Move) -> State:
    rules, turn, mover = state.rules, state.turn, state.mover
    rest = _take_from_hand(mover.hand, move.cards, mover.id)
    if rules.melds_per_turn is not None and turn.melds_made >= rules.melds_per_turn:
        n = rules.melds_per_turn
        raise _refuse("meld_limit_reached", f"{mover.id} has already laid {n} meld{'s' if n != 1 else ''} this turn, the limit under these rules", move.cards, "R5")
    check = check_meld(move.cards, rules)
    if not check.valid:
        raise IllegalMove(check.reasons)
    melds = state.melds + (Meld(next_meld_id(state.melds), mover.id, check.cards, check.kind),)
    _check_finish(state, rest, melds, f"melding {show(move.cards)}")
    return _after_play(state, mover, rest, melds, replace(turn, melds_made=turn.melds_made + 1))


# --- R6 lay off --------------------------------------------------------------------------

def _lay_off(state: State, move: Move) -> State:
    rules, turn, mover = state.rules, state.turn, state.mover
    rest = _take_from_hand(mover.hand, move.cards, mover.id)
    if not move.cards:
        raise _refuse("too_few_cards", "a lay-off needs at least one card", rule="R6")
    if move.meld is not None:
        target = state.meld(move.meld)
        if target is None:
            raise _refuse("unknown_meld", f"there is no meld {move.meld!r} on the table", move.cards, "R6")
        check = check_lay_off(target.cards, move.cards, rules)
        if not check.valid:
            raise IllegalMove(check.reasons)
    else:
        checks = [(m, check_lay_off(m.cards, move.cards, rules)) for m in state.melds]
        fitting = [(m, c) for m, c in checks if c.valid]
        if not fitting and len(checks) == 1:
            raise IllegalMove(checks[0][1].reasons)  # one meld on the table: say why it does not fit
        if not fitting:
            where = "any meld on the table" if state.melds else "anything: there are no melds on the table"
            raise _refuse("does_not_fit", f"{show(move.cards)} {'does' if len(move.cards) == 1 else 'do'} not fit {where}", move.cards, "R6")
        if len(fitting) > 1:
            names = ", ".join(f"{m.id} ({show(m.cards)})" for m, _ in fitting)
            raise _refuse("ambiguous_lay_off", f"{show(move.cards)} fit{'s' if len(move.cards) == 1 else ''} more than one meld: {names}; name the meld", move.cards, "R6")
        target, check = fitting[0]
    melds = tuple(Meld(m.id, m.owner, check.cards, m.kind) if m is target else m for m in state.melds)
    _check_finish(state, rest, melds, f"laying off {show(move.cards)}")
    return _after_play(state, mover, rest, melds, replace(turn, laid_off=True))


# --- R7, R8 discard ----------------------------------------------------------------------

def _discard(state: State, move: Move) -> State:
    rules, turn, mover = state.rules, state.turn, state.mover
    card = move.card
    if card not in mover.hand:
        raise _refuse("card_not_in_hand", f"{mover.id} does not hold {card.symbol}", (card,))
    if card is turn.taken_discard and not (rules.taken_discard_if_last and len(mover.hand) == 1):
        extra = " unless it is the last card in hand" if rules.taken_discard_if_last else ""
        raise _refuse("taken_discard", f"{card.symbol} was taken from the discard pile this turn, so it cannot be discarded this turn{extra}", (card,), "R8")
    rest = tuple(c for c in mover.hand if c is not card)
    discard = state.discard + (card,)
    if not rest:
        return replace(state.with_player(replace(mover, hand=rest)), discard=discard, status=OUT)  # R13
    tabled = mover.tabled or turn.melds_made > 0 or turn.laid_off
    players = tuple(Player(mover.id, rest, tabled) if p.id == mover.id else p for p in state.players)
    state = replace(state, players=players, discard=discard, turn=Turn(state.left_of(mover.id)))
    return restock_at_turn_end(state)
