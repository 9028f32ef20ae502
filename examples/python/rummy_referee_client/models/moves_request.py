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


T = TypeVar("T", bound="MovesRequest")


@_attrs_define
class MovesRequest:
    """MoveRequest with moves.

    Attributes:
        state (State): A table snapshot (contract, State). Loaded, it is validated and made canonical.
        moves (list[DiscardMove | DrawMove | LayOffMove | MeldMove]):
    """

    state: State
    moves: list[DiscardMove | DrawMove | LayOffMove | MeldMove]

    def to_dict(self) -> dict[str, Any]:
        from ..models.draw_move import DrawMove
        from ..models.lay_off_move import LayOffMove
        from ..models.meld_move import MeldMove

        state = self.state.to_dict()

        moves = []
        for moves_item_data in self.moves:
            moves_item: dict[str, Any]
            if (
                isinstance(moves_item_data, DrawMove)
                or isinstance(moves_item_data, MeldMove)
                or isinstance(moves_item_data, LayOffMove)
            ):
                moves_item = moves_item_data.to_dict()
            else:
                moves_item = moves_item_data.to_dict()

            moves.append(moves_item)

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "state": state,
                "moves": moves,
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

        moves = []
        _moves = d.pop("moves")
        for moves_item_data in _moves:

            def _parse_moves_item(
                data: object,
            ) -> DiscardMove | DrawMove | LayOffMove | MeldMove:
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

            moves_item = _parse_moves_item(moves_item_data)

            moves.append(moves_item)

        moves_request = cls(
            state=state,
            moves=moves,
        )

        return moves_request
