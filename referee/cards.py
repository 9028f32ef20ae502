"""Cards and the deck (R1).

A :class:`Card` is an interned value: there are exactly 52 instances, so cards compare by
identity, hash cheaply and can be used as dict keys and set members. Parsing accepts every
spelling of the HTTP contract (``10H``, ``TH``, ``th``, ``10♥``, ``Q♠``, ``J♡``, ``♥️``) and
always answers with the canonical code (``10H``).
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Iterable, Sequence
from itertools import chain

from .speech import Sentence, say, term

RANKS = ("A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K")
SUITS = ("C", "D", "H", "S")
SUIT_SYMBOLS = {"C": "♣", "D": "♦", "H": "♥", "S": "♠"}
SUIT_NAMES = {"C": "clubs", "D": "diamonds", "H": "hearts", "S": "spades"}
RANK_NAMES = {1: "ace", 11: "jack", 12: "queen", 13: "king"}

# Alternative suit spellings accepted on input: white (outlined) symbols as well as black.
_SUIT_SPELLINGS = {
    "C": ("C", "c", "♣", "♧"),
    "D": ("D", "d", "♦", "♢"),
    "H": ("H", "h", "♥", "♡"),
    "S": ("S", "s", "♠", "♤"),
}
_VARIATION_SELECTOR = "\ufe0f"


class CardError(ValueError):
    """A card code that is not one of the accepted spellings of the 52 cards."""

    def __init__(self, text: object, message: Sentence) -> None:
        super().__init__(message)
        self.text = text
        self.message = message


class Card:
    """One of the 52 cards (R1). Never constructed directly: use :func:`parse_card` or ``DECK``.

    Attributes: ``rank`` 1 (ace) … 13 (king); ``suit`` one of ``C D H S``; ``index`` 0…51,
    suit-major in ``C D H S`` order; ``code`` canonical text (``"10H"``); ``points`` the
    card's value when left in hand (R14: A = 1, 2–10 face value, J Q K = 10).
    """

    __slots__ = ("rank", "suit", "suit_index", "index", "code", "symbol", "points")

    def __init__(self, rank: int, suit_index: int) -> None:
        self.rank = rank
        self.suit_index = suit_index
        self.suit = SUITS[suit_index]
        self.index = suit_index * 13 + rank - 1
        self.code = RANKS[rank - 1] + self.suit
        self.symbol = RANKS[rank - 1] + SUIT_SYMBOLS[self.suit]
        self.points = min(rank, 10)

    @property
    def rank_text(self) -> str:
        """The rank as printed on the card: ``A``, ``2`` … ``10``, ``J``, ``Q``, ``K``."""
        return RANKS[self.rank - 1]

    def __repr__(self) -> str:
        return f"parse_card({self.code!r})"

    def __str__(self) -> str:
        return self.symbol

    def __lt__(self, other: Card) -> bool:
        return self.index < other.index

    def __reduce__(self) -> tuple[Callable[[str], Card], tuple[str]]:  # interned: unpickle to the same instance
        return (parse_card, (self.code,))


DECK: tuple[Card, ...] = tuple(Card(rank, s) for s in range(4) for rank in range(1, 14))
"""The 52 cards in canonical order: A♣ … K♣, A♦ … K♦, A♥ … K♥, A♠ … K♠."""

_BY_SPELLING: dict[str, Card] = {}
for _card in DECK:
    _rank = RANKS[_card.rank - 1]
    _rank_spellings = {_rank, _rank.lower()}
    if _rank == "10":
        _rank_spellings |= {"T", "t"}
    for _r in _rank_spellings:
        for _s in _SUIT_SPELLINGS[_card.suit]:
            _BY_SPELLING[_r + _s] = _card
            if not _s.isascii():
                _BY_SPELLING[_r + _s + _VARIATION_SELECTOR] = _card


_DECK_SET = frozenset(DECK)


# --- R1, the one statement of what the deck is: 52 cards, each once ---------------------------


def is_whole_deck(cards: Sequence[Card]) -> bool:
    """R1: whether ``cards`` are the 52 cards of the deck, each exactly once."""
    return len(cards) == 52 and set(cards) == _DECK_SET


def repeats(places: Iterable[tuple[Hashable, Iterable[Card]]]) -> list[tuple[Hashable, int, Card, tuple[Hashable, int]]]:
    """R1: every card that appears again across ``places`` (each a place, any hashable name,
    and its cards), as ``(place, index, card, (first place, first index))``, in the order
    given. A card may be anywhere once; each later sighting is a repeat. Every check of "a
    card twice" asks this: a meld or a move (:func:`repeated`), a table
    (``validate_state``), a scored hand (``score_hand``), a pad's hand (``replay``)."""
    places = [(place, tuple(cards)) for place, cards in places]
    every = list(chain.from_iterable(cards for _, cards in places))
    if len(set(every)) == len(every):  # the usual answer, none, found at the speed of a set
        return []
    first: dict[Card, tuple[Hashable, int]] = {}
    found = []
    for place, cards in places:
        for i, card in enumerate(cards):
            if card in first:
                found.append((place, i, card, first[card]))
            else:
                first[card] = (place, i)
    return found


def repeated(cards: Sequence[Card]) -> tuple[Card, ...]:
    """R1: the cards named more than once in ``cards`` (one meld, one move), each once, in the
    order of their second sighting; () when none is (:func:`repeats`)."""
    if len(set(cards)) == len(cards):
        return ()
    return tuple(dict.fromkeys(card for _, _, card, _ in repeats([(None, cards)])))


def missing_from(cards: Iterable[Card]) -> list[Card]:
    """R1: the cards of the deck not among ``cards``, in deck order."""
    present = set(cards)
    return [c for c in DECK if c not in present]


def parse_card(text: object) -> Card:
    """Parse one card code in any accepted spelling (contract, Cards) into its :class:`Card`.

    Raises :class:`CardError` naming the token when it is not a card. Nothing is trimmed or
    guessed: ``" QS"`` and ``"Q S"`` are refused, never silently fixed.
    """
    card = _BY_SPELLING.get(text) if isinstance(text, str) else None
    if card is None:
        raise CardError(text, _card_error_message(text))
    return card


def _card_error_message(text: object) -> Sentence:
    if not isinstance(text, str):
        what = _NOT_TEXT.get(type(text), _NOT_TEXT[object])
        return say('a card is written as text in quotes, such as "QS" or "Q♠", not as {what}', what=what)
    shown = text if len(text) <= 20 else text[:20] + "…"
    return say(
        "{text} is not a card: write the rank (A, 2-10 or T, J, Q, K) then the suit (C, D, H, S or ♣ ♦ ♥ ♠), e.g. 10H, QS or Q♠",
        text=repr(shown),
    )


# What a JSON value that is not text is, for the sentence above.
_NOT_TEXT = {
    type(None): term("JSON value", "null"),
    bool: term("JSON value", "true or false"),
    int: term("JSON value", "a number"),
    float: term("JSON value", "a number"),
    list: term("JSON value", "a list"),
    tuple: term("JSON value", "a list"),
    dict: term("JSON value", "an object"),
    object: term("JSON value", "something else"),
}


def parse_cards(texts: Iterable[object]) -> tuple[Card, ...]:
    """Parse a sequence of card codes; raises :class:`CardError` at the first bad one."""
    return tuple(parse_card(t) for t in texts)


def card_by_spelling() -> dict[str, Card]:
    """The whole table of accepted spellings (read-only use): for bulk parsers."""
    return _BY_SPELLING


def codes(cards: Iterable[Card]) -> list[str]:
    """Canonical codes of ``cards``, in order."""
    return [c.code for c in cards]


def show(cards: Iterable[Card]) -> str:
    """Cards written for people, with suit symbols: ``"Q♠ K♠ A♠"``."""
    return " ".join(c.symbol for c in cards)


def rank_name(rank: int) -> str:
    """``"ace"``, ``"7"``, ``"queen"``… for messages."""
    return RANK_NAMES.get(rank, str(rank))
