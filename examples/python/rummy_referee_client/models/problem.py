from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar

from attrs import define as _attrs_define

from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.pointer import Pointer
    from ..models.view import View


T = TypeVar("T", bound="Problem")


@_attrs_define
class Problem:
    """RFC 9457 problem details (``application/problem+json``).

    Attributes:
        type_ (str):  Example: about:blank.
        title (str):  Example: Unprocessable Content.
        status (int):  Example: 422.
        detail (str):
        errors (list[Pointer] | Unset): Each offending field of the input, for 400 and 422.
        request_id (str | Unset): The request's id, also in the X-Request-ID header: quote it when reporting a fault (an
            extension member, RFC 9457). Example: 6f1c0e9b2d4a4f3e8a7b5c9d0e1f2a3b.
        latest_seq (int | Unset): On a 409 of a sealed table with the replay guard on: the table's latest seq (an
            extension member, RFC 9457).
        table (str | Unset): On a 409 of a sealed table with the replay guard on: the table's latest token, to play on
            with (an extension member, RFC 9457).
        view (View | Unset): What one seat (or a spectator) may see of a sealed table.
    """

    type_: str
    title: str
    status: int
    detail: str
    errors: list[Pointer] | Unset = UNSET
    request_id: str | Unset = UNSET
    latest_seq: int | Unset = UNSET
    table: str | Unset = UNSET
    view: View | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        type_ = self.type_

        title = self.title

        status = self.status

        detail = self.detail

        errors: list[dict[str, Any]] | Unset = UNSET
        if not isinstance(self.errors, Unset):
            errors = []
            for errors_item_data in self.errors:
                errors_item = errors_item_data.to_dict()
                errors.append(errors_item)

        request_id = self.request_id

        latest_seq = self.latest_seq

        table = self.table

        view: dict[str, Any] | Unset = UNSET
        if not isinstance(self.view, Unset):
            view = self.view.to_dict()

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "type": type_,
                "title": title,
                "status": status,
                "detail": detail,
            }
        )
        if errors is not UNSET:
            field_dict["errors"] = errors
        if request_id is not UNSET:
            field_dict["request_id"] = request_id
        if latest_seq is not UNSET:
            field_dict["latest_seq"] = latest_seq
        if table is not UNSET:
            field_dict["table"] = table
        if view is not UNSET:
            field_dict["view"] = view

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.pointer import Pointer
        from ..models.view import View

        d = dict(src_dict)
        type_ = d.pop("type")

        title = d.pop("title")

        status = d.pop("status")

        detail = d.pop("detail")

        _errors = d.pop("errors", UNSET)
        errors: list[Pointer] | Unset = UNSET
        if _errors is not UNSET:
            errors = []
            for errors_item_data in _errors:
                errors_item = Pointer.from_dict(errors_item_data)

                errors.append(errors_item)

        request_id = d.pop("request_id", UNSET)

        latest_seq = d.pop("latest_seq", UNSET)

        table = d.pop("table", UNSET)

        _view = d.pop("view", UNSET)
        view: View | Unset
        if isinstance(_view, Unset):
            view = UNSET
        else:
            view = View.from_dict(_view)

        problem = cls(
            type_=type_,
            title=title,
            status=status,
            detail=detail,
            errors=errors,
            request_id=request_id,
            latest_seq=latest_seq,
            table=table,
            view=view,
        )

        return problem
