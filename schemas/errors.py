"""Turning refusals into RFC 9457 problem details with JSON Pointers (contract, Errors)."""
from __future__ import annotations

from typing import Any, Iterable

from marshmallow import Schema, ValidationError, fields

from referee.errors import InvalidInput, Problem


def _escape(segment: object) -> str:
    return str(segment).replace("~", "~0").replace("/", "~1")


def pointer(path: Iterable[object]) -> str:
    """A JSON Pointer (RFC 6901) for ``path``: ``("state", "players", 1)`` → ``/state/players/1``."""
    return "".join("/" + _escape(p) for p in path)


def raise_problems(bad: InvalidInput) -> None:
    """Re-raise a core :class:`InvalidInput` as a marshmallow ValidationError, nested by path,
    so a parent schema puts it under its own field name."""
    nested: dict = {}
    for p in bad.problems:
        node = nested
        for seg in p.path:
            node = node.setdefault(seg, {})
        node.setdefault("_schema", []).append(p.message)
    raise ValidationError(_collapse(nested))


def _collapse(node: dict) -> Any:
    """Marshmallow's shape: a leaf's messages are a list; ``_schema`` marks a container's own."""
    if set(node) == {"_schema"}:
        return node["_schema"]
    return {k: (_collapse(v) if k != "_schema" else v) for k, v in node.items()}


def problems_from_messages(messages: Any, prefix: tuple = ()) -> list[Problem]:
    """Flatten marshmallow's nested error messages into problems with paths."""
    out: list[Problem] = []
    if isinstance(messages, dict):
        for key, value in messages.items():
            if key == "_schema":
                out += problems_from_messages(value, prefix)
            else:
                out += problems_from_messages(value, (*prefix, key))
    elif isinstance(messages, (list, tuple)):
        for m in messages:
            out += problems_from_messages(m, prefix)
    else:
        out.append(Problem(prefix, _friendly(str(messages), prefix)))
    return out


def _friendly(message: str, path: tuple) -> str:
    """Marshmallow's stock messages, made to name their field."""
    name = str(path[-1]) if path else "body"
    if message == "Unknown field.":
        return f"{name!r} is not a field here"
    if message == "Missing data for required field.":
        return f"{name!r} is required"
    if message.startswith("Not a valid") or message.startswith("Field may not be null"):
        return f"{name}: {message[0].lower()}{message[1:]}"
    return message


class PointerSchema(Schema):
    pointer = fields.String(required=True, metadata={"description": "JSON Pointer (RFC 6901) to the offending field of the request body; empty for the whole body.", "example": "/state/players/1/hand/3"})
    detail = fields.String(required=True, metadata={"example": "'ZZ' is not a card"})


class ProblemSchema(Schema):
    """RFC 9457 problem details (``application/problem+json``)."""

    type = fields.String(required=True, metadata={"example": "about:blank"})
    title = fields.String(required=True, metadata={"example": "Unprocessable Content"})
    status = fields.Integer(required=True, metadata={"example": 422})
    detail = fields.String(required=True)
    errors = fields.List(fields.Nested(PointerSchema), metadata={"description": "Each offending field of the input, for 400 and 422."})
