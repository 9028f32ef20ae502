from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar, cast

from attrs import define as _attrs_define

T = TypeVar("T", bound="Checked")


@_attrs_define
class Checked:
    """What a verified hand held: moves, stock draws, restocks and how it ended (zeros and a null outcome when it is not
    verified).

        Attributes:
            moves (int): Moves replayed through the referee.
            stock_draws (int): Cards drawn from the stock, each checked against the deck.
            restocks (int): Times the discard pile was turned over as the new stock (R17).
            outcome (None | str): How the hand ended: out or draw; null when not verified.
    """

    moves: int
    stock_draws: int
    restocks: int
    outcome: None | str

    def to_dict(self) -> dict[str, Any]:
        moves = self.moves

        stock_draws = self.stock_draws

        restocks = self.restocks

        outcome: None | str
        outcome = self.outcome

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "moves": moves,
                "stock_draws": stock_draws,
                "restocks": restocks,
                "outcome": outcome,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        moves = d.pop("moves")

        stock_draws = d.pop("stock_draws")

        restocks = d.pop("restocks")

        def _parse_outcome(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        outcome = _parse_outcome(d.pop("outcome"))

        checked = cls(
            moves=moves,
            stock_draws=stock_draws,
            restocks=restocks,
            outcome=outcome,
        )

        return checked
