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


# Marks, in marshmallow's messages, a list whose checking stopped once more than MAX_PROBLEMS of
# its items were wrong (schemas.fields.BoundedList); never shown as a problem of its own.
STOPPED = "_stopped"


def checking_stopped(messages: Any) -> bool:
    """Whether some list in ``messages`` stopped checking early (:data:`STOPPED`)."""
    if isinstance(messages, dict):
        return STOPPED in messages or any(checking_stopped(v) for v in messages.values())
    return False


def problems_from_messages(messages: Any, prefix: tuple = (), limit: int | None = None) -> list[Problem]:
    """Flatten marshmallow's nested error messages into problems with paths (the first
    ``limit`` of them when given: a hostile body can hold tens of thousands)."""
    out: list[Problem] = []

    def walk(node: Any, path: tuple) -> None:
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
            out.append(Problem(path, _friendly(str(node), path)))

    walk(messages, prefix)
    return out


def count_messages(messages: Any) -> int:
    """How many problems :func:`problems_from_messages` would find, without building them."""
    if isinstance(messages, dict):
        return sum(count_messages(v) for k, v in messages.items() if k != STOPPED)
    if isinstance(messages, (list, tuple)):
        return sum(count_messages(m) for m in messages)
    return 1


def _friendly(message: str, path: tuple) -> str:
    """Marshmallow's stock messages, made to name their field ("deals: must be …")."""
    name = str(path[-1]) if path else "body"
    if isinstance(path[-1] if path else None, int) and len(path) > 1:
        name = f"{path[-2]}[{path[-1]}]"
    if len(name) > 40:  # a hostile key is echoed once, in the pointer, not three times
        name = name[:40] + "…"
    if message == "Unknown field.":
        return f"{name!r} is not a field here"
    if message == "Missing data for required field.":
        return f"{name!r} is required"
    if message.startswith(_STOCK_PREFIXES):
        return f"{_context(path)}{name}: {message[0].lower()}{message[1:]}"
    if _context(path) and not message.startswith("hand "):
        return f"{_context(path)}{name}: {message}"
    return message


def _context(path: tuple) -> str:
    """"hand 2, Ben's " for a scorepad path, so a person sees which entry is meant."""
    if len(path) >= 3 and path[0] == "hands" and isinstance(path[1], int):
        who = f", {path[3]}'s" if len(path) >= 5 and path[2] == "remaining" else ""
        return f"hand {path[1] + 1}{who} "
    return ""


_STOCK_PREFIXES = ("Not a valid", "Field may not be null", "Must be", "Length must", "Invalid", "Shorter than", "Longer than")


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
