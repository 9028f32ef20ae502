"""The fast paths give what the slow, obvious paths give (``web.bodies.decode_body``'s checks:
test_decode_body.py).

- ``check_meld`` decides valid melds without words; ``explain_meld`` is the full judgement.
- ``schemas.compiled``: loading through a plan made from the schema's own fields, check and make.
  For any input the plan either returns exactly what marshmallow loads, or declines and
  marshmallow does it, errors included.
- ``schemas.dump``: answers written by the dumper made from their schema are marshmallow's
  dump of the same values, byte for byte (the schema is each answer's one declaration).

No test here times anything: the timings are in ``bench/`` (``make bench``).
"""

from __future__ import annotations

import copy
import random
from itertools import combinations

import orjson
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from marshmallow import Schema, ValidationError

from referee import (
    DECK,
    PRESETS,
    Move,
    MovesOutcome,
    Result,
    Status,
    apply_move,
    apply_moves,
    deal,
    legal_moves,
    resolve_rules,
    turn_options,
    validate_state,
)
from referee.melds import check_meld, explain_meld
from referee.moves import Action, Source
from schemas.api import (
    HandEntrySchema,
    LegalMovesRequest,
    LegalMovesResponse,
    MoveRequest,
    MoveResponse,
    RemainingSchema,
    ScorepadRequest,
    StateResponse,
)
from schemas.compiled import CompiledSchema, _Decline, _HookError
from schemas.rules import RulesSchema
from schemas.state import MAX_MOVES, MeldSchema, MoveSchema, PlayerSchema, StateOutSchema, StateSchema, TurnSchema
from schemas.tables import CreateTableRequest, TableMoveRequest
from schemas.wire import to_json

SETTINGS = dict(deadline=None, derandomize=True)
RULESETS = [
    *PRESETS.values(),
    resolve_rules({"aces": "high_or_low"}),
    resolve_rules({"preset": "basic", "final_discard_required": True, "max_restocks": 1}),
]
HIGH = resolve_rules({"aces": "high_or_low"})


# --- check_meld ------------------------------------------------------------------------------


@pytest.mark.parametrize("rules", [PRESETS["standard"], HIGH], ids=["aces_low", "high_or_low"])
def test_check_meld_fast_path_is_the_full_judgement_for_every_three_cards(rules):
    for combo in combinations(DECK, 3):
        assert check_meld(combo, rules) == explain_meld(combo, rules), combo


def _card_lists():
    """Lists of cards likely to be melds or near misses: one suit, one rank, or anything."""
    suit = st.integers(0, 3).flatmap(
        lambda s: st.lists(st.sampled_from([c for c in DECK if c.suit_index == s] + [DECK[0], DECK[51]]), max_size=14)
    )
    rank = st.integers(1, 13).flatmap(lambda r: st.lists(st.sampled_from([c for c in DECK if c.rank == r] + [DECK[12]]), max_size=6))
    return st.one_of(suit, rank, st.lists(st.sampled_from(DECK), max_size=6))


@settings(max_examples=200, **SETTINGS)
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


def _compiled(schema, data):
    """What the compiled plan alone makes of ``data``: ("ok", value) or ("declined",)."""
    assert schema.compiled
    try:
        return ("ok", schema.plan(data))
    except _Decline:
        return ("declined",)
    except _HookError as e:
        return ("error", e.messages)


def _agrees(schema, data):
    """The compiled plan gives marshmallow's value or its error (what the schema's own hooks
    refuse), or declines; the schema's load (the plan, then marshmallow) gives marshmallow's
    outcome, errors included."""
    want = _outcome(_marshmallow_load, schema, copy.deepcopy(data))
    got = _compiled(schema, copy.deepcopy(data))
    if got[0] in ("ok", "error"):
        assert want == got, data
    assert _outcome(schema.load, copy.deepcopy(data)) == want
    return got


HOT = [
    StateSchema,
    MoveSchema,
    MoveRequest,
    LegalMovesRequest,
    RulesSchema,
    PlayerSchema,
    TurnSchema,
    MeldSchema,
    ScorepadRequest,
    HandEntrySchema,
    RemainingSchema,
    TableMoveRequest,
    CreateTableRequest,
]


@pytest.mark.parametrize("schema", HOT, ids=lambda s: s.__name__)
def test_the_hot_schemas_compile(schema):
    """Fails when a schema gains something compiled.py does not understand (then marshmallow
    does all the work, correctly but slower): teach compiled.py, or accept the cost."""
    assert schema().compiled


def test_a_schema_with_what_the_plan_does_not_understand_loads_through_marshmallow():
    from marshmallow import fields, pre_load

    class WithPreLoad(CompiledSchema):
        n = fields.Integer()

        @pre_load
        def double(self, data, **kw):
            return {"n": data["n"] * 2}

    class WithDataKey(CompiledSchema):
        n = fields.Integer(data_key="N")

    assert not WithPreLoad().compiled and WithPreLoad().load({"n": 2}) == {"n": 4}
    assert not WithDataKey().compiled and WithDataKey().load({"N": 2}) == {"n": 2}


def test_a_new_check_changes_the_answer_with_no_other_edit():
    """Issue #13's experiment: a StateSchema that gains a check refusing restocks != 0, and
    nothing else, refuses such a table on the fast path too (the plan calls the schema's own
    check), in marshmallow's words and at the field's pointer."""
    from marshmallow import fields

    class NoRestocks(StateSchema):
        def check(self, data, original):
            if data.get("restocks"):
                raise ValidationError("this table allows no restocks", "restocks")

    class Request(MoveRequest):
        state = fields.Nested(NoRestocks, required=True)

    state = _marshmallow_dump(_states(5)[0])
    body = {"state": dict(state, restocks=1), "move": {"player": state["turn"]["player"], "action": "draw", "source": "stock"}}
    assert Request().compiled and MoveRequest().load(copy.deepcopy(body))["state"].restocks == 1
    with pytest.raises(ValidationError) as refused:
        Request().load(body)
    assert refused.value.messages == {"state": {"restocks": ["this table allows no restocks"]}}
    assert _agrees(Request(), body) == ("error", refused.value.messages)


def test_a_marshmallow_hook_on_a_compiled_schema_sends_every_load_to_marshmallow():
    """A hook declared with marshmallow's decorators is no step of the plan: the schema does
    not compile, and marshmallow runs the hook."""
    from marshmallow import validates_schema

    class Hooked(StateSchema):
        @validates_schema
        def no_restocks(self, data, **kw):
            if data.get("restocks"):
                raise ValidationError("this table allows no restocks", "restocks")

    state = dict(_marshmallow_dump(_states(5)[0]), restocks=1)
    assert not Hooked().compiled and StateSchema().compiled
    with pytest.raises(ValidationError) as refused:
        Hooked().load(state)
    assert refused.value.messages == {"restocks": ["this table allows no restocks"]}


@settings(max_examples=20, **SETTINGS)
@given(seed=st.integers(0, 2**32 - 1))
def test_state_answer_is_marshmallows_dump_byte_for_byte(seed):
    schema = StateResponse()
    for state in _states(seed):
        assert orjson.dumps(schema.dump({"state": state})) == orjson.dumps(schema.dump_by_schema({"state": state}))
        assert orjson.dumps(to_json(state)) == orjson.dumps(_marshmallow_dump(state))


@settings(max_examples=20, **SETTINGS)
@given(seed=st.integers(0, 2**32 - 1))
def test_compiled_state_load_is_marshmallows(seed):
    schema = StateSchema()
    rng = random.Random(seed)
    for state in _states(seed):
        data = _marshmallow_dump(state)
        assert _agrees(schema, data) == ("ok", state)  # an answer's state, sent back
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
        _agrees(schema, data)


def _mutations(data, rng):
    """One damaged copy of a state's JSON: a wrong type, an unknown field, a value out of range,
    a bad card or name, a field missing — the inputs the compiled plan must decline or get right."""
    bad_values = [
        None,
        True,
        False,
        0,
        1,
        -1,
        1.0,
        1001,
        18,
        "",
        " x",
        "x" * 41,
        "ZZ",
        "\u200bana",
        [],
        {},
        ["AS"],
        "set",
        "run",
        "draw",
        "play",
        "out",
        "AS",
        "playing",
    ]
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


@settings(max_examples=40, **SETTINGS)
@given(seed=st.integers(0, 2**32 - 1))
def test_compiled_state_load_declines_or_agrees_on_damaged_input(seed):
    rng = random.Random(seed)
    schema = StateSchema()
    data = _marshmallow_dump(rng.choice(_states(seed)))
    for _ in range(10):
        _agrees(schema, _mutations(data, rng))


def _a_state_and_its_moves(seed: int):
    """The seed's random generator, one of its states (_states) and that state's legal moves on
    the wire (p0's draw where it has none: the hand is over)."""
    rng = random.Random(seed)
    state = rng.choice(_states(seed))
    return rng, state, [to_json(m) for m in legal_moves(state)] or [{"player": "p0", "action": "draw", "source": "stock"}]


@settings(max_examples=60, **SETTINGS)
@given(seed=st.integers(0, 2**32 - 1))
def test_compiled_move_load_declines_or_agrees(seed):
    schema = MoveSchema()
    rng, _, moves = _a_state_and_its_moves(seed)
    for move in rng.sample(moves, min(5, len(moves))):
        assert _agrees(schema, move)[0] == "ok"
        _agrees(schema, _mutations(move, rng))


@settings(max_examples=20, **SETTINGS)
@given(seed=st.integers(0, 2**32 - 1))
def test_legal_moves_answer_is_marshmallows_dump_byte_for_byte(seed):
    schema = LegalMovesResponse()
    for state in _states(seed):
        answer = turn_options(state)
        assert orjson.dumps(schema.dump(answer)) == orjson.dumps(schema.dump_by_schema(answer))


def _outcomes(seed: int):
    """/v1/move answers as the core gives them: legal moves, illegal ones (with reasons) and
    hands that end (with a result)."""
    rng = random.Random(seed)
    out = []
    for state in _states(seed):
        moves = legal_moves(state) or [Move.draw(state.turn.player, "stock")]
        tries = [
            rng.choice(moves),
            Move.discard(state.turn.player, rng.choice(DECK)),
            Move.make_meld(state.turn.player, rng.sample(DECK, 3)),
            Move.draw(state.players[-1].id, "discard"),
        ]
        out += [apply_moves(state, [move]) for move in tries]
    return out


@settings(max_examples=20, **SETTINGS)
@given(seed=st.integers(0, 2**32 - 1))
def test_move_answer_is_marshmallows_dump_byte_for_byte(seed):
    schema = MoveResponse()
    for outcome in _outcomes(seed):
        assert orjson.dumps(schema.dump(outcome)) == orjson.dumps(schema.dump_by_schema(outcome))


def test_move_answer_of_every_result():
    schema = MoveResponse()
    state = _states(3)[0]
    for result in (None, Result(Status.DRAWN_HAND), Result(Status.OUT, 40, "p0", True, 2, {"p1": 20})):
        outcome = MovesOutcome(True, (), 1, state, result, "p0 discarded K♣; p1 is to draw")
        assert orjson.dumps(schema.dump(outcome)) == orjson.dumps(schema.dump_by_schema(outcome))


@settings(max_examples=30, **SETTINGS)
@given(seed=st.integers(0, 2**32 - 1))
def test_compiled_move_request_load_declines_or_agrees(seed):
    schema = MoveRequest()
    rng, state, moves = _a_state_and_its_moves(seed)
    data = _marshmallow_dump(state)
    bodies = [{"state": data, "move": rng.choice(moves)}, {"state": data, "moves": rng.sample(moves, min(3, len(moves)))}]
    for body in bodies:
        assert _agrees(schema, body)[0] == "ok"
    odd = [
        {"state": data},
        {"state": data, "move": moves[0], "moves": moves[:1]},
        {"state": data, "moves": []},
        {"state": data, "move": None},
        {"state": data, "moves": None},
        {"move": moves[0]},
        {"state": data, "moves": [moves[0]] * (MAX_MOVES + 1)},
        {"state": data, "move": moves[0], "x": 1},
    ]
    odd += [_mutations(rng.choice(bodies), rng) for _ in range(6)]
    for body in odd:
        _agrees(schema, body)


def test_compiled_move_load_of_each_action_and_lay_off_without_meld():
    schema = MoveSchema()
    for move in (
        {"player": "ana", "action": "draw", "source": "discard"},
        {"player": "ana", "action": "meld", "cards": ["QS", "k♠", "JS"]},
        {"player": "ana", "action": "lay_off", "cards": ["TS"]},
        {"player": "ana", "action": "lay_off", "cards": ["TS"], "meld": "m1"},
        {"player": "ana", "action": "discard", "card": "10♥\ufe0f"},
    ):
        assert _agrees(schema, move)[0] == "ok"


def test_a_string_is_remembered_only_once_accepted_and_only_by_its_own_field():
    """The plan remembers what a name, card or word became (schemas.compiled, ``_PURE_ON_TEXT``):
    the same string loads the same value again; one refused is refused again with marshmallow's
    words; and what one field made of a string is never another field's (a card code as a
    player's name is a name, a name as a card is refused)."""
    schema = MoveSchema()
    first = schema.load({"player": "KS", "action": "discard", "card": "KS"})
    again = schema.load({"player": "KS", "action": "discard", "card": "KS"})
    assert first == again and first.player == "KS" and first.card.code == "KS" and first.action is Action.DISCARD
    for _ in range(2):
        with pytest.raises(ValidationError) as refused:
            schema.load({"player": "ana\u200b", "action": "draw", "source": "stock"})
        assert "invisible character U+200B" in str(refused.value.messages["player"])
        with pytest.raises(ValidationError) as refused:
            schema.load({"player": "ana", "action": "discard", "card": "ana"})
        assert list(refused.value.messages) == ["card"]
        with pytest.raises(ValidationError):
            schema.load({"player": "ana", "action": "stock", "source": "draw"})
    assert schema.load({"player": "ana", "action": "draw", "source": "stock"}).source is Source.STOCK


def test_a_rules_object_is_not_mistaken_for_another_of_equal_values():
    """``true`` and ``1`` are equal in Python; strict booleans keep them apart."""
    state = _marshmallow_dump(_states(1)[0])
    ok = dict(state, rules={"preset": "standard", "going_rummy_doubles": True})
    assert _agrees(StateSchema(), ok)[0] == "ok"
    bad = dict(state, rules={"preset": "standard", "going_rummy_doubles": 1})
    assert _agrees(StateSchema(), bad) == ("declined",)
    with pytest.raises(ValidationError):
        StateSchema().load(bad)


@settings(max_examples=40, **SETTINGS)
@given(seed=st.integers(0, 2**32 - 1))
def test_compiled_scorepad_load_declines_or_agrees(seed):
    """Scorepads as the phone page sends them (cards or points, rummy, drawn hands), and damaged
    copies: the compiled plans give marshmallow's pad or decline."""
    rng = random.Random(seed)
    players = ["Ana", "Ben", "Cy", "Dee"][: rng.randint(2, 4)]
    hands = []
    for _ in range(rng.randint(0, 6)):
        if rng.random() < 0.2:
            hands.append({"draw": True})
            continue
        winner = rng.choice(players)
        remaining = {
            p: ({"points": rng.randint(1, 60)} if rng.random() < 0.5 else {"cards": rng.sample(["KC", "qd", "9♠", "AC", "10H"], 2)})
            for p in players
            if p != winner
        }
        hands.append({"winner": winner, "rummy": rng.random() < 0.2, "remaining": remaining})
    body = {"players": players, "hands": hands, "rules": {"preset": "basic", "target_score": 150}}
    assert _agrees(ScorepadRequest(), body)[0] == "ok"
    for _ in range(5):
        _agrees(ScorepadRequest(), _mutations(body, rng))


def test_a_state_no_table_could_reach_is_judged_once(monkeypatch):
    # The compiled plan raises what validate_state refused as marshmallow would, instead of
    # declining and having marshmallow judge the same state again (issue #22).
    import schemas.state

    calls = []
    real = schemas.state.validate_state
    monkeypatch.setattr(schemas.state, "validate_state", lambda s: calls.append(s) or real(s))
    data = _marshmallow_dump(_states(1)[0])
    data["stock"] = data["stock"][1:]  # a card missing from the table (R1)
    move = {"player": data["turn"]["player"], "action": "draw", "source": "stock"}
    with pytest.raises(ValidationError) as refused:
        MoveRequest().load({"state": data, "move": move})
    assert len(calls) == 1
    assert list(refused.value.messages) == ["state"]
    assert "missing from hands, stock, discard pile and melds" in str(refused.value.messages["state"])
