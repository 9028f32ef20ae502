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

from ..types import UNSET, Unset

T = TypeVar("T", bound="LayOffMove")


@_attrs_define
class LayOffMove:
    """Move with action 'lay_off'.

    Attributes:
        player (str):  Example: ana.
        action (Literal['lay_off']):
        cards (list[str]):
        meld (str | Unset):  Example: m1.
    """

    player: str
    action: Literal["lay_off"]
    cards: list[str]
    meld: str | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        player = self.player

        action = self.action

        cards = self.cards

        meld = self.meld

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "player": player,
                "action": action,
                "cards": cards,
            }
        )
        if meld is not UNSET:
            field_dict["meld"] = meld

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        player = d.pop("player")

        action = cast(Literal["lay_off"], d.pop("action"))
        if action != "lay_off":
            raise ValueError(f"action must match const 'lay_off', got '{action}'")

        cards = cast(list[str], d.pop("cards"))

        meld = d.pop("meld", UNSET)

        lay_off_move = cls(
            player=player,
            action=action,
            cards=cards,
            meld=meld,
        )

        return lay_off_move
