from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar, cast

from attrs import define as _attrs_define

if TYPE_CHECKING:
    from ..models.reason import Reason
    from ..models.result_draw import ResultDraw
    from ..models.result_out import ResultOut
    from ..models.state_out import StateOut


T = TypeVar("T", bound="MoveResponse")


@_attrs_define
class MoveResponse:
    """
    Attributes:
        legal (bool):
        reasons (list[Reason]):
        summary (str): One sentence for a person about what happened: the moves made and what the table waits for, or
            why a move was refused. Example: ana drew from the stock, then discarded K♣; ben is to draw.
        applied (int): How many moves were applied.
        state (StateOut): A state as answers give it: canonical, every field filled in, rules resolved.
        result (None | ResultDraw | ResultOut):
    """

    legal: bool
    reasons: list[Reason]
    summary: str
    applied: int
    state: StateOut
    result: None | ResultDraw | ResultOut

    def to_dict(self) -> dict[str, Any]:
        from ..models.result_draw import ResultDraw
        from ..models.result_out import ResultOut

        legal = self.legal

        reasons = []
        for reasons_item_data in self.reasons:
            reasons_item = reasons_item_data.to_dict()
            reasons.append(reasons_item)

        summary = self.summary

        applied = self.applied

        state = self.state.to_dict()

        result: dict[str, Any] | None
        if isinstance(self.result, ResultOut) or isinstance(self.result, ResultDraw):
            result = self.result.to_dict()
        else:
            result = self.result

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "legal": legal,
                "reasons": reasons,
                "summary": summary,
                "applied": applied,
                "state": state,
                "result": result,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.reason import Reason
        from ..models.result_draw import ResultDraw
        from ..models.result_out import ResultOut
        from ..models.state_out import StateOut

        d = dict(src_dict)
        legal = d.pop("legal")

        reasons = []
        _reasons = d.pop("reasons")
        for reasons_item_data in _reasons:
            reasons_item = Reason.from_dict(reasons_item_data)

            reasons.append(reasons_item)

        summary = d.pop("summary")

        applied = d.pop("applied")

        state = StateOut.from_dict(d.pop("state"))

        def _parse_result(data: object) -> None | ResultDraw | ResultOut:
            if data is None:
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                componentsschemas_result_type_0 = ResultOut.from_dict(data)

                return componentsschemas_result_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                componentsschemas_result_type_1 = ResultDraw.from_dict(data)

                return componentsschemas_result_type_1
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(None | ResultDraw | ResultOut, data)

        result = _parse_result(d.pop("result"))

        move_response = cls(
            legal=legal,
            reasons=reasons,
            summary=summary,
            applied=applied,
            state=state,
            result=result,
        )

        return move_response
