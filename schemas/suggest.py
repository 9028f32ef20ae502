"""Bodies of ``POST /v1/suggest`` (contract, Computer opponents): advice for the player to move."""

from __future__ import annotations

from typing import Any

from marshmallow import ValidationError, fields, validate

from referee import Action, Source
from referee.bots import LEVELS
from referee.errors import InvalidInput, Problem
from referee.history import check_events
from referee.view import Event, TableAction, folded

from .api import MoveOutSchema
from .base import AnswerSchema
from .compiled import CompiledSchema
from .doc import OneOf
from .errors import raise_problems
from .fields import BoundedList
from .state import EVENT_OPTIONAL, EVENT_SHAPES, PlayedMoveSchema, StateSchema

MAX_EVENTS = 200  # more than a hand usually has (a table keeps every move of a hand); within /v1/suggest's body limit (web/bodies.py): send the latest

DEFAULT_LEVEL = "hard"

# What an event sent for advice may be: a move's action, or a restock (R17) as the tables tell it.
EVENT_ACTIONS = (*(a.value for a in Action), TableAction.RESTOCK.value)


def level_field() -> fields.String:
    """The ``level`` of a request for advice (``/v1/suggest``, ``/v1/tables/suggest``)."""
    return fields.String(
        load_default=DEFAULT_LEVEL,
        validate=validate.OneOf(LEVELS, error=f"level must be one of {', '.join(LEVELS)}"),
        metadata={"description": f"Which computer opponent advises; default {DEFAULT_LEVEL}."},
    )


class EventInSchema(PlayedMoveSchema):
    """One change of the hand as every player saw it, as sealed tables report them in ``events``:
    a draw from the stock without its card; a draw from the discard pile with the ``card``
    taken; a meld or lay-off with its ``cards`` (and the ``meld`` id); a discard with its
    ``card``; a restock (R17), as the tables tell it."""

    one_of = OneOf(
        "action",
        {**EVENT_SHAPES, "restock": ()},
        optional=EVENT_OPTIONAL,
        names={
            "draw": "DrawEventSeen",
            "meld": "MeldEventSeen",
            "lay_off": "LayOffEventSeen",
            "discard": "DiscardEventSeen",
            "restock": "RestockEventSeen",
        },
    )

    noun = "event"
    action = fields.String(  # type: ignore[assignment]  # a seat is told restocks too, which are no Action
        required=True,
        validate=validate.OneOf(EVENT_ACTIONS, error=f"action must be one of {', '.join(EVENT_ACTIONS)}"),
    )

    def make(self, d: dict[str, Any]) -> Any:
        if d["action"] == TableAction.RESTOCK:
            return Event(d["player"], TableAction.RESTOCK)
        return super().make({**d, "action": Action(d["action"])})

    def check(self, d: dict[str, Any], original: Any) -> None:
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

    def check(self, d: dict[str, Any], original: Any) -> None:
        """The events could have led to the state (``referee.history``: players at the table,
        turns in order, cards where the events left them); each fault at its event's field."""
        state, events = d.get("state"), d.get("events")
        if state is None or not events:
            return
        moves, at = folded(events)
        try:
            check_events(state, moves)
        except InvalidInput as bad:  # each fault at the event as it was sent
            raise_problems(InvalidInput([_sent(p, at) for p in bad.problems]))

    def make(self, d: dict[str, Any]) -> Any:
        """The events as moves, each restock folded into the move that set it off (R17)."""
        if d.get("events"):
            d["events"] = list(folded(d["events"])[0])
        return d


def _sent(problem: Problem, at: tuple[int, ...]) -> Problem:
    """``problem`` of the folded moves at the index of its event as it was sent."""
    path = problem.path
    if len(path) > 1 and path[0] == "events" and isinstance(path[1], int):
        path = ("events", at[path[1]], *path[2:])
    return Problem(path, problem.message)


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
