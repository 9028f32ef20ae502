"""Loading by a plan made from a marshmallow schema's own fields.

marshmallow stays the schema of record: it decides what is accepted, words every error and
generates the OpenAPI document. But its generic ``load`` keeps an error store, resolves partial
loading and looks up hooks for every object of the body, which made a 4-player table snapshot
(60 fields in 11 nested objects) cost 446 µs to load (bench/README.md). A :class:`CompiledSchema`
loads the input it can settle through a :class:`Plan` made once from the schema itself:

- every load field as marshmallow's ``Field.deserialize`` steps it: ``required``, the
  ``load_default``, ``allow_none``, then the field's own ``_deserialize`` (its type check and
  parsing) and each of its ``validators``; a ``Nested`` compiled schema loads through its own
  plan. No field's rule is restated here: each is the field's own code;
- the schema's whole-object steps, its :meth:`CompiledSchema.check` and
  :meth:`CompiledSchema.make` methods, which marshmallow's own load calls too (as a
  ``@validates_schema`` and a ``@post_load`` hook). A CompiledSchema declares no other hooks
  (``tests/test_compiled.py`` checks every one).

Anything the plan does not understand declines, when the plan is made (a ``data_key``, an
``attribute``, a field's own ``pre_load``/``post_load``, ``many``, an ``unknown`` other than
RAISE: the schema then always loads through marshmallow) or per input (a field's
``ValidationError``, a key the schema does not declare, a body that is not a dict: marshmallow
loads it again, so every error message is marshmallow's own). What ``check`` or ``make`` refuse
(a state no table could reach, found by ``validate_state``) is raised as marshmallow would raise
it, never loaded a second time. So a change to a schema (a new field, validator or check)
changes the fast path with it; ``tests/test_compiled.py`` checks both paths agree.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from collections.abc import Set as AbstractSet
from typing import Any, Literal, NamedTuple, cast

from marshmallow import RAISE, Schema, ValidationError, fields, missing, post_load, validates_schema

from .fields import BoundedList, Card, PlayerEntries, VisibleId

Load = Callable[[Any, str, Any], Any]
"""A field's load of one value present in the input: ``(value, key, whole input) -> loaded``."""


class NotCompilable(Exception):
    """The schema uses something the plan does not understand (the message says what)."""


class _Decline(Exception):
    """This input is for marshmallow to load (and, when it is wrong, to explain)."""


class _HookError(Exception):
    """The schema's own ``check`` or ``make`` (or a nested schema's) refused the input:
    ``messages`` as marshmallow would report them. Raised as a ValidationError by
    :meth:`CompiledSchema.load`."""

    def __init__(self, messages: dict[str, Any]) -> None:
        super().__init__(messages)
        self.messages = messages


class Step(NamedTuple):
    """How the plan loads one field (see :func:`field_step`)."""

    key: str
    whole: Callable[..., Any] | None  # a field with its own whole ``deserialize``: it does every step itself
    required: bool
    default: Any  # ``missing``: left out when left out
    call_default: bool  # the default is a factory (``list``, ``dict``)
    allow_none: bool
    load: Load
    nested: Plan | None  # a nested compiled schema's plan, whose own check may refuse: its errors are stored under ``key``
    memo: dict[str, Any] | None  # what ``load`` made of each string it accepted (:data:`_PURE_ON_TEXT` fields)
    validators: tuple[Callable[[Any], Any], ...]


class Plan:
    """The loading of one schema's input: each field's :class:`Step`, then the schema's own
    ``check`` and ``make``. Calling it loads a dict as ``schema.load`` would, or raises
    ``_Decline`` (marshmallow loads it instead) or ``_HookError``."""

    def __init__(self, schema: CompiledSchema):
        name = type(schema).__name__
        if schema.many or schema.partial or schema.unknown != RAISE:
            raise NotCompilable(f"{name}: many, partial or unknown={schema.unknown!r}")
        hooks = _other_load_hooks(type(schema))
        if hooks:
            raise NotCompilable(f"{name}: marshmallow hooks {', '.join(hooks)} (a CompiledSchema says them in check and make)")
        self.names = frozenset(schema.load_fields)
        self.steps = tuple(field_step(name, key, field) for key, field in schema.load_fields.items())
        self.check = schema.check
        self.make = schema.make

    def __call__(self, data: Any) -> Any:
        if type(data) is not dict or not self.names.issuperset(data):
            raise _Decline
        out: dict[str, Any] = {}
        errors: dict[str, Any] = {}
        try:
            for key, whole, required, default, call_default, allow_none, load, nested, memo, validators in self.steps:
                if whole is not None:
                    v = whole(data.get(key, missing), key, data)
                    if v is not missing:
                        out[key] = v
                    continue
                v = data.get(key, missing)
                if v is missing:
                    if required:
                        raise _Decline
                    if default is not missing:
                        out[key] = default() if call_default else default
                    continue
                if v is None:
                    if not allow_none:
                        raise _Decline
                    out[key] = None
                    continue
                if nested is not None:
                    try:
                        v = nested(v)
                    except _HookError as refused:  # a nested object refused: stored under this key
                        errors[key] = refused.messages
                        continue
                elif memo is not None and type(v) is str:  # the same few names, cards and words come again and again
                    w = memo.get(v, missing)
                    if w is missing:
                        w = load(v, key, data)  # what it refuses raises, never remembered
                        if len(memo) >= MEMO_SIZE:
                            memo.clear()
                        memo[v] = w
                    v = w
                else:
                    v = load(v, key, data)
                for validator in validators:
                    if validator(v) is False:  # a validator answering False refuses, as marshmallow's own And does
                        raise _Decline
                if v is not missing:
                    out[key] = v
        except ValidationError:
            raise _Decline from None
        # The schema's own steps, as marshmallow runs its hooks: none when a nested object was
        # refused (skip_on_field_errors), make only when check passed. What they refuse is the
        # answer (the same words marshmallow would give): raised, never loaded again.
        if errors:
            raise _HookError(errors)
        try:
            self.check(out, data)
            return self.make(out)
        except ValidationError as refused:
            raise _HookError(cast(dict[str, Any], refused.normalized_messages())) from None  # type: ignore[no-untyped-call]  # not annotated in marshmallow


_OWN_HOOKS = {"_check_by_marshmallow", "_make_by_marshmallow"}
_LOAD_TAGS = {"pre_load", "post_load", "validates", "validates_schema"}


def _other_load_hooks(cls: type) -> list[str]:
    """The methods of ``cls`` that marshmallow's decorators made load hooks (each marked with
    ``__marshmallow_hook__``, marshmallow's ``MarshmallowHook`` protocol), besides
    :class:`CompiledSchema`'s own two: a plan would not call them, so marshmallow loads all."""
    found = []
    for attr in dir(cls):
        if attr in _OWN_HOOKS:
            continue
        marks = getattr(getattr(cls, attr, None), "__marshmallow_hook__", None)
        if marks and _LOAD_TAGS.intersection(marks):
            found.append(attr)
    return found


def field_step(schema_name: str, key: str, field: fields.Field[Any]) -> Step:
    """How a :class:`Plan` loads ``field``, as marshmallow's ``Field.deserialize`` would:
    ``required``, the ``load_default``, ``allow_none``, then the field's own ``_deserialize``
    and each of its ``validators``. A nested compiled schema (alone, in a list or as the values
    of an object) loads through its own plan; a string field whose value depends on the text
    alone remembers what it made of each string (:func:`remembered`)."""
    if field.data_key is not None or field.attribute is not None:
        raise NotCompilable(f"{schema_name}.{key}: data_key or attribute")
    if field.pre_load or field.post_load:
        raise NotCompilable(f"{schema_name}.{key}: the field's own pre_load or post_load")
    if type(field).deserialize is not fields.Field.deserialize:  # a field with its own whole protocol
        return Step(key, field.deserialize, False, missing, False, False, _never, None, None, ())
    default = field.load_default
    validators = tuple(field.validators)
    loads = type(field)._deserialize
    nested = _nested_plan(field)
    item = _nested_plan(field.inner) if isinstance(field, fields.List) and loads in _PLAIN_LIST_LOADS else None
    value = _nested_plan(field.value_field) if isinstance(field, fields.Dict) and loads in _PLAIN_DICT_LOADS else None
    load: Load = field._deserialize  # the documented extension point of every field class
    if item is not None:
        assert isinstance(field, fields.List)
        load = _list_load(item, field)
    elif value is not None:
        assert isinstance(field, fields.Dict)
        load = _dict_load(value, field.key_field)
    memo: dict[str, Any] | None = {} if loads in _PURE_ON_TEXT else None
    return Step(key, None, field.required, default, callable(default), field.allow_none, load, nested, memo, validators)


def _never(v: Any, key: str, data: Any) -> Any:
    raise AssertionError("a field with its own deserialize is loaded by it")


def _list_load(item: Plan, field: fields.List[Any]) -> Load:
    """A list of a compiled schema's objects. A list longer than the field allows declines
    before any item loads (marshmallow then refuses it at once: ``BoundedList``)."""
    longest = field.longest() if isinstance(field, BoundedList) else None

    def load_list(v: Any, key: str, data: Any) -> Any:
        if type(v) is not list or (longest is not None and len(v) > longest):
            raise _Decline
        try:
            return [item(x) for x in v]
        except _HookError:
            raise _Decline from None

    return load_list


def _dict_load(value: Plan, keys: fields.Field[Any] | None) -> Load:
    """An object whose values are a compiled schema's objects, each key loaded by ``keys``."""
    key_load: Callable[[Any], Any]
    if keys is None:
        key_load = _same
    elif type(keys)._deserialize in _PURE_ON_TEXT:
        key_load = remembered_value(keys.deserialize)
    else:
        key_load = keys.deserialize

    def load_dict(v: Any, key: str, data: Any) -> Any:
        if type(v) is not dict:
            raise _Decline
        try:
            return {key_load(k): value(x) for k, x in v.items()}
        except _HookError:
            raise _Decline from None

    return load_dict


def _same(k: Any) -> Any:
    return k


MEMO_SIZE = 1024  # strings remembered per field (then forgotten all at once): a request holds far fewer distinct ones


def remembered(load: Load) -> Load:
    """``load`` (a field's ``_deserialize``) remembering what it made of each string it
    accepted; a string it refuses raises each time, and anything but a string is loaded as
    usual. For the fields in :data:`_PURE_ON_TEXT` only, whose value is a function of the text."""
    memo: dict[str, Any] = {}

    def load_remembered(v: Any, key: str, data: Any) -> Any:
        if type(v) is not str:
            return load(v, key, data)
        w = memo.get(v, missing)
        if w is missing:
            w = load(v, key, data)
            if len(memo) >= MEMO_SIZE:
                memo.clear()
            memo[v] = w
        return w

    return load_remembered


def remembered_value(load: Callable[[Any], Any]) -> Callable[[Any], Any]:
    """:func:`remembered` for a load of a value alone (a dict's key field's ``deserialize``)."""
    memo = remembered(lambda v, key, data: load(v))
    return lambda v: memo(v, "", None)


def _nested_plan(field: fields.Field[Any] | None) -> Plan | None:
    """The plan of a plain ``Nested`` field's compiled schema, or None."""
    if type(field) is fields.Nested and not field.many and isinstance(field.schema, CompiledSchema):
        if field.validators or field.pre_load or field.post_load or field.only or field.exclude:
            return None
        return field.schema.plan
    return None


class CompiledSchema(Schema):
    """A Schema whose plain ``load(data)`` goes through a :class:`Plan` made from its own
    fields, ``check`` and ``make``, and through marshmallow for everything the plan declines.
    Other calls (``many``, ``partial``, ``unknown``) are marshmallow's. The plan is made on the
    first load of each instance.

    A subclass says what it checks of the whole object and what it loads by overriding
    :meth:`check` and :meth:`make` (never with marshmallow's hook decorators: the plan would
    not call them)."""

    _plan: Plan | None | bool = False  # False: not made yet; None: the schema does not compile

    def check(self, loaded: dict[str, Any], original: Any) -> None:
        """Whole-object checks once every field loaded (``original``: the input as sent);
        raises a ValidationError naming the field at fault. Nothing by default."""

    def make(self, loaded: dict[str, Any]) -> Any:
        """The value this schema loads from its fields' values: the dict itself by default."""
        return loaded

    @validates_schema(pass_original=True)
    def _check_by_marshmallow(self, loaded: dict[str, Any], original: Any, **kw: Any) -> None:
        self.check(loaded, original)

    @post_load
    def _make_by_marshmallow(self, loaded: dict[str, Any], **kw: Any) -> Any:
        return self.make(loaded)

    def load(
        self,
        data: Any,
        *,
        many: bool | None = None,
        partial: bool | Sequence[str] | AbstractSet[str] | None = None,
        unknown: Literal["exclude", "include", "raise"] | None = None,
    ) -> Any:
        if many is None and partial is None and unknown is None:
            plan = self.plan
            if plan is not None:
                try:
                    return plan(data)
                except _Decline:
                    pass
                except _HookError as refused:  # as marshmallow would raise it: not loaded again
                    raise ValidationError(refused.messages, data=data) from None
        return super().load(data, many=many, partial=partial, unknown=unknown)

    @property
    def plan(self) -> Plan | None:
        """This schema's plan, None when it uses something the plan does not understand."""
        if self._plan is False:
            try:
                self._plan = Plan(self)
            except NotCompilable:
                self._plan = None
        assert self._plan is not True
        return self._plan

    @property
    def compiled(self) -> bool:
        """Whether loads go through a plan (tests check the hot schemas do)."""
        return self.plan is not None


# List loads whose only difference from marshmallow's List is refusing a long list before its
# items (schemas.fields.BoundedList): the plan loads the items itself and the field's validators
# refuse the same lists.
_PLAIN_LIST_LOADS = (fields.List._deserialize, BoundedList._deserialize)
# Likewise PlayerEntries, which only moves an error to the player's own key.
_PLAIN_DICT_LOADS = (fields.Dict._deserialize, PlayerEntries._deserialize)
# Fields whose value loaded from a string depends on nothing but the string (and the field): a
# string (names and ids checked by schemas.fields.name_problem), a card, a word of an Enum. What
# each made of a string is remembered (:func:`remembered`); what it refuses is never remembered.
_PURE_ON_TEXT = (fields.String._deserialize, VisibleId._deserialize, Card._deserialize, fields.Enum._deserialize)
