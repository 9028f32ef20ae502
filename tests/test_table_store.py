"""The table stores' shared questions (tables.store.TableStore) asked of each real store: the
embedded SQLite file and a real redis-server (tests/tables_support.py starts it); the breaker's
transitions, told once each."""

from __future__ import annotations

import logging

import pytest
from tables_support import free_port, redis_url  # noqa: F401 (fixture)

from tables.store import Breaker, Replay, Stale, StoreUnavailable
from tables.store.embedded import EmbeddedStore
from tables.store.redis_store import RedisStore


@pytest.fixture(params=["embedded", "redis"])
def store(request, tmp_path):
    if request.param == "embedded":
        s = EmbeddedStore(tmp_path / "tables.sqlite3")
    else:
        s = RedisStore(request.getfixturevalue("redis_url"), timeout=2.0)
    s.start()
    yield s
    s.close()


def test_a_claim_is_kept_by_the_first_and_the_same_claim_again_is_the_same(store, request):
    key = f"pledge:{request.node.name}"
    assert store.claim(key, b"first", 60) is None
    assert store.claim(key, b"first", 60) is None  # sent again after a lost reply: the same claim
    assert store.claim(key, b"second", 60) == b"first"  # another: told what is there, nothing changed
    assert store.claim(key, b"first", 60) is None
    assert store.claim(key + "-other", b"second", 60) is None


def test_check_and_commit_keep_the_latest_change_and_its_answer(store, request):
    table = f"t-{request.node.name}"
    assert store.latest(table) is None
    store.check(table, 0, b"d1")  # no record: play on
    store.commit(table, 0, 1, b"d1", b"answer-1", 60)
    assert store.latest(table) == 1
    with pytest.raises(Replay) as replay:
        store.check(table, 0, b"d1")
    assert replay.value.latest == 1 and replay.value.answer == b"answer-1"
    with pytest.raises(Stale) as stale:
        store.commit(table, 0, 1, b"other", b"answer-x", 60)  # a race on the same token: the second loses
    assert stale.value.latest == 1 and stale.value.answer == b"answer-1"
    with pytest.raises(Replay):
        store.commit(table, 0, 1, b"d1", b"answer-1", 60)  # the same write twice (a lost reply): answered as recorded
    store.check(table, 1, b"d2")
    store.commit(table, 1, 3, b"d2", b"answer-3", 60)
    assert store.latest(table) == 3


def test_a_usable_store_is_ready(store):
    assert store.ready() is None


def test_the_embedded_store_forgets_a_record_past_its_lifetime(tmp_path):
    now = [1000.0]
    s = EmbeddedStore(tmp_path / "t.sqlite3", clock=lambda: now[0])
    s.start()
    s.commit("t", 0, 1, b"d", b"a", 60)
    assert s.claim("k", b"v", 60) is None
    now[0] += 61
    assert s.latest("t") is None and s.claim("k", b"w", 60) is None
    s.check("t", 0, b"x")  # played as a table without a record


def test_the_embedded_store_is_shared_by_processes_on_the_file(tmp_path):
    """Two stores on one file (two gunicorn workers): what one writes, the other refuses."""
    a, b = EmbeddedStore(tmp_path / "t.sqlite3"), EmbeddedStore(tmp_path / "t.sqlite3")
    a.start()
    a.commit("t", 0, 1, b"d", b"a", 60)
    with pytest.raises(Stale):
        b.check("t", 0, b"other")
    assert b.claim("k", b"b", 60) is None and a.claim("k", b"a", 60) == b"b"


def test_a_redis_that_is_not_there_is_not_ready_and_503_never_hangs():
    s = RedisStore(f"redis://127.0.0.1:{free_port()}/0", timeout=0.2)
    s.start()  # down at start-up: starts, not ready
    assert "does not answer" in s.ready()
    with pytest.raises(StoreUnavailable):
        s.claim("k", b"v", 60)


def test_the_breaker_tells_its_opening_and_closing_once_each(caplog):
    now = [0.0]
    changes = []
    b = Breaker(failures=3, first=0.25, longest=5.0, clock=lambda: now[0], on_change=changes.append)
    with caplog.at_level(logging.WARNING, logger="tables.store"):
        for _ in range(3):
            b.before()
            b.failed("ConnectionError")
        assert changes == [True]
        with pytest.raises(StoreUnavailable) as e:
            b.before()  # open: refused at once
        assert e.value.retry_after == 1
        now[0] += 0.3
        b.before()  # half-open: one request tries
        with pytest.raises(StoreUnavailable):
            b.before()  # the others wait for it
        b.failed("ConnectionError")  # it failed: wait twice as long
        now[0] += 0.3
        with pytest.raises(StoreUnavailable):
            b.before()
        now[0] += 0.3
        b.before()
        b.succeeded()
        b.before()
        b.succeeded()
    assert changes == [True, False]
    told = [r.getMessage() for r in caplog.records]
    assert len(told) == 2 and "failed 3 times in a row (ConnectionError)" in told[0] and "answers again" in told[1]


def test_a_write_whose_reply_is_lost_says_it_may_be_recorded_and_the_retry_learns_which(redis_url):  # noqa: F811
    """Redis busy (a script of another client runs 1.5 s) while a commit waits: the commit's
    reply comes after the store's timeout, so the change may or may not be recorded; the store
    says exactly that (``unknown``). Redis runs the write once the script ends; the same commit
    sent again finds it and answers as recorded (Replay), never a second change."""
    import threading

    import redis

    store = RedisStore(redis_url, timeout=0.2)
    store.check("lost", 0, b"d")
    busy = "local t = redis.call('TIME'); local stop = t[1] * 1e6 + t[2] + 1500000; repeat t = redis.call('TIME') until t[1] * 1e6 + t[2] >= stop"
    other = threading.Thread(target=lambda: redis.Redis.from_url(redis_url).eval(busy, 0))
    other.start()
    try:
        import time

        deadline = time.monotonic() + 5
        while not _script_running(redis_url) and time.monotonic() < deadline:
            pass
        with pytest.raises(StoreUnavailable) as e:
            store.commit("lost", 0, 1, b"d", b"answer", 60)
        assert e.value.unknown and "may have been recorded" in str(e.value)
    finally:
        other.join()
    with pytest.raises(Replay) as again:
        store.commit("lost", 0, 1, b"d", b"answer", 60)
    assert again.value.answer == b"answer" and store.latest("lost") == 1


def _script_running(url: str) -> bool:
    """Whether Redis is held by a script: a PING gets no answer within 50 ms."""
    import redis

    try:
        redis.Redis.from_url(url, socket_timeout=0.05).ping()
    except redis.TimeoutError:
        return True
    return False


@pytest.mark.parametrize(
    "setting, line",
    [
        (
            "redis://127.0.0.1:6379/abc",
            "rummy-referee not started: RUMMY_TABLE_STORE: the database must be a number (redis://host:6379/0), not 'abc'",
        ),
        ("localhost:6379", "rummy-referee not started: RUMMY_TABLE_STORE must be a Redis URL (redis://"),
        ("sqlite:///no/such/folder/t.sqlite3", "rummy-referee not started: the embedded table store cannot use no/such/folder/t.sqlite3"),
    ],
)
def test_a_store_it_cannot_use_stops_start_up_in_one_line(setting, line):
    """Issue 31's finding 3: the service refuses to start with one line naming the setting,
    not a traceback."""
    import os
    import subprocess
    import sys
    from pathlib import Path

    from tables_support import KEYS_TEXT

    root = Path(__file__).resolve().parent.parent
    env = {**os.environ, "RUMMY_TABLE_STORE": setting, "RUMMY_SEAL_KEYS": KEYS_TEXT}
    done = subprocess.run([sys.executable, "-c", "import app"], cwd=root, env=env, capture_output=True, text=True, timeout=60)
    assert done.returncode == 1
    assert done.stderr.count("\n") == 1 and done.stderr.startswith(line), done.stderr


def test_a_redis_down_at_start_up_starts_not_ready_in_one_warning(caplog):
    """A Redis that does not answer yet is not a wrong setting: the service starts, says so
    once, and /readyz (ready()) names why until Redis answers."""
    with caplog.at_level(logging.INFO, logger="tables.store"):
        s = RedisStore(f"redis://127.0.0.1:{free_port()}/0", timeout=0.2)
        s.start()
    assert [r.levelname for r in caplog.records] == ["WARNING"]
    assert "starting not ready (/readyz)" in caplog.records[0].getMessage()
    assert s.ready().startswith("the table store at redis://127.0.0.1:")


def test_an_open_breaker_with_a_probe_closes_at_the_first_yes_and_no_request_waits():
    """The Redis store's breaker: while open every request is refused at once (nothing waits on
    a store that is down) and a thread asks the probe; its first True closes the breaker, told
    once."""
    import threading

    back, changes, closed = [False], [], threading.Event()

    def told(opened):
        changes.append(opened)
        if not opened:
            closed.set()

    b = Breaker(failures=2, probe=lambda: back[0], probe_every=0.01, on_change=told)
    b.failed("x")
    b.failed("x")
    for _ in range(5):
        with pytest.raises(StoreUnavailable) as e:
            b.before()
        assert e.value.retry_after == 1
    back[0] = True
    assert closed.wait(30)
    b.before()  # closed: asked again
    assert changes == [True, False]
