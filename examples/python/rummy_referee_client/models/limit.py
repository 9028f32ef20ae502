from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar

from attrs import define as _attrs_define

T = TypeVar("T", bound="Limit")


@_attrs_define
class Limit:
    """
    Attributes:
        minimum (int):
        maximum (int):
    """

    minimum: int
    maximum: int

    def to_dict(self) -> dict[str, Any]:
        minimum = self.minimum

        maximum = self.maximum

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "minimum": minimum,
                "maximum": maximum,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        minimum = d.pop("minimum")

        maximum = d.pop("maximum")

        limit = cls(
            minimum=minimum,
            maximum=maximum,
        )

        return limit
