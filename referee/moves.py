"""Moves and how they change the table: draw (R4), meld (R5), lay off (R6), discard (R7, R8),
no dead ends (R9), going out (R13), the restocks a draw or a turn's end sets off (R17, R18) and
a stalled hand's end (R18a).

The move itself (:class:`Move`, :class:`Action`, :class:`Source`) is declared in
``referee/actions.py`` and the sentences that tell what a move did and what follows in
``referee/narrate.py``; this module judges and applies.

Each move type is judged by one ``verify_*`` function (pokerkit's verify/can/do):
:func:`apply_move` applies what it accepts, :func:`can_play` asks it, and ``legal_moves`` keeps
the candidates it accepts, so the referee never has two opinions about one move.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace
from typing import Any

from .actions import Action, Move, Source
from .cards import Card, show
from .errors import Code, IllegalMove, InvalidInput, Problem, Reason
from .finish import goes_out, taken_discard_allowed, verify_finish
from .melds import Meld, MeldCheck, check_meld, duplicate_card, extend_meld, fit_meld, meld_named, no_fit, too_few_cards
from .narrate import by, describe, made, may_play, what_next
from .restock import restock_at_turn_end, restock_on_draw
from .rules import meld_limit_allows
from .seating import not_listed, said
from .speech import Sentence, listing, say, say_n
from .stall import after_turn, stall_words
from .state import Phase, Player, Result, State, Status, Turn


@dataclass(frozen=True, slots=True)
class MovesOutcome:
    """The answer of :func:`apply_moves`: ``legal``, ``reasons`` of the first illegal move,
    ``summary`` one sentence for a person about what happened (the moves made and what follows,
    or why a move was refused), ``applied`` how many moves were applied, ``state`` after them,
    ``result`` when the hand ended."""

    legal: bool
    reasons: tuple[Reason, ...]
    applied: int
    state: State
    result: Result | None
    summary: str = ""


def _refuse(code: Code, message: Sentence, cards: Sequence[Card] = (), rule: str | None = None) -> IllegalMove:
    return IllegalMove([Reason(code, message, tuple(cards), rule)])


# --- judging: one verify_* per move type ------------------------------------------------------
#
# Each verify_* raises IllegalMove (or InvalidInput for a move that cannot be read) and returns
# what applying the move needs, so a rule is judged in exactly one place: apply_move applies what
# verify_move accepted, legal_moves keeps the candidates verify_move accepts, and validate_state
# asks the same functions the moves ask: referee.cards (R1, each card once), referee.rules (the
# R5 and R18 limits), referee.finish (R8's taken discard, R9, R13 going out). Each reason code is
# given by one function (tests/test_one_place.py reads the source to hold it so).


def verify_turn(state: State, move: Move) -> None:
    """Whether ``move.player`` may move now at all: a player at the table (else InvalidInput,
    path ``("player",)``), a hand still playing (``hand_over``, R13), their turn
    (``not_your_turn``, R3), and the phase: one draw first (``already_drew``,
    ``must_draw_first``, R4). Raises :class:`IllegalMove`."""
    if move.player != state.turn.player and all(p.id != move.player for p in state.players):
        # malformed whatever the state (contract: 422)
        raise InvalidInput([Problem(("player",), not_listed(move.player, [p.id for p in state.players]))])
    if state.status != Status.PLAYING:
        raise IllegalMove([hand_over(state)])
    turn = state.turn
    if move.player != turn.player:
        raise _refuse(
            Code.NOT_YOUR_TURN, say("it is {player}'s turn, not {mover}'s", player=said(turn.player), mover=said(move.player)), rule="R3"
        )
    if move.action == Action.DRAW:
        if move.source not in (Source.STOCK, Source.DISCARD_PILE):
            raise InvalidInput([Problem(("source",), f"a draw is from 'stock' or 'discard', not {move.source!r}")])
        if turn.phase != Phase.BEFORE_DRAW:
            raise _refuse(
                Code.ALREADY_DREW, say("{player} has already drawn this turn: one draw per turn", player=said(move.player)), rule="R4"
            )
        return
    if move.action == Action.DISCARD and move.card is None:
        raise InvalidInput([Problem(("card",), "a discard names its card")])
    if move.action not in (Action.MELD, Action.LAY_OFF, Action.DISCARD):
        raise InvalidInput([Problem(("action",), f"unknown action {move.action!r}")])
    if turn.phase == Phase.BEFORE_DRAW:
        raise _refuse(
            Code.MUST_DRAW_FIRST,
            say("{player} must draw a card before melding, laying off or discarding", player=said(move.player)),
            rule="R4",
        )


def hand_over(state: State) -> Reason:
    """The ``hand_over`` reason of a hand that has ended (``state.status`` not playing): who went
    out (R13) or why it is a drawn hand (R18, R18a), and that nobody plays another turn."""
    if state.status == Status.OUT:
        winner = state.mover.id  # R13: only the player to move can have gone out
        return Reason(
            Code.HAND_OVER, say("the hand is over: {player} went out, so nobody plays another turn", player=said(winner)), (), "R13"
        )
    if state.stalled:
        return Reason(
            Code.HAND_OVER,
            say(
                "the hand is over: {stalled}, so it is a drawn hand and nobody plays another turn", stalled=stall_words(len(state.players))
            ),
            (),
            "R18a",
        )
    return Reason(Code.HAND_OVER, say("the hand is over: it is a drawn hand (the stock ran out), so nobody plays another turn"), (), "R18")


def verify_draw(state: State, move: Move) -> None:
    """R4: a draw from the discard pile needs a card there (``discard_pile_empty``); a draw from
    an empty stock is allowed (it restocks, R17, or ends the hand, R18)."""
    if move.source == Source.DISCARD_PILE and not state.discard:
        raise _refuse(Code.DISCARD_PILE_EMPTY, say("the discard pile is empty: draw from the stock"), rule="R4")


_PLAY_RULE = {Action.MELD: "R5", Action.LAY_OFF: "R6", Action.DISCARD: "R7"}


def not_held(state: State, move: Move, missing: Sequence[Card]) -> IllegalMove:
    """``card_not_in_hand``: the mover does not hold ``missing``. A card lying in a meld on the
    table is named with its meld (cards on the table never move, R6); one in the discard pile
    is said to be there; of the hidden places (the stock, other hands) nothing is said. Rule:
    the move's own (meld R5, lay-off R6, discard R7)."""
    player, missing = said(move.player), tuple(missing)
    tabled = [(m, tuple(c for c in missing if c in m.cards)) for m in state.melds]
    where = [say("{cards} in {meld}", cards=show(on), meld=meld_named(m.cards, m.owner)) for m, on in tabled if on]
    lying = sum(len(on) for _, on in tabled)
    if len(where) == 1 and lying == len(missing):  # "ana does not hold 7♠: it is already on the table in meld m2 (…)"
        m = next(m for m, on in tabled if on)
        return _refuse(
            Code.CARD_NOT_IN_HAND,
            say_n(
                "{player} does not hold {cards}: it is already on the table in {meld}, and cards on the table never move",
                "{player} does not hold {cards}: they are already on the table in {meld}, and cards on the table never move",
                lying,
                player=player,
                cards=show(missing),
                meld=meld_named(m.cards, m.owner),
            ),
            missing,
            "R6",
        )
    if where:
        return _refuse(
            Code.CARD_NOT_IN_HAND,
            say_n(
                "{player} does not hold {cards}: {where} lies on the table already, and cards on the table never move",
                "{player} does not hold {cards}: {where} lie on the table already, and cards on the table never move",
                lying,
                player=player,
                cards=show(missing),
                where=_and_only(where),
            ),
            missing,
            "R6",
        )
    piled = tuple(c for c in missing if c in state.discard)
    if piled:
        message = say_n(
            "{player} does not hold {cards}: {piled} is in the discard pile",
            "{player} does not hold {cards}: {piled} are in the discard pile",
            len(piled),
            player=player,
            cards=show(missing),
            piled=show(piled),
        )
    else:
        message = say("{player} does not hold {cards}", player=player, cards=show(missing))
    return _refuse(Code.CARD_NOT_IN_HAND, message, missing, _PLAY_RULE[move.action])


def _and_only(parts: Sequence[Sentence]) -> Sentence:
    """Clauses joined by "and" alone ("7♠ in ana's meld … and 9♠ in ben's meld …")."""
    joined = parts[0]
    for part in parts[1:]:
        joined = say("{first} and {then}", first=joined, then=part)
    return joined


def _rest_of_hand(state: State, move: Move) -> tuple[Card, ...]:
    """The mover's hand without ``move.cards``; refuses a card named twice
    (``duplicate_card``, R1) or not held (``card_not_in_hand``, :func:`not_held`)."""
    hand, cards = state.mover.hand, move.cards
    gone = set(cards)
    if len(gone) != len(cards) and (doubled := duplicate_card(cards)) is not None:  # a card named twice: which (R1)
        raise IllegalMove([doubled])
    rest = tuple([c for c in hand if c not in gone])
    if len(rest) + len(gone) != len(hand):
        held = set(hand)
        raise not_held(state, move, [c for c in cards if c not in held])
    return rest


def next_meld_id(melds: Sequence[Meld]) -> str:
    """A meld id not used on the table: ``m<n>`` with the smallest n past the meld count."""
    used = {m.id for m in melds}
    n = len(melds) + 1
    while f"m{n}" in used:
        n += 1
    return f"m{n}"


def verify_meld(state: State, move: Move) -> tuple[tuple[Card, ...], MeldCheck]:
    """R5: the cards are held, within ``melds_per_turn`` (``meld_limit_reached``), a valid meld
    (R10, R11 codes), and the turn can still be finished (R9, R13). Returns the hand left and
    the check of the new meld (its kind and canonical order)."""
    rules, turn, mover = state.rules, state.turn, state.mover
    rest = _rest_of_hand(state, move)
    if not meld_limit_allows(rules, turn.melds_made + 1):
        n = rules.melds_per_turn or 0  # a limit was reached, so there is one
        raise _refuse(
            Code.MELD_LIMIT_REACHED,
            say_n(
                "{player} has already laid {count} meld this turn, the limit under these rules",
                "{player} has already laid {count} melds this turn, the limit under these rules",
                n,
                player=mover.id,
            ),
            move.cards,
            "R5",
        )
    check = check_meld(move.cards, rules)
    if not check.valid:
        raise IllegalMove(check.reasons)
    verify_finish(rules, turn.taken_discard, rest, lambda: state.melds + (Meld("", mover.id, check.cards, check.kind),), True, move.cards)
    return rest, check


def _lay_off_target(state: State, move: Move) -> tuple[Meld, MeldCheck]:
    """The table meld a lay-off goes onto, named or the only one it fits (R6), and the check
    of the meld it makes."""
    rules = state.rules
    if move.meld is not None:
        target = state.meld(move.meld)
        if target is None:
            raise _refuse(Code.UNKNOWN_MELD, say("there is no meld {meld} on the table", meld=repr(move.meld)), move.cards, "R6")
        check = extend_meld(target.cards, target.known_kind, move.cards, rules, meld_named(target.cards, target.owner))
        if not check.valid:
            raise IllegalMove(check.reasons)
        return target, check
    # Which melds it fits, cheaply; why it fits none is worked out only when it fits none.
    fitting = [(m, c) for m in state.melds if (c := fit_meld(m.cards, m.known_kind, move.cards, rules)) is not None]
    checks = (
        [] if fitting else [(m, extend_meld(m.cards, m.known_kind, move.cards, rules, meld_named(m.cards, m.owner))) for m in state.melds]
    )
    if not fitting and len(checks) == 1:
        raise IllegalMove(checks[0][1].reasons)  # one meld on the table: say why it does not fit
    if not fitting:
        raise IllegalMove(no_fit(move.cards, checks))
    if len(fitting) > 1:
        named = [meld_named(m.cards, m.owner) for m, _ in fitting]
        raise _refuse(
            Code.AMBIGUOUS_LAY_OFF,
            say_n(
                "{cards} fits more than one meld: {melds}; name the meld",
                "{cards} fit more than one meld: {melds}; name the meld",
                len(move.cards),
                cards=show(move.cards),
                melds=listing(named),
            ),
            move.cards,
            "R6",
        )
    return fitting[0]


def _laid_off(melds: tuple[Meld, ...], target: Meld, check: MeldCheck) -> tuple[Meld, ...]:
    """The table with ``target`` grown to the cards of ``check``."""
    return tuple(Meld(m.id, m.owner, check.cards, m.kind) if m is target else m for m in melds)


def verify_lay_off(state: State, move: Move) -> tuple[tuple[Card, ...], Meld, MeldCheck]:
    """R6: the cards are held, at least one, fit the named meld (or exactly one meld when none
    is named) keeping its kind, and the turn can still be finished (R9, R13). Returns the hand
    left, the table meld laid off on and the check of the meld it makes."""
    rest = _rest_of_hand(state, move)
    if not move.cards:
        raise IllegalMove([too_few_cards(move.cards, lay_off=True)])
    target, check = _lay_off_target(state, move)
    verify_finish(state.rules, state.turn.taken_discard, rest, lambda: _laid_off(state.melds, target, check), False, move.cards)
    return rest, target, check


def verify_discard(state: State, move: Move) -> tuple[Card, ...]:
    """R7, R8: the card is held (``card_not_in_hand``) and is not the card taken from the
    discard pile this turn (``taken_discard``; under ``taken_discard_if_last`` it may be, as
    the last card). Returns the hand left."""
    rules, turn, mover = state.rules, state.turn, state.mover
    card = move.discarded
    if card not in mover.hand:
        raise not_held(state, move, (card,))
    if card is turn.taken_discard and not taken_discard_allowed(rules, mover.hand):
        message = (
            say(
                "{card} was taken from the discard pile this turn, so it cannot be discarded this turn unless it is the last card in hand",
                card=card.symbol,
            )
            if rules.taken_discard_if_last
            else say("{card} was taken from the discard pile this turn, so it cannot be discarded this turn", card=card.symbol)
        )
        raise _refuse(
            Code.TAKEN_DISCARD,
            message,
            (card,),
            "R8",
        )
    return tuple([c for c in mover.hand if c is not card])


def verify_move(state: State, move: Move, turn_verified: bool = False) -> Any:
    """Judge ``move`` on a valid ``state`` without applying it: :func:`verify_turn` (unless
    ``turn_verified``: the caller verified it for a move of the same player and action), then
    the move type's own verify_*. Returns what that verify_* returns. Raises
    :class:`IllegalMove` with the reasons, or :class:`InvalidInput` for a move that cannot be
    read."""
    if not turn_verified:
        verify_turn(state, move)
    return _ACTIONS[move.action][0](state, move)


def can_play(state: State, move: Move, turn_verified: bool = False) -> bool:
    """Whether :func:`verify_move` accepts ``move`` (the answer of :func:`apply_move` without
    the new state)."""
    try:
        verify_move(state, move, turn_verified)
    except (IllegalMove, InvalidInput):
        return False
    return True


# --- applying -----------------------------------------------------------------------------


def apply_move(state: State, move: Move) -> State:
    """Apply one move to a valid state (see ``validate_state``) and return the new state.

    Raises :class:`~referee.errors.IllegalMove` with the reasons (codes ``hand_over``,
    ``not_your_turn``, ``already_drew``, ``must_draw_first``, ``discard_pile_empty``,
    ``card_not_in_hand``, ``duplicate_card``, ``meld_limit_reached``, the meld codes of R10–R11,
    ``does_not_fit``, ``ambiguous_lay_off``, ``unknown_meld``, ``taken_discard``, ``dead_end``,
    ``final_discard_required``), and :class:`~referee.errors.InvalidInput` (path ``("player",)``)
    for a player id not at the table. The input state is never changed.
    """
    return _ACTIONS[move.action][1](state, move, verify_move(state, move))


def apply_moves(state: State, moves: Sequence[Move]) -> MovesOutcome:
    """Apply ``moves`` in order, stopping at the first illegal one (contract, /v1/move).

    Returns a :class:`MovesOutcome`; its ``state`` is the state after the applied moves. Raises
    :class:`~referee.errors.InvalidInput` with the path ``(index, "player")`` for a move by a
    player not at the table.
    """
    applied = 0
    done: list[Sentence] = []
    for i, move in enumerate(moves):
        try:
            after = apply_move(state, move)
        except IllegalMove as illegal:
            why = illegal.reasons[0].message
            summary = (
                why
                if not applied
                else say("{made}; move {number} was refused: {why}", made=made(done, applied), number=applied + 1, why=why)
            )
            return MovesOutcome(False, illegal.reasons, applied, state, state.result(), summary)
        except InvalidInput as bad:
            raise bad.under(i) from None
        did = describe(state, move, after)
        # "ana drew from the stock, then discarded K♣": the same player's next move without the name
        done.append(did if done and moves[i - 1].player == move.player else by(move.player, did))
        state = after
        applied += 1
    if state.status == Status.PLAYING and state.turn.phase == Phase.AFTER_DRAW and state.turn.player == moves[-1].player:
        # "ana drew from the stock and may now meld…"
        return MovesOutcome(True, (), applied, state, None, say("{made} and {then}", made=made(done, applied), then=may_play()))
    return MovesOutcome(True, (), applied, state, state.result(), say("{made}; {then}", made=made(done, applied), then=what_next(state)))


def _draw(state: State, move: Move) -> State:
    turn = state.turn
    if move.source == Source.DISCARD_PILE:
        card = state.discard[-1]
        stock, discard, taken = state.stock, state.discard[:-1], card
    else:
        if not state.stock:
            state = restock_on_draw(state)
            if state.status != Status.PLAYING:
                return state  # R18: the hand is a draw
        card = state.stock[0]
        stock, discard, taken = state.stock[1:], state.discard, None
    # One new State, not one per changed field (a move is judged on every request).
    players = tuple([Player(p.id, p.hand + (card,), p.tabled) if p.id == turn.player else p for p in state.players])
    turn = Turn(turn.player, Phase.AFTER_DRAW, taken, turn.melds_made, turn.laid_off)
    return state.changed(players=players, stock=stock, discard=discard, turn=turn)


def _after_play(state: State, rest: tuple[Card, ...], melds: tuple[Meld, ...], turn: Turn) -> State:
    """The table after a meld or lay-off leaving ``rest`` in the mover's hand."""
    if turn.taken_discard is not None and turn.taken_discard not in rest:
        # The taken discard is now on the table; R8 no longer concerns it, and the contract
        # requires turn.taken_discard to be a card in the mover's hand.
        turn = replace(turn, taken_discard=None)
    players = tuple([Player(p.id, rest, p.tabled) if p.id == turn.player else p for p in state.players])
    # R13: emptying the hand goes out, and the hand ends at once
    return state.changed(players=players, melds=melds, turn=turn, status=Status.OUT if goes_out(rest) else state.status)


def _discard(state: State, rest: tuple[Card, ...], card: Card) -> State:
    mover, turn = state.mover, state.turn
    discard = state.discard + (card,)
    if goes_out(rest):
        return state.with_player(replace(mover, hand=rest)).changed(discard=discard, status=Status.OUT)  # R13
    acted = turn.melds_made > 0 or turn.laid_off
    players = tuple([Player(mover.id, rest, mover.tabled or acted) if p.id == mover.id else p for p in state.players])
    stalled_turns = after_turn(state.stalled_turns, acted)
    state = state.changed(players=players, discard=discard, turn=Turn(state.left_of(mover.id)), stalled_turns=stalled_turns)
    if state.stalled:  # R18a: the hand is a draw as this turn ends
        return state.changed(status=Status.DRAWN_HAND)
    return restock_at_turn_end(state)


def _make_meld(state: State, move: Move, verified: tuple[tuple[Card, ...], MeldCheck]) -> State:
    rest, check = verified
    turn = state.turn
    melds = state.melds + (Meld(next_meld_id(state.melds), turn.player, check.cards, check.kind),)
    return _after_play(state, rest, melds, replace(turn, melds_made=turn.melds_made + 1))


def _lay_off(state: State, move: Move, verified: tuple[tuple[Card, ...], Meld, MeldCheck]) -> State:
    rest, target, check = verified
    return _after_play(state, rest, _laid_off(state.melds, target, check), replace(state.turn, laid_off=True))


_ACTIONS: dict[Action, tuple[Callable[[State, Move], Any], Callable[[State, Move, Any], State]]] = {
    Action.DRAW: (verify_draw, lambda state, move, _: _draw(state, move)),
    Action.MELD: (verify_meld, _make_meld),
    Action.LAY_OFF: (verify_lay_off, _lay_off),
    Action.DISCARD: (verify_discard, lambda state, move, rest: _discard(state, rest, move.discarded)),
}
"""Each action's judge (what it returns: the hand left, the meld checked…) and how the judged
move changes the state: :func:`verify_move` asks the first, :func:`apply_move` both."""
