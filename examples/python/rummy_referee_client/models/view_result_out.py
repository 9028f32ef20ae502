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
        multiplier (int): 1, or for going rummy the multiplier the rules give it (R15; GET /v1/rules says each
            preset's).
        remaining (ViewResultOutRemaining): Each opponent's plain card total.
        remaining_cards (ViewResultOutRemainingCards): Every player's cards left, laid down to be counted (R14).
        fairness (None | RevealedOut): The hand's seed, deck and record, revealed now that it is over (README, Provably
            fair); null only for a table from before fair deals.
    """

    outcome: Literal["out"]
    points: int
    winner: str
    rummy: bool
    multiplier: int
    remaining: ViewResultOutRemaining
    remaining_cards: ViewResultOutRemainingCards
    fairness: None | RevealedOut

    def to_dict(self) -> dict[str, Any]:
        from ..models.revealed_out import RevealedOut

        outcome = self.outcome

        points = self.points

        winner = self.winner

        rummy = self.rummy

        multiplier = self.multiplier

        remaining = self.remaining.to_dict()

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
                "winner": winner,
                "rummy": rummy,
                "multiplier": multiplier,
                "remaining": remaining,
                "remaining_cards": remaining_cards,
                "fairness": fairness,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.revealed_out import RevealedOut
        from ..models.view_result_out_remaining import ViewResultOutRemaining
        from ..models.view_result_out_remaining_cards import ViewResultOutRemainingCards

        d = dict(src_dict)
        outcome = cast(Literal["out"], d.pop("outcome"))
        if outcome != "out":
            raise ValueError(f"outcome must match const 'out', got '{outcome}'")

        points = d.pop("points")

        winner = d.pop("winner")

        rummy = d.pop("rummy")

        multiplier = d.pop("multiplier")

        remaining = ViewResultOutRemaining.from_dict(d.pop("remaining"))

        remaining_cards = ViewResultOutRemainingCards.from_dict(
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

        view_result_out = cls(
            outcome=outcome,
            points=points,
            winner=winner,
            rummy=rummy,
            multiplier=multiplier,
            remaining=remaining,
            remaining_cards=remaining_cards,
            fairness=fairness,
        )

        return view_result_out
