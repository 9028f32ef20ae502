"""Who sits at the table, how names are compared and shown, and how many cards each is dealt
(R2, R2a)."""

from __future__ import annotations

import unicodedata
from collections.abc import Iterable, Sequence
from functools import lru_cache
from typing import Protocol, TypeVar

from .confusables import skeleton
from .errors import Problem
from .speech import Sentence, say, term

MIN_PLAYERS, MAX_PLAYERS = 2, 6

# The dot above that case folding writes after an i (İ → i̇): Turkish İlker and ilker are one player.
_DOT_ABOVE = "\u0307"


@lru_cache(maxsize=4096)
def name_key(name: str) -> str:
    """The form in which player names are compared (R2a); two names with one key name the same
    player. NFKC (full-width and other compatibility letters as their plain forms: ``ａｎａ``,
    ``ﬁona``), case folded in every script (``Ana``, ``ΟΔΥΣΣΕΥΣ``; ``İlker`` as ``ilker``), small
    capitals as their letters (``ᴀɴᴀ``), runs of spaces as one, then Unicode's confusable skeleton
    (UTS #39: Cyrillic ``аnа`` and Greek ``Αna`` read as Latin ``ana``, dotless ``lıa`` as
    ``lia``), case folded again. Accents count: ``Ana`` and ``Ána`` are two players. Remembered:
    the same few names come with every request of a game."""
    folded = unicodedata.normalize("NFKC", name).casefold()
    letters = unicodedata.normalize("NFD", "".join(_small_capital(ch) for ch in folded))
    undotted = "".join(ch for i, ch in enumerate(letters) if not (ch == _DOT_ABOVE and i and letters[i - 1] in "ij"))
    spaced = " ".join(undotted.split())
    return unicodedata.normalize("NFKC", skeleton(spaced)).casefold()


@lru_cache(maxsize=4096)
def capitals_key(name: str) -> str:
    """The second form in which names are compared (R2a): each letter of another script than
    Latin as its confusable skeleton, taken before case folding, then folded. :func:`name_key`
    folds first (so ``Ilker`` and ``ilker`` are one player, though the skeleton of ``I`` is
    ``l``), and once folded, Cyrillic ``в`` and Greek ``β`` no longer look like ``b``: this key
    catches capitals of other scripts that look like Latin ones (``Вob``, ``Βob``, ``ВОВ`` for
    ``Bob``, ``BOB``). Latin letters are left as they are, so two Latin names agree here only when
    they agree by :func:`name_key` too. Not a key of its own: see :func:`same_player`."""
    letters = "".join(_small_capital(ch) for ch in unicodedata.normalize("NFKC", name))
    read = "".join(skeleton(ch) if _foreign_letter(ch) else ch for ch in " ".join(letters.split()))
    return unicodedata.normalize("NFKC", read).casefold()


def _foreign_letter(ch: str) -> bool:
    return ch.isalpha() and not ch.isascii() and not unicodedata.name(ch, "").startswith("LATIN ")


def same_player(a: str, b: str) -> bool:
    """Whether the names ``a`` and ``b`` name one player (R2a): their :func:`name_key` or their
    :func:`capitals_key` agree."""
    return name_key(a) == name_key(b) or capitals_key(a) == capitals_key(b)


def _small_capital(ch: str) -> str:
    """A Latin small capital (ᴀ, ɴ, ʀ …) as its lower-case letter; Unicode gives them no
    decomposition, and the confusables data leaves most of them apart."""
    name = unicodedata.name(ch, "")
    if name.startswith("LATIN LETTER SMALL CAPITAL ") and len(name) == len("LATIN LETTER SMALL CAPITAL X"):
        return name[-1].lower()
    return ch


def same_names(players: Sequence[str], path: tuple[str | int, ...] = ("players",), suffix: tuple[str | int, ...] = ()) -> list[Problem]:
    """Every name of ``players`` that names the same player as an earlier one (R2a), at
    ``path + (i,) + suffix``: "player 'ana' is listed twice", or, spelled differently, "Ana and
    аnа name the same player (R2a): ..."."""
    problems = []
    first: dict[str, str] = {}  # by name_key and, apart, by capitals_key (see same_player)
    for i, p in enumerate(players):
        key, caps = name_key(p), "\0" + capitals_key(p)
        if key not in first and caps not in first:
            first[key] = first[caps] = p
        elif first.get(key, first.get(caps)) == p:
            problems.append(Problem((*path, i, *suffix), say("player {name} is listed twice", name=repr(p))))
        else:
            earlier = first.get(key, first.get(caps, p))
            problems.append(
                Problem(
                    (*path, i, *suffix),
                    say(
                        "{first} and {second} name the same player (R2a){differing}",
                        first=earlier,
                        second=p,
                        differing=_differing(earlier, p),
                    ),
                )
            )
    return problems


def _differing(a: str, b: str) -> str:
    """What tells ``a`` and ``b`` apart, for a person who sees them alike: the first letters that
    differ, named (": 'a' (U+0061, LATIN SMALL LETTER A) and 'а' (U+0430, CYRILLIC SMALL LETTER
    A) look alike"), or "" when they differ only in letter case or width, which a person reads
    as one name."""
    if unicodedata.normalize("NFKC", a).casefold() == unicodedata.normalize("NFKC", b).casefold():
        return ""
    for x, y in zip(a, b, strict=False):
        if x != y:
            return say(": {first} and {second} look alike", first=_letter(x), second=_letter(y))
    longer = a if len(a) > len(b) else b
    return say(": {char} is hard to see", char=_letter(longer[min(len(a), len(b))]))


def _letter(ch: str) -> Sentence:
    """One character for a sentence: ``'а' (U+0430, CYRILLIC SMALL LETTER A)`` in English, its
    code point in every language, and what it is (:func:`character_name`)."""
    return say("{char} ({code}, {name})", char=repr(ch), code=f"U+{ord(ch):04X}", name=character_name(ch))


# The scripts whose letters pass for one another in names (Unicode's confusables: Cyrillic а and
# Latin a, Greek Β and Latin B, Cherokee Ꭺ and Latin A), by the first word of Unicode's name of
# the character; a letter of another script is named without its script.
_SCRIPTS = {
    "LATIN": term("script", "Latin"),
    "CYRILLIC": term("script", "Cyrillic"),
    "GREEK": term("script", "Greek"),
    "ARMENIAN": term("script", "Armenian"),
    "CHEROKEE": term("script", "Cherokee"),
    "GEORGIAN": term("script", "Georgian"),
}


def character_kind(ch: str) -> tuple[str, str | None]:
    """What ``ch`` is, as :func:`character_name` says it in another language than English: its
    kind (``capital``, ``small``, ``letter``, ``digit``, ``mark``, ``space``, ``punctuation``,
    ``symbol``, ``control``, ``format``, ``separator`` or ``character``) and, for a letter of one of the scripts names tell apart, the
    first word of Unicode's name (``CYRILLIC``), else None."""
    category = unicodedata.category(ch)
    first = unicodedata.name(ch, "").split(" ")[0]
    script = first if first in _SCRIPTS and category[0] == "L" else None
    kind = {"Lu": "capital", "Ll": "small", "Cc": "control", "Cf": "format", "Zl": "separator", "Zp": "separator"}.get(category) or {
        "L": "letter",
        "N": "digit",
        "M": "mark",
        "Z": "space",
        "P": "punctuation",
        "S": "symbol",
    }.get(category[0], "character")
    return kind, script


def character_name(ch: str, unnamed: str = "unnamed") -> Sentence:
    """A character named for people: in English Unicode's name (``CYRILLIC SMALL LETTER A``,
    ``unnamed`` for a character Unicode names not; the
    Unicode names and CLDR have no other language's), in another language what it is, in that
    language's words: "letra minúscula del alfabeto cirílico", "строчная буква (кириллица)"."""
    kind, script = character_kind(ch)
    english = unicodedata.name(ch, unnamed)
    if script is not None:
        words = _SCRIPTS[script]
        if kind == "capital":
            return say("capital letter of the {script} script", script=words).reworded(english)
        if kind == "small":
            return say("small letter of the {script} script", script=words).reworded(english)
        return say("letter of the {script} script", script=words).reworded(english)
    made = {
        "capital": term("character", "capital letter"),
        "small": term("character", "small letter"),
        "letter": term("character", "letter"),
        "digit": term("character", "digit"),
        "mark": term("character", "combining accent or mark"),
        "space": term("character", "space"),
        "punctuation": term("character", "punctuation mark"),
        "symbol": term("character", "symbol"),
        "control": term("character", "control character"),
        "format": term("character", "format character, which prints as nothing"),
        "separator": term("character", "line or paragraph separator"),
    }.get(kind, term("character", "character"))
    return made.reworded(english)


def listed_as(name: str, players: Iterable[str]) -> str | None:
    """The listed spelling of the player ``name`` names when it is not itself listed (R2a: ``ANA``
    or Cyrillic ``аnа`` for a listed ``ana``), else None."""
    return next((p for p in players if p != name and same_player(p, name)), None)


ONE_OF_THE_PLAYERS = say("one of the players")
"""What a name must be in a list of seats: :func:`not_listed`'s ``what`` for a list of players."""


def not_listed(name: str, players: Iterable[str], what: Sentence | None = None) -> Sentence:
    """The sentence for a ``name`` that is not one of ``players``: "'ANA' is not a player at the
    table" and, when it spells a listed player otherwise, "; write the listed spelling, 'Ana'
    (R2a)"."""
    listed = listed_as(name, players)
    said = what if what is not None else say("a player at the table")
    if listed is not None:
        return say("{name} is not {what}; name them as listed, {listed} (R2a)", name=repr(name), what=said, listed=repr(listed))
    return say("{name} is not {what}", name=repr(name), what=said)


# Words the service's own sentences use for the reader and for nobody in particular: a player so
# named would read as "you" or as the narration ("You discarded 5♥", "Nobody went out"), so the
# sentences quote them (R2a). Compared by name_key, so Cyrillic "Yоu" is quoted too.
_NARRATION_WORDS = (
    "you", "your", "yours", "yourself", "i", "me", "my", "mine", "we", "us", "our", "they", "them",
    "their", "he", "him", "his", "she", "her", "it", "its", "everyone", "everybody", "nobody",
    "noone", "someone", "somebody", "anyone", "anybody", "each", "all", "both", "none", "then", "and",
)  # fmt: skip
# Characters a plain one-word name may hold besides letters, marks and digits: O'Neil, Jean-Luc, St.
_WORD_SIGNS = "'’-."


@lru_cache(maxsize=4096)
def said(name: str) -> str:
    """A player's name as the service's sentences show it (R2a): as spelt when it is one plain
    word (letters, marks, digits and ' ’ - ., starting with a letter) that is no word of the
    narration, else between curly quotes, which a name may not hold: ``Ana``, ``“You”``, ``“Ana
    Lu”``, ``“ben drew K♠ from the stock; cy”``. So no name reads as the reader or as a sentence.
    Remembered, as :func:`name_key` is."""
    plain = unicodedata.category(name[:1] or " ")[0] == "L" and all(
        unicodedata.category(ch)[0] in "LMN" or ch in _WORD_SIGNS for ch in name
    )
    return name if plain and not _narration_word(name) else f"“{name}”"


@lru_cache(maxsize=4096)
def _narration_word(name: str) -> bool:
    return any(same_player(name, w) for w in _NARRATION_WORDS)


def check_seating(players: Sequence[str], dealer: str | None, dealer_field: str = "dealer") -> list[Problem]:
    """Faults in a list of seats (R2, R2a): 2–6 players, no player twice (names compared by
    :func:`name_key`), a dealer who sits at the table. Paths: ``("players",)``,
    ``("players", i)``, ``(dealer_field,)``: ``"dealer"`` or ``"first_dealer"`` (the scorepad's),
    which the dealer's refusal names ("first dealer 'Zed' is not one of the players")."""
    problems = player_count_problems(len(players))
    problems += same_names(players)
    seen = set(players)
    if dealer is not None and dealer not in seen:
        why = not_listed(dealer, players, ONE_OF_THE_PLAYERS)
        said = say("first dealer {why}", why=why) if dealer_field == "first_dealer" else say("dealer {why}", why=why)
        problems.append(Problem((dealer_field,), said))
    return problems


def default_dealer(players: Sequence[str]) -> str:
    """R3 (Decision): with no dealer named, the last listed player deals, so the first leads."""
    return players[-1]


def first_to_play(players: Sequence[str], dealer: str | None) -> str:
    """R3: the dealer's left (the next seat, wrapping) plays first; with no dealer, or one not at
    the table, the default dealer's (:func:`default_dealer`)."""
    return left_of(players, dealer if dealer is not None and dealer in players else default_dealer(players))


def left_of(players: Sequence[str], player: str) -> str:
    """R3: the player to the left of ``player``, the next of ``players`` (in seat order),
    wrapping: who plays after them, and who deals after them (R19). A ValueError when
    ``player`` is not at the table."""
    return players[(players.index(player) + 1) % len(players)]


class _Seat(Protocol):
    @property
    def id(self) -> str: ...


_S = TypeVar("_S", bound=_Seat)


def seated(seats: Iterable[_S], player_id: str) -> _S:
    """The one of ``seats`` (a state's players, a view's seats) whose ``id`` is ``player_id``;
    a KeyError when nobody sits there."""
    for s in seats:
        if s.id == player_id:
            return s
    raise KeyError(player_id)


def player_count_problems(players: int) -> list[Problem]:
    """R2: the fault of a table of ``players`` players (path ``("players",)``), or []."""
    if MIN_PLAYERS <= players <= MAX_PLAYERS:
        return []
    return [
        Problem(
            ("players",), say("Rummy is for {low} to {high} players, not {count} (R2)", low=MIN_PLAYERS, high=MAX_PLAYERS, count=players)
        )
    ]


def most_dealt() -> int:
    """R2: the most cards anyone is dealt (10, with two players); a player who has drawn holds
    one more. The bound the request formats put on a hand."""
    return hand_size(MIN_PLAYERS)


def hand_size(players: int) -> int:
    """Cards dealt to each player (R2): 10 with 2 players, 7 with 3–4, 6 with 5–6."""
    if not MIN_PLAYERS <= players <= MAX_PLAYERS:
        raise ValueError(f"Rummy is for {MIN_PLAYERS} to {MAX_PLAYERS} players, not {players}")
    return 10 if players == 2 else 7 if players <= 4 else 6
