from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar

from attrs import define as _attrs_define

if TYPE_CHECKING:
    from ..models.discard_event import DiscardEvent
    from ..models.draw_event import DrawEvent
    from ..models.lay_off_event import LayOffEvent
    from ..models.meld_event import MeldEvent
    from ..models.restock_event import RestockEvent
    from ..models.view import View


T = TypeVar("T", bound="NextHandResponse")


@_attrs_define
class NextHandResponse:
    """
    Attributes:
        table (str): The sealed table token, exactly as the last answer gave it (opaque). Example: rt1.….
        view (View): What one seat (or a spectator) may see of a sealed table.
        events (list[DiscardEvent | DrawEvent | LayOffEvent | MeldEvent | RestockEvent]): The computer opponents' moves
            before the first human's turn.
        summary (str): One sentence for the seat about what happened since its last move, its own moves in the second
            person ("you drew from the stock, then discarded K♣; Bob …"); a refusal said to the seat.
    """

    table: str
    view: View
    events: list[DiscardEvent | DrawEvent | LayOffEvent | MeldEvent | RestockEvent]
    summary: str

    def to_dict(self) -> dict[str, Any]:
        from ..models.discard_event import DiscardEvent
        from ..models.draw_event import DrawEvent
        from ..models.lay_off_event import LayOffEvent
        from ..models.meld_event import MeldEvent

        table = self.table

        view = self.view.to_dict()

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
                "table": table,
                "view": view,
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
        from ..models.restock_event import RestockEvent
        from ..models.view import View

        d = dict(src_dict)
        table = d.pop("table")

        view = View.from_dict(d.pop("view"))

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

        next_hand_response = cls(
            table=table,
            view=view,
            events=events,
            summary=summary,
        )

        return next_hand_response
