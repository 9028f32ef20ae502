"""The rules object (contract, Rules object; RULES.md R21)."""

from __future__ import annotations

from marshmallow import fields, post_load, validate

from referee.errors import InvalidInput
from referee.rules import (
    ACE_MODES,
    DEALER_ROTATIONS,
    DEFAULT_PRESET,
    MAX_DEALS,
    MAX_RESTOCKS_OPTION,
    MAX_TARGET_SCORE,
    PRESETS,
    RESTOCK_MODES,
    resolve_rules,
)

from .base import AnswerSchema
from .compiled import CompiledSchema
from .doc import answer_twin
from .errors import raise_problems
from .fields import StrictBoolean, StrictInteger


class RulesSchema(CompiledSchema):
    """A preset and option overrides (R21). Loads a resolved :class:`referee.Rules`; dumps the
    preset and every option's value. Unknown options are refused."""

    preset = fields.String(validate=validate.OneOf(list(PRESETS)), metadata={"description": "The named set of options; default standard."})
    melds_per_turn = StrictInteger(
        allow_none=True,
        validate=validate.Range(min=1, max=100),
        metadata={"description": "Melds one player may lay in one turn (R5); null = no limit."},
    )
    going_rummy_doubles = StrictBoolean(metadata={"description": "Going rummy doubles every opponent's total (R15)."})
    taken_discard_if_last = StrictBoolean(
        metadata={
            "description": "The card taken from the discard pile may be discarded the same turn when it is the last card in hand (R8)."
        }
    )
    final_discard_required = StrictBoolean(
        metadata={"description": "The last card must be discarded: a meld or lay-off that empties the hand is illegal (R13)."}
    )
    restock = fields.String(
        validate=validate.OneOf(RESTOCK_MODES), metadata={"description": "How the stock is rebuilt when it runs out (R17)."}
    )
    max_restocks = StrictInteger(
        allow_none=True,
        validate=validate.Range(min=0, max=MAX_RESTOCKS_OPTION),
        metadata={"description": "Restocks allowed before the hand is a draw (R18); null = no limit."},
    )
    aces = fields.String(
        validate=validate.OneOf(ACE_MODES), metadata={"description": "low: A-2-3 only; high_or_low: Q-K-A too, never K-A-2 (R11)."}
    )
    dealer_rotation = fields.String(validate=validate.OneOf(DEALER_ROTATIONS), metadata={"description": "Who deals next (R19)."})
    target_score = StrictInteger(
        validate=validate.Range(min=1, max=MAX_TARGET_SCORE), metadata={"description": "Points that end the game (R20)."}
    )
    deals = StrictInteger(
        allow_none=True,
        validate=validate.Range(min=1, max=MAX_DEALS),
        metadata={"description": "Play this many hands instead of to the target score (R20); null = use the target."},
    )

    @post_load
    def resolve(self, data, **kwargs):
        try:
            return resolve_rules(data)
        except InvalidInput as bad:  # the schema checks the same; kept for the core's own callers
            raise_problems(bad)


class RulesField(fields.Nested):
    """A request's ``rules``: optional everywhere (contract, Rules object); left out or null it
    loads the default, the standard preset (R21). The one place that default is written."""

    def __init__(self, **kwargs):
        super().__init__(RulesSchema, load_default=None, **kwargs)

    def deserialize(self, value, attr=None, data=None, **kwargs):
        loaded = super().deserialize(value, attr, data, **kwargs)
        return PRESETS[DEFAULT_PRESET] if loaded is None else loaded


ResolvedRulesSchema = answer_twin(RulesSchema, "ResolvedRules")
ResolvedRulesSchema.__doc__ = "Rules as answers echo them: the preset and every option, all present."


class RulesListSchema(AnswerSchema):
    """``GET /v1/rules``: every preset with every option value."""

    default_preset = fields.String(required=True)
    presets = fields.List(fields.Nested(ResolvedRulesSchema), required=True)
