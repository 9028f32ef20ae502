from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar

from attrs import define as _attrs_define

if TYPE_CHECKING:
    from ..models.discard_move import DiscardMove
    from ..models.draw_move import DrawMove
    from ..models.lay_off_move import LayOffMove
    from ..models.meld_move import MeldMove
    from ..models.state import State


T = TypeVar("T", bound="OneMoveRequest")


@_attrs_define
class OneMoveRequest:
    """MoveRequest with move.

    Attributes:
        state (State): A table snapshot (contract, State). Loaded, it is validated and made canonical.
        move (DiscardMove | DrawMove | LayOffMove | MeldMove): One move. ``source`` with draw; ``cards`` with meld and
            lay_off (and ``meld`` naming the table meld, optional when the cards fit exactly one); ``card`` with discard.
    """

    state: State
    move: DiscardMove | DrawMove | LayOffMove | MeldMove

    def to_dict(self) -> dict[str, Any]:
        from ..models.draw_move import DrawMove
        from ..models.lay_off_move import LayOffMove
        from ..models.meld_move import MeldMove

        state = self.state.to_dict()

        move: dict[str, Any]
        if (
            isinstance(self.move, DrawMove)
            or isinstance(self.move, MeldMove)
            or isinstance(self.move, LayOffMove)
        ):
            move = self.move.to_dict()
        else:
            move = self.move.to_dict()

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "state": state,
                "move": move,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.discard_move import DiscardMove
        from ..models.draw_move import DrawMove
        from ..models.lay_off_move import LayOffMove
        from ..models.meld_move import MeldMove
        from ..models.state import State

        d = dict(src_dict)
        state = State.from_dict(d.pop("state"))

        def _parse_move(data: object) -> DiscardMove | DrawMove | LayOffMove | MeldMove:
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                componentsschemas_move_type_0 = DrawMove.from_dict(data)

                return componentsschemas_move_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                componentsschemas_move_type_1 = MeldMove.from_dict(data)

                return componentsschemas_move_type_1
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                componentsschemas_move_type_2 = LayOffMove.from_dict(data)

                return componentsschemas_move_type_2
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            if not isinstance(data, dict):
                raise TypeError()
            componentsschemas_move_type_3 = DiscardMove.from_dict(data)

            return componentsschemas_move_type_3

        move = _parse_move(d.pop("move"))

        one_move_request = cls(
            state=state,
            move=move,
        )

        return one_move_request
