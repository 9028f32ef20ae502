"""/play's "Check this deal" against dishonest services (issue 32, findings 1 and 6; issue 33 §3).

A service that keeps the committed seed but shuffles with the player's entropy plus invisible
characters, one that deals under other rules than the page chose, and one that reveals another
genuine hand (its seed, deck and record all hold) in place of the player's each passed the
page's old check. The page now asks for a pledge before it draws its entropy, keeps what it
knows of each hand (in its table session) and sends all of it to POST /v1/verify as `expect`;
each of these services is caught, said in the player's words, and an honest one is verified.

Each hand is finished through the API on the page's own token and seat (the easy bot's moves,
not the page's) and the page reloaded onto its end screen: one cheap hand a test."""

from __future__ import annotations

import json
import os
import urllib.request
from pathlib import Path

import pytest
from fairness_support import EVIL, InvisibleEntropy, OtherRules
from playwright.sync_api import expect
from tables_support import KEY_A

from schemas.wire import TABLE_WIRE
from tables import Sealer, Tables
from tables.store.embedded import EmbeddedStore

from .play_driver import Play, each_look

SHOTS = Path(os.environ.get("RUMMY_PLAY_SHOTS", "/tmp/shots-play"))


@pytest.fixture(scope="module")
def served(tmp_path_factory):
    """One app per kind of service, each on its own free loopback port, for the module: honest
    and dishonest ones with a table store (so hand 1 is pledged), and an honest one without (no
    pledge: 409)."""
    from live_server import serving

    from app import create_app

    urls, stack = {}, []
    kinds = {"honest": Tables, "invisible": InvisibleEntropy, "rules": OtherRules, "storeless": None}
    for name, kind in kinds.items():
        if kind is None:
            tables = Tables(Sealer([KEY_A], 3600), wire=TABLE_WIRE)
        else:
            store = EmbeddedStore(tmp_path_factory.mktemp("store") / "tables.sqlite3")
            store.start()
            tables = kind(Sealer([KEY_A], 3600), store, wire=TABLE_WIRE)
        ctx = serving(create_app({"TABLES": tables}), f"fair-{name}")
        urls[name] = ctx.__enter__()
        stack.append(ctx)
    try:
        yield urls
    finally:
        for ctx in reversed(stack):
            ctx.__exit__(None, None, None)


def post(base, path, body):
    req = urllib.request.Request(base + path, json.dumps(body).encode(), {"Content-Type": "application/json"})
    with urllib.request.urlopen(req, timeout=30) as r:
        return json.loads(r.read())


def finish_hand(page, base):
    return Play(page, base).finish_by_api()


def start(page, base):
    """A game against one easy bot; answers what the page's session knows of hand 1."""
    play = Play(page, base)
    play.start(opponents=1, levels=("easy",))
    known = play.saved()["session"]["expectations"][0]
    assert known["hand"] == 1 and len(known["dealt"]) == 10 and known["rules"] == {"preset": "standard", "target_score": 100}
    return known


def check(page):
    """The end screen before the check (the explanation, no answer, no details), then the check."""
    expect(page.locator("#fair-title")).to_have_text("Was this deal fair?")
    expect(page.locator("#fair-intro")).to_contain_text("checking replays the hand and compares it with what this page sent and saw")
    expect(page.locator("#fair-details")).to_be_hidden()
    page.click("#check-deal")
    page.wait_for_selector("#fair-said[data-verdict]")
    return page.get_attribute("#fair-said", "data-verdict")


def facts(page):
    page.click("#fair-details summary")
    terms = page.locator("#fair-facts dt").all_inner_texts()
    return dict(zip(terms, page.locator("#fair-facts dd").all_inner_texts(), strict=True))


def test_an_honest_pledged_deal_is_said_fair_with_the_details_one_tap_away(page, served):
    SHOTS.mkdir(parents=True, exist_ok=True)
    known = start(page, served["honest"])
    pledge = known["promised"]
    assert pledge is not None and pledge == known["commitment"]  # hand 1's commitment is the pledge's, shown before the entropy
    view, _ = finish_hand(page, served["honest"])
    f = view["result"]["fairness"]
    assert f["entropy"] == known["entropy"] and f["commitment"] == pledge
    expect(page.locator("#fair-first")).to_be_hidden()
    page.locator("#fair").scroll_into_view_if_needed()
    page.screenshot(path=str(SHOTS / "fairness-before.png"), full_page=True)
    assert check(page) == "verified"
    expect(page.locator("#fair-said strong")).to_have_text("✓ Your cards were dealt fairly")
    expect(page.locator("#fair-said")).to_contain_text("shuffled with that text as your device sent it")
    assert "Nothing" not in page.inner_text("#fair-said") and "✗" not in page.inner_text("#fair-said")
    shown = facts(page)
    assert shown["Random text your device sent"] == known["entropy"] == shown["Random text the service shuffled with"]
    assert shown["Lock shown before your device sent its random text"] == pledge == shown["Lock of this hand (SHA-256 of the seed)"]
    assert shown["Seed, revealed now"] == f["seed"]
    assert shown["Compared with what this page knows"] == (
        "the random text your device sent, the lock you were shown before it was sent, the dealer your table showed, "
        "the rules you chose, the cards you were dealt"
    )
    page.locator("#fair").scroll_into_view_if_needed()
    page.screenshot(path=str(SHOTS / "fairness-verified.png"), full_page=True)
    # The answer and its details at both sizes, light and dark: nothing for axe-core to fix, no sideways scroll.
    each_look(page, "the fairness check's answer")


def test_invisible_characters_added_to_the_entropy_are_caught(page, served):
    known = start(page, served["invisible"])
    view, _ = finish_hand(page, served["invisible"])
    assert view["result"]["fairness"]["entropy"] == known["entropy"] + EVIL
    assert check(page) == "refused"
    expect(page.locator("#fair-said strong")).to_have_text("✗ Do not rely on this deal")
    expect(page.locator("#fair-said")).to_contain_text(
        f"Your cards were not shuffled with the random text your device sent: it sent “{known['entropy']}”, the service shuffled with "
        f"“{known['entropy']}[U+200B][U+200D][U+2060][U+200D]”. It changed your text, so it could have chosen the deal."
    )
    assert "✓" not in page.inner_text("#fair-said")
    shown = facts(page)
    assert shown["Random text your device sent"] == known["entropy"]
    assert shown["Random text the service shuffled with"] == known["entropy"] + "[U+200B][U+200D][U+2060][U+200D]"
    assert page.evaluate("document.documentElement.scrollWidth <= innerWidth")  # the long texts wrap at 360 px
    page.locator("#fair").scroll_into_view_if_needed()
    SHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SHOTS / "fairness-caught.png"), full_page=True)
    each_look(page, "a caught deal")


def test_other_rules_than_the_players_are_caught(page, served):
    start(page, served["rules"])
    view, _ = finish_hand(page, served["rules"])
    assert check(page) == "refused"
    expect(page.locator("#fair-said")).to_contain_text("The hand was played under other rules than the ones you chose.")
    assert "✓" not in page.inner_text("#fair-said")


def test_another_genuine_hand_revealed_in_place_of_yours_is_caught(page, served):
    """The service reveals another table's finished hand (genuine: its seed, deck and record
    hold, so a check that compares nothing the player knows verifies it) as this hand's."""
    base = served["honest"]
    other = post(base, "/v1/tables", {"players": ["Ana", "Bob"], "bots": {"Bob": "easy"}, "seat": "Ana", "entropy": "theirs-5678"})
    start(page, base)
    v, _ = Play(page, base).play_out_by_api(other["table"], other["seats"]["Ana"])  # the other table's hand, to its end
    genuine = v["result"]["fairness"]
    assert post(base, "/v1/verify", {"fairness": genuine})["verified"] is True

    def swap(route):
        answer = route.fetch()
        body = answer.json()
        if body.get("view", {}).get("result"):
            body["view"]["result"]["fairness"] = genuine
        route.fulfill(response=answer, json=body)

    page.route("**/v1/tables/view", swap)
    finish_hand(page, base)
    assert check(page) == "refused"
    said = page.inner_text("#fair-said")
    assert "Your cards were not shuffled with the random text your device sent" in said
    assert "Your cards did not come from the shuffle the service locked in and showed you" in said
    assert "The service’s record says you were dealt other cards than the ones you held: it is another hand than yours." in said
    assert "✓" not in said


def test_a_service_without_a_table_store_says_its_deals_cannot_be_checked(page, served):
    """No store: no pledge (409) and no deal revealed. The game is dealt all the same, and the
    end of a hand says in one sentence why there is nothing to check."""
    page.allow_network_errors = True  # the refused pledge (409), as the browser logs it
    known = start(page, served["storeless"])
    assert known["promised"] is None
    assert page.evaluate("localStorage.getItem('rummy-referee-play-starting-v1')") is None  # nothing pending
    finish_hand(page, served["storeless"])
    expect(page.locator("#fair")).to_be_hidden()
    expect(page.locator("#fair-none")).to_have_text(
        "This service keeps no tables, so it could not lock in your first hand’s shuffle before your device sent its random text, "
        "and it reveals no deal when a hand ends: the deals of this game cannot be checked."
    )


def test_what_a_check_did_not_compare_is_never_called_fair(page, served):
    """The words for a verified hand that compared less: a first hand whose lock came after the
    page's entropy, and a hand this page did not deal itself (it knows no entropy, no cards)."""
    Play(page, served["honest"]).open()
    said = page.evaluate(
        """async () => {
             const m = await import('/static/js/play/fairness.js');
             const answer = { verified: true, reasons: [], summary: 'Verified.', checked: { expected: [] } };
             const all = { entropy: 'e', commitment: 'c', dealer: 'Bob', rules: {}, hand: {} };
             const check = (expect, promised) => ({ ok: true, data: { verified: true, expect, problems: [], checked: { promised }, answer } });
             return [
               m.judge(check(all, null), { hand: 1, result: { fairness: {} } }),
               m.judge(check({ commitment: 'c', dealer: 'Bob', rules: {} }, null), { hand: 3, result: { fairness: {} } }),
               m.judge(check(all, true), { hand: 2, result: { fairness: {} } }),
               m.judge({ ok: false, kind: 'network', message: 'Could not reach the Rummy Referee.' }, { hand: 2 }),
             ];
           }"""
    )
    assert [s["verdict"] for s in said] == ["partial", "partial", "verified", "unchecked"]
    assert said[0]["headline"] == "✓ Nothing was changed during this hand"
    assert "not that the deal was not chosen" in " ".join(said[0]["lines"])
    assert said[1]["headline"] == "✓ This hand holds together"
    assert "This page does not know the random text your device sent, the cards you were dealt" in " ".join(said[1]["lines"])
    assert said[2]["headline"] == "✓ Your cards were dealt fairly"
    assert said[3]["lines"][-1].endswith("That says nothing about the deal: try again.")
