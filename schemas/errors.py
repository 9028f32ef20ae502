"""Turning refusals into RFC 9457 problem details with JSON Pointers (contract, Errors)."""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable
from typing import Any

from marshmallow import Schema, ValidationError, fields

from referee.errors import InvalidInput, Problem
from referee.speech import Sentence, say


def _escape(segment: object) -> str:
    return str(segment).replace("~", "~0").replace("/", "~1")


def pointer(path: Iterable[object]) -> str:
    """A JSON Pointer (RFC 6901) for ``path``: ``("state", "players", 1)`` → ``/state/players/1``."""
    return "".join("/" + _escape(p) for p in path)


def raise_problems(bad: InvalidInput) -> None:
    """Re-raise a core :class:`InvalidInput` as a marshmallow ValidationError, nested by path,
    so a parent schema puts it under its own field name."""
    nested: dict[Any, Any] = {}
    for p in bad.problems:
        node = nested
        for seg in p.path:
            node = node.setdefault(seg, {})
        node.setdefault("_schema", []).append(p.message)
    raise ValidationError(_collapse(nested))


def _collapse(node: dict[Any, Any]) -> Any:
    """Marshmallow's shape: a leaf's messages are a list; ``_schema`` marks a container's own."""
    if set(node) == {"_schema"}:
        return node["_schema"]
    return {k: (_collapse(v) if k != "_schema" else v) for k, v in node.items()}


# Marks, in marshmallow's messages, a list whose checking stopped once more than MAX_PROBLEMS of
# its items were wrong (schemas.fields.BoundedList); never shown as a problem of its own.
STOPPED = "_stopped"


def checking_stopped(messages: Any) -> bool:
    """Whether some list in ``messages`` stopped checking early (:data:`STOPPED`)."""
    if isinstance(messages, dict):
        return STOPPED in messages or any(checking_stopped(v) for v in messages.values())
    return False


def problems_from_messages(messages: Any, prefix: tuple[str | int, ...] = (), limit: int | None = None) -> list[Problem]:
    """Flatten marshmallow's nested error messages into problems with paths (the first
    ``limit`` of them when given: a hostile body can hold tens of thousands)."""
    out: list[Problem] = []

    def walk(node: Any, path: tuple[str | int, ...]) -> None:
        if limit is not None and len(out) >= limit:
            return
        if isinstance(node, dict):
            for key, value in node.items():
                if key != STOPPED:
                    walk(value, path if key == "_schema" else (*path, key))
        elif isinstance(node, (list, tuple)):
            for m in node:
                walk(m, path)
        else:
            out.append(Problem(path, _friendly(node if isinstance(node, str) else str(node), path)))

    walk(messages, prefix)
    return out


def count_messages(messages: Any) -> int:
    """How many problems :func:`problems_from_messages` would find, without building them."""
    if isinstance(messages, dict):
        return sum(count_messages(v) for k, v in messages.items() if k != STOPPED)
    if isinstance(messages, (list, tuple)):
        return sum(count_messages(m) for m in messages)
    return 1


FIELD = "{field}"
"""The ``field`` parameter of a field's own sentence (``say("{field} must not be empty",
field=FIELD)``, :mod:`schemas.fields`): :func:`problems_from_messages` puts the field there, in
words in English ("player 2"), by its path in another language (``el campo «players/1»``)."""


def _friendly(message: str, path: tuple[str | int, ...]) -> str:
    """A message of a field worded once for players: marshmallow's stock messages ("Not a valid
    integer.", "Length must be between 2 and 6.") become sentences naming the field in words
    ("the seed must be a whole number"; a :class:`Sentence`, said in the answer's language with the
    field named by its path there: "el campo «seed» debe ser un número entero"); a message holding
    ``{field}``, or a sentence whose ``field`` is :data:`FIELD` (see :class:`schemas.fields.Count`),
    gets the field's words there; any other message
    is the core's or a field's own sentence and is kept, with the scorepad entry it concerns in front."""
    if isinstance(message, Sentence) and message.params.get("field") == FIELD:
        # a field's own sentence (schemas.fields): the field named where the problem is
        named = {**message.params, "field": _field(path, field_words(path))}
        return Sentence(message.msgid, named, message.plural, message.n, message.context, message.capital)
    if isinstance(message, Sentence) and not _context(path):
        return message  # the core's own sentence, said in the answer's language
    words = field_words(path)
    if "{field}" in message:
        return message.replace("{field}", words)
    if message == "Unknown field.":
        name = str(path[-1]) if path else "body"
        if len(name) > 40:  # a hostile key is echoed once, in the pointer, not three times
            name = name[:40] + "…"
        return say("{name} is not a field here", name=repr(name))
    field = _field(path, words)
    for pattern, wording in _STOCK:
        found = pattern.fullmatch(message)
        if found:
            return wording(field, *found.groups())
    if _context(path) and not message.startswith("hand "):
        return say("{field}: {message}", field=field, message=message)
    return message


def _field(path: tuple[str | int, ...], words: str) -> Sentence:
    """The field at ``path`` as a sentence's parameter: ``words`` in English ("card 4 of player
    2's hand"); in another language the field named by its path ("el campo «players/1/hand/3»"),
    since field names stay as they are in every language."""
    if not path:
        return say("the body").reworded(words)
    return say("the field {name}", name="/".join(_short(p) for p in path)).reworded(words)


# marshmallow's stock messages, as players read them (one place for every field): the pattern and
# the sentence made from the field (:func:`_field`) and the pattern's groups.
_STOCK: list[tuple[re.Pattern[str], Callable[..., Sentence]]] = [
    (re.compile(r"Missing data for required field\."), lambda f: say("{field} is missing: it is required", field=f)),
    (re.compile(r"Field may not be null\."), lambda f: say("{field} may not be null", field=f)),
    (re.compile(r"Not a valid integer\."), lambda f: say("{field} must be a whole number", field=f)),
    (re.compile(r"Not a valid string\."), lambda f: say("{field} must be text, in quotes", field=f)),
    (re.compile(r"Not a valid boolean\."), lambda f: say("{field} must be true or false", field=f)),
    (re.compile(r"Not a valid list\."), lambda f: say("{field} must be a list, in square brackets", field=f)),
    (re.compile(r"Not a valid mapping type\.|Invalid input type\."), lambda f: say("{field} must be an object, in braces", field=f)),
    (re.compile(r"Must be one of: (.*)\."), lambda f, choices: say("{field} must be one of: {choices}", field=f, choices=choices)),
    (
        re.compile(r"Must be greater than or equal to (-?\d+) and less than or equal to (-?\d+)\."),
        lambda f, low, high: say("{field} must be from {low} to {high}", field=f, low=int(low), high=int(high)),
    ),
    (re.compile(r"Must be greater than or equal to (-?\d+)\."), lambda f, low: say("{field} must be {low} or more", field=f, low=int(low))),
    (
        re.compile(r"Must be less than or equal to (-?\d+)\."),
        lambda f, high: say("{field} must be {high} or less", field=f, high=int(high)),
    ),
    (
        re.compile(r"Length must be between (\d+) and (\d+)\."),
        lambda f, low, high: say("{field} must have {low} to {high} items", field=f, low=int(low), high=int(high)),
    ),
    (
        re.compile(r"Longer than maximum length (\d+)\."),
        lambda f, high: say("{field} must have at most {high} items", field=f, high=int(high)),
    ),
    (
        re.compile(r"Shorter than minimum length (\d+)\."),
        lambda f, low: say("{field} must have at least {low} items", field=f, low=int(low)),
    ),
]

# A field's name in words, where its name alone does not say it to a player.
_WORDS = {
    "players": "list of players",
    "discard": "discard pile",
    "rummy": "rummy flag",
    "deals": "number of deals",
    "hands": "list of hands",
    "hand": "hand",
    "tabled": "tabled flag",
    "taken_discard": "taken discard",
    "melds_made": "melds made",
    "onto": "meld to lay off onto",
    "remaining": "cards left",
    "first_dealer": "first dealer",
    "laid_off": "laid-off flag",
    "table": "table token",
    "seat": "seat",
    "bots": "computer opponents",
}
_ITEM = {
    "players": "player",
    "hands": "hand",
    "melds": "meld",
    "moves": "move",
    "cards": "card",
    "hand": "card",
    "stock": "card",
    "discard": "card",
}


def field_words(path: tuple[str | int, ...]) -> str:
    """A field of the request named in words from its path: ``("seed",)`` → "the seed",
    ``("players", 6)`` → "player 7", ``("state", "players", 1, "hand", 3)`` → "card 4 of
    player 2's hand", ``("rules", "target_score")`` → "the target score", ``("remaining",
    "ben")`` → "ben's cards left"; the whole body: "the body"."""
    if not path:
        return "the body"
    last = path[-1]
    if isinstance(last, int) and len(path) > 1:
        parent = str(path[-2])
        here = f"{_ITEM.get(parent, 'item')} {last + 1}"
        where = {"stock": " of the stock", "discard": " of the discard pile"}.get(parent, "")
        if parent in ("hand", "cards") and len(path) > 3 and isinstance(path[-3], int):
            where = f" of {_ITEM.get(str(path[-4]), 'item')} {path[-3] + 1}'s {_WORDS.get(parent, parent)}"
        return here + where
    if len(path) > 1 and path[-2] == "remaining":
        return f"{_short(last)}'s cards left"
    name = _WORDS.get(str(last), _short(last).replace("_", " "))
    if _context(path):
        return f"{_context(path)}{name}"
    if len(path) > 1 and path[-2] == "rules":
        return f"the rules' {name}"
    if len(path) > 2 and isinstance(path[-2], int) and path[-3] in _ITEM:
        return f"{_ITEM[path[-3]]} {path[-2] + 1}'s {name}"
    return f"the {name}"


def _short(key: object) -> str:
    """A key of the body as echoed in a sentence: at most 40 characters (a hostile key is
    given in full once, in the pointer)."""
    text = str(key)
    return text if len(text) <= 40 else text[:40] + "…"


def _context(path: tuple[str | int, ...]) -> str:
    """ "hand 2, Ben's " for a scorepad path, so a person sees which entry is meant."""
    if len(path) >= 3 and path[0] == "hands" and isinstance(path[1], int):
        who = f", {path[3]}'s" if len(path) >= 5 and path[2] == "remaining" else ""
        return f"hand {path[1] + 1}{who} "
    return ""


class PointerSchema(Schema):
    pointer = fields.String(
        metadata={
            "description": "JSON Pointer (RFC 6901) to the offending field of the request body; empty for the whole body. "
            "Absent when `parameter` names a query parameter instead.",
            "example": "/state/players/1/hand/3",
        },
    )
    parameter = fields.String(
        metadata={"description": "The offending query parameter (`lang`), when the fault is not in the body.", "example": "lang"}
    )
    detail = fields.String(required=True, metadata={"example": "'ZZ' is not a card"})


class ProblemSchema(Schema):
    """RFC 9457 problem details (``application/problem+json``)."""

    type = fields.String(required=True, metadata={"example": "about:blank"})
    title = fields.String(required=True, metadata={"example": "Unprocessable Content"})
    status = fields.Integer(required=True, metadata={"example": 422})
    detail = fields.String(required=True)
    errors = fields.List(fields.Nested(PointerSchema), metadata={"description": "Each offending field of the input, for 400 and 422."})
    request_id = fields.String(
        metadata={
            "description": "The request's id, also in the X-Request-ID header: quote it when reporting a fault (an extension member, RFC 9457).",
            "example": "6f1c0e9b2d4a4f3e8a7b5c9d0e1f2a3b",
        }
    )
    latest_seq = fields.Integer(
        metadata={
            "description": "On a 409 of a sealed table with the replay guard on: the table's latest seq (an extension member, RFC 9457)."
        }
    )
    table = fields.String(
        metadata={
            "description": "On a 409 of a sealed table with the replay guard on: the table's latest token, to play on with (an extension member, RFC 9457)."
        }
    )
    # by name: schemas.tables (where ViewSchema is) imports this module
    view = fields.Nested(
        "ViewSchema",
        metadata={
            "description": "On a 409 of a sealed table with the replay guard on, for a request that named a seat: that seat's view of the table's latest token, so a client catches up in one request (an extension member, RFC 9457)."
        },
    )
