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

T = TypeVar("T", bound="MeldEventSeen")


@_attrs_define
class MeldEventSeen:
    """EventIn with action 'meld'.

    Attributes:
        player (str):  Example: ana.
        action (Literal['meld']):
        cards (list[str]):
        meld (None | str | Unset):  Example: m1.
    """

    player: str
    action: Literal["meld"]
    cards: list[str]
    meld: None | str | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        player = self.player

        action = self.action

        cards = self.cards

        meld: None | str | Unset
        if isinstance(self.meld, Unset):
            meld = UNSET
        else:
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

        action = cast(Literal["meld"], d.pop("action"))
        if action != "meld":
            raise ValueError(f"action must match const 'meld', got '{action}'")

        cards = cast(list[str], d.pop("cards"))

        def _parse_meld(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        meld = _parse_meld(d.pop("meld", UNSET))

        meld_event_seen = cls(
            player=player,
            action=action,
            cards=cards,
            meld=meld,
        )

        return meld_event_seen
