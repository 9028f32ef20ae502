from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar, cast

from attrs import define as _attrs_define

from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.hand_entry import HandEntry
    from ..models.rules import Rules


T = TypeVar("T", bound="ScorepadRequest")


@_attrs_define
class ScorepadRequest:
    """
    Attributes:
        players (list[str]):
        rules (None | Rules | Unset): Default: none (null).
        first_dealer (None | str | Unset): Default: none (null). Example: ana.
        hands (list[HandEntry] | Unset):
    """

    players: list[str]
    rules: None | Rules | Unset = UNSET
    first_dealer: None | str | Unset = UNSET
    hands: list[HandEntry] | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        from ..models.rules import Rules

        players = self.players

        rules: dict[str, Any] | None | Unset
        if isinstance(self.rules, Unset):
            rules = UNSET
        elif isinstance(self.rules, Rules):
            rules = self.rules.to_dict()
        else:
            rules = self.rules

        first_dealer: None | str | Unset
        if isinstance(self.first_dealer, Unset):
            first_dealer = UNSET
        else:
            first_dealer = self.first_dealer

        hands: list[dict[str, Any]] | Unset = UNSET
        if not isinstance(self.hands, Unset):
            hands = []
            for hands_item_data in self.hands:
                hands_item = hands_item_data.to_dict()
                hands.append(hands_item)

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "players": players,
            }
        )
        if rules is not UNSET:
            field_dict["rules"] = rules
        if first_dealer is not UNSET:
            field_dict["first_dealer"] = first_dealer
        if hands is not UNSET:
            field_dict["hands"] = hands

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.hand_entry import HandEntry
        from ..models.rules import Rules

        d = dict(src_dict)
        players = cast(list[str], d.pop("players"))

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

        def _parse_first_dealer(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        first_dealer = _parse_first_dealer(d.pop("first_dealer", UNSET))

        _hands = d.pop("hands", UNSET)
        hands: list[HandEntry] | Unset = UNSET
        if _hands is not UNSET:
            hands = []
            for hands_item_data in _hands:
                hands_item = HandEntry.from_dict(hands_item_data)

                hands.append(hands_item)

        scorepad_request = cls(
            players=players,
            rules=rules,
            first_dealer=first_dealer,
            hands=hands,
        )

        return scorepad_request
