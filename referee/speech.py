"""Sentences for players as values, said in a language at the edge (issue 36).

A :class:`Sentence` is made where the referee decides what to say (``say("{cards} is not a
run: aces are low, so a run stops at the King", cards="Q♠ K♠ A♠")``): its ``msgid`` (the
English pattern, the key of the gettext catalogs under ``locales/``), its named ``params`` and,
for a sentence that depends on a number, the plural pattern and that number. It *is* its English
words (a ``str`` subclass), so English answers cost nothing more and every comparison with the
English text holds; :func:`render` says it in another language with a :class:`Language`.

Parameters: a ``str`` is said as it is (card symbols ``Q♠``, names as
:func:`referee.seating.said` shows them), an ``int`` as a number (``format_decimal`` of the
language), a :class:`Signed` as a signed decimal (``+3.5``, Spanish ``+3,5``), an
:class:`Ordinal` as the language writes ordinals (a translation chooses the
grammatical gender with a format spec: ``{nth:f}`` → Spanish ``3.ª``, ``{nth:m}`` → ``3.º``),
a :class:`Listing` as the language joins a list (CLDR's list patterns: "5♦, 5♥ and 5♣"), and
another :class:`Sentence` (a clause, a word such as a suit or rank) rendered in turn. Sentences
are never made by parsing other sentences: a clause said twice is a parameter.

Pure Python: the catalogs are gettext ``.mo`` files read with :mod:`gettext`; numbers, plural
rules and list patterns come from Babel (CLDR).
"""

from __future__ import annotations

import gettext
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any

from babel import Locale
from babel.lists import format_list
from babel.numbers import format_decimal

__all__ = [
    "LANGUAGES",
    "PSEUDO",
    "Language",
    "Listing",
    "Ordinal",
    "Sentence",
    "Signed",
    "english_ordinal",
    "language",
    "language_name",
    "render",
    "say",
    "say_in",
    "say_n",
    "term",
]

LOCALES = Path(__file__).resolve().parent.parent / "locales"
"""The gettext catalogs: ``locales/<lang>/LC_MESSAGES/messages.po`` (and the compiled ``.mo``)."""

LANGUAGES = ("en", "es", "fr", "de", "pt-BR", "ru")
"""The languages the referee speaks, as BCP 47 tags (``Content-Language``), English first."""
PSEUDO = "en-XA"
"""The pseudo-locale: accented English made from the msgids (``tools/catalogs.py``), for tests."""


class Sentence(str):
    """A sentence (or a word of one) for players: the ``str`` of its English words, with the
    ``msgid`` it was made from, its ``params`` (name → value, see the module's docstring), and
    for a count-dependent sentence its ``plural`` msgid and the count ``n`` that chooses the form
    (CLDR's plural rule of each language). ``context`` is the gettext msgctxt of a word said
    differently by context (a rank with its article, a suit's plural)."""

    msgid: str
    params: Mapping[str, Any]
    # The usual sentence has neither a plural, a context nor a capital: those are read from the
    # class unless a sentence sets its own (about ten sentences are made per turn applied, and
    # each attribute set on one is a dict entry written: fewer is cheaper).
    plural: str | None = None
    n: int | None = None
    context: str | None = None
    capital: bool = False

    def __new__(
        cls,
        msgid: str,
        params: Mapping[str, Any],
        plural: str | None = None,
        count: int | None = None,
        context: str | None = None,
        capital: bool = False,
        english: str | None = None,
    ) -> Sentence:
        if english is None:
            english = _english_words(msgid if plural is None or count == 1 else plural, params)
        made = str.__new__(cls, _upper_first(english) if capital else english)
        made.msgid, made.params = msgid, params
        if plural is not None or count is not None:
            made.plural, made.n = plural, count
        if context is not None:
            made.context = context
        if capital:
            made.capital = True
        return made

    def __reduce__(self) -> tuple[Any, ...]:  # pickled (a worker's answer) with its parts
        return (Sentence, (self.msgid, dict(self.params), self.plural, self.n, self.context, self.capital, str(self)))

    def capitalized(self) -> Sentence:
        """The same sentence with a capital first letter, in every language (a summary's
        start); the English words as they are when they start with a player's name is the
        caller's choice: this capitalizes whatever comes first."""
        return Sentence(self.msgid, self.params, self.plural, self.n, self.context, True, _upper_first(self))

    def reworded(self, english: str) -> Sentence:
        """The same sentence in every other language, with ``english`` as its English words:
        for an English-only rewording (a sealed table's reason said to "you"), never for words
        another language needs."""
        return Sentence(self.msgid, self.params, self.plural, self.n, self.context, self.capital, english)


def _upper_first(text: str) -> str:
    return text[:1].upper() + text[1:]


def say_in(context: str, msgid: str, **params: Any) -> Sentence:
    """A sentence whose words depend on ``context`` (gettext's msgctxt), such as the same verb
    said to "you": ``say_in("said to you", "drew from the stock")``."""
    return Sentence(msgid, params, context=context)


def say(msgid: str, **params: Any) -> Sentence:
    """A sentence of ``msgid`` (English, with ``{name}`` placeholders) and its ``params``."""
    # Sentence(msgid, params) without its optional parts: the most made value of the core
    made = str.__new__(Sentence, _english_words(msgid, params) if params else msgid)
    made.msgid, made.params = msgid, params
    return made


def say_n(singular: str, plural: str, count: int, **params: Any) -> Sentence:
    """A sentence whose words depend on ``count`` (given to the pattern as ``{count}`` too):
    English takes ``singular`` when it is 1, other languages their CLDR plural form."""
    return Sentence(singular, {"count": count, **params}, plural, count)


def term(context: str, msgid: str) -> Sentence:
    """A word of a sentence said differently by ``context`` (gettext's msgctxt): ``term("suit,
    plural", "spades")``."""
    return Sentence(msgid, {}, context=context)


@dataclass(frozen=True, slots=True)
class Ordinal:
    """A position said as an ordinal: 3 → "3rd", Spanish "3.º"/"3.ª" (the translation's format
    spec gives the gender: ``m``, ``f`` or ``n``)."""

    n: int

    def __str__(self) -> str:
        return english_ordinal(self.n)


@dataclass(frozen=True, slots=True)
class Signed:
    """A number said with its sign and ``digits`` decimals: English ``+3.5`` / ``-12.0`` (as
    Python's ``+.1f`` writes it), other languages with their own decimal sign (Babel's
    ``format_decimal``: Spanish ``+3,5``). A bot's average points a hand."""

    value: float
    digits: int = 1

    def __str__(self) -> str:
        return f"{self.value:+.{self.digits}f}"


@dataclass(frozen=True, slots=True)
class Listing:
    """Items said as a list: English "5♦, 5♥ and 5♣" (no comma before "and"); other languages
    by CLDR's standard list pattern. ``items`` are strings or sentences."""

    items: tuple[Any, ...]

    def __str__(self) -> str:
        words = [str(i) for i in self.items]
        return words[0] if len(words) == 1 else f"{', '.join(words[:-1])} and {words[-1]}"


def listing(items: Iterable[Any]) -> Listing:
    """:class:`Listing` of ``items``."""
    return Listing(tuple(items))


def english_ordinal(n: int) -> str:
    """1st, 2nd, 3rd, 4th, 11th, 21st."""
    suffix = "th" if 10 <= n % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(n % 10, "th")
    return f"{n}{suffix}"


_SAID_AS_THEY_ARE = frozenset({str, int, Sentence, Ordinal, Listing})
"""Parameter types that ``format`` says as ``str`` does (none has its own ``__format__``), so a
pattern takes them as they are, without a copy of the parameters made of strings."""


def _english_words(pattern: str, params: Mapping[str, Any]) -> str:
    """``pattern`` with each parameter in English: its ``str`` (a nested Sentence is its English
    words, an Ordinal "3rd", a Listing "5♦, 5♥ and 5♣")."""
    if not params:
        return pattern
    for value in params.values():
        if type(value) not in _SAID_AS_THEY_ARE:
            return pattern.format_map({k: str(v) for k, v in params.items()})
    return pattern.format_map(params)


# --- other languages ------------------------------------------------------------------------


def _ordinal_es(n: int, gender: str) -> str:
    return f"{n}.ª" if gender == "f" else f"{n}.º"  # RAE: 3.º, 3.ª


def _ordinal_pt(n: int, gender: str) -> str:
    return f"{n}ª" if gender == "f" else f"{n}º"


def _ordinal_fr(n: int, gender: str) -> str:
    if n == 1:
        return "1re" if gender == "f" else "1er"
    return f"{n}e"


def _ordinal_de(n: int, gender: str) -> str:
    return f"{n}."


def _ordinal_ru(n: int, gender: str) -> str:
    return f"{n}-{ {'f': 'я', 'n': 'е'}.get(gender, 'й') }"


def _ordinal_en(n: int, gender: str) -> str:
    return english_ordinal(n)


_ORDINALS = {"es": _ordinal_es, "pt": _ordinal_pt, "fr": _ordinal_fr, "de": _ordinal_de, "ru": _ordinal_ru, "en": _ordinal_en}


class _LocalOrdinal:
    """An ordinal in a language; ``format`` with the gender letter the translation gives."""

    __slots__ = ("n", "say")

    def __init__(self, n: int, say: Any) -> None:
        self.n, self.say = n, say

    def __format__(self, spec: str) -> str:
        return str(self.say(self.n, spec or "m"))


@dataclass(frozen=True)
class Language:
    """A language the referee speaks: its BCP 47 ``tag`` (``pt-BR``), Babel's ``locale`` and the
    gettext ``translations`` of its catalog (None for English: the msgids are the words)."""

    tag: str
    locale: Locale
    translations: gettext.NullTranslations | None

    def ordinal(self, n: int, gender: str = "m") -> str:
        return _ORDINALS.get(self.locale.language, _ordinal_en)(n, gender)

    def number(self, n: int) -> str:
        return format_decimal(n, locale=self.locale)

    def signed(self, value: float, digits: int = 1) -> str:
        decimals = "0" * digits
        pattern = f"+#,##0.{decimals};-#,##0.{decimals}" if digits else "+#,##0;-#,##0"
        return format_decimal(value, format=pattern, locale=self.locale)

    def join(self, items: list[str]) -> str:
        return format_list(items, locale=self.locale)


@cache
def language(tag: str) -> Language:
    """The :class:`Language` of ``tag`` (one of :data:`LANGUAGES` or :data:`PSEUDO`); raises
    ``LookupError`` for another. Its catalog is read once, from ``locales/<ll_CC>/LC_MESSAGES/
    messages.mo``."""
    if tag not in LANGUAGES and tag != PSEUDO:
        raise LookupError(f"no catalog for the language {tag!r}")
    folder = tag.replace("-", "_")
    if tag == "en":
        return Language(tag, Locale.parse("en"), None)
    with open(LOCALES / folder / "LC_MESSAGES" / "messages.mo", "rb") as mo:
        translations = gettext.GNUTranslations(mo)
    return Language(tag, Locale.parse("en" if tag == PSEUDO else folder), translations)


def language_name(tag: str) -> str:
    """A language's name in itself, as a language menu shows it: "español", "português (Brasil)"."""
    return Locale.parse(tag.replace("-", "_")).get_display_name(tag.replace("-", "_")) or tag


def render(text: str, lang: Language | None) -> str:
    """``text`` said in ``lang``: a :class:`Sentence` through its catalog, with each parameter in
    the language's way; any other ``str`` as it is (a name, a card). English (``lang`` None or
    ``en``) is the text itself."""
    if lang is None or lang.translations is None or not isinstance(text, Sentence):
        return text
    return _render(text, lang)


def _render(s: Sentence, lang: Language) -> str:
    tr = lang.translations
    assert tr is not None
    if s.plural is not None:
        assert s.n is not None
        pattern = tr.npgettext(s.context, s.msgid, s.plural, s.n) if s.context else tr.ngettext(s.msgid, s.plural, s.n)
    else:
        pattern = tr.pgettext(s.context, s.msgid) if s.context else tr.gettext(s.msgid)
    said = pattern.format_map({k: _param(v, lang) for k, v in s.params.items()}) if s.params else pattern
    return _upper_first(said) if s.capital else said


def _param(value: Any, lang: Language) -> Any:
    if isinstance(value, Sentence):
        return _render(value, lang)
    if isinstance(value, bool) or not isinstance(value, (int, Ordinal, Listing, Signed)):
        return str(value)
    if isinstance(value, int):
        return lang.number(value)
    if isinstance(value, Signed):
        return lang.signed(value.value, value.digits)
    if isinstance(value, Ordinal):
        return _LocalOrdinal(value.n, lang.ordinal)
    return lang.join([str(_param(i, lang)) for i in value.items])
