"""Loading compiled from a marshmallow schema's own fields and hooks.

marshmallow stays the schema of record: it decides what is accepted, words every error and
generates the OpenAPI document. But its generic ``load`` keeps an error store, resolves partial
loading and looks up hooks for every object of the body, which made a 4-player table snapshot
(60 fields in 11 nested objects) cost 446 µs to load (bench/README.md). A :class:`CompiledSchema`
loads input it can settle through a plan made once from the schema itself:

- every load field as marshmallow's ``Field.deserialize`` steps it: ``required``, the
  ``load_default``, ``allow_none``, then the field's own ``_deserialize`` (its type check and
  parsing) and each of its ``validators``; a ``Nested`` compiled schema loads through its own
  plan. No field's rule is restated here: each is the field's own code;
- the schema's own ``@validates_schema`` and ``@post_load`` hooks, called as marshmallow calls them.

Anything the plan does not understand declines, at build time (a ``data_key``, an ``attribute``,
a ``pre_load`` or field ``@validates`` hook, ``many``, an ``unknown`` other than RAISE: the schema
then always loads through marshmallow) or per input (any ``ValidationError``, a key the schema
does not declare, a body that is not a dict: marshmallow loads it again, so every error message
is marshmallow's own). So a change to a schema (a new field, validator or hook) changes the fast
path with it; ``tests/test_compiled.py`` checks both paths agree and that the hot schemas compile.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from marshmallow import RAISE, Schema, ValidationError, fields, missing

_UNDERSTOOD_HOOKS = {"post_load", "validates_schema"}


class NotCompilable(Exception):
    """The schema uses something the compiled plan does not understand (the message says what)."""


class _Decline(Exception):
    """This input is for marshmallow to load (and, when it is wrong, to explain)."""


def compile_loader(schema: Schema) -> Callable[[Any], Any]:
    """A function ``data -> loaded value`` equivalent to ``schema.load(data)`` for the inputs it
    accepts; it raises ``_Decline`` for the rest. Raises :class:`NotCompilable` when the schema
    uses anything this module does not understand.

    The function is generated as Python source, one block per field (see :func:`_field_source`),
    so loading a 60-field table costs no call per field beyond the field's own code."""
    schema_name = type(schema).__name__
    if schema.many or schema.partial or schema.unknown != RAISE:
        raise NotCompilable(f"{schema_name}: many, partial or unknown={schema.unknown!r}")
    for tag, hooks in schema._hooks.items():  # marshmallow's resolved hooks, read, never changed
        if hooks and tag not in _UNDERSTOOD_HOOKS:
            raise NotCompilable(f"{schema_name}: a {tag} hook")
        if any(many for _, many, _ in hooks):
            raise NotCompilable(f"{schema_name}: a {tag} hook that takes the whole collection")
    env: dict[str, Any] = {
        "_Decline": _Decline,
        "missing": missing,
        "ValidationError": ValidationError,
        "names": frozenset(schema.load_fields),
        "RAISE": RAISE,
    }
    body = []
    for i, (name, field) in enumerate(schema.load_fields.items()):
        body += _field_source(schema_name, i, name, field, env)
    context = "many=False, partial=None, unknown=RAISE"
    for j, (attr, _, kw) in enumerate(schema._hooks["validates_schema"]):
        env[f"validator{j}"] = getattr(schema, attr)
        body.append(f"validator{j}(out, {'data, ' if kw.get('pass_original') else ''}{context})")
    for j, (attr, _, kw) in enumerate(schema._hooks["post_load"]):
        env[f"post_load{j}"] = getattr(schema, attr)
        body.append(f"out = post_load{j}(out, {'data, ' if kw.get('pass_original') else ''}{context})")
    source = "\n".join(
        [
            "def load(data):",
            "    if type(data) is not dict or not names.issuperset(data):",
            "        raise _Decline",
            "    out = {}",
            "    try:",
            *("        " + line for line in body),
            "    except ValidationError:",
            "        raise _Decline from None",
            "    return out",
        ]
    )
    exec(compile(source, f"<compiled load of {schema_name}>", "exec"), env)  # noqa: S102 (our own source)
    load = env["load"]
    load.source = source  # for a reader (and the tests) to see what was made
    return load


def _field_source(schema_name: str, i: int, name: str, field: fields.Field, env: dict) -> list[str]:
    """Lines loading field ``name`` into ``out`` as marshmallow's ``Field.deserialize`` would:
    ``required``, the ``load_default``, ``allow_none``, then the field's own ``_deserialize``
    and each of its ``validators`` (a validator answering False refuses, as marshmallow's own
    ``And`` does). Objects the lines use are put in ``env``."""
    if field.data_key is not None or field.attribute is not None:
        raise NotCompilable(f"{schema_name}.{name}: data_key or attribute")
    if field.pre_load or field.post_load:
        raise NotCompilable(f"{schema_name}.{name}: the field's own pre_load or post_load")
    key = repr(name)
    if type(field).deserialize is not fields.Field.deserialize:  # a field with its own whole protocol
        env[f"field{i}"] = field.deserialize
        return [f"v = field{i}(data.get({key}, missing), {key}, data)", "if v is not missing:", f"    out[{key}] = v"]
    if field.required:
        when_missing = ["raise _Decline"]
    elif field.load_default is missing:
        when_missing = ["pass"]
    else:
        env[f"default{i}"] = field.load_default
        when_missing = [f"out[{key}] = default{i}()" if callable(field.load_default) else f"out[{key}] = default{i}"]
    nested = _nested_plan(field)
    item = _nested_plan(field.inner) if isinstance(field, fields.List) and type(field)._deserialize in _PLAIN_LIST_LOADS else None
    value = (
        _nested_plan(field.value_field)
        if isinstance(field, fields.Dict) and type(field)._deserialize in _PLAIN_DICT_LOADS and field.value_field is not None
        else None
    )
    if nested is not None:
        env[f"nested{i}"] = nested
        load = [f"v = nested{i}(v)"]
    elif item is not None:  # a list of a compiled schema's objects
        env[f"item{i}"] = item
        load = ["if type(v) is not list:", "    raise _Decline", f"v = [item{i}(x) for x in v]"]
    elif value is not None:  # an object whose values are a compiled schema's objects
        env[f"value{i}"] = value
        env[f"key{i}"] = field.key_field.deserialize if field.key_field is not None else (lambda k: k)
        load = ["if type(v) is not dict:", "    raise _Decline", f"v = {{key{i}(k): value{i}(x) for k, x in v.items()}}"]
    else:
        env[f"field{i}"] = field._deserialize  # the documented extension point of every field class
        load = [f"v = field{i}(v, {key}, data)"]
    for j, validator in enumerate(field.validators):
        env[f"check{i}_{j}"] = validator
        load += [f"if check{i}_{j}(v) is False:", "    raise _Decline"]
    return [
        f"v = data.get({key}, missing)",
        "if v is missing:",
        *("    " + line for line in when_missing),
        "elif v is None:",
        f"    out[{key}] = None" if field.allow_none else "    raise _Decline",
        "else:",
        *("    " + line for line in load),
        f"    out[{key}] = v",
    ]


def _nested_plan(field: fields.Field) -> Callable[[Any], Any] | None:
    """The compiled plan of a plain ``Nested`` field's schema, or None."""
    if type(field) is fields.Nested and not field.many and isinstance(field.schema, CompiledSchema) and field.schema.compiled:
        if field.validators or field.pre_load or field.post_load or field.only or field.exclude:
            return None
        return field.schema._compiled
    return None


class CompiledSchema(Schema):
    """A Schema whose plain ``load(data)`` goes through a plan compiled from its own fields and
    hooks (:func:`compile_loader`), and through marshmallow for everything the plan declines.
    Other calls (``many``, ``partial``, ``unknown``) are marshmallow's. The plan is built on the
    first load of each instance."""

    _compiled: Callable[[Any], Any] | None | bool = False  # False: not built yet; None: not compilable

    def load(self, data, *, many=None, partial=None, unknown=None):
        if many is None and partial is None and unknown is None:
            compiled = self._compiled
            if compiled is False:
                compiled = self._compiled = self._compile()
            if compiled is not None:
                try:
                    return compiled(data)
                except _Decline:
                    pass
        return super().load(data, many=many, partial=partial, unknown=unknown)

    def _compile(self) -> Callable[[Any], Any] | None:
        try:
            return compile_loader(self)
        except NotCompilable:
            return None

    @property
    def compiled(self) -> bool:
        """Whether loads go through a compiled plan (tests check the hot schemas do)."""
        if self._compiled is False:
            self._compiled = self._compile()
        return self._compiled is not None


# List loads whose only difference from marshmallow's List is refusing a long list before its
# items (schemas.fields.BoundedList): the plan loads the items itself and the field's validators
# refuse the same lists.
from .fields import BoundedList, PlayerEntries  # noqa: E402

_PLAIN_LIST_LOADS = (fields.List._deserialize, BoundedList._deserialize)
# Likewise PlayerEntries, which only moves an error to the player's own key.
_PLAIN_DICT_LOADS = (fields.Dict._deserialize, PlayerEntries._deserialize)
