from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar, cast

from attrs import define as _attrs_define

from ..models.rules_aces import RulesAces
from ..models.rules_dealer_rotation import RulesDealerRotation
from ..models.rules_preset import RulesPreset
from ..models.rules_restock import RulesRestock
from ..types import UNSET, Unset

T = TypeVar("T", bound="Rules")


@_attrs_define
class Rules:
    """A preset and option overrides (R21). Loads a resolved :class:`referee.Rules`; dumps the preset and every option's
    value. Unknown options are refused.

        Attributes:
            preset (RulesPreset | Unset): The named set of options; default standard.
            melds_per_turn (int | None | Unset): Melds one player may lay in one turn (R5). null = no limit.
            going_rummy_doubles (bool | Unset): Going rummy doubles every opponent's total (R15).
            taken_discard_if_last (bool | Unset): The card taken from the discard pile may be discarded the same turn when
                it is the last card in hand (R8).
            final_discard_required (bool | Unset): The last card must be discarded: a meld or lay-off that empties the hand
                is illegal (R13).
            restock (RulesRestock | Unset): How the stock is rebuilt when it runs out (R17).
            max_restocks (int | None | Unset): Restocks allowed before the hand is a draw (R18). null = no limit.
            aces (RulesAces | Unset): low: A-2-3 only; high_or_low: Q-K-A too, never K-A-2 (R11).
            dealer_rotation (RulesDealerRotation | Unset): Who deals next (R19).
            target_score (int | Unset): Points that end the game (R20).
            deals (int | None | Unset): Play this many hands instead of to the target score (R20). null = play to the target
                score.
    """

    preset: RulesPreset | Unset = UNSET
    melds_per_turn: int | None | Unset = UNSET
    going_rummy_doubles: bool | Unset = UNSET
    taken_discard_if_last: bool | Unset = UNSET
    final_discard_required: bool | Unset = UNSET
    restock: RulesRestock | Unset = UNSET
    max_restocks: int | None | Unset = UNSET
    aces: RulesAces | Unset = UNSET
    dealer_rotation: RulesDealerRotation | Unset = UNSET
    target_score: int | Unset = UNSET
    deals: int | None | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        preset: str | Unset = UNSET
        if not isinstance(self.preset, Unset):
            preset = self.preset.value

        melds_per_turn: int | None | Unset
        if isinstance(self.melds_per_turn, Unset):
            melds_per_turn = UNSET
        else:
            melds_per_turn = self.melds_per_turn

        going_rummy_doubles = self.going_rummy_doubles

        taken_discard_if_last = self.taken_discard_if_last

        final_discard_required = self.final_discard_required

        restock: str | Unset = UNSET
        if not isinstance(self.restock, Unset):
            restock = self.restock.value

        max_restocks: int | None | Unset
        if isinstance(self.max_restocks, Unset):
            max_restocks = UNSET
        else:
            max_restocks = self.max_restocks

        aces: str | Unset = UNSET
        if not isinstance(self.aces, Unset):
            aces = self.aces.value

        dealer_rotation: str | Unset = UNSET
        if not isinstance(self.dealer_rotation, Unset):
            dealer_rotation = self.dealer_rotation.value

        target_score = self.target_score

        deals: int | None | Unset
        if isinstance(self.deals, Unset):
            deals = UNSET
        else:
            deals = self.deals

        field_dict: dict[str, Any] = {}

        field_dict.update({})
        if preset is not UNSET:
            field_dict["preset"] = preset
        if melds_per_turn is not UNSET:
            field_dict["melds_per_turn"] = melds_per_turn
        if going_rummy_doubles is not UNSET:
            field_dict["going_rummy_doubles"] = going_rummy_doubles
        if taken_discard_if_last is not UNSET:
            field_dict["taken_discard_if_last"] = taken_discard_if_last
        if final_discard_required is not UNSET:
            field_dict["final_discard_required"] = final_discard_required
        if restock is not UNSET:
            field_dict["restock"] = restock
        if max_restocks is not UNSET:
            field_dict["max_restocks"] = max_restocks
        if aces is not UNSET:
            field_dict["aces"] = aces
        if dealer_rotation is not UNSET:
            field_dict["dealer_rotation"] = dealer_rotation
        if target_score is not UNSET:
            field_dict["target_score"] = target_score
        if deals is not UNSET:
            field_dict["deals"] = deals

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        _preset = d.pop("preset", UNSET)
        preset: RulesPreset | Unset
        if isinstance(_preset, Unset):
            preset = UNSET
        else:
            preset = RulesPreset(_preset)

        def _parse_melds_per_turn(data: object) -> int | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(int | None | Unset, data)

        melds_per_turn = _parse_melds_per_turn(d.pop("melds_per_turn", UNSET))

        going_rummy_doubles = d.pop("going_rummy_doubles", UNSET)

        taken_discard_if_last = d.pop("taken_discard_if_last", UNSET)

        final_discard_required = d.pop("final_discard_required", UNSET)

        _restock = d.pop("restock", UNSET)
        restock: RulesRestock | Unset
        if isinstance(_restock, Unset):
            restock = UNSET
        else:
            restock = RulesRestock(_restock)

        def _parse_max_restocks(data: object) -> int | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(int | None | Unset, data)

        max_restocks = _parse_max_restocks(d.pop("max_restocks", UNSET))

        _aces = d.pop("aces", UNSET)
        aces: RulesAces | Unset
        if isinstance(_aces, Unset):
            aces = UNSET
        else:
            aces = RulesAces(_aces)

        _dealer_rotation = d.pop("dealer_rotation", UNSET)
        dealer_rotation: RulesDealerRotation | Unset
        if isinstance(_dealer_rotation, Unset):
            dealer_rotation = UNSET
        else:
            dealer_rotation = RulesDealerRotation(_dealer_rotation)

        target_score = d.pop("target_score", UNSET)

        def _parse_deals(data: object) -> int | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(int | None | Unset, data)

        deals = _parse_deals(d.pop("deals", UNSET))

        rules = cls(
            preset=preset,
            melds_per_turn=melds_per_turn,
            going_rummy_doubles=going_rummy_doubles,
            taken_discard_if_last=taken_discard_if_last,
            final_discard_required=final_discard_required,
            restock=restock,
            max_restocks=max_restocks,
            aces=aces,
            dealer_rotation=dealer_rotation,
            target_score=target_score,
            deals=deals,
        )

        return rules
