"""The optional replay guard, in Redis (``RUMMY_TABLE_STORE``), that never loses a table and
never stalls the service.

A stateless service cannot tell an old token from the latest one. With a store, each change to
a table records, in one Redis hash per table (``rummy:t:<table id>``, expiring with the token):

==== ==========================================================================================
``s`` the table's latest ``seq`` (a number)
``r`` the digest of the request that made it (SHA-256 of token, seat and moves, 16 bytes)
``a`` that request's answer, compressed and encrypted under the sealing key (it holds a seat's
      cards and the latest token): about the size of one token, 1–4 KB
==== ==========================================================================================

Only the latest change is kept, so a table's whole life costs one such hash (a few KB), however
long it plays. A request on a token older than ``s`` is either the very request that made the
latest change, sent again (a client retrying after a lost answer: it gets that answer again,
:class:`Replay`), or anything else (:class:`Stale`, a 409 that carries the latest answer, so
its token, for the client to catch up). The check and the write are each one Redis script, so
two requests racing on the same token cannot both win.

Redis is asked with timeouts of tens of milliseconds (``RUMMY_TABLE_STORE_TIMEOUT_MS``, default
50), never retried after a timeout (once, at once, on a connection found broken); after :data:`BREAKER_FAILURES` failures in a row a breaker stops asking it
for :data:`BREAKER_SECONDS` and the guarded requests answer 503 at once (with ``Retry-After``),
so a Redis that is down or frozen never slows anything else. Nothing but ``/v1/tables/move``
and ``/v1/tables/next`` asks it.

A table without a record (a Redis that lost its data, or a table whose record expired with
its token) is played and recorded: the guard fails open, as the README's trust model says.
"""

from __future__ import annotations

import logging
import math
import threading
import time
from collections.abc import Mapping

import redis
from redis.backoff import NoBackoff
from redis.retry import Retry

log = logging.getLogger(__name__)

KEY = "rummy:t:{}"
LEGACY_KEY = "rummy:table:{}:seq"  # the guard's record before answers were kept: the seq alone
DEFAULT_TIMEOUT_MS = 50
BREAKER_FAILURES = 3
BREAKER_SECONDS = 5.0

# KEYS: the table's hash, its legacy key. ARGV: the token's seq, the request's digest.
# Returns {0} to play on; {1, seq, answer} for the request that made the latest change; {2, seq,
# answer or false} for any other request on an older token.
_LOOK = """
local s = redis.call('HGET', KEYS[1], 's') or redis.call('GET', KEYS[2])
if not s or tonumber(s) <= tonumber(ARGV[1]) then return {0} end
local r, a = unpack(redis.call('HMGET', KEYS[1], 'r', 'a'))
if r == ARGV[2] and a then return {1, tonumber(s), a} end
return {2, tonumber(s), a}
"""

# KEYS as _LOOK. ARGV: the token's seq, the new seq, the digest, the answer, lifetime (s).
# Records the change unless another change after the token's seq was recorded first (then
# answers as _LOOK does).
_COMMIT = """
local s = redis.call('HGET', KEYS[1], 's') or redis.call('GET', KEYS[2])
if s and tonumber(s) > tonumber(ARGV[1]) then
  local r, a = unpack(redis.call('HMGET', KEYS[1], 'r', 'a'))
  if r == ARGV[3] and a then return {1, tonumber(s), a} end
  return {2, tonumber(s), a}
end
redis.call('HSET', KEYS[1], 's', ARGV[2], 'r', ARGV[3], 'a', ARGV[4])
redis.call('EXPIRE', KEYS[1], ARGV[5])
redis.call('DEL', KEYS[2])
return {0}
"""


class Stale(Exception):
    """A token older than the table's latest; ``latest`` is the latest ``seq`` and ``answer``
    the sealed answer that made it (None when not kept)."""

    def __init__(self, latest: int, answer: bytes | None = None) -> None:
        super().__init__(latest)
        self.latest = latest
        self.answer = answer
        self.table: str | None = None  # the latest token, once read from the answer


class Replay(Exception):
    """The request that made the table's latest change (``latest``), sent again: ``answer`` is
    its sealed answer (``Sealer.open_blob`` opens it)."""

    def __init__(self, latest: int, answer: bytes) -> None:
        super().__init__("replay")
        self.latest = latest
        self.answer = answer


class StoreUnavailable(Exception):
    """The replay guard's Redis did not answer (or the breaker is open); ``retry_after`` is a
    whole number of seconds after which asking again makes sense."""

    def __init__(self, message: str, retry_after: int = 1) -> None:
        super().__init__(message)
        self.retry_after = retry_after


def parse_timeout_ms(text: str) -> float:
    """``RUMMY_TABLE_STORE_TIMEOUT_MS``: milliseconds, 1 to 1000, as seconds."""
    text = text.strip()
    if not (text.isascii() and text.isdigit()) or not 1 <= int(text) <= 1000:
        raise ValueError(f"RUMMY_TABLE_STORE_TIMEOUT_MS must be a whole number of milliseconds from 1 to 1000, not {text!r}")
    return int(text) / 1000


class Breaker:
    """Stops asking a store that failed ``failures`` times in a row, for ``seconds``; then lets
    one request through to try again (a success closes it, a failure opens it again).
    ``clock``: seconds, monotonic (tests). Shared by a process's threads."""

    def __init__(self, failures: int = BREAKER_FAILURES, seconds: float = BREAKER_SECONDS, clock=time.monotonic) -> None:
        self.failures, self.seconds, self.clock = failures, seconds, clock
        self._failed = 0
        self._open_until = 0.0
        self._lock = threading.Lock()

    def before(self) -> None:
        """Raise :class:`StoreUnavailable` while open; past its time, let this request try."""
        with self._lock:
            now = self.clock()
            if now < self._open_until:
                raise StoreUnavailable("the table store is not answering", math.ceil(self._open_until - now))
            if self._failed >= self.failures:
                self._open_until = now + self.seconds  # half-open: this request tries, the others wait

    def succeeded(self) -> None:
        with self._lock:
            self._failed, self._open_until = 0, 0.0

    def failed(self) -> int:
        """Count a failure; the seconds to wait before asking again."""
        with self._lock:
            self._failed += 1
            if self._failed >= self.failures:
                self._open_until = self.clock() + self.seconds
                return math.ceil(self.seconds)
            return 1


class SeqStore:
    """Each table's latest change, in the Redis at ``url`` (``redis://host:port/db``), asked
    with ``timeout`` seconds per call behind a :class:`Breaker`."""

    def __init__(self, url: str, timeout: float = DEFAULT_TIMEOUT_MS / 1000, breaker: Breaker | None = None) -> None:
        try:
            # One immediate retry on a broken connection (a Redis restarted since the last call:
            # the pooled connection is dead, a new one answers), none on a timeout.
            self._redis = redis.Redis.from_url(
                url,
                socket_timeout=timeout,
                socket_connect_timeout=timeout,
                retry=Retry(NoBackoff(), 1, supported_errors=(redis.ConnectionError,)),
                retry_on_timeout=False,
            )
        except ValueError as e:
            raise ValueError(f"RUMMY_TABLE_STORE must be a Redis URL (redis://host:port/0): {e}") from None
        self.breaker = breaker or Breaker()
        self._look = self._redis.register_script(_LOOK)
        self._commit = self._redis.register_script(_COMMIT)

    @classmethod
    def from_environment(cls, env: Mapping[str, str]) -> SeqStore | None:
        """``RUMMY_TABLE_STORE`` (unset: None, no guard) and ``RUMMY_TABLE_STORE_TIMEOUT_MS``."""
        url = env.get("RUMMY_TABLE_STORE", "").strip()
        if not url:
            return None
        raw = env.get("RUMMY_TABLE_STORE_TIMEOUT_MS", "").strip()
        return cls(url, parse_timeout_ms(raw) if raw else DEFAULT_TIMEOUT_MS / 1000)

    def _call(self, script, keys, args):
        self.breaker.before()
        try:
            answer = script(keys=keys, args=args)
        except redis.RedisError as e:
            log.warning("the table store did not answer: %s: %s", type(e).__name__, e)
            raise StoreUnavailable(f"the table store is not answering ({type(e).__name__})", self.breaker.failed()) from None
        self.breaker.succeeded()
        return answer

    @staticmethod
    def _outcome(answer) -> None:
        if answer[0] == 1:
            raise Replay(int(answer[1]), bytes(answer[2]))
        if answer[0] == 2:
            raise Stale(int(answer[1]), bytes(answer[2]) if len(answer) > 2 and answer[2] else None)

    def check(self, table_id: str, seq: int, digest: bytes) -> None:
        """Return when a token at ``seq`` is the table's latest (or the table has no record);
        raise :class:`Replay` when ``digest`` is the request that made the latest change,
        :class:`Stale` for any other request on an older token, :class:`StoreUnavailable`."""
        self._outcome(self._call(self._look, [KEY.format(table_id), LEGACY_KEY.format(table_id)], [seq, digest]))

    def commit(self, table_id: str, old: int, new: int, digest: bytes, answer: bytes, ttl: int) -> None:
        """Record ``new`` as the table's latest ``seq``, made by the request ``digest`` whose
        sealed answer is ``answer``, kept ``ttl`` seconds; unless a change after ``old`` was
        recorded first (then :class:`Replay` or :class:`Stale`, as :meth:`check`)."""
        keys = [KEY.format(table_id), LEGACY_KEY.format(table_id)]
        self._outcome(self._call(self._commit, keys, [old, new, digest, answer, ttl]))

    def latest(self, table_id: str) -> int | None:
        """The latest ``seq`` recorded for the table, or None."""
        cur = self._redis.hget(KEY.format(table_id), "s") or self._redis.get(LEGACY_KEY.format(table_id))
        return None if cur is None else int(cur)
