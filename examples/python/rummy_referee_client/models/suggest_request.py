from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar

from attrs import define as _attrs_define

from ..models.suggest_request_level import SuggestRequestLevel
from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.state import State


T = TypeVar("T", bound="SuggestRequest")


@_attrs_define
class SuggestRequest:
    """
    Attributes:
        state (State): A table snapshot (contract, State). Loaded, it is validated and made canonical.
        level (SuggestRequestLevel | Unset): Which computer opponent advises; default hard. Default: `"hard"`.
    """

    state: State
    level: SuggestRequestLevel | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        state = self.state.to_dict()

        level: str | Unset = UNSET
        if not isinstance(self.level, Unset):
            level = self.level.value

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "state": state,
            }
        )
        if level is not UNSET:
            field_dict["level"] = level

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.state import State

        d = dict(src_dict)
        state = State.from_dict(d.pop("state"))

        _level = d.pop("level", UNSET)
        level: SuggestRequestLevel | Unset
        if isinstance(_level, Unset):
            level = UNSET
        else:
            level = SuggestRequestLevel(_level)

        suggest_request = cls(
            state=state,
            level=level,
        )

        return suggest_request
