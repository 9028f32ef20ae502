"""The replay guard in Redis: one node, a Sentinel-managed primary or a Redis Cluster, chosen by
the URL in ``RUMMY_TABLE_STORE``; it never loses a table and never stalls the service.

Each change to a table records, in one Redis hash per table (``rummy:t:{<table id>}``, expiring
with the token; the braces are a hash tag, so a table's whole record lives in one Cluster slot
and every script touches one key):

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
two requests racing on the same token cannot both win. Claims (:meth:`RedisStore.claim`) are
one key each, ``rummy:c:{<key>}``.

Redis is asked with a timeout (``RUMMY_TABLE_STORE_TIMEOUT_MS``, default 250 ms) and asked once
more at once on a broken connection or a primary that became a replica (a failover: the client
finds the new primary). Both scripts are safe to run twice: a write whose reply was lost (a
timeout) answers 503 saying it may have been recorded, and the same request sent again finds
itself recorded and answers as the first time, or is played if it was not. After
:data:`~tables.store.BREAKER_FAILURES` failures in a row a :class:`~tables.store.Breaker` stops
asking for a moment and the guarded requests answer 503 at once (with ``Retry-After``), so a
Redis that is down or frozen never slows anything else. Nothing but ``/v1/tables/move`` and
``/v1/tables/next`` (and the pledges) asks it.

A table without a record (a Redis that lost its data, or a table whose record expired with
its token) is played and recorded: the guard fails open, as the README's trust model says.
"""

from __future__ import annotations

import logging
import socket
import ssl
from collections.abc import Callable, Sequence
from typing import Any
from urllib.parse import parse_qs, unquote, urlsplit

import redis
from redis.backoff import NoBackoff
from redis.cluster import ClusterNode, RedisCluster
from redis.retry import Retry
from redis.sentinel import MasterNotFoundError, Sentinel

from . import DEFAULT_TIMEOUT_MS, Breaker, Replay, Stale, StoreMisconfigured, StoreUnavailable

log = logging.getLogger(__name__)

KEY = "rummy:t:{{{}}}"
CLAIM_KEY = "rummy:c:{{{}}}"
SENTINEL_PORT = 26379

# KEYS: the table's hash. ARGV: the token's seq, the request's digest.
# Returns {0} to play on; {1, seq, answer} for the request that made the latest change; {2, seq,
# answer or false} for any other request on an older token.
_LOOK = """
local s = redis.call('HGET', KEYS[1], 's')
if not s or tonumber(s) <= tonumber(ARGV[1]) then return {0} end
local r, a = unpack(redis.call('HMGET', KEYS[1], 'r', 'a'))
if r == ARGV[2] and a then return {1, tonumber(s), a} end
return {2, tonumber(s), a}
"""

# KEYS as _LOOK. ARGV: the token's seq, the new seq, the digest, the answer, lifetime (s).
# Records the change unless another change after the token's seq was recorded first (then
# answers as _LOOK does: run twice, the second run finds the first and answers {1, …}).
_COMMIT = """
local s = redis.call('HGET', KEYS[1], 's')
if s and tonumber(s) > tonumber(ARGV[1]) then
  local r, a = unpack(redis.call('HMGET', KEYS[1], 'r', 'a'))
  if r == ARGV[3] and a then return {1, tonumber(s), a} end
  return {2, tonumber(s), a}
end
redis.call('HSET', KEYS[1], 's', ARGV[2], 'r', ARGV[3], 'a', ARGV[4])
redis.call('EXPIRE', KEYS[1], ARGV[5])
return {0}
"""

# KEYS: the claim's key. ARGV: the value, lifetime (s). Returns false when stored (or when the same
# value is there already: the same claim sent again), else the value already there.
_CLAIM = """
local v = redis.call('GET', KEYS[1])
if v == ARGV[1] then return false end
if v then return v end
redis.call('SET', KEYS[1], ARGV[1], 'EX', ARGV[2])
return false
"""

_SCHEMES = ("redis", "rediss", "redis+sentinel", "rediss+sentinel", "redis+cluster", "rediss+cluster", "unix")
_HINT = "(redis://[user:password@]host:6379/0, rediss:// for TLS, redis+sentinel://host:26379,host2:26379/primary-name/0, redis+cluster://host:7000,host2:7001)"


def _shown(url: str) -> str:
    """The URL without its password, for messages and logs."""
    parts = urlsplit(url)
    if parts.password is None:
        return url
    netloc = parts.netloc.rsplit("@", 1)[1]
    user = f"{parts.username}:***@" if parts.username else ":***@"
    return parts._replace(netloc=user + netloc).geturl()


def _hosts(netloc: str, default_port: int) -> list[tuple[str, int]]:
    """``host:port,host2:port2`` (after any user info) as pairs."""
    hosts = []
    for item in netloc.rsplit("@", 1)[-1].split(","):
        host, _, port = item.strip().rpartition(":") if item.strip().rpartition(":")[2].isdigit() else (item.strip(), "", "")
        if not host:
            raise StoreMisconfigured(f"RUMMY_TABLE_STORE names no host in {item!r} {_HINT}")
        hosts.append((host.strip("[]"), int(port) if port else default_port))
    return hosts


def _db(path: str) -> int:
    text = path.strip("/") or "0"
    if not (text.isascii() and text.isdigit()):
        raise StoreMisconfigured(f"RUMMY_TABLE_STORE: the database must be a number (redis://host:6379/0), not {text!r}")
    return int(text)


class RedisStore:
    """Each table's latest change, in the Redis ``url`` names, asked with ``timeout`` seconds
    per call behind a :class:`~tables.store.Breaker`. Raises :class:`StoreMisconfigured` for a
    URL it cannot use (checked without connecting; :meth:`start` connects)."""

    def __init__(self, url: str, timeout: float = DEFAULT_TIMEOUT_MS / 1000, breaker: Breaker | None = None) -> None:
        self.url, self.timeout = url, timeout
        self.shown = _shown(url)
        self.breaker = breaker or Breaker(probe=self._usable)
        parts = urlsplit(url)
        scheme = parts.scheme.lower()
        if scheme not in _SCHEMES:
            raise StoreMisconfigured(f"RUMMY_TABLE_STORE must be a Redis URL {_HINT}, not {self.shown!r}")
        tls = self._tls = scheme.startswith("rediss")
        query = {k: v[-1] for k, v in parse_qs(parts.query).items()}
        # One immediate retry on a broken connection (a Redis restarted since the last call, or
        # a primary demoted by a failover: the pool reconnects, Sentinel names the new primary).
        # None on a timeout: a frozen Redis would hold the request twice as long; a write that
        # timed out answers "may have been recorded" and the client's retry learns which
        # (bench/store_faults.py: at 250 ms a busy host gave no 503, asked again or not).
        common: dict[str, Any] = {
            "socket_timeout": timeout,
            "socket_connect_timeout": timeout,
            "retry": Retry(NoBackoff(), 1, supported_errors=(redis.ConnectionError,)),
            "username": unquote(parts.username) if parts.username else None,
            "password": unquote(parts.password) if parts.password is not None else None,
        }
        if tls:
            common |= {"ssl": True, **({"ssl_ca_certs": query["ssl_ca_certs"]} if "ssl_ca_certs" in query else {})}
        # redis-py's Redis and RedisCluster answer the same few commands used here, and Sentinel's
        # master_for is not annotated: the client is held as either, untyped.
        self._redis: Any = None
        self.kind = "cluster" if scheme.endswith("+cluster") else "sentinel" if scheme.endswith("+sentinel") else "single"
        try:
            if self.kind == "cluster":
                nodes = [ClusterNode(h, p) for h, p in _hosts(parts.netloc, 6379)]  # type: ignore[no-untyped-call]  # not annotated in redis-py
                common["retry"] = Retry(NoBackoff(), 1)
                self._redis = RedisCluster(startup_nodes=nodes, require_full_coverage=True, **common)
            elif self.kind == "sentinel":
                names = [p for p in parts.path.split("/") if p]
                if not names:
                    raise StoreMisconfigured(f"RUMMY_TABLE_STORE: a Sentinel URL names its primary {_HINT}")
                db = _db(names[1] if len(names) > 1 else "0")
                sentinel_auth = {"password": query["sentinel_password"]} if "sentinel_password" in query else {}
                self._sentinel = Sentinel(  # type: ignore[no-untyped-call]  # not annotated in redis-py
                    _hosts(parts.netloc, SENTINEL_PORT),
                    sentinel_kwargs={"socket_timeout": timeout, "socket_connect_timeout": timeout, **sentinel_auth},
                    **common,
                )
                self._redis = self._sentinel.master_for(unquote(names[0]), db=db, **common)  # type: ignore[no-untyped-call]  # not annotated in redis-py
            elif scheme == "unix":
                self._redis = redis.Redis(unix_socket_path=parts.path, db=int(query.get("db", "0")), **common)
            else:
                host, port = _hosts(parts.netloc, 6379)[0]
                self._redis = redis.Redis(host=host, port=port, db=_db(parts.path), **common)
        except (ValueError, TypeError) as e:
            if isinstance(e, StoreMisconfigured):
                raise
            raise StoreMisconfigured(f"RUMMY_TABLE_STORE is not a usable Redis URL {_HINT}: {e}") from None
        self._look = self._redis.register_script(_LOOK)
        self._commit = self._redis.register_script(_COMMIT)
        self._claim = self._redis.register_script(_CLAIM)

    # --- start-up and readiness ----------------------------------------------------------

    def start(self) -> None:
        """Connect, authenticate, check that this Redis can take writes and load the scripts.
        Raises :class:`StoreMisconfigured` (one sentence) when it never could: a wrong password,
        TLS on one side only, a replica, a Cluster node named as a single Redis, no such
        Sentinel primary. A Redis that merely does not answer yet (refused, timed out) is
        logged, and the service starts not ready (:meth:`ready`) and answers guarded moves 503
        until it answers."""
        why = self._probe(load=True)
        if why is None:
            log.info("the table store (replay guard): %s Redis at %s, scripts loaded", self.kind, self.shown)
        else:
            log.warning("at start-up, %s: starting not ready (/readyz); guarded moves answer 503 until it answers", why)

    def ready(self) -> str | None:
        """None when Redis answers and takes writes, else why not (a sentence for an operator).
        Takes at most a few of the store's timeouts (each at most 1 s)."""
        if self.breaker.is_open:
            return f"the table store at {self.shown} is not answering (breaker open)"
        try:
            return self._probe(load=False)
        except StoreMisconfigured as e:
            return str(e)

    def _probe(self, load: bool) -> str | None:
        """None when usable; a reason when down; raises :class:`StoreMisconfigured` when it
        can never be used as configured."""
        try:
            if self.kind == "cluster":
                info = self._redis.cluster_info()
                if info.get("cluster_state") != "ok":
                    return f"the Redis Cluster at {self.shown} is not ok ({info.get('cluster_state')})"
            else:
                role = self._redis.execute_command("ROLE")[0]
                role = role.decode() if isinstance(role, bytes) else role
                if role != "master":
                    raise StoreMisconfigured(
                        f"RUMMY_TABLE_STORE names a Redis {role} ({self.shown}), which takes no writes: name the primary, or its Sentinels with redis+sentinel://"
                    )
                if self.kind == "single" and self._redis.info("cluster").get("cluster_enabled"):
                    raise StoreMisconfigured(
                        f"RUMMY_TABLE_STORE names a node of a Redis Cluster ({self.shown}): use redis+cluster://{urlsplit(self.url).netloc}"
                    )
            if load:
                for script in (self._look, self._commit, self._claim):
                    self._redis.script_load(script.script)
        except StoreMisconfigured:
            raise
        except redis.AuthenticationError as e:
            raise StoreMisconfigured(f"the Redis at {self.shown} refused RUMMY_TABLE_STORE's credentials: {e}") from None
        except redis.ResponseError as e:
            text = str(e)
            if text.startswith(("NOAUTH", "WRONGPASS", "NOPERM")):
                raise StoreMisconfigured(f"the Redis at {self.shown} refused RUMMY_TABLE_STORE's credentials: {text}") from None
            return f"the table store at {self.shown} answered an error: {text}"
        except MasterNotFoundError as e:
            return f"no Sentinel at {self.shown} names a primary: {e}"
        except (redis.ConnectionError, redis.TimeoutError, redis.RedisClusterException, OSError) as e:
            cause = e.__context__ or e.__cause__
            if isinstance(cause, ssl.SSLError) or "SSL" in str(e) or "Connection closed by server" in str(e):
                raise StoreMisconfigured(
                    f"the Redis at {self.shown} and RUMMY_TABLE_STORE disagree about TLS ({e}): rediss:// speaks TLS, redis:// does not"
                ) from None
            if self.kind == "single" and not self._tls and self._speaks_tls():
                raise StoreMisconfigured(
                    f"the Redis at {self.shown} speaks TLS, and RUMMY_TABLE_STORE's redis:// does not: use rediss://"
                ) from None
            if self.kind == "single" and self._tls and self._speaks_plain():
                raise StoreMisconfigured(
                    f"the Redis at {self.shown} does not speak TLS, and RUMMY_TABLE_STORE's rediss:// does: use redis://, or turn TLS on in Redis"
                ) from None
            if isinstance(cause, socket.gaierror) or "Name or service not known" in str(e):
                return f"the table store's host in {self.shown} is not known yet: {e}"
            return f"the table store at {self.shown} does not answer: {type(e).__name__}: {e}"
        return None

    def _usable(self) -> bool:
        """The breaker's probe: Redis answers and takes writes (a primary; a Cluster ok)."""
        try:
            return self._probe(load=False) is None
        except StoreMisconfigured:  # a replica now: find the primary again on the next try
            self._forget_primary()
            return False

    def _forget_primary(self) -> None:
        """A write met READONLY: the node the pool holds was demoted by a failover. Drop its
        connections, so the next call connects afresh: the Sentinels name the new primary; a
        plain URL's name is resolved again (a managed Redis moves its name to the new primary)."""
        if self.kind != "cluster":  # the Cluster client follows MOVED and its slots by itself
            self._redis.connection_pool.disconnect()

    def _speaks_tls(self) -> bool:
        """Whether the server completes a TLS handshake (a plain command sent to a TLS port is
        answered by a reset; nothing is verified here, only the protocol is asked)."""
        host, port = _hosts(urlsplit(self.url).netloc, 6379)[0]
        context = ssl.create_default_context()
        context.check_hostname, context.verify_mode = False, ssl.CERT_NONE
        try:
            with socket.create_connection((host, port), timeout=self.timeout) as raw, context.wrap_socket(raw) as s:
                return s.version() is not None
        except (OSError, ssl.SSLError):
            return False

    def _speaks_plain(self) -> bool:
        """Whether the server answers a plain-text PING (a TLS handshake sent to a plain Redis
        only times out: it waits for the end of a line)."""
        host, port = _hosts(urlsplit(self.url).netloc, 6379)[0]
        try:
            with socket.create_connection((host, port), timeout=self.timeout) as s:
                s.settimeout(self.timeout)
                s.sendall(b"PING\r\n")
                return s.recv(8)[:1] in (b"+", b"-")
        except OSError:
            return False

    # --- the guard ------------------------------------------------------------------------

    def _call(self, script: Callable[..., Any], key: str, args: Sequence[object], write: bool = False) -> Any:
        self.breaker.before()
        try:
            answer = script(keys=[key], args=args)
        except redis.RedisError as e:
            error = f"{type(e).__name__}: {e}"
            log.info("the table store did not answer: %s", error)
            if isinstance(e, redis.ReadOnlyError):
                self._forget_primary()
            wait = self.breaker.failed(error)
            # a write sent and then cut off (a timeout, a connection lost mid-reply) may have been
            # made; one that never connected was not
            sent = not str(e).startswith(("Error 111 connecting", "Timeout connecting", "Error connecting"))
            if write and sent and isinstance(e, (redis.TimeoutError, redis.ConnectionError)):
                raise StoreUnavailable(
                    "the table store did not confirm this change, so it may have been recorded: send the same request again to learn which",
                    wait,
                    unknown=True,
                ) from None
            raise StoreUnavailable(f"the table store is not answering ({type(e).__name__})", wait) from None
        self.breaker.succeeded()
        return answer

    @staticmethod
    def _outcome(answer: Any) -> None:
        if answer[0] == 1:
            raise Replay(int(answer[1]), bytes(answer[2]))
        if answer[0] == 2:
            raise Stale(int(answer[1]), bytes(answer[2]) if len(answer) > 2 and answer[2] else None)

    def check(self, table_id: str, seq: int, digest: bytes) -> None:
        """See :class:`~tables.store.TableStore`."""
        self._outcome(self._call(self._look, KEY.format(table_id), [seq, digest]))

    def commit(self, table_id: str, old: int, new: int, digest: bytes, answer: bytes, ttl: int) -> None:
        """See :class:`~tables.store.TableStore`."""
        self._outcome(self._call(self._commit, KEY.format(table_id), [old, new, digest, answer, ttl], write=True))

    def latest(self, table_id: str) -> int | None:
        """The latest ``seq`` recorded for the table, or None."""
        cur = self._redis.hget(KEY.format(table_id), "s")
        return None if cur is None else int(cur)

    def claim(self, key: str, value: bytes, ttl: int) -> bytes | None:
        """See :class:`~tables.store.TableStore`."""
        found = self._call(self._claim, CLAIM_KEY.format(key), [value, max(1, int(ttl))], write=True)
        return None if found is None else bytes(found)

    def close(self) -> None:
        self._redis.close()


SeqStore = RedisStore  # the name this class had while Redis was the only store
