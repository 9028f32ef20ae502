from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar, cast

from attrs import define as _attrs_define

from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.hand_score_request_remaining import HandScoreRequestRemaining
    from ..models.rules import Rules


T = TypeVar("T", bound="HandScoreRequest")


@_attrs_define
class HandScoreRequest:
    """
    Attributes:
        remaining (HandScoreRequestRemaining): Each opponent's cards left in hand (R14).
        rummy (bool | Unset): The winner went rummy (R15). Default: `false`.
        rules (None | Rules | Unset): Default: none (null).
    """

    remaining: HandScoreRequestRemaining
    rummy: bool | Unset = UNSET
    rules: None | Rules | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        from ..models.rules import Rules

        remaining = self.remaining.to_dict()

        rummy = self.rummy

        rules: dict[str, Any] | None | Unset
        if isinstance(self.rules, Unset):
            rules = UNSET
        elif isinstance(self.rules, Rules):
            rules = self.rules.to_dict()
        else:
            rules = self.rules

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "remaining": remaining,
            }
        )
        if rummy is not UNSET:
            field_dict["rummy"] = rummy
        if rules is not UNSET:
            field_dict["rules"] = rules

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.hand_score_request_remaining import HandScoreRequestRemaining
        from ..models.rules import Rules

        d = dict(src_dict)
        remaining = HandScoreRequestRemaining.from_dict(d.pop("remaining"))

        rummy = d.pop("rummy", UNSET)

        def _parse_rules(data: object) -> None | Rules | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                rules_type_0 = Rules.from_dict(data)

                return rules_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(None | Rules | Unset, data)

        rules = _parse_rules(d.pop("rules", UNSET))

        hand_score_request = cls(
            remaining=remaining,
            rummy=rummy,
            rules=rules,
        )

        return hand_score_request
