"""gunicorn's sync worker, answering every request it cannot read as the app answers its errors
(RFC 9457 problem details), at once, and never holding a worker for a client's bytes.

``gunicorn.conf.py`` sets ``worker_class = "web.worker.RefereeWorker"``, gunicorn's public way to
change how a worker reads requests (a worker class, as gevent's or uvicorn's are). What it adds to
:class:`gunicorn.workers.sync.SyncWorker`:

- **Not HTTP at all** (TLS handshake bytes sent to a plain port, binary noise): the first byte of
  a request line is a method's letter; anything else is a 400 at once, before gunicorn's parser
  waits for a line end that never comes.
- **A request line or headers that stop coming**: they must arrive whole within
  ``RUMMY_BODY_TIMEOUT`` (5 s, below the worker timeout), else a 408, instead of the worker
  being killed at ``GUNICORN_TIMEOUT`` and the client getting an HTML 500.
- **gunicorn's own refusals** (:meth:`handle_error`): the status gunicorn chose (400, 414, 431,
  417, 403), except an HTTP version it does not speak, 505 (the one 5xx a client can cause), and
  a transfer coding it cannot read, 400 (never a 5xx for a request); as ``application/problem+json``
  with the app's ``nosniff`` and ``Referrer-Policy`` headers.
- **A chunk size no body here could need** (``ffffffffffffffffff``): a 400 as soon as the size
  line is read (:class:`BoundedChunkedReader`), where gunicorn would wait for the chunk's bytes.

Behind nginx (deploy/) none of this is reached: nginx refuses those requests itself.
"""

from __future__ import annotations

import errno
import json
import socket
import uuid
from typing import Any

from gunicorn import util
from gunicorn.http import errors as gerr
from gunicorn.http import get_parser
from gunicorn.http.body import Body, ChunkedReader
from gunicorn.workers.sync import SyncWorker

from web import bodies, body_read

METHOD_START = frozenset(b"ABCDEFGHIJKLMNOPQRSTUVWXYZ")


class ChunkTooLarge(gerr.InvalidChunkSize):  # type: ignore[misc]  # gunicorn ships no types
    """A chunk larger than any body this service accepts."""


class BoundedChunkedReader(ChunkedReader):  # type: ignore[misc]  # gunicorn ships no types
    """gunicorn's chunked body reader, refusing a chunk larger than ``bound`` bytes when its size
    line is read (:class:`ChunkTooLarge`), rather than waiting for bytes no request needs."""

    bound = 1 << 20

    def parse_chunk_size(self, unreader: Any, data: bytes | None = None) -> tuple[int, bytes]:
        size, rest = super().parse_chunk_size(unreader, data)
        if size > self.bound:
            raise ChunkTooLarge(b"%x" % size)
        return size, rest


def problem_bytes(status: int, reason: str, detail: str) -> bytes:
    """A whole HTTP/1.1 answer: problem details, the app's security headers, ``Connection: close``,
    a request id made here (the request's own could not be read)."""
    rid = uuid.uuid4().hex
    body = json.dumps({"type": "about:blank", "title": reason, "status": status, "detail": detail, "request_id": rid}).encode()
    head = (
        f"HTTP/1.1 {status} {reason}\r\nConnection: close\r\nContent-Type: application/problem+json\r\n"
        f"Content-Length: {len(body)}\r\nX-Content-Type-Options: nosniff\r\nReferrer-Policy: no-referrer\r\n"
        f"X-Request-ID: {rid}\r\n\r\n"
    )
    return head.encode("latin-1") + body


# gunicorn's refusals: (status, reason) for the client's faults; anything else is the service's.
_REFUSALS = [
    (gerr.InvalidHTTPVersion, 505, "HTTP Version Not Supported"),
    (gerr.LimitRequestLine, 414, "URI Too Long"),
    (gerr.LimitRequestHeaders, 431, "Request Header Fields Too Large"),
    (gerr.ExpectationFailed, 417, "Expectation Failed"),
    (gerr.ForbiddenProxyRequest, 403, "Forbidden"),
    (
        (
            gerr.InvalidRequestLine,
            gerr.InvalidRequestMethod,
            gerr.InvalidHeader,
            gerr.InvalidHeaderName,
            gerr.InvalidProxyLine,
            gerr.InvalidSchemeHeaders,
            gerr.UnsupportedTransferCoding,  # gunicorn's 501: a client's request, so a 400
            gerr.ObsoleteFolding,
            gerr.InvalidH2CPreface,
            gerr.InvalidChunkSize,
            gerr.ChunkMissingTerminator,
            gerr.InvalidChunkExtension,
        ),
        400,
        "Bad Request",
    ),
]


def refusal(exc: BaseException) -> tuple[int, str, str]:
    """(status, reason, detail) of the answer to ``exc``, raised while reading a request."""
    for kinds, status, reason in _REFUSALS:
        if isinstance(exc, kinds):
            if isinstance(exc, gerr.InvalidHTTPVersion):
                version = exc.version
                if isinstance(version, tuple) and len(version) == 2:  # gunicorn's (major, minor)
                    version = f"HTTP/{version[0]}.{version[1]}"
                return status, reason, f"this service speaks HTTP/1.0 and HTTP/1.1, not {version}"
            return status, reason, f"the request could not be read: {exc}"
    return 500, "Internal Server Error", "the service failed to answer; this is a fault of the service, not of the request"


class RefereeWorker(SyncWorker):  # type: ignore[misc]  # gunicorn ships no types
    """The sync worker, with a deadline for the request's head and problem details for every
    request it cannot read (see the module's text)."""

    def init_process(self) -> None:
        self.head_timeout = body_read.body_timeout()
        BoundedChunkedReader.bound = max(bodies.BODY_LIMITS.values())
        super().init_process()

    def handle(self, listener: socket.socket, client: socket.socket, addr: Any) -> None:
        req = None
        try:
            client.settimeout(self.head_timeout)
            first = client.recv(1, socket.MSG_PEEK)
            if not first:
                return  # closed without a request
            if first[0] not in METHOD_START:
                self._answer(
                    client, 400, "Bad Request", "the request could not be read: this is not an HTTP/1.1 request (TLS to a plain HTTP port?)"
                )
                return
            parser = get_parser(self.cfg, client, addr)
            req = next(parser)
            if isinstance(req.body.reader, ChunkedReader):  # nothing of it read yet
                req.body = Body(BoundedChunkedReader(req, req.unreader))
            client.settimeout(None)  # the body has its own deadline (web/body_read.py)
            self.handle_request(listener, req, client, addr)
        except TimeoutError:
            if req is None:
                self._answer(
                    client,
                    408,
                    "Request Timeout",
                    f"the request line and headers did not arrive within {self.head_timeout:g} seconds; send them whole, at once",
                )
        except (gerr.NoMoreData, StopIteration):
            pass  # the client went away, or sent nothing
        except OSError as e:
            if e.errno not in (errno.EPIPE, errno.ECONNRESET, errno.ENOTCONN):
                self.log.exception("Socket error processing request.")
        except BaseException as e:  # noqa: BLE001 - gunicorn's refusals and the service's own faults
            self.handle_error(req, client, addr, e)
        finally:
            util.close_graceful(client)

    def handle_error(self, req: Any, client: socket.socket, addr: Any, exc: BaseException) -> None:
        status, reason, detail = refusal(exc)
        if status >= 500 and status != 505:
            self.log.exception("Error handling request")
        else:
            self.log.warning("Invalid request from ip=%s: %s", (addr or ("",))[0], exc)
        self._answer(client, status, reason, detail)

    def _answer(self, client: socket.socket, status: int, reason: str, detail: str) -> None:
        try:
            util.write_nonblock(client, problem_bytes(status, reason, detail))
        except OSError:
            self.log.debug("Failed to send error message.")
