"""Fast paths for the bodies sent on every move, behind the marshmallow schemas of record.

Marshmallow stays the schema of record: it decides what is accepted, words every error and
generates the OpenAPI document. But its generic machinery costs a few microseconds per field, and
a 4-player table snapshot is 60 fields in 11 nested schemas, loaded and dumped on every move
(bench/README.md). So the hot schemas hand their commonest jobs to the functions here:

- loading (:func:`load_state`, :func:`load_move`, :func:`load_move_request`): what
  ``StateSchema``, ``MoveSchema`` and ``MoveRequest`` load, for input in the usual shape; for
  anything else (a wrong type, an unknown field, a bad card or name, a value out of range, a
  table that ``validate_state`` refuses) they answer ``None`` and the schema loads it the normal
  way, so every error is marshmallow's own;
- dumping (:func:`dump_state`, :func:`dump_move_response`, :func:`dump_legal_moves`): what
  ``StateOutSchema``, ``MoveResponse`` and ``LegalMovesResponse`` dump, key for key and in the
  same order, or ``None`` (the schema dumps) for anything but the views' own answers.

Limits, choices and defaults are read from the schemas' own fields. Each schema's shape is checked
once against what the loaders expect (:func:`_spec`), and the dumpers are checked once against
marshmallow on a sample table (:func:`_dumps_agree`): when a schema changes, its fast paths switch
themselves off (marshmallow does the work, correct but slower) until this module is updated.
``tests/test_fast_paths.py`` checks every fast path against marshmallow, and that they are on.
"""
from __future__ import annotations

from functools import lru_cache

from marshmallow import ValidationError, fields as mf, missing, validate

from referee import Meld, Move, Player, State, Turn, validate_state
from referee.cards import card_by_spelling
from referee.errors import InvalidInput
from referee.rules import DEFAULT_PRESET, PRESETS, Rules

from .fields import name_problem

_SPELLINGS = card_by_spelling()
_GOOD_NAMES: set[str] = set()
_MAX_NAMES = 4096


# --- what the fast paths expect of the schemas ----------------------------------------------

# field: (field class name, required, allow_none); anything else in the schema switches the fast
# path off. Validators must be Length, Range or OneOf (their limits are read, not copied).
# "List" stands for marshmallow's List and for BoundedList, which refuses a long list sooner but
# loads an acceptable one the same.
_SHAPES = {
    "StateSchema": {"rules": ("Nested", False, True), "players": ("List", True, False),
                    "dealer": ("PlayerName", False, True), "turn": ("Nested", False, True),
                    "stock": ("CardList", True, False), "discard": ("CardList", True, False),
                    "melds": ("List", False, False), "restocks": ("StrictInteger", False, False),
                    "status": ("String", False, False)},
    "PlayerSchema": {"id": ("PlayerName", True, False), "hand": ("CardList", True, False),
                     "tabled": ("StrictBoolean", False, False)},
    "TurnSchema": {"player": ("PlayerName", True, False), "phase": ("String", False, False),
                   "taken_discard": ("Card", False, True), "melds_made": ("StrictInteger", False, False),
                   "laid_off": ("StrictBoolean", False, False)},
    "MeldSchema": {"id": ("VisibleId", True, False), "owner": ("PlayerName", False, True),
                   "cards": ("CardList", True, False), "kind": ("String", False, False)},
    "MoveSchema": {"player": ("PlayerName", True, False), "action": ("String", True, False),
                   "source": ("String", False, False), "cards": ("CardList", False, False),
                   "meld": ("VisibleId", False, False), "card": ("Card", False, False)},
    "MoveRequest": {"state": ("Nested", True, False), "move": ("Nested", False, False),
                    "moves": ("List", False, False)},
}


_LISTS = {"BoundedList": "List"}


class _Field:
    """The limits of one schema field: length or range bounds, choices and load default."""

    __slots__ = ("lo", "hi", "choices", "default")

    def __init__(self, field: mf.Field):
        self.lo = self.hi = self.choices = None
        for v in field.validators:
            if isinstance(v, validate.Length) and v.equal is None:
                self.lo, self.hi = v.min, v.max
            elif isinstance(v, validate.Range) and v.min_inclusive and v.max_inclusive:
                self.lo, self.hi = v.min, v.max
            elif isinstance(v, validate.OneOf):
                self.choices = frozenset(v.choices)
            else:
                raise _Unsupported(f"{field.name}: validator {v!r}")
        d = field.load_default
        self.default = d() if callable(d) else d

    def fits(self, n) -> bool:
        return (self.lo is None or n >= self.lo) and (self.hi is None or n <= self.hi)


class _Unsupported(Exception):
    pass


def _fields_of(schema_cls) -> dict[str, _Field]:
    declared = schema_cls._declared_fields
    shape = _SHAPES[schema_cls.__name__]
    if set(declared) != set(shape):
        raise _Unsupported(f"{schema_cls.__name__}: fields {sorted(declared)}")
    out = {}
    for name, f in declared.items():
        seen = (_LISTS.get(type(f).__name__, type(f).__name__), bool(f.required), bool(f.allow_none))
        if seen != shape[name]:
            raise _Unsupported(f"{schema_cls.__name__}.{name}: {seen} not {shape[name]}")
        out[name] = _Field(f)
    return out


@lru_cache(maxsize=None)
def _spec():
    """The fields of the schemas, or None when a schema is not of the shape this code loads."""
    from .api import MoveRequest
    from .rules import RulesSchema
    from .state import MeldSchema, MoveSchema, PlayerSchema, StateSchema, TurnSchema
    try:
        spec = {cls.__name__: _fields_of(cls) for cls in (StateSchema, PlayerSchema, TurnSchema, MeldSchema, MoveSchema, MoveRequest)}
    except _Unsupported as why:
        spec = None
        _spec.why = str(why)
    else:
        nested, request = StateSchema._declared_fields, MoveRequest._declared_fields
        if not (nested["rules"].nested is RulesSchema and nested["players"].inner.nested is PlayerSchema
                and nested["turn"].nested is TurnSchema and nested["melds"].inner.nested is MeldSchema
                and request["state"].nested is StateSchema and request["move"].nested is MoveSchema
                and request["moves"].inner.nested is MoveSchema):
            spec, _spec.why = None, "the schemas nest other schemas"
    return spec


def fast_paths_on() -> str | None:
    """None when the fast paths are in use, else why not (a schema changed shape)."""
    if _spec() is None:
        return getattr(_spec, "why", "off")
    if not _dumps_on():
        return "a fast dump differs from marshmallow's on the sample table"
    return None


# --- loading ---------------------------------------------------------------------------------

def _name(v) -> bool:
    if type(v) is not str:
        return False
    if v in _GOOD_NAMES:
        return True
    if name_problem(v) is not None:
        return False
    if len(_GOOD_NAMES) >= _MAX_NAMES:
        _GOOD_NAMES.clear()
    _GOOD_NAMES.add(v)
    return True


def _cards(v, f: _Field):
    if type(v) is not list or not f.fits(len(v)):
        return None
    try:
        return tuple([_SPELLINGS[x] for x in v])
    except (KeyError, TypeError):
        return None


_RULES: dict[tuple, Rules] = {}


def _rules(v):
    """The resolved rules of a rules object, through RulesSchema once per distinct object."""
    if type(v) is not dict:
        return None
    key = tuple((k, type(x), x) for k, x in v.items())  # the type keeps true apart from 1
    try:
        hit = _RULES.get(key)
    except TypeError:  # an unhashable value: not a rules object marshmallow accepts
        return None
    if hit is None:
        try:
            hit = _rules_schema().load(v)
        except ValidationError:
            return None
        if len(_RULES) >= 256:
            _RULES.clear()
        _RULES[key] = hit
    return hit


@lru_cache(maxsize=None)
def _rules_schema():
    from .rules import RulesSchema
    return RulesSchema()


def load_state(data) -> State | None:
    """``StateSchema().load(data)``, or None to let the schema do it (and word any error)."""
    spec = _spec()
    if spec is None or type(data) is not dict:
        return None
    S, P, T, M = spec["StateSchema"], spec["PlayerSchema"], spec["TurnSchema"], spec["MeldSchema"]
    if not data.keys() <= S.keys():
        return None
    rules = data.get("rules")
    if rules is None:
        rules = PRESETS[DEFAULT_PRESET]
    else:
        rules = _rules(rules)
        if rules is None:
            return None

    raw_players = data.get("players")
    if type(raw_players) is not list or not S["players"].fits(len(raw_players)):
        return None
    players = []
    hand_f, tabled_default = P["hand"], P["tabled"].default
    for p in raw_players:
        if type(p) is not dict or not p.keys() <= P.keys():
            return None
        pid = p.get("id")
        hand = _cards(p.get("hand"), hand_f)
        tabled = p.get("tabled", tabled_default)
        if hand is None or not _name(pid) or (tabled is not True and tabled is not False):
            return None
        players.append(Player(pid, hand, tabled))

    dealer = data.get("dealer")
    if dealer is not None and not _name(dealer):
        return None

    t = data.get("turn")
    if t is None:
        turn = None
    else:
        if type(t) is not dict or not t.keys() <= T.keys():
            return None
        player = t.get("player")
        phase = t.get("phase", T["phase"].default)
        taken = t.get("taken_discard")
        made = t.get("melds_made", T["melds_made"].default)
        laid = t.get("laid_off", T["laid_off"].default)
        if not _name(player) or type(phase) is not str or phase not in T["phase"].choices:
            return None
        if taken is not None:
            taken = _SPELLINGS.get(taken) if type(taken) is str else None
            if taken is None:
                return None
        if type(made) is not int or not T["melds_made"].fits(made) or (laid is not True and laid is not False):
            return None
        turn = Turn(player, phase, taken, made, laid)

    stock = _cards(data.get("stock"), S["stock"])
    discard = _cards(data.get("discard"), S["discard"])
    if stock is None or discard is None:
        return None

    raw_melds = data.get("melds", missing)
    if raw_melds is missing:
        raw_melds = S["melds"].default
    if type(raw_melds) is not list or not S["melds"].fits(len(raw_melds)):
        return None
    melds = []
    for m in raw_melds:
        if type(m) is not dict or not m.keys() <= M.keys():
            return None
        mid, owner, kind = m.get("id"), m.get("owner"), m.get("kind", missing)
        cards = _cards(m.get("cards"), M["cards"])
        if cards is None or not _name(mid):
            return None
        if owner is not None and not _name(owner):
            return None
        if kind is missing:
            kind = ""  # as MeldSchema.make: validate_state fills it in
        elif type(kind) is not str or kind not in M["kind"].choices:
            return None
        melds.append(Meld(mid, owner, cards, kind))

    restocks = data.get("restocks", S["restocks"].default)
    status = data.get("status", S["status"].default)
    if type(restocks) is not int or not S["restocks"].fits(restocks):
        return None
    if type(status) is not str or status not in S["status"].choices:
        return None

    players = tuple(players)
    if turn is None:  # as StateSchema.make: the dealer's left (the first player by default)
        ids = [p.id for p in players]
        seat = ids.index(dealer) if dealer in ids else len(ids) - 1
        turn = Turn(ids[(seat + 1) % len(ids)])
    try:
        return validate_state(State(players, turn, stock, discard, tuple(melds), dealer, rules, restocks, status))
    except InvalidInput:
        return None  # the schema raises it, nested and worded as always


def load_move(data) -> Move | None:
    """``MoveSchema().load(data)``, or None to let the schema do it (and word any error)."""
    spec = _spec()
    if spec is None or type(data) is not dict:
        return None
    F = spec["MoveSchema"]
    player, action = data.get("player"), data.get("action")
    if type(action) is not str or action not in F["action"].choices or not _name(player):
        return None
    keys = data.keys()
    if action == "draw":
        source = data.get("source")
        if keys != {"player", "action", "source"} or type(source) is not str or source not in F["source"].choices:
            return None
        return Move(player, action, source=source)
    if action == "discard":
        card = data.get("card")
        card = _SPELLINGS.get(card) if type(card) is str and keys == {"player", "action", "card"} else None
        return None if card is None else Move(player, action, card=card)
    if action == "meld" and keys != {"player", "action", "cards"}:
        return None
    if action == "lay_off" and not ({"player", "action", "cards"} <= keys <= {"player", "action", "cards", "meld"}):
        return None
    if action not in ("meld", "lay_off"):
        return None
    cards = _cards(data.get("cards"), F["cards"])
    if cards is None:
        return None
    meld = data.get("meld")
    if "meld" in keys and not _name(meld):
        return None
    return Move(player, action, cards=cards, meld=meld)


# --- dumping ---------------------------------------------------------------------------------

_RULES_OUT: dict[Rules, dict] = {}


def dump_rules(rules: Rules) -> dict:
    """``ResolvedRulesSchema().dump(rules)``: the preset and every option, in the schema's order."""
    out = _RULES_OUT.get(rules)
    if out is None:
        from .rules import ResolvedRulesSchema
        out = ResolvedRulesSchema().dump(rules)
        if len(_RULES_OUT) >= 256:
            _RULES_OUT.clear()
        _RULES_OUT[rules] = out
    return dict(out)


def dump_state(s: State) -> dict | None:
    """``StateOutSchema().dump(s)``, key for key and in the same order (None: the schema dumps)."""
    return _dump_state(s) if _dumps_on() else None


def _dump_state(s: State) -> dict:
    t = s.turn
    taken = t.taken_discard
    return {
        "rules": dump_rules(s.rules),
        "players": [{"id": p.id, "hand": [c.code for c in p.hand], "tabled": p.tabled} for p in s.players],
        "dealer": s.dealer,
        "turn": {"player": t.player, "phase": t.phase, "taken_discard": None if taken is None else taken.code,
                 "melds_made": t.melds_made, "laid_off": t.laid_off},
        "stock": [c.code for c in s.stock],
        "discard": [c.code for c in s.discard],
        "melds": [{"id": m.id, "owner": m.owner, "cards": [c.code for c in m.cards], "kind": m.kind} for m in s.melds],
        "restocks": s.restocks,
        "status": s.status,
    }


_MOVE_KEYS = ("player", "action", "source", "cards", "meld", "card")


def dump_move(d) -> dict | None:
    """``MoveOutSchema().dump(d)`` for a move's ``as_dict()``, or None for anything else."""
    if type(d) is not dict or len(d) > 6:
        return None
    out = {}
    for k in _MOVE_KEYS:
        v = d.get(k, missing)
        if v is missing:
            continue
        if k == "cards":
            if type(v) is not list and type(v) is not tuple:
                return None
            v = list(v)
            for c in v:
                if type(c) is not str:
                    return None
        elif v is not None and type(v) is not str:
            return None
        out[k] = v
    return out if len(out) == len(d) else None


def dump_legal_moves(d) -> dict | None:
    """``LegalMovesResponse().dump(d)``, or None for anything but the view's own answer."""
    return _dump_legal(d) if _dumps_on() else None


def _dump_legal(d) -> dict | None:
    if type(d) is not dict or d.keys() != {"player", "phase", "moves"}:
        return None
    player, phase, moves = d["player"], d["phase"], d["moves"]
    if (player is not None and type(player) is not str) or type(phase) is not str or type(moves) is not list:
        return None
    out = []
    for m in moves:
        m = dump_move(m)
        if m is None:
            return None
        out.append(m)
    return {"player": player, "phase": phase, "moves": out}


def load_move_request(data) -> dict | None:
    """``MoveRequest().load(data)``, or None to let the schema do it (and word any error)."""
    spec = _spec()
    if spec is None or type(data) is not dict:
        return None
    keys = data.keys()
    if keys == {"state", "move"}:
        move = load_move(data["move"])
        if move is None:
            return None
        state = load_state(data["state"])
        return None if state is None else {"state": state, "move": move}
    if keys == {"state", "moves"}:
        raw = data["moves"]
        if type(raw) is not list or not spec["MoveRequest"]["moves"].fits(len(raw)):
            return None
        moves = []
        for m in raw:
            m = load_move(m)
            if m is None:
                return None
            moves.append(m)
        state = load_state(data["state"])
        return None if state is None else {"state": state, "moves": moves}
    return None


_REASON_KEYS = ("code", "message", "cards", "rule")
_RESULT_KEYS = ("outcome", "points", "winner", "rummy", "multiplier", "remaining")


def _dump_reason(r):
    if type(r) is not dict or r.keys() != {"code", "message", "cards", "rule"}:
        return None
    code, message, cards, rule = r["code"], r["message"], r["cards"], r["rule"]
    if type(code) is not str or type(message) is not str or type(cards) is not list or (rule is not None and type(rule) is not str):
        return None
    for c in cards:
        if type(c) is not str:
            return None
    return {"code": code, "message": message, "cards": list(cards), "rule": rule}


def _dump_result(r):
    if r is None:
        return None, True
    if type(r) is not dict or not r.keys() <= set(_RESULT_KEYS):
        return None, False
    out = {}
    for k in _RESULT_KEYS:
        if k not in r:
            continue
        v = r[k]
        if k in ("outcome", "winner"):
            ok = type(v) is str
        elif k == "rummy":
            ok = v is True or v is False
        elif k == "remaining":
            ok = type(v) is dict and all(type(a) is str and type(b) is int for a, b in v.items())
            v = dict(v) if ok else v
        else:
            ok = type(v) is int
        if not ok:
            return None, False
        out[k] = v
    return out, True


def dump_move_response(d) -> dict | None:
    """``MoveResponse().dump(d)`` for the /v1/move view's answer, or None for anything else."""
    return _dump_reply(d) if _dumps_on() else None


def _dump_reply(d) -> dict | None:
    if type(d) is not dict or d.keys() != {"legal", "reasons", "applied", "state", "result"}:
        return None
    legal, reasons, applied, state = d["legal"], d["reasons"], d["applied"], d["state"]
    if (legal is not True and legal is not False) or type(applied) is not int or type(state) is not State or type(reasons) is not list:
        return None
    out_reasons = []
    for r in reasons:
        r = _dump_reason(r)
        if r is None:
            return None
        out_reasons.append(r)
    result, ok = _dump_result(d["result"])
    if not ok:
        return None
    return {"legal": legal, "reasons": out_reasons, "applied": applied, "state": _dump_state(state), "result": result}


_CHECKING: list = []  # non-empty while _dumps_agree runs: the schemas then dump the slow way


def _dumps_on() -> bool:
    return not _CHECKING and _dumps_agree()


@lru_cache(maxsize=None)
def _dumps_agree() -> bool:
    """Whether each fast dump gives marshmallow's bytes on a sample: a hand played to its end
    (melds, lay-offs, a result) and an illegal move. Checked once, on first use."""
    _CHECKING.append(True)
    try:
        return _compare_dumps()
    except Exception:  # noqa: BLE001 — a broken check must not break answers: dump the slow way
        return False
    finally:
        _CHECKING.clear()


def _compare_dumps() -> bool:
    import orjson
    from marshmallow import Schema

    from referee import apply_moves, deal, legal_moves
    from referee.rules import resolve_rules

    from .api import LegalMovesResponse, MoveResponse
    from .state import StateOutSchema

    state = validate_state(deal(["ana", "ben", "cy"], resolve_rules({"melds_per_turn": 2}), seed=5))
    samples = []
    for _ in range(600):  # this hand ends (cy goes out) after 496 moves
        moves = legal_moves(state)
        if not moves:
            break
        plays = [m for m in moves if m.action in ("meld", "lay_off")]
        move = (plays or moves)[0] if len(samples) % 3 else moves[-1]
        samples.append((state, moves))
        state = apply_moves(state, [move]).state
    samples.append((state, []))
    same = lambda a, b: a is not None and orjson.dumps(a) == orjson.dumps(b)  # noqa: E731
    out, legal, moved = StateOutSchema(), LegalMovesResponse(), MoveResponse()
    for state, moves in samples[::7] + samples[-3:]:
        answer = {"player": state.turn.player, "phase": state.turn.phase, "moves": [m.as_dict() for m in moves]}
        bad = apply_moves(state, [Move.discard(state.players[0].id, state.stock[0])]) if state.stock else None
        played = apply_moves(state, moves[:1]) if moves else bad
        if not same(_dump_state(state), Schema.dump(out, state)) or not same(_dump_legal(answer), Schema.dump(legal, answer)):
            return False
        for o in (bad, played):
            if o is None:
                continue
            reply = {"legal": o.legal, "reasons": [r.as_dict() for r in o.reasons], "applied": o.applied,
                     "state": o.state, "result": o.result.as_dict() if o.result else None}
            if not same(_dump_reply(reply), Schema.dump(moved, reply)):
                return False
    return True
