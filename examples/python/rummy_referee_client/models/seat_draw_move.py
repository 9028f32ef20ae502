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

from ..models.source import Source
from ..types import UNSET, Unset

T = TypeVar("T", bound="SeatDrawMove")


@_attrs_define
class SeatDrawMove:
    """SeatMove with action 'draw'.

    Attributes:
        action (Literal['draw']):
        source (Source): Where a draw takes its card from (R4).
        player (None | str | Unset): Left out: the seat's player. Another player than the seat's is a 403. Example: ana.
    """

    action: Literal["draw"]
    source: Source
    player: None | str | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        action = self.action

        source = self.source.value

        player: None | str | Unset
        if isinstance(self.player, Unset):
            player = UNSET
        else:
            player = self.player

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "action": action,
                "source": source,
            }
        )
        if player is not UNSET:
            field_dict["player"] = player

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        action = cast(Literal["draw"], d.pop("action"))
        if action != "draw":
            raise ValueError(f"action must match const 'draw', got '{action}'")

        source = Source(d.pop("source"))

        def _parse_player(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        player = _parse_player(d.pop("player", UNSET))

        seat_draw_move = cls(
            action=action,
            source=source,
            player=player,
        )

        return seat_draw_move
