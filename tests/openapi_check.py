"""Every real answer checked against the committed ``openapi.yaml``, strictly: the status must be
documented for the operation, the content type must be one of that response's, the body must be
there and conform to its schema (OpenAPI 3.1: JSON Schema 2020-12, formats checked), and each
documented header sent must conform to its schema.

``tests/conftest.py`` makes every Flask test client of the suite check each answer it gets
(:class:`CheckingClient`); ``tests/test_schemathesis.py`` adds :func:`check_answer` to the
checks of every generated case. A request that is no operation of the document (the phone page,
/docs, a 404 path, a CORS preflight) has nothing to be checked against and is counted apart; a
405 to a documented path is checked against the 405 its operations document (problem details
with ``Allow``).

Strict: an undeclared field is refused, since every object schema of the document says
``additionalProperties`` (``tests/test_openapi_check.py`` holds it to that, so openapi-core's
"forbid" policy for the schemas that say nothing would add nothing). The suite checks some 19,000
answers, so each response's schema is compiled once, by jsonschema-rs (Rust): an answer costs
about 0.2 ms, where openapi-core cost about 7-13 ms (some 250 s of CPU a run).
``tests/test_openapi_check.py`` holds this check to openapi-core's on right and spoilt answers of
every operation.
"""

from __future__ import annotations

import collections
import functools
import json
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import jsonschema_rs
import yaml
from flask.testing import FlaskClient

ROOT = Path(__file__).resolve().parent.parent
DOCUMENT_URI = "urn:rummy-referee:openapi.yaml"  # the document's name for its own $refs


def _yaml(text: str | bytes) -> Any:
    """YAML read by libyaml (PyYAML's C loader, 5 times faster on openapi.yaml than the pure one)."""
    return yaml.load(text, Loader=yaml.CSafeLoader)


DOCUMENT = _yaml((ROOT / "openapi.yaml").read_text())
PATHS = DOCUMENT["paths"]
# How an answer's body is read, by media type (problem details are JSON; the document is YAML).
READERS = {"application/json": json.loads, "application/problem+json": json.loads, "application/yaml": _yaml}
HTTP_METHODS = ("get", "put", "post", "delete", "options", "head", "patch", "trace")
# What was checked this session: ("checked" | "no operation", method, path template or path, status).
TALLY: collections.Counter = collections.Counter()


class NotAsDocumented(AssertionError):
    """An answer the document does not allow: the message says which part and why."""


REGISTRY = jsonschema_rs.Registry([(DOCUMENT_URI, DOCUMENT)], draft=jsonschema_rs.Draft202012)


def _pointer(keys: tuple[str, ...]) -> str:
    """A JSON Pointer fragment (RFC 6901) to ``keys`` in the document."""
    return "#/" + "/".join(key.replace("~", "~0").replace("/", "~1") for key in keys)


def _follow(keys: tuple[str, ...]) -> tuple[tuple[str, ...], Any]:
    """The object at ``keys`` in the document, its ``$ref`` followed: (where it is, what it is)."""
    node = functools.reduce(lambda n, k: n[k], keys, DOCUMENT)
    while "$ref" in node:
        ref = node["$ref"]
        if not ref.startswith("#/"):
            raise NotImplementedError(f"a $ref outside the document: {ref}")
        keys = tuple(k.replace("~1", "/").replace("~0", "~") for k in ref[2:].split("/"))
        node = functools.reduce(lambda n, k: n[k], keys, DOCUMENT)
    return keys, node


def _validator(keys: tuple[str, ...]) -> jsonschema_rs.Draft202012Validator:
    """The schema at ``keys`` in the document, compiled, its formats checked."""
    return jsonschema_rs.Draft202012Validator(
        {"$ref": DOCUMENT_URI + _pointer(keys)}, registry=REGISTRY, validate_formats=True, offline=True
    )


@dataclass(frozen=True)
class Expected:
    """One documented response of an operation: the body's schema by media type (None: no
    schema), and each documented header's schema and whether it is required."""

    where: str  # "POST /v1/move 200", for messages
    bodies: dict[str, jsonschema_rs.Draft202012Validator | None] | None  # None: no content documented
    headers: dict[str, tuple[jsonschema_rs.Draft202012Validator, bool]]


@functools.cache
def expected(path: str, method: str, status: int) -> Expected | None:
    """What the document says ``method path`` answers with ``status`` (the status itself, its
    ``NXX`` range, or ``default``), compiled once; None when it is no operation of the document.
    Raises :class:`NotAsDocumented` when the operation documents no such status."""
    operation = PATHS.get(path, {}).get(method)
    if operation is None:
        return None
    where = f"{method.upper()} {path} {status}"
    for key in (str(status), f"{str(status)[0]}XX", "default"):
        if key in operation["responses"]:
            at, response = _follow(("paths", path, method, "responses", key))
            break
    else:
        raise NotAsDocumented(f"{where}: the status is not documented ({sorted(operation['responses'])})")
    bodies = None
    if "content" in response:
        bodies = {
            media: _validator((*at, "content", media, "schema")) if "schema" in spec else None
            for media, spec in response["content"].items()
        }
    headers = {}
    for name, header in response.get("headers", {}).items():
        if name.lower() == "content-type":  # OpenAPI: a Content-Type header's definition is ignored
            continue
        header_at, header = _follow((*at, "headers", name))
        if header.get("schema", {}).get("type") != "string":
            raise NotImplementedError(f"{where}: header {name} is not a string; its value would need casting")
        headers[name.lower()] = (_validator((*header_at, "schema")), bool(header.get("required")))
    return Expected(where, bodies, headers)


def _conform(expect: Expected, content_type: str, headers: list[tuple[str, str]], body: bytes) -> None:
    """Raise :class:`NotAsDocumented` unless the answer is as ``expect`` documents it."""
    if expect.bodies is not None:
        media = (content_type or "").split(";")[0].strip().lower()
        if media not in expect.bodies:
            raise NotAsDocumented(f"{expect.where}: content type {content_type!r} is not one of {sorted(expect.bodies)}")
        if not body:
            raise NotAsDocumented(f"{expect.where}: no body")
        try:
            value = READERS[media](body)
        except (ValueError, yaml.YAMLError) as exc:
            raise NotAsDocumented(f"{expect.where}: the body is no {media}: {exc}") from exc
        validator = expect.bodies[media]
        errors = [f"{'/'.join(map(str, e.instance_path))}: {e.message}" for e in validator.iter_errors(value)] if validator else []
        if errors:
            raise NotAsDocumented(f"{expect.where}: the body does not conform to its schema: {errors}")
    sent = {name.lower(): value for name, value in headers}
    for name, (validator, required) in expect.headers.items():
        if name not in sent:
            if required:
                raise NotAsDocumented(f"{expect.where}: required header {name} is missing")
            continue
        if not validator.is_valid(sent[name]):
            raise NotAsDocumented(f"{expect.where}: header {name}: {sent[name]!r} does not conform to its schema")


def check_answer(method: str, path: str, status: int, content_type: str, headers, body: bytes) -> bool:
    """Validate one answer against the document; raise :class:`NotAsDocumented` when it does not
    conform. Returns False (and checks nothing) when ``method path`` is no operation of it."""
    methods = [method.lower()]
    if status == 405:  # another method of a documented path: its operations document the 405
        methods += [m for m in PATHS.get(path, {}) if m in HTTP_METHODS and m != method.lower()]
    for candidate in methods:
        expect = expected(path, candidate, status)
        if expect is None:
            continue
        _conform(expect, content_type, list(headers), body)
        TALLY["checked", method.upper(), path, status] += 1
        return True
    TALLY["no operation", method.upper(), path, status] += 1
    return False


def answer_of(response: Any) -> tuple[str, str, int, str, list[tuple[str, str]], bytes]:
    """A Flask test response as :func:`check_answer`'s arguments: method, path, status, content
    type, headers and body."""
    request = response.request
    return (
        request.method,
        request.path,
        response.status_code,
        response.content_type or "",
        list(response.headers.items()),
        response.get_data(),
    )


class CheckingClient(FlaskClient):
    """Flask's test client, checking every answer it gets with :func:`check_answer`."""

    def open(self, *args, **kwargs):
        response = super().open(*args, **kwargs)
        if not kwargs.get("buffered", True) or response.is_streamed and not response.direct_passthrough:
            response.get_data()
        check_answer(*answer_of(response))
        return response
