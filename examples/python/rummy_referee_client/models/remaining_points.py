from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar

from attrs import define as _attrs_define

T = TypeVar("T", bound="RemainingPoints")


@_attrs_define
class RemainingPoints:
    """Remaining with points.

    Attributes:
        points (int):
    """

    points: int

    def to_dict(self) -> dict[str, Any]:
        points = self.points

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "points": points,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        points = d.pop("points")

        remaining_points = cls(
            points=points,
        )

        return remaining_points
