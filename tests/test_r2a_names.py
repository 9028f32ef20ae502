"""R2a, names: two names that differ only in letter case, character width or surrounding spaces
name the same player, so a list of players holding both is a 422 worded for a person, wherever
players are listed (a state, a deal, a sealed table, a scorepad). A name keeps its spelling."""

from __future__ import annotations

import pytest
from tables_support import make_app

from referee import PRESETS, deal, validate_state
from referee.seating import name_key, same_player
from schemas.wire import to_json

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
    s = to_json(validate_state(deal([f"p{i}" for i in range(len(players))], PRESETS["standard"], seed=5)))
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


# --- issue 32: names nobody can tell apart (UTS #39 skeletons, case folding with İ) -------------

LOOK_ALIKE = [
    ("ana", "\u0430n\u0430"),  # Cyrillic а … а
    ("ana", "\u0391na"),  # Greek capital alpha
    ("ana", "\u1d00\u0274\u1d00"),  # small capitals ᴀɴᴀ
    ("lia", "l\u0131a"),  # dotless ı
    ("\u0130lker", "ilker"),  # Turkish capital İ
    ("Ilker", "\u0130lker"),
    ("ana", "Ana"),
    ("Ana Lu", "Ana  Lu"),  # a run of spaces inside
    ("\ufb01ona", "fiona"),  # the ﬁ ligature
    ("Pavel", "\u0420\u0430vel"),  # Cyrillic Р, а
    ("Olga", "\u039flga"),  # Greek Ο
    ("Marn", "Mam"),  # rn and m (UTS #39)
    # capitals of other scripts: folded first, Cyrillic в and Greek β would no longer look like b
    ("Bob", "\u0412ob"),  # Cyrillic В
    ("BOB", "\u0412\u041e\u0412"),  # Cyrillic В, О
    ("Tom", "\u0422om"),  # Cyrillic Т
    ("Hal", "\u041dal"),  # Cyrillic Н
    ("Max", "\u041cax"),  # Cyrillic М
    ("Kim", "\u041aim"),  # Cyrillic К
    ("Ivy", "\u0406vy"),  # Cyrillic І
    ("Bob", "\u0392ob"),  # Greek Β
    ("Hal", "\u0397al"),  # Greek Η
    ("Tom", "\u03a4om"),  # Greek Τ
    ("Ned", "\u039ded"),  # Greek Ν
    ("Zoe", "\u0396oe"),  # Greek Ζ
    ("Yan", "\u03a5an"),  # Greek Υ
]
# ana with a character nobody sees: each refused by itself, whatever the other names.
INVISIBLE = [
    ("ana\ufe0e", "U+FE0E"),
    ("ana\ufe0f", "U+FE0F"),
    ("an\u034fa", "U+034F"),
    ("ana\u180b", "U+180B"),
    ("ana\U000e0100", "U+E0100"),
    ("a\u200dna", "U+200D"),
    ("a\u200cna", "U+200C"),
]


@pytest.mark.parametrize("a, b", LOOK_ALIKE)
def test_r2a_names_that_look_alike_are_one_player(client, a, b):
    assert same_player(a, b)
    r = client.post("/v1/deal", json={"players": [a, "ben", b]})
    [(pointer, detail)] = errors(r)
    assert pointer == "/players/2" and detail.startswith(f"{a} and {b} name the same player (R2a)")


def test_r2a_the_sentence_names_the_letters_that_look_alike(client):
    r = client.post("/v1/deal", json={"players": ["ana", "\u0430na"]})
    assert errors(r) == [
        (
            "/players/1",
            "ana and \u0430na name the same player (R2a): 'a' (U+0061, LATIN SMALL LETTER A) and "
            "'\u0430' (U+0430, CYRILLIC SMALL LETTER A) look alike",
        )
    ]


@pytest.mark.parametrize("name, code", INVISIBLE)
def test_r2a_an_invisible_character_is_refused_by_name(client, name, code):
    r = client.post("/v1/deal", json={"players": ["ben", name]})
    [(pointer, detail)] = errors(r)
    assert pointer == "/players/1" and f"contains the invisible character {code} (" in detail
    assert detail.endswith("type the name again without it")


@pytest.mark.parametrize("a, b", [("Zoe", "Zoë"), ("Ana", "Ána"), ("Ana", "Anna"), ("Ana Bo", "AnaBo"), ("Lia", "Lea"), ("Jan", "Ján")])
def test_r2a_names_people_tell_apart_stay_two_players(client, a, b):
    state = client.post("/v1/deal", json={"players": [a, b], "seed": 1}).get_json()["state"]
    assert [p["id"] for p in state["players"]] == [a, b]


def test_r2a_hand_score_opponents_are_compared_too(client):
    r = client.post("/v1/hand-score", json={"remaining": {"ben": ["KC"], "b\u0435n": ["2C"]}})  # Cyrillic е
    [(pointer, detail)] = errors(r)
    assert pointer == "/remaining/b\u0435n" and detail.startswith("ben and b\u0435n name the same player (R2a)")


def test_r2a_a_player_named_again_must_use_the_listed_spelling(client):
    state = state_of(["Ana", "Ben"])
    mover = state["turn"]["player"]
    other = "\u0412en" if mover == "Ben" else "\u0410na"  # Cyrillic В / А
    r = client.post("/v1/move", json={"state": state, "move": {"player": other, "action": "draw", "source": "stock"}})
    listed = "Ben" if mover == "Ben" else "Ana"
    assert errors(r) == [("/move/player", f"{other!r} is not a player at the table; name them as listed, {listed!r} (R2a)")]
    r = client.post("/v1/deal", json={"players": ["Ana", "Ben"], "dealer": "ANA"})
    assert errors(r) == [("/dealer", "dealer 'ANA' is not one of the players; name them as listed, 'Ana' (R2a)")]


def test_r2a_a_scorepad_entry_must_use_the_listed_spelling(client):
    pad = {"players": ["Ana", "Ben"], "hands": [{"winner": "ana", "remaining": {"Ben": {"points": 5}}}]}
    assert errors(client.post("/v1/scorepad", json=pad)) == [
        ("/hands/0/winner", "hand 1: 'ana' is not one of the players; name them as listed, 'Ana' (R2a)")
    ]
    pad["hands"][0] = {"winner": "Ana", "remaining": {"B\u0435n": {"points": 5}}}
    assert errors(client.post("/v1/scorepad", json=pad)) == [
        ("/hands/0/remaining/B\u0435n", "hand 1: 'B\u0435n' is not one of the players; name them as listed, 'Ben' (R2a)"),
        ("/hands/0/remaining/Ben", "hand 1: Ben's cards or points left are missing"),
    ]


def test_r2a_quotation_marks_are_refused_in_names(client):
    r = client.post("/v1/deal", json={"players": ["ben", "x\u201d drew K\u2660; \u201cy"]})
    [(pointer, detail)] = errors(r)
    assert pointer == "/players/1" and "quotation mark" in detail


# --- a name never reads as the reader or as the narration (R2a: the service quotes them) ---------


def play(client, players, moves=2):
    """The summaries of the first ``moves`` moves of a dealt hand (a draw from the stock, then a
    discard of the drawn card), as /v1/move answers them, with the mover of each."""
    state = client.post("/v1/deal", json={"players": players, "seed": 3}).get_json()["state"]
    said = []
    for _ in range(moves):
        mover = state["turn"]["player"]
        if state["turn"]["phase"] == "draw":
            move = {"player": mover, "action": "draw", "source": "stock"}
        else:
            hand = next(p["hand"] for p in state["players"] if p["id"] == mover)
            move = {"player": mover, "action": "discard", "card": hand[-1]}
        body = client.post("/v1/move", json={"state": state, "move": move}).get_json()
        state = body["state"]
        said.append((mover, body["summary"]))
    return said


@pytest.mark.parametrize("name", ["You", "you", "Y\u043eu", "Nobody", "ben drew K\u2660 from the stock; cy", "Ana Lu", "7"])
def test_r2a_an_odd_name_is_quoted_in_every_summary(client, name):
    said = play(client, ["ben", name], moves=4)
    movers = {m for m, _ in said}
    assert movers == {"ben", name}
    for mover, summary in said:
        if mover == name:
            assert summary.startswith(f"\u201c{name}\u201d drew from the stock") or summary.startswith(f"\u201c{name}\u201d discarded")
        elif "discarded" in summary:  # ben's discard: the summary says whose turn it is
            assert summary.endswith(f"; \u201c{name}\u201d is to draw")
        assert summary.replace(f"\u201c{name}\u201d", "").count(name) == 0


def test_r2a_a_plain_name_is_written_as_spelt(client):
    said = play(client, ["ben", "Zo\u00eb"], moves=2)
    assert said[0][1] == "ben drew from the stock and may now meld or lay off, then discard" or said[0][1].startswith("Zo\u00eb drew")
    assert all("\u201c" not in s for _, s in said)
