from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar, cast

from attrs import define as _attrs_define

from ..models.checked_outcome_type_1 import CheckedOutcomeType1
from ..models.checked_outcome_type_2_type_1 import CheckedOutcomeType2Type1
from ..models.checked_outcome_type_3_type_1 import CheckedOutcomeType3Type1

T = TypeVar("T", bound="Checked")


@_attrs_define
class Checked:
    """What a verified hand held (on a refusal: up to the first thing that does not hold).

    Attributes:
        moves (int): Moves replayed through the referee.
        stock_draws (int): Cards drawn from the stock, each checked against the deck.
        restocks (int): Times the discard pile was turned over as the new stock (R17).
        outcome (CheckedOutcomeType1 | CheckedOutcomeType2Type1 | CheckedOutcomeType3Type1 | None): How the hand ended;
            null when not verified.
    """

    moves: int
    stock_draws: int
    restocks: int
    outcome: (
        CheckedOutcomeType1 | CheckedOutcomeType2Type1 | CheckedOutcomeType3Type1 | None
    )

    def to_dict(self) -> dict[str, Any]:
        moves = self.moves

        stock_draws = self.stock_draws

        restocks = self.restocks

        outcome: None | str
        if (
            isinstance(self.outcome, CheckedOutcomeType1)
            or isinstance(self.outcome, CheckedOutcomeType2Type1)
            or isinstance(self.outcome, CheckedOutcomeType3Type1)
        ):
            outcome = self.outcome.value
        else:
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

        def _parse_outcome(
            data: object,
        ) -> (
            CheckedOutcomeType1
            | CheckedOutcomeType2Type1
            | CheckedOutcomeType3Type1
            | None
        ):
            if data is None:
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                outcome_type_1 = CheckedOutcomeType1(data)

                return outcome_type_1
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            try:
                if not isinstance(data, str):
                    raise TypeError()
                outcome_type_2_type_1 = CheckedOutcomeType2Type1(data)

                return outcome_type_2_type_1
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            try:
                if not isinstance(data, str):
                    raise TypeError()
                outcome_type_3_type_1 = CheckedOutcomeType3Type1(data)

                return outcome_type_3_type_1
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(
                CheckedOutcomeType1
                | CheckedOutcomeType2Type1
                | CheckedOutcomeType3Type1
                | None,
                data,
            )

        outcome = _parse_outcome(d.pop("outcome"))

        checked = cls(
            moves=moves,
            stock_draws=stock_draws,
            restocks=restocks,
            outcome=outcome,
        )

        return checked
