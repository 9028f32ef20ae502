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

T = TypeVar("T", bound="RecordMeldOut")


@_attrs_define
class RecordMeldOut:
    """RecordMoveOut with action 'meld'.

    Attributes:
        player (str):
        action (Literal['meld']):
        cards (list[str]):
        meld (None | str):
    """

    player: str
    action: Literal["meld"]
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

        action = cast(Literal["meld"], d.pop("action"))
        if action != "meld":
            raise ValueError(f"action must match const 'meld', got '{action}'")

        cards = cast(list[str], d.pop("cards"))

        def _parse_meld(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        meld = _parse_meld(d.pop("meld"))

        record_meld_out = cls(
            player=player,
            action=action,
            cards=cards,
            meld=meld,
        )

        return record_meld_out
