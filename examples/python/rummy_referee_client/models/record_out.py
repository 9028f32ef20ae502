from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar, cast

from attrs import define as _attrs_define

if TYPE_CHECKING:
    from ..models.record_discard_out import RecordDiscardOut
    from ..models.record_draw_out import RecordDrawOut
    from ..models.record_lay_off_out import RecordLayOffOut
    from ..models.record_meld_out import RecordMeldOut
    from ..models.record_out_dealt import RecordOutDealt
    from ..models.resolved_rules import ResolvedRules


T = TypeVar("T", bound="RecordOut")


@_attrs_define
class RecordOut:
    """The hand as it was played (see ``RecordSchema``).

    Attributes:
        players (list[str]): In seat order (R3).
        dealer (str):
        rules (ResolvedRules): Rules as answers echo them: the preset and every option, all present.
        dealt (RecordOutDealt): Each player's cards as dealt.
        up_card (str): The card turned up to start the discard pile (R2). Example: QS.
        moves (list[RecordDiscardOut | RecordDrawOut | RecordLayOffOut | RecordMeldOut]): Every move, in order, the
            cards drawn included.
    """

    players: list[str]
    dealer: str
    rules: ResolvedRules
    dealt: RecordOutDealt
    up_card: str
    moves: list[RecordDiscardOut | RecordDrawOut | RecordLayOffOut | RecordMeldOut]

    def to_dict(self) -> dict[str, Any]:
        from ..models.record_draw_out import RecordDrawOut
        from ..models.record_lay_off_out import RecordLayOffOut
        from ..models.record_meld_out import RecordMeldOut

        players = self.players

        dealer = self.dealer

        rules = self.rules.to_dict()

        dealt = self.dealt.to_dict()

        up_card = self.up_card

        moves = []
        for moves_item_data in self.moves:
            moves_item: dict[str, Any]
            if (
                isinstance(moves_item_data, RecordDrawOut)
                or isinstance(moves_item_data, RecordMeldOut)
                or isinstance(moves_item_data, RecordLayOffOut)
            ):
                moves_item = moves_item_data.to_dict()
            else:
                moves_item = moves_item_data.to_dict()

            moves.append(moves_item)

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "players": players,
                "dealer": dealer,
                "rules": rules,
                "dealt": dealt,
                "up_card": up_card,
                "moves": moves,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.record_discard_out import RecordDiscardOut
        from ..models.record_draw_out import RecordDrawOut
        from ..models.record_lay_off_out import RecordLayOffOut
        from ..models.record_meld_out import RecordMeldOut
        from ..models.record_out_dealt import RecordOutDealt
        from ..models.resolved_rules import ResolvedRules

        d = dict(src_dict)
        players = cast(list[str], d.pop("players"))

        dealer = d.pop("dealer")

        rules = ResolvedRules.from_dict(d.pop("rules"))

        dealt = RecordOutDealt.from_dict(d.pop("dealt"))

        up_card = d.pop("up_card")

        moves = []
        _moves = d.pop("moves")
        for moves_item_data in _moves:

            def _parse_moves_item(
                data: object,
            ) -> RecordDiscardOut | RecordDrawOut | RecordLayOffOut | RecordMeldOut:
                try:
                    if not isinstance(data, dict):
                        raise TypeError()
                    componentsschemas_record_move_out_type_0 = RecordDrawOut.from_dict(
                        data
                    )

                    return componentsschemas_record_move_out_type_0
                except (TypeError, ValueError, AttributeError, KeyError):
                    pass
                try:
                    if not isinstance(data, dict):
                        raise TypeError()
                    componentsschemas_record_move_out_type_1 = RecordMeldOut.from_dict(
                        data
                    )

                    return componentsschemas_record_move_out_type_1
                except (TypeError, ValueError, AttributeError, KeyError):
                    pass
                try:
                    if not isinstance(data, dict):
                        raise TypeError()
                    componentsschemas_record_move_out_type_2 = (
                        RecordLayOffOut.from_dict(data)
                    )

                    return componentsschemas_record_move_out_type_2
                except (TypeError, ValueError, AttributeError, KeyError):
                    pass
                if not isinstance(data, dict):
                    raise TypeError()
                componentsschemas_record_move_out_type_3 = RecordDiscardOut.from_dict(
                    data
                )

                return componentsschemas_record_move_out_type_3

            moves_item = _parse_moves_item(moves_item_data)

            moves.append(moves_item)

        record_out = cls(
            players=players,
            dealer=dealer,
            rules=rules,
            dealt=dealt,
            up_card=up_card,
            moves=moves,
        )

        return record_out
