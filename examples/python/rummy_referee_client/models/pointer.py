from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar

from attrs import define as _attrs_define

T = TypeVar("T", bound="Pointer")


@_attrs_define
class Pointer:
    """
    Attributes:
        pointer (str): JSON Pointer (RFC 6901) to the offending field of the request body; empty for the whole body.
            Example: /state/players/1/hand/3.
        detail (str):  Example: 'ZZ' is not a card.
    """

    pointer: str
    detail: str

    def to_dict(self) -> dict[str, Any]:
        pointer = self.pointer

        detail = self.detail

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "pointer": pointer,
                "detail": detail,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        pointer = d.pop("pointer")

        detail = d.pop("detail")

        pointer = cls(
            pointer=pointer,
            detail=detail,
        )

        return pointer
