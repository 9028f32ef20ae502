"""How the schemas of record document themselves in OpenAPI 3.1, precisely enough for typed
clients (issue #17). apispec's marshmallow plugin writes each schema's fields; this module adds
what a marshmallow schema cannot say by its fields alone, declared on the schemas themselves:

- :class:`Answer`: a schema of answers. Its compiled dump (``schemas/dump.py``) fills in every
  field, so every field of an answer is *required* in the document (a field that an answer may
  leave out says ``metadata={"answer_optional": True}``), and card codes follow the canonical
  pattern (``QS``, ``10H``), never the lenient input spellings.
- :func:`answer_fields`: the fields of a request schema as its answer form gives them
  (``StateOut`` of ``State``), so the wire format is written once.
- :func:`one_of`: a schema whose objects take one of several shapes, told apart by a field
  (``action`` of a move, ``outcome`` of a result) or by which fields they hold. The document
  says ``oneOf`` the shapes, with a ``discriminator``; each shape is a schema made from the
  union's own fields. Loading and dumping stay the union schema's (documentation only).
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
from collections.abc import Callable
from enum import Enum

from apispec.ext.marshmallow import MarshmallowPlugin
from apispec.ext.marshmallow.common import get_fields, resolve_schema_instance
from apispec.ext.marshmallow.openapi import OpenAPIConverter
from marshmallow import Schema, fields, missing, post_dump

from referee import Action, Code, MeldKind, Phase, Source, Status

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
    says ``answer_optional`` (left out when None), or a :func:`one_of` shape leaves it out."""

    @post_dump
    def leave_out(self, data, **kwargs):
        """marshmallow's own dump with the same rule as the compiled one (``schemas/dump.py``): a
        tagged :func:`one_of` object holds the fields of its shape only, and an
        ``answer_optional`` field is left out when None."""
        shapes = getattr(type(self), "openapi_shapes", None)
        declared = self.fields
        if shapes is not None and shapes[0] is not None and data.get(shapes[0]) in shapes[1]:
            declared = shapes[1][data[shapes[0]]]._declared_fields
        return {k: v for k, v in data.items() if k in declared and not (v is None and declared[k].metadata.get("answer_optional"))}


class CardCode(fields.String):
    """A card as answers write it: the canonical code (documented with the canonical pattern)."""

    def __init__(self, **kwargs):
        super().__init__(metadata={**CANONICAL_CARD_DOC, **kwargs.pop("metadata", {})}, **kwargs)

    def _serialize(self, value, attr, obj, **kwargs):
        return None if value is None else value.code


class HexBytes(fields.String):
    """Bytes as answers write them: lower-case hexadecimal (a hand's seed)."""

    def _serialize(self, value, attr, obj, **kwargs):
        return None if value is None else value.hex()


def _canonical_cards(field: fields.Field) -> None:
    """Document ``field`` (a copy) with the canonical card pattern when it holds cards."""
    if isinstance(field, Card):
        own = {"description": field.metadata["description"]} if field.metadata.get("description") != CARD_DOC["description"] else {}
        field.metadata = {**field.metadata, **CANONICAL_CARD_DOC, **own}
    elif isinstance(field, fields.List):
        _canonical_cards(field.inner)


def answer_fields(
    schema_cls: type[Schema], *, nested: dict[str, type[Schema]] | None = None, never_null: tuple[str, ...] = ()
) -> dict[str, fields.Field]:
    """The fields of request schema ``schema_cls`` as answers give them, for the ``class Meta:
    include`` of its answer schema (``StateOutSchema`` of ``StateSchema``), so the wire format is
    written once: a copy of each field (so it dumps the same objects the same way), every one
    required, without load defaults, cards documented canonical. ``nested`` names the answer
    schema a nested field (or a list of them) refers to instead of its request schema
    (``"players": PlayerOutSchema``); ``never_null`` lists fields that requests may leave null
    but answers always fill in (the dealer, the turn)."""
    made: dict[str, fields.Field] = {}
    for field_name, field in schema_cls._declared_fields.items():
        target = (nested or {}).get(field_name)
        if target is not None and not isinstance(field, fields.List) and type(field) is not fields.Nested:
            twin = fields.Nested(target, metadata=dict(field.metadata))  # a field of its own kind (the rules)
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


def copy_field(field: fields.Field) -> fields.Field:
    """A copy of ``field`` that can be changed without changing it (marshmallow's own deepcopy
    of a field is shallow: a List's item field would be shared)."""
    made = copy.copy(field)
    made.metadata = dict(field.metadata)
    if isinstance(field, fields.List):
        made.inner = copy_field(field.inner)
    return made


def one_of(
    tag: str | None,
    shapes: dict[str, tuple[str, ...]],
    *,
    optional: tuple[str, ...] | dict[str, tuple[str, ...]] = (),
    names: dict[str, str] | None = None,
) -> Callable[[type[Schema]], type[Schema]]:
    """Class decorator: document the schema as ``oneOf`` its shapes. ``shapes`` maps each shape
    to the fields only it holds; the fields no shape names are common to all. With ``tag`` (the
    discriminating field, e.g. ``action``) the keys of ``shapes`` are its values and ``names``
    gives each shape's component name; without one the keys are the component names and a
    shape is told apart by the fields it holds (its schema allows no others). Every field of a
    shape is required, except those in ``optional``: a tuple (optional in every shape) or, by
    shape, a dict (``{"draw": ("card",)}``: a draw may lack its card, a discard may not).
    ``declared_shapes`` keeps the shapes and the optional fields by shape, for
    :func:`shape_faults`."""
    by_shape = optional if isinstance(optional, dict) else {key: tuple(optional) for key in shapes}

    def decorate(cls: type[Schema]) -> type[Schema]:
        named = set().union(*shapes.values())
        base = Answer if issubclass(cls, Answer) else Schema
        made = {}
        for key, own in shapes.items():
            attrs: dict[str, object] = {}
            for field_name, field in cls._declared_fields.items():
                if field_name in own or field_name not in named:
                    shape_field = copy_field(field)
                    shape_field.required = field_name not in by_shape.get(key, ())
                    shape_field.load_default = missing
                    if field_name in by_shape.get(key, ()):
                        shape_field.metadata = {**shape_field.metadata, "answer_optional": True}
                    if field_name == tag:
                        shape_field.metadata = {**shape_field.metadata, "tag_value": key}
                    attrs[field_name] = shape_field
            name = (names or {}).get(key, key)
            union = cls.__name__.removesuffix("Schema")
            attrs["__doc__"] = f"{union} with {tag} {key!r}." if tag else f"{union} with {', '.join(own)}."
            made[key] = type(name, (base,), attrs)
        cls.openapi_shapes = (tag, made)
        cls.declared_shapes = (tag, shapes, by_shape)
        return cls

    return decorate


def shape_faults(
    loaded: dict, tag: str, shapes: dict[str, tuple[str, ...]], optional: dict[str, tuple[str, ...]], *, noun: str = "move"
) -> dict[str, list[str]]:
    """What a loaded object of a :func:`one_of` schema lacks or holds against the shape its
    ``tag`` names (the schema's ``declared_shapes``: tag, shapes, optional fields by shape): each
    field of the shape it lacks (its optional ones aside), each field of another shape it holds.
    ``noun`` names the object in the messages ("a discard move needs 'card'"). A schema's
    ``@validates_schema`` raises these, so the shapes the document gives are the shapes loading
    checks, declared once."""
    value = loaded.get(tag)
    if value is None:
        return {}
    own, spare = shapes.get(value, ()), optional.get(value, ())
    errors = {name: [f"a {value} {noun} needs {name!r}"] for name in own if name not in spare and name not in loaded}
    for fields_ in shapes.values():  # each foreign field once, in the order the shapes name them
        for name in fields_:
            if name in loaded and name not in own and name not in errors:
                errors[name] = [f"{name!r} does not belong to a {value} {noun}"]
    return errors


class PreciseConverter(OpenAPIConverter):
    """apispec's converter with this module's rules (see the module docstring)."""

    def schema2jsonschema(self, schema):
        instance = resolve_schema_instance(schema)
        shapes = getattr(type(instance), "openapi_shapes", None)
        if shapes is not None:
            return self._one_of(type(instance), *shapes)
        doc = super().schema2jsonschema(schema)
        if isinstance(instance, Answer):
            doc["required"] = sorted(f.data_key or n for n, f in get_fields(instance).items() if not f.metadata.get("answer_optional"))
        if type(instance).__doc__ and "description" not in doc:
            doc["description"] = " ".join(type(instance).__doc__.split())
        return doc

    def _one_of(self, cls, tag, made) -> dict:
        refs = {key: self.resolve_nested_schema(shape) for key, shape in made.items()}
        doc: dict = {"oneOf": list(refs.values())}
        if tag is not None:
            doc["discriminator"] = {"propertyName": tag, "mapping": {k: r["$ref"] for k, r in refs.items()}}
        if cls.__doc__:
            doc["description"] = " ".join(cls.__doc__.split())
        return doc

    def field2property(self, field):
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

    def _enum_ref(self, field, enum_cls, prop: dict) -> dict:
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
