from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.create_table_request_bots_additional_property import (
    CreateTableRequestBotsAdditionalProperty,
)

T = TypeVar("T", bound="CreateTableRequestBots")


@_attrs_define
class CreateTableRequestBots:
    """Seats the service plays itself: player id → level (easy, medium, hard). They get no seat; at least one player must
    be human.

    """

    additional_properties: dict[str, CreateTableRequestBotsAdditionalProperty] = (
        _attrs_field(init=False, factory=dict)
    )

    def to_dict(self) -> dict[str, Any]:

        field_dict: dict[str, Any] = {}
        for prop_name, prop in self.additional_properties.items():
            field_dict[prop_name] = prop.value

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        create_table_request_bots = cls()

        additional_properties = {}
        for prop_name, prop_dict in d.items():
            additional_property = CreateTableRequestBotsAdditionalProperty(prop_dict)

            additional_properties[prop_name] = additional_property

        create_table_request_bots.additional_properties = additional_properties
        return create_table_request_bots

    @property
    def additional_keys(self) -> list[str]:
        return list(self.additional_properties.keys())

    def __getitem__(self, key: str) -> CreateTableRequestBotsAdditionalProperty:
        return self.additional_properties[key]

    def __setitem__(
        self, key: str, value: CreateTableRequestBotsAdditionalProperty
    ) -> None:
        self.additional_properties[key] = value

    def __delitem__(self, key: str) -> None:
        del self.additional_properties[key]

    def __contains__(self, key: str) -> bool:
        return key in self.additional_properties
