from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar

from attrs import define as _attrs_define

T = TypeVar("T", bound="OptionValue")


@_attrs_define
class OptionValue:
    """
    Attributes:
        value (Any): The value as a rules object gives it (a string, or true/false).
        label (str):
        sentence (str): What this value means at the table, for people.
    """

    value: Any
    label: str
    sentence: str

    def to_dict(self) -> dict[str, Any]:
        value = self.value

        label = self.label

        sentence = self.sentence

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "value": value,
                "label": label,
                "sentence": sentence,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        value = d.pop("value")

        label = d.pop("label")

        sentence = d.pop("sentence")

        option_value = cls(
            value=value,
            label=label,
            sentence=sentence,
        )

        return option_value
