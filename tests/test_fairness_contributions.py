"""No single party chooses a deal (contract, Provably fair deals): at a table of several human
seats each seat sends its own entropy for the next deal, the hand is dealt once every one has
(until then the table says which seats it waits for), a seat's other entropy for the same deal
is a 409, and the revealed hand shows each contribution and verifies by both verifiers."""

from __future__ import annotations

import copy
import json
import subprocess
import sys

from fairness_support import VERIFIER, post_verify
from tables_http_support import play_hand
from tables_support import KEY_A

from app import create_app
from referee.fairness import Contribution, combined_entropy
from schemas.wire import TABLE_WIRE
from tables import Sealer, Tables
from tables.store.embedded import EmbeddedStore

PLAYERS = ["ana", "ben", "cy"]


def test_a_three_human_table_deals_only_when_all_three_have_sent_entropy(tmp_path):
    store = EmbeddedStore(tmp_path / "tables.sqlite3")
    store.start()
    tc = create_app({"TESTING": True, "TABLES": Tables(Sealer([KEY_A], 3600), store, wire=TABLE_WIRE)}).test_client()
    # a game of two deals (R20): hand 1 cannot end it, as the target of 100 could (the winner of
    # a random hand 1 reaches 100 about 0.3% of the time), so every deal leads on to hand 2
    made = tc.post("/v1/tables", json={"players": PLAYERS, "entropy": "ana-hand-1", "rules": {"deals": 2}}).get_json()
    seats = made["seats"]
    token, last = play_hand(tc, made["table"], seats)
    promised = last["view"]["fairness"]["next_commitment"]
    assert last["view"]["fairness"]["waiting_for"] == PLAYERS

    def nxt(table, who, entropy):
        return tc.post("/v1/tables/next", json={"table": table, "seat": seats[who], "entropy": entropy})

    r = nxt(token, "ana", "ana-2")
    assert r.status_code == 200, r.get_json()
    body = r.get_json()
    assert body["view"]["hand"] == 1 and body["view"]["status"] != "playing"  # nothing dealt yet
    assert body["view"]["fairness"]["waiting_for"] == ["ben", "cy"]
    assert body["summary"] == "Your entropy is in; the deal waits for ben and cy to send theirs."
    token2 = body["table"]
    # the same entropy again changes nothing; other entropy from the same seat is refused
    again = nxt(token2, "ana", "ana-2")
    assert again.status_code == 200 and again.get_json()["view"]["fairness"]["waiting_for"] == ["ben", "cy"]
    other = nxt(token2, "ana", "ana-other")
    assert other.status_code == 409 and "one commitment takes one entropy per seat" in other.get_json()["detail"]
    # ben on the old token: a 409 carrying the latest (the replay guard), then ben on it
    stale = nxt(token, "ben", "ben-2")
    assert stale.status_code == 409 and stale.get_json()["table"] == token2
    r = nxt(token2, "ben", "ben-2")
    assert r.status_code == 200 and r.get_json()["view"]["fairness"]["waiting_for"] == ["cy"] and r.get_json()["view"]["hand"] == 1
    # no entropy from a seat of such a table is a 422
    assert tc.post("/v1/tables/next", json={"table": r.get_json()["table"], "seat": seats["cy"]}).status_code == 422
    dealt = nxt(r.get_json()["table"], "cy", "cy-2")
    assert dealt.status_code == 200
    fair = dealt.get_json()["view"]["fairness"]
    assert dealt.get_json()["view"]["hand"] == 2 and fair["commitment"] == promised
    assert fair["contributions"] == [{"player": p, "entropy": f"{p}-2"} for p in PLAYERS]
    assert fair["entropy"] == combined_entropy([Contribution(p, f"{p}-2") for p in PLAYERS]) and fair["entropy"].startswith("v2:")
    ben_dealt = tc.post("/v1/tables/view", json={"table": dealt.get_json()["table"], "seat": seats["ben"]}).get_json()["view"]
    ben_cards = next(p["hand"] for p in ben_dealt["players"] if p["id"] == "ben")
    # hand 2 played out: revealed with each contribution, verified by both verifiers with ben's expectations
    _, end = play_hand(tc, dealt.get_json()["table"], seats)
    revealed = end["view"]["result"]["fairness"]
    assert revealed["contributions"] == fair["contributions"]
    expect = {"entropy": "ben-2", "commitment": promised, "hand": {"player": "ben", "cards": ben_cards}}
    body = post_verify(tc, revealed, expect=expect)
    assert body["verified"] is True and body["checked"]["expected"] == ["entropy", "commitment", "hand"], body
    assert post_verify(tc, revealed, expect={**expect, "entropy": "ana-2"})["reasons"][0]["expect"] == "entropy"  # ana's, not ben's
    path = tmp_path / "hand.json"
    path.write_text(json.dumps(revealed), encoding="utf-8")
    flags = ["--entropy", "ben-2", "--commitment", promised, "--player", "ben", "--hand", " ".join(ben_cards)]
    done = subprocess.run([sys.executable, str(VERIFIER), *flags, str(path)], capture_output=True, text=True, timeout=120)
    assert done.returncode == 0 and done.stdout.startswith("OK "), done.stdout
    # a contribution changed after the fact: the combination no longer holds, in both verifiers
    forged = copy.deepcopy(revealed)
    forged["contributions"][2]["entropy"] = "cy-x"
    assert post_verify(tc, forged)["reasons"][0]["code"] == "entropy_mismatch"
    path.write_text(json.dumps(forged), encoding="utf-8")
    done = subprocess.run([sys.executable, str(VERIFIER), str(path)], capture_output=True, text=True, timeout=120)
    assert done.returncode == 1 and "combination of the seats' entropy" in done.stdout
