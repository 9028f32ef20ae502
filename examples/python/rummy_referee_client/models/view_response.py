from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar

from attrs import define as _attrs_define

if TYPE_CHECKING:
    from ..models.view import View


T = TypeVar("T", bound="ViewResponse")


@_attrs_define
class ViewResponse:
    """
    Attributes:
        view (View): What one seat (or a spectator) may see of a sealed table.
    """

    view: View

    def to_dict(self) -> dict[str, Any]:
        view = self.view.to_dict()

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "view": view,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.view import View

        d = dict(src_dict)
        view = View.from_dict(d.pop("view"))

        view_response = cls(
            view=view,
        )

        return view_response
