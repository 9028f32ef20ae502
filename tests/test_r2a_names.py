"""R2a, names: two names that differ only in letter case, character width or surrounding spaces
name the same player, so a list of players holding both is a 422 worded for a person, wherever
players are listed (a state, a deal, a sealed table, a scorepad). A name keeps its spelling."""

from __future__ import annotations

import pytest
from tables_support import make_app

from referee import PRESETS, deal, validate_state
from referee.seating import name_key

SAME = [("Ana", "ana"), ("Ana", "ａｎａ"), ("ANA", "ａｎａ"), ("Straße", "STRASSE"), ("Zoë", "ZOË"), ("ΟΔΥΣΣΕΥΣ", "οδυσσευς")]
DIFFERENT = [("Ana", "Anna"), ("Ana", "Ána"), ("Zoe", "Zoë"), ("Ana Bo", "AnaBo")]


@pytest.mark.parametrize("a, b", SAME)
def test_r2a_names_read_alike_have_one_key(a, b):
    assert name_key(a) == name_key(b)


@pytest.mark.parametrize("a, b", DIFFERENT)
def test_r2a_other_names_keep_their_own_key(a, b):
    assert name_key(a) != name_key(b)


def test_r2a_the_four_spellings_of_ana_are_one_player():
    assert {name_key(n) for n in ("Ana", "ana", " ana ", "ａｎａ")} == {"ana"}


def state_of(players):
    """A dealt state as JSON, its players renamed to ``players``."""
    s = validate_state(deal([f"p{i}" for i in range(len(players))], PRESETS["standard"], seed=5)).as_dict()
    rename = {f"p{i}": p for i, p in enumerate(players)}
    for p in s["players"]:
        p["id"] = rename[p["id"]]
    s["dealer"] = rename[s["dealer"]]
    s["turn"]["player"] = rename[s["turn"]["player"]]
    return s


def errors(r):
    assert r.status_code == 422 and r.mimetype == "application/problem+json", r.get_json()
    return [(e["pointer"], e["detail"]) for e in r.get_json()["errors"]]


@pytest.mark.parametrize("path", ["/v1/move", "/v1/legal-moves", "/v1/suggest"])
def test_r2a_a_state_naming_one_player_twice(client, path):
    body = {"state": state_of(["Ana", "Ben", "ａｎａ"])}
    if path == "/v1/move":
        body["move"] = {"player": "Ana", "action": "draw", "source": "stock"}
    assert ("/state/players/2/id", "Ana and ａｎａ name the same player (R2a)") in errors(client.post(path, json=body))


def test_r2a_a_deal(client):
    r = client.post("/v1/deal", json={"players": ["Ana", "Ben", "ana"]})
    assert errors(r) == [("/players/2", "Ana and ana name the same player (R2a)")]
    r = client.post("/v1/deal", json={"players": ["Ana", "Ben", "Ana"]})
    assert errors(r) == [("/players/2", "player 'Ana' is listed twice")]
    # names that differ otherwise are different players, each keeping its spelling
    state = client.post("/v1/deal", json={"players": ["Ana", "Ána", "Anna"], "seed": 1}).get_json()["state"]
    assert [p["id"] for p in state["players"]] == ["Ana", "Ána", "Anna"]


def test_r2a_a_sealed_table():
    tc = make_app().test_client()
    r = tc.post("/v1/tables", json={"players": ["Ana", "Ben", "ANA"]})
    assert errors(r) == [("/players/2", "Ana and ANA name the same player (R2a)")]
    r = tc.post("/v1/tables", json={"players": ["Ana", "ｂｅｎ", "Ben"], "bots": {"Ben": "easy"}})
    assert ("/players/2", "ｂｅｎ and Ben name the same player (R2a)") in errors(r)


def test_r2a_a_scorepad(client):
    r = client.post("/v1/scorepad", json={"players": ["Ana", "Ben", "ana"], "hands": []})
    assert errors(r) == [("/players/2", "Ana and ana name the same player (R2a)")]


def test_r2a_surrounding_spaces_are_refused_as_they_are_typed(client):
    r = client.post("/v1/deal", json={"players": ["Ana", " ana "]})
    assert [p for p, _ in errors(r)] == ["/players/1"]
