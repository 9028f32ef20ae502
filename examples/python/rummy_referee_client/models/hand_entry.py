from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar, cast

from attrs import define as _attrs_define

from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.hand_entry_remaining import HandEntryRemaining


T = TypeVar("T", bound="HandEntry")


@_attrs_define
class HandEntry:
    """
    Attributes:
        winner (None | str | Unset): Default: none (null). Example: ana.
        rummy (bool | Unset): Default: `false`.
        remaining (HandEntryRemaining | Unset):
        draw (bool | Unset): Default: `false`.
    """

    winner: None | str | Unset = UNSET
    rummy: bool | Unset = UNSET
    remaining: HandEntryRemaining | Unset = UNSET
    draw: bool | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        winner: None | str | Unset
        if isinstance(self.winner, Unset):
            winner = UNSET
        else:
            winner = self.winner

        rummy = self.rummy

        remaining: dict[str, Any] | Unset = UNSET
        if not isinstance(self.remaining, Unset):
            remaining = self.remaining.to_dict()

        draw = self.draw

        field_dict: dict[str, Any] = {}

        field_dict.update({})
        if winner is not UNSET:
            field_dict["winner"] = winner
        if rummy is not UNSET:
            field_dict["rummy"] = rummy
        if remaining is not UNSET:
            field_dict["remaining"] = remaining
        if draw is not UNSET:
            field_dict["draw"] = draw

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.hand_entry_remaining import HandEntryRemaining

        d = dict(src_dict)

        def _parse_winner(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        winner = _parse_winner(d.pop("winner", UNSET))

        rummy = d.pop("rummy", UNSET)

        _remaining = d.pop("remaining", UNSET)
        remaining: HandEntryRemaining | Unset
        if isinstance(_remaining, Unset):
            remaining = UNSET
        else:
            remaining = HandEntryRemaining.from_dict(_remaining)

        draw = d.pop("draw", UNSET)

        hand_entry = cls(
            winner=winner,
            rummy=rummy,
            remaining=remaining,
            draw=draw,
        )

        return hand_entry
