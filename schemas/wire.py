"""A core value in its wire form, written by the answer schema of its type: the JSON the answers
hold (``to_json(move)`` → ``{"player": "ana", "action": "draw", "source": "stock"}``), for
request bodies built from core values (examples, tests, benchmarks) and for sealed tables."""

from __future__ import annotations

from functools import cache
from typing import Any

from referee import HandScore, Meld, Move, MovesOutcome, Pad, Player, Reason, Result, Rules, State, Turn, TurnOptions
from referee.fairness import Record, Revealed, Verdict
from referee.view import Event

from .api import HandScoreResponse, LegalMovesResponse, MoveOutSchema, MoveResponse, ReasonSchema, ResultSchema, ScorepadResponse
from .dump import dumper
from .fairness import RecordOutSchema, RevealedOutSchema, VerifyResponse
from .rules import ResolvedRulesSchema
from .state import MeldOutSchema, PlayerOutSchema, StateOutSchema, TurnOutSchema
from .tables import EventSchema


@cache
def _schemas() -> dict[type, Any]:
    pairs = {
        State: StateOutSchema,
        Player: PlayerOutSchema,
        Turn: TurnOutSchema,
        Meld: MeldOutSchema,
        Move: MoveOutSchema,
        Event: EventSchema,
        Reason: ReasonSchema,
        Result: ResultSchema,
        Rules: ResolvedRulesSchema,
        MovesOutcome: MoveResponse,
        TurnOptions: LegalMovesResponse,
        HandScore: HandScoreResponse,
        Pad: ScorepadResponse,
        Revealed: RevealedOutSchema,
        Record: RecordOutSchema,
        Verdict: VerifyResponse,
    }
    return {kind: dumper(schema()) for kind, schema in pairs.items()}


def to_json(value: Any) -> Any:
    """``value`` (a core value of a type answers hold) as its answer schema writes it."""
    return _schemas()[type(value)](value)
