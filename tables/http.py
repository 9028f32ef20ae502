"""The sealed tables' routes (contract, Sealed tables): a flask-smorest Blueprint under /v1,
registered by ``app.create_app`` through :func:`register_tables`. Each view decodes, calls
:class:`tables.Tables`, and encodes; every refusal is problem details (422 at ``/table``, 403,
409, 503 when the replay guard's store does not answer)."""
from __future__ import annotations

from http import HTTPStatus

import orjson
from flask import Flask, Response, current_app

from referee.errors import InvalidInput, Problem
from referee.game import GameOver
from referee.rules import PRESETS

from . import BadTable, Forbidden, Stale, StoreUnavailable, Tables

EXTENSION = "rummy_tables"


TOKEN, SEAT = "rt1.the-table-token-of-the-last-answer", "the-seat-of-ana-from-POST-v1-tables"
EXAMPLES = {
    "create": {
        "two": {"summary": "Two players, ana leads", "value": {"players": ["ana", "ben"]}},
        "bots": {"summary": "ana against two computer opponents", "value": {"players": ["ana", "bob", "cy"], "bots": {"bob": "easy", "cy": "hard"}}},
    },
    "view": {
        "seat": {"summary": "ana's view", "value": {"table": TOKEN, "seat": SEAT}},
        "spectator": {"summary": "A spectator's view", "value": {"table": TOKEN}},
    },
    "move": {
        "draw": {"summary": "ana draws from the stock", "value": {"table": TOKEN, "seat": SEAT, "move": {"action": "draw", "source": "stock"}}},
        "turn": {"summary": "A whole turn: draw, then discard", "value": {"table": TOKEN, "seat": SEAT, "moves": [
            {"action": "draw", "source": "discard"}, {"action": "discard", "card": "KC"}]}},
    },
    "next": {"next": {"summary": "Deal the next hand", "value": {"table": TOKEN}}},
}


def register_tables(app: Flask, api) -> None:
    """Register the sealed tables on ``app``: ``app.config["TABLES"]`` (a :class:`Tables`), else
    one from the environment (``RUMMY_SEAL_KEYS``, ``RUMMY_TABLE_TTL``, ``RUMMY_TABLE_STORE``)."""
    app.extensions[EXTENSION] = app.config.get("TABLES") or Tables.from_environment()
    api.register_blueprint(make_blueprint())


def _tables() -> Tables:
    return current_app.extensions[EXTENSION]


def make_blueprint():
    """The Blueprint of ``/v1/tables*`` (built on the app's own blueprint class and problem
    answers, imported here to keep app.py's part to two lines)."""
    from app import RefereeBlueprint, invalid, problem
    from schemas import tables as T

    blp = RefereeBlueprint("tables", __name__, url_prefix="/v1", description=(
        "Sealed tables: the whole game in an opaque token, a seat per player, each seat seeing only "
        "what its player may (contract, Sealed tables)."))

    def errors(*codes):
        def wrap(fn):
            for code in codes:
                fn._apidoc = blp.alt_response(code, response=HTTPStatus(code).name)(fn)._apidoc
            return fn
        return wrap

    def refuse(exc: Exception, **extra) -> Response:
        if isinstance(exc, BadTable):
            return invalid([Problem(("table",), str(exc))])
        if isinstance(exc, Forbidden):
            return problem(403, str(exc))
        if isinstance(exc, GameOver):
            return problem(409, str(exc))
        if isinstance(exc, Stale):
            resp = problem(409, f"this is an old copy of the table: the table has moved on to seq {exc.latest}; use the latest table token")
            resp.set_data(orjson.dumps({**orjson.loads(resp.get_data()), "latest_seq": exc.latest}))
            return resp
        if isinstance(exc, StoreUnavailable):
            return problem(503, "the table store is not answering; try again in a moment", headers={"Retry-After": "5"})
        raise exc

    ex = EXAMPLES

    @blp.route("/tables", methods=["POST"])
    @blp.arguments(T.CreateTableRequest, examples=ex["create"])
    @blp.response(201, T.CreateTableResponse)
    @errors(400, 413, 415, 503)
    def create_table(args):
        """Seat the players and deal hand 1 from the operating system's randomness (R2, R3).

        Answers the sealed `table`, a `seat` for each human player (give each player only
        theirs) and the spectator's view. Computer opponents (`bots`) are played until a human
        is to move."""
        try:
            table, token = _tables().create(args["players"], args["rules"] or PRESETS["standard"], args["dealer"], args["bots"])
        except InvalidInput as bad:
            return invalid(bad.problems)
        except StoreUnavailable as exc:
            return refuse(exc)
        return {"table": token, "seats": _tables().seats(table), "view": T.view_out(table, None),
                "events": [e.as_dict() for e in table.game.events]}, 201

    @blp.route("/tables/view", methods=["POST"])
    @blp.arguments(T.ViewRequest, examples=ex["view"])
    @blp.response(200, T.ViewResponse)
    @errors(400, 403, 413, 415)
    def view_table(args):
        """What one seat may see (its own hand, the legal moves on its turn, counts for the
        others), or without a seat what a spectator sees."""
        try:
            opened = _tables().view(args["table"], args["seat"])
        except (BadTable, Forbidden) as exc:
            return refuse(exc)
        return {"view": T.view_out(opened.table, opened.player)}

    @blp.route("/tables/move", methods=["POST"])
    @blp.arguments(T.TableMoveRequest, examples=ex["move"])
    @blp.response(200, T.TableMoveResponse)
    @errors(400, 403, 409, 413, 415, 503)
    def move_at_table(args):
        """Play the seat's move (or moves, in order up to the first illegal one), then every
        computer opponent's turn until a human is to move (R4–R9, R13, R17, R18). `legal: false`
        is a normal answer; `table` is the token to use next."""
        single = "move" in args
        moves = [args["move"]] if single else args["moves"]
        tables = _tables()
        try:
            done = tables.move(args["table"], args["seat"], moves)
        except (BadTable, Forbidden, Stale, StoreUnavailable) as exc:
            return refuse(exc)
        except InvalidInput as bad:
            prefix = ("move",) if single else ("moves",)
            return invalid([Problem(prefix + (p.path[1:] if single else p.path), p.message) for p in bad.problems])
        o = done.outcome
        return {"legal": o.legal, "reasons": [r.as_dict() for r in o.reasons], "applied": o.applied,
                "table": done.token, "view": T.view_out(done.table, done.player),
                "result": o.result.as_dict() if o.result else None, "events": [e.as_dict() for e in done.events]}

    @blp.route("/tables/next", methods=["POST"])
    @blp.arguments(T.NextHandRequest, examples=ex["next"])
    @blp.response(200, T.NextHandResponse)
    @errors(400, 409, 413, 415, 503)
    def next_hand(args):
        """Deal the game's next hand: the dealer by R19, the scores carried until the game ends
        (R20). 409 while the hand is being played or once the game is over."""
        try:
            table, token, events = _tables().next(args["table"])
        except (BadTable, Stale, GameOver, StoreUnavailable) as exc:
            return refuse(exc)
        return {"table": token, "view": T.view_out(table, None), "events": [e.as_dict() for e in events]}

    return blp
