from __future__ import annotations

from collections.abc import Mapping
from typing import (
    Any,
    Literal,
    Self,
    TypeVar,
    cast,
)

from attrs import define as _attrs_define

T = TypeVar("T", bound="RestockEvent")


@_attrs_define
class RestockEvent:
    """Event with action 'restock'.

    Attributes:
        player (str):
        action (Literal['restock']):
    """

    player: str
    action: Literal["restock"]

    def to_dict(self) -> dict[str, Any]:
        player = self.player

        action = self.action

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "player": player,
                "action": action,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        player = d.pop("player")

        action = cast(Literal["restock"], d.pop("action"))
        if action != "restock":
            raise ValueError(f"action must match const 'restock', got '{action}'")

        restock_event = cls(
            player=player,
            action=action,
        )

        return restock_event
