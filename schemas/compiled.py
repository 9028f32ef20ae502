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
then always loads through marshmallow) or per input (a field's ``ValidationError``, a key the
schema does not declare, a body that is not a dict: marshmallow loads it again, so every error
message is marshmallow's own). What the schema's own hooks refuse (a state no table could reach,
found by ``validate_state``) is raised as marshmallow would raise it, never loaded a second time. So a change to a schema (a new field, validator or hook) changes the fast
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


class _HookError(Exception):
    """The schema's own hooks (or a nested schema's) refused the input: ``messages`` as
    marshmallow would report them. Raised as a ValidationError by :meth:`CompiledSchema.load`."""

    def __init__(self, messages: dict):
        super().__init__(messages)
        self.messages = messages


def _merged(into: dict, messages: dict) -> dict:
    """marshmallow's error store: ``messages`` merged into ``into`` (lists joined)."""
    for k, v in messages.items():
        if k in into and isinstance(into[k], list) and isinstance(v, list):
            into[k] = into[k] + v
        elif k in into and isinstance(into[k], dict) and isinstance(v, dict):
            into[k] = _merged(dict(into[k]), v)
        else:
            into[k] = v
    return into


def compile_loader(schema: Schema) -> Callable[[Any], Any]:
    """A function ``data -> loaded value`` equivalent to ``schema.load(data)`` for the inputs it
    accepts; it raises ``_Decline`` for the rest. Raises :class:`NotCompilable` when the schema
    uses anything this module does not understand.

    The function is generated as Python source, one block per field (see :func:`_field_source`),
    so loading a 60-field table costs no call per field beyond the field's own code."""
    schema_name = type(schema).__name__
    if schema.many or schema.partial or schema.unknown != RAISE:
        raise NotCompilable(f"{schema_name}: many, partial or unknown={schema.unknown!r}")
    # marshmallow has no public way to list a schema's hooks: ``Schema._hooks`` (resolved by its
    # metaclass, the same table its own load reads) is read here, never changed; marshmallow is
    # pinned in requirements.txt and tests/test_compiled.py fails if the plan and load disagree.
    for tag, hooks in schema._hooks.items():
        if hooks and tag not in _UNDERSTOOD_HOOKS:
            raise NotCompilable(f"{schema_name}: a {tag} hook")
        if any(many for _, many, _ in hooks):
            raise NotCompilable(f"{schema_name}: a {tag} hook that takes the whole collection")
        if any(kw.get("skip_on_field_errors") is False for _, _, kw in hooks):
            raise NotCompilable(f"{schema_name}: a {tag} hook run despite field errors")
    env: dict[str, Any] = {
        "_HookError": _HookError,
        "_Decline": _Decline,
        "missing": missing,
        "ValidationError": ValidationError,
        "names": frozenset(schema.load_fields),
        "RAISE": RAISE,
        "MEMO_SIZE": MEMO_SIZE,
    }
    body = []
    for i, (name, field) in enumerate(schema.load_fields.items()):
        body += _field_source(schema_name, i, name, field, env)
    # The schema's own hooks run as marshmallow runs them: every validator, its errors stored
    # under its field (or _schema), then post_load only when none failed. What they raise is the
    # answer (the same words marshmallow would give), so it is raised, never loaded again.
    context = "many=False, partial=None, unknown=RAISE"
    hooks = ["if errors:  # a nested object refused: the schema's own hooks do not run", "    raise _HookError(errors)"]
    for j, (attr, _, kw) in enumerate(schema._hooks["validates_schema"]):
        env[f"validator{j}"] = getattr(schema, attr)
        hooks += [
            "try:",
            f"    validator{j}(out, {'data, ' if kw.get('pass_original') else ''}{context})",
            "except ValidationError as e:",
            "    errors = _merged(errors, e.normalized_messages())",
        ]
    hooks += ["if errors:", "    raise _HookError(errors)"]
    for j, (attr, _, kw) in enumerate(schema._hooks["post_load"]):
        env[f"post_load{j}"] = getattr(schema, attr)
        hooks += [
            "try:",
            f"    out = post_load{j}(out, {'data, ' if kw.get('pass_original') else ''}{context})",
            "except ValidationError as e:",
            "    raise _HookError(e.normalized_messages()) from None",
        ]
    env["_merged"] = _merged
    source = "\n".join(
        [
            "def load(data):",
            "    if type(data) is not dict or not names.issuperset(data):",
            "        raise _Decline",
            "    out = {}",
            "    errors = {}",
            "    try:",
            *("        " + line for line in body),
            "    except ValidationError:",
            "        raise _Decline from None",
            *("    " + line for line in hooks),
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
    memo = type(field)._deserialize in _PURE_ON_TEXT
    if nested is not None:  # a nested object whose own hooks refuse it: stored under this key
        env[f"nested{i}"] = nested
        load = ["try:", f"    v = nested{i}(v)", "except _HookError as e:", f"    errors[{key}] = e.messages", "    v = missing"]
    elif item is not None:  # a list of a compiled schema's objects
        env[f"item{i}"] = item
        load = [
            "if type(v) is not list:",
            "    raise _Decline",
            "try:",
            f"    v = [item{i}(x) for x in v]",
            "except _HookError:",
            "    raise _Decline from None",
        ]
    elif value is not None:  # an object whose values are a compiled schema's objects
        env[f"value{i}"] = value
        keys = field.key_field
        env[f"key{i}"] = (
            (lambda k: k)
            if keys is None
            else remembered(keys.deserialize)
            if type(keys)._deserialize in _PURE_ON_TEXT
            else keys.deserialize
        )
        load = [
            "if type(v) is not dict:",
            "    raise _Decline",
            "try:",
            f"    v = {{key{i}(k): value{i}(x) for k, x in v.items()}}",
            "except _HookError:",
            "    raise _Decline from None",
        ]
    elif memo:  # a string's value, remembered: the same few names, cards and words come again and again
        env[f"field{i}"] = field._deserialize
        env[f"memo{i}"] = {}
        load = [
            "if type(v) is str:",
            f"    w = memo{i}.get(v, missing)",
            "    if w is missing:",
            f"        w = field{i}(v, {key}, data)",
            f"        if len(memo{i}) >= MEMO_SIZE:",
            f"            memo{i}.clear()",
            f"        memo{i}[v] = w",
            "    v = w",
            "else:",
            f"    v = field{i}(v, {key}, data)",
        ]
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
        "    if v is not missing:",
        f"        out[{key}] = v",
    ]


MEMO_SIZE = 1024  # strings remembered per field (then forgotten all at once): a request holds far fewer distinct ones


def remembered(load: Callable[[Any], Any]) -> Callable[[Any], Any]:
    """``load`` (a field's deserialize of a value alone) remembering what it made of each string
    it accepted; a string it refuses raises each time, and anything but a string is loaded as
    usual. For the fields in :data:`_PURE_ON_TEXT` only, whose value is a function of the text."""
    memo: dict[str, Any] = {}

    def load_remembered(v):
        if type(v) is not str:
            return load(v)
        w = memo.get(v, missing)
        if w is missing:
            w = load(v)
            if len(memo) >= MEMO_SIZE:
                memo.clear()
            memo[v] = w
        return w

    return load_remembered


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
                except _HookError as refused:  # as marshmallow would raise it: not loaded again
                    raise ValidationError(refused.messages, data=data) from None
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
# Fields whose value loaded from a string depends on nothing but the string (and the field): a
# string (names and ids checked by schemas.fields.name_problem), a card, a word of an Enum. What
# each made of a string is remembered (:func:`remembered`); what it refuses is never remembered.
from .fields import Card, VisibleId  # noqa: E402

_PURE_ON_TEXT = (fields.String._deserialize, VisibleId._deserialize, Card._deserialize, fields.Enum._deserialize)
