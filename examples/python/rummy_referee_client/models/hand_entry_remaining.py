from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

if TYPE_CHECKING:
    from ..models.remaining_cards import RemainingCards
    from ..models.remaining_points import RemainingPoints


T = TypeVar("T", bound="HandEntryRemaining")


@_attrs_define
class HandEntryRemaining:
    additional_properties: dict[str, RemainingCards | RemainingPoints] = _attrs_field(
        init=False, factory=dict
    )

    def to_dict(self) -> dict[str, Any]:
        from ..models.remaining_cards import RemainingCards

        field_dict: dict[str, Any] = {}
        for prop_name, prop in self.additional_properties.items():
            if isinstance(prop, RemainingCards):
                field_dict[prop_name] = prop.to_dict()
            else:
                field_dict[prop_name] = prop.to_dict()

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.remaining_cards import RemainingCards
        from ..models.remaining_points import RemainingPoints

        d = dict(src_dict)
        hand_entry_remaining = cls()

        additional_properties = {}
        for prop_name, prop_dict in d.items():

            def _parse_additional_property(
                data: object,
            ) -> RemainingCards | RemainingPoints:
                try:
                    if not isinstance(data, dict):
                        raise TypeError()
                    componentsschemas_remaining_type_0 = RemainingCards.from_dict(data)

                    return componentsschemas_remaining_type_0
                except (TypeError, ValueError, AttributeError, KeyError):
                    pass
                if not isinstance(data, dict):
                    raise TypeError()
                componentsschemas_remaining_type_1 = RemainingPoints.from_dict(data)

                return componentsschemas_remaining_type_1

            additional_property = _parse_additional_property(prop_dict)

            additional_properties[prop_name] = additional_property

        hand_entry_remaining.additional_properties = additional_properties
        return hand_entry_remaining

    @property
    def additional_keys(self) -> list[str]:
        return list(self.additional_properties.keys())

    def __getitem__(self, key: str) -> RemainingCards | RemainingPoints:
        return self.additional_properties[key]

    def __setitem__(self, key: str, value: RemainingCards | RemainingPoints) -> None:
        self.additional_properties[key] = value

    def __delitem__(self, key: str) -> None:
        del self.additional_properties[key]

    def __contains__(self, key: str) -> bool:
        return key in self.additional_properties
