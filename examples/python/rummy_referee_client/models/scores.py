from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar, cast

from attrs import define as _attrs_define

if TYPE_CHECKING:
    from ..models.hand_line import HandLine
    from ..models.scores_to_target_type_0 import ScoresToTargetType0
    from ..models.scores_totals import ScoresTotals
    from ..models.standing import Standing


T = TypeVar("T", bound="Scores")


@_attrs_define
class Scores:
    """The game's scores, as /v1/scorepad answers them (the rules are the view's).

    Attributes:
        hands (list[HandLine]):
        totals (ScoresTotals):
        standings (list[Standing]):
        next_dealer (None | str):
        game_over (bool):
        winner (None | str):
        to_target (None | ScoresToTargetType0): Points each player still needs to reach target_score; null when playing
            a number of deals.
    """

    hands: list[HandLine]
    totals: ScoresTotals
    standings: list[Standing]
    next_dealer: None | str
    game_over: bool
    winner: None | str
    to_target: None | ScoresToTargetType0

    def to_dict(self) -> dict[str, Any]:
        from ..models.scores_to_target_type_0 import ScoresToTargetType0

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
        if isinstance(self.to_target, ScoresToTargetType0):
            to_target = self.to_target.to_dict()
        else:
            to_target = self.to_target

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
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.hand_line import HandLine
        from ..models.scores_to_target_type_0 import ScoresToTargetType0
        from ..models.scores_totals import ScoresTotals
        from ..models.standing import Standing

        d = dict(src_dict)
        hands = []
        _hands = d.pop("hands")
        for hands_item_data in _hands:
            hands_item = HandLine.from_dict(hands_item_data)

            hands.append(hands_item)

        totals = ScoresTotals.from_dict(d.pop("totals"))

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

        def _parse_to_target(data: object) -> None | ScoresToTargetType0:
            if data is None:
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                to_target_type_0 = ScoresToTargetType0.from_dict(data)

                return to_target_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(None | ScoresToTargetType0, data)

        to_target = _parse_to_target(d.pop("to_target"))

        scores = cls(
            hands=hands,
            totals=totals,
            standings=standings,
            next_dealer=next_dealer,
            game_over=game_over,
            winner=winner,
            to_target=to_target,
        )

        return scores
