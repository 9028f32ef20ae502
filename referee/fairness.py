"""Provably fair deals (contract, Provably fair deals): a hand dealt from a committed secret seed
and the players' entropy, revealed once the hand is over, and checked by replaying it.

The deck (README, "Provably fair"), written so that it can be reimplemented elsewhere:

- ``seed``: 32 random bytes; ``commitment`` = SHA-256(seed), lower-case hex.
- A stream of 32-bit words: HMAC-SHA256 keyed by the seed over ``b"rummy-referee deck v1"``,
  one zero byte, the entropy's UTF-8 bytes (none when no entropy was given) and a 64-bit
  big-endian block counter 0, 1, 2, …; each 32-byte block is read as eight big-endian
  unsigned 32-bit words, in order.
- A whole number below ``n``: the next word ``w``, drawn again while ``w >= 2**32 - 2**32 % n``
  (rejection sampling, so every value is equally likely), then ``w % n``.
- Fisher–Yates (Durstenfeld) over the 52 cards in the order A♣ 2♣ … K♣, A♦ … K♦, A♥ … K♥,
  A♠ … K♠: for ``i`` from 51 down to 1, swap positions ``i`` and a number below ``i + 1``.
  Position 0 is the top card: the deal takes it first (R2, R3).

:func:`verify` checks a revealed hand with nothing but the referee itself: the commitment, the
deck, the deal, every draw from that deck through every restock (R17) and every move's
legality by :func:`~referee.moves.apply_move`. It names the first thing that does not hold.
"""

from __future__ import annotations

import hashlib
import hmac
import secrets
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass, fields
from enum import StrEnum
from typing import NamedTuple

from .actions import Action, Move, Source
from .cards import DECK, Card, show
from .deal import deal
from .errors import IllegalMove, InvalidInput, Reason
from .moves import apply_move as _apply_move
from .rules import Rules
from .seating import check_seating
from .stall import stall_words
from .state import State, Status, validate_state
from .view import Event

SEED_BYTES = 32
LABEL = b"rummy-referee deck v1\x00"
MAX_ENTROPY = 128  # characters (code points)


class FairCode(StrEnum):
    """The reason codes of :func:`verify`, one per thing that can fail to hold."""

    SEED_MISMATCH = "seed_mismatch"  # SHA-256(seed) is not the commitment
    DECK_MISMATCH = "deck_mismatch"  # the deck is not the one seed and entropy give (a card changed or swapped)
    ENTROPY_MISMATCH = "entropy_mismatch"  # the deck follows from another entropy than the one shown
    RULES_MISMATCH = "rules_mismatch"  # the record's rules are not the rules the check was asked for
    RECORD_INVALID = "record_invalid"  # the record's players or dealer cannot be a table (R2, R3)
    OTHER_HAND = "other_hand"  # the record's deal is not the deal of this deck: the record of another hand
    DRAW_MISMATCH = "draw_mismatch"  # a card drawn is not the card the deck (or the discard pile) put there
    ILLEGAL_MOVE = "illegal_move"  # a move the referee refuses at that point (out of order, not held…)
    MELD_MISMATCH = "meld_mismatch"  # a meld recorded under another id than the referee gave it
    UNFINISHED = "unfinished"  # the record stops while the hand is still being played
    EXPECT_MISMATCH = "expect_mismatch"  # the hand is not the one the player knows (their entropy, commitment, dealer, rules, cards)


def entropy_fault(entropy: str) -> str | None:
    """Why ``entropy`` is not entropy a request may send (contract, Provably fair deals: 1 to
    128 characters of printable ASCII, U+0020 to U+007E, no space at either end, so that
    nothing can hide in it); None when it may be sent."""
    if not 1 <= len(entropy) <= MAX_ENTROPY:
        return f"entropy must be 1 to {MAX_ENTROPY} characters"
    odd = next((c for c in entropy if not " " <= c <= "~"), None)
    if odd is not None:
        return (
            f"entropy must be printable ASCII (letters, digits, punctuation and spaces), so nothing can hide in it: it holds {visible(odd)}"
        )
    if entropy != entropy.strip(" "):
        return "entropy must not start or end with a space"
    return None


def visible(text: str) -> str:
    """``text`` with every character outside printable ASCII written as its code point (``U+200B``),
    so that a person reading it sees what is there: ``"ab[U+200B]"``."""
    return "".join(c if " " <= c <= "~" else f"[U+{ord(c):04X}]" for c in text)


def ordinal(n: int) -> str:
    """``1st``, ``2nd``, ``3rd``, ``11th``, ``22nd``…"""
    suffix = "th" if 10 <= n % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(n % 10, "th")
    return f"{n}{suffix}"


# --- the deck ----------------------------------------------------------------------------


def commitment(seed: bytes) -> str:
    """SHA-256 of the seed's bytes, lower-case hex (64 characters)."""
    return hashlib.sha256(seed).hexdigest()


def _words(seed: bytes, entropy: str) -> Iterator[int]:
    prefix = LABEL + entropy.encode("utf-8")
    counter = 0
    while True:
        block = hmac.digest(seed, prefix + counter.to_bytes(8, "big"), "sha256")
        for k in range(0, 32, 4):
            yield int.from_bytes(block[k : k + 4], "big")
        counter += 1


def _below(words: Iterator[int], n: int) -> int:
    limit = 2**32 - 2**32 % n
    while True:
        w = next(words)
        if w < limit:
            return w % n


def shuffled_deck(seed: bytes, entropy: str = "") -> tuple[Card, ...]:
    """The 52 cards, top card first, as seed and entropy order them (the module's algorithm).
    Raises UnicodeEncodeError for entropy with a lone surrogate (not UTF-8)."""
    deck = list(DECK)
    words = _words(seed, entropy)
    for i in range(51, 0, -1):
        j = _below(words, i + 1)
        deck[i], deck[j] = deck[j], deck[i]
    return tuple(deck)


@dataclass(frozen=True, slots=True)
class HandSeed:
    """The secret of one hand of a sealed table: ``seed`` (32 bytes) and the ``entropy`` the
    players gave ("" when none); with several contributors, ``contributions`` holds each
    (player, entropy) in seat order and ``entropy`` is :func:`combined_entropy` of them. Lives
    only inside the sealed token until the hand is over (the seed; the entropy is public)."""

    seed: bytes
    entropy: str = ""
    contributions: tuple[Contribution, ...] = ()

    @classmethod
    def fresh(cls, entropy: str | None = None) -> HandSeed:
        """A new seed from the operating system's CSPRNG (``secrets``)."""
        return cls(secrets.token_bytes(SEED_BYTES), entropy or "")

    @property
    def commitment(self) -> str:
        return commitment(self.seed)

    def deck(self) -> tuple[Card, ...]:
        return shuffled_deck(self.seed, self.entropy)


COMBINED_LABEL = b"rummy-referee entropy v2\x00"


class Contribution(NamedTuple):
    """One seat's entropy for a hand dealt from several: the ``player`` and the ``entropy``."""

    player: str
    entropy: str


def combined_entropy(contributions: Sequence[tuple[str, str]]) -> str:
    """The entropy a hand is dealt with when several seats each sent their own (version 2):
    ``"v2:"`` then the lower-case hex SHA-256 of ``b"rummy-referee entropy v2"``, a zero byte,
    and for each contribution in seat order the player's UTF-8 bytes, a zero byte, the entropy's
    bytes and a zero byte (67 printable characters). One contribution is used as it is (the
    version 1 derivation, unchanged)."""
    if len(contributions) == 1:
        return contributions[0][1]
    h = hashlib.sha256(COMBINED_LABEL)
    for player, entropy in contributions:
        h.update(player.encode() + b"\x00" + entropy.encode() + b"\x00")
    return "v2:" + h.hexdigest()


# --- the record --------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Record:
    """A hand as it was played: ``players`` in seat order, the ``dealer``, the ``rules``, the
    hands ``dealt`` and the ``up_card`` (as claimed: :func:`verify` checks them), and every move
    in order as an :class:`~referee.view.Event` whose draws carry the card drawn, from the stock
    too."""

    players: tuple[str, ...]
    dealer: str
    rules: Rules
    dealt: Mapping[str, tuple[Card, ...]]
    up_card: Card
    moves: tuple[Event, ...]


@dataclass(frozen=True, slots=True)
class Revealed:
    """``result.fairness``: the ``commitment``, the ``entropy``, the ``seed``, the ``deck`` as
    dealt (top card first), the :class:`Record` and, for a hand of several contributors, each
    seat's ``contributions`` (player, entropy) in seat order."""

    commitment: str
    entropy: str
    seed: bytes
    deck: tuple[Card, ...]
    record: Record | None
    contributions: tuple[Contribution, ...] = ()


def _move(e: Event) -> Move:
    if e.action == Action.DRAW:
        return Move.draw(e.player, e.drawn_from)
    if e.action == Action.DISCARD:
        return Move.discard(e.player, e.discarded)
    if e.action == Action.MELD:
        return Move.make_meld(e.player, e.cards)
    return Move.lay_off(e.player, e.cards, e.meld)


def dealt_state(deck: Sequence[Card], players: Sequence[str], rules: Rules, dealer: str) -> State:
    """The opening state ``deck`` deals (the referee's own deal, R2, R3)."""
    return validate_state(deal(players, rules, dealer, deck=deck))


def drawn_card(before: State, after: State, player: str) -> Card | None:
    """The card ``player`` drew going from ``before`` to ``after`` (it joins the end of the
    hand), or None when the draw ended the hand instead (R18: no card to turn over)."""
    hand = after.player(player).hand
    return hand[-1] if len(hand) > len(before.player(player).hand) else None


def _card(card: Card | None) -> str:
    return card.symbol if card is not None else "no card"


def reveal(hand: HandSeed, players: Sequence[str], dealer: str, rules: Rules, events: Sequence[Event]) -> Revealed:
    """The revealed hand of a sealed table: its deck dealt to ``players`` by ``dealer`` and the
    hand's ``events`` (every move as every player saw it) replayed through
    :func:`~referee.moves.apply_move` to learn each card drawn from the stock. ``record`` is
    None when the events are not the whole hand from its deal (only in a token sealed by an
    earlier version, which kept a hand's last 1,000 moves): the seed and the deck are revealed
    all the same."""
    deck = hand.deck()
    state = dealt_state(deck, players, rules, dealer)
    opening = state
    moves = []
    try:
        for e in events:
            after = _apply_move(state, _move(e))
            if e.action == Action.DRAW:
                e = Event(e.player, e.action, e.source, card=drawn_card(state, after, e.player))
            moves.append(e)
            state = after
    except (IllegalMove, InvalidInput):
        return Revealed(hand.commitment, hand.entropy, hand.seed, deck, None, hand.contributions)
    record = Record(tuple(players), dealer, rules, {p.id: p.hand for p in opening.players}, opening.discard[-1], tuple(moves))
    return Revealed(hand.commitment, hand.entropy, hand.seed, deck, record, hand.contributions)


# --- verification ------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Checked:
    """What a verified hand held: ``moves`` replayed, cards drawn from the stock
    (``stock_draws``: the draws that took a card, not a last draw that found no card and ended
    the hand, R18), ``restocks`` (R17), its ``outcome`` ("out" or "draw") and the names of the
    player's expectations it matched (``expected``, :class:`Expect`); zeros, None and nothing
    when it is not verified."""

    moves: int = 0
    stock_draws: int = 0
    restocks: int = 0
    outcome: str | None = None
    expected: tuple[str, ...] = ()


@dataclass(frozen=True, slots=True)
class Expect:
    """What the player knows from their own side (contract, Provably fair deals, ``expect``),
    each None when not known: the ``entropy`` their device sent, the ``commitment`` shown
    before they sent it (the last hand's ``next_commitment`` or a pledge's), the ``dealer``
    (R3, R19), the ``rules`` agreed (R21) and ``hand``: a player and the cards they were
    dealt (R2), in any order."""

    entropy: str | None = None
    commitment: str | None = None
    dealer: str | None = None
    rules: Rules | None = None
    hand: tuple[str, tuple[Card, ...]] | None = None

    def names(self) -> tuple[str, ...]:
        """The expectations given, in the order :func:`verify` compares them."""
        return tuple(f.name for f in fields(self) if getattr(self, f.name) is not None)


@dataclass(frozen=True, slots=True)
class Verdict:
    """The answer of :func:`verify`: ``verified``, the ``reasons`` (the first thing that does
    not hold; empty when verified), a ``summary`` sentence, and what was :class:`Checked`."""

    verified: bool
    reasons: tuple[Reason, ...]
    summary: str
    checked: Checked = Checked()


@dataclass(frozen=True, slots=True)
class FairReason(Reason):
    """A reason of :func:`verify`: a :class:`~referee.errors.Reason` whose ``expect`` names the
    expectation the hand does not match (``entropy``, ``commitment``, ``dealer``, ``rules``,
    ``hand``; None for any other reason)."""

    expect: str | None = None


def _refused(code: FairCode, message: str, cards: Sequence[Card] = (), rule: str | None = None) -> Verdict:
    reason = FairReason(code, message, tuple(cards), rule)  # type: ignore[arg-type]  # a FairCode, not a move's Code
    return Verdict(False, (reason,), f"Not verified: {message}.")


def _rules_differ(a: Rules, b: Rules) -> str:
    """The options (R21) whose values differ, by their names in a request's ``rules``."""
    return ", ".join(f.name for f in fields(Rules) if not f.name.startswith("_") and getattr(a, f.name) != getattr(b, f.name))


def _unexpected(revealed: Revealed, expect: Expect) -> list[FairReason]:
    """Each expectation the revealed hand does not match, in :meth:`Expect.names` order, said
    to the player whose expectations they are."""
    out: list[FairReason] = []

    def differs(name: str, message: str, cards: Sequence[Card] = (), rule: str | None = None) -> None:
        out.append(FairReason(FairCode.EXPECT_MISMATCH, message, tuple(cards), rule, name))  # type: ignore[arg-type]

    rec = revealed.record
    sent = dict(revealed.contributions)
    if sent and expect.hand is not None:
        ok_entropy = sent.get(expect.hand[0]) == expect.entropy
    else:
        ok_entropy = expect.entropy == revealed.entropy or expect.entropy in sent.values()
    if expect.entropy is not None and not ok_entropy:
        differs(
            "entropy",
            f'the hand was shuffled with the entropy "{visible(revealed.entropy)}", not the "{visible(expect.entropy)}" you sent: '
            "the service changed your entropy, so it could have chosen the deal",
        )
    if expect.commitment is not None and expect.commitment.lower() != revealed.commitment.lower():
        differs(
            "commitment",
            f"the hand's commitment is {revealed.commitment.lower()[:16]}…, not the {expect.commitment.lower()[:16]}… you were shown "
            "before you sent your entropy: the deck may have been chosen after it arrived",
        )
    if rec is None:
        return out
    if expect.dealer is not None and expect.dealer != rec.dealer:
        differs("dealer", f"the record says {rec.dealer} dealt, not {expect.dealer}", rule="R3")
    if expect.rules is not None and expect.rules != rec.rules:
        differs(
            "rules",
            f"the hand was played under other rules than the ones you agreed ({_rules_differ(expect.rules, rec.rules)} differ)",
            rule="R21",
        )
    if expect.hand is not None:
        player, cards = expect.hand
        if player not in rec.dealt:
            differs("hand", f"{player} is not a player of the hand revealed: it is another table's hand")
        elif sorted(c.index for c in cards) != sorted(c.index for c in rec.dealt[player]):
            dealt = rec.dealt[player]
            differs(
                "hand",
                f"the hand revealed deals {player} {show(dealt)}, not the {show(cards)} you were dealt: it is another hand than yours",
                [c for c in dealt if c not in cards],
                "R2",
            )
    return out


def _deck_fault(revealed: Revealed) -> Verdict | None:
    """Why the revealed deck is not the deck its seed and entropy give (:func:`shuffled_deck`):
    entropy no player could have sent (not printable ASCII: :func:`entropy_fault`) or that cannot
    be written in UTF-8, cards doubled, two cards swapped, or the order of another entropy (or
    deck), or, at a table of several human seats, entropy that is not their contributions
    combined; None when it is that deck."""
    if revealed.contributions:
        bad = next((f"{p}'s" for p, e in revealed.contributions if entropy_fault(e) is not None), None)
        if bad is None and combined_entropy(revealed.contributions) != revealed.entropy:
            bad = "the combination of the seats'"
        if bad is not None:
            return _refused(
                FairCode.ENTROPY_MISMATCH,
                f"the entropy the deck follows from is not {bad} entropy as the algorithm combines it (version 2), "
                "so it is not the entropy the players sent",
            )
    fault = entropy_fault(revealed.entropy) if revealed.entropy else None
    if fault is not None:
        return _refused(
            FairCode.ENTROPY_MISMATCH,
            f'the entropy "{visible(revealed.entropy)}" is not entropy the service accepts from a player '
            f"({fault[0].lower()}{fault[1:]}), so it is not the entropy a player sent",
        )
    try:
        made = shuffled_deck(revealed.seed, revealed.entropy)
    except UnicodeEncodeError:
        return _refused(FairCode.ENTROPY_MISMATCH, "the entropy is not text that can be written in UTF-8, so no deck follows from it")
    given, entropy = tuple(revealed.deck), revealed.entropy
    if given == made:
        return None
    doubled = sorted({c for c in given if given.count(c) > 1})
    if doubled:
        lacking = [c for c in made if c not in given]
        return _refused(
            FairCode.DECK_MISMATCH,
            f"the deck holds {show(doubled)} twice and lacks {show(lacking)}: it is not the deck the seed and the entropy give",
            [*doubled, *lacking],
        )
    diff = [i for i, (a, b) in enumerate(zip(given, made, strict=True)) if a is not b]
    if len(diff) == 2:
        i, j = diff
        return _refused(
            FairCode.DECK_MISMATCH,
            f"the deck's {ordinal(i + 1)} and {ordinal(j + 1)} cards ({given[i].symbol} and {given[j].symbol}) are swapped: "
            f"the seed and the entropy put {made[i].symbol} {ordinal(i + 1)} and {made[j].symbol} {ordinal(j + 1)}",
            [given[i], given[j]],
        )
    i = diff[0]
    shown = f'the entropy "{entropy}"' if entropy else "no entropy"
    return _refused(
        FairCode.ENTROPY_MISMATCH if len(diff) > 4 else FairCode.DECK_MISMATCH,
        f"the deck does not follow from this seed and {shown}: {len(diff)} of its 52 cards are elsewhere, from the "
        f"{ordinal(i + 1)} card on ({given[i].symbol}, where they put {made[i].symbol}), so the entropy or the deck is not the one dealt",
        [given[i], made[i]],
    )


def _describe(e: Event) -> str:
    if e.action == Action.DRAW:
        return f"{e.player} draws from the {'stock' if e.source == Source.STOCK else 'discard pile'}"
    if e.action == Action.DISCARD:
        return f"{e.player} discards {e.discarded.symbol}"
    verb = "melds" if e.action == Action.MELD else "lays off"
    return f"{e.player} {verb} {show(e.cards)}" + (f" on {e.meld}" if e.action == Action.LAY_OFF and e.meld else "")


def verify(revealed: Revealed, rules: Rules | None = None, expect: Expect | None = None) -> Verdict:
    """Check a revealed hand (``result.fairness``) with no key and no stored state: SHA-256 of
    the seed is the commitment; the deck follows from seed and entropy; the record's deal is
    that deck's; every move is legal where it stands (by :func:`~referee.moves.apply_move`) and
    every card drawn is the one the stock (restocks included, R17) or the discard pile held;
    the record ends with the hand over. ``rules``, when given, must be the record's. The entropy
    is entropy a request may send (:func:`entropy_fault`), or "" for none.

    ``expect`` (:class:`Expect`) is compared first: a check proves nothing about what the
    checker did not compare with what they know, so every expectation the hand does not match
    is a reason (``expect_mismatch``) and the hand is not verified.

    Returns a :class:`Verdict` naming the first thing that does not hold (every expectation
    not matched, when any is not)."""
    if expect is not None:
        unexpected = _unexpected(revealed, expect)
        if unexpected:
            said = "; ".join(r.message for r in unexpected)
            return Verdict(False, tuple(unexpected), f"Not verified: {said}.")
    if commitment(revealed.seed) != revealed.commitment.lower():
        return _refused(
            FairCode.SEED_MISMATCH,
            f"the seed does not match the commitment: its SHA-256 is {commitment(revealed.seed)[:16]}…, "
            f"the commitment shown during the hand is {revealed.commitment.lower()[:16]}…",
        )
    fault = _deck_fault(revealed)
    if fault is not None:
        return fault
    made = tuple(revealed.deck)  # the deck seed and entropy give (cards are interned: the same 52 objects)
    rec = revealed.record
    if rec is None:
        return _refused(FairCode.UNFINISHED, "there is no record of the hand's moves to check")
    if rules is not None and rules != rec.rules:
        return _refused(
            FairCode.RULES_MISMATCH, f"the record was played under other rules than these ({_rules_differ(rules, rec.rules)} differ)"
        )
    problems = check_seating(rec.players, rec.dealer)
    if problems:
        return _refused(FairCode.RECORD_INVALID, f"the record's table is not a real one: {problems[0].message}")
    state = dealt_state(made, rec.players, rec.rules, rec.dealer)
    for p in state.players:
        claimed = tuple(rec.dealt.get(p.id, ()))
        if claimed != p.hand or set(rec.dealt) != set(rec.players):
            return _refused(
                FairCode.OTHER_HAND,
                f"the record is of another hand: the deck deals {p.id} {show(p.hand)}, but the record says {p.id} was dealt "
                f"{show(claimed) or 'nothing'}",
                p.hand,
            )
    if rec.up_card is not state.discard[-1]:
        return _refused(
            FairCode.OTHER_HAND,
            f"the record is of another hand: the deck turns up {state.discard[-1].symbol} to start the discard pile, the record {rec.up_card.symbol}",
            [state.discard[-1], rec.up_card],
        )
    drawn = taken = 0  # draws from the stock; those that took a card (R18's last draw finds none)
    for n, e in enumerate(rec.moves, start=1):
        if state.status != Status.PLAYING:
            return _refused(FairCode.ILLEGAL_MOVE, f"move {n} ({_describe(e)}) comes after the hand was over")
        try:
            after = _apply_move(state, _move(e))
        except (IllegalMove, InvalidInput) as refused:
            why = refused.reasons[0].message if isinstance(refused, IllegalMove) else str(refused)
            return _refused(
                FairCode.ILLEGAL_MOVE,
                f"move {n} ({_describe(e)}) is not legal after the moves before it: {why}",
                refused.reasons[0].cards if isinstance(refused, IllegalMove) else (),
            )
        if e.action == Action.DRAW:
            got = drawn_card(state, after, e.player)
            if e.source == Source.STOCK:
                drawn += 1
                taken += got is not None
                if e.card is not got:
                    where = (
                        f"the stock, turned over from the discard pile {after.restocks} time{'s' if after.restocks != 1 else ''} (R17), put"
                        if after.restocks
                        else "the deck put"
                    )
                    return _refused(
                        FairCode.DRAW_MISMATCH,
                        f"the {ordinal(drawn)} card drawn from the stock (move {n}, {e.player}) was "
                        f"{_card(e.card)}, but {where} {_card(got)} there",
                        [c for c in (e.card, got) if c is not None],
                        "R17" if after.restocks else "R4",
                    )
            elif e.card is not got:
                return _refused(
                    FairCode.DRAW_MISMATCH,
                    f"move {n}: {e.player} took {_card(got)} from the discard pile, not {_card(e.card)}",
                    [c for c in (e.card, got) if c is not None],
                    "R4",
                )
        elif e.action == Action.MELD and e.meld is not None:
            new = next((m.id for m in after.melds if m.id not in {x.id for x in state.melds}), None)
            if new != e.meld:
                return _refused(FairCode.MELD_MISMATCH, f"move {n} ({_describe(e)}) made meld {new}, not {e.meld}", e.cards)
        state = after
    if state.status == Status.PLAYING:
        return _refused(
            FairCode.UNFINISHED,
            f"the record stops after {len(rec.moves)} moves with the hand still being played ({state.turn.player} to move)",
        )
    result = state.result()
    assert result is not None, "the hand is over: it has a result"
    ended = (
        f"{result.winner} went out" + (" going rummy" if result.rummy else "")
        if result.outcome == Status.OUT
        else f"the hand was a draw: {stall_words(len(state.players))} (R18a)"
        if state.stalled
        else "the hand was a draw: the stock ran out (R18)"
    )
    turned = f" through {state.restocks} restock{'s' if state.restocks != 1 else ''}" if state.restocks else ""
    summary = (
        f"Verified: the seed matches the commitment, the deck follows from the seed and "
        f"{'the entropy' if revealed.entropy else 'no entropy'}, the deal and all {taken} cards drawn from the stock{turned} "
        f"came from that deck, and all {len(rec.moves)} moves were legal; {ended}. "
    )
    expected = expect.names() if expect is not None else ()
    if expected:
        summary += f"It is the hand you know: {_and([EXPECTED_WORDS[name] for name in expected])} match."
    else:
        summary += (
            "Nothing was compared with what you know (the entropy you sent, the commitment you were shown, your cards): "
            "this shows the hand is consistent, not that it is yours."
        )
    return Verdict(True, (), summary, Checked(len(rec.moves), taken, state.restocks, result.outcome.value, expected))


EXPECTED_WORDS = {
    "entropy": "the entropy you sent",
    "commitment": "the commitment you were shown",
    "dealer": "the dealer",
    "rules": "the rules you agreed",
    "hand": "the cards you were dealt",
}


def _and(words: Sequence[str]) -> str:
    return words[0] if len(words) == 1 else f"{', '.join(words[:-1])} and {words[-1]}"
