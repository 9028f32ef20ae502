"""Cross-origin answers (CORS) for the API and its document, by flask-cors: a browser's page on
another origin may call /v1/ and read /openapi.yaml (``RUMMY_CORS_ORIGINS``, app.py).

flask-cors works its headers out anew for every answer (its resource patterns matched against
the path, two ``MultiDict``s, a debug line formatted: 14 µs a ``POST /v1/move``, bench/README.md,
issue 34), though most requests are no CORS request at all: a program, nginx's health check or a
test sends no ``Origin``. For those, what flask-cors adds depends on nothing
but the path (which resource it matches, with what options), so the headers it added to the
first such answer of a route are added again to the next ones, as they are (with ``*``
allowed, ``Access-Control-Allow-Origin: *``). Everything else is flask-cors's own work, every
time: a request with an ``Origin`` (a browser's), a preflight (``OPTIONS``), one asking about
the private network, a path no route of fixed text matched (a 404, a route with a variable
part: not a bounded set of paths to remember), and an answer that already carries CORS headers.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import cast

from flask import Flask, Response
from flask_cors import CORS
from flask_cors.core import ACL_ORIGIN, FLASK_CORS_EVALUATED
from werkzeug.datastructures import Headers

from web.context import this_request

PATHS = (r"/v1/*", r"/openapi.yaml")  # the API and its document; the pages are same-origin only

# The request headers that change what flask-cors answers, besides the path and OPTIONS (as
# WSGI names them: ``Origin`` and ``Access-Control-Request-Private-Network``).
_ORIGIN = "HTTP_ORIGIN"
_PRIVATE_NETWORK = "HTTP_ACCESS_CONTROL_REQUEST_PRIVATE_NETWORK"


def init_app(app: Flask, origins: list[str]) -> None:
    """CORS for :data:`PATHS` from ``origins`` (``["*"]``: any), through flask-cors, its
    headers for requests with no ``Origin`` remembered per route."""
    CORS(
        app,
        resources={path: {"origins": origins} for path in PATHS},
        methods=["GET", "POST", "OPTIONS"],
        allow_headers=["Content-Type"],
        max_age=600,
    )
    hooks = app.after_request_funcs[None]
    library = cast(Callable[[Response], Response], hooks[-1])  # flask-cors's own after_request, just registered
    assert library.__name__ == "cors_after_request", library
    remembered: dict[str, list[tuple[str, str]]] = {}

    def cors_after_request(resp: Response) -> Response:
        req = this_request()
        environ = req.environ
        rule = req.url_rule
        headers = resp.headers
        if (
            rule is None
            or rule.arguments
            or req.method == "OPTIONS"
            or _ORIGIN in environ
            or _PRIVATE_NETWORK in environ
            or type(headers) is not Headers
            or ACL_ORIGIN in headers
            or hasattr(resp, FLASK_CORS_EVALUATED)
        ):
            return library(resp)
        path = req.path
        added = remembered.get(path)
        if added is None:
            before = list(headers)
            library(resp)
            after = list(headers)
            if after[: len(before)] == before:  # flask-cors only adds: remember what it added
                remembered[path] = after[len(before) :]
            return resp
        for name, value in added:
            headers.add(name, value)
        return resp

    hooks[-1] = cors_after_request
