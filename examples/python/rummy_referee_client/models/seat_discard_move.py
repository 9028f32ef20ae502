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

T = TypeVar("T", bound="SeatDiscardMove")


@_attrs_define
class SeatDiscardMove:
    """SeatMove with action 'discard'.

    Attributes:
        action (Literal['discard']):
        card (str): A card: rank (A 2-10 T J Q K, any case) then suit (C D H S or ♣ ♦ ♥ ♠ ♧ ♢ ♡ ♤, with or without
            U+FE0F). Answers always use the canonical code (10H, QS). Example: QS.
        player (None | str | Unset): Left out: the seat's player. Another player than the seat's is a 403. Example: ana.
    """

    action: Literal["discard"]
    card: str
    player: None | str | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        action = self.action

        card = self.card

        player: None | str | Unset
        if isinstance(self.player, Unset):
            player = UNSET
        else:
            player = self.player

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "action": action,
                "card": card,
            }
        )
        if player is not UNSET:
            field_dict["player"] = player

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        action = cast(Literal["discard"], d.pop("action"))
        if action != "discard":
            raise ValueError(f"action must match const 'discard', got '{action}'")

        card = d.pop("card")

        def _parse_player(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        player = _parse_player(d.pop("player", UNSET))

        seat_discard_move = cls(
            action=action,
            card=card,
            player=player,
        )

        return seat_discard_move
