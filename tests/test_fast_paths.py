"""The fast paths of issue #6 give what the slow, obvious paths give.

- ``check_meld`` decides valid melds without words; ``explain_meld`` is the full judgement.
- ``schemas.fast``: loading a state or a move, and dumping a state, without marshmallow's generic
  machinery. For any input the fast loader either returns exactly what marshmallow loads, or
  declines (None) and marshmallow does it, errors included; the fast dump is marshmallow's dump,
  byte for byte.
- ``app.decode_body``'s quick checks of depth and repeated keys agree with the plain ones.

No test here times anything: the timings are in ``bench/`` (``make bench``).
"""
from __future__ import annotations

import copy
import json
import random
from itertools import combinations

import orjson
import pytest
from hypothesis import given, settings, strategies as st
from marshmallow import Schema, ValidationError

from referee import (DECK, PRESETS, Move, apply_move, apply_moves, deal, legal_moves, resolve_rules,
                     validate_state)
from referee.melds import check_meld, explain_meld
from schemas import fast
from schemas.api import LegalMovesResponse, MoveRequest, MoveResponse
from schemas.state import MoveSchema, StateOutSchema, StateSchema

SETTINGS = dict(deadline=None, derandomize=True)
RULESETS = [*PRESETS.values(), resolve_rules({"aces": "high_or_low"}),
            resolve_rules({"preset": "basic", "final_discard_required": True, "max_restocks": 1})]
HIGH = resolve_rules({"aces": "high_or_low"})


# --- check_meld ------------------------------------------------------------------------------

@pytest.mark.parametrize("rules", [PRESETS["standard"], HIGH], ids=["aces_low", "high_or_low"])
def test_check_meld_fast_path_is_the_full_judgement_for_every_three_cards(rules):
    for combo in combinations(DECK, 3):
        assert check_meld(combo, rules) == explain_meld(combo, rules), combo


def _card_lists():
    """Lists of cards likely to be melds or near misses: one suit, one rank, or anything."""
    suit = st.integers(0, 3).flatmap(lambda s: st.lists(st.sampled_from([c for c in DECK if c.suit_index == s] + [DECK[0], DECK[51]]), max_size=14))
    rank = st.integers(1, 13).flatmap(lambda r: st.lists(st.sampled_from([c for c in DECK if c.rank == r] + [DECK[12]]), max_size=6))
    return st.one_of(suit, rank, st.lists(st.sampled_from(DECK), max_size=6))


@settings(max_examples=600, **SETTINGS)
@given(cards=_card_lists(), high=st.booleans())
def test_check_meld_fast_path_agrees_on_any_list(cards, high):
    rules = HIGH if high else PRESETS["standard"]
    assert check_meld(cards, rules) == explain_meld(cards, rules)


# --- states to load and dump -------------------------------------------------------------------

def _states(seed: int):
    """A few states along one random hand: the deal, then after each of up to 40 legal moves, so
    draw and play phases, melds, lay-offs, restocks and the end of a hand all come up."""
    rng = random.Random(seed)
    n = rng.randint(2, 6)
    rules = RULESETS[seed % len(RULESETS)]
    ids = [f"p{i}" for i in range(n)] if seed % 3 else ["Ana", "Bén", "Cy 2", "d", "Eve", "Ünal"][:n]
    state = validate_state(deal(ids, rules, seed=seed))
    out = [state]
    for _ in range(rng.randint(0, 40)):
        if state.status != "playing":
            break
        moves = legal_moves(state)
        plays = [m for m in moves if m.action in ("meld", "lay_off")]
        state = apply_move(state, rng.choice(plays if plays and rng.random() < 0.8 else moves))
        out.append(state)
    return out


def _marshmallow_dump(state):
    return Schema.dump(StateOutSchema(), state)


def _marshmallow_load(schema, data):
    return Schema.load(schema, data)


def _outcome(fn, *args):
    try:
        return ("ok", fn(*args))
    except ValidationError as e:
        return ("error", e.messages)


def test_the_fast_paths_are_on():
    """Fails when a schema changed shape: update schemas/fast.py (until then marshmallow does all
    the work, correctly but slower)."""
    assert fast.fast_paths_on() is None


def test_a_fast_dump_that_drifts_from_the_schema_is_noticed(monkeypatch):
    real = fast._dump_state
    monkeypatch.setattr(fast, "_dump_state", lambda s: {**real(s), "extra": 1})
    assert fast._compare_dumps() is False
    monkeypatch.setattr(fast, "_dump_state", real)
    monkeypatch.setattr(fast, "_dump_result", lambda r: (None, True))  # results dropped
    assert fast._compare_dumps() is False


@settings(max_examples=80, **SETTINGS)
@given(seed=st.integers(0, 2**32 - 1))
def test_dump_state_is_marshmallows_byte_for_byte(seed):
    schema = StateOutSchema()
    for state in _states(seed):
        assert orjson.dumps(schema.dump(state)) == orjson.dumps(_marshmallow_dump(state))


@settings(max_examples=80, **SETTINGS)
@given(seed=st.integers(0, 2**32 - 1))
def test_load_state_is_marshmallows_load(seed):
    schema = StateSchema()
    rng = random.Random(seed)
    for state in _states(seed):
        data = _marshmallow_dump(state)
        assert fast.load_state(copy.deepcopy(data)) == state  # an answer's state, sent back
        # the optional fields left out (which may make it another table, or none), other
        # spellings of cards, no rules at all
        if rng.random() < 0.5:
            for key in rng.sample(["dealer", "melds", "restocks", "status", "turn", "rules"], rng.randint(1, 3)):
                if key != "melds" or not data["melds"]:
                    data.pop(key, None)
        if rng.random() < 0.3:
            data["stock"] = [c.lower() for c in data["stock"]]
        for m in data.get("melds", []):
            if rng.random() < 0.3:
                m.pop("kind")
                rng.shuffle(m["cards"])
        want = _outcome(_marshmallow_load, schema, copy.deepcopy(data))
        got = fast.load_state(copy.deepcopy(data))
        assert want == ("ok", got) if got is not None else want[0] == "error" or "turn" not in data
        assert _outcome(schema.load, copy.deepcopy(data)) == want


def _mutations(data, rng):
    """One damaged copy of a state's JSON: a wrong type, an unknown field, a value out of range,
    a bad card or name, a field missing — the inputs the fast loader must decline or get right."""
    bad_values = [None, True, False, 0, 1, -1, 1.0, 1001, 18, "", " x", "x" * 41, "ZZ", "\u200bana", [], {}, ["AS"], "set", "run", "draw", "play", "out", "AS", "playing"]
    d = copy.deepcopy(data)
    paths = []

    def walk(node, path):
        if isinstance(node, dict):
            for k, v in node.items():
                paths.append((*path, k))
                walk(v, (*path, k))
        elif isinstance(node, list):
            for i, v in enumerate(node):
                paths.append((*path, i))
                walk(v, (*path, i))

    walk(d, ())
    path = rng.choice(paths)
    parent = d
    for step in path[:-1]:
        parent = parent[step]
    how = rng.random()
    if how < 0.7:
        parent[path[-1]] = rng.choice(bad_values)
    elif how < 0.85 and isinstance(parent, dict):
        parent["surprise"] = 1
    elif isinstance(parent, dict):
        del parent[path[-1]]
    else:
        parent.append(rng.choice(bad_values))
    return d


@settings(max_examples=150, **SETTINGS)
@given(seed=st.integers(0, 2**32 - 1))
def test_load_state_declines_or_agrees_on_damaged_input(seed):
    rng = random.Random(seed)
    schema = StateSchema()
    states = _states(seed)
    data = _marshmallow_dump(rng.choice(states))
    for _ in range(10):
        bad = _mutations(data, rng)
        want = _outcome(_marshmallow_load, schema, copy.deepcopy(bad))
        got = fast.load_state(copy.deepcopy(bad))
        if got is not None:
            assert want == ("ok", got), bad
        assert _outcome(schema.load, copy.deepcopy(bad)) == want


@settings(max_examples=150, **SETTINGS)
@given(seed=st.integers(0, 2**32 - 1))
def test_load_move_declines_or_agrees(seed):
    rng = random.Random(seed)
    schema = MoveSchema()
    state = rng.choice(_states(seed))
    moves = [m.as_dict() for m in legal_moves(state)] or [{"player": "p0", "action": "draw", "source": "stock"}]
    for move in rng.sample(moves, min(5, len(moves))):
        assert fast.load_move(copy.deepcopy(move)) == _marshmallow_load(schema, copy.deepcopy(move))
        bad = _mutations(move, rng)
        want = _outcome(_marshmallow_load, schema, copy.deepcopy(bad))
        got = fast.load_move(copy.deepcopy(bad))
        if got is not None:
            assert want == ("ok", got), bad
        assert _outcome(schema.load, copy.deepcopy(bad)) == want


@settings(max_examples=60, **SETTINGS)
@given(seed=st.integers(0, 2**32 - 1))
def test_dump_legal_moves_is_marshmallows_byte_for_byte(seed):
    schema = LegalMovesResponse()
    for state in _states(seed):
        answer = {"player": state.turn.player, "phase": state.turn.phase,
                  "moves": [m.as_dict() for m in legal_moves(state)]}
        got = fast.dump_legal_moves(answer)
        assert got is not None
        assert orjson.dumps(schema.dump(answer)) == orjson.dumps(Schema.dump(schema, answer)) == orjson.dumps(got)


@pytest.mark.parametrize("answer", [
    {"player": None, "phase": "draw", "moves": []},
    {"player": "ana", "phase": "play", "moves": [{"player": "ana", "action": "discard", "card": "QS", "extra": 1}]},
    {"player": "ana", "phase": "play", "moves": [{"player": "ana", "action": "meld", "cards": ("QS", "KS", "JS")}]},
    {"player": "ana", "phase": "play", "moves": [{"player": "ana", "action": "draw", "source": None}]},
    {"player": 7, "phase": "play", "moves": []},
    {"player": "ana", "phase": "play", "moves": [{"player": "ana", "action": "meld", "cards": ["QS", 7]}]},
])
def test_dump_legal_moves_declines_or_agrees_on_odd_answers(answer):
    schema = LegalMovesResponse()
    got = fast.dump_legal_moves(answer)
    if got is not None:
        assert orjson.dumps(got) == orjson.dumps(Schema.dump(schema, answer))
    assert orjson.dumps(schema.dump(answer)) == orjson.dumps(Schema.dump(schema, answer))


def _answers(seed: int):
    """/v1/move answers as the view builds them: legal moves, illegal ones (with reasons) and
    hands that end (with a result)."""
    rng = random.Random(seed)
    out = []
    for state in _states(seed):
        moves = legal_moves(state) or [Move.draw(state.turn.player, "stock")]
        tries = [rng.choice(moves), Move.discard(state.turn.player, rng.choice(DECK)),
                 Move.make_meld(state.turn.player, rng.sample(DECK, 3)), Move.draw(state.players[-1].id, "discard")]
        for move in tries:
            o = apply_moves(state, [move])
            out.append({"legal": o.legal, "reasons": [r.as_dict() for r in o.reasons], "applied": o.applied,
                        "state": o.state, "result": o.result.as_dict() if o.result else None})
    return out


@settings(max_examples=60, **SETTINGS)
@given(seed=st.integers(0, 2**32 - 1))
def test_dump_move_response_is_marshmallows_byte_for_byte(seed):
    schema = MoveResponse()
    for answer in _answers(seed):
        got = fast.dump_move_response(answer)
        assert got is not None
        assert orjson.dumps(got) == orjson.dumps(Schema.dump(schema, answer)) == orjson.dumps(schema.dump(answer))


def test_dump_move_response_of_every_result():
    schema = MoveResponse()
    state = _states(3)[0]
    for result in (None, {"outcome": "draw", "points": 0},
                   {"outcome": "out", "winner": "p0", "rummy": True, "multiplier": 2, "points": 40, "remaining": {"p1": 20}},
                   {"outcome": "out", "winner": "p0", "rummy": 1, "multiplier": 2, "points": 40, "remaining": {}},
                   {"outcome": "out", "points": 4, "remaining": {"p1": "4"}}):
        answer = {"legal": True, "reasons": [], "applied": 1, "state": state, "result": result}
        got = fast.dump_move_response(answer)
        if got is not None:
            assert orjson.dumps(got) == orjson.dumps(Schema.dump(schema, answer))
        assert orjson.dumps(schema.dump(answer)) == orjson.dumps(Schema.dump(schema, answer))


@settings(max_examples=100, **SETTINGS)
@given(seed=st.integers(0, 2**32 - 1))
def test_load_move_request_declines_or_agrees(seed):
    rng = random.Random(seed)
    schema = MoveRequest()
    state = rng.choice(_states(seed))
    moves = [m.as_dict() for m in legal_moves(state)] or [{"player": "p0", "action": "draw", "source": "stock"}]
    data = _marshmallow_dump(state)
    bodies = [{"state": data, "move": rng.choice(moves)}, {"state": data, "moves": rng.sample(moves, min(3, len(moves)))}]
    for body in bodies:
        assert fast.load_move_request(copy.deepcopy(body)) == _marshmallow_load(schema, copy.deepcopy(body))
    odd = [{"state": data}, {"state": data, "move": moves[0], "moves": moves[:1]}, {"state": data, "moves": []},
           {"state": data, "move": None}, {"state": data, "moves": None}, {"move": moves[0]},
           {"state": data, "moves": [moves[0]] * 201}, {"state": data, "move": moves[0], "x": 1}]
    odd += [_mutations(rng.choice(bodies), rng) for _ in range(6)]
    for body in odd:
        want = _outcome(_marshmallow_load, schema, copy.deepcopy(body))
        got = fast.load_move_request(copy.deepcopy(body))
        if got is not None:
            assert want == ("ok", got)
        assert _outcome(schema.load, copy.deepcopy(body)) == want


def test_load_move_of_each_action_and_lay_off_without_meld():
    schema = MoveSchema()
    for move in ({"player": "ana", "action": "draw", "source": "discard"},
                 {"player": "ana", "action": "meld", "cards": ["QS", "k♠", "JS"]},
                 {"player": "ana", "action": "lay_off", "cards": ["TS"]},
                 {"player": "ana", "action": "lay_off", "cards": ["TS"], "meld": "m1"},
                 {"player": "ana", "action": "discard", "card": "10♥\ufe0f"}):
        got = fast.load_move(dict(move))
        assert got is not None and got == _marshmallow_load(schema, dict(move))


def test_a_rules_object_is_not_mistaken_for_another_of_equal_values():
    """``true`` and ``1`` are equal in Python; the cache of resolved rules keeps them apart."""
    state = _marshmallow_dump(_states(1)[0])
    ok = dict(state, rules={"preset": "standard", "going_rummy_doubles": True})
    assert fast.load_state(copy.deepcopy(ok)) is not None
    bad = dict(state, rules={"preset": "standard", "going_rummy_doubles": 1})
    assert fast.load_state(copy.deepcopy(bad)) is None
    with pytest.raises(ValidationError):
        StateSchema().load(bad)


# --- decode_body's quick checks ----------------------------------------------------------------

def _nested(depth: int) -> bytes:
    return b'{"a": ' * (depth - 1) + b"{}" + b"}" * (depth - 1)


@pytest.mark.parametrize("raw", [
    b'{"a": 1, "a": 2}', b'{"x": {"b": [1, {"c": 1, "c": 2}]}}', b'{"a": "x\\": 1, \\"a\\": 2", "b": 1}',
    b'{"a\\u0062": 1, "ab": 2}', b'{"k": ":::", "l": "{[{[{["}', _nested(32), _nested(33),
    b'{"s": "' + b"[" * 40 + b'"}', b'[1, 2]', b'{"a": [[[[]]]]}', b'{"\\"": 1, "\\\\": 2}',
])
def test_decode_body_quick_checks_agree_with_plain_ones(app, raw):
    import app as app_module
    from werkzeug.exceptions import BadRequest

    def plain():
        if app_module._has_repeated_key(raw):
            raise BadRequest("a key twice")
        body = json.loads(raw)
        if not isinstance(body, dict):
            raise BadRequest("not an object")
        if app_module._depth(body, app_module.MAX_JSON_DEPTH) > app_module.MAX_JSON_DEPTH:
            raise BadRequest("too deep")
        return body

    def quick():
        with app.test_request_context("/v1/move", method="POST", data=raw, content_type="application/json"):
            return app_module.decode_body()

    want, got = _outcome_http(plain), _outcome_http(quick)
    assert got[0] == want[0], (got, want)
    if got[0] == "ok":
        assert got[1] == want[1]


def _outcome_http(fn):
    from werkzeug.exceptions import HTTPException
    try:
        return ("ok", fn())
    except (HTTPException, ValueError) as e:
        return ("error", type(e).__name__)


def _json_values(max_depth):
    leaves = st.one_of(st.none(), st.booleans(), st.integers(), st.text(max_size=3))
    return st.recursive(leaves, lambda inner: st.one_of(
        st.lists(inner, max_size=4), st.dictionaries(st.text(max_size=2), inner, max_size=4)), max_leaves=max_depth)


def _plain_shape_ok(body, app_module) -> bool:
    if app_module._depth(body, app_module.MAX_JSON_DEPTH) > app_module.MAX_JSON_DEPTH:
        return False
    stack = [body]
    while stack:
        v = stack.pop()
        if isinstance(v, dict):
            if len(v) > app_module.MAX_JSON_KEYS:
                return False
            stack.extend(v.values())
        elif isinstance(v, list):
            if len(v) > app_module.MAX_JSON_ITEMS:
                return False
            stack.extend(v)
    return True


@settings(max_examples=300, **SETTINGS)
@given(depth=st.integers(25, 40), width=st.sampled_from([0, 1, 63, 64, 65]), items=st.sampled_from([0, 999, 1000, 1001]),
       extra=_json_values(12), where=st.integers(0, 40))
def test_shape_quick_check_is_the_plain_rule(depth, width, items, extra, where):
    """app._shape_ok (the usual case, no paths) says yes exactly when the plain rules do."""
    import app as app_module
    body = extra if isinstance(extra, dict) else {"x": extra}
    node = body
    for i in range(depth - 2):  # a chain of objects and arrays down to about ``depth``
        if i == where:  # one of them near the width or length limit
            child = {f"k{j}": j for j in range(width)} if i % 2 == 0 else list(range(items))
        else:
            child = {} if i % 2 == 0 else []
        if isinstance(node, dict):
            node["d"] = child
        else:
            node.append(child)
        node = child
    assert app_module._shape_ok(body, 1) == _plain_shape_ok(body, app_module)
    try:
        app_module._check_shape(body)
        raised = False
    except app_module.BodyProblem:
        raised = True
    assert raised == (not _plain_shape_ok(body, app_module))
