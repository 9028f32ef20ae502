"""openapi.yaml says precisely what the service answers and accepts (issue #17). Everything here
is declared by the schemas of record (schemas/doc.py) and generated (``make openapi``)."""

from __future__ import annotations

import copy
import json
import re
from pathlib import Path

import pytest
import yaml
from marshmallow import ValidationError
from openapi_check import CheckingClient, NotAsDocumented, check_answer

import app as app_module
from referee import Action, Code, MeldKind, Phase, Source, Status
from schemas.api import MULTIPLIER_DOC
from schemas.doc import CANONICAL_CARD_DOC, Answer
from schemas.fairness import RecordMoveSchema
from schemas.state import MoveSchema
from schemas.suggest import EventInSchema

ROOT = Path(__file__).resolve().parent.parent
SPEC = yaml.load((ROOT / "openapi.yaml").read_text(), Loader=yaml.CSafeLoader)  # libyaml: 5 times faster
SCHEMAS = SPEC["components"]["schemas"]
CARD_PATTERN = CANONICAL_CARD_DOC["pattern"]


V1_OPERATION_IDS = {
    ("post", "/v1/melds/check"): "checkMeld",
    ("post", "/v1/hand-score"): "handScore",
    ("post", "/v1/deal"): "deal",
    ("post", "/v1/move"): "move",
    ("post", "/v1/legal-moves"): "legalMoves",
    ("post", "/v1/scorepad"): "scorepad",
    ("get", "/v1/rules"): "getRules",
    ("post", "/v1/suggest"): "suggest",
    ("post", "/v1/tables"): "createTable",
    ("post", "/v1/tables/view"): "viewTable",
    ("post", "/v1/tables/move"): "moveAtTable",
    ("post", "/v1/tables/next"): "nextHand",
    ("post", "/v1/tables/pledge"): "pledgeTable",
    ("post", "/v1/tables/suggest"): "suggestAtTable",
    ("post", "/v1/verify"): "verifyDeal",
    ("get", "/healthz"): "getHealth",
    ("get", "/readyz"): "getReady",
    ("get", "/openapi.yaml"): "getOpenapi",
}


def ref(name: str) -> dict:
    return {"$ref": f"#/components/schemas/{name}"}


def operations():
    for path, item in SPEC["paths"].items():
        for method, op in item.items():
            yield path, method, op


def walk(node, seen=None):
    """Every schema object reachable from ``node``, through references."""
    seen = set() if seen is None else seen
    if isinstance(node, dict):
        if "$ref" in node and "/schemas/" in node["$ref"]:
            name = node["$ref"].rsplit("/", 1)[-1]
            if name not in seen:
                seen.add(name)
                yield from walk(SCHEMAS[name], seen)
        yield node
        for value in node.values():
            yield from walk(value, seen)
    elif isinstance(node, list):
        for value in node:
            yield from walk(value, seen)


def answers():
    """Every schema object an answer (2xx) of an operation may hold."""
    for _, _, op in operations():
        for status, response in op["responses"].items():
            if status.startswith("2"):
                yield from walk(response.get("content", {}).get("application/json", {}))


def requests():
    for _, _, op in operations():
        yield from walk(op.get("requestBody", {}))


# --- the document's frame ---------------------------------------------------------------------


def test_openapi_31_with_servers_operation_ids_and_no_unused_schema():
    assert SPEC["openapi"] == "3.1.0" and SPEC["servers"] == [{"url": "/", "description": "The service that serves this document."}]
    assert SPEC["security"] == []  # stated: no operation needs credentials
    ids = {(method, path): op["operationId"] for path, method, op in operations()}
    # Version 1's operations keep their ids (generated clients call them by these names): an
    # endpoint may be added, with an id of its own, never one renamed or removed.
    assert {key: ids.get(key) for key in V1_OPERATION_IDS} == V1_OPERATION_IDS
    assert len(set(ids.values())) == len(ids) and all(re.fullmatch(r"[a-z][A-Za-z]*", i) for i in ids.values())
    used = {node["$ref"].rsplit("/", 1)[-1] for node in walk(SPEC["paths"]) if "$ref" in node and "/schemas/" in node["$ref"]}
    assert set(SCHEMAS) == used and "PaginationMetadata" not in SCHEMAS


def test_every_operation_documents_its_405_with_allow(client):
    for path, _method, op in operations():
        allowed = op["responses"]["405"]
        assert allowed["headers"]["Allow"]["schema"] == {"type": "string", "example": "POST, OPTIONS"}, path
        assert list(allowed["content"]) == ["application/problem+json"]
    r = client.get("/v1/move")
    assert r.status_code == 405 and set(r.headers["Allow"].split(", ")) == {"POST", "OPTIONS"}


def test_the_document_itself_is_documented(client):
    op = SPEC["paths"]["/openapi.yaml"]["get"]
    assert list(op["responses"]["200"]["content"]) == ["application/yaml"]
    r = client.get("/openapi.yaml")
    assert r.status_code == 200 and r.mimetype == "application/yaml" and yaml.load(r.data, Loader=yaml.CSafeLoader) == SPEC


# --- unions ------------------------------------------------------------------------------------


def test_moves_are_one_of_four_shapes_told_apart_by_action():
    shapes = {"draw": "DrawMove", "meld": "MeldMove", "lay_off": "LayOffMove", "discard": "DiscardMove"}
    for union, suffix in (("Move", ""), ("MoveOut", "Out")):
        assert SCHEMAS[union]["oneOf"] == [ref(n + suffix) for n in shapes.values()]
        assert SCHEMAS[union]["discriminator"] == {
            "propertyName": "action",
            "mapping": {action: f"#/components/schemas/{name}{suffix}" for action, name in shapes.items()},
        }
        for action, name in shapes.items():
            shape = SCHEMAS[name + suffix]
            assert shape["properties"]["action"] == {"type": "string", "const": action}
            assert shape["additionalProperties"] is False
    assert [SCHEMAS[n]["required"] for n in ("DrawMove", "MeldMove", "LayOffMove", "DiscardMove")] == [
        ["action", "player", "source"],
        ["action", "cards", "player"],
        ["action", "cards", "player"],
        ["action", "card", "player"],
    ]
    assert SCHEMAS["LayOffMoveOut"]["required"] == ["action", "cards", "meld", "player"]  # answers name the meld
    assert set(SCHEMAS["DiscardMove"]["properties"]) == {"player", "action", "card"}


SAMPLE = {"player": "ana", "source": "discard", "cards": ["5S", "6S", "7S"], "meld": "m1", "card": "QS"}


@pytest.mark.parametrize(
    "schema, names",
    [
        (MoveSchema, ("DrawMove", "MeldMove", "LayOffMove", "DiscardMove")),
        (RecordMoveSchema, ("RecordDraw", "RecordMeld", "RecordLayOff", "RecordDiscard")),
        (EventInSchema, ("DrawEventSeen", "MeldEventSeen", "LayOffEventSeen", "DiscardEventSeen")),
    ],
)
def test_loading_a_move_checks_the_shapes_the_document_gives(schema, names):
    """Each shape of a move, a record's move and an event sent to /v1/suggest loads with the
    fields the document requires and no more, and is refused without any one of them or with a
    field the document does not give it (one declaration: ``one_of``)."""
    for action, name in zip(("draw", "meld", "lay_off", "discard"), names, strict=True):
        shape = SCHEMAS[name]
        body = {"action": action} | {f: SAMPLE[f] for f in shape["required"] if f != "action"}
        schema().load(body)
        for needed in set(shape["required"]) - {"action", "player"}:
            with pytest.raises(ValidationError) as refused:
                schema().load({k: v for k, v in body.items() if k != needed})
            assert refused.value.messages == {needed: [f"a {action} {'event' if schema is EventInSchema else 'move'} needs {needed!r}"]}
        for stranger in set(SAMPLE) - set(shape["properties"]):
            with pytest.raises(ValidationError) as refused:
                schema().load(body | {stranger: SAMPLE[stranger]})
            assert list(refused.value.messages) == [stranger]
    assert [SCHEMAS[n]["required"] for n in ("RecordDiscard", "RecordDiscardOut", "DiscardEventSeen", "DiscardEvent")] == [
        ["action", "card", "player"]
    ] * 4  # a discard always has its card
    assert [SCHEMAS[n]["required"] for n in ("RecordDraw", "DrawEventSeen")] == [["action", "player", "source"]] * 2


def test_results_remaining_entries_and_move_requests_are_unions():
    assert SCHEMAS["Result"]["discriminator"]["propertyName"] == "outcome"
    assert SCHEMAS["ResultOut"]["required"] == ["multiplier", "outcome", "points", "remaining", "rummy", "winner"]
    assert SCHEMAS["ResultOut"]["properties"]["multiplier"] == {
        "type": "integer",
        "minimum": 1,
        "description": MULTIPLIER_DOC["description"],
    }  # the rules set it: no list of values
    assert SCHEMAS["ResultDraw"]["required"] == ["outcome", "points"]
    assert SCHEMAS["Remaining"] == {
        "oneOf": [ref("RemainingCards"), ref("RemainingPoints")],
        "description": SCHEMAS["Remaining"]["description"],
    }
    assert SCHEMAS["RemainingCards"]["required"] == ["cards"] and SCHEMAS["RemainingPoints"]["required"] == ["points"]
    assert SCHEMAS["MoveRequest"]["oneOf"] == [ref("OneMoveRequest"), ref("MovesRequest")]
    assert SCHEMAS["OneMoveRequest"]["required"] == ["move", "state"] and SCHEMAS["MovesRequest"]["required"] == ["moves", "state"]
    assert SCHEMAS["HandLine"]["properties"]["multiplier"] == {
        "type": "integer",
        "minimum": 1,
        "description": MULTIPLIER_DOC["description"],
    }  # the rules set it: no list of values


# --- enums -------------------------------------------------------------------------------------


def test_the_core_enums_are_named_components_and_reason_codes_stay_open():
    for enum, name in ((Source, "Source"), (Phase, "Phase"), (Status, "Status"), (MeldKind, "MeldKind"), (Code, "ReasonCode")):
        assert SCHEMAS[name]["enum"] == [e.value for e in enum], name
    code = SCHEMAS["Reason"]["properties"]["code"]
    assert code["anyOf"][0] == ref("ReasonCode") and code["anyOf"][1]["type"] == "string"
    assert "more may be added" in code["description"].lower() and "more may be added" in SCHEMAS["ReasonCode"]["description"].lower()
    assert SCHEMAS["MeldCheckResponse"]["properties"]["kind"]["anyOf"] == [ref("MeldKind"), {"type": "null"}]
    assert SCHEMAS["TurnOut"]["properties"]["phase"]["$ref"] == "#/components/schemas/Phase"
    # A move's action is its shape's discriminator: each shape's own constant, all of them.
    assert {SCHEMAS[n]["properties"]["action"]["const"] for n in ("DrawMove", "MeldMove", "LayOffMove", "DiscardMove")} == set(Action)


# --- answers: always-present fields required, canonical cards ----------------------------------


def test_every_field_of_an_answer_is_required_unless_it_may_be_left_out():
    seen = 0
    for node in answers():
        if node.get("type") == "object" and "properties" in node:
            optional = set(node["properties"]) - set(node.get("required", []))
            # the documented exceptions: a lay-off may leave its meld to be inferred; a seat's
            # hand and legal moves are its own player's only; a draw event shows a card only
            # when it came from the discard pile
            allowed = {
                id(SCHEMAS["LayOffMove"]): {"meld"},
                id(SCHEMAS["SeatLayOffMove"]): {"meld", "player"},
                id(SCHEMAS["SeatDrawMove"]): {"player"},
                id(SCHEMAS["SeatMeldMove"]): {"player"},
                id(SCHEMAS["SeatDiscardMove"]): {"player"},
                id(SCHEMAS["SeatOut"]): {"hand"},
                id(SCHEMAS["View"]): {"legal_moves"},
                id(SCHEMAS["DrawEvent"]): {"card"},
                id(SCHEMAS["DiscardEvent"]): {"card"},
                id(SCHEMAS["RecordDrawOut"]): {"card"},  # a draw that ended the hand (R18) drew none
                id(SCHEMAS["RecordDiscardOut"]): {"card"},
            }.get(id(node), set())
            assert optional <= allowed, (node.get("description"), optional)
            seen += 1
    assert seen >= 20
    assert SCHEMAS["StateOut"]["required"] == sorted(SCHEMAS["State"]["properties"])
    assert SCHEMAS["ResolvedRules"]["required"] == sorted(SCHEMAS["Rules"]["properties"])
    assert SCHEMAS["StateOut"]["properties"]["dealer"]["type"] == "string"  # filled in: never null in answers
    assert SCHEMAS["StateOut"]["properties"]["turn"] == {
        "description": "Default: the dealer's left to draw.",
        "$ref": "#/components/schemas/TurnOut",
    }


def test_the_answer_marker_is_what_makes_fields_required():
    """General, not a list: a field a later change adds to an answer schema is required too."""
    from apispec import APISpec
    from marshmallow import fields

    from schemas.doc import PrecisePlugin

    class Later(Answer):
        old = fields.String()
        summary = fields.String()
        maybe = fields.String(metadata={"answer_optional": True})

    spec = APISpec("t", "1", "3.1.0", plugins=[PrecisePlugin()])
    spec.components.schema("Later", schema=Later)
    assert spec.to_dict()["components"]["schemas"]["Later"]["required"] == ["old", "summary"]


def test_cards_in_answers_follow_the_canonical_pattern_and_requests_the_lenient_one():
    answer_patterns = {node["pattern"] for node in answers() if "pattern" in node and node.get("example") == "QS"}
    assert answer_patterns == {CARD_PATTERN}
    for where in (
        SCHEMAS["Reason"]["properties"]["cards"]["items"],
        SCHEMAS["MeldCheckResponse"]["properties"]["cards"]["items"],
        SCHEMAS["DiscardMoveOut"]["properties"]["card"],
        SCHEMAS["PlayerOut"]["properties"]["hand"]["items"],
    ):
        assert where["pattern"] == CARD_PATTERN
    request_patterns = {node["pattern"] for node in requests() if "pattern" in node and node.get("example") == "QS"}
    assert len(request_patterns) == 1 and request_patterns != {CARD_PATTERN}


def test_request_fields_with_defaults_stay_optional_for_generators():
    """openapi-typescript makes a property with ``default`` required; the defaults are in the
    descriptions, and only what the contract requires is required."""
    assert not [node for node in requests() if "default" in node]
    assert SCHEMAS["DealRequest"]["required"] == ["players"]
    assert SCHEMAS["State"]["required"] == ["discard", "players", "stock"]
    assert SCHEMAS["Turn"]["required"] == ["player"]
    assert SCHEMAS["Turn"]["properties"]["melds_made"]["description"].endswith("Default: `0`.")
    assert 'Default: `"draw"`.' in SCHEMAS["Turn"]["properties"]["phase"]["description"]


# --- the strict check of every answer has teeth ------------------------------------------------


def test_the_test_clients_check_every_answer(client, app):
    assert isinstance(client, CheckingClient) and isinstance(app_module.create_app({"TESTING": True}).test_client(), CheckingClient)


def _answer(client, path, body):
    r = client.post(path, json=body)
    assert r.status_code == 200
    return r.get_json()


@pytest.mark.parametrize(
    "spoil",
    [
        lambda a: a.pop("result"),  # always present
        lambda a: a["state"].pop("dealer"),  # filled in by the referee
        lambda a: a["state"]["turn"].update(phase="drawing"),  # not a Phase
        lambda a: a["state"]["players"][0]["hand"].append("10h"),  # a lenient spelling in an answer
        lambda a: a.update(result={"outcome": "draw", "points": 0, "winner": "ana"}),  # a drawn hand has no winner
        lambda a: a.update(result={"outcome": "out", "points": 3}),  # who went out?
        lambda a: a.update(reasons=[{"code": "ace_high", "message": "m", "cards": ["Q♠"], "rule": None}]),
        lambda a: a.update(extra=1),  # nothing undeclared
    ],
)
def test_a_spoilt_answer_is_refused(client, spoil):
    state = _answer(client, "/v1/deal", {"players": ["ana", "ben"], "seed": 7})["state"]
    answer = _answer(client, "/v1/move", {"state": state, "move": {"player": "ana", "action": "draw", "source": "stock"}})
    headers = [("Content-Type", "application/json")]
    assert check_answer("POST", "/v1/move", 200, "application/json", headers, json.dumps(answer).encode())
    spoilt = copy.deepcopy(answer)
    spoil(spoilt)
    with pytest.raises(NotAsDocumented):
        check_answer("POST", "/v1/move", 200, "application/json", headers, json.dumps(spoilt).encode())


def test_a_new_reason_code_is_still_a_valid_answer(client):
    answer = _answer(client, "/v1/melds/check", {"cards": ["QS", "KS", "AS"]})
    answer["reasons"][0]["code"] = "a_code_from_a_later_version"
    assert check_answer("POST", "/v1/melds/check", 200, "application/json", [], json.dumps(answer).encode())
    answer["reasons"][0]["code"] = 7
    with pytest.raises(NotAsDocumented):
        check_answer("POST", "/v1/melds/check", 200, "application/json", [], json.dumps(answer).encode())
