from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar, cast

from attrs import define as _attrs_define

T = TypeVar("T", bound="RemainingCards")


@_attrs_define
class RemainingCards:
    """Remaining with cards.

    Attributes:
        cards (list[str]): At most 10: nobody is dealt more (R2); the core checks the deal of this table.
    """

    cards: list[str]

    def to_dict(self) -> dict[str, Any]:
        cards = self.cards

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "cards": cards,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        cards = cast(list[str], d.pop("cards"))

        remaining_cards = cls(
            cards=cards,
        )

        return remaining_cards
