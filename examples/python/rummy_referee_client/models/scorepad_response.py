from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar, cast

from attrs import define as _attrs_define

if TYPE_CHECKING:
    from ..models.hand_line import HandLine
    from ..models.resolved_rules import ResolvedRules
    from ..models.scorepad_response_to_target_type_0 import (
        ScorepadResponseToTargetType0,
    )
    from ..models.scorepad_response_totals import ScorepadResponseTotals
    from ..models.standing import Standing


T = TypeVar("T", bound="ScorepadResponse")


@_attrs_define
class ScorepadResponse:
    """
    Attributes:
        hands (list[HandLine]):
        totals (ScorepadResponseTotals):
        standings (list[Standing]):
        next_dealer (None | str):
        game_over (bool):
        winner (None | str):
        to_target (None | ScorepadResponseToTargetType0): Points each player still needs to reach target_score; null
            when playing a number of deals.
        rules (ResolvedRules): Rules as answers echo them: the preset and every option, all present.
    """

    hands: list[HandLine]
    totals: ScorepadResponseTotals
    standings: list[Standing]
    next_dealer: None | str
    game_over: bool
    winner: None | str
    to_target: None | ScorepadResponseToTargetType0
    rules: ResolvedRules

    def to_dict(self) -> dict[str, Any]:
        from ..models.scorepad_response_to_target_type_0 import (
            ScorepadResponseToTargetType0,
        )

        hands = []
        for hands_item_data in self.hands:
            hands_item = hands_item_data.to_dict()
            hands.append(hands_item)

        totals = self.totals.to_dict()

        standings = []
        for standings_item_data in self.standings:
            standings_item = standings_item_data.to_dict()
            standings.append(standings_item)

        next_dealer: None | str
        next_dealer = self.next_dealer

        game_over = self.game_over

        winner: None | str
        winner = self.winner

        to_target: dict[str, Any] | None
        if isinstance(self.to_target, ScorepadResponseToTargetType0):
            to_target = self.to_target.to_dict()
        else:
            to_target = self.to_target

        rules = self.rules.to_dict()

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "hands": hands,
                "totals": totals,
                "standings": standings,
                "next_dealer": next_dealer,
                "game_over": game_over,
                "winner": winner,
                "to_target": to_target,
                "rules": rules,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.hand_line import HandLine
        from ..models.resolved_rules import ResolvedRules
        from ..models.scorepad_response_to_target_type_0 import (
            ScorepadResponseToTargetType0,
        )
        from ..models.scorepad_response_totals import ScorepadResponseTotals
        from ..models.standing import Standing

        d = dict(src_dict)
        hands = []
        _hands = d.pop("hands")
        for hands_item_data in _hands:
            hands_item = HandLine.from_dict(hands_item_data)

            hands.append(hands_item)

        totals = ScorepadResponseTotals.from_dict(d.pop("totals"))

        standings = []
        _standings = d.pop("standings")
        for standings_item_data in _standings:
            standings_item = Standing.from_dict(standings_item_data)

            standings.append(standings_item)

        def _parse_next_dealer(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        next_dealer = _parse_next_dealer(d.pop("next_dealer"))

        game_over = d.pop("game_over")

        def _parse_winner(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        winner = _parse_winner(d.pop("winner"))

        def _parse_to_target(data: object) -> None | ScorepadResponseToTargetType0:
            if data is None:
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                to_target_type_0 = ScorepadResponseToTargetType0.from_dict(data)

                return to_target_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(None | ScorepadResponseToTargetType0, data)

        to_target = _parse_to_target(d.pop("to_target"))

        rules = ResolvedRules.from_dict(d.pop("rules"))

        scorepad_response = cls(
            hands=hands,
            totals=totals,
            standings=standings,
            next_dealer=next_dealer,
            game_over=game_over,
            winner=winner,
            to_target=to_target,
            rules=rules,
        )

        return scorepad_response
