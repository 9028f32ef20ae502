"""Request and response bodies of every endpoint (contract, Endpoints)."""

from __future__ import annotations

from typing import Any

from marshmallow import ValidationError, fields, validate

from referee import Action, Code, HandEntry, MeldKind, Phase, Remaining, Source
from referee.deal import MAX_SEED
from referee.melds import LONGEST_MELD
from referee.rules import OPTION
from referee.seating import MAX_PLAYERS, most_dealt
from referee.speech import say

from .base import AnswerSchema
from .compiled import CompiledSchema
from .doc import Answer, CardCode, OneOf
from .errors import FIELD
from .fields import PLAYER_COUNT, BoundedList, CardList, Count, PlayerEntries, PlayerName, StrictBoolean, StrictInteger
from .rules import ResolvedRulesSchema, RulesField
from .state import MAX_MOVES, MOVE_SHAPES, MoveSchema, StateOutSchema, StateSchema


class ReasonSchema(Answer):
    """Why a move or meld is refused (contract, Reasons)."""

    code = fields.String(metadata={"enum_of": Code, "description": "Stable code to branch on; more may be added.", "example": "ace_high"})
    message = fields.String(metadata={"example": "Q♠ K♠ A♠ is not a run: aces are low, so a run stops at the King"})
    cards = fields.List(CardCode(), metadata={"description": "The cards concerned, canonical codes."})
    rule = fields.String(
        allow_none=True,
        metadata={
            "description": "The id of the rule applied (R11): a section of the rulebook, served at /rules#R11 (RULES.md in the repository).",
            "example": "R11",
            "pattern": "^R[0-9]+a?$",
        },
    )


# --- /v1/melds/check ---------------------------------------------------------------------


class MeldCheckRequest(CompiledSchema):
    cards = CardList(required=True, metadata={"description": "The meld to check, or with onto the cards laid off."})
    onto = CardList(max_length=LONGEST_MELD, metadata={"description": "A valid meld on the table to lay cards off onto (R6)."})
    rules = RulesField()


class MeldCheckResponse(AnswerSchema):
    """The verdict on a meld or a lay-off."""

    valid = fields.Boolean(required=True)
    kind = fields.String(
        allow_none=True, required=True, metadata={"enum_of": MeldKind, "description": "set or run; null when the cards make no meld."}
    )
    cards = fields.List(
        CardCode(), required=True, metadata={"description": "The meld checked, canonical order; with onto: onto plus the laid-off cards."}
    )
    reasons = fields.List(fields.Nested(ReasonSchema), required=True)
    summary = fields.String(
        required=True,
        metadata={
            "description": 'One sentence for a person: what the meld is ("5♠ 6♠ 7♠ is a run of spades"), or the first reason it is refused.'
        },
    )


# --- /v1/hand-score ----------------------------------------------------------------------


class HandScoreRequest(CompiledSchema):
    remaining = PlayerEntries(
        keys=PlayerName(),
        values=CardList(min_length=1, max_length=most_dealt()),
        required=True,
        validate=Count(
            1,
            MAX_PLAYERS - 1,
            sentence=lambda low, high, n: say(
                "{field} must give the cards of {min} to {max} opponents; this gives {n}", field=FIELD, min=low or 0, max=high or 0, n=n
            ),
        ),
        metadata={"description": "Each opponent's cards left in hand (R14)."},
    )
    rummy = StrictBoolean(load_default=False, metadata={"description": "The winner went rummy (R15)."})
    rules = RulesField()


# R15's multiplier as the rules set it (referee.scoring.rummy_multiplier), never a list of values here.
MULTIPLIER_DOC = {
    "minimum": 1,
    "description": "1, or for going rummy the multiplier the rules give it (R15; GET /v1/rules says each preset's).",
}


class HandScoreResponse(AnswerSchema):
    points = fields.Integer(required=True, metadata={"description": "multiplier × the sum of by_player, in points."})
    by_player = fields.Dict(keys=fields.String(), values=fields.Integer(), required=True)
    multiplier = fields.Integer(required=True, metadata=MULTIPLIER_DOC)
    rummy = fields.Boolean(required=True)


# --- /v1/deal ----------------------------------------------------------------------------


class DealRequest(CompiledSchema):
    players = BoundedList(PlayerName(), required=True, validate=PLAYER_COUNT, metadata={"uniqueItems": True})
    dealer = PlayerName(load_default=None, allow_none=True)
    seed = StrictInteger(
        load_default=None,
        allow_none=True,
        validate=validate.Range(min=0, max=MAX_SEED),
        metadata={"description": "The same seed always gives the same deal; none gives an unpredictable one."},
    )
    rules = RulesField()


class StateResponse(AnswerSchema):
    state = fields.Nested(StateOutSchema, required=True)


# --- /v1/move ----------------------------------------------------------------------------


class MoveRequest(CompiledSchema):
    """A state and one move, or a list of moves applied in order."""

    one_of = OneOf(None, {"OneMoveRequest": ("move",), "MovesRequest": ("moves",)})

    state = fields.Nested(StateSchema, required=True)
    move = fields.Nested(MoveSchema)
    moves = BoundedList(fields.Nested(MoveSchema), validate=Count(1, MAX_MOVES, "moves"))

    def check(self, data: dict[str, Any], original: Any) -> None:
        has_move, has_moves = "move" in original, "moves" in original
        if has_move == has_moves:
            raise ValidationError(say("send exactly one of 'move' (one move) and 'moves' (a list)"), "move")


class ResultSchema(Answer):
    """How the hand ended: someone went out (R13–R15), or a drawn hand (R18), where nobody scores."""

    one_of = OneOf(
        "outcome", {"out": ("winner", "rummy", "multiplier", "remaining"), "draw": ()}, names={"out": "ResultOut", "draw": "ResultDraw"}
    )

    outcome = fields.String(required=True, metadata={"enum": ["out", "draw"]})
    points = fields.Integer(required=True, metadata={"description": "multiplier × the sum of remaining; 0 for a drawn hand."})
    winner = fields.String()
    rummy = fields.Boolean(metadata={"description": "The winner went rummy (R15), under every preset."})
    multiplier = fields.Integer(metadata=MULTIPLIER_DOC)
    remaining = fields.Dict(keys=fields.String(), values=fields.Integer(), metadata={"description": "Each opponent's plain card total."})


class MoveResponse(AnswerSchema):
    legal = fields.Boolean(required=True)
    reasons = fields.List(fields.Nested(ReasonSchema), required=True)
    summary = fields.String(
        required=True,
        metadata={
            "description": "One sentence for a person about what happened: the moves made and what the table waits for, or why a move was refused.",
            "example": "ana drew from the stock, then discarded K♣; ben is to draw",
        },
    )
    applied = fields.Integer(required=True, metadata={"description": "How many moves were applied."})
    state = fields.Nested(StateOutSchema, required=True)
    result = fields.Nested(ResultSchema, allow_none=True, required=True)


# --- /v1/legal-moves ---------------------------------------------------------------------


class LegalMovesRequest(CompiledSchema):
    state = fields.Nested(StateSchema, required=True)


class MoveOutSchema(Answer):
    """A move as answers give it: canonical codes; a lay-off names its meld."""

    one_of = OneOf(
        "action", MOVE_SHAPES, names={"draw": "DrawMoveOut", "meld": "MeldMoveOut", "lay_off": "LayOffMoveOut", "discard": "DiscardMoveOut"}
    )

    player = fields.String(required=True)
    action = fields.String(required=True, metadata={"enum_of": Action})
    source = fields.String(metadata={"enum_of": Source})
    cards = fields.List(CardCode())
    meld = fields.String()
    card = CardCode()


class LegalMovesResponse(AnswerSchema):
    player = fields.String(allow_none=True, required=True)
    phase = fields.String(required=True, metadata={"enum_of": Phase})
    moves = fields.List(fields.Nested(MoveOutSchema), required=True)
    reasons = fields.List(
        fields.Nested(ReasonSchema),
        required=True,
        metadata={"description": "Why there are no moves: a hand_over reason once the hand has ended; else empty."},
    )
    summary = fields.String(
        required=True,
        metadata={
            "description": "One sentence for a person: whose turn it is and what they may do, or why nothing (the hand is over, and who deals next).",
            "example": "ana is to draw: from the stock, or 7♦ from the discard pile",
        },
    )


# --- /v1/scorepad ------------------------------------------------------------------------


class RemainingSchema(CompiledSchema):
    """One opponent's cards left in hand: the cards, or their points."""

    one_of = OneOf(None, {"RemainingCards": ("cards",), "RemainingPoints": ("points",)})

    # Loose bounds here: the core (referee.scorepad) refuses too many cards for the table and
    # impossible points with a message naming the hand and the player. The 10 cards cap the work
    # a hostile pad can cause before the core runs.
    cards = CardList(
        max_length=most_dealt(),
        too_many=lambda low, high, n: say("{n} cards listed, but only {max} are ever dealt to a player (R2)", n=n, max=high or 0),
        metadata={"description": f"At most {most_dealt()}: nobody is dealt more (R2); the core checks the deal of this table."},
    )
    points = StrictInteger()

    def make(self, d: dict[str, Any]) -> Any:
        return Remaining(d.get("cards"), d.get("points"))


class HandEntrySchema(CompiledSchema):
    winner = PlayerName(load_default=None, allow_none=True)
    rummy = StrictBoolean(load_default=False)
    # Names are checked against the players by the core ("'Dan' is not one of the players").
    remaining = PlayerEntries(
        keys=fields.String(), values=fields.Nested(RemainingSchema), load_default=dict, validate=Count(None, MAX_PLAYERS, "players")
    )
    draw = StrictBoolean(load_default=False)

    def make(self, d: dict[str, Any]) -> Any:
        return HandEntry(d["winner"], d["rummy"], d["remaining"], d["draw"])


class ScorepadRequest(CompiledSchema):
    rules = RulesField()
    players = BoundedList(PlayerName(), required=True, validate=PLAYER_COUNT, metadata={"uniqueItems": True})
    first_dealer = PlayerName(load_default=None, allow_none=True)
    # A game by deals ends after at most the deals option's maximum of hands (100; the scorepad's
    # body limit in web/bodies.py holds them for 6 players with the longest names and every card
    # listed); a game to a target score rarely comes near.
    hands = BoundedList(fields.Nested(HandEntrySchema), load_default=list, validate=Count(None, OPTION["deals"].maximum, "hands"))


class HandLineSchema(Answer):
    number = fields.Integer(required=True)
    dealer = fields.String(required=True)
    winner = fields.String(allow_none=True, required=True)
    rummy = fields.Boolean(required=True)
    multiplier = fields.Integer(required=True, metadata=MULTIPLIER_DOC)
    draw = fields.Boolean(required=True, attribute="drawn_hand")
    points = fields.Integer(required=True)
    remaining = fields.Dict(keys=fields.String(), values=fields.Integer(), required=True)
    totals = fields.Dict(keys=fields.String(), values=fields.Integer(), required=True)


class StandingSchema(Answer):
    player = fields.String(required=True)
    total = fields.Integer(required=True)
    rank = fields.Integer(required=True, metadata={"description": "1 for the leader; equal totals share a rank."})


class ScorepadResponse(AnswerSchema):
    hands = fields.List(fields.Nested(HandLineSchema), required=True)
    totals = fields.Dict(keys=fields.String(), values=fields.Integer(), required=True)
    standings = fields.List(fields.Nested(StandingSchema), required=True)
    next_dealer = fields.String(allow_none=True, required=True)
    game_over = fields.Boolean(required=True)
    winner = fields.String(allow_none=True, required=True)
    to_target = fields.Dict(
        keys=fields.String(),
        values=fields.Integer(),
        allow_none=True,
        required=True,
        metadata={"description": "Points each player still needs to reach target_score; null when playing a number of deals."},
    )
    rules = fields.Nested(ResolvedRulesSchema, required=True)


class HealthSchema(AnswerSchema):
    status = fields.String(required=True, metadata={"example": "ok"})
