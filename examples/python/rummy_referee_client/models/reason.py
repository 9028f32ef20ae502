from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar, cast

from attrs import define as _attrs_define

from ..models.reason_code import ReasonCode

T = TypeVar("T", bound="Reason")


@_attrs_define
class Reason:
    """Why a move or meld is refused (contract, Reasons).

    Attributes:
        code (ReasonCode | str): Stable code to branch on; more may be added. Example: ace_high.
        message (str):  Example: Q♠ K♠ A♠ is not a run: aces are low, so a run stops at the King.
        cards (list[str]): The cards concerned, canonical codes.
        rule (None | str): The id of the rule applied (R11): a section of the rulebook, served at /rules#R11 (RULES.md
            in the repository). Example: R11.
    """

    code: ReasonCode | str
    message: str
    cards: list[str]
    rule: None | str

    def to_dict(self) -> dict[str, Any]:
        code: str
        if isinstance(self.code, ReasonCode):
            code = self.code.value
        else:
            code = self.code

        message = self.message

        cards = self.cards

        rule: None | str
        rule = self.rule

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "code": code,
                "message": message,
                "cards": cards,
                "rule": rule,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)

        def _parse_code(data: object) -> ReasonCode | str:
            try:
                if not isinstance(data, str):
                    raise TypeError()
                code_type_0 = ReasonCode(data)

                return code_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(ReasonCode | str, data)

        code = _parse_code(d.pop("code"))

        message = d.pop("message")

        cards = cast(list[str], d.pop("cards"))

        def _parse_rule(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        rule = _parse_rule(d.pop("rule"))

        reason = cls(
            code=code,
            message=message,
            cards=cards,
            rule=rule,
        )

        return reason
