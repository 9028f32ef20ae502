"""What the hostile-input tests share (tests/test_hostile_*.py): a real dealt table, the problem
media type, a move, and the check that an answer is a precise refusal."""

from __future__ import annotations

import copy

import pytest

PROBLEM = "application/problem+json"
MOVE = {"player": "ana", "action": "draw", "source": "stock"}


@pytest.fixture(scope="module")
def dealt(app):
    """A real two-player table: ana to draw, ben dealt; every test gets a fresh copy."""
    r = app.test_client().post("/v1/deal", json={"players": ["ana", "ben"], "seed": 7})
    assert r.status_code == 200
    return r.get_json()["state"]


@pytest.fixture()
def state(dealt):
    return copy.deepcopy(dealt)


def refused(response, status: int, pointer: str | None = None) -> dict:
    """Assert a problem+json refusal with ``status`` whose first error is at ``pointer``."""
    assert response.status_code == status, response.get_data(as_text=True)[:500]
    assert response.content_type == PROBLEM
    body = response.get_json()
    assert body["status"] == status and body["title"] and body["detail"] and body["type"] == "about:blank"
    if pointer is not None:
        assert body["errors"][0]["pointer"] == pointer, body["errors"]
    return body


def post_raw(client, path: str, data: bytes, content_type: str = "application/json"):
    return client.post(path, data=data, content_type=content_type)


def worst_state() -> dict:
    """Eleven cards in hand after the draw, thirteen sets on the table: the most melds, lay-offs
    and discards legal-moves can list, and the most melds a lay-off without a meld id can try
    (bench/worst_cases.py measures its cost; tests/test_hostile_bounds.py checks its answers)."""
    ranks = ["A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K"]
    table = [f"{rank}{suit}" for rank in ranks for suit in "CDH"]
    melds = [{"id": f"m{i}", "owner": "ben", "cards": table[3 * i : 3 * i + 3]} for i in range(13)]
    hand = [f"{rank}S" for rank in ranks[:11]]
    return {
        "players": [{"id": "ana", "hand": hand}, {"id": "ben", "hand": ["QS"], "tabled": True}],
        "stock": [],
        "discard": ["KS"],
        "melds": melds,
        "turn": {"player": "ana", "phase": "play"},
        "dealer": "ben",
    }
