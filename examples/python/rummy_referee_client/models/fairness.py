from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar

from attrs import define as _attrs_define

T = TypeVar("T", bound="Fairness")


@_attrs_define
class Fairness:
    """A hand's commitment, shown from the deal on (contract, Provably fair deals).

    Attributes:
        commitment (str): SHA-256 of the hand's secret seed, hex: the same in every view from the deal to the end of the
            hand.
        entropy (str): The players' randomness the deck depends on, as sent to POST /v1/tables or /v1/tables/next; ""
            when none was sent (the deck then depends on the seed alone).
    """

    commitment: str
    entropy: str

    def to_dict(self) -> dict[str, Any]:
        commitment = self.commitment

        entropy = self.entropy

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "commitment": commitment,
                "entropy": entropy,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        commitment = d.pop("commitment")

        entropy = d.pop("entropy")

        fairness = cls(
            commitment=commitment,
            entropy=entropy,
        )

        return fairness
