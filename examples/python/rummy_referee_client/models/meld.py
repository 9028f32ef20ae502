from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar, cast

from attrs import define as _attrs_define

from ..models.meld_kind import MeldKind
from ..types import UNSET, Unset

T = TypeVar("T", bound="Meld")


@_attrs_define
class Meld:
    """
    Attributes:
        id (str):  Example: m1.
        cards (list[str]): In canonical order in answers: runs by rank, sets by suit C D H S.
        owner (None | str | Unset): Default: none (null). Example: ana.
        kind (MeldKind | Unset): set: three or four cards of one rank (R10); run: three or more in sequence in one suit
            (R11).
    """

    id: str
    cards: list[str]
    owner: None | str | Unset = UNSET
    kind: MeldKind | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        id = self.id

        cards = self.cards

        owner: None | str | Unset
        if isinstance(self.owner, Unset):
            owner = UNSET
        else:
            owner = self.owner

        kind: str | Unset = UNSET
        if not isinstance(self.kind, Unset):
            kind = self.kind.value

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "id": id,
                "cards": cards,
            }
        )
        if owner is not UNSET:
            field_dict["owner"] = owner
        if kind is not UNSET:
            field_dict["kind"] = kind

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        id = d.pop("id")

        cards = cast(list[str], d.pop("cards"))

        def _parse_owner(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        owner = _parse_owner(d.pop("owner", UNSET))

        _kind = d.pop("kind", UNSET)
        kind: MeldKind | Unset
        if isinstance(_kind, Unset):
            kind = UNSET
        else:
            kind = MeldKind(_kind)

        meld = cls(
            id=id,
            cards=cards,
            owner=owner,
            kind=kind,
        )

        return meld
