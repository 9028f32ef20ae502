from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar, cast

from attrs import define as _attrs_define

T = TypeVar("T", bound="OptionSentences")


@_attrs_define
class OptionSentences:
    """A whole-number option's value in words; ``{n}`` stands for the number.

    Attributes:
        null (None | str): The sentence for null; null when there is nothing to say.
        one (None | str): The sentence for 1, when it differs from other's.
        other (None | str): The sentence for a number {n}.
    """

    null: None | str
    one: None | str
    other: None | str

    def to_dict(self) -> dict[str, Any]:
        null: None | str
        null = self.null

        one: None | str
        one = self.one

        other: None | str
        other = self.other

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "null": null,
                "one": one,
                "other": other,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)

        def _parse_null(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        null = _parse_null(d.pop("null"))

        def _parse_one(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        one = _parse_one(d.pop("one"))

        def _parse_other(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        other = _parse_other(d.pop("other"))

        option_sentences = cls(
            null=null,
            one=one,
            other=other,
        )

        return option_sentences
