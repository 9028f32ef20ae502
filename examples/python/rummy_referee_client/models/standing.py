from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar

from attrs import define as _attrs_define

T = TypeVar("T", bound="Standing")


@_attrs_define
class Standing:
    """
    Attributes:
        player (str):
        total (int):
        rank (int): 1 for the leader; equal totals share a rank.
    """

    player: str
    total: int
    rank: int

    def to_dict(self) -> dict[str, Any]:
        player = self.player

        total = self.total

        rank = self.rank

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "player": player,
                "total": total,
                "rank": rank,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        player = d.pop("player")

        total = d.pop("total")

        rank = d.pop("rank")

        standing = cls(
            player=player,
            total=total,
            rank=rank,
        )

        return standing
