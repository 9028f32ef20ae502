from __future__ import annotations

from collections.abc import Mapping
from typing import (
    Any,
    Literal,
    Self,
    TypeVar,
    cast,
)

from attrs import define as _attrs_define

T = TypeVar("T", bound="ResultDraw")


@_attrs_define
class ResultDraw:
    """Result with outcome 'draw'.

    Attributes:
        outcome (Literal['draw']):
        points (int): multiplier × the sum of remaining; 0 for a drawn hand.
    """

    outcome: Literal["draw"]
    points: int

    def to_dict(self) -> dict[str, Any]:
        outcome = self.outcome

        points = self.points

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "outcome": outcome,
                "points": points,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        outcome = cast(Literal["draw"], d.pop("outcome"))
        if outcome != "draw":
            raise ValueError(f"outcome must match const 'draw', got '{outcome}'")

        points = d.pop("points")

        result_draw = cls(
            outcome=outcome,
            points=points,
        )

        return result_draw
