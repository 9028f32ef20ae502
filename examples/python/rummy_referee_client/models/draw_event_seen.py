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

T = TypeVar("T", bound="DrawEventSeen")


@_attrs_define
class DrawEventSeen:
    """EventIn with action 'draw'.

    Attributes:
        player (str):  Example: ana.
        action (Literal['draw']):
        source (Source): Where a draw takes its card from (R4).
        card (str | Unset): A card: rank (A 2-10 T J Q K, any case) then suit (C D H S or ♣ ♦ ♥ ♠ ♧ ♢ ♡ ♤, with or
            without U+FE0F). Answers always use the canonical code (10H, QS). Example: QS.
    """

    player: str
    action: Literal["draw"]
    source: Source
    card: str | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        player = self.player

        action = self.action

        source = self.source.value

        card = self.card

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "player": player,
                "action": action,
                "source": source,
            }
        )
        if card is not UNSET:
            field_dict["card"] = card

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        player = d.pop("player")

        action = cast(Literal["draw"], d.pop("action"))
        if action != "draw":
            raise ValueError(f"action must match const 'draw', got '{action}'")

        source = Source(d.pop("source"))

        card = d.pop("card", UNSET)

        draw_event_seen = cls(
            player=player,
            action=action,
            source=source,
            card=card,
        )

        return draw_event_seen
