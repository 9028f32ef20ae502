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

T = TypeVar("T", bound="RecordLayOffOut")


@_attrs_define
class RecordLayOffOut:
    """RecordMoveOut with action 'lay_off'.

    Attributes:
        player (str):
        action (Literal['lay_off']):
        cards (list[str]):
        meld (None | str):
    """

    player: str
    action: Literal["lay_off"]
    cards: list[str]
    meld: None | str

    def to_dict(self) -> dict[str, Any]:
        player = self.player

        action = self.action

        cards = self.cards

        meld: None | str
        meld = self.meld

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "player": player,
                "action": action,
                "cards": cards,
                "meld": meld,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        player = d.pop("player")

        action = cast(Literal["lay_off"], d.pop("action"))
        if action != "lay_off":
            raise ValueError(f"action must match const 'lay_off', got '{action}'")

        cards = cast(list[str], d.pop("cards"))

        def _parse_meld(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        meld = _parse_meld(d.pop("meld"))

        record_lay_off_out = cls(
            player=player,
            action=action,
            cards=cards,
            meld=meld,
        )

        return record_lay_off_out
