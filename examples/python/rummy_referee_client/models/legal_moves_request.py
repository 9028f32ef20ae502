from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar

from attrs import define as _attrs_define

if TYPE_CHECKING:
    from ..models.state import State


T = TypeVar("T", bound="LegalMovesRequest")


@_attrs_define
class LegalMovesRequest:
    """
    Attributes:
        state (State): A table snapshot (contract, State). Loaded, it is validated and made canonical.
    """

    state: State

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
        from ..models.state import State

        d = dict(src_dict)
        state = State.from_dict(d.pop("state"))

        legal_moves_request = cls(
            state=state,
        )

        return legal_moves_request
