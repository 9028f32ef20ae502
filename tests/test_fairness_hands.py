"""Provably fair deals on 200 random finished hands (README, Provably fair): every hand verified
by the referee, by POST /v1/verify and by examples/verify_deal.py; every tampering refused with a
sentence naming it; the two verifiers agreeing on tampered copies."""

from __future__ import annotations

import copy
import hashlib
import json
import random
import re
from dataclasses import asdict

import pytest
from fairness_support import INDEPENDENT, PRESET_RULES, REVEALED, bot_hand, longest_hand, post_verify, run_verifier
from tables_support import make_app

from referee import PRESETS
from referee.fairness import FairCode, reveal, verify
from schemas.fairness import EXAMPLE
from schemas.wire import TABLE_WIRE, to_json


@pytest.fixture(scope="module")
def sample():
    """200 revealed hands of :func:`bot_hand` (2–6 players, every preset, house rules), each as
    :func:`reveal` gives it and as ``result.fairness`` writes it."""
    out = []
    for i in range(200):
        game, fair = bot_hand(i)
        revealed = reveal(fair, game.players, game.state.dealer, game.rules, game.events)
        out.append((revealed, to_json(revealed)))
    return out


@pytest.fixture(scope="module")
def hands(sample):
    """The 200 hands as ``result.fairness`` writes them."""
    return [f for _, f in sample]


@pytest.fixture(scope="module")
def tc():
    return make_app().test_client()


def test_200_hands_verify_by_the_referee_the_endpoint_and_the_independent_verifier(sample, hands, tc, tmp_path):
    """Every hand verifies by :func:`verify` (what /v1/verify answers), one in ten through the
    endpoint itself with the same answer, and all 200 by examples/verify_deal.py; the sample holds
    every kind of hand the issue names, and every way a hand ends."""
    kinds, seen_ = set(), set()
    for k, (revealed, f) in enumerate(sample):
        verdict = verify(revealed)
        assert verdict.verified and verdict.reasons == (), verdict
        assert verdict.summary.startswith("Verified: the seed matches the commitment")
        assert verdict.checked.moves == len(f["record"]["moves"])
        if k % 10 == 0:
            body = post_verify(tc, f)
            assert body == {
                "verified": True,
                "reasons": [],
                "summary": verdict.summary,
                "checked": {**asdict(verdict.checked), "expected": []},
            }
        rec = f["record"]
        kinds.add((len(rec["players"]), rec["rules"]["preset"], verdict.checked.outcome, verdict.checked.restocks > 0))
        owner = {m["meld"]: m["player"] for m in rec["moves"] if m["action"] == "meld"}
        ended = re.search(r"\((R18a?)\)\. ", verdict.summary)
        seen_.add(f"{ended.group(1)} draw" if ended else "out")
        if {k: v for k, v in rec["rules"].items() if k != "preset"} not in PRESET_RULES:
            seen_.add("house rules")
        for m in rec["moves"]:
            if m.get("source") == "discard":
                seen_.add("discard pile")
            if m["action"] == "lay_off" and owner[m["meld"]] != m["player"]:
                seen_.add("lay-off on another's meld")
    assert len(hands) == 200
    # the sample covers what the issue asks: 2-6 players, every preset, restocks, won and drawn hands
    assert {k[0] for k in kinds} == {2, 3, 4, 5, 6}
    assert {k[1] for k in kinds} == set(PRESETS)
    assert {k[2] for k in kinds} == {"out", "draw"} and {k[3] for k in kinds} == {True, False}
    assert {(k[2], k[3]) for k in kinds} == {("out", False), ("out", True), ("draw", False), ("draw", True)}
    assert seen_ == {"out", "R18 draw", "R18a draw", "house rules", "discard pile", "lay-off on another's meld"}
    code, lines = run_verifier(tmp_path, hands)
    assert code == 0 and len(lines) == 200 and all(line.startswith("OK ") for line in lines), [x for x in lines if not x.startswith("OK")]


def test_the_documented_example_verifies(tc, tmp_path):
    assert post_verify(tc, EXAMPLE)["verified"] is True
    assert run_verifier(tmp_path, EXAMPLE)[0] == 0


def test_a_hand_of_2501_moves_is_kept_whole_and_verified_by_both_verifiers(tmp_path):
    """Every finished hand verifiable, however long: a hand of 6 players that stalls its way past
    2,500 moves, to 2,501 (each seat melding or laying off just before R18a would end it, then the hand
    stalls out) is kept whole by its table (the token holds every move), revealed with its whole
    record, and verified by /v1/verify and by examples/verify_deal.py. The same record padded
    with a move after its end is refused at that move."""
    from dataclasses import replace

    from tables_support import KEY_A

    from app import create_app
    from tables import Sealer, Tables
    from tables.store.embedded import EmbeddedStore
    from web.bodies import BODY_LIMITS

    fair, players, rules, state, events = longest_hand()
    assert len(events) == 2501 and state.stalled
    store = EmbeddedStore(tmp_path / "tables.sqlite3")
    store.start()
    tables = Tables(Sealer([KEY_A], 3600), store, wire=TABLE_WIRE)
    tc = create_app({"TESTING": True, "TABLES": tables}).test_client()
    table, _ = tables.create(list(players), rules, seed=1)
    game = replace(table.game, state=state, events=events, seq=len(events))
    token = tables.seal(replace(table, game=game, fair=fair, next_seed=bytes(32)))
    assert len(token) < 6000  # 2,501 moves in a few KB of token (the moves' words compress well)
    f = tc.post("/v1/tables/view", json={"table": token}).get_json()["view"]["result"]["fairness"]
    assert len(f["record"]["moves"]) == 2501 and f == to_json(reveal(fair, players, players[-1], rules, events))
    raw = json.dumps({"fairness": f}, separators=(",", ":")).encode()
    assert 100 * 1024 < len(raw) <= BODY_LIMITS["/v1/verify"]
    body = post_verify(tc, f)
    assert body["verified"] is True and body["checked"]["moves"] == 2501 and body["checked"]["outcome"] == "draw"
    assert "; the hand was a draw: 150 turns in a row (25 each) passed with no meld and no lay-off (R18a). " in body["summary"]
    assert body["checked"]["restocks"] == verify(REVEALED.load(f)).checked.restocks > 50
    code, lines = run_verifier(tmp_path, f)
    assert code == 0 and len(lines) == 1 and lines[0].startswith(f"OK {fair.commitment[:12]}: ") and "R18a" in lines[0], lines
    last = f["record"]["moves"][-1]
    padded = {**f, "record": {**f["record"], "moves": f["record"]["moves"] + [last]}}
    refused = post_verify(tc, padded)
    assert refused["verified"] is False and refused["checked"]["moves"] == 0
    assert refused["reasons"][0]["code"] == "illegal_move"
    assert refused["reasons"][0]["message"].startswith(f"move 2502 ({last['player']} discards ")
    assert refused["reasons"][0]["message"].endswith(") comes after the hand was over")


# --- tampering ------------------------------------------------------------------------------


def _long_hand(hands):
    """A won hand with a restock: every kind of tampering has something to change."""
    return next(f for f in hands if verify(REVEALED.load(f)).checked.restocks > 0 and verify(REVEALED.load(f)).checked.outcome == "out")


def tampered(f, how, other):
    f = copy.deepcopy(f)
    moves = f["record"]["moves"]
    if how == "seed":
        f["seed"] = hashlib.sha256(bytes.fromhex(f["seed"])).hexdigest()
    elif how == "deck card swapped":
        f["deck"][3], f["deck"][40] = f["deck"][40], f["deck"][3]
    elif how == "stock draw changed":
        i = [k for k, m in enumerate(moves) if m["action"] == "draw" and m["source"] == "stock"][2]
        held = set(f["record"]["dealt"][moves[i]["player"]])
        moves[i]["card"] = next(c for c in f["deck"] if c != moves[i]["card"] and c not in held)
    elif how == "move reordered":
        i = next(k for k, m in enumerate(moves) if m["action"] == "discard" and k > 4)
        moves[i - 1], moves[i] = moves[i], moves[i - 1]
    elif how == "entropy":
        f["entropy"] = f["entropy"] + "!" if f["entropy"] else "mine"
    elif how == "other hand":
        f["record"] = other["record"]
    return f


CASES = {
    "seed": (FairCode.SEED_MISMATCH, "the seed does not match the commitment"),
    "deck card swapped": (FairCode.DECK_MISMATCH, "cards (", "are swapped"),
    "stock draw changed": (FairCode.DRAW_MISMATCH, "card drawn from the stock", "but the deck put"),
    "move reordered": (FairCode.ILLEGAL_MOVE, "is not legal after the moves before it"),
    "entropy": (FairCode.ENTROPY_MISMATCH, "does not follow from this seed and the entropy"),
    "other hand": (FairCode.OTHER_HAND, "the record is of another hand"),
}


@pytest.mark.parametrize("how", sorted(CASES))
def test_each_tampering_is_refused_with_a_sentence_naming_it(hands, tc, tmp_path, how):
    honest = _long_hand(hands)
    other = next(f for f in hands if f["record"]["players"] == honest["record"]["players"] and f is not honest)
    bad = tampered(honest, how, other)
    body = post_verify(tc, bad)
    code, *words = CASES[how]
    assert body["verified"] is False and len(body["reasons"]) == 1
    reason = body["reasons"][0]
    assert reason["code"] == code.value
    assert all(w in reason["message"] for w in words), reason["message"]
    assert body["summary"] == f"Not verified: {reason['message']}."
    status, lines = run_verifier(tmp_path, bad)
    assert status == 1 and lines[0].startswith("FAILED "), lines


def test_the_sentences_name_cards_and_positions(hands, tc):
    honest = _long_hand(hands)
    body = post_verify(tc, tampered(honest, "stock draw changed", None))
    moves = honest["record"]["moves"]
    i = [k for k, m in enumerate(moves) if m["action"] == "draw" and m["source"] == "stock"][2]
    real = moves[i]["card"]
    assert "the 3rd card drawn from the stock" in body["reasons"][0]["message"]
    assert real in body["reasons"][0]["cards"]
    swapped = post_verify(tc, tampered(honest, "deck card swapped", None))["reasons"][0]["message"]
    assert "deck's 4th and 41st cards" in swapped


def _mutated(f, kind: str, rng: random.Random):
    """A copy of ``f`` with one thing of ``kind`` changed at random, or None when ``f`` has none."""
    f = copy.deepcopy(f)
    rec, moves = f["record"], f["record"]["moves"]
    other = lambda card: rng.choice([c for c in f["deck"] if c != card])  # noqa: E731
    picks = {
        "stock card": [m for m in moves if m["action"] == "draw" and m["source"] == "stock" and m.get("card")],
        "discard pile card": [m for m in moves if m["action"] == "draw" and m["source"] == "discard"],
        "discarded card": [m for m in moves if m["action"] == "discard"],
        "draw source": [m for m in moves if m["action"] == "draw"],
    }
    if kind in picks:
        if not picks[kind]:
            return None
        m = rng.choice(picks[kind])
        if kind == "draw source":
            m["source"] = "discard" if m["source"] == "stock" else "stock"
        else:
            m["card"] = other(m["card"])
    elif kind == "two moves swapped":
        k = rng.randrange(len(moves) - 1)
        moves[k], moves[k + 1] = moves[k + 1], moves[k]
    elif kind == "a move dropped":
        del moves[rng.randrange(len(moves))]
    elif kind == "a move twice":
        k = rng.randrange(len(moves))
        moves.insert(k, copy.deepcopy(moves[k]))
    elif kind == "a move's player":
        m = rng.choice(moves)
        m["player"] = rng.choice([p for p in rec["players"] if p != m["player"]])
    elif kind == "dealer":
        rec["dealer"] = rng.choice([p for p in rec["players"] if p != rec["dealer"]])
    elif kind == "dealt cards exchanged":
        a, b = rng.sample(rec["players"], 2)
        i, j = rng.randrange(len(rec["dealt"][a])), rng.randrange(len(rec["dealt"][b]))
        rec["dealt"][a][i], rec["dealt"][b][j] = rec["dealt"][b][j], rec["dealt"][a][i]
    elif kind == "up card":
        rec["up_card"] = other(rec["up_card"])
    return f


MUTATIONS = (
    "stock card",
    "discard pile card",
    "discarded card",
    "draw source",
    "two moves swapped",
    "a move dropped",
    "a move twice",
    "a move's player",
    "dealer",
    "dealt cards exchanged",
    "up card",
)


def test_the_two_verifiers_agree_on_tampered_records(hands):
    """One hand in ten of the 200 changed in one thing of each kind (a card drawn or discarded, a draw's
    source, moves swapped, dropped or doubled, a move's player, the dealer, the deal, the up card):
    POST /v1/verify's verdict and examples/verify_deal.py's agree on every copy, except where the
    first thing wrong is a meld or a lay-off (a meld that is none, a lay-off that does not fit, a
    meld's id), which only the referee judges (the example keeps no melds). A search over 1,800
    such copies of 300 other random hands found no other disagreement."""
    checked = refused = melds = 0
    for k, f in enumerate(hands[::10]):
        rng = random.Random(k)
        for kind in MUTATIONS:
            bad = _mutated(f, kind, rng)
            if bad is None:
                continue
            verdict = verify(REVEALED.load(bad))
            try:
                INDEPENDENT["check"](bad)
                independent = True
            except (ValueError, KeyError, IndexError, TypeError):
                independent = False
            checked += 1
            refused += not verdict.verified
            if verdict.verified != independent:
                n = re.match(r"move (\d+) \(", verdict.reasons[0].message) if verdict.reasons else None
                at = bad["record"]["moves"][int(n[1]) - 1]["action"] if n else None
                assert independent and at in ("meld", "lay_off"), (k, kind, verdict.summary)
                melds += 1
    assert checked > 200 and refused > 0.95 * checked and melds < 0.01 * checked, (checked, refused, melds)


def test_a_record_cut_short_or_under_other_rules_is_refused(hands, tc):
    honest = _long_hand(hands)
    cut = copy.deepcopy(honest)
    cut["record"]["moves"] = cut["record"]["moves"][:-1]
    body = post_verify(tc, cut)
    assert body["reasons"][0]["code"] == "unfinished"
    other_rules = {"preset": "basic" if honest["record"]["rules"]["preset"] != "basic" else "standard"}
    assert post_verify(tc, honest, rules=other_rules)["reasons"][0]["code"] == "rules_mismatch"
    assert post_verify(tc, honest, rules=honest["record"]["rules"])["verified"] is True


def test_a_malformed_revealed_hand_is_a_422_naming_the_field(tc):
    bad = copy.deepcopy(EXAMPLE)
    bad["seed"] = "xyz"
    r = tc.post("/v1/verify", json={"fairness": bad})
    assert r.status_code == 422 and r.get_json()["errors"][0]["pointer"] == "/fairness/seed"
    short = copy.deepcopy(EXAMPLE)
    short["deck"] = short["deck"][:51]
    r = tc.post("/v1/verify", json={"fairness": short})
    assert r.status_code == 422 and r.get_json()["errors"][0]["pointer"] == "/fairness/deck"
    long = dict(EXAMPLE, entropy="x" * 129)  # a string's length is in characters, not "items"
    r = tc.post("/v1/verify", json={"fairness": long})
    assert r.status_code == 422
    assert r.get_json()["errors"] == [{"pointer": "/fairness/entropy", "detail": "entropy must be at most 128 characters of text"}]
    assert post_verify(tc, dict(EXAMPLE, entropy="x" * 128))["reasons"][0]["code"] == "entropy_mismatch"


def test_the_independent_verifier_fails_a_file_with_no_revealed_hand(tmp_path):
    """Fresh eyes: a view of a hand still being played (its fairness has no seed or record yet)
    was checked as nothing at all: no line printed, exit 0, which reads as success."""
    playing = {"view": {"fairness": {"commitment": "0" * 64, "entropy": "", "next_commitment": None}}}
    path = tmp_path / "hands.json"
    assert run_verifier(tmp_path, playing) == (
        1,
        [f"FAILED {path}: no revealed hand in it (an object with 'seed' and 'record': a finished hand's result.fairness)"],
    )


def test_the_independent_verifier_says_1_restock_and_2_restocks(hands):
    """examples/verify_deal.py's line counts the restocks in words: "(1 restock)", "(0 restocks)"."""
    said = {}
    for f in hands:
        n, word = re.search(r"\((\d+) (restocks?)\)", INDEPENDENT["check"](f)).groups()
        said.setdefault(int(n), set()).add(word)
    assert said[0] == {"restocks"} and said[1] == {"restock"} and max(said) >= 2 and said[max(said)] == {"restocks"}
