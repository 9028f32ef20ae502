"""Dumping compiled from a marshmallow answer schema's own fields: the one declaration of each
answer's wire format.

The core's values (``State``, ``Move``, ``Reason``, ``Result``…) know nothing of JSON. An answer
is written by its schema: each declared field, in declaration order (so key order follows from
the schema), read from the object by its ``attribute`` (dotted paths allowed) or name, from a
dict by key. marshmallow's own ``dump`` does the same but costs a call chain per field; a
:class:`Dumper` is made once from the schema, one step per field:

- ``Nested`` (one or many), ``List`` and ``Dict`` walk their items with the plan of the item
  field; a card field (:class:`schemas.fields.Card`, :func:`schemas.doc.CardCode`) writes
  ``card.code``; a :class:`schemas.doc.HexBytes` field its bytes in hexadecimal; any other
  field writes its value as JSON does, an enum by its value;
- a field whose metadata says ``answer_optional`` is left out when its value is None (the
  seat's own hand, the legal moves of the seat to move);
- a schema declared with :class:`schemas.doc.OneOf` and a tag (``action`` of a move,
  ``outcome`` of a result) writes the fields of the object's shape only: a draw has a
  ``source``, a discard a ``card``.

``tests/test_compiled.py`` checks, for the answers of every endpoint, that the plan and
marshmallow's own dump (with the shapes' fields) give the same JSON, byte for byte.
"""

from __future__ import annotations

from collections.abc import Callable
from contextvars import ContextVar
from enum import Enum
from operator import attrgetter
from typing import Any

from marshmallow import Schema, fields

from referee.speech import Language, Sentence, render

from .doc import CardCode, HexBytes, declared_one_of, shape_schema
from .fields import Card

SPEAKING: ContextVar[Language | None] = ContextVar("speaking", default=None)
"""The language of the answer being written (None: English): the web layer sets it per request
from ``lang`` / ``Accept-Language``; every sentence of the core is said in it as it is dumped."""

_PLAIN = frozenset({str, int, bool, float, type(None)})
_LEAVES_AS_IS = (fields.Integer, fields.Boolean, fields.Float)


def plain(value: Any) -> Any:
    """A leaf value as JSON writes it: a sentence in the answer's language (:data:`SPEAKING`),
    an enum by its value, a card by its code."""
    if type(value) in _PLAIN:
        return value
    if type(value) is Sentence:
        return render(value, SPEAKING.get())
    if isinstance(value, Enum):
        return value.value
    code = getattr(value, "code", None)
    if code is not None:
        return code
    raise TypeError(f"{type(value).__name__} is not a JSON value of an answer")


_DUMPERS: dict[int, Callable[[Any], Any]] = {}


def dumper(schema: Schema) -> Callable[[Any], Any]:
    """The compiled dump of ``schema`` (made on first use, one per schema instance)."""
    made = _DUMPERS.get(id(schema))
    if made is None:
        made = _DUMPERS[id(schema)] = compile_dumper(schema)
        _KEEP.append(schema)  # the id stays this schema's
    return made


_KEEP: list[Schema] = []


def compile_dumper(schema: Schema) -> Callable[[Any], Any]:
    """A function ``obj -> JSON values`` writing ``obj`` as ``schema`` declares it (see the module
    docstring)."""
    one = declared_one_of(type(schema))
    if one is not None and one.tag is not None:
        by_tag = {key: Dumper(shape_schema(type(schema), key)) for key in one.shapes}
        whole = Dumper(schema)
        attr = schema.fields[one.tag].attribute or one.tag

        def dump_shape(obj: Any) -> Any:
            value = obj[attr] if type(obj) is dict else getattr(obj, attr)
            return by_tag.get(plain(value), whole)(obj)

        return dump_shape
    return Dumper(schema)


_MISSING = object()  # a field the object does not have: left out of the answer

Write = Callable[[Any], Any]
"""How a field's value (never None) is written as JSON values."""


class Dumper:
    """The dump of one schema: for each declared field, in declaration order, its key, where
    its value is read (a dotted ``attribute`` is a path), whether None leaves it out
    (``answer_optional``) and how the value is written (None: as it is).

    An object (not a dict) whose every field is a plain attribute is read in one step (an
    ``attrgetter`` of all of them), its values put in order, then the written ones written and
    the optional ones left out when None: the same answer, at about half the cost per field."""

    def __init__(self, schema: Schema):
        self.steps: list[tuple[str, str, tuple[str, ...], bool, Write | None]] = []
        for field_name, field in schema.dump_fields.items():
            first, *rest = (field.attribute or field_name).split(".")
            optional = bool(field.metadata.get("answer_optional"))
            self.steps.append((field.data_key or field_name, first, tuple(rest), optional, writer(field)))
        self.keys = tuple(key for key, *_ in self.steps)
        plain_paths = all(not rest for _, _, rest, _, _ in self.steps) and len(self.steps) > 1
        self.read_all = attrgetter(*[first for _, first, *_ in self.steps]) if plain_paths else None
        self.written = tuple((i, key, write) for i, (key, _, _, _, write) in enumerate(self.steps) if write is not None)
        self.optional = tuple(key for key, _, _, optional, _ in self.steps if optional)

    def __call__(self, obj: Any) -> dict[str, Any]:
        if self.read_all is not None and type(obj) is not dict:
            try:
                values = self.read_all(obj)
            except AttributeError:  # a field the object does not have: read field by field
                return self.by_field(obj)
            out = dict(zip(self.keys, values))
            for i, key, write in self.written:
                v = values[i]
                if v is not None:
                    out[key] = write(v)
            for key in self.optional:
                if out[key] is None:
                    del out[key]
            return out
        return self.by_field(obj)

    def by_field(self, obj: Any) -> dict[str, Any]:
        """The answer read one field at a time (a dict, a dotted path, a field left out)."""
        d = obj if type(obj) is dict else None
        out = {}
        for key, first, rest, optional, write in self.steps:
            v = d.get(first, _MISSING) if d is not None else getattr(obj, first, _MISSING)
            for part in rest:
                v = getattr(v, part, _MISSING)
            if v is _MISSING or (v is None and optional):
                continue
            out[key] = v if v is None or write is None else write(v)
        return out


def writer(field: fields.Field[Any]) -> Write | None:
    """How a value of ``field`` (not None) is written: a nested schema's dump, each item of a
    list or each value of an object written by its item field, a card by its code, bytes in
    hexadecimal, a number or a boolean as it is (None), anything else by :func:`plain`."""
    if isinstance(field, fields.Nested):
        nested = dumper(field.schema)
        return (lambda v: [nested(x) for x in v]) if field.many else nested
    if isinstance(field, fields.List):
        if isinstance(field.inner, (Card, CardCode)):
            return _codes  # the commonest list: cards
        return _each(writer(field.inner))
    if isinstance(field, fields.Dict):
        value = None if field.value_field is None else writer(field.value_field)
        if value is None:
            return dict
        return lambda v: {k: value(x) for k, x in v.items()}
    if isinstance(field, (Card, CardCode)):
        return _code
    if isinstance(field, HexBytes):
        return _hex
    if isinstance(field, _LEAVES_AS_IS):
        return None
    return plain


def _each(item: Write | None) -> Write:
    if item is None:
        return list
    return lambda v: [item(x) for x in v]


def _codes(cards: Any) -> list[str]:
    return [card.code for card in cards]


def _code(card: Any) -> str:
    return str(card.code)


def _hex(data: bytes) -> str:
    return data.hex()
