"""Bodies of ``POST /v1/suggest`` (contract, Computer opponents): advice for the player to move."""

from __future__ import annotations

from marshmallow import ValidationError, fields, validate

from referee import Action, Source
from referee.bots import LEVELS
from referee.errors import InvalidInput
from referee.history import check_events

from .api import MoveOutSchema
from .base import AnswerSchema
from .compiled import CompiledSchema
from .doc import one_of
from .errors import raise_problems
from .fields import BoundedList
from .state import EVENT_OPTIONAL, EVENT_SHAPES, PlayedMoveSchema, StateSchema

MAX_EVENTS = 200  # more than a hand usually has (referee.game.MAX_EVENTS); within /v1/suggest's body limit (web/bodies.py): send the latest

DEFAULT_LEVEL = "hard"


def level_field() -> fields.String:
    """The ``level`` of a request for advice (``/v1/suggest``, ``/v1/tables/suggest``)."""
    return fields.String(
        load_default=DEFAULT_LEVEL,
        validate=validate.OneOf(LEVELS, error=f"level must be one of {', '.join(LEVELS)}"),
        metadata={"description": f"Which computer opponent advises; default {DEFAULT_LEVEL}."},
    )


@one_of(
    "action",
    EVENT_SHAPES,
    optional=EVENT_OPTIONAL,
    names={"draw": "DrawEventSeen", "meld": "MeldEventSeen", "lay_off": "LayOffEventSeen", "discard": "DiscardEventSeen"},
)
class EventInSchema(PlayedMoveSchema):
    """One move of the hand as every player saw it, as sealed tables report them in ``events``: a
    draw from the stock without its card; a draw from the discard pile with the ``card`` taken;
    a meld or lay-off with its ``cards`` (and the ``meld`` id); a discard with its ``card``."""

    noun = "event"

    def check(self, d, original):
        errors = self.shape_problems(d)
        if d.get("action") == Action.DRAW and "card" in d and d.get("source") == Source.STOCK:
            errors["card"] = ["a draw from the stock shows no card"]
        if errors:
            raise ValidationError(errors)


class SuggestRequest(CompiledSchema):
    state = fields.Nested(StateSchema, required=True, metadata={"description": "An open table whose hand is still being played."})
    level = level_field()
    events = BoundedList(
        fields.Nested(EventInSchema),
        validate=validate.Length(max=MAX_EVENTS),
        metadata={
            "description": "Optional: the moves of this hand so far, oldest first (at most the latest 200), as sealed tables report them in "
            "`events`. The advice then sees what a seated computer opponent sees (which cards each "
            "opponent took from or passed on the discard pile). Without them the advice sees only the state. "
            "Events that could not have led to the state (out of turn; a card not where they leave it) are a 422 naming the event's field."
        },
    )

    def check(self, d, original):
        """The events could have led to the state (``referee.history``: players at the table,
        turns in order, cards where the events left them); each fault at its event's field."""
        state, events = d.get("state"), d.get("events")
        if state is None or not events:
            return
        try:
            check_events(state, events)
        except InvalidInput as bad:
            raise_problems(bad)


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
