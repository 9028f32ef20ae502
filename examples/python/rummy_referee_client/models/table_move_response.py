from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar, cast

from attrs import define as _attrs_define

if TYPE_CHECKING:
    from ..models.discard_event import DiscardEvent
    from ..models.draw_event import DrawEvent
    from ..models.lay_off_event import LayOffEvent
    from ..models.meld_event import MeldEvent
    from ..models.reason import Reason
    from ..models.restock_event import RestockEvent
    from ..models.result_draw import ResultDraw
    from ..models.result_out import ResultOut
    from ..models.view import View


T = TypeVar("T", bound="TableMoveResponse")


@_attrs_define
class TableMoveResponse:
    """
    Attributes:
        legal (bool):
        reasons (list[Reason]):
        applied (int): How many of the seat's moves were applied.
        table (str): The table after the moves: use it for the next request (the same token when nothing changed).
        view (View): What one seat (or a spectator) may see of a sealed table.
        result (None | ResultDraw | ResultOut):
        events (list[DiscardEvent | DrawEvent | LayOffEvent | MeldEvent | RestockEvent]): Each move made since the
            request, in order, as every player saw it: the seat's, then the computer opponents'.
        summary (str): One sentence for the seat about what happened since its last move, its own moves in the second
            person ("you drew from the stock, then discarded K♣; Bob …"); a refusal said to the seat.
    """

    legal: bool
    reasons: list[Reason]
    applied: int
    table: str
    view: View
    result: None | ResultDraw | ResultOut
    events: list[DiscardEvent | DrawEvent | LayOffEvent | MeldEvent | RestockEvent]
    summary: str

    def to_dict(self) -> dict[str, Any]:
        from ..models.discard_event import DiscardEvent
        from ..models.draw_event import DrawEvent
        from ..models.lay_off_event import LayOffEvent
        from ..models.meld_event import MeldEvent
        from ..models.result_draw import ResultDraw
        from ..models.result_out import ResultOut

        legal = self.legal

        reasons = []
        for reasons_item_data in self.reasons:
            reasons_item = reasons_item_data.to_dict()
            reasons.append(reasons_item)

        applied = self.applied

        table = self.table

        view = self.view.to_dict()

        result: dict[str, Any] | None
        if isinstance(self.result, ResultOut) or isinstance(self.result, ResultDraw):
            result = self.result.to_dict()
        else:
            result = self.result

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

        summary = self.summary

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "legal": legal,
                "reasons": reasons,
                "applied": applied,
                "table": table,
                "view": view,
                "result": result,
                "events": events,
                "summary": summary,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.discard_event import DiscardEvent
        from ..models.draw_event import DrawEvent
        from ..models.lay_off_event import LayOffEvent
        from ..models.meld_event import MeldEvent
        from ..models.reason import Reason
        from ..models.restock_event import RestockEvent
        from ..models.result_draw import ResultDraw
        from ..models.result_out import ResultOut
        from ..models.view import View

        d = dict(src_dict)
        legal = d.pop("legal")

        reasons = []
        _reasons = d.pop("reasons")
        for reasons_item_data in _reasons:
            reasons_item = Reason.from_dict(reasons_item_data)

            reasons.append(reasons_item)

        applied = d.pop("applied")

        table = d.pop("table")

        view = View.from_dict(d.pop("view"))

        def _parse_result(data: object) -> None | ResultDraw | ResultOut:
            if data is None:
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                componentsschemas_result_type_0 = ResultOut.from_dict(data)

                return componentsschemas_result_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                componentsschemas_result_type_1 = ResultDraw.from_dict(data)

                return componentsschemas_result_type_1
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(None | ResultDraw | ResultOut, data)

        result = _parse_result(d.pop("result"))

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

        summary = d.pop("summary")

        table_move_response = cls(
            legal=legal,
            reasons=reasons,
            applied=applied,
            table=table,
            view=view,
            result=result,
            events=events,
            summary=summary,
        )

        return table_move_response
