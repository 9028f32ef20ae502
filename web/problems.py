"""Problem documents (RFC 9457 ``application/problem+json``) for every error the service answers."""

from __future__ import annotations

from collections.abc import Mapping
from http import HTTPStatus
from typing import Any

import orjson
from flask import Flask, Response, request
from flask_smorest import Api
from werkzeug.exceptions import HTTPException

from referee.errors import MAX_PROBLEMS, InvalidInput, Problem
from referee.speech import Sentence, say, say_n, term
from schemas.doc import PrecisePlugin
from schemas.errors import ProblemSchema, checking_stopped, count_messages, pointer, problems_from_messages
from web import request_id
from web.language import UnknownLanguage
from web.language import spoken as said

PROBLEM_JSON = "application/problem+json"
MAX_LISTED_ERRORS = MAX_PROBLEMS  # a 422 lists at most this many faults, and says how many more there are


# A problem's ``title`` in the players' languages (RFC 9110's reason phrases, said as an HTTP
# client of that language shows them); English is Python's own phrase for the status, as before.
# ``type`` and ``status`` stay as they are: programs read those.
_TITLES: dict[int, Sentence] = {
    400: term("HTTP status", "Bad Request"),
    403: term("HTTP status", "Forbidden"),
    404: term("HTTP status", "Not Found"),
    405: term("HTTP status", "Method Not Allowed"),
    408: term("HTTP status", "Request Timeout"),
    409: term("HTTP status", "Conflict"),
    413: term("HTTP status", "Content Too Large"),
    414: term("HTTP status", "URI Too Long"),
    415: term("HTTP status", "Unsupported Media Type"),
    422: term("HTTP status", "Unprocessable Content"),
    429: term("HTTP status", "Too Many Requests"),
    431: term("HTTP status", "Request Header Fields Too Large"),
    500: term("HTTP status", "Internal Server Error"),
    503: term("HTTP status", "Service Unavailable"),
}


def title(status: int) -> str:
    """A problem's ``title`` for ``status``: in English Python's reason phrase
    (``HTTPStatus(status).phrase``, "Unprocessable Entity"), in another language the catalog's
    (Spanish "Contenido no procesable"); a status with no entry is its English phrase."""
    phrase = HTTPStatus(status).phrase
    made = _TITLES.get(status)
    return made.reworded(phrase) if made is not None else phrase


def problem(
    status: int, detail: str, problems: list[Problem] | None = None, headers: Mapping[str, str] | None = None, parameter: bool = False
) -> Response:
    """An RFC 9457 ``application/problem+json`` answer; ``problems`` become ``errors`` (each a
    JSON Pointer into the body, or with ``parameter`` the query parameter named by its path); the
    request's id is ``request_id`` (web/request_id.py), for the user to quote. Every sentence is
    said in the request's language (web/language.py)."""
    body: dict[str, Any] = {"type": "about:blank", "title": said(title(status)), "status": status, "detail": said(detail)}
    if problems is not None:
        if parameter:
            body["errors"] = [{"parameter": str(p.path[0]), "detail": said(p.message)} for p in problems]
        else:
            body["errors"] = [{"pointer": pointer(p.path), "detail": said(p.message)} for p in problems]
    rid = request_id.current()
    if rid is not None:
        body["request_id"] = rid
    resp = Response(orjson.dumps(body), status=status, mimetype=PROBLEM_JSON)
    for k, v in (headers or {}).items():
        resp.headers[k] = v
    return resp


def invalid(problems: list[Problem], total: int | None = None, stopped: bool = False) -> Response:
    """422 for input that cannot be true, each fault by JSON Pointer (the first
    MAX_LISTED_ERRORS of ``total``, which defaults to all of ``problems``; ``stopped``: checking
    stopped there, so more may follow)."""
    first = problems[0]
    total = max(total or 0, len(problems))
    detail: str = first.message
    if stopped:
        detail = say(
            "{first} (and more: checking stopped after the first {count}, which are listed)", first=first.message, count=MAX_LISTED_ERRORS
        )
    elif total > MAX_LISTED_ERRORS:
        detail = say_n(
            "{first} (and {count} more; the first {listed} are listed)",
            "{first} (and {count} more; the first {listed} are listed)",
            total - 1,
            first=first.message,
            listed=MAX_LISTED_ERRORS,
        )
    elif total > 1:
        detail = say_n("{first} (and {count} more)", "{first} (and {count} more)", total - 1, first=first.message)
    # each message names its field in words; the pointer is in errors[], for programs
    return problem(422, detail, problems[:MAX_LISTED_ERRORS])


def invalid_input(bad: InvalidInput) -> Response:
    """The one answer to the core's :class:`~referee.errors.InvalidInput`: a 422 naming each
    fault (views put the request's own path in front with ``InvalidInput.under``)."""
    return invalid(bad.problems, stopped=bad.stopped)


def unknown_language(bad: UnknownLanguage) -> Response:
    """422 for a ``lang`` the service does not speak, naming the query parameter."""
    return problem(422, bad.problem.message, [bad.problem], parameter=True)


API_EXTENSION = "rummy_referee_api"


class ProblemApi(Api):  # type: ignore[misc]  # flask-smorest ships no types
    """flask-smorest's Api, answering every HTTP error as problem details."""

    ERROR_SCHEMA = ProblemSchema  # the documented error body is the one actually sent (RFC 9457)

    def __init__(self, app: Flask | None = None, *, spec_kwargs: dict[str, Any] | None = None, **kwargs: Any) -> None:
        # The spec with the schemas' own precise documentation (schemas.doc.PrecisePlugin),
        # through flask-smorest's documented ``marshmallow_plugin`` spec kwarg.
        super().__init__(app, spec_kwargs={"marshmallow_plugin": PrecisePlugin(), **(spec_kwargs or {})}, **kwargs)

    def _register_pagination_header(self) -> None:
        """No answer is paginated: no pagination header or schema in the document.

        flask-smorest offers no public switch for this (it always registers its pagination
        metadata schema); this one private hook is overridden, with flask-smorest's version
        pinned in requirements.txt and ``test_committed_openapi_yaml_is_up_to_date`` failing if
        a new version changes what it does."""

    def init_app(self, app: Flask, **kwargs: Any) -> None:
        super().init_app(app, **kwargs)
        app.extensions[API_EXTENSION] = self  # web.openapi reads the spec from here (Api.spec)

    def handle_http_exception(self, error: HTTPException) -> Response:
        data = getattr(error, "data", None) or {}
        messages = data.get("messages")
        if error.code == 422 and messages:
            # webargs nests errors under the location ("json"); the pointer is into the body.
            messages = messages.get("json", messages) if isinstance(messages, dict) else messages
            found = problems_from_messages(messages, limit=MAX_LISTED_ERRORS)
            stopped = checking_stopped(messages)
            return invalid(found or [Problem((), "the body is not valid")], count_messages(messages), stopped)
        if error.code == 400 and messages:
            not_json = say("the body is not valid JSON")
            return problem(400, not_json, [Problem((), not_json)])
        code = error.code or 500
        headers = {k: v for k, v in error.get_headers() if k.lower() == "allow"}
        detail = error.description or HTTPStatus(code).phrase
        if error.code == 404:
            detail = say("there is no {path} here; see /openapi.yaml for the API's paths", path=repr(request.path))
        elif error.code == 405:
            detail = say(
                "{method} is not allowed on {path}; allowed: {allowed}",
                method=request.method,
                path=request.path,
                allowed=headers.get("Allow", ""),
            )
        elif error.code == 413:
            detail = say("the body is larger than this service accepts ({count} bytes)", count=request.max_content_length or 0)
        elif code >= 500:
            detail = say(
                "the service failed to answer; this is a fault of the service, not of the request (request id {id})",
                id=request_id.current() or "",
            )
        problems = [Problem(getattr(error, "path", ()), detail)] if error.code == 400 else None
        return problem(code, detail, problems, headers=headers)
