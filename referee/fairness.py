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
from .speech import Listing, Ordinal, Sentence, say, say_n, term
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


def entropy_fault(entropy: str) -> Sentence | None:
    """Why ``entropy`` is not entropy a request may send (contract, Provably fair deals: 1 to
    128 characters of printable ASCII, U+0020 to U+007E, no space at either end, so that
    nothing can hide in it); None when it may be sent."""
    if not 1 <= len(entropy) <= MAX_ENTROPY:
        return say("entropy must be 1 to {max} characters", max=MAX_ENTROPY)
    odd = next((c for c in entropy if not " " <= c <= "~"), None)
    if odd is not None:
        return say(
            "entropy must be printable ASCII (letters, digits, punctuation and spaces), so nothing can hide in it: it holds {char}",
            char=visible(odd),
        )
    if entropy != entropy.strip(" "):
        return say("entropy must not start or end with a space")
    return None


def visible(text: str) -> str:
    """``text`` with every character outside printable ASCII written as its code point (``U+200B``),
    so that a person reading it sees what is there: ``"ab[U+200B]"``."""
    return "".join(c if " " <= c <= "~" else f"[U+{ord(c):04X}]" for c in text)


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
    return card.symbol if card is not None else term("card drawn", "no card")


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


def _refused(code: FairCode, message: Sentence, cards: Sequence[Card] = (), rule: str | None = None) -> Verdict:
    reason = FairReason(code, message, tuple(cards), rule)  # type: ignore[arg-type]  # a FairCode, not a move's Code
    return Verdict(False, (reason,), say("Not verified: {why}.", why=message))


def _rules_differ(a: Rules, b: Rules) -> str:
    """The options (R21) whose values differ, by their names in a request's ``rules``."""
    return ", ".join(f.name for f in fields(Rules) if not f.name.startswith("_") and getattr(a, f.name) != getattr(b, f.name))


def _unexpected(revealed: Revealed, expect: Expect) -> list[FairReason]:
    """Each expectation the revealed hand does not match, in :meth:`Expect.names` order, said
    to the player whose expectations they are."""
    out: list[FairReason] = []

    def differs(name: str, message: Sentence, cards: Sequence[Card] = (), rule: str | None = None) -> None:
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
            say(
                'the hand was shuffled with the entropy "{shuffled}", not the "{sent}" you sent: '
                "the service changed your entropy, so it could have chosen the deal",
                shuffled=visible(revealed.entropy),
                sent=visible(expect.entropy),
            ),
        )
    if expect.commitment is not None and expect.commitment.lower() != revealed.commitment.lower():
        differs(
            "commitment",
            say(
                "the hand's commitment is {actual}…, not the {shown}… you were shown "
                "before you sent your entropy: the deck may have been chosen after it arrived",
                actual=revealed.commitment.lower()[:16],
                shown=expect.commitment.lower()[:16],
            ),
        )
    if rec is None:
        return out
    if expect.dealer is not None and expect.dealer != rec.dealer:
        differs("dealer", say("the record says {dealer} dealt, not {expected}", dealer=rec.dealer, expected=expect.dealer), rule="R3")
    if expect.rules is not None and expect.rules != rec.rules:
        differs(
            "rules",
            say(
                "the hand was played under other rules than the ones you agreed ({options} differ)",
                options=_rules_differ(expect.rules, rec.rules),
            ),
            rule="R21",
        )
    if expect.hand is not None:
        player, cards = expect.hand
        if player not in rec.dealt:
            differs("hand", say("{player} is not a player of the hand revealed: it is another table's hand", player=player))
        elif sorted(c.index for c in cards) != sorted(c.index for c in rec.dealt[player]):
            dealt = rec.dealt[player]
            differs(
                "hand",
                say(
                    "the hand revealed deals {player} {dealt}, not the {cards} you were dealt: it is another hand than yours",
                    player=player,
                    dealt=show(dealt),
                    cards=show(cards),
                ),
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
        bad = next((p for p, e in revealed.contributions if entropy_fault(e) is not None), None)
        if bad is not None:
            return _refused(
                FairCode.ENTROPY_MISMATCH,
                say(
                    "the entropy the deck follows from is not {player}'s entropy as the algorithm combines it (version 2), "
                    "so it is not the entropy the players sent",
                    player=bad,
                ),
            )
        if combined_entropy(revealed.contributions) != revealed.entropy:
            return _refused(
                FairCode.ENTROPY_MISMATCH,
                say(
                    "the entropy the deck follows from is not the combination of the seats' entropy as the algorithm combines it "
                    "(version 2), so it is not the entropy the players sent"
                ),
            )
    fault = entropy_fault(revealed.entropy) if revealed.entropy else None
    if fault is not None:  # each fault is said from "entropy", lower case, as this clause needs
        return _refused(
            FairCode.ENTROPY_MISMATCH,
            say(
                'the entropy "{entropy}" is not entropy the service accepts from a player ({fault}), so it is not the entropy a player sent',
                entropy=visible(revealed.entropy),
                fault=fault,
            ),
        )
    try:
        made = shuffled_deck(revealed.seed, revealed.entropy)
    except UnicodeEncodeError:
        return _refused(FairCode.ENTROPY_MISMATCH, say("the entropy is not text that can be written in UTF-8, so no deck follows from it"))
    given, entropy = tuple(revealed.deck), revealed.entropy
    if given == made:
        return None
    doubled = sorted({c for c in given if given.count(c) > 1})
    if doubled:
        lacking = [c for c in made if c not in given]
        return _refused(
            FairCode.DECK_MISMATCH,
            say(
                "the deck holds {doubled} twice and lacks {lacking}: it is not the deck the seed and the entropy give",
                doubled=show(doubled),
                lacking=show(lacking),
            ),
            [*doubled, *lacking],
        )
    diff = [i for i, (a, b) in enumerate(zip(given, made, strict=True)) if a is not b]
    if len(diff) == 2:
        i, j = diff
        return _refused(
            FairCode.DECK_MISMATCH,
            say(
                "the deck's {first} and {second} cards ({a} and {b}) are swapped: the seed and the entropy put {c} {first} and {d} {second}",
                first=Ordinal(i + 1),
                second=Ordinal(j + 1),
                a=given[i].symbol,
                b=given[j].symbol,
                c=made[i].symbol,
                d=made[j].symbol,
            ),
            [given[i], given[j]],
        )
    i = diff[0]
    params = {"count": len(diff), "nth": Ordinal(i + 1), "card": given[i].symbol, "put": made[i].symbol}
    if entropy:
        why = say(
            'the deck does not follow from this seed and the entropy "{entropy}": {count} of its 52 cards are elsewhere, from the '
            "{nth} card on ({card}, where they put {put}), so the entropy or the deck is not the one dealt",
            entropy=entropy,
            **params,
        )
    else:
        why = say(
            "the deck does not follow from this seed and no entropy: {count} of its 52 cards are elsewhere, from the "
            "{nth} card on ({card}, where they put {put}), so the entropy or the deck is not the one dealt",
            **params,
        )
    return _refused(FairCode.ENTROPY_MISMATCH if len(diff) > 4 else FairCode.DECK_MISMATCH, why, [given[i], made[i]])


def _describe(e: Event) -> Sentence:
    """A move of the record as a clause: "ana draws from the stock", "ben lays off 8♠ on m2"
    (:func:`referee.history._what` names the same moves as noun phrases)."""
    if e.action == Action.DRAW:
        if e.source == Source.DISCARD_PILE:
            return say("{player} draws from the discard pile", player=e.player)
        return say("{player} draws from the stock", player=e.player)
    if e.action == Action.DISCARD:
        return say("{player} discards {card}", player=e.player, card=e.discarded.symbol)
    if e.action == Action.MELD:
        return say("{player} melds {cards}", player=e.player, cards=show(e.cards))
    if e.meld:
        return say("{player} lays off {cards} on {meld}", player=e.player, cards=show(e.cards), meld=e.meld)
    return say("{player} lays off {cards}", player=e.player, cards=show(e.cards))


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
            said = unexpected[0].message
            for r in unexpected[1:]:
                said = say("{first}; {then}", first=said, then=r.message)
            return Verdict(False, tuple(unexpected), say("Not verified: {why}.", why=said))
    if commitment(revealed.seed) != revealed.commitment.lower():
        return _refused(
            FairCode.SEED_MISMATCH,
            say(
                "the seed does not match the commitment: its SHA-256 is {hash}…, the commitment shown during the hand is {commitment}…",
                hash=commitment(revealed.seed)[:16],
                commitment=revealed.commitment.lower()[:16],
            ),
        )
    fault = _deck_fault(revealed)
    if fault is not None:
        return fault
    made = tuple(revealed.deck)  # the deck seed and entropy give (cards are interned: the same 52 objects)
    rec = revealed.record
    if rec is None:
        return _refused(FairCode.UNFINISHED, say("there is no record of the hand's moves to check"))
    if rules is not None and rules != rec.rules:
        return _refused(
            FairCode.RULES_MISMATCH,
            say("the record was played under other rules than these ({options} differ)", options=_rules_differ(rules, rec.rules)),
        )
    problems = check_seating(rec.players, rec.dealer)
    if problems:
        return _refused(FairCode.RECORD_INVALID, say("the record's table is not a real one: {why}", why=problems[0].message))
    state = dealt_state(made, rec.players, rec.rules, rec.dealer)
    for p in state.players:
        claimed = tuple(rec.dealt.get(p.id, ()))
        if claimed != p.hand or set(rec.dealt) != set(rec.players):
            if claimed:
                why = say(
                    "the record is of another hand: the deck deals {player} {cards}, but the record says {player} was dealt {claimed}",
                    player=p.id,
                    cards=show(p.hand),
                    claimed=show(claimed),
                )
            else:
                why = say(
                    "the record is of another hand: the deck deals {player} {cards}, but the record says {player} was dealt nothing",
                    player=p.id,
                    cards=show(p.hand),
                )
            return _refused(FairCode.OTHER_HAND, why, p.hand)
    if rec.up_card is not state.discard[-1]:
        return _refused(
            FairCode.OTHER_HAND,
            say(
                "the record is of another hand: the deck turns up {card} to start the discard pile, the record {claimed}",
                card=state.discard[-1].symbol,
                claimed=rec.up_card.symbol,
            ),
            [state.discard[-1], rec.up_card],
        )
    drawn = taken = 0  # draws from the stock; those that took a card (R18's last draw finds none)
    for n, e in enumerate(rec.moves, start=1):
        if state.status != Status.PLAYING:
            return _refused(FairCode.ILLEGAL_MOVE, say("move {n} ({move}) comes after the hand was over", n=n, move=_describe(e)))
        try:
            after = _apply_move(state, _move(e))
        except (IllegalMove, InvalidInput) as refused:
            because = refused.reasons[0].message if isinstance(refused, IllegalMove) else _said_problems(refused)
            return _refused(
                FairCode.ILLEGAL_MOVE,
                say("move {n} ({move}) is not legal after the moves before it: {why}", n=n, move=_describe(e), why=because),
                refused.reasons[0].cards if isinstance(refused, IllegalMove) else (),
            )
        if e.action == Action.DRAW:
            got = drawn_card(state, after, e.player)
            if e.source == Source.STOCK:
                drawn += 1
                taken += got is not None
                if e.card is not got:
                    seen = {"nth": Ordinal(drawn), "move": n, "player": e.player, "card": _card(e.card), "put": _card(got)}
                    if after.restocks:
                        why = say_n(
                            "the {nth} card drawn from the stock (move {move}, {player}) was {card}, but the stock, "
                            "turned over from the discard pile {count} time (R17), put {put} there",
                            "the {nth} card drawn from the stock (move {move}, {player}) was {card}, but the stock, "
                            "turned over from the discard pile {count} times (R17), put {put} there",
                            after.restocks,
                            **seen,
                        )
                    else:
                        why = say(
                            "the {nth} card drawn from the stock (move {move}, {player}) was {card}, but the deck put {put} there", **seen
                        )
                    return _refused(
                        FairCode.DRAW_MISMATCH,
                        why,
                        [c for c in (e.card, got) if c is not None],
                        "R17" if after.restocks else "R4",
                    )
            elif e.card is not got:
                return _refused(
                    FairCode.DRAW_MISMATCH,
                    say(
                        "move {n}: {player} took {got} from the discard pile, not {card}",
                        n=n,
                        player=e.player,
                        got=_card(got),
                        card=_card(e.card),
                    ),
                    [c for c in (e.card, got) if c is not None],
                    "R4",
                )
        elif e.action == Action.MELD and e.meld is not None:
            new = next((m.id for m in after.melds if m.id not in {x.id for x in state.melds}), None)
            if new != e.meld:
                return _refused(
                    FairCode.MELD_MISMATCH,
                    say("move {n} ({move}) made meld {new}, not {meld}", n=n, move=_describe(e), new=str(new), meld=e.meld),
                    e.cards,
                )
        state = after
    if state.status == Status.PLAYING:
        return _refused(
            FairCode.UNFINISHED,
            say_n(  # English says "moves" after any number, as it did
                "the record stops after {count} moves with the hand still being played ({player} to move)",
                "the record stops after {count} moves with the hand still being played ({player} to move)",
                len(rec.moves),
                player=state.turn.player,
            ),
        )
    result = state.result()
    assert result is not None, "the hand is over: it has a result"
    if result.outcome == Status.OUT:
        if result.rummy:
            ended = say("{player} went out going rummy", player=result.winner)
        else:
            ended = say("{player} went out", player=result.winner)
    elif state.stalled:
        ended = say("the hand was a draw: {why} (R18a)", why=stall_words(len(state.players)))
    else:
        ended = say("the hand was a draw: the stock ran out (R18)")
    checked = {"taken": taken, "moves": len(rec.moves), "ended": ended}
    if state.restocks and revealed.entropy:
        verified = say_n(
            "Verified: the seed matches the commitment, the deck follows from the seed and the entropy, the deal and all {taken} "
            "cards drawn from the stock through {count} restock came from that deck, and all {moves} moves were legal; {ended}.",
            "Verified: the seed matches the commitment, the deck follows from the seed and the entropy, the deal and all {taken} "
            "cards drawn from the stock through {count} restocks came from that deck, and all {moves} moves were legal; {ended}.",
            state.restocks,
            **checked,
        )
    elif state.restocks:
        verified = say_n(
            "Verified: the seed matches the commitment, the deck follows from the seed and no entropy, the deal and all {taken} "
            "cards drawn from the stock through {count} restock came from that deck, and all {moves} moves were legal; {ended}.",
            "Verified: the seed matches the commitment, the deck follows from the seed and no entropy, the deal and all {taken} "
            "cards drawn from the stock through {count} restocks came from that deck, and all {moves} moves were legal; {ended}.",
            state.restocks,
            **checked,
        )
    elif revealed.entropy:
        verified = say(
            "Verified: the seed matches the commitment, the deck follows from the seed and the entropy, the deal and all {taken} "
            "cards drawn from the stock came from that deck, and all {moves} moves were legal; {ended}.",
            **checked,
        )
    else:
        verified = say(
            "Verified: the seed matches the commitment, the deck follows from the seed and no entropy, the deal and all {taken} "
            "cards drawn from the stock came from that deck, and all {moves} moves were legal; {ended}.",
            **checked,
        )
    expected = expect.names() if expect is not None else ()
    if expected:
        compared = say("It is the hand you know: {things} match.", things=Listing(tuple(EXPECTED_WORDS[name] for name in expected)))
    else:
        compared = say(
            "Nothing was compared with what you know (the entropy you sent, the commitment you were shown, your cards): "
            "this shows the hand is consistent, not that it is yours."
        )
    summary = say("{verified} {compared}", verified=verified, compared=compared)
    return Verdict(True, (), summary, Checked(len(rec.moves), taken, state.restocks, result.outcome.value, expected))


EXPECTED_WORDS = {
    "entropy": term("what you know", "the entropy you sent"),
    "commitment": term("what you know", "the commitment you were shown"),
    "dealer": term("what you know", "the dealer"),
    "rules": term("what you know", "the rules you agreed"),
    "hand": term("what you know", "the cards you were dealt"),
}


def _said_problems(bad: InvalidInput) -> Sentence | str:
    """The core's account of input that cannot be true, as one clause: its problems' sentences
    joined by "; " (as ``str(bad)`` says them in English)."""
    said: Sentence | str = bad.problems[0].message if bad.problems else str(bad)
    for p in bad.problems[1:]:
        said = say("{first}; {then}", first=said, then=p.message)
    return said
