from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar, cast

from attrs import define as _attrs_define

from ..types import UNSET, Unset

T = TypeVar("T", bound="Player")


@_attrs_define
class Player:
    """
    Attributes:
        id (str):  Example: ana.
        hand (list[str]): The player's cards, in the client's order; a drawn card joins at the end.
        tabled (bool | Unset): Melded or laid off on an earlier turn of this hand (R15). Left out, it is inferred: true
            for a player who owns a meld laid on an earlier turn, else false.
    """

    id: str
    hand: list[str]
    tabled: bool | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        id = self.id

        hand = self.hand

        tabled = self.tabled

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "id": id,
                "hand": hand,
            }
        )
        if tabled is not UNSET:
            field_dict["tabled"] = tabled

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        id = d.pop("id")

        hand = cast(list[str], d.pop("hand"))

        tabled = d.pop("tabled", UNSET)

        player = cls(
            id=id,
            hand=hand,
            tabled=tabled,
        )

        return player
