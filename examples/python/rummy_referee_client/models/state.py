from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar, cast

from attrs import define as _attrs_define

from ..models.status import Status
from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.meld import Meld
    from ..models.player import Player
    from ..models.rules import Rules
    from ..models.turn import Turn


T = TypeVar("T", bound="State")


@_attrs_define
class State:
    """A table snapshot (contract, State). Loaded, it is validated and made canonical.

    Attributes:
        players (list[Player]):
        stock (list[str]): Face down, top card first.
        discard (list[str]): Face up, bottom card first; the last card is the visible top.
        rules (None | Rules | Unset): Default: none (null).
        dealer (None | str | Unset): Default: the last listed player. Example: ana.
        turn (None | Turn | Unset): Default: the dealer's left to draw.
        melds (list[Meld] | Unset):
        restocks (int | Unset): Default: `0`.
        stalled_turns (int | Unset): Turns played in a row with no meld and no lay-off by anyone (R18a): 0 after a deal
            or a turn that melded or laid off; at 25 per player the hand is a draw. Default: `0`.
        status (Status | Unset): playing, out (someone went out, R13) or draw (a drawn hand, R18).
    """

    players: list[Player]
    stock: list[str]
    discard: list[str]
    rules: None | Rules | Unset = UNSET
    dealer: None | str | Unset = UNSET
    turn: None | Turn | Unset = UNSET
    melds: list[Meld] | Unset = UNSET
    restocks: int | Unset = UNSET
    stalled_turns: int | Unset = UNSET
    status: Status | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        from ..models.rules import Rules
        from ..models.turn import Turn

        players = []
        for players_item_data in self.players:
            players_item = players_item_data.to_dict()
            players.append(players_item)

        stock = self.stock

        discard = self.discard

        rules: dict[str, Any] | None | Unset
        if isinstance(self.rules, Unset):
            rules = UNSET
        elif isinstance(self.rules, Rules):
            rules = self.rules.to_dict()
        else:
            rules = self.rules

        dealer: None | str | Unset
        if isinstance(self.dealer, Unset):
            dealer = UNSET
        else:
            dealer = self.dealer

        turn: dict[str, Any] | None | Unset
        if isinstance(self.turn, Unset):
            turn = UNSET
        elif isinstance(self.turn, Turn):
            turn = self.turn.to_dict()
        else:
            turn = self.turn

        melds: list[dict[str, Any]] | Unset = UNSET
        if not isinstance(self.melds, Unset):
            melds = []
            for melds_item_data in self.melds:
                melds_item = melds_item_data.to_dict()
                melds.append(melds_item)

        restocks = self.restocks

        stalled_turns = self.stalled_turns

        status: str | Unset = UNSET
        if not isinstance(self.status, Unset):
            status = self.status.value

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "players": players,
                "stock": stock,
                "discard": discard,
            }
        )
        if rules is not UNSET:
            field_dict["rules"] = rules
        if dealer is not UNSET:
            field_dict["dealer"] = dealer
        if turn is not UNSET:
            field_dict["turn"] = turn
        if melds is not UNSET:
            field_dict["melds"] = melds
        if restocks is not UNSET:
            field_dict["restocks"] = restocks
        if stalled_turns is not UNSET:
            field_dict["stalled_turns"] = stalled_turns
        if status is not UNSET:
            field_dict["status"] = status

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.meld import Meld
        from ..models.player import Player
        from ..models.rules import Rules
        from ..models.turn import Turn

        d = dict(src_dict)
        players = []
        _players = d.pop("players")
        for players_item_data in _players:
            players_item = Player.from_dict(players_item_data)

            players.append(players_item)

        stock = cast(list[str], d.pop("stock"))

        discard = cast(list[str], d.pop("discard"))

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

        def _parse_dealer(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        dealer = _parse_dealer(d.pop("dealer", UNSET))

        def _parse_turn(data: object) -> None | Turn | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                turn_type_0 = Turn.from_dict(data)

                return turn_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(None | Turn | Unset, data)

        turn = _parse_turn(d.pop("turn", UNSET))

        _melds = d.pop("melds", UNSET)
        melds: list[Meld] | Unset = UNSET
        if _melds is not UNSET:
            melds = []
            for melds_item_data in _melds:
                melds_item = Meld.from_dict(melds_item_data)

                melds.append(melds_item)

        restocks = d.pop("restocks", UNSET)

        stalled_turns = d.pop("stalled_turns", UNSET)

        _status = d.pop("status", UNSET)
        status: Status | Unset
        if isinstance(_status, Unset):
            status = UNSET
        else:
            status = Status(_status)

        state = cls(
            players=players,
            stock=stock,
            discard=discard,
            rules=rules,
            dealer=dealer,
            turn=turn,
            melds=melds,
            restocks=restocks,
            stalled_turns=stalled_turns,
            status=status,
        )

        return state
