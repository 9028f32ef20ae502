"""Hostile input: whatever a client sends, the answer is a precise 4xx — the right status,
``application/problem+json`` and a JSON Pointer to the fault — never a 500, never a corrupted
answer, and never more than a bounded amount of work.

Covers malformed and truncated JSON, wrong content types, empty bodies, deep nesting, huge
arrays, strings and objects, numbers where strings belong and the reverse, unicode oddities in
card codes and player names, duplicate keys, tables that cannot exist, and the cost of the
worst requests within the limits (``info.x-limits`` of openapi.yaml).
"""

from __future__ import annotations

import copy
import io
import json

import pytest
import yaml
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from werkzeug.test import EnvironBuilder

from referee.errors import MAX_PROBLEMS
from schemas.state import MAX_MOVES, MAX_TURN_MOVES
from web import bodies
from web import problems as problems_module

PROBLEM = "application/problem+json"
MOVE = {"player": "ana", "action": "draw", "source": "stock"}


@pytest.fixture(scope="module")
def dealt(app):
    """A real two-player table: ana to draw, ben dealt; every test gets a fresh copy."""
    r = app.test_client().post("/v1/deal", json={"players": ["ana", "ben"], "seed": 7})
    assert r.status_code == 200
    return r.get_json()["state"]


@pytest.fixture()
def state(dealt):
    return copy.deepcopy(dealt)


def refused(response, status: int, pointer: str | None = None) -> dict:
    """Assert a problem+json refusal with ``status`` whose first error is at ``pointer``."""
    assert response.status_code == status, response.get_data(as_text=True)[:500]
    assert response.content_type == PROBLEM
    body = response.get_json()
    assert body["status"] == status and body["title"] and body["detail"] and body["type"] == "about:blank"
    if pointer is not None:
        assert body["errors"][0]["pointer"] == pointer, body["errors"]
    return body


def post_raw(client, path: str, data: bytes, content_type: str = "application/json"):
    return client.post(path, data=data, content_type=content_type)


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
        ("/v1/melds/check", {"cards": [7] * 1001}, "/cards"),
        ("/v1/deal", {"players": [1] * 1001}, "/players"),
        ("/v1/scorepad", {"players": ["a", "b"], "hands": [{}] * 1001}, "/hands"),
        ("/v1/move", {"state": {"players": [{}] * 1001}, "move": MOVE}, "/state/players"),
    ],
)
def test_a_huge_array_is_400_before_anything_is_read(client, path, body, pointer):
    got = refused(client.post(path, json=body), 400, pointer)
    assert "no array here has more than 1000" in got["detail"]


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


# --- numbers where strings belong, and the reverse -----------------------------------------


@pytest.mark.parametrize(
    "path,body,pointer",
    [
        ("/v1/melds/check", {"cards": [7, "KS", "JS"]}, "/cards/0"),
        ("/v1/melds/check", {"cards": ["QS", None, "JS"]}, "/cards/1"),
        ("/v1/melds/check", {"cards": ["QS", ["KS"], "JS"]}, "/cards/1"),
        ("/v1/melds/check", {"cards": "QS KS JS"}, "/cards"),
        ("/v1/melds/check", {"cards": ["QS", "KS", "JS"], "rules": {"target_score": "100"}}, "/rules/target_score"),
        ("/v1/melds/check", {"cards": ["QS", "KS", "JS"], "rules": {"target_score": 100.0}}, "/rules/target_score"),
        ("/v1/melds/check", {"cards": ["QS", "KS", "JS"], "rules": {"target_score": 100.5}}, "/rules/target_score"),
        ("/v1/melds/check", {"cards": ["QS", "KS", "JS"], "rules": {"target_score": True}}, "/rules/target_score"),
        ("/v1/melds/check", {"cards": ["QS", "KS", "JS"], "rules": {"preset": 1}}, "/rules/preset"),
        ("/v1/melds/check", {"cards": ["QS", "KS", "JS"], "rules": "basic"}, "/rules"),
        ("/v1/deal", {"players": ["ana", 7]}, "/players/1"),
        ("/v1/deal", {"players": "ana,ben"}, "/players"),
        ("/v1/deal", {"players": ["ana", "ben"], "seed": "7"}, "/seed"),
        ("/v1/deal", {"players": ["ana", "ben"], "seed": 7.5}, "/seed"),
        ("/v1/deal", {"players": ["ana", "ben"], "seed": True}, "/seed"),
        ("/v1/deal", {"players": ["ana", "ben"], "seed": -1}, "/seed"),
        ("/v1/deal", {"players": ["ana", "ben"], "seed": 2**63}, "/seed"),
        ("/v1/deal", {"players": ["ana", "ben"], "dealer": 1}, "/dealer"),
        ("/v1/hand-score", {"remaining": {"ben": ["KC"]}, "rummy": "true"}, "/rummy"),
        ("/v1/hand-score", {"remaining": {"ben": ["KC"]}, "rummy": 1}, "/rummy"),
        ("/v1/hand-score", {"remaining": ["KC"]}, "/remaining"),
        (
            "/v1/scorepad",
            {"players": ["a", "b"], "hands": [{"winner": "a", "remaining": {"b": {"points": "12"}}}]},
            "/hands/0/remaining/b/points",
        ),
        (
            "/v1/scorepad",
            {"players": ["a", "b"], "hands": [{"winner": "a", "remaining": {"b": {"points": 12.5}}}]},
            "/hands/0/remaining/b/points",
        ),
        ("/v1/scorepad", {"players": ["a", "b"], "hands": [{"winner": 1}]}, "/hands/0/winner"),
        ("/v1/scorepad", {"players": ["a", "b"], "hands": [{"draw": "yes"}]}, "/hands/0/draw"),
        ("/v1/scorepad", {"players": ["a", "b"], "hands": {"0": {"draw": True}}}, "/hands"),
    ],
)
def test_a_value_of_the_wrong_type_is_422_at_the_value(client, path, body, pointer):
    refused(client.post(path, json=body), 422, pointer)


@pytest.mark.parametrize(
    "where,value,pointer",
    [
        (("restocks",), "1", "/state/restocks"),
        (("restocks",), True, "/state/restocks"),
        (("turn", "melds_made"), 1.0, "/state/turn/melds_made"),
        (("turn", "laid_off"), 0, "/state/turn/laid_off"),
        (("turn", "player"), 0, "/state/turn/player"),
        (("turn", "taken_discard"), 52, "/state/turn/taken_discard"),
        (("players", 0, "hand"), "5D 6H", "/state/players/0/hand"),
        (("players", 0, "id"), ["ana"], "/state/players/0/id"),
        (("players", 0, "tabled"), "false", "/state/players/0/tabled"),
        (("players", 0), "ana", "/state/players/0"),
        (("melds",), {"m1": []}, "/state/melds"),
        (("status",), 0, "/state/status"),
        (("stock",), None, "/state/stock"),
    ],
)
def test_a_state_field_of_the_wrong_type_is_422_at_the_field(client, state, where, value, pointer):
    node = state
    for key in where[:-1]:
        node = node[key]
    node[where[-1]] = value
    refused(client.post("/v1/move", json={"state": state, "move": MOVE}), 422, pointer)
    refused(client.post("/v1/legal-moves", json={"state": state}), 422, pointer)


@pytest.mark.parametrize(
    "move,pointer",
    [
        ("draw", "/move"),
        (["ana", "draw"], "/move"),
        (None, "/move"),
        ({"player": "ana", "action": None}, "/move/action"),
        ({"player": "ana", "action": "fly"}, "/move/action"),
        ({"player": "ana", "action": "discard", "card": 5}, "/move/card"),
        ({"player": "ana", "action": "meld", "cards": "5D 6D 7D"}, "/move/cards"),
        ({"player": "ana", "action": "lay_off", "cards": ["5D"], "meld": 1}, "/move/meld"),
        ({"player": "ana", "action": "draw"}, "/move/source"),
        ({"player": "ana", "action": "draw", "source": "stock", "card": "5D"}, "/move/card"),
    ],
)
def test_a_move_of_the_wrong_shape_is_422_at_the_move(client, state, move, pointer):
    refused(client.post("/v1/move", json={"state": state, "move": move}), 422, pointer)


# --- unicode oddities ------------------------------------------------------------------------


@pytest.mark.parametrize(
    "card",
    [
        "Q\u200bS",  # zero-width space inside
        "QS\u200b",  # zero-width space after
        "\ufeffQS",  # a byte-order mark in front
        "\u202eQS",  # right-to-left override
        "Q\u0301S",  # a combining accent
        "Ｑ♠",  # fullwidth Q
        "𝐐S",  # mathematical bold Q
        "１０H",  # fullwidth digits
        "Q♠\ufe0e",  # text variation selector (only U+FE0F is accepted)
        "Q♠\ufe0f\ufe0f",  # the emoji selector twice
        "Q\ufe0f♠",  # the selector in the wrong place
        "QS\ufe0f",  # the selector after a letter suit
        "Q♠ ",  # a trailing space
        "Q\u00a0S",  # a no-break space
    ],
)
def test_a_card_code_with_unicode_oddities_is_422_at_the_card(client, card):
    got = refused(client.post("/v1/melds/check", json={"cards": ["KS", card, "JS"]}), 422, "/cards/1")
    assert "is not a card" in got["detail"]


def test_the_accepted_unicode_spellings_still_parse(client):
    r = client.post("/v1/melds/check", json={"cards": ["J♤", "q♠\ufe0f", "K♠"]})
    assert r.get_json() == {
        "valid": True,
        "kind": "run",
        "cards": ["JS", "QS", "KS"],
        "reasons": [],
        "summary": "J♠ Q♠ K♠ is a run of spades",
    }


@pytest.mark.parametrize(
    "name,why",
    [
        ("an\u200ba", "U+200B"),  # zero-width space
        ("ana\u200d", "U+200D"),  # zero-width joiner
        ("\u202eana", "U+202E"),  # right-to-left override
        ("ana\u2066", "U+2066"),  # left-to-right isolate
        ("\ufeffana", "U+FEFF"),  # byte-order mark
        ("a\u0000b", "U+0000"),  # NUL
        ("a\nb", "U+000A"),  # a new line
        ("\u2028", "U+2028"),  # line separator
        ("ana\u0301", "normal form C"),  # a combining accent, not NFC
        ("Zoe\u0308", "normal form C"),  # Zoë typed with a combining diaeresis
        (" ana", "spaces"),
        ("ana ", "spaces"),
        ("", "empty"),
    ],
)
def test_a_player_name_with_unicode_oddities_is_422_at_the_name(client, state, name, why):
    assert why in refused(client.post("/v1/deal", json={"players": [name, "ben"]}), 422, "/players/0")["detail"]
    state["players"][1]["id"] = name
    assert why in refused(client.post("/v1/legal-moves", json={"state": state}), 422, "/state/players/1/id")["detail"]
    pad = {"players": ["ana", "ben"], "hands": [{"winner": "ana", "remaining": {name: {"points": 3}}}]}
    assert client.post("/v1/scorepad", json=pad).status_code == 422


@pytest.mark.parametrize("name", ["Zoë", "مريم", "李雷", "O'Neil", "😀", "ana-maría", "Ⅻ", "a b"])
def test_real_names_in_any_script_are_welcome(client, name):
    r = client.post("/v1/deal", json={"players": [name, "ben"], "seed": 1})
    assert r.status_code == 200 and r.get_json()["state"]["players"][0]["id"] == name


# --- tables that cannot exist ----------------------------------------------------------------


def test_a_card_doubled_is_422_at_the_second_copy(client, state):
    state["stock"][1] = state["stock"][0]
    got = refused(client.post("/v1/legal-moves", json={"state": state}), 422, "/state/stock/1")
    assert "twice" in got["errors"][0]["detail"] and "in the stock (card 1)" in got["errors"][0]["detail"]
    assert any("missing" in e["detail"] for e in got["errors"])  # and the card it replaced


def test_a_card_in_a_hand_and_on_the_pile_is_422(client, state):
    state["discard"].append(state["players"][1]["hand"][0])
    refused(client.post("/v1/move", json={"state": state, "move": MOVE}), 422, "/state/discard/1")


def test_a_card_missing_is_422_naming_it(client, state):
    gone = state["stock"].pop()
    got = refused(client.post("/v1/legal-moves", json={"state": state}), 422, "/state")
    assert "1 of the 52 cards is missing" in got["detail"]
    assert gone[:-1] in got["detail"]


def test_a_turn_for_an_unknown_player_is_422(client, state):
    state["turn"]["player"] = "cy"
    refused(client.post("/v1/legal-moves", json={"state": state}), 422, "/state/turn/player")


def test_an_unknown_dealer_and_meld_owner_are_422(client, state):
    state["dealer"] = "cy"
    refused(client.post("/v1/legal-moves", json={"state": state}), 422, "/state/dealer")


def test_a_player_id_twice_is_422(client, state):
    state["players"][1]["id"] = "ana"
    refused(client.post("/v1/legal-moves", json={"state": state}), 422, "/state/players/1/id")


def test_a_meld_that_is_not_a_meld_is_422(client, state):
    cards = [state["stock"].pop() for _ in range(3)]
    state["melds"] = [{"id": "m1", "owner": "ben", "cards": cards}]
    got = refused(client.post("/v1/legal-moves", json={"state": state}), 422, "/state/melds/0/cards")
    assert "not a valid meld" in got["detail"]


def test_a_meld_of_the_wrong_kind_is_422(client, state):
    for card in ("QH", "QD", "QC"):
        for place in (state["stock"], state["discard"], *(p["hand"] for p in state["players"])):
            if card in place:
                place.remove(card)
    state["melds"] = [{"id": "m1", "cards": ["QH", "QD", "QC"], "kind": "run"}]
    refused(client.post("/v1/legal-moves", json={"state": state}), 422, "/state/melds/0/kind")


def test_an_out_hand_still_marked_playing_is_422(client, state):
    state["stock"] += state["players"][0]["hand"]
    state["players"][0]["hand"] = []
    got = refused(client.post("/v1/legal-moves", json={"state": state}), 422, "/state/players/0/hand")
    assert "status must be out" in got["detail"]


def test_out_with_everyone_holding_cards_is_422(client, state):
    state["status"] = "out"
    refused(client.post("/v1/legal-moves", json={"state": state}), 422, "/state/status")


def test_a_hand_larger_than_the_deal_allows_is_422(client, state):
    state["players"][1]["hand"].append(state["stock"].pop())  # ben is not to move: 11 > 10
    got = refused(client.post("/v1/legal-moves", json={"state": state}), 422, "/state/players/1/hand")
    assert "at most 10" in got["detail"]
    state["players"][0]["hand"] += [state["stock"].pop()]  # ana in draw phase: 11 > 10 too
    refused(client.post("/v1/legal-moves", json={"state": state}), 422, "/state/players/0/hand")


def test_a_taken_discard_not_in_hand_is_422(client, state):
    state["turn"].update(phase="play", taken_discard=state["players"][1]["hand"][0])
    state["players"][0]["hand"].append(state["stock"].pop(0))
    refused(client.post("/v1/legal-moves", json={"state": state}), 422, "/state/turn/taken_discard")


def test_a_move_by_a_stranger_is_422_and_by_the_wrong_player_is_illegal(client, state):
    refused(client.post("/v1/move", json={"state": state, "move": {**MOVE, "player": "zed"}}), 422, "/move/player")
    refused(client.post("/v1/move", json={"state": state, "moves": [MOVE, {**MOVE, "player": "zed"}]}), 422, "/moves/1/player")
    r = client.post("/v1/move", json={"state": state, "move": {**MOVE, "player": "ben"}}).get_json()
    assert r["legal"] is False and r["reasons"][0]["code"] == "not_your_turn" and r["state"] == state


@pytest.mark.parametrize("body", [{}, {"move": MOVE, "moves": [MOVE]}, {"moves": []}])
def test_neither_or_both_of_move_and_moves_is_422(client, state, body):
    assert client.post("/v1/move", json={"state": state, **body}).status_code == 422


def test_an_impossible_scorepad_entry_is_422_naming_hand_and_player(client):
    pad = {
        "players": ["ana", "ben", "cy"],
        "hands": [{"winner": "ana", "remaining": {"ben": {"cards": ["KC", "KC"]}, "cy": {"points": 12}}}],
    }
    refused(client.post("/v1/scorepad", json=pad), 422, "/hands/0/remaining/ben/cards/1")
    pad["hands"][0]["remaining"] = {"ben": {"points": 0}, "cy": {"points": 1000}}
    got = refused(client.post("/v1/scorepad", json=pad), 422)
    assert [e["pointer"] for e in got["errors"]] == ["/hands/0/remaining/ben/points", "/hands/0/remaining/cy/points"]


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


def _worst_move_state(client):
    """Eleven cards in hand after the draw, thirteen sets on the table: the most melds, lay-offs
    and discards legal-moves can list, and the most melds a lay-off without a meld id can try."""
    table = [f"{rank}{suit}" for rank in ["A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K"] for suit in "CDH"]
    melds = [{"id": f"m{i}", "owner": "ben", "cards": table[3 * i : 3 * i + 3]} for i in range(13)]
    hand = ["AS", "2S", "3S", "4S", "5S", "6S", "7S", "8S", "9S", "10S", "JS"]
    return {
        "players": [{"id": "ana", "hand": hand}, {"id": "ben", "hand": ["QS"], "tabled": True}],
        "stock": [],
        "discard": ["KS"],
        "melds": melds,
        "turn": {"player": "ana", "phase": "play"},
        "dealer": "ben",
    }


def test_legal_moves_and_moves_at_their_worst_are_answered_in_full(client, state):
    worst = _worst_move_state(client)
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
    spec = yaml.safe_load(client.get("/openapi.yaml").data)
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


# --- names people really type, and names that look blank (review findings) ----------------------


@pytest.mark.parametrize("name", ["👩\u200d💻", "می\u200cخواهم", "Zoë", "ناديا"])
def test_real_names_with_joiners_and_other_scripts_are_accepted(client, name):
    r = client.post("/v1/deal", json={"players": [name, "ben"], "seed": 1})
    assert r.status_code == 200 and r.get_json()["state"]["players"][0]["id"] == name


@pytest.mark.parametrize("name,char", [("\u2800", "U+2800"), ("\u115f", "U+115F"), ("\u200dab", "U+200D"), ("a\u200b", "U+200B")])
def test_names_that_print_blank_or_carry_invisible_characters_are_refused(client, name, char):
    r = client.post("/v1/deal", json={"players": [name, "ben"], "seed": 1})
    assert r.status_code == 422 and r.content_type == "application/problem+json"
    [error] = r.get_json()["errors"]
    assert error["pointer"] == "/players/0" and char in error["detail"]


def test_a_meld_id_with_a_zero_width_space_is_refused(client, state):
    st = copy.deepcopy(state)
    r = client.post("/v1/move", json={"state": st, "move": {"player": st["turn"]["player"], "action": "draw", "source": "stock"}})
    st = r.get_json()["state"]
    move = {"player": st["turn"]["player"], "action": "lay_off", "cards": [st["players"][0]["hand"][0]], "meld": "m\u200b1"}
    r = client.post("/v1/move", json={"state": st, "move": move})
    assert r.status_code == 422 and [e["pointer"] for e in r.get_json()["errors"]] == ["/move/meld"]
    assert "U+200B" in r.get_json()["errors"][0]["detail"]


def test_scorepad_more_than_ten_cards_is_refused_before_the_cards_are_read(client):
    body = {"players": ["a", "b"], "hands": [{"winner": "a", "remaining": {"b": {"cards": [1] * 15}}}]}
    r = client.post("/v1/scorepad", json=body)
    assert r.status_code == 422
    assert r.get_json()["errors"] == [
        {
            "pointer": "/hands/0/remaining/b/cards",
            "detail": "hand 1, b's cards: 15 cards listed, but only 10 are ever dealt to a player (R2)",
        }
    ]


def test_a_key_repeated_deep_in_the_body_is_named_by_its_path(client):
    raw = b'{"cards": ["QS", "KS", "AS"], "rules": {"aces": "low", "aces": "high_or_low"}}'
    r = client.post("/v1/melds/check", data=raw, content_type="application/json")
    assert r.status_code == 400 and r.content_type == "application/problem+json"
    assert r.get_json()["errors"] == [{"pointer": "/rules/aces", "detail": "the key 'aces' appears twice in one JSON object; send it once"}]
