"""At the table without signal: after one visit the service worker has kept the pages, and the
scorepad and the meld checker answer on the phone with the service's own answers (the offline
judge, static/js/judge, held equal to the referee by tests/test_offline_judge.py). What was entered
offline is marked, and checked by the service once the connection is back; /play opens and says
that a game needs the connection. The page's CSP is the same as before."""

import app as app_module

from .axe import assert_accessible
from .scorepad_driver import api_post, service_scorepad
from .test_scorepad_table import in_view

PLAYERS = ["Ana", "Ben", "Cy", "Dee"]
# Five hands of a game to 100 (standard rules: going rummy doubles): Ana goes rummy in hand 5
# for 2 × (12 + 10 + 8) = 60 and 45 + 60 = 105 points.
HANDS = [
    ("Ana", {"Ben": 20, "Cy": 15, "Dee": 10}, False),
    ("Ben", {"Ana": 5, "Cy": 10, "Dee": 5}, False),
    ("Cy", {"Ana": ["KS", "QH"], "Ben": 8, "Dee": 2}, False),
    ("Dee", {"Ana": 3, "Ben": 4, "Cy": 3}, False),
    ("Ana", {"Ben": 12, "Cy": 10, "Dee": 8}, True),
]


def _check_meld(page, pad, codes):
    page.click("#clear-check")
    for code in codes:
        page.click(f"#suit-meld-{code[-1]} + span")
        page.click(f"#rank-meld-{code[:-1]}")
    page.click("#check-meld")
    page.wait_for_selector("#verdict:not([hidden])")
    return pad.text("#verdict-summary")


def test_offline_after_one_visit_a_game_is_kept_to_its_winner_and_melds_judged(pad, page, context, server_url, shots):
    page.allow_network_errors = True
    pad.open()
    page.wait_for_function("() => navigator.serviceWorker.controller !== null")

    context.set_offline(True)
    pad.reload()
    pad.start(PLAYERS, target=100)
    assert page.is_visible("#offline-note")
    assert "Playing against the computer needs the connection." in pad.text("#offline-note")
    for winner, remaining, rummy in HANDS:
        pad.enter_hand(winner, remaining, rummy=rummy)
    # the service's own answer to the same pad, asked from here (the browser is offline)
    status, service = service_scorepad(server_url, PLAYERS, HANDS)
    assert status == 200 and service["winner"] == "Ana" and service["totals"] == {"Ana": 105, "Ben": 20, "Cy": 30, "Dee": 10}
    assert pad.totals() == service["totals"]
    assert pad.text("#winner-banner") == "Ana wins with 105 points!"
    assert pad.stored()["result"] == service
    assert all("entered offline" in pad.history_text(k) for k in range(5))
    page.evaluate("() => window.scrollTo(0, 0)")
    page.screenshot(path=str(shots / "offline-pad-360.png"), full_page=True)
    assert_accessible(page, "the scorepad offline, a game over")

    # the meld checker: the service's own sentences, said to be worked out on the phone
    page.click("#nav-check")
    for codes in (["QS", "KS", "AS"], ["5S", "6S", "7S"]):
        _, verdict = api_post(server_url, "/v1/melds/check", {"cards": codes, "rules": {"preset": "standard", "target_score": 100}})
        assert _check_meld(page, pad, codes) == verdict["summary"]
        assert pad.text("#verdict-offline").startswith("Checked on this phone (no connection)")
    assert pad.text("#verdict-summary") == "5♠ 6♠ 7♠ is a run of spades"
    page.screenshot(path=str(shots / "offline-checker-360.png"))
    assert_accessible(page, "a meld checked offline")

    # /play opens, and says in a player's words that a game needs the connection
    page.goto("/play")
    page.wait_for_selector("#offline-play:not([hidden])")
    assert "A game against the computer needs the connection" in pad.text("#offline-play")
    assert_accessible(page, "/play offline")

    # back online: the service checks the hands entered offline
    context.set_offline(False)
    pad.open()
    page.wait_for_selector("#notice:not([hidden])")
    assert pad.text("#notice") == "Back online: the Rummy Referee has checked the 5 hands entered with no connection."
    assert not page.is_visible("#offline-note")
    assert "entered offline" not in pad.history_text(4)
    assert in_view(page, "#notice")


def test_manifest_and_worker_are_served_under_the_same_csp(page, server_url):
    response = page.goto("/")
    assert response.headers["content-security-policy"] == app_module.PAGE_CSP
    manifest = page.request.get("/static/manifest.webmanifest")
    assert manifest.headers["content-type"].startswith("application/manifest+json")
    assert manifest.json()["start_url"] == "/"
    worker = page.request.get("/sw.js")
    assert worker.headers["content-type"].startswith("text/javascript")
    assert worker.headers["cache-control"] == "no-cache"
