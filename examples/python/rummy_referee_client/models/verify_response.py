from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar

from attrs import define as _attrs_define

if TYPE_CHECKING:
    from ..models.checked import Checked
    from ..models.reason import Reason


T = TypeVar("T", bound="VerifyResponse")


@_attrs_define
class VerifyResponse:
    """
    Attributes:
        verified (bool): Everything holds: the deal was fair and every move legal.
        reasons (list[Reason]): The first thing that does not hold (codes: seed_mismatch, deck_mismatch,
            entropy_mismatch, rules_mismatch, record_invalid, other_hand, draw_mismatch, illegal_move, meld_mismatch,
            unfinished); empty when verified.
        summary (str): One sentence for a person: what was checked, or what does not hold.
        checked (Checked): What a verified hand held: moves, stock draws, restocks and how it ended (zeros and a null
            outcome when it is not verified).
    """

    verified: bool
    reasons: list[Reason]
    summary: str
    checked: Checked

    def to_dict(self) -> dict[str, Any]:
        verified = self.verified

        reasons = []
        for reasons_item_data in self.reasons:
            reasons_item = reasons_item_data.to_dict()
            reasons.append(reasons_item)

        summary = self.summary

        checked = self.checked.to_dict()

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "verified": verified,
                "reasons": reasons,
                "summary": summary,
                "checked": checked,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.checked import Checked
        from ..models.reason import Reason

        d = dict(src_dict)
        verified = d.pop("verified")

        reasons = []
        _reasons = d.pop("reasons")
        for reasons_item_data in _reasons:
            reasons_item = Reason.from_dict(reasons_item_data)

            reasons.append(reasons_item)

        summary = d.pop("summary")

        checked = Checked.from_dict(d.pop("checked"))

        verify_response = cls(
            verified=verified,
            reasons=reasons,
            summary=summary,
            checked=checked,
        )

        return verify_response
