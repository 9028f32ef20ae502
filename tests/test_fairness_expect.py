"""Checks that compare with what the player knows (contract, Provably fair deals, ``expect``):
a dishonest service that keeps the committed seed but changes the player's entropy (invisible
characters, or visible ones), the rules, or reveals another genuine hand in place of the
player's, passes every check that compares nothing the player knows; with the player's
expectations, ``POST /v1/verify`` and ``examples/verify_deal.py`` refuse it, naming which.
Entropy is printable ASCII, and only a seat deals the next hand."""

from __future__ import annotations

import json

import pytest
from fairness_support import EVIL, VERIFIER, InvisibleEntropy, OtherRules, VisibleEntropy, post_verify
from tables_support import KEY_A, embedded_store, picker

from app import create_app
from schemas.wire import TABLE_WIRE
from tables import Sealer, Tables


def app_with(kind=Tables):
    """An app over the service ``kind``, with a table store as a service runs by default (one
    without reveals no deck)."""
    return create_app({"TESTING": True, "TABLES": kind(Sealer([KEY_A], 7 * 24 * 3600), embedded_store(), wire=TABLE_WIRE)})


RULES = {"preset": "standard", "max_restocks": 1}


def played(tc, entropy="ab5fab98c0ffee", players=("ana", "bob"), rules=RULES):
    """A hand of ana (human, playing her legal moves) against an easy bot, to its end: the
    first answer (what ana knows), the last view and the last token."""
    made = tc.post(
        "/v1/tables", json={"players": list(players), "bots": {"bob": "easy"}, "seat": "ana", "entropy": entropy, "rules": rules}
    )
    assert made.status_code == 201, made.get_json()
    made = made.get_json()
    token, seat, pick = made["table"], made["seats"]["ana"], picker(3)
    for _ in range(2000):
        v = tc.post("/v1/tables/view", json={"table": token, "seat": seat}).get_json()["view"]
        if v["status"] != "playing":
            return made, v, token
        m = dict(pick([x for x in v["legal_moves"] if not (x["action"] == "draw" and x["source"] == "discard")] or v["legal_moves"]))
        m.pop("player")
        token = tc.post("/v1/tables/move", json={"table": token, "seat": seat, "move": m}).get_json()["table"]
    raise AssertionError("the hand did not end")


def knows(made, entropy="ab5fab98c0ffee"):
    """Everything ana knows from her own side: what she sent, was shown and was dealt."""
    first = made["view"]
    me = next(p for p in first["players"] if p["id"] == "ana")
    dealt = list(me["hand"])  # the first view comes before ana's first move: she holds what she was dealt
    return {"entropy": entropy, "dealer": first["dealer"], "rules": RULES, "hand": {"player": "ana", "cards": dealt}}


def verifier(tmp_path, data, *flags):
    import subprocess
    import sys

    path = tmp_path / "hand.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    done = subprocess.run([sys.executable, str(VERIFIER), *flags, str(path)], capture_output=True, text=True, timeout=120)
    return done.returncode, done.stdout


def flags_of(expect: dict) -> list[str]:
    out = []
    for key in ("entropy", "commitment", "dealer"):
        if key in expect:
            out += [f"--{key}", expect[key]]
    if "rules" in expect:
        out += ["--rules", json.dumps(expect["rules"])]
    if "hand" in expect:
        out += ["--player", expect["hand"]["player"], "--hand", " ".join(expect["hand"]["cards"])]
    return out


def test_an_honest_hand_matches_everything_the_player_knows(tmp_path):
    tc = app_with().test_client()
    made, last, _ = played(tc, players=("ana", "bob"))
    f = last["result"]["fairness"]
    expect = {**knows(made), "commitment": made["view"]["fairness"]["commitment"]}
    assert made["view"]["dealer"] == "bob"  # ana, to bob's left, leads: her first view holds the cards dealt (R3)
    body = post_verify(tc, f, expect=expect)
    assert body["verified"] is True, body
    assert body["checked"]["expected"] == ["entropy", "commitment", "dealer", "rules", "hand"]
    assert body["summary"].endswith(
        "It is the hand you know: the entropy you sent, the commitment you were shown, the dealer, the rules you agreed and the cards you "
        "were dealt match."
    )
    code, out = verifier(tmp_path, last, *flags_of(expect))
    assert (
        code == 0 and out.startswith("OK ") and out.rstrip().endswith("it matches what you know: entropy, commitment, dealer, rules, hand")
    )
    # without expectations the answer says what it did not compare
    plain = post_verify(tc, f)
    assert plain["verified"] is True and plain["checked"]["expected"] == []
    assert "Nothing was compared with what you know" in plain["summary"]


def test_invisible_characters_added_to_the_entropy_are_caught():
    """Finding 1 reproduced: the double's hand has the promised commitment and every card follows
    from the seed and the entropy revealed; that entropy is not what ana sent. The service
    refuses it even without expectations (entropy is printable ASCII), and with ana's entropy
    the reason is the mismatch, shown with the hidden characters spelled out."""
    tc = app_with(InvisibleEntropy).test_client()
    made, last, _ = played(tc)
    f = last["result"]["fairness"]
    assert f["entropy"] == "ab5fab98c0ffee" + EVIL
    plain = post_verify(tc, f)
    assert plain["verified"] is False and plain["reasons"][0]["code"] == "entropy_mismatch"
    assert "[U+200B][U+200D][U+2060][U+200D]" in plain["reasons"][0]["message"]
    body = post_verify(tc, f, expect={"entropy": "ab5fab98c0ffee"})
    assert body["verified"] is False
    assert [(r["code"], r["expect"]) for r in body["reasons"]] == [("expect_mismatch", "entropy")]
    assert body["reasons"][0]["message"] == (
        'the hand was shuffled with the entropy "ab5fab98c0ffee[U+200B][U+200D][U+2060][U+200D]", not the "ab5fab98c0ffee" you sent: '
        "the service changed your entropy, so it could have chosen the deal"
    )


def test_visible_characters_added_to_the_entropy_are_caught_only_by_the_players_entropy(tmp_path):
    tc = app_with(VisibleEntropy).test_client()
    made, last, _ = played(tc)
    f = last["result"]["fairness"]
    assert post_verify(tc, f)["verified"] is True  # consistent: only what ana knows tells
    assert verifier(tmp_path, last)[0] == 0
    body = post_verify(tc, f, expect=knows(made))
    assert body["verified"] is False and [r["expect"] for r in body["reasons"]] == ["entropy"]
    code, out = verifier(tmp_path, last, *flags_of(knows(made)))
    assert code == 1 and 'the hand was shuffled with the entropy "ab5fab98c0ffee!x", not the "ab5fab98c0ffee" you sent' in out


def test_other_rules_than_the_players_are_caught(tmp_path):
    tc = app_with(OtherRules).test_client()
    made, last, _ = played(tc)
    f = last["result"]["fairness"]
    assert f["record"]["rules"]["max_restocks"] is None  # asked: 1
    assert post_verify(tc, f)["verified"] is True
    body = post_verify(tc, f, expect={"rules": RULES})
    assert [(r["code"], r["expect"], r["rule"]) for r in body["reasons"]] == [("expect_mismatch", "rules", "R21")]
    assert "(max_restocks differ)" in body["reasons"][0]["message"]
    code, out = verifier(tmp_path, last, "--rules", json.dumps(RULES))
    assert code == 1 and "other rules than the ones you agreed (max_restocks differ)" in out


def test_another_genuine_hand_revealed_in_place_of_yours_is_refused(tmp_path):
    """Finding 6: another genuine hand (its own commitment, seed, deck and record all hold)
    revealed in place of ana's passes a check that compares nothing she knows; her commitment,
    her entropy and her cards each refuse it."""
    tc = app_with().test_client()
    mine, _, _ = played(tc, entropy="mine-1234")
    _, other, _ = played(tc, entropy="theirs-5678")
    f = other["result"]["fairness"]
    assert post_verify(tc, f)["verified"] is True
    expect = {**knows(mine, "mine-1234"), "commitment": mine["view"]["fairness"]["commitment"]}
    body = post_verify(tc, f, expect=expect)
    assert body["verified"] is False
    assert [r["expect"] for r in body["reasons"]] == ["entropy", "commitment", "hand"]  # the dealer and the rules are alike
    assert body["reasons"][2]["message"].endswith("you were dealt: it is another hand than yours")
    code, out = verifier(tmp_path, other, *flags_of(expect))
    assert code == 1 and out.startswith("FAILED ") and "you were shown" in out and "you were dealt" in out
    # the cards alone are enough
    body = post_verify(tc, f, expect={"hand": expect["hand"]})
    assert [r["expect"] for r in body["reasons"]] == ["hand"]


@pytest.mark.parametrize(
    "entropy",
    ["ab\u200b", "ana\u00e9", "\u0430na", " ab", "ab ", "a\tb", "a\nb", "x" * 129, ""],
)
def test_entropy_is_printable_ascii(entropy):
    tc = app_with().test_client()
    r = tc.post("/v1/tables", json={"players": ["ana", "ben"], "entropy": entropy})
    assert r.status_code == 422 and [e["pointer"] for e in r.get_json()["errors"]] == ["/entropy"], r.get_json()
    assert tc.post("/v1/tables", json={"players": ["ana", "ben"], "entropy": "a b ~!{}"}).status_code == 201


def test_only_a_seat_deals_the_next_hand():
    """Finding 3: whoever saw one token (no seat) could deal the table's next hand."""
    tc = app_with().test_client()
    made, _, token = played(tc, rules={**RULES, "deals": 2})  # hand 1 cannot end a game of two deals (R20)
    done = {"table": token, "seat": made["seats"]["ana"]}
    for body in ({"table": done["table"]}, {"table": done["table"], "seat": None}, {"table": done["table"], "entropy": "mine"}):
        r = tc.post("/v1/tables/next", json=body)
        assert r.status_code == 403 and r.mimetype == "application/problem+json", r.get_json()
        assert r.get_json()["detail"] == "only a seat of this table deals its next hand: send your seat with the table"
    r = tc.post("/v1/tables/next", json={"table": done["table"], "seat": done["seat"], "entropy": "mine"})
    assert r.status_code == 200 and r.get_json()["view"]["hand"] == 2
