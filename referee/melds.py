"""Melds: sets (R10), runs (R11), lay-offs (R6) and the words that explain a refusal (R12).

:func:`check_meld` answers "is this a meld, of what kind, and if not why not". A failed meld
is explained against what the cards were meant to be: more cards sharing a rank than a suit
reads as a set ("5♣ is not a 9"), the reverse as a run ("6♠ is not a heart").
:func:`check_lay_off` answers the same for cards added to a meld already on the table.
"""
from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, replace
from typing import Sequence

from .cards import Card, DECK, SUIT_NAMES, rank_name, show
from .errors import Problem, InvalidInput, Reason
from .rules import Rules

SET = "set"
RUN = "run"
_SUIT_ORDER = {"C": 0, "D": 1, "H": 2, "S": 3}


@dataclass(frozen=True, slots=True)
class MeldCheck:
    """The answer of :func:`check_meld`: ``valid``; ``kind`` ``"set"``/``"run"`` (None when
    invalid); ``cards`` in canonical order (runs by rank, sets by suit C D H S); ``reasons``
    (empty when valid); ``laid_off``, for a lay-off that fits (:func:`check_lay_off`), the cards
    added to the meld on the table."""

    valid: bool
    kind: str | None
    cards: tuple[Card, ...]
    reasons: tuple[Reason, ...] = ()
    laid_off: tuple[Card, ...] = ()

    @property
    def summary(self) -> str:
        """One sentence for the players at the table: the first reason of a refusal, else what
        the meld is ("5♠ 6♠ 7♠ is a run of spades"; for a lay-off "8♠ fits 5♠ 6♠ 7♠: 5♠ 6♠ 7♠ 8♠
        is a run of spades")."""
        if not self.valid:
            return self.reasons[0].message if self.reasons else f"{show(self.cards)} is not a meld"
        if self.kind == SET:
            what = f"{show(self.cards)} is a set of {rank_name(self.cards[0].rank)}s"
        else:
            what = f"{show(self.cards)} is a run of {SUIT_NAMES[self.cards[0].suit]}"
        if not self.laid_off:
            return what
        onto = tuple(c for c in self.cards if c not in self.laid_off)
        verb = "fits" if len(self.laid_off) == 1 else "fit"
        return f"{show(self.laid_off)} {verb} {show(onto)}: {what}"


def _ace_high(cards: Sequence[Card], rules: Rules) -> bool:
    """Whether the ace of a valid run sits above the King (only under ``aces: high_or_low``)."""
    ranks = {c.rank for c in cards}
    return rules.aces == "high_or_low" and 1 in ranks and 13 in ranks


def canonical_order(cards: Sequence[Card], kind: str | None, rules: Rules) -> tuple[Card, ...]:
    """Cards in the contract's canonical meld order: runs by rank (an ace above the King when it
    is played high), sets by suit C D H S; an invalid meld keeps the order given."""
    if kind == SET:
        return tuple(sorted(cards, key=lambda c: c.suit_index))
    if kind == RUN:
        high = _ace_high(cards, rules)
        return tuple(sorted(cards, key=lambda c: 14 if (high and c.rank == 1) else c.rank))
    return tuple(cards)


def _intent(cards: Sequence[Card]) -> str:
    """What a failed meld was meant to be, read from the cards: the larger group of one rank
    or of one suit decides; on a tie, distinct ranks read as a run."""
    by_rank = Counter(c.rank for c in cards).most_common(1)[0][1]
    by_suit = Counter(c.suit for c in cards).most_common(1)[0][1]
    if by_rank != by_suit:
        return SET if by_rank > by_suit else RUN
    return RUN if by_rank == 1 else SET


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
        reasons.append(Reason(
            "set_rank_mismatch",
            f"{shown} is not a set: {what}",
            odd,
            rule="R10",
        ))
    if len(cards) > 4:
        reasons.append(Reason(
            "set_too_large",
            f"{shown} is not a set: a set has three or four cards, never a fifth",
            tuple(cards),
            rule="R10",
        ))
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
        reasons.append(Reason(
            "run_suit_mismatch",
            f"{shown} is not a run: {what}",
            odd,
            rule="R11",
        ))
    if odd and len({c.rank for c in cards}) == len(cards) and _consecutive(sorted(c.rank for c in cards)):
        return reasons  # 5♠ 6♥ 7♠: the ranks are right, only the suit is wrong
    same = [c for c in cards if c.suit == suit]
    ranks = sorted({c.rank for c in same})
    if len(ranks) < len(same):  # two cards of one rank in one suit cannot happen in one deck
        return reasons
    has_ace, has_king = 1 in ranks, 13 in ranks
    if has_ace and has_king and 2 in ranks and not _consecutive(ranks):
        # K-A-2: the run would have to go round the corner.
        reasons.append(Reason(
            "run_wraps",
            f"{shown} is not a run: a run never wraps around from the King to the ace",
            tuple(same),
            rule="R11",
        ))
        return reasons
    if _consecutive(ranks):
        return reasons
    if has_ace and has_king:
        high = sorted(14 if r == 1 else r for r in ranks)
        if _consecutive(high):
            if rules.aces == "high_or_low":
                return reasons
            aces = tuple(c for c in same if c.rank == 1)
            reasons.append(Reason(
                "ace_high",
                f"{shown} is not a run: aces are low, so a run stops at the King",
                tuple(same) if len(same) <= 4 else aces,
                rule="R11",
            ))
            return reasons
        if rules.aces == "high_or_low":
            ranks = high
    missing = [r for r in range(ranks[0], ranks[-1] + 1) if r not in ranks]
    missing_cards = tuple(DECK[_SUIT_ORDER[suit] * 13 + (r if r != 14 else 1) - 1] for r in missing)
    what = show(missing_cards) if len(missing_cards) <= 4 else f"{len(missing_cards)} cards"
    reasons.append(Reason(
        "run_gap",
        f"{shown} is not a run: the ranks are not consecutive, {what} "
        f"{'is' if len(missing_cards) == 1 else 'are'} missing",
        tuple(same),
        rule="R11",
    ))
    return reasons


def _and(cards: Sequence[Card]) -> str:
    """"5♦ and 5♥", "5♦, 5♥ and 5♣"."""
    symbols = [c.symbol for c in cards]
    return symbols[0] if len(symbols) == 1 else f"{', '.join(symbols[:-1])} and {symbols[-1]}"


def _suit_word(suit: str) -> str:
    return {"C": "a club", "D": "a diamond", "H": "a heart", "S": "a spade"}[suit]


def _consecutive(ranks: Sequence[int]) -> bool:
    return ranks[-1] - ranks[0] == len(ranks) - 1


def _duplicates(cards: Sequence[Card]) -> tuple[Card, ...]:
    seen: set[Card] = set()
    doubled = []
    for c in cards:
        if c in seen and c not in doubled:
            doubled.append(c)
        seen.add(c)
    return tuple(doubled)


def check_meld(cards: Sequence[Card], rules: Rules) -> MeldCheck:
    """Is ``cards`` a meld (R10 set, R11 run)? Explain every fault if not (R12).

    Returns a :class:`MeldCheck`. Reason codes: ``too_few_cards``, ``duplicate_card``,
    ``set_rank_mismatch``, ``set_too_large``, ``run_suit_mismatch``, ``run_gap``, ``ace_high``,
    ``run_wraps``. Never raises for any sequence of cards.
    """
    cards = tuple(cards)
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
    reasons: list[Reason] = []
    shown = show(cards)
    if len(cards) < 3:
        reasons.append(Reason(
            "too_few_cards",
            (f"{shown} {'is' if len(cards) == 1 else 'are'} not a meld: " if cards else "No cards were given: ")
            + "a meld needs at least three cards",
            cards,
            rule="R10",
        ))
    doubled = _duplicates(cards)
    if doubled:
        reasons.append(Reason(
            "duplicate_card",
            f"{show(doubled)} {'is' if len(doubled) == 1 else 'are'} listed twice: "
            "there is only one of each card in the deck",
            doubled,
            rule="R1",
        ))
    if reasons and len(cards) < 3 or not cards:
        return MeldCheck(False, None, cards, tuple(reasons))
    distinct = tuple(dict.fromkeys(cards))
    if len(distinct) >= 3 or not reasons:
        kind = intent or _intent(distinct)
        reasons += _set_reasons(distinct) if kind == SET else _run_reasons(distinct, rules)
    if reasons:
        return MeldCheck(False, None, cards, tuple(reasons))
    kind = SET if len({c.rank for c in cards}) == 1 else RUN
    return MeldCheck(True, kind, canonical_order(cards, kind, rules), ())


def meld_kind(cards: Sequence[Card], rules: Rules) -> str | None:
    """``"set"``, ``"run"`` or None: the fast yes/no of :func:`check_meld` with no words.

    Used on hot paths (legal moves, lay-off fits); agrees with ``check_meld(...).kind``.
    """
    n = len(cards)
    if n < 3:
        return None
    first = cards[0]
    rank = first.rank
    if all(c.rank == rank for c in cards):
        return SET if n <= 4 and len(set(cards)) == n else None
    suit = first.suit
    if not all(c.suit == suit for c in cards):
        return None
    ranks = sorted(c.rank for c in cards)
    if ranks[-1] - ranks[0] == n - 1 and len(set(ranks)) == n:
        return RUN
    if rules.aces == "high_or_low" and ranks[0] == 1:
        high = sorted(14 if r == 1 else r for r in ranks)
        if high[-1] - high[0] == n - 1 and len(set(high)) == n:
            return RUN
    return None


def check_lay_off(meld: Sequence[Card], added: Sequence[Card], rules: Rules) -> MeldCheck:
    """Can ``added`` be laid off on the table meld ``meld`` (R6)?

    The meld with the added cards must be a valid meld of the same kind. Returns a
    :class:`MeldCheck` of the combined meld; when it fails, the first reason is ``does_not_fit``
    followed by the specific reasons of the combined cards (``ace_high``, ``run_gap``, …).
    Raises :class:`~referee.errors.InvalidInput` (path ``("onto",)``) when ``meld`` itself is
    not a valid meld.
    """
    base = check_meld(meld, rules)
    if not base.valid:
        raise InvalidInput([Problem(("onto",), f"onto is not a valid meld: {base.reasons[0].message}")])
    if not added:  # as apply_move judges a lay-off of no cards (R6)
        return MeldCheck(False, None, base.cards, (Reason("too_few_cards", "a lay-off needs at least one card", (), rule="R6"),))
    combined = tuple(base.cards) + tuple(added)
    result = check_meld(combined, rules)
    if result.valid and result.kind == base.kind:
        return replace(result, laid_off=tuple(c for c in result.cards if c in added))
    if not result.valid:  # explain against the meld on the table: 5♦ 5♥ on 5♠ 6♠ 7♠ is a run's fault
        result = explain_meld(combined, rules, intent=base.kind)
    specific = list(result.reasons)
    if result.valid:  # a valid meld, but of the other kind: cards on the table are never rearranged
        specific = [Reason(
            "kind_changed",
            f"{show(base.cards)} is a {base.kind}; adding {show(added)} would make it a {result.kind}",
            tuple(added),
            rule="R6",
        )]
    fit = Reason(
        "does_not_fit",
        f"{show(added)} {'does' if len(added) == 1 else 'do'} not fit {show(base.cards)}: "
        f"{_first_clause(specific[0].message)}",
        tuple(added),
        rule="R6",
    )
    return MeldCheck(False, None, combined, (fit, *specific))


def _first_clause(message: str) -> str:
    """The explanation part of a reason message ("… is not a run: <this>")."""
    return message.split(": ", 1)[1] if ": " in message else message


def fits(meld: Sequence[Card], kind: str, card: Card, rules: Rules) -> bool:
    """Whether one ``card`` can be laid off on a valid table meld of ``kind`` (fast path, R6)."""
    if kind == SET:
        return len(meld) < 4 and card.rank == meld[0].rank and card not in meld
    if card.suit_index != meld[0].suit_index:  # a run is of one suit: most cards stop here
        return False
    return meld_kind((*meld, card), rules) == RUN
