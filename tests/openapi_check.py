"""Every real answer checked against the committed ``openapi.yaml`` by openapi-core, strictly:
status, content type, headers and body against the operation's documented response (OpenAPI
3.1, JSON Schema 2020-12, formats checked).

``tests/conftest.py`` makes every Flask test client of the suite check each answer it gets
(:class:`CheckingClient`); ``tests/test_schemathesis.py`` adds :func:`check_answer` to the
checks of every generated case. A request that is no operation of the document (the phone page,
/docs, a 404 path, a CORS preflight) has nothing to be checked
against and is counted apart; a 405 to a documented path is checked against the 405 its
operations document (problem details with ``Allow``).
"""

from __future__ import annotations

import collections
import functools
import json
from dataclasses import dataclass, field
from pathlib import Path

import yaml
from flask.testing import FlaskClient
from openapi_core import Config, OpenAPI
from openapi_core.datatypes import RequestParameters
from openapi_core.templating.paths.exceptions import OperationNotFound, PathNotFound
from openapi_core.validation.schemas import factories
from werkzeug.datastructures import Headers

ROOT = Path(__file__).resolve().parent.parent


def _yaml(text: str | bytes):
    """YAML read by libyaml (PyYAML's C loader, 5 times faster on openapi.yaml than the pure one)."""
    return yaml.load(text, Loader=yaml.CSafeLoader)


# openapi-core 0.23.1 derives a new jsonschema validator class (an attrs class) for each schema of
# each answer it validates; the derived class depends on its base class alone, so it is made once
# (11 ms a checked answer before, 7 ms after: the suite checks thousands).
for _name in ("build_forbid_unspecified_additional_properties_validator", "build_enforce_properties_required_validator"):
    setattr(factories, _name, functools.cache(getattr(factories, _name)))

# Strict: an object schema that says nothing of additionalProperties allows none; problem details
# are JSON; the document's own answer is YAML.
CONFIG = Config(
    additional_properties_default_policy="forbid",
    extra_media_type_deserializers={"application/problem+json": json.loads, "application/yaml": _yaml},
)
DOCUMENT = OpenAPI.from_file_path(str(ROOT / "openapi.yaml"), config=CONFIG)
PATHS = _yaml((ROOT / "openapi.yaml").read_text())["paths"]
# What was checked this session: ("checked" | "no operation", method, path template or path, status).
TALLY: collections.Counter = collections.Counter()


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


def check_answer(method: str, path: str, status: int, content_type: str, headers, body: bytes) -> bool:
    """Validate one answer against the document; raise openapi-core's error when it does not
    conform. Returns False (and checks nothing) when ``method path`` is no operation of it."""
    response = _Response(status, (content_type or "").lower(), Headers(headers), body)
    methods = [method.lower()]
    if status == 405:  # another method of a documented path: its operations document the 405
        methods += [m for m in PATHS.get(path, {}) if m != method.lower()]
    for candidate in methods:
        try:
            DOCUMENT.validate_response(_Request(candidate, path), response)
        except (PathNotFound, OperationNotFound):
            continue
        TALLY["checked", method.upper(), path, status] += 1
        return True
    TALLY["no operation", method.upper(), path, status] += 1
    return False


class CheckingClient(FlaskClient):
    """Flask's test client, checking every answer it gets with :func:`check_answer`."""

    def open(self, *args, **kwargs):
        response = super().open(*args, **kwargs)
        if not kwargs.get("buffered", True) or response.is_streamed and not response.direct_passthrough:
            response.get_data()
        request = response.request
        check_answer(
            request.method,
            request.path,
            response.status_code,
            response.content_type or "",
            list(response.headers.items()),
            response.get_data(),
        )
        return response
