"""Bodies of ``POST /v1/suggest`` (contract, Computer opponents): advice for the player to move."""

from __future__ import annotations

from marshmallow import fields, validate

from referee.bots import LEVELS

from .api import MoveOutSchema
from .base import AnswerSchema
from .compiled import CompiledSchema
from .state import StateSchema

DEFAULT_LEVEL = "hard"


def level_field() -> fields.String:
    """The ``level`` of a request for advice (``/v1/suggest``, ``/v1/tables/suggest``)."""
    return fields.String(
        load_default=DEFAULT_LEVEL,
        validate=validate.OneOf(LEVELS, error=f"level must be one of {', '.join(LEVELS)}"),
        metadata={"description": f"Which computer opponent advises; default {DEFAULT_LEVEL}."},
    )


class SuggestRequest(CompiledSchema):
    state = fields.Nested(StateSchema, required=True, metadata={"description": "An open table whose hand is still being played."})
    level = level_field()


class SuggestResponse(AnswerSchema):
    move = fields.Nested(
        MoveOutSchema,
        required=True,
        metadata={"description": "A legal move for the player to move: exactly the one a bot of that level would make."},
    )
    summary = fields.String(
        required=True,
        metadata={
            "description": "One sentence saying why, for the player.",
            "example": "Take the 7♥ from the discard pile: it completes 5♥ 6♥ 7♥.",
        },
    )
