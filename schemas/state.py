"""The table snapshot and moves (contract, State and Moves). Loading builds the core's immutable
types and runs :func:`referee.validate_state`, so every endpoint sees only real tables."""

from __future__ import annotations

import dataclasses
from typing import Any, ClassVar

from marshmallow import ValidationError, fields, validate

from referee import Action, Meld, MeldKind, Move, Phase, PlayerInput, Source, State, StateInput, Status, Turn, validate_state
from referee.errors import InvalidInput
from referee.melds import LONGEST_MELD, MOST_MELDS
from referee.seating import most_dealt
from referee.view import Event

from .compiled import CompiledSchema
from .doc import Answer, CardCode, OneOf, answer_fields, shape_faults
from .errors import raise_problems
from .fields import PLAYER_COUNT, BoundedList, Card, CardList, Count, PlayerName, StrictBoolean, StrictInteger, VisibleId
from .rules import ResolvedRulesSchema, RulesField

MAX_MELDS = MOST_MELDS  # kept under its old name: other modules import it
# Moves in one request, bounded by need (issue #20: the costliest request of an endpoint at most
# about 10 ordinary moves; bench/worst.py). An open table's /v1/move may carry a client's
# catching-up: 100 moves are 50 turns of a draw and a discard. A seat at a sealed table moves
# only in its own turn: a draw, then at most 11 plays and a discard of a card each (a hand holds
# at most 11 cards once it has drawn).
MAX_MOVES = 100
MAX_TURN_MOVES = 12


class PlayerSchema(CompiledSchema):
    id = PlayerName(required=True)
    hand = CardList(
        required=True,
        max_length=most_dealt() + 1,
        metadata={"description": "The player's cards, in the client's order; a drawn card joins at the end."},
    )
    tabled = StrictBoolean(
        metadata={
            "description": "Melded or laid off on an earlier turn of this hand (R15). Left out, it is inferred: true for a player who owns a meld laid on an earlier turn, else false."
        }
    )

    def make(self, d: dict[str, Any]) -> Any:
        return PlayerInput(d["id"], d["hand"], d.get("tabled"))


class TurnSchema(CompiledSchema):
    player = PlayerName(required=True)
    phase = fields.Enum(
        Phase, by_value=fields.String, load_default=Phase.BEFORE_DRAW, metadata={"description": "draw: must draw; play: has drawn (R4)."}
    )
    taken_discard = Card(
        load_default=None, allow_none=True, metadata={"description": "The card taken from the discard pile this turn (R8)."}
    )
    melds_made = StrictInteger(load_default=0, validate=validate.Range(min=0, max=MAX_MELDS))
    laid_off = StrictBoolean(load_default=False)

    def make(self, d: dict[str, Any]) -> Any:
        return Turn(d["player"], d["phase"], d["taken_discard"], d["melds_made"], d["laid_off"])


class MeldSchema(CompiledSchema):
    id = VisibleId(required=True)
    owner = PlayerName(load_default=None, allow_none=True)
    cards = CardList(
        required=True,
        max_length=LONGEST_MELD,
        metadata={"description": "In canonical order in answers: runs by rank, sets by suit C D H S."},
    )
    kind = fields.Enum(
        MeldKind,
        by_value=fields.String,
        metadata={"description": "set or run; always in answers, optional on input (checked against the cards when sent)."},
    )

    def make(self, d: dict[str, Any]) -> Any:
        return Meld(d["id"], d["owner"], d["cards"], d.get("kind"))


def count_field(cls: type, name: str) -> fields.Field[Any]:
    """The wire field of a count a core type declares (:func:`referee.state.count`): a strict
    whole number from 0 to its maximum, 0 when left out, described in the declaration's words."""
    declared = next(f for f in dataclasses.fields(cls) if f.name == name)
    about, rule = declared.metadata["about"], declared.metadata["rule"]
    return StrictInteger(
        load_default=declared.default,
        validate=validate.Range(min=0, max=declared.metadata["maximum"]),
        metadata={"description": f"{about.rstrip('.')} ({rule})."},
    )


class StateSchema(CompiledSchema):
    """A table snapshot (contract, State). Loaded, it is validated and made canonical."""

    rules = RulesField()
    players = BoundedList(fields.Nested(PlayerSchema), required=True, validate=PLAYER_COUNT)
    dealer = PlayerName(load_default=None, allow_none=True, metadata={"description": "Default: the last listed player."})
    turn = fields.Nested(TurnSchema, load_default=None, metadata={"description": "Default: the dealer's left to draw."})
    stock = CardList(required=True, metadata={"description": "Face down, top card first."})
    discard = CardList(required=True, metadata={"description": "Face up, bottom card first; the last card is the visible top."})
    melds = BoundedList(fields.Nested(MeldSchema), load_default=list, validate=Count(None, MAX_MELDS, "melds"))
    restocks = count_field(State, "restocks")
    stalled_turns = count_field(State, "stalled_turns")
    status = fields.Enum(Status, by_value=fields.String, load_default=Status.PLAYING)

    def make(self, d: dict[str, Any]) -> Any:
        """The State of the loaded fields (each named as the State's), validated and canonical."""
        state = StateInput(**{**d, "players": tuple(d["players"]), "melds": tuple(d["melds"])})
        try:
            return validate_state(state)
        except InvalidInput as bad:
            raise_problems(bad)


# The answer forms: the same fields, every one present (schemas/doc.py).
class PlayerOutSchema(Answer):
    """Player as answers give it: every field present."""

    class Meta:
        include = answer_fields(PlayerSchema)


class TurnOutSchema(Answer):
    """Turn as answers give it: every field present."""

    class Meta:
        include = answer_fields(TurnSchema)


class MeldOutSchema(Answer):
    """Meld as answers give it: every field present."""

    class Meta:
        include = answer_fields(MeldSchema)


class StateOutSchema(Answer):
    """A state as answers give it: canonical, every field filled in, rules resolved."""

    class Meta:
        include = answer_fields(
            StateSchema,
            nested={"rules": ResolvedRulesSchema, "players": PlayerOutSchema, "turn": TurnOutSchema, "melds": MeldOutSchema},
            never_null=("dealer", "turn"),
        )


MOVE_SHAPES = {"draw": ("source",), "meld": ("cards",), "lay_off": ("cards", "meld"), "discard": ("card",)}
# A move as it was played (a view's events, a hand's record): a draw with the card drawn (none
# when nobody saw it, or a draw that ended the hand, R18); a meld or lay-off with its meld's id.
EVENT_SHAPES = {"draw": ("source", "card"), "meld": ("cards", "meld"), "lay_off": ("cards", "meld"), "discard": ("card",)}
# What a request may leave out of one (a discard always has its card).
EVENT_OPTIONAL = {"draw": ("card",), "meld": ("meld",), "lay_off": ("meld",)}


class PlayedMoveSchema(CompiledSchema):
    """The fields of one move as it was played (:class:`referee.view.Event`), shared by a hand's
    record (``RecordMoveSchema``) and the events sent for advice (``EventInSchema``); each gives
    its own shapes (``one_of`` over :data:`EVENT_SHAPES`) and its ``noun`` for their messages."""

    noun = "move"
    one_of: ClassVar[OneOf]  # each subclass's shapes

    player = PlayerName(required=True)
    action = fields.Enum(Action, by_value=fields.String, required=True)
    source = fields.Enum(Source, by_value=fields.String)
    cards = CardList(max_length=most_dealt() + 1, min_length=1)
    meld = VisibleId(allow_none=True)
    card = Card()

    def shape_problems(self, d: dict[str, Any]) -> dict[str, list[str]]:
        """What is wrong with ``d``'s fields for its action (EVENT_SHAPES, as the document gives them)."""
        return shape_faults(d, self.one_of, noun=self.noun)

    def check(self, d: dict[str, Any], original: Any) -> None:
        errors = self.shape_problems(d)
        if errors:
            raise ValidationError(errors)

    def make(self, d: dict[str, Any]) -> Any:
        return Event(d["player"], d["action"], d.get("source"), tuple(d.get("cards", ())), d.get("meld"), d.get("card"))


class PlayedMoveOutSchema(Answer):
    """The fields of one move as it was played, as answers write it: a view's events
    (``EventSchema``) and a revealed hand's record (``RecordMoveOutSchema``); each gives its own
    shapes (``one_of`` over :data:`EVENT_SHAPES`)."""

    one_of: ClassVar[OneOf]  # each subclass's shapes

    player = fields.String()
    action = fields.String(metadata={"enum_of": Action})
    source = fields.String(metadata={"enum_of": Source})
    cards = fields.List(CardCode())
    meld = fields.String(allow_none=True)
    card = CardCode()


class MoveSchema(CompiledSchema):
    """One move. ``source`` with draw; ``cards`` with meld and lay_off (and ``meld`` naming the
    table meld, optional when the cards fit exactly one); ``card`` with discard."""

    one_of = OneOf(
        "action",
        MOVE_SHAPES,
        optional=("meld",),
        names={"draw": "DrawMove", "meld": "MeldMove", "lay_off": "LayOffMove", "discard": "DiscardMove"},
    )

    player = PlayerName(required=True)
    action = fields.Enum(Action, by_value=fields.String, required=True)
    source = fields.Enum(Source, by_value=fields.String)
    cards = CardList(max_length=most_dealt() + 1, min_length=1)
    meld = VisibleId()
    card = Card()

    def check(self, d: dict[str, Any], original: Any) -> None:
        errors = shape_faults(d, self.one_of)  # MOVE_SHAPES, as the document gives them
        if errors:
            raise ValidationError(errors)

    def make(self, d: dict[str, Any]) -> Any:
        return Move(d["player"], d["action"], d.get("source"), d.get("cards", ()), d.get("meld"), d.get("card"))
