from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar, cast

from attrs import define as _attrs_define

from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.record_dealt import RecordDealt
    from ..models.record_discard import RecordDiscard
    from ..models.record_draw import RecordDraw
    from ..models.record_lay_off import RecordLayOff
    from ..models.record_meld import RecordMeld
    from ..models.rules import Rules


T = TypeVar("T", bound="Record")


@_attrs_define
class Record:
    """The hand as it was played: players in seat order, dealer, rules, the hands dealt and the card turned up, and every
    move in order.

        Attributes:
            players (list[str]): In seat order (R3).
            dealer (str):  Example: ana.
            dealt (RecordDealt): Each player's cards as dealt (R2).
            up_card (str): The card turned up to start the discard pile (R2). Example: QS.
            moves (list[RecordDiscard | RecordDraw | RecordLayOff | RecordMeld]): Every move of the hand, in order, the
                cards drawn included.
            rules (None | Rules | Unset): The rules the hand was played under (R21). Default: none (null).
    """

    players: list[str]
    dealer: str
    dealt: RecordDealt
    up_card: str
    moves: list[RecordDiscard | RecordDraw | RecordLayOff | RecordMeld]
    rules: None | Rules | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        from ..models.record_draw import RecordDraw
        from ..models.record_lay_off import RecordLayOff
        from ..models.record_meld import RecordMeld
        from ..models.rules import Rules

        players = self.players

        dealer = self.dealer

        dealt = self.dealt.to_dict()

        up_card = self.up_card

        moves = []
        for moves_item_data in self.moves:
            moves_item: dict[str, Any]
            if (
                isinstance(moves_item_data, RecordDraw)
                or isinstance(moves_item_data, RecordMeld)
                or isinstance(moves_item_data, RecordLayOff)
            ):
                moves_item = moves_item_data.to_dict()
            else:
                moves_item = moves_item_data.to_dict()

            moves.append(moves_item)

        rules: dict[str, Any] | None | Unset
        if isinstance(self.rules, Unset):
            rules = UNSET
        elif isinstance(self.rules, Rules):
            rules = self.rules.to_dict()
        else:
            rules = self.rules

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "players": players,
                "dealer": dealer,
                "dealt": dealt,
                "up_card": up_card,
                "moves": moves,
            }
        )
        if rules is not UNSET:
            field_dict["rules"] = rules

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.record_dealt import RecordDealt
        from ..models.record_discard import RecordDiscard
        from ..models.record_draw import RecordDraw
        from ..models.record_lay_off import RecordLayOff
        from ..models.record_meld import RecordMeld
        from ..models.rules import Rules

        d = dict(src_dict)
        players = cast(list[str], d.pop("players"))

        dealer = d.pop("dealer")

        dealt = RecordDealt.from_dict(d.pop("dealt"))

        up_card = d.pop("up_card")

        moves = []
        _moves = d.pop("moves")
        for moves_item_data in _moves:

            def _parse_moves_item(
                data: object,
            ) -> RecordDiscard | RecordDraw | RecordLayOff | RecordMeld:
                try:
                    if not isinstance(data, dict):
                        raise TypeError()
                    componentsschemas_record_move_type_0 = RecordDraw.from_dict(data)

                    return componentsschemas_record_move_type_0
                except (TypeError, ValueError, AttributeError, KeyError):
                    pass
                try:
                    if not isinstance(data, dict):
                        raise TypeError()
                    componentsschemas_record_move_type_1 = RecordMeld.from_dict(data)

                    return componentsschemas_record_move_type_1
                except (TypeError, ValueError, AttributeError, KeyError):
                    pass
                try:
                    if not isinstance(data, dict):
                        raise TypeError()
                    componentsschemas_record_move_type_2 = RecordLayOff.from_dict(data)

                    return componentsschemas_record_move_type_2
                except (TypeError, ValueError, AttributeError, KeyError):
                    pass
                if not isinstance(data, dict):
                    raise TypeError()
                componentsschemas_record_move_type_3 = RecordDiscard.from_dict(data)

                return componentsschemas_record_move_type_3

            moves_item = _parse_moves_item(moves_item_data)

            moves.append(moves_item)

        def _parse_rules(data: object) -> None | Rules | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                rules_type_0 = Rules.from_dict(data)

                return rules_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(None | Rules | Unset, data)

        rules = _parse_rules(d.pop("rules", UNSET))

        record = cls(
            players=players,
            dealer=dealer,
            dealt=dealt,
            up_card=up_card,
            moves=moves,
            rules=rules,
        )

        return record
