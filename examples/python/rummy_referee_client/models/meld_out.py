from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar, cast

from attrs import define as _attrs_define

from ..models.meld_kind import MeldKind

T = TypeVar("T", bound="MeldOut")


@_attrs_define
class MeldOut:
    """Meld as answers give it: every field present.

    Attributes:
        id (str):  Example: m1.
        owner (None | str):  Example: ana.
        cards (list[str]): In canonical order in answers: runs by rank, sets by suit C D H S.
        kind (MeldKind): set: three or four cards of one rank (R10); run: three or more in sequence in one suit (R11).
    """

    id: str
    owner: None | str
    cards: list[str]
    kind: MeldKind

    def to_dict(self) -> dict[str, Any]:
        id = self.id

        owner: None | str
        owner = self.owner

        cards = self.cards

        kind = self.kind.value

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "id": id,
                "owner": owner,
                "cards": cards,
                "kind": kind,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        id = d.pop("id")

        def _parse_owner(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        owner = _parse_owner(d.pop("owner"))

        cards = cast(list[str], d.pop("cards"))

        kind = MeldKind(d.pop("kind"))

        meld_out = cls(
            id=id,
            owner=owner,
            cards=cards,
            kind=kind,
        )

        return meld_out
