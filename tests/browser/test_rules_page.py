"""The rulebook page (GET /rules) in a phone-sized Chromium: readable at 360 px, an anchor per
rule id, and, after a first visit, open with no connection (the phone page's service worker)."""

from web.rulebook import rule_ids

from .axe import assert_accessible
from .test_static_assets import no_inline


def test_r11_opens_offline_after_a_first_visit(page, context, shots):
    page.allow_network_errors = True
    page.goto("/rules")
    # the worker controls the page once it has kept every file
    page.wait_for_function("() => navigator.serviceWorker.controller !== null")

    context.set_offline(True)
    page.goto("/rules#R11")
    heading = page.locator("#R11")
    assert heading.inner_text() == "Run R11"  # the players' reading: the id a small anchor after the title
    assert page.evaluate("() => document.querySelector(':target') && document.querySelector(':target').id") == "R11"
    # scrolled to R11: its heading is at the top of the screen
    top = heading.bounding_box()["y"]
    assert 0 <= top < 100
    assert "Aces are low" in page.locator("#R11 + p").inner_text()
    page.screenshot(path=str(shots / "rules-R11-offline-360.png"))
    # the phone page was kept by the same visit
    page.goto("/")
    assert page.locator("h1").inner_text() == "Rummy scorepad"
    context.set_offline(False)


def test_every_rule_readable_at_360_px(page, shots):
    response = page.goto("/rules")
    no_inline(response.text())
    assert page.title() == "Rulebook · Rummy Referee"
    ids = page.eval_on_selector_all("h3[id^=R]", "els => els.map(e => e.id)")
    assert ids == rule_ids()
    # no sideways scrolling of the page at phone width; the wide tables scroll inside themselves
    assert page.evaluate("() => document.documentElement.scrollWidth") <= 360
    # a rule id in the text links to its rule
    page.click("#R16 + p a[href='#R18a']")
    page.wait_for_function("() => location.hash === '#R18a'")
    assert page.locator("#R18a").inner_text() == "A stalled hand R18a"
    font = page.eval_on_selector("#R2a + p", "e => parseFloat(getComputedStyle(e).fontSize)")
    assert font >= 16
    page.screenshot(path=str(shots / "rules-360.png"), full_page=False)
    # no codes or JSON for players; the developers' reading has them, one link away
    text = page.inner_text("main")
    assert "ace_high" not in text and '"rule"' not in text and "R11 Run" not in text
    assert_accessible(page, "the players' rulebook")
    page.click("a[href='/rules?for=developers']")
    page.wait_for_selector("h3#R11")
    assert page.title() == "Rulebook for developers · Rummy Referee"
    assert page.locator("#R11").inner_text() == "R11 Run"
    assert "ace_high" in page.inner_text("main")
    assert_accessible(page, "the developers' rulebook")
