"""Whether a turn can still be finished after a play: R9 (no dead ends) and R13's
``final_discard_required``. One judge, used by ``moves`` (melds and lay-offs), ``legal_moves``
(through ``moves``) and ``validate_state`` (a table nobody could have reached).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from .cards import Card, show
from .errors import Code, IllegalMove, Reason
from .melds import Meld, fits
from .rules import Rules
from .speech import say


def taken_discard_allowed(rules: Rules, hand: Sequence[Card]) -> bool:
    """R8: whether the card taken from the discard pile this turn may be discarded from
    ``hand`` this turn: never, unless ``taken_discard_if_last`` and it is the last card. Asked
    by a discard (``taken_discard``) and by R9 (:func:`dead_end`)."""
    return rules.taken_discard_if_last and len(hand) == 1


def goes_out(hand: Sequence[Card]) -> bool:
    """R13: whether a player left holding ``hand`` after a play has gone out: it is empty, by a
    discard, a meld or a lay-off (unless ``final_discard_required`` refused that play,
    :func:`verify_finish`). The hand ends at once. Asked by every move that leaves a hand and by
    ``validate_state`` (the status must agree)."""
    return not hand


def dead_end(rules: Rules, taken: Card | None, rest: Sequence[Card], melds: Callable[[], Sequence[Meld]] | Sequence[Meld]) -> bool:
    """R9: whether a hand of ``rest`` (after a meld or lay-off, the hand not empty) is stuck:
    its only card is ``taken``, the card taken from the discard pile this turn, which can be
    neither discarded (R8, unless ``taken_discard_if_last``) nor laid off on any of ``melds``
    (never, under ``final_discard_required``, R13). ``melds`` (the valid melds on the table
    after the play) may be a function building them, called only when needed."""
    if taken is None or len(rest) != 1 or rest[0] is not taken:
        return False
    if taken_discard_allowed(rules, rest):
        return False  # R8 option: the taken discard may go back when it is the last card
    if rules.final_discard_required:
        return True
    table = melds() if callable(melds) else melds
    return not any(fits(m.cards, m.known_kind, taken, rules) for m in table)


def verify_finish(
    rules: Rules, taken: Card | None, rest: Sequence[Card], melds: Callable[[], Sequence[Meld]], melding: bool, played: Sequence[Card]
) -> None:
    """Refuse a meld (``melding``) or lay-off of ``played`` that leaves
    ``rest`` in hand when the turn could not be finished: an empty hand under
    ``final_discard_required`` (R13, code ``final_discard_required``), or a dead end (R9, code
    ``dead_end``). ``melds`` builds the table after the play, when R9 needs it.

    Raises :class:`~referee.errors.IllegalMove`."""
    if goes_out(rest):
        if rules.final_discard_required:
            raise IllegalMove(
                [
                    Reason(
                        Code.FINAL_DISCARD_REQUIRED,
                        say(
                            "melding {cards} would empty the hand, but under these rules the last card must be discarded",
                            cards=show(played),
                        )
                        if melding
                        else say(
                            "laying off {cards} would empty the hand, but under these rules the last card must be discarded",
                            cards=show(played),
                        ),
                        (),
                        "R13",
                    )
                ]
            )
        return
    if taken is not None and dead_end(rules, taken, rest, melds):
        raise IllegalMove(
            [
                Reason(
                    Code.DEAD_END,
                    say(
                        "melding {cards} would leave only {taken}, the card taken from the discard pile this turn, "
                        "which can be neither discarded nor laid off: the turn could not be finished",
                        cards=show(played),
                        taken=taken.symbol,
                    )
                    if melding
                    else say(
                        "laying off {cards} would leave only {taken}, the card taken from the discard pile this turn, "
                        "which can be neither discarded nor laid off: the turn could not be finished",
                        cards=show(played),
                        taken=taken.symbol,
                    ),
                    (taken,),
                    "R9",
                )
            ]
        )
