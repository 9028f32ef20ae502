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
    from ..models.view_result_draw_remaining_cards import ViewResultDrawRemainingCards


T = TypeVar("T", bound="ViewResultDraw")


@_attrs_define
class ViewResultDraw:
    """ViewResult with outcome 'draw'.

    Attributes:
        outcome (Literal['draw']):
        points (int): multiplier × the sum of remaining; 0 for a drawn hand.
        remaining_cards (ViewResultDrawRemainingCards): Every player's cards left, laid down to be counted (R14).
    """

    outcome: Literal["draw"]
    points: int
    remaining_cards: ViewResultDrawRemainingCards

    def to_dict(self) -> dict[str, Any]:
        outcome = self.outcome

        points = self.points

        remaining_cards = self.remaining_cards.to_dict()

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "outcome": outcome,
                "points": points,
                "remaining_cards": remaining_cards,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.view_result_draw_remaining_cards import (
            ViewResultDrawRemainingCards,
        )

        d = dict(src_dict)
        outcome = cast(Literal["draw"], d.pop("outcome"))
        if outcome != "draw":
            raise ValueError(f"outcome must match const 'draw', got '{outcome}'")

        points = d.pop("points")

        remaining_cards = ViewResultDrawRemainingCards.from_dict(
            d.pop("remaining_cards")
        )

        view_result_draw = cls(
            outcome=outcome,
            points=points,
            remaining_cards=remaining_cards,
        )

        return view_result_draw
