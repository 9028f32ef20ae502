"""Loading compiled from a marshmallow schema's own fields and hooks.

marshmallow stays the schema of record: it decides what is accepted, words every error and
generates the OpenAPI document. But its generic ``load`` keeps an error store, resolves partial
loading and looks up hooks for every object of the body, which made a 4-player table snapshot
(60 fields in 11 nested objects) cost 446 µs to load (bench/README.md). A :class:`CompiledSchema`
loads input it can settle through a plan made once from the schema itself:

- every load field, called through the field's own ``deserialize`` (its type check, default,
  ``allow_none`` and validators: nothing is restated here); nested schemas that are compiled
  schemas load through their own plans;
- the schema's own ``@validates_schema`` and ``@post_load`` hooks, called as marshmallow calls them.

Anything the plan does not understand declines, at build time (a ``data_key``, an ``attribute``,
a ``pre_load`` or field ``@validates`` hook, ``many``, an ``unknown`` other than RAISE: the schema
then always loads through marshmallow) or per input (any ``ValidationError``, a key the schema
does not declare, a body that is not a dict: marshmallow loads it again, so every error message
is marshmallow's own). So a change to a schema (a new field, validator or hook) changes the fast
path with it; ``tests/test_compiled.py`` checks both paths agree and that the hot schemas compile.
"""
from __future__ import annotations

from typing import Any, Callable

from marshmallow import RAISE, Schema, ValidationError, missing

_UNDERSTOOD_HOOKS = {"post_load", "validates_schema"}


class NotCompilable(Exception):
    """The schema uses something the compiled plan does not understand (the message says what)."""


class _Decline(Exception):
    """This input is for marshmallow to load (and, when it is wrong, to explain)."""


def compile_loader(schema: Schema) -> Callable[[Any], Any]:
    """A function ``data -> loaded value`` equivalent to ``schema.load(data)`` for the inputs it
    accepts; it raises ``_Decline`` for the rest. Raises :class:`NotCompilable` when the schema
    uses anything this module does not understand."""
    if schema.many or schema.partial or schema.unknown != RAISE:
        raise NotCompilable(f"{type(schema).__name__}: many, partial or unknown={schema.unknown!r}")
    for tag, hooks in schema._hooks.items():  # marshmallow's resolved hooks, read, never changed
        if hooks and tag not in _UNDERSTOOD_HOOKS:
            raise NotCompilable(f"{type(schema).__name__}: a {tag} hook")
        if any(many for _, many, _ in hooks):
            raise NotCompilable(f"{type(schema).__name__}: a {tag} hook that takes the whole collection")
    plan = []
    for name, field in schema.load_fields.items():
        if field.data_key is not None or field.attribute is not None:
            raise NotCompilable(f"{type(schema).__name__}.{name}: data_key or attribute")
        plan.append((name, field.deserialize))
    names = frozenset(name for name, _ in plan)
    validators = [(getattr(schema, attr), kw.get("pass_original", False)) for attr, _, kw in schema._hooks["validates_schema"]]
    post_loads = [(getattr(schema, attr), kw.get("pass_original", False)) for attr, _, kw in schema._hooks["post_load"]]
    context = {"many": False, "partial": None, "unknown": RAISE}

    def load(data: Any) -> Any:
        if type(data) is not dict or not names.issuperset(data):
            raise _Decline
        out = {}
        try:
            for name, deserialize in plan:
                value = deserialize(data.get(name, missing), name, data)
                if value is not missing:
                    out[name] = value
            for validator, pass_original in validators:
                validator(out, data, **context) if pass_original else validator(out, **context)
            for post_load, pass_original in post_loads:
                out = post_load(out, data, **context) if pass_original else post_load(out, **context)
        except ValidationError:
            raise _Decline from None
        return out

    return load


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
