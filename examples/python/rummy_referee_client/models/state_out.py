from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar, cast

from attrs import define as _attrs_define

from ..models.status import Status

if TYPE_CHECKING:
    from ..models.meld_out import MeldOut
    from ..models.player_out import PlayerOut
    from ..models.resolved_rules import ResolvedRules
    from ..models.turn_out import TurnOut


T = TypeVar("T", bound="StateOut")


@_attrs_define
class StateOut:
    """A state as answers give it: canonical, every field filled in, rules resolved.

    Attributes:
        rules (ResolvedRules): Rules as answers echo them: the preset and every option, all present.
        players (list[PlayerOut]):
        dealer (str): Default: the last listed player. Example: ana.
        turn (TurnOut): Turn as answers give it: every field present.
        stock (list[str]): Face down, top card first.
        discard (list[str]): Face up, bottom card first; the last card is the visible top.
        melds (list[MeldOut]):
        restocks (int):
        stalled_turns (int): Turns played in a row with no meld and no lay-off by anyone (R18a): 0 after a deal or a
            turn that melded or laid off; at 25 per player the hand is a draw.
        status (Status): playing, out (someone went out, R13) or draw (a drawn hand, R18).
    """

    rules: ResolvedRules
    players: list[PlayerOut]
    dealer: str
    turn: TurnOut
    stock: list[str]
    discard: list[str]
    melds: list[MeldOut]
    restocks: int
    stalled_turns: int
    status: Status

    def to_dict(self) -> dict[str, Any]:
        rules = self.rules.to_dict()

        players = []
        for players_item_data in self.players:
            players_item = players_item_data.to_dict()
            players.append(players_item)

        dealer = self.dealer

        turn = self.turn.to_dict()

        stock = self.stock

        discard = self.discard

        melds = []
        for melds_item_data in self.melds:
            melds_item = melds_item_data.to_dict()
            melds.append(melds_item)

        restocks = self.restocks

        stalled_turns = self.stalled_turns

        status = self.status.value

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "rules": rules,
                "players": players,
                "dealer": dealer,
                "turn": turn,
                "stock": stock,
                "discard": discard,
                "melds": melds,
                "restocks": restocks,
                "stalled_turns": stalled_turns,
                "status": status,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.meld_out import MeldOut
        from ..models.player_out import PlayerOut
        from ..models.resolved_rules import ResolvedRules
        from ..models.turn_out import TurnOut

        d = dict(src_dict)
        rules = ResolvedRules.from_dict(d.pop("rules"))

        players = []
        _players = d.pop("players")
        for players_item_data in _players:
            players_item = PlayerOut.from_dict(players_item_data)

            players.append(players_item)

        dealer = d.pop("dealer")

        turn = TurnOut.from_dict(d.pop("turn"))

        stock = cast(list[str], d.pop("stock"))

        discard = cast(list[str], d.pop("discard"))

        melds = []
        _melds = d.pop("melds")
        for melds_item_data in _melds:
            melds_item = MeldOut.from_dict(melds_item_data)

            melds.append(melds_item)

        restocks = d.pop("restocks")

        stalled_turns = d.pop("stalled_turns")

        status = Status(d.pop("status"))

        state_out = cls(
            rules=rules,
            players=players,
            dealer=dealer,
            turn=turn,
            stock=stock,
            discard=discard,
            melds=melds,
            restocks=restocks,
            stalled_turns=stalled_turns,
            status=status,
        )

        return state_out
