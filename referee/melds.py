"""Melds: sets (R10), runs (R11), lay-offs (R6) and the words that explain a refusal (R12).

:func:`check_meld` answers "is this a meld, of what kind, and if not why not". A failed meld
is explained against what the cards were meant to be: more cards sharing a rank than a suit
reads as a set ("5♣ is not a 9"), the reverse as a run ("6♠ is not a heart").
:func:`check_lay_off` answers the same for cards added to a meld already on the table.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from enum import StrEnum
from functools import lru_cache
from typing import TYPE_CHECKING

from .cards import DECK, SUIT_NAMES, Card, rank_name, repeated, show
from .errors import Code, InvalidInput, Problem, Reason
from .rules import Rules
from .seating import said

if TYPE_CHECKING:  # state imports this module
    from .state import Meld as TableMeld


class MeldKind(StrEnum):
    """What a meld is: a set of one rank (R10) or a run of one suit (R11)."""

    SET = "set"
    RUN = "run"


_SUIT_ORDER = {"C": 0, "D": 1, "H": 2, "S": 3}
LONGEST_MELD = 13
"""The most cards one meld holds: a run of a whole suit (R11; a set has four, R10)."""
MOST_MELDS = len(DECK) // 3
"""The most melds one deck makes: 17 of three cards (R1, R10, R11)."""


@dataclass(frozen=True, slots=True)
class MeldCheck:
    """The answer of :func:`check_meld`: ``valid``; ``kind`` ``"set"``/``"run"`` (None when
    invalid); ``cards`` in canonical order (runs by rank, sets by suit C D H S); ``reasons``
    (empty when valid); ``laid_off``, for a lay-off that fits (:func:`check_lay_off`), the cards
    added to the meld on the table."""

    valid: bool
    kind: MeldKind | None
    cards: tuple[Card, ...]
    reasons: tuple[Reason, ...] = ()
    laid_off: tuple[Card, ...] = ()

    @property
    def summary(self) -> str:
        """One sentence for the players at the table: the first reason of a refusal, else what
        the meld is ("5♠ 6♠ 7♠ is a run of spades"; for a lay-off "8♠ fits 5♠ 6♠ 7♠: 5♠ 6♠ 7♠ 8♠
        is a run of spades")."""
        kind = self.kind
        if not self.valid or kind is None:
            return self.reasons[0].message if self.reasons else f"{show(self.cards)} is not a meld"
        what = f"{show(self.cards)} is a {kind} of {meld_of(kind, self.cards)}"
        if not self.laid_off:
            return what
        onto = tuple(c for c in self.cards if c not in self.laid_off)
        verb = "fits" if len(self.laid_off) == 1 else "fit"
        return f"{show(self.laid_off)} {verb} {show(onto)}: {what}"


# --- the two meld shapes: every question about a set or a run asks these ----------------------


def is_set(cards: Sequence[Card]) -> bool:
    """R10, the one statement of a set: three or four distinct cards of one rank."""
    return 3 <= len(cards) <= 4 and len({c.rank for c in cards}) == 1 and len(set(cards)) == len(cards)


def run_top(rules: Rules) -> int:
    """R11's ace option, the one place it is read: the highest position on the ladder a run
    climbs, A=1 2 … K=13, and 14 (the ace again, above the King) under ``aces: high_or_low``."""
    return 14 if rules.aces == "high_or_low" else 13


def run_positions(ranks: Iterable[int], rules: Rules) -> list[int] | None:
    """R11, the one statement of a run's ranks: the distinct ``ranks`` as positions on the
    ladder (:func:`run_top`), low to high, when they are in a row; None otherwise (a meld also
    needs three, :func:`meld_kind`). An ace takes position 14 only when it must (Q K A), never
    both ends (K A 2 is no run)."""
    positions = sorted(ranks)
    if positions[-1] - positions[0] == len(positions) - 1:
        return positions
    if positions[0] == 1 and run_top(rules) == 14:
        return _in_a_row(_ace_above_king(positions))
    return None


def _ace_above_king(positions: list[int]) -> list[int]:
    """Sorted ranks with the ace (1) moved above the King (14)."""
    return positions[1:] + [14] if positions and positions[0] == 1 else positions


def _in_a_row(positions: list[int]) -> list[int] | None:
    return positions if positions[-1] - positions[0] == len(positions) - 1 else None


def rank_at(position: int) -> int:
    """The rank at a position of the run ladder (14 is the ace again)."""
    return (position - 1) % 13 + 1


def meld_kind(cards: Sequence[Card], rules: Rules) -> MeldKind | None:
    """``"set"``, ``"run"`` or None: what ``cards`` are by :func:`is_set` and
    :func:`run_positions`, with no words. The one yes/no every check asks (:func:`check_meld`,
    a lay-off, :func:`fitting_cards`, R9, the candidates of legal moves)."""
    if len(cards) < 3:
        return None
    if is_set(cards):
        return MeldKind.SET
    if len({c.suit_index for c in cards}) != 1:
        return None
    ranks = {c.rank for c in cards}
    if len(ranks) != len(cards):
        return None
    return MeldKind.RUN if run_positions(ranks, rules) is not None else None


def canonical_order(cards: Sequence[Card], kind: str | None, rules: Rules) -> tuple[Card, ...]:
    """Cards in the contract's canonical meld order: runs by rank (an ace above the King when it
    is played high), sets by suit C D H S; an invalid meld keeps the order given."""
    if kind == MeldKind.SET:
        return tuple(sorted(cards, key=lambda c: c.suit_index))
    if kind == MeldKind.RUN:
        positions = run_positions({c.rank for c in cards}, rules)
        high = positions is not None and positions[-1] == 14
        return tuple(sorted(cards, key=lambda c: 14 if (high and c.rank == 1) else c.rank))
    return tuple(cards)


def _intent(cards: Sequence[Card]) -> str:
    """What a failed meld was meant to be, read from the cards: the larger group of one rank
    or of one suit decides; on a tie, distinct ranks read as a run."""
    by_rank = Counter(c.rank for c in cards).most_common(1)[0][1]
    by_suit = Counter(c.suit for c in cards).most_common(1)[0][1]
    if by_rank != by_suit:
        return MeldKind.SET if by_rank > by_suit else MeldKind.RUN
    return MeldKind.RUN if by_rank == 1 else MeldKind.SET


def _set_reasons(cards: Sequence[Card]) -> list[Reason]:
    """R10: why ``cards`` (no duplicates, at least 3) are not a set, or [] when they are."""
    shown = show(cards)
    rank = Counter(c.rank for c in cards).most_common(1)[0][0]
    odd = tuple(c for c in cards if c.rank != rank)
    reasons = []
    if odd:
        word = rank_name(rank)
        if len(odd) == 1:
            what = f"{odd[0].symbol} is not {'an' if word in ('ace', '8') else 'a'} {word}"
        else:
            what = f"{_and(odd)} are not {word}s"
        reasons.append(
            Reason(
                Code.SET_RANK_MISMATCH,
                f"{shown} is not a set: {what}",
                odd,
                rule="R10",
            )
        )
    if len(cards) > 4:
        reasons.append(
            Reason(
                Code.SET_TOO_LARGE,
                f"{shown} is not a set: a set has three or four cards, never a fifth",
                tuple(cards),
                rule="R10",
            )
        )
    return reasons


def _run_reasons(cards: Sequence[Card], rules: Rules) -> list[Reason]:
    """R11: why ``cards`` (no duplicates, at least 3) are not a run, or [] when they are."""
    shown = show(cards)
    suit = Counter(c.suit for c in cards).most_common(1)[0][0]
    odd = tuple(c for c in cards if c.suit != suit)
    reasons = []
    if odd:
        if len(odd) == 1:
            what = f"{odd[0].symbol} is not {_suit_word(suit)}"
        else:
            what = f"{_and(odd)} are not {_suit_word(suit).split()[1]}s"
        reasons.append(
            Reason(
                Code.RUN_SUIT_MISMATCH,
                f"{shown} is not a run: {what}",
                odd,
                rule="R11",
            )
        )
    if odd and len({c.rank for c in cards}) == len(cards) and run_positions({c.rank for c in cards}, rules) is not None:
        return reasons  # 5♠ 6♥ 7♠: the ranks are right, only the suit is wrong
    same = [c for c in cards if c.suit == suit]
    ranks = sorted({c.rank for c in same})
    if len(ranks) < len(same):  # two cards of one rank in one suit cannot happen in one deck
        return reasons
    if run_positions(ranks, rules) is not None:
        return reasons
    if 1 in ranks and 13 in ranks and 2 in ranks:
        # K-A-2: the run would have to go round the corner (A-2-…-K, all 13, is a run).
        reasons.append(
            Reason(
                Code.RUN_WRAPS,
                f"{shown} is not a run: a run never wraps around from the King to the ace",
                tuple(same),
                rule="R11",
            )
        )
        return reasons
    if run_top(rules) == 13 and 13 in ranks and _in_a_row(_ace_above_king(ranks)):
        aces = tuple(c for c in same if c.rank == 1)
        reasons.append(
            Reason(
                Code.ACE_HIGH,
                f"{shown} is not a run: aces are low, so a run stops at the King",
                tuple(same) if len(same) <= 4 else aces,
                rule="R11",
            )
        )
        return reasons
    if run_top(rules) == 14 and 13 in ranks:
        ranks = _ace_above_king(ranks)
    missing = [r for r in range(ranks[0], ranks[-1] + 1) if r not in ranks]
    missing_cards = tuple(DECK[_SUIT_ORDER[suit] * 13 + (r if r != 14 else 1) - 1] for r in missing)
    what = show(missing_cards) if len(missing_cards) <= 4 else f"{len(missing_cards)} cards"
    reasons.append(
        Reason(
            Code.RUN_GAP,
            f"{shown} is not a run: the ranks are not consecutive, {what} {'is' if len(missing_cards) == 1 else 'are'} missing",
            tuple(same),
            rule="R11",
        )
    )
    return reasons


def _and(cards: Sequence[Card]) -> str:
    """ "5♦ and 5♥", "5♦, 5♥ and 5♣"."""
    symbols = [c.symbol for c in cards]
    return symbols[0] if len(symbols) == 1 else f"{', '.join(symbols[:-1])} and {symbols[-1]}"


def _suit_word(suit: str) -> str:
    return {"C": "a club", "D": "a diamond", "H": "a heart", "S": "a spade"}[suit]


def too_few_cards(cards: Sequence[Card], lay_off: bool = False) -> Reason:
    """``too_few_cards``: a meld of fewer than three cards (R10), or a lay-off of none (R6)."""
    if lay_off:
        return Reason(Code.TOO_FEW_CARDS, "a lay-off needs at least one card", (), rule="R6")
    return Reason(
        Code.TOO_FEW_CARDS,
        (f"{show(cards)} {'is' if len(cards) == 1 else 'are'} not a meld: " if cards else "No cards were given: ")
        + "a meld needs at least three cards",
        tuple(cards),
        rule="R10",
    )


def duplicate_card(cards: Sequence[Card]) -> Reason | None:
    """``duplicate_card`` (R1): the cards named more than once in one meld or move
    (:func:`~referee.cards.repeated`), or None when each is named once."""
    doubled = repeated(cards)
    if not doubled:
        return None
    return Reason(
        Code.DUPLICATE_CARD,
        f"{show(doubled)} {'is' if len(doubled) == 1 else 'are'} listed twice: there is only one of each card in the deck",
        doubled,
        rule="R1",
    )


def check_meld(cards: Sequence[Card], rules: Rules) -> MeldCheck:
    """Is ``cards`` a meld (R10 set, R11 run)? Explain every fault if not (R12).

    Returns a :class:`MeldCheck`. Reason codes: ``too_few_cards``, ``duplicate_card``,
    ``set_rank_mismatch``, ``set_too_large``, ``run_suit_mismatch``, ``run_gap``, ``ace_high``,
    ``run_wraps``. Never raises for any sequence of cards.
    """
    return _checked(tuple(cards), rules)


@lru_cache(maxsize=8192)
def _checked(cards: tuple[Card, ...], rules: Rules) -> MeldCheck:
    """:func:`check_meld`, remembered: every request sends its table's melds again, and
    ``legal_moves`` judges the same few melds for every candidate. The key is the cards and the
    whole :class:`Rules` (cards are interned and Rules keep their hash, so both hash cheaply; a
    MeldCheck is immutable, so sharing one is safe)."""
    kind = meld_kind(cards, rules)
    if kind is not None:  # valid: nothing to explain (every meld on the table, every request)
        return MeldCheck(True, kind, canonical_order(cards, kind, rules), ())
    return explain_meld(cards, rules)


def explain_meld(cards: Sequence[Card], rules: Rules, intent: str | None = None) -> MeldCheck:
    """:func:`check_meld` the long way: every reason in words. It judges valid melds too, so the
    tests check the fast path of :func:`check_meld` against it. ``intent`` (``"set"``/``"run"``)
    explains a failure against that kind instead of the one read from the cards (a lay-off is
    explained against the kind of the meld on the table)."""
    cards = tuple(cards)
    reasons: list[Reason] = [too_few_cards(cards)] if len(cards) < 3 else []
    doubled = duplicate_card(cards)
    if doubled:
        reasons.append(doubled)
    if reasons and len(cards) < 3 or not cards:
        return MeldCheck(False, None, cards, tuple(reasons))
    distinct = tuple(dict.fromkeys(cards))
    if len(distinct) >= 3 or not reasons:
        meant = intent or _intent(distinct)
        reasons += _set_reasons(distinct) if meant == MeldKind.SET else _run_reasons(distinct, rules)
    if reasons:
        return MeldCheck(False, None, cards, tuple(reasons))
    kind = meld_kind(cards, rules)
    return MeldCheck(True, kind, canonical_order(cards, kind, rules), ())


def check_lay_off(meld: Sequence[Card], added: Sequence[Card], rules: Rules) -> MeldCheck:
    """Can ``added`` be laid off on the table meld ``meld`` (R6)?

    The meld with the added cards must be a valid meld of the same kind. Returns a
    :class:`MeldCheck` of the combined meld; when it fails, the first reason is ``does_not_fit``
    (the one sentence saying why, in words) followed by the specific code of the meld it would
    make (``ace_high``, ``run_gap``, …; each naming its fault without the sentence again), with
    the cards in the order given: ``meld`` as sent, then ``added``. Raises
    :class:`~referee.errors.InvalidInput` (path ``("onto",)``) when ``meld`` itself is not a
    valid meld.
    """
    base = check_meld(meld, rules)
    if not base.valid or base.kind is None:
        raise InvalidInput([Problem(("onto",), f"the meld to lay off onto is not a valid meld: {base.reasons[0].message}")])
    return extend_meld(tuple(meld), base.kind, added, rules)


def fit_meld(meld: Sequence[Card], kind: MeldKind, added: Sequence[Card], rules: Rules) -> MeldCheck | None:
    """The valid :class:`MeldCheck` of ``added`` laid off on the valid table meld ``meld`` of
    ``kind`` (R6), or None when they do not fit: :func:`extend_meld` without the explanation of
    a miss, for a lay-off tried against every meld on the table (only a lay-off that fits none
    is explained, meld by meld)."""
    return _fit(tuple(meld), kind, tuple(added), rules)


@lru_cache(maxsize=8192)
def _fit(meld: tuple[Card, ...], kind: MeldKind, added: tuple[Card, ...], rules: Rules) -> MeldCheck | None:
    """:func:`fit_meld`, remembered like :func:`_checked`: ``legal_moves`` tries the same cards
    on the same melds on every request of a hand."""
    combined = meld + added
    if not added or meld_kind(combined, rules) != kind:
        return None
    result = check_meld(combined, rules)
    return MeldCheck(True, kind, result.cards, (), tuple(c for c in result.cards if c in added))


def meld_named(cards: Sequence[Card], owner: str | None = None) -> str:
    """A meld on the table as players name it, by its owner and cards, never its id: "ana's
    meld 5♠ 6♠ 7♠", "the meld 5♠ 6♠ 7♠" (no owner given)."""
    return f"{said(owner)}'s meld {show(cards)}" if owner else f"the meld {show(cards)}"


def extend_meld(meld: Sequence[Card], kind: MeldKind, added: Sequence[Card], rules: Rules, name: str | None = None) -> MeldCheck:
    """:func:`check_lay_off` for a meld known to be valid, of ``kind`` (as every meld of a
    validated table is); ``name``, the meld as players name it (:func:`meld_named`), is said in
    the sentence."""
    if not added:  # as apply_move judges a lay-off of no cards (R6)
        return MeldCheck(False, None, tuple(meld), (too_few_cards(added, lay_off=True),))
    fitted = fit_meld(meld, kind, added, rules)
    if fitted is not None:
        return fitted
    combined = tuple(meld) + tuple(added)
    # A valid meld of the other kind cannot come of a lay-off (a set's rank repeats, a run's
    # never does), so an invalid combination is explained against the meld on the table:
    # 5♦ 5♥ on 5♠ 6♠ 7♠ is a run's fault.
    specific = explain_meld(combined, rules, intent=kind).reasons
    where = name or show(meld)
    verb = "does" if len(added) == 1 else "do"
    why = "; ".join(_first_clause(r.message) for r in specific)
    fit = _does_not_fit(added, f"{show(added)} {verb} not fit {where}: {why}")
    would = f"{show(combined)} would not be a {kind}"
    named = tuple(Reason(r.code, f"{would} ({FAULTS[r.code]})", r.cards, r.rule) for r in specific)
    return MeldCheck(False, None, combined, (fit, *named))


FAULTS = {
    Code.TOO_FEW_CARDS: "too few cards",
    Code.DUPLICATE_CARD: "a card twice",
    Code.SET_RANK_MISMATCH: "a card of another rank",
    Code.SET_TOO_LARGE: "a fifth card in a set",
    Code.RUN_SUIT_MISMATCH: "a card of another suit",
    Code.RUN_GAP: "a gap in the ranks",
    Code.ACE_HIGH: "an ace above the King",
    Code.RUN_WRAPS: "a run round the corner",
}
"""The fault each meld code names, in a few words: what the specific reason after
``does_not_fit`` says, so the sentence that explains it is given once (R6, R12)."""


def _does_not_fit(added: Sequence[Card], message: str) -> Reason:
    """``does_not_fit`` (R6), for the lay-off of ``added``: :func:`extend_meld` (one meld) and
    :func:`no_fit` (the whole table) say why in ``message``."""
    return Reason(Code.DOES_NOT_FIT, message, tuple(added), rule="R6")


# How near a lay-off comes to fitting a meld, by the specific code of its miss (lower: nearer):
# a run of its suit with a gap, an ace past the King or round the corner, a set of its rank that
# is full. A card of another suit for a run, or of another rank for a set, is no near miss.
_NEAR_MISS = {Code.RUN_GAP: 0, Code.ACE_HIGH: 1, Code.RUN_WRAPS: 1, Code.SET_TOO_LARGE: 2}
_SHOWN_MELDS = 4


def _missing(meld: TableMeld, cards: Sequence[Card]) -> int:
    """Ranks a run would still need between the meld and ``cards`` (0 for a set)."""
    if meld.kind != MeldKind.RUN:
        return 0
    ranks = {c.rank for c in (*meld.cards, *cards)}
    return max(ranks) - min(ranks) + 1 - len(ranks)


def no_fit(cards: Sequence[Card], checks: Sequence[tuple[TableMeld, MeldCheck]]) -> tuple[Reason, ...]:
    """Why a lay-off that names no meld fits none of the melds on the table (R6), in one sentence
    that names the nearest miss: "9♠ fits no meld on the table; the nearest is meld m1 (5♠ 6♠
    7♠): the ranks are not consecutive, 8♠ is missing", followed by that miss's specific reason;
    or, when every meld misses by suit or rank, what each meld is: "5♦ fits no meld on the
    table: ana's meld 5♠ 6♠ 7♠ is a run of spades and the meld J♦ J♥ J♠ a set of jacks"; or that there is
    no meld at all. ``checks`` pairs each table meld (its ``id``, ``cards``, ``kind``) with its
    failed :func:`extend_meld` check."""
    if not checks:
        verb = "does" if len(cards) == 1 else "do"
        return (_does_not_fit(cards, f"{show(cards)} {verb} not fit anything: there are no melds on the table"),)
    fits = f"{show(cards)} {'fits' if len(cards) == 1 else 'fit'} no meld on the table"
    near = []
    for at, (meld, check) in enumerate(checks):
        codes = [r.code for r in check.reasons[1:]]
        if codes and all(c in _NEAR_MISS for c in codes):
            near.append(((max(_NEAR_MISS[c] for c in codes), _missing(meld, cards), at), meld, check))
    if near:
        _, meld, check = min(near, key=lambda n: n[0])
        why = check.reasons[0].message.split(": ", 1)[1]
        return (_does_not_fit(cards, f"{fits}; the nearest is {meld_named(meld.cards, meld.owner)}: {why}"),) + tuple(check.reasons[1:])
    shown = [
        f"{meld_named(m.cards, m.owner)} {'is ' if not i else ''}a {m.known_kind} of {meld_of(m.known_kind, m.cards)}"
        for i, (m, _) in enumerate(checks[:_SHOWN_MELDS])
    ]
    more = len(checks) - _SHOWN_MELDS
    if more > 0:
        shown.append(f"{more} more meld{'s' if more > 1 else ''} of other suits and ranks")
    listed = shown[0] if len(shown) == 1 else ", ".join(shown[:-1]) + " and " + shown[-1]
    return (_does_not_fit(cards, f"{fits}: {listed}"),)


def meld_of(kind: MeldKind, cards: Sequence[Card]) -> str:
    """What a valid meld is made of, in words: "spades" for a run, "9s" for a set."""
    return f"{rank_name(cards[0].rank)}s" if kind == MeldKind.SET else SUIT_NAMES[cards[0].suit]


def _first_clause(message: str) -> str:
    """The explanation part of a reason message ("… is not a run: <this>")."""
    return message.split(": ", 1)[1] if ": " in message else message


def fitting_cards(meld: Sequence[Card], kind: MeldKind, rules: Rules) -> frozenset[Card]:
    """The cards that one at a time can be laid off on a valid table ``meld`` of ``kind`` (R6):
    each card of its rank (a set) or of its suit (a run) with which it stays a meld of its kind
    (:func:`meld_kind`, the question a lay-off asks): for a set of three, the missing suit of its
    rank (R10: never a fifth card); for a run, the card just below its lowest and just above its
    highest, never round the corner (R11; under ``aces: high_or_low`` the ace may go above the
    King)."""
    return _fitting(tuple(meld), kind, rules)


@lru_cache(maxsize=8192)
def _fitting(meld: tuple[Card, ...], kind: MeldKind, rules: Rules) -> frozenset[Card]:
    """:func:`fitting_cards`, remembered like :func:`_checked` (the same melds come back on
    every request of a hand)."""
    first = meld[0]
    kin = (
        (DECK[s * 13 + first.rank - 1] for s in range(4))
        if kind == MeldKind.SET
        else DECK[first.suit_index * 13 : first.suit_index * 13 + 13]
    )
    return frozenset(c for c in kin if c not in meld and meld_kind((*meld, c), rules) == kind)


def fits(meld: Sequence[Card], kind: MeldKind, card: Card, rules: Rules) -> bool:
    """Whether one ``card`` can be laid off on a valid table meld of ``kind`` (R6); see
    :func:`fitting_cards`."""
    return card in fitting_cards(meld, kind, rules)
