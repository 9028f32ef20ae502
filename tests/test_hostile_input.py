"""Hostile input: whatever a client sends, the answer is a precise 4xx — the right status,
``application/problem+json`` and a JSON Pointer to the fault — never a 500 (shared helpers:
tests/hostile_support.py).

This file: the body itself — malformed and truncated JSON, wrong content types, empty bodies,
duplicate keys, deep nesting, huge arrays, strings and objects, bodies over the limits.
Values in a well-formed body: test_hostile_values.py; damage at random, bounded work and the
documented limits: test_hostile_bounds.py.
"""

# The fixtures dealt and state come from hostile_support; pytest passes them to the tests by name.
# ruff: noqa: F811
from __future__ import annotations

import io
import json

import pytest
from hostile_support import MOVE, dealt, post_raw, refused, state  # noqa: F401 (fixtures)
from werkzeug.test import EnvironBuilder

from referee.errors import MAX_PROBLEMS
from schemas.state import MAX_MOVES, MAX_TURN_MOVES
from web import bodies

# --- bodies that are not JSON objects ------------------------------------------------------


@pytest.mark.parametrize(
    "data",
    [
        b'{"cards": ["QS", "KS"',  # truncated
        b'{"cards": ["QS", "KS", "AS"]',  # truncated at the end
        b'{"cards": ["QS" "KS"]}',  # a comma missing
        b"{'cards': ['QS']}",  # single quotes
        b'{"cards": ["QS",]}',  # trailing comma
        b'{cards: ["QS"]}',  # bare key
        b'{"cards": ["QS"]} {"x": 1}',  # two documents
        b'{"cards": ["QS"]}\x00',  # a NUL after the document
        b'\xef\xbb\xbf{"cards": ["QS"]}',  # a byte-order mark
        b'{"cards": ["\xff\xfe"]}',  # not UTF-8
        b'{"cards": ["\\ud800"]}',  # a lone surrogate escape
        b'{"cards": [NaN]}',
        b'{"cards": [Infinity]}',
        b'{"cards": [1e999]}',
        b'{"seed": ' + b"9" * 3000 + b"}",  # a number of 3000 digits
        b"null",
        b"true",
        b"42",
        b'"cards"',
        b"[]",
        b'[{"cards": []}]',
        b"",
        b"   ",
        b"\n\t ",  # empty
    ],
)
def test_a_body_that_is_not_a_json_object_is_400(client, data):
    body = refused(post_raw(client, "/v1/melds/check", data), 400, "")
    assert body["errors"][0]["detail"] == body["detail"]


def test_the_400_names_what_the_body_was(client):
    assert "not null" in refused(post_raw(client, "/v1/deal", b"null"), 400)["detail"]
    assert "not an array" in refused(post_raw(client, "/v1/deal", b"[1]"), 400)["detail"]
    assert "not a string" in refused(post_raw(client, "/v1/deal", b'"x"'), 400)["detail"]
    assert "empty" in refused(post_raw(client, "/v1/deal", b""), 400)["detail"]


def test_a_body_that_is_not_utf8_is_400_naming_the_byte(client):
    """Fresh eyes: a Latin-1 é was answered "str is not valid UTF-8: surrogates not allowed"."""
    body = refused(post_raw(client, "/v1/melds/check", b'{"cards": ["Q\xe9S"]}', "application/json; charset=latin-1"), 400, "")
    assert body["detail"] == "the body is not valid JSON: JSON is UTF-8 text, and byte 13 (0xE9) is not UTF-8"
    assert refused(post_raw(client, "/v1/deal", b"\xff\xfe{}"), 400)["detail"].endswith("byte 0 (0xFF) is not UTF-8")


@pytest.mark.parametrize(
    "content_type",
    [
        "text/plain",
        "text/json",
        "application/x-www-form-urlencoded",
        "multipart/form-data; boundary=x",
        "application/xml",
        "application/octet-stream",
        "",
        "application/jsonx",
        "json",
    ],
)
def test_a_body_not_sent_as_json_is_415(client, content_type):
    body = refused(post_raw(client, "/v1/move", b'{"cards": ["QS"]}', content_type), 415)
    assert "Content-Type: application/json" in body["detail"]


def test_json_with_parameters_or_a_json_suffix_is_json(client):
    for content_type in ("application/json; charset=utf-8", "APPLICATION/JSON", "application/vnd.rummy+json"):
        r = post_raw(client, "/v1/melds/check", b'{"cards": ["QS", "KS", "JS"]}', content_type)
        assert r.status_code == 200 and r.get_json()["valid"] is True, content_type


# --- duplicate keys ------------------------------------------------------------------------


@pytest.mark.parametrize(
    "data,key,pointer",
    [
        (b'{"players": ["a", "b"], "seed": 1, "seed": 2}', "seed", "/seed"),
        (b'{"players": ["a", "b"], "rules": {"preset": "basic", "preset": "standard"}}', "preset", "/rules/preset"),
        (b'{"players": ["a", "b"], "s\\u0065ed": 1, "seed": 2}', "seed", "/seed"),  # the same key, escaped
    ],
)
def test_a_key_twice_in_one_object_is_400(client, data, key, pointer):
    body = refused(post_raw(client, "/v1/deal", data), 400, pointer)
    assert repr(key) in body["detail"]


def test_a_key_twice_deep_in_a_state_is_400(client, state):
    raw = json.dumps({"state": state, "move": MOVE}).replace('"status": "playing"', '"status": "playing", "status": "out"')
    assert "status" in refused(post_raw(client, "/v1/move", raw.encode()), 400, "/state/status")["detail"]


def test_the_same_key_in_two_objects_is_fine(client):
    r = client.post("/v1/hand-score", json={"remaining": {"ben": ["KC"]}, "rules": {"preset": "basic"}})
    assert r.status_code == 200


# --- structure: depth, width, length -------------------------------------------------------


def test_deep_nesting_is_400_at_the_place(client):
    deep = b'{"state": ' + b"[" * 4_000 + b"]" * 4_000 + b"}"
    refused(post_raw(client, "/v1/move", deep), 400, "")  # past the parser's own limit
    body = {"cards": ["QS"], "x": {}}
    node = body["x"]
    for _ in range(40):
        node["a"] = {}
        node = node["a"]
    got = refused(client.post("/v1/melds/check", json=body), 400)
    assert "nested more than 32" in got["detail"] and got["errors"][0]["pointer"].startswith("/x/a/a/")


def test_nesting_up_to_the_limit_is_read_as_usual(client):
    body = {"cards": ["QS"], "x": 1}
    for _ in range(29):
        body["x"] = {"a": body["x"]}
    got = refused(client.post("/v1/melds/check", json=body), 422, "/x")
    assert "not a field" in got["detail"]


@pytest.mark.parametrize(
    "path,body,pointer",
    [
        ("/v1/scorepad", {"players": ["a", "b"], "hands": [{}] * (bodies.MAX_JSON_ITEMS + 1)}, "/hands"),
        ("/v1/verify", {"fairness": {"record": {"moves": [0] * (bodies.MAX_JSON_ITEMS + 1)}}}, "/fairness/record/moves"),
    ],
)
def test_a_huge_array_is_400_before_anything_is_read(client, path, body, pointer):
    got = refused(client.post(path, json=body), 400, pointer)
    assert f"no array here has more than {bodies.MAX_JSON_ITEMS}" in got["detail"]


@pytest.mark.parametrize(
    "path,body",
    [
        ("/v1/melds/check", {"cards": [7] * (bodies.MAX_JSON_ITEMS + 1)}),
        ("/v1/deal", {"players": [1] * (bodies.MAX_JSON_ITEMS + 1)}),
        ("/v1/move", {"state": {"players": [{}] * (bodies.MAX_JSON_ITEMS + 1)}, "move": MOVE}),
    ],
)
def test_a_huge_array_on_a_small_operation_is_413_before_anything_is_read(client, path, body):
    """The array limit serves the long bodies (a revealed hand's 16,000 moves); an operation
    whose body is small refuses such an array by its body limit first (web.bodies.BODY_LIMITS)."""
    got = refused(client.post(path, json=body), 413)
    assert f"({bodies.body_limit(path)} bytes)" in got["detail"]


def test_an_object_of_too_many_keys_is_400(client):
    body = {"cards": ["QS"], **{f"k{i}": 0 for i in range(100)}}
    assert "more than 64" in refused(client.post("/v1/melds/check", json=body), 400, "")["detail"]
    remaining = {f"p{i}": ["KC"] for i in range(65)}
    refused(client.post("/v1/hand-score", json={"remaining": remaining}), 400, "/remaining")


@pytest.mark.parametrize(
    "path,body,pointer",
    [
        ("/v1/melds/check", {"cards": ["QS"] * 53}, "/cards"),
        ("/v1/melds/check", {"cards": ["QS"], "onto": ["KS"] * 14}, "/onto"),
        ("/v1/deal", {"players": ["a", "b", "c", "d", "e", "f", "g"]}, "/players"),
        ("/v1/move", {"state": {"players": [{"id": "a", "hand": []}] * 7, "stock": [], "discard": []}, "move": MOVE}, "/state/players"),
        ("/v1/hand-score", {"remaining": {"ben": ["KC"] * 11}}, "/remaining/ben"),
        ("/v1/hand-score", {"remaining": {f"p{i}": ["KC"] for i in range(6)}}, "/remaining"),
    ],
)
def test_a_list_over_its_schema_limit_is_422_at_the_list(client, path, body, pointer):
    got = refused(client.post(path, json=body), 422, pointer)
    assert len(got["errors"]) == 1  # refused at the list, not item by item


def test_more_moves_than_max_moves_are_422_at_moves(client, state):
    assert MAX_MOVES == 100
    got = refused(client.post("/v1/move", json={"state": state, "moves": [MOVE] * (MAX_MOVES + 1)}), 422, "/moves")
    assert got["detail"] == "the moves must have 1 to 100 moves; this has 101"


def test_a_seat_sends_at_most_one_turns_moves(client):
    """A seat moves only in its own turn: a draw, then at most 11 plays and a discard."""
    assert MAX_TURN_MOVES == 12
    made = client.post("/v1/tables", json={"players": ["ana", "ben"]}).get_json()
    seat = made["seats"][made["view"]["turn"]["player"]]
    moves = [{"action": "draw", "source": "stock"}] * (MAX_TURN_MOVES + 1)
    got = refused(client.post("/v1/tables/move", json={"table": made["table"], "seat": seat, "moves": moves}), 422, "/moves")
    assert got["detail"] == "the moves must have 1 to 12 moves, one turn's at most; this has 13"
    r = client.post("/v1/tables/move", json={"table": made["table"], "seat": seat, "moves": moves[:MAX_TURN_MOVES]})
    assert r.status_code == 200 and r.get_json()["applied"] == 1  # the second draw is refused: already drew


def test_huge_strings_are_refused_without_echoing_them(client, state):
    got = refused(client.post("/v1/melds/check", json={"cards": ["Q" * 3_000, "KS", "JS"]}), 422, "/cards/0")
    assert len(got["detail"]) < 400 and "QQQQQQQQQQQQQQQQQQQQ…" in got["detail"]
    refused(client.post("/v1/deal", json={"players": ["a" * 41, "b"]}), 422, "/players/0")
    state["players"][0]["id"] = "x" * 5_000
    got = refused(client.post("/v1/legal-moves", json={"state": state}), 422, "/state/players/0/id")
    assert len(json.dumps(got)) < 2000
    refused(client.post("/v1/move", json={"state": state, "move": {**MOVE, "player": "p" * 5_000}}), 422)


def test_a_body_over_the_limit_is_413(client, app):
    big = b'{"cards": ["' + b"Q" * app.config["MAX_CONTENT_LENGTH"] + b'"]}'
    got = refused(post_raw(client, "/v1/melds/check", big), 413)
    assert str(bodies.BODY_LIMITS["/v1/melds/check"]) in got["detail"]


def test_each_endpoint_takes_the_bodies_it_needs_and_no_more(client, app):
    """Finding 4: a 64 KiB meld check is a 413 (a meld check needs under 1 KiB); every POST
    route declares its limit in web.bodies.BODY_LIMITS, and a body of exactly its limit is read."""
    got = refused(post_raw(client, "/v1/melds/check", b'{"cards": ["QS"], "x": "' + b"y" * 64 * 1024 + b'"}'), 413)
    assert got["detail"] == "the body is larger than this service accepts (4096 bytes)"
    posts = {r.rule for r in app.url_map.iter_rules() if "POST" in r.methods}
    assert posts == set(bodies.BODY_LIMITS), "every POST route has its body limit, stated once"
    for path, limit in bodies.BODY_LIMITS.items():
        exact = b'{"x": "' + b"y" * (limit - 9) + b'"}'
        assert len(exact) == limit
        assert post_raw(client, path, exact).status_code == 422, path  # read, then refused for its content
        assert post_raw(client, path, exact + b" ").status_code == 413, path


@pytest.mark.parametrize("extra,status", [(0, 422), (1, 413), (100_000, 413)])
def test_a_chunked_body_over_the_limit_is_413_not_cut_short(app, extra, status):
    """Found: a body sent without Content-Length (chunked) was silently cut at the limit and
    answered 400 "not valid JSON"; a valid document padded past the limit was even accepted."""
    limit = bodies.BODY_LIMITS["/v1/melds/check"]
    head, tail = b'{"cards": ["', b'"]}'
    body = head + b"Q" * (limit - len(head) - len(tail) + extra) + tail
    environ = EnvironBuilder(path="/v1/melds/check", method="POST", data=body, content_type="application/json").get_environ()
    del environ["CONTENT_LENGTH"]
    environ.update({"HTTP_TRANSFER_ENCODING": "chunked", "wsgi.input_terminated": True, "wsgi.input": io.BytesIO(body)})
    statuses = []
    answer = b"".join(app.wsgi_app(environ, lambda s, h, e=None: statuses.append(s)))
    assert statuses[0].startswith(str(status)) and json.loads(answer)["status"] == status
    padded = b'{"cards": ["QS", "KS", "JS"]}' + b" " * (limit + extra)
    environ.update({"wsgi.input": io.BytesIO(padded)})
    statuses.clear()
    b"".join(app.wsgi_app(environ, lambda s, h, e=None: statuses.append(s)))
    assert statuses[0].startswith("413")


def test_a_422_lists_at_most_max_problems_faults_and_checking_stops_there(client):
    """Issues #11, #20: a pad whose every entry is wrong costs no more than one whose first
    MAX_PROBLEMS (20) are."""
    assert MAX_PROBLEMS == 20
    stopped = f"(and more: checking stopped after the first {MAX_PROBLEMS}, which are listed)"
    hands = [{"winner": "a", "remaining": {"b": {"cards": [7] * 10}}}] * 20
    got = refused(client.post("/v1/scorepad", json={"players": ["a", "b"], "hands": hands}), 422, "/hands/0/remaining/b/cards/0")
    assert len(got["errors"]) == 20
    assert got["detail"].endswith(stopped)
    assert got["errors"][-1]["pointer"] == "/hands/1/remaining/b/cards/9"
    # The same in the rules core: 90 hands of impossible points, checking stops at hand 5.
    hands = [
        {"winner": "a", "remaining": {"b": {"points": 0}, "c": {"points": 0}, "d": {"points": 0}, "e": {"points": 0}, "f": {"points": 0}}}
    ] * 90
    got = refused(
        client.post("/v1/scorepad", json={"players": ["a", "b", "c", "d", "e", "f"], "hands": hands}), 422, "/hands/0/remaining/b/points"
    )
    assert len(got["errors"]) == 20 and got["errors"][-1]["pointer"] == "/hands/3/remaining/f/points"
    assert got["detail"].endswith(stopped)


def test_fewer_than_max_problems_faults_are_all_listed_and_counted(client):
    hands = [{"winner": "a", "remaining": {"b": {"cards": [7] * 6}}}] * 3
    got = refused(client.post("/v1/scorepad", json={"players": ["a", "b"], "hands": hands}), 422, "/hands/0/remaining/b/cards/0")
    assert len(got["errors"]) == 18 and got["detail"].endswith("(and 17 more)")
