"""Shared fixtures: the app, a test client, and helpers to build states from card codes."""
from __future__ import annotations

import pytest

from app import create_app
from referee import DECK, PRESETS, Meld, Player, State, Turn, parse_card, parse_cards, validate_state


@pytest.fixture(scope="session")
def app():
    return create_app({"TESTING": True})


@pytest.fixture()
def client(app):
    return app.test_client()


def cards(text: str):
    """``cards("QS KS AS")`` → a tuple of Card."""
    return parse_cards(text.split())


def make_state(hands: dict, discard="", stock="", melds=(), turn=None, rules=None, tabled=(),
               restocks=0, status="playing", dealer=None) -> State:
    """A valid state from card text. Cards not placed anywhere go to the bottom of the stock
    (after ``stock``), in deck order. ``melds`` is a list of (id, owner, "cards")."""
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
    full_stock = s + tuple(c for c in DECK if c not in used)
    turn = turn or Turn(next(iter(hands)))
    return validate_state(State(tuple(players), turn, full_stock, d, tuple(table), dealer, rules, restocks, status))
