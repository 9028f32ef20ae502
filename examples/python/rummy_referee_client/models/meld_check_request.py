from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar, cast

from attrs import define as _attrs_define

from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.rules import Rules


T = TypeVar("T", bound="MeldCheckRequest")


@_attrs_define
class MeldCheckRequest:
    """
    Attributes:
        cards (list[str]): The meld to check, or with onto the cards laid off.
        onto (list[str] | Unset): A valid meld on the table to lay cards off onto (R6).
        rules (None | Rules | Unset): Default: none (null).
    """

    cards: list[str]
    onto: list[str] | Unset = UNSET
    rules: None | Rules | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        from ..models.rules import Rules

        cards = self.cards

        onto: list[str] | Unset = UNSET
        if not isinstance(self.onto, Unset):
            onto = self.onto

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
                "cards": cards,
            }
        )
        if onto is not UNSET:
            field_dict["onto"] = onto
        if rules is not UNSET:
            field_dict["rules"] = rules

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.rules import Rules

        d = dict(src_dict)
        cards = cast(list[str], d.pop("cards"))

        onto = cast(list[str], d.pop("onto", UNSET))

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

        meld_check_request = cls(
            cards=cards,
            onto=onto,
            rules=rules,
        )

        return meld_check_request
