"""The check every test client makes of every answer (``tests/openapi_check.py``: jsonschema-rs on
schemas compiled once) holds answers to ``openapi.yaml`` as strictly as openapi-core does: on a
real answer of every operation (every request example of the document, sent to an app with a
table store, and a sealed table played), and on spoilt copies of each (a field dropped, an
undeclared field added, a value of the wrong type or out of its enum, an item added or taken
away, the wrong content type, no body, a body that is no JSON), both accept the same answers and
refuse the same answers. openapi-core is the reference; the suite's thousands of answers go
through the fast check."""

from __future__ import annotations

import copy
import json
import random
from dataclasses import dataclass, field

import pytest
from openapi_check import DOCUMENT, PATHS, ROOT, NotAsDocumented, _yaml, answer_of, check_answer
from openapi_core import Config, OpenAPI
from openapi_core.datatypes import RequestParameters
from openapi_core.templating.paths.exceptions import OperationNotFound, PathNotFound
from tables_support import KEY_A
from werkzeug.datastructures import Headers

from app import create_app
from schemas.wire import TABLE_WIRE
from tables import Sealer, Tables
from tables.store.embedded import EmbeddedStore


@pytest.fixture(scope="module")
def openapi_core() -> OpenAPI:
    """openapi-core, strict, as the suite checked every answer before the fast check (made here,
    not at import: reading and validating the document costs seconds, in each worker)."""
    return OpenAPI.from_file_path(
        str(ROOT / "openapi.yaml"),
        config=Config(
            additional_properties_default_policy="forbid",
            extra_media_type_deserializers={"application/problem+json": json.loads, "application/yaml": _yaml},
        ),
    )


@dataclass
class _Request:
    """openapi-core's request protocol, for the operation lookup."""

    method: str
    path: str
    host_url: str = "http://localhost"
    content_type: str = "application/json"
    body: bytes | None = None
    parameters: RequestParameters = field(default_factory=RequestParameters)


@dataclass
class _Response:
    """openapi-core's response protocol."""

    status_code: int
    content_type: str
    headers: Headers
    data: bytes


Answer = tuple[str, str, int, str, list[tuple[str, str]], bytes]  # method, path, status, content type, headers, body


def reference(openapi_core: OpenAPI, answer: Answer) -> bool | None:
    """openapi-core's verdict: True (conforms), False (does not), None (no operation of the document)."""
    method, path, status, content_type, headers, body = answer
    methods = [method.lower()] + ([m for m in PATHS.get(path, {}) if m != method.lower()] if status == 405 else [])
    for candidate in methods:
        try:
            openapi_core.validate_response(_Request(candidate, path), _Response(status, content_type.lower(), Headers(headers), body))
        except (PathNotFound, OperationNotFound):
            continue
        except Exception:  # openapi-core's validation errors
            return False
        return True
    return None


def fast(answer: Answer) -> bool | None:
    """The suite's check's verdict, in the same terms."""
    try:
        return check_answer(*answer) or None
    except NotAsDocumented:
        return False


@pytest.fixture(scope="module")
def answers(tmp_path_factory) -> list[Answer]:
    """A real answer of every operation of the document: each of its request examples sent to an
    app with a table store, the GET operations, the 4xx every POST may give (bad JSON, wrong
    content type, too large, wrong method), and a sealed table made, viewed, moved at and asked
    for a hint."""
    tables = Tables(Sealer([KEY_A], 3600), EmbeddedStore(tmp_path_factory.mktemp("store") / "t.sqlite3"), wire=TABLE_WIRE)
    tables.store.start()
    tc = create_app({"TESTING": True, "TABLES": tables}).test_client()
    got = []
    for path, item in PATHS.items():
        for method, operation in item.items():
            if method == "get":
                got.append(answer_of(tc.get(path)))
                continue
            examples = operation["requestBody"]["content"]["application/json"].get("examples", {})
            got += [answer_of(tc.post(path, json=example["value"])) for example in examples.values()]
    got.append(answer_of(tc.post("/v1/move", data="{", content_type="application/json")))
    got.append(answer_of(tc.post("/v1/move", data="{}", content_type="text/plain")))
    got.append(answer_of(tc.post("/v1/melds/check", json={"cards": ["QS"] * 100_000})))
    got.append(answer_of(tc.get("/v1/move")))
    made = tc.post("/v1/tables", json={"players": ["ana", "bob"], "bots": {"bob": "easy"}, "seat": "ana", "entropy": "e"})
    got.append(answer_of(made))
    table, seat = made.get_json()["table"], made.get_json()["seats"]["ana"]
    got.append(answer_of(tc.post("/v1/tables/view", json={"table": table, "seat": seat})))
    got.append(answer_of(tc.post("/v1/tables/suggest", json={"table": table, "seat": seat})))
    got.append(answer_of(tc.post("/v1/tables/move", json={"table": table, "seat": seat, "move": {"action": "draw", "source": "stock"}})))
    tables.store.close()
    return got


def test_the_answers_cover_every_operation_and_conform(answers, openapi_core):
    operations = {(method.upper(), path) for path, item in PATHS.items() for method in item}
    assert {(m, p) for m, p, *_ in answers} == operations | {("GET", "/v1/move")}  # and a 405
    # a 2xx of each but the next hand's deal (it needs a hand played to its end)
    assert {(m, p) for m, p, status, *_ in answers if status < 300} == operations - {("POST", "/v1/tables/next")}
    assert {status for _, _, status, *_ in answers} >= {200, 201, 400, 405, 413, 415, 422}
    assert [a[:3] for a in answers if reference(openapi_core, a) is not True] == []
    assert [a[:3] for a in answers if fast(a) is not True] == []


def _spoil(value, rng: random.Random):
    """A copy of ``value`` with one thing changed somewhere in it, or None when nothing can be."""
    spoilt = copy.deepcopy(value)
    places = []

    def walk(node, parent, key):
        places.append((node, parent, key))
        children = node.items() if isinstance(node, dict) else enumerate(node) if isinstance(node, list) else ()
        for k, child in children:
            walk(child, node, k)

    walk(spoilt, None, None)
    node, parent, key = rng.choice(places)
    odd = rng.choice([None, 1, -1, 2.5, "", "x", "QS", "10h", "Q♠", True, [], {}, {"a": 1}, 10**6, "draw", "out"])
    how = rng.randrange(4)
    if parent is None:
        if not isinstance(spoilt, dict):
            return None
        spoilt["undeclared"] = odd
    elif how == 0 and isinstance(parent, dict):
        del parent[key]
    elif how == 1 and isinstance(node, dict):
        node["undeclared"] = odd
    elif how == 2 and isinstance(node, list):
        node.append(copy.deepcopy(node[0]) if node and rng.random() < 0.5 else odd)
    elif how == 3 and isinstance(parent, list):
        parent.pop(key)
    else:
        parent[key] = odd
    return spoilt


def test_spoilt_answers_get_the_same_verdict_from_openapi_core(answers, openapi_core):
    """Eight spoilt copies of each JSON answer, and each answer with the wrong content type, no
    body, or a body that is no JSON: both checks give the same verdict on each, and the fast
    check refuses most of them."""
    rng = random.Random(34)
    verdicts = []
    for answer in answers:
        method, path, status, content_type, headers, body = answer
        spoilt = [
            (method, path, status, "text/html", headers, body),
            (method, path, status, content_type, headers, b""),
            (method, path, status, content_type, headers, b"{not json" if "json" in content_type else b"a: [b"),
        ]
        if "json" in content_type:
            for _ in range(8):
                value = _spoil(json.loads(body), rng)
                if value is not None:
                    spoilt.append((method, path, status, content_type, headers, json.dumps(value).encode()))
        verdicts += [(s[:3], s[5][:200], reference(openapi_core, s), fast(s)) for s in spoilt]
    assert [v for v in verdicts if v[2] != v[3]] == []
    refused = sum(1 for v in verdicts if v[3] is False)
    assert refused > 0.7 * len(verdicts), (refused, len(verdicts))


def test_a_discriminator_picks_the_one_variant_its_oneof_allows():
    """openapi-core checks a ``discriminator`` by the variant its mapping names; JSON Schema
    checks ``oneOf`` (exactly one variant): the same verdicts as long as each variant requires
    the discriminating property with its mapping's value as a ``const``, as every one here does."""
    schemas = DOCUMENT["components"]["schemas"]
    found = 0
    for name, schema in schemas.items():
        if "discriminator" not in schema:
            continue
        found += 1
        prop, mapping = schema["discriminator"]["propertyName"], schema["discriminator"]["mapping"]
        assert sorted(mapping.values()) == sorted(v["$ref"] for v in schema["oneOf"]), name
        for value, ref in mapping.items():
            variant = schemas[ref.rsplit("/", 1)[1]]
            assert prop in variant["required"] and variant["properties"][prop]["const"] == value, (name, value)
    assert found >= 5


def test_every_object_schema_says_whether_it_allows_undeclared_fields():
    """The fast check is plain JSON Schema; openapi-core was run with the "forbid" policy (an
    object schema that says nothing of ``additionalProperties`` allows no undeclared field). The
    two are the same as long as every object schema of the document says it, as all do."""
    silent, objects = [], 0

    def walk(node, at):
        nonlocal objects
        if isinstance(node, list):
            for i, item in enumerate(node):
                walk(item, f"{at}/{i}")
        if not isinstance(node, dict):
            return
        types = node.get("type")
        if "object" in ([types] if isinstance(types, str) else types if isinstance(types, list) else []) or isinstance(
            node.get("properties"), dict
        ):
            objects += 1
            if "additionalProperties" not in node:
                silent.append(at)
        for key, value in node.items():
            if key not in ("example", "examples", "discriminator"):
                walk(value, f"{at}/{key}")

    walk(DOCUMENT, "#")
    assert silent == [] and objects > 100
