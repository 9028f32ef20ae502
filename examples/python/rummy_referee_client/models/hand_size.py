from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar

from attrs import define as _attrs_define

T = TypeVar("T", bound="HandSize")


@_attrs_define
class HandSize:
    """
    Attributes:
        players (int):
        cards (int):
    """

    players: int
    cards: int

    def to_dict(self) -> dict[str, Any]:
        players = self.players

        cards = self.cards

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "players": players,
                "cards": cards,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        players = d.pop("players")

        cards = d.pop("cards")

        hand_size = cls(
            players=players,
            cards=cards,
        )

        return hand_size
