from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar

from attrs import define as _attrs_define

from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.seat_discard_move import SeatDiscardMove
    from ..models.seat_draw_move import SeatDrawMove
    from ..models.seat_lay_off_move import SeatLayOffMove
    from ..models.seat_meld_move import SeatMeldMove


T = TypeVar("T", bound="TableMoveRequest")


@_attrs_define
class TableMoveRequest:
    """
    Attributes:
        table (str): The sealed table token, exactly as the last answer gave it (opaque). Example: rt1.….
        seat (str): The seat credential of one player at this table (from POST /v1/tables). Example: q3v….
        move (SeatDiscardMove | SeatDrawMove | SeatLayOffMove | SeatMeldMove | Unset): A move at a sealed table:
            ``player`` may be left out (the seat's player).
        moves (list[SeatDiscardMove | SeatDrawMove | SeatLayOffMove | SeatMeldMove] | Unset):
    """

    table: str
    seat: str
    move: SeatDiscardMove | SeatDrawMove | SeatLayOffMove | SeatMeldMove | Unset = UNSET
    moves: (
        list[SeatDiscardMove | SeatDrawMove | SeatLayOffMove | SeatMeldMove] | Unset
    ) = UNSET

    def to_dict(self) -> dict[str, Any]:
        from ..models.seat_draw_move import SeatDrawMove
        from ..models.seat_lay_off_move import SeatLayOffMove
        from ..models.seat_meld_move import SeatMeldMove

        table = self.table

        seat = self.seat

        move: dict[str, Any] | Unset
        if isinstance(self.move, Unset):
            move = UNSET
        elif (
            isinstance(self.move, SeatDrawMove)
            or isinstance(self.move, SeatMeldMove)
            or isinstance(self.move, SeatLayOffMove)
        ):
            move = self.move.to_dict()
        else:
            move = self.move.to_dict()

        moves: list[dict[str, Any]] | Unset = UNSET
        if not isinstance(self.moves, Unset):
            moves = []
            for moves_item_data in self.moves:
                moves_item: dict[str, Any]
                if (
                    isinstance(moves_item_data, SeatDrawMove)
                    or isinstance(moves_item_data, SeatMeldMove)
                    or isinstance(moves_item_data, SeatLayOffMove)
                ):
                    moves_item = moves_item_data.to_dict()
                else:
                    moves_item = moves_item_data.to_dict()

                moves.append(moves_item)

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "table": table,
                "seat": seat,
            }
        )
        if move is not UNSET:
            field_dict["move"] = move
        if moves is not UNSET:
            field_dict["moves"] = moves

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.seat_discard_move import SeatDiscardMove
        from ..models.seat_draw_move import SeatDrawMove
        from ..models.seat_lay_off_move import SeatLayOffMove
        from ..models.seat_meld_move import SeatMeldMove

        d = dict(src_dict)
        table = d.pop("table")

        seat = d.pop("seat")

        def _parse_move(
            data: object,
        ) -> SeatDiscardMove | SeatDrawMove | SeatLayOffMove | SeatMeldMove | Unset:
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                componentsschemas_seat_move_type_0 = SeatDrawMove.from_dict(data)

                return componentsschemas_seat_move_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                componentsschemas_seat_move_type_1 = SeatMeldMove.from_dict(data)

                return componentsschemas_seat_move_type_1
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                componentsschemas_seat_move_type_2 = SeatLayOffMove.from_dict(data)

                return componentsschemas_seat_move_type_2
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            if not isinstance(data, dict):
                raise TypeError()
            componentsschemas_seat_move_type_3 = SeatDiscardMove.from_dict(data)

            return componentsschemas_seat_move_type_3

        move = _parse_move(d.pop("move", UNSET))

        _moves = d.pop("moves", UNSET)
        moves: (
            list[SeatDiscardMove | SeatDrawMove | SeatLayOffMove | SeatMeldMove] | Unset
        ) = UNSET
        if _moves is not UNSET:
            moves = []
            for moves_item_data in _moves:

                def _parse_moves_item(
                    data: object,
                ) -> SeatDiscardMove | SeatDrawMove | SeatLayOffMove | SeatMeldMove:
                    try:
                        if not isinstance(data, dict):
                            raise TypeError()
                        componentsschemas_seat_move_type_0 = SeatDrawMove.from_dict(
                            data
                        )

                        return componentsschemas_seat_move_type_0
                    except (TypeError, ValueError, AttributeError, KeyError):
                        pass
                    try:
                        if not isinstance(data, dict):
                            raise TypeError()
                        componentsschemas_seat_move_type_1 = SeatMeldMove.from_dict(
                            data
                        )

                        return componentsschemas_seat_move_type_1
                    except (TypeError, ValueError, AttributeError, KeyError):
                        pass
                    try:
                        if not isinstance(data, dict):
                            raise TypeError()
                        componentsschemas_seat_move_type_2 = SeatLayOffMove.from_dict(
                            data
                        )

                        return componentsschemas_seat_move_type_2
                    except (TypeError, ValueError, AttributeError, KeyError):
                        pass
                    if not isinstance(data, dict):
                        raise TypeError()
                    componentsschemas_seat_move_type_3 = SeatDiscardMove.from_dict(data)

                    return componentsschemas_seat_move_type_3

                moves_item = _parse_moves_item(moves_item_data)

                moves.append(moves_item)

        table_move_request = cls(
            table=table,
            seat=seat,
            move=move,
            moves=moves,
        )

        return table_move_request
