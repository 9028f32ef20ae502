"""Drives the play page (GET /play) as a player does: taps on the stock, the discard pile, the
cards of the hand and the action buttons. The opponents' pacing is zero (``?pace=0``), so no
test waits on a clock."""

from __future__ import annotations

import json

from playwright.sync_api import Page, expect

from .scorepad_driver import api_post

CARD_POINTS = {"A": 1, "J": 10, "Q": 10, "K": 10}
SUITS = {"C": "♣", "D": "♦", "H": "♥", "S": "♠"}

#: How many deals a test tries (:meth:`Play.deals`) to reach a hand that goes on past the
#: opponents' first turns. Three players, two Easy opponents, the player drawing from the stock
#: and discarding: Bob or Cy went out before the player's second turn in 26 of 24,000 deals
#: through the API (about 1 in 900; 2 of the 26 by melding every card, without a discard), so
#: five deals all ending early is about 1 in 10^15.
DEALS = 5


def card_text(code: str) -> str:
    """'Q♠' for 'QS', as the page and the referee's sentences write cards."""
    return code[:-1] + SUITS[code[-1]]


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

    def play_out_by_api(self, token: str, seat: str) -> tuple[dict, str]:
        """Play ``seat`` through the API (melding or laying off when it can, never taking the
        discard pile when another move is legal) to the end of the hand: its last view and token."""
        for _ in range(2000):
            v = self.api("/v1/tables/view", {"table": token, "seat": seat})["view"]
            if v["status"] != "playing":
                break
            moves = v["legal_moves"]
            pick = next((m for m in moves if m["action"] in ("meld", "lay_off")), None) or next(
                (m for m in moves if not (m["action"] == "draw" and m["source"] == "discard")), moves[0]
            )
            move = {k: x for k, x in pick.items() if k != "player"}
            token = self.api("/v1/tables/move", {"table": token, "seat": seat, "move": move})["table"]
        else:
            raise AssertionError("the hand did not end")
        return v, token

    def finish_by_api(self) -> tuple[dict, str]:
        """The page's hand played to its end through the API (:meth:`play_out_by_api`), the last
        token kept in the page's save and the page reloaded onto its end screen: one hand for the
        cost of the service's moves, not the page's. Answers the last view and token."""
        game = self.saved()
        v, token = self.play_out_by_api(game["table"], game["seat"])
        game["table"] = token
        self.page.evaluate("g => localStorage.setItem('rummy-referee-play-v1', JSON.stringify(g))", game)
        self.page.reload()
        self.page.wait_for_selector("body:not(.busy) #end:not([hidden])")
        return v, token

    def ended(self) -> bool:
        return self.page.is_visible("#end")

    def my_cards(self) -> list[str]:
        """The player's cards as the page shows them now: the hand on the table, or, once the hand
        has ended, the player's row among the hands left on the end screen. An answer that ends
        the hand hides #table and draws only the end screen, so #hand keeps the cards from before
        the move: a check on the hand after a move an opponent may answer by going out reads
        here, not :meth:`hand`."""
        if not self.ended():
            return self.hand()
        faces = self.page.locator(f"#left-{self.saved()['me']} .pcard").all()
        return [face[:-1] + next(k for k, v in SUITS.items() if v == face[-1]) for face in map(shown, faces)]

    def deals(self, tries: int = DEALS):
        """Deals for a test whose point needs the hand to go on past the opponents' first turns:
        one of them may go out at once (see :data:`DEALS` for how often), and the page then shows
        the end screen instead of the table. Each pass of the loop starts its own game and
        breaks once the hand went on; from the second pass on, the ended game is left first (New
        game, confirmed), so ``start`` finds the setup. After ``tries`` deals: an AssertionError.

            for _ in play.deals():
                play.start()
                ...  # the moves up to the point the test needs
                if not play.ended():
                    break
        """
        for n in range(tries):
            if n:
                self.leave_game()
            yield n
        raise AssertionError(f"the hand ended before the player's next turn on {tries} deals in a row")

    def first_turn(self, **start) -> dict:
        """A new game (``start``'s options) and the player's first turn by tapping: a draw from
        the stock, then the hand's first card discarded; dealt again (:meth:`deals`) until the
        hand goes on to the player's next turn. Answers the save as dealt, before the turn."""
        for _ in self.deals():
            self.start(**start)
            dealt = self.saved()
            self.page.click("#stock")
            self.wait_idle()
            self.raise_only([self.hand()[0]])
            self.page.click("#discard-card")
            self.wait_idle()
            if not self.ended():
                break
        return dealt

    def leave_game(self):
        """From the end screen back to the setup: New game, and Leave when the page asks first
        (a game that is not over)."""
        self.wait_idle()
        self.page.click("#new-game")
        if self.page.is_visible("#confirm"):
            self.page.click("#confirm-leave")
        self.page.wait_for_selector("#setup:not([hidden])")

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

    def expect_game_won(self, scores: dict):
        """The end of a game as the player sees it: the winner's sentence (to the player, Ana, as
        "You"), a rematch offered, the winner's row marked among the totals."""
        winner = scores["winner"]
        total = scores["totals"][winner]
        said = f"You won the game with {total} points!" if winner == "Ana" else f"{winner} won the game with {total} points."
        expect(self.page.locator("#end-winner")).to_have_text(said)
        expect(self.page.locator("#rematch")).to_be_visible()
        expect(self.page.locator("#end-totals tr.is-winner th")).to_contain_text(winner)

    def no_sideways_scroll(self) -> bool:
        return self.page.evaluate("document.documentElement.scrollWidth <= document.documentElement.clientWidth")


#: Both sizes, light and dark, as the issues' checks look at every page state.
LOOKS = [
    ({"width": 360, "height": 740}, "light"),
    ({"width": 360, "height": 740}, "dark"),
    ({"width": 1280, "height": 800}, "light"),
    ({"width": 1280, "height": 800}, "dark"),
]


def each_look(page: Page, where: str, also=None) -> None:
    """The page as it is now at each of :data:`LOOKS`: axe-core finds no violation, nothing
    scrolls sideways, and ``also(viewport, scheme)`` holds; then back to a light phone."""
    from .axe import assert_accessible

    for viewport, scheme in LOOKS:
        page.set_viewport_size(viewport)
        page.emulate_media(color_scheme=scheme)
        assert_accessible(page, f"{where} at {viewport['width']} px, {scheme}")
        assert page.evaluate("document.documentElement.scrollWidth <= innerWidth"), f"{where}: sideways scroll"
        if also:
            also(viewport, scheme)
    page.set_viewport_size(LOOKS[0][0])
    page.emulate_media(color_scheme="light")


def shown(locator) -> str:
    """The text a sighted player reads in ``locator`` (a card's face, not its spoken words)."""
    return locator.evaluate(
        "el => { const c = el.cloneNode(true); c.querySelectorAll('.sr-only').forEach((x) => x.remove()); return c.textContent; }"
    )


def expect_refusal(page: Page, text: str):
    expect(page.locator("#refusal")).to_have_text(text)
