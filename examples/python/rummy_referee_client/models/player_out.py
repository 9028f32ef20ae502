from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar, cast

from attrs import define as _attrs_define

T = TypeVar("T", bound="PlayerOut")


@_attrs_define
class PlayerOut:
    """Player as answers give it: every field present.

    Attributes:
        id (str):  Example: ana.
        hand (list[str]): The player's cards, in the client's order; a drawn card joins at the end.
        tabled (bool): Melded or laid off on an earlier turn of this hand (R15). Left out, it is inferred: true for a
            player who owns a meld laid on an earlier turn, else false.
    """

    id: str
    hand: list[str]
    tabled: bool

    def to_dict(self) -> dict[str, Any]:
        id = self.id

        hand = self.hand

        tabled = self.tabled

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "id": id,
                "hand": hand,
                "tabled": tabled,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        id = d.pop("id")

        hand = cast(list[str], d.pop("hand"))

        tabled = d.pop("tabled")

        player_out = cls(
            id=id,
            hand=hand,
            tabled=tabled,
        )

        return player_out
