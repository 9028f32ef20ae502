"""Marshmallow fields for the field's own values: cards, card lists, player names, strict
booleans and integers. Each parses in one step and reports a precise message per item."""

from __future__ import annotations

import sys
import unicodedata
from collections.abc import Callable, Mapping, Sized
from functools import lru_cache
from typing import Any

from marshmallow import ValidationError, fields, validate

from referee.cards import CardError, card_by_spelling, parse_card
from referee.confusables import default_ignorable
from referee.errors import MAX_PROBLEMS
from referee.seating import MAX_PLAYERS, MIN_PLAYERS, character_name
from referee.speech import Sentence, say

from .errors import FIELD, STOPPED, count_messages

_SPELLINGS = card_by_spelling()
CARD_DOC = {
    "type": "string",
    "description": "A card: rank (A 2-10 T J Q K, any case) then suit (C D H S or ♣ ♦ ♥ ♠ ♧ ♢ ♡ ♤, "
    "with or without U+FE0F). Answers always use the canonical code (10H, QS).",
    "example": "QS",
    "minLength": 2,
    "maxLength": 4,
    # Exactly the accepted spellings (tests/test_schemathesis.py checks it against the table).
    "pattern": r"^(10|[2-9AaJjQqKkTt])([CDHScdhs]|[♣♦♥♠♧♢♡♤]\uFE0F?)$",
}
MAX_NAME_LENGTH = 40


class Card(fields.Field[Any]):
    """One card in any accepted spelling, loaded as a :class:`referee.Card`; dumped canonical."""

    def __init__(self, **kwargs: Any) -> None:
        kwargs["metadata"] = {**CARD_DOC, **kwargs.get("metadata", {})}  # the field's own description wins
        super().__init__(**kwargs)

    def _deserialize(self, value: Any, attr: str | None, data: Mapping[str, Any] | None, **kwargs: Any) -> Any:
        try:
            return parse_card(value)
        except CardError as e:
            raise ValidationError(e.message) from None

    def _serialize(self, value: Any, attr: str | None, obj: Any, **kwargs: Any) -> Any:
        return None if value is None else value.code


Counted = Callable[[int | None, int | None, int], Sentence]
"""A count's sentence from the least and most items allowed and the items sent."""


def _counted(noun: str) -> Counted:
    """The sentence of a list of ``noun`` (cards, moves, melds, players, hands; items otherwise)
    holding too few or too many: "{field} must have 1 to 10 cards; this has 11"."""

    def sentence(low: int | None, high: int | None, n: int) -> Sentence:
        if low and high is not None:
            if noun == "cards":
                return say("{field} must have {min} to {max} cards; this has {n}", field=FIELD, min=low, max=high, n=n)
            if noun == "moves":
                return say("{field} must have {min} to {max} moves; this has {n}", field=FIELD, min=low, max=high, n=n)
            return say("{field} must have {min} to {max} items; this has {n}", field=FIELD, min=low, max=high, n=n)
        if high is not None:
            if noun == "cards":
                return say("{field} must have at most {max} cards; this has {n}", field=FIELD, max=high, n=n)
            if noun == "melds":
                return say("{field} must have at most {max} melds; this has {n}", field=FIELD, max=high, n=n)
            if noun == "players":
                return say("{field} must have at most {max} players; this has {n}", field=FIELD, max=high, n=n)
            if noun == "hands":
                return say("{field} must have at most {max} hands; this has {n}", field=FIELD, max=high, n=n)
            return say("{field} must have at most {max} items; this has {n}", field=FIELD, max=high, n=n)
        return say("{field} must have at least {min} items; this has {n}", field=FIELD, min=low or 0, n=n)

    return sentence


class Count(validate.Length):
    """How many items a list (or keys an object) may have, worded for players: "{field} must have
    1 to 10 cards; this has 11", or a ``sentence`` of the field's own (from the least and most
    allowed and the number sent: "a game has 2 to 6 players; this one has 7"). The ``field`` of
    the sentence (:data:`schemas.errors.FIELD`) is filled in with the field where the problem is
    reported (:func:`schemas.errors.field_words`)."""

    def __init__(self, min: int | None = None, max: int | None = None, noun: str = "items", sentence: Counted | None = None):
        self.sentence = sentence or _counted(noun)
        super().__init__(min=min, max=max)

    def _format_error(self, value: Any, message: str) -> str:
        n = len(value) if hasattr(value, "__len__") else 0
        return self.sentence(self.min, self.max, n)


PLAYER_COUNT = Count(
    MIN_PLAYERS,
    MAX_PLAYERS,
    sentence=lambda low, high, n: say("a game has {min} to {max} players; this one has {n}", min=low or 0, max=high or 0, n=n),
)


class BoundedList(fields.List[Any]):
    """A list whose length limits are checked before its items are loaded. marshmallow's List
    loads (and reports) every item first, so a 1000-item list where 6 are allowed would cost
    1000 nested loads and 1000 error messages; this one refuses it at once, at the list."""

    _longest: int | None | bool = False  # the lowest Length max of the validators; False: not read yet

    def longest(self) -> int | None:
        """The most items the list may hold (its validators' lowest Length max), None: no limit.
        A loader that loads the items itself (schemas.compiled) hands a longer list back to this
        field, which refuses it before any item is loaded."""
        if self._longest is False:
            maxima = [c.max for c in self.validators if isinstance(c, validate.Length) and c.max is not None]
            self._longest = min(maxima) if maxima else None
        return self._longest

    def _too_long(self, value: Sized) -> None:
        longest = self.longest()
        if longest is not None and len(value) > longest:
            for check in self.validators:
                if isinstance(check, validate.Length):
                    check(value)  # raises the usual "length must be between …" message

    def _deserialize(self, value: Any, attr: str | None, data: Mapping[str, Any] | None, **kwargs: Any) -> Any:
        if not isinstance(value, list):
            return super()._deserialize(value, attr, data, **kwargs)
        self._too_long(value)
        # marshmallow's List loads every item and reports them all; a hostile list of 1000 wrong
        # entries would cost half a second of messages. Stop once MAX_PROBLEMS faults are found.
        loaded: list[Any] = []
        errors: dict[int | str, Any] = {}
        faults = 0
        for i, item in enumerate(value):
            try:
                loaded.append(self.inner.deserialize(item, **kwargs))
            except ValidationError as error:
                errors[i] = error.messages
                faults += count_messages(error.messages)
                if faults >= MAX_PROBLEMS and i < len(value) - 1:
                    errors[STOPPED] = ["checking stopped here"]
                    break
        if errors:
            raise ValidationError(errors, valid_data=loaded)
        return loaded


class CardList(BoundedList):
    """A list of cards parsed in one pass (a dict lookup per card), each bad entry reported at
    its own index: ``{"3": ["'ZZ' is not a card: …"]}``. Loads a tuple of :class:`referee.Card`."""

    def __init__(self, max_length: int = 52, min_length: int = 0, too_many: Counted | None = None, **kwargs: Any) -> None:
        kwargs.setdefault("validate", Count(min_length, max_length, "cards"))
        super().__init__(Card(), **kwargs)
        self.min_length, self.max_length = min_length, max_length
        self.too_many = too_many  # its own sentence for too many cards

    _fits: int | None = None  # the most cards no limit of this list refuses (read on first use)

    def _too_long(self, value: Sized) -> None:
        if self.too_many and len(value) > self.max_length:
            raise ValidationError(self.too_many(self.min_length, self.max_length, len(value)))
        BoundedList._too_long(self, value)

    def _deserialize(self, value: Any, attr: str | None, data: Mapping[str, Any] | None, **kwargs: Any) -> Any:
        if not isinstance(value, list):
            raise self.make_error("invalid")
        fits = self._fits
        if fits is None:  # the lowest of too_many's count and the Length validators' max
            limits = [n for n in (self.max_length if self.too_many else None, self.longest()) if n is not None]
            fits = self._fits = min(limits, default=sys.maxsize)
        if len(value) > fits:  # a list within every limit is not read twice
            self._too_long(value)
        try:
            return tuple(map(_SPELLINGS.__getitem__, value))
        except (KeyError, TypeError):
            pass
        errors = {}
        for i, v in enumerate(value):
            try:
                parse_card(v)
            except CardError as e:
                errors[i] = [e.message]
        raise ValidationError(errors)

    def _serialize(self, value: Any, attr: str | None, obj: Any, **kwargs: Any) -> Any:
        return None if value is None else [c.code for c in value]


class StrictBoolean(fields.Boolean):
    """true or false only: ``1``, ``"yes"`` and ``"true"`` are refused, never guessed."""

    def _deserialize(self, value: Any, attr: str | None, data: Mapping[str, Any] | None, **kwargs: Any) -> Any:
        if value is True or value is False:
            return value
        raise self.make_error("invalid")


class StrictInteger(fields.Integer):
    """A JSON whole number: strings and 1.0 are refused."""

    def __init__(self, **kwargs: Any) -> None:
        kwargs.setdefault("strict", True)
        super().__init__(**kwargs)

    def _deserialize(self, value: Any, attr: str | None, data: Mapping[str, Any] | None, **kwargs: Any) -> Any:
        # A JSON whole number is an int, which marshmallow's strict Integer loads as itself (after
        # an isinstance against numbers.Integral, an ABC: slow); anything else as marshmallow does.
        if type(value) is int:
            return value
        return super()._deserialize(value, attr, data, **kwargs)


# Letters and symbols that print as nothing: a name made of them looks blank.
_BLANK_LOOKING = {"\u115f", "\u1160", "\u2800", "\u3164", "\uffa0"}
# Double quotation marks: the service's sentences quote odd names with “ ” (referee.seating.said),
# so a name holding one could close its quotes and write narration after them (R2a).
_QUOTES = set('"“”„‟«»＂〝〞〟')


def _invisible(ch: str) -> bool:
    """A character a reader cannot see (R2a): control, format (zero-width joiners, bidirectional
    marks), private-use, unassigned, line and paragraph separators, Unicode's default ignorables
    (variation selectors, the combining grapheme joiner, Mongolian free variation selectors,
    tags) and letters that print as nothing."""
    cat = unicodedata.category(ch)
    return cat in ("Cc", "Cf", "Cs", "Co", "Cn", "Zl", "Zp") or ch in _BLANK_LOOKING or default_ignorable(ch)


@lru_cache(maxsize=4096)
def name_problem(value: str) -> Sentence | None:
    """Why ``value`` cannot be a player name or id, or None (R2a): a sentence whose ``field``
    is :data:`schemas.errors.FIELD` ("{field} must not be empty"). Names are shown to people
    and compared as people read them, so invisible characters, surrounding spaces and the
    quotation marks the sentences use are refused. Remembered: the same few names come with
    every request of a game."""
    if not value:
        return say("{field} must not be empty", field=FIELD)
    if len(value) > MAX_NAME_LENGTH:
        return say("{field} must be at most {count} characters", field=FIELD, count=MAX_NAME_LENGTH)
    for ch in value:  # before the spaces: a line separator or a BOM is no space to the user
        if _invisible(ch):
            return say(
                "{field} contains the invisible character {code} ({name}), which would make two names that look alike; "
                "type the name again without it",
                field=FIELD,
                code=f"U+{ord(ch):04X}",
                name=character_name(ch, "a control character"),
            )
    if value != value.strip():
        return say("{field} must not start or end with spaces", field=FIELD)
    if not any(unicodedata.category(ch)[0] in "LNSP" for ch in value):
        return say("{field} must contain a visible letter, digit or symbol", field=FIELD)
    if unicodedata.normalize("NFC", value) != value:
        return say("{field} is not in Unicode normal form C (an accent typed as a separate mark); send it NFC-normalised", field=FIELD)
    quote = next((ch for ch in value if ch in _QUOTES), None)
    if quote is not None:
        return say(
            "{field} must not hold the quotation mark {quote} ({code}): sentences quote names with “ ”",
            field=FIELD,
            quote=quote,
            code=f"U+{ord(quote):04X}",
        )
    return None


class VisibleId(fields.String):
    """An id a person reads, such as a meld's: 1–40 visible characters, NFC, no control or
    invisible characters (:func:`name_problem`)."""

    label, example = "meld id", "m1"

    def __init__(self, **kwargs: Any) -> None:
        kwargs.setdefault("metadata", {}).update({"minLength": 1, "maxLength": MAX_NAME_LENGTH, "example": self.example})
        super().__init__(**kwargs)

    def _deserialize(self, value: Any, attr: str | None, data: Mapping[str, Any] | None, **kwargs: Any) -> Any:
        value = super()._deserialize(value, attr, data, **kwargs)
        why = name_problem(value)
        if why:
            raise ValidationError(why)  # "player 2 must not be empty" (schemas.errors.field_words)
        return value


class PlayerName(VisibleId):
    """A player id or name, under the same rules as every visible id."""

    label, example = "player name", "ana"


class PlayerEntries(fields.Dict):
    """A dict by player name whose errors sit at the player's own key (``/remaining/Ben/points``):
    marshmallow files them under ``{"Ben": {"value": …}}``, and ``value`` is no part of the body."""

    def _deserialize(self, value: Any, attr: str | None, data: Mapping[str, Any] | None, **kwargs: Any) -> Any:
        try:
            return super()._deserialize(value, attr, data, **kwargs)  # type: ignore[no-untyped-call]  # marshmallow's Dict is not annotated
        except ValidationError as e:
            if not isinstance(e.messages, dict):
                raise
            out = {}
            for name, m in e.messages.items():
                if isinstance(m, dict) and m and set(m) <= {"key", "value"}:
                    key_msgs, value_msgs = m.get("key"), m.get("value")
                    if key_msgs and value_msgs:
                        m = {"_schema": key_msgs, **value_msgs} if isinstance(value_msgs, dict) else [*key_msgs, *value_msgs]
                    else:
                        m = value_msgs or key_msgs
                out[name] = m
            raise ValidationError(out) from None
