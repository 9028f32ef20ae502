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

T = TypeVar("T", bound="RecordDiscard")


@_attrs_define
class RecordDiscard:
    """RecordMove with action 'discard'.

    Attributes:
        player (str):  Example: ana.
        action (Literal['discard']):
        card (str): A card: rank (A 2-10 T J Q K, any case) then suit (C D H S or ♣ ♦ ♥ ♠ ♧ ♢ ♡ ♤, with or without
            U+FE0F). Answers always use the canonical code (10H, QS). Example: QS.
    """

    player: str
    action: Literal["discard"]
    card: str

    def to_dict(self) -> dict[str, Any]:
        player = self.player

        action = self.action

        card = self.card

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "player": player,
                "action": action,
                "card": card,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        player = d.pop("player")

        action = cast(Literal["discard"], d.pop("action"))
        if action != "discard":
            raise ValueError(f"action must match const 'discard', got '{action}'")

        card = d.pop("card")

        record_discard = cls(
            player=player,
            action=action,
            card=card,
        )

        return record_discard
