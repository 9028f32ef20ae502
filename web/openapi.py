"""The OpenAPI document: flask-smorest's, generated from the schemas and routes, with the
request limits stated and error answers declared as problem details; and the request examples
of /docs, made by the referee itself so they are always valid."""

from __future__ import annotations

import re
from typing import Any

import yaml
from flask import Flask

import referee
from referee.reasons import code_table
from referee.rules import OPTION, RUMMY_MULTIPLIER, multiplied
from referee.speech import LANGUAGES
from schemas.fairness import MAX_RECORD_MOVES
from schemas.state import MAX_MOVES, MAX_TURN_MOVES
from schemas.suggest import MAX_EVENTS
from schemas.wire import to_json

from .bodies import BODY_LIMITS, MAX_JSON_DEPTH, MAX_JSON_ITEMS, MAX_JSON_KEYS, body_limit
from .language import QUERY
from .problems import API_EXTENSION, MAX_LISTED_ERRORS, PROBLEM_JSON

API_DESCRIPTION = (
    "A stateless referee and scorepad for Basic / Straight Rummy (2–6 players, one 52-card deck). "
    "Rules: the rulebook, served at [/rules](/rules) (RULES.md in the repository): rules R1–R21, R2a and "
    "R18a, each with an anchor (`/rules#R11`). Errors are RFC 9457 application/problem+json with JSON Pointers.\n\n"
    "Every verdict (`/v1/melds/check`, `/v1/move`, `/v1/legal-moves`) carries a `summary`, one "
    "sentence for a person, and its `reasons`: each a stable `code` to branch on, a `message` for "
    "players naming the cards with suit symbols, the `cards` concerned and the `rule` id it applies: "
    'a section of the rulebook, so `"rule": "R11"` is explained at [/rules#R11](/rules#R11).\n\n'
    "## Reason codes\n\n"
    "Every code the referee gives, with an example sentence made by the referee itself:\n\n"
    + code_table(lambda rule: f"[{rule}](/rules#{rule})")
)


# Relative: the API is at the host that serves this document (any number of instances, no fixed host).
Example = dict[str, Any]
"""One request example of the docs: its summary and value."""

SERVERS = [{"url": "/", "description": "The service that serves this document."}]
# Stated, not left out: every operation is open to anyone (the API holds no credentials and no state).
NO_CREDENTIALS: list[dict[str, list[str]]] = []


def request_examples() -> dict[str, dict[str, Example]]:
    """Request examples for the docs, by endpoint; the table ones come from a seeded deal."""
    opening = referee.validate_state(referee.deal(["ana", "ben"], referee.PRESETS["standard"], seed=7))
    state = to_json(opening)

    def ex(summary: str, value: Any) -> Example:
        return {"summary": summary, "value": value}

    return {
        "melds/check": {
            "disputed": ex("A disputed Q♠ K♠ A♠ (aces are low)", {"cards": ["Q♠", "K♠", "A♠"]}),
            "house_rule": ex("The same under the high_or_low house rule", {"cards": ["QS", "KS", "AS"], "rules": {"aces": "high_or_low"}}),
            "lay_off": ex("Lay 8♠ off onto 5♠ 6♠ 7♠", {"cards": ["8S"], "onto": ["5S", "6S", "7S"]}),
        },
        "hand-score": {
            "rummy": ex(
                f"Going rummy: 30 in hand, {multiplied(RUMMY_MULTIPLIER)}", {"remaining": {"ben": ["KC", "QD", "9S", "AC"]}, "rummy": True}
            ),
        },
        "deal": {
            "seeded": ex("Two players, reproducible", {"players": ["ana", "ben"], "seed": 7}),
        },
        "move": {
            "draw": ex("ana draws from the stock", {"state": state, "move": {"player": "ana", "action": "draw", "source": "stock"}}),
            "turn": ex(
                "A whole turn: draw, then discard the card drawn",
                {
                    "state": state,
                    "moves": [
                        {"player": "ana", "action": "draw", "source": "stock"},
                        {"player": "ana", "action": "discard", "card": state["stock"][0]},
                    ],
                },
            ),
        },
        "legal-moves": {"opening": ex("The opening position of a seeded deal", {"state": state})},
        "suggest": {"opening": ex("Advice for the first player of a seeded deal", {"state": state, "level": "hard"})},
        "scorepad": {
            "three_players": ex(
                "Three players, a hand and a drawn hand",
                {
                    "players": ["Ana", "Ben", "Cy"],
                    "first_dealer": "Ana",
                    "hands": [
                        {"winner": "Ana", "rummy": False, "remaining": {"Ben": {"cards": ["KC", "QD", "9S", "AC"]}, "Cy": {"points": 12}}},
                        {"draw": True},
                    ],
                },
            ),
        },
    }


def build_spec(app: Flask) -> dict[str, Any]:
    """The OpenAPI document as a dict: flask-smorest's, with error responses declared as
    ``application/problem+json`` (RFC 9457) and the request limits stated."""
    spec: dict[str, Any] = app.extensions[API_EXTENSION].spec.to_dict()
    for resp in spec.get("components", {}).get("responses", {}).values():
        content = resp.get("content", {})
        if "application/json" in content and resp.get("description") not in ("OK",):
            content[PROBLEM_JSON] = content.pop("application/json")
    spec["info"]["x-limits"] = {
        "description": (
            "Every request is bounded. A body over its endpoint's max_body_bytes (by path: each "
            "sized for the endpoint's largest legitimate request) is 413; bodies nested deeper than "
            "max_json_depth, with an array longer than max_json_items or an object with more than "
            "max_json_keys keys are 400, before any field is read. Each field's own limits are the "
            "schemas' maxItems / maxLength / maximum (422): among them the moves of one request "
            "(max_moves_per_request; a seat's, one turn: max_moves_per_seat_request), a scorepad's "
            "hands, the events sent for advice and a revealed hand's moves. A 422 lists at most "
            "max_listed_errors faults, and checking stops once more are found. Within these limits "
            "the costliest request of an endpoint costs about 10 ordinary moves at most, except "
            "advice from the hard level (a search of fixed size) and the check of a long revealed "
            "hand (bench/worst.py)."
        ),
        "max_body_bytes": {path: body_limit(path, app.config["MAX_CONTENT_LENGTH"]) for path in BODY_LIMITS},
        "max_json_depth": MAX_JSON_DEPTH,
        "max_json_items": MAX_JSON_ITEMS,
        "max_json_keys": MAX_JSON_KEYS,
        "max_listed_errors": MAX_LISTED_ERRORS,
        "max_moves_per_request": MAX_MOVES,
        "max_moves_per_seat_request": MAX_TURN_MOVES,
        "max_scorepad_hands": OPTION["deals"].maximum,
        "max_suggest_events": MAX_EVENTS,
        "max_record_moves": MAX_RECORD_MOVES,
    }
    _precise_schemas(spec)
    _plain_summaries(spec)
    _languages(spec)
    return spec


def _languages(spec: dict[str, Any]) -> None:
    """Issue 36 in the document: every operation of /v1 takes the ``lang`` query parameter (a
    value the service does not speak is 422) and every answer says ``Content-Language``."""
    components = spec.setdefault("components", {})
    components.setdefault("parameters", {})["lang"] = {
        "name": QUERY,
        "in": "query",
        "required": False,
        "description": "The language of the answer's sentences (`message`, `summary`, problem `detail`s): one of "
        + ", ".join(f"`{t}`" for t in LANGUAGES)
        + ". Without it, `Accept-Language` chooses (quality values; `es-MX` → `es`, `pt` → `pt-BR`); with neither, English. "
        "Any other value is a 422 whose error names the parameter. Codes, rule ids and field names never change.",
        "schema": {"type": "string", "enum": list(LANGUAGES)},
    }
    components.setdefault("headers", {})["Content-Language"] = {
        "description": "The language the answer's sentences are in (BCP 47: `en`, `es`, `fr`, `de`, `pt-BR`, `ru`).",
        "schema": {"type": "string", "example": "es"},
    }
    for path, operations in spec.get("paths", {}).items():
        if not path.startswith("/v1/"):
            continue
        for operation in operations.values():
            if not isinstance(operation, dict) or "responses" not in operation:
                continue
            lang = {"$ref": "#/components/parameters/lang"}
            if lang not in operation.setdefault("parameters", []):  # flask-smorest's dict is kept between calls
                operation["parameters"].append(lang)
            responses = operation["responses"]
            responses.setdefault("422", {"$ref": "#/components/responses/UNPROCESSABLE_ENTITY"})
            for answer in responses.values():
                if "$ref" not in answer:
                    answer.setdefault("headers", {})["Content-Language"] = {"$ref": "#/components/headers/Content-Language"}


def _plain_summaries(spec: dict[str, Any]) -> None:
    """Operation summaries as plain text: Swagger UI renders a summary as written (Markdown only
    in descriptions), so `code` marks would show as backticks."""
    for operations in spec.get("paths", {}).values():
        for op in operations.values():
            if isinstance(op, dict) and "summary" in op:
                op["summary"] = re.sub(r"`([^`]*)`", r"\1", op["summary"])


class _NoAliasDumper(yaml.SafeDumper):
    """YAML without anchors and aliases (``&id001`` / ``*id001``): every example written out in
    full where it is used, as a reader and every OpenAPI tool expect."""

    def ignore_aliases(self, data: Any) -> bool:
        return True


def _precise_schemas(node: Any) -> None:
    """Say in the document exactly what the schemas accept where apispec's output is wrong
    (found by the schemathesis contract tests): a length on a JSON object (a marshmallow
    ``Dict``) comes out as ``minLength``/``maxLength``, which apply to strings only; they become
    ``minProperties``/``maxProperties``. (Everything else precise is the schemas' own
    declaration: ``schemas/doc.py``.)"""
    if isinstance(node, list):
        for item in node:
            _precise_schemas(item)
        return
    if not isinstance(node, dict):
        return
    if node.get("type") == "object":
        for old, new in (("minLength", "minProperties"), ("maxLength", "maxProperties")):
            if old in node:
                node[new] = node.pop(old)
    for value in node.values():
        _precise_schemas(value)


def openapi_document(app: Flask) -> str:
    """The OpenAPI 3 document as YAML, generated from the schemas and routes."""
    return yaml.dump(build_spec(app), Dumper=_NoAliasDumper, sort_keys=False, allow_unicode=True)
