from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar

from attrs import define as _attrs_define

from ..models.table_suggest_request_level import TableSuggestRequestLevel
from ..types import UNSET, Unset

T = TypeVar("T", bound="TableSuggestRequest")


@_attrs_define
class TableSuggestRequest:
    """
    Attributes:
        table (str): The sealed table token, exactly as the last answer gave it (opaque). Example: rt1.….
        seat (str): The seat of the player to move, who asks for advice. Example: q3v….
        level (TableSuggestRequestLevel | Unset): Which computer opponent advises; default hard. Default: `"hard"`.
    """

    table: str
    seat: str
    level: TableSuggestRequestLevel | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        table = self.table

        seat = self.seat

        level: str | Unset = UNSET
        if not isinstance(self.level, Unset):
            level = self.level.value

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "table": table,
                "seat": seat,
            }
        )
        if level is not UNSET:
            field_dict["level"] = level

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        table = d.pop("table")

        seat = d.pop("seat")

        _level = d.pop("level", UNSET)
        level: TableSuggestRequestLevel | Unset
        if isinstance(_level, Unset):
            level = UNSET
        else:
            level = TableSuggestRequestLevel(_level)

        table_suggest_request = cls(
            table=table,
            seat=seat,
            level=level,
        )

        return table_suggest_request
