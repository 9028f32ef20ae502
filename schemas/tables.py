"""Request and response bodies of the sealed tables (contract, Sealed tables; Computer opponents).

A View holds exactly the contract's fields: no other player's cards, the stock as a count.
:func:`view_out` builds it from ``referee.view.seat_view`` (through ``Game.view``).
"""
from __future__ import annotations

from dataclasses import replace
from functools import lru_cache

from marshmallow import Schema, ValidationError, fields, validate, validates_schema

from referee.scorepad import Pad
from referee.state import Meld, Turn

from referee.bots import LEVELS
from tables.codec import Table
from tables.seal import MAX_TOKEN_CHARS

from .base import FastPathSchema
from .api import MoveOutSchema, ReasonSchema, ResultSchema, ScorepadResponse
from .fields import BoundedList, CardList, PlayerEntries, PlayerName
from .rules import ResolvedRulesSchema, RulesSchema
from .state import MAX_MOVES, MeldSchema, MoveSchema, TurnSchema

TABLE_DOC = {"description": "The sealed table token, exactly as the last answer gave it (opaque).", "example": "rt1.…"}
SEAT_DOC = {"description": "The seat credential of one player at this table (from POST /v1/tables).", "example": "q3v…"}


def _token(**kw):
    return fields.String(validate=validate.Length(min=1, max=MAX_TOKEN_CHARS), **kw)


# --- requests ----------------------------------------------------------------------------

class CreateTableRequest(Schema):
    players = BoundedList(PlayerName(), required=True, validate=validate.Length(min=2, max=6), metadata={"uniqueItems": True})
    dealer = PlayerName(load_default=None, allow_none=True, metadata={"description": "Default: the last player, so the first leads."})
    rules = fields.Nested(RulesSchema, load_default=None)
    bots = PlayerEntries(keys=fields.String(), values=fields.String(validate=validate.OneOf(LEVELS)), load_default=dict,
                         validate=validate.Length(max=5),
                         metadata={"description": "Seats the service plays itself: player id → level (easy, medium, hard). They get no seat; at least one player must be human."})


class ViewRequest(Schema):
    table = _token(required=True, metadata=TABLE_DOC)
    seat = _token(load_default=None, allow_none=True, metadata={**SEAT_DOC, "description": "A player's seat; left out, the spectator's view."})


class SeatMoveSchema(MoveSchema):
    """A move at a sealed table: ``player`` may be left out (the seat's player)."""

    player = PlayerName(load_default=None, metadata={"description": "Left out: the seat's player. Another player than the seat's is a 403."})


class TableMoveRequest(FastPathSchema):
    table = _token(required=True, metadata=TABLE_DOC)
    seat = _token(required=True, metadata=SEAT_DOC)
    move = fields.Nested(SeatMoveSchema)
    moves = BoundedList(fields.Nested(SeatMoveSchema), validate=validate.Length(min=1, max=MAX_MOVES))

    @validates_schema(pass_original=True)
    def one_of_move_or_moves(self, data, original, **kw):
        if ("move" in original) == ("moves" in original):
            raise ValidationError("send exactly one of 'move' (one move) and 'moves' (a list)", "move")

    fast_load = staticmethod(lambda d: _load_move_request(d))


_MOVE = MoveSchema()
_SEAT_PLACEHOLDER = "seat"


def _load_seat_move(m):
    """A move through MoveSchema's own fast path (``player`` filled in when left out, then
    cleared again), or None to let the schema load it and word any error."""
    if type(m) is not dict:
        return None
    given = "player" in m
    try:
        move = _MOVE.load(m if given else {**m, "player": _SEAT_PLACEHOLDER})
    except ValidationError:
        return None
    return move if given else replace(move, player=None)


def _load_move_request(d):
    """``TableMoveRequest().load(d)`` for the usual body, or None to let the schema do it."""
    if type(d) is not dict or d.keys() not in ({"table", "seat", "move"}, {"table", "seat", "moves"}):
        return None
    table, seat = d["table"], d["seat"]
    if type(table) is not str or type(seat) is not str or not 0 < len(table) <= MAX_TOKEN_CHARS or not 0 < len(seat) <= MAX_TOKEN_CHARS:
        return None
    if "move" in d:
        move = _load_seat_move(d["move"])
        return None if move is None else {"table": table, "seat": seat, "move": move}
    raw = d["moves"]
    if type(raw) is not list or not 1 <= len(raw) <= MAX_MOVES:
        return None
    moves = [_load_seat_move(m) for m in raw]
    return None if any(m is None for m in moves) else {"table": table, "seat": seat, "moves": moves}


class NextHandRequest(Schema):
    table = _token(required=True, metadata=TABLE_DOC)


# --- the view ----------------------------------------------------------------------------

class SeatOutSchema(Schema):
    id = fields.String(required=True)
    cards = fields.Integer(required=True, metadata={"description": "How many cards the player holds."})
    tabled = fields.Boolean(required=True, metadata={"description": "Melded or laid off on an earlier turn of this hand (R15)."})
    hand = fields.List(fields.String(), metadata={"description": "The cards, for the seat's own player only."})


class EventSchema(MoveOutSchema):
    """One move as every player saw it: a draw from the stock without its card; a draw from the
    discard pile with the ``card`` taken; a meld or lay-off with its ``cards`` and ``meld`` id;
    a discard with its ``card``."""

    meld = fields.String(allow_none=True)


class ViewResultSchema(ResultSchema):
    remaining_cards = fields.Dict(keys=fields.String(), values=fields.List(fields.String()),
                                  metadata={"description": "Every player's cards left, laid down to be counted (R14)."})


class ScoresSchema(ScorepadResponse):
    """The game's scores, as /v1/scorepad answers them (the rules are the view's)."""

    class Meta:
        exclude = ("rules",)


class ViewSchema(Schema):
    """What one seat (or a spectator) may see of a sealed table."""

    table_id = fields.String(required=True)
    hand = fields.Integer(required=True, metadata={"description": "The hand being played: 1, 2, …"})
    seq = fields.Integer(required=True, metadata={"description": "Changes made to this table so far: every move applied, and every hand dealt after the first."})
    rules = fields.Nested(ResolvedRulesSchema, required=True)
    dealer = fields.String(required=True)
    players = fields.List(fields.Nested(SeatOutSchema), required=True)
    turn = fields.Nested(TurnSchema, required=True)
    stock = fields.Integer(required=True, metadata={"description": "Cards in the stock (face down: a count)."})
    discard = CardList(required=True, metadata={"description": "Face up, bottom card first; the last card is the visible top."})
    melds = fields.List(fields.Nested(MeldSchema), required=True)
    restocks = fields.Integer(required=True)
    status = fields.String(required=True, metadata={"enum": ["playing", "out", "draw"]})
    result = fields.Nested(ViewResultSchema, allow_none=True, required=True)
    scores = fields.Nested(ScoresSchema, required=True, metadata={"description": "The game's scores, as /v1/scorepad answers them."})
    events = fields.List(fields.Nested(EventSchema), required=True, metadata={"description": "The moves since this seat's last move (a spectator: this hand's)."})
    legal_moves = fields.List(fields.Nested(MoveOutSchema), metadata={"description": "Every legal move: only for the seat whose turn it is."})


def view_out(table: Table, viewer: str | None) -> dict:
    """The contract's View of ``table`` for ``viewer`` (None: a spectator), ready to dump."""
    game = table.game
    v = game.view(viewer)
    players = []
    for s in v.seats:
        seat = {"id": s.id, "cards": s.cards, "tabled": s.tabled}
        if s.id == viewer:
            seat["hand"] = [c.code for c in v.hand]
        players.append(seat)
    result = None
    if v.result is not None:
        result = {**v.result.as_dict(), "remaining_cards": {p: [c.code for c in h] for p, h in (v.remaining_cards or {}).items()}}
    out = {
        "table_id": table.id, "hand": game.number, "seq": game.seq, "rules": v.rules, "dealer": v.dealer,
        "players": players, "turn": v.turn, "stock": v.stock, "discard": v.discard, "melds": v.melds,
        "restocks": v.restocks, "status": v.status, "result": result, "scores": game.pad(),
        "events": [e.as_dict() for e in v.events],
    }
    if v.to_move:
        out["legal_moves"] = [m.as_dict() for m in v.legal_moves]
    return out


# --- responses ---------------------------------------------------------------------------

class CreateTableResponse(FastPathSchema):
    table = fields.String(required=True, metadata=TABLE_DOC)
    seats = fields.Dict(keys=fields.String(), values=fields.String(), required=True,
                        metadata={"description": "Each human player's seat credential: give each player only their own."})
    view = fields.Nested(ViewSchema, required=True, metadata={"description": "The spectator's view."})
    events = fields.List(fields.Nested(EventSchema), required=True, metadata={"description": "The computer opponents' moves before the first human's turn."})

    fast_dump = staticmethod(lambda d: dump_answer(d))


class ViewResponse(FastPathSchema):
    view = fields.Nested(ViewSchema, required=True)

    fast_dump = staticmethod(lambda d: dump_answer(d))


class TableMoveResponse(FastPathSchema):
    legal = fields.Boolean(required=True)
    reasons = fields.List(fields.Nested(ReasonSchema), required=True)
    applied = fields.Integer(required=True, metadata={"description": "How many of the seat's moves were applied."})
    table = fields.String(required=True, metadata={"description": "The table after the moves: use it for the next request (the same token when nothing changed)."})
    view = fields.Nested(ViewSchema, required=True, metadata={"description": "The seat's view after the moves (and the computer opponents' turns)."})
    result = fields.Nested(ResultSchema, allow_none=True, required=True)
    events = fields.List(fields.Nested(EventSchema), required=True, metadata={"description": "Each move made since the request, in order, as every player saw it: the seat's, then the computer opponents'."})

    fast_dump = staticmethod(lambda d: dump_answer(d))


class NextHandResponse(FastPathSchema):
    table = fields.String(required=True, metadata=TABLE_DOC)
    view = fields.Nested(ViewSchema, required=True, metadata={"description": "The spectator's view of the new hand."})
    events = fields.List(fields.Nested(EventSchema), required=True, metadata={"description": "The computer opponents' moves before the first human's turn."})

    fast_dump = staticmethod(lambda d: dump_answer(d))


# --- fast dumps (tests/test_tables_properties.py: equal to marshmallow's, byte for byte) ------

@lru_cache(maxsize=64)
def _rules_json(rules) -> dict:
    return ResolvedRulesSchema().dump(rules)


def _turn_json(t: Turn) -> dict:
    taken = t.taken_discard
    return {"player": t.player, "phase": t.phase, "taken_discard": None if taken is None else taken.code,
            "melds_made": t.melds_made, "laid_off": t.laid_off}


def _meld_json(m: Meld) -> dict:
    return {"id": m.id, "owner": m.owner, "cards": [c.code for c in m.cards], "kind": m.kind}


def _pad_json(p: Pad) -> dict:
    return {
        "hands": [{"number": h.number, "dealer": h.dealer, "winner": h.winner, "rummy": h.rummy, "multiplier": h.multiplier,
                   "draw": h.draw, "points": h.points, "remaining": dict(h.remaining), "totals": dict(h.totals)} for h in p.hands],
        "totals": dict(p.totals),
        "standings": [{"player": x.player, "total": x.total, "rank": x.rank} for x in p.standings],
        "next_dealer": p.next_dealer, "game_over": p.game_over, "winner": p.winner,
        "to_target": None if p.to_target is None else dict(p.to_target),
    }


_VIEW_ORDER = tuple(ViewSchema._declared_fields)
_RESULT_ORDER = tuple(ViewResultSchema._declared_fields)


def _view_json(v: dict) -> dict:
    out = dict(v)
    out["rules"] = dict(_rules_json(v["rules"]))
    out["turn"] = _turn_json(v["turn"])
    out["discard"] = [c.code for c in v["discard"]]
    out["melds"] = [_meld_json(m) for m in v["melds"]]
    out["scores"] = _pad_json(v["scores"])
    if v["result"] is not None:
        out["result"] = {k: v["result"][k] for k in _RESULT_ORDER if k in v["result"]}
    return {k: out[k] for k in _VIEW_ORDER if k in out}


def dump_answer(d: dict) -> dict:
    """A sealed-table answer (as the routes build it, with a ``view`` from :func:`view_out`) as
    its schema dumps it, without marshmallow's per-field walk."""
    return {**d, "view": _view_json(d["view"])}
