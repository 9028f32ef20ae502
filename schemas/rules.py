"""The rules object (contract, Rules object; RULES.md R21), made from the core's one declaration
of the options (:data:`referee.rules.OPTIONS`): one field per option, its type, range or allowed
values and its description all taken from there."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from marshmallow import fields, validate

from referee.rules import DEFAULT_PRESET, OPTIONS, PRESETS, Option, rules_of

from .base import AnswerSchema
from .compiled import CompiledSchema
from .doc import Answer, answer_fields
from .fields import StrictBoolean, StrictInteger


def option_field(option: Option) -> fields.Field[Any]:
    """The request field of one rule option: a strict boolean, a strict whole number in its range
    or one of its values, null where the option allows it; described in the option's words."""
    null = f" null = {option.null.removeprefix('for ').removeprefix('to ')}." if option.null else ""
    doc = {"description": f"{option.sentence.rstrip('.')} ({option.rule}).{null}"}
    if option.kind is bool:
        return StrictBoolean(metadata=doc)
    if option.kind is int:
        return StrictInteger(
            allow_none=option.null is not None, validate=validate.Range(min=option.minimum, max=option.maximum), metadata=doc
        )
    return fields.String(allow_none=option.null is not None, validate=validate.OneOf(option.choices), metadata=doc)


class RulesSchema(CompiledSchema):
    """A preset and option overrides (R21). Loads a resolved :class:`referee.Rules`; dumps the
    preset and every option's value. Unknown options are refused."""

    preset = fields.String(validate=validate.OneOf(list(PRESETS)), metadata={"description": "The named set of options; default standard."})

    class Meta:
        include = {o.name: option_field(o) for o in OPTIONS}  # one field per option, in the order Rules declares them

    def make(self, data: dict[str, Any]) -> Any:
        """Every value is checked by its field: the rules are made, not checked again."""
        return rules_of(data.pop("preset", DEFAULT_PRESET), data)


_SCALARS = frozenset({str, int, bool, type(None)})
RULES_REMEMBERED = 256  # rules objects remembered per field (then forgotten all at once): a service sees a few


class RulesField(fields.Nested):
    """A request's ``rules``: optional everywhere (contract, Rules object); left out or null it
    loads the default, the standard preset (R21). The one place that default is written.

    Every state a client sends back carries its rules object whole, and a service meets the
    same few again and again: the :class:`referee.Rules` loaded from an object of plain values
    is remembered by those values (with their types: ``1`` is not ``true``), so the next
    request with the same object skips its load. What the schema refuses is never remembered:
    it is refused by marshmallow each time, with its own words."""

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(RulesSchema, load_default=None, **kwargs)
        self._remembered: dict[tuple[tuple[tuple[str, Any], ...], tuple[type, ...]], Any] = {}

    def deserialize(self, value: Any, attr: str | None = None, data: Mapping[str, Any] | None = None, **kwargs: Any) -> Any:
        key = _plain_key(value) if not kwargs else None
        if key is not None:
            known = self._remembered.get(key)
            if known is not None:
                return known
        loaded = super().deserialize(value, attr, data, **kwargs)
        rules = PRESETS[DEFAULT_PRESET] if loaded is None else loaded
        if key is not None:
            if len(self._remembered) >= RULES_REMEMBERED:
                self._remembered.clear()
            self._remembered[key] = rules
        return rules


def _plain_key(value: Any) -> tuple[tuple[tuple[str, Any], ...], tuple[type, ...]] | None:
    """A rules object of plain values (strings, whole numbers, booleans, nulls) as a key: its
    names and values, and the values' types; None for anything else (never remembered)."""
    if type(value) is not dict:
        return None
    kinds = tuple(map(type, value.values()))
    if not _SCALARS.issuperset(kinds):
        return None
    return tuple(value.items()), kinds


class ResolvedRulesSchema(Answer):
    """Rules as answers echo them: the preset and every option, all present."""

    class Meta:
        include = answer_fields(RulesSchema)


class OptionValueSchema(Answer):
    value = fields.Raw(required=True, metadata={"description": "The value as a rules object gives it (a string, or true/false)."})
    label = fields.String(required=True)
    sentence = fields.String(required=True, metadata={"description": "What this value means at the table, for people."})


class OptionSentencesSchema(Answer):
    """A whole-number option's value in words; ``{n}`` stands for the number."""

    null = fields.String(
        required=True, allow_none=True, metadata={"description": "The sentence for null; null when there is nothing to say."}
    )
    one = fields.String(required=True, allow_none=True, metadata={"description": "The sentence for 1, when it differs from other's."})
    other = fields.String(required=True, allow_none=True, metadata={"description": "The sentence for a number {n}."})


class OptionDocSchema(Answer):
    """One rule option: what it is called, what it governs, the values it takes and its value
    in each preset."""

    name = fields.String(required=True, metadata={"example": "aces"})
    label = fields.String(required=True, metadata={"example": "Aces"})
    rule = fields.String(required=True, metadata={"description": "The rule it changes.", "example": "R11"})
    sentence = fields.String(required=True, metadata={"description": "What the option governs, for people."})
    type = fields.String(required=True, validate=validate.OneOf(["boolean", "integer", "string"]))
    allows_null = fields.Boolean(required=True, metadata={"description": "Whether null is a value (no limit, no fixed number)."})
    null_means = fields.String(required=True, allow_none=True, metadata={"example": "for no limit"})
    minimum = fields.Integer(required=True, allow_none=True, metadata={"description": "A whole-number option's least value."})
    maximum = fields.Integer(required=True, allow_none=True, metadata={"description": "A whole-number option's greatest value."})
    values = fields.List(
        fields.Nested(OptionValueSchema), required=True, metadata={"description": "A choice's (or true/false) values, in order."}
    )
    sentences = fields.Nested(OptionSentencesSchema, required=True)
    suggested = fields.List(fields.Integer(), required=True, metadata={"description": "Values a page may offer one tap away."})
    unused_when = fields.String(
        required=True, allow_none=True, metadata={"description": "An option that, when set, makes this one unused."}
    )
    defaults = fields.Dict(
        keys=fields.String(), values=fields.Raw(), required=True, metadata={"description": "The option's value in each preset."}
    )


class PresetSentenceSchema(Answer):
    option = fields.String(required=True)
    rule = fields.String(required=True)
    sentence = fields.String(required=True)


class PresetNoteSchema(Answer):
    """A preset for people: its label, its character in one line, and each of its options in words."""

    preset = fields.String(required=True, metadata={"example": "standard"})
    label = fields.String(required=True, metadata={"example": "Standard"})
    character = fields.String(required=True)
    described = fields.List(fields.Nested(PresetSentenceSchema), required=True)


class LimitSchema(Answer):
    minimum = fields.Integer(required=True)
    maximum = fields.Integer(required=True)


class HandSizeSchema(Answer):
    players = fields.Integer(required=True)
    cards = fields.Integer(required=True)


class CardPointsSchema(Answer):
    rank = fields.String(required=True, metadata={"example": "K"})
    points = fields.Integer(required=True, metadata={"example": 10})


class ScoringSchema(Answer):
    """The numbers of the score (R14, R15), as the referee counts them."""

    rummy_multiplier = fields.Integer(
        required=True, metadata={"description": "What going rummy multiplies the points by where going_rummy_doubles holds (R15)."}
    )
    card_points = fields.List(
        fields.Nested(CardPointsSchema), required=True, metadata={"description": "Each rank's points in a hand left (R14), ace first."}
    )


class LimitsSchema(Answer):
    """The game's limits (R2, R20)."""

    players = fields.Nested(LimitSchema, required=True)
    hand_sizes = fields.List(
        fields.Nested(HandSizeSchema), required=True, metadata={"description": "Cards dealt to each player, by number of players (R2)."}
    )
    target_score = fields.Nested(LimitSchema, required=True)
    deals = fields.Nested(LimitSchema, required=True)


class BotLevelSchema(Answer):
    level = fields.String(required=True, metadata={"example": "easy"})
    label = fields.String(required=True, metadata={"example": "Easy"})


class LanguageSchema(AnswerSchema):
    """A language the service answers in (issue 36)."""

    tag = fields.String(
        required=True,
        metadata={
            "description": "BCP 47 tag: the `lang` query parameter's value and the `Content-Language` of its answers.",
            "example": "pt-BR",
        },
    )
    name = fields.String(
        required=True, metadata={"description": "The language's name in itself, for a language menu.", "example": "português (Brasil)"}
    )


class RulesListSchema(AnswerSchema):
    """``GET /v1/rules``: every preset with every option value, and what the pages show of them:
    labels, sentences, allowed values, limits and the computer opponents' levels."""

    default_preset = fields.String(required=True)
    presets = fields.List(fields.Nested(ResolvedRulesSchema), required=True)
    preset_notes = fields.List(fields.Nested(PresetNoteSchema), required=True)
    options = fields.List(fields.Nested(OptionDocSchema), required=True)
    limits = fields.Nested(LimitsSchema, required=True)
    scoring = fields.Nested(ScoringSchema, required=True)
    bot_levels = fields.List(
        fields.Nested(BotLevelSchema), required=True, metadata={"description": "The computer opponents' levels, weakest first."}
    )
    languages = fields.List(
        fields.Nested(LanguageSchema),
        required=True,
        metadata={
            "description": "The languages of the answers' sentences (`message`, `summary`, problem `detail`), English first: "
            "chosen by the `lang` query parameter of any request, else by `Accept-Language`; `Content-Language` says which was used."
        },
    )
