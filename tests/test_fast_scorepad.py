"""schemas/fast_scorepad.py gives exactly what marshmallow gives: the same objects for every pad
it loads, the same errors word for word (up to the first 100 faults, where it stops), the same
answer dumped; and it is on."""
from __future__ import annotations

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from marshmallow import Schema, ValidationError

from referee import PRESETS, replay
from schemas import fast_scorepad
from schemas.api import ScorepadRequest, ScorepadResponse
from schemas.errors import count_messages

PLAYERS = ["Ana", "Ben", "Cy", "Dee"]
names = st.sampled_from(PLAYERS + ["Zed", "", " Ana", "a\u200bb", "x" * 41, {}, [], 3, True])
keys = st.sampled_from(PLAYERS + ["Zed", "", " Ana", "a\u200bb", "x" * 41])
cards = st.lists(st.sampled_from(["QS", "10h", "T♥", "K♠\ufe0f", "ZZ", 7, None, "AS", "AS"]), max_size=12)
points = st.one_of(st.integers(-5, 200), st.booleans(), st.just(1.0), st.just("3"), st.none())
remaining = st.dictionaries(
    keys, st.one_of(
        st.fixed_dictionaries({"cards": cards}), st.fixed_dictionaries({"points": points}),
        st.fixed_dictionaries({"cards": cards, "points": points}), st.just({}), st.just({"x": 1}), st.just([])),
    max_size=7)
hand = st.one_of(
    st.fixed_dictionaries({"winner": names, "remaining": remaining},
                          optional={"rummy": st.one_of(st.booleans(), st.just(1)), "draw": st.booleans()}),
    st.just({"draw": True}), st.just({"winner": None}), st.just({"q": 1}), st.just("hand"), st.just(None))
pad = st.fixed_dictionaries(
    {"players": st.one_of(st.just(PLAYERS[:3]), st.just(PLAYERS), st.just(["Ana"]), st.just("Ana"))},
    optional={"hands": st.one_of(st.lists(hand, max_size=8), st.just(None)), "first_dealer": st.one_of(names, st.none()),
              "rules": st.one_of(st.just({"target_score": 50}), st.just({"preset": "nope"}), st.just({"deals": 3}))})


def _marshmallow(data):
    try:
        return "ok", Schema.load(ScorepadRequest(), data)
    except ValidationError as e:
        return "error", e.messages


def _fast(data):
    try:
        return "ok", ScorepadRequest().load(data)
    except ValidationError as e:
        return "error", e.messages


def test_the_fast_paths_are_on():
    assert fast_scorepad.fast_paths_on()


@settings(max_examples=400, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(pad)
def test_loading_agrees_with_marshmallow(data):
    assert _fast(data) == _marshmallow(data)


def test_checking_stops_after_100_faults_with_marshmallows_first_faults():
    data = {"players": PLAYERS[:2], "hands": [{"winner": "Ana", "remaining": {"Ben": {"cards": [7] * 10}}}] * 200}
    kind, full = _marshmallow(data)
    assert kind == "error" and count_messages(full) == 2000
    with pytest.raises(fast_scorepad.StoppedValidation) as stopped:
        ScorepadRequest().load(data)
    assert stopped.value.stopped and count_messages(stopped.value.messages) == 110
    assert stopped.value.messages["hands"] == {i: full["hands"][i] for i in range(11)}


@settings(max_examples=100, deadline=None)
@given(st.lists(st.one_of(
    st.tuples(st.sampled_from(PLAYERS[:3]), st.booleans(), st.lists(st.integers(1, 100), min_size=2, max_size=2)),
    st.just(None)), max_size=12), st.sampled_from(["standard", "basic", "two-restocks"]))
def test_dumping_agrees_with_marshmallow(hands, preset):
    from referee import HandEntry, Remaining
    entries = []
    for h in hands:
        if h is None:
            entries.append(HandEntry(draw=True))
        else:
            winner, rummy, pts = h
            others = [p for p in PLAYERS[:3] if p != winner]
            entries.append(HandEntry(winner, rummy, {p: Remaining(points=n) for p, n in zip(others, pts)}))
    rules = PRESETS[preset]
    try:
        got = replay(PLAYERS[:3], rules, entries)
    except Exception:  # a hand after the game was won: nothing to dump
        return
    answer = {"hands": got.hands, "totals": got.totals, "standings": got.standings, "next_dealer": got.next_dealer,
              "game_over": got.game_over, "winner": got.winner, "to_target": got.to_target, "rules": rules}
    assert ScorepadResponse().dump(answer) == Schema.dump(ScorepadResponse(), answer)
