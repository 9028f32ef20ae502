from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar

from attrs import define as _attrs_define

if TYPE_CHECKING:
    from ..models.hand_score_response_by_player import HandScoreResponseByPlayer


T = TypeVar("T", bound="HandScoreResponse")


@_attrs_define
class HandScoreResponse:
    """
    Attributes:
        points (int): multiplier × the sum of by_player, in points.
        by_player (HandScoreResponseByPlayer):
        multiplier (int): 1, or for going rummy the multiplier the rules give it (R15; GET /v1/rules says each
            preset's).
        rummy (bool):
    """

    points: int
    by_player: HandScoreResponseByPlayer
    multiplier: int
    rummy: bool

    def to_dict(self) -> dict[str, Any]:
        points = self.points

        by_player = self.by_player.to_dict()

        multiplier = self.multiplier

        rummy = self.rummy

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "points": points,
                "by_player": by_player,
                "multiplier": multiplier,
                "rummy": rummy,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.hand_score_response_by_player import HandScoreResponseByPlayer

        d = dict(src_dict)
        points = d.pop("points")

        by_player = HandScoreResponseByPlayer.from_dict(d.pop("by_player"))

        multiplier = d.pop("multiplier")

        rummy = d.pop("rummy")

        hand_score_response = cls(
            points=points,
            by_player=by_player,
            multiplier=multiplier,
            rummy=rummy,
        )

        return hand_score_response
