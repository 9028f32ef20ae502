from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar

from attrs import define as _attrs_define

T = TypeVar("T", bound="NextHandRequest")


@_attrs_define
class NextHandRequest:
    """
    Attributes:
        table (str): The sealed table token, exactly as the last answer gave it (opaque). Example: rt1.….
    """

    table: str

    def to_dict(self) -> dict[str, Any]:
        table = self.table

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "table": table,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        table = d.pop("table")

        next_hand_request = cls(
            table=table,
        )

        return next_hand_request
