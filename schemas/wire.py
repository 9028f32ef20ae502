"""A core value in its wire form, written by the answer schema of its type: the JSON the answers
hold (``to_json(move)`` → ``{"player": "ana", "action": "draw", "source": "stock"}``), for
request bodies built from core values (examples, tests, benchmarks) and for sealed tables."""

from __future__ import annotations

from functools import cache, cached_property
from typing import Any

from marshmallow import ValidationError

from referee import HandScore, Meld, Move, MovesOutcome, Pad, Player, Reason, Result, Rules, State, Turn, TurnOptions
from referee.fairness import Record, Revealed, Verdict
from referee.view import Event

from .api import HandScoreResponse, LegalMovesResponse, MoveOutSchema, MoveResponse, ReasonSchema, ResultSchema, ScorepadResponse
from .dump import dumper
from .fairness import RecordOutSchema, RevealedOutSchema, VerifyResponse
from .rules import ResolvedRulesSchema
from .state import MeldOutSchema, PlayerOutSchema, StateOutSchema, StateSchema, TurnOutSchema
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


class TableWire:
    """The sealed tables' wire format (``tables.codec.Wire``): a table's state as answers write
    it (:data:`StateOutSchema`) and read back by :class:`StateSchema` (its compiled plan, then
    ``validate_state``), its moves as answers write them; given to ``tables.Tables`` by the web
    layer, so ``tables/`` imports nothing of ``schemas/``."""

    @cached_property
    def _state_schema(self) -> StateSchema:
        return StateSchema()  # built once: building one costs more than loading a state with it

    def state_out(self, state: State) -> dict[str, Any]:
        out: dict[str, Any] = to_json(state)
        return out

    def state_in(self, data: dict[str, Any]) -> State:
        try:
            state: State = self._state_schema.load(data)
        except ValidationError as refused:  # the codec's contract: ValueError for a refused state
            raise ValueError(str(refused.messages)) from refused
        return state

    def move_out(self, move: Move) -> Any:
        return to_json(move)


TABLE_WIRE = TableWire()
