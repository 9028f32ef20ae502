"""Helpers for the sealed-table tests: fixed keys, an app over them, a redis-server fixture."""

from __future__ import annotations

import atexit
import base64
import contextlib
import dataclasses
import random
import secrets
import shutil
import sys
import tempfile
from pathlib import Path

import pytest

from app import create_app
from schemas.wire import TABLE_WIRE, to_json
from tables import Sealer, SeqStore, Tables
from tables.store.embedded import EmbeddedStore

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "deploy"))
from stack import free_port  # noqa: E402  (one way to pick a free port: deploy/stack.py's)

KEY_A = bytes(range(32))
KEY_B = bytes(range(100, 132))
KEYS_TEXT = base64.urlsafe_b64encode(KEY_A).decode().rstrip("=")


# The embedded stores of the apps the tests make: one file each, in a folder removed at exit.
_STORES = tempfile.mkdtemp(prefix="rummy-test-stores-")
atexit.register(shutil.rmtree, _STORES, True)
EMBEDDED = "embedded"


def embedded_store() -> EmbeddedStore:
    """A fresh embedded store (the default configuration's), in its own file."""
    store = EmbeddedStore(Path(_STORES) / f"{secrets.token_hex(8)}.sqlite3")
    store.start()
    return store


def make_app(keys=(KEY_A,), store=EMBEDDED, ttl=7 * 24 * 3600, clock=None):
    """An app over ``keys`` whose replay guard is ``store``: by default a fresh embedded store,
    as the service runs unless told otherwise; None: no guard (``RUMMY_TABLE_STORE=none``)."""
    sealer = Sealer(list(keys), ttl) if clock is None else Sealer(list(keys), ttl, clock)
    store = embedded_store() if store == EMBEDDED else store
    return create_app({"TESTING": True, "TABLES": Tables(sealer, store, wire=TABLE_WIRE)})


@contextlib.contextmanager
def redis_server(tmp_path_factory):
    """A real redis-server (Debian's package) on a free loopback port, stopped afterwards: its
    URL and its process (to freeze it with SIGSTOP). Started as every Redis of the tests is
    (``redis_topologies.Servers``)."""
    from redis_topologies import Servers

    servers = Servers(tmp_path_factory.mktemp("redis"))
    port = free_port()
    try:
        proc = servers.redis(port, "--protected-mode", "yes")
        yield f"redis://127.0.0.1:{port}/0", proc
    finally:
        servers.stop_all()


@pytest.fixture(scope="module")
def redis_url(tmp_path_factory):
    """A real redis-server's URL, for the module's tests (:func:`redis_server`)."""
    with redis_server(tmp_path_factory) as (url, _):
        yield url


def store(url: str) -> SeqStore:
    return SeqStore(url)


def hidden_cards(table, viewer):
    """Card codes ``viewer`` may not see: the other players' hands and the stock, while the hand
    is playing. Once it is over nothing is hidden: the hands are laid down (R14) and the deck,
    the stock's order with it, is revealed (contract, Provably fair deals). The card taken from
    the discard pile this turn is not hidden: everyone saw it taken (R8)."""
    state = table.game.state
    if state.status != "playing":
        return set()
    hidden = {c.code for c in state.stock} | {c.code for p in state.players if p.id != viewer for c in p.hand}
    if state.turn.taken_discard is not None:
        hidden.discard(state.turn.taken_discard.code)
    return hidden


def codes_in(value) -> set[str]:
    """Every string anywhere in a JSON value (keys and values)."""
    out = set()
    stack = [value]
    while stack:
        v = stack.pop()
        if isinstance(v, dict):
            out.update(k for k in v if isinstance(k, str))
            stack.extend(v.values())
        elif isinstance(v, list):
            stack.extend(v)
        elif isinstance(v, str):
            out.add(v)
    return out


def picker(seed=0):
    """A meld or lay-off when there is one, else a draw from the stock, else a discard chosen
    by a seeded random generator (so hands end, and end the same way every run)."""
    rng = random.Random(seed)

    def pick(moves):
        plays = [m for m in moves if m["action"] in ("meld", "lay_off")]
        if plays:
            return plays[0]
        draws = [m for m in moves if m["action"] == "draw"]
        return draws[0] if draws else rng.choice(moves)

    return pick


def sealed_placeholders(app, path, value):
    """An example body with the documented placeholder token and seat (``tables_api``'s
    TOKEN, SEAT) replaced by a real table of ``app`` where ana is to move, or for
    ``/v1/tables/next`` one whose first hand is over."""
    from referee.game import play
    from referee.legal import legal_moves
    from referee.rules import PRESETS
    from tables_api import SEAT, TOKEN

    if value.get("table") != TOKEN:
        return value
    tables = app.extensions["rummy_tables"]
    table, token = tables.create(["ana", "ben"], PRESETS["standard"], seed=42)
    if path.endswith("/next"):
        pick = picker(1)
        while table.game.state.status == "playing":
            moves = [m for m in legal_moves(table.game.state) if not (m.action == "draw" and m.source == "discard")]
            chosen = pick([to_json(m) for m in moves])
            table = dataclasses.replace(table, game=play(table.game, [next(m for m in moves if to_json(m) == chosen)])[1])
        token = tables.seal(table)
    out = {**value, "table": token}
    if value.get("seat") == SEAT:
        out["seat"] = tables.seats(table)["ana"]
    return out
