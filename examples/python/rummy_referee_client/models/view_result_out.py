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

from ..models.view_result_out_multiplier import ViewResultOutMultiplier

if TYPE_CHECKING:
    from ..models.view_result_out_remaining import ViewResultOutRemaining
    from ..models.view_result_out_remaining_cards import ViewResultOutRemainingCards


T = TypeVar("T", bound="ViewResultOut")


@_attrs_define
class ViewResultOut:
    """ViewResult with outcome 'out'.

    Attributes:
        outcome (Literal['out']):
        points (int): multiplier × the sum of remaining; 0 for a drawn hand.
        winner (str):
        rummy (bool): The winner went rummy (R15), under every preset.
        multiplier (ViewResultOutMultiplier):
        remaining (ViewResultOutRemaining): Each opponent's plain card total.
        remaining_cards (ViewResultOutRemainingCards): Every player's cards left, laid down to be counted (R14).
    """

    outcome: Literal["out"]
    points: int
    winner: str
    rummy: bool
    multiplier: ViewResultOutMultiplier
    remaining: ViewResultOutRemaining
    remaining_cards: ViewResultOutRemainingCards

    def to_dict(self) -> dict[str, Any]:
        outcome = self.outcome

        points = self.points

        winner = self.winner

        rummy = self.rummy

        multiplier = self.multiplier.value

        remaining = self.remaining.to_dict()

        remaining_cards = self.remaining_cards.to_dict()

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "outcome": outcome,
                "points": points,
                "winner": winner,
                "rummy": rummy,
                "multiplier": multiplier,
                "remaining": remaining,
                "remaining_cards": remaining_cards,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.view_result_out_remaining import ViewResultOutRemaining
        from ..models.view_result_out_remaining_cards import ViewResultOutRemainingCards

        d = dict(src_dict)
        outcome = cast(Literal["out"], d.pop("outcome"))
        if outcome != "out":
            raise ValueError(f"outcome must match const 'out', got '{outcome}'")

        points = d.pop("points")

        winner = d.pop("winner")

        rummy = d.pop("rummy")

        multiplier = ViewResultOutMultiplier(d.pop("multiplier"))

        remaining = ViewResultOutRemaining.from_dict(d.pop("remaining"))

        remaining_cards = ViewResultOutRemainingCards.from_dict(
            d.pop("remaining_cards")
        )

        view_result_out = cls(
            outcome=outcome,
            points=points,
            winner=winner,
            rummy=rummy,
            multiplier=multiplier,
            remaining=remaining,
            remaining_cards=remaining_cards,
        )

        return view_result_out
