"""Rummy Referee's application factory: ``create_app()`` builds the Flask application from its
settings, hooks and the routes of each service; the module-level ``app`` is what gunicorn serves
(``gunicorn app:app``).

Each service's routes have one home beside this module, and this one only registers them:
``referee_api`` (the stateless referee under /v1), ``tables_api`` (the sealed tables),
``operations_api`` (health, readiness, the OpenAPI document, metrics) and ``pages`` (the pages
and their files). The marshmallow schemas in ``schemas/`` are the request and response bodies
of record, and the OpenAPI document is generated from them (``make openapi``). Request bodies,
problem documents and the OpenAPI document are built in ``web/``.
"""

from __future__ import annotations

import os
from collections.abc import Callable, Mapping
from typing import Any

import orjson
from flask import Flask, Response, g, request
from flask.json.provider import JSONProvider

from operations_api import register_operations
from pages import pages
from referee.errors import InvalidInput
from referee_api import blp as referee_routes
from tables_api import register_tables
from web import body_read, cors, language, metrics, request_id
from web.bodies import decode_body
from web.context import this_request
from web.language import UnknownLanguage
from web.openapi import API_DESCRIPTION, NO_CREDENTIALS, SERVERS, openapi_document
from web.problems import ProblemApi, invalid_input, unknown_language

__all__ = ["DOCS_CSP", "PAGE_CSP", "app", "create_app", "openapi_document", "settings_from_environment"]

API_VERSION = "1.0.0"
DEFAULT_MAX_BODY_BYTES = 2048 * 1024  # the largest endpoint limit: a revealed hand to verify (web/bodies.py)


class OrjsonProvider(JSONProvider):
    """Flask's JSON through orjson: the same documents, several times faster."""

    def dumps(self, obj: Any, **kwargs: Any) -> str:
        return orjson.dumps(obj).decode()

    def loads(self, s: str | bytes, **kwargs: Any) -> Any:
        return orjson.loads(s)

    def response(self, *args: Any, **kwargs: Any) -> Response:
        obj = self._prepare_response_obj(args, kwargs)
        return Response(orjson.dumps(obj), mimetype="application/json")


class RefereeFlask(Flask):
    """Flask, remembering which of its functions are coroutines. Flask asks ``ensure_sync`` of
    every view, hook and flask-smorest wrapper on every request (about twenty calls to
    ``inspect.iscoroutinefunction`` per request); the answer for a function never changes, so
    it is asked once per function (a bounded set: the app's views, hooks and error handlers)."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self._callables: dict[Callable[..., Any], Callable[..., Any]] = {}

    def ensure_sync(self, func: Callable[..., Any]) -> Callable[..., Any]:
        try:
            known = self._callables.get(func)
        except TypeError:  # an unhashable callable object: asked each time, as Flask does
            return super().ensure_sync(func)
        if known is None:
            known = self._callables[func] = super().ensure_sync(func)
        return known


def settings_from_environment(env: Mapping[str, str] = os.environ) -> dict[str, Any]:
    """The app's settings from environment variables, each with a safe default:

    - ``RUMMY_MAX_BODY_BYTES``: largest request body accepted (default 2097152; a full table
      snapshot is about 2 KB).
    - ``RUMMY_CORS_ORIGINS``: comma-separated origins allowed to call the API from a browser,
      or ``*`` (the default: the API holds no credentials and no state, so any page may call it).
      An empty value allows no other origin.

    A value that cannot be right stops the service at start-up with a message naming it, rather
    than running with a setting nobody chose.
    """
    raw = env.get("RUMMY_MAX_BODY_BYTES", str(DEFAULT_MAX_BODY_BYTES)).strip()
    if not (raw.isascii() and raw.isdigit()) or int(raw) < 1:
        raise ValueError(f"RUMMY_MAX_BODY_BYTES must be a whole number of bytes of at least 1, not {raw!r}")
    return {
        "MAX_CONTENT_LENGTH": int(raw),
        "CORS_ORIGINS": [o.strip() for o in env.get("RUMMY_CORS_ORIGINS", "*").split(",") if o.strip()],
    }


# The scorepad page and the docs load only from this service; Swagger UI sets inline styles.
PAGE_CSP = (
    "default-src 'self'; img-src 'self' data:; style-src 'self'; script-src 'self'; "
    "connect-src 'self'; base-uri 'none'; form-action 'self'; frame-ancestors 'none'"
)
DOCS_CSP = PAGE_CSP.replace("style-src 'self'", "style-src 'self' 'unsafe-inline'")


def create_app(config: dict[str, Any] | None = None) -> Flask:
    """The Flask application. ``config`` overrides settings (tests); otherwise they come from
    the environment (:func:`settings_from_environment`)."""
    app = RefereeFlask(__name__, static_folder=None)
    app.json = OrjsonProvider(app)
    app.config.update(
        API_TITLE="Rummy Referee",
        API_VERSION=API_VERSION,
        OPENAPI_VERSION="3.1.0",
        API_SPEC_OPTIONS={"info": {"description": API_DESCRIPTION}, "servers": SERVERS, "security": NO_CREDENTIALS},
        **settings_from_environment(),
    )
    app.config.update(config or {})
    request_id.init_app(app)  # first: every answer and log line after it knows the request's id
    language.init_app(app)  # then the answer's language: every sentence after it is said in it
    metrics.init_app(app)
    cors.init_app(app, app.config["CORS_ORIGINS"])
    api = ProblemApi(app)
    api.register_blueprint(referee_routes)
    register_operations(app, api)
    register_tables(app, api)
    app.register_blueprint(pages)
    app.register_error_handler(InvalidInput, invalid_input)
    app.register_error_handler(UnknownLanguage, unknown_language)
    body_read.init_app(app)  # the body whole and in time, before anything reads it (408, 400, 413)

    @app.after_request
    def _security_headers(resp: Response) -> Response:
        resp.headers["X-Content-Type-Options"] = "nosniff"
        resp.headers.setdefault("Referrer-Policy", "no-referrer")
        if resp.mimetype == "text/html":
            resp.headers["Content-Security-Policy"] = DOCS_CSP if request.path.startswith("/docs") else PAGE_CSP
            resp.headers["X-Frame-Options"] = "DENY"
        return resp

    @app.before_request
    def _decode_json_body() -> None:
        req = this_request()
        if req.method in ("POST", "PUT", "PATCH") and req.url_rule is not None:
            g.json_body = decode_body()

    return app


try:
    app = create_app()
except ValueError as e:  # a setting it cannot use (RUMMY_TABLE_STORE, RUMMY_SEAL_KEYS, …): one line, not a traceback
    raise SystemExit(f"rummy-referee not started: {e}") from None
