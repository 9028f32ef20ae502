from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar, cast

from attrs import define as _attrs_define

from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.create_table_request_bots import CreateTableRequestBots
    from ..models.rules import Rules


T = TypeVar("T", bound="CreateTableRequest")


@_attrs_define
class CreateTableRequest:
    """
    Attributes:
        players (list[str]):
        dealer (None | str | Unset): Default: the last player, so the first leads. Example: ana.
        rules (None | Rules | Unset): Default: none (null).
        bots (CreateTableRequestBots | Unset): Seats the service plays itself: player id → level (easy, medium, hard).
            They get no seat; at least one player must be human.
        seat (None | str | Unset): A human player whose view the answer gives (so no /v1/tables/view call is needed);
            left out, the spectator's view. Default: none (null). Example: ana.
        entropy (None | str | Unset): Randomness of the players' own (for example drawn by each player's device and
            joined), 1 to 128 characters: the deck order depends on it, so the service cannot choose the deal alone (README,
            Provably fair). Default: none (null). Example: f3a9c2e1-ana+7b0d44-ben.
    """

    players: list[str]
    dealer: None | str | Unset = UNSET
    rules: None | Rules | Unset = UNSET
    bots: CreateTableRequestBots | Unset = UNSET
    seat: None | str | Unset = UNSET
    entropy: None | str | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        from ..models.rules import Rules

        players = self.players

        dealer: None | str | Unset
        if isinstance(self.dealer, Unset):
            dealer = UNSET
        else:
            dealer = self.dealer

        rules: dict[str, Any] | None | Unset
        if isinstance(self.rules, Unset):
            rules = UNSET
        elif isinstance(self.rules, Rules):
            rules = self.rules.to_dict()
        else:
            rules = self.rules

        bots: dict[str, Any] | Unset = UNSET
        if not isinstance(self.bots, Unset):
            bots = self.bots.to_dict()

        seat: None | str | Unset
        if isinstance(self.seat, Unset):
            seat = UNSET
        else:
            seat = self.seat

        entropy: None | str | Unset
        if isinstance(self.entropy, Unset):
            entropy = UNSET
        else:
            entropy = self.entropy

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "players": players,
            }
        )
        if dealer is not UNSET:
            field_dict["dealer"] = dealer
        if rules is not UNSET:
            field_dict["rules"] = rules
        if bots is not UNSET:
            field_dict["bots"] = bots
        if seat is not UNSET:
            field_dict["seat"] = seat
        if entropy is not UNSET:
            field_dict["entropy"] = entropy

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.create_table_request_bots import CreateTableRequestBots
        from ..models.rules import Rules

        d = dict(src_dict)
        players = cast(list[str], d.pop("players"))

        def _parse_dealer(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        dealer = _parse_dealer(d.pop("dealer", UNSET))

        def _parse_rules(data: object) -> None | Rules | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                rules_type_0 = Rules.from_dict(data)

                return rules_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(None | Rules | Unset, data)

        rules = _parse_rules(d.pop("rules", UNSET))

        _bots = d.pop("bots", UNSET)
        bots: CreateTableRequestBots | Unset
        if isinstance(_bots, Unset):
            bots = UNSET
        else:
            bots = CreateTableRequestBots.from_dict(_bots)

        def _parse_seat(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        seat = _parse_seat(d.pop("seat", UNSET))

        def _parse_entropy(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        entropy = _parse_entropy(d.pop("entropy", UNSET))

        create_table_request = cls(
            players=players,
            dealer=dealer,
            rules=rules,
            bots=bots,
            seat=seat,
            entropy=entropy,
        )

        return create_table_request
