from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar, cast

from attrs import define as _attrs_define

from ..types import UNSET, Unset

T = TypeVar("T", bound="NextHandRequest")


@_attrs_define
class NextHandRequest:
    """
    Attributes:
        table (str): The sealed table token, exactly as the last answer gave it (opaque). Example: rt1.….
        seat (None | str | Unset): A player's seat: the answer gives that seat's view; left out, the spectator's.
            Default: none (null). Example: q3v….
        entropy (None | str | Unset): Randomness of the players' own (for example drawn by each player's device and
            joined), 1 to 128 characters: the deck order depends on it, so the service cannot choose the deal alone (README,
            Provably fair). Default: none (null). Example: f3a9c2e1-ana+7b0d44-ben.
    """

    table: str
    seat: None | str | Unset = UNSET
    entropy: None | str | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        table = self.table

        seat: None | str | Unset
        if isinstance(self.seat, Unset):
            seat = UNSET
        else:
            seat = self.seat

        entropy: None | str | Unset
        if isinstance(self.entropy, Unset):
            entropy = UNSET
        else:
            entropy = self.entropy

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "table": table,
            }
        )
        if seat is not UNSET:
            field_dict["seat"] = seat
        if entropy is not UNSET:
            field_dict["entropy"] = entropy

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        table = d.pop("table")

        def _parse_seat(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        seat = _parse_seat(d.pop("seat", UNSET))

        def _parse_entropy(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        entropy = _parse_entropy(d.pop("entropy", UNSET))

        next_hand_request = cls(
            table=table,
            seat=seat,
            entropy=entropy,
        )

        return next_hand_request
