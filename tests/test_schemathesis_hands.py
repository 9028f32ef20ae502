"""Contract tests on whole hands from real deals: generated requests (test_schemathesis.py) almost
never form a real table, so these play hands (random legal and illegal moves) and check every
answer against the committed ``openapi.yaml`` (strictly, by the test client:
``tests/openapi_check.py``). Derandomized: CI sees the same
hands on every run. A file of its own so that the suite's two workers share the contract tests."""

from __future__ import annotations

import random
from pathlib import Path

import schemathesis
from hypothesis import HealthCheck, event, given, settings
from hypothesis import strategies as st
from openapi_check import CheckingClient

from referee.cards import card_by_spelling

ROOT = Path(__file__).resolve().parent.parent
PROBLEM = "application/problem+json"
schema = schemathesis.openapi.from_path(ROOT / "openapi.yaml")
SETTINGS = dict(derandomize=True, deadline=None, database=None, suppress_health_check=list(HealthCheck))


# --- whole hands from real deals ---------------------------------------------------------

OPS = {
    "deal": schema["/v1/deal"]["POST"],
    "legal": schema["/v1/legal-moves"]["POST"],
    "move": schema["/v1/move"]["POST"],
    "check": schema["/v1/melds/check"]["POST"],
    "score": schema["/v1/hand-score"]["POST"],
}
NAMES = ["ana", "Ben", "Zoë", "李", "مريم", "o'neil"]
ALL_CARDS = [c for c in card_by_spelling() if len(c) <= 3 and c.isascii()]


def post(client, op, body):
    """POST ``body`` to ``op``. The test client checks the answer against the document
    (``tests/openapi_check.py``: a documented status, its content type, the body against its schema,
    strictly, and the headers); schemathesis' ``validate_response`` checks the body's schema alone,
    so it is not asked again (it cost a third of the test's time)."""
    assert isinstance(client, CheckingClient)
    response = client.post(op.path, json=body)
    assert response.status_code < 500
    if response.status_code >= 400:
        assert response.content_type == PROBLEM
    return response


@settings(max_examples=30, **SETTINGS)
@given(
    seed=st.integers(0, 2**63 - 1),
    players=st.integers(2, 6),
    preset=st.sampled_from(["basic", "standard", "two-restocks"]),
    aces=st.sampled_from(["low", "high_or_low"]),
    play_seed=st.integers(0, 2**32),
)
def test_played_hands_conform_to_openapi(app, seed, players, preset, aces, play_seed):
    """Deal, then play until the hand ends (at most 400 requests): mostly a legal move chosen
    from /v1/legal-moves (it must be judged legal), sometimes a made-up move or a batch; every
    answer conforms to the document."""
    client = app.test_client()
    rng = random.Random(play_seed)
    choices = ((rng.randrange(10), rng.randrange(10**6), rng.randrange(10**6)) for _ in range(200))
    rules = {"preset": preset, "aces": aces}
    state = post(client, OPS["deal"], {"players": NAMES[:players], "seed": seed, "rules": rules}).get_json()["state"]
    for kind, a, b in choices:
        legal = post(client, OPS["legal"], {"state": state}).get_json()
        if not legal["moves"]:
            assert state["status"] != "playing"
            r = post(
                client, OPS["move"], {"state": state, "move": {"player": state["turn"]["player"], "action": "draw", "source": "stock"}}
            )
            assert r.get_json()["legal"] is False and r.get_json()["reasons"][0]["code"] == "hand_over"
            break
        if kind <= 6:  # a legal move, mostly a meld or lay-off when there is one (hands end)
            plays = [m for m in legal["moves"] if m["action"] in ("meld", "lay_off")]
            pool = plays if plays and kind <= 4 else legal["moves"]
            move = pool[a % len(pool)]
            body = post(client, OPS["move"], {"state": state, "move": move}).get_json()
            assert body["legal"] is True and body["applied"] == 1, (move, body["reasons"])
            state = body["state"]
        elif kind == 7:  # a batch of the first legal moves, repeated: the second draw is illegal
            moves = [legal["moves"][0]] * (1 + a % 3)
            body = post(client, OPS["move"], {"state": state, "moves": moves}).get_json()
            assert body["applied"] >= 1
            state = body["state"]
        else:  # a made-up move, legal or not, by any player at the table
            player = state["players"][a % len(state["players"])]["id"]
            action = ["draw", "meld", "lay_off", "discard"][b % 4]
            move = {"player": player, "action": action}
            if action == "draw":
                move["source"] = ["stock", "discard"][a % 2]
            elif action == "discard":
                move["card"] = ALL_CARDS[b % len(ALL_CARDS)]
            else:
                hand = state["players"][a % len(state["players"])]["hand"] or ["AS"]
                move["cards"] = [hand[(b + k) % len(hand)] for k in range(1 + b % 4)]
                if action == "lay_off" and state["melds"] and a % 3:
                    move["meld"] = state["melds"][b % len(state["melds"])]["id"]
            body = post(client, OPS["move"], {"state": state, "move": move}).get_json()
            state = body["state"]
        if state["status"] != "playing":
            assert body["result"] is not None
            if body["result"]["outcome"] == "out":
                winner = body["result"]["winner"]
                remaining = {p["id"]: p["hand"] for p in state["players"] if p["id"] != winner}
                score = post(client, OPS["score"], {"remaining": remaining, "rummy": body["result"]["rummy"], "rules": rules}).get_json()
                assert score["points"] == body["result"]["points"]
    event(f"hand ended: {state['status']}; restocks: {min(state['restocks'], 2)}")
    for meld in state["melds"]:
        checked = post(client, OPS["check"], {"cards": meld["cards"], "rules": rules}).get_json()
        assert checked["valid"] and checked["kind"] == meld["kind"], meld
