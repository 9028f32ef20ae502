from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar

from attrs import define as _attrs_define

if TYPE_CHECKING:
    from ..models.preset_sentence import PresetSentence


T = TypeVar("T", bound="PresetNote")


@_attrs_define
class PresetNote:
    """A preset for people: its label, its character in one line, and each of its options in words.

    Attributes:
        preset (str):  Example: standard.
        label (str):  Example: Standard.
        character (str):
        described (list[PresetSentence]):
    """

    preset: str
    label: str
    character: str
    described: list[PresetSentence]

    def to_dict(self) -> dict[str, Any]:
        preset = self.preset

        label = self.label

        character = self.character

        described = []
        for described_item_data in self.described:
            described_item = described_item_data.to_dict()
            described.append(described_item)

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "preset": preset,
                "label": label,
                "character": character,
                "described": described,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.preset_sentence import PresetSentence

        d = dict(src_dict)
        preset = d.pop("preset")

        label = d.pop("label")

        character = d.pop("character")

        described = []
        _described = d.pop("described")
        for described_item_data in _described:
            described_item = PresetSentence.from_dict(described_item_data)

            described.append(described_item)

        preset_note = cls(
            preset=preset,
            label=label,
            character=character,
            described=described,
        )

        return preset_note
