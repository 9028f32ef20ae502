"""Melds: sets (R10), runs (R11), lay-offs (R6) and the words that explain a refusal (R12).

:func:`check_meld` answers "is this a meld, of what kind, and if not why not". A failed meld
is explained against what the cards were meant to be: more cards sharing a rank than a suit
reads as a set ("5♣ is not a 9"), the reverse as a run ("6♠ is not a heart").
:func:`check_lay_off` answers the same for cards added to a meld already on the table.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from enum import StrEnum
from functools import lru_cache
from typing import TypeVar

from .cards import DECK, Card, repeated, show
from .errors import Code, InvalidInput, Problem, Reason
from .rules import Rules
from .seating import said
from .speech import Sentence, listing, say, say_n, term

T = TypeVar("T")


class MeldKind(StrEnum):
    """What a meld is: a set of one rank (R10) or a run of one suit (R11)."""

    SET = "set"
    RUN = "run"


@dataclass(frozen=True, slots=True)
class Meld:
    """A meld on the table: ``id``, ``owner`` (a player id or None), ``cards`` in canonical
    order and ``kind`` (None on input that does not say; :func:`~referee.state.validate_state` fills it in)."""

    id: str
    owner: str | None
    cards: tuple[Card, ...]
    kind: MeldKind | None = None

    @property
    def known_kind(self) -> MeldKind:
        """The kind of a meld of a validated table, where every meld has one (R10, R11:
        :func:`~referee.state.validate_state` refuses one that is no meld and fills in the kind)."""
        kind = self.kind
        if kind is None:
            raise ValueError(f"meld {self.id!r} has no kind: it is not from a validated table")
        return kind


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
    def summary(self) -> Sentence:
        """One sentence for the players at the table: the first reason of a refusal, else what
        the meld is ("5♠ 6♠ 7♠ is a run of spades"; for a lay-off "8♠ fits 5♠ 6♠ 7♠: 5♠ 6♠ 7♠ 8♠
        is a run of spades")."""
        kind = self.kind
        if not self.valid or kind is None:
            return self.reasons[0].message if self.reasons else say("{cards} is not a meld", cards=show(self.cards))
        what = meld_is(show(self.cards), kind, self.cards)
        if not self.laid_off:
            return what
        onto = tuple(c for c in self.cards if c not in self.laid_off)
        return say_n(
            "{added} fits {onto}: {what}",
            "{added} fit {onto}: {what}",
            len(self.laid_off),
            added=show(self.laid_off),
            onto=show(onto),
            what=what,
        )


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


def _odd_ones(cards: Sequence[Card], feature: Callable[[Card], T]) -> tuple[T, tuple[Card, ...]]:
    """The ``feature`` most of ``cards`` share (a set's rank, a run's suit; the first met on a
    tie) and the cards without it, in their order."""
    common = Counter(feature(c) for c in cards).most_common(1)[0][0]
    return common, tuple(c for c in cards if feature(c) != common)


def _not_of_rank(odd: Sequence[Card], rank: int) -> Sentence:
    """ "6♠ is not a 5", "6♠ and 7♦ are not 5s": the cards a set's rank leaves out (R10)."""
    if len(odd) == 1:
        return say("{card} is not {rank}", card=odd[0].symbol, rank=rank_with_article(rank))
    return say("{cards} are not {ranks}", cards=_and(odd), ranks=ranks_word(rank))


def _set_reasons(cards: Sequence[Card]) -> list[Reason]:
    """R10: why ``cards`` (no duplicates, at least 3) are not a set, or [] when they are."""
    shown = show(cards)
    rank, odd = _odd_ones(cards, lambda c: c.rank)
    reasons = [_not_a_set_because(Code.SET_RANK_MISMATCH, shown, _not_of_rank(odd, rank), odd)] if odd else []
    if len(cards) > 4:
        reasons.append(_not_a_set_because(Code.SET_TOO_LARGE, shown, say("a set has three or four cards, never a fifth"), cards))
    return reasons


def _not_of_suit(odd: Sequence[Card], suit: str) -> Sentence:
    """ "6♥ is not a spade", "6♥ and 7♦ are not spades": the cards a run's suit leaves out (R11)."""
    if len(odd) == 1:
        return say("{card} is not {suit}", card=odd[0].symbol, suit=_suit_word(suit))
    return say("{cards} are not {suits}", cards=_and(odd), suits=suits_word(suit))


def _run_reasons(cards: Sequence[Card], rules: Rules) -> list[Reason]:
    """R11: why ``cards`` (no duplicates, at least 3) are not a run, or [] when they are."""
    shown = show(cards)
    suit, odd = _odd_ones(cards, lambda c: c.suit)
    reasons = [_not_a_run_because(Code.RUN_SUIT_MISMATCH, shown, _not_of_suit(odd, suit), odd)] if odd else []
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
        reasons.append(_not_a_run_because(Code.RUN_WRAPS, shown, say("a run never wraps around from the King to the ace"), same))
        return reasons
    if run_top(rules) == 13 and 13 in ranks and _in_a_row(_ace_above_king(ranks)):
        aces = [c for c in same if c.rank == 1]
        why = say("aces are low, so a run stops at the King")
        reasons.append(_not_a_run_because(Code.ACE_HIGH, shown, why, same if len(same) <= 4 else aces))
        return reasons
    if run_top(rules) == 14 and 13 in ranks:
        ranks = _ace_above_king(ranks)
    missing = [r for r in range(ranks[0], ranks[-1] + 1) if r not in ranks]
    missing_cards = tuple(DECK[_SUIT_ORDER[suit] * 13 + (r if r != 14 else 1) - 1] for r in missing)
    n = len(missing_cards)
    missed: str = show(missing_cards) if n <= 4 else say_n("{count} card", "{count} cards", n)
    gap = say_n(
        "the ranks are not consecutive, {missing} is missing", "the ranks are not consecutive, {missing} are missing", n, missing=missed
    )
    reasons.append(_not_a_run_because(Code.RUN_GAP, shown, gap, same))
    return reasons


def _not_a_set_because(code: Code, shown: str, why: Sentence, cards: Sequence[Card]) -> Reason:
    """The R10 reason ``code``: "<shown> is not a set: <why>", about ``cards``."""
    return Reason(code, not_a_set(shown, why), tuple(cards), rule="R10")


def _not_a_run_because(code: Code, shown: str, why: Sentence, cards: Sequence[Card]) -> Reason:
    """The R11 reason ``code``: "<shown> is not a run: <why>", about ``cards``."""
    return Reason(code, not_a_run(shown, why), tuple(cards), rule="R11")


def _and(cards: Sequence[Card]) -> object:
    """ "5♦ and 5♥", "5♦, 5♥ and 5♣" (a :class:`~referee.speech.Listing`)."""
    return listing(c.symbol for c in cards)


def not_a_set(shown: str, why: Sentence) -> Sentence:
    """ "5♠ 5♥ 6♠ is not a set: <why>" (R10); ``why`` is the reason's clause (:func:`clause`)."""
    return say("{cards} is not a set: {why}", cards=shown, why=why)


def not_a_run(shown: str, why: Sentence) -> Sentence:
    """ "Q♠ K♠ A♠ is not a run: <why>" (R11)."""
    return say("{cards} is not a run: {why}", cards=shown, why=why)


def clause(message: Sentence) -> Sentence:
    """The explanation part of a meld reason's message (its ``why``: "aces are low, so …"),
    kept as a parameter when the sentence was made, never cut out of its words."""
    why = message.params.get("why")
    return why if isinstance(why, Sentence) else message


# The words of the cards in sentences, each a catalog entry (context: how it is used).
_SUITS_PLURAL = {
    "C": term("suit, plural", "clubs"),
    "D": term("suit, plural", "diamonds"),
    "H": term("suit, plural", "hearts"),
    "S": term("suit, plural", "spades"),
}
_SUIT_ONE = {
    "C": term("suit, one card", "a club"),
    "D": term("suit, one card", "a diamond"),
    "H": term("suit, one card", "a heart"),
    "S": term("suit, one card", "a spade"),
}
_RANKS_PLURAL = {
    1: term("rank, plural", "aces"),
    11: term("rank, plural", "jacks"),
    12: term("rank, plural", "queens"),
    13: term("rank, plural", "kings"),
    2: term("rank, plural", "2s"),
    3: term("rank, plural", "3s"),
    4: term("rank, plural", "4s"),
    5: term("rank, plural", "5s"),
    6: term("rank, plural", "6s"),
    7: term("rank, plural", "7s"),
    8: term("rank, plural", "8s"),
    9: term("rank, plural", "9s"),
    10: term("rank, plural", "10s"),
}
_RANK_ONE = {
    1: term("rank, one card", "an ace"),
    8: term("rank, one card", "an 8"),
    11: term("rank, one card", "a jack"),
    12: term("rank, one card", "a queen"),
    13: term("rank, one card", "a king"),
    2: term("rank, one card", "a 2"),
    3: term("rank, one card", "a 3"),
    4: term("rank, one card", "a 4"),
    5: term("rank, one card", "a 5"),
    6: term("rank, one card", "a 6"),
    7: term("rank, one card", "a 7"),
    9: term("rank, one card", "a 9"),
    10: term("rank, one card", "a 10"),
}


def _suit_word(suit: str) -> Sentence:
    return _SUIT_ONE[suit]


def suits_word(suit: str) -> Sentence:
    """A suit in the plural: "spades"."""
    return _SUITS_PLURAL[suit]


def ranks_word(rank: int) -> Sentence:
    """A rank in the plural: "9s", "kings"."""
    return _RANKS_PLURAL[rank]


def rank_with_article(rank: int) -> Sentence:
    """A rank as one card of it: "a 9", "an ace"."""
    return _RANK_ONE[rank]


def too_few_cards(cards: Sequence[Card], lay_off: bool = False) -> Reason:
    """``too_few_cards``: a meld of fewer than three cards (R10), or a lay-off of none (R6)."""
    if lay_off:
        return Reason(Code.TOO_FEW_CARDS, say("a lay-off needs at least one card"), (), rule="R6")
    why = say("a meld needs at least three cards")
    message = (
        say_n("{cards} is not a meld: {why}", "{cards} are not a meld: {why}", len(cards), cards=show(cards), why=why)
        if cards
        else say("No cards were given: {why}", why=why)
    )
    return Reason(
        Code.TOO_FEW_CARDS,
        message,
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
        say_n(
            "{cards} is listed twice: {why}",
            "{cards} are listed twice: {why}",
            len(doubled),
            cards=show(doubled),
            why=say("there is only one of each card in the deck"),
        ),
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
        raise InvalidInput([Problem(("onto",), say("the meld to lay off onto is not a valid meld: {why}", why=base.reasons[0].message))])
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


def meld_named(cards: Sequence[Card], owner: str | None = None) -> Sentence:
    """A meld on the table as players name it, by its owner and cards, never its id: "ana's
    meld 5♠ 6♠ 7♠", "the meld 5♠ 6♠ 7♠" (no owner given)."""
    return say("{owner}'s meld {cards}", owner=said(owner), cards=show(cards)) if owner else say("the meld {cards}", cards=show(cards))


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
    why = clauses([clause(r.message) for r in specific])
    fit = _does_not_fit(
        added,
        say_n("{added} does not fit {meld}: {why}", "{added} do not fit {meld}: {why}", len(added), added=show(added), meld=where, why=why),
    )
    named = tuple(Reason(r.code, _would_not_be(kind, show(combined), FAULTS[r.code]), r.cards, r.rule) for r in specific)
    return MeldCheck(False, None, combined, (fit, *named))


def _would_not_be(kind: MeldKind, shown: str, fault: Sentence) -> Sentence:
    if kind == MeldKind.SET:
        return say("{cards} would not be a set ({fault})", cards=shown, fault=fault)
    return say("{cards} would not be a run ({fault})", cards=shown, fault=fault)


def clauses(parts: Sequence[Sentence]) -> Sentence:
    """Clauses said one after another, "<first>; <second>" (each a sentence of its own)."""
    said_so = parts[0]
    for part in parts[1:]:
        said_so = say("{first}; {then}", first=said_so, then=part)
    return said_so


FAULTS = {
    Code.TOO_FEW_CARDS: say("too few cards"),
    Code.DUPLICATE_CARD: say("a card twice"),
    Code.SET_RANK_MISMATCH: say("a card of another rank"),
    Code.SET_TOO_LARGE: say("a fifth card in a set"),
    Code.RUN_SUIT_MISMATCH: say("a card of another suit"),
    Code.RUN_GAP: say("a gap in the ranks"),
    Code.ACE_HIGH: say("an ace above the King"),
    Code.RUN_WRAPS: say("a run round the corner"),
}
"""The fault each meld code names, in a few words: what the specific reason after
``does_not_fit`` says, so the sentence that explains it is given once (R6, R12)."""


def _does_not_fit(added: Sequence[Card], message: Sentence) -> Reason:
    """``does_not_fit`` (R6), for the lay-off of ``added``: :func:`extend_meld` (one meld) and
    :func:`no_fit` (the whole table) say why in ``message``."""
    return Reason(Code.DOES_NOT_FIT, message, tuple(added), rule="R6")


# How near a lay-off comes to fitting a meld, by the specific code of its miss (lower: nearer):
# a run of its suit with a gap, an ace past the King or round the corner, a set of its rank that
# is full. A card of another suit for a run, or of another rank for a set, is no near miss.
_NEAR_MISS = {Code.RUN_GAP: 0, Code.ACE_HIGH: 1, Code.RUN_WRAPS: 1, Code.SET_TOO_LARGE: 2}
_SHOWN_MELDS = 4


def _missing(meld: Meld, cards: Sequence[Card]) -> int:
    """Ranks a run would still need between the meld and ``cards`` (0 for a set)."""
    if meld.kind != MeldKind.RUN:
        return 0
    ranks = {c.rank for c in (*meld.cards, *cards)}
    return max(ranks) - min(ranks) + 1 - len(ranks)


def no_fit(cards: Sequence[Card], checks: Sequence[tuple[Meld, MeldCheck]]) -> tuple[Reason, ...]:
    """Why a lay-off that names no meld fits none of the melds on the table (R6), in one sentence
    that names the nearest miss: "9♠ fits no meld on the table; the nearest is meld m1 (5♠ 6♠
    7♠): the ranks are not consecutive, 8♠ is missing", followed by that miss's specific reason;
    or, when every meld misses by suit or rank, what each meld is: "5♦ fits no meld on the
    table: ana's meld 5♠ 6♠ 7♠ is a run of spades and the meld J♦ J♥ J♠ a set of jacks"; or that there is
    no meld at all. ``checks`` pairs each table meld (its ``id``, ``cards``, ``kind``) with its
    failed :func:`extend_meld` check."""
    n = len(cards)
    if not checks:
        return (
            _does_not_fit(
                cards,
                say_n(
                    "{cards} does not fit anything: there are no melds on the table",
                    "{cards} do not fit anything: there are no melds on the table",
                    n,
                    cards=show(cards),
                ),
            ),
        )
    fits = say_n("{cards} fits no meld on the table", "{cards} fit no meld on the table", n, cards=show(cards))
    near = []
    for at, (meld, check) in enumerate(checks):
        codes = [r.code for r in check.reasons[1:]]
        if codes and all(c in _NEAR_MISS for c in codes):
            near.append(((max(_NEAR_MISS[c] for c in codes), _missing(meld, cards), at), meld, check))
    if near:
        _, meld, check = min(near, key=lambda n: n[0])
        why = clause(check.reasons[0].message)
        nearest = say("{fits}; the nearest is {meld}: {why}", fits=fits, meld=meld_named(meld.cards, meld.owner), why=why)
        return (_does_not_fit(cards, nearest),) + tuple(check.reasons[1:])
    shown: list[Sentence] = [
        meld_is(meld_named(m.cards, m.owner), m.known_kind, m.cards, elided=bool(i)) for i, (m, _) in enumerate(checks[:_SHOWN_MELDS])
    ]
    more = len(checks) - _SHOWN_MELDS
    if more > 0:
        shown.append(say_n("{count} more meld of other suits and ranks", "{count} more melds of other suits and ranks", more))
    return (_does_not_fit(cards, say("{fits}: {melds}", fits=fits, melds=listing(shown))),)


def meld_of(kind: MeldKind, cards: Sequence[Card]) -> Sentence:
    """What a valid meld is made of, in words: "spades" for a run, "9s" for a set."""
    return ranks_word(cards[0].rank) if kind == MeldKind.SET else suits_word(cards[0].suit)


def meld_is(named: str, kind: MeldKind | None, cards: Sequence[Card], elided: bool = False) -> Sentence:
    """ "5♠ 6♠ 7♠ is a run of spades", "the meld J♦ J♥ J♠ is a set of jacks"; ``elided``, the
    second of a list, without its verb ("… and the meld J♦ J♥ J♠ a set of jacks")."""
    if kind == MeldKind.SET:
        ranks = ranks_word(cards[0].rank)
        return (
            say("{meld} a set of {ranks}", meld=named, ranks=ranks)
            if elided
            else say("{meld} is a set of {ranks}", meld=named, ranks=ranks)
        )
    suits = suits_word(cards[0].suit)
    return say("{meld} a run of {suits}", meld=named, suits=suits) if elided else say("{meld} is a run of {suits}", meld=named, suits=suits)


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
