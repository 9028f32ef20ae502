"""Routes of a few lines: a flask-smorest Blueprint whose ``post`` registers a JSON POST with
its request and answer schemas, its /docs examples and the errors it can answer documented."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from contextlib import contextmanager
from http import HTTPStatus
from typing import Any

from flask import Request, g
from flask_smorest import Blueprint
from marshmallow import Schema
from webargs.flaskparser import FlaskParser

from referee.errors import InvalidInput, Problem
from schemas.errors import ProblemSchema

from .problems import PROBLEM_JSON

View = Callable[..., Any]
"""A Flask view function."""

BODY_ERRORS = (400, 413, 415)  # every POST can answer these (422 is added by flask-smorest)


class BodyParser(FlaskParser):
    """webargs' parser, reading the body ``web.bodies.decode_body`` already decoded and checked."""

    def load_json(self, req: Request, schema: Schema) -> Any:
        return g.json_body


METHOD_NOT_ALLOWED = {
    "description": "Method Not Allowed: the path exists, the method does not; `Allow` lists the methods it takes.",
    "content_type": PROBLEM_JSON,
    "schema": ProblemSchema,
    "headers": {
        "Allow": {"description": "The methods this path takes, comma-separated.", "schema": {"type": "string", "example": "POST, OPTIONS"}}
    },
}


def operation_id(view: Callable[..., Any]) -> str:
    """The OpenAPI ``operationId`` of a view: its name in camelCase (``legal_moves`` →
    ``legalMoves``), which generated clients turn into method names."""
    first, *rest = str(view.__name__).split("_")
    return first + "".join(word.capitalize() for word in rest)


def documentation_of(decorator: Callable[[View], View], view: View) -> View:
    """``view`` itself, carrying the documentation flask-smorest's ``decorator`` (``doc``,
    ``alt_response``) gives it. Those decorators also wrap the view in a pass-through (a call, a
    ``current_app`` lookup and an ``ensure_sync``), four to six of them on every request of a
    route; only what they document is kept (``_apidoc``, which the wrapper starts as a copy of
    the view's own), so the OpenAPI document is the same and a request calls the view itself."""
    view._apidoc = decorator(view)._apidoc  # type: ignore[attr-defined]  # flask-smorest's documentation attribute
    return view


class RefereeBlueprint(Blueprint):  # type: ignore[misc]  # flask-smorest ships no types
    """A Blueprint whose routes read bodies through :class:`BodyParser` and are documented with
    an ``operationId`` and the 405 their path answers to other methods."""

    ARGUMENTS_PARSER = BodyParser()

    def documented(self, view: View) -> View:
        """``view`` with its ``operationId`` and its 405 (with ``Allow``) documented."""
        view = documentation_of(self.alt_response(405, **METHOD_NOT_ALLOWED), view)
        return documentation_of(self.doc(operationId=operation_id(view)), view)

    def get(
        self, path: str, response_schema: type[Schema] | None = None, errors: tuple[int, ...] = (), **doc: Any
    ) -> Callable[[View], View]:
        """Register the decorated view as ``GET <path>``, documented with the ``errors`` it may
        answer (``doc``: extra OpenAPI for answers no schema describes, such as a YAML document)."""

        def register(view: View) -> View:
            for code in errors:
                view = documentation_of(self.alt_response(code, response=HTTPStatus(code).name), view)
            view = self.documented(view)
            if doc:
                view = documentation_of(self.doc(**doc), view)
            if response_schema is not None:
                view = self.response(200, response_schema)(view)
            routed: View = self.route(path, methods=["GET"])(view)
            return routed

        return register

    def post(
        self,
        path: str,
        request_schema: type[Schema],
        response_schema: type[Schema],
        examples: dict[str, Any],
        status: int = 200,
        errors: tuple[int, ...] = (),
    ) -> Callable[[View], View]:
        """Register the decorated view as ``POST <path>``: the body loaded by one shared
        instance of ``request_schema`` (with its /docs ``examples``), the answer dumped by
        ``response_schema`` with ``status``, and :data:`BODY_ERRORS` plus ``errors`` documented."""

        def register(view: View) -> View:
            for code in (*BODY_ERRORS, *errors):
                view = documentation_of(self.alt_response(code, response=HTTPStatus(code).name), view)
            view = self.documented(view)
            view = self.response(status, response_schema())(view)
            view = self.arguments(request_schema(), examples=examples)(view)
            routed: View = self.route(path, methods=["POST"])(view)
            return routed

        return register


@contextmanager
def problems_under(*prefix: str | int, first_index: bool = False) -> Iterator[None]:
    """Put the request's own path in front of the core's InvalidInput paths (``first_index``:
    the core's path starts with an index into a list the request sent as one item)."""
    try:
        yield
    except InvalidInput as bad:
        raise InvalidInput([Problem(prefix + p.path[1 if first_index else 0 :], p.message) for p in bad.problems]) from None
