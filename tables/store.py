"""The optional replay guard: each table's latest ``seq`` in Redis (``RUMMY_TABLE_STORE``).

A stateless service cannot tell an old token from the latest one. With a store, every change
to a table records its new ``seq`` (the key expires with the token), and a move or a deal on a
token older than the latest is refused (409). The check and the write are one Redis script, so
two requests racing on the same token cannot both win: the second is refused.
"""

from __future__ import annotations

import redis

KEY = "rummy:table:{}:seq"

# KEYS[1] the table's key; ARGV: seq of the token used, new seq, lifetime in seconds.
# Returns -1 when written, else the latest seq recorded (newer than the token's).
_ADVANCE = """
local cur = redis.call('GET', KEYS[1])
if cur and tonumber(cur) > tonumber(ARGV[1]) then return tonumber(cur) end
redis.call('SET', KEYS[1], ARGV[2], 'EX', ARGV[3])
return -1
"""


class Stale(Exception):
    """A token older than the table's latest; ``latest`` is the latest ``seq``."""

    def __init__(self, latest: int) -> None:
        super().__init__(latest)
        self.latest = latest


class StoreUnavailable(Exception):
    """The replay guard's Redis did not answer."""


class SeqStore:
    """The latest ``seq`` of every table, in the Redis at ``url`` (``redis://host:port/db``)."""

    def __init__(self, url: str) -> None:
        try:
            self._redis = redis.Redis.from_url(url, socket_timeout=2, socket_connect_timeout=2)
        except ValueError as e:
            raise ValueError(f"RUMMY_TABLE_STORE must be a Redis URL (redis://host:port/0): {e}") from None
        self._advance = self._redis.register_script(_ADVANCE)

    def check(self, table_id: str, seq: int) -> None:
        """Raise :class:`Stale` when the table has a later ``seq`` than ``seq``."""
        try:
            cur = self._redis.get(KEY.format(table_id))
        except redis.RedisError as e:
            raise StoreUnavailable(str(e)) from None
        if cur is not None and int(cur) > seq:
            raise Stale(int(cur))

    def advance(self, table_id: str, old: int, new: int, ttl: int) -> None:
        """Record ``new`` as the table's latest ``seq`` (kept ``ttl`` seconds), unless a change
        after ``old`` was recorded first: then raise :class:`Stale`."""
        try:
            latest = self._advance(keys=[KEY.format(table_id)], args=[old, new, ttl])
        except redis.RedisError as e:
            raise StoreUnavailable(str(e)) from None
        if latest != -1:
            raise Stale(int(latest))

    def latest(self, table_id: str) -> int | None:
        """The latest ``seq`` recorded for the table, or None."""
        cur = self._redis.get(KEY.format(table_id))
        return None if cur is None else int(cur)
