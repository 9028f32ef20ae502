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

T = TypeVar("T", bound="SeatLayOffMove")


@_attrs_define
class SeatLayOffMove:
    """SeatMove with action 'lay_off'.

    Attributes:
        action (Literal['lay_off']):
        cards (list[str]):
        player (None | str | Unset): Left out: the seat's player. Another player than the seat's is a 403. Example: ana.
        meld (str | Unset):  Example: m1.
    """

    action: Literal["lay_off"]
    cards: list[str]
    player: None | str | Unset = UNSET
    meld: str | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        action = self.action

        cards = self.cards

        player: None | str | Unset
        if isinstance(self.player, Unset):
            player = UNSET
        else:
            player = self.player

        meld = self.meld

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "action": action,
                "cards": cards,
            }
        )
        if player is not UNSET:
            field_dict["player"] = player
        if meld is not UNSET:
            field_dict["meld"] = meld

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        action = cast(Literal["lay_off"], d.pop("action"))
        if action != "lay_off":
            raise ValueError(f"action must match const 'lay_off', got '{action}'")

        cards = cast(list[str], d.pop("cards"))

        def _parse_player(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        player = _parse_player(d.pop("player", UNSET))

        meld = d.pop("meld", UNSET)

        seat_lay_off_move = cls(
            action=action,
            cards=cards,
            player=player,
            meld=meld,
        )

        return seat_lay_off_move
