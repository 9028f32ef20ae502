"""Shared fixtures: the app, a test client, and helpers to build states from card codes.

Every Flask test client of the suite checks each answer it gets against ``openapi.yaml`` with
the strict check of ``tests/openapi_check.py``, whichever app it belongs to."""

from __future__ import annotations

import os
from dataclasses import replace
from pathlib import Path

# Hard searches (referee/bots/search.py): the suite plays it on a small budget, so it stays fast
# (servers the tests start inherit it); bench/bots.py measures the real one.
os.environ.setdefault("RUMMY_BOT_ROLLOUTS", "8")
os.environ.setdefault("RUMMY_BOT_TURNS", "6")

import pytest
from flask import Flask
from openapi_check import CheckingClient

from app import create_app
from referee import DECK, PRESETS, Meld, Phase, Player, State, StateInput, Status, Turn, parse_cards, validate_state

Flask.test_client_class = CheckingClient


@pytest.fixture(scope="session")
def app():
    return create_app({"TESTING": True})


@pytest.fixture()
def client(app):
    return app.test_client()


def cards(text: str):
    """``cards("QS KS AS")`` → a tuple of Card."""
    return parse_cards(text.split())


def make_state(
    hands: dict, discard="", stock="", melds=(), turn=None, rules=None, tabled=(), restocks=0, status="playing", dealer=None
) -> State:
    """A valid state from card text (a whole table in one line: ``referee.parse_position``). Cards not placed anywhere go to the bottom of the stock
    (after ``stock``), in deck order. ``melds`` is a list of (id, owner, "cards"); their owners
    count as tabled (R15) besides the players named in ``tabled``."""
    rules = rules or PRESETS["standard"]
    placed = []
    players = []
    for pid, text in hands.items():
        h = cards(text)
        placed += h
        players.append(Player(pid, h, pid in tabled))
    d = cards(discard)
    s = cards(stock)
    table = []
    for mid, owner, text in melds:
        mc = cards(text)
        table.append(Meld(mid, owner, mc))
        placed += mc
    used = set(placed) | set(d) | set(s)
    rest = tuple(c for c in DECK if c not in used)
    if status == "draw":  # a drawn hand has run out of stock (R18): the rest lies in the discard pile
        full_stock, d = s, rest + d
    else:
        full_stock = s + rest
    turn = turn or Turn(next(iter(hands)))
    turn = replace(turn, phase=Phase(turn.phase))  # tests write phases and statuses as on the wire
    # R15: whoever owns a meld laid on an earlier turn has tabled (validate_state insists).
    for i, p in enumerate(players):
        owned = sum(1 for m in table if m.owner == p.id) - (turn.melds_made if p.id == turn.player else 0)
        if owned > 0 and not p.tabled:
            players[i] = Player(p.id, p.hand, True)
    return validate_state(
        StateInput(
            players=tuple(players),
            turn=turn,
            stock=full_stock,
            discard=d,
            melds=tuple(table),
            dealer=dealer,
            rules=rules,
            restocks=restocks,
            status=Status(status),
        )
    )


# The longest files (paths under tests/), run first: `make test` hands whole files to its four
# workers in collection order (``--no-loadscope-reorder``), so no worker is left running a long
# file alone at the end. Any file not named runs after them.
LONGEST_FILES = (
    # Wall seconds of each file alone on this 2-core machine (2026-12-02, the browser files 2026-12-05), longest first,
    # so that no long file starts last and runs on alone: the browser files are mostly Chromium's
    # time (Swagger UI resolving openapi.yaml again for each operation opened in /docs, whole games
    # in /play), not Python's. The files with a date were measured again alone at 01:25-01:30 UTC,
    # 2026-12-05 (load 3-7).
    "test_schemathesis.py",  # ~50 s (12-05): a few hundred generated requests per operation
    "browser/test_play_game.py",  # 30-70 s (12-05): a whole /play game to 100 points, as long as its deals make it
    "test_stack.py",  # ~40 s (12-05): nginx, gunicorn and Redis started, stopped, restarted under load
    "browser/test_docs.py",  # ~30 s (12-05): the examples of /docs, the sealed tables' each on a fresh page
    "test_offline_judge.py",  # ~30 s (12-05): every meld of up to five cards through node (~50 s with a stale golden file)
    "browser/test_languages.py",  # ~27 s (12-05): each page in Spanish, Russian and the pseudo-locale
    "browser/test_play_app.py",  # ~25 s (12-05)
    "browser/test_play.py",  # ~23 s (12-05)
    "browser/test_accessibility.py",  # ~22 s (12-05)
    "browser/test_docs_tables_in_order.py",  # ~18 s (12-05)
    "browser/test_docs_in_order.py",  # ~12 s (12-05)
    "test_suggest.py",  # ~10 s (12-05): the events of 90 bot hands, 37,188 lists checked
    "test_schemathesis_hands.py",  # ~8 s (12-05): 30 whole hands, every answer checked against openapi.yaml
    "browser/test_docs_axe_executed.py",  # ~7 s (12-05)
    "browser/test_docs_axe.py",  # ~3 s (12-05)
    "test_tables.py",
    "test_tables_replay.py",
    "test_tables_summary.py",
    "test_compiled.py",
    "test_tables_properties.py",
    "test_scorepad_properties.py",
    "test_tables_tokens.py",
    "test_http_referee.py",
)


def pytest_collection_modifyitems(items):
    rank = {name: i for i, name in enumerate(LONGEST_FILES)}
    here = Path(__file__).parent
    items.sort(key=lambda item: rank.get(item.path.relative_to(here).as_posix(), len(rank)))  # stable: each file keeps its order


def pytest_sessionfinish(session):
    """Under pytest-xdist (``make test`` runs four workers) each worker hands its tally of checked
    answers to the controller, which prints the sum."""
    workeroutput = getattr(session.config, "workeroutput", None)
    if workeroutput is not None:
        from openapi_check import TALLY

        workeroutput["openapi_tally"] = [[list(key), n] for key, n in TALLY.items()]


@pytest.hookimpl(optionalhook=True)
def pytest_testnodedown(node, error):
    from openapi_check import TALLY

    for key, n in getattr(node, "workeroutput", {}).get("openapi_tally", []):
        TALLY[tuple(key)] += n


def pytest_terminal_summary(terminalreporter):
    """How many answers of this run were checked against openapi.yaml (tests/openapi_check.py)."""
    from openapi_check import TALLY

    checked = sum(n for (kind, *_), n in TALLY.items() if kind == "checked")
    other = sum(n for (kind, *_), n in TALLY.items() if kind != "checked")
    if checked or other:
        terminalreporter.write_line(
            f"openapi.yaml: {checked} answers checked against it (tests/openapi_check.py); "
            f"{other} to requests that are no operation of it (pages, 404, preflight)"
        )


def pytest_configure(config):
    config.addinivalue_line("markers", "stack: starts Debian's nginx in front of two app instances (tests/test_stack.py)")
