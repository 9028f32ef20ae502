"""The app served for real on a free loopback port, for tests that talk to it over HTTP (the
example script, the browser tests)."""

from __future__ import annotations

import threading
from collections.abc import Iterator
from contextlib import contextmanager

from werkzeug.serving import make_server


@contextmanager
def serving(app, name: str = "test-server") -> Iterator[str]:
    """``app`` on 127.0.0.1 at a free port, in a thread, for the ``with`` block; yields its base URL."""
    server = make_server("127.0.0.1", 0, app, threaded=True)
    thread = threading.Thread(target=server.serve_forever, name=name, daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{server.server_port}"
    finally:
        server.shutdown()
        thread.join(timeout=5)
