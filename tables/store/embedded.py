"""The replay guard in a file: SQLite through the standard library's ``sqlite3``, the store used
when ``RUMMY_TABLE_STORE`` is unset (or ``sqlite:///path``).

One file holds, per table, the same record as the Redis store (latest ``seq``, the digest of
the request that made it, its sealed answer) and the claims; each row carries its expiry (Unix
seconds) and is treated as absent once past it; expired rows are removed now and then by the
writes. Every gunicorn worker and every instance on the machine that opens the same file shares
it: SQLite's write lock (``BEGIN IMMEDIATE``) makes each check-and-write atomic across processes,
and write-ahead logging lets reads run beside a write. A connection belongs to one thread of one
process (a forked worker opens its own).

It guards every instance that shares the file, so one machine only: instances on several
machines each keep their own file and do not see each other's tables (use Redis there).
"""

from __future__ import annotations

import logging
import os
import sqlite3
import threading
import time
from collections.abc import Callable
from pathlib import Path
from typing import TypeVar

from . import Replay, Stale, StoreMisconfigured, StoreUnavailable

T = TypeVar("T")

log = logging.getLogger(__name__)

DEFAULT_FILE = ".table-store.sqlite3"
BUSY_MS = 2000  # how long a write waits for another's lock (each holds it well under 1 ms)
PURGE_EVERY = 500  # writes of a connection between two sweeps of expired rows
PURGE_ROWS = 200

_SCHEMA = """
CREATE TABLE IF NOT EXISTS tables (
  id TEXT PRIMARY KEY, seq INTEGER NOT NULL, digest BLOB NOT NULL, answer BLOB NOT NULL, expires REAL NOT NULL
) WITHOUT ROWID;
CREATE INDEX IF NOT EXISTS tables_expires ON tables (expires);
CREATE TABLE IF NOT EXISTS claims (key TEXT PRIMARY KEY, value BLOB NOT NULL, expires REAL NOT NULL) WITHOUT ROWID;
CREATE INDEX IF NOT EXISTS claims_expires ON claims (expires);
"""


class EmbeddedStore:
    """Each table's latest change in the SQLite file ``path``. ``clock``: Unix seconds (tests)."""

    def __init__(self, path: str | os.PathLike[str], clock: Callable[[], float] = time.time) -> None:
        self.path = Path(path)
        self.clock = clock
        self._local = threading.local()
        self._writes = 0

    @staticmethod
    def default_path() -> Path:
        """``.table-store.sqlite3`` in the project's directory (beside ``app.py``)."""
        return Path(__file__).resolve().parent.parent.parent / DEFAULT_FILE

    @classmethod
    def from_url(cls, url: str) -> EmbeddedStore:
        """``sqlite:///relative/path`` or ``sqlite:////absolute/path`` (as SQLAlchemy writes them)."""
        if not url.startswith("sqlite:///") or len(url) == len("sqlite:///"):
            raise StoreMisconfigured(
                f"RUMMY_TABLE_STORE: an embedded store is sqlite:///relative/file or sqlite:////absolute/file, not {url!r}"
            )
        return cls(url[len("sqlite:///") :])

    # --- connections -------------------------------------------------------------------------

    def _open(self) -> sqlite3.Connection:
        if not self.path.exists():
            # only this service's user reads it (it holds sealed answers)
            os.close(os.open(self.path, os.O_CREAT | os.O_WRONLY, 0o600))
        db = sqlite3.connect(self.path, timeout=BUSY_MS / 1000, isolation_level=None, check_same_thread=True)
        db.execute("PRAGMA journal_mode=WAL")
        db.execute("PRAGMA synchronous=NORMAL")  # durable across a crash of the service; a power cut may lose the last moves
        return db

    def _db(self) -> sqlite3.Connection:
        local = self._local
        if getattr(local, "pid", None) != os.getpid():  # a forked worker never uses its parent's connection
            local.db, local.pid = self._open(), os.getpid()
        db: sqlite3.Connection = local.db
        return db

    def start(self) -> None:
        """Create the file and its tables and try a write. Raises :class:`StoreMisconfigured`
        (one sentence) when the file cannot be used (a directory that does not exist or is not
        writable, a file that is not SQLite)."""
        try:
            db = self._open()
            try:
                db.executescript(_SCHEMA)
                db.execute("BEGIN IMMEDIATE")
                db.execute("ROLLBACK")
            finally:
                db.close()  # the master process of gunicorn: its workers open their own
        except (sqlite3.Error, OSError) as e:
            raise StoreMisconfigured(
                f"the embedded table store cannot use {self.path} ({e}): set RUMMY_TABLE_STORE to sqlite:////a/writable/file or a Redis URL"
            ) from None
        log.info("the table store (replay guard): embedded, %s", self.path)

    def ready(self) -> str | None:
        """None when the file answers a read, else why not."""
        try:
            self._db().execute("SELECT 1 FROM tables LIMIT 1").fetchall()
        except (sqlite3.Error, OSError) as e:
            return f"the embedded table store {self.path} cannot be read: {e}"
        return None

    # --- the guard ---------------------------------------------------------------------------

    def _run(self, work: Callable[[sqlite3.Connection], T], write: bool) -> T:
        try:
            db = self._db()
            if not write:
                return work(db)
            db.execute("BEGIN IMMEDIATE")
            try:
                out = work(db)
                self._writes += 1
                if self._writes % PURGE_EVERY == 0:
                    self._purge(db)
                db.execute("COMMIT")
            except BaseException:
                db.execute("ROLLBACK")
                raise
            return out
        except sqlite3.Error as e:
            log.warning("the embedded table store failed: %s: %s", type(e).__name__, e)
            raise StoreUnavailable(f"the table store is not answering ({type(e).__name__})", 1) from None

    def _purge(self, db: sqlite3.Connection) -> None:
        now = self.clock()
        for table, key in (("tables", "id"), ("claims", "key")):
            db.execute(f"DELETE FROM {table} WHERE {key} IN (SELECT {key} FROM {table} WHERE expires <= ? LIMIT ?)", (now, PURGE_ROWS))  # noqa: S608 (fixed names)

    def _look(self, db: sqlite3.Connection, table_id: str, seq: int, digest: bytes) -> None:
        row = db.execute("SELECT seq, digest, answer FROM tables WHERE id = ? AND expires > ?", (table_id, self.clock())).fetchone()
        if row is None or row[0] <= seq:
            return
        if bytes(row[1]) == digest:
            raise Replay(row[0], bytes(row[2]))
        raise Stale(row[0], bytes(row[2]))

    def check(self, table_id: str, seq: int, digest: bytes) -> None:
        """See :class:`~tables.store.TableStore`."""
        self._run(lambda db: self._look(db, table_id, seq, digest), write=False)

    def commit(self, table_id: str, old: int, new: int, digest: bytes, answer: bytes, ttl: int) -> None:
        """See :class:`~tables.store.TableStore`."""

        def work(db: sqlite3.Connection) -> None:
            self._look(db, table_id, old, digest)
            db.execute(
                "INSERT OR REPLACE INTO tables (id, seq, digest, answer, expires) VALUES (?, ?, ?, ?, ?)",
                (table_id, new, digest, answer, self.clock() + ttl),
            )

        self._run(work, write=True)

    def latest(self, table_id: str) -> int | None:
        """The latest ``seq`` recorded for the table, or None."""
        row = self._run(
            lambda db: db.execute("SELECT seq FROM tables WHERE id = ? AND expires > ?", (table_id, self.clock())).fetchone(), write=False
        )
        return None if row is None else int(row[0])

    def claim(self, key: str, value: bytes, ttl: int) -> bytes | None:
        """See :class:`~tables.store.TableStore`."""

        def work(db: sqlite3.Connection) -> bytes | None:
            row = db.execute("SELECT value FROM claims WHERE key = ? AND expires > ?", (key, self.clock())).fetchone()
            if row is not None:
                return None if bytes(row[0]) == value else bytes(row[0])
            db.execute(
                "INSERT OR REPLACE INTO claims (key, value, expires) VALUES (?, ?, ?)", (key, value, self.clock() + max(1, int(ttl)))
            )
            return None

        return self._run(work, write=True)

    def close(self) -> None:
        db = getattr(self._local, "db", None)
        if db is not None and self._local.pid == os.getpid():
            db.close()
            self._local.db = self._local.pid = None
