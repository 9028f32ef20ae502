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

T = TypeVar("T", bound="MeldMove")


@_attrs_define
class MeldMove:
    """Move with action 'meld'.

    Attributes:
        player (str):  Example: ana.
        action (Literal['meld']):
        cards (list[str]):
    """

    player: str
    action: Literal["meld"]
    cards: list[str]

    def to_dict(self) -> dict[str, Any]:
        player = self.player

        action = self.action

        cards = self.cards

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "player": player,
                "action": action,
                "cards": cards,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        player = d.pop("player")

        action = cast(Literal["meld"], d.pop("action"))
        if action != "meld":
            raise ValueError(f"action must match const 'meld', got '{action}'")

        cards = cast(list[str], d.pop("cards"))

        meld_move = cls(
            player=player,
            action=action,
            cards=cards,
        )

        return meld_move
