"""Request and response bodies of the sealed tables (contract, Sealed tables; Computer opponents).

A View holds exactly the contract's fields: no other player's cards, the stock as a count.
:func:`view_out` builds it from ``referee.view.seat_view`` (through ``Game.view``).
"""

from __future__ import annotations

from marshmallow import ValidationError, fields, validate, validates_schema

from referee import Action, Source, Status
from referee.bots import LEVELS
from referee.fairness import commitment, reveal
from referee.seating import MAX_PLAYERS
from tables.codec import Table
from tables.seal import MAX_TOKEN_CHARS

from .api import MoveOutSchema, ReasonSchema, ResultSchema, ScorepadResponse
from .base import AnswerSchema
from .compiled import CompiledSchema
from .doc import Answer, CardCode, one_of
from .fairness import FairnessSchema, RevealedOutSchema, entropy_field
from .fields import PLAYER_COUNT, BoundedList, PlayerEntries, PlayerName
from .rules import ResolvedRulesSchema, RulesField
from .state import MAX_MOVES, MOVE_SHAPES, MeldOutSchema, MoveSchema, TurnOutSchema
from .suggest import level_field

TABLE_DOC = {"description": "The sealed table token, exactly as the last answer gave it (opaque).", "example": "rt1.…"}
SEAT_DOC = {"description": "The seat credential of one player at this table (from POST /v1/tables).", "example": "q3v…"}


def _token(**kw):
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


class ViewRequest(CompiledSchema):
    table = _token(required=True, metadata=TABLE_DOC)
    seat = _token(
        load_default=None, allow_none=True, metadata={**SEAT_DOC, "description": "A player's seat; left out, the spectator's view."}
    )


@one_of(
    "action",
    MOVE_SHAPES,
    optional=("meld", "player"),
    names={"draw": "SeatDrawMove", "meld": "SeatMeldMove", "lay_off": "SeatLayOffMove", "discard": "SeatDiscardMove"},
)
class SeatMoveSchema(MoveSchema):
    """A move at a sealed table: ``player`` may be left out (the seat's player)."""

    player = PlayerName(
        load_default=None, metadata={"description": "Left out: the seat's player. Another player than the seat's is a 403."}
    )


class TableMoveRequest(CompiledSchema):
    table = _token(required=True, metadata=TABLE_DOC)
    seat = _token(required=True, metadata=SEAT_DOC)
    move = fields.Nested(SeatMoveSchema)
    moves = BoundedList(fields.Nested(SeatMoveSchema), validate=validate.Length(min=1, max=MAX_MOVES))

    @validates_schema(pass_original=True)
    def one_of_move_or_moves(self, data, original, **kw):
        if ("move" in original) == ("moves" in original):
            raise ValidationError("send exactly one of 'move' (one move) and 'moves' (a list)", "move")


class TableSuggestRequest(CompiledSchema):
    table = _token(required=True, metadata=TABLE_DOC)
    seat = _token(required=True, metadata={**SEAT_DOC, "description": "The seat of the player to move, who asks for advice."})
    level = level_field()


class NextHandRequest(CompiledSchema):
    table = _token(required=True, metadata=TABLE_DOC)
    seat = _token(
        load_default=None,
        allow_none=True,
        metadata={**SEAT_DOC, "description": "A player's seat: the answer gives that seat's view; left out, the spectator's."},
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


@one_of(
    "action",
    {"draw": ("source", "card"), "meld": ("cards", "meld"), "lay_off": ("cards", "meld"), "discard": ("card",)},
    optional=("card",),
    names={"draw": "DrawEvent", "meld": "MeldEvent", "lay_off": "LayOffEvent", "discard": "DiscardEvent"},
)
class EventSchema(Answer):
    """One move as every player saw it: a draw from the stock without its card; a draw from the
    discard pile with the ``card`` taken; a meld or lay-off with its ``cards`` and ``meld`` id;
    a discard with its ``card``."""

    player = fields.String()
    action = fields.String(metadata={"enum_of": Action})
    source = fields.String(metadata={"enum_of": Source})
    cards = fields.List(CardCode())
    meld = fields.String(allow_none=True)
    card = CardCode()


@one_of(
    "outcome", {"out": ("winner", "rummy", "multiplier", "remaining"), "draw": ()}, names={"out": "ViewResultOut", "draw": "ViewResultDraw"}
)
class ViewResultSchema(ResultSchema):
    """How the hand ended, with every hand laid down to be counted (R14)."""

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


class ViewSchema(Answer):
    """What one seat (or a spectator) may see of a sealed table."""

    table_id = fields.String(required=True)
    hand = fields.Integer(required=True, metadata={"description": "The hand being played: 1, 2, …"})
    seq = fields.Integer(
        required=True,
        metadata={"description": "Changes made to this table so far: every move applied, and every hand dealt after the first."},
    )
    rules = fields.Nested(ResolvedRulesSchema, required=True)
    dealer = fields.String(required=True)
    players = fields.List(fields.Nested(SeatOutSchema), required=True)
    turn = fields.Nested(TurnOutSchema, required=True)
    stock = fields.Integer(required=True, metadata={"description": "Cards in the stock (face down: a count)."})
    discard = fields.List(
        CardCode(), required=True, metadata={"description": "Face up, bottom card first; the last card is the visible top."}
    )
    melds = fields.List(fields.Nested(MeldOutSchema), required=True)
    restocks = fields.Integer(required=True)
    stalled_turns = fields.Integer(
        required=True,
        metadata={"description": "Turns played in a row with no meld and no lay-off (R18a): at 25 per player the hand is a draw."},
    )
    status = fields.String(required=True, metadata={"enum_of": Status})
    result = fields.Nested(ViewResultSchema, allow_none=True, required=True)
    scores = fields.Nested(
        ScoresSchema,
        required=True,
        metadata={
            "description": "The game's scores over the finished hands, as /v1/scorepad answers them; next_dealer is null while a hand is being played."
        },
    )
    events = fields.List(
        fields.Nested(EventSchema),
        required=True,
        metadata={"description": "The moves since this seat's last move (a spectator: this hand's)."},
    )
    fairness = fields.Nested(
        FairnessSchema,
        allow_none=True,
        required=True,
        metadata={
            "description": "The hand's commitment and entropy (contract, Provably fair deals); null only for a table from before fair deals."
        },
    )
    legal_moves = fields.List(
        fields.Nested(MoveOutSchema),
        metadata={"description": "Every legal move: only for the seat whose turn it is.", "answer_optional": True},
    )


def _scores(game) -> dict:
    """The game's scores as /v1/scorepad answers them, less the rules (the view has its own);
    while a hand is being played its ``next_dealer`` is null (nobody knows it before the hand
    ends, R19)."""
    scores = game.scores().as_dict()
    del scores["rules"]
    return scores


def next_commitment(table: Table) -> str | None:
    """SHA-256 of the next hand's seed once this hand is over (None while it is played)."""
    return None if table.next_seed is None else commitment(table.next_seed)


def view_out(table: Table, viewer: str | None) -> dict:
    """The contract's View of ``table`` for ``viewer`` (None: a spectator) as JSON values, in
    the key order of :class:`ViewSchema` (tests compare it with marshmallow's dump)."""
    game = table.game
    v = game.view(viewer)
    players = []
    for s in v.seats:
        seat = {"id": s.id, "cards": s.cards, "tabled": s.tabled}
        if s.id == viewer:
            seat["hand"] = [c.code for c in v.hand]
        players.append(seat)
    fair = table.fair
    result = None
    if v.result is not None:
        result = {**v.result.as_dict(), "remaining_cards": {p: [c.code for c in h] for p, h in (v.remaining_cards or {}).items()}}
        result["fairness"] = None if fair is None else reveal(fair, game.players, v.dealer, game.rules, game.events).as_dict()
    out = {
        "table_id": table.id,
        "hand": game.number,
        "seq": game.seq,
        "rules": v.rules.as_dict(),
        "dealer": v.dealer,
        "players": players,
        "turn": v.turn.as_dict(),
        "stock": v.stock,
        "discard": [c.code for c in v.discard],
        "melds": [m.as_dict() for m in v.melds],
        "restocks": v.restocks,
        "stalled_turns": v.stalled_turns,
        "status": v.status.value,
        "result": result,
        "scores": _scores(game),
        "events": [e.as_dict() for e in v.events],
        "fairness": None if fair is None else {**fair.public(), "next_commitment": next_commitment(table)},
    }
    if v.to_move:
        out["legal_moves"] = [m.as_dict() for m in v.legal_moves]
    return out


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
    events = fields.List(
        fields.Nested(EventSchema), required=True, metadata={"description": "The computer opponents' moves before the first human's turn."}
    )
    summary = fields.String(
        required=True,
        metadata={
            "description": 'One sentence for the seat about what happened since its last move, its own moves in the second person ("you drew from the stock, then discarded K♣; Bob …"); a refusal said to the seat.'
        },
    )


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
    summary = fields.String(
        required=True,
        metadata={
            "description": 'One sentence for the seat about what happened since its last move, its own moves in the second person ("you drew from the stock, then discarded K♣; Bob …"); a refusal said to the seat.'
        },
    )


class NextHandResponse(AnswerSchema):
    table = fields.String(required=True, metadata=TABLE_DOC)
    view = fields.Nested(
        ViewSchema,
        required=True,
        metadata={"description": "The view of the new hand: the seat's when the request names one, else the spectator's."},
    )
    events = fields.List(
        fields.Nested(EventSchema), required=True, metadata={"description": "The computer opponents' moves before the first human's turn."}
    )
    summary = fields.String(
        required=True,
        metadata={
            "description": 'One sentence for the seat about what happened since its last move, its own moves in the second person ("you drew from the stock, then discarded K♣; Bob …"); a refusal said to the seat.'
        },
    )
