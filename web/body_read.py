"""Reading a request body off the socket, within a deadline, with every way it can fail
answered as a client error.

A sync gunicorn worker reads the body itself. Without this module a body that stalls holds the
worker until gunicorn's ``timeout`` kills it (the client then gets gunicorn's text/html 500), and
a malformed chunked body (a bad chunk size, a missing CRLF, a body cut short) surfaces as an
exception in the app, that is a 500. Here the body is read before anything else looks at it:

- over the endpoint's limit (``web.bodies.BODY_LIMITS``, never above ``MAX_CONTENT_LENGTH``;
  announced, or read so far when chunked): 413;
- malformed chunked framing, or fewer bytes than ``Content-Length`` announced: 400 naming it;
- not all there within ``RUMMY_BODY_TIMEOUT`` seconds (default 5, below the worker timeout):
  408.

The body read becomes the request's ``stream``, so Flask and Werkzeug see an ordinary, complete
body. Behind the buffering proxy of ``deploy/`` none of this fires: nginx hands over whole
bodies at once. ``init_app(app)`` hooks it in, before any other ``before_request``.
"""

from __future__ import annotations

import contextlib
import io
import os
import time
from collections.abc import Mapping
from typing import Any

from flask import Flask
from werkzeug.exceptions import BadRequest, RequestEntityTooLarge, RequestTimeout

from referee.speech import Sentence, say
from web.bodies import body_limit
from web.context import this_request

try:  # the framing errors of gunicorn's body reader (gunicorn.http.body)
    from gunicorn.http import errors as gunicorn_errors
except ImportError:  # pragma: no cover - served by another WSGI server
    gunicorn_errors = None

DEFAULT_BODY_TIMEOUT = 5.0
READ_STEP = 64 * 1024

# What each of gunicorn's body errors means, for the person who sent it.
_FRAMING = {
    "ChunkTooLarge": say("a chunk of the chunked body declares more bytes than any request here may have"),
    "InvalidChunkSize": say("a chunk of the chunked body does not start with a valid size line (hexadecimal digits, then CRLF)"),
    "ChunkMissingTerminator": say("a chunk of the chunked body does not end with CRLF, or the body ends before its last chunk"),
    "InvalidChunkExtension": say("a chunk of the chunked body carries a malformed chunk extension"),
    "NoMoreData": say("the body ends before its last chunk: the connection closed early"),
    "InvalidHeader": say("the chunked body's trailer section is malformed"),
    "LimitRequestHeaders": say("the chunked body's trailer section is too large"),
}


def body_timeout(env: Mapping[str, str] = os.environ) -> float:
    """Seconds a client has to send the whole body (``RUMMY_BODY_TIMEOUT``, default 5): a
    positive number, and below gunicorn's worker timeout (gunicorn.conf.py checks)."""
    raw = env.get("RUMMY_BODY_TIMEOUT", str(DEFAULT_BODY_TIMEOUT)).strip()
    try:
        value = float(raw)
    except ValueError:
        value = float("nan")
    if not 0 < value < 3600:
        raise ValueError(f"RUMMY_BODY_TIMEOUT must be a number of seconds above 0, not {raw!r}")
    return value


class BodyTimeout(RequestTimeout):
    """408: the body did not arrive in time."""


def read_body(environ: dict[str, Any], limit: int | None, timeout: float) -> bytes:
    """The whole request body of ``environ``, read within ``timeout`` seconds, at most ``limit``
    bytes. Raises a Werkzeug HTTP error saying what is wrong: 413 too large, 400 malformed or cut
    short, 408 too slow."""
    length = environ.get("CONTENT_LENGTH") or None
    chunked = "chunked" in environ.get("HTTP_TRANSFER_ENCODING", "").lower()
    if length is not None:
        try:
            length = int(length)
        except ValueError:
            raise BadRequest(say("Content-Length must be a number of bytes, not {length}", length=repr(length))) from None
        if length < 0:
            raise BadRequest(say("Content-Length must be a number of bytes, not {length}", length=str(length)))
        if limit is not None and length > limit:
            raise RequestEntityTooLarge()
    elif not chunked and not environ.get("wsgi.input_terminated"):
        return b""  # no body announced
    stream = environ["wsgi.input"]
    sock = environ.get("gunicorn.socket")
    prior = sock.gettimeout() if sock is not None else None
    deadline = time.monotonic() + timeout
    wanted = length if length is not None else (limit + 1 if limit is not None else None)
    parts, got = [], 0
    try:
        while wanted is None or got < wanted:
            remaining = deadline - time.monotonic()
            if remaining <= 0:
                raise BodyTimeout(_too_slow(length, timeout))
            if sock is not None:
                sock.settimeout(remaining)
            step = READ_STEP if wanted is None else min(READ_STEP, wanted - got)
            try:
                data = stream.read(step)
            except TimeoutError:
                raise BodyTimeout(_too_slow(length, timeout)) from None
            except Exception as e:  # noqa: BLE001 - only gunicorn's framing errors are the client's
                raise _framing_error(e) from e
            if not data:
                break
            parts.append(data)
            got += len(data)
    finally:
        if sock is not None:
            with contextlib.suppress(OSError):  # the client may have gone: nothing to restore
                sock.settimeout(prior)
    if length is not None and got < length:
        raise BadRequest(say("the body ends after {got} of the {length} bytes its Content-Length announced", got=got, length=length))
    if limit is not None and got > limit:
        raise RequestEntityTooLarge()
    return b"".join(parts)


def _too_slow(length: int | None, timeout: float) -> Sentence:
    # How much had arrived is not known exactly: gunicorn's reader keeps a part read short.
    if length is not None:
        return say(
            "the body of the {length} bytes announced did not arrive within {seconds} seconds; send it whole, at once",
            length=length,
            seconds=f"{timeout:g}",
        )
    return say("the body did not arrive within {seconds} seconds; send it whole, at once", seconds=f"{timeout:g}")


def _framing_error(e: Exception) -> Exception:
    """gunicorn's error while reading the body as a 400 naming it; anything else unchanged."""
    if gunicorn_errors is not None and isinstance(e, (gunicorn_errors.ParseException, gunicorn_errors.NoMoreData)):
        return BadRequest(_FRAMING.get(type(e).__name__) or say("the body is malformed ({error})", error=type(e).__name__))
    return e


def init_app(app: Flask) -> None:
    """Read every request body whole, within ``RUMMY_BODY_TIMEOUT``, before the app's own
    ``before_request`` functions (it is registered first). The setting is read at start-up; a
    wrong value stops it with a message."""
    timeout = body_timeout()

    ceiling = app.config.get("MAX_CONTENT_LENGTH")

    def _read_whole_body() -> None:
        req = this_request()
        # Each endpoint's own limit (web.bodies.BODY_LIMITS), never above RUMMY_MAX_BODY_BYTES.
        req.max_content_length = limit = body_limit(req.path, ceiling)
        # Werkzeug's ``stream`` is a settable cached property: get_data() and form parsing read
        # this complete copy; the WSGI environ is left as the server made it.
        req.stream = io.BytesIO(read_body(req.environ, limit, timeout))

    app.before_request_funcs.setdefault(None, []).insert(0, _read_whole_body)
