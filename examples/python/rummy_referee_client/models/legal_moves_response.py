from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar, cast

from attrs import define as _attrs_define

from ..models.phase import Phase

if TYPE_CHECKING:
    from ..models.discard_move_out import DiscardMoveOut
    from ..models.draw_move_out import DrawMoveOut
    from ..models.lay_off_move_out import LayOffMoveOut
    from ..models.meld_move_out import MeldMoveOut
    from ..models.reason import Reason


T = TypeVar("T", bound="LegalMovesResponse")


@_attrs_define
class LegalMovesResponse:
    """
    Attributes:
        player (None | str):
        phase (Phase): draw: the player to move must draw; play: has drawn, may meld and lay off, must discard (R4).
        moves (list[DiscardMoveOut | DrawMoveOut | LayOffMoveOut | MeldMoveOut]):
        reasons (list[Reason]): Why there are no moves: a hand_over reason once the hand has ended; else empty.
        summary (str): One sentence for a person: whose turn it is and what they may do, or why nothing (the hand is
            over, and who deals next). Example: ana is to draw: from the stock, or 7♦ from the discard pile.
    """

    player: None | str
    phase: Phase
    moves: list[DiscardMoveOut | DrawMoveOut | LayOffMoveOut | MeldMoveOut]
    reasons: list[Reason]
    summary: str

    def to_dict(self) -> dict[str, Any]:
        from ..models.draw_move_out import DrawMoveOut
        from ..models.lay_off_move_out import LayOffMoveOut
        from ..models.meld_move_out import MeldMoveOut

        player: None | str
        player = self.player

        phase = self.phase.value

        moves = []
        for moves_item_data in self.moves:
            moves_item: dict[str, Any]
            if (
                isinstance(moves_item_data, DrawMoveOut)
                or isinstance(moves_item_data, MeldMoveOut)
                or isinstance(moves_item_data, LayOffMoveOut)
            ):
                moves_item = moves_item_data.to_dict()
            else:
                moves_item = moves_item_data.to_dict()

            moves.append(moves_item)

        reasons = []
        for reasons_item_data in self.reasons:
            reasons_item = reasons_item_data.to_dict()
            reasons.append(reasons_item)

        summary = self.summary

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "player": player,
                "phase": phase,
                "moves": moves,
                "reasons": reasons,
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
        from ..models.reason import Reason

        d = dict(src_dict)

        def _parse_player(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        player = _parse_player(d.pop("player"))

        phase = Phase(d.pop("phase"))

        moves = []
        _moves = d.pop("moves")
        for moves_item_data in _moves:

            def _parse_moves_item(
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

            moves_item = _parse_moves_item(moves_item_data)

            moves.append(moves_item)

        reasons = []
        _reasons = d.pop("reasons")
        for reasons_item_data in _reasons:
            reasons_item = Reason.from_dict(reasons_item_data)

            reasons.append(reasons_item)

        summary = d.pop("summary")

        legal_moves_response = cls(
            player=player,
            phase=phase,
            moves=moves,
            reasons=reasons,
            summary=summary,
        )

        return legal_moves_response
