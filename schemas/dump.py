"""Dumping compiled from a marshmallow answer schema's own fields: the one declaration of each
answer's wire format.

The core's values (``State``, ``Move``, ``Reason``, ``Result``…) know nothing of JSON. An answer
is written by its schema: each declared field, in declaration order (so key order follows from
the schema), read from the object by its ``attribute`` (dotted paths allowed) or name, from a
dict by key. marshmallow's own ``dump`` does the same but costs a call chain per field; a
:func:`compile_dumper` plan is Python source made once from the schema, one line per field:

- ``Nested`` (one or many), ``List`` and ``Dict`` walk their items with the plan of the item
  field; a card field (:class:`schemas.fields.Card`, :func:`schemas.doc.CardCode`) writes
  ``card.code``; a :class:`schemas.doc.HexBytes` field its bytes in hexadecimal; any other
  field writes its value as JSON does, an enum by its value;
- a field whose metadata says ``answer_optional`` is left out when its value is None (the
  seat's own hand, the legal moves of the seat to move);
- a schema declared with :func:`schemas.doc.one_of` and a tag (``action`` of a move,
  ``outcome`` of a result) writes the fields of the object's shape only: a draw has a
  ``source``, a discard a ``card``.

``tests/test_compiled.py`` checks, for the answers of every endpoint, that the plan and
marshmallow's own dump (with the shapes' fields) give the same JSON, byte for byte.
"""

from __future__ import annotations

from collections.abc import Callable
from enum import Enum
from typing import Any

from marshmallow import Schema, fields

from .doc import CardCode, HexBytes
from .fields import Card

_PLAIN = frozenset({str, int, bool, float, type(None)})
_LEAVES_AS_IS = (fields.Integer, fields.Boolean, fields.Float)


def plain(value: Any) -> Any:
    """A leaf value as JSON writes it: an enum by its value, a card by its code."""
    if type(value) in _PLAIN:
        return value
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
    shapes = getattr(type(schema), "openapi_shapes", None)
    if shapes is not None and shapes[0] is not None:
        tag, made = shapes
        by_tag = {key: _compile(shape(), type(schema).__name__ + "." + key) for key, shape in made.items()}
        whole = _compile(schema, type(schema).__name__)
        attr = schema.fields[tag].attribute or tag

        def dump_shape(obj):
            value = obj[attr] if type(obj) is dict else getattr(obj, attr)
            return by_tag.get(plain(value), whole)(obj)

        return dump_shape
    return _compile(schema, type(schema).__name__)


def _compile(schema: Schema, name: str) -> Callable[[Any], Any]:
    env: dict[str, Any] = {"plain": plain, "missing": _MISSING, "dict": dict}
    lines = ["def dump(obj):", "    d = obj if type(obj) is dict else None", "    out = {}"]
    for i, (field_name, field) in enumerate(schema.dump_fields.items()):
        key = field.data_key or field_name
        path = (field.attribute or field_name).split(".")
        get = f"d.get({path[0]!r}, missing) if d is not None else getattr(obj, {path[0]!r}, missing)"
        lines.append(f"    v = {get}")
        for part in path[1:]:
            lines.append(f"    v = getattr(v, {part!r}, missing)")
        skip = "v is missing or v is None" if field.metadata.get("answer_optional") else "v is missing"
        lines.append(f"    if not ({skip}):")
        lines.append(f"        out[{key!r}] = {_value('v', field, env, f'f{i}')}")
    lines.append("    return out")
    source = "\n".join(lines)
    exec(compile(source, f"<compiled dump of {name}>", "exec"), env)  # noqa: S102 (our own source)
    dump = env["dump"]
    dump.source = source
    return dump


class _Missing:
    def __repr__(self) -> str:
        return "<missing>"


_MISSING = _Missing()


def _value(v: str, field: fields.Field, env: dict, tag: str, item: bool = False) -> str:
    """A Python expression writing the value ``v`` of ``field`` (``item``: of a list or an
    object, never None)."""
    none_ok = "" if item else f"None if {v} is None else "
    if isinstance(field, fields.Nested):
        env[tag] = dumper(field.schema)
        if field.many:
            return f"{none_ok}[{tag}(x) for x in {v}]"
        return f"{none_ok}{tag}({v})"
    if isinstance(field, fields.List):
        item = _value(f"{v}_", field.inner, env, tag + "i", item=True)
        return f"{none_ok}[{item} for {v}_ in {v}]"
    if isinstance(field, fields.Dict):
        if field.value_field is None or isinstance(field.value_field, _LEAVES_AS_IS):
            return f"{none_ok}dict({v})"
        item = _value(f"{v}_", field.value_field, env, tag + "v", item=True)
        return f"{none_ok}{{k: {item} for k, {v}_ in {v}.items()}}"
    if isinstance(field, (Card, CardCode)):
        return f"{none_ok}{v}.code"
    if isinstance(field, HexBytes):
        return f"{none_ok}{v}.hex()"
    if isinstance(field, _LEAVES_AS_IS):
        return v
    return f"plain({v})"
