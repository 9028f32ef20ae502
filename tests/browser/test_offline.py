"""Installable and offline-tolerant: after a first visit the service worker has kept the page and
its files, so with no connection the page opens with the last game, says plainly that saving new
hands needs a connection, and keeps what was typed. The page's CSP is the same as before."""

import app as app_module

from .test_scorepad_table import in_view


def test_the_page_opens_offline_with_the_last_game(pad, page, context, shots):
    page.allow_network_errors = True
    pad.open()
    pad.start(["Ana", "Ben", "Cy"], target=150)
    pad.enter_hand("Ana", {"Ben": 20, "Cy": 15})
    page.click("#nav-rules")  # read once online: kept for offline
    page.wait_for_selector("#rule-aces")
    page.click("#nav-pad")
    pad.fill_hand("Cy", {"Ana": 7})  # half typed: Ben's points not yet
    # the worker controls the page once it has kept every file
    page.wait_for_function("() => navigator.serviceWorker.controller !== null")

    context.set_offline(True)
    pad.reload()
    page.wait_for_selector("#notice:not([hidden])")
    assert pad.text("#notice") == (
        "Offline: showing the totals of the last answer. Saving new hands needs a connection; what you type is kept. Try again"
    )
    assert pad.totals() == {"Ana": 35, "Ben": 0, "Cy": 0}
    assert pad.text("#entry-title") == "Hand 2"
    assert page.is_checked("#winner-2")
    assert page.input_value("#points-0") == "7"
    # said again beside Save, which stays in view
    assert pad.text("#saved-note") == "Offline: saving a hand needs a connection. What you type is kept."
    page.fill("#points-1", "9")
    page.evaluate("() => window.scrollTo(0, 0)")
    assert in_view(page, "#notice") and in_view(page, "#saved-note") and in_view(page, "#save-hand")
    page.screenshot(path=str(shots / "9-offline-start-360.png"))

    page.click("#save-hand")
    page.wait_for_selector("#hand-error:not([hidden])")
    assert pad.text("#hand-error").startswith("Could not reach the Rummy Referee")
    assert pad.hand_count() == 1

    # the rules read before are there; checking a meld says it needs the connection
    page.click("#nav-rules")
    page.wait_for_selector("#rule-aces")
    page.click("#nav-check")
    page.click("#suit-meld-S + span")
    for rank in ("5", "6", "7"):
        page.click(f"#rank-meld-{rank}")
    page.click("#check-meld")
    page.wait_for_selector("#check-error:not([hidden])")
    assert "Checking a meld needs a connection" in pad.text("#check-error")

    # back online: the hand typed offline is saved
    context.set_offline(False)
    page.click("#nav-pad")
    pad.save_hand(expect_hands=2)
    assert pad.totals() == {"Ana": 35, "Ben": 0, "Cy": 16}


def test_manifest_and_worker_are_served_under_the_same_csp(page, server_url):
    response = page.goto("/")
    assert response.headers["content-security-policy"] == app_module.PAGE_CSP
    manifest = page.request.get("/static/manifest.webmanifest")
    assert manifest.headers["content-type"].startswith("application/manifest+json")
    assert manifest.json()["start_url"] == "/"
    worker = page.request.get("/sw.js")
    assert worker.headers["content-type"].startswith("text/javascript")
    assert worker.headers["cache-control"] == "no-cache"
