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

T = TypeVar("T", bound="DrawMove")


@_attrs_define
class DrawMove:
    """Move with action 'draw'.

    Attributes:
        player (str):  Example: ana.
        action (Literal['draw']):
        source (Source): Where a draw takes its card from (R4).
    """

    player: str
    action: Literal["draw"]
    source: Source

    def to_dict(self) -> dict[str, Any]:
        player = self.player

        action = self.action

        source = self.source.value

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "player": player,
                "action": action,
                "source": source,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        player = d.pop("player")

        action = cast(Literal["draw"], d.pop("action"))
        if action != "draw":
            raise ValueError(f"action must match const 'draw', got '{action}'")

        source = Source(d.pop("source"))

        draw_move = cls(
            player=player,
            action=action,
            source=source,
        )

        return draw_move
