from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar, cast

from attrs import define as _attrs_define

from ..models.resolved_rules_aces import ResolvedRulesAces
from ..models.resolved_rules_dealer_rotation import ResolvedRulesDealerRotation
from ..models.resolved_rules_preset import ResolvedRulesPreset
from ..models.resolved_rules_restock import ResolvedRulesRestock

T = TypeVar("T", bound="ResolvedRules")


@_attrs_define
class ResolvedRules:
    """Rules as answers echo them: the preset and every option, all present.

    Attributes:
        preset (ResolvedRulesPreset): The named set of options; default standard.
        melds_per_turn (int | None): Melds one player may lay in one turn (R5). null = no limit.
        going_rummy_doubles (bool): Going rummy doubles every opponent's total (R15).
        taken_discard_if_last (bool): The card taken from the discard pile may be discarded the same turn when it is the
            last card in hand (R8).
        final_discard_required (bool): The last card must be discarded: a meld or lay-off that empties the hand is
            illegal (R13).
        restock (ResolvedRulesRestock): How the stock is rebuilt when it runs out (R17).
        max_restocks (int | None): Restocks allowed before the hand is a draw (R18). null = no limit.
        aces (ResolvedRulesAces): low: A-2-3 only; high_or_low: Q-K-A too, never K-A-2 (R11).
        dealer_rotation (ResolvedRulesDealerRotation): Who deals next (R19).
        target_score (int): Points that end the game (R20).
        deals (int | None): Play this many hands instead of to the target score (R20). null = play to the target score.
    """

    preset: ResolvedRulesPreset
    melds_per_turn: int | None
    going_rummy_doubles: bool
    taken_discard_if_last: bool
    final_discard_required: bool
    restock: ResolvedRulesRestock
    max_restocks: int | None
    aces: ResolvedRulesAces
    dealer_rotation: ResolvedRulesDealerRotation
    target_score: int
    deals: int | None

    def to_dict(self) -> dict[str, Any]:
        preset = self.preset.value

        melds_per_turn: int | None
        melds_per_turn = self.melds_per_turn

        going_rummy_doubles = self.going_rummy_doubles

        taken_discard_if_last = self.taken_discard_if_last

        final_discard_required = self.final_discard_required

        restock = self.restock.value

        max_restocks: int | None
        max_restocks = self.max_restocks

        aces = self.aces.value

        dealer_rotation = self.dealer_rotation.value

        target_score = self.target_score

        deals: int | None
        deals = self.deals

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "preset": preset,
                "melds_per_turn": melds_per_turn,
                "going_rummy_doubles": going_rummy_doubles,
                "taken_discard_if_last": taken_discard_if_last,
                "final_discard_required": final_discard_required,
                "restock": restock,
                "max_restocks": max_restocks,
                "aces": aces,
                "dealer_rotation": dealer_rotation,
                "target_score": target_score,
                "deals": deals,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        preset = ResolvedRulesPreset(d.pop("preset"))

        def _parse_melds_per_turn(data: object) -> int | None:
            if data is None:
                return data
            return cast(int | None, data)

        melds_per_turn = _parse_melds_per_turn(d.pop("melds_per_turn"))

        going_rummy_doubles = d.pop("going_rummy_doubles")

        taken_discard_if_last = d.pop("taken_discard_if_last")

        final_discard_required = d.pop("final_discard_required")

        restock = ResolvedRulesRestock(d.pop("restock"))

        def _parse_max_restocks(data: object) -> int | None:
            if data is None:
                return data
            return cast(int | None, data)

        max_restocks = _parse_max_restocks(d.pop("max_restocks"))

        aces = ResolvedRulesAces(d.pop("aces"))

        dealer_rotation = ResolvedRulesDealerRotation(d.pop("dealer_rotation"))

        target_score = d.pop("target_score")

        def _parse_deals(data: object) -> int | None:
            if data is None:
                return data
            return cast(int | None, data)

        deals = _parse_deals(d.pop("deals"))

        resolved_rules = cls(
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

        return resolved_rules
