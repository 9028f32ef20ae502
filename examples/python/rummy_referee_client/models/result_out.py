from __future__ import annotations

from collections.abc import Mapping
from typing import (
    TYPE_CHECKING,
    Any,
    Literal,
    Self,
    TypeVar,
    cast,
)

from attrs import define as _attrs_define

if TYPE_CHECKING:
    from ..models.result_out_remaining import ResultOutRemaining


T = TypeVar("T", bound="ResultOut")


@_attrs_define
class ResultOut:
    """Result with outcome 'out'.

    Attributes:
        outcome (Literal['out']):
        points (int): multiplier × the sum of remaining; 0 for a drawn hand.
        winner (str):
        rummy (bool): The winner went rummy (R15), under every preset.
        multiplier (int): 1, or for going rummy the multiplier the rules give it (R15; GET /v1/rules says each
            preset's).
        remaining (ResultOutRemaining): Each opponent's plain card total.
    """

    outcome: Literal["out"]
    points: int
    winner: str
    rummy: bool
    multiplier: int
    remaining: ResultOutRemaining

    def to_dict(self) -> dict[str, Any]:
        outcome = self.outcome

        points = self.points

        winner = self.winner

        rummy = self.rummy

        multiplier = self.multiplier

        remaining = self.remaining.to_dict()

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "outcome": outcome,
                "points": points,
                "winner": winner,
                "rummy": rummy,
                "multiplier": multiplier,
                "remaining": remaining,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.result_out_remaining import ResultOutRemaining

        d = dict(src_dict)
        outcome = cast(Literal["out"], d.pop("outcome"))
        if outcome != "out":
            raise ValueError(f"outcome must match const 'out', got '{outcome}'")

        points = d.pop("points")

        winner = d.pop("winner")

        rummy = d.pop("rummy")

        multiplier = d.pop("multiplier")

        remaining = ResultOutRemaining.from_dict(d.pop("remaining"))

        result_out = cls(
            outcome=outcome,
            points=points,
            winner=winner,
            rummy=rummy,
            multiplier=multiplier,
            remaining=remaining,
        )

        return result_out
