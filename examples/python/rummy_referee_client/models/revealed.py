from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar, cast

from attrs import define as _attrs_define

if TYPE_CHECKING:
    from ..models.record import Record


T = TypeVar("T", bound="Revealed")


@_attrs_define
class Revealed:
    """A finished hand's ``result.fairness``, as /v1/verify reads it.

    Attributes:
        commitment (str): SHA-256 of the hand's secret seed, hex: the same in every view from the deal to the end of the
            hand.
        entropy (str): The players' randomness the deck depends on, as sent to POST /v1/tables or /v1/tables/next; ""
            when none was sent (the deck then depends on the seed alone).
        seed (str): The hand's secret seed (32 bytes, hex), revealed once the hand is over.
        deck (list[str]): The deck as dealt, top card first.
        record (Record): The hand as it was played: players in seat order, dealer, rules, the hands dealt and the card
            turned up, and every move in order.
    """

    commitment: str
    entropy: str
    seed: str
    deck: list[str]
    record: Record

    def to_dict(self) -> dict[str, Any]:
        commitment = self.commitment

        entropy = self.entropy

        seed = self.seed

        deck = self.deck

        record = self.record.to_dict()

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
        from ..models.record import Record

        d = dict(src_dict)
        commitment = d.pop("commitment")

        entropy = d.pop("entropy")

        seed = d.pop("seed")

        deck = cast(list[str], d.pop("deck"))

        record = Record.from_dict(d.pop("record"))

        revealed = cls(
            commitment=commitment,
            entropy=entropy,
            seed=seed,
            deck=deck,
            record=record,
        )

        return revealed
