from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar, cast

from attrs import define as _attrs_define

from ..models.phase import Phase
from ..types import UNSET, Unset

T = TypeVar("T", bound="Turn")


@_attrs_define
class Turn:
    """
    Attributes:
        player (str):  Example: ana.
        phase (Phase | Unset): draw: the player to move must draw; play: has drawn, may meld and lay off, must discard
            (R4).
        taken_discard (None | str | Unset): The card taken from the discard pile this turn (R8). Default: none (null).
            Example: QS.
        melds_made (int | Unset): Default: `0`.
        laid_off (bool | Unset): Default: `false`.
    """

    player: str
    phase: Phase | Unset = UNSET
    taken_discard: None | str | Unset = UNSET
    melds_made: int | Unset = UNSET
    laid_off: bool | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        player = self.player

        phase: str | Unset = UNSET
        if not isinstance(self.phase, Unset):
            phase = self.phase.value

        taken_discard: None | str | Unset
        if isinstance(self.taken_discard, Unset):
            taken_discard = UNSET
        else:
            taken_discard = self.taken_discard

        melds_made = self.melds_made

        laid_off = self.laid_off

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "player": player,
            }
        )
        if phase is not UNSET:
            field_dict["phase"] = phase
        if taken_discard is not UNSET:
            field_dict["taken_discard"] = taken_discard
        if melds_made is not UNSET:
            field_dict["melds_made"] = melds_made
        if laid_off is not UNSET:
            field_dict["laid_off"] = laid_off

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        player = d.pop("player")

        _phase = d.pop("phase", UNSET)
        phase: Phase | Unset
        if isinstance(_phase, Unset):
            phase = UNSET
        else:
            phase = Phase(_phase)

        def _parse_taken_discard(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        taken_discard = _parse_taken_discard(d.pop("taken_discard", UNSET))

        melds_made = d.pop("melds_made", UNSET)

        laid_off = d.pop("laid_off", UNSET)

        turn = cls(
            player=player,
            phase=phase,
            taken_discard=taken_discard,
            melds_made=melds_made,
            laid_off=laid_off,
        )

        return turn
