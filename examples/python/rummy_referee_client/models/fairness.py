from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar, cast

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
        next_commitment (None | str): Once the hand is over: SHA-256 of the next hand's seed, drawn now, before the
            players send the next hand's entropy to POST /v1/tables/next (that hand's commitment will be this). Null while
            the hand is played.
    """

    commitment: str
    entropy: str
    next_commitment: None | str

    def to_dict(self) -> dict[str, Any]:
        commitment = self.commitment

        entropy = self.entropy

        next_commitment: None | str
        next_commitment = self.next_commitment

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "commitment": commitment,
                "entropy": entropy,
                "next_commitment": next_commitment,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        commitment = d.pop("commitment")

        entropy = d.pop("entropy")

        def _parse_next_commitment(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        next_commitment = _parse_next_commitment(d.pop("next_commitment"))

        fairness = cls(
            commitment=commitment,
            entropy=entropy,
            next_commitment=next_commitment,
        )

        return fairness
