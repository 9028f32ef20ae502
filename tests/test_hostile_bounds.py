"""Hostile input, at scale: real tables damaged at random are refused precisely (never a 500),
a refused request leaves nothing behind, the worst requests within the limits are answered in
full with bounded work, and the limits are in the OpenAPI document (``info.x-limits``). Shared
helpers: tests/hostile_support.py."""

# The fixtures dealt and state come from hostile_support; pytest passes them to the tests by name.
# ruff: noqa: F811
from __future__ import annotations

import copy
import json

import yaml
from hostile_support import MOVE, dealt, post_raw, refused, state, worst_state  # noqa: F401 (fixtures)
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from schemas.state import MAX_MOVES
from web import bodies
from web import problems as problems_module

# --- real tables, damaged at random ----------------------------------------------------------

JSON_VALUES = st.recursive(
    st.none()
    | st.booleans()
    | st.integers(-(2**70), 2**70)
    | st.floats(allow_nan=False)
    | st.text(max_size=6)
    | st.sampled_from(["QS", "Q♠", "ana", "ben", "m1", "play", "draw", "out", "stock", "discard", "meld"]),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.sampled_from(["id", "hand", "cards", "player", "x"]), inner, max_size=3),
    max_leaves=10,
)


def _places(node, prefix=()):
    if prefix:
        yield prefix
    if isinstance(node, dict):
        for k, v in node.items():
            yield from _places(v, (*prefix, k))
    elif isinstance(node, list):
        for i, v in enumerate(node):
            yield from _places(v, (*prefix, i))


@settings(max_examples=150, derandomize=True, deadline=None, database=None, suppress_health_check=list(HealthCheck))
@given(
    damage=st.lists(
        st.tuples(st.integers(0, 10**6), st.sampled_from(["replace", "delete", "copy", "swap"]), JSON_VALUES), min_size=1, max_size=3
    ),
    endpoint=st.sampled_from(["/v1/move", "/v1/legal-moves"]),
)
def test_a_damaged_real_table_is_refused_precisely_never_500(app, dealt, damage, endpoint):
    client = app.test_client()
    table = copy.deepcopy(dealt)
    for k, op, value in damage:
        places = list(_places(table))
        path = places[k % len(places)]
        parent = table
        for key in path[:-1]:
            parent = parent[key]
        last = path[-1]
        if op == "replace":
            parent[last] = value
        elif op == "delete":
            parent.pop(last)
        elif op == "copy" and isinstance(parent, list):
            parent.insert(last, copy.deepcopy(parent[last]))
        elif op == "swap" and isinstance(parent, list):
            parent[last], parent[0] = parent[0], parent[last]
    body = {"state": table, "move": MOVE} if endpoint == "/v1/move" else {"state": table}
    r = post_raw(client, endpoint, json.dumps(body).encode())  # the standard library writes any integer
    assert r.status_code in (200, 400, 422), r.get_data(as_text=True)[:300]
    if r.status_code != 200:
        got = refused(r, r.status_code)
        assert all(e["pointer"] == "" or e["pointer"].startswith(("/state", "/move")) for e in got["errors"]), got["errors"]


# --- no answer is corrupted by what came before ---------------------------------------------


def test_a_refused_request_leaves_nothing_behind(client, state):
    want = client.post("/v1/legal-moves", json={"state": state}).get_json()
    bad = copy.deepcopy(state)
    bad["stock"][1] = bad["stock"][0]
    for _ in range(3):
        assert client.post("/v1/legal-moves", json={"state": bad}).status_code == 422
        assert post_raw(client, "/v1/legal-moves", b'{"state": ').status_code == 400
    assert client.post("/v1/legal-moves", json={"state": state}).get_json() == want


# --- bounded work -------------------------------------------------------------------------


def _post_json(client, path, body, runs=1):
    """POST ``body`` as JSON (costs are measured by bench/worst_cases.py, never asserted here)."""
    return client.post(path, data=json.dumps(body).encode(), content_type="application/json")


def test_legal_moves_and_moves_at_their_worst_are_answered_in_full(client, state):
    worst = worst_state()
    r = _post_json(client, "/v1/legal-moves", {"state": worst})
    assert r.status_code == 200 and len(r.get_json()["moves"]) > 50
    lay_offs = [{"player": "ana", "action": "lay_off", "cards": [c]} for c in worst["players"][0]["hand"]]
    r = _post_json(client, "/v1/move", {"state": worst, "moves": lay_offs[:10]})
    assert r.status_code == 200 and r.get_json()["applied"] == 10
    # MAX_MOVES (100) moves, every one applied: draw and discard in turn (six players, so that
    # the turns with no meld stay below R18a's 150).
    state = client.post("/v1/deal", json={"players": ["ana", "ben", "cy", "dee", "eve", "fay"], "seed": 7}).get_json()["state"]
    moves, s = [], state
    for _ in range(MAX_MOVES // 2):
        who = s["turn"]["player"]
        s = client.post("/v1/move", json={"state": s, "move": {"player": who, "action": "draw", "source": "stock"}}).get_json()["state"]
        card = next(p for p in s["players"] if p["id"] == who)["hand"][-1]
        moves += [{"player": who, "action": "draw", "source": "stock"}, {"player": who, "action": "discard", "card": card}]
        s = client.post("/v1/move", json={"state": s, "move": moves[-1]}).get_json()["state"]
    r = _post_json(client, "/v1/move", {"state": state, "moves": moves})
    assert r.status_code == 200 and r.get_json()["applied"] == MAX_MOVES and r.get_json()["state"] == s


def test_hostile_bodies_within_the_limits_get_small_4xx_answers(client):
    garbage_state = {
        "players": [{"id": 1, "hand": [1] * 11}] * 6,
        "stock": [1] * 52,
        "discard": [1] * 52,
        "melds": [{"id": 1, "cards": [1] * 13}] * 17,
        "turn": {"player": 1},
    }
    for path, body, _budget in [
        ("/v1/move", {"state": garbage_state, "moves": [{"player": 1}] * MAX_MOVES}, 100),
        ("/v1/legal-moves", {"state": garbage_state}, 100),
        ("/v1/melds/check", {"cards": [1] * 1000}, 30),
        ("/v1/scorepad", {"players": ["a", "b"], "hands": [{"q": 1, "r": 2}] * 1000}, 1000),
    ]:
        r = _post_json(client, path, body, runs=1)
        assert 400 <= r.status_code < 500 and len(r.data) < 50_000, (path, r.status_code, len(r.data))


def test_the_scorepad_limit_is_the_largest_legitimate_pad(client):
    """The scorepad's body limit is one fact with the schema: the longest game (the ``deals``
    option's maximum of hands) of the most players, names of the longest length in the widest
    UTF-8 characters, every opponent's cards listed in their longest spelling, fits under it,
    with less than 16 KiB to spare (a limit far above would let costlier bodies in for nothing)."""
    from scorepad_support import compact, longest_pad

    from referee import parse_cards
    from referee.rules import OPTION

    pad = longest_pad()
    body = compact(pad)
    limit = bodies.BODY_LIMITS["/v1/scorepad"]
    assert len(body) <= limit < len(body) + 16 * 1024, (len(body), limit)
    r = client.post("/v1/scorepad", data=body, content_type="application/json")
    assert r.status_code == 200, r.get_json()
    got = r.get_json()
    assert len(got["hands"]) == OPTION["deals"].maximum
    won = {n: 0 for n in pad["players"]}
    for hand in pad["hands"]:  # R14: the winner scores every card left in the others' hands
        won[hand["winner"]] += sum(c.points for e in hand["remaining"].values() for c in parse_cards(e["cards"]))
    assert got["totals"] == won and min(won.values()) > 0


# --- the limits are documented ----------------------------------------------------------------


def _max_items(node) -> int:
    if isinstance(node, dict):
        own = node.get("maxItems", 0) if isinstance(node.get("maxItems"), int) else 0
        return max([own, *(_max_items(v) for v in node.values())])
    if isinstance(node, list):
        return max([0, *(_max_items(v) for v in node)])
    return 0


def test_the_limits_are_in_the_openapi_document(client, app):
    spec = yaml.load(client.get("/openapi.yaml").data, Loader=yaml.CSafeLoader)
    limits = spec["info"]["x-limits"]
    # Each endpoint's own body limit, as the app applies it (web/bodies.py), never a global one.
    assert limits["max_body_bytes"] == {path: min(n, app.config["MAX_CONTENT_LENGTH"]) for path, n in bodies.BODY_LIMITS.items()}
    assert limits["max_body_bytes"] == bodies.BODY_LIMITS  # none above RUMMY_MAX_BODY_BYTES's default
    assert limits["max_json_depth"] == bodies.MAX_JSON_DEPTH
    assert limits["max_json_keys"] == bodies.MAX_JSON_KEYS
    assert limits["max_listed_errors"] == problems_module.MAX_LISTED_ERRORS
    # The structural array limit is exactly the longest list any schema accepts: no valid
    # request is refused by it, and no list is loaded item by item past its own limit.
    assert limits["max_json_items"] == bodies.MAX_JSON_ITEMS == _max_items(spec["paths"] | spec["components"]["schemas"])
    assert spec["components"]["schemas"]["ScorepadRequest"]["properties"]["hands"]["maxItems"] == limits["max_scorepad_hands"]
    assert spec["components"]["schemas"]["MovesRequest"]["properties"]["moves"]["maxItems"] == limits["max_moves_per_request"]
    assert spec["components"]["schemas"]["TableMoveRequest"]["properties"]["moves"]["maxItems"] == limits["max_moves_per_seat_request"]
    assert spec["components"]["schemas"]["SuggestRequest"]["properties"]["events"]["maxItems"] == limits["max_suggest_events"]
