"""The request being answered, itself. Flask's ``request`` is a proxy that looks the request up
again on every attribute read (a context variable and two calls); the hooks that run on every
request (``web.body_read``, ``web.bodies``, ``web.metrics``) read several attributes each, so
they look it up once."""

from __future__ import annotations

from typing import cast

from flask import Request, request
from werkzeug.local import LocalProxy


def this_request() -> Request:
    """The :class:`flask.Request` being answered (outside a request: a RuntimeError, as any
    read of ``flask.request``)."""
    return cast("LocalProxy[Request]", request)._get_current_object()
