"""What the scorepad tests share: presets, hand entries written short, and the 422 problems of
POST /v1/scorepad."""

from __future__ import annotations

from dataclasses import replace

import pytest

from referee import PRESETS, HandEntry, InvalidInput, Remaining, parse_cards, replay

STANDARD = PRESETS["standard"]
BASIC = PRESETS["basic"]
TWO_RESTOCKS = PRESETS["two-restocks"]
ANA_BEN_CY = ["Ana", "Ben", "Cy"]
PROBLEM_JSON = "application/problem+json"


def cards(text: str) -> Remaining:
    return Remaining(cards=parse_cards(text.split()))


def pts(n: int) -> Remaining:
    return Remaining(points=n)


def won(winner: str, rummy: bool = False, **remaining: Remaining) -> HandEntry:
    return HandEntry(winner=winner, rummy=rummy, remaining=remaining)


DRAW = HandEntry(draw=True)


def rules(base=STANDARD, **overrides):
    return replace(base, **overrides)


def problems_of(players, rules_, hands, first_dealer=None):
    with pytest.raises(InvalidInput) as exc:
        replay(players, rules_, hands, first_dealer)
    return exc.value.problems


def only_problem(players, rules_, hands, first_dealer=None):
    found = problems_of(players, rules_, hands, first_dealer)
    assert len(found) == 1, [(p.path, p.message) for p in found]
    return found[0]


def dealers(pad):
    return [line.dealer for line in pad.hands]


def post(client, body):
    return client.post("/v1/scorepad", json=body)


def unprocessable(client, body):
    """The 422 problem's errors for ``body``, after checking it is problem+json."""
    r = post(client, body)
    assert r.status_code == 422, r.get_json()
    assert r.mimetype == PROBLEM_JSON
    doc = r.get_json()
    assert doc["status"] == 422 and doc["title"] and doc["type"]
    assert doc["errors"], doc
    for e in doc["errors"]:
        assert set(e) == {"pointer", "detail"} and e["detail"]
    return doc["errors"]


def error_at(errors, pointer):
    found = [e for e in errors if e["pointer"] == pointer]
    assert found, (pointer, errors)
    return found[0]["detail"]
