"""axe-core (WCAG 2.1 A and AA, and axe's best practices) on every state of the pages, at 360×740
and 1280×800, light and dark: the scorepad (setup, a hand being entered with card pickers, a
refused entry, the history's delete confirmation), the meld checker (empty, a verdict), the rules
screen, and /play (setup, the table on the player's turn, a hint, a refusal, the New game
confirmation). /play's end of a hand and of a game are audited by the whole-game test, /docs by
test_docs."""

import pytest

from .axe import assert_accessible
from .play_driver import Play
from .scorepad_driver import Scorepad

LOOKS = {
    "phone-light": ({"width": 360, "height": 740}, "light"),
    "phone-dark": ({"width": 360, "height": 740}, "dark"),
    "desktop-light": ({"width": 1280, "height": 800}, "light"),
    "desktop-dark": ({"width": 1280, "height": 800}, "dark"),
}


@pytest.fixture(params=sorted(LOOKS))
def looked(request, browser, server_url):
    viewport, scheme = LOOKS[request.param]
    ctx = browser.new_context(viewport=viewport, color_scheme=scheme, base_url=server_url, has_touch=viewport["width"] < 600)
    ctx.set_default_timeout(10_000)
    pg = ctx.new_page()
    yield pg
    ctx.close()


def test_the_scorepad_checker_and_rules_screens(looked, server_url):
    page = looked
    pad = Scorepad(page, server_url)
    pad.open()
    assert_accessible(page, "scorepad setup")
    pad.start(["Ana", "Ben", "Cy"], target=150)
    pad.choose_winner("Cy")
    page.click("#mode-0-cards + span")
    pad.pick_card(0, "KH")
    page.click("#mode-1-cards + span")
    page.click("#rank-1-7")  # rank first: its four suits
    assert_accessible(page, "a hand with two card pickers")
    page.click("#mode-1-points + span")
    page.fill("#points-1", "500")
    page.click("#save-hand")
    page.wait_for_selector("#opp-1-error:not([hidden])")
    assert_accessible(page, "a refused entry")
    page.fill("#points-1", "5")
    pad.save_hand(expect_hands=1)
    page.click("#delete-0")
    assert_accessible(page, "the delete confirmation and the chart")
    page.click("#nav-check")
    page.wait_for_selector("#check-screen:not([hidden])")  # the tab is a link: the screen follows its hashchange
    assert_accessible(page, "the meld checker, empty")
    for code in ("5S", "6S", "7S"):
        pad.pick_card("meld", code)
    page.click("#check-meld")
    page.wait_for_selector("#verdict:not([hidden])")
    assert_accessible(page, "the meld checker's verdict")
    page.click("#nav-rules")
    page.wait_for_selector("#rules-screen:not([hidden])")
    assert_accessible(page, "the rules screen")


def test_play_setup_table_hint_refusal_and_confirmation(looked, server_url):
    page = looked
    play = Play(page, server_url)
    play.open()
    page.wait_for_selector("#setup:not([hidden])")
    assert_accessible(page, "/play setup")
    play.start(opponents=3, levels=("easy", "medium", "hard"))
    assert_accessible(page, "/play table, the player to draw")
    page.click("#stock")
    play.wait_idle()
    play.hint()
    assert_accessible(page, "/play with a hint")
    play.raise_only([play.hand()[0]])
    page.click("#meld")
    play.wait_idle()
    assert_accessible(page, "/play with a refusal")
    page.click("#quit")
    assert_accessible(page, "/play's New game confirmation")
