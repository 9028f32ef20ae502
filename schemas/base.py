"""A marshmallow Schema that may take a fast path (``schemas/fast.py``) for the inputs and
answers it knows, and otherwise loads and dumps exactly as marshmallow does."""
from __future__ import annotations

from typing import Any, Callable

from marshmallow import Schema


class FastPathSchema(Schema):
    """Set ``fast_load`` (data → object, or None to decline) and/or ``fast_dump`` (object →
    dict, or None to decline) on a subclass. They apply to that class only, never to its
    subclasses, and only to plain single-object calls; tests/test_fast_paths.py proves each
    gives marshmallow's result."""

    fast_load: Callable[[Any], Any] | None = None
    fast_dump: Callable[[Any], Any] | None = None

    def load(self, data, *, many=None, partial=None, unknown=None):
        fast_load = type(self).__dict__.get("fast_load")
        if fast_load is not None and not many and not self.many and partial is None and unknown is None:
            out = fast_load.__func__(data) if isinstance(fast_load, staticmethod) else fast_load(data)
            if out is not None:
                return out
        return super().load(data, many=many, partial=partial, unknown=unknown)

    def dump(self, obj, *, many=None):
        fast_dump = type(self).__dict__.get("fast_dump")
        if fast_dump is not None and not many and not self.many:
            out = fast_dump.__func__(obj) if isinstance(fast_dump, staticmethod) else fast_dump(obj)
            if out is not None:
                return out
        return super().dump(obj, many=many)
