from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar

from attrs import define as _attrs_define

T = TypeVar("T", bound="PresetSentence")


@_attrs_define
class PresetSentence:
    """
    Attributes:
        option (str):
        rule (str):
        sentence (str):
    """

    option: str
    rule: str
    sentence: str

    def to_dict(self) -> dict[str, Any]:
        option = self.option

        rule = self.rule

        sentence = self.sentence

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "option": option,
                "rule": rule,
                "sentence": sentence,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        option = d.pop("option")

        rule = d.pop("rule")

        sentence = d.pop("sentence")

        preset_sentence = cls(
            option=option,
            rule=rule,
            sentence=sentence,
        )

        return preset_sentence
