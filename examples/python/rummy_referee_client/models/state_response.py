from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar

from attrs import define as _attrs_define

if TYPE_CHECKING:
    from ..models.state_out import StateOut


T = TypeVar("T", bound="StateResponse")


@_attrs_define
class StateResponse:
    """
    Attributes:
        state (StateOut): A state as answers give it: canonical, every field filled in, rules resolved.
    """

    state: StateOut

    def to_dict(self) -> dict[str, Any]:
        state = self.state.to_dict()

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "state": state,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.state_out import StateOut

        d = dict(src_dict)
        state = StateOut.from_dict(d.pop("state"))

        state_response = cls(
            state=state,
        )

        return state_response
