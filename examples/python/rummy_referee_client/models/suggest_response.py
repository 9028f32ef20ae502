from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar

from attrs import define as _attrs_define

if TYPE_CHECKING:
    from ..models.discard_move_out import DiscardMoveOut
    from ..models.draw_move_out import DrawMoveOut
    from ..models.lay_off_move_out import LayOffMoveOut
    from ..models.meld_move_out import MeldMoveOut


T = TypeVar("T", bound="SuggestResponse")


@_attrs_define
class SuggestResponse:
    """
    Attributes:
        move (DiscardMoveOut | DrawMoveOut | LayOffMoveOut | MeldMoveOut): A move as answers give it: canonical codes; a
            lay-off names its meld.
        summary (str): One sentence saying why, for the player. Example: Take the 7♥ from the discard pile: it completes
            5♥ 6♥ 7♥..
    """

    move: DiscardMoveOut | DrawMoveOut | LayOffMoveOut | MeldMoveOut
    summary: str

    def to_dict(self) -> dict[str, Any]:
        from ..models.draw_move_out import DrawMoveOut
        from ..models.lay_off_move_out import LayOffMoveOut
        from ..models.meld_move_out import MeldMoveOut

        move: dict[str, Any]
        if (
            isinstance(self.move, DrawMoveOut)
            or isinstance(self.move, MeldMoveOut)
            or isinstance(self.move, LayOffMoveOut)
        ):
            move = self.move.to_dict()
        else:
            move = self.move.to_dict()

        summary = self.summary

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "move": move,
                "summary": summary,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.discard_move_out import DiscardMoveOut
        from ..models.draw_move_out import DrawMoveOut
        from ..models.lay_off_move_out import LayOffMoveOut
        from ..models.meld_move_out import MeldMoveOut

        d = dict(src_dict)

        def _parse_move(
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
                componentsschemas_move_out_type_2 = LayOffMoveOut.from_dict(data)

                return componentsschemas_move_out_type_2
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            if not isinstance(data, dict):
                raise TypeError()
            componentsschemas_move_out_type_3 = DiscardMoveOut.from_dict(data)

            return componentsschemas_move_out_type_3

        move = _parse_move(d.pop("move"))

        summary = d.pop("summary")

        suggest_response = cls(
            move=move,
            summary=summary,
        )

        return suggest_response
