"""Drives the scorepad page the way a player does, and reads what it shows."""

import json
import re
import urllib.error
import urllib.request


def api_post(base, path, body):
    """POST JSON straight to the API; returns (status, parsed body)."""
    req = urllib.request.Request(base + path, data=json.dumps(body).encode(), method="POST", headers={"Content-Type": "application/json"})
    try:
        with urllib.request.urlopen(req, timeout=10) as resp:
            return resp.status, json.loads(resp.read().decode())
    except urllib.error.HTTPError as err:
        return err.code, json.loads(err.read().decode())


def hand_sent(winner, remaining, rummy=False):
    """A hand as ``Scorepad.enter_hand`` takes it (``remaining``: each loser's points, or a list
    of card codes), in the form POST /v1/scorepad reads it."""
    entries = {p: {"cards": v} if isinstance(v, list) else {"points": v} for p, v in remaining.items()}
    return {"winner": winner, "rummy": rummy, "remaining": entries}


def service_scorepad(base, players, hands, target=100):
    """The service's own answer to a game of ``hands`` (as ``enter_hand`` takes them) under the
    standard preset to ``target``: (status, body) of POST /v1/scorepad."""
    body = {"rules": {"preset": "standard", "target_score": target}, "players": players, "hands": [hand_sent(*h) for h in hands]}
    return api_post(base, "/v1/scorepad", body)


class Scorepad:
    """Drives the page the way a player does: taps on labels, buttons and the card picker."""

    def __init__(self, page, base):
        self.page = page
        self.base = base
        self.players = []

    # -- pages
    def open(self):
        self.page.goto("/")
        self.page.wait_for_selector("html[data-ready]")

    def reload(self):
        self.page.reload()
        self.page.wait_for_selector("html[data-ready]")

    # -- setup
    def fill_setup(self, names, preset="standard", target=None, deals=None, first_dealer=None):
        pg = self.page
        while pg.locator("#player-list input").count() < len(names):
            pg.click("#add-player")
        for i, name in enumerate(names):
            pg.fill(f"#player-{i}", name)
        pg.select_option("#preset", preset)
        if deals is not None:
            pg.click("#length-deals + span")
            pg.fill("#deals", str(deals))
        else:
            pg.click("#length-target + span")
            if target is not None:
                pg.fill("#target", str(target))
        if first_dealer is not None:
            pg.select_option("#first-dealer", label=first_dealer)

    def start(self, names, **kw):
        self.players = list(names)
        self.fill_setup(names, **kw)
        self.page.click("#start-game")
        self.page.wait_for_selector("#game:not([hidden]) #entry-title")

    # -- a hand
    def idx(self, name):
        return self.players.index(name)

    def choose_winner(self, winner):
        self.page.click(f"#winner-{self.idx(winner)} + span")

    def fill_hand(self, winner, remaining, rummy=False):
        pg = self.page
        self.choose_winner(winner)
        box = pg.locator("#rummy")
        if box.is_checked() != rummy:
            pg.click("label[for=rummy]")
        for name, left in remaining.items():
            i = self.idx(name)
            if isinstance(left, (int, str)):
                pg.click(f"#mode-{i}-points + span")
                pg.fill(f"#points-{i}", str(left))
            else:
                pg.click(f"#mode-{i}-cards + span")
                while pg.locator(f"#opp-{i} .card-chip").count():
                    pg.click(f"#chip-{i}-0")
                for code in left:
                    self.pick_card(i, code)

    def pick_card(self, i, code):
        rank, suit = code[:-1], code[-1]
        self.page.click(f"#suit-{i}-{suit} + span")
        self.page.click(f"#rank-{i}-{rank}")

    def save_hand(self, expect_hands=None):
        self.page.click("#save-hand")
        if expect_hands is not None:
            self.wait_hands(expect_hands)

    def enter_hand(self, winner, remaining, rummy=False):
        n = self.hand_count()
        self.fill_hand(winner, remaining, rummy=rummy)
        self.save_hand(expect_hands=n + 1)

    def drawn_hand(self):
        """A drawn hand: the first tap asks, the second records it."""
        n = self.hand_count()
        self.page.click("#drawn-hand")
        self.page.click("#confirm-draw")
        self.wait_hands(n + 1)

    def wait_hands(self, n):
        self.page.wait_for_function("n => document.querySelectorAll('#history > li').length === n", arg=n)

    def hand_count(self):
        return self.page.locator("#history > li").count()

    # -- reading the page
    def totals(self):
        rows = self.page.locator("#standings tbody tr")
        out = {}
        for k in range(rows.count()):
            row = rows.nth(k)
            out[row.locator("th").inner_text().strip()] = int(row.locator("td.total").inner_text())
        return out

    def standings_order(self):
        return [t.strip() for t in self.page.locator("#standings tbody th").all_inner_texts()]

    def to_target(self):
        rows = self.page.locator("#standings tbody tr")
        return {
            rows.nth(k).locator("th").inner_text().strip(): rows.nth(k).locator("td").nth(2).inner_text().strip()
            for k in range(rows.count())
        }

    def next_dealer_text(self):
        return self.page.inner_text("#next-dealer").strip()

    def stored(self):
        return self.page.evaluate("() => JSON.parse(localStorage.getItem('rummy-referee.scorepad.v1'))")

    def history_text(self, k):
        return self.page.inner_text(f"#hand-item-{k}")

    def text(self, selector):
        return re.sub(r"\s+", " ", self.page.inner_text(selector)).strip()
