from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar, cast

from attrs import define as _attrs_define

if TYPE_CHECKING:
    from ..models.record_out import RecordOut


T = TypeVar("T", bound="RevealedOut")


@_attrs_define
class RevealedOut:
    """Revealed once the hand is over: everything needed to check the deal without trusting the service (POST /v1/verify,
    or README, Provably fair).

        Attributes:
            commitment (str): SHA-256 of the hand's secret seed, hex: the same in every view from the deal to the end of the
                hand.
            entropy (str): The players' randomness the deck depends on, as sent to POST /v1/tables or /v1/tables/next; ""
                when none was sent (the deck then depends on the seed alone).
            seed (str): The hand's secret seed, 32 bytes in hex; SHA-256 of these bytes is the commitment.
            deck (list[str]): The deck as dealt, top card first.
            record (None | RecordOut): The hand as it was played; null only for a hand longer than the 1000 moves a table
                keeps.
    """

    commitment: str
    entropy: str
    seed: str
    deck: list[str]
    record: None | RecordOut

    def to_dict(self) -> dict[str, Any]:
        from ..models.record_out import RecordOut

        commitment = self.commitment

        entropy = self.entropy

        seed = self.seed

        deck = self.deck

        record: dict[str, Any] | None
        if isinstance(self.record, RecordOut):
            record = self.record.to_dict()
        else:
            record = self.record

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "commitment": commitment,
                "entropy": entropy,
                "seed": seed,
                "deck": deck,
                "record": record,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.record_out import RecordOut

        d = dict(src_dict)
        commitment = d.pop("commitment")

        entropy = d.pop("entropy")

        seed = d.pop("seed")

        deck = cast(list[str], d.pop("deck"))

        def _parse_record(data: object) -> None | RecordOut:
            if data is None:
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                record_type_0 = RecordOut.from_dict(data)

                return record_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(None | RecordOut, data)

        record = _parse_record(d.pop("record"))

        revealed_out = cls(
            commitment=commitment,
            entropy=entropy,
            seed=seed,
            deck=deck,
            record=record,
        )

        return revealed_out
