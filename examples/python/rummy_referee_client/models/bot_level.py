from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar

from attrs import define as _attrs_define

T = TypeVar("T", bound="BotLevel")


@_attrs_define
class BotLevel:
    """
    Attributes:
        level (str):  Example: easy.
        label (str):  Example: Easy.
    """

    level: str
    label: str

    def to_dict(self) -> dict[str, Any]:
        level = self.level

        label = self.label

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "level": level,
                "label": label,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        level = d.pop("level")

        label = d.pop("label")

        bot_level = cls(
            level=level,
            label=label,
        )

        return bot_level
