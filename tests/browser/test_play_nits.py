"""/play's items of issue 33 point 9, each reproduced in Chromium and shown fixed: the sort stays
on for a new game, the "to play" badge stays on the opponent whose move is shown, an error keeps
the hand and its buttons on the screen, a saved game offline shows one notice, not two, and the
confirmation between hands does not speak of a hand in play; and a restock's line in the log.
At 360×740 and 1280×800, light and dark, with axe-core on each new state."""

from __future__ import annotations

import os
import re
from pathlib import Path

import pytest
from playwright.sync_api import expect

from .play_driver import Play, each_look

SHOTS = Path(os.environ.get("RUMMY_PLAY_SHOTS", "/tmp/shots-play"))
IN_VIEW = """(sel) => [...document.querySelectorAll(sel)].filter((el) => !el.closest('[hidden]')).map((el) => {
  const r = el.getBoundingClientRect();
  return {id: el.id || el.dataset.card, inside: r.top >= 0 && r.left >= 0 && r.bottom <= innerHeight && r.right <= innerWidth};
})"""


@pytest.fixture
def play(page, server_url):
    return Play(page, server_url)


def test_the_sort_stays_on_for_a_new_game(play, page):
    """A rematch deals through the same start as New game, so it keeps the sort the same way."""
    play.start()
    page.click("#sort")
    expect(page.locator("#sort-now")).to_have_text("Sorted by suit")
    page.click("#quit")
    page.click("#confirm-leave")
    page.click("#start")
    play.wait_idle()
    expect(page.locator("#sort-now")).to_have_text("Sorted by suit")
    suits = [c[-1] for c in play.hand()]
    assert suits == sorted(suits, key="CDHS".index)


def test_the_to_play_badge_stays_on_the_opponent_whose_discard_is_shown(play, page):
    """Bob or Cy may go out before Ana's next turn (Bob by melding all his cards, without a
    discard to show): the end screen then comes instead of the table, and the test deals again."""
    for _ in play.deals():
        play.start(pace=1500)  # each opponent's move stays 1.5 s on the board
        page.click("#stock")
        play.wait_idle()
        play.raise_only([play.hand()[-1]])
        page.click("#discard-card")
        # read at the moment Bob's discard is the line shown: the heading and the badge together
        seen = page.wait_for_function(
            """() => {
                 if (!document.getElementById('end').hidden) return {ended: true};
                 const line = document.getElementById('replay-line').textContent;
                 if (!/^Bob discarded /.test(line)) return false;
                 return {line, turn: document.getElementById('turn').textContent,
                         badges: [...document.querySelectorAll('#players .badge:not(.dealer)')].map((b) => b.closest('.player').id)};
               }""",
            timeout=20_000,
            polling=50,
        ).json_value()
        if seen.get("ended"):  # Bob went out without a discard
            continue
        assert seen["turn"] == "Bob is playing" and seen["badges"] == ["player-Bob"], seen
        page.click("#skip")
        play.wait_idle()
        if not play.ended():
            break
    expect(page.locator("#players .badge:not(.dealer)")).to_have_count(1)
    expect(page.locator("#player-Ana .badge:not(.dealer)")).to_have_text("to play")


def test_an_error_during_a_turn_keeps_the_hand_and_its_buttons_on_the_screen(play, page):
    page.allow_network_errors = True
    play.start()
    page.route("**/v1/tables/move", lambda route: route.abort())  # no answer, even after the client's retries
    page.click("#stock")
    play.wait_idle()
    expect(page.locator("#refusal")).to_contain_text("Could not reach the Rummy Referee")
    expect(page.locator("#error")).to_be_hidden()  # one message, where the player is looking

    def in_view(viewport, scheme):
        assert page.evaluate("window.scrollY") == 0
        seen = page.evaluate(IN_VIEW, "#refusal, #hand .hand-card, #meld, #lay-off, #discard-card, #hint, #stock, #discard")
        assert len(seen) == 7 + 7 and all(s["inside"] for s in seen), (viewport, scheme, seen)

    each_look(page, "an error during a turn", in_view)
    page.unroute("**/v1/tables/move")
    page.click("#stock")  # the same draw again: the game goes on
    play.wait_idle()
    expect(page.locator("#refusal")).to_be_hidden()
    assert len(play.hand()) == 8


def test_between_hands_and_offline_a_finished_hand_is_kept_with_one_notice(play, page, context):
    page.allow_network_errors = True
    play.start(opponents=1, levels=("easy",))
    view, _ = play.finish_by_api()
    # between hands the confirmation speaks of the scores only: there is no hand in play to lose
    if not view["scores"]["game_over"]:
        page.click("#new-game")
        expect(page.locator("#confirm-text")).to_have_text(re.compile(r"^This game is not over: its scores \(.+\) will be lost\.$"))
        page.click("#confirm-keep")
    page.goto("/play")  # the worker keeps /play itself (with a query it is online only)
    page.wait_for_function("() => navigator.serviceWorker.controller !== null")
    context.set_offline(True)
    page.reload()
    page.wait_for_selector("#offline-play:not([hidden])")
    expect(page.locator("#retry")).to_be_visible()
    expect(page.locator("#error")).to_be_hidden()  # the offline note says it all: one notice, not two
    assert play.saved()["table"]
    each_look(page, "/play offline with a finished hand kept")
    context.set_offline(False)  # back online: the kept game goes on by itself
    page.wait_for_selector("body:not(.busy) #end:not([hidden])")
    expect(page.locator("#offline-play")).to_be_hidden()
    expect(page.locator("#retry")).to_be_hidden()


def test_a_restock_is_a_line_in_the_log(play, page):
    """Six players: a stock of 9 cards runs out in the second or third round; the page draws
    from the stock and throws back the card drawn until the discard pile is turned over. The
    deal is random (the page's own entropy): when a bot goes out first, the next hand is dealt
    and the page plays on (to 10,000 points: at six players one hand can score past 100)."""
    SHOTS.mkdir(parents=True, exist_ok=True)
    play.start(opponents=5, levels=("easy",) * 5, target=10_000)
    line = "The discard pile was turned over to make a new stock."
    for _ in range(120):
        if line in page.inner_text("#log"):
            break
        if play.ended():
            page.click("#next-hand")
            play.wait_idle()
            continue
        before = play.hand()
        page.click("#stock")
        play.wait_idle()
        if play.ended() or line in page.inner_text("#log"):
            continue
        drawn = [c for c in play.hand() if c not in before]
        play.raise_only(drawn[:1] or [play.hand()[-1]])
        page.click("#discard-card")
        play.wait_idle()
    assert line in page.inner_text("#log"), page.inner_text("#log")
    page.locator("#log").scroll_into_view_if_needed()
    page.screenshot(path=str(SHOTS / "restock-line.png"), full_page=True)
    each_look(page, "a restock in the log")
