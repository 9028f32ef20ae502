from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar

from attrs import define as _attrs_define

from ..models.suggest_request_level import SuggestRequestLevel
from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.discard_event_seen import DiscardEventSeen
    from ..models.draw_event_seen import DrawEventSeen
    from ..models.lay_off_event_seen import LayOffEventSeen
    from ..models.meld_event_seen import MeldEventSeen
    from ..models.restock_event_seen import RestockEventSeen
    from ..models.state import State


T = TypeVar("T", bound="SuggestRequest")


@_attrs_define
class SuggestRequest:
    """
    Attributes:
        state (State): A table snapshot (contract, State). Loaded, it is validated and made canonical.
        level (SuggestRequestLevel | Unset): Which computer opponent advises; default hard. Default: `"hard"`.
        events (list[DiscardEventSeen | DrawEventSeen | LayOffEventSeen | MeldEventSeen | RestockEventSeen] | Unset):
            Optional: the moves of this hand so far, oldest first (at most the latest 200), as sealed tables report them in
            `events`. The advice then sees what a seated computer opponent sees (which cards each opponent took from or
            passed on the discard pile). Without them the advice sees only the state. Events that could not have led to the
            state (out of turn; a card not where they leave it) are a 422 naming the event's field.
    """

    state: State
    level: SuggestRequestLevel | Unset = UNSET
    events: (
        list[
            DiscardEventSeen
            | DrawEventSeen
            | LayOffEventSeen
            | MeldEventSeen
            | RestockEventSeen
        ]
        | Unset
    ) = UNSET

    def to_dict(self) -> dict[str, Any]:
        from ..models.discard_event_seen import DiscardEventSeen
        from ..models.draw_event_seen import DrawEventSeen
        from ..models.lay_off_event_seen import LayOffEventSeen
        from ..models.meld_event_seen import MeldEventSeen

        state = self.state.to_dict()

        level: str | Unset = UNSET
        if not isinstance(self.level, Unset):
            level = self.level.value

        events: list[dict[str, Any]] | Unset = UNSET
        if not isinstance(self.events, Unset):
            events = []
            for events_item_data in self.events:
                events_item: dict[str, Any]
                if (
                    isinstance(events_item_data, DrawEventSeen)
                    or isinstance(events_item_data, MeldEventSeen)
                    or isinstance(events_item_data, LayOffEventSeen)
                    or isinstance(events_item_data, DiscardEventSeen)
                ):
                    events_item = events_item_data.to_dict()
                else:
                    events_item = events_item_data.to_dict()

                events.append(events_item)

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "state": state,
            }
        )
        if level is not UNSET:
            field_dict["level"] = level
        if events is not UNSET:
            field_dict["events"] = events

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.discard_event_seen import DiscardEventSeen
        from ..models.draw_event_seen import DrawEventSeen
        from ..models.lay_off_event_seen import LayOffEventSeen
        from ..models.meld_event_seen import MeldEventSeen
        from ..models.restock_event_seen import RestockEventSeen
        from ..models.state import State

        d = dict(src_dict)
        state = State.from_dict(d.pop("state"))

        _level = d.pop("level", UNSET)
        level: SuggestRequestLevel | Unset
        if isinstance(_level, Unset):
            level = UNSET
        else:
            level = SuggestRequestLevel(_level)

        _events = d.pop("events", UNSET)
        events: (
            list[
                DiscardEventSeen
                | DrawEventSeen
                | LayOffEventSeen
                | MeldEventSeen
                | RestockEventSeen
            ]
            | Unset
        ) = UNSET
        if _events is not UNSET:
            events = []
            for events_item_data in _events:

                def _parse_events_item(
                    data: object,
                ) -> (
                    DiscardEventSeen
                    | DrawEventSeen
                    | LayOffEventSeen
                    | MeldEventSeen
                    | RestockEventSeen
                ):
                    try:
                        if not isinstance(data, dict):
                            raise TypeError()
                        componentsschemas_event_in_type_0 = DrawEventSeen.from_dict(
                            data
                        )

                        return componentsschemas_event_in_type_0
                    except (TypeError, ValueError, AttributeError, KeyError):
                        pass
                    try:
                        if not isinstance(data, dict):
                            raise TypeError()
                        componentsschemas_event_in_type_1 = MeldEventSeen.from_dict(
                            data
                        )

                        return componentsschemas_event_in_type_1
                    except (TypeError, ValueError, AttributeError, KeyError):
                        pass
                    try:
                        if not isinstance(data, dict):
                            raise TypeError()
                        componentsschemas_event_in_type_2 = LayOffEventSeen.from_dict(
                            data
                        )

                        return componentsschemas_event_in_type_2
                    except (TypeError, ValueError, AttributeError, KeyError):
                        pass
                    try:
                        if not isinstance(data, dict):
                            raise TypeError()
                        componentsschemas_event_in_type_3 = DiscardEventSeen.from_dict(
                            data
                        )

                        return componentsschemas_event_in_type_3
                    except (TypeError, ValueError, AttributeError, KeyError):
                        pass
                    if not isinstance(data, dict):
                        raise TypeError()
                    componentsschemas_event_in_type_4 = RestockEventSeen.from_dict(data)

                    return componentsschemas_event_in_type_4

                events_item = _parse_events_item(events_item_data)

                events.append(events_item)

        suggest_request = cls(
            state=state,
            level=level,
            events=events,
        )

        return suggest_request
