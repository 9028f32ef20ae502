"""examples/play_hand.py, the README's runnable frontend example, plays a whole hand over HTTP
against the real app (served on 127.0.0.1, a free port) and its figures agree with the rules."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest
from live_server import serving

from app import create_app

SCRIPT = Path(__file__).resolve().parents[1] / "examples" / "play_hand.py"


@pytest.fixture(scope="module")
def base_url():
    with serving(create_app(), "example-test-server") as url:
        yield url


def run(base_url, *args):
    done = subprocess.run([sys.executable, str(SCRIPT), base_url, *args], capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    return done.stdout.splitlines()


def test_the_example_plays_a_whole_hand_of_two(base_url):
    lines = run(base_url, "--seed", "7")
    final = json.loads(lines[-1])
    result = final["result"]
    # seed 7, both players drawing from the stock and discarding their highest card
    assert lines[0] == "dealt: ben deals, ana leads"
    assert (final["moves"], result["winner"], result["remaining"], result["points"]) == (123, "ben", {"ana": 9}, 9)
    assert result["points"] == result["multiplier"] * sum(result["remaining"].values())  # R14
    assert final["totals"] == {"ana": 0, "ben": 9}
    # R19: with two players the winner deals next; legal-moves says so in words, the pad as data
    assert final["next_dealer"] == "ben"
    assert lines[-3] == "the hand is over: ben went out, so nobody plays another turn; ben deals the next hand"
    assert lines[-4].endswith("ben went out and scores 9 points; the hand is over")


def test_the_example_with_three_players(base_url):
    final = json.loads(run(base_url, "--seed", "11", "--players", "ana,ben,cy")[-1])
    result = final["result"]
    if result["outcome"] == "out":
        assert result["points"] == result["multiplier"] * sum(result["remaining"].values())
        assert final["totals"][result["winner"]] == result["points"]
    # R19: with three players the deal passes left of the dealer (cy dealt: ana deals next)
    assert final["next_dealer"] == "ana"


def test_the_example_says_when_the_service_is_not_there():
    """Fresh eyes: `python3 examples/play_hand.py` with no `make serve` running ended in a traceback."""
    import socket

    with socket.socket() as s:  # a port nothing listens on
        s.bind(("127.0.0.1", 0))
        url = f"http://127.0.0.1:{s.getsockname()[1]}"
    done = subprocess.run([sys.executable, str(SCRIPT), url], capture_output=True, text=True, timeout=60)
    assert done.returncode == 1 and done.stdout == "" and "Traceback" not in done.stderr
    assert done.stderr.startswith(f"cannot reach the service at {url}: ")
    assert done.stderr.endswith("Connection refused (is `make serve` running there?)\n")
