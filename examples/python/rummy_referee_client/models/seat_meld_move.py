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

T = TypeVar("T", bound="SeatMeldMove")


@_attrs_define
class SeatMeldMove:
    """SeatMove with action 'meld'.

    Attributes:
        action (Literal['meld']):
        cards (list[str]):
        player (None | str | Unset): Left out: the seat's player. Another player than the seat's is a 403. Example: ana.
    """

    action: Literal["meld"]
    cards: list[str]
    player: None | str | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        action = self.action

        cards = self.cards

        player: None | str | Unset
        if isinstance(self.player, Unset):
            player = UNSET
        else:
            player = self.player

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "action": action,
                "cards": cards,
            }
        )
        if player is not UNSET:
            field_dict["player"] = player

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        action = cast(Literal["meld"], d.pop("action"))
        if action != "meld":
            raise ValueError(f"action must match const 'meld', got '{action}'")

        cards = cast(list[str], d.pop("cards"))

        def _parse_player(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        player = _parse_player(d.pop("player", UNSET))

        seat_meld_move = cls(
            action=action,
            cards=cards,
            player=player,
        )

        return seat_meld_move
