"""The replay guard's table store: each table's latest change, kept so that an old token is
refused (contract, Sealed tables). Three configurations, chosen by ``RUMMY_TABLE_STORE``:

=============================== ==============================================================
unset, or ``sqlite:///path``    :class:`~tables.store.embedded.EmbeddedStore`: a SQLite file on
                                this machine (the standard library's ``sqlite3``), shared by
                                every gunicorn worker and instance that opens the same file
``redis://``, ``rediss://``,    :class:`~tables.store.redis_store.RedisStore`: one Redis, a
``redis+sentinel://``,          Sentinel-managed primary, or a Redis Cluster, shared by every
``redis+cluster://`` …          instance on every machine
``none``                        no store: development only; the service then never reveals a
                                deck (README, trust model)
=============================== ==============================================================

Every store answers the same five questions (:class:`TableStore`); the Redis one sits behind a
:class:`Breaker` so a Redis that is down or frozen never slows anything else.
"""

from __future__ import annotations

import logging
import math
import os
import threading
import time
from collections.abc import Callable, Mapping
from typing import Protocol

log = logging.getLogger(__name__)

DEFAULT_TIMEOUT_MS = 250
BREAKER_FAILURES = 3
BREAKER_FIRST_SECONDS = 0.25
BREAKER_MAX_SECONDS = 5.0
PROBE_SECONDS = 0.1
OFF = "none"


class Stale(Exception):
    """A token older than the table's latest; ``latest`` is the latest ``seq`` and ``answer``
    the sealed answer that made it (None when not kept)."""

    def __init__(self, latest: int, answer: bytes | None = None) -> None:
        super().__init__(latest)
        self.latest = latest
        self.answer = answer
        self.table: str | None = None  # the latest token, once read from the answer
        self.view: object = None  # the request's seat's view of that token (a tables.view.TableView, tables_api)


class Replay(Exception):
    """The request that made the table's latest change (``latest``), sent again: ``answer`` is
    its sealed answer (``Sealer.open_blob`` opens it)."""

    def __init__(self, latest: int, answer: bytes) -> None:
        super().__init__("replay")
        self.latest = latest
        self.answer = answer


class StoreUnavailable(Exception):
    """The table store did not answer (or the breaker is open); ``retry_after`` is a whole
    number of seconds after which asking again makes sense. ``unknown`` is True when the store
    may have recorded the change all the same (a reply lost after the write was sent): sending
    the same request again then answers what was recorded, or plays it if nothing was."""

    def __init__(self, message: str, retry_after: int = 1, unknown: bool = False) -> None:
        super().__init__(message)
        self.retry_after = retry_after
        self.unknown = unknown


class StoreMisconfigured(ValueError):
    """``RUMMY_TABLE_STORE`` names a store this service cannot use as configured (a bad URL, a
    wrong password, TLS on one side only, a replica, a file it cannot write): one sentence for an
    operator. The service refuses to start with it."""


class TableStore(Protocol):
    """What the replay guard and the pledges ask of a store. Keys are the caller's; values are
    bytes; ``ttl`` in whole seconds."""

    def check(self, table_id: str, seq: int, digest: bytes) -> None:
        """Return when a token at ``seq`` is the table's latest (or the table has no record);
        raise :class:`Replay` when ``digest`` is the request that made the latest change,
        :class:`Stale` for any other request on an older token, :class:`StoreUnavailable`."""

    def commit(self, table_id: str, old: int, new: int, digest: bytes, answer: bytes, ttl: int) -> None:
        """Record ``new`` as the table's latest ``seq``, made by the request ``digest`` whose
        sealed answer is ``answer``, kept ``ttl`` seconds; unless a change after ``old`` was
        recorded first (then :class:`Replay` or :class:`Stale`, as :meth:`check`)."""

    def latest(self, table_id: str) -> int | None:
        """The latest ``seq`` recorded for the table, or None."""

    def claim(self, key: str, value: bytes, ttl: int) -> bytes | None:
        """Atomically store ``value`` under ``key`` for ``ttl`` seconds if nothing is stored
        there, and return None; if another value is, return it unchanged (the first claim
        wins). The same value claimed again also returns None: a claim sent again after a lost
        reply is the same claim. Raises :class:`StoreUnavailable` (``unknown`` when the claim
        may have been stored: claim again to learn which)."""

    def ready(self) -> str | None:
        """None when the store is usable now, else a short reason for an operator. Answers
        within about a second, never hangs."""


def parse_timeout_ms(text: str) -> float:
    """``RUMMY_TABLE_STORE_TIMEOUT_MS``: milliseconds, 1 to 1000, as seconds."""
    text = text.strip()
    if not (text.isascii() and text.isdigit()) or not 1 <= int(text) <= 1000:
        raise StoreMisconfigured(f"RUMMY_TABLE_STORE_TIMEOUT_MS must be a whole number of milliseconds from 1 to 1000, not {text!r}")
    return int(text) / 1000


class Breaker:
    """Stops asking a store that failed ``failures`` times in a row.

    With a ``probe`` (a callable that answers True when the store is usable again, within the
    store's timeout), a thread of this process asks it every ``probe_every`` seconds while the
    breaker is open and closes it at the first True: requests never wait on a store that is
    down or frozen, and the breaker closes within a tenth of a second of the store's return.
    Without one, it lets one request through after ``first`` seconds to try again; each failed
    try doubles the wait, up to ``longest`` seconds; a success closes it.

    ``on_change(True)`` is called once when it opens and ``on_change(False)`` once when it
    closes (metrics); each is also logged once. ``clock``: seconds, monotonic (tests). Shared
    by a process's threads."""

    def __init__(
        self,
        failures: int = BREAKER_FAILURES,
        first: float = BREAKER_FIRST_SECONDS,
        longest: float = BREAKER_MAX_SECONDS,
        clock: Callable[[], float] = time.monotonic,
        on_change: Callable[[bool], None] | None = None,
        probe: Callable[[], bool] | None = None,
        probe_every: float = PROBE_SECONDS,
    ) -> None:
        self.failures, self.first, self.longest, self.clock = failures, first, longest, clock
        self.on_change = on_change
        self.probe, self.probe_every = probe, probe_every
        self._prober: threading.Thread | None = None
        self._prober_pid = 0
        self._failed = 0
        self._wait = first
        self._open_until = 0.0
        self._opened_at: float | None = None
        self._lock = threading.Lock()

    @property
    def is_open(self) -> bool:
        with self._lock:
            return self._opened_at is not None

    def before(self) -> None:
        """Raise :class:`StoreUnavailable` while open; past its time, let this request try
        (the others keep waiting until it has)."""
        with self._lock:
            if self._opened_at is None:
                return
            if self.probe is not None:
                self._start_prober(self.probe)  # (again, in a worker forked while it was open)
                raise StoreUnavailable("the table store is not answering", 1)
            now = self.clock()
            if now < self._open_until:
                raise StoreUnavailable("the table store is not answering", max(1, math.ceil(self._open_until - now)))
            self._open_until = now + self._wait  # half-open: this request tries, the others wait

    def succeeded(self) -> None:
        with self._lock:
            was_open = self._opened_at
            self._failed, self._wait, self._open_until, self._opened_at = 0, self.first, 0.0, None
            if was_open is None:
                return
            down = self.clock() - was_open
        log.warning("the table store answers again: guarded moves are served (the breaker was open %.1f s)", down)
        self._tell(False)

    def failed(self, error: str = "") -> int:
        """Count a failure (``error``: what happened, for the log); the whole seconds to wait
        before asking again."""
        with self._lock:
            self._failed += 1
            now = self.clock()
            if self._opened_at is not None:  # a try while half-open failed: wait longer
                self._wait = min(self._wait * 2, self.longest)
                self._open_until = now + self._wait
                return max(1, math.ceil(self._wait))
            if self._failed < self.failures:
                return 1
            self._opened_at, self._open_until = now, now + self._wait
            failures = self._failed
            if self.probe is not None:
                self._start_prober(self.probe)
        log.warning(
            "the table store failed %d times in a row (%s): guarded moves answer 503 until it answers again", failures, error or "no answer"
        )
        self._tell(True)
        return max(1, math.ceil(self.first))

    def _start_prober(self, probe: Callable[[], bool]) -> None:
        """Start the probing thread of this process unless it runs (the lock is held)."""
        if self._prober is not None and self._prober_pid == os.getpid() and self._prober.is_alive():
            return
        self._prober_pid = os.getpid()
        self._prober = threading.Thread(target=self._probing, args=(probe,), name="table-store-probe", daemon=True)
        self._prober.start()

    def _probing(self, probe: Callable[[], bool]) -> None:
        while True:
            time.sleep(self.probe_every)
            with self._lock:
                if self._opened_at is None:
                    return
            try:
                back = probe()
            except Exception:  # the probe says False by failing too
                back = False
            if back:
                self.succeeded()
                return

    def _tell(self, opened: bool) -> None:
        if self.on_change is not None:
            try:
                self.on_change(opened)
            except Exception:  # a metrics hook must never break the guard
                log.exception("the breaker's on_change hook failed")


def from_environment(env: Mapping[str, str], breaker: Breaker | None = None) -> TableStore | None:
    """The store ``RUMMY_TABLE_STORE`` names (unset: the embedded one in its default file;
    ``none``: None, no guard), checked at once (:meth:`start`-style checks: connect,
    authenticate, load scripts, write). ``RUMMY_TABLE_STORE_TIMEOUT_MS`` (1-1000, default
    250) bounds each call. Raises :class:`StoreMisconfigured` with one sentence."""
    from .embedded import EmbeddedStore
    from .redis_store import RedisStore

    url = env.get("RUMMY_TABLE_STORE", "").strip()
    raw = env.get("RUMMY_TABLE_STORE_TIMEOUT_MS", "").strip()
    timeout = parse_timeout_ms(raw) if raw else DEFAULT_TIMEOUT_MS / 1000
    if url.lower() == OFF:
        log.warning(
            "RUMMY_TABLE_STORE=none: no replay guard (development only); old tokens are accepted, so no deck is revealed (README, trust model)"
        )
        return None
    store: EmbeddedStore | RedisStore
    if not url or url.startswith("sqlite:"):
        store = EmbeddedStore.from_url(url) if url else EmbeddedStore(EmbeddedStore.default_path())
    else:
        store = RedisStore(url, timeout=timeout, breaker=breaker)
    store.start()
    return store
