"""Answer bodies: the core's values dump themselves; the schemas document them.

Every value a view answers with (``State``, ``Move``, ``Reason``, ``Result``, ``MovesOutcome``,
``Rules``…) has an ``as_dict()`` giving its contract shape, key for key. An
:class:`AnswerSchema` dumps a view's answer through those, and falls back to marshmallow's own
dump for anything else. The schema stays the answer's documentation of record (OpenAPI), and
``tests/test_compiled.py`` checks, for the answers of every endpoint, that marshmallow's dump of
the same value gives the same JSON, byte for byte.
"""

from __future__ import annotations

from enum import Enum
from typing import Any

from .doc import Answer


class _NotPlain(Exception):
    """A value with no ``as_dict``: marshmallow dumps the answer."""


def as_json(value: Any) -> Any:
    """``value`` as plain JSON types: dicts, lists and tuples walked, values with ``as_dict()``
    dumped by it, enums by their value. Raises ``_NotPlain`` for any other object."""
    kind = type(value)
    if kind is str or kind is int or kind is bool or value is None or kind is float:
        return value
    if kind is dict:
        return {k: as_json(v) for k, v in value.items()}
    if kind is list or kind is tuple:
        return [as_json(v) for v in value]
    if isinstance(value, Enum):
        return value.value
    as_dict = getattr(value, "as_dict", None)
    if as_dict is None:
        raise _NotPlain
    return as_dict()


class AnswerSchema(Answer):
    """The schema of an answer body. ``dump(obj)`` is :func:`as_json` of ``obj`` when every value
    in it dumps itself, else marshmallow's dump."""

    def dump(self, obj, *, many=None):
        if many is None and not self.many:
            try:
                return as_json(obj)
            except _NotPlain:
                pass
        return super().dump(obj, many=many)

    def dump_by_schema(self, obj) -> Any:
        """marshmallow's own dump of ``obj`` (the reference the tests compare with)."""
        return super().dump(obj)
