from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar, cast

from attrs import define as _attrs_define

if TYPE_CHECKING:
    from ..models.hand_line_remaining import HandLineRemaining
    from ..models.hand_line_totals import HandLineTotals


T = TypeVar("T", bound="HandLine")


@_attrs_define
class HandLine:
    """
    Attributes:
        number (int):
        dealer (str):
        winner (None | str):
        rummy (bool):
        multiplier (int): 1, or for going rummy the multiplier the rules give it (R15; GET /v1/rules says each
            preset's).
        draw (bool):
        points (int):
        remaining (HandLineRemaining):
        totals (HandLineTotals):
    """

    number: int
    dealer: str
    winner: None | str
    rummy: bool
    multiplier: int
    draw: bool
    points: int
    remaining: HandLineRemaining
    totals: HandLineTotals

    def to_dict(self) -> dict[str, Any]:
        number = self.number

        dealer = self.dealer

        winner: None | str
        winner = self.winner

        rummy = self.rummy

        multiplier = self.multiplier

        draw = self.draw

        points = self.points

        remaining = self.remaining.to_dict()

        totals = self.totals.to_dict()

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "number": number,
                "dealer": dealer,
                "winner": winner,
                "rummy": rummy,
                "multiplier": multiplier,
                "draw": draw,
                "points": points,
                "remaining": remaining,
                "totals": totals,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.hand_line_remaining import HandLineRemaining
        from ..models.hand_line_totals import HandLineTotals

        d = dict(src_dict)
        number = d.pop("number")

        dealer = d.pop("dealer")

        def _parse_winner(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        winner = _parse_winner(d.pop("winner"))

        rummy = d.pop("rummy")

        multiplier = d.pop("multiplier")

        draw = d.pop("draw")

        points = d.pop("points")

        remaining = HandLineRemaining.from_dict(d.pop("remaining"))

        totals = HandLineTotals.from_dict(d.pop("totals"))

        hand_line = cls(
            number=number,
            dealer=dealer,
            winner=winner,
            rummy=rummy,
            multiplier=multiplier,
            draw=draw,
            points=points,
            remaining=remaining,
            totals=totals,
        )

        return hand_line
