from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar, cast

from attrs import define as _attrs_define

from ..types import UNSET, Unset

T = TypeVar("T", bound="SeatOut")


@_attrs_define
class SeatOut:
    """A player as a view shows them: the cards in hand as a count, the cards themselves to their own seat only.

    Attributes:
        id (str):
        cards (int): How many cards the player holds.
        tabled (bool): Melded or laid off on an earlier turn of this hand (R15).
        hand (list[str] | Unset): The cards, for the seat's own player only.
    """

    id: str
    cards: int
    tabled: bool
    hand: list[str] | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        id = self.id

        cards = self.cards

        tabled = self.tabled

        hand: list[str] | Unset = UNSET
        if not isinstance(self.hand, Unset):
            hand = self.hand

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "id": id,
                "cards": cards,
                "tabled": tabled,
            }
        )
        if hand is not UNSET:
            field_dict["hand"] = hand

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        id = d.pop("id")

        cards = d.pop("cards")

        tabled = d.pop("tabled")

        hand = cast(list[str], d.pop("hand", UNSET))

        seat_out = cls(
            id=id,
            cards=cards,
            tabled=tabled,
            hand=hand,
        )

        return seat_out
