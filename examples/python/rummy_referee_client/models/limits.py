from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar

from attrs import define as _attrs_define

if TYPE_CHECKING:
    from ..models.hand_size import HandSize
    from ..models.limit import Limit


T = TypeVar("T", bound="Limits")


@_attrs_define
class Limits:
    """The game's limits (R2, R20).

    Attributes:
        players (Limit):
        hand_sizes (list[HandSize]): Cards dealt to each player, by number of players (R2).
        target_score (Limit):
        deals (Limit):
    """

    players: Limit
    hand_sizes: list[HandSize]
    target_score: Limit
    deals: Limit

    def to_dict(self) -> dict[str, Any]:
        players = self.players.to_dict()

        hand_sizes = []
        for hand_sizes_item_data in self.hand_sizes:
            hand_sizes_item = hand_sizes_item_data.to_dict()
            hand_sizes.append(hand_sizes_item)

        target_score = self.target_score.to_dict()

        deals = self.deals.to_dict()

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "players": players,
                "hand_sizes": hand_sizes,
                "target_score": target_score,
                "deals": deals,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.hand_size import HandSize
        from ..models.limit import Limit

        d = dict(src_dict)
        players = Limit.from_dict(d.pop("players"))

        hand_sizes = []
        _hand_sizes = d.pop("hand_sizes")
        for hand_sizes_item_data in _hand_sizes:
            hand_sizes_item = HandSize.from_dict(hand_sizes_item_data)

            hand_sizes.append(hand_sizes_item)

        target_score = Limit.from_dict(d.pop("target_score"))

        deals = Limit.from_dict(d.pop("deals"))

        limits = cls(
            players=players,
            hand_sizes=hand_sizes,
            target_score=target_score,
            deals=deals,
        )

        return limits
