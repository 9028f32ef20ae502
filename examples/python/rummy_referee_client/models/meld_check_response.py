from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar, cast

from attrs import define as _attrs_define

from ..models.meld_kind import MeldKind

if TYPE_CHECKING:
    from ..models.reason import Reason


T = TypeVar("T", bound="MeldCheckResponse")


@_attrs_define
class MeldCheckResponse:
    """The verdict on a meld or a lay-off.

    Attributes:
        valid (bool):
        kind (MeldKind | None): set or run; null when the cards make no meld.
        cards (list[str]): The meld checked, canonical order; with onto: onto plus the laid-off cards.
        reasons (list[Reason]):
        summary (str): One sentence for a person: what the meld is ("5♠ 6♠ 7♠ is a run of spades"), or the first reason
            it is refused.
    """

    valid: bool
    kind: MeldKind | None
    cards: list[str]
    reasons: list[Reason]
    summary: str

    def to_dict(self) -> dict[str, Any]:
        valid = self.valid

        kind: None | str
        if isinstance(self.kind, MeldKind):
            kind = self.kind.value
        else:
            kind = self.kind

        cards = self.cards

        reasons = []
        for reasons_item_data in self.reasons:
            reasons_item = reasons_item_data.to_dict()
            reasons.append(reasons_item)

        summary = self.summary

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "valid": valid,
                "kind": kind,
                "cards": cards,
                "reasons": reasons,
                "summary": summary,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.reason import Reason

        d = dict(src_dict)
        valid = d.pop("valid")

        def _parse_kind(data: object) -> MeldKind | None:
            if data is None:
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                kind_type_0 = MeldKind(data)

                return kind_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(MeldKind | None, data)

        kind = _parse_kind(d.pop("kind"))

        cards = cast(list[str], d.pop("cards"))

        reasons = []
        _reasons = d.pop("reasons")
        for reasons_item_data in _reasons:
            reasons_item = Reason.from_dict(reasons_item_data)

            reasons.append(reasons_item)

        summary = d.pop("summary")

        meld_check_response = cls(
            valid=valid,
            kind=kind,
            cards=cards,
            reasons=reasons,
            summary=summary,
        )

        return meld_check_response
