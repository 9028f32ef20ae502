"""Play a whole hand of Rummy through the client generated from openapi.yaml
(``rummy_referee_client``, made by openapi-python-client: ``make client``), typed throughout
and checked with ``mypy --strict``.

    python examples/python/play_hand_typed.py --base-url http://127.0.0.1:8000 --seed 7

Deals a hand, then asks for the legal moves and plays one until the hand ends: a meld or a
lay-off when there is one, else the draw from the stock, else the discard of the card that
helps least.
Every answer is a typed value: a move is one of four shapes told apart by ``action``, a result
one of two told apart by ``outcome``, a reason's code a ``ReasonCode`` (or a newer code as text).
"""

from __future__ import annotations

import argparse
import sys
from typing import TypeVar

from rummy_referee_client import Client
from rummy_referee_client.api.v1 import deal, legal_moves, move
from rummy_referee_client.models import (
    DealRequest,
    DiscardMove,
    DiscardMoveOut,
    DrawMove,
    DrawMoveOut,
    LayOffMove,
    LayOffMoveOut,
    LegalMovesRequest,
    LegalMovesResponse,
    MeldMove,
    MeldMoveOut,
    MoveResponse,
    OneMoveRequest,
    Problem,
    ReasonCode,
    ResultDraw,
    ResultOut,
    Source,
    State,
    StateOut,
    StateResponse,
)

Move = DrawMove | MeldMove | LayOffMove | DiscardMove
LegalMove = DrawMoveOut | MeldMoveOut | LayOffMoveOut | DiscardMoveOut
Answer = TypeVar("Answer")
RANKS = {"A": 1, "J": 11, "Q": 12, "K": 13}
MAX_MOVES = 2000


class Refused(Exception):
    """The service answered a problem (4xx) instead of the answer asked for."""


def expect(answer: Answer | Problem | None, kind: type[Answer]) -> Answer:
    """``answer`` when it is a ``kind``; raises :class:`Refused` with the problem's detail."""
    if isinstance(answer, kind):
        return answer
    raise Refused(
        answer.detail
        if isinstance(answer, Problem)
        else f"no {kind.__name__} in the answer"
    )


def as_request(state: StateOut) -> State:
    """An answer's state, as the next request sends it (an answer's state is a valid request)."""
    return State.from_dict(state.to_dict())


def as_move(legal: LegalMove) -> Move:
    """A legal move as listed by /v1/legal-moves, as a move to send."""
    if isinstance(legal, DrawMoveOut):
        return DrawMove(player=legal.player, action="draw", source=legal.source)
    if isinstance(legal, MeldMoveOut):
        return MeldMove(player=legal.player, action="meld", cards=legal.cards)
    if isinstance(legal, LayOffMoveOut):
        return LayOffMove(
            player=legal.player, action="lay_off", cards=legal.cards, meld=legal.meld
        )
    return DiscardMove(player=legal.player, action="discard", card=legal.card)


def value(card: str) -> int:
    """A card code's rank as a number (A 1 … K 13)."""
    rank = card[:-1]
    return RANKS.get(rank) or int(rank)


def keep_worth(card: str, hand: list[str]) -> int:
    """How much ``card`` may help make a meld: the other cards of its rank, and of its suit
    within two ranks of it."""
    return sum(
        1
        for other in hand
        if other != card
        and (
            value(other) == value(card)
            or (other[-1] == card[-1] and abs(value(other) - value(card)) <= 2)
        )
    )


def choose(moves: list[LegalMove], hand: list[str]) -> LegalMove:
    """A meld or lay-off when there is one, else the draw from the stock, else the discard of
    the card that helps least (the highest of those)."""
    for legal in moves:
        if isinstance(legal, (MeldMoveOut, LayOffMoveOut)):
            return legal
    draws = [m for m in moves if isinstance(m, DrawMoveOut)]
    if draws:
        return next((m for m in draws if m.source == Source.STOCK), draws[0])
    discards = [m for m in moves if isinstance(m, DiscardMoveOut)]
    if not discards:
        return moves[0]
    return min(discards, key=lambda m: (keep_worth(m.card, hand), -value(m.card)))


def play_hand(client: Client, players: list[str], seed: int) -> str:
    """Deal with ``seed`` and play the hand to its end; returns how it ended, in one line."""
    state = expect(
        deal.sync(client=client, body=DealRequest(players=players, seed=seed)),
        StateResponse,
    ).state
    for played in range(MAX_MOVES):
        listed = expect(
            legal_moves.sync(
                client=client, body=LegalMovesRequest(state=as_request(state))
            ),
            LegalMovesResponse,
        )
        hand = next(p.hand for p in state.players if p.id == state.turn.player)
        chosen = as_move(choose(listed.moves, hand))
        answer = expect(
            move.sync(
                client=client, body=OneMoveRequest(state=as_request(state), move=chosen)
            ),
            MoveResponse,
        )
        if not answer.legal:
            codes = [
                r.code.value if isinstance(r.code, ReasonCode) else r.code
                for r in answer.reasons
            ]
            raise Refused(f"a listed legal move was refused: {codes}")
        state = answer.state
        result = answer.result
        if isinstance(result, ResultOut):
            how = " by going rummy" if result.rummy else ""
            return (
                f"{result.winner} went out{how} after {played + 1} moves and scores {result.points} "
                f"(x{result.multiplier}: "
                + ", ".join(
                    f"{who} {points}"
                    for who, points in result.remaining.additional_properties.items()
                )
                + ")"
            )
        if isinstance(result, ResultDraw):
            return f"a drawn hand after {played + 1} moves: nobody scores ({result.points})"
    raise Refused(f"the hand did not end within {MAX_MOVES} moves")


def main(argv: list[str] | None = None) -> int:
    """Command line: play one hand against the service at ``--base-url``."""
    parser = argparse.ArgumentParser(
        description=__doc__.splitlines()[0] if __doc__ else None
    )
    parser.add_argument("--base-url", default="http://127.0.0.1:8000")
    parser.add_argument("--seed", type=int, default=7)
    parser.add_argument("--players", nargs="+", default=["ana", "ben"])
    args = parser.parse_args(argv)
    with Client(base_url=args.base_url, raise_on_unexpected_status=True) as client:
        print(play_hand(client, args.players, args.seed))
    return 0


if __name__ == "__main__":
    sys.exit(main())
