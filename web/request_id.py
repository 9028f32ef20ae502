"""The request id: one name for a request in nginx's access line, the app's, its log lines and
its answer (``X-Request-ID``, and ``request_id`` in every problem document), so a user can quote
it and an operator find everything about that request.

nginx sets ``X-Request-ID`` (the client's own when plausible, else its ``$request_id``); the app
keeps one that is plausible (letters, digits and ``._:-``, up to 128) and makes one otherwise
(32 hex digits, as nginx's), for a request that reached it directly.
"""

from __future__ import annotations

import logging
import os
import re

from flask import Flask, Response, g, has_request_context, request

HEADER = "X-Request-ID"
_SENT = "HTTP_" + HEADER.upper().replace("-", "_")  # where WSGI puts HEADER (read as request.headers would)
PLAUSIBLE = re.compile(r"[A-Za-z0-9._:-]{1,128}")  # nginx's map in deploy/nginx.conf.template says the same


def current() -> str | None:
    """The id of the request being answered (None outside a request)."""
    if not has_request_context():
        return None
    rid: str | None = g.get("request_id")
    if rid is None:
        sent = request.environ.get(_SENT, "")
        rid = g.request_id = sent if PLAUSIBLE.fullmatch(sent) else os.urandom(16).hex()
    return rid


def init_app(app: Flask) -> None:
    """Every answer carries the request's id (``X-Request-ID``)."""

    @app.before_request
    def _name_the_request() -> None:
        current()

    @app.after_request
    def _answer_with_id(resp: Response) -> Response:
        resp.headers[HEADER] = g.get("request_id") or current()  # named before (every request whose hooks ran)
        return resp


class RequestIdFilter(logging.Filter):
    """Puts ``request_id`` (None outside a request) on every log record, for the JSON lines."""

    def filter(self, record: logging.LogRecord) -> bool:
        if not hasattr(record, "request_id"):
            record.request_id = current()
        return True
