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
    from ..models.revealed_out import RevealedOut
    from ..models.view_result_draw_remaining_cards import ViewResultDrawRemainingCards


T = TypeVar("T", bound="ViewResultDraw")


@_attrs_define
class ViewResultDraw:
    """ViewResult with outcome 'draw'.

    Attributes:
        outcome (Literal['draw']):
        points (int): multiplier × the sum of remaining; 0 for a drawn hand.
        remaining_cards (ViewResultDrawRemainingCards): Every player's cards left, laid down to be counted (R14).
        fairness (None | RevealedOut): The hand's seed, deck and record, revealed now that it is over (README, Provably
            fair); null only for a table from before fair deals.
    """

    outcome: Literal["draw"]
    points: int
    remaining_cards: ViewResultDrawRemainingCards
    fairness: None | RevealedOut

    def to_dict(self) -> dict[str, Any]:
        from ..models.revealed_out import RevealedOut

        outcome = self.outcome

        points = self.points

        remaining_cards = self.remaining_cards.to_dict()

        fairness: dict[str, Any] | None
        if isinstance(self.fairness, RevealedOut):
            fairness = self.fairness.to_dict()
        else:
            fairness = self.fairness

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "outcome": outcome,
                "points": points,
                "remaining_cards": remaining_cards,
                "fairness": fairness,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.revealed_out import RevealedOut
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

        def _parse_fairness(data: object) -> None | RevealedOut:
            if data is None:
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                fairness_type_0 = RevealedOut.from_dict(data)

                return fairness_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(None | RevealedOut, data)

        fairness = _parse_fairness(d.pop("fairness"))

        view_result_draw = cls(
            outcome=outcome,
            points=points,
            remaining_cards=remaining_cards,
            fairness=fairness,
        )

        return view_result_draw
