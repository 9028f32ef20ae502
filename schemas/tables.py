"""Request and response bodies of the sealed tables (contract, Sealed tables; Computer opponents).

A View holds exactly the contract's fields: no other player's cards, the stock as a count.
``tables_api`` builds the object it writes (a ``TableView``); every field of the state's own
answer (``StateOutSchema``) that the view does not declare for itself is the state's, so a new
public field of the state is in the view too.
"""

from __future__ import annotations

from typing import Any

from marshmallow import ValidationError, fields, validate

from limits import MAX_TOKEN_CHARS
from referee.bots import LEVELS
from referee.seating import MAX_PLAYERS
from referee.speech import say

from .api import MoveOutSchema, ReasonSchema, ResultSchema, ScorepadResponse
from .base import AnswerSchema
from .compiled import CompiledSchema
from .doc import Answer, CardCode, OneOf, copy_field
from .errors import FIELD
from .fairness import FairnessSchema, RevealedOutSchema, entropy_field, pledge_field
from .fields import PLAYER_COUNT, BoundedList, Count, PlayerEntries, PlayerName
from .rules import RulesField
from .state import EVENT_SHAPES, MAX_TURN_MOVES, MOVE_SHAPES, MoveSchema, PlayedMoveOutSchema, StateOutSchema
from .suggest import level_field

TABLE_DOC = {"description": "The sealed table token, exactly as the last answer gave it (opaque).", "example": "rt1.…"}
SUMMARY_DOC = {
    "description": 'One sentence for the seat about what happened since its last move, its own moves in the second person ("you drew from the stock, then discarded K♣; Bob …"); a refusal said to the seat.'
}
BOTS_FIRST_DOC = {"description": "The computer opponents' moves before the first human's turn."}
SEAT_DOC = {"description": "The seat credential of one player at this table (from POST /v1/tables).", "example": "q3v…"}


def _token(**kw: Any) -> fields.String:
    return fields.String(
        validate=validate.Length(min=1, max=MAX_TOKEN_CHARS, error="send it exactly as the last answer gave it (1 to {max} characters)"),
        **kw,
    )


# --- requests ----------------------------------------------------------------------------


class CreateTableRequest(CompiledSchema):
    players = BoundedList(PlayerName(), required=True, validate=PLAYER_COUNT, metadata={"uniqueItems": True})
    dealer = PlayerName(load_default=None, allow_none=True, metadata={"description": "Default: the last player, so the first leads."})
    rules = RulesField()
    bots = PlayerEntries(
        keys=fields.String(),
        values=fields.String(validate=validate.OneOf(LEVELS, error="a computer opponent's level is easy, medium or hard")),
        load_default=dict,
        validate=validate.Length(max=MAX_PLAYERS - 1),
        metadata={
            "description": "Seats the service plays itself: player id → level (easy, medium, hard). They get no seat; at least one player must be human."
        },
    )
    seat = PlayerName(
        load_default=None,
        allow_none=True,
        metadata={
            "description": "A human player whose view the answer gives (so no /v1/tables/view call is needed); left out, the spectator's view."
        },
    )
    entropy = entropy_field()
    pledge = pledge_field()

    def check(self, data: dict[str, Any], original: Any) -> None:
        if data.get("pledge") is not None and data.get("entropy") is None:
            raise ValidationError(say("a pledge deals hand 1 from its seed and your entropy: send entropy with it"), "entropy")


class ViewRequest(CompiledSchema):
    table = _token(required=True, metadata=TABLE_DOC)
    seat = _token(
        load_default=None, allow_none=True, metadata={**SEAT_DOC, "description": "A player's seat; left out, the spectator's view."}
    )


class SeatMoveSchema(MoveSchema):
    """A move at a sealed table: ``player`` may be left out (the seat's player)."""

    one_of = OneOf(
        "action",
        MOVE_SHAPES,
        optional=("meld", "player"),
        names={"draw": "SeatDrawMove", "meld": "SeatMeldMove", "lay_off": "SeatLayOffMove", "discard": "SeatDiscardMove"},
    )

    player = PlayerName(
        load_default=None, metadata={"description": "Left out: the seat's player. Another player than the seat's is a 403."}
    )


class TableMoveRequest(CompiledSchema):
    table = _token(required=True, metadata=TABLE_DOC)
    seat = _token(required=True, metadata=SEAT_DOC)
    move = fields.Nested(SeatMoveSchema)
    moves = BoundedList(
        fields.Nested(SeatMoveSchema),
        validate=Count(
            1,
            MAX_TURN_MOVES,
            sentence=lambda low, high, n: say(
                "{field} must have 1 to {max} moves, one turn's at most; this has {n}", field=FIELD, max=high or 0, n=n
            ),
        ),
    )

    def check(self, data: dict[str, Any], original: Any) -> None:
        if ("move" in original) == ("moves" in original):
            raise ValidationError(say("send exactly one of 'move' (one move) and 'moves' (a list)"), "move")


class TableSuggestRequest(CompiledSchema):
    table = _token(required=True, metadata=TABLE_DOC)
    seat = _token(required=True, metadata={**SEAT_DOC, "description": "The seat of the player to move, who asks for advice."})
    level = level_field()


class NextHandRequest(CompiledSchema):
    table = _token(required=True, metadata=TABLE_DOC)
    seat = _token(
        load_default=None,
        allow_none=True,
        metadata={
            **SEAT_DOC,
            "description": "The seat of a player at this table: only a seat deals (left out: 403); the answer gives its view.",
        },
    )
    entropy = entropy_field()


# --- the view ----------------------------------------------------------------------------


class SeatOutSchema(Answer):
    """A player as a view shows them: the cards in hand as a count, the cards themselves to
    their own seat only."""

    id = fields.String()
    cards = fields.Integer(metadata={"description": "How many cards the player holds."})
    tabled = fields.Boolean(metadata={"description": "Melded or laid off on an earlier turn of this hand (R15)."})
    hand = fields.List(CardCode(), metadata={"description": "The cards, for the seat's own player only.", "answer_optional": True})


class EventSchema(PlayedMoveOutSchema):
    """One change at the table as every player saw it: a draw from the stock without its card; a
    draw from the discard pile with the ``card`` taken; a meld or lay-off with its ``cards`` and
    ``meld`` id; a discard with its ``card``; a restock (R17: the discard pile turned over to
    make a new stock), its ``player`` the one whose draw or discard set it off, right before
    that draw or after that discard."""

    one_of = OneOf(
        "action",
        {**EVENT_SHAPES, "restock": ()},
        optional={"draw": ("card",)},
        names={"draw": "DrawEvent", "meld": "MeldEvent", "lay_off": "LayOffEvent", "discard": "DiscardEvent", "restock": "RestockEvent"},
    )


class ViewResultSchema(ResultSchema):
    """How the hand ended, with every hand laid down to be counted (R14)."""

    one_of = OneOf(
        "outcome",
        {"out": ("winner", "rummy", "multiplier", "remaining"), "draw": ()},
        names={"out": "ViewResultOut", "draw": "ViewResultDraw"},
    )

    remaining_cards = fields.Dict(
        keys=fields.String(),
        values=fields.List(CardCode()),
        metadata={"description": "Every player's cards left, laid down to be counted (R14)."},
    )
    fairness = fields.Nested(
        RevealedOutSchema,
        allow_none=True,
        metadata={
            "description": "The hand's seed, deck and record, revealed now that it is over (README, Provably fair); null only for a table from before fair deals."
        },
    )


class ScoresSchema(ScorepadResponse):
    """The game's scores, as /v1/scorepad answers them (the rules are the view's)."""

    class Meta:
        exclude = ("rules",)


def _state_as_seen(hidden: dict[str, fields.Field[Any]]) -> dict[str, fields.Field[Any]]:
    """Every field of the state's answer (:class:`StateOutSchema`), in its order, each read from
    a view's ``state``, except the ``hidden`` ones, which a view writes its own way."""
    made = {}
    for name, field in StateOutSchema._declared_fields.items():
        if name in hidden:
            made[name] = hidden[name]
        else:
            made[name] = copy_field(field)
            made[name].attribute = f"state.{name}"
    return made


class ViewSchema(Answer):
    """What one seat (or a spectator) may see of a sealed table."""

    table_id = fields.String(required=True)
    hand = fields.Integer(required=True, metadata={"description": "The hand being played: 1, 2, …"})
    seq = fields.Integer(
        required=True,
        metadata={"description": "Changes made to this table so far: every move applied, and every hand dealt after the first."},
    )

    class Meta:
        # The state's fields follow the table's, hidden cards as counts (contract, View); then
        # the view's own. Declared in Meta.include, marshmallow's place for fields made from
        # another schema, so they come after the three above, in this order.
        include = {
            **_state_as_seen(
                hidden={
                    "players": fields.List(fields.Nested(SeatOutSchema), required=True),
                    "stock": fields.Integer(required=True, metadata={"description": "Cards in the stock (face down: a count)."}),
                }
            ),
            "result": fields.Nested(ViewResultSchema, allow_none=True, required=True),
            "scores": fields.Nested(
                ScoresSchema,
                required=True,
                metadata={
                    "description": "The game's scores over the finished hands, as /v1/scorepad answers them: totals and standings "
                    "over every hand, hands the last finished one and the one just ended (a table keeps the running totals, not "
                    "every hand: a client keeps the history it wants, each hand's result being in the view as it ends); "
                    "next_dealer is null while a hand is being played."
                },
            ),
            "events": fields.List(
                fields.Nested(EventSchema),
                required=True,
                metadata={"description": "The moves since this seat's last move (a spectator: this hand's)."},
            ),
            "fairness": fields.Nested(
                FairnessSchema,
                allow_none=True,
                required=True,
                metadata={
                    "description": "The hand's commitment and entropy (contract, Provably fair deals); null only for a table from before fair deals."
                },
            ),
            "legal_moves": fields.List(
                fields.Nested(MoveOutSchema),
                metadata={"description": "Every legal move: only for the seat whose turn it is.", "answer_optional": True},
            ),
        }


# --- responses ---------------------------------------------------------------------------


class CreateTableResponse(AnswerSchema):
    table = fields.String(required=True, metadata=TABLE_DOC)
    seats = fields.Dict(
        keys=fields.String(),
        values=fields.String(),
        required=True,
        metadata={"description": "Each human player's seat credential: give each player only their own."},
    )
    view = fields.Nested(
        ViewSchema, required=True, metadata={"description": "The view of `seat` when the request names one, else the spectator's."}
    )
    events = fields.List(fields.Nested(EventSchema), required=True, metadata=BOTS_FIRST_DOC)
    summary = fields.String(required=True, metadata=SUMMARY_DOC)


class ViewResponse(AnswerSchema):
    view = fields.Nested(ViewSchema, required=True)


class TableMoveResponse(AnswerSchema):
    legal = fields.Boolean(required=True)
    reasons = fields.List(fields.Nested(ReasonSchema), required=True)
    applied = fields.Integer(required=True, metadata={"description": "How many of the seat's moves were applied."})
    table = fields.String(
        required=True,
        metadata={"description": "The table after the moves: use it for the next request (the same token when nothing changed)."},
    )
    view = fields.Nested(
        ViewSchema, required=True, metadata={"description": "The seat's view after the moves (and the computer opponents' turns)."}
    )
    result = fields.Nested(ResultSchema, allow_none=True, required=True)
    events = fields.List(
        fields.Nested(EventSchema),
        required=True,
        metadata={
            "description": "Each move made since the request, in order, as every player saw it: the seat's, then the computer opponents'."
        },
    )
    summary = fields.String(required=True, metadata=SUMMARY_DOC)


class NextHandResponse(AnswerSchema):
    table = fields.String(required=True, metadata=TABLE_DOC)
    view = fields.Nested(
        ViewSchema,
        required=True,
        metadata={"description": "The view of the new hand: the seat's when the request names one, else the spectator's."},
    )
    events = fields.List(fields.Nested(EventSchema), required=True, metadata=BOTS_FIRST_DOC)
    summary = fields.String(required=True, metadata=SUMMARY_DOC)
