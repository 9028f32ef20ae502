"""Drives the play page (GET /play) as a player does: taps on the stock, the discard pile, the
cards of the hand and the action buttons. The opponents' pacing is zero (``?pace=0``), so no
test waits on a clock."""

from __future__ import annotations

import json

from playwright.sync_api import Page, expect

from .scorepad_driver import api_post

CARD_POINTS = {"A": 1, "J": 10, "Q": 10, "K": 10}


def card_text(code: str) -> str:
    """'Q♠' for 'QS', as the page and the referee's sentences write cards."""
    return code[:-1] + {"C": "♣", "D": "♦", "H": "♥", "S": "♠"}[code[-1]]


def points(code: str) -> int:
    """A card's value when counted (R14), computed here independently of the service."""
    return CARD_POINTS.get(code[:-1]) or int(code[:-1])


class Play:
    def __init__(self, page: Page, base: str):
        self.page = page
        self.base = base

    # --- starting --------------------------------------------------------------------------

    def open(self, pace: int | None = 0):
        self.page.goto(f"{self.base}/play" + ("" if pace is None else f"?pace={pace}"))

    def start(
        self,
        opponents: int = 2,
        levels: tuple[str, ...] = ("easy", "easy"),
        preset: str = "standard",
        target: int = 100,
        pace: int | None = 0,
    ):
        self.open(pace)
        p = self.page
        p.select_option("#opponents", str(opponents))
        for i, level in enumerate(levels):
            p.select_option(f"#level-{i}", level)
        p.select_option("#preset", preset)
        p.fill("#target", str(target))
        p.click("#start")
        self.wait_idle()

    def wait_idle(self):
        """Until the page is on the table or the end screen and no request or replay is under way."""
        self.page.wait_for_selector("body:not(.busy) #table:not([hidden]), body:not(.busy) #end:not([hidden])")

    # --- what the page shows -----------------------------------------------------------------

    def hand(self) -> list[str]:
        return self.page.eval_on_selector_all("#hand .hand-card", "els => els.map(e => e.dataset.card)")

    def raised(self) -> list[str]:
        return self.page.eval_on_selector_all('#hand .hand-card[aria-pressed="true"]', "els => els.map(e => e.dataset.card)")

    def saved(self) -> dict:
        """What the page keeps in localStorage: the table token, the seat, the player…"""
        return json.loads(self.page.evaluate("localStorage.getItem('rummy-referee-play-v1')"))

    def api(self, path: str, body: dict) -> dict:
        """The referee's own answer to ``body`` (to compare the page with the API)."""
        status, answer = api_post(self.base, path, body)
        assert status == 200, answer
        return answer

    def seat_view(self) -> dict:
        s = self.saved()
        return self.api("/v1/tables/view", {"table": s["table"], "seat": s["seat"]})["view"]

    def ended(self) -> bool:
        return self.page.is_visible("#end")

    # --- moves ---------------------------------------------------------------------------

    def raise_only(self, cards):
        """Tap the cards of the hand until exactly ``cards`` are raised."""
        for code in self.hand():
            up = self.page.get_attribute(f"#card-{code}", "aria-pressed") == "true"
            if up != (code in cards):
                self.page.click(f"#card-{code}")
        assert sorted(self.raised()) == sorted(cards)

    def hint(self) -> tuple[dict, str]:
        """Tap Hint: the move the referee's Hard opponent advises, and its sentence as shown."""
        self.page.click("#hint")
        self.page.wait_for_selector("#hint-box:not([hidden])")
        return json.loads(self.page.get_attribute("#hint-box", "data-move")), self.page.inner_text("#hint-text")

    def play(self, move: dict):
        """Make ``move`` by tapping, as a player would."""
        p, action = self.page, move["action"]
        if action == "draw":
            p.click("#stock" if move["source"] == "stock" else "#discard")
        elif action == "meld":
            self.raise_only(move["cards"])
            p.click("#meld")
        elif action == "lay_off":
            self.raise_only(move["cards"])
            p.click("#lay-off")
            if p.is_visible("#choose-meld"):
                p.click(f'#choose-meld-list [data-meld="{move["meld"]}"]')
        else:
            self.raise_only([move["card"]])
            p.click("#discard-card")
        self.wait_idle()

    def no_sideways_scroll(self) -> bool:
        return self.page.evaluate("document.documentElement.scrollWidth <= document.documentElement.clientWidth")


def shown(locator) -> str:
    """The text a sighted player reads in ``locator`` (a card's face, not its spoken words)."""
    return locator.evaluate(
        "el => { const c = el.cloneNode(true); c.querySelectorAll('.sr-only').forEach((x) => x.remove()); return c.textContent; }"
    )


def expect_refusal(page: Page, text: str):
    expect(page.locator("#refusal")).to_have_text(text)
