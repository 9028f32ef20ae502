"""The sealed tables' routes (contract, Sealed tables): a flask-smorest Blueprint under /v1,
registered by ``app.create_app`` through :func:`register_tables`. Each view decodes, calls
:class:`tables.Tables`, and encodes; every refusal is problem details (422 at ``/table``, 403,
409, 503 when the replay guard's store does not answer). With the guard on, an answer that
changes a table is written to bytes first and kept with the change (``Tables.commit``), so the
same request sent again gets exactly those bytes.

Beside ``app.py`` rather than inside ``tables/``: this is the one module that binds the
service (:class:`tables.Tables`) to the wire format (``schemas/``), and it gives the service
that format (``schemas.wire.TABLE_WIRE``), so ``tables/`` imports nothing of ``schemas/``."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from datetime import UTC, datetime
from typing import Any

import orjson
from flask import Flask, Response, current_app
from marshmallow import Schema

from referee.errors import InvalidInput, Problem
from referee.fairness import verify
from referee.game import GameOver
from referee.speech import say
from referee.view import told
from schemas import fairness as F
from schemas import tables as T
from schemas.suggest import SuggestResponse
from schemas.wire import TABLE_WIRE
from tables import (
    BadTable,
    EntropyTaken,
    Forbidden,
    NoPledges,
    NotToMove,
    Pending,
    PledgeRefused,
    PledgeUsed,
    Replayed,
    Stale,
    StoreUnavailable,
    Tables,
    TooLarge,
)
from tables import summary as said
from tables.codec import Table
from tables.view import TableView, table_view
from web import metrics
from web.problems import invalid, problem
from web.routes import RefereeBlueprint, problems_under

EXTENSION = "rummy_tables"


TOKEN, SEAT = "rt1.the-table-token-of-the-last-answer", "the-seat-of-ana-from-POST-v1-tables"
EXAMPLES = {
    "create": {
        "two": {"summary": "Two players, ana leads", "value": {"players": ["ana", "ben"]}},
        "bots": {
            "summary": "ana against two computer opponents",
            "value": {"players": ["ana", "bob", "cy"], "bots": {"bob": "easy", "cy": "hard"}},
        },
    },
    "view": {
        "seat": {"summary": "ana's view", "value": {"table": TOKEN, "seat": SEAT}},
        "spectator": {"summary": "A spectator's view", "value": {"table": TOKEN}},
    },
    "move": {
        "draw": {
            "summary": "ana draws from the stock",
            "value": {"table": TOKEN, "seat": SEAT, "move": {"action": "draw", "source": "stock"}},
        },
        "turn": {
            "summary": "A whole turn: draw, then discard",
            "value": {
                "table": TOKEN,
                "seat": SEAT,
                "moves": [{"action": "draw", "source": "discard"}, {"action": "discard", "card": "KC"}],
            },
        },
    },
    "next": {"next": {"summary": "Deal the next hand", "value": {"table": TOKEN, "seat": SEAT, "entropy": "9c41e07b-ana"}}},
    "suggest": {"hint": {"summary": "Advice for ana, from the hard bot", "value": {"table": TOKEN, "seat": SEAT, "level": "hard"}}},
}
EXAMPLES["create"]["entropy"] = {
    "summary": "With the players' own randomness in the deck",
    "value": {"players": ["ana", "ben"], "entropy": "f3a9c2e1-ana+7b0d44-ben"},
}


def register_tables(app: Flask, api: Any) -> None:
    """Register the sealed tables on ``app``: ``app.config["TABLES"]`` (a :class:`Tables`), else
    one from the environment (``RUMMY_SEAL_KEYS``, ``RUMMY_TABLE_TTL``, ``RUMMY_TABLE_STORE``),
    the routes, and the answer to each refusal of :class:`Tables`."""
    app.extensions[EXTENSION] = app.config.get("TABLES") or Tables.from_environment(TABLE_WIRE)
    api.register_blueprint(blp)
    # each refusal's sentence (exc.args[0]), said in the request's language
    app.register_error_handler(BadTable, lambda exc: invalid([Problem(("table",), _said(exc))]))
    app.register_error_handler(Forbidden, lambda exc: problem(403, _said(exc)))
    app.register_error_handler(PledgeRefused, lambda exc: invalid([Problem(("pledge",), _said(exc))]))
    app.register_error_handler(PledgeUsed, lambda exc: problem(409, _said(exc)))
    app.register_error_handler(NoPledges, lambda exc: problem(409, _said(exc)))
    app.register_error_handler(EntropyTaken, lambda exc: problem(409, _said(exc)))
    app.register_error_handler(GameOver, lambda exc: problem(409, _said(exc)))
    app.register_error_handler(NotToMove, lambda exc: problem(409, _said(exc)))
    app.register_error_handler(TooLarge, lambda exc: problem(409, _said(exc)))
    app.register_error_handler(Stale, _stale)
    app.register_error_handler(Replayed, _replayed)
    app.register_error_handler(StoreUnavailable, _unavailable)
    store = app.extensions[EXTENSION].store
    if getattr(store, "breaker", None) is not None and store.breaker.on_change is None:
        store.breaker.on_change = metrics.breaker_changed


def store_not_ready(app: Flask) -> str | None:
    """Why the sealed tables' store is not usable (unreachable, refusing, its scripts not
    loaded), or None when it is, or when the tables run without one (``/readyz`` asks it)."""
    store = app.extensions[EXTENSION].store
    why: str | None = store.ready() if store is not None and hasattr(store, "ready") else None
    return why


def _said(exc: Exception) -> str:
    """A refusal's sentence: the :class:`~referee.speech.Sentence` it was raised with (``str(exc)``
    would be its English words only)."""
    said = exc.args[0] if exc.args else None
    return said if isinstance(said, str) else str(exc)


def _replayed(exc: Replayed) -> Response:
    metrics.GUARD.labels("replayed").inc()
    return Response(exc.body, 200, mimetype="application/json")


def _unavailable(exc: StoreUnavailable) -> Response:
    """503 with ``Retry-After``. When the store may have recorded the change all the same (its
    reply was lost), the answer says so: the same request sent again learns which."""
    metrics.GUARD.labels("unavailable").inc()
    detail = (
        say("the table store did not confirm this change, so it may have been recorded: send the same request again to learn which")
        if exc.unknown
        else say("the table store is not answering; try again in a moment")
    )
    return problem(503, detail, headers={"Retry-After": str(max(1, exc.retry_after))})


def _stale(exc: Stale) -> Response:
    """409 naming the table's latest ``seq`` (in words and as ``latest_seq``) and carrying its
    latest token as ``table`` and, when the request named a seat, that seat's ``view`` of it, so
    the client catches up in one request and plays on (contract: a lost answer never loses a table)."""
    metrics.GUARD.labels("stale").inc()
    if exc.table:
        stale = say(
            "this is an old copy of the table: the table has moved on to seq {seq}; play on with the table token in this answer",
            seq=str(exc.latest),
        )
    else:
        stale = say(
            "this is an old copy of the table: the table has moved on to seq {seq}; use the latest table token", seq=str(exc.latest)
        )
    resp = problem(409, stale)
    extra = {"latest_seq": exc.latest, **({"table": exc.table} if exc.table else {})}
    if exc.view is not None:
        extra["view"] = VIEW_ANSWER.dump({"view": exc.view})["view"]
    resp.set_data(orjson.dumps({**orjson.loads(resp.get_data()), **extra}))
    return resp


@contextmanager
def _catching_up(seat: str | None) -> Iterator[None]:
    """A :class:`Stale` refusal of a request naming ``seat`` gets that seat's view of the latest
    token it carries (the seat was checked against the table before the guard was asked)."""
    try:
        yield
    except Stale as stale:
        if stale.table is not None and seat is not None:
            opened = _tables().view(stale.table, seat)
            stale.view = table_view(opened.table, opened.player)
        raise


def _kept(answer: dict[str, Any], schema: Schema, pending: Pending | None) -> Any:
    """``answer`` as the route returns it; with a change for the replay guard to record, its
    bytes (dumped by ``schema`` as flask-smorest would), recorded with the change and sent."""
    metrics.TOKEN_BYTES.observe(len(answer["table"]))
    if pending is None or pending.new == pending.old:
        return answer
    body = orjson.dumps(schema.dump(answer))
    _tables().commit(pending, body)
    metrics.GUARD.labels("recorded").inc()
    return Response(body, 200, mimetype="application/json")


def _tables() -> Tables:
    tables: Tables = current_app.extensions[EXTENSION]
    return tables


def _view(table: Table, viewer: str | None) -> TableView:
    """The view of ``table`` for ``viewer``; a finished hand's deck withheld when no replay
    guard keeps the tables (``RUMMY_TABLE_STORE=none``: an old token is accepted there, and a
    revealed deck would show a player who rewinds every card still hidden)."""
    return table_view(table, viewer, reveal=_tables().store is not None)


blp = RefereeBlueprint(
    "tables",
    __name__,
    url_prefix="/v1",
    description=(
        "Sealed tables: the whole game in an opaque token, a seat per player, each seat seeing only "
        "what its player may (contract, Sealed tables)."
    ),
)


@blp.post("/tables", T.CreateTableRequest, T.CreateTableResponse, EXAMPLES["create"], status=201, errors=(409, 503))
def create_table(args: dict[str, Any]) -> Any:
    """Seat the players and deal hand 1 from the operating system's randomness (R2, R3), or from
    a `pledge`'s seed (POST /v1/tables/pledge: committed before your entropy existed; 409 when
    the pledge already dealt another table).

    Answers the sealed `table`, a `seat` for each human player (give each player only
    theirs) and the spectator's view. Computer opponents (`bots`) are played until a human
    is to move."""
    table, token = _tables().create(
        args["players"], args["rules"], args["dealer"], args["bots"], entropy=args["entropy"], pledge=args["pledge"]
    )
    metrics.TOKEN_BYTES.observe(len(token))
    seats, viewer = _tables().seats(table), args["seat"]
    if viewer is not None and viewer not in seats:
        raise InvalidInput(
            [Problem(("seat",), say("{player} is not a human player at this table: the view answered is a human player's", player=viewer))]
        )
    events = table.game.events
    return {
        "table": token,
        "seats": seats,
        "view": _view(table, viewer),
        "events": told(events),
        "summary": said.moved(events, table.game.state, viewer),
    }, 201


@blp.post(
    "/tables/pledge",
    F.PledgeRequest,
    F.PledgeResponse,
    {"pledge": {"summary": "A pledge for a new table", "value": {}}},
    status=201,
    errors=(409, 503),
)
def pledge_table(args: dict[str, Any]) -> Any:
    """Commit to hand 1's seed before any entropy exists (contract, Provably fair deals).

    Note the `commitment`, draw your entropy, then send both the `pledge` and the `entropy` to
    POST /v1/tables: hand 1 is dealt from the pledged seed, so its `fairness.commitment` is this
    one and the service could not choose the deal after seeing your entropy. A pledge deals one
    table only (the table store records its use) and expires after 10 minutes. 409 from a
    service that runs without a table store (it cannot make a pledge single-use), 503 when the
    store does not answer."""
    p = _tables().pledge()
    when = datetime.fromtimestamp(p.expires_at, UTC).strftime("%Y-%m-%dT%H:%M:%SZ")
    return {"pledge": p.token, "commitment": p.commitment, "expires_at": when}, 201


@blp.post("/tables/view", T.ViewRequest, T.ViewResponse, EXAMPLES["view"], errors=(403,))
def view_table(args: dict[str, Any]) -> Any:
    """What one seat may see (its own hand, the legal moves on its turn, counts for the
    others), or without a seat what a spectator sees."""
    opened = _tables().view(args["table"], args["seat"])
    return {"view": _view(opened.table, opened.player)}


@blp.post("/tables/move", T.TableMoveRequest, T.TableMoveResponse, EXAMPLES["move"], errors=(403, 409, 503))
def move_at_table(args: dict[str, Any]) -> Any:
    """Play the seat's move (or moves, in order up to the first illegal one), then every
    computer opponent's turn until a human is to move (R4–R9, R13, R17, R18). `legal: false`
    is a normal answer; `table` is the token to use next. 409 on an older token than the latest
    (replay guard on) or when the table would grow past the longest token the service seals (it
    cannot go on: start a new table)."""
    with _catching_up(args["seat"]):
        return _move_at_table(args)


def _move_at_table(args: dict[str, Any]) -> Any:
    single = "move" in args
    with problems_under("move" if single else "moves", first_index=single):
        done = _tables().move(args["table"], args["seat"], [args["move"]] if single else args["moves"])
    o = done.outcome
    moved = said.moved(done.events, done.table.game.state, done.player) if done.events or o.legal else None
    summary: str = moved or ""
    if not o.legal:
        why = o.reasons[0].message
        summary = said.then_refused(moved, why, done.player) if moved else said.refused(why, done.player)
    answer = {
        "legal": o.legal,
        "reasons": o.reasons,
        "applied": o.applied,
        "table": done.token,
        "view": _view(done.table, done.player),
        "result": o.result,
        "events": told(done.events),
        "summary": summary,
    }
    return _kept(answer, MOVE_ANSWER, done.pending)


@blp.post("/tables/next", T.NextHandRequest, T.NextHandResponse, EXAMPLES["next"], errors=(403, 409, 503))
def next_hand(args: dict[str, Any]) -> Any:
    """Deal the game's next hand: the dealer by R19, the scores carried until the game ends
    (R20). Only a seat of the table deals (no seat, or another table's: 403). At a table of
    several human seats each seat sends its own entropy and the hand is dealt once every one
    has (until then the answer's view names the seats in fairness.waiting_for); a seat's other
    entropy for the same deal is a 409. 409 while the hand is being played, once the game is over, on an older token than the
    latest (replay guard on), or when the table would grow past the longest token the service
    seals (it cannot go on: start a new table)."""
    with _catching_up(args["seat"]):
        return _next_hand(args)


def _next_hand(args: dict[str, Any]) -> Any:
    dealt = _tables().next(args["table"], args["seat"], args["entropy"])
    viewer = dealt.player
    answer = {
        "table": dealt.token,
        "view": _view(dealt.table, viewer),
        "events": told(dealt.events),
        "summary": said.moved(dealt.events, dealt.table.game.state, viewer) if not dealt.waiting_for else said.waiting(dealt.waiting_for),
    }
    return _kept(answer, NEXT_ANSWER, dealt.pending)


MOVE_ANSWER, NEXT_ANSWER, VIEW_ANSWER = T.TableMoveResponse(), T.NextHandResponse(), T.ViewResponse()


@blp.post("/tables/suggest", T.TableSuggestRequest, SuggestResponse, EXAMPLES["suggest"], errors=(403, 409))
def suggest_at_table(args: dict[str, Any]) -> Any:
    """Advice for the seat to move: exactly the move the computer opponent of `level` (default
    hard) would make from that seat, seeing only what the seat may see, and one sentence why.

    Reads the table and changes nothing (the same token stays the latest). 409 when it is not
    the seat's turn or the hand is over."""
    return _tables().suggest(args["table"], args["seat"], args["level"])


@blp.post("/verify", F.VerifyRequest, F.VerifyResponse, F.EXAMPLES)
def verify_deal(args: dict[str, Any]) -> Any:
    """Check a finished hand's `result.fairness` without trusting the service and without any
    key: SHA-256 of the seed is the commitment shown during the hand, the deck follows from the
    seed and the entropy (README, Provably fair), the record's deal is that deck's, and every
    move is legal where it stands with every card drawn the one the stock (through every
    restock, R17) or the discard pile held. `verified: false` is a normal answer naming the
    first thing that does not hold."""
    return verify(args["fairness"], args["rules"], args["expect"])
