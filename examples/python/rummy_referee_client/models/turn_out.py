from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar, cast

from attrs import define as _attrs_define

from ..models.phase import Phase

T = TypeVar("T", bound="TurnOut")


@_attrs_define
class TurnOut:
    """Turn as answers give it: every field present.

    Attributes:
        player (str):  Example: ana.
        phase (Phase): draw: the player to move must draw; play: has drawn, may meld and lay off, must discard (R4).
        taken_discard (None | str): The card taken from the discard pile this turn (R8). Example: QS.
        melds_made (int):
        laid_off (bool):
    """

    player: str
    phase: Phase
    taken_discard: None | str
    melds_made: int
    laid_off: bool

    def to_dict(self) -> dict[str, Any]:
        player = self.player

        phase = self.phase.value

        taken_discard: None | str
        taken_discard = self.taken_discard

        melds_made = self.melds_made

        laid_off = self.laid_off

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "player": player,
                "phase": phase,
                "taken_discard": taken_discard,
                "melds_made": melds_made,
                "laid_off": laid_off,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        player = d.pop("player")

        phase = Phase(d.pop("phase"))

        def _parse_taken_discard(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        taken_discard = _parse_taken_discard(d.pop("taken_discard"))

        melds_made = d.pop("melds_made")

        laid_off = d.pop("laid_off")

        turn_out = cls(
            player=player,
            phase=phase,
            taken_discard=taken_discard,
            melds_made=melds_made,
            laid_off=laid_off,
        )

        return turn_out
