"""How the schemas of record document themselves in OpenAPI 3.1, precisely enough for typed
clients (issue #17). apispec's marshmallow plugin writes each schema's fields; this module adds
what a marshmallow schema cannot say by its fields alone, declared on the schemas themselves:

- :class:`Answer`: a schema of answers. Its compiled dump (``schemas/dump.py``) fills in every
  field, so every field of an answer is *required* in the document (a field that an answer may
  leave out says ``metadata={"answer_optional": True}``), and card codes follow the canonical
  pattern (``QS``, ``10H``), never the lenient input spellings.
- :func:`answer_fields`: the fields of a request schema as its answer form gives them
  (``StateOut`` of ``State``), so the wire format is written once.
- :class:`OneOf`: a schema whose objects take one of several shapes, told apart by a field
  (``action`` of a move, ``outcome`` of a result) or by which fields they hold. The document
  says ``oneOf`` the shapes, with a ``discriminator``; each shape is a schema made from the
  union's own fields (:func:`shape_schema`: an instance of the written union class). Loading
  and dumping stay the union schema's.
- :data:`ENUMS`: the core's StrEnums, each one named component (``Action``, ``MeldKind``…) that
  every field of that enum refers to; reason codes are an *open* enum (``ReasonCode`` or any
  other string: new codes may be added, contract, Reasons).
- request fields with a load default stay optional for generators: the default is written in
  the field's description, not as ``default`` (which openapi-typescript reads as "always
  present").

:class:`PrecisePlugin` is apispec's marshmallow plugin with these rules; ``web.problems.ProblemApi``
uses it, so ``openapi.yaml`` stays generated (``make openapi``).
"""

from __future__ import annotations

import copy
import json
from collections.abc import Mapping
from dataclasses import dataclass
from dataclasses import field as dataclass_field
from enum import Enum
from typing import Any

from apispec.ext.marshmallow import MarshmallowPlugin
from apispec.ext.marshmallow.common import get_fields, resolve_schema_instance
from apispec.ext.marshmallow.openapi import OpenAPIConverter
from marshmallow import Schema, fields, missing, post_dump

from referee import Action, Code, MeldKind, Phase, Source, Status
from referee.speech import say

from .fields import CARD_DOC, Card

CANONICAL_CARD_DOC = {
    "type": "string",
    "description": "A card's canonical code: rank (A 2-10 J Q K) then suit (C D H S).",
    "example": "QS",
    "minLength": 2,
    "maxLength": 3,
    "pattern": r"^(10|[2-9AJQK])[CDHS]$",
}

# The core's enums as named components: name, and whether other values may appear in answers.
ENUMS: dict[type[Enum], tuple[str, bool]] = {
    Action: ("Action", False),
    Source: ("Source", False),
    Phase: ("Phase", False),
    Status: ("Status", False),
    MeldKind: ("MeldKind", False),
    Code: ("ReasonCode", True),
}
ENUM_DESCRIPTIONS = {
    "Action": "What a move does: draw, meld, lay_off or discard (R4–R7).",
    "Source": "Where a draw takes its card from (R4).",
    "Phase": "draw: the player to move must draw; play: has drawn, may meld and lay off, must discard (R4).",
    "Status": "playing, out (someone went out, R13) or draw (a drawn hand, R18).",
    "MeldKind": "set: three or four cards of one rank (R10); run: three or more in sequence in one suit (R11).",
    "ReasonCode": (
        "The reason codes this version gives (contract, Reasons). More may be added, never "
        "renamed: a client should handle a code it does not know as a refusal and show its message."
    ),
}


class Answer(Schema):
    """Base of the schemas of answers. Every declared field is always present in an answer (the
    compiled dump writes every one), so the document marks each required, unless its metadata
    says ``answer_optional`` (left out when None), or a :class:`OneOf` shape leaves it out."""

    @post_dump
    def leave_out(self, data: Any, **kwargs: Any) -> Any:
        """marshmallow's own dump with the same rule as the compiled one (``schemas/dump.py``): a
        tagged :class:`OneOf` object holds the fields of its shape only, and an
        ``answer_optional`` field is left out when None."""
        one = declared_one_of(type(self))
        declared = self.fields
        if one is not None and one.tag is not None and data.get(one.tag) in one.shapes:
            key = data[one.tag]
            spare = one.optional_in(key)
            return {
                k: v
                for k, v in data.items()
                if one.holds(key, k) and not (v is None and (k in spare or declared[k].metadata.get("answer_optional")))
            }
        return {k: v for k, v in data.items() if k in declared and not (v is None and declared[k].metadata.get("answer_optional"))}


class CardCode(fields.String):
    """A card as answers write it: the canonical code (documented with the canonical pattern)."""

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(metadata={**CANONICAL_CARD_DOC, **kwargs.pop("metadata", {})}, **kwargs)

    def _serialize(self, value: Any, attr: str | None, obj: Any, **kwargs: Any) -> Any:
        return None if value is None else value.code


class HexBytes(fields.String):
    """Bytes as answers write them: lower-case hexadecimal (a hand's seed)."""

    def _serialize(self, value: Any, attr: str | None, obj: Any, **kwargs: Any) -> Any:
        return None if value is None else value.hex()


def _canonical_cards(field: fields.Field[Any]) -> None:
    """Document ``field`` (a copy) with the canonical card pattern when it holds cards."""
    if isinstance(field, Card):
        own = {"description": field.metadata["description"]} if field.metadata.get("description") != CARD_DOC["description"] else {}
        field.metadata = {**field.metadata, **CANONICAL_CARD_DOC, **own}
    elif isinstance(field, fields.List):
        _canonical_cards(field.inner)


def answer_fields(
    schema_cls: type[Schema], *, nested: dict[str, type[Schema]] | None = None, never_null: tuple[str, ...] = ()
) -> dict[str, fields.Field[Any]]:
    """The fields of request schema ``schema_cls`` as answers give them, for the ``class Meta:
    include`` of its answer schema (``StateOutSchema`` of ``StateSchema``), so the wire format is
    written once: a copy of each field (so it dumps the same objects the same way), every one
    required, without load defaults, cards documented canonical. ``nested`` names the answer
    schema a nested field (or a list of them) refers to instead of its request schema
    (``"players": PlayerOutSchema``); ``never_null`` lists fields that requests may leave null
    but answers always fill in (the dealer, the turn)."""
    made: dict[str, fields.Field[Any]] = {}
    for field_name, field in schema_cls._declared_fields.items():
        target = (nested or {}).get(field_name)
        if target is not None and not isinstance(field, fields.List) and type(field) is not fields.Nested:
            twin: fields.Field[Any] = fields.Nested(target, metadata=dict(field.metadata))  # a field of its own kind (the rules)
        else:
            twin = copy_field(field)
            if target is not None:
                inner = twin.inner if isinstance(twin, fields.List) else twin
                assert isinstance(inner, fields.Nested), field_name
                inner.nested = target
        twin.required = True
        twin.load_default = missing
        if field_name in never_null:
            twin.allow_none = False
        _canonical_cards(twin)
        made[field_name] = twin
    return made


def copy_field(field: fields.Field[Any]) -> fields.Field[Any]:
    """A copy of ``field`` that can be changed without changing it (marshmallow's own deepcopy
    of a field is shallow: a List's item field would be shared)."""
    made = copy.copy(field)
    made.metadata = dict(field.metadata)
    if isinstance(field, fields.List) and isinstance(made, fields.List):
        made.inner = copy_field(field.inner)
    return made


@dataclass(frozen=True)
class OneOf:
    """A schema whose objects take one of several shapes, declared in its class body as
    ``one_of = OneOf(...)``. ``shapes`` maps each shape to the fields only it holds; the fields
    no shape names are common to all. With ``tag`` (the discriminating field, e.g. ``action``)
    the keys of ``shapes`` are its values and ``names`` gives each shape's component name;
    without one the keys are the component names and a shape is told apart by the fields it
    holds (its schema allows no others). Every field of a shape is required, except those in
    ``optional``: a tuple (optional in every shape) or, by shape, a dict (``{"draw":
    ("card",)}``: a draw may lack its card, a discard may not). The document says ``oneOf`` the
    shapes (:func:`shape_schema`), loading checks them (:func:`shape_faults`) and the dump of a
    tagged shape writes its fields only (``schemas/dump.py``): declared once, here."""

    tag: str | None
    shapes: Mapping[str, tuple[str, ...]]
    optional: tuple[str, ...] | Mapping[str, tuple[str, ...]] = ()
    names: Mapping[str, str] = dataclass_field(default_factory=dict)

    def optional_in(self, key: str) -> tuple[str, ...]:
        """The fields shape ``key`` may leave out."""
        return tuple(self.optional) if isinstance(self.optional, tuple) else tuple(self.optional.get(key, ()))

    def name(self, key: str) -> str:
        """The component name of shape ``key``."""
        return self.names.get(key, key)

    def holds(self, key: str, field_name: str) -> bool:
        """Whether shape ``key`` holds ``field_name`` (its own fields and the common ones)."""
        return field_name in self.shapes.get(key, ()) or not any(field_name in own for own in self.shapes.values())


def declared_one_of(cls: type) -> OneOf | None:
    """The :class:`OneOf` schema class ``cls`` declares (or inherits), or None."""
    declared = getattr(cls, "one_of", None)
    return declared if isinstance(declared, OneOf) else None


def shape_schema(cls: type[Schema], key: str) -> Schema:
    """An instance of union schema ``cls`` holding the fields of its shape ``key`` only, as the
    document gives the shape: each one required unless the shape may leave it out (then
    ``answer_optional``), the tag a constant. It is an instance of the written class (its own
    copies of the fields changed), never a class made here."""
    one = declared_one_of(cls)
    assert one is not None, f"{cls.__name__} declares no one_of"
    schema = cls(only=[name for name in cls._declared_fields if one.holds(key, name)])
    spare = one.optional_in(key)
    for field_name, shape_field in schema.fields.items():
        shape_field.required = field_name not in spare
        shape_field.load_default = missing
        if field_name in spare:
            shape_field.metadata = {**shape_field.metadata, "answer_optional": True}
        if field_name == one.tag:
            shape_field.metadata = {**shape_field.metadata, "tag_value": key}
    return schema


def shape_description(cls: type[Schema], key: str) -> str:
    """The one line the document gives shape ``key`` of ``cls``."""
    one = declared_one_of(cls)
    assert one is not None, f"{cls.__name__} declares no one_of"
    union = cls.__name__.removesuffix("Schema")
    return f"{union} with {one.tag} {key!r}." if one.tag else f"{union} with {', '.join(one.shapes[key])}."


def shape_faults(loaded: Mapping[str, Any], one: OneOf, *, noun: str = "move") -> dict[str, list[str]]:
    """What a loaded object of a :class:`OneOf` schema lacks or holds against the shape its
    ``tag`` names: each field of the shape it lacks (its optional ones aside), each field of
    another shape it holds. ``noun`` names the object in the messages ("a discard move needs
    'card'"). A schema's ``check`` raises these, so the shapes the document gives are the shapes
    loading checks, declared once."""
    value = loaded.get(one.tag) if one.tag is not None else None
    if value is None:
        return {}
    own, spare = one.shapes.get(value, ()), one.optional_in(value)
    errors = {name: [_needs(noun, str(value), name)] for name in own if name not in spare and name not in loaded}
    for fields_ in one.shapes.values():  # each foreign field once, in the order the shapes name them
        for name in fields_:
            if name in loaded and name not in own and name not in errors:
                errors[name] = [_foreign_field(noun, str(value), name)]
    return errors


def _needs(noun: str, kind: str, name: str) -> str:
    """ "a discard move needs 'card'" (``noun``: move or event; ``kind`` the tag's value as sent)."""
    if noun == "event":
        return say("a {kind} event needs {field}", kind=kind, field=repr(name))
    return say("a {kind} move needs {field}", kind=kind, field=repr(name))


def _foreign_field(noun: str, kind: str, name: str) -> str:
    """ "'source' does not belong to a discard move"."""
    if noun == "event":
        return say("{field} does not belong to a {kind} event", kind=kind, field=repr(name))
    return say("{field} does not belong to a {kind} move", kind=kind, field=repr(name))


class PreciseConverter(OpenAPIConverter):
    """apispec's converter with this module's rules (see the module docstring)."""

    def schema2jsonschema(self, schema: type[Schema] | Schema | str) -> dict[str, Any]:
        instance = resolve_schema_instance(schema)
        one = declared_one_of(type(instance))
        if one is not None:
            return self._one_of(type(instance), one)
        return self._object(instance, " ".join((type(instance).__doc__ or "").split()))

    def _object(self, instance: Schema, description: str) -> dict[str, Any]:
        doc: dict[str, Any] = super().schema2jsonschema(instance)  # type: ignore[no-untyped-call]  # apispec is not annotated
        if isinstance(instance, Answer):
            doc["required"] = sorted(f.data_key or n for n, f in get_fields(instance).items() if not f.metadata.get("answer_optional"))
        if description and "description" not in doc:
            doc["description"] = description
        return doc

    def _one_of(self, cls: type[Schema], one: OneOf) -> dict[str, Any]:
        components = self.spec.components
        refs = {}
        for key in one.shapes:
            name = one.name(key)
            if name not in components.schemas:
                components.schema(name, component=self._object(shape_schema(cls, key), shape_description(cls, key)))
            refs[key] = {"$ref": f"#/components/schemas/{name}"}
        doc: dict[str, Any] = {"oneOf": list(refs.values())}
        if one.tag is not None:
            doc["discriminator"] = {"propertyName": one.tag, "mapping": {k: r["$ref"] for k, r in refs.items()}}
        if cls.__doc__:
            doc["description"] = " ".join(cls.__doc__.split())
        return doc

    def field2property(self, field: fields.Field[Any]) -> dict[str, Any]:
        prop = super().field2property(field)
        enum_cls = field.enum if isinstance(field, fields.Enum) else field.metadata.get("enum_of")
        if "tag_value" in field.metadata:
            for key in ("enum", "default"):
                prop.pop(key, None)
            prop["type"] = "string"
            prop["const"] = field.metadata["tag_value"]
        elif enum_cls in ENUMS:
            prop = self._enum_ref(field, enum_cls, prop)
        if "default" in prop and not isinstance(field.parent, Answer):
            default = prop.pop("default")
            shown = "none (null)" if default is None else f"`{json.dumps(default, ensure_ascii=False)}`"
            if "Default:" not in prop.get("description", ""):  # a description may say what a null default means
                prop["description"] = f"{prop.get('description', '').rstrip()} Default: {shown}.".lstrip()
        return prop

    def _enum_ref(self, field: fields.Field[Any], enum_cls: type[Enum], prop: dict[str, Any]) -> dict[str, Any]:
        name, is_open = ENUMS[enum_cls]
        components = self.spec.components
        if name not in components.schemas:
            components.schema(name, {"type": "string", "enum": [e.value for e in enum_cls], "description": ENUM_DESCRIPTIONS[name]})
        ref = {"$ref": f"#/components/schemas/{name}"}
        rest = {k: v for k, v in prop.items() if k not in ("type", "enum", "anyOf", "$ref")}
        if is_open:
            return {"anyOf": [ref, {"type": "string", "description": "a code added after this version"}], **rest}
        if field.allow_none:
            return {"anyOf": [ref, {"type": "null"}], **rest}
        return {**ref, **rest}


class PrecisePlugin(MarshmallowPlugin):
    """apispec's marshmallow plugin using :class:`PreciseConverter`."""

    Converter = PreciseConverter
