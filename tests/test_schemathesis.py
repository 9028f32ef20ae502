"""Contract tests: requests generated from the committed ``openapi.yaml`` by schemathesis, sent
in-process to the WSGI app (no server needed).

Every answer must be a documented status code with a body that conforms to the documented schema
and content type (checked by schemathesis, and strictly by ``tests/openapi_check.py``); no answer may be a 5xx; every 4xx must be ``application/problem+json``; a
request the document calls invalid must be refused (schemathesis' negative mode). A 422 is an
expected answer even to schema-valid data: a table snapshot can be well-formed and still
impossible (a card missing), which no OpenAPI schema can say.

Generated requests almost never form a real table, so test_schemathesis_hands.py plays whole
hands from real deals (random legal and illegal moves) and checks every answer against the same
document (a file of its own, so the suite's two workers share the two halves). Both are
derandomized: CI sees the same cases on every run.

``RUMMY_CONTRACT_EXAMPLES`` sets Hypothesis' ``max_examples`` per operation (default 150, which
with the negative, coverage and explicit phases gives a few hundred cases per endpoint).
"""

from __future__ import annotations

import collections
import itertools
import os
import re
from pathlib import Path

import pytest
import schemathesis
from hypothesis import HealthCheck, settings
from openapi_check import check_answer

import app as app_module
from referee.cards import card_by_spelling

ROOT = Path(__file__).resolve().parent.parent
PROBLEM = "application/problem+json"
EXAMPLES = int(os.environ.get("RUMMY_CONTRACT_EXAMPLES", "150"))

CONFIG = schemathesis.Config.from_dict(
    {
        "checks": {
            # Schema-valid data may still be an impossible table or pad: 422 is a documented answer.
            "positive_data_acceptance": {"expected-statuses": ["2xx", "422"]},
            # An invalid request may be refused for its size before anything else is read.
            "negative_data_rejection": {"expected-statuses": ["400", "405", "413", "415", "422"]},
        },
    }
)
schema = schemathesis.openapi.from_path(ROOT / "openapi.yaml", config=CONFIG)
schema.app = app_module.create_app({"TESTING": True})

SETTINGS = dict(derandomize=True, deadline=None, database=None, suppress_health_check=list(HealthCheck))


def problem_json_for_every_4xx(ctx, response, case):
    """Every 4xx is RFC 9457 problem details whose ``status`` is the HTTP status, and every
    ``errors[]`` item has a JSON Pointer into the body or names a query parameter of the request."""
    if not 400 <= response.status_code < 500:
        return None
    content_type = (response.headers.get("content-type") or [""])[0]  # lowercase names, lists of values
    assert content_type.split(";")[0].strip() == PROBLEM, f"a {response.status_code} answered as {content_type!r}"
    body = response.json()
    assert body["status"] == response.status_code and body["title"] and body["detail"], body
    for error in body.get("errors", []):
        if "parameter" in error:  # a query parameter's fault (``lang``): it names one sent, no body pointer
            assert "pointer" not in error and error["parameter"] in (case.query or {}), (error, case.query)
        else:
            assert error["pointer"] == "" or error["pointer"].startswith("/"), error
    return None


TOKEN_ONLY = {"POST /v1/tables/view", "POST /v1/tables/next"}  # bodies: a sealed table (and a seat)
CASES: collections.Counter = collections.Counter()  # generated cases sent, by operation and status


def conforms_strictly(ctx, response, case):
    """The strict check of the same answer (``tests/openapi_check.py``)."""
    headers = [(name, value) for name, values in response.headers.items() for value in values]
    content_type = (response.headers.get("content-type") or [""])[0]
    checked = check_answer(case.method, case.operation.path, response.status_code, content_type, headers, response.content)
    # Only a method the path does not document at all (OPTIONS, answered by Flask) has nothing to check against.
    assert checked or case.method.upper() not in {m.upper() for m in schema.raw_schema["paths"][case.operation.path]}


@pytest.fixture()
def contract_schema(request):
    # schemathesis 4.32 renames the test's node to each operation's as it runs it by writing
    # ``_nodeid``, which pytest 9 no longer has (it names a subtest by its ``label`` instead).
    request.node._nodeid = request.node.nodeid
    return schema


# Built from the fixture when the test runs, not when pytest collects it (``@schema.parametrize()``):
# building the tests of the 18 operations (the coverage phase's cases, made up front) costs ~4.5 s
# of CPU, which each of `make test`'s xdist workers paid while collecting, three of them for a test
# they never run. Each operation is a subtest of this one test, reported by its name.
@schemathesis.pytest.from_fixture("contract_schema").parametrize()
@settings(max_examples=EXAMPLES, **SETTINGS)
def test_every_answer_conforms_to_openapi(case):
    response = case.call_and_validate(additional_checks=[problem_json_for_every_4xx, conforms_strictly])
    CASES[case.operation.label, response.status_code] += 1


def test_the_budget_generated_a_few_hundred_cases_per_post_endpoint():
    """Runs after the generated tests (same module, defined later): each POST endpoint got a
    few hundred cases. Prints the tally for the CI log (``pytest -s``)."""
    if not CASES:
        pytest.skip("the generated tests did not run in this session")
    by_operation: collections.Counter = collections.Counter()
    for (label, status), n in sorted(CASES.items()):
        by_operation[label] += n
        print(f"{label:24} {status}: {n}")
    print(f"total generated cases: {sum(by_operation.values())}")
    for label, n in by_operation.items():
        if label.startswith("POST") and EXAMPLES >= 100:
            assert n >= cases_required(label), (label, n)


def _body_schema(label: str) -> dict:
    """The request body's schema of a POST operation in the document, its ``$ref`` followed."""
    path = label.split(" ", 1)[1]
    body = schema.raw_schema["paths"][path]["post"]["requestBody"]["content"]["application/json"]["schema"]
    while "$ref" in body:
        body = schema.raw_schema["components"]["schemas"][body["$ref"].rsplit("/", 1)[1]]
    return body


def _body_is_empty(label: str) -> bool:
    body = _body_schema(label)
    return body.get("properties") == {} and body.get("additionalProperties") is False


def cases_required(label: str) -> int:
    """The cases a POST operation must have had, by the size of its input space. A structured body
    has a vast one: 200. A body of one or two opaque strings (a sealed table, a seat) has fewer
    distinct cases to generate: 150. A body that can only be ``{}`` (``properties: {}`` and no
    other keys, as POST /v1/tables/pledge) has a handful of valid requests (``{}`` times the query's
    ``lang`` values): Hypothesis stops the positive phase once it has tried them all, and only the
    negative one (any other body) still spends the budget, so ``EXAMPLES`` (one phase's worth)."""
    if _body_is_empty(label):
        return EXAMPLES
    return 150 if label in TOKEN_ONLY else 200


def test_the_case_budget_knows_the_empty_body():
    """The one operation whose body can only be ``{}`` is recognized from the document (a renamed
    or reshaped schema would otherwise silently keep or lose the small requirement)."""
    small = [label for label in _post_labels() if _body_is_empty(label)]
    assert small == ["POST /v1/tables/pledge"]


def _post_labels() -> list[str]:
    return [f"POST {path}" for path, ops in schema.raw_schema["paths"].items() if "post" in ops]


# --- what the contract tests found in the document, kept fixed ------------------------------


def _walk(node):
    if isinstance(node, dict):
        yield node
        for v in node.values():
            yield from _walk(v)
    elif isinstance(node, list):
        for v in node:
            yield from _walk(v)


def test_errors_are_documented_as_the_problem_details_sent():
    """Found: every 4xx was documented with flask-smorest's ``Error`` (``code``, ``status`` as a
    string, ``message``), while the service answers RFC 9457 problem details."""
    spec = schema.raw_schema
    for name, response in spec["components"]["responses"].items():
        assert list(response["content"]) == [PROBLEM], name
        assert response["content"][PROBLEM]["schema"] == {"$ref": "#/components/schemas/Problem"}, name
    assert "Error" not in spec["components"]["schemas"]
    assert spec["components"]["schemas"]["Problem"]["properties"]["status"]["type"] == "integer"


def test_nullable_objects_admit_only_their_own_schema():
    """Found: ``rules``, ``turn`` and ``result`` were ``anyOf: [$ref, {type: object, nullable}]``,
    which admits any object at all; then ``nullable`` beside ``allOf: [$ref]`` with no ``type``,
    which strict OpenAPI 3.0 validators refuse for ``null`` (issue #17). In OpenAPI 3.1 a
    nullable reference is ``anyOf: [$ref, {type: "null"}]``, and ``nullable`` is gone."""
    assert schema.raw_schema["openapi"].startswith("3.1.")
    for node in _walk(schema.raw_schema):
        assert "nullable" not in node, node
        if {"type": "null"} in node.get("anyOf", []):
            assert len(node["anyOf"]) == 2 and "$ref" in node["anyOf"][0], node
    state = schema.raw_schema["components"]["schemas"]["State"]["properties"]
    assert state["turn"]["anyOf"] == [{"$ref": "#/components/schemas/Turn"}, {"type": "null"}]
    result = schema.raw_schema["components"]["schemas"]["MoveResponse"]["properties"]["result"]
    assert result["anyOf"] == [{"$ref": "#/components/schemas/Result"}, {"type": "null"}]


def test_object_sizes_use_the_object_keywords():
    """Found: a dict's size was ``minLength``/``maxLength``, which only strings have, so
    ``remaining: {}`` passed the document and was refused by the service."""
    for node in _walk(schema.raw_schema):
        if node.get("type") == "object":
            assert "minLength" not in node and "maxLength" not in node, node
    remaining = schema.raw_schema["components"]["schemas"]["HandScoreRequest"]["properties"]["remaining"]
    assert (remaining["minProperties"], remaining["maxProperties"]) == (1, 5)


# --- the card pattern of the document is exactly the accepted spellings ---------------------


def test_card_pattern_is_exactly_the_accepted_spellings():
    spec = schema.raw_schema
    pattern = spec["components"]["schemas"]["DiscardMove"]["properties"]["card"]["pattern"]
    rx = re.compile(pattern)
    ranks = ["A", "a", "T", "t", "J", "j", "Q", "q", "K", "k", "10", "1", "0", "11"] + [str(n) for n in range(2, 10)]
    suits = list("CDHScdhsXx") + list("♣♦♥♠♧♢♡♤") + [s + "\ufe0f" for s in "♣♦♥♠♧♢♡♤CDHS"]
    accepted = set(card_by_spelling())
    for rank, suit in itertools.product(ranks, suits):
        text = rank + suit
        assert bool(rx.match(text)) == (text in accepted), text
    assert all(rx.match(text) for text in accepted)
