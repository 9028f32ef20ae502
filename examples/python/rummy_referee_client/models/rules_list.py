from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar

from attrs import define as _attrs_define

if TYPE_CHECKING:
    from ..models.resolved_rules import ResolvedRules


T = TypeVar("T", bound="RulesList")


@_attrs_define
class RulesList:
    """``GET /v1/rules``: every preset with every option value.

    Attributes:
        default_preset (str):
        presets (list[ResolvedRules]):
    """

    default_preset: str
    presets: list[ResolvedRules]

    def to_dict(self) -> dict[str, Any]:
        default_preset = self.default_preset

        presets = []
        for presets_item_data in self.presets:
            presets_item = presets_item_data.to_dict()
            presets.append(presets_item)

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "default_preset": default_preset,
                "presets": presets,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.resolved_rules import ResolvedRules

        d = dict(src_dict)
        default_preset = d.pop("default_preset")

        presets = []
        _presets = d.pop("presets")
        for presets_item_data in _presets:
            presets_item = ResolvedRules.from_dict(presets_item_data)

            presets.append(presets_item)

        rules_list = cls(
            default_preset=default_preset,
            presets=presets,
        )

        return rules_list
