"""Answer bodies: each answer's wire format is its schema, declared once.

An :class:`AnswerSchema` dumps a view's answer (the core's values, or a dict of them) through a
plan compiled from its own fields (:func:`schemas.dump.dumper`): key order, card codes, enum
values and the shapes of moves and results all follow from the schema, which is also the
answer's documentation of record (OpenAPI). ``tests/test_compiled.py`` checks the plan against
marshmallow's own dump.
"""

from __future__ import annotations

from typing import Any

from .doc import Answer
from .dump import dumper


class AnswerSchema(Answer):
    """The schema of an answer body: ``dump(obj)`` writes ``obj`` by its compiled plan."""

    def dump(self, obj: Any, *, many: bool | None = None) -> Any:
        if many is None and not self.many:
            return dumper(self)(obj)
        return super().dump(obj, many=many)

    def dump_by_schema(self, obj: Any) -> Any:
        """marshmallow's own dump of ``obj`` (the reference the tests compare with)."""
        return super().dump(obj)
