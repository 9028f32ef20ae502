from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar, cast

from attrs import define as _attrs_define

from ..models.status import Status
from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.discard_event import DiscardEvent
    from ..models.discard_move_out import DiscardMoveOut
    from ..models.draw_event import DrawEvent
    from ..models.draw_move_out import DrawMoveOut
    from ..models.fairness import Fairness
    from ..models.lay_off_event import LayOffEvent
    from ..models.lay_off_move_out import LayOffMoveOut
    from ..models.meld_event import MeldEvent
    from ..models.meld_move_out import MeldMoveOut
    from ..models.meld_out import MeldOut
    from ..models.resolved_rules import ResolvedRules
    from ..models.restock_event import RestockEvent
    from ..models.scores import Scores
    from ..models.seat_out import SeatOut
    from ..models.turn_out import TurnOut
    from ..models.view_result_draw import ViewResultDraw
    from ..models.view_result_out import ViewResultOut


T = TypeVar("T", bound="View")


@_attrs_define
class View:
    """What one seat (or a spectator) may see of a sealed table.

    Attributes:
        table_id (str):
        hand (int): The hand being played: 1, 2, …
        seq (int): Changes made to this table so far: every move applied, and every hand dealt after the first.
        rules (ResolvedRules): Rules as answers echo them: the preset and every option, all present.
        players (list[SeatOut]):
        dealer (str): Default: the last listed player. Example: ana.
        turn (TurnOut): Turn as answers give it: every field present.
        stock (int): Cards in the stock (face down: a count).
        discard (list[str]): Face up, bottom card first; the last card is the visible top.
        melds (list[MeldOut]):
        restocks (int): Times the stock was rebuilt this hand (R17).
        stalled_turns (int): Turns played in a row with no meld and no lay-off by anyone: 0 after a deal or a turn that
            melded or laid off; at 25 per player the hand is a draw (R18a).
        status (Status): playing, out (someone went out, R13) or draw (a drawn hand, R18).
        result (None | ViewResultDraw | ViewResultOut):
        scores (Scores): The game's scores, as /v1/scorepad answers them (the rules are the view's).
        events (list[DiscardEvent | DrawEvent | LayOffEvent | MeldEvent | RestockEvent]): The moves since this seat's
            last move (a spectator: this hand's).
        fairness (Fairness | None): The hand's commitment and entropy (contract, Provably fair deals); null only for a
            table from before fair deals.
        legal_moves (list[DiscardMoveOut | DrawMoveOut | LayOffMoveOut | MeldMoveOut] | Unset): Every legal move: only
            for the seat whose turn it is.
    """

    table_id: str
    hand: int
    seq: int
    rules: ResolvedRules
    players: list[SeatOut]
    dealer: str
    turn: TurnOut
    stock: int
    discard: list[str]
    melds: list[MeldOut]
    restocks: int
    stalled_turns: int
    status: Status
    result: None | ViewResultDraw | ViewResultOut
    scores: Scores
    events: list[DiscardEvent | DrawEvent | LayOffEvent | MeldEvent | RestockEvent]
    fairness: Fairness | None
    legal_moves: (
        list[DiscardMoveOut | DrawMoveOut | LayOffMoveOut | MeldMoveOut] | Unset
    ) = UNSET

    def to_dict(self) -> dict[str, Any]:
        from ..models.discard_event import DiscardEvent
        from ..models.draw_event import DrawEvent
        from ..models.draw_move_out import DrawMoveOut
        from ..models.fairness import Fairness
        from ..models.lay_off_event import LayOffEvent
        from ..models.lay_off_move_out import LayOffMoveOut
        from ..models.meld_event import MeldEvent
        from ..models.meld_move_out import MeldMoveOut
        from ..models.view_result_draw import ViewResultDraw
        from ..models.view_result_out import ViewResultOut

        table_id = self.table_id

        hand = self.hand

        seq = self.seq

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

        result: dict[str, Any] | None
        if isinstance(self.result, ViewResultOut) or isinstance(
            self.result, ViewResultDraw
        ):
            result = self.result.to_dict()
        else:
            result = self.result

        scores = self.scores.to_dict()

        events = []
        for events_item_data in self.events:
            events_item: dict[str, Any]
            if (
                isinstance(events_item_data, DrawEvent)
                or isinstance(events_item_data, MeldEvent)
                or isinstance(events_item_data, LayOffEvent)
                or isinstance(events_item_data, DiscardEvent)
            ):
                events_item = events_item_data.to_dict()
            else:
                events_item = events_item_data.to_dict()

            events.append(events_item)

        fairness: dict[str, Any] | None
        if isinstance(self.fairness, Fairness):
            fairness = self.fairness.to_dict()
        else:
            fairness = self.fairness

        legal_moves: list[dict[str, Any]] | Unset = UNSET
        if not isinstance(self.legal_moves, Unset):
            legal_moves = []
            for legal_moves_item_data in self.legal_moves:
                legal_moves_item: dict[str, Any]
                if (
                    isinstance(legal_moves_item_data, DrawMoveOut)
                    or isinstance(legal_moves_item_data, MeldMoveOut)
                    or isinstance(legal_moves_item_data, LayOffMoveOut)
                ):
                    legal_moves_item = legal_moves_item_data.to_dict()
                else:
                    legal_moves_item = legal_moves_item_data.to_dict()

                legal_moves.append(legal_moves_item)

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "table_id": table_id,
                "hand": hand,
                "seq": seq,
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
                "result": result,
                "scores": scores,
                "events": events,
                "fairness": fairness,
            }
        )
        if legal_moves is not UNSET:
            field_dict["legal_moves"] = legal_moves

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.discard_event import DiscardEvent
        from ..models.discard_move_out import DiscardMoveOut
        from ..models.draw_event import DrawEvent
        from ..models.draw_move_out import DrawMoveOut
        from ..models.fairness import Fairness
        from ..models.lay_off_event import LayOffEvent
        from ..models.lay_off_move_out import LayOffMoveOut
        from ..models.meld_event import MeldEvent
        from ..models.meld_move_out import MeldMoveOut
        from ..models.meld_out import MeldOut
        from ..models.resolved_rules import ResolvedRules
        from ..models.restock_event import RestockEvent
        from ..models.scores import Scores
        from ..models.seat_out import SeatOut
        from ..models.turn_out import TurnOut
        from ..models.view_result_draw import ViewResultDraw
        from ..models.view_result_out import ViewResultOut

        d = dict(src_dict)
        table_id = d.pop("table_id")

        hand = d.pop("hand")

        seq = d.pop("seq")

        rules = ResolvedRules.from_dict(d.pop("rules"))

        players = []
        _players = d.pop("players")
        for players_item_data in _players:
            players_item = SeatOut.from_dict(players_item_data)

            players.append(players_item)

        dealer = d.pop("dealer")

        turn = TurnOut.from_dict(d.pop("turn"))

        stock = d.pop("stock")

        discard = cast(list[str], d.pop("discard"))

        melds = []
        _melds = d.pop("melds")
        for melds_item_data in _melds:
            melds_item = MeldOut.from_dict(melds_item_data)

            melds.append(melds_item)

        restocks = d.pop("restocks")

        stalled_turns = d.pop("stalled_turns")

        status = Status(d.pop("status"))

        def _parse_result(data: object) -> None | ViewResultDraw | ViewResultOut:
            if data is None:
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                componentsschemas_view_result_type_0 = ViewResultOut.from_dict(data)

                return componentsschemas_view_result_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                componentsschemas_view_result_type_1 = ViewResultDraw.from_dict(data)

                return componentsschemas_view_result_type_1
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(None | ViewResultDraw | ViewResultOut, data)

        result = _parse_result(d.pop("result"))

        scores = Scores.from_dict(d.pop("scores"))

        events = []
        _events = d.pop("events")
        for events_item_data in _events:

            def _parse_events_item(
                data: object,
            ) -> DiscardEvent | DrawEvent | LayOffEvent | MeldEvent | RestockEvent:
                try:
                    if not isinstance(data, dict):
                        raise TypeError()
                    componentsschemas_event_type_0 = DrawEvent.from_dict(data)

                    return componentsschemas_event_type_0
                except (TypeError, ValueError, AttributeError, KeyError):
                    pass
                try:
                    if not isinstance(data, dict):
                        raise TypeError()
                    componentsschemas_event_type_1 = MeldEvent.from_dict(data)

                    return componentsschemas_event_type_1
                except (TypeError, ValueError, AttributeError, KeyError):
                    pass
                try:
                    if not isinstance(data, dict):
                        raise TypeError()
                    componentsschemas_event_type_2 = LayOffEvent.from_dict(data)

                    return componentsschemas_event_type_2
                except (TypeError, ValueError, AttributeError, KeyError):
                    pass
                try:
                    if not isinstance(data, dict):
                        raise TypeError()
                    componentsschemas_event_type_3 = DiscardEvent.from_dict(data)

                    return componentsschemas_event_type_3
                except (TypeError, ValueError, AttributeError, KeyError):
                    pass
                if not isinstance(data, dict):
                    raise TypeError()
                componentsschemas_event_type_4 = RestockEvent.from_dict(data)

                return componentsschemas_event_type_4

            events_item = _parse_events_item(events_item_data)

            events.append(events_item)

        def _parse_fairness(data: object) -> Fairness | None:
            if data is None:
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                fairness_type_0 = Fairness.from_dict(data)

                return fairness_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(Fairness | None, data)

        fairness = _parse_fairness(d.pop("fairness"))

        _legal_moves = d.pop("legal_moves", UNSET)
        legal_moves: (
            list[DiscardMoveOut | DrawMoveOut | LayOffMoveOut | MeldMoveOut] | Unset
        ) = UNSET
        if _legal_moves is not UNSET:
            legal_moves = []
            for legal_moves_item_data in _legal_moves:

                def _parse_legal_moves_item(
                    data: object,
                ) -> DiscardMoveOut | DrawMoveOut | LayOffMoveOut | MeldMoveOut:
                    try:
                        if not isinstance(data, dict):
                            raise TypeError()
                        componentsschemas_move_out_type_0 = DrawMoveOut.from_dict(data)

                        return componentsschemas_move_out_type_0
                    except (TypeError, ValueError, AttributeError, KeyError):
                        pass
                    try:
                        if not isinstance(data, dict):
                            raise TypeError()
                        componentsschemas_move_out_type_1 = MeldMoveOut.from_dict(data)

                        return componentsschemas_move_out_type_1
                    except (TypeError, ValueError, AttributeError, KeyError):
                        pass
                    try:
                        if not isinstance(data, dict):
                            raise TypeError()
                        componentsschemas_move_out_type_2 = LayOffMoveOut.from_dict(
                            data
                        )

                        return componentsschemas_move_out_type_2
                    except (TypeError, ValueError, AttributeError, KeyError):
                        pass
                    if not isinstance(data, dict):
                        raise TypeError()
                    componentsschemas_move_out_type_3 = DiscardMoveOut.from_dict(data)

                    return componentsschemas_move_out_type_3

                legal_moves_item = _parse_legal_moves_item(legal_moves_item_data)

                legal_moves.append(legal_moves_item)

        view = cls(
            table_id=table_id,
            hand=hand,
            seq=seq,
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
            result=result,
            scores=scores,
            events=events,
            fairness=fairness,
            legal_moves=legal_moves,
        )

        return view
